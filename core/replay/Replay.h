#pragma once
// Replay: a request trace replayed under load in a discrete-event simulation (docs/trace.md,
// "Replay under load"), turning exact hit curves into TTFT, TPOT, queue waits and goodput.
//
// The model, per replica (TP GPUs), as vLLM's V1 scheduler runs one:
//  - Steps. A replica runs one forward pass ("step") at a time, as vLLM V1's scheduler
//    builds it: the running requests in admission order each take what they need from a
//    token budget (max_num_batched_tokens), one token to decode or the rest of the prompt
//    (a chunk) to prefill, until it is spent; then waiting requests are admitted while
//    budget is left.
//  - Step time: max(memory, compute) + the tensor-parallel all-reduces, where memory is the
//    weights in HBM plus the decoding sequences' KV read at the HBM bandwidth × decode
//    efficiency (docs/model.md §5), and compute is the prefill chunks' FLOPs
//    (ComputeModel::marginalRecomputeSeconds) plus the decode tokens' FLOPs.
//  - Admission ("scheduling"): a request waits until a replica has a free sequence slot
//    (max_num_seqs), room for its whole KV (prompt + output blocks) beside the active
//    requests', and token budget left in the step being built. It then looks up its leading
//    cached blocks, tier by tier (HBM, DRAM, SSD).
//  - Cache. A block enters the prefix cache when its request's prefill completes (a request
//    scheduled while another still computes that block misses it). While a request runs,
//    its blocks are held outside the cache's capacity; when it finishes they return to HBM's
//    LRU, tail first (the head of a prefix most recent, as vLLM frees them). HBM's LRU holds
//    what is left of the replica's KV after the active requests (or a fixed capacity).
//    DRAM and SSD are per server (one pool with Global routing): write-through writes every
//    block computed to both, each an independent LRU; exclusive demotes HBM's evictions to
//    DRAM and DRAM's to SSD, and a hit below HBM moves the block up.
//  - Restore. Hits below HBM are restored before the request's prefill starts: first come,
//    first served on the replica's GPU–host links (one restore at a time) and, for SSD hits,
//    on the server's NVMe, which all its replicas share.
//  - Routing. A Router (Router.h) places each arrival: on a replica's own queue, or in one
//    central queue an idle replica takes the next request from; it may read each replica's
//    outstanding work and the prefix of the request its caches hold.
//  - Ties. Requests at one timestamp are taken in file order; events at one time in the
//    order they were scheduled; idle replicas start in index order. No wall clock, no
//    unordered iteration: the same inputs and seed give the same bytes.

#include "core/cards/Tier.h"
#include "core/model/Disaggregation.h"
#include "core/model/Evaluation.h"
#include "core/trace/TraceReader.h"

#include <atomic>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kvtiers::replay {

enum class ReplayRouting {
    Central,     ///< one FCFS queue: a replica pulls the next request when it has room
    LeastLoaded, ///< on arrival, to the replica with the fewest outstanding prefill tokens
    RoundRobin,  ///< request j to replica j mod R (from a seeded start)
    PrefixAware, ///< to the replica that was sent the longest prefix, else the least loaded
    Global,      ///< a central queue with one DRAM/SSD pool shared by all servers
    Random,      ///< to a replica drawn at random (seeded)
    CacheAware,  ///< to the replica with the least estimated TTFT (queue + misses + restores)
};
/// "central", "least-loaded", "round-robin", "prefix-aware", "global", "random" or "cache-aware".
const char* replayRoutingName(ReplayRouting routing);

/// Write-through or exclusive lower tiers (the restore-path card says which its engine does:
/// RestorePath::tierMode).
using kvtiers::TierMode;
using kvtiers::tierModeName;

/// A trace held in memory: read once, replayed at many capacities.
struct ReplayTrace {
    struct Request {
        double arrival = 0; ///< seconds from the trace's first request (unscaled)
        std::uint64_t inputTokens = 0;
        std::uint64_t outputTokens = 0;
        std::uint64_t firstKey = 0; ///< its prefix keys: keys[firstKey, firstKey + keyCount)
        std::uint32_t keyCount = 0;
        std::uint64_t line = 0; ///< 1-based line in the file
    };
    std::string name;
    trace::TraceFormat format = trace::TraceFormat::Auto;
    int blockTokens = 0;
    std::vector<Request> requests; ///< in file order
    std::vector<std::uint64_t> keys;
    std::uint64_t uniqueBlocks = 0;
};

/// Cancelling and progress, usable from a worker thread: `cancel` is polled (set it from
/// any thread), `progress` is called on the replaying thread with the share done (0..1).
struct ReplayControl {
    const std::atomic<bool>* cancel = nullptr;
    std::function<void(double share)> progress;
};

