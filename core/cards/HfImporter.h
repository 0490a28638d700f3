#pragma once
// HfImporter: the importer behind HfConfig.h, shared by its three parts and used by
// nothing else:
//   HfConfigReader.cpp  reading config.json: fields by alias, typed values, the layer
//                       groups, weight bits and the card's name and notes
//   HfFamilyRules.cpp   per-architecture rules: the family from model_type, its layer
//                       pattern, state layers, MoE layout and parameter estimate
//   HfMissingFields.cpp what an import lacks: missing and invalid fields by path, as the
//                       import error and as the fields ModelImportDialog asks for

#include "core/cards/ModelCard.h"
#include "core/io/InputError.h"
#include "core/io/Json.h"

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace kvtiers::hf {

inline constexpr std::int64_t kMaxDim = 1 << 20;
inline constexpr std::int64_t kMaxLayers = 100000;
inline constexpr std::int64_t kMaxVocab = 1'000'000'000;
inline constexpr std::int64_t kMaxTokens = std::int64_t(1) << 40;

std::string lower(std::string s);
/// A figure as the notes and messages write it (formatCount).
std::string count(double v);

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

/// The key a config nests the model's fields under: text_config, llm_config,
/// language_config or language_model_config (multimodal wrappers); else, when the top level
/// states no shape, the first object that does ("fields"). Empty: the top level.
std::string nestedConfigKey(const Json& config);

class Importer {
public:
    /// Throws InputError (HfConfigNotObject) when `config` is not an object.
    Importer(const Json& config, std::string origin);

    /// Reads the config into `card`, or leaves `missing` / `problemDetails` non-empty.
    void run();

    ModelCard card;
    std::vector<std::string> missing;             ///< field paths
    std::vector<InputErrorDetail> problemDetails; ///< the structured form of each problem, `where` = its path
    /// num_key_value_heads (or an alias) is absent and the layers need it: Transformers'
    /// default, num_attention_heads (multi-head attention), is assumed.
    bool kvHeadsAssumed = false;
    std::int64_t heads() const { return m_heads; }
    const std::string& nestedKey() const { return m_nestedKey; }
    /// The layers were read as MLA (kv_lora_rank given or the config says MLA).
    bool mla() const { return m_mla; }
    const std::string& nameSource() const { return m_nameSource; }
    /// The path a field is reported under: where it is, else where it belongs.
    std::string path(const std::string& key) const;

private:
    // ---- field access (HfConfigReader.cpp): the language-model config, then the top
    // level, then family defaults
    const Json* find(std::string_view key) const;
    /// The first alias present, with its key.
    std::pair<const Json*, std::string> findAny(std::initializer_list<const char*> names) const;
    std::optional<std::int64_t> optInt(std::initializer_list<const char*> names, std::int64_t min, std::int64_t max);
    std::optional<std::int64_t> reqInt(std::initializer_list<const char*> names, std::int64_t min, std::int64_t max);
    std::optional<bool> optBool(const char* key);
    static std::optional<std::string> optString(const Json& j, const char* key);

    // ---- what is missing or invalid (HfMissingFields.cpp)
    /// Records a problem once per field: its code and figures (the path goes in `where`).
    void invalid(const std::string& key, InputErrorDetail detail);
    /// Records a required field that is missing, once.
    void need(const std::string& key);

    // ---- reading (HfConfigReader.cpp)
    void readShape();
    void groupLayers();
    void readWeightBits();
    void nameCard();
    std::string nameBase();
    std::string layoutNotes() const;

    // ---- family rules (HfFamilyRules.cpp)
    void readModelType();
    void readLayerKinds();
    bool readMla();
    /// The config says MLA other than by kv_lora_rank: an "attention" field naming it, a
    /// DeepSeek-V2/V3 or Kimi K2 model_type, or MLA's other keys (q_lora_rank,
    /// qk_rope_head_dim, qk_nope_head_dim, a key starting "kv_lora_rank").
    bool saysMla() const;
    /// The config is a summary rather than Transformers' own (an "attention" field, the
    /// latent rank under another key): MLA's head widths default to DeepseekV3Config's.
    bool mlaFromSummary() const;
    bool readLayerTypes(const Json& list);
    void readFamilyPattern();
    void checkWindows();
    void readStateLayers();
    void readMoe();
    bool moeLayer(std::int64_t layer);
    void readExpertWidths();
    LayerSpec layerSpec(const std::string& kind);
    double attentionParams(const LayerSpec& s) const;
    void estimateParameters();

    const Json& m_top;
    const Json* m_lm = nullptr;
    std::string m_prefix;
    std::string m_nestedKey;  ///< the key m_lm is under; empty: the top level
    std::string m_nameSource; ///< what the card's name came from (nameBase)
    std::string m_origin;
    Json m_defaults = Json::object();
    mutable std::set<std::string> m_usedDefaults;
    std::vector<std::string> m_invalidPaths;
    std::vector<std::string> m_estimates;

    std::string m_type; ///< model_type, "_text" suffix removed
    std::int64_t m_layers = 0, m_heads = 0, m_hidden = 0, m_vocab = 0, m_maxCtx = 0;
    std::int64_t m_kvHeads = 0, m_headDim = 0;
    std::vector<std::string> m_kinds; ///< per layer: full, sliding, chunked, mla, mamba, linear
    std::vector<LayerSpec> m_specs;
    double m_stateElementBytes = 2;

    // MLA
    std::int64_t m_kvLora = 0, m_rope = 0, m_nope = 0, m_vHead = 0, m_qLora = 0;
    bool m_mla = false;
    // Mamba (Jamba)
    std::int64_t m_dState = 0, m_dConv = 0, m_dInner = 0, m_dtRank = 0;
    // Gated DeltaNet (Qwen3-Next)
    std::int64_t m_linK = 0, m_linV = 0, m_linKDim = 0, m_linVDim = 0, m_linConv = 0;
    // MLP / MoE
    std::int64_t m_denseInter = 0, m_experts = 0, m_topK = 0, m_expertInter = 0;
    std::int64_t m_sharedExperts = 0, m_sharedInter = 0;
    std::vector<bool> m_moeLayer;
    bool m_attentionBias = false;
    double m_expertParamsTotal = 0;
};

} // namespace kvtiers::hf
