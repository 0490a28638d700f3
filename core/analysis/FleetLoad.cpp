#include "core/analysis/FleetLoad.h"

#include "core/analysis/DecodeStretch.h"
#include "core/io/Units.h"
#include "core/model/ComputeModel.h"
#include "core/model/Disaggregation.h"
#include "core/model/KvSizing.h"
#include "core/model/VllmCheck.h"
#include "core/scenario/Deployment.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace kvtiers {

namespace {

/// Past this many servers the wait is taken as zero: a queue that large waits only when
/// loaded within a hair of 1, which no sizing here asks for.
constexpr double kMaxServers = 1e9;
/// The exact M/D/c chain's work bound while sizing (each replica count tried solves one):
/// about 0.1 s; above it Allen–Cunneen's c_s = 0 form stands in (Queueing.h).
constexpr double kSizingMdcWork = 1e8;

/// Requests per second each of `replicas` replicas takes.
double perReplicaRate(double requestsPerSecond, double replicas)
{
    return replicas > 0 ? requestsPerSecond / replicas : std::numeric_limits<double>::infinity();
}

/// Slots per replica: the sequences it serves at once.
double slotsOf(const EvalResult& r)
{
    return std::max(1.0, r.servedConcurrency);
}

/// A slot's hold per branch: own prefill, then O tokens at the mean TPOT.
std::vector<queueing::ServiceBranch> holdBranches(
    const Scenario& s, const std::vector<queueing::ServiceBranch>& prefill, double tpot)
{
    std::vector<queueing::ServiceBranch> out = prefill;
    for (auto& b : out)
        b.seconds += s.workload.outputTokens * tpot;
    return out;
}

/// Whether waitFor(servers, load, m) is stable, without building it.
bool stableFor(double servers, double load, const queueing::Moments& m)
{
    if (servers > kMaxServers || load <= 0 || !(m.mean > 0))
        return load < servers || !(servers > kMaxServers);
    const int c = static_cast<int>(servers);
    return c >= 1 && load < c;
}

} // namespace

queueing::WaitDistribution sizingWait(double servers, double load, const queueing::Moments& m)
{
    if (servers > kMaxServers && load >= servers)
        return queueing::WaitDistribution(1, 1, 1, 0); // unstable
    if (servers > kMaxServers || load <= 0 || !(m.mean > 0))
        return queueing::WaitDistribution(1, 0, 1, 0); // no wait
    return queueing::WaitDistribution(static_cast<int>(servers), load, m.mean, m.cs2, kSizingMdcWork);
}

namespace {

queueing::WaitDistribution waitFor(double servers, double load, const queueing::Moments& m)
{
    return sizingWait(servers, load, m);
}

} // namespace

namespace {

/// One branch of a request's prefill: its share, its time (at least the weight stream's),
/// and the tokens its prefill computes.
struct BranchPart {
    double share;
    double seconds;
    double computed;
};

std::vector<BranchPart> branchParts(const Scenario& s, const EvalResult& r, bool remoteHits = false)
{
    const KvSizing sizing(s.model, r.kvFormat, r.tp, s.workload.blockSize, s.workload.allocation, r.dcp);
    const ComputeModel cm(s, sizing);
    const double p = r.promptTokens, rc = r.cacheablePrefixTokens;
    const double stream = r.weightStreamSeconds;
    // Weights streamed in from DRAM/SSD overlap the prefill and its restore: the slower sets
    // the time, as in the evaluation.
    auto atLeastStream = [&](double t) { return std::max(t, stream); };
    const double tail = cm.recomputeSeconds(rc, p);
    const double headCompute = cm.recomputeSeconds(0, rc);
    const double hits = r.hitShare.hbm + r.hitShare.dram + r.hitShare.ssd;
    // A restore that loses to recomputing the head computes it instead.
    // Off the prefill server a hit crosses the scale-out network; an SSD hit is read off the
    // holding server's drives first, the slower of drives and network setting the pace (the
    // replay queues it on the drives as well).
    const double network = remoteHits ? remoteHitSeconds(s, rc) : 0.0;
    auto restored = [&](Tier t) {
        const double restore = !remoteHits ? cm.restoreSeconds(t, rc)
            : t == Tier::Ssd               ? std::max(network, cm.restoreSeconds(Tier::Ssd, rc))
                                           : network;
        return BranchPart { 0, atLeastStream(tail + std::min(restore, headCompute)),
            p - rc + (restore < headCompute ? 0 : rc) };
    };
    std::vector<BranchPart> out;
    out.push_back({ std::max(0.0, 1 - hits), atLeastStream(cm.recomputeSeconds(0, p)), p });
    if (rc > 0) {
        out.push_back({ r.hitShare.hbm, atLeastStream(tail), p - rc });
        BranchPart dram = restored(Tier::Dram), ssd = restored(Tier::Ssd);
        dram.share = r.hitShare.dram;
        ssd.share = r.hitShare.ssd;
        out.push_back(dram);
        out.push_back(ssd);
    }
    double sum = 0;
    for (const auto& b : out)
        sum += b.share;
    for (auto& b : out)
        b.share = sum > 0 ? b.share / sum : 0.0;
    out.erase(std::remove_if(out.begin(), out.end(), [](const auto& b) { return !(b.share > 0); }), out.end());
    return out;
}

} // namespace

