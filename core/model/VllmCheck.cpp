#include "core/model/VllmCheck.h"

#include "core/io/InputError.h"
#include "core/io/Units.h"

#include <QtGlobal>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <limits>

namespace kvtiers {

namespace {

double cdiv(double a, double b)
{
    return std::ceil(a / b - 1e-12);
}

/// Blocks one request of `context` tokens holds in one KV-cache group of this kind.
double blocksPerRequest(const VllmLayerKind& k, double context)
{
    if (k.kind == "state")
        return 1; // one page holds the whole fixed state
    const double bs = k.blockSize;
    if (k.kind == "sliding") {
        // vLLM's SlidingWindowManager frees blocks that fall wholly out of the window, so a
        // decoding request keeps the last window − 1 tokens plus the new one; they start
        // anywhere inside a block, hence window − 1 + block_size tokens' worth of blocks at
        // most. (SlidingWindowSpec.max_memory_usage_bytes in vllm/v1/kv_cache_interface.py
        // budgets the chunked-prefill worst case, cdiv(min(window − 1 +
        // max_num_batched_tokens, max_model_len), block_size) + 1 blocks, for its memory
        // check and its printed concurrency; at max_num_batched_tokens = 1 the two agree up
        // to one block.)
        return cdiv(std::min(context, k.window - 1 + bs), bs);
    }
    return cdiv(context, bs); // full attention and MLA: every token, rounded up to blocks
}

/// Blocks vLLM budgets for one request in one KV-cache group of this kind: as above, but
/// a sliding window at its chunked-prefill worst case (vllm/v1/kv_cache_interface.py,
/// SlidingWindowSpec.max_memory_usage_bytes: cdiv(min(W − 1 + in flight, max_model_len),
/// B) + 1). In flight is max_num_batched_tokens in 0.11; newer vLLM reads
/// VllmConfig.max_in_flight_tokens (vllm/config/vllm.py), max_concurrent_batches ×
/// max_num_batched_tokens, which is twice the batch with async scheduling.
double vllmBudgetBlocks(const VllmLayerKind& k, double context, double inFlightTokens)
{
    if (k.kind != "sliding")
        return blocksPerRequest(k, context);
    return cdiv(std::min(k.window - 1 + inFlightTokens, context), k.blockSize) + 1;
}

// Every sentence the check says, once (context "VllmCheck"): the CLI prints the English,
// the GUI translates the same template; figures are formatted here, as the CLI shows them.
constexpr MessageContext say { "VllmCheck" };

} // namespace

double defaultMaxNumBatchedTokens(const HardwareCard* gpu)
{
    if (!gpu)
        return 8192;
    std::string name = gpu->id + " " + gpu->name;
    std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
    const bool a100 = name.find("a100") != std::string::npos;
    return gpu->hbmBytes >= 70.0 * GiB && !a100 ? 8192 : 2048;
}

std::string vllmSizeArgument(double bytes)
{
    return formatSignificant(bytes / GiB, 6) + "GiB";
}

std::string vllmNoteText(const VllmNote& n)
{
    return vllmNoteMessage(n).english();
}

double vllmKvMemory(const ModelCard& model, const HardwareCard& hw, double gpuMemoryUtilization, int tp,
    double reserveBytes, double weightBits)
{
    const double weightsPerGpu = model.paramsTotal * weightBits / 8.0 / std::max(1, tp);
    return gpuMemoryUtilization * hw.hbmBytes - weightsPerGpu - reserveBytes;
}

VllmPrediction predictVllm(const ModelCard& model, const VllmSetup& setup)
{
    if (setup.tp < 1)
        throw InputError({ .code = InputErrorCode::VllmTpBelowOne, .where = "vllm-check" });
    if (setup.blockSize < 1)
        throw InputError({ .code = InputErrorCode::VllmBlockSizeBelowOne, .where = "vllm-check" });
    if (!(setup.kvMemoryBytes > 0)) {
        const std::string memory = formatBytes(setup.kvMemoryBytes);
        throw InputError({ .code = InputErrorCode::VllmNoKvMemory, .where = "vllm-check", .value = memory });
    }
    VllmPrediction p;
    p.context = setup.context > 0 ? setup.context : static_cast<double>(model.maxContext);
    p.kvMemoryBytes = setup.kvMemoryBytes;
    const double e = setup.kv.bytesPerElement();
    const double tp = setup.tp;

    // 1. Layer kinds with their bytes per token per layer on one GPU.
    struct Raw {
        VllmLayerKind k;
        double perToken;
        double state;
    };
    std::vector<Raw> raws;
    for (const auto& g : model.groups) {
        Raw r {};
        r.k.layers = g.layers;
        r.k.blockSize = setup.blockSize;
        switch (g.kind) {
        case LayerKind::Full:
        case LayerKind::Sliding:
        case LayerKind::Chunked: {
            // Heads split across ranks; replicated when there are fewer KV heads than ranks.
            const double heads = std::max(1.0, static_cast<double>(g.numKvHeads) / tp);
            r.perToken = heads * static_cast<double>(g.kHeadDim + g.vHeadDim) * e;
            // Chunked layers are budgeted as a sliding window of one chunk for now: the
            // most a request holds. vLLM's ChunkedLocalAttention spec frees whole earlier
            // chunks, which this does not yet model.
            r.k.kind = g.kind == LayerKind::Full ? "full" : "sliding";
            r.k.window = static_cast<double>(g.heldTokenLimit());
            break;
        }
        case LayerKind::Mla:
            // MLAAttentionSpec: one latent of kv_lora_rank + rope elements, whole on every rank.
            r.perToken = g.elementsPerToken() * e;
            r.k.kind = "mla";
            break;
        case LayerKind::State:
            r.state = g.stateBytes / tp;
            r.k.kind = "state";
            break;
        }
        auto same = std::find_if(raws.begin(), raws.end(), [&](const Raw& o) {
            return o.k.kind == r.k.kind && o.k.window == r.k.window && o.perToken == r.perToken && o.state == r.state;
        });
        if (same != raws.end())
            same->k.layers += r.k.layers;
        else
            raws.push_back(r);
    }

    // 2. Hybrids with state layers: vLLM raises the attention block size until one
    //    attention page is at least one state page, then pads the state page to it
    //    (HybridAttentionMambaModelConfig.verify_and_update_config).
    double maxState = 0, maxAttnPerToken = 0;
    for (const auto& r : raws) {
        maxState = std::max(maxState, r.state);
        maxAttnPerToken = std::max(maxAttnPerToken, r.perToken);
    }
    if (maxState > 0 && maxAttnPerToken > 0) {
        const double factor = std::max(1.0, cdiv(maxState, setup.blockSize * maxAttnPerToken));
        if (factor > 1) {
            for (auto& r : raws)
                if (r.k.kind != "state")
                    r.k.blockSize = static_cast<int>(setup.blockSize * factor);
            p.notes.push_back(
                { .kind = VllmNote::Kind::BlockSizeRaised, .blockSize = static_cast<int>(setup.blockSize * factor) });
        }
    }
    for (auto& r : raws) {
        r.k.realPageBytes = r.k.kind == "state" ? r.state : r.k.blockSize * r.perToken;
        r.k.pageBytes = r.k.realPageBytes;
    }

    // 3. One KV-cache group when every layer needs the same token slots (all full
    //    attention, all MLA, all sliding with one window): blocks from the sum of pages.
    bool uniformType = true;
    for (const auto& r : raws)
        uniformType = uniformType && r.k.kind == raws.front().k.kind && r.k.window == raws.front().k.window;
    std::int64_t totalLayers = 0;
    for (const auto& r : raws)
        totalLayers += r.k.layers;

    if (uniformType) {
        double perBlock = 0;
        for (const auto& r : raws)
            perBlock += static_cast<double>(r.k.layers) * r.k.pageBytes;
        p.groupSize = totalLayers;
        p.kvCacheGroups = 1;
        p.bytesPerBlock = perBlock;
        p.numBlocks = std::floor(p.kvMemoryBytes / perBlock);
        const int bs = raws.front().k.blockSize;
        p.tokens = p.numBlocks * bs;
        p.tokenBlockSize = bs;
        for (auto& r : raws) {
            r.k.groups = 1;
            r.k.blocksPerRequest = blocksPerRequest(r.k, p.context);
            p.kinds.push_back(r.k);
        }
        p.blocksPerRequest = p.kinds.front().blocksPerRequest;
        p.bytesPerToken = perBlock / bs;
    } else {
        // 4. Hybrid: pages unified to the largest one (smaller attention pages get a
        //    proportionally larger block size; state pages are padded), layers split into
        //    groups of group_size layers, every group drawing from one pool of blocks.
        p.hybrid = true;
        double maxPage = 0;
        for (const auto& r : raws)
            maxPage = std::max(maxPage, r.k.pageBytes);
        for (auto& r : raws) {
            if (r.k.pageBytes == maxPage)
                continue;
            const double ratio = maxPage / r.k.pageBytes;
            if (r.k.kind != "state" && std::fabs(ratio - std::round(ratio)) < 1e-9) {
                r.k.blockSize = static_cast<int>(r.k.blockSize * std::round(ratio));
                r.k.pageBytes = maxPage;
            } else {
                if (r.k.kind != "state")
                    p.notes.push_back({ .kind = VllmNote::Kind::PagePadded,
                        .layerKind = r.k.kind,
                        .pageBytes = r.k.pageBytes,
                        .largestPageBytes = maxPage });
                r.k.pageBytes = maxPage;
            }
        }
        std::int64_t minL = std::numeric_limits<std::int64_t>::max(), maxL = 0;
        for (const auto& r : raws) {
            minL = std::min(minL, r.k.layers);
            maxL = std::max(maxL, r.k.layers);
        }
        // _get_kv_cache_groups_uniform_page_size: the smallest layer count, unless the
        // largest is under 1.5 × the smallest (then the largest, to pad less).
        p.groupSize = static_cast<double>(maxL) < 1.5 * static_cast<double>(minL) ? maxL : minL;
        p.kvCacheGroups = 0;
        int minBlock = std::numeric_limits<int>::max();
        for (auto& r : raws) {
            r.k.groups = (r.k.layers + p.groupSize - 1) / p.groupSize;
            p.paddingLayers += r.k.groups * p.groupSize - r.k.layers;
            p.kvCacheGroups += r.k.groups;
            if (r.k.kind != "state")
                minBlock = std::min(minBlock, r.k.blockSize);
        }
        p.bytesPerBlock = maxPage * static_cast<double>(p.groupSize);
        p.numBlocks = std::floor(p.kvMemoryBytes / p.bytesPerBlock);
        // _report_kv_cache_config: num_blocks // groups × the smallest block size.
        p.tokens = std::floor(p.numBlocks / static_cast<double>(p.kvCacheGroups)) * minBlock;
        p.tokenBlockSize = minBlock;
        for (auto& r : raws) {
            r.k.blocksPerRequest = blocksPerRequest(r.k, p.context);
            p.blocksPerRequest += static_cast<double>(r.k.groups) * r.k.blocksPerRequest;
            p.kinds.push_back(r.k);
        }
        p.bytesPerToken = p.bytesPerBlock * static_cast<double>(p.kvCacheGroups) / minBlock;
        if (p.paddingLayers > 0)
            p.notes.push_back({ .kind = VllmNote::Kind::PaddingLayers, .paddingLayers = p.paddingLayers });
    }
    p.maxConcurrency = p.blocksPerRequest > 0 ? p.numBlocks / p.blocksPerRequest : 0;
    p.maxNumBatchedTokens
        = setup.maxNumBatchedTokens > 0 ? setup.maxNumBatchedTokens : defaultMaxNumBatchedTokens(nullptr);
    p.asyncScheduling = setup.asyncScheduling;
    // VllmConfig.max_concurrent_batches (vllm/config/vllm.py): 2 with async scheduling at
    // pipeline-parallel size 1, else 1; max_in_flight_tokens = that × max_num_batched_tokens.
    p.inFlightTokens = (setup.asyncScheduling ? 2.0 : 1.0) * p.maxNumBatchedTokens;
    for (auto& k : p.kinds) {
        k.vllmBlocksPerRequest = vllmBudgetBlocks(k, p.context, p.inFlightTokens);
        p.vllmBlocksPerRequest += static_cast<double>(k.groups) * k.vllmBlocksPerRequest;
    }
    if (!p.hybrid)
        p.vllmBlocksPerRequest = p.kinds.front().vllmBlocksPerRequest;
    p.vllmMaxConcurrency = p.vllmBlocksPerRequest > 0 ? p.numBlocks / p.vllmBlocksPerRequest : 0;
    // Newer vLLM's token line (vllm/v1/core/kv_cache_utils.py, get_kv_cache_capacity):
    // int(max_concurrency × max_model_len), the unrounded concurrency times the context.
    p.capacityTokens = std::floor(p.vllmMaxConcurrency * p.context);
    return p;
}

// ---------------------------------------------------------------------------- log

namespace {

std::string trimmed(std::string_view s)
{
    const auto b = s.find_first_not_of(" \t\r");
    if (b == std::string_view::npos)
        return {};
    const auto e = s.find_last_not_of(" \t\r");
    std::string out(s.substr(b, e - b + 1));
    if (out.size() > 160)
        out = out.substr(0, 157) + "...";
    return out;
}

/// Reads a number with optional thousands separators at `pos`; advances `pos`.
std::optional<double> numberAt(std::string_view line, size_t& pos)
{
    while (pos < line.size() && (line[pos] == ' ' || line[pos] == '\t'))
        ++pos;
    std::string digits;
    size_t i = pos;
    while (i < line.size()
        && (std::isdigit(static_cast<unsigned char>(line[i])) || line[i] == ',' || line[i] == '.' || line[i] == '_')) {
        if (line[i] != ',' && line[i] != '_')
            digits += line[i];
        ++i;
    }
    while (!digits.empty() && digits.back() == '.') // a sentence's full stop
        digits.pop_back();
    auto v = parsePlainNumber(digits);
    if (!v || *v < 0)
        return std::nullopt;
    pos = i;
    return v;
}

} // namespace

VllmLog parseVllmLog(std::string_view text, const std::string& origin)
{
    VllmLog log;
    int lineNo = 0;
    size_t start = 0;
    while (start <= text.size()) {
        const size_t end = std::min(text.find('\n', start), text.size());
        const std::string_view line = text.substr(start, end - start);
        ++lineNo;
        auto fail = [&](const std::string& what) {
            const std::string quoted = trimmed(line);
            throw InputError({ .code = InputErrorCode::VllmLogUnreadable,
                .where = origin,
                .value = what,
                .detail = quoted,
                .line = lineNo });
        };
        if (auto at = line.find("GPU KV cache size:"); at != std::string_view::npos) {
            size_t pos = at + std::string_view("GPU KV cache size:").size();
            const auto v = numberAt(line, pos);
            if (!v || line.substr(pos).find("token") == std::string_view::npos)
                fail("the token count");
            log.kvCacheTokens = *v;
            log.kvCacheLine = lineNo;
        }
        if (auto at = line.find("Maximum concurrency for"); at != std::string_view::npos) {
            size_t pos = at + std::string_view("Maximum concurrency for").size();
            const auto tokens = numberAt(line, pos);
            if (!tokens)
                fail("the tokens per request");
            const auto colon = line.find(':', pos);
            if (colon == std::string_view::npos)
                fail("the concurrency");
            size_t cpos = colon + 1;
            const auto x = numberAt(line, cpos);
            if (!x)
                fail("the concurrency");
            log.concurrencyTokens = *tokens;
            log.concurrency = *x;
            log.concurrencyLine = lineNo;
        }
        if (auto at = line.find("Available KV cache memory:"); at != std::string_view::npos) {
            size_t pos = at + std::string_view("Available KV cache memory:").size();
            const auto v = numberAt(line, pos);
            if (!v)
                fail("the memory size");
            while (pos < line.size() && line[pos] == ' ')
                ++pos;
            const std::string_view unit = line.substr(pos, 3);
            double scale = GiB;
            if (unit.starts_with("GiB"))
                scale = GiB;
            else if (unit.starts_with("MiB"))
                scale = MiB;
            else if (unit.starts_with("TiB"))
                scale = TiB;
            else if (unit.starts_with("GB"))
                scale = 1e9;
            else if (unit.starts_with("MB"))
                scale = 1e6;
            else
                fail("the memory unit");
            log.availableKvBytes = *v * scale;
            log.availableLine = lineNo;
        }
        if (auto at = line.find("# GPU blocks:"); at != std::string_view::npos) {
            size_t pos = at + std::string_view("# GPU blocks:").size();
            const auto v = numberAt(line, pos);
            if (!v)
                fail("the block count");
            log.gpuBlocks = *v;
            log.gpuBlocksLine = lineNo;
        }
        if (end >= text.size())
            break;
        start = end + 1;
    }
    if (!log.kvCacheTokens && !log.concurrency && !log.gpuBlocks)
        throw InputError({ .code = InputErrorCode::VllmLogNoKvLine, .where = origin });
    return log;
}

// ---------------------------------------------------------------------------- comparison

Message vllmNoteMessage(const VllmNote& n)
{
    switch (n.kind) {
    case VllmNote::Kind::BlockSizeRaised:
        return say(QT_TRANSLATE_NOOP("VllmCheck",
                       "state layers: the attention block size is raised to %1 tokens so one attention page holds one "
                       "state (vLLM does this for hybrids; its exact alignment differs between versions)"),
            { std::to_string(n.blockSize) });
    case VllmNote::Kind::PagePadded: {
        const std::string page = formatCount(n.pageBytes);
        const std::string largest = formatCount(n.largestPageBytes);
        if (n.layerKind == "full")
            return say(QT_TRANSLATE_NOOP("VllmCheck",
                           "a full page (%1 B) does not divide the largest page (%2 B): vLLM refuses such a model; "
                           "kvtiers pads it"),
                { page, largest });
        if (n.layerKind == "sliding")
            return say(QT_TRANSLATE_NOOP("VllmCheck",
                           "a sliding page (%1 B) does not divide the largest page (%2 B): vLLM refuses such a model; "
                           "kvtiers pads it"),
                { page, largest });
        if (n.layerKind == "mla")
            return say(QT_TRANSLATE_NOOP("VllmCheck",
                           "a mla page (%1 B) does not divide the largest page (%2 B): vLLM refuses such a model; "
                           "kvtiers pads it"),
                { page, largest });
        return say(QT_TRANSLATE_NOOP("VllmCheck",
                       "a %1 page (%2 B) does not divide the largest page (%3 B): vLLM refuses "
                       "such a model; kvtiers pads it"),
            { n.layerKind, page, largest });
    }
    case VllmNote::Kind::PaddingLayers:
        return say(QT_TRANSLATE_NOOP("VllmCheck", "%1 padding layer slot(s) to make the groups equal"),
            { std::to_string(n.paddingLayers) });
    }
    return {};
}

Message vllmSentenceMessage(const VllmSentence& s)
{
    using Kind = VllmSentence::Kind;
    const std::string implied = formatBytes(s.impliedBytes);
    const std::string assumed = formatBytes(s.assumedBytes);
    const std::string gap = formatBytes(s.gapBytes);
    const std::string tokens = formatCount(s.vllmTokens);
    const std::string share = formatSignificant(s.percent, 3);
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

Message vllmBudgetMessage(const VllmPrediction& p)
{
    const auto sliding
        = std::find_if(p.kinds.begin(), p.kinds.end(), [](const VllmLayerKind& k) { return k.kind == "sliding"; });
    if (sliding == p.kinds.end() || sliding->vllmBlocksPerRequest == sliding->blocksPerRequest)
        return say(QT_TRANSLATE_NOOP("VllmCheck",
                       "vLLM budgets the same %1 blocks per request as kvtiers' steady state, "
                       "so the two figures agree."),
            { formatCount(p.vllmBlocksPerRequest) });
    const VllmLayerKind& k = *sliding;
    if (p.asyncScheduling)
        return say(
            QT_TRANSLATE_NOOP("VllmCheck",
                "Newer vLLM with async scheduling budgets a sliding-window layer at cdiv(min(W − 1 + 2 × "
                "max_num_batched_tokens, max_model_len), B) + 1 = cdiv(min(%1 − 1 + 2 × %2, %3), %4) + 1 = %5 blocks "
                "per request; kvtiers counts the steady-state %1 tokens a decoding request keeps: %6 blocks."),
            { formatCount(k.window), formatCount(p.maxNumBatchedTokens), formatCount(p.context),
                std::to_string(k.blockSize), formatCount(k.vllmBlocksPerRequest), formatCount(k.blocksPerRequest) });
    return say(
        QT_TRANSLATE_NOOP("VllmCheck",
            "vLLM %1 budgets a sliding-window layer at cdiv(min(W − 1 + max_num_batched_tokens, max_model_len), "
            "B) + 1 = cdiv(min(%2 − 1 + %3, %4), %5) + 1 = %6 blocks per request; kvtiers counts the steady-state "
            "%2 tokens a decoding request keeps: %7 blocks."),
        { kVllmVersion, formatCount(k.window), formatCount(p.maxNumBatchedTokens), formatCount(p.context),
            std::to_string(k.blockSize), formatCount(k.vllmBlocksPerRequest), formatCount(k.blocksPerRequest) });
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

    // Agreement: the same whole blocks, or the concurrency within the log's two decimals.
    // For the newer form one block more or less moves the product by context ÷ vLLM's
    // blocks per request, plus one for int().
    if (c.newerTokenForm) {
        says.push_back({ .kind = Kind::NewerTokenForm,
            .logContext = context,
            .vllmConcurrency = *log.concurrency,
            .vllmTokens = *vllmTokens,
            .blockTokens = p.tokens,
            .capacityTokens = p.capacityTokens });
        c.agrees = std::fabs(*vllmTokens - p.capacityTokens) < context / p.vllmBlocksPerRequest + 1;
    } else if (vllmTokens)
        c.agrees = std::fabs(*vllmTokens - p.tokens) < minBlock * static_cast<double>(p.kvCacheGroups) + 0.5;
    else if (log.concurrency)
        c.agrees = std::fabs(*log.concurrency - p.maxConcurrency) <= 0.005 + 1e-9;

    bool nearly = false;
    if (!c.agrees && c.tokensDiffPercent && std::fabs(*c.tokensDiffPercent) < 0.05) {
        // "Available KV cache memory: 96.53 GiB" is rounded to 10 MiB, a few blocks' worth.
        c.agrees = nearly = true;
    }
    if (c.agrees) {
        if (nearly)
            says.push_back({ .kind = Kind::MatchesWithinRounding, .percent = std::fabs(*c.tokensDiffPercent) });
        else
            says.push_back({ .kind = Kind::MatchesExactly, .blockSize = minBlock });
        if (log.concurrency && std::fabs(*log.concurrency - p.maxConcurrency) > 0.0051)
            says.push_back({ .kind = Kind::ConcurrencyDiffers,
                .vllmConcurrency = *log.concurrency,
                .kvtiersConcurrency = p.maxConcurrency });
    } else if (c.kvMemoryGapBytes) {
        const double gap = *c.kvMemoryGapBytes;
        const double implied = *c.impliedKvMemoryBytes;
        // What vLLM's figure needs against what kvtiers assumed; the log's own memory line
        // (when it differs from the assumption) is named without a share.
        const bool logMemory = log.availableKvBytes
            && std::fabs(*log.availableKvBytes - setup.kvMemoryBytes) > 0.001 * setup.kvMemoryBytes;
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
        says.push_back(need);
        if (logMemory) {
            says.push_back({ .kind = Kind::LogReportsAvailable,
                .availableBytes = *log.availableKvBytes,
                .line = log.availableLine });
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
        if (p.hybrid || !p.notes.empty())
            says.push_back({ .kind = Kind::HybridPadding });
    } else {
        says.push_back({ .kind = Kind::NoFigure });
    }
    c.explanation = vllmExplanationText(says);
    return c;
}

} // namespace kvtiers
