#pragma once
// TraceTiers: a scenario's hardware as the cache a trace is replayed against. Per replica,
// the prefix cache may use the HBM left after weights and the hot set, then DRAM, then SSD
// (each tier's usable capacity less what the scenario already places there: weights and
// active sequences); replicas per server × servers make the cluster. One global pool holds
// all of it; per-server caches hold one server's share each. A block is `blockTokens` tokens
// of the model's KV (docs/model.md §1: bytes per token, whole model).
//
// The TTFT a tier saves, per request on average: the tokens it serves × (recompute − restore)
// per token, the scenario's whole-prompt times taken per token (docs/model.md §5); a tier whose
// restore is slower than recomputing saves nothing (the engine would recompute).

#include "core/model/Evaluation.h"
#include "core/trace/TraceAnalysis.h"

namespace kvtiers::trace {

struct TraceCapacity {
    double kvBytesPerToken = 0;
    int caches = 1;                ///< 1 for the global pool, else servers
    PerTier<double> bytesPerCache; ///< each tier's bytes in one cache
};

/// The cache the evaluated scenario offers a trace under `routing`.
TraceCapacity traceCapacity(const EvalResult& result, TraceRouting routing);

/// The capacity as the scenario fills it: host DRAM and SSD receive only what HBM offloads,
/// so at an offload rate of 0 they hold no prefix and the trace is cut at HBM alone. At a
/// rate above 0 the lower tiers are replayed whole (an LRU stack has no partial offload):
/// the Trace tab says so.
TraceCapacity followOffload(TraceCapacity capacity, double offloadRate);

/// `options` with the capacity's tiers, caches and bytes per token.
TraceOptions withCapacity(TraceOptions options, const TraceCapacity& capacity);

/// Mean TTFT saved per request by each tier, seconds, for `analysis` replayed at these
/// capacities (its tier split).
PerTier<double> ttftSavedPerRequest(const EvalResult& result, const TraceAnalysis& analysis);

} // namespace kvtiers::trace
