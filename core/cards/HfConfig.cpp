#include "core/cards/HfConfig.h"

#include "core/io/InputError.h"
#include "core/io/Units.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <map>
#include <optional>
#include <set>

namespace kvtiers {

namespace {

constexpr std::int64_t kMaxDim = 1 << 20;
constexpr std::int64_t kMaxLayers = 100000;
constexpr std::int64_t kMaxVocab = 1'000'000'000;
constexpr std::int64_t kMaxTokens = std::int64_t(1) << 40;

std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

std::string count(double v)
{
    return formatCount(v);
}

/// One decoder layer as far as its cache goes. Identical layers become one LayerGroup.
struct LayerSpec {
    LayerKind kind = LayerKind::Full;
    std::int64_t kvHeads = 0, kDim = 0, vDim = 0, window = 0, heads = 0;
    std::int64_t kvLoraRank = 0, rope = 0, qkHeadDim = 0;
    double stateBytes = 0;
    std::string mixer; ///< "attention", "chunked", "mla", "mamba", "linear_attention"

    bool sameGroup(const LayerSpec& o) const
    {
        return kind == o.kind && kvHeads == o.kvHeads && kDim == o.kDim && vDim == o.vDim && window == o.window
            && heads == o.heads && kvLoraRank == o.kvLoraRank && rope == o.rope && qkHeadDim == o.qkHeadDim
            && stateBytes == o.stateBytes;
    }
};

/// Families whose MLP is two plain projections (no gate): up and down.
bool nonGatedMlp(const std::string& f)
{
    static const std::set<std::string> s
        = { "opt", "gpt2", "gpt_bigcode", "gpt_neox", "gptj", "bloom", "falcon", "phi", "starcoder2", "mpt" };
    return s.count(f) > 0;
}

/// Families that tie the output projection to the input embedding when the config is silent.
bool tiedByDefault(const std::string& f)
{
    return f.starts_with("gemma") || f == "opt" || f == "gpt2" || f == "gpt_bigcode" || f == "bloom";
}

class Importer {
public:
    Importer(const Json& config, std::string origin)
        : m_top(config)
        , m_origin(std::move(origin))
    {
        if (!config.is_object())
            throw InputError({ .code = InputErrorCode::HfConfigNotObject, .where = m_origin });
        if (auto it = config.find("text_config"); it != config.end() && it->is_object()) {
            m_lm = &*it;
            m_prefix = "text_config.";
        } else {
            m_lm = &config;
        }
    }

    void run();

    ModelCard card;
    std::vector<std::string> missing;             ///< field paths
    std::vector<InputErrorDetail> problemDetails; ///< the structured form of each problem, `where` = its path

private:
    // ---- field access: the language-model config, then the top level, then family defaults
    const Json* find(std::string_view key) const
    {
        for (const Json* j : { m_lm, &m_top }) {
            if (auto it = j->find(std::string(key)); it != j->end() && !it->is_null())
                return &*it;
        }
        if (auto it = m_defaults.find(std::string(key)); it != m_defaults.end()) {
            m_usedDefaults.insert(std::string(key) + " " + it->dump());
            return &*it;
        }
        return nullptr;
    }
    /// The first alias present, with its key.
    std::pair<const Json*, std::string> findAny(std::initializer_list<const char*> names) const
    {
        for (const char* n : names)
            if (const Json* v = find(n))
                return { v, n };
        return { nullptr, *names.begin() };
    }
    std::string path(const std::string& key) const
    {
        if (m_lm != &m_top && m_lm->contains(key))
            return m_prefix + key;
        if (m_top.contains(key))
            return key;
        return m_prefix + key;
    }
    /// Records a problem once per field: its code and figures (the path goes in `where`).
    void invalid(const std::string& key, InputErrorDetail detail)
    {
        const std::string p = path(key);
        if (std::find(m_invalidPaths.begin(), m_invalidPaths.end(), p) == m_invalidPaths.end()) {
            m_invalidPaths.push_back(p);
            detail.where = p;
            problemDetails.push_back(std::move(detail));
        }
    }
    void need(const std::string& key, const std::string& why)
    {
        const std::string p = path(key);
        if (std::find(missing.begin(), missing.end(), p) == missing.end()) {
            missing.push_back(p);
            m_missingWhy.push_back(p + " (" + why + ")");
        }
    }

    std::optional<std::int64_t> optInt(std::initializer_list<const char*> names, std::int64_t min, std::int64_t max)
    {
        auto [v, key] = findAny(names);
        if (!v)
            return std::nullopt;
        double d = 0;
        if (v->is_number_integer() || v->is_number_unsigned())
            d = static_cast<double>(v->get<std::int64_t>());
        else if (v->is_number_float())
            d = v->get<double>();
        else {
            invalid(key, { .code = InputErrorCode::HfNotWholeNumber, .value = v->dump() });
            return std::nullopt;
        }
        if (!std::isfinite(d) || d != std::floor(d) || d < static_cast<double>(min) || d > static_cast<double>(max)) {
            const std::string low = count(static_cast<double>(min)), high = count(static_cast<double>(max));
            invalid(
                key, { .code = InputErrorCode::HfWholeNumberOutOfRange, .value = v->dump(), .min = low, .max = high });
            return std::nullopt;
        }
        return static_cast<std::int64_t>(d);
    }
    std::optional<std::int64_t> reqInt(
        std::initializer_list<const char*> names, std::int64_t min, std::int64_t max, const std::string& why)
    {
        auto [v, key] = findAny(names);
        if (!v) {
            need(key, why);
            return std::nullopt;
        }
        return optInt(names, min, max);
    }
    std::optional<bool> optBool(const char* key)
    {
        const Json* v = find(key);
        if (!v)
            return std::nullopt;
        if (!v->is_boolean()) {
            invalid(key, { .code = InputErrorCode::HfNotTrueOrFalse, .value = v->dump() });
            return std::nullopt;
        }
        return v->get<bool>();
    }
    std::optional<std::string> optString(const Json& j, const char* key)
    {
        if (auto it = j.find(key); it != j.end() && it->is_string())
            return it->get<std::string>();
        return std::nullopt;
    }

