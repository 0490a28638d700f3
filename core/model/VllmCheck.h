#pragma once
// VllmCheck: vLLM's KV-cache allocator as an allocation policy (VllmCheck.cpp), and its
// comparison (VllmComparison.cpp) with the KV lines of a pasted vLLM startup log
// (VllmLog.h, included here).
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
#include "core/model/VllmLog.h"
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

/// Which card a log's model is: the model vLLM loaded ("Qwen/Qwen2.5-72B-Instruct", a local
/// path, a hub cache folder "models--Org--Name/snapshots/…") against the cards' Hugging Face
/// ids (their sources' huggingface.co addresses), ids and names, case-insensitively.
struct VllmModelMatch {
    enum class How {
        None,      ///< no card matches
        HfId,      ///< a card's source names the same Hugging Face id
        Name,      ///< the name part is a card's id, name or Hugging Face name
        BaseModel, ///< as Name once a fine-tune suffix ("-Instruct", "-Chat", "-it") is dropped
        Ambiguous, ///< several cards match at the first rule that matches any
    };
    How how = How::None;
    std::string cardId;                  ///< the card (empty unless HfId, Name or BaseModel)
    std::string dropped;                 ///< BaseModel: the suffix dropped, as the log writes it
    std::vector<std::string> candidates; ///< Ambiguous: the cards that match
};
VllmModelMatch matchVllmModel(const std::string& logModel, const std::map<std::string, ModelCard>& models);

/// A vLLM check's setup as far as a log can state it: what the scenario (GUI) or the flags
/// (CLI) give, what the log states, and what the check uses.
struct VllmSetupValues {
    std::string modelId; ///< a card id; empty: none
    int tp = 0;          ///< 0: not given
    int blockSize = 0;   ///< 0: not given
    std::optional<KvFormat> kv {};
    double context = 0; ///< max_model_len; 0: not given
};

/// `base` with every setting the log states put in: the model when it matches a card,
/// TP, block size, KV dtype ("auto": the model card's default) and max_model_len.
VllmSetupValues vllmSetupFromLog(
    const VllmLog& log, const std::map<std::string, ModelCard>& models, const VllmSetupValues& base);

/// One sentence about the setup against the log (context "VllmCheck").
struct VllmSetupNote {
    enum class Setting { Model, Tp, BlockSize, KvDtype, MaxModelLen };
    enum class Kind {
        /// the settings taken from the log: taken (e.g. "tensor_parallel_size 4 (line 3)")
        FromLog,
        /// the log's value replaced the scenario's: setting, logValue, given, line
        LogReplaces,
        /// the check uses another value than the log's (its figures are not what vLLM ran):
        /// setting, logValue, given (the value used), line
        DiffersFromLog,
        /// the log's model matches no card: logValue, given (the card used, or empty), line
        ModelNoCard,
        /// the log's model matches several cards: logValue, candidates, given, line
        ModelAmbiguous,
        /// the log's model was matched by its base model's name: logValue, cardId, dropped, line
        ModelBaseName,
    };
    Kind kind = Kind::FromLog;
    Setting setting = Setting::Model;
    std::string logValue {};
    std::string given {};
    std::string cardId {};
    std::string dropped {};
    std::string taken {};      ///< FromLog: the settings, "tensor_parallel_size 4 (line 3), …"
    std::string candidates {}; ///< ModelAmbiguous: the card ids, comma-separated
    int line = 0;
};

/// What the log states against the scenario's setup (`scenario`, empty values: not given)
/// and the setup the check uses (`used`): which values came from the log, which replaced
/// the scenario's, and which the check uses against the log's word.
std::vector<VllmSetupNote> vllmSetupNotes(const VllmLog& log, const std::map<std::string, ModelCard>& models,
    const VllmSetupValues& scenario, const VllmSetupValues& used);
Message vllmSetupMessage(const VllmSetupNote& note);
std::string vllmSetupText(const VllmSetupNote& note);
/// Whether the note is a warning (the setup differs from the log, or its model has no card)
/// rather than a statement of what was taken.
bool vllmSetupWarns(const VllmSetupNote& note);

