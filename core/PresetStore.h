#pragma once
// PresetStore: named scenarios a user saves, lists, renames, duplicates, deletes,
// imports and exports. One JSON file per preset under the user's data folder, with a
// schema version, written through QSaveFile so a crash or a full disk never leaves a
// half-written file. A file that cannot be read is reported by name and reason and
// skipped; it is never overwritten or deleted unless the user asks for that file.
//
// Built-in presets come from models/presets/ (compiled in) and are read-only.
//
// The only Qt in core: QtCore's QSaveFile and QStandardPaths (HOUSE.md allows Qt Core).

#include "ScenarioSpec.h"

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

/// A named set of 2–4 scenarios compared side by side (the article's pairs).
struct Comparison {
    std::string name;
    std::vector<std::string> presetNames;
    std::string notes;
};

struct PresetProblem {
    std::string file;
    std::string reason;
};

/// The outcome of an operation that can fail: empty error means success.
struct Status {
    std::string error;
    bool ok() const { return error.empty(); }
    static Status failure(std::string message) { return Status{std::move(message)}; }
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
    std::vector<PresetProblem> m_problems;
};

/// Checks a user-chosen preset name: 1–80 characters, printable, not only spaces.
std::optional<std::string> presetNameProblem(const std::string& name);

} // namespace kvtiers
