#pragma once
// Knobs: every scenario knob a user can turn, in one table. An entry gives the knob's key
// (the workload-card field and ScenarioSpec override key), its CLI flag and help line, the
// kind of value it takes, its range and unit, and a translatable label. The card parser,
// the override checks, the CLI options and `--help`, the GUI's undo texts and the
// sensitivity variables all read this table, so adding a knob is one entry here plus the
// model code that uses it.
//
// Labels are marked with QT_TRANSLATE_NOOP("Knob", ...): the GUI shows them through
// QCoreApplication::translate("Knob", label), the CLI prints the English source.

#include "core/io/Json.h"

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
    KvDtype,
    KvBits,
    KvScaleBits,
    WeightBits,
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

/// Whose value a knob replaces: the workload card's, or the hardware card's server.
enum class KnobScope { Workload, Hardware };

struct Knob {
    KnobId id;
    const char* key; ///< card field and override key, e.g. "reuse_rate"
    KnobValue value;
    double min; ///< inclusive range, in the knob's unit
    double max;
    KnobScope scope;
    const char* unit;              ///< "tokens", "sequences", "s", "B", "req/s", "" (a share or a count)
    const char* label;             ///< translatable noun phrase, lower case: "reuse rate"
    const char* flag;              ///< CLI flag ("--reuse"), nullptr when the CLI has none
    const char* valueName;         ///< the help's placeholder: "N", "R", "SIZE"; nullptr for a switch
    const char* help;              ///< the CLI help line (English)
    const char* choices = nullptr; ///< Choice: the allowed values, '|'-separated
};

/// Every knob, in the order `--help` lists them.
std::span<const Knob> knobs();

/// The knob with this key, or nullptr.
const Knob* findKnob(std::string_view key);
/// The knob with this CLI flag, or nullptr.
const Knob* findKnobByFlag(std::string_view flag);
/// The knob with this id (every id has an entry).
const Knob& knob(KnobId id);

/// A value as typed on the command line or in a field, read the knob's way and checked
/// against its range. `where` names the flag or field in errors. Throws InputError.
Json parseKnobValue(const Knob& knob, const std::string& text, const std::string& where);

/// The knob's value from a card or override object, read the knob's way and range-checked
/// (Count and Tokens must be whole). nullopt when the key is absent. Throws InputError.
std::optional<double> readKnobNumber(const JsonObject& object, const Knob& knob);

/// The "Overrides" section of `kvtiers --help`, one line per knob with a flag.
std::string knobHelp();

} // namespace kvtiers