/// What the comparison needs to turn a memory gap into utilisation terms.
struct VllmHbmContext {
    double hbmBytes = 0;
    double weightsBytesPerGpu = 0;
    double reserveBytes = 0;
    double gpuMemoryUtilization = vllm_defaults::kGpuMemoryUtilization;
};

/// One sentence of a comparison's explanation: its kind and the figures it quotes.
/// vllmSentenceMessage() words it; VllmComparison::explanation is their English
/// joined by spaces. Sizes are bytes, shares percent; each kind lists the fields it quotes.
struct VllmSentence {
    enum class Kind {
        /// vLLM's concurrency is for another context: logContext, givenContext (tokens)
        ContextFromLog,
        /// the tokens match within the log's rounding: percent (|difference|)
        MatchesWithinRounding,
        /// the tokens match in whole blocks: blockSize (tokens)
        MatchesExactly,
        /// the figures match but the concurrency does not (sliding windows): vllmConcurrency, kvtiersConcurrency
        ConcurrencyDiffers,
        /// What vLLM's figure needs against what kvtiers assumed: "vLLM's <tokens | concurrency>
        /// need about <impliedBytes> …; kvtiers assumed <assumedBytes>, <gapBytes> [(<percent>%)]
        /// <more | less>." Token kinds also quote vllmTokens; gapBytes is the gap's size.
        TokensNeedMore,
        TokensNeedLess,
        ConcurrencyNeedsMore,
        ConcurrencyNeedsLess,
        TokensNeedMoreShare,
        TokensNeedLessShare,
        ConcurrencyNeedsMoreShare,
        ConcurrencyNeedsLessShare,
        /// the log's own "Available KV cache memory": availableBytes, line (1-based)
        LogReportsAvailable,
        /// the gap to the log's figure is memory vLLM kept: reserveBytes (the --reserve that reproduces it)
        LogGapIsReserve,
        /// the gap is memory vLLM kept: utilization, hbmBytes, weightsBytes (per GPU)
        GapIsKeptMemory,
        /// reserveBytes, impliedBytes (the --reserve or --kv-memory that reproduce vLLM's figure)
        ReserveReproduces,
        /// as ReserveReproduces, and the gpu_memory_utilization that would: reserveBytes, impliedBytes, utilization
        ReserveOrUtilizationReproduces,
        /// the gap is memory vLLM did not give to the KV cache (no hardware to say more)
        MemoryNotGiven,
        /// impliedBytes (the --kv-memory that reproduces vLLM's figure)
        KvMemoryReproduces,
        /// vLLM had more memory than assumed: tp
        VllmHadMore,
        /// as VllmHadMore, with the gpu_memory_utilization that would do it: utilization, tp
        VllmHadMoreUtilization,
        /// a hybrid (or padded) model: versions differ in how they pad pages
        HybridPadding,
        /// vLLM's own "Available KV cache memory" does not hold its own token figure at
        /// kvtiers' bytes per token: the setup differs from what vLLM ran. availableBytes,
        /// vllmTokens, impliedBytes (what the tokens need at kvtiers' bytes per token),
        /// bytesPerToken (kvtiers', per GPU), logBytesPerToken (available ÷ vLLM's tokens)
        SetupDiffers,
        /// the log's token figure is newer vLLM's int(max concurrency × max_model_len):
        /// vllmConcurrency (the log's, two decimals), logContext, vllmTokens (the log's),
        /// blockTokens (kvtiers' blocks × block size), capacityTokens (kvtiers' product)
        NewerTokenForm,
        /// the log has no figure to compare (keep last: tests walk the kinds up to it)
        NoFigure,
    };
    Kind kind = Kind::NoFigure;
    double logContext = 0;
    double givenContext = 0;
    double percent = 0;
    double blockSize = 0;
    double vllmConcurrency = 0;
    double kvtiersConcurrency = 0;
    double vllmTokens = 0;
    double impliedBytes = 0;
    double assumedBytes = 0;
    double gapBytes = 0;
    double availableBytes = 0;
    int line = 0;
    double reserveBytes = 0;
    double utilization = 0;
    double hbmBytes = 0;
    double weightsBytes = 0;
    int tp = 0;
    double blockTokens = 0;
    double capacityTokens = 0;
    double bytesPerToken = 0;
    double logBytesPerToken = 0;
};

