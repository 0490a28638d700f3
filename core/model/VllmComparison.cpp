// vLLM's figures from its log against kvtiers' prediction: whether they agree, and the
// sentences that say why or why not (context "VllmCheck").
#include "core/model/VllmComparison.h"

#include "core/io/Units.h"

#include <QtGlobal>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace kvtiers {

namespace {

// Every sentence the check says, once (context "VllmCheck"): the CLI prints the English,
// the GUI translates the same template; figures are formatted here, as the CLI shows them.
constexpr MessageContext say { "VllmCheck" };

} // namespace

std::string vllmSizeArgument(double bytes)
{
    return formatSignificant(bytes / GiB, 6) + "GiB";
}

namespace {

/// What vLLM's figure needs against what kvtiers assumed (the Tokens/Concurrency Need* kinds).
Message needSentence(const VllmSentence& s)
{
    using Kind = VllmSentence::Kind;
    const std::string implied = formatBytes(s.impliedBytes);
    const std::string assumed = formatBytes(s.assumedBytes);
    const std::string gap = formatBytes(s.gapBytes);
    const std::string tokens = formatCount(s.vllmTokens);
    const std::string share = formatSignificant(s.percent, 3);
    switch (s.kind) {
    case Kind::TokensNeedMore:
        return say(QT_TRANSLATE_NOOP("VllmCheck",
                       "vLLM's %1 tokens need about %2 of KV memory per GPU; kvtiers assumed %3, %4 more."),
            { tokens, implied, assumed, gap });
    case Kind::TokensNeedLess:
        return say(QT_TRANSLATE_NOOP("VllmCheck",
                       "vLLM's %1 tokens need about %2 of KV memory per GPU; kvtiers assumed %3, %4 less."),
            { tokens, implied, assumed, gap });
    case Kind::ConcurrencyNeedsMore:
        return say(QT_TRANSLATE_NOOP("VllmCheck",
                       "vLLM's concurrency need about %1 of KV memory per GPU; kvtiers assumed %2, %3 more."),
            { implied, assumed, gap });
    case Kind::ConcurrencyNeedsLess:
        return say(QT_TRANSLATE_NOOP("VllmCheck",
                       "vLLM's concurrency need about %1 of KV memory per GPU; kvtiers assumed %2, %3 less."),
            { implied, assumed, gap });
    case Kind::TokensNeedMoreShare:
        return say(QT_TRANSLATE_NOOP("VllmCheck",
                       "vLLM's %1 tokens need about %2 of KV memory per GPU; kvtiers assumed %3, %4 (%5%) more."),
            { tokens, implied, assumed, gap, share });
    case Kind::TokensNeedLessShare:
        return say(QT_TRANSLATE_NOOP("VllmCheck",
                       "vLLM's %1 tokens need about %2 of KV memory per GPU; kvtiers assumed %3, %4 (%5%) less."),
            { tokens, implied, assumed, gap, share });
    case Kind::ConcurrencyNeedsMoreShare:
        return say(QT_TRANSLATE_NOOP("VllmCheck",
                       "vLLM's concurrency need about %1 of KV memory per GPU; kvtiers assumed %2, %3 (%4%) more."),
            { implied, assumed, gap, share });
    case Kind::ConcurrencyNeedsLessShare:
        return say(QT_TRANSLATE_NOOP("VllmCheck",
                       "vLLM's concurrency need about %1 of KV memory per GPU; kvtiers assumed %2, %3 (%4%) less."),
            { implied, assumed, gap, share });
    default:
        break;
    }
    return {};
}

/// Where the gap in memory comes from and what reproduces vLLM's figure.
Message gapSentence(const VllmSentence& s)
{
    using Kind = VllmSentence::Kind;
    switch (s.kind) {
    case Kind::LogReportsAvailable:
        return say(
            QT_TRANSLATE_NOOP("VllmCheck",
                "vLLM itself reports %1 available for KV cache (line %2): give --kv-memory %3 to check the block "
                "math alone."),
            { formatBytes(s.availableBytes), std::to_string(s.line), vllmSizeArgument(s.availableBytes) });
    case Kind::LogGapIsReserve:
        return say(QT_TRANSLATE_NOOP("VllmCheck",
                       "The gap is memory vLLM kept out of the KV cache beyond the weights: the activation peak of its "
                       "profiling run, CUDA graphs and non-torch allocations; --reserve %1 reproduces it."),
            { vllmSizeArgument(s.reserveBytes) });
    case Kind::GapIsKeptMemory:
        return say(
            QT_TRANSLATE_NOOP("VllmCheck",
                "With gpu_memory_utilization %1 of %2 HBM and %3 of weights per GPU, that gap is memory vLLM kept "
                "out of the KV cache: the activation peak of its profiling run, CUDA graphs and non-torch "
                "allocations (NCCL buffers, the CUDA context)."),
            { formatSignificant(s.utilization, 3), formatBytes(s.hbmBytes), formatBytes(s.weightsBytes) });
    case Kind::ReserveReproduces:
        return say(QT_TRANSLATE_NOOP("VllmCheck", "--reserve %1 (or --kv-memory %2) reproduces vLLM's figure."),
            { vllmSizeArgument(s.reserveBytes), vllmSizeArgument(s.impliedBytes) });
    case Kind::ReserveOrUtilizationReproduces:
        return say(
            QT_TRANSLATE_NOOP("VllmCheck",
                "--reserve %1 (or --kv-memory %2) reproduces vLLM's figure; so would a gpu_memory_utilization of %3 "
                "with the reserve given."),
            { vllmSizeArgument(s.reserveBytes), vllmSizeArgument(s.impliedBytes),
                formatSignificant(s.utilization, 3) });
    case Kind::MemoryNotGiven:
        return say(QT_TRANSLATE_NOOP("VllmCheck",
            "That is memory vLLM did not give to the KV cache: activations (its profiling peak), CUDA graphs, "
            "non-torch allocations, or a lower gpu_memory_utilization."));
    case Kind::KvMemoryReproduces:
        return say(QT_TRANSLATE_NOOP("VllmCheck", "--kv-memory %1 reproduces vLLM's figure."),
            { vllmSizeArgument(s.impliedBytes) });
    case Kind::VllmHadMore:
        return say(
            QT_TRANSLATE_NOOP("VllmCheck",
                "vLLM had more memory for KV than assumed: a higher gpu_memory_utilization, smaller weights than the "
                "card's (a quantized checkpoint?), a smaller reserve, or a larger tensor-parallel degree than --tp "
                "%1."),
            { std::to_string(s.tp) });
    case Kind::VllmHadMoreUtilization:
        return say(
            QT_TRANSLATE_NOOP("VllmCheck",
                "vLLM had more memory for KV than assumed: a higher gpu_memory_utilization (%1 would do it), smaller "
                "weights than the card's (a quantized checkpoint?), a smaller reserve, or a larger tensor-parallel "
                "degree than --tp %2."),
            { formatSignificant(s.utilization, 3), std::to_string(s.tp) });
    default:
        break;
    }
    return {};
}

} // namespace

