#pragma once
// PresetStore: named scenarios a user saves, lists, renames, duplicates, deletes,
// imports and exports. One JSON file per preset under the user's data folder, with a
// schema version, written through QSaveFile so a crash or a full disk never leaves a
// half-written file. A file that cannot be read is reported by name and reason and
// skipped; it is never overwritten or deleted unless the user asks for that file.
// Failures and skipped files come back as values: a structured form (PresetErrorDetail)
// whose code picks one translatable sentence (presetErrorMessage); the English the CLI
// prints is that sentence with the names and files put in.
//
// Built-in presets come from models/presets/ (compiled in) and are read-only.
//
// The only Qt in core: QtCore's QSaveFile and QStandardPaths (HOUSE.md allows Qt Core).

#include "core/cards/OutlookCard.h"
#include "core/catalog/ScenarioSpec.h"
#include "core/io/InputError.h"

#include <optional>
#include <string>
#include <vector>

namespace kvtiers {

inline constexpr int kPresetSchemaVersion = 1;

struct Preset {
    std::string name;
    ScenarioSpec spec;
    bool builtin = false;
    std::string file;  ///< where it lives (empty for built-ins)
    std::string notes; ///< free text, shown with the preset
};

/// A saved outlook: the outlook card as edited (the drivers table's years and all), under a
/// name. Its file's schema is "kvtiers-outlook-preset", beside the scenario presets; a build
/// that does not know it lists the file as skipped and leaves it alone.
struct OutlookPreset {
    std::string name;
    OutlookCard outlook; ///< origin: the file it was read from
    std::string file;    ///< where it lives
    std::string notes;
};

/// A named set of 2–4 scenarios compared side by side (the article's pairs).
struct Comparison {
    std::string name;
    std::vector<std::string> presetNames;
    std::string notes;
};

/// The most characters a preset name has.
inline constexpr int kPresetNameMaxLength = 80;

/// What a preset operation or a preset file ran into, for messages a front end
/// translates (as InputErrorCode does for InputError). Each code lists the
/// PresetErrorDetail fields its message (presetErrorMessage) quotes.
enum class PresetError {
    None, ///< success

    // A preset name (checkPresetName): the English message is the rule alone.
    NameEmpty,                ///< "a preset needs a name"
    NameTooLong,              ///< limit = the most characters
    NameHasControlCharacters, ///<

    // The store's operations.
    NameExists,             ///< name
    ImportNameExists,       ///< name: an imported file names a preset the store has ("...; rename it first")
    BuiltinCannotBeChanged, ///< name (save or duplicate under a built-in's name)
    BuiltinCannotBeRenamed, ///< name
    BuiltinCannotBeDeleted, ///< name
    NoSuchPreset,           ///< name
    RenamedCopyNotRemoved,  ///< file = the old file, which could not be removed (nothing changed)
    DeleteFailed,           ///< file

    // Writing a preset file (save, rename, duplicate, import, export).
    CannotCreateFolder,   ///< file = the folder
    CannotOpenForWriting, ///< file, reason = the system's words
    WriteFailedHalfWay,   ///< file (the test seam failNextWriteHalfWayForTesting)
    WriteFailed,          ///< file, reason
    CommitFailed,         ///< file, reason

    // Reading a preset file (the problems of a reload, importFile). `file` is its path.
    FileInvalid, ///< input = the InputError's structured form (Uncoded: detail = its English); its message is the whole
                 ///< text
    FileNameInvalid, ///< where = the name field's path, nameProblem (and limit) = the rule it breaks
    ScenarioInvalid, ///< input = the resolver's InputError, as for FileInvalid ("<file>: scenario: <its message>")
    FileNameClash,   ///< name: another file (or a built-in) already has this preset name
    FileUnreadable,  ///< reason = an unexpected error's words ("cannot be read: <reason>")

