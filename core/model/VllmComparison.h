#pragma once
// VllmComparison: vLLM's figures from its startup log against kvtiers' prediction of its
// allocator (VllmCheck): whether they agree, and the sentences that say why or why not
// (context "VllmCheck").

#include "core/io/Message.h"
#include "core/model/VllmCheck.h"
#include "core/model/VllmLog.h"

#include <optional>
#include <string>
#include <vector>

namespace kvtiers {

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
