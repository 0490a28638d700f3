// The per-architecture rules of the config.json import: which family model_type names,
// the transformers defaults it leaves out, each family's pattern of layer kinds, its state
// layers (Mamba, Gated DeltaNet), its MoE layout and its parameter count from the shapes.
#include "core/cards/HfImporter.h"

#include <algorithm>
#include <cmath>

namespace kvtiers::hf {

namespace {

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

} // namespace

void Importer::readModelType()
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
            m_type.erase(
                m_type.size() - std::string_view(suffix).size()); // erase: GCC 12 takes resize for a growth and warns
    if (m_type == "gemma3") {
        // The released Gemma 3 configs leave these to transformers' Gemma3TextConfig defaults.
        m_defaults
            = { { "vocab_size", 262208 }, { "max_position_embeddings", 131072 }, { "sliding_window_pattern", 6 } };
    }
}

void Importer::readLayerKinds()
{
    if (m_layers <= 0)
        return;
    m_kinds.assign(static_cast<size_t>(m_layers), "full");
    if (readMla())
        return;
    const Json* lt = find("layer_types");
    if (lt && !lt->is_array()) {
        invalid("layer_types", { .code = InputErrorCode::HfLayerTypesNotList });
        lt = nullptr;
    }
    if (lt) {
        if (!readLayerTypes(*lt))
            return;
    } else {
        readFamilyPattern();
    }
    checkWindows();
}

bool Importer::mlaFromSummary() const
{
    for (const Json* j : { m_lm, &m_top })
        for (const auto& [key, value] : j->items()) {
            const std::string k = lower(key);
            if (k.starts_with("kv_lora_rank") && k != "kv_lora_rank")
                return true;
            if (k == "attention" && value.is_string())
                return true;
        }
    return false;
}

bool Importer::saysMla() const
{
    for (const Json* j : { m_lm, &m_top }) {
        for (const auto& [key, value] : j->items()) {
            const std::string k = lower(key);
            if (k.starts_with("kv_lora_rank") || k == "q_lora_rank" || k == "qk_rope_head_dim"
                || k == "qk_nope_head_dim")
                return true;
            if ((k == "attention" || k == "attention_type" || k == "attn_type" || k == "attention_kind")
                && value.is_string()) {
                const std::string v = lower(value.get<std::string>());
                if (v.find("mla") != std::string::npos || v.find("latent") != std::string::npos)
                    return true;
            }
        }
    }
    return m_type == "deepseek_v2" || m_type == "deepseek_v3" || m_type == "kimi_k2";
}

/// MLA (DeepSeek-V2/V3, Kimi K2): every attention layer caches one latent. A config that
/// says MLA without kv_lora_rank (a README's summary, a config cut short) is asked for it
/// and for qk_rope_head_dim, the two figures the cache holds, rather than read as
/// multi-head attention; the head widths only the parameter estimate uses default to
/// Transformers' DeepseekV3Config (qk_nope_head_dim 128, v_head_dim 128), said in the notes.
bool Importer::readMla()
{
    if (!findAny({ "kv_lora_rank" }).first && !saysMla())
        return false;
    m_mla = true;
    if (mlaFromSummary()) // a Hugging Face config gives these itself
        for (const char* key : { "qk_nope_head_dim", "v_head_dim" })
            if (!m_defaults.contains(key))
                m_defaults[key] = 128;
    m_kvLora = reqInt({ "kv_lora_rank" }, 1, kMaxDim).value_or(0);
    m_rope = reqInt({ "qk_rope_head_dim" }, 0, kMaxDim).value_or(0);
    m_nope = reqInt({ "qk_nope_head_dim" }, 0, kMaxDim).value_or(0);
    m_vHead = reqInt({ "v_head_dim" }, 1, kMaxDim).value_or(0);
    m_qLora = optInt({ "q_lora_rank" }, 1, kMaxDim).value_or(0);
    std::fill(m_kinds.begin(), m_kinds.end(), "mla");
    return true;
}

/// layer_types, one entry per layer, in the names the families use. False (the problem
/// recorded) when the list has the wrong length or a kind it does not know.
bool Importer::readLayerTypes(const Json& list)
{
    const size_t L = m_kinds.size();
    if (list.size() != L) {
        const std::string listed = count(static_cast<double>(list.size()));
        invalid("layer_types", { .code = InputErrorCode::HfLayerTypesCount, .value = listed, .max = count(m_layers) });
        return false;
    }
    for (size_t i = 0; i < L; ++i) {
        const Json& e = list[i];
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
            return false;
        }
    }
    return true;
}

