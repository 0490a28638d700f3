#include "app/cli/CommandLineParsing.h"

#include "core/analysis/Fleet.h"
#include "core/analysis/Sensitivity.h"
#include "core/cards/HfConfig.h"
#include "core/catalog/CardCatalog.h"
#include "core/catalog/PresetStore.h"
#include "core/catalog/ScenarioSpec.h"
#include "core/io/InputError.h"
#include "core/io/Units.h"
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
    const auto it = p.own.find("--units");
    if (it == p.own.end() || it->second == "binary")
        return ByteUnits::Binary;
    if (it->second == "decimal")
        return ByteUnits::Decimal;
    throw InputError("--units: unknown units \"" + it->second + "\" (use binary or decimal)");
}

const std::vector<std::string>& fleetOptions()
{
    static const std::vector<std::string> options
        = { "--rate", "--tokens-per-day", "--ttft", "--tpot", "--mix", "--ttft-percentile", "--tpot-percentile" };
    return options;
}

namespace {

/// A mix entry's own targets after its share: ":ttft=S", ":ttft-percentile=P",
/// ":tpot=S", ":tpot-percentile=P", in any order.
void parseEntryTargets(const std::string& text, FleetEntry& e)
{
    size_t start = 0;
    while (start < text.size()) {
        const size_t colon = std::min(text.find(':', start), text.size());
        const std::string item = text.substr(start, colon - start);
        start = colon + 1;
        const size_t eq = item.find('=');
        const std::string key = item.substr(0, eq), value = eq == std::string::npos ? "" : item.substr(eq + 1);
        const std::string flag = "--mix " + e.label + ":" + key;
        if (key == "ttft")
            e.targets.ttftSeconds = parseNumberOption(value, flag, 1e-6, 1e6, false);
        else if (key == "tpot")
            e.targets.tpotSeconds = parseNumberOption(value, flag, 1e-6, 1e6, false);
        else if (key == "ttft-percentile")
            e.targets.ttftPercentile = parsePercentile(value, flag);
        else if (key == "tpot-percentile")
            e.targets.tpotPercentile = parsePercentile(value, flag);
        else
            throw InputError("--mix " + e.label + ": unknown target \"" + item
                + "\" (use ttft=S, ttft-percentile=P, tpot=S or tpot-percentile=P)");
    }
}

} // namespace

FleetInput fleetInputFromFlags(const Parsed& p)
{
    if (!p.presets.empty())
        throw InputError("--preset: not for a fleet (give the mix with --mix and the cards with --hardware/--model)");
    FleetInput in;
    // --mix takes "ID=SHARE,ID=SHARE" (a share defaults to 1); each workload card names
    // its model; --model/--hardware and overrides apply to every workload of the mix.
    const auto mixIt = p.own.find("--mix");
    std::string mix = mixIt != p.own.end() ? mixIt->second : p.spec.workload;
    if (mix.empty())
        throw InputError("fleet: give the traffic mix: --mix chat=0.7,mooncake=0.3 (workload ids or files)");
    size_t start = 0;
    while (start <= mix.size()) {
        const size_t comma = std::min(mix.find(',', start), mix.size());
        const std::string item = mix.substr(start, comma - start);
        start = comma + 1;
        if (item.empty())
            throw InputError("--mix: an empty entry in \"" + mix + "\"");
        FleetEntry e;
        // ID[=SHARE][:ttft=S][:ttft-percentile=P][:tpot=S][:tpot-percentile=P]
        const size_t colon = std::min(item.find(':'), item.size());
        const std::string head = item.substr(0, colon);
        const size_t eq = head.find('=');
        e.label = head.substr(0, eq);
        e.share
            = eq == std::string::npos ? 1.0 : parseNumberOption(head.substr(eq + 1), "--mix " + e.label, 0, 1e9, false);
        if (colon < item.size())
            parseEntryTargets(item.substr(colon + 1), e);
        e.spec = p.spec;
        e.spec.workload = e.label;
        in.mix.push_back(std::move(e));
        if (comma == mix.size())
            break;
    }
    if (auto it = p.own.find("--rate"); it != p.own.end())
        in.requestsPerSecond = parseNumberOption(it->second, "--rate", 1e-9, 1e15, false);
    if (auto it = p.own.find("--tokens-per-day"); it != p.own.end())
        in.tokensPerDay = parseNumberOption(it->second, "--tokens-per-day", 1, 1e24, false);
    if (in.requestsPerSecond == 0 && in.tokensPerDay == 0)
        throw InputError("fleet: give the traffic: --rate REQUESTS_PER_S or --tokens-per-day N");
    if (auto it = p.own.find("--ttft"); it != p.own.end())
        in.targets.ttftSeconds = parseNumberOption(it->second, "--ttft", 1e-6, 1e6, false);
    if (auto it = p.own.find("--tpot"); it != p.own.end())
        in.targets.tpotSeconds = parseNumberOption(it->second, "--tpot", 1e-6, 1e6, false);
    if (auto it = p.own.find("--ttft-percentile"); it != p.own.end())
        in.targets.ttftPercentile = parsePercentile(it->second, "--ttft-percentile");
    if (auto it = p.own.find("--tpot-percentile"); it != p.own.end())
        in.targets.tpotPercentile = parsePercentile(it->second, "--tpot-percentile");
    return in;
}

FleetResult sizeFleetFromFlags(const FleetInput& in)
{
    try {
        return sizeFleet(cardCatalog(), in);
    } catch (const InputError& e) {
        throw InputError(inFlagTerms(e.what()));
    }
}

std::string percent(double share)
{
    return formatSignificant(share * 100.0, 3) + "%";
}

std::string readableNumber(double value)
{
    return std::abs(value) >= 1000 ? formatCount(std::round(value)) : formatSignificant(value, 4);
}

} // namespace kvtiers::cli