struct ReplayCancelled : std::exception {
    const char* what() const noexcept override { return "cancelled"; }
};

/// Reads the whole trace. Throws InputError (a bad line: file, line, field) or ReplayCancelled.
ReplayTrace loadReplayTrace(trace::TraceReader& reader, const ReplayControl& control = {});

/// Requests handed to a replay one at a time, in file order: a replay holds the requests in
/// flight, not the trace.
class ReplaySource {
public:
    virtual ~ReplaySource() = default;
    /// The next request (arrival in seconds from the first request, unscaled; firstKey 0)
    /// with its prefix keys in `keys`; false at the end. Throws InputError (a bad line).
    virtual bool next(ReplayTrace::Request& request, std::vector<std::uint64_t>& keys) = 0;
    virtual const std::string& name() const = 0;
    /// Tokens per hashed block (known once a request has been read).
    virtual int blockTokens() const = 0;
    /// The share read so far (0..1), for progress.
    virtual double shareRead() const = 0;
};

/// A trace file read as the replay runs (the reader's memory: one line).
std::unique_ptr<ReplaySource> streamedTrace(trace::TraceReader& reader);
/// A trace held in memory (ReplayTrace), for replaying it many times.
std::unique_ptr<ReplaySource> heldTrace(const ReplayTrace& trace);

// Disaggregated prefill and decode's choices are the model's (core/model/Disaggregation.h).
using kvtiers::FirstTokenAt;
using kvtiers::firstTokenAtName;
using kvtiers::PrefixCacheAt;
using kvtiers::prefixCacheAtName;

/// The options of one replay (their table, ranges and defaults: ReplayOptions.h).
struct ReplayOptions {
    ReplayRouting routing = ReplayRouting::Central;
    double trafficScale = 1;          ///< gaps divided by this
    std::optional<int> replicas;      ///< unset: replicas per server × servers
    std::optional<TierMode> tierMode; ///< unset: the restore path's (RestorePath::tierMode)
    /// Fixed capacities in blocks: HBM's cache per replica (unset: what is left of its KV),
    /// DRAM's and SSD's per server, or per pool with Global (unset: the scenario's).
    PerTier<std::optional<double>> capacityBlocks;
    std::optional<double> maxBatchedTokens; ///< unset: vLLM's default for the GPU
    std::optional<double> maxSeqs;          ///< unset: vLLM's default for the GPU
    LatencyTargets targets;                 ///< unset figures: kDefaultTargets
    std::uint64_t seed = 1;
    /// Cache-aware routing's load-balancing threshold, seconds of queued prefill (unset:
    /// kDefaultBalanceSeconds, Router.h).
    std::optional<double> balanceSeconds;
    bool keepRequests = true; ///< fill ReplayResult::perRequest
    /// Every request's output tokens (unset: the trace's own); 1 replays prefill only.
    std::optional<double> outputTokens;
    /// The most request-steps (output tokens plus prefill chunks) the replay runs before it
    /// refuses the trace: a bound on its time (unset: kMostRequestSteps, ReplayChecks.h).
    std::optional<double> maxRequestSteps;
    // Disaggregated prefill and decode (docs/trace.md, "Disaggregated prefill and decode"):
    // set prefillReplicas and decodeReplicas, each a pool of the scenario's TP replicas.
    std::optional<int> prefillReplicas;
    std::optional<int> decodeReplicas;
    std::optional<FirstTokenAt> firstTokenAt; ///< unset: Decode
    /// The share of the KV transfer that streams layer by layer while the prefill runs (0:
    /// all of it after the prefill, as vLLM's NIXL connector pulls; 1: every layer as it is
    /// computed, as Mooncake and SGLang push). Unset: 0.
    std::optional<double> transferOverlap;
    std::optional<PrefixCacheAt> cacheAt; ///< unset: Prefill
    bool disaggregated() const { return prefillReplicas.has_value() || decodeReplicas.has_value(); }
    bool operator==(const ReplayOptions&) const = default;
};

/// vLLM's default max_num_seqs for `vllm serve` (vllm/engine/arg_utils.py): 1024 on the GPUs
/// that get 8192 batched tokens, 256 elsewhere.
double defaultMaxSeqs(const HardwareCard& gpu);