/// Without layer_types: the family's own pattern of layer kinds.
void Importer::readFamilyPattern()
{
    const size_t L = m_kinds.size();
    if (m_type == "jamba") {
        // Jamba: attention on layers where i % attn_layer_period == attn_layer_offset, Mamba elsewhere.
        const auto period = reqInt({ "attn_layer_period" }, 1, kMaxLayers);
        const auto offset = reqInt({ "attn_layer_offset" }, 0, kMaxLayers);
        if (period && offset)
            for (size_t i = 0; i < L; ++i)
                m_kinds[i] = static_cast<std::int64_t>(i) % *period == *offset ? "full" : "mamba";
    } else if (m_type == "qwen3_next") {
        // Qwen3-Next: every full_attention_interval-th layer is full attention, the others Gated DeltaNet.
        if (const auto every = reqInt({ "full_attention_interval" }, 1, kMaxLayers))
            for (size_t i = 0; i < L; ++i)
                m_kinds[i] = (static_cast<std::int64_t>(i) + 1) % *every == 0 ? "full" : "linear";
    } else if (m_type == "gemma2" || m_type == "gpt_oss") {
        // Gemma 2 and gpt-oss alternate, starting with a sliding layer (layer 0).
        for (size_t i = 0; i < L; ++i)
            m_kinds[i] = i % 2 == 0 ? "sliding" : "full";
        m_estimates.push_back("no layer_types: " + m_type + "'s alternation, even layers sliding");
    } else if (m_type == "gemma3") {
        // Gemma 3: layer i is global when (i + 1) is a multiple of sliding_window_pattern.
        if (const auto p = reqInt({ "sliding_window_pattern" }, 1, kMaxLayers))
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
}

/// The window of the sliding layers and the chunk of the chunked ones, required once any
/// layer has one.
void Importer::checkWindows()
{
    for (const std::string& kind : m_kinds) {
        if (kind == "sliding") {
            if (reqInt({ "sliding_window" }, 1, kMaxTokens) && m_maxCtx > 0
                && *optInt({ "sliding_window" }, 1, kMaxTokens) >= m_maxCtx)
                m_estimates.push_back("sliding_window " + count(*optInt({ "sliding_window" }, 1, kMaxTokens))
                    + " is not below max_position_embeddings: those layers are counted as full attention");
            break;
        }
    }
    if (std::find(m_kinds.begin(), m_kinds.end(), "chunked") != m_kinds.end()) {
        reqInt({ "attention_chunk_size" }, 1, kMaxTokens);
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
        m_dState = reqInt({ "mamba_d_state", "ssm_state_size", "state_size" }, 1, kMaxDim).value_or(0);
        m_dConv = reqInt({ "mamba_d_conv", "conv_kernel", "d_conv" }, 1, kMaxDim).value_or(0);
        if (auto inner = optInt({ "mamba_d_inner" }, 1, kMaxDim)) {
            m_dInner = *inner;
        } else if (auto expand = reqInt({ "mamba_expand", "expand" }, 1, 1024)) {
            m_dInner = *expand * m_hidden; // inner width = expand × hidden
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
        m_linK = reqInt({ "linear_num_key_heads" }, 1, kMaxDim).value_or(0);
        m_linV = reqInt({ "linear_num_value_heads" }, 1, kMaxDim).value_or(0);
        m_linKDim = reqInt({ "linear_key_head_dim" }, 1, kMaxDim).value_or(0);
        m_linVDim = reqInt({ "linear_value_head_dim" }, 1, kMaxDim).value_or(0);
        m_linConv = reqInt({ "linear_conv_kernel_dim" }, 1, kMaxDim).value_or(0);
        m_estimates.push_back(
            "linear-attention state per layer = (value heads × key dim × value dim + (2 × key heads × "
            "key dim + value heads × value dim) × (conv − 1)) × "
            + count(m_stateElementBytes) + " B");
    }
}

/// Whether layer `li` of an MoE model has experts, by the family's layout fields.
bool Importer::moeLayer(std::int64_t li)
{
    if (find("first_k_dense_replace") || find("moe_layer_freq")) {
        // DeepSeek / Kimi: dense for the first first_k_dense_replace layers.
        const auto k = optInt({ "first_k_dense_replace" }, 0, kMaxLayers).value_or(0);
        const auto freq = optInt({ "moe_layer_freq" }, 1, kMaxLayers).value_or(1);
        return li >= k && li % freq == 0;
    }
    if (find("expert_layer_period")) {
        // Jamba: MoE where i % expert_layer_period == expert_layer_offset.
        const auto period = optInt({ "expert_layer_period" }, 1, kMaxLayers).value_or(1);
        const auto offset = optInt({ "expert_layer_offset" }, 0, kMaxLayers).value_or(0);
        return li % period == offset;
    }
    if (find("decoder_sparse_step") || find("mlp_only_layers")) {
        // Qwen MoE: every decoder_sparse_step-th layer, except mlp_only_layers.
        const auto step = optInt({ "decoder_sparse_step" }, 1, kMaxLayers).value_or(1);
        bool isMoe = (li + 1) % step == 0;
        if (const Json* only = find("mlp_only_layers"); only && only->is_array())
            for (const auto& e : *only)
                if (e.is_number_integer() && e.get<std::int64_t>() == li)
                    isMoe = false;
        return isMoe;
    }
    if (const Json* ml = find("moe_layers"); ml && ml->is_array()) {
        bool isMoe = false;
        for (const auto& e : *ml)
            if (e.is_number_integer() && e.get<std::int64_t>() == li)
                isMoe = true;
        return isMoe;
    }
    if (find("interleave_moe_layer_step")) {
        // Llama 4: every interleave_moe_layer_step-th layer.
        const auto step = optInt({ "interleave_moe_layer_step" }, 1, kMaxLayers).value_or(1);
        return (li + 1) % step == 0;
    }
    return true;
}

/// The width of an expert and of the shared experts.
void Importer::readExpertWidths()
{
    if (auto ei = optInt({ "moe_intermediate_size", "expert_intermediate_size" }, 1, kMaxDim))
        m_expertInter = *ei;
    else if (!findAny({ "moe_intermediate_size", "expert_intermediate_size" }).first) {
        m_expertInter = reqInt({ "intermediate_size", "ffn_dim", "n_inner" }, 1, kMaxDim).value_or(0);
    }
    m_sharedExperts = optInt({ "n_shared_experts", "num_shared_experts" }, 0, 1024).value_or(0);
    m_sharedInter = optInt({ "shared_expert_intermediate_size" }, 0, kMaxDim).value_or(0);
    if (m_type == "llama4") {
        m_sharedInter = reqInt({ "intermediate_size" }, 1, kMaxDim).value_or(0); // the shared expert's width
        m_expertInter = m_sharedInter;
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
        m_topK
            = reqInt({ "num_experts_per_tok", "experts_per_token", "moe_topk", "num_selected_experts" }, 1, m_experts)
                  .value_or(0);
        for (size_t i = 0; i < L; ++i) {
            const bool isMoe = moeLayer(static_cast<std::int64_t>(i));
            m_moeLayer[i] = isMoe;
            denseNeeded = denseNeeded || !isMoe;
        }
        readExpertWidths();
    }
    if (denseNeeded) {
        if (m_type == "llama4" && find("intermediate_size_mlp"))
            m_denseInter = optInt({ "intermediate_size_mlp" }, 1, kMaxDim).value_or(0);
        else if (const auto [v, key] = findAny({ "intermediate_size", "ffn_dim", "n_inner" }); v || m_type != "gpt2")
            m_denseInter = reqInt({ "intermediate_size", "ffn_dim", "n_inner" }, 1, kMaxDim).value_or(0);
        else
            m_denseInter = 4 * m_hidden; // GPT-2: n_inner null means 4 × n_embd
    }
}

/// One layer of kind `k` ("full", "sliding", "chunked", "mla", "mamba" or "linear") as its
/// cache holds it.
LayerSpec Importer::layerSpec(const std::string& k)
{
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
            const double conv
                = static_cast<double>(2 * m_linK * m_linKDim + m_linV * m_linVDim) * static_cast<double>(m_linConv - 1);
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
    return s;
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
    // The card's LM head, as a hand-written card states it (beyond its schema's range: left out).
    if (m_vocab <= (std::int64_t(1) << 24)) {
        card.vocabSize = m_vocab;
        card.tieWordEmbeddings = tied;
    }
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

} // namespace kvtiers::hf