    EndOfCodes_ ///< not a code: marks the end (keep last)
};

/// The structured form of a preset outcome; strings are quoted as the English message quotes them.
struct PresetErrorDetail {
    PresetError code = PresetError::None;
    std::string name {};   ///< the preset name
    std::string file {};   ///< the file or folder (a path)
    std::string reason {}; ///< the system's words (QFileDevice::errorString) or an unexpected error's
    std::string where {};  ///< FileNameInvalid: the field's JSON path ("<file>.name")
    PresetError nameProblem
        = PresetError::None;   ///< FileNameInvalid: NameEmpty, NameTooLong or NameHasControlCharacters
    int limit = 0;             ///< NameTooLong (and FileNameInvalid of it): the most characters a name has
    InputErrorDetail input {}; ///< FileInvalid, ScenarioInvalid: the InputError's structured form, unchanged
};

/// The sentence a preset outcome says: its code's template with the detail's names,
/// files and figures (context "PresetMessages"); empty for None.
Message presetErrorMessage(const PresetErrorDetail& detail);

/// A preset file the store skipped: its path, why (English, as the CLI prints it) and
/// the structured form of why (presetErrorMessage words it).
struct PresetProblem {
    std::string file;
    std::string reason;
    PresetErrorDetail detail {};
    /// The problem with its English made from the detail.
    static PresetProblem of(std::string file, PresetErrorDetail detail);
    Message message() const { return detail.code == PresetError::None ? verbatim(reason) : presetErrorMessage(detail); }
};

/// The outcome of an operation that can fail: empty error means success. `error` is the
/// English message (the CLI prints it), made from `detail` (its structured form).
struct Status {
    std::string error;
    PresetErrorDetail detail {};
    bool ok() const { return error.empty(); }
    Message message() const { return detail.code == PresetError::None ? verbatim(error) : presetErrorMessage(detail); }
    static Status failure(PresetErrorDetail detail);
};

class PresetStore {
public:
    /// `directory`: where user presets live. Default: $KVTIERS_DATA_DIR/presets if set,
    /// else the user's data folder (~/.local/share/kvtiers/presets).
    explicit PresetStore(std::string directory = defaultDirectory());

    static std::string defaultDirectory();
    const std::string& directory() const { return m_directory; }

    /// Re-reads the folder. Built-ins first, then user presets sorted by name.
    void reload();
    const std::vector<Preset>& presets() const { return m_presets; }
    const std::vector<Comparison>& comparisons() const { return m_comparisons; }
    /// Files that could not be read in the last reload, with the reason.
    const std::vector<PresetProblem>& problems() const { return m_problems; }

    const Preset* find(const std::string& name) const;

    /// Saves a new preset, or replaces the user preset of that name when `replace`.
    Status save(const std::string& name, const ScenarioSpec& spec, bool replace = false, const std::string& notes = {});
    Status rename(const std::string& from, const std::string& to);
    Status duplicate(const std::string& from, const std::string& to);
    Status remove(const std::string& name);
    /// Copies a preset file into the store (validated first); returns its name in `name`.
    Status importFile(const std::string& path, std::string* name = nullptr);
    /// Writes one preset to `path` (built-ins too), in the same format.
    Status exportFile(const std::string& name, const std::string& path) const;

    /// Saved outlooks, sorted by name; their names are their own (a scenario preset may share one).
    const std::vector<OutlookPreset>& outlookPresets() const { return m_outlooks; }
    const OutlookPreset* findOutlook(const std::string& name) const;
    /// Saves an outlook under `name`, or replaces the saved outlook of that name when `replace`.
    /// A new file never takes the place of an existing one (readable or not).
    Status saveOutlook(
        const std::string& name, const OutlookCard& outlook, bool replace = false, const std::string& notes = {});
    /// Deletes a saved outlook's file.
    Status removeOutlook(const std::string& name);
    /// Writes a saved outlook to `path`, in the same format.
    Status exportOutlookFile(const std::string& name, const std::string& path) const;
    /// The JSON form of a saved outlook's file.
    static Json outlookPresetToJson(const OutlookPreset& preset);
    /// Parses a saved outlook's file; throws InputError naming `origin` and the field (inside
    /// the outlook: "<origin>.outlook: years[1] (2027).mix: ...").
    static OutlookPreset outlookPresetFromJson(const Json& json, const std::string& origin);
    /// Whether a preset file's JSON is a saved outlook (its schema says so).
    static bool isOutlookPresetJson(const Json& json);

    /// Test seam: the next write stops half way and fails, as a crash or a full disk
    /// would leave it (the written half goes to QSaveFile's temporary file only).
    static void failNextWriteHalfWayForTesting();

    /// The JSON form of a preset file.
    static Json toJson(const Preset& preset);
    /// Parses a preset file's JSON; throws InputError naming `origin` and the field.
    static Preset fromJson(const Json& json, const std::string& origin);

private:
    Status writeFile(const std::string& path, const Json& json) const;
    std::string pathFor(const std::string& name) const;
    Preset* findUser(const std::string& name);

    std::string m_directory;
    std::vector<Preset> m_presets;
    std::vector<Comparison> m_comparisons;
    std::vector<OutlookPreset> m_outlooks;
    std::vector<PresetProblem> m_problems;
};

/// Checks a user-chosen preset name: 1–80 characters, printable, not only spaces. A
/// failure's code is NameEmpty, NameTooLong or NameHasControlCharacters.
Status checkPresetName(const std::string& name);
/// checkPresetName's English message, if the name breaks a rule.
std::optional<std::string> presetNameProblem(const std::string& name);

} // namespace kvtiers