std::vector<queueing::ServiceBranch> prefillBranches(const Scenario& s, const EvalResult& r, bool remoteHits)
{
    std::vector<queueing::ServiceBranch> out;
    for (const BranchPart& b : branchParts(s, r, remoteHits))
        out.push_back({ b.share, b.seconds });
    return out;
}

PrefillSpread prefillSpread(const Scenario& s, const EvalResult& r)
{
    PrefillSpread out;
    if (!s.expertParallel())
        return out;
    const Deployment d = s.deployment();
    const ModelCard& m = s.model;
    // The active parameters a token's pass sends over the unit, and the GPUs they span.
    double params = denseFfnParams(m), span = static_cast<double>(d.tp) * d.dp;
    if (m.moe.present()) {
        params = static_cast<double>(m.moe.expertsPerToken) * routedExpertParams(m) * moeLayers(m);
        span = d.ep;
    }
    out.span = std::max(1.0, span / d.tp);
    out.stream = r.weightStreamSeconds;
    const double rankFlops = r.tp * gpuFlops(s) * s.hardware.prefillMfu;
    for (const BranchPart& b : branchParts(s, r))
        out.seconds.push_back(2 * params * b.computed / rankFlops);
    return out;
}

std::vector<queueing::ServiceBranch> PrefillSpread::ownTimes(
    const std::vector<queueing::ServiceBranch>& branches, double rho) const
{
    if (seconds.size() != branches.size() || span <= 1)
        return branches;
    const double idleShare = (span - 1) * (1 - std::clamp(rho, 0.0, 1.0)) / span;
    std::vector<queueing::ServiceBranch> out = branches;
    for (std::size_t i = 0; i < out.size(); ++i)
        out[i].seconds = std::max(stream, out[i].seconds - seconds[i] * idleShare);
    return out;
}

double prefillDecodeStretchSeconds(const Scenario& s, const EvalResult& r, double tpotSeconds)
{
    if (!(s.workload.outputTokens >= 2))
        return 0; // no decode steps after the first token: nothing to stretch
    const double chunks = prefillChunks(s, r);
    const double prefill = queueing::moments(prefillBranches(s, r)).mean;
    return std::max(0.0, prefill - chunks * tpotSeconds);
}

double prefillChunks(const Scenario& s, const EvalResult& r)
{
    const double budget = defaultMaxNumBatchedTokens(&s.hardware);
    return budget > 0 ? std::max(1.0, std::ceil(r.promptTokens / budget)) : 1.0;
}

double tbtTailIntervals(double intervals)
{
    return std::max(1.0, std::ceil(intervals / 10));
}

double stretchedTpotSeconds(double tpotSeconds, double stretchSeconds, double replicaRequestsPerSecond)
{
    const double busy = replicaRequestsPerSecond * stretchSeconds;
    return busy < 1 ? tpotSeconds / (1 - busy) : std::numeric_limits<double>::infinity();
}

