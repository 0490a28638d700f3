#include "app/cli/CommandLineParsing.h"

#include "app/cli/OptionParsing.h"
#include "core/analysis/Fleet.h"
#include "core/analysis/FleetOptions.h"
#include "core/analysis/Sensitivity.h"
#include "core/cards/HfConfig.h"
#include "core/catalog/CardCatalog.h"
#include "core/catalog/PresetStore.h"
#include "core/catalog/ScenarioSpec.h"
#include "core/io/InputError.h"
#include "core/io/Units.h"
#include "core/report/ReportOptions.h"
#include "core/scenario/Knobs.h"

#include <algorithm>
#include <iostream>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace kvtiers::cli {

/// Replaces "overrides.<key>" in a core message with the flag the user typed.
std::string inFlagTerms(std::string message)
{
    for (const Knob& k : knobs()) {
        if (!k.flag)
            continue;
        const std::string needle = std::string("overrides.") + k.key;
        if (auto pos = message.find(needle); pos != std::string::npos)
            message.replace(pos, needle.size(), k.flag);
    }
    return message;
}

namespace {

/// A config.json given as --model: says on stderr what its import assumes (Transformers'
/// MHA default when num_key_value_heads is absent) and the key its fields were read under,
/// so no default is taken silently. Unreadable files are left to the import's own error.
void noteHfAssumptions(const std::string& modelArg)
{
    if (cardCatalog().models().count(modelArg) > 0 || !modelArg.ends_with(".json"))
        return;
    try {
        const Json json = parseStrictJson(readInputFile(modelArg), modelArg);
        if (!looksLikeHfConfig(json))
            return;
        const HfImportReport report = inspectHfConfig(json);
        for (const Message& m : { hfNestedMessage(report), hfKvHeadsMessage(report) })
            if (!m.empty())
                std::cerr << "kvtiers: note: " << modelArg << ": " << m.english() << "\n";
    } catch (const InputError&) {
    }
}

} // namespace

Parsed parseArgs(const std::vector<std::string>& args, size_t first, const std::vector<std::string>& ownOptions,
    const std::vector<std::string>& ownSwitches)
{
    Parsed p;
    for (size_t i = first; i < args.size(); ++i) {
        std::string arg = args[i];
        std::optional<std::string> inlineValue;
        if (arg.starts_with("--")) {
            if (auto eq = arg.find('='); eq != std::string::npos) {
                inlineValue = arg.substr(eq + 1);
                arg = arg.substr(0, eq);
            }
        } else {
            p.positional.push_back(arg);
            continue;
        }
        auto value = [&]() -> std::string {
            if (inlineValue)
                return *inlineValue;
            if (i + 1 >= args.size())
                throw InputError(arg + ": needs a value");
            return args[++i];
        };
        if (arg == "--json") {
            p.json = true;
        } else if (arg == "--csv") {
            p.csv = true;
        } else if (arg == "--model") {
            p.spec.model = value();
            noteHfAssumptions(p.spec.model);
        } else if (arg == "--hardware") {
            p.spec.hardware = value();
        } else if (arg == "--workload") {
            p.spec.workload = value();
        } else if (arg == "--preset") {
            p.presets.push_back(value());
        } else if (std::find(ownOptions.begin(), ownOptions.end(), arg) != ownOptions.end()) {
            p.own[arg] = value();
        } else if (std::find(ownSwitches.begin(), ownSwitches.end(), arg) != ownSwitches.end()) {
            if (inlineValue)
                throw InputError(arg + ": takes no value");
            p.own[arg] = std::string();
        } else {
            const Knob* knob = findKnobByFlag(arg);
            if (!knob)
                throw InputError(arg + ": unknown option (see kvtiers --help)");
            const bool takesValue = knob->valueName != nullptr;
            if (!takesValue && inlineValue)
                throw InputError(arg + ": takes no value");
            if (knob->id == KnobId::KvBits && p.spec.overrides.contains(knob->key))
                throw InputError(arg + ": given twice");
            p.spec.overrides[knob->key] = parseKnobValue(*knob, takesValue ? value() : std::string(), arg);
        }
    }
    return p;
}

/// The preset's spec with the command line's cards and overrides on top.
SweepAxis sweepAxisOption(const std::string* given)
{
    if (!given)
        return SweepAxis::Context;
    if (const auto axis = sweepAxisFromName(*given))
        return *axis;
    throw InputError("--axis: unknown axis \"" + *given + "\" (use " + sweepAxisName(SweepAxis::Context) + " or "
        + sweepAxisName(SweepAxis::Concurrency) + ")");
}

ScenarioSpec withPreset(const PresetStore& store, const std::string& presetName, const ScenarioSpec& flags)
{
    const Preset* preset = store.find(presetName);
    if (!preset) {
        std::string known;
        for (const auto& p : store.presets())
            known += (known.empty() ? "\"" : ", \"") + p.name + "\"";
        throw InputError("--preset: no preset called \"" + presetName + "\" (known: " + known + ")");
    }
    ScenarioSpec spec = preset->spec;
    if (!flags.model.empty())
        spec.model = flags.model;
    if (!flags.hardware.empty())
        spec.hardware = flags.hardware;
    if (!flags.workload.empty())
        spec.workload = flags.workload;
    for (auto it = flags.overrides.begin(); it != flags.overrides.end(); ++it)
        spec.overrides[it.key()] = it.value();
    return spec;
}

