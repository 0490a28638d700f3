#pragma once
// Knobs: every scenario knob a user can turn, in one table, and the whole schema of each.
// An entry gives the knob's key (the workload-card field and ScenarioSpec override key),
// its CLI flag and help line, the kind of value it takes, its range and unit, the field
// it binds to, how the GUI shows it, whether sensitivity moves it, and its translatable
// label, tooltip and tornado label. Reading and writing cards and presets, the override
// checks, the result's echo of the scenario, the CLI options and `--help`, the controls
// panel, the undo texts and the sensitivity variables all loop over this table, so a new
// knob is one entry here plus the model code that uses it (docs/architecture.md).
//
// Texts are marked with QT_TRANSLATE_NOOP("Knob", ...): the GUI shows them through
// QCoreApplication::translate("Knob", text), the CLI prints the English source.

#include "core/io/Json.h"
#include "core/scenario/Scenario.h"

#include <QtGlobal> // QT_TRANSLATE_NOOP: lupdate finds the labels here

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace kvtiers {

enum class KnobId {
    Context,
    OutputTokens,
    Concurrency,
    KvBits,
    KvDtype,
    KvScaleBits,
    WeightBits,
    AttentionBits,
    ActivationBits,
    ReuseRate,
    Sharing,
    ReuseDistance,
    RequestRate,
    OffloadRate,
    Tp,
    BlockSize,
    Allocation,
    GpuMemoryUtilization,
    RuntimeReserve,
    Streaming,
    WeightsPlacement,
    KvPlacement,
    InclusiveTiers,
    Servers,
    GpusPerServer,
    HostDram,
    Nvme,
    RestorePath,
    ReuseGapCdf,
    Admission,
    ReusesPerBlock,
    Traffic,
    PrefillMfu,
    HostLinkBandwidth,
    Dp,
    Ep,
    Nodes,
    RedundantExperts,
    EpOverlap,
    SpecTokens,
    SpecAcceptance,
    Dcp,
};

/// What a knob's value is, which decides how a typed value is read.
enum class KnobValue {
    Tokens,   ///< whole tokens: "131072", "128k", "1M"
    Count,    ///< a whole number: sequences, GPUs, servers, TP
    Number,   ///< a finite number in [min, max]
    Fraction, ///< a share: "0.5" or "50%", in [min, max] ⊆ [0, 1]
    Bytes,    ///< a size: "2TiB", "30.72TB", "4e9"
    Format,   ///< an element format ("fp8", "6bit"), stored as its bits
    Choice,   ///< one of `choices`
    Flag,     ///< on when given (a CLI switch, a card boolean)
    Text,     ///< a string (the KV dtype name in a card)
    Shares,   ///< an object of tier shares {hbm, dram, ssd} (cards only)
    Table,    ///< rows of [x, y] numbers, e.g. a measured distribution (cards only)
};

/// Whose value a knob replaces: the workload card's, the hardware card's server, or (a
/// fleet knob, not a scenario's) the traffic a fleet is sized for.
enum class KnobScope { Workload, Hardware, Fleet };

/// How the controls panel shows a knob.
enum class KnobControl {
    None,      ///< not among the controls (card-only tables and shares, fleet figures)
    LogSlider, ///< a slider on a log scale beside a typed field
    Slider,    ///< a linear slider beside a typed field (shares show as percent)
    SpinBox,   ///< a spin box of whole numbers
    Field,     ///< a typed number (seconds, requests/s, shares as percent)
    Bytes,     ///< a typed size ("2TiB")
    Combo,     ///< a pick list (element formats, choices, restore paths)
    Toggle,    ///< a check box
};

/// Which part of the controls panel holds a knob's control.
enum class KnobSection {
    Workload, ///< the Workload box, always shown
    Advanced, ///< the collapsible Advanced section
};

/// How the controls panel shows a knob: the panel builds one control per entry with a
/// `control`, in `section` by `row`, from these fields alone (a few controls add what
/// only they have: the KV format's custom bits, the weights' checkpoint item, the restore
/// paths, the derived request rate).
struct KnobGui {
    KnobControl control = KnobControl::None;
    /// A slider's ends, in the knob's unit. A value beyond them (a card may hold one, up to
    /// the knob's range) is shown as typed in the slider's field, the slider pinned at its
    /// end with a mark, and the model uses the value. A typed control (a spin box, a field)
    /// takes the knob's whole range, so no value a card holds is cut: for it these are
    /// the usual values, not a limit.
    double min = 0;
    double max = 0;
    KnobSection section = KnobSection::Advanced;
    int row = 0; ///< the control's place in its section, top to bottom
    /// Its widgets' object-name stem, followed by the control's kind: "context" names
    /// contextSlider and contextEdit; "tp" tpSpin; "dramPerServer" dramPerServerEdit;
    /// "allocation" allocationCombo; "streaming" streamingCheck.
    const char* name = nullptr;
    const char* label = nullptr; ///< the form label with its mnemonic (translatable), a Toggle's text
    /// How messages about a typed value name the knob (translatable); nullptr: its label.
    const char* what = nullptr;
    int steps = 0;                      ///< a LogSlider's positions per doubling, a Slider's across its range
    const char* ticks = nullptr;        ///< a slider's labelled values, '|'-separated, read as typed: "4K|1M"
    int decimals = 0;                   ///< a Field's decimals
    const char* suffix = nullptr;       ///< a Field's unit after the number (translatable): " req/s"
    const char* const* items = nullptr; ///< a Choice's item texts (translatable), in `choices` order
};

/// How the sensitivity tornado moves a knob.
enum class KnobSweep {
    None,     ///< not a sensitivity variable
    Relative, ///< the value × (1 ± range): sizes, counts, tokens
    Absolute, ///< the value ± range × `span` in the knob's unit (rates: ±25 points at range 0.5)
    Ladder,   ///< one step along 4, 8, 16, 32 bits (an element format)
};

struct KnobSensitivity {
    KnobSweep sweep = KnobSweep::None;
    double span = 0;             ///< Absolute: the unit move per unit of range
    const char* key = nullptr;   ///< the variable's key in sensitivity output; nullptr: the knob's key
    const char* label = nullptr; ///< the tornado row's label (translatable), e.g. "Prefix-cache hit rate"
};

struct Knob;

/// Where a read knob lands: a card's workload params, or a scenario's params and server.
struct KnobTarget {
    WorkloadParams& params;
    HardwareCard* hardware = nullptr; ///< nullptr when reading a workload card
};

/// The knob's binding to its field. Every function but `read` may be nullptr where the
/// knob has no such form (a table is not one number; a fleet knob has no field).
struct KnobField {
    /// Reads the knob from a card or override object, range-checked; absent: unchanged.
    /// Throws InputError naming the object's path and the key.
    void (*read)(const JsonObject& object, const Knob& knob, KnobTarget& target) = nullptr;
    /// The value as a card or preset writes it; null when left to its default.
    Json (*write)(const WorkloadParams& params) = nullptr;
    /// The number the model uses, defaults resolved (the TP in effect, the KV bits of the
    /// format in effect).
    std::optional<double> (*value)(const Scenario& scenario) = nullptr;
    /// The scenario with the number set, clamped to what the model accepts (sensitivity).
    void (*setValue)(Scenario& scenario, const Knob& knob, double value) = nullptr;
    /// The value as a result echoes the scenario it came from; nullptr: not echoed, or
    /// (the request rate) echoed by the result writer, which knows the derived value.
    Json (*echo)(const Scenario& scenario, const Knob& knob) = nullptr;
};

struct Knob {
    KnobId id;
    const char* key; ///< card field and override key, e.g. "reuse_rate"
    KnobValue value;
    double min; ///< inclusive range, in the knob's unit
    double max;
    KnobScope scope;
    const char* unit;              ///< "tokens", "sequences", "s", "B", "req/s", "" (a share or a count)
    const char* label;             ///< translatable noun phrase, lower case: "reuse rate"; the undo text's
    const char* flag;              ///< CLI flag ("--reuse"), nullptr when the CLI has none
    const char* valueName;         ///< the help's placeholder: "N", "R", "SIZE"; nullptr for a switch
    const char* help;              ///< the CLI help line (English)
    const char* tip = nullptr;     ///< the GUI's tooltip (translatable); nullptr: the help line
    const char* choices = nullptr; ///< Choice: the allowed values, '|'-separated
    KnobField field {};
    KnobGui gui {};
    KnobSensitivity sensitivity {};
    const char* echoKey = nullptr; ///< the key a result echoes it under; nullptr: `key`

    /// "/s" for a byte rate (unit "B/s": typed and shown "55 GB/s"), "" for any other knob.
    const char* perSecond() const { return std::string_view(unit) == "B/s" ? "/s" : ""; }
    const char* outputKey() const { return echoKey ? echoKey : key; }
    const char* variableKey() const { return sensitivity.key ? sensitivity.key : key; }
};

/// Every knob, in the order `--help` lists them.
std::span<const Knob> knobs();

/// The knob with this key, or nullptr.
const Knob* findKnob(std::string_view key);
/// The knob with this CLI flag, or nullptr.
const Knob* findKnobByFlag(std::string_view flag);
/// The knob with this id (every id has an entry).
const Knob& knob(KnobId id);
/// The knob's key, as cards, overrides and results spell it.
inline const char* knobKey(KnobId id)
{
    return knob(id).key;
}

/// The knob's default: its value in a scenario nobody changed (WorkloadParams' own
/// initialisers, the one place each default is written); nullopt when it has none as a
/// number or depends on the cards (TP, KV format, weights).
std::optional<double> knobDefault(const Knob& knob);

/// A value as typed on the command line or in a field, read the knob's way and checked
/// against its range. `where` names the flag or field in errors. Throws InputError.
Json parseKnobValue(const Knob& knob, const std::string& text, const std::string& where);

/// The knob's value from a card or override object, read the knob's way and range-checked
/// (Count and Tokens must be whole). nullopt when the key is absent. Throws InputError.
std::optional<double> readKnobNumber(const JsonObject& object, const Knob& knob);

/// Reads every knob of the target's scope from a card or override object, in table order.
void readKnobs(const JsonObject& object, KnobTarget& target);
/// The workload knobs as a card writes them (unset optionals left out).
Json writeKnobs(const WorkloadParams& params);
/// The scenario's knobs as a result echoes them (resolved values, under `outputKey`).
Json echoKnobs(const Scenario& scenario);

/// The "Overrides" section of `kvtiers --help`, one line per knob with a flag.
std::string knobHelp();

} // namespace kvtiers