namespace {

/// The least k with P(Poisson(mean) ≤ k) ≥ q (0 < q < 1).
double poissonQuantile(double mean, double q)
{
    if (!(mean > 0))
        return 0;
    // Start where the mass below is under 1e−30 (10 standard deviations down), then walk
    // the pmf's recursion up.
    const double start = std::max(0.0, std::floor(mean - 10 * std::sqrt(mean) - 10));
    double pmf = std::exp(start * std::log(mean) - mean - std::lgamma(start + 1));
    double cdf = pmf, k = start;
    while (cdf < q && k < start + 40 * std::sqrt(mean) + 100) {
        k += 1;
        pmf *= mean / k;
        cdf += pmf;
    }
    return k;
}

} // namespace

double stretchedTpotQuantileSeconds(
    double tpotSeconds, double stretchSeconds, double replicaRequestsPerSecond, double intervals, double percentile)
{
    const double mean = stretchedTpotSeconds(tpotSeconds, stretchSeconds, replicaRequestsPerSecond);
    if (!std::isfinite(mean) || !(stretchSeconds > 0) || !(intervals >= 1))
        return mean;
    const double prefills = replicaRequestsPerSecond * intervals * mean;
    return tpotSeconds + stretchSeconds * poissonQuantile(prefills, percentile / 100) / intervals;
}

double stretchedTbtQuantileSeconds(double tpotSeconds, double stretchSeconds, double chunks,
    double replicaRequestsPerSecond, double intervals, double percentile)
{
    const double mean = stretchedTpotSeconds(tpotSeconds, stretchSeconds, replicaRequestsPerSecond);
    if (!std::isfinite(mean))
        return mean;
    if (!(stretchSeconds > 0) || !(intervals >= 1))
        return tpotSeconds;
    const double prefills = replicaRequestsPerSecond * intervals * mean;
    const double k = percentile == kMeanPercentile ? prefills : poissonQuantile(prefills, percentile / 100);
    const double tail = tbtTailIntervals(intervals);
    return tpotSeconds + stretchSeconds / chunks * std::min(k * chunks, tail) / tail;
}

const char* loadBindingName(LoadBinding binding)
{
    return binding == LoadBinding::Slots ? "slots" : "prefill";
}

double meanTpotSeconds(const Scenario& s, const EvalResult& r)
{
    const double o = s.workload.outputTokens;
    if (!(o > 0))
        return r.decodeStepSeconds;
    // The same prompt and batch, each sequence at the mean of its decode's contexts.
    Scenario mean = s;
    mean.workload.outputTokens = (o + 1) / 2;
    mean.workload.context = s.workload.context - o + mean.workload.outputTokens;
    mean.workload.concurrency = std::max(1.0, r.servedConcurrency);
    EvalOptions fast;
    fast.breakEven = false;
    return evaluate(mean, fast).decodeStepSeconds;
}

ReplicaQueue::ReplicaQueue(
    const Scenario& s, const EvalResult& r, double requestsPerSecond, double replicas, double tpotSeconds)
    : m_prefill(prefillBranches(s, r))
    , m_rate(requestsPerSecond)
    , m_replicas(replicas)
    , m_slots(slotsOf(r))
    , m_step(tpotSeconds > 0 ? tpotSeconds : meanTpotSeconds(s, r))
    , m_stretch(prefillDecodeStretchSeconds(s, r, m_step))
    , m_intervals(std::max(0.0, s.workload.outputTokens - 1))
    , m_tpot(stretchedTpotSeconds(m_step, m_stretch, perReplicaRate(requestsPerSecond, replicas)))
    , m_prefillService(queueing::moments(m_prefill))
    , m_slotService(queueing::moments(holdBranches(s, m_prefill, m_tpot)))
    , m_prefillWait(waitFor(replicas, requestsPerSecond * m_prefillService.mean, m_prefillService))
    , m_slotWait(waitFor(replicas * m_slots, requestsPerSecond * m_slotService.mean, m_slotService))
{
    const double rho = replicas > 0 ? requestsPerSecond * m_prefillService.mean / replicas : 0.0;
    m_own = prefillSpread(s, r).ownTimes(m_prefill, rho);
}

