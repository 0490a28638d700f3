#pragma once
// Evaluation: one scenario in, every figure kvtiers shows out (docs/model.md §2–5):
// KV bytes per token and request, the hot set, placement across HBM → DRAM → SSD →
// overflow, max concurrency, the Little's-law retained reuse pool with achieved versus
// requested reuse, restore versus recompute per tier, decode step and tokens/s, and the
// per-GPU / per-server / fleet roll-up.
//
// Scope: `hbm`, `dram`, `ssd` and `overflowBytes` are for ONE REPLICA (TP GPUs with their
// share of the server's DRAM and NVMe); perGpu / perServer / fleet scale from it.

#include "core/model/ComputeModel.h"
#include "core/model/LinkLoad.h"
#include "core/scenario/Scenario.h"

#include <array>
#include <cstdint>

namespace kvtiers {

/// What one tier holds, bytes, one replica. Segments add up to used().
struct TierUse {
    double capacity = 0;        ///< usable capacity (HBM: u × HBM − reserve)
    double weights = 0;         ///< model weights placed here
    double hotKv = 0;           ///< token states of active sequences (unique part)
    double sharedPrefixes = 0;  ///< prefixes shared by several active sequences, held once
    double fragmentation = 0;   ///< allocated but holding no token (block rounding, reservation)
    double retained = 0;        ///< retained reuse pool (warm/cold prefixes of finished requests)
    double inclusiveCopies = 0; ///< DRAM copies of HBM-resident prefixes (inclusive tiers)

    double hotAllocated() const { return hotKv + sharedPrefixes + fragmentation; }
    double used() const { return weights + hotAllocated() + retained + inclusiveCopies; }
    double free() const { return capacity > used() ? capacity - used() : 0; }
};

/// ExpertExchange: under expert parallelism, the step's dispatch and combine outlast its compute.
enum class DecodeBound { HbmBandwidth, DramStream, SsdStream, Compute, ExpertExchange };
const char* decodeBoundName(DecodeBound b);

/// What limits the requests one replica serves: its prefill FLOPs (prefill + blocking
/// restore + decode share saturate it) or its decode slots (N sequences, each for a
/// request's duration).
enum class RateLimit { DecodeSlots, Prefill };
const char* rateLimitName(RateLimit l);

enum Warning : std::uint32_t {
    WarnNone = 0,
    WarnContextBeyondModel = 1u << 0,  ///< context > the model's max_context
    WarnHotSetOverflows = 1u << 1,     ///< active sequences do not fit in HBM
    WarnWeightsSpill = 1u << 2,        ///< weights do not fit in HBM
    WarnNoKvBudget = 1u << 3,          ///< weights and reserve leave no HBM for KV
    WarnReuseLost = 1u << 4,           ///< achieved reuse below requested
    WarnSharingClamped = 1u << 5,      ///< sharing > concurrency: clamped
    WarnOverflow = 1u << 6,            ///< something fits nowhere
    WarnRateAboveCapacity = 1u << 7,   ///< a given request rate above what the replica serves
    WarnReplicaSpansServers = 1u << 8, ///< TP > GPUs per server: one replica spans servers
    // Restore links and drive wear (high bits, apart from the list above).
    WarnLinkOverloaded = 1u << 20,     ///< restores load a GPU–host link, the NVMe or an uplink to ≥ 100%
    WarnSsdWearAboveRating = 1u << 21, ///< SSD writes per day above the drives' rated DWPD
};

struct EvalOptions {
    bool breakEven = true; ///< compute break-even contexts (sweeps skip them)
};

struct EvalResult {
    // Layout
    int tp = 1;
    int dcp = 1;                  ///< decode context parallel: GPUs of the TP group a replicated KV is striped over
    double replicasPerServer = 1; ///< < 1 when a replica spans several servers
    KvFormat kvFormat;
    double weightBits = 16;
    double promptTokens = 0;
    double reusedPrefixTokens = 0; ///< r × prompt

    // Bytes, whole model as the article counts them (no TP replication, no rounding)
    double kvBytesPerToken = 0;          ///< marginal, all attention layers
    double kvBytesPerTokenEffective = 0; ///< KV(C) / C: below the marginal rate past a window
    double kvBytesPerRequest = 0;        ///< KV(C)
    double hotSetBytes = 0;              ///< N × KV(C) − N × KV(rP) × (1 − 1/S)
    double weightsBytes = 0;             ///< whole model
    // Bytes as allocated, one replica (TP replication of MLA, block rounding, reservation)
    double kvBytesAllocatedPerRequest = 0;
    double hotSetAllocatedBytes = 0;

    // Capacity
    double kvBudgetPerGpu = 0;      ///< HBM left for KV per GPU
    double maxConcurrency = 0;      ///< whole sequences that fit (floor)
    double maxConcurrencyRatio = 0; ///< vLLM's "Maximum concurrency" figure (unrounded)
    double servedConcurrency = 0;   ///< min(N, max) unless streaming
    double sharingEffective = 1;