Message vllmSentenceMessage(const VllmSentence& s)
{
    using Kind = VllmSentence::Kind;
    const std::string tokens = formatCount(s.vllmTokens);
    switch (s.kind) {
    case Kind::ContextFromLog:
        return say(QT_TRANSLATE_NOOP("VllmCheck",
                       "vLLM's concurrency is for %1 tokens per request (its max_model_len), not the %2 given; kvtiers "
                       "compares at %1."),
            { formatCount(s.logContext), formatCount(s.givenContext) });
    case Kind::MatchesWithinRounding:
        return say(
            QT_TRANSLATE_NOOP("VllmCheck",
                "vLLM's figure matches kvtiers' block math to within %1%, the rounding of the memory figure the log "
                "prints."),
            { formatSignificant(s.percent, 2) });
    case Kind::MatchesExactly:
        return say(QT_TRANSLATE_NOOP(
                       "VllmCheck", "vLLM's figure matches kvtiers' block math exactly (same blocks of %1 tokens)."),
            { formatCount(s.blockSize) });
    case Kind::ConcurrencyDiffers:
        return say(QT_TRANSLATE_NOOP("VllmCheck",
                       "The concurrency differs (%1x vs %2x): for sliding-window layers vLLM budgets a chunked-prefill "
                       "worst case (window − 1 + max_num_batched_tokens tokens, plus a block)."),
            { formatSignificant(s.vllmConcurrency, 4), formatSignificant(s.kvtiersConcurrency, 4) });
    case Kind::TokensNeedMore:
    case Kind::TokensNeedLess:
    case Kind::ConcurrencyNeedsMore:
    case Kind::ConcurrencyNeedsLess:
    case Kind::TokensNeedMoreShare:
    case Kind::TokensNeedLessShare:
    case Kind::ConcurrencyNeedsMoreShare:
    case Kind::ConcurrencyNeedsLessShare:
        return needSentence(s);
    case Kind::LogReportsAvailable:
    case Kind::LogGapIsReserve:
    case Kind::GapIsKeptMemory:
    case Kind::ReserveReproduces:
    case Kind::ReserveOrUtilizationReproduces:
    case Kind::MemoryNotGiven:
    case Kind::KvMemoryReproduces:
    case Kind::VllmHadMore:
    case Kind::VllmHadMoreUtilization:
        return gapSentence(s);
    case Kind::HybridPadding:
        return say(QT_TRANSLATE_NOOP("VllmCheck",
            "This model is a hybrid for vLLM's allocator; kvtiers follows its grouping, but versions differ in "
            "how they pad pages, so a few percent can come from there."));
    case Kind::NewerTokenForm:
        return say(QT_TRANSLATE_NOOP("VllmCheck",
                       "The log's token figure is newer vLLM's max concurrency × max_model_len (%1 × %2 ≈ %3 tokens), "
                       "not blocks × block size (%4 tokens); kvtiers compares it with the same product, %5 tokens."),
            { vllmTwoDecimals(s.vllmConcurrency), formatCount(s.logContext), tokens, formatCount(s.blockTokens),
                formatCount(s.capacityTokens) });
    case Kind::SetupDiffers:
        return say(QT_TRANSLATE_NOOP("VllmCheck",
                       "vLLM's own figures do not fit this setup: %1 of KV memory (line %2) for %3 tokens is %4 per "
                       "token per GPU, where this setup has %5 (its %3 tokens would need %6). The model, TP, KV cache "
                       "dtype or block size differ from what vLLM ran."),
            { formatBytes(s.availableBytes), std::to_string(s.line), tokens, formatBytes(s.logBytesPerToken),
                formatBytes(s.bytesPerToken), formatBytes(s.impliedBytes) });
    case Kind::NoFigure:
        return say(QT_TRANSLATE_NOOP("VllmCheck", "The log has no figure kvtiers can compare."));
    }
    return {};
}

