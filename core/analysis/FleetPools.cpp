#include "core/analysis/FleetPools.h"

#include "core/analysis/DecodeStretch.h"
#include "core/analysis/Sensitivity.h"
#include "core/io/InputError.h"
#include "core/io/Message.h"
#include "core/io/Units.h"
#include "core/model/KvSizing.h"

#include <QtGlobal>

#include <algorithm>
#include <cmath>
#include <limits>

namespace kvtiers {

namespace {

constexpr MessageContext poolsMessage { "Messages" };

} // namespace

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
/// The decode-pool counts above the least stable one the search looks through for one that
/// meets the targets; past it a target is out of reach.
constexpr int kMostDecodeSteps = 4096;

/// The queues of one workload's two pools, and what a request's latency adds up from.
class Pools {
public:
    Pools(const Scenario& s, const EvalResult& d, const LatencyTargets& t, double rate, const DisaggregatedLayout& l)
        : m_t(t)
        , m_rate(rate)
        , m_layout(l)
        , m_slots(std::max(1.0, d.servedConcurrency))
        , m_step(meanTpotSeconds(s, d))
        , m_handoff(kvHandoff(s, d.promptTokens))
        , m_intervals(std::max(0.0, s.workload.outputTokens - 1))
    {
        m_prefill = prefillBranches(s, d, l.cacheAt != PrefixCacheAt::Prefill);
        const bool atDecode = l.firstToken == FirstTokenAt::Decode;
        // The decode steps a slot holds for: the first token's too when the decode pool emits it.
        const double steps = std::max(0.0, s.workload.outputTokens - (atDecode ? 0 : 1));
        std::vector<queueing::ServiceBranch> hold = m_prefill;
        m_own = m_prefill;
        for (std::size_t i = 0; i < m_prefill.size(); ++i) {
            const double after = m_handoff.afterPrefillSeconds(m_prefill[i].seconds, l.transferOverlap);
            m_afterMean += m_prefill[i].share * after;
            m_afterMax = std::max(m_afterMax, after);
            hold[i].seconds = after + steps * m_step;
            // The first token: after the hand-off and a decode step, or with the prefill's end.
            if (atDecode)
                m_own[i].seconds += after + m_step;
        }
        m_prefillService = queueing::moments(m_prefill);
        m_slotService = queueing::moments(hold);
        m_idle = responseAt(queueing::WaitDistribution(1, 0, 1, 0), m_own, t.ttftAt());
    }

    double idleTtft() const { return m_idle; }
    double leastPrefill() const { return std::floor(m_rate * m_prefillService.mean) + 1; }
    double leastDecode() const { return std::floor(m_rate * m_slotService.mean / m_slots) + 1; }

    queueing::WaitDistribution prefillWait(double rp) const
    {
        return sizingWait(rp, m_rate * m_prefillService.mean, m_prefillService);
    }
    queueing::WaitDistribution slotWait(double rd) const
    {
        return sizingWait(rd * m_slots, m_rate * m_slotService.mean, m_slotService);
    }
    static double waitAt(const queueing::WaitDistribution& w, double percentile)
    {
        if (w.unstable())
            return kInf;
        return percentile == kMeanPercentile ? w.mean() : w.quantile(percentile / 100);
    }
    /// TTFT through the prefill pool alone (its wait, own prefill, hand-off, first step).
    double prefillTtft(double rp, double percentile) const { return responseAt(prefillWait(rp), m_own, percentile); }

    /// A request's TPOT and TBT at their percentiles with `rd` decode replicas: every gap a
    /// decode step, the first one also the hand-off and the slot wait when the prefill
    /// emitted the first token.
    double tpotAt(double rd, double percentile) const { return gapsAt(rd, percentile, m_intervals); }
    double tbtAt(double rd, double percentile) const { return gapsAt(rd, percentile, tbtTailIntervals(m_intervals)); }
    bool decodeMeets(double rd) const
    {
        if (!(tpotAt(rd, m_t.tpotAt()) <= m_t.tpot()))
            return false;
        return !m_t.hasTbt() || tbtAt(rd, m_t.tbtAt()) <= *m_t.tbtSeconds;
    }

    /// The fewest prefill replicas in [lo, hi] whose TTFT at its percentile is within
    /// `budget`: hi meets it (or is +inf: doubling from lo finds one).
    double fewestPrefill(double budget, double lo, double hi) const
    {
        auto meets = [&](double rp) { return prefillTtft(rp, m_t.ttftAt()) <= budget; };
        if (meets(lo))
            return lo;
        if (!std::isfinite(hi)) {
            double step = 1;
            for (hi = lo + 1; !meets(hi); hi += step, step *= 2)
                if (step > 0x1p40)
                    return kInf;
        }
        while (hi - lo > 1) {
            const double mid = std::floor((lo + hi) / 2);
            (meets(mid) ? hi : lo) = mid;
        }
        return hi;
    }