    void readLayerKinds();
    void readStateLayers();
    void readMoe();
    double attentionParams(const LayerSpec& s) const;
    void estimateParameters();
    void readWeightBits();
    void nameCard();

    const Json& m_top;
    const Json* m_lm = nullptr;
    std::string m_prefix;
    std::string m_origin;
    Json m_defaults = Json::object();
    mutable std::set<std::string> m_usedDefaults;
    std::vector<std::string> m_invalidPaths;
    std::vector<std::string> m_missingWhy;
    std::vector<std::string> m_estimates;

    std::string m_type; ///< model_type, "_text" suffix removed
    std::int64_t m_layers = 0, m_heads = 0, m_hidden = 0, m_vocab = 0, m_maxCtx = 0;
    std::int64_t m_kvHeads = 0, m_headDim = 0;
    std::vector<std::string> m_kinds; ///< per layer: full, sliding, chunked, mla, mamba, linear
    std::vector<LayerSpec> m_specs;
    double m_stateElementBytes = 2;

    // MLA
    std::int64_t m_kvLora = 0, m_rope = 0, m_nope = 0, m_vHead = 0, m_qLora = 0;
    // Mamba (Jamba)
    std::int64_t m_dState = 0, m_dConv = 0, m_dInner = 0, m_dtRank = 0;
    // Gated DeltaNet (Qwen3-Next)
    std::int64_t m_linK = 0, m_linV = 0, m_linKDim = 0, m_linVDim = 0, m_linConv = 0;
    // MLP / MoE
    std::int64_t m_inter = 0, m_denseInter = 0, m_experts = 0, m_topK = 0, m_expertInter = 0;
    std::int64_t m_sharedExperts = 0, m_sharedInter = 0;
    std::vector<bool> m_moeLayer;
    bool m_attentionBias = false;
    double m_expertParamsTotal = 0;
};

void Importer::run()
{
    // model_type decides the family's patterns; an unknown type is read with the standard fields.
    std::string modelType;
    if (auto t = optString(*m_lm, "model_type"))
        modelType = *t;
    else if (auto t2 = optString(m_top, "model_type"))
        modelType = *t2;
    else if (auto a = m_top.find("architectures");
             a != m_top.end() && a->is_array() && !a->empty() && (*a)[0].is_string())
        modelType = lower((*a)[0].get<std::string>());
    m_type = lower(modelType);
    for (const char* suffix : { "_text", "forcausallm", "forconditionalgeneration" })
        if (m_type.ends_with(suffix))
            m_type.resize(m_type.size() - std::string_view(suffix).size());
    if (m_type == "gemma3") {
        // The released Gemma 3 configs leave these to transformers' Gemma3TextConfig defaults.
        m_defaults
            = { { "vocab_size", 262208 }, { "max_position_embeddings", 131072 }, { "sliding_window_pattern", 6 } };
    }

    m_layers = reqInt({ "num_hidden_layers", "n_layer", "num_layers", "n_layers" }, 1, kMaxLayers, "layer count")
                   .value_or(0);
    m_heads = reqInt({ "num_attention_heads", "n_head", "num_heads" }, 1, kMaxDim, "query heads").value_or(0);
    m_hidden = reqInt({ "hidden_size", "n_embd", "d_model" }, 1, kMaxDim, "model width").value_or(0);
    m_vocab = reqInt(
        { "vocab_size", "n_vocab", "padded_vocab_size" }, 1, kMaxVocab, "embedding size for the parameter count")
                  .value_or(0);
    m_maxCtx = reqInt(
        { "max_position_embeddings", "n_positions", "max_sequence_length", "seq_length", "n_ctx", "model_max_length" },
        1, kMaxTokens, "maximum context")
                   .value_or(0);

    if (auto kv = optInt({ "num_key_value_heads", "num_kv_heads", "n_head_kv", "multi_query_group_num" }, 1, kMaxDim)) {
        m_kvHeads = *kv;
    } else if (!findAny({ "num_key_value_heads", "num_kv_heads", "n_head_kv", "multi_query_group_num" }).first) {
        m_kvHeads = m_heads;
        if (m_heads > 0)
            m_estimates.push_back("no num_key_value_heads: multi-head attention (" + count(m_heads) + " KV heads)");
    }
    if (m_kvHeads > 0 && m_heads > 0 && m_kvHeads > m_heads)
        invalid("num_key_value_heads", { .code = InputErrorCode::HfKvHeadsAboveHeads, .max = count(m_heads) });

    if (auto hd = optInt({ "head_dim", "head_size" }, 1, kMaxDim)) {
        m_headDim = *hd;
    } else if (!findAny({ "head_dim", "head_size" }).first && m_hidden > 0 && m_heads > 0) {
        if (m_hidden % m_heads != 0)
            invalid("head_dim",
                { .code = InputErrorCode::HfHeadDimNotDivisible, .value = count(m_hidden), .max = count(m_heads) });
        else
            m_headDim = m_hidden / m_heads;
    }

    readLayerKinds();
    readStateLayers();
    readMoe();
    m_attentionBias = optBool("attention_bias").value_or(false);

    if (!missing.empty() || !problemDetails.empty())
        return;

    // Layer specs from the per-layer kinds.
    for (std::int64_t i = 0; i < m_layers; ++i) {
        const std::string& k = m_kinds[static_cast<size_t>(i)];
        LayerSpec s;
        s.heads = m_heads;
        if (k == "mla") {
            s.kind = LayerKind::Mla;
            s.kvLoraRank = m_kvLora;
            s.rope = m_rope;
            s.qkHeadDim = m_nope + m_rope;
            s.vDim = m_vHead;
            s.mixer = "mla";
        } else if (k == "mamba" || k == "linear") {
            s.kind = LayerKind::State;
            s.heads = 0;
            s.mixer = k == "mamba" ? "mamba" : "linear_attention";
            if (k == "mamba") {
                // Mamba (Jamba): SSM state d_inner × d_state plus the causal-conv window
                // d_inner × (d_conv − 1), as vLLM's Mamba state keeps it; the state dtype is
                // the model's activation dtype (docs/model.md §1, models/models/jamba-v0.1.json).
                s.stateBytes
                    = static_cast<double>(m_dInner) * static_cast<double>(m_dState + m_dConv - 1) * m_stateElementBytes;
            } else {
                // Gated DeltaNet (Qwen3-Next): recurrent state per value head
                //   linear_num_value_heads × linear_key_head_dim × linear_value_head_dim
                // plus the conv window over the q, k and v channels
                //   (2 × linear_num_key_heads × linear_key_head_dim
                //    + linear_num_value_heads × linear_value_head_dim) × (linear_conv_kernel_dim − 1),
                // elements in the model's activation dtype.
                const double recurrent
                    = static_cast<double>(m_linV) * static_cast<double>(m_linKDim) * static_cast<double>(m_linVDim);
                const double conv = static_cast<double>(2 * m_linK * m_linKDim + m_linV * m_linVDim)
                    * static_cast<double>(m_linConv - 1);
                s.stateBytes = (recurrent + conv) * m_stateElementBytes;
            }
        } else {
            s.kind = k == "full" ? LayerKind::Full : k == "chunked" ? LayerKind::Chunked : LayerKind::Sliding;
            s.kvHeads = m_kvHeads;
            s.kDim = m_headDim;
            s.vDim = m_headDim;
            s.mixer = k == "chunked" ? "chunked" : "attention";
            if (k == "sliding")
                s.window = *optInt({ "sliding_window" }, 1, kMaxTokens);
            else if (k == "chunked")
                s.window = *optInt({ "attention_chunk_size" }, 1, kMaxTokens);
            // A window or chunk that covers every position is full attention.
            if (s.kind != LayerKind::Full && s.window >= m_maxCtx) {
                s.kind = LayerKind::Full;
                s.window = 0;
            }
        }
        m_specs.push_back(s);
    }

    card.maxContext = m_maxCtx;
    card.family = m_type;
    card.defaultKvBits = 16;
    for (const auto& s : m_specs) {
        auto it = std::find_if(card.groups.begin(), card.groups.end(), [&](const LayerGroup& g) {
            LayerSpec t;
            t.kind = g.kind;
            t.kvHeads = g.numKvHeads;
            t.kDim = g.kHeadDim;
            t.vDim = g.vHeadDim;
            t.window = g.heldTokenLimit();
            t.heads = g.numHeads;
            t.kvLoraRank = g.kvLoraRank;
            t.rope = g.qkRopeHeadDim;
            t.qkHeadDim = g.qkHeadDim;
            t.stateBytes = g.stateBytes;
            return t.sameGroup(s);
        });
        if (it != card.groups.end()) {
            ++it->layers;
            continue;
        }
        LayerGroup g;
        g.kind = s.kind;
        g.layers = 1;
        g.numKvHeads = s.kvHeads;
        g.kHeadDim = s.kDim;
        g.vHeadDim = s.vDim;
        // LayerSpec keeps a sliding window and a chunk in one field.
        g.window = s.kind == LayerKind::Sliding ? s.window : 0;
        g.chunk = s.kind == LayerKind::Chunked ? s.window : 0;
        g.numHeads = s.heads;
        g.kvLoraRank = s.kvLoraRank;
        g.qkRopeHeadDim = s.rope;
        g.qkHeadDim = s.qkHeadDim;
        g.stateBytes = s.stateBytes;
        card.groups.push_back(g);
    }
    bool anyTokens = false;
    for (const auto& g : card.groups)
        anyTokens = anyTokens || g.holdsTokens();
    if (!anyTokens) {
        problemDetails.push_back({ .code = InputErrorCode::NoAttentionLayers, .where = path("layer_types") });
        return;
    }

    estimateParameters();
    readWeightBits(); // after the estimate: mxfp4 weighs the experts' share
    nameCard();
}

void Importer::readLayerKinds()
{
    if (m_layers <= 0)
        return;
    const auto L = static_cast<size_t>(m_layers);
    m_kinds.assign(L, "full");

    // MLA (DeepSeek-V2/V3, Kimi K2): every attention layer caches one latent.
    if (findAny({ "kv_lora_rank" }).first) {
        m_kvLora = reqInt({ "kv_lora_rank" }, 1, kMaxDim, "MLA latent").value_or(0);
        m_rope = reqInt({ "qk_rope_head_dim" }, 0, kMaxDim, "MLA decoupled RoPE key").value_or(0);
        m_nope = reqInt({ "qk_nope_head_dim" }, 0, kMaxDim, "MLA query/key head dim").value_or(0);
        m_vHead = reqInt({ "v_head_dim" }, 1, kMaxDim, "MLA value head dim").value_or(0);
        m_qLora = optInt({ "q_lora_rank" }, 1, kMaxDim).value_or(0);
        std::fill(m_kinds.begin(), m_kinds.end(), "mla");
        return;
    }

    const Json* lt = find("layer_types");
    if (lt && !lt->is_array()) {
        invalid("layer_types", { .code = InputErrorCode::HfLayerTypesNotList });
        lt = nullptr;
    }
    if (lt) {
        if (lt->size() != L) {
            const std::string listed = count(static_cast<double>(lt->size()));
            invalid(
                "layer_types", { .code = InputErrorCode::HfLayerTypesCount, .value = listed, .max = count(m_layers) });
            return;
        }
        for (size_t i = 0; i < L; ++i) {
            const Json& e = (*lt)[i];
            const std::string v = e.is_string() ? e.get<std::string>() : std::string();
            if (v == "full_attention" || v == "attention" || v == "global_attention" || v == "full")
                m_kinds[i] = "full";
            else if (v == "sliding_attention" || v == "sliding_window_attention" || v == "local_attention"
                || v == "sliding")
                m_kinds[i] = "sliding";
            else if (v == "chunked_attention")
                m_kinds[i] = "chunked";
            else if (v == "linear_attention")
                m_kinds[i] = "linear";
            else if (v == "mamba" || v == "mamba2")
                m_kinds[i] = "mamba";
            else {
                invalid("layer_types",
                    { .code = InputErrorCode::HfUnknownLayerType, .value = e.dump(), .detail = std::to_string(i) });
                return;
            }
        }
    } else if (m_type == "jamba") {
        // Jamba: attention on layers where i % attn_layer_period == attn_layer_offset, Mamba elsewhere.
        const auto period = reqInt({ "attn_layer_period" }, 1, kMaxLayers, "Jamba attention layer pattern");
        const auto offset = reqInt({ "attn_layer_offset" }, 0, kMaxLayers, "Jamba attention layer pattern");
        if (period && offset)
            for (size_t i = 0; i < L; ++i)
                m_kinds[i] = static_cast<std::int64_t>(i) % *period == *offset ? "full" : "mamba";
    } else if (m_type == "qwen3_next") {
        // Qwen3-Next: every full_attention_interval-th layer is full attention, the others Gated DeltaNet.
        if (const auto every = reqInt({ "full_attention_interval" }, 1, kMaxLayers, "Qwen3-Next layer pattern"))
            for (size_t i = 0; i < L; ++i)
                m_kinds[i] = (static_cast<std::int64_t>(i) + 1) % *every == 0 ? "full" : "linear";
    } else if (m_type == "gemma2" || m_type == "gpt_oss") {
        // Gemma 2 and gpt-oss alternate, starting with a sliding layer (layer 0).
        for (size_t i = 0; i < L; ++i)
            m_kinds[i] = i % 2 == 0 ? "sliding" : "full";
        m_estimates.push_back("no layer_types: " + m_type + "'s alternation, even layers sliding");
    } else if (m_type == "gemma3") {
        // Gemma 3: layer i is global when (i + 1) is a multiple of sliding_window_pattern.
        if (const auto p = reqInt({ "sliding_window_pattern" }, 1, kMaxLayers, "Gemma 3 global layer pattern"))
            for (size_t i = 0; i < L; ++i)
                m_kinds[i] = (static_cast<std::int64_t>(i) + 1) % *p == 0 ? "full" : "sliding";
    } else if (m_type == "llama4" && findAny({ "attention_chunk_size" }).first) {
        // Llama 4: RoPE layers use chunked local attention, NoPE layers (no_rope_layers[i] == 0;
        // by default every 4th) attend globally.
        const Json* nope = find("no_rope_layers");
        if (nope && nope->is_array() && nope->size() == L) {
            for (size_t i = 0; i < L; ++i)
                m_kinds[i] = (*nope)[i].is_number() && (*nope)[i].get<double>() != 0 ? "chunked" : "full";
        } else {
            for (size_t i = 0; i < L; ++i)
                m_kinds[i] = (i + 1) % 4 != 0 ? "chunked" : "full";
            m_estimates.push_back("no usable no_rope_layers: every 4th layer global, as Llama 4's default");
        }
    } else if (m_type == "qwen2" || m_type == "qwen2_moe" || m_type == "qwen3" || m_type == "qwen3_moe") {
        // Qwen: sliding window only when use_sliding_window, on layers >= max_window_layers.
        if (optBool("use_sliding_window").value_or(false) && find("sliding_window")) {
            const std::int64_t from = optInt({ "max_window_layers" }, 0, kMaxLayers).value_or(0);
            for (size_t i = 0; i < L; ++i)
                m_kinds[i] = static_cast<std::int64_t>(i) >= from ? "sliding" : "full";
        }
    } else if (find("sliding_window") && optBool("use_sliding_window").value_or(true)) {
        // Mistral 7B v0.1, Phi-3 and unknown types: a window on every layer.
        std::fill(m_kinds.begin(), m_kinds.end(), "sliding");
    }

    for (size_t i = 0; i < L; ++i) {
        if (m_kinds[i] == "sliding") {
            if (reqInt({ "sliding_window" }, 1, kMaxTokens, "window of the sliding layers") && m_maxCtx > 0
                && *optInt({ "sliding_window" }, 1, kMaxTokens) >= m_maxCtx)
                m_estimates.push_back("sliding_window " + count(*optInt({ "sliding_window" }, 1, kMaxTokens))
                    + " is not below max_position_embeddings: those layers are counted as full attention");
            break;
        }
    }
    if (std::find(m_kinds.begin(), m_kinds.end(), "chunked") != m_kinds.end()) {
        reqInt({ "attention_chunk_size" }, 1, kMaxTokens, "chunk of the chunked-attention layers");
        m_estimates.push_back("chunked local attention layers hold at most attention_chunk_size tokens per "
                              "sequence, counted in full once a chunk has filled (the worst case; a new chunk "
                              "starts empty, so the average is lower)");
    }
}

void Importer::readStateLayers()
{
    const Json* dt = find("torch_dtype");
    if (!dt)
        dt = find("dtype");
    if (dt && dt->is_string() && (dt->get<std::string>() == "float32" || dt->get<std::string>() == "fp32"))
        m_stateElementBytes = 4;
    // The family's state dims are needed even when its layer pattern is missing.
    const bool mamba = m_type == "jamba" || std::find(m_kinds.begin(), m_kinds.end(), "mamba") != m_kinds.end();
    const bool linear = m_type == "qwen3_next" || std::find(m_kinds.begin(), m_kinds.end(), "linear") != m_kinds.end();
    if (mamba) {
        m_dState
            = reqInt({ "mamba_d_state", "ssm_state_size", "state_size" }, 1, kMaxDim, "Mamba state size").value_or(0);
        m_dConv = reqInt({ "mamba_d_conv", "conv_kernel", "d_conv" }, 1, kMaxDim, "Mamba conv width").value_or(0);
        if (auto inner = optInt({ "mamba_d_inner" }, 1, kMaxDim)) {
            m_dInner = *inner;
        } else if (auto expand = reqInt({ "mamba_expand", "expand" }, 1, 1024, "Mamba inner width = expand × hidden")) {
            m_dInner = *expand * m_hidden;
        }
        const Json* dtr = find("mamba_dt_rank");
        if (dtr && dtr->is_number())
            m_dtRank = optInt({ "mamba_dt_rank" }, 1, kMaxDim).value_or(0);
        else
            m_dtRank = (m_hidden + 15) / 16; // "auto": ceil(hidden / 16)
        m_estimates.push_back("Mamba state per layer = d_inner × (d_state + d_conv − 1) × " + count(m_stateElementBytes)
            + " B = " + count(m_dInner) + " × (" + count(m_dState) + " + " + count(m_dConv) + " − 1) × "
            + count(m_stateElementBytes) + " B");
    }
    if (linear) {
        m_linK = reqInt({ "linear_num_key_heads" }, 1, kMaxDim, "Gated DeltaNet key heads").value_or(0);
        m_linV = reqInt({ "linear_num_value_heads" }, 1, kMaxDim, "Gated DeltaNet value heads").value_or(0);
        m_linKDim = reqInt({ "linear_key_head_dim" }, 1, kMaxDim, "Gated DeltaNet key head dim").value_or(0);
        m_linVDim = reqInt({ "linear_value_head_dim" }, 1, kMaxDim, "Gated DeltaNet value head dim").value_or(0);
        m_linConv = reqInt({ "linear_conv_kernel_dim" }, 1, kMaxDim, "Gated DeltaNet conv width").value_or(0);
        m_estimates.push_back(
            "linear-attention state per layer = (value heads × key dim × value dim + (2 × key heads × "
            "key dim + value heads × value dim) × (conv − 1)) × "
            + count(m_stateElementBytes) + " B");
    }
}

void Importer::readMoe()
{
    const auto L = static_cast<size_t>(std::max<std::int64_t>(m_layers, 0));
    m_moeLayer.assign(L, false);
    m_experts
        = optInt({ "n_routed_experts", "num_local_experts", "num_experts", "moe_num_experts" }, 0, 1 << 20).value_or(0);
    const bool moe = m_experts > 1;
    bool denseNeeded = !moe;
    if (moe) {
        m_topK = reqInt({ "num_experts_per_tok", "experts_per_token", "moe_topk", "num_selected_experts" }, 1,
            m_experts, "experts per token")
                     .value_or(0);
        for (size_t i = 0; i < L; ++i) {
            const auto li = static_cast<std::int64_t>(i);
            bool isMoe = true;
            if (find("first_k_dense_replace") || find("moe_layer_freq")) {
                // DeepSeek / Kimi: dense for the first first_k_dense_replace layers.
                const auto k = optInt({ "first_k_dense_replace" }, 0, kMaxLayers).value_or(0);
                const auto freq = optInt({ "moe_layer_freq" }, 1, kMaxLayers).value_or(1);
                isMoe = li >= k && li % freq == 0;
            } else if (find("expert_layer_period")) {
                // Jamba: MoE where i % expert_layer_period == expert_layer_offset.
                const auto period = optInt({ "expert_layer_period" }, 1, kMaxLayers).value_or(1);
                const auto offset = optInt({ "expert_layer_offset" }, 0, kMaxLayers).value_or(0);
                isMoe = li % period == offset;
            } else if (find("decoder_sparse_step") || find("mlp_only_layers")) {
                // Qwen MoE: every decoder_sparse_step-th layer, except mlp_only_layers.
                const auto step = optInt({ "decoder_sparse_step" }, 1, kMaxLayers).value_or(1);
                isMoe = (li + 1) % step == 0;
                if (const Json* only = find("mlp_only_layers"); only && only->is_array())
                    for (const auto& e : *only)
                        if (e.is_number_integer() && e.get<std::int64_t>() == li)
                            isMoe = false;
            } else if (const Json* ml = find("moe_layers"); ml && ml->is_array()) {
                isMoe = false;
                for (const auto& e : *ml)
                    if (e.is_number_integer() && e.get<std::int64_t>() == li)
                        isMoe = true;
            } else if (find("interleave_moe_layer_step")) {
                // Llama 4: every interleave_moe_layer_step-th layer.
                const auto step = optInt({ "interleave_moe_layer_step" }, 1, kMaxLayers).value_or(1);
                isMoe = (li + 1) % step == 0;
            }
            m_moeLayer[i] = isMoe;
            denseNeeded = denseNeeded || !isMoe;
        }
        if (auto ei = optInt({ "moe_intermediate_size", "expert_intermediate_size" }, 1, kMaxDim))
            m_expertInter = *ei;
        else if (!findAny({ "moe_intermediate_size", "expert_intermediate_size" }).first) {
            m_expertInter
                = reqInt({ "intermediate_size", "ffn_dim", "n_inner" }, 1, kMaxDim, "expert width").value_or(0);
        }
        m_sharedExperts = optInt({ "n_shared_experts", "num_shared_experts" }, 0, 1024).value_or(0);
        m_sharedInter = optInt({ "shared_expert_intermediate_size" }, 0, kMaxDim).value_or(0);
        if (m_type == "llama4") {
            m_sharedInter = reqInt({ "intermediate_size" }, 1, kMaxDim, "Llama 4 shared expert width").value_or(0);
            m_expertInter = m_sharedInter;
        }
    }
    if (denseNeeded) {
        if (m_type == "llama4" && find("intermediate_size_mlp"))
            m_denseInter = optInt({ "intermediate_size_mlp" }, 1, kMaxDim).value_or(0);
        else if (const auto [v, key] = findAny({ "intermediate_size", "ffn_dim", "n_inner" }); v || m_type != "gpt2")
            m_denseInter = reqInt({ "intermediate_size", "ffn_dim", "n_inner" }, 1, kMaxDim, "MLP width").value_or(0);
        else
            m_denseInter = 4 * m_hidden; // GPT-2: n_inner null means 4 × n_embd
    }
    m_inter = m_denseInter;
}

double Importer::attentionParams(const LayerSpec& s) const
{
    const double h = static_cast<double>(m_hidden);
    const double H = static_cast<double>(m_heads);
    const std::string& t = m_type;
    if (s.kind == LayerKind::Mla) {
        // DeepSeek-V2 §2.1: queries through a low-rank q_lora (or directly), one joint KV
        // latent plus the decoupled RoPE key, up-projections to K (nope) and V, output.
        const double qk = static_cast<double>(m_nope + m_rope);
        const double q = m_qLora > 0
            ? h * static_cast<double>(m_qLora) + static_cast<double>(m_qLora) + static_cast<double>(m_qLora) * H * qk
            : h * H * qk;
        const double kvA = h * static_cast<double>(m_kvLora + m_rope) + static_cast<double>(m_kvLora);
        const double kvB = static_cast<double>(m_kvLora) * H * static_cast<double>(m_nope + m_vHead);
        const double o = H * static_cast<double>(m_vHead) * h;
        return q + kvA + kvB + o;
    }
    if (s.kind == LayerKind::State && s.mixer == "mamba") {
        const double di = static_cast<double>(m_dInner), ds = static_cast<double>(m_dState);
        const double dc = static_cast<double>(m_dConv), r = static_cast<double>(m_dtRank);
        const double inProj = h * 2 * di;
        const double conv = di * dc + di;       // conv1d weight + bias
        const double xProj = di * (r + 2 * ds); // dt, B, C
        const double dtProj = r * di + di;
        const double aD = di * ds + di; // A_log, D
        const double out = di * h;
        const double norms = t == "jamba" ? r + 2 * ds : 0; // Jamba's dt/B/C layer norms
        return inProj + conv + xProj + dtProj + aD + out + norms;
    }
    if (s.kind == LayerKind::State) {
        const double keyDim = static_cast<double>(m_linK * m_linKDim),
                     valueDim = static_cast<double>(m_linV * m_linVDim);
        const double nv = static_cast<double>(m_linV);
        const double inProj = h * (2 * keyDim + 2 * valueDim) + h * 2 * nv; // q, k, v, z; beta, alpha
        const double conv = (2 * keyDim + valueDim) * static_cast<double>(m_linConv);
        const double small = 2 * nv + static_cast<double>(m_linVDim); // dt_bias, A_log, gated norm
        return inProj + conv + small + valueDim * h;
    }
    const double hd = static_cast<double>(m_headDim), kv = static_cast<double>(m_kvHeads);
    const bool outputGate = t == "qwen3_next";
    double p = h * H * hd * (outputGate ? 2 : 1) + 2 * h * kv * hd + H * hd * h;
    const bool allBias = m_attentionBias || t == "opt" || t == "gpt2" || t == "phi";
    const bool qkvBias = t.starts_with("qwen2");
    if (allBias)
        p += H * hd + 2 * kv * hd + h;
    else if (qkvBias)
        p += H * hd + 2 * kv * hd;
    if (t == "qwen3" || t == "qwen3_moe" || t == "qwen3_next" || t == "gemma3" || t == "olmo2")
        p += 2 * hd; // q_norm, k_norm
    if (t == "gpt_oss")
        p += H; // attention sinks
    return p;
}

void Importer::estimateParameters()
{
    const double h = static_cast<double>(m_hidden);
    const bool gated = !nonGatedMlp(m_type);
    const bool layerNormBias = nonGatedMlp(m_type);
    const auto tie = optBool("tie_word_embeddings");
    const bool tied = tie.value_or(tiedByDefault(m_type));
    std::vector<std::string> parts;

    double total = static_cast<double>(m_vocab) * h * (tied ? 1 : 2);
    parts.push_back(
        std::string("embeddings ") + (tied ? "tied" : "untied") + (tie ? "" : " (not stated; the family's default)"));
    if (m_type == "opt" || m_type == "gpt2") {
        total += static_cast<double>(m_maxCtx + (m_type == "opt" ? 2 : 0)) * h; // learned positions
        parts.push_back("learned position embeddings");
    }
    total += h * (layerNormBias ? 2 : 1); // final norm
    double active = total;

    auto mlp = [&](double inter) { return gated ? 3 * h * inter : 2 * h * inter + (layerNormBias ? inter + h : 0); };
    const double expert
        = (gated ? 3 * h * static_cast<double>(m_expertInter) : 2 * h * static_cast<double>(m_expertInter))
        + (m_type == "gpt_oss" ? 2 * static_cast<double>(m_expertInter) + h : 0);
    const bool routerBias = m_type == "gpt_oss"
        || (find("topk_method") && find("topk_method")->is_string()
            && find("topk_method")->get<std::string>() == "noaux_tc");
    double shared = 0;
    if (m_sharedExperts > 0)
        shared += static_cast<double>(m_sharedExperts) * mlp(static_cast<double>(m_expertInter));
    if (m_sharedInter > 0)
        shared += mlp(static_cast<double>(m_sharedInter)) + (m_type == "llama4" ? 0 : h); // + shared_expert_gate

    const double norms
        = (m_type.starts_with("gemma2") || m_type.starts_with("gemma3") ? 4 : 2) * h * (layerNormBias ? 2 : 1);
    int moeLayers = 0;
    for (size_t i = 0; i < m_specs.size(); ++i) {
        const double attn = attentionParams(m_specs[i]);
        double layerTotal = attn + norms, layerActive = attn + norms;
        if (m_experts > 1 && m_moeLayer[i]) {
            const double router
                = h * static_cast<double>(m_experts) + (routerBias ? static_cast<double>(m_experts) : 0);
            layerTotal += static_cast<double>(m_experts) * expert + router + shared;
            layerActive += static_cast<double>(m_topK) * expert + router + shared;
            m_expertParamsTotal += static_cast<double>(m_experts) * expert;
            ++moeLayers;
        } else {
            layerTotal += mlp(static_cast<double>(m_denseInter));
            layerActive += mlp(static_cast<double>(m_denseInter));
        }
        total += layerTotal;
        active += layerActive;
    }
    parts.push_back(std::string("attention") + (m_kvLora > 0 ? " (MLA projections)" : "")
        + (m_dInner > 0 ? ", Mamba mixers" : "") + (m_linK > 0 ? ", Gated DeltaNet mixers" : ""));
    parts.push_back(std::string(gated ? "gated" : "two-matrix") + " MLP");
    if (moeLayers > 0)
        parts.push_back(count(moeLayers) + " MoE layers of " + count(m_experts) + " experts, " + count(m_topK)
            + " per token" + (shared > 0 ? ", shared experts" : ""));
    std::string desc;
    for (size_t i = 0; i < parts.size(); ++i)
        desc += (i ? ", " : "") + parts[i];
    m_estimates.push_back("parameters estimated from the shapes (" + desc + "): " + count(total) + " total, "
        + count(active) + " active; norms and biases approximated");
    card.paramsTotal = total;
    card.paramsActive = active;
}

void Importer::readWeightBits()
{
    double dtypeBits = 16;
    std::string dtypeName;
    const Json* dt = find("torch_dtype");
    if (!dt)
        dt = find("dtype");
    if (dt && dt->is_string()) {
        dtypeName = dt->get<std::string>();
        const std::string d = lower(dtypeName);
        if (d == "float32" || d == "fp32")
            dtypeBits = 32;
        else if (d == "bfloat16" || d == "float16" || d == "fp16" || d == "bf16" || d == "half")
            dtypeBits = 16;
        else if (d.starts_with("float8") || d.starts_with("fp8"))
            dtypeBits = 8;
        else
            m_estimates.push_back("unknown torch_dtype \"" + dtypeName + "\": weights taken as 16-bit");
    } else {
        m_estimates.push_back("no torch_dtype: weights taken as 16-bit");
    }
    double bits = dtypeBits;
    std::string why = dtypeName.empty() ? std::string() : "torch_dtype " + dtypeName;

    const Json* q = find("quantization_config");
    if (!q)
        q = find("quantization"); // MLX conversions
    if (q && q->is_object()) {
        const std::string method = lower(q->value("quant_method", std::string()));
        auto numberAt = [](const Json& j, const char* k) -> std::optional<double> {
            if (auto it = j.find(k); it != j.end() && it->is_number())
                return it->get<double>();
            return std::nullopt;
        };
        if (method == "fp8" || method == "fbgemm_fp8" || method.starts_with("fp8")) {
            bits = 8;
            why = "quantization_config " + method + " (block scales not counted)";
        } else if (method == "mxfp4") {
            // gpt-oss: MoE experts in MXFP4 (4-bit values plus one 8-bit scale per 32, 4.25 bits);
            // attention, router and embeddings stay in torch_dtype.
            const double share = card.paramsTotal > 0 ? m_expertParamsTotal / card.paramsTotal : 1.0;
            bits = share * 4.25 + (1 - share) * dtypeBits;
            why = "quantization_config mxfp4: experts at 4.25 bits, the rest at " + count(dtypeBits);
        } else if (method == "bitsandbytes") {
            if (q->value("load_in_4bit", false))
                bits = 4, why = "bitsandbytes 4-bit";
            else if (q->value("load_in_8bit", false))
                bits = 8, why = "bitsandbytes 8-bit";
        } else if (auto b = numberAt(*q, "bits"); b && *b > 0 && *b <= 64) {
            bits = *b;
            why = "quantization " + (method.empty() ? std::string("bits") : method) + " " + count(*b) + "-bit";
        } else if (method == "compressed-tensors" && q->contains("config_groups")
            && (*q)["config_groups"].is_object()) {
            for (const auto& [name, grp] : (*q)["config_groups"].items())
                if (grp.is_object() && grp.contains("weights") && grp["weights"].is_object())
                    if (auto nb = numberAt(grp["weights"], "num_bits"); nb && *nb > 0 && *nb <= 64) {
                        bits = *nb;
                        why = "compressed-tensors " + count(*nb) + "-bit weights";
                        break;
                    }
        } else {
            m_estimates.push_back("quantization_config \"" + method + "\" not understood: weights taken at "
                + count(dtypeBits) + " bits");
        }
    }
    card.weightBits = bits;
    if (!why.empty())
        m_estimates.push_back("weights " + formatSignificant(bits, 4) + "-bit from " + why);
}

void Importer::nameCard()
{
    std::string nameOrPath;
    for (const Json* j : { &m_top, m_lm })
        if (auto s = optString(*j, "_name_or_path"); s && !s->empty() && nameOrPath.empty())
            nameOrPath = *s;
    std::string base;
    if (!nameOrPath.empty()) {
        card.name = nameOrPath;
        base = nameOrPath;
        const bool localPath = base.starts_with("/") || base.starts_with(".") || base.starts_with("~")
            || base.find('\\') != std::string::npos || (base.size() > 1 && base[1] == ':');
        if (localPath) {
            std::string p = base;
            std::replace(p.begin(), p.end(), '\\', '/');
            while (p.size() > 1 && p.back() == '/')
                p.pop_back();
            base = p.substr(p.find_last_of('/') + 1);
        }
    } else {
        const std::filesystem::path p(m_origin);
        base = p.stem().string();
        if (lower(base) == "config" && p.has_parent_path() && !p.parent_path().filename().empty())
            base = p.parent_path().filename().string();
        if (base.empty() || base.find(' ') != std::string::npos)
            base = m_type.empty() ? std::string("imported-model") : m_type;
        card.name = base;
    }
    std::string id;
    for (char c : lower(base)) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.';
        if (ok)
            id += c;
        else if (!id.empty() && id.back() != '-')
            id += '-';
    }
    while (!id.empty() && (id.back() == '-' || id.back() == '.'))
        id.pop_back();
    while (!id.empty() && (id.front() == '-' || id.front() == '.'))
        id.erase(id.begin());
    card.id = id.empty() ? "imported-model" : id;

