// Reading a config.json: fields by their aliases (the language model's config, the top
// level, the family's defaults), typed values, the layer groups, the weights' bits and
// the card's name and notes. The family's own rules are in HfFamilyRules.cpp.
#include "core/cards/HfConfig.h"
#include "core/cards/HfImporter.h"
#include "core/io/Units.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>

namespace kvtiers {

namespace hf {

std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

std::string count(double v)
{
    return formatCount(v);
}

Importer::Importer(const Json& config, std::string origin)
    : m_top(config)
    , m_origin(std::move(origin))
{
    if (!config.is_object())
        throw InputError({ .code = InputErrorCode::HfConfigNotObject, .where = m_origin });
    m_nestedKey = nestedConfigKey(config);
    if (!m_nestedKey.empty()) {
        m_lm = &config[m_nestedKey];
        m_prefix = m_nestedKey + ".";
    } else {
        m_lm = &config;
    }
}

namespace {

/// Whether `j` reads as a model's config: its type, architectures, layers, width or heads
/// under any alias.
bool hasShape(const Json& j)
{
    for (const char* k : { "model_type", "architectures", "num_hidden_layers", "n_layer", "num_layers", "n_layers",
             "hidden_size", "n_embd", "d_model", "num_attention_heads", "n_head", "num_heads" })
        if (j.contains(k))
            return true;
    return false;
}

} // namespace

std::string nestedConfigKey(const Json& config)
{
    if (!config.is_object())
        return {};
    // Multimodal wrappers keep the language model under one of these, whatever the top holds.
    for (const char* key : { "text_config", "llm_config", "language_config", "language_model_config" })
        if (auto it = config.find(key); it != config.end() && it->is_object())
            return key;
    // A config copied into a wrapper ({"fields": {...}}, {"config": {...}}): the first object
    // that reads as a config, when the top level does not.
    if (hasShape(config))
        return {};
    for (const auto& [key, value] : config.items())
        if (value.is_object() && hasShape(value))
            return key;
    return {};
}

const Json* Importer::find(std::string_view key) const
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

std::pair<const Json*, std::string> Importer::findAny(std::initializer_list<const char*> names) const
{
    for (const char* n : names)
        if (const Json* v = find(n))
            return { v, n };
    return { nullptr, *names.begin() };
}

std::optional<std::int64_t> Importer::optInt(
    std::initializer_list<const char*> names, std::int64_t min, std::int64_t max)
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
        invalid(key, { .code = InputErrorCode::HfWholeNumberOutOfRange, .value = v->dump(), .min = low, .max = high });
        return std::nullopt;
    }
    return static_cast<std::int64_t>(d);
}

std::optional<std::int64_t> Importer::reqInt(
    std::initializer_list<const char*> names, std::int64_t min, std::int64_t max)
{
    auto [v, key] = findAny(names);
    if (!v) {
        need(key);
        return std::nullopt;
    }
    return optInt(names, min, max);
}

std::optional<bool> Importer::optBool(const char* key)
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

std::optional<std::string> Importer::optString(const Json& j, const char* key)
{
    if (auto it = j.find(key); it != j.end() && it->is_string())
        return it->get<std::string>();
    return std::nullopt;
}

