#include "core/catalog/PresetStore.h"

#include "core/cards/BuiltinCards.h"
#include "core/io/InputError.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QStandardPaths>

#include <algorithm>
#include <cctype>
#include <memory>
#include <string_view>
#include <tuple>
#include <utility>

namespace kvtiers {

namespace {

constexpr const char* kPresetSchema = "kvtiers-preset";
bool g_failNextWriteHalfWay = false;
constexpr const char* kComparisonSchema = "kvtiers-comparison";
constexpr const char* kOutlookPresetSchema = "kvtiers-outlook-preset";

QString q(const std::string& s)
{
    return QString::fromStdString(s);
}

/// A file name for a preset name: lowercase ASCII letters, digits and dashes.
std::string slug(const std::string& name)
{
    std::string s;
    for (unsigned char c : name) {
        if (std::isalnum(c))
            s += static_cast<char>(std::tolower(c));
        else if (!s.empty() && s.back() != '-')
            s += '-';
    }
    while (!s.empty() && s.back() == '-')
        s.pop_back();
    if (s.empty())
        s = "preset";
    return s.substr(0, 60);
}

Comparison comparisonFromJson(const Json& json, const std::string& origin)
{
    const JsonObject o(json, origin);
    o.rejectUnknownKeys({ "schema", "schema_version", "name", "presets", "notes" });
    Comparison c;
    c.name = o.requireString("name");
    c.notes = o.optionalString("notes").value_or("");
    const Json& list = o.requireArray("presets");
    if (list.size() < 2 || list.size() > 4)
        o.fail("presets", "a comparison names 2 to 4 presets");
    for (const auto& item : list) {
        if (!item.is_string())
            o.fail("presets", "must list preset names (strings)");
        c.presetNames.push_back(item.get<std::string>());
    }
    return c;
}

Status noSuchPreset(const std::string& name)
{
    return Status::failure({ .code = PresetError::NoSuchPreset, .name = name });
}

/// A preset file whose name breaks a rule: an InputError like any other for callers of
/// fromJson (the same message), which reload and importFile catch first to keep which
/// rule it broke.
class PresetNameInFileError : public InputError {
public:
    PresetNameInFileError(const std::string& where, const Status& nameStatus)
        : InputError(where + ": " + nameStatus.error)
        , m_detail(std::make_shared<const PresetErrorDetail>(PresetErrorDetail { .code = PresetError::FileNameInvalid,
              .where = where,
              .nameProblem = nameStatus.detail.code,
              .limit = nameStatus.detail.limit }))
    {
    }
    PresetErrorDetail detail(const std::string& file) const
    {
        PresetErrorDetail d = *m_detail;
        d.file = file;
        return d;
    }

private:
    // Shared, as InputError's detail is, so that copying the exception never throws.
    std::shared_ptr<const PresetErrorDetail> m_detail;
};

/// An InputError's structured form to carry in a PresetErrorDetail; one without a code
/// carries its English (InputErrorCode::Uncoded with `detail`), as a part does.
InputErrorDetail carried(const InputError& e)
{
    return e.detail().code != InputErrorCode::Uncoded
        ? e.detail()
        : InputErrorDetail { .code = InputErrorCode::Uncoded, .detail = e.what() };
}

/// Why a preset file could not be read, from what reading it threw: InputError's message
/// as it is, its structured form carried along.
PresetProblem problemOf(const std::string& path, const InputError& e)
{
    if (const auto* name = dynamic_cast<const PresetNameInFileError*>(&e))
        return PresetProblem::of(path, name->detail(path));
    return PresetProblem::of(path, { .code = PresetError::FileInvalid, .file = path, .input = carried(e) });
}

/// What every preset file shares, scenario or outlook: its schema and version, its name
/// and notes, and no key but these and `payload`, the one its content sits under.
std::pair<std::string, std::string> readPresetHeader(
    const JsonObject& o, std::string_view schema, std::string_view payload)
{
    const std::string given = o.requireString("schema");
    if (given != schema)
        throw InputError({ .code = InputErrorCode::NotAPreset, .where = o.path() + ".schema", .value = given });
    const auto version = o.requireInteger("schema_version", 1, 1000000);
    if (version > kPresetSchemaVersion)
        throw InputError({ .code = InputErrorCode::NewerPresetSchema,
            .where = o.path() + ".schema_version",
            .value = std::to_string(version),
            .max = std::to_string(kPresetSchemaVersion) });
    o.rejectUnknownKeys({ "schema", "schema_version", "name", payload, "notes" });
    std::string name = o.requireString("name");
    if (const Status s = checkPresetName(name); !s.ok())
        throw PresetNameInFileError(o.path() + ".name", s); // the message JsonObject::fail would give
    return { std::move(name), o.optionalString("notes").value_or("") };
}

} // namespace

// Every outcome the store reports, once: the English the CLI prints is the template with
// the detail's names and files put in; the GUI translates the same template.
namespace {
constexpr MessageContext say { "PresetMessages" };
} // namespace

Message presetErrorMessage(const PresetErrorDetail& d)
{
    const std::string& name = d.name;
    const std::string& file = d.file;
    const std::string& reason = d.reason;
    switch (d.code) {
    case PresetError::None:
    case PresetError::EndOfCodes_:
        return {};

    // A preset name.
    case PresetError::NameEmpty:
        return say(QT_TRANSLATE_NOOP("PresetMessages", "a preset needs a name"));
    case PresetError::NameTooLong:
        return say(QT_TRANSLATE_NOOP("PresetMessages", "a preset name has at most %1 characters"),
            { std::to_string(d.limit) });
    case PresetError::NameHasControlCharacters:
        return say(QT_TRANSLATE_NOOP("PresetMessages", "a preset name cannot contain control characters"));

    // The store's operations.
    case PresetError::NameExists:
        return say(QT_TRANSLATE_NOOP("PresetMessages", "a preset called \"%1\" exists already"), { name });
    case PresetError::ImportNameExists:
        return say(
            QT_TRANSLATE_NOOP("PresetMessages", "a preset called \"%1\" exists already; rename it first"), { name });
    case PresetError::BuiltinCannotBeChanged:
        return say(QT_TRANSLATE_NOOP(
                       "PresetMessages", "\"%1\" is a built-in preset and cannot be changed; save under another name"),
            { name });
    case PresetError::BuiltinCannotBeRenamed:
        return say(QT_TRANSLATE_NOOP("PresetMessages", "\"%1\" is a built-in preset and cannot be renamed"), { name });
    case PresetError::BuiltinCannotBeDeleted:
        return say(QT_TRANSLATE_NOOP("PresetMessages", "\"%1\" is a built-in preset and cannot be deleted"), { name });
    case PresetError::NoSuchPreset:
        return say(QT_TRANSLATE_NOOP("PresetMessages", "no preset called \"%1\""), { name });
    case PresetError::RenamedCopyNotRemoved:
        return say(QT_TRANSLATE_NOOP(
                       "PresetMessages", "%1: could not be removed after writing the renamed copy; nothing changed"),
            { file });
    case PresetError::DeleteFailed:
        return say(QT_TRANSLATE_NOOP("PresetMessages", "%1: could not be deleted"), { file });

    // Writing a preset file. The reason is the system's own words (Qt's, untranslated).
    case PresetError::CannotCreateFolder:
        return say(QT_TRANSLATE_NOOP("PresetMessages", "cannot create the folder %1"), { file });
    case PresetError::CannotOpenForWriting:
        return say(QT_TRANSLATE_NOOP("PresetMessages", "%1: cannot be written: %2"), { file, reason });
    case PresetError::WriteFailedHalfWay:
        return say(QT_TRANSLATE_NOOP("PresetMessages",
                       "%1: writing failed half way (simulated); the previous file, if any, is unchanged"),
            { file });
    case PresetError::WriteFailed:
        return say(QT_TRANSLATE_NOOP("PresetMessages", "%1: writing failed: %2"), { file, reason });
    case PresetError::CommitFailed:
        return say(
            QT_TRANSLATE_NOOP("PresetMessages", "%1: could not be saved (%2); the previous file, if any, is unchanged"),
            { file, reason });

    // Reading a preset file.
    case PresetError::FileInvalid:
        // The InputError's own message is the whole text.
        return inputErrorMessage(d.input);
    case PresetError::FileNameInvalid: {
        const Message broken = presetErrorMessage({ .code = d.nameProblem, .limit = d.limit });
        return say(QT_TRANSLATE_NOOP("PresetMessages", "%1: %2"), { d.where, MessageArg({ broken }, "") });
    }
    case PresetError::ScenarioInvalid: {
        const Message problem = inputErrorMessage(d.input);
        return say(QT_TRANSLATE_NOOP("PresetMessages", "%1: scenario: %2"), { file, MessageArg({ problem }, "") });
    }
    case PresetError::FileNameClash:
        return say(QT_TRANSLATE_NOOP("PresetMessages", "%1: another preset is already called \"%2\""), { file, name });
    case PresetError::FileUnreadable:
        return say(QT_TRANSLATE_NOOP("PresetMessages", "cannot be read: %1"), { reason });
    }
    return {};
}

Status Status::failure(PresetErrorDetail detail)
{
    std::string english = presetErrorMessage(detail).english();
    return Status { std::move(english), std::move(detail) };
}

PresetProblem PresetProblem::of(std::string file, PresetErrorDetail detail)
{
    std::string reason = presetErrorMessage(detail).english();
    return PresetProblem { std::move(file), std::move(reason), std::move(detail) };
}

Status checkPresetName(const std::string& name)
{
    if (name.empty() || std::all_of(name.begin(), name.end(), [](unsigned char c) { return std::isspace(c); }))
        return Status::failure({ .code = PresetError::NameEmpty });
    if (name.size() > static_cast<size_t>(kPresetNameMaxLength))
        return Status::failure({ .code = PresetError::NameTooLong, .limit = kPresetNameMaxLength });
    for (unsigned char c : name)
        if (c < 0x20 || c == 0x7f)
            return Status::failure({ .code = PresetError::NameHasControlCharacters });
    return {};
}

std::optional<std::string> presetNameProblem(const std::string& name)
{
    Status s = checkPresetName(name);
    if (s.ok())
        return std::nullopt;
    return std::move(s.error);
}

std::string PresetStore::defaultDirectory()
{
    const QString env = qEnvironmentVariable("KVTIERS_DATA_DIR");
    const QString base = env.isEmpty()
        ? QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) + QStringLiteral("/kvtiers")
        : env;
    return QString(base + QStringLiteral("/presets")).toStdString();
}