ReplicaQueue::Stability ReplicaQueue::stabilityAt(
    const Scenario& s, const EvalResult& r, double requestsPerSecond, double replicas, double tpotSeconds)
{
    // The same figures, in the same order, as the constructor's.
    const auto prefill = prefillBranches(s, r);
    const double step = tpotSeconds > 0 ? tpotSeconds : meanTpotSeconds(s, r);
    const double tpot = stretchedTpotSeconds(
        step, prefillDecodeStretchSeconds(s, r, step), perReplicaRate(requestsPerSecond, replicas));
    const queueing::Moments prefillService = queueing::moments(prefill);
    const queueing::Moments slotService = queueing::moments(holdBranches(s, prefill, tpot));
    return { stableFor(replicas, requestsPerSecond * prefillService.mean, prefillService),
        stableFor(replicas * slotsOf(r), requestsPerSecond * slotService.mean, slotService) };
}

const queueing::WaitDistribution& ReplicaQueue::wait(LoadBinding queue) const
{
    return queue == LoadBinding::Slots ? m_slotWait : m_prefillWait;
}

double ReplicaQueue::waitAt(double percentile) const
{
    // The larger wait of the two at the percentile: the queue a request waits longest in.
    double w = 0;
    for (LoadBinding q : { LoadBinding::Prefill, LoadBinding::Slots })
        w = std::max(w, percentile == kMeanPercentile ? wait(q).mean() : wait(q).quantile(percentile / 100));
    return w;
}

double responseAt(
    const queueing::WaitDistribution& w, const std::vector<queueing::ServiceBranch>& own, double percentile)
{
    if (w.unstable())
        return std::numeric_limits<double>::infinity();
    if (percentile == kMeanPercentile) {
        double mean = 0;
        for (const auto& b : own)
            mean += b.share * b.seconds;
        return w.mean() + mean;
    }
    return queueing::responseQuantile(w, own, percentile / 100);
}

double ReplicaQueue::ttftAt(LoadBinding queue, double percentile) const
{
    return responseAt(wait(queue), m_own, percentile);
}

double ReplicaQueue::ttftAt(double percentile) const
{
    return std::max(ttftAt(LoadBinding::Prefill, percentile), ttftAt(LoadBinding::Slots, percentile));
}

LoadFigures LoadFigures::of(const QueueFigures& prefill, const QueueFigures& slots, LoadBinding binding)
{
    LoadFigures f;
    f.binding = binding;
    f.prefillQueue = prefill;
    f.slotQueue = slots;
    const QueueFigures& b = binding == LoadBinding::Slots ? slots : prefill;
    f.stable = prefill.stable && slots.stable;
    f.servers = b.servers;
    f.utilization = b.utilization;
    f.serviceSeconds = b.serviceSeconds;
    f.serviceCs2 = b.serviceCs2;
    f.waitProbability = b.waitProbability;
    f.exactDeterministicEnd = b.exactDeterministicEnd;
    f.queueWait = b.queueWait;
    return f;
}

QueueFigures queueFigures(
    const queueing::WaitDistribution& w, const queueing::Moments& m, double servers, double requestsPerSecond)
{
    QueueFigures f;
    f.stable = !w.unstable();
    f.servers = servers;
    f.utilization = f.servers > 0 ? requestsPerSecond * m.mean / f.servers : 0.0;
    f.serviceSeconds = m.mean;
    f.serviceCs2 = m.cs2;
    f.waitProbability = w.waitProbability();
    f.exactDeterministicEnd = w.exactDeterministicEnd() || m.cs2 >= 1 || !(requestsPerSecond > 0);
    auto at = [&](double p) { return p == kMeanPercentile ? w.mean() : w.quantile(p / 100); };
    f.queueWait = { at(kMeanPercentile), at(50), at(90), at(99) };
    return f;
}

QueueFigures ReplicaQueue::queueFigures(LoadBinding queue) const
{
    const bool slots = queue == LoadBinding::Slots;
    return kvtiers::queueFigures(
        wait(queue), slots ? m_slotService : m_prefillService, slots ? m_replicas * m_slots : m_replicas, m_rate);
}

LoadFigures ReplicaQueue::figures(LoadBinding binding) const
{
    LoadFigures f = LoadFigures::of(queueFigures(LoadBinding::Prefill), queueFigures(LoadBinding::Slots), binding);
    f.stable = stable();
    auto spread = [&](auto at) { return LatencySpread { at(kMeanPercentile), at(50), at(90), at(99) }; };
    f.ttft = spread([&](double p) { return ttftAt(p); });
    auto tpot = [&](double p) {
        return p == kMeanPercentile
            ? m_tpot
            : stretchedTpotQuantileSeconds(m_step, m_stretch, perReplicaRate(m_rate, m_replicas), m_intervals, p);
    };
    f.tpot = spread(tpot);
    return f;
}

