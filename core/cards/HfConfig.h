#pragma once
// HfConfig: a Hugging Face config.json turned into a ModelCard.
//
// The KV layout follows docs/model.md §1–2: every decoder layer becomes one of the four kinds
// of ModelCard.h (full, sliding, mla, state) and identical layers are grouped.
//
//   head_dim        config's head_dim, else hidden_size / num_attention_heads
//   KV heads        num_key_value_heads, else num_attention_heads (MHA)
//   sliding layers  layer_types when given; else the family's pattern (Gemma 2: even
//                   layers; Gemma 3: every sliding_window_pattern-th layer is global;
//                   gpt-oss: even layers; Qwen2/3: layers >= max_window_layers when
//                   use_sliding_window; Llama 4: chunked-attention layers; Mistral/Phi-3
//                   and unknown types: every layer when sliding_window is set)
//   MLA             kv_lora_rank + qk_rope_head_dim (DeepSeek-V2/V3, Kimi K2)
//   state layers    Jamba's Mamba layers and Qwen3-Next's Gated DeltaNet layers, their
//                   per-sequence state computed from the config's dims (see HfFamilyRules.cpp)
//
// Configs that nest the language model under "text_config", "llm_config",
// "language_config" or "language_model_config" (Gemma 3, Llama 4, InternVL and other
// multimodal wrappers) are read from there, falling back to the top level; so is a config
// copied under another key ({"fields": {...}}) when the top level states no shape.
// Parameter counts are estimated from the shapes when the config does not state them.
//
// The card is named from _name_or_path (or model_id), else the file's name ("Org__Name"
// as "Org/Name"; a file called config.json by its folder), else its first architecture
// with its size ("Qwen2 72.7B"), never "config".

#include "core/cards/ModelCard.h"
#include "core/io/Json.h"
#include "core/io/Message.h"

#include <cstdint>
#include <string>
#include <vector>

namespace kvtiers {

/// True when `json` looks like a Hugging Face config.json rather than a kvtiers model
/// card: it has "model_type" or "architectures" and no "layer_groups".
bool looksLikeHfConfig(const Json& json);

/// Imports a config.json. `origin` (a file name, or "pasted text") names the config in
/// messages and in the card's source. Throws InputError naming every missing or invalid
/// field in one message; its detail (InputErrorCode::HfConfigCannotImport) has one part per
/// missing field and per problem, so a front end can word them in its language. The card
/// is then validated as parseModelCard() validates a hand-written one.
ModelCard importHfConfig(const Json& config, const std::string& origin);

/// The fields importHfConfig() would report as missing or invalid, as paths
/// ("num_hidden_layers", "text_config.hidden_size"), so a front end can ask the user to
/// fill them in and import again. Empty when the config imports.
std::vector<std::string> missingHfFields(const Json& config);

/// What an import reads and assumes, for a front end to ask or say openly.
struct HfImportReport {
    std::vector<std::string> missing; ///< as missingHfFields()
    std::string nestedKey;            ///< the key the fields were read under ("fields"); empty: the top level
    /// num_key_value_heads is absent where the layers need it: the import assumes
    /// Transformers' default, num_attention_heads (multi-head attention).
    bool kvHeadsAssumed = false;
    std::int64_t assumedKvHeads = 0; ///< that default; 0 while num_attention_heads is unknown
    std::string kvHeadsPath;         ///< where the field belongs ("fields.num_key_value_heads")
    /// A missing field's value as the file gives it under another name (a number under a key
    /// that starts with the field's: "kv_lora_rank_UNCONFIRMED": 512), for a front end to
    /// offer, never to take unasked.
    struct Offer {
        std::string path;    ///< the missing field ("fields.kv_lora_rank")
        std::string fromKey; ///< where the file gives it ("kv_lora_rank_UNCONFIRMED")
        std::int64_t value = 0;
    };
    std::vector<Offer> offers;
    /// The config says MLA (HfImporter's saysMla, or kv_lora_rank): the import reads a latent
    /// per layer and asks for its dims rather than assume multi-head attention.
    bool mla = false;
};
HfImportReport inspectHfConfig(const Json& config);

/// "num_key_value_heads is not given: …" (context "HfImport"); empty unless kvHeadsAssumed.
Message hfKvHeadsMessage(const HfImportReport& report);
/// "Offered: kv_lora_rank 512, as the file gives it under "kv_lora_rank_UNCONFIRMED"…"
/// (context "HfImport"), one per offer.
std::vector<Message> hfOfferMessages(const HfImportReport& report);
/// "The file says MLA: …" (context "HfImport"); empty unless the config says MLA.
Message hfMlaMessage(const HfImportReport& report);
/// "The model's fields were read under "fields"." (context "HfImport"); empty for the top level.
Message hfNestedMessage(const HfImportReport& report);

} // namespace kvtiers