PresetStore::PresetStore(std::string directory)
    : m_directory(std::move(directory))
{
    reload();
}

Json PresetStore::toJson(const Preset& p)
{
    Json j = { { "schema", kPresetSchema }, { "schema_version", kPresetSchemaVersion }, { "name", p.name },
        { "scenario", p.spec.toJson() } };
    if (!p.notes.empty())
        j["notes"] = p.notes;
    return j;
}

Preset PresetStore::fromJson(const Json& json, const std::string& origin)
{
    const JsonObject o(json, origin);
    Preset p;
    std::tie(p.name, p.notes) = readPresetHeader(o, kPresetSchema, "scenario");
    p.spec = ScenarioSpec::fromJson(o.requireObject("scenario").raw(), origin + ".scenario");
    return p;
}

void PresetStore::reload()
{
    m_presets.clear();
    m_comparisons.clear();
    m_problems.clear();
    for (const auto& f : builtinCardFiles()) {
        if (f.kind != "presets")
            continue;
        const std::string origin = "models/presets/" + std::string(f.file);
        const Json json = parseStrictJson(f.text, origin);
        if (json.is_object() && json.value("schema", "") == kComparisonSchema) {
            m_comparisons.push_back(comparisonFromJson(json, origin));
            continue;
        }
        Preset p = fromJson(json, origin);
        p.builtin = true;
        m_presets.push_back(std::move(p));
    }
    m_outlooks.clear();
    std::vector<Preset> user;
    const QDir dir(q(m_directory));
    const auto entries
        = dir.entryInfoList({ QStringLiteral("*.json") }, QDir::Files | QDir::NoDotAndDotDot, QDir::Name);
    for (const QFileInfo& info : entries) {
        const std::string path = info.filePath().toStdString();
        try {
            const Json json = parseStrictJson(readInputFile(path), path);
            if (isOutlookPresetJson(json)) {
                OutlookPreset o = outlookPresetFromJson(json, path);
                o.file = path;
                if (findOutlook(o.name))
                    m_problems.push_back(
                        PresetProblem::of(path, { .code = PresetError::FileNameClash, .name = o.name, .file = path }));
                else
                    m_outlooks.push_back(std::move(o));
                continue;
            }
            Preset p = fromJson(json, path);
            p.file = path;
            if (find(p.name)
                || std::any_of(user.begin(), user.end(), [&](const Preset& u) { return u.name == p.name; })) {
                m_problems.push_back(
                    PresetProblem::of(path, { .code = PresetError::FileNameClash, .name = p.name, .file = path }));
                continue;
            }
            user.push_back(std::move(p));
        } catch (const InputError& e) {
            m_problems.push_back(problemOf(path, e));
        } catch (const std::exception& e) {
            m_problems.push_back(
                PresetProblem::of(path, { .code = PresetError::FileUnreadable, .file = path, .reason = e.what() }));
        }
    }
    std::sort(user.begin(), user.end(), [](const Preset& a, const Preset& b) { return a.name < b.name; });
    std::sort(m_outlooks.begin(), m_outlooks.end(),
        [](const OutlookPreset& a, const OutlookPreset& b) { return a.name < b.name; });
    for (auto& p : user)
        m_presets.push_back(std::move(p));
}

