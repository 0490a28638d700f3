#include "core/cards/ModelCard.h"

#include "core/io/InputError.h"

namespace kvtiers {

const char* layerKindName(LayerKind kind)
{
    switch (kind) {
    case LayerKind::Full:
        return "full";
    case LayerKind::Sliding:
        return "sliding";
    case LayerKind::Chunked:
        return "chunked";
    case LayerKind::Mla:
        return "mla";
    case LayerKind::State:
        return "state";
    }
    return "?";
}

double LayerGroup::elementsPerToken() const
{
    switch (kind) {
    case LayerKind::Full:
    case LayerKind::Sliding:
    case LayerKind::Chunked:
        // docs/model.md §2: b_full = n_kv × (d_k + d_v) × e; the article's "2 ×" is d_k + d_v.
        return static_cast<double>(numKvHeads) * static_cast<double>(kHeadDim + vHeadDim);
    case LayerKind::Mla:
        // docs/model.md §2 / DeepSeek-V2 §2.1: one compressed latent plus the decoupled RoPE key.
        return static_cast<double>(kvLoraRank + qkRopeHeadDim);
    case LayerKind::State:
        return 0.0;
    }
    return 0.0;
}

std::int64_t ModelCard::totalLayers() const
{
    std::int64_t n = 0;
    for (const auto& g : groups)
        n += g.layers;
    return n;
}

double ModelCard::residualWidth() const
{
    if (hiddenSize > 0)
        return static_cast<double>(hiddenSize);
    for (const auto& g : groups)
        if (g.holdsTokens())
            return static_cast<double>(g.numHeads)
                * static_cast<double>(g.kind == LayerKind::Mla ? g.vHeadDim : g.kHeadDim);
    return 0;
}

namespace {

constexpr std::int64_t kMaxLayers = 100000;
constexpr std::int64_t kMaxDim = 1 << 20;
constexpr double kMaxParams = 1e16;
constexpr size_t kMaxGroups = 4096;

LayerGroup parseGroup(const JsonObject& o)
{
    LayerGroup g;
    const std::string kind = o.requireString("kind");
    if (kind == "full")
        g.kind = LayerKind::Full;
    else if (kind == "sliding")
        g.kind = LayerKind::Sliding;
    else if (kind == "chunked")
        g.kind = LayerKind::Chunked;
    else if (kind == "mla")
        g.kind = LayerKind::Mla;
    else if (kind == "state")
        g.kind = LayerKind::State;
    else
        o.fail("kind", { .code = InputErrorCode::UnknownLayerKind, .value = kind });
    g.layers = o.requireInteger("layers", 1, kMaxLayers);
    switch (g.kind) {
    case LayerKind::Full:
    case LayerKind::Sliding:
    case LayerKind::Chunked:
        if (g.kind == LayerKind::Full)
            o.rejectUnknownKeys({ "kind", "layers", "num_kv_heads", "k_head_dim", "v_head_dim", "num_heads" });
        else if (g.kind == LayerKind::Sliding)
            o.rejectUnknownKeys(
                { "kind", "layers", "num_kv_heads", "k_head_dim", "v_head_dim", "num_heads", "window" });
        else
            o.rejectUnknownKeys({ "kind", "layers", "num_kv_heads", "k_head_dim", "v_head_dim", "num_heads", "chunk" });
        g.numKvHeads = o.requireInteger("num_kv_heads", 1, kMaxDim);
        g.kHeadDim = o.requireInteger("k_head_dim", 1, kMaxDim);
        g.vHeadDim = o.requireInteger("v_head_dim", 1, kMaxDim);
        g.numHeads = o.optionalInteger("num_heads", 1, kMaxDim).value_or(g.numKvHeads);
        if (g.numHeads < g.numKvHeads)
            o.fail("num_heads",
                { .code = InputErrorCode::FewerQueryHeadsThanKvHeads,
                    .value = std::to_string(g.numHeads),
                    .max = std::to_string(g.numKvHeads) });
        if (g.kind == LayerKind::Sliding)
            g.window = o.requireInteger("window", 1, std::int64_t(1) << 40);
        if (g.kind == LayerKind::Chunked)
            g.chunk = o.requireInteger("chunk", 1, std::int64_t(1) << 40);
        break;
    case LayerKind::Mla:
        o.rejectUnknownKeys(
            { "kind", "layers", "kv_lora_rank", "qk_rope_head_dim", "num_heads", "qk_head_dim", "v_head_dim" });
        g.kvLoraRank = o.requireInteger("kv_lora_rank", 1, kMaxDim);
        g.qkRopeHeadDim = o.requireInteger("qk_rope_head_dim", 0, kMaxDim);
        g.numHeads = o.requireInteger("num_heads", 1, kMaxDim);
        g.qkHeadDim = o.requireInteger("qk_head_dim", 1, kMaxDim);
        g.vHeadDim = o.requireInteger("v_head_dim", 1, kMaxDim);
        break;
    case LayerKind::State:
        o.rejectUnknownKeys({ "kind", "layers", "state_bytes" });
        g.stateBytes = o.requireNumber("state_bytes", 1, 1e15);
        break;
    }
    return g;
}

/// "moe": the routed experts (config.json's names in the comments). Needs hidden_size.
MoeShape parseMoe(const JsonObject& o, const ModelCard& m)
{
    o.rejectUnknownKeys({ "routed_experts", "shared_experts", "experts_per_token", "expert_intermediate_size",
        "dense_layers", "dense_intermediate_size", "groups", "groups_per_token" });
    if (m.hiddenSize <= 0)
        o.fail("routed_experts", "needs the card's hidden_size (an expert is 3 x hidden x expert_intermediate_size)");
    MoeShape e;
    e.routedExperts = o.requireInteger("routed_experts", 1, 1 << 20);
    e.sharedExperts = o.optionalInteger("shared_experts", 0, 1024).value_or(0);
    e.expertsPerToken = o.requireInteger("experts_per_token", 1, e.routedExperts);
    e.expertIntermediate = o.requireInteger("expert_intermediate_size", 1, std::int64_t(1) << 24);
    e.denseLayers = o.optionalInteger("dense_layers", 0, kMaxLayers).value_or(0);
    e.denseIntermediate = o.optionalInteger("dense_intermediate_size", 0, std::int64_t(1) << 24).value_or(0);
    if (e.denseLayers > 0 && e.denseIntermediate <= 0)
        o.fail("dense_intermediate_size", "must be given where dense_layers is more than 0");
    e.groups = o.optionalInteger("groups", 1, e.routedExperts).value_or(1);
    if (e.routedExperts % e.groups != 0)
        o.fail("groups",
            std::to_string(e.groups) + " does not divide the " + std::to_string(e.routedExperts) + " routed experts");
    e.groupsPerToken = o.optionalInteger("groups_per_token", 1, e.groups).value_or(e.groups);
    if (e.groupsPerToken * (e.routedExperts / e.groups) < e.expertsPerToken)
        o.fail("groups_per_token",
            std::to_string(e.groupsPerToken) + " groups of " + std::to_string(e.routedExperts / e.groups)
                + " experts hold fewer than the " + std::to_string(e.expertsPerToken) + " experts per token");
    return e;
}

} // namespace

ModelCard parseModelCard(const Json& json, const std::string& origin)
{
    const JsonObject o(json, origin);
    o.rejectUnknownKeys({ "id", "name", "family", "notes", "sources", "params_total", "params_active", "weight_bits",
        "max_context", "default_kv_bits", "hidden_size", "intermediate_size", "vocab_size", "tie_word_embeddings",
        "layer_groups", "moe" });
    ModelCard m;
    m.id = o.requireString("id");
    m.name = o.requireString("name");
    m.family = o.optionalString("family").value_or("");
    m.notes = o.optionalString("notes").value_or("");
    m.sources = readSources(o);
    m.paramsTotal = o.requireNumber("params_total", 1, kMaxParams);
    m.paramsActive = o.optionalNumber("params_active", 1, kMaxParams).value_or(m.paramsTotal);
    if (m.paramsActive > m.paramsTotal)
        o.fail("params_active", { .code = InputErrorCode::ParamsActiveAboveTotal });
    m.weightBits = o.optionalNumber("weight_bits", 1, 64).value_or(16);
    m.maxContext = o.requireInteger("max_context", 1, std::int64_t(1) << 40);
    m.defaultKvBits = o.optionalNumber("default_kv_bits", 0.5, 64).value_or(16);
    m.hiddenSize = o.optionalInteger("hidden_size", 1, std::int64_t(1) << 24).value_or(0);
    m.intermediateSize = o.optionalInteger("intermediate_size", 1, std::int64_t(1) << 24).value_or(0);
    if (m.intermediateSize > 0 && m.hiddenSize <= 0)
        o.fail("intermediate_size", "needs the card's hidden_size (a dense FFN is 3 x hidden x intermediate_size)");
    m.vocabSize = o.optionalInteger("vocab_size", 1, std::int64_t(1) << 24).value_or(0);
    m.tieWordEmbeddings = o.optionalBool("tie_word_embeddings").value_or(false);
    if (o.has("moe"))
        m.moe = parseMoe(o.requireObject("moe"), m);
    const Json& groups = o.requireArray("layer_groups");
    if (groups.empty())
        o.fail("layer_groups", { .code = InputErrorCode::NoLayerGroups });
    if (groups.size() > kMaxGroups)
        o.fail("layer_groups", { .code = InputErrorCode::TooManyLayerGroups, .max = std::to_string(kMaxGroups) });
    bool anyTokens = false;
    for (size_t i = 0; i < groups.size(); ++i) {
        m.groups.push_back(parseGroup(JsonObject(groups[i], origin + ".layer_groups[" + std::to_string(i) + "]")));
        anyTokens = anyTokens || m.groups.back().holdsTokens();
    }
    if (!anyTokens)
        o.fail("layer_groups", { .code = InputErrorCode::NoAttentionLayers });
    if (m.totalLayers() > kMaxLayers)
        o.fail("layer_groups", { .code = InputErrorCode::TooManyLayers, .max = std::to_string(kMaxLayers) });
    if (m.intermediateSize > 0 && !m.moe.present()
        && 3.0 * static_cast<double>(m.hiddenSize) * static_cast<double>(m.intermediateSize)
                * static_cast<double>(m.totalLayers())
            >= m.paramsTotal)
        o.fail("intermediate_size",
            std::to_string(m.intermediateSize) + " makes the FFN alone (3 x hidden x intermediate_size x layers) "
                + "as large as params_total");
    if (m.moe.present() && m.moe.denseLayers >= m.totalLayers())
        o.fail("moe",
            "dense_layers " + std::to_string(m.moe.denseLayers) + " leaves no MoE layer of the "
                + std::to_string(m.totalLayers()) + " layers");
    return m;
}

Json ModelCard::toJson() const
{
    Json groupsJson = Json::array();
    for (const auto& g : groups) {
        Json j = { { "kind", layerKindName(g.kind) }, { "layers", g.layers } };
        switch (g.kind) {
        case LayerKind::Sliding:
        case LayerKind::Chunked:
            if (g.kind == LayerKind::Sliding)
                j["window"] = g.window;
            else
                j["chunk"] = g.chunk;
            [[fallthrough]];
        case LayerKind::Full:
            j["num_kv_heads"] = g.numKvHeads;
            j["k_head_dim"] = g.kHeadDim;
            j["v_head_dim"] = g.vHeadDim;
            j["num_heads"] = g.numHeads;
            break;
        case LayerKind::Mla:
            j["kv_lora_rank"] = g.kvLoraRank;
            j["qk_rope_head_dim"] = g.qkRopeHeadDim;
            j["num_heads"] = g.numHeads;
            j["qk_head_dim"] = g.qkHeadDim;
            j["v_head_dim"] = g.vHeadDim;
            break;
        case LayerKind::State:
            j["state_bytes"] = g.stateBytes;
            break;
        }
        groupsJson.push_back(std::move(j));
    }
    Json j = { { "id", id }, { "name", name }, { "params_total", paramsTotal }, { "params_active", paramsActive },
        { "weight_bits", weightBits }, { "max_context", maxContext }, { "default_kv_bits", defaultKvBits },
        { "layer_groups", groupsJson }, { "sources", sourcesToJson(sources) } };
    if (hiddenSize > 0)
        j["hidden_size"] = hiddenSize;
    if (intermediateSize > 0)
        j["intermediate_size"] = intermediateSize;
    if (vocabSize > 0) {
        j["vocab_size"] = vocabSize;
        j["tie_word_embeddings"] = tieWordEmbeddings;
    }
    if (moe.present())
        j["moe"] = { { "routed_experts", moe.routedExperts }, { "shared_experts", moe.sharedExperts },
            { "experts_per_token", moe.expertsPerToken }, { "expert_intermediate_size", moe.expertIntermediate },
            { "dense_layers", moe.denseLayers }, { "dense_intermediate_size", moe.denseIntermediate },
            { "groups", moe.groups }, { "groups_per_token", moe.groupsPerToken } };
    if (!family.empty())
        j["family"] = family;
    if (!notes.empty())
        j["notes"] = notes;
    return j;
}

} // namespace kvtiers