void Importer::run()
{
    readModelType();
    readShape();
    readLayerKinds();
    readStateLayers();
    readMoe();
    m_attentionBias = optBool("attention_bias").value_or(false);

    if (!missing.empty() || !problemDetails.empty())
        return;

    for (std::int64_t i = 0; i < m_layers; ++i)
        m_specs.push_back(layerSpec(m_kinds[static_cast<size_t>(i)]));
    card.maxContext = m_maxCtx;
    card.family = m_type;
    card.defaultKvBits = 16;
    groupLayers();
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

/// The standard fields every family has: layers, heads, width, vocabulary, context, KV
/// heads and head dim.
void Importer::readShape()
{
    m_layers = reqInt({ "num_hidden_layers", "n_layer", "num_layers", "n_layers" }, 1, kMaxLayers).value_or(0);
    m_heads = reqInt({ "num_attention_heads", "n_head", "num_heads" }, 1, kMaxDim).value_or(0);
    m_hidden = reqInt({ "hidden_size", "n_embd", "d_model" }, 1, kMaxDim).value_or(0);
    m_vocab = reqInt({ "vocab_size", "n_vocab", "padded_vocab_size" }, 1, kMaxVocab).value_or(0);
    m_maxCtx = reqInt(
        { "max_position_embeddings", "n_positions", "max_sequence_length", "seq_length", "n_ctx", "model_max_length" },
        1, kMaxTokens)
                   .value_or(0);

    if (auto kv = optInt({ "num_key_value_heads", "num_kv_heads", "n_head_kv", "multi_query_group_num" }, 1, kMaxDim)) {
        m_kvHeads = *kv;
    } else if (!findAny({ "num_key_value_heads", "num_kv_heads", "n_head_kv", "multi_query_group_num" }).first) {
        // Transformers' default (num_key_value_heads = num_attention_heads) is multi-head
        // attention: said in the notes, and by front ends through kvHeadsAssumed. MLA caches
        // a latent, not heads, so it needs none.
        m_kvHeads = m_heads;
        kvHeadsAssumed = !findAny({ "kv_lora_rank" }).first && !saysMla();
        if (kvHeadsAssumed && m_heads > 0)
            m_estimates.push_back("num_key_value_heads not given: " + count(m_heads)
                + " KV heads assumed (= num_attention_heads, multi-head attention, as Transformers does)");
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
}

/// Identical layers (m_specs) become one LayerGroup each, in the order they first appear.
void Importer::groupLayers()
{
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

namespace {

/// A local path's last folder ("/models/Qwen2.5-72B/" → "Qwen2.5-72B"); other text as it is.
std::string lastFolderOf(std::string p)
{
    const bool localPath = p.starts_with("/") || p.starts_with(".") || p.starts_with("~")
        || p.find('\\') != std::string::npos || (p.size() > 1 && p[1] == ':');
    if (!localPath)
        return p;
    std::replace(p.begin(), p.end(), '\\', '/');
    while (p.size() > 1 && p.back() == '/')
        p.pop_back();
    return p.substr(p.find_last_of('/') + 1);
}

/// An architecture's family name: "Qwen2ForCausalLM" → "Qwen2".
std::string architectureName(std::string a)
{
    for (const char* suffix : { "ForCausalLM", "ForConditionalGeneration", "LMHeadModel", "Model" })
        if (a.size() > std::string_view(suffix).size() && a.ends_with(suffix)) {
            a.resize(a.size() - std::string_view(suffix).size());
            break;
        }
    return a;
}

} // namespace

/// Sets the card's name; returns the text its id is made from. In order: _name_or_path (a
/// local path's last folder) or model_id; the file's name, "Org__Name" read as "Org/Name",
/// or for a file called config.json its folder's; the first architecture, then
/// model_type, with the parameter count ("Qwen2 72.7B"). Never "config".
std::string Importer::nameBase()
{
    for (const char* key : { "_name_or_path", "model_id" })
        for (const Json* j : { &m_top, m_lm })
            if (auto s = optString(*j, key); s && !s->empty()) {
                card.name = *s;
                m_nameSource = key;
                return lastFolderOf(*s);
            }
    const std::filesystem::path p(m_origin);
    std::string base = p.filename().string();
    for (const char* ext : { ".json", ".JSON" })
        if (base.ends_with(ext))
            base.resize(base.size() - 5);
    if (lower(base).ends_with(".config"))
        base.resize(base.size() - 7);
    m_nameSource = "file name";
    if (lower(base) == "config") {
        base = p.has_parent_path() ? p.parent_path().filename().string() : std::string();
        m_nameSource = "folder";
    }
    if (const size_t sep = base.find("__"); sep != std::string::npos && sep > 0)
        base = base.substr(0, sep) + "/"
            + base.substr(sep + 2); // "Qwen__Qwen2.5-72B": a Hugging Face id with its slash flattened
    if (base.empty() || base.find(' ') != std::string::npos || lower(base) == "config") {
        std::string family = m_type;
        m_nameSource = "model_type";
        for (const Json* j : { m_lm, &m_top })
            if (auto a = j->find("architectures");
                a != j->end() && a->is_array() && !a->empty() && (*a)[0].is_string()) {
                family = architectureName((*a)[0].get<std::string>());
                m_nameSource = "architectures";
                break;
            }
        base = family.empty() ? std::string("imported-model")
                              : family + " " + formatSignificant(card.paramsTotal / 1e9, 3) + "B";
    }
    card.name = base;
    return base;
}

/// The KV layout in words: "40 full, 8 sliding (window 4,096)".
std::string Importer::layoutNotes() const
{
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
    return layout;
}

void Importer::nameCard()
{
    std::string id;
    for (char c : lower(nameBase())) {
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
    std::string notes = "Imported from a Hugging Face config.json (" + m_origin + ", model_type "
        + (m_type.empty() ? std::string("not given") : m_type)
        + (m_nestedKey.empty() ? std::string() : ", fields read under \"" + m_nestedKey + "\"")
        + "). Layers: " + layoutNotes() + ". max_context from max_position_embeddings; default KV format 16-bit.";
    if (!m_usedDefaults.empty()) {
        std::string d;
        for (const auto& u : m_usedDefaults)
            d += (d.empty() ? "" : ", ") + u;
        // MLA's head widths come from DeepseekV3Config whatever the family (readMla).
        m_estimates.push_back("not in the config, taken from the transformers defaults of "
            + (m_mla ? std::string("DeepseekV3Config (MLA)") : m_type) + ": " + d);
    }
    if (!m_estimates.empty()) {
        notes += " Estimates and assumptions:";
        for (const auto& e : m_estimates)
            notes += " " + e + ";";
        notes.back() = '.';
    }
    card.notes = notes;
}

} // namespace hf

bool looksLikeHfConfig(const Json& json)
{
    if (!json.is_object() || json.contains("layer_groups"))
        return false;
    if (json.contains("model_type") || json.contains("architectures"))
        return true;
    // A config nested under a key ({"fields": {"model_type": ..., ...}}).
    const std::string key = hf::nestedConfigKey(json);
    return !key.empty() && (json[key].contains("model_type") || json[key].contains("architectures"));
}

} // namespace kvtiers