const Preset* PresetStore::find(const std::string& name) const
{
    for (const auto& p : m_presets)
        if (p.name == name)
            return &p;
    return nullptr;
}

Preset* PresetStore::findUser(const std::string& name)
{
    for (auto& p : m_presets)
        if (p.name == name && !p.builtin)
            return &p;
    return nullptr;
}

std::string PresetStore::pathFor(const std::string& name) const
{
    // A new file never takes the place of an existing one, readable or not.
    const std::string base = m_directory + "/" + slug(name);
    std::string path = base + ".json";
    for (int i = 2; QFileInfo::exists(q(path)); ++i)
        path = base + "-" + std::to_string(i) + ".json";
    return path;
}

Status PresetStore::writeFile(const std::string& path, const Json& json) const
{
    const QString dirPath = QFileInfo(q(path)).absolutePath();
    if (!QDir().mkpath(dirPath))
        return Status::failure({ .code = PresetError::CannotCreateFolder, .file = dirPath.toStdString() });
    QSaveFile file(q(path));
    if (!file.open(QIODevice::WriteOnly)) {
        const std::string reason = file.errorString().toStdString();
        return Status::failure({ .code = PresetError::CannotOpenForWriting, .file = path, .reason = reason });
    }
    const std::string text = json.dump(2) + "\n";
    if (g_failNextWriteHalfWay) {
        g_failNextWriteHalfWay = false;
        file.write(text.data(), static_cast<qint64>(text.size() / 2));
        file.cancelWriting();
        return Status::failure({ .code = PresetError::WriteFailedHalfWay, .file = path });
    }
    if (file.write(text.data(), static_cast<qint64>(text.size())) != static_cast<qint64>(text.size())) {
        const std::string reason = file.errorString().toStdString();
        file.cancelWriting();
        return Status::failure({ .code = PresetError::WriteFailed, .file = path, .reason = reason });
    }
    if (!file.commit()) {
        const std::string reason = file.errorString().toStdString();
        return Status::failure({ .code = PresetError::CommitFailed, .file = path, .reason = reason });
    }
    return {};
}