std::string vllmTwoDecimals(double v)
{
    if (!std::isfinite(v) || std::fabs(v) >= 1e15)
        return formatSignificant(v, 6);
    char x[64];
    std::snprintf(x, sizeof x, "%.2f", v);
    return x;
}

std::string vllmConcurrencyLine(double tokensPerRequest, double concurrency)
{
    // vllm/v1/core/kv_cache_utils.py: f"Maximum concurrency for {max_model_len:,} tokens per request: {x:.2f}x"
    return "Maximum concurrency for " + formatCount(tokensPerRequest)
        + " tokens per request: " + vllmTwoDecimals(concurrency) + "x";
}

std::string vllmSentenceText(const VllmSentence& s)
{
    return vllmSentenceMessage(s).english();
}

std::string vllmExplanationText(const std::vector<VllmSentence>& sentences)
{
    std::string out;
    for (size_t i = 0; i < sentences.size(); ++i)
        out += (i ? " " : "") + vllmSentenceText(sentences[i]);
    return out;
}

namespace {

/// vLLM's token capacity, which form of it the log printed, the differences in percent
/// and the KV memory vLLM must have had.
void readFigures(
    VllmComparison& c, const VllmLog& log, const VllmSetup& setup, const std::optional<VllmHbmContext>& hbm)
{
    const VllmPrediction& p = c.predicted;
    const double minBlock = p.tokenBlockSize;

    std::optional<double> vllmTokens = log.kvCacheTokens;
    if (!vllmTokens && log.gpuBlocks)
        vllmTokens = *log.gpuBlocks / static_cast<double>(p.kvCacheGroups) * minBlock;
    c.vllmTokens = vllmTokens;
    c.vllmTokensFromBlocks = vllmTokens && !log.kvCacheTokens;

    // Which "GPU KV cache size" the log printed. vLLM 0.11: num_blocks // groups × block
    // size (_report_kv_cache_config). Newer vLLM: int(max_concurrency × max_model_len)
    // (vllm/v1/core/kv_cache_utils.py, get_kv_cache_capacity / update_kv_cache_capacity).
    // A token figure within the two-decimal rounding of the log's own concurrency × its
    // context (|T − x × len| ≤ 0.005 × len + 1) that is not kvtiers' blocks × block size
    // is the newer form; where kvtiers' two forms coincide (full attention at whole
    // blocks) nothing tells them apart, and nothing needs to.
    const double context = p.context;
    if (log.kvCacheTokens && log.concurrency && log.concurrencyTokens && context > 0 && p.capacityTokens != p.tokens
        && std::isfinite(*log.kvCacheTokens) && std::isfinite(*log.concurrency)) {
        const double product = *log.concurrency * context;
        c.newerTokenForm
            = std::fabs(*log.kvCacheTokens - product) <= 0.005 * context + 1 && *log.kvCacheTokens != p.tokens;
    }
    const double predictedTokens = c.newerTokenForm ? p.capacityTokens : p.tokens;
    if (vllmTokens && predictedTokens > 0)
        c.tokensDiffPercent = (*vllmTokens - predictedTokens) / predictedTokens * 100.0;
    if (log.concurrency && p.maxConcurrency > 0)
        c.concurrencyDiffPercent = (*log.concurrency - p.maxConcurrency) / p.maxConcurrency * 100.0;

    // The KV memory vLLM must have had: its tokens × bytes per token (whole blocks); for the
    // newer form, tokens ÷ context is the concurrency, blocks ÷ vLLM's budget per request.
    if (c.newerTokenForm)
        c.impliedKvMemoryBytes = *vllmTokens / context * p.vllmBlocksPerRequest * p.bytesPerBlock;
    else if (vllmTokens)
        c.impliedKvMemoryBytes = *vllmTokens * p.bytesPerToken;
    else if (log.concurrency)
        c.impliedKvMemoryBytes = *log.concurrency * p.blocksPerRequest * p.bytesPerBlock;
    if (c.impliedKvMemoryBytes) {
        c.kvMemoryGapBytes = setup.kvMemoryBytes - *c.impliedKvMemoryBytes;
        if (hbm && hbm->hbmBytes > 0)
            c.impliedGpuUtilization
                = (*c.impliedKvMemoryBytes + hbm->weightsBytesPerGpu + hbm->reserveBytes) / hbm->hbmBytes;
    }
}

/// Agreement: the same whole blocks, or the concurrency within the log's two decimals.
/// For the newer form one block more or less moves the product by context ÷ vLLM's
/// blocks per request, plus one for int(). Returns whether it agrees only within the
/// rounding of the log's memory figure.
bool judgeAgreement(VllmComparison& c, const VllmLog& log)
{
    using Kind = VllmSentence::Kind;
    const VllmPrediction& p = c.predicted;
    const std::optional<double>& vllmTokens = c.vllmTokens;
    const double context = p.context;
    if (c.newerTokenForm) {
        c.sentences.push_back({ .kind = Kind::NewerTokenForm,
            .logContext = context,
            .vllmConcurrency = *log.concurrency,
            .vllmTokens = *vllmTokens,
            .blockTokens = p.tokens,
            .capacityTokens = p.capacityTokens });
        c.agrees = std::fabs(*vllmTokens - p.capacityTokens) < context / p.vllmBlocksPerRequest + 1;
    } else if (vllmTokens)
        c.agrees = std::fabs(*vllmTokens - p.tokens)
            < static_cast<double>(p.tokenBlockSize) * static_cast<double>(p.kvCacheGroups) + 0.5;
    else if (log.concurrency)
        c.agrees = std::fabs(*log.concurrency - p.maxConcurrency) <= 0.005 + 1e-9;

    bool nearly = false;
    if (!c.agrees && c.tokensDiffPercent && std::fabs(*c.tokensDiffPercent) < 0.05) {
        // "Available KV cache memory: 96.53 GiB" is rounded to 10 MiB, a few blocks' worth.
        c.agrees = nearly = true;
    }
    return nearly;
}

/// Where the gap comes from once the need is said: memory vLLM kept, or had more of.
void explainGap(VllmComparison& c, const VllmSetup& setup, const std::optional<VllmHbmContext>& hbm, bool logMemory)
{
    using Kind = VllmSentence::Kind;
    std::vector<VllmSentence>& says = c.sentences;
    const VllmLog& log = c.log;
    const double gap = *c.kvMemoryGapBytes;
    const double implied = *c.impliedKvMemoryBytes;
    if (logMemory) {
        says.push_back(
            { .kind = Kind::LogReportsAvailable, .availableBytes = *log.availableKvBytes, .line = log.availableLine });
        if (hbm && gap > 0)
            says.push_back({ .kind = Kind::LogGapIsReserve, .reserveBytes = gap + hbm->reserveBytes });
    } else if (gap > 0) {
        if (hbm) {
            says.push_back({ .kind = Kind::GapIsKeptMemory,
                .utilization = hbm->gpuMemoryUtilization,
                .hbmBytes = hbm->hbmBytes,
                .weightsBytes = hbm->weightsBytesPerGpu });
            if (c.impliedGpuUtilization)
                says.push_back({ .kind = Kind::ReserveOrUtilizationReproduces,
                    .impliedBytes = implied,
                    .reserveBytes = gap + hbm->reserveBytes,
                    .utilization = *c.impliedGpuUtilization });
            else
                says.push_back({ .kind = Kind::ReserveReproduces,
                    .impliedBytes = implied,
                    .reserveBytes = gap + hbm->reserveBytes });
        } else {
            says.push_back({ .kind = Kind::MemoryNotGiven });
            says.push_back({ .kind = Kind::KvMemoryReproduces, .impliedBytes = implied });
        }
    } else {
        if (c.impliedGpuUtilization)
            says.push_back(
                { .kind = Kind::VllmHadMoreUtilization, .utilization = *c.impliedGpuUtilization, .tp = setup.tp });
        else
            says.push_back({ .kind = Kind::VllmHadMore, .tp = setup.tp });
    }
}

/// The "KV memory per GPU" row: vLLM's figure is the log's own line, else what its tokens
/// imply; the difference is always vLLM's figure less kvtiers' assumption. The log's line
/// and its tokens disagree (beyond the line's rounding and a block per group) when the
/// setup is not the one vLLM ran: at TP 8 instead of 4 its tokens need half its memory.
void memoryRow(VllmComparison& c, const VllmSetup& setup)
{
    const VllmLog& log = c.log;
    if (log.availableKvBytes) {
        c.vllmKvMemoryBytes = *log.availableKvBytes;
    } else if (c.impliedKvMemoryBytes) {
        c.vllmKvMemoryBytes = *c.impliedKvMemoryBytes;
        c.vllmKvMemoryImplied = true;
    }
    if (c.vllmKvMemoryBytes)
        c.kvMemoryDiffBytes = *c.vllmKvMemoryBytes - setup.kvMemoryBytes;
    if (c.agrees || !log.availableKvBytes || !c.impliedKvMemoryBytes || !c.vllmTokens || !(*c.vllmTokens > 0))
        return;
    const VllmPrediction& p = c.predicted;
    const double available = *log.availableKvBytes;
    const double slack
        = std::max(0.01 * available, 0.006 * GiB) + static_cast<double>(p.kvCacheGroups) * p.bytesPerBlock;
    c.setupDiffers = std::fabs(available - *c.impliedKvMemoryBytes) > slack;
}

/// The figures disagree: what vLLM's figure needs against what kvtiers assumed, then why.
void explainDifference(VllmComparison& c, const VllmSetup& setup, const std::optional<VllmHbmContext>& hbm)
{
    using Kind = VllmSentence::Kind;
    if (c.setupDiffers) {
        // vLLM's memory and tokens contradict this setup: memory is not the cause.
        const double tokens = *c.vllmTokens;
        c.sentences.push_back({ .kind = Kind::SetupDiffers,
            .vllmTokens = tokens,
            .impliedBytes = *c.impliedKvMemoryBytes,
            .availableBytes = *c.log.availableKvBytes,
            .line = c.log.availableLine,
            .bytesPerToken = *c.impliedKvMemoryBytes / tokens,
            .logBytesPerToken = *c.log.availableKvBytes / tokens });
        return;
    }
    const VllmLog& log = c.log;
    const std::optional<double>& vllmTokens = c.vllmTokens;
    const double gap = *c.kvMemoryGapBytes;
    const double implied = *c.impliedKvMemoryBytes;
    // What vLLM's figure needs against what kvtiers assumed; the log's own memory line
    // (when it differs from the assumption) is named without a share.
    const bool logMemory
        = log.availableKvBytes && std::fabs(*log.availableKvBytes - setup.kvMemoryBytes) > 0.001 * setup.kvMemoryBytes;
    const bool more = gap > 0;
    const double gapSize = logMemory ? std::fabs(gap) : more ? gap : -gap;
    VllmSentence need { .vllmTokens = vllmTokens.value_or(0),
        .impliedBytes = implied,
        .assumedBytes = setup.kvMemoryBytes,
        .gapBytes = gapSize };
    if (!logMemory)
        need.percent = gapSize / setup.kvMemoryBytes * 100;
    if (vllmTokens)
        need.kind = logMemory ? (more ? Kind::TokensNeedMore : Kind::TokensNeedLess)
                              : (more ? Kind::TokensNeedMoreShare : Kind::TokensNeedLessShare);
    else
        need.kind = logMemory ? (more ? Kind::ConcurrencyNeedsMore : Kind::ConcurrencyNeedsLess)
                              : (more ? Kind::ConcurrencyNeedsMoreShare : Kind::ConcurrencyNeedsLessShare);
    c.sentences.push_back(need);
    explainGap(c, setup, hbm, logMemory);
    if (c.predicted.hybrid || !c.predicted.notes.empty())
        c.sentences.push_back({ .kind = Kind::HybridPadding });
}

} // namespace

