#pragma once
// TraceAnalysis: one pass over a request trace gives the exact LRU prefix-cache hit ratio at
// every capacity (docs/model.md §4, "From a trace").
//
// Semantics (vLLM / SGLang prefix caching):
//  - a request's blocks are looked up against the cache as it stands when it arrives;
//  - then all its blocks are touched tail first, so the head of a prefix is the most
//    recently used (vLLM frees a request's blocks in that order);
//  - a prefix hit is the leading run of cached blocks only: block i hits at capacity C when
//    the running maximum of the stack distances of blocks 0..i is at most C. Under these
//    rules any cached block is in a leading run (a chained key implies its predecessors,
//    touched after it, so more recent), so a "block hit ratio" would equal this one.
// Histograms of those distances give the curve at every capacity, block-weighted and
// token-weighted (a request's last block may be short). An exclusive HBM → DRAM → SSD
// hierarchy with LRU demotion is the same LRU stack cut at cumulative capacities: a hit is
// served by the tier its own distance falls in.
//
// Routing: one global pool, or one cache per server behind round-robin or prefix-aware
// routing (each server its own LRU stack). Sampling: SHARDS-style spatial sampling of whole
// prefix trees (Waldspurger et al., FAST'15): a request is kept when a hash of its prefix key
// at `sampleDepth` blocks falls below the rate, and sampled distances are scaled by 1/rate.
// Time scaling ×k divides every gap by k; LRU sees only the order of references, so the
// curve and the tier split do not change, only rates and reuse gaps do.

#include "core/cards/Tier.h"
#include "core/io/Json.h"
#include "core/trace/TraceReader.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace kvtiers::trace {

enum class TraceRouting {
    Global,      ///< one pool across all servers (Mooncake's store)
    RoundRobin,  ///< request j to server j mod S, each with its own cache
    PrefixAware, ///< to the server that was sent the longest prefix, else the least loaded
};

const char* traceRoutingName(TraceRouting routing);
/// "global", "round-robin" or "prefix-aware"; throws InputError naming `what` otherwise.
TraceRouting parseTraceRouting(std::string_view text, const std::string& what);

struct TraceOptions {
    double sampleRate = 1.0;   ///< (0, 1]: share of prefix trees kept
    int sampleDepth = 1;       ///< which block's prefix key picks the tree: 1 = the first hash id
    double trafficScale = 1.0; ///< × k traffic: gaps divided by k
    TraceRouting routing = TraceRouting::Global;
    int caches = 1; ///< servers, each with a cache, for RoundRobin and PrefixAware
    /// Tier capacities in blocks for one cache (the pool, or one server).
    PerTier<double> tierBlocks;
    /// Or in bytes, with the KV bytes per token: when kvBytesPerToken > 0 the blocks are
    /// floor(bytes / (block tokens × kvBytesPerToken)) once the trace's block size is known.
    PerTier<double> tierBytes;
    double kvBytesPerToken = 0;
    bool operator==(const TraceOptions&) const = default;
};

/// Where the prompt tokens of the trace were served from, at the options' tier capacities.
struct TraceTierSplit {
    PerTier<double> tokens; ///< served from each tier
    PerTier<double> blocks;
    double missTokens = 0; ///< recomputed (includes tokens of no hashed block)
    double missBlocks = 0;
};

/// The reuse gap of every block reference that was seen before: its CDF at fixed edges.
struct ReuseGapPoint {
    double seconds = 0;
    double share = 0; ///< cumulative share of reuses with a gap of at most `seconds`
};

class TraceAnalysis {
public:
    TraceFormat format = TraceFormat::Auto;
    int blockTokens = 0;
    std::uint64_t requests = 0;
    std::uint64_t blockReferences = 0;
    std::uint64_t uniqueBlocks = 0;
    double firstSeconds = 0, lastSeconds = 0; ///< scaled by 1/k
    double promptTokens = 0;                  ///< sum of input_length
    double outputTokens = 0;                  ///< sum of output_length
    double sampleRate = 1;
    int caches = 1;
    TraceRouting routing = TraceRouting::Global;
    PerTier<double> tierBlocks; ///< per cache, as replayed
    TraceTierSplit tiers;
    std::uint64_t reuseReferences = 0; ///< references to a block seen before (any server)

    double durationSeconds() const { return lastSeconds - firstSeconds; }
    /// Requests per second in the traffic the trace stands for (sampled: scaled up).
    double requestRatePerSecond() const;