    card.sources = { Source { "Hugging Face config.json", "file:" + m_origin, std::string() } };

    // KV layout summary and what was estimated.
    std::string layout;
    for (const auto& g : card.groups) {
        if (!layout.empty())
            layout += ", ";
        layout += count(g.layers) + " " + layerKindName(g.kind);
        if (g.kind == LayerKind::Sliding)
            layout += " (window " + count(g.window) + ")";
        if (g.kind == LayerKind::Chunked)
            layout += " (chunk " + count(g.chunk) + ")";
        if (g.kind == LayerKind::State)
            layout += " (" + count(g.stateBytes) + " B state each)";
    }
    std::string notes = "Imported from a Hugging Face config.json (" + m_origin + ", model_type "
        + (m_type.empty() ? std::string("not given") : m_type) + "). Layers: " + layout
        + ". max_context from max_position_embeddings; default KV format 16-bit.";
    if (!m_usedDefaults.empty()) {
        std::string d;
        for (const auto& u : m_usedDefaults)
            d += (d.empty() ? "" : ", ") + u;
        m_estimates.push_back("not in the config, taken from the transformers defaults of " + m_type + ": " + d);
    }
    if (!m_estimates.empty()) {
        notes += " Estimates and assumptions:";
        for (const auto& e : m_estimates)
            notes += " " + e + ";";
        notes.back() = '.';
    }
    card.notes = notes;
}

} // namespace

