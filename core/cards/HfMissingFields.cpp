// What a config.json import lacks, by field path: the missing and invalid fields the
// importer records, the one error that names them all, and the fields ModelImportDialog
// asks the user to fill in before importing again.
#include "core/cards/HfConfig.h"
#include "core/cards/HfImporter.h"

#include <QtGlobal>

#include <algorithm>

namespace kvtiers {

namespace hf {

std::string Importer::path(const std::string& key) const
{
    if (m_lm != &m_top && m_lm->contains(key))
        return m_prefix + key;
    if (m_top.contains(key))
        return key;
    return m_prefix + key;
}

void Importer::invalid(const std::string& key, InputErrorDetail detail)
{
    const std::string p = path(key);
    if (std::find(m_invalidPaths.begin(), m_invalidPaths.end(), p) == m_invalidPaths.end()) {
        m_invalidPaths.push_back(p);
        detail.where = p;
        problemDetails.push_back(std::move(detail));
    }
}

void Importer::need(const std::string& key)
{
    const std::string p = path(key);
    if (std::find(missing.begin(), missing.end(), p) == missing.end())
        missing.push_back(p);
}

} // namespace hf

ModelCard importHfConfig(const Json& config, const std::string& origin)
{
    hf::Importer imp(config, origin);
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
    hf::Importer imp(config, "config.json");
    imp.run();
    std::vector<std::string> fields = imp.missing;
    for (const auto& p : imp.problemDetails)
        fields.push_back(p.where);
    return fields;
}

HfImportReport inspectHfConfig(const Json& config)
{
    HfImportReport r;
    if (!config.is_object()) {
        r.missing = { "(a JSON object)" };
        return r;
    }
    hf::Importer imp(config, "config.json");
    imp.run();
    r.missing = imp.missing;
    for (const auto& p : imp.problemDetails)
        r.missing.push_back(p.where);
    r.nestedKey = imp.nestedKey();
    r.kvHeadsPath = imp.path("num_key_value_heads");
    // Absent where attention layers need it: asked for even while other fields are missing.
    r.kvHeadsAssumed = imp.kvHeadsAssumed;
    r.assumedKvHeads = imp.kvHeadsAssumed ? imp.heads() : 0;
    r.mla = imp.mla();
    // A missing field the file gives under another name: offered, from the object it sits in.
    const std::string nested = hf::nestedConfigKey(config);
    for (const std::string& path : r.missing) {
        const std::string field = path.substr(path.rfind('.') == std::string::npos ? 0 : path.rfind('.') + 1);
        for (const Json* j : { nested.empty() ? &config : &config.at(nested), &config }) {
            for (const auto& [key, value] : j->items())
                if (key != field && hf::lower(key).starts_with(field) && value.is_number_integer()
                    && value.get<std::int64_t>() > 0
                    && std::none_of(r.offers.begin(), r.offers.end(),
                        [&](const HfImportReport::Offer& o) { return o.path == path; }))
                    r.offers.push_back({ path, key, value.get<std::int64_t>() });
        }
    }
    return r;
}

namespace {
constexpr MessageContext say { "HfImport" };
} // namespace

Message hfKvHeadsMessage(const HfImportReport& r)
{
    if (!r.kvHeadsAssumed)
        return {};
    if (r.assumedKvHeads <= 0)
        return say(QT_TRANSLATE_NOOP("HfImport",
                       "%1 is not given: without it every attention head has its own KV head (multi-head "
                       "attention), as Transformers assumes. Give it if the model groups its heads."),
            { r.kvHeadsPath });
    return say(QT_TRANSLATE_NOOP("HfImport",
                   "%1 is not given: assuming %2 KV heads (= num_attention_heads, multi-head attention), as "
                   "Transformers does. Most recent models group their heads (grouped-query attention) and cache "
                   "far less: give the model's value if it has one."),
        { r.kvHeadsPath, std::to_string(r.assumedKvHeads) });
}

std::vector<Message> hfOfferMessages(const HfImportReport& r)
{
    std::vector<Message> out;
    for (const auto& o : r.offers)
        out.push_back(say(QT_TRANSLATE_NOOP("HfImport",
                              "Offered: %1 = %2, as the file gives it under \"%3\". Check it, then import again."),
            { o.path, std::to_string(o.value), o.fromKey }));
    return out;
}

Message hfMlaMessage(const HfImportReport& r)
{
    if (!r.mla)
        return {};
    return say(QT_TRANSLATE_NOOP("HfImport",
        "The file says MLA (multi-head latent attention): each layer caches one latent of kv_lora_rank plus "
        "qk_rope_head_dim elements, not KV heads, so both are needed."));
}

Message hfNestedMessage(const HfImportReport& r)
{
    if (r.nestedKey.empty())
        return {};
    return say(QT_TRANSLATE_NOOP("HfImport", "The model's fields were read under \"%1\"."), { r.nestedKey });
}

} // namespace kvtiers
