#pragma once
// VllmCheck: vLLM's KV-cache allocator as an allocation policy. The setup a startup log
// states is read in VllmLogSetup, and the two are compared in VllmComparison.
//
// vLLM (v1, vllm/v1/core/kv_cache_utils.py and vllm/v1/kv_cache_interface.py):
//   page(layer)       = block_size × KV bytes per token of that layer on one GPU
//   uniform model     num_blocks = floor(kv_bytes / Σ_layers page)        (get_num_blocks:
//                     available // page_size // num_layers when every page is equal)
//   hybrid model      layers are split into KV-cache groups of `group_size` layers each
//                     (the smallest layer count of a kind, padded); every group draws from
//                     one pool: num_blocks = floor(kv_bytes / (page × group_size))
//   GPU KV cache size = num_blocks // groups × block_size tokens            (0.11:
//                     _report_kv_cache_config)
//                     = int(max concurrency × max_model_len) tokens         (newer vLLM:
//                     get_kv_cache_capacity, logged by update_kv_cache_capacity on one
//                     line with the concurrency)
//   per request       full attention   cdiv(context, block_size) blocks per group
//                     sliding window   cdiv(min(context, window − 1 + block_size), block_size)
//                     MLA              as full attention, one latent page (replicated per rank)
//                     Mamba / linear   one block per group (the fixed state)
//   max concurrency   = num_blocks / Σ_groups blocks per request
//                     (vLLM: "Maximum concurrency for N tokens per request: X")

#include "core/cards/HardwareCard.h"
#include "core/cards/KvFormat.h"
#include "core/cards/ModelCard.h"
#include "core/io/Message.h"
#include "core/scenario/Workload.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace kvtiers {

struct VllmSetup {
    KvFormat kv;                               ///< vLLM's kv_cache_dtype
    int tp = 1;                                ///< tensor-parallel degree
    int blockSize = vllm_defaults::kBlockSize; ///< --block-size
    double context = 0;                        ///< tokens per request (max_model_len); 0: the model's max_context
    double kvMemoryBytes = 0;                  ///< memory for KV per GPU
    /// --max-num-batched-tokens: the chunked-prefill budget vLLM's sliding-window memory
    /// check and printed concurrency assume; 0: vLLM's default (defaultMaxNumBatchedTokens).
    double maxNumBatchedTokens = 0;
    /// --async-scheduling: newer vLLM keeps two batches in flight (VllmConfig.
    /// max_concurrent_batches in vllm/config/vllm.py, pipeline parallel 1) and budgets a
    /// sliding window for max_in_flight_tokens = 2 × max_num_batched_tokens.
    bool asyncScheduling = false;
};

/// The vLLM version whose defaults and budgets vllm-check assumes.
inline constexpr const char* kVllmVersion = "0.11";

/// `vllm serve`'s default max_num_batched_tokens (vllm/engine/arg_utils.py, 0.11): 8192 on
/// GPUs with at least 70 GiB that are not A100s, 2048 otherwise. Without a GPU, 8192.
double defaultMaxNumBatchedTokens(const HardwareCard* gpu);

/// KV memory per GPU as vLLM budgets it: u × HBM − weights / TP − reserve (activations,
/// CUDA graphs, non-torch allocations). Negative when nothing is left.
double vllmKvMemory(const ModelCard& model, const HardwareCard& hw, double gpuMemoryUtilization, int tp,
    double reserveBytes, double weightBits);

/// One kind of KV-cache layer as vLLM pages it.
struct VllmLayerKind {
    std::string kind;                          ///< "full", "sliding", "mla", "state"
    std::int64_t layers = 0;                   ///< layers of this kind
    int blockSize = vllm_defaults::kBlockSize; ///< tokens per block (raised for hybrids with state layers)
    double window = 0;                         ///< sliding only
    double pageBytes = 0;                      ///< one block of one layer on one GPU (after unification)
    double realPageBytes = 0;                  ///< the same before padding
    std::int64_t groups = 0;                   ///< KV-cache groups of this kind (hybrid)
    double blocksPerRequest = 0;               ///< per group, one request of `context` tokens (steady state)
    double vllmBlocksPerRequest = 0;           ///< per group, as vLLM budgets it (chunked-prefill worst case)
};

