// `kvtiers sensitivity`: what moves each tier most, for a scenario or a fleet.
#include "app/cli/CommandLineParsing.h"
#include "app/cli/Commands.h"
#include "core/analysis/Fleet.h"
#include "core/analysis/Sensitivity.h"
#include "core/catalog/CardCatalog.h"
#include "core/io/InputError.h"
#include "core/io/Units.h"
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

/// `kvtiers sensitivity --fleet`: the fleet tornado (fleetSensitivity, Sensitivity.h).
int fleetSensitivityCommand(const Parsed& p, double range, ByteUnits units, std::ostream& out)
{
    const FleetInput in = fleetInputFromFlags(p);
    FleetSensitivityResult sr;
    try {
        sr = fleetSensitivity(cardCatalog(), in, range);
    } catch (const InputError& e) {
        throw InputError(inFlagTerms(e.what()));
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
    out << "Fleet demand: HBM " << formatBytes(b.hbm, units) << ", DRAM " << formatBytes(b.dram, units) << ", NVMe "
        << formatBytes(b.ssd, units) << "; " << formatCount(b.gpus) << (b.gpus == 1 ? " GPU in " : " GPUs in ")
        << formatCount(b.servers) << (b.servers == 1 ? " server, " : " servers, ")
        << formatSignificant(b.sequencesPerReplica, 3) << " active sequences per replica (TPOT target "
        << formatSeconds(sr.tpotTargetSeconds) << ")\n"
        << movesText(sr.bars, range)
        << "; active sequences: through the TPOT target) on every workload of the mix, largest effect first:\n";
    for (const auto& bar : sr.bars) {
        out << "  " << padded(variableLabel(bar.variable), 30) << variableText(bar.variable, bar.lowValue, units)
            << " -> " << variableText(bar.variable, bar.highValue, units);
        if (bar.variable == Variable::Concurrency)
            out << " (TPOT " << formatSeconds(bar.lowTpotSeconds) << " -> " << formatSeconds(bar.highTpotSeconds)
                << ")";
        out << "\n";
        auto end = [&](const char* name, bool feasible, const FleetDemand& d, const std::string& error) {
            out << "      " << name;
            if (!feasible)
                out << "cannot be sized: " << inFlagTerms(error) << "\n";
            else
                out << "HBM " << bytes(d.hbm) << ", DRAM " << bytes(d.dram) << ", NVMe " << bytes(d.ssd) << ", GPUs "
                    << count(d.gpus) << ", servers " << count(d.servers) << "\n";
        };
        end("down: ", bar.lowFeasible, bar.lowDelta, bar.lowError);
        end("up:   ", bar.highFeasible, bar.highDelta, bar.highError);
    }
    return kExitOk;
}

int cmdSensitivity(const Command& command, const std::vector<std::string>& args, std::ostream& out)
{
    // --fleet takes no value: the fleet tornado, from the `kvtiers fleet` options.
    std::vector<std::string> rest;
    bool fleet = false;
    for (size_t i = 0; i < args.size(); ++i) {
        if (i > 0 && args[i] == "--fleet")
            fleet = true;
        else
            rest.push_back(args[i]);
    }
    std::vector<std::string> own = command.options;
    if (fleet)
        own.insert(own.end(), fleetOptions().begin(), fleetOptions().end());
    const Parsed p = parseArgs(rest, 1, own);
    checkOutputFlags(p, "sensitivity", true);
    if (!p.positional.empty())
        throw InputError("sensitivity: unexpected argument \"" + p.positional[0] + "\"");
    double range = kDefaultSensitivityRange;
    if (auto it = p.own.find("--range"); it != p.own.end())
        range = parseFraction(it->second, "--range");
    const ByteUnits units = unitsOption(p);
    if (fleet)
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
    out << "Demand per server: HBM " << formatBytes(sr.base.hbm, units) << ", DRAM " << formatBytes(sr.base.dram, units)
        << ", NVMe " << formatBytes(sr.base.ssd, units) << "\n"
        << movesText(sr.bars, range) << "), largest effect first:\n";
    for (const auto& b : sr.bars)
        out << "  " << padded(variableLabel(b.variable), 30) << "HBM " << delta(b.lowDelta.hbm) << " / "
            << delta(b.highDelta.hbm) << ", DRAM " << delta(b.lowDelta.dram) << " / " << delta(b.highDelta.dram)
            << ", NVMe " << delta(b.lowDelta.ssd) << " / " << delta(b.highDelta.ssd) << "\n";
    return kExitOk;
}

} // namespace

const Command kSensitivityCommand = { "sensitivity",
    R"(  kvtiers sensitivity [eval options] [--range 0.5] [--units binary|decimal] [--json|--csv]
  kvtiers sensitivity --fleet --mix ID=SHARE[,...] --rate R|--tokens-per-day N [--ttft S] [--tpot S]
                [--hardware ID] [overrides] [--range 0.5] [--units binary|decimal] [--json|--csv]
                the tornado of a whole fleet: each variable moved on every workload at once and the
                fleet sized again; active sequences move through the --tpot target
)",
    { "--range", "--units" }, cmdSensitivity };

} // namespace kvtiers::cli