void PresetStore::failNextWriteHalfWayForTesting()
{
    g_failNextWriteHalfWay = true;
}

Status PresetStore::save(const std::string& name, const ScenarioSpec& spec, bool replace, const std::string& notes)
{
    if (Status s = checkPresetName(name); !s.ok())
        return s;
    const Preset* existing = find(name);
    if (existing && existing->builtin)
        return Status::failure({ .code = PresetError::BuiltinCannotBeChanged, .name = name });
    if (existing && !replace)
        return Status::failure({ .code = PresetError::NameExists, .name = name });
    Preset p;
    p.name = name;
    p.spec = spec;
    p.notes = notes;
    const std::string path = existing ? existing->file : pathFor(name);
    if (Status s = writeFile(path, toJson(p)); !s.ok())
        return s;
    reload();
    return {};
}

Status PresetStore::rename(const std::string& from, const std::string& to)
{
    if (Status s = checkPresetName(to); !s.ok())
        return s;
    Preset* p = findUser(from);
    if (!p)
        return find(from) ? Status::failure({ .code = PresetError::BuiltinCannotBeRenamed, .name = from })
                          : noSuchPreset(from);
    if (from == to)
        return {};
    if (find(to))
        return Status::failure({ .code = PresetError::NameExists, .name = to });
    Preset renamed = *p;
    renamed.name = to;
    // Write the new file first; only then remove the old one, so a failure loses nothing.
    const std::string newPath = pathFor(to);
    if (Status s = writeFile(newPath, toJson(renamed)); !s.ok())
        return s;
    if (!QFile::remove(q(p->file))) {
        QFile::remove(q(newPath));
        return Status::failure({ .code = PresetError::RenamedCopyNotRemoved, .file = p->file });
    }
    reload();
    return {};
}

Status PresetStore::duplicate(const std::string& from, const std::string& to)
{
    const Preset* p = find(from);
    if (!p)
        return noSuchPreset(from);
    const ScenarioSpec spec = p->spec;
    const std::string notes = p->notes;
    return save(to, spec, false, notes);
}

