#pragma once
// VllmCheck: vLLM's KV-cache allocator as an allocation policy (issue 5), a reader for the
// KV lines of a pasted vLLM startup log, and the comparison of the two.
//
// vLLM (v1, vllm/v1/core/kv_cache_utils.py and vllm/v1/kv_cache_interface.py):
//   page(layer)       = block_size × KV bytes per token of that layer on one GPU
//   uniform model     num_blocks = floor(kv_bytes / Σ_layers page)        (get_num_blocks:
//                     available // page_size // num_layers when every page is equal)
//   hybrid model      layers are split into KV-cache groups of `group_size` layers each
//                     (the smallest layer count of a kind, padded); every group draws from
//                     one pool: num_blocks = floor(kv_bytes / (page × group_size))
//   GPU KV cache size = num_blocks // groups × block_size tokens
//   per request       full attention   cdiv(context, block_size) blocks per group
//                     sliding window   cdiv(min(context, window − 1 + block_size), block_size)
//                     MLA              as full attention, one latent page (replicated per rank)
//                     Mamba / linear   one block per group (the fixed state)
//   max concurrency   = num_blocks / Σ_groups blocks per request
//                     (vLLM: "Maximum concurrency for N tokens per request: X")

#include "HardwareCard.h"
#include "KvFormat.h"
#include "ModelCard.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kvtiers {

struct VllmSetup {
    KvFormat kv;                 ///< vLLM's kv_cache_dtype
    int tp = 1;                  ///< tensor-parallel degree
    int blockSize = 16;          ///< --block-size
    double context = 0;          ///< tokens per request (max_model_len); 0: the model's max_context
    double kvMemoryBytes = 0;    ///< memory for KV per GPU
};

/// KV memory per GPU as vLLM budgets it: u × HBM − weights / TP − reserve (activations,
/// CUDA graphs, non-torch allocations). Negative when nothing is left.
double vllmKvMemory(const ModelCard& model, const HardwareCard& hw, double gpuMemoryUtilization, int tp,
                    double reserveBytes, double weightBits);

/// One kind of KV-cache layer as vLLM pages it.
struct VllmLayerKind {
    std::string kind;           ///< "full", "sliding", "mla", "state"
    std::int64_t layers = 0;    ///< layers of this kind
    int blockSize = 16;         ///< tokens per block (raised for hybrids with state layers)
    double window = 0;          ///< sliding only
    double pageBytes = 0;       ///< one block of one layer on one GPU (after unification)
    double realPageBytes = 0;   ///< the same before padding
    std::int64_t groups = 0;    ///< KV-cache groups of this kind (hybrid)
    double blocksPerRequest = 0;///< per group, one request of `context` tokens
};

struct VllmPrediction {
    std::vector<VllmLayerKind> kinds;
    bool hybrid = false;            ///< several KV-cache groups
    std::int64_t groupSize = 0;     ///< layers per group (hybrid), all layers otherwise
    std::int64_t kvCacheGroups = 1;
    std::int64_t paddingLayers = 0; ///< empty layer slots vLLM adds to equalize groups
    double context = 0;
    double kvMemoryBytes = 0;
    double bytesPerBlock = 0;       ///< memory one block id costs (one page × layers per pool)
    int tokenBlockSize = 16;        ///< tokens per block of the attention groups (smallest)
    double numBlocks = 0;
    double tokens = 0;              ///< "GPU KV cache size: N tokens"
    double blocksPerRequest = 0;    ///< Σ over groups
    double maxConcurrency = 0;      ///< "Maximum concurrency for <context> tokens per request: X"
    double bytesPerToken = 0;       ///< kvMemory / tokens as vLLM packs it (per GPU)
    std::vector<std::string> notes; ///< where this follows vLLM only approximately
};

/// vLLM's block math for one model on one GPU. Throws InputError for an impossible setup.
VllmPrediction predictVllm(const ModelCard& model, const VllmSetup& setup);

/// The KV lines of a vLLM startup log.
struct VllmLog {
    std::optional<double> kvCacheTokens;       ///< "GPU KV cache size: 131,072 tokens"
    std::optional<double> concurrencyTokens;   ///< "Maximum concurrency for 131,072 tokens per request"
    std::optional<double> concurrency;         ///< ...": 1.00x"
    std::optional<double> availableKvBytes;    ///< "Available KV cache memory: 40.00 GiB"
    std::optional<double> gpuBlocks;           ///< vLLM v0: "# GPU blocks: 8192"
    int kvCacheLine = 0, concurrencyLine = 0, availableLine = 0, gpuBlocksLine = 0; ///< 1-based
};

/// Reads the KV lines of a pasted log; log prefixes ("INFO 11-29 12:00:00
/// [kv_cache_utils.py:1234]", "(EngineCore_0 pid=1)"), thousands separators and missing
/// lines are tolerated; the last occurrence wins. Throws InputError naming the line
/// ("vllm.log:12: ...") when a KV line cannot be read, or when the text has no KV line.
VllmLog parseVllmLog(std::string_view text, const std::string& origin);

/// What the comparison needs to turn a memory gap into utilisation terms.
struct VllmHbmContext {
    double hbmBytes = 0;
    double weightsBytesPerGpu = 0;
    double reserveBytes = 0;
    double gpuMemoryUtilization = 0.9;
};

struct VllmComparison {
    VllmPrediction predicted;
    VllmLog log;
    std::optional<double> tokensDiffPercent;      ///< (vLLM − kvtiers) / kvtiers × 100
    std::optional<double> concurrencyDiffPercent;
    std::optional<double> impliedKvMemoryBytes;   ///< what vLLM must have had for KV per GPU
    std::optional<double> kvMemoryGapBytes;       ///< assumed − implied (> 0: vLLM had less)
    std::optional<double> impliedGpuUtilization;  ///< the utilisation that closes the gap
    bool agrees = false;                          ///< within block rounding
    std::string explanation;
};

VllmComparison compareWithVllm(const ModelCard& model, const VllmSetup& setup, const VllmLog& log,
                               const std::optional<VllmHbmContext>& hbm = std::nullopt);

} // namespace kvtiers