LoadFigures ReplicaQueue::figures() const
{
    return figures(
        ttftAt(LoadBinding::Slots, 99) > ttftAt(LoadBinding::Prefill, 99) ? LoadBinding::Slots : LoadBinding::Prefill);
}

TtftEstimate::TtftEstimate(const Scenario& s, const EvalResult& r, double requestsPerSecond, double tpotSeconds)
    : m_prefill(prefillBranches(s, r))
    , m_spread(prefillSpread(s, r))
    , m_prefillService(queueing::moments(m_prefill))
    , m_slotService(queueing::moments(holdBranches(s, m_prefill, tpotSeconds)))
    , m_rate(requestsPerSecond)
    , m_slots(slotsOf(r))
{
}

double TtftEstimate::utilization(double replicas) const
{
    auto u = [&](double servers, const queueing::Moments& m) { return servers > 0 ? m_rate * m.mean / servers : 0.0; };
    return std::max(u(replicas, m_prefillService), u(replicas * m_slots, m_slotService));
}

double TtftEstimate::at(double replicas, double percentile) const
{
    const double rho = replicas > 0 ? m_rate * m_prefillService.mean / replicas : 0.0;
    const std::vector<queueing::ServiceBranch> own = m_spread.ownTimes(m_prefill, rho);
    return std::max(atQueue(replicas, m_rate * m_prefillService.mean, m_prefillService, own, percentile),
        atQueue(replicas * m_slots, m_rate * m_slotService.mean, m_slotService, own, percentile));
}

double TtftEstimate::atQueue(double c, double load, const queueing::Moments& service,
    const std::vector<queueing::ServiceBranch>& branches, double percentile) const
{
    if (!(load < c))
        return std::numeric_limits<double>::infinity();
    double own = 0, longest = 0;
    for (const auto& b : branches) {
        own += b.share * b.seconds;
        longest = std::max(longest, b.seconds);
    }
    const bool waits = c <= kMaxServers && load > 0 && service.mean > 0;
    const double erlang = waits ? queueing::erlangC(static_cast<int>(c), load) : 0.0;
    const double meanWait = waits ? (1 + service.cs2) / 2 * service.mean / (c - load) : 0.0; // given a wait
    if (percentile == kMeanPercentile)
        return erlang * meanWait + own;
    // P(TTFT ≤ t) = Σ share · (1 − C·exp(−(t − own)/mean wait)), by bisection.
    auto cdf = [&](double t) {
        double f = 0;
        for (const auto& b : branches)
            if (t >= b.seconds)
                f += b.share * (1 - (meanWait > 0 ? erlang * std::exp(-(t - b.seconds) / meanWait) : 0.0));
        return f;
    };
    const double p = percentile / 100;
    double lo = 0, hi = longest + (erlang > 1 - p ? meanWait * std::log(erlang / (1 - p)) : 0.0) + 1e-12;
    while (cdf(hi) < p && hi < 1e300)
        hi *= 2;
    for (int i = 0; i < 100 && hi - lo > 1e-12 * hi; ++i) {
        const double mid = (lo + hi) / 2;
        (cdf(mid) >= p ? hi : lo) = mid;
    }
    return hi;
}

double idleTtftAt(const Scenario& s, const EvalResult& r, double percentile)
{
    // No other rank prefilling: the spread work runs over all the GPUs it spans.
    const auto branches = prefillSpread(s, r).ownTimes(prefillBranches(s, r), 0);
    if (percentile == kMeanPercentile) {
        double own = 0;
        for (const auto& b : branches)
            own += b.share * b.seconds;
        return own;
    }
    // The smallest own time whose cumulative share reaches p.
    auto sorted = branches;
    std::sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.seconds < b.seconds; });
    double cum = 0;
    for (const auto& b : sorted) {
        cum += b.share;
        if (cum >= percentile / 100 - 1e-12)
            return b.seconds;
    }
    return sorted.empty() ? 0.0 : sorted.back().seconds;
}

} // namespace kvtiers
