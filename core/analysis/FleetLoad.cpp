#include "core/analysis/FleetLoad.h"

#include "core/io/Units.h"
#include "core/model/ComputeModel.h"
#include "core/model/KvSizing.h"

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

bool prefillBinds(const EvalResult& r)
{
    return r.rateLimit == RateLimit::Prefill;
}

/// Seconds a replica spends on one request's decode: its share of decode steps when
/// prefill binds (the replica time-shares), the whole decode when slots bind.
double decodeSeconds(const Scenario& s, const EvalResult& r)
{
    const double total = s.workload.outputTokens * r.decodeStepSeconds;
    if (!prefillBinds(r))
        return total;
    return r.servedConcurrency > 0 ? total / r.servedConcurrency : 0.0;
}

double serverCount(const EvalResult& r, double replicas)
{
    return prefillBinds(r) ? replicas : replicas * std::max(1.0, r.servedConcurrency);
}

std::vector<queueing::ServiceBranch> serviceBranches(const Scenario& s, const EvalResult& r)
{
    std::vector<queueing::ServiceBranch> out = prefillBranches(s, r);
    const double decode = decodeSeconds(s, r);
    for (auto& b : out)
        b.seconds += decode;
    return out;
}

queueing::WaitDistribution waitFor(double servers, double load, const queueing::Moments& m)
{
    if (servers > kMaxServers && load >= servers)
        return queueing::WaitDistribution(1, 1, 1, 0); // unstable
    if (servers > kMaxServers || load <= 0 || !(m.mean > 0))
        return queueing::WaitDistribution(1, 0, 1, 0); // no wait
    return queueing::WaitDistribution(static_cast<int>(servers), load, m.mean, m.cs2, kSizingMdcWork);
}

} // namespace

std::vector<queueing::ServiceBranch> prefillBranches(const Scenario& s, const EvalResult& r)
{
    const KvSizing sizing(s.model, r.kvFormat, r.tp, s.workload.blockSize, s.workload.allocation);
    const ComputeModel cm(s, sizing);
    const double p = r.promptTokens, rc = r.cacheablePrefixTokens;
    const double stream = r.weightStreamSeconds;
    // Weights streamed in from DRAM/SSD overlap the prefill and its restore: the slower sets
    // the time, as in the evaluation.
    auto atLeastStream = [&](double t) { return std::max(t, stream); };
    const double tail = cm.recomputeSeconds(rc, p);
    const double headCompute = cm.recomputeSeconds(0, rc);
    const double hits = r.hitShare.hbm + r.hitShare.dram + r.hitShare.ssd;
    std::vector<queueing::ServiceBranch> out;
    out.push_back({ std::max(0.0, 1 - hits), atLeastStream(cm.recomputeSeconds(0, p)) });
    if (rc > 0) {
        out.push_back({ r.hitShare.hbm, atLeastStream(tail) });
        out.push_back(
            { r.hitShare.dram, atLeastStream(tail + std::min(cm.restoreSeconds(Tier::Dram, rc), headCompute)) });
        out.push_back(
            { r.hitShare.ssd, atLeastStream(tail + std::min(cm.restoreSeconds(Tier::Ssd, rc), headCompute)) });
    }
    double sum = 0;
    for (const auto& b : out)
        sum += b.share;
    for (auto& b : out)
        b.share = sum > 0 ? b.share / sum : 0.0;
    out.erase(std::remove_if(out.begin(), out.end(), [](const auto& b) { return !(b.share > 0); }), out.end());
    return out;
}

ReplicaQueue::ReplicaQueue(const Scenario& s, const EvalResult& r, double requestsPerSecond, double replicas)
    : m_prefill(prefillBranches(s, r))
    , m_servers(serverCount(r, replicas))
    , m_tpot(r.decodeStepSeconds)
    , m_service(queueing::moments(serviceBranches(s, r)))
    , m_wait(waitFor(m_servers, requestsPerSecond * m_service.mean, m_service))
{
    m_load = requestsPerSecond * m_service.mean;
}

double ReplicaQueue::waitAt(double percentile) const
{
    if (percentile == kMeanPercentile)
        return m_wait.mean();
    return m_wait.quantile(percentile / 100);
}

double ReplicaQueue::ttftAt(double percentile) const
{
    if (m_wait.unstable())
        return std::numeric_limits<double>::infinity();
    if (percentile == kMeanPercentile) {
        double own = 0;
        for (const auto& b : m_prefill)
            own += b.share * b.seconds;
        return m_wait.mean() + own;
    }
    return queueing::responseQuantile(m_wait, m_prefill, percentile / 100);
}

LoadFigures ReplicaQueue::figures() const
{
    LoadFigures f;
    f.stable = stable();
    f.servers = m_servers;
    f.utilization = m_servers > 0 ? m_load / m_servers : 0.0;
    f.serviceSeconds = m_service.mean;
    f.serviceCs2 = m_service.cs2;
    f.waitProbability = m_wait.waitProbability();
    f.exactDeterministicEnd = m_wait.exactDeterministicEnd() || m_service.cs2 >= 1;
    auto spread = [&](auto at) { return LatencySpread { at(kMeanPercentile), at(50), at(90), at(99) }; };
    f.queueWait = spread([&](double p) { return waitAt(p); });
    f.ttft = spread([&](double p) { return ttftAt(p); });
    f.tpot = { m_tpot, m_tpot, m_tpot, m_tpot };
    return f;
}

TtftEstimate::TtftEstimate(const Scenario& s, const EvalResult& r, double requestsPerSecond)
    : m_prefill(prefillBranches(s, r))
    , m_service(queueing::moments(serviceBranches(s, r)))
    , m_prefillBinds(prefillBinds(r))
    , m_slots(std::max(1.0, r.servedConcurrency))
{
    m_load = requestsPerSecond * m_service.mean;
}

double TtftEstimate::utilization(double replicas) const
{
    const double c = m_prefillBinds ? replicas : replicas * m_slots;
    return c > 0 ? m_load / c : 0.0;
}

double TtftEstimate::at(double replicas, double percentile) const
{
    const double c = m_prefillBinds ? replicas : replicas * m_slots;
    if (!(m_load < c))
        return std::numeric_limits<double>::infinity();
    double own = 0, longest = 0;
    for (const auto& b : m_prefill) {
        own += b.share * b.seconds;
        longest = std::max(longest, b.seconds);
    }
    const bool waits = c <= kMaxServers && m_load > 0 && m_service.mean > 0;
    const double erlang = waits ? queueing::erlangC(static_cast<int>(c), m_load) : 0.0;
    const double meanWait = waits ? (1 + m_service.cs2) / 2 * m_service.mean / (c - m_load) : 0.0; // given a wait
    if (percentile == kMeanPercentile)
        return erlang * meanWait + own;
    // P(TTFT ≤ t) = Σ share · (1 − C·exp(−(t − own)/mean wait)), by bisection.
    auto cdf = [&](double t) {
        double f = 0;
        for (const auto& b : m_prefill)
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
    const auto branches = prefillBranches(s, r);
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