/// One request as replayed.
/// What a request's prefill cost its replica (docs/trace.md, "Restore against compute").
struct PrefillCost {
    double computeSeconds
        = 0; ///< its share, by FLOPs, of the time of the steps that prefilled it (restore stalls apart)
    double restoreSeconds = 0; ///< its DRAM/SSD blocks' time on the GPU link
    double fixedSeconds = 0;   ///< its restore path's per-request cost (one lookup, one synchronisation)
    double stallSeconds = 0;   ///< what its restore added to its step: (1 − overlap) × restore + fixed
    /// The replica's time its prefill took: its compute share and the stall its restore
    /// caused. Every GPU of the replica (its TP ranks) is held for it: prefill GPU seconds
    /// are this times the GPUs per replica.
    double replicaSeconds() const { return computeSeconds + stallSeconds; }
    PrefillCost& operator+=(const PrefillCost& o)
    {
        computeSeconds += o.computeSeconds;
        restoreSeconds += o.restoreSeconds;
        fixedSeconds += o.fixedSeconds;
        stallSeconds += o.stallSeconds;
        return *this;
    }
};

struct ReplayRecord {
    double arrival = 0;                 ///< seconds from the first arrival, scaled
    double wait = 0;                    ///< arrival to scheduling
    double ttft = 0;                    ///< arrival to the first output token
    double tpot = 0;                    ///< mean time per output token after the first (0 with one token)
    PerSource<std::uint64_t> tokens {}; ///< prompt tokens by where their KV came from
    int replica = 0;
    std::uint64_t line = 0;
    std::uint64_t inputTokens = 0; ///< its prompt
    PrefillCost cost;              ///< its prefill's cost, in seconds of its replica's time
    /// Its longest gap between two output tokens (0 with one token).
    double tbtMax = 0;
    /// Its TBT as Mooncake measures a request's (Qin et al., FAST'25, §5.1): the mean of its
    /// longest 10% of gaps (at least one); 0 with one token.
    double tbtTail = 0;
    // Disaggregated: the decode replica and the KV transfer (prefill end to KV at decode).
    int decodeReplica = -1;
    double transferSeconds = 0;
};

struct ReplayStats {
    double mean = 0, p50 = 0, p90 = 0, p99 = 0, max = 0;
};

/// The prompt-length bands TTFT is reported by: up to 512 tokens, then each doubling
/// (513–1,024, 1,025–2,048, ...): one 512-token block, then powers of two of them.
inline constexpr std::uint64_t kFirstPromptBandTokens = 512;
/// The band of a prompt of `tokens`: 0 for up to 512, k for (512·2^(k-1), 512·2^k].
int promptBand(std::uint64_t tokens);

/// TTFT over the requests whose prompt falls in one band.
struct PromptBandStats {
    std::uint64_t fromTokens = 0; ///< the band's shortest prompt (0 for the first)
    std::uint64_t toTokens = 0;   ///< its longest
    std::uint64_t requests = 0;
    ReplayStats ttft;
};
/// Nearest-rank statistics (the ⌈p·n⌉-th smallest); all 0 for no values.
ReplayStats replayStats(std::vector<double> values);
/// The nearest-rank p-quantile of `values` (sorted ascending), p in (0, 1]; 0 for none.
double nearestRank(const std::vector<double>& sorted, double p);
/// A figure at a target's percentile (LatencyTargets.h: 99, or kMeanPercentile for the mean):
/// the nearest rank of `sorted`, or `stats`' mean.
double atPercentile(const std::vector<double>& sorted, const ReplayStats& stats, double percentile);

struct LinkUse {
    double mean = 0; ///< busy time ÷ (duration × links)
    double peak = 0; ///< the busiest link's busy time ÷ duration
};

/// A figure across the replicas.
struct ReplicaSpread {
    double min = 0, mean = 0, max = 0;
};

