#pragma once
// Workload: what the deployment serves (docs/model.md §1): context, concurrency, reuse,
// sharing, offload, parallelism and allocation. A workload card may name its model and
// hardware, so `--workload flexgen` alone is a whole scenario.

#include "core/cards/KvFormat.h"
#include "core/cards/LatencyTargets.h"
#include "core/cards/Source.h"
#include "core/io/Json.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

namespace kvtiers {

enum class Allocation {
    Paged,      ///< vLLM PagedAttention: tokens rounded up to whole blocks
    Contiguous, ///< pre-PagedAttention systems: every sequence reserves max_context
};

/// Which blocks the prefix cache stores (docs/model.md §4.5).
enum class CacheAdmission {
    All,       ///< every whole block of the prompt: vLLM's offloading connector, LMCache, Mooncake Store
    SeenTwice, ///< a block at its second sighting (a ghost key records the first); below HBM only
};

/// Shares of a quantity placed in HBM, DRAM and SSD (FlexGen's policy); they add up to 1.
struct PlacementShares {
    double hbm = 0, dram = 0, ssd = 0;
    bool operator==(const PlacementShares&) const = default;
};

/// One row of a measured reuse-gap distribution: the share of reuses whose gap (time
/// since the prefix was last used) is at most `seconds`.
struct GapPoint {
    double seconds = 0;
    double share = 0;
    bool operator==(const GapPoint&) const = default;
};

/// vLLM's engine defaults, which the workload knobs, the allocator model and the vLLM
/// check all start from: `--block-size` and `--gpu-memory-utilization` (vLLM's
/// CacheConfig).
namespace vllm_defaults {
inline constexpr int kBlockSize = 16;                ///< tokens per KV block
inline constexpr double kGpuMemoryUtilization = 0.9; ///< share of HBM the engine may use
} // namespace vllm_defaults

/// The workload knobs. Defaults are neutral: no reuse, no sharing, no offload.
struct WorkloadParams {
    double context = 131072;          ///< tokens of KV per active sequence (prompt + output)
    double outputTokens = 0;          ///< generated tokens per request
    double concurrency = 1;           ///< active sequences per replica
    std::optional<KvFormat> kv;       ///< unset: the model's default_kv_bits
    std::optional<double> weightBits; ///< unset: the model's weight_bits
    /// Bits of the attention products' inputs (Q·K and P·V); unset: the weights' precision
    std::optional<double> attentionBits;
    /// Bits of the linear layers' activations (W8A8: 8, W4A16: 16); unset: the weights'
    /// from 8 bits up, 16 below (Scenario::activationBits)
    std::optional<double> activationBits;
    double reuseRate = 0;            ///< share of prompt tokens served from cache
    double sharing = 1;              ///< active sequences sharing one cached prefix
    double reuseDistanceSeconds = 0; ///< mean gap between uses of a prefix (exponential gaps)
    /// Measured gap distribution (a cumulative table, increasing); empty: exponential
    /// gaps with mean reuseDistanceSeconds.
    std::vector<GapPoint> reuseGapCdf;
    /// The restore path (models/restore-paths/) by id or file; unset: the default.
    std::optional<std::string> restorePath;
    /// Requests/s arriving at one replica (λ of the retained pool). Unset: derived from
    /// throughput, served sequences / request duration (docs/model.md §4.4 "or given").
    std::optional<double> requestRate;
    double offloadRate = 0; ///< share of evicted reusable blocks copied down
    std::optional<int> tp;  ///< unset: all GPUs of one server
    /// Decode context parallel (vLLM --decode-context-parallel-size, SGLang --dcp-size): a KV
    /// the TP group would copy (an MLA latent, GQA heads fewer than TP) is striped by token over
    /// this many of its GPUs. 1: off; 0: as many as the TP group keeps copies (Scenario::dcp).
    int dcp = 1;
    // Expert-parallel serving (docs/model.md, "Expert-parallel serving"): with dp or ep above
    // 1 a replica is one attention rank of tp GPUs, and dp of them with their experts spread
    // over ep GPUs make one unit of `nodes` servers.
    int dp = 1;               ///< attention data-parallel ranks (DP attention); 1: none; 0: every GPU of the unit ÷ tp
    int ep = 1;               ///< GPUs the routed experts are spread over; 1: none; 0: as many as divide them
    int nodes = 1;            ///< servers one expert-parallel unit spans; 0: as few as leave HBM for KV
    int redundantExperts = 0; ///< extra copies of routed experts per MoE layer (EPLB)
    double epOverlap = 0;     ///< share of the shorter of compute and exchange two micro-batches hide
    int specTokens = 0;       ///< speculative draft tokens per decode step (MTP or a draft model)
    double specAcceptance = 0;                 ///< chance each draft token is accepted, the previous one accepted
    int blockSize = vllm_defaults::kBlockSize; ///< page size (tokens)
    Allocation allocation = Allocation::Paged;
    double gpuMemoryUtilization = vllm_defaults::kGpuMemoryUtilization;
    double runtimeReserveBytes = 0; ///< per GPU: activations, CUDA graphs
    bool streaming = false;         ///< FlexGen: what does not fit streams every step
    std::optional<PlacementShares> weightsPlacement;
    std::optional<PlacementShares> kvPlacement;
    bool inclusiveTiers = false;
    double servers = 1; ///< fleet size for the roll-up
    CacheAdmission cacheAdmission = CacheAdmission::All;
    /// Mean reuses of a reused block (seen-twice admission misses the first); unset: the
    /// fewest the reuse rate allows, max(1, r / (1 − r)).
    std::optional<double> reusesPerBlock;

    bool operator==(const WorkloadParams&) const = default;
};

struct WorkloadCard {
    std::string id;
    std::string name;
    std::string notes;
    std::vector<Source> sources;
    std::string modelId;    ///< may be empty
    std::string hardwareId; ///< may be empty
    WorkloadParams params;
    /// The card's "targets" object; empty when absent. In a fleet, a mix entry's own target
    /// wins over the card's, and the card's over the fleet's default.
    LatencyTargets targets;
};

/// Bounds shared by cards, the CLI and the GUI (inputs beyond them are refused).
namespace limits {
inline constexpr double kMaxContext = 1e12; ///< tokens, for any card (contextLimit: 16× the card's)
/// sequences per replica: a million 1K-token sequences of Llama 3.1 70B hold 335 TB of KV
inline constexpr double kMaxConcurrency = 1e6;
inline constexpr double kMaxServers = 1e9;
inline constexpr double kMaxSeconds = 1e9;
inline constexpr double kMaxRequestRate = 1e12; ///< requests/s per replica
inline constexpr int kMaxTp = 1 << 16;
inline constexpr int kMaxBlock = 1 << 20;
} // namespace limits

WorkloadCard parseWorkloadCard(const Json& json, const std::string& origin);
const char* allocationName(Allocation a);
/// The mean reuses of a reused block in effect: given, or max(1, r / (1 − r)), the fewest
/// that a share r of references being reuses allows (each block's first reference is not one).
inline double reusesPerBlockInEffect(const WorkloadParams& w)
{
    if (w.reusesPerBlock)
        return *w.reusesPerBlock;
    return w.reuseRate < 1 - 1e-6 ? std::max(1.0, w.reuseRate / (1 - w.reuseRate)) : 1e6;
}

inline const char* cacheAdmissionName(CacheAdmission a)
{
    return a == CacheAdmission::SeenTwice ? "seen-twice" : "all";
}

} // namespace kvtiers