    const LatencyTargets& targets() const { return m_t; }
    const std::vector<queueing::ServiceBranch>& ownBranches() const { return m_own; }
    double rate() const { return m_rate; }
    double step() const { return m_step; }
    double slots() const { return m_slots; }
    double afterMean() const { return m_afterMean; }
    const KvHandoff& handoff() const { return m_handoff; }
    const queueing::Moments& prefillService() const { return m_prefillService; }
    const queueing::Moments& slotService() const { return m_slotService; }

private:
    double gapsAt(double rd, double percentile, double over) const
    {
        if (m_layout.firstToken == FirstTokenAt::Decode || !(m_intervals >= 1))
            return m_step;
        return m_step + (m_afterMax + waitAt(slotWait(rd), percentile)) / over;
    }

    LatencyTargets m_t;
    double m_rate;
    DisaggregatedLayout m_layout;
    double m_slots, m_step;
    KvHandoff m_handoff;
    double m_intervals;
    double m_afterMean = 0, m_afterMax = 0, m_idle = 0;
    std::vector<queueing::ServiceBranch> m_prefill, m_own;
    queueing::Moments m_prefillService, m_slotService;
};

InputError ttftUnreachable(const std::string& label, double idle, double target)
{
    return InputError({ .code = InputErrorCode::FleetTtftAboveTarget,
        .where = "fleet",
        .value = label,
        .min = formatSeconds(idle),
        .max = formatSeconds(target) });
}

/// Whether `rd` decode replicas leave a TTFT budget any prefill pool can meet (at least
/// the idle TTFT) and meet the TPOT and TBT targets: both only grow easier with more.
bool decodeFeasible(const Pools& pools, double rd)
{
    const LatencyTargets& t = pools.targets();
    return pools.decodeMeets(rd) && t.ttft() - Pools::waitAt(pools.slotWait(rd), t.ttftAt()) >= pools.idleTtft();
}

/// The fewest decode replicas in [lo, hi) that decodeFeasible allows, or hi: a doubling
/// search from lo, then bisection, since feasibility only grows with the count.
double firstFeasibleDecode(const Pools& pools, double lo, double hi)
{
    if (decodeFeasible(pools, lo))
        return lo;
    double fails = lo, meets = hi;
    for (double step = 1; fails + step < hi; step *= 2) {
        if (decodeFeasible(pools, fails + step)) {
            meets = fails + step;
            break;
        }
        fails += step;
    }
    while (meets - fails > 1) {
        const double mid = std::floor((fails + meets) / 2);
        (decodeFeasible(pools, mid) ? meets : fails) = mid;
    }
    return meets;
}

/// The fewest replicas in all, prefill and decode, that meet every target.
std::pair<double, double> fewestReplicas(const Pools& pools, const std::string& label)
{
    const LatencyTargets& t = pools.targets();
    const double target = t.ttft();
    const double leastP = pools.leastPrefill();
    // With no slot wait: the fewest prefill replicas any decode pool allows.
    const double freeP = pools.fewestPrefill(target, leastP, kInf);
    if (!std::isfinite(freeP))
        throw ttftUnreachable(label, pools.idleTtft(), target);
    double bestP = kInf, bestD = kInf, lastP = kInf;
    const double leastD = pools.leastDecode(), mostD = leastD + kMostDecodeSteps;
    // No prefill pool is smaller than freeP, so rd decode replicas need freeP + rd in all at
    // least: once that reaches the best pair found, no larger decode pool beats it. At the
    // mean the slot wait shrinks with every count but need not reach 0, so this bound, not
    // the wait, ends the search.
    for (double rd = firstFeasibleDecode(pools, leastD, mostD); rd < mostD && freeP + rd < bestP + bestD; ++rd) {
        if (!pools.decodeMeets(rd))
            continue;
        const double budget = target - Pools::waitAt(pools.slotWait(rd), t.ttftAt());
        if (!(budget >= pools.idleTtft()))
            continue;
        // More decode replicas shorten the slot wait: the prefill pool found for fewer bounds this one.
        const double rp = pools.fewestPrefill(budget, freeP, lastP);
        if (!std::isfinite(rp))
            continue;
        lastP = rp;
        if (rp + rd < bestP + bestD)
            std::tie(bestP, bestD) = std::pair { rp, rd };
    }
    if (!std::isfinite(bestP)) {
        if (!pools.decodeMeets(mostD))
            throw InputError(poolsMessage(QT_TRANSLATE_NOOP("Messages",
                                              "fleet: %1: with the first token at prefill, the hand-off of %2 in a "
                                              "request's first gap keeps its TPOT or TBT above the target"),
                { label, formatSeconds(pools.handoff().seconds) }));
        throw ttftUnreachable(label, pools.idleTtft(), target);
    }
    return { bestP, bestD };
}

LatencySpread spreadOf(auto at)
{
    return { at(kMeanPercentile), at(50), at(90), at(99) };
}

} // namespace