    /// Prefix hit ratio, block-weighted, with `capacityBlocks` in all (per server: / caches).
    double hitRatio(double capacityBlocks) const;
    /// The same, weighted by tokens (of all prompt tokens).
    double tokenHitRatio(double capacityBlocks) const;
    /// Any cached block, not only the leading run: always hitRatio() under the rules above
    /// (kept for source compatibility; no output reports it).
    double blockHitRatio(double capacityBlocks) const;
    double hitRatioInfinite() const;
    double tokenHitRatioInfinite() const;
    double blockHitRatioInfinite() const;
    /// The smallest capacity (blocks in all) reaching `share` of the infinite-capacity hit
    /// ratio (block-weighted); 0 when the ceiling is 0.
    double capacityForShareOfCeiling(double share) const;
    /// The capacity (blocks in all) past which the curve no longer rises.
    double capacityAtCeiling() const;
    /// Capacities (blocks in all) where the curve steps, at most `maxPoints` of them spread
    /// evenly on a log scale, with the ceiling's capacity last.
    std::vector<double> curveCapacities(int maxPoints) const;
    /// The reuse-gap CDF at edges 0 and 10^(k/10) s, up to the first edge reaching 1.
    std::vector<ReuseGapPoint> reuseGapCdf() const;

    // Histograms over per-cache distances in the sample (index d >= 1; index 0 unused),
    // while the trace is read; finish() turns them into prefixCum and prefixTokensCum in
    // place and leaves them empty.
    std::vector<std::uint64_t> prefixAt;  ///< references with running-max distance d
    std::vector<double> prefixTokensAt;   ///< tokens of those references
    std::vector<std::uint64_t> gapCounts; ///< reuses per gap edge (see reuseGapCdf), last: beyond

    /// The tier split a replay at `tierBlocks` (per cache) gives, from the histograms:
    /// another scenario's capacities without reading the trace again.
    TraceTierSplit tierSplitAt(const PerTier<double>& tierBlocks) const;
    /// Sets tierBlocks and tiers to those of a replay at `tierBlocks`.
    void recut(const PerTier<double>& tierBlocks);
    /// The same in bytes per cache at `kvBytesPerToken` (TraceOptions::tierBytes).
    void recutBytes(const PerTier<double>& tierBytes, double kvBytesPerToken);

    /// Cumulative sums, built by finish().
    std::vector<std::uint64_t> prefixCum;
    std::vector<double> prefixTokensCum;
    void finish();

private:
    std::uint64_t threshold(double capacityBlocks) const; ///< the per-cache sampled distance
};

/// Progress: (bytes read, bytes in all); return false to cancel (analyzeTrace then throws
/// TraceCancelled).
using TraceProgress = std::function<bool(std::uint64_t done, std::uint64_t total)>;

struct TraceCancelled : std::exception {
    const char* what() const noexcept override { return "cancelled"; }
};

/// Reads the whole trace and analyses it, parsing and numbering blocks on a second thread
/// (TracePipe) while this one replays. Throws InputError (bad line or options: nothing of
/// the trace is kept) or TraceCancelled.
TraceAnalysis analyzeTrace(TraceReader& reader, const TraceOptions& options, const TraceProgress& progress = {});

/// The same analysis of requests already read (`blockTokens`: their block size), with no
/// parsing: what the replay alone costs (the benchmark's figure without parsing).
TraceAnalysis analyzeRequests(const std::vector<TraceRequest>& requests, const TraceOptions& options,
    TraceFormat format, int blockTokens, const std::string& name);

/// The same with the requests handed over one at a time: `next` fills its argument and
/// returns true, or returns false at the end (the caller need not hold them all).
TraceAnalysis analyzeRequestsFrom(const std::function<bool(TraceRequest&)>& next, const TraceOptions& options,
    TraceFormat format, int blockTokens, const std::string& name);

/// The reuse-gap edges in seconds: 0, then 10^(k/10) for k = -30..70 (1 ms to 10^7 s).
const std::vector<double>& reuseGapEdges();

/// The workload a trace implies, as scenario overrides (Knobs.h keys): `reuse_rate` the
/// token-weighted reuse ceiling, `context` the mean prompt plus output and
/// `output_tokens` the mean output (whole tokens), and `reuse_gap_cdf` the measured
/// reuse-gap table for the hit-rate model (docs/model.md §4; rows at gaps above 0 s).
/// The request rate is not among them: the trace's rate is its cluster's, not a replica's.
Json traceWorkloadOverrides(const TraceAnalysis& analysis);

} // namespace kvtiers::trace
