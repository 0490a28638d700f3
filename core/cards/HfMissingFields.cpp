// What a config.json import lacks, by field path: the missing and invalid fields the
// importer records, the one error that names them all, and the fields ModelImportDialog
// asks the user to fill in before importing again.
#include "core/cards/HfConfig.h"
#include "core/cards/HfImporter.h"

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

} // namespace kvtiers
