// vLLM's block math for one model on one GPU (predictVllm) and the notes on where it
// follows vLLM only approximately. The log is read in VllmLog.cpp, the two compared in
// VllmComparison.cpp.
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

namespace {

/// The log's kv_cache_dtype as a format: "auto" is the model's own dtype (the card's
/// default KV bits); every fp8 variant is 8 bits; nullopt when kvtiers does not know it.
std::optional<KvFormat> logKvFormat(const std::string& dtype, const ModelCard* model)
{
    std::string d = dtype;
    std::transform(d.begin(), d.end(), d.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (d == "auto")
        return model ? std::optional<KvFormat>(KvFormat { model->defaultKvBits, 0 }) : std::nullopt;
    if (d.starts_with("fp8"))
        return KvFormat { 8, 0 };
    try {
        return parseKvDtype(d, "kv_cache_dtype");
    } catch (const InputError&) {
        return std::nullopt;
    }
}

const ModelCard* cardOf(const std::map<std::string, ModelCard>& models, const std::string& id)
{
    const auto it = models.find(id);
    return it == models.end() ? nullptr : &it->second;
}

std::string modelLabel(const std::map<std::string, ModelCard>& models, const std::string& id)
{
    const ModelCard* card = cardOf(models, id);
    return card ? card->name + " (" + id + ")" : id;
}

} // namespace

VllmSetupValues vllmSetupFromLog(
    const VllmLog& log, const std::map<std::string, ModelCard>& models, const VllmSetupValues& base)
{
    VllmSetupValues v = base;
    if (log.model) {
        const VllmModelMatch m = matchVllmModel(log.model->text, models);
        if (!m.cardId.empty())
            v.modelId = m.cardId;
    }
    if (log.tp)
        v.tp = static_cast<int>(log.tp->number);
    if (log.blockSize)
        v.blockSize = static_cast<int>(log.blockSize->number);
    if (log.kvCacheDtype)
        if (auto kv = logKvFormat(log.kvCacheDtype->text, cardOf(models, v.modelId)))
            v.kv = kv;
    if (log.maxModelLen)
        v.context = log.maxModelLen->number;
    return v;
}

namespace {

using Setting = VllmSetupNote::Setting;

/// One setting the log states: its vLLM name, the log's value, the scenario's and the used
/// one as text (empty: not given), and whether the log's equals each.
struct Stated {
    Setting setting;
    const char* name;
    const VllmLogSetting* log;
    std::string scenario, used;
    bool scenarioSame, usedSame;
};

std::string kvText(const std::optional<KvFormat>& kv)
{
    return kv ? kv->name() : std::string();
}

bool sameKv(const std::optional<KvFormat>& a, const std::optional<KvFormat>& b)
{
    return a && b && a->bits == b->bits && a->scaleBits == b->scaleBits;
}

std::vector<Stated> statedSettings(const VllmLog& log, const std::map<std::string, ModelCard>& models,
    const VllmSetupValues& scenario, const VllmSetupValues& used)
{
    std::vector<Stated> out;
    auto count = [](double v) { return v > 0 ? formatCount(v) : std::string(); };
    if (log.tp)
        out.push_back({ Setting::Tp, "tensor_parallel_size", &*log.tp, count(scenario.tp), count(used.tp),
            scenario.tp == log.tp->number, used.tp == log.tp->number });
    if (log.blockSize)
        out.push_back({ Setting::BlockSize, kVllmBlockSizeSetting, &*log.blockSize, count(scenario.blockSize),
            count(used.blockSize), scenario.blockSize == log.blockSize->number,
            used.blockSize == log.blockSize->number });
    if (log.kvCacheDtype) {
        const auto kv = logKvFormat(log.kvCacheDtype->text, cardOf(models, used.modelId));
        out.push_back({ Setting::KvDtype, "kv_cache_dtype", &*log.kvCacheDtype, kvText(scenario.kv), kvText(used.kv),
            !kv || sameKv(kv, scenario.kv), !kv || sameKv(kv, used.kv) });
    }
    if (log.maxModelLen)
        out.push_back(
            { Setting::MaxModelLen, "max_model_len", &*log.maxModelLen, count(scenario.context), count(used.context),
                scenario.context == log.maxModelLen->number, used.context == log.maxModelLen->number });
    return out;
}

/// The model's note, if any, and its part of the "taken from the log" list.
void modelNotes(const VllmLog& log, const std::map<std::string, ModelCard>& models, const VllmSetupValues& scenario,
    const VllmSetupValues& used, std::vector<VllmSetupNote>& notes, std::vector<std::string>& taken)
{
    using Kind = VllmSetupNote::Kind;
    const VllmLogSetting& stated = *log.model;
    const VllmModelMatch m = matchVllmModel(stated.text, models);
    const std::string usedLabel = modelLabel(models, used.modelId);
    VllmSetupNote n { .setting = Setting::Model, .logValue = stated.text, .given = usedLabel, .line = stated.line };
    if (m.how == VllmModelMatch::How::None) {
        n.kind = Kind::ModelNoCard;
        notes.push_back(n);
        return;
    }
    if (m.how == VllmModelMatch::How::Ambiguous) {
        n.kind = Kind::ModelAmbiguous;
        for (const std::string& c : m.candidates)
            n.candidates += (n.candidates.empty() ? "" : ", ") + c;
        notes.push_back(n);
        return;
    }
    if (used.modelId != m.cardId) {
        n.kind = Kind::DiffersFromLog;
        n.cardId = m.cardId;
        notes.push_back(n);
        return;
    }
    taken.push_back("model " + stated.text + " = " + m.cardId + " (line " + std::to_string(stated.line) + ")");
    if (m.how == VllmModelMatch::How::BaseModel)
        notes.push_back({ .kind = Kind::ModelBaseName,
            .setting = Setting::Model,
            .logValue = stated.text,
            .cardId = m.cardId,
            .dropped = m.dropped,
            .line = stated.line });
    if (!scenario.modelId.empty() && scenario.modelId != m.cardId)
        notes.push_back({ .kind = Kind::LogReplaces,
            .setting = Setting::Model,
            .logValue = modelLabel(models, m.cardId),
            .given = modelLabel(models, scenario.modelId),
            .line = stated.line });
}

} // namespace

std::vector<VllmSetupNote> vllmSetupNotes(const VllmLog& log, const std::map<std::string, ModelCard>& models,
    const VllmSetupValues& scenario, const VllmSetupValues& used)
{
    using Kind = VllmSetupNote::Kind;
    std::vector<VllmSetupNote> warnings;
    std::vector<std::string> taken;
    if (log.model)
        modelNotes(log, models, scenario, used, warnings, taken);
    for (const Stated& s : statedSettings(log, models, scenario, used)) {
        const std::string logValue = s.setting == Setting::KvDtype ? s.log->text : formatCount(s.log->number);
        const VllmSetupNote base { .setting = s.setting, .logValue = logValue, .line = s.log->line };
        if (!s.usedSame) {
            VllmSetupNote n = base;
            n.kind = Kind::DiffersFromLog;
            n.given = s.used;
            warnings.push_back(n);
            continue;
        }
        taken.push_back(std::string(s.name) + " " + logValue + " (line " + std::to_string(s.log->line) + ")");
        if (!s.scenarioSame && !s.scenario.empty()) {
            VllmSetupNote n = base;
            n.kind = Kind::LogReplaces;
            n.given = s.scenario;
            warnings.push_back(n);
        }
    }
    std::vector<VllmSetupNote> notes;
    if (!taken.empty()) {
        std::string list;
        for (const std::string& t : taken)
            list += (list.empty() ? "" : ", ") + t;
        notes.push_back({ .kind = Kind::FromLog, .taken = list });
    }
    notes.insert(notes.end(), warnings.begin(), warnings.end());
    return notes;
}

namespace {

/// A setting's name in the sentences ("TP"), itself translated.
Message settingLabel(Setting s)
{
    switch (s) {
    case Setting::Model:
        return say(QT_TRANSLATE_NOOP("VllmCheck", "model"));
    case Setting::Tp:
        return say(QT_TRANSLATE_NOOP("VllmCheck", "TP"));
    case Setting::BlockSize:
        return say(QT_TRANSLATE_NOOP("VllmCheck", "block size"));
    case Setting::KvDtype:
        return say(QT_TRANSLATE_NOOP("VllmCheck", "KV cache dtype"));
    case Setting::MaxModelLen:
        return say(QT_TRANSLATE_NOOP("VllmCheck", "max_model_len"));
    }
    return {};
}

} // namespace

Message vllmSetupMessage(const VllmSetupNote& n)
{
    using Kind = VllmSetupNote::Kind;
    const MessageArg label(std::vector<Message> { settingLabel(n.setting) }, "");
    const std::string line = std::to_string(n.line);
    switch (n.kind) {
    case Kind::FromLog:
        return say(QT_TRANSLATE_NOOP("VllmCheck", "From the log: %1."), { n.taken });
    case Kind::LogReplaces:
        if (n.setting == Setting::Model)
            return say(QT_TRANSLATE_NOOP("VllmCheck",
                           "The log runs %1 (line %2); the scenario has %3: kvtiers compares with the log's model."),
                { n.logValue, line, n.given });
        return say(QT_TRANSLATE_NOOP("VllmCheck",
                       "The log says %1 %2 (line %3); the scenario has %1 %4: kvtiers compares at the log's %2."),
            { label, n.logValue, line, n.given });
    case Kind::DiffersFromLog:
        if (n.setting == Setting::Model)
            return say(QT_TRANSLATE_NOOP("VllmCheck",
                           "The log runs %1 (line %2), the card %3; this check uses %4, so its figures are not what "
                           "vLLM ran."),
                { n.logValue, line, n.cardId, n.given });
        return say(QT_TRANSLATE_NOOP("VllmCheck",
                       "The log says %1 %2 (line %3); this check uses %1 %4, so its figures are not what vLLM ran."),
            { label, n.logValue, line, n.given });
    case Kind::ModelNoCard:
        return say(QT_TRANSLATE_NOOP("VllmCheck",
                       "The log runs %1 (line %2), and no model card matches it: this check uses %3, which may not "
                       "be that model. Import its config.json to check the right shape."),
            { n.logValue, line, n.given });
    case Kind::ModelAmbiguous:
        return say(QT_TRANSLATE_NOOP(
                       "VllmCheck", "The log runs %1 (line %2), which matches several cards (%3): this check uses %4."),
            { n.logValue, line, n.candidates, n.given });
    case Kind::ModelBaseName:
        return say(QT_TRANSLATE_NOOP("VllmCheck",
                       "No card names %1 itself; kvtiers uses %2, its base model without \"%3\" (a fine-tune keeps "
                       "its layers, so its KV cache is the same)."),
            { n.logValue, n.cardId, n.dropped });
    }
    return {};
}

bool vllmSetupWarns(const VllmSetupNote& n)
{
    return n.kind != VllmSetupNote::Kind::FromLog && n.kind != VllmSetupNote::Kind::ModelBaseName;
}

std::string vllmSetupText(const VllmSetupNote& n)
{
    return vllmSetupMessage(n).english();
}

} // namespace kvtiers
