// `kvtiers sensitivity`: what moves each tier most, for a scenario or a fleet.
#include "app/cli/CommandLineParsing.h"
#include "app/cli/Commands.h"
#include "app/cli/OptionParsing.h"
#include "core/analysis/Fleet.h"
#include "core/analysis/FleetOptions.h"
#include "core/analysis/Sensitivity.h"
#include "core/catalog/CardCatalog.h"
#include "core/io/InputError.h"
#include "core/io/Units.h"
#include "core/report/ReportOptions.h"
#include "core/report/SensitivityReport.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace kvtiers::cli {

namespace {

/// `text` and spaces up to `width` characters ("→" counts as one, not as its 3 UTF-8 bytes).
std::string padded(const std::string& text, size_t width)
{
    size_t chars = 0;
    for (unsigned char c : text)
        chars += (c & 0xC0) != 0x80;
    return text + std::string(width > chars ? width - chars : 1, ' ');
}

/// A sensitivity variable's value as the summary prints it.
std::string variableText(Variable v, double value, ByteUnits units)
{
    if (!std::isfinite(value))
        return "–";
    const Knob& k = knob(v);
    switch (k.value) {
    case KnobValue::Tokens:
        return formatTokens(value) + " " + k.unit;
    case KnobValue::Count:
        return formatSignificant(value, 3);
    case KnobValue::Format:
        return formatSignificant(value, 3) + " bit";
    case KnobValue::Fraction:
        return percent(value);
    case KnobValue::Bytes:
        return formatBytes(value, units);
    case KnobValue::Number: // total traffic, requests/s
        return formatSignificant(value, 4) + "/s";
    default:
        break;
    }
    return formatSignificant(value, 4);
}

/// How the tornado moved its variables at `range`: "±50% of its value (rates: ±25 points;
/// KV format: one step)". Rates move by absolute points (the knob's span), since ±50% of a
/// 0% rate is no move at all.
template <class Bars> std::string movesText(const Bars& bars, double range)
{
    std::vector<std::pair<std::string, double>> rates;
    for (const auto& bar : bars)
        if (const Knob& k = knob(bar.variable); k.sensitivity.sweep == KnobSweep::Absolute)
            rates.emplace_back(variableLabel(bar.variable), range * k.sensitivity.span * 100);
    std::string text = "Moving each variable by ±" + percent(range) + " of its value (";
    const bool sameMove
        = std::all_of(rates.begin(), rates.end(), [&](const auto& r) { return r.second == rates.front().second; });
    if (!rates.empty() && sameMove) {
        text += "rates: ±" + formatSignificant(rates.front().second, 3) + " points; ";
    } else {
        for (const auto& [label, points] : rates)
            text += label + ": ±" + formatSignificant(points, 3) + " points; ";
    }
    return text + "KV format: one step";
}

/// "HBM +1 GiB, DRAM -2 GiB, NVMe +0 B": each tier's change, `signedBytes` writing one.
template <typename Signed> std::string tierDeltas(const TierDemand& d, const Signed& signedBytes)
{
    std::string text;
    for (Tier t : kTiers)
        text += std::string(text.empty() ? "" : ", ") + (t == Tier::Ssd ? "NVMe" : tierLabel(t)) + " "
            + signedBytes(d[t]);
    return text;
}

/// A moved fleet's sizing error as the command line words it: a fleet option's flag in
/// place of its key.
std::string fleetErrorText(const std::string& english, const InputErrorDetail& detail)
{
    return detail.code == InputErrorCode::Uncoded ? english : inFleetFlagTerms(InputError(detail)).what();
}

/// `kvtiers sensitivity --fleet`: the fleet tornado (fleetSensitivity, Sensitivity.h).
int fleetSensitivityCommand(const Parsed& p, double range, ByteUnits units, std::ostream& out)
{
    const FleetInput in = fleetInputFromFlags(p);
    FleetSensitivityResult sr;
    try {
        sr = fleetSensitivity(cardCatalog(), in, range);
    } catch (const InputError& e) {
        throw InputError(inFlagTerms(inFleetFlagTerms(e).what()));
    }
    if (p.json) {
        out << fleetSensitivityToJson(sr).dump(2) << "\n";
        return kExitOk;
    }
    if (p.csv) {
        out << sensitivityCsv(sr);
        return kExitOk;
    }
    auto bytes = [&](double d) { return (d >= 0 ? "+" : "-") + formatBytes(std::fabs(d), units); };
    auto count = [](double d) { return (d >= 0 ? "+" : "-") + formatCount(std::fabs(d)); };
    const FleetDemand& b = sr.base;
    out << "Fleet demand: " << tiersText(b, units) << "; " << formatCount(b.gpus)
        << (b.gpus == 1 ? " GPU in " : " GPUs in ") << formatCount(b.servers)
        << (b.servers == 1 ? " server, " : " servers, ") << formatSignificant(b.sequencesPerReplica, 3)
        << " active sequences per replica (TPOT target " << formatSeconds(sr.tpotTargetSeconds) << ")\n"
        << movesText(sr.bars, range)
        << "; active sequences: through the TPOT target) on every workload of the mix, largest effect first:\n";
    for (const auto& bar : sr.bars) {
        out << "  " << padded(variableLabel(bar.variable), 30) << variableText(bar.variable, bar.lowValue, units)
            << " -> " << variableText(bar.variable, bar.highValue, units);
        if (bar.variable == Variable::Concurrency)
            out << " (TPOT " << formatSeconds(bar.lowTpotSeconds) << " -> " << formatSeconds(bar.highTpotSeconds)
                << ")";
        out << "\n";
        auto end = [&](const char* name, bool feasible, const FleetDemand& d, const std::string& error,
                       const InputErrorDetail& detail) {
            out << "      " << name;
            if (!feasible)
                out << "cannot be sized: " << inFlagTerms(fleetErrorText(error, detail)) << "\n";
            else
                out << tierDeltas(d, bytes) << ", GPUs " << count(d.gpus) << ", servers " << count(d.servers) << "\n";
        };
        end("down: ", bar.lowFeasible, bar.lowDelta, bar.lowError, bar.lowErrorDetail);
        end("up:   ", bar.highFeasible, bar.highDelta, bar.highError, bar.highErrorDetail);
    }
    return kExitOk;
}

int cmdSensitivity(const Command& command, const std::vector<std::string>& args, std::ostream& out)
{
    // The fleet tornado takes the fleet's options as well.
    const std::string fleetFlag = sensitivityOption(sensitivity_keys::kFleet).flag;
    std::vector<std::string> own = command.options;
    if (std::find(args.begin() + std::min<size_t>(1, args.size()), args.end(), fleetFlag) != args.end())
        own.insert(own.end(), fleetOptions().begin(), fleetOptions().end());
    const Parsed p = parseArgs(args, 1, own, command.switches);
    checkOutputFlags(p, "sensitivity", true);
    if (!p.positional.empty())
        throw InputError("sensitivity: unexpected argument \"" + p.positional[0] + "\"");
    SensitivityOptions options;
    readOptions(p, sensitivityOptionTable(), options);
    const double range = options.range;
    const ByteUnits units = unitsOption(p);
    if (options.fleet)
        return fleetSensitivityCommand(p, range, units, out);
    const ResolvedScenario rs = resolve(specFromFlags(p));
    const SensitivityResult sr = sensitivity(rs.scenario, range);
    if (p.json) {
        out << sensitivityToJson(sr).dump(2) << "\n";
        return kExitOk;
    }
    if (p.csv) {
        out << sensitivityCsv(sr);
        return kExitOk;
    }
    auto delta = [&](double d) { return (d >= 0 ? "+" : "-") + formatBytes(std::fabs(d), units); };
    out << "Demand per server: " << tiersText(sr.base, units) << "\n";
    if (sr.baseHbmPrefixCache > 0)
        out << "  (HBM demand leaves out the prefix cache kept in free HBM, "
            << formatBytes(sr.baseHbmPrefixCache, units) << ": with it HBM holds "
            << formatBytes(sr.base.hbm + sr.baseHbmPrefixCache, units) << ", as eval and the tier chart count)\n";
    out << movesText(sr.bars, range) << "), largest effect first:\n";
    for (const auto& b : sr.bars) {
        out << "  " << padded(variableLabel(b.variable), 30);
        for (Tier t : kTiers)
            out << (t == Tier::Hbm ? "" : ", ") << (t == Tier::Ssd ? "NVMe" : tierLabel(t)) << " "
                << delta(b.lowDelta[t]) << " / " << delta(b.highDelta[t]);
        out << "\n";
    }
    return kExitOk;
}

OptionList sensitivityOptionList()
{
    return OptionList().add(sensitivityOptionTable()).add(reportOptionTable());
}

std::string sensitivitySynopsis()
{
    const OptionList own = sensitivityOptionList();
    // The scenario's usage, then the fleet's (the switch, the fleet's options, then the rest).
    std::vector<const OptionSpec*> scenario, fleet = optionSpecs(fleetOptionTable());
    for (const OptionSpec* o : own.specs)
        if (o->kind != OptionKind::Switch) {
            scenario.push_back(o);
            fleet.push_back(o);
        }
    const std::string fleetFlag = sensitivityOption(sensitivity_keys::kFleet).flag;
    return "  kvtiers sensitivity [eval options] " + optionSynopsis(scenario, 16) + " [--json|--csv]\n"
        + "  kvtiers sensitivity " + fleetFlag + "\n                " + optionSynopsis(fleet, 16)
        + "\n                [--hardware ID] [overrides] [--json|--csv]\n"
        + "                the tornado of a whole fleet: each variable moved on every workload at once and the\n"
        + "                fleet sized again; active sequences move through the " + fleetOption(kTpotSecondsKey).flag
        + " target\n";
}

std::string sensitivityOptionLines()
{
    const OptionList list = sensitivityOptionList().add(fleetOptionTable());
    return optionHelp(list.specs, list.defaults);
}

} // namespace

const Command kSensitivityCommand
    = { "sensitivity", sensitivitySynopsis(), optionFlags(sensitivityOptionList().specs, false), cmdSensitivity,
          optionFlags(sensitivityOptionList().specs, true), sensitivityOptionLines };

} // namespace kvtiers::cli