/// The sentence as a translatable template (context "VllmCheck").
Message vllmSentenceMessage(const VllmSentence& sentence);
/// The sentence in English (the CLI's explanation is these, joined by spaces).
std::string vllmSentenceText(const VllmSentence& sentence);
/// A figure to two decimals, as vLLM prints its concurrency ("%.2f"); a figure too large
/// for that (1e300) in significant digits instead.
std::string vllmTwoDecimals(double v);
/// vLLM's own line for a concurrency, as it prints it: "Maximum concurrency for 32,768
/// tokens per request: 26.63x" (a quote of vLLM, never translated).
std::string vllmConcurrencyLine(double tokensPerRequest, double concurrency);
/// Why vLLM's printed concurrency (vllmMaxConcurrency) differs from kvtiers' steady state
/// (maxConcurrency), in one sentence with the figures: vLLM budgets a sliding-window layer
/// at its chunked-prefill worst case, kvtiers the window a decoding request keeps.
Message vllmBudgetMessage(const VllmPrediction& prediction);
/// The sentences in English, joined by spaces.
std::string vllmExplanationText(const std::vector<VllmSentence>& sentences);
/// A size as an option value a user would type back: "96.5299GiB" (--kv-memory, --reserve).
std::string vllmSizeArgument(double bytes);

struct VllmComparison {
    VllmPrediction predicted;
    VllmLog log;
    /// vLLM's token capacity: its "GPU KV cache size", else worked out from "# GPU blocks"
    /// (blocks ÷ KV-cache groups × block size); what tokensDiffPercent compares.
    std::optional<double> vllmTokens;
    bool vllmTokensFromBlocks = false; ///< vllmTokens was worked out from # GPU blocks
    /// The log's token figure is newer vLLM's int(max concurrency × max_model_len) (it is
    /// within the two-decimal rounding of its own concurrency × context and is not
    /// blocks × block size); it is compared with predicted.capacityTokens.
    bool newerTokenForm = false;
    std::optional<double> tokensDiffPercent; ///< (vLLM − kvtiers) / kvtiers × 100
    std::optional<double> concurrencyDiffPercent;
    std::optional<double> impliedKvMemoryBytes;  ///< what vLLM must have had for KV per GPU
    std::optional<double> kvMemoryGapBytes;      ///< assumed − implied (> 0: vLLM had less)
    std::optional<double> impliedGpuUtilization; ///< the utilisation that closes the gap
    /// The "KV memory per GPU" row: kvtiers' assumption, vLLM's figure (the log's
    /// "Available KV cache memory", else what its tokens imply) and their difference,
    /// always vllmKvMemoryBytes − setup's kvMemoryBytes.
    std::optional<double> vllmKvMemoryBytes;
    bool vllmKvMemoryImplied = false; ///< vllmKvMemoryBytes is impliedKvMemoryBytes, not the log's line
    std::optional<double> kvMemoryDiffBytes;
    /// The log's memory does not hold its tokens at kvtiers' bytes per token (SetupDiffers).
    bool setupDiffers = false;
    bool agrees = false;                 ///< within block rounding
    std::vector<VllmSentence> sentences; ///< why the figures agree or differ
    std::string explanation;             ///< the sentences in English (vllmExplanationText)
};

VllmComparison compareWithVllm(const ModelCard& model, const VllmSetup& setup, const VllmLog& log,
    const std::optional<VllmHbmContext>& hbm = std::nullopt);

} // namespace kvtiers