struct ReplayResult {
    std::uint64_t requests = 0;
    double durationSeconds = 0; ///< first arrival to last completion
    ReplayStats ttft, tpot, queueWait;
    double ttftAtPercentile = 0, tpotAtPercentile = 0; ///< at the options' percentiles
    /// Token intervals (docs/trace.md, "Token intervals"): every gap between two output
    /// tokens of a request, pooled over all requests (`tbt`), and each request's TBT as
    /// Mooncake measures it (ReplayRecord::tbtTail), over requests (`requestTbt`; the TBT
    /// target holds at its percentile of these: tbtAtPercentile).
    ReplayStats tbt, requestTbt;
    double tbtAtPercentile = 0;
    std::uint64_t tokenIntervals = 0;
    double sloAttainment = 0; ///< share of requests meeting the targets (TBT's where one is set)
    double goodputRps = 0;    ///< requests meeting them, per second of duration
    /// Whether the run as a whole holds every target at its percentile (TTFT, TPOT, TBT where
    /// set): the test a capacity search applies at each traffic scale.
    bool targetsHeld = false;
    PerSource<double> hitShare {};   ///< of prompt tokens, by where their KV came from
    PerTier<double> restoreBytes {}; ///< restored from DRAM and SSD (whole model's KV; HBM 0)
    LinkUse gpuLink, nvme;
    ReplicaSpread replicaRequests;    ///< requests scheduled on each replica
    ReplicaSpread replicaBusySeconds; ///< each replica's steps, summed
    PrefillCost prefillCost;          ///< every request's, summed (replica seconds)
    int replicas = 0;
    int servers = 0;
    int gpus = 0;
    /// GPUs per replica (its TP ranks): a prefill holds every one of them, so a replica's
    /// seconds times this are GPU seconds.
    double gpusPerReplica() const { return replicas > 0 ? static_cast<double>(gpus) / replicas : 1.0; }
    // What was replayed.
    ReplayRouting routing = ReplayRouting::Central;
    TierMode tierMode = TierMode::WriteThrough;
    int blockTokens = 0;
    double kvBytesPerBlock = 0;
    double hbmKvBlocks = 0;               ///< per replica, all KV (cache + active)
    std::optional<double> hbmCacheBlocks; ///< fixed HBM cache, when given
    /// Each tier's cache capacity at the start: HBM's per replica (all its KV unless fixed),
    /// DRAM's and SSD's per cache (server or pool).
    PerTier<double> capacityBlocks {};
    double maxBatchedTokens = 0, maxSeqs = 0;
    double trafficScale = 1;
    ReplayOptions options;
    // Disaggregated prefill and decode (both 0: colocated).
    int prefillReplicas = 0, decodeReplicas = 0;
    ReplayStats transferSeconds;               ///< each request's, prefill end to its KV at the decode replica
    double transferBytes = 0;                  ///< KV sent prefill → decode (the whole model's, all GPUs)
    LinkUse scaleOut;                          ///< the prefill replicas' scale-out NICs, sending
    ReplicaSpread decodeRequests;              ///< requests each decode replica served
    std::vector<ReplayRecord> perRequest;      ///< in file order (when keepRequests)
    std::vector<PromptBandStats> ttftByPrompt; ///< the bands that hold a request, shortest first
};

/// What a replay sets up before its first request: the replicas and servers, a block's
/// bytes and each tier's capacity in blocks, from the options and the scenario.
struct ReplayCapacities {
    int replicas = 1;
    int servers = 1;
    int replicasPerServer = 1;
    bool pooled = false; ///< one DRAM/SSD pool for all servers (Global routing)
    double kvBytesPerBlock = 0;
    double hbmKvBlocks = 0; ///< per replica, all KV (cache + active)
    /// HBM's cache per replica at the start, DRAM's and SSD's per cache (server or pool).
    PerTier<double> blocks {};
    /// Disaggregated: replicas [0, prefillReplicas) prefill on the first prefillServers
    /// servers, the rest decode on their own servers (0: colocated).
    int prefillReplicas = 0;
    int prefillServers = 0;
};

/// The capacities a replay of a trace of `blockTokens`-token blocks sets up (no request
/// replayed). Throws InputError (impossible options).
ReplayCapacities replayCapacities(
    int blockTokens, const Scenario& scenario, const EvalResult& result, const ReplayOptions& options);

/// Refuses a trace no replay of `model` can run, naming the file (and line and field): one
/// with no requests; a request whose input_length + output_length exceeds the model's
/// maximum context; more request-steps (output tokens plus prefill chunks of
/// `maxBatchedTokens`) than a replay runs in minutes. runReplay checks it first.
/// `outputTokens`: every request's output when the options override the trace's;
/// `maxRequestSteps`: the bound when the options raise or lower it.
void checkReplayTrace(const ReplayTrace& trace, const ModelCard& model, double maxBatchedTokens,
    std::optional<double> outputTokens = std::nullopt, std::optional<double> maxRequestSteps = std::nullopt);

class Router;

/// Replays the requests of `source` as it reads them: memory holds the requests in flight,
/// the caches and a few figures per request (for exact percentiles), not the trace. Each
/// request is checked as checkReplayTrace does as it is read, and the work bound holds
/// over the requests read so far: a trace past it stops there. Throws InputError or
/// ReplayCancelled.
ReplayResult runReplay(ReplaySource& source, const Scenario& scenario, const EvalResult& result,
    const ReplayOptions& options, const ReplayControl& control = {}, Router* router = nullptr);

/// Replays `trace` on the scenario's replicas. `result` is evaluate(scenario). `router`:
/// where arrivals go; null: the options' routing (makeRouter). Throws InputError
/// (impossible options) or ReplayCancelled.
ReplayResult runReplay(const ReplayTrace& trace, const Scenario& scenario, const EvalResult& result,
    const ReplayOptions& options, const ReplayControl& control = {}, Router* router = nullptr);

} // namespace kvtiers::replay
