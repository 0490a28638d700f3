#include "core/trace/TraceTiers.h"

#include <algorithm>
#include <cmath>

namespace kvtiers::trace {

TraceCapacity traceCapacity(const EvalResult& r, TraceRouting routing)
{
    TraceCapacity c;
    c.kvBytesPerToken = r.kvBytesPerToken;
    const double servers = std::max(1.0, std::round(r.fleetServers));
    c.caches = routing == TraceRouting::Global ? 1 : static_cast<int>(std::min(servers, 4096.0));
    const double replicasPerCache = r.replicasPerServer * servers / c.caches;
    for (Tier t : kTiers) {
        const TierUse& u = r.tiers[t];
        // What the scenario does not already hold there: weights and active sequences.
        const double perReplica = std::max(0.0, u.capacity - u.weights - u.hotAllocated());
        c.bytesPerCache[t] = perReplica * replicasPerCache;
    }
    return c;
}

TraceCapacity followOffload(TraceCapacity c, double offloadRate)
{
    if (!(offloadRate > 0))
        c.bytesPerCache.dram = c.bytesPerCache.ssd = 0;
    return c;
}

TraceOptions withCapacity(TraceOptions o, const TraceCapacity& c)
{
    o.caches = c.caches;
    o.tierBytes = c.bytesPerCache;
    o.kvBytesPerToken = c.kvBytesPerToken;
    return o;
}

PerTier<double> ttftSavedPerRequest(const EvalResult& r, const TraceAnalysis& a)
{
    PerTier<double> saved;
    if (a.requests == 0 || !(r.promptTokens > 0))
        return saved;
    const double recompute = r.recomputeSeconds / r.promptTokens;
    const PerTier<double> restore { 0.0, r.restoreSecondsDram / r.promptTokens, r.restoreSecondsSsd / r.promptTokens };
    for (Tier t : kTiers) {
        const double perToken = std::isfinite(restore[t]) ? std::max(0.0, recompute - restore[t]) : 0.0;
        saved[t] = a.tiers.tokens[t] / static_cast<double>(a.requests) * perToken;
    }
    return saved;
}

} // namespace kvtiers::trace
