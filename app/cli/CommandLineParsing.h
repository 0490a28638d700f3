#pragma once
// CommandLineParsing: the command line's argument parsing, shared by the commands in
// app/cli/*Command.cpp and by `kvtiers export` (ExportCommand), so every command reads card
// ids, --preset and the eval overrides the same way and words its errors the same way.

#include "core/analysis/Fleet.h"
#include "core/analysis/Sweep.h"
#include "core/catalog/CardCatalog.h"
#include "core/catalog/PresetStore.h"
#include "core/catalog/ScenarioSpec.h"
#include "core/io/Options.h"
#include "core/io/Units.h"

#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace kvtiers::cli {

/// Parsed arguments of one command: card ids, overrides and the command's own options.
struct Parsed {
    ScenarioSpec spec;
    std::vector<std::string> presets;       ///< --preset NAME, in order
    std::map<std::string, std::string> own; ///< command-specific options, e.g. --axis
    std::vector<std::string> positional;
    bool json = false;
    bool csv = false;
};

/// Parses args[first..]: --model/--hardware/--workload/--preset, the eval overrides,
/// `ownOptions` (each taking a value), `ownSwitches` (none; recorded in `own` with an empty
/// value) and positionals. Throws InputError naming the flag.
Parsed parseArgs(const std::vector<std::string>& args, size_t first, const std::vector<std::string>& ownOptions,
    const std::vector<std::string>& ownSwitches = {});

/// The sweep axis --axis names (`given`; nullptr: not given, the context). Throws InputError.
SweepAxis sweepAxisOption(const std::string* given);

/// The preset's spec with the command line's cards and overrides on top. Throws InputError.
ScenarioSpec withPreset(const PresetStore& store, const std::string& presetName, const ScenarioSpec& flags);

/// Exit statuses: 0 ok, 2 bad usage or input (1 is a runtime failure).
inline constexpr int kExitOk = 0;
inline constexpr int kExitUsage = 2;

/// --json and --csv choose one output; --csv only where a table exists. Throws InputError.
void checkOutputFlags(const Parsed& p, const std::string& command, bool csvAvailable);

/// A core message with "overrides.<key>" replaced by the flag the user typed.
std::string inFlagTerms(std::string message);

/// "37.5%": a share as people write it, three significant digits.
std::string percent(double share);

/// "HBM 1.2 TiB, DRAM 3 TiB, NVMe 10 TiB": bytes per tier, the SSD tier named for its drives.
std::string tiersText(const PerTier<double>& bytes, ByteUnits units);

/// A rate or count that may pass a thousand, as the rest of the output writes one:
/// "3.401", "12,035" (four significant digits below a thousand, whole with separators above).
std::string readableNumber(double value);

/// The cards the GUI lists too: built-in, installed beside the binary, and the user's own
/// (an imported config.json model is usable by its id). Read once; a card file that
/// cannot be read is named once on stderr, and the rest still work.
const CardCatalog& cardCatalog();

/// Resolves a spec against cardCatalog(); errors name the CLI flag, not the JSON key.
ResolvedScenario resolve(const ScenarioSpec& spec);

/// The scenario a command's flags describe: one preset (if any) plus flags.
ScenarioSpec specFromFlags(const Parsed& p);

/// --units binary|decimal (binary when absent), read through the report options' table
/// (core/report/ReportOptions.h). Throws InputError.
ByteUnits unitsOption(const Parsed& p);

/// The options of several tables as one list: one synopsis, one `--help` (optionHelp).
struct OptionList {
    std::vector<const OptionSpec*> specs;
    std::vector<std::optional<double>> defaults; ///< each spec's, as its table holds it
    template <typename Input> OptionList& add(std::span<const Option<Input>> table)
    {
        for (const Option<Input>& o : table)
            if (o.flag) {
                specs.push_back(&o);
                defaults.push_back(o.kind == OptionKind::Switch ? std::nullopt : optionDefault(o));
            }
        return *this;
    }
};

/// The flags of a fleet's options that take a value (FleetOptions.h's table), for
/// parseArgs' ownOptions: `fleet`, `sensitivity --fleet`, `export --chart fleet`.
const std::vector<std::string>& fleetOptions();

/// A core error that names a fleet option's key ("tokens_per_day", or an entry of a list:
/// "mix chat:ttft") worded with its flag ("--tokens-per-day", "--mix chat:ttft").
InputError inFleetFlagTerms(const InputError& error);

/// The fleet the flags describe (FleetOptions.h's table): --mix ID=SHARE[:ttft=S]... (or one
/// --workload), the traffic as --rate or --tokens-per-day, the targets, --set for one
/// workload; --model, --hardware and the overrides apply to every workload of the mix, under
/// its own (--set). Throws InputError naming the flag.
FleetInput fleetInputFromFlags(const Parsed& p);

/// sizeFleet() against the built-in catalog; errors name the CLI flag, not the JSON key.
FleetResult sizeFleetFromFlags(const FleetInput& input);

} // namespace kvtiers::cli