const CardCatalog& cardCatalog()
{
    static const CardCatalog catalog = [] {
        std::vector<InputError> problems;
        CardCatalog c = CardCatalog::withInstalledAndUserCards(problems);
        for (const InputError& e : problems)
            std::cerr << "kvtiers: skipped a card file: " << e.what() << "\n";
        return c;
    }();
    return catalog;
}

ResolvedScenario resolve(const ScenarioSpec& spec)
{
    try {
        return resolveScenario(cardCatalog(), spec);
    } catch (const InputError& e) {
        throw InputError(inFlagTerms(e.what()));
    }
}

/// --json and --csv choose one output; --csv only where a table exists.
void checkOutputFlags(const Parsed& p, const std::string& command, bool csvAvailable)
{
    if (p.json && p.csv)
        throw InputError(command + ": --json and --csv: give one of them");
    if (p.csv && !csvAvailable)
        throw InputError(command + ": --csv is not available here (use --json)");
}

/// The scenario a command's flags describe: a preset (if any) plus flags.
ScenarioSpec specFromFlags(const Parsed& p)
{
    if (p.presets.size() > 1)
        throw InputError("--preset: give one preset here (compare takes several)");
    if (p.presets.empty())
        return p.spec;
    return withPreset(PresetStore(), p.presets.front(), p.spec);
}

// ---- fleet and sensitivity: from traffic to memory demand.
ByteUnits unitsOption(const Parsed& p)
{
    ReportOptions report;
    readOptions(p, reportOptionTable(), report);
    return report.units;
}

const std::vector<std::string>& fleetOptions()
{
    static const std::vector<std::string> flags = optionFlags(optionSpecs(fleetOptionTable()), false);
    return flags;
}

namespace {

/// A fleet option's key as the command line words it: its flag; an entry of a list
/// ("mix chat:ttft", "hardware_mix b200") the list's flag and the entry.
std::string fleetFlag(std::string_view key, const void*)
{
    auto flagOf = [](std::string_view k) -> const char* {
        if (const auto* o = findOption(fleetOptionTable(), k); o && k == o->key)
            return o->flag;
        if (const auto* o = findOption(fleetProfilesOptionTable(), k); o && k == o->key)
            return o->flag;
        return nullptr;
    };
    if (const char* flag = flagOf(key))
        return flag;
    const size_t space = key.find(' ');
    if (space != std::string_view::npos)
        if (const char* flag = flagOf(key.substr(0, space)))
            return flag + std::string(key.substr(space));
    return {};
}

/// The flags' spec under a mix entry's own: --model, --hardware and the overrides apply
/// to every workload, an entry's own (--set) winning.
ScenarioSpec underFlags(const ScenarioSpec& flags, const ScenarioSpec& own)
{
    ScenarioSpec spec = flags;
    spec.workload = own.workload;
    if (!own.model.empty())
        spec.model = own.model;
    if (!own.hardware.empty())
        spec.hardware = own.hardware;
    for (auto it = own.overrides.begin(); it != own.overrides.end(); ++it)
        spec.overrides[it.key()] = it.value();
    return spec;
}

std::string flagOf(const char* key)
{
    return fleetOption(key).flag;
}

} // namespace

InputError inFleetFlagTerms(const InputError& error)
{
    return rewordOptionKeys(error, &fleetFlag, nullptr);
}

FleetInput fleetInputFromFlags(const Parsed& p)
{
    if (!p.presets.empty())
        throw InputError("--preset: not for a fleet (give the mix with " + flagOf(fleet_keys::kMix)
            + " and the cards with --hardware/--model)");
    FleetInput in;
    const Option<FleetInput>& mix = fleetOption(fleet_keys::kMix);
    try {
        // One --workload without a mix: a mix of that workload alone.
        if (!p.own.contains(mix.flag) && !p.spec.workload.empty())
            setOption(mix, in, p.spec.workload);
        readOptions(p, fleetOptionTable(), in);
    } catch (const InputError& e) {
        throw inFleetFlagTerms(e);
    }
    if (in.mix.empty())
        throw InputError(
            "fleet: give the traffic mix: " + std::string(mix.flag) + " chat=0.7,mooncake=0.3 (workload ids or files)");
    if (in.requestsPerSecond == 0 && in.tokensPerDay == 0)
        throw InputError("fleet: give the traffic: " + flagOf(fleet_keys::kRequestsPerSecond) + " REQUESTS_PER_S or "
            + flagOf(fleet_keys::kTokensPerDay) + " N");
    for (FleetEntry& e : in.mix)
        e.spec = underFlags(p.spec, e.spec);
    in.targetsOverrideCards = true; // a target typed on the command line wins over a card's
    return in;
}

FleetResult sizeFleetFromFlags(const FleetInput& in)
{
    try {
        return sizeFleet(cardCatalog(), in);
    } catch (const InputError& e) {
        throw InputError(inFlagTerms(inFleetFlagTerms(e).what()));
    }
}

std::string percent(double share)
{
    return formatSignificant(share * 100.0, 3) + "%";
}

std::string tiersText(const PerTier<double>& bytes, ByteUnits units)
{
    std::string text;
    for (Tier t : kTiers)
        text += std::string(text.empty() ? "" : ", ") + (t == Tier::Ssd ? "NVMe" : tierLabel(t)) + " "
            + formatBytes(bytes[t], units);
    return text;
}

std::string readableNumber(double value)
{
    return std::abs(value) >= 1000 ? formatCount(std::round(value)) : formatSignificant(value, 4);
}

} // namespace kvtiers::cli
