// vLLM's block math for one model on one GPU (predictVllm) and the notes on where it
// follows vLLM only approximately. The log is read in VllmLog.cpp and VllmLogSetup.cpp, the
// two compared in VllmComparison.cpp.
#include "core/model/VllmCheck.h"

#include "core/io/InputError.h"
#include "core/io/Units.h"

#include <QtGlobal>

#include <algorithm>
#include <cctype>
#include <cmath>
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

/// One kind of layer with its bytes per token per layer on one GPU (attention) or its
/// state per layer (state layers).
struct Raw {
    VllmLayerKind k;
    double perToken;
    double state;
};

/// 1. The model's layer groups as vLLM's kinds, identical ones merged.
std::vector<Raw> layerKinds(const ModelCard& model, const VllmSetup& setup)
{
    const double e = setup.kv.bytesPerElement();
    const double tp = setup.tp;
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
    return raws;
}

/// 2. Hybrids with state layers: vLLM raises the attention block size until one
///    attention page is at least one state page, then pads the state page to it
///    (HybridAttentionMambaModelConfig.verify_and_update_config). Then every kind's page.
void sizePages(std::vector<Raw>& raws, const VllmSetup& setup, VllmPrediction& p)
{
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
}

/// 3. One KV-cache group when every layer needs the same token slots (all full
///    attention, all MLA, all sliding with one window): blocks from the sum of pages.
void packUniform(std::vector<Raw>& raws, std::int64_t totalLayers, VllmPrediction& p)
{
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
}

/// 4. Hybrid, first half: pages unified to the largest one (smaller attention pages get a
///    proportionally larger block size; state pages are padded). Returns the largest page.
double unifyPages(std::vector<Raw>& raws, VllmPrediction& p)
{
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
    return maxPage;
}

/// 4. Hybrid: layers split into groups of group_size layers, every group drawing from
///    one pool of blocks.
void packHybrid(std::vector<Raw>& raws, VllmPrediction& p)
{
    p.hybrid = true;
    const double maxPage = unifyPages(raws, p);
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

/// The concurrency at kvtiers' steady state, and as vLLM budgets and prints it.
void budgetRequests(const VllmSetup& setup, VllmPrediction& p)
{
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

    std::vector<Raw> raws = layerKinds(model, setup);
    sizePages(raws, setup, p);
    bool uniformType = true;
    for (const auto& r : raws)
        uniformType = uniformType && r.k.kind == raws.front().k.kind && r.k.window == raws.front().k.window;
    std::int64_t totalLayers = 0;
    for (const auto& r : raws)
        totalLayers += r.k.layers;
    if (uniformType)
        packUniform(raws, totalLayers, p);
    else
        packHybrid(raws, p);
    budgetRequests(setup, p);
    return p;
}

std::string vllmNoteText(const VllmNote& n)
{
    return vllmNoteMessage(n).english();
}

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

} // namespace kvtiers