VllmComparison compareWithVllm(
    const ModelCard& model, const VllmSetup& setupIn, const VllmLog& log, const std::optional<VllmHbmContext>& hbm)
{
    VllmComparison c;
    c.log = log;
    VllmSetup setup = setupIn;
    using Kind = VllmSentence::Kind;
    std::vector<VllmSentence>& says = c.sentences;
    if (log.concurrencyTokens) {
        if (setup.context > 0 && setup.context != *log.concurrencyTokens)
            says.push_back(
                { .kind = Kind::ContextFromLog, .logContext = *log.concurrencyTokens, .givenContext = setup.context });
        setup.context = *log.concurrencyTokens;
    }
    c.predicted = predictVllm(model, setup);
    const VllmPrediction& p = c.predicted;
    readFigures(c, log, setup, hbm);
    const bool nearly = judgeAgreement(c, log);
    memoryRow(c, setup);
    if (c.agrees) {
        if (nearly)
            says.push_back({ .kind = Kind::MatchesWithinRounding, .percent = std::fabs(*c.tokensDiffPercent) });
        else
            says.push_back({ .kind = Kind::MatchesExactly, .blockSize = static_cast<double>(p.tokenBlockSize) });
        if (log.concurrency && std::fabs(*log.concurrency - p.maxConcurrency) > 0.0051)
            says.push_back({ .kind = Kind::ConcurrencyDiffers,
                .vllmConcurrency = *log.concurrency,
                .kvtiersConcurrency = p.maxConcurrency });
    } else if (c.kvMemoryGapBytes) {
        explainDifference(c, setup, hbm);
    } else {
        says.push_back({ .kind = Kind::NoFigure });
    }
    c.explanation = vllmExplanationText(says);
    return c;
}

} // namespace kvtiers