HandoffFigures handoffFigures(const Scenario& s, const EvalResult& r, const DisaggregatedLayout& layout, double rate)
{
    const Pools pools(s, r, kDefaultTargets, rate, layout);
    HandoffFigures out;
    out.handoff = pools.handoff();
    out.prefillSeconds = pools.prefillService().mean;
    out.afterPrefillSeconds = pools.afterMean();
    out.decodeStepSeconds = pools.step();
    out.idleTtftSeconds = responseAt(queueing::WaitDistribution(1, 0, 1, 0), pools.ownBranches(), kMeanPercentile);
    out.nicUtilization = rate * out.handoff.seconds;
    out.networkBytesPerSecond = rate * out.handoff.bytes;
    return out;
}

PoolSizing sizePools(const Scenario& s, const EvalResult& d, const LatencyTargets& t, double rate,
    const DisaggregatedLayout& layout, const std::string& label)
{
    if (s.expertParallel())
        throw InputError(poolsMessage(QT_TRANSLATE_NOOP("Messages",
                                          "fleet: %1: disaggregated pools are sized for tensor-parallel replicas; this "
                                          "workload runs expert parallelism with DP attention"),
            { label }));
    const Pools pools(s, d, t, rate, layout);
    PoolSizing out;
    out.layout = layout;
    out.decodeConcurrency = pools.slots();
    out.decodeStepSeconds = pools.step();
    out.handoff = pools.handoff();
    out.handoffSeconds = pools.afterMean();
    if (rate > 0)
        std::tie(out.prefillReplicas, out.decodeReplicas) = fewestReplicas(pools, label);
    const double rp = out.prefillReplicas, rd = out.decodeReplicas;
    out.prefillGpus = rp * d.tp;
    out.decodeGpus = rd * d.tp;
    const double perPrefill = rp > 0 ? rate / rp : 0.0;
    out.nicUtilization = perPrefill * out.handoff.seconds;
    out.networkBytesPerSecond = rate * out.handoff.bytes;
    out.prefillInFlight = perPrefill * (pools.prefillService().mean + out.handoffSeconds);
    if (rate > 0) {
        const auto pw = pools.prefillWait(rp);
        const auto sw = pools.slotWait(rd);
        out.prefillQueue = queueFigures(pw, pools.prefillService(), rp, rate);
        out.decodeSlots = queueFigures(sw, pools.slotService(), rd * pools.slots(), rate);
        out.ttft = spreadOf([&](double p) { return pools.prefillTtft(rp, p) + Pools::waitAt(sw, p); });
        out.tpot = spreadOf([&](double p) { return pools.tpotAt(rd, p); });
        out.tbt = spreadOf([&](double p) { return pools.tbtAt(rd, p); });
    }
    // Bytes: the decode replicas' as the colocated replica's, at the sequences a replica
    // holds: N_d, or fewer when its slots are seldom full (Little's law: λ ÷ R_d × the hold,
    // as the colocated fleet sizes a prefill-bound replica); the prefill replicas' HBM their
    // weights and the prompts they hold; the prefix cache where it lives.
    out.decodeInFlight = rd > 0 ? rate / rd * pools.slotService().mean : 0.0;
    EvalResult held = d;
    if (const double n = std::max(1.0, std::ceil(out.decodeInFlight)); n < out.decodeConcurrency) {
        Scenario fewer = s;
        fewer.workload.concurrency = n;
        held = evaluate(fewer);
    }
    const TierDemand decode = replicaDemand(held);
    const KvSizing kv(s.model, d.kvFormat, d.tp, s.workload.blockSize, s.workload.allocation, d.dcp);
    out.decodeBytes.hbm = rd * decode.hbm;
    out.prefillBytes.hbm
        = rp * (d.tiers.hbm.weights + out.prefillInFlight * kv.gpuSequenceBytes(d.promptTokens) * d.tp);
    // The prefix cache keeps the reused prefixes of the whole traffic, wherever it lives: a
    // replica's cache at N_d per request a second it serves there, times the workload's
    // rate (the colocated fleet's replicas each keep their own traffic's). Weights streamed
    // from DRAM/SSD stay with each decode replica.
    const TierDemand atN = replicaDemand(d);
    const double replicasOfTraffic = d.requestRate > 0 ? rate / d.requestRate : rd;
    PerTier<double>& cache = layout.cacheAt == PrefixCacheAt::Decode ? out.decodeBytes : out.prefillBytes;
    for (Tier t : { Tier::Dram, Tier::Ssd }) {
        const double weights = d.tiers[t].weights;
        cache[t] += replicasOfTraffic * std::max(0.0, atN[t] - weights);
        out.decodeBytes[t] += rd * std::min(decode[t], weights);
    }
    return out;
}

} // namespace kvtiers