    // Placement, one replica
    PerTier<TierUse> tiers;
    double overflowBytes = 0;              ///< weights and hot KV that fit nowhere
    double retainedPoolBytes = 0;          ///< Little's law, λ × mean gap × prefix: a perfect cache's pool
    double cacheDemandBytes = 0;           ///< what an LRU cache holds at its horizon (PrefixCache.h)
    double lostReuseBytes = 0;             ///< demand that found no place (capacity or offload policy)
    double requestedReuse = 0;             ///< the ceiling: an infinite cache's hit rate
    double achievedReuse = 0;              ///< share of prompt tokens an LRU cache serves (Che)
    PerTier<double> hitShare;              ///< of the cacheable reuse, by tier
    PerTier<double> characteristicSeconds; ///< LRU T at the bottom of each tier
    double cacheablePrefixTokens = 0;      ///< the reused prefix in whole blocks (paged)
    double cacheableReuse = 0;             ///< cacheablePrefixTokens / prompt: the most reuse can achieve
    double requestRate = 0;                ///< requests/s per replica (λ): given, or min(bound, slots)
    double requestRateBound = 0;           ///< 1 / (prefill + blocking restore + O × step / N)
    double requestRateDecodeSlots = 0;     ///< served sequences / request duration
    RateLimit rateLimit = RateLimit::DecodeSlots;
    double requestSeconds = 0; ///< one request, prefill + decode
    CacheAdmission cacheAdmission = CacheAdmission::All;
    double storedPromptTokens = 0;     ///< whole blocks of the prompt (what admission `all` stores)
    double ssdWriteBytesPerSecond = 0; ///< per server: blocks written to the SSD tier
    double ssdDriveWritesPerDay = 0;   ///< per server: SSD write bytes per day ÷ NVMe capacity

    // Time
    double recomputeSeconds = 0;     ///< the whole prompt, on this replica
    double restoreSecondsDram = 0;   ///< the whole prompt's KV, from DRAM
    double restoreSecondsSsd = 0;    ///< from SSD
    double restoreBandwidthDram = 0; ///< bytes/s per GPU at this block size
    double restoreBandwidthSsd = 0;
    double restoreCopyBytes = 0; ///< what one copy of the restore path moves, one GPU
    /// The shortest prefix restoring wins from, in whole cached blocks (paged) or whole
    /// tokens (contiguous): a cache holds and restores nothing smaller; +inf: never wins
    double breakEvenTokensDram = 0;
    double breakEvenTokensSsd = 0;
    double weightStreamSeconds = 0;    ///< streaming weights held in DRAM/SSD in once per prefill
    double ttftNoReuseSeconds = 0;     ///< max(recompute, weight streaming)
    double ttftWithReuseSeconds = 0;   ///< ttftRecomputeSeconds + ttftRestoreSeconds
    double ttftRecomputeSeconds = 0;   ///< prefill of the tokens not served from the pool
    double ttftRestoreSeconds = 0;     ///< bringing the hits back from DRAM / SSD
    double decodeStepSeconds = 0;      ///< the slowest stream plus the TP all-reduces and DCP's exchange
    double decodeAllReduceSeconds = 0; ///< the step's tensor-parallel all-reduces (0 at TP 1)
    double decodeContextSeconds = 0;   ///< the step's decode-context-parallel exchange (0 without DCP)
    DecodeBound decodeBound = DecodeBound::HbmBandwidth;
    double tokensPerSecond = 0;         ///< per replica, served sequences
    LinkLoadResult links;               ///< restores' load on the GPU–host link, NVMe and any shared uplink
    double restoreQueueWaitSeconds = 0; ///< mean wait a request adds queueing for those links (in ttftRestoreSeconds)

    // Deployment (docs/model.md, "Expert-parallel serving"): the unit a replica belongs to,
    // its throughput per GPU and per node. Under TP alone the unit is one replica.
    struct Unit {
        bool expertParallel = false;
        int tp = 1, dp = 1, ep = 1, nodes = 1;
        double gpus = 1;            ///< tp × dp
        double weightsPerGpu = 0;   ///< weights on each GPU (experts + replicated parts under EP)
        double tokensPerStep = 1;   ///< tokens a sequence emits per decode step (speculation)
        double stepSeconds = 0;     ///< one decode step (every token it verifies)
        double exchangeSeconds = 0; ///< of it, the expert dispatch and combine (EP)
        double outputTokensPerSecondPerGpu = 0;
        double outputTokensPerSecondPerNode = 0;
        double inputTokensPerSecondPerNode = 0; ///< prompt tokens a server takes in prefilling (cached included)
    } unit;

    // Roll-up (used bytes)
    PerTier<double> perGpu, perServer, fleet;
    double fleetServers = 1;
    double fleetGpus = 1;

    std::uint32_t warnings = WarnNone;

    /// HBM holds not one sequence after the weights, and nothing streams: no sequence runs,
    /// so no figure that needs a running one (TTFT, restore against recompute, decode) holds.
    /// Every view shows those as "—", "does not fit" (doesNotFitMessage says why).
    bool runsNoSequence() const { return servedConcurrency < 1; }

    double demandBytes() const; ///< weights + hot allocated + what the prefix cache wants
    double placedBytes() const; ///< everything placed in the three tiers (excluding inclusive copies)
};

/// Evaluates a scenario. Throws InputError if it is invalid (see validateScenario).
EvalResult evaluate(const Scenario& scenario, const EvalOptions& options = {});

} // namespace kvtiers