bool looksLikeHfConfig(const Json& json)
{
    return json.is_object() && (json.contains("model_type") || json.contains("architectures"))
        && !json.contains("layer_groups");
}

ModelCard importHfConfig(const Json& config, const std::string& origin)
{
    Importer imp(config, origin);
    imp.run();
    if (!imp.missing.empty() || !imp.problemDetails.empty()) {
        // One message naming everything: one part per missing field and per problem
        // (InputErrorCode::HfConfigCannotImport).
        InputErrorDetail detail { .code = InputErrorCode::HfConfigCannotImport, .where = origin };
        for (const std::string& field : imp.missing)
            detail.parts.push_back({ .code = InputErrorCode::MissingField, .where = field });
        detail.parts.insert(detail.parts.end(), imp.problemDetails.begin(), imp.problemDetails.end());
        throw InputError(std::move(detail));
    }
    // The card goes through the same validation as a hand-written one.
    return parseModelCard(imp.card.toJson(), origin);
}

std::vector<std::string> missingHfFields(const Json& config)
{
    if (!config.is_object())
        return { "(a JSON object)" };
    Importer imp(config, "config.json");
    imp.run();
    std::vector<std::string> fields = imp.missing;
    for (const auto& p : imp.problemDetails)
        fields.push_back(p.where);
    return fields;
}

} // namespace kvtiers