Status PresetStore::remove(const std::string& name)
{
    Preset* p = findUser(name);
    if (!p)
        return find(name) ? Status::failure({ .code = PresetError::BuiltinCannotBeDeleted, .name = name })
                          : noSuchPreset(name);
    if (!QFile::remove(q(p->file)))
        return Status::failure({ .code = PresetError::DeleteFailed, .file = p->file });
    reload();
    return {};
}

Status PresetStore::importFile(const std::string& path, std::string* name)
{
    Preset p;
    try {
        const Json json = parseStrictJson(readInputFile(path), path);
        if (isOutlookPresetJson(json)) {
            const OutlookPreset o = outlookPresetFromJson(json, path);
            if (findOutlook(o.name))
                return Status::failure({ .code = PresetError::ImportNameExists, .name = o.name });
            if (Status s = saveOutlook(o.name, o.outlook, false, o.notes); !s.ok())
                return s;
            if (name)
                *name = o.name;
            return {};
        }
        p = fromJson(json, path);
    } catch (const InputError& e) {
        PresetProblem problem = problemOf(path, e);
        return Status::failure(std::move(problem.detail));
    }
    try {
        // Resolve now so a preset naming an unknown card is refused at import, not later.
        resolveScenario(CardCatalog::builtin(), p.spec);
    } catch (const InputError& e) {
        // The resolver names the field ("overrides.context: ..."); say which file it is in.
        return Status::failure({ .code = PresetError::ScenarioInvalid, .file = path, .input = carried(e) });
    }
    if (find(p.name))
        return Status::failure({ .code = PresetError::ImportNameExists, .name = p.name });
    if (Status s = save(p.name, p.spec, false, p.notes); !s.ok())
        return s;
    if (name)
        *name = p.name;
    return {};
}

Status PresetStore::exportFile(const std::string& name, const std::string& path) const
{
    const Preset* p = find(name);
    if (!p)
        return noSuchPreset(name);
    return writeFile(path, toJson(*p));
}

// ---- Saved outlooks

bool PresetStore::isOutlookPresetJson(const Json& json)
{
    return json.is_object() && json.contains("schema") && json["schema"] == kOutlookPresetSchema;
}

Json PresetStore::outlookPresetToJson(const OutlookPreset& p)
{
    Json j = { { "schema", kOutlookPresetSchema }, { "schema_version", kPresetSchemaVersion }, { "name", p.name },
        { "outlook", outlookCardToJson(p.outlook) } };
    if (!p.notes.empty())
        j["notes"] = p.notes;
    return j;
}

OutlookPreset PresetStore::outlookPresetFromJson(const Json& json, const std::string& origin)
{
    const JsonObject o(json, origin);
    OutlookPreset p;
    std::tie(p.name, p.notes) = readPresetHeader(o, kOutlookPresetSchema, "outlook");
    p.outlook = parseOutlookCard(o.requireObject("outlook").raw(), origin + ".outlook");
    p.outlook.origin = origin;
    return p;
}

const OutlookPreset* PresetStore::findOutlook(const std::string& name) const
{
    for (const auto& p : m_outlooks)
        if (p.name == name)
            return &p;
    return nullptr;
}

Status PresetStore::saveOutlook(
    const std::string& name, const OutlookCard& outlook, bool replace, const std::string& notes)
{
    if (Status s = checkPresetName(name); !s.ok())
        return s;
    const OutlookPreset* existing = findOutlook(name);
    if (existing && !replace)
        return Status::failure({ .code = PresetError::NameExists, .name = name });
    OutlookPreset p { name, outlook, {}, notes };
    const std::string path = existing ? existing->file : pathFor(name);
    if (Status s = writeFile(path, outlookPresetToJson(p)); !s.ok())
        return s;
    reload();
    return {};
}

Status PresetStore::removeOutlook(const std::string& name)
{
    const OutlookPreset* p = findOutlook(name);
    if (!p)
        return noSuchPreset(name);
    if (!QFile::remove(q(p->file)))
        return Status::failure({ .code = PresetError::DeleteFailed, .file = p->file });
    reload();
    return {};
}

Status PresetStore::exportOutlookFile(const std::string& name, const std::string& path) const
{
    const OutlookPreset* p = findOutlook(name);
    if (!p)
        return noSuchPreset(name);
    return writeFile(path, outlookPresetToJson(*p));
}

} // namespace kvtiers