/// Where the prediction follows vLLM only approximately: the kind of note and the
/// figures its sentence quotes. vllmNoteMessage() words it once: the CLI prints its
/// English (vllmNoteText), the GUI translates it.
struct VllmNote {
    enum class Kind {
        BlockSizeRaised, ///< state layers raise the attention block size: blockSize (tokens)
        PagePadded,      ///< a page that does not divide the largest one: layerKind ("full", "sliding"
                         ///< or "mla"), pageBytes, largestPageBytes
        PaddingLayers,   ///< empty layer slots that equalize the groups: paddingLayers (keep last)
    };
    Kind kind = Kind::BlockSizeRaised;
    int blockSize = 0;
    std::string layerKind {};
    double pageBytes = 0;
    double largestPageBytes = 0;
    std::int64_t paddingLayers = 0;
};

/// The note as a translatable sentence (context "VllmCheck").
Message vllmNoteMessage(const VllmNote& note);
/// The note in English, as the CLI prints it after "note: ".
std::string vllmNoteText(const VllmNote& note);

struct VllmPrediction {
    std::vector<VllmLayerKind> kinds;
    bool hybrid = false;        ///< several KV-cache groups
    std::int64_t groupSize = 0; ///< layers per group (hybrid), all layers otherwise
    std::int64_t kvCacheGroups = 1;
    std::int64_t paddingLayers = 0; ///< empty layer slots vLLM adds to equalize groups
    double context = 0;
    double kvMemoryBytes = 0;
    double bytesPerBlock = 0;                       ///< memory one block id costs (one page × layers per pool)
    int tokenBlockSize = vllm_defaults::kBlockSize; ///< tokens per block of the attention groups (smallest)
    double numBlocks = 0;
    double tokens = 0;           ///< "GPU KV cache size: N tokens"
    double blocksPerRequest = 0; ///< Σ over groups
    double maxConcurrency = 0;   ///< kvtiers' steady state: blocks / blocks a decoding request holds
    /// What vLLM prints: "Maximum concurrency for <context> tokens per request: X". A
    /// sliding-window layer is budgeted cdiv(min(W − 1 + max_num_batched_tokens,
    /// max_model_len), B) + 1 blocks (SlidingWindowSpec.max_memory_usage_bytes).
    double vllmMaxConcurrency = 0;
    double vllmBlocksPerRequest = 0;
    /// Newer vLLM's "GPU KV cache size": int(max_concurrency × max_model_len) with the
    /// unrounded vllmMaxConcurrency (vllm/v1/core/kv_cache_utils.py, get_kv_cache_capacity).
    /// Equals `tokens` for full attention at a context of whole blocks.
    double capacityTokens = 0;
    double maxNumBatchedTokens = 0; ///< the budget used (given or vLLM's default)
    bool asyncScheduling = false;   ///< the setup's flag
    /// Tokens a sliding window is budgeted for beyond W − 1: max_num_batched_tokens, twice
    /// that with async scheduling (VllmConfig.max_in_flight_tokens).
    double inFlightTokens = 0;
    double bytesPerToken = 0;    ///< kvMemory / tokens as vLLM packs it (per GPU)
    std::vector<VllmNote> notes; ///< where this follows vLLM only approximately (vllmNoteText)
};

/// vLLM's block math for one model on one GPU. Throws InputError for an impossible setup
/// (codes VllmTpBelowOne, VllmBlockSizeBelowOne, VllmNoKvMemory).
VllmPrediction predictVllm(const ModelCard& model, const VllmSetup& setup);

} // namespace kvtiers
