#include "core/catalog/CardCatalog.h"

#include "core/cards/BuiltinCards.h"
#include "core/cards/HfConfig.h"
#include "core/io/InputError.h"
#include "core/io/Json.h"
#include "core/scenario/Knobs.h"

#include <QStandardPaths>
#include <QString>

#include <algorithm>
#include <filesystem>

namespace kvtiers {

ModelCard loadModelCard(std::string_view text, const std::string& origin)
{
    return parseModelCard(parseStrictJson(text, origin), origin);
}

HardwareCard loadHardwareCard(std::string_view text, const std::string& origin)
{
    return parseHardwareCard(parseStrictJson(text, origin), origin);
}

WorkloadCard loadWorkloadCard(std::string_view text, const std::string& origin)
{
    return parseWorkloadCard(parseStrictJson(text, origin), origin);
}

const CardCatalog& CardCatalog::builtin()
{
    static const CardCatalog catalog = [] {
        CardCatalog c;
        for (const auto& f : builtinCardFiles()) {
            if (f.kind == "presets")
                continue; // read by PresetStore
            if (f.kind == "restore-paths")
                continue; // read below, once, by builtinRestorePaths()
            if (f.kind == "supply")
                continue; // the industry's bit supply, read by builtinBitSupply() (OutlookSupply.h)
            const CardKind kind = f.kind == "models" ? CardKind::Model
                : f.kind == "hardware"               ? CardKind::Hardware
                : f.kind == "outlooks"               ? CardKind::Outlook
                : f.kind == "systems"                ? CardKind::System
                                                     : CardKind::Workload;
            c.addCard(kind, f.text, "models/" + std::string(f.kind) + "/" + std::string(f.file));
        }
        for (const RestorePath& path : builtinRestorePaths())
            c.m_restorePaths.insert_or_assign(path.id, path);
        return c;
    }();
    return catalog;
}

void CardCatalog::addCard(CardKind kind, std::string_view text, const std::string& origin)
{
    switch (kind) {
    case CardKind::Model: {
        auto card = loadModelCard(text, origin);
        m_models.insert_or_assign(card.id, std::move(card));
        break;
    }
    case CardKind::Hardware: {
        auto card = loadHardwareCard(text, origin);
        m_hardware.insert_or_assign(card.id, std::move(card));
        break;
    }
    case CardKind::Workload: {
        auto card = loadWorkloadCard(text, origin);
        m_workloads.insert_or_assign(card.id, std::move(card));
        break;
    }
    case CardKind::Outlook: {
        auto card = loadOutlookCard(text, origin);
        m_outlooks.insert_or_assign(card.id, std::move(card));
        break;
    }
    case CardKind::System: {
        auto card = parseSystemCard(parseStrictJson(text, origin), origin);
        m_systems.insert_or_assign(card.id, std::move(card));
        break;
    }
    }
}

void CardCatalog::addFolder(const std::string& folder, std::vector<InputError>& problems)
{
    namespace fs = std::filesystem;
    auto addAll = [&](const fs::path& dir, CardKind kind) {
        std::error_code ec;
        if (!fs::is_directory(dir, ec))
            return;
        std::vector<fs::path> files;
        for (const auto& entry : fs::directory_iterator(dir, ec))
            if (entry.path().extension() == ".json" && entry.is_regular_file(ec))
                files.push_back(entry.path());
        if (ec)
            problems.emplace_back(dir.string() + ": cannot list the folder (" + ec.message() + ")");
        std::sort(files.begin(), files.end()); // the same order, hence the same winner, every run
        for (const auto& file : files) {
            try {
                addCard(kind, readInputFile(file.string()), file.string());
            } catch (const InputError& e) {
                problems.push_back(e);
            } catch (const std::exception& e) {
                problems.emplace_back(file.string() + ": " + e.what());
            }
        }
    };
    const fs::path root(folder);
    addAll(root, CardKind::Model);
    addAll(root / "models", CardKind::Model);
    addAll(root / "hardware", CardKind::Hardware);
    addAll(root / "workloads", CardKind::Workload);
    addAll(root / "outlooks", CardKind::Outlook);
    addAll(root / "systems", CardKind::System);
}

std::string CardCatalog::installedCardDirectory()
{
    std::error_code ec;
    const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (ec || exe.empty())
        return {};
    return (exe.parent_path().parent_path() / "share" / "kvtiers" / "models").string();
}

std::string CardCatalog::userCardDirectory()
{
    const QString env = qEnvironmentVariable("KVTIERS_DATA_DIR");
    const QString base = env.isEmpty()
        ? QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) + QStringLiteral("/kvtiers")
        : env;
    return QString(base + QStringLiteral("/cards")).toStdString();
}

CardCatalog CardCatalog::withInstalledAndUserCards(std::vector<InputError>& problems)
{
    CardCatalog catalog = builtin();
    if (const std::string installed = installedCardDirectory(); !installed.empty())
        catalog.addFolder(installed, problems);
    catalog.addFolder(userCardDirectory(), problems);
    return catalog;
}

namespace {

bool looksLikeFile(const std::string& arg)
{
    std::error_code ec;
    return arg.ends_with(".json") || arg.find('/') != std::string::npos || std::filesystem::exists(arg, ec);
}

template <typename Map> [[noreturn]] void unknownId(const char* what, const std::string& id, const Map& map)
{
    throw InputError({ .code = InputErrorCode::UnknownCardId, .where = what, .value = id, .detail = knownIds(map) });
}

} // namespace

ModelCard CardCatalog::resolveModel(const std::string& arg) const
{
    if (auto it = m_models.find(arg); it != m_models.end())
        return it->second;
    if (looksLikeFile(arg)) {
        // A Hugging Face config.json is imported; anything else is a model card.
        const Json json = parseStrictJson(readInputFile(arg), arg);
        return looksLikeHfConfig(json) ? importHfConfig(json, arg) : parseModelCard(json, arg);
    }
    unknownId("model", arg, m_models);
}

HardwareCard CardCatalog::resolveHardware(const std::string& arg) const
{
    if (auto it = m_hardware.find(arg); it != m_hardware.end())
        return it->second;
    if (looksLikeFile(arg))
        return loadHardwareCard(readInputFile(arg), arg);
    unknownId("hardware", arg, m_hardware);
}

WorkloadCard CardCatalog::resolveWorkload(const std::string& arg) const
{
    if (auto it = m_workloads.find(arg); it != m_workloads.end())
        return it->second;
    if (looksLikeFile(arg))
        return loadWorkloadCard(readInputFile(arg), arg);
    unknownId("workload", arg, m_workloads);
}

OutlookCard CardCatalog::resolveOutlook(const std::string& arg) const
{
    if (auto it = m_outlooks.find(arg); it != m_outlooks.end())
        return it->second;
    if (looksLikeFile(arg))
        return loadOutlookCard(readInputFile(arg), arg);
    unknownId("outlook", arg, m_outlooks);
}

RestorePath CardCatalog::resolveRestorePath(const std::string& arg) const
{
    if (auto it = m_restorePaths.find(arg); it != m_restorePaths.end())
        return it->second;
    if (looksLikeFile(arg))
        return parseRestorePath(parseStrictJson(readInputFile(arg), arg), arg);
    if (this != &builtin()) // a catalog of user cards still knows the built-in paths
        return builtin().resolveRestorePath(arg);
    unknownId(knobKey(KnobId::RestorePath), arg, m_restorePaths);
}

} // namespace kvtiers
