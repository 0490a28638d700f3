#include "core/report/SensitivityReport.h"

#include "core/io/Csv.h"
#include "core/report/FleetReport.h"
#include "core/report/ResultJson.h"

#include <sstream>

namespace kvtiers {

namespace {

/// A tier's bytes in JSON and in a CSV header: "hbm_bytes".
const std::string kBytesSuffix = "_bytes";

Json demandJson(const TierDemand& d)
{
    return tiersJson(d, bytesToJson, kBytesSuffix);
}

Json demandJson(const FleetDemand& d)
{
    Json j = demandJson(static_cast<const TierDemand&>(d));
    j.update({ { "gpus", bytesToJson(d.gpus) }, { knobKey(KnobId::Servers), bytesToJson(d.servers) },
        { "sequences_per_replica", numberToJson(d.sequencesPerReplica) } });
    return j;
}

/// The tiers' byte columns' names, in the tiers' order: "hbm_bytes", "dram_bytes", "ssd_bytes".
std::vector<std::string> tierColumnNames()
{
    std::vector<std::string> names;
    for (Tier t : kTiers)
        names.push_back(tierKey(t) + kBytesSuffix);
    return names;
}

void tierColumns(std::ostringstream& out, const TierDemand& d)
{
    for (Tier t : kTiers)
        out << ',' << csvNumber(d[t]);
}

void fleetColumns(std::ostringstream& out, const FleetDemand& d, bool feasible = true)
{
    if (!feasible) {
        out << ",,,,,,";
        return;
    }
    tierColumns(out, d);
    out << ',' << csvNumber(d.gpus) << ',' << csvNumber(d.servers) << ',' << csvNumber(d.sequencesPerReplica);
}

std::string header(const std::vector<std::string>& prefixes, const std::vector<std::string>& suffixes)
{
    std::string h;
    for (const auto& p : prefixes)
        for (const auto& s : suffixes)
            h += "," + p + "_" + s;
    return h;
}

} // namespace

Json sensitivityToJson(const SensitivityResult& sr)
{
    Json bars = Json::array();
    for (const auto& b : sr.bars)
        bars.push_back({ { "variable", variableKey(b.variable) }, { "low_value", numberToJson(b.lowValue) },
            { "high_value", numberToJson(b.highValue) }, { "low", demandJson(b.low) }, { "high", demandJson(b.high) },
            { "low_delta", demandJson(b.lowDelta) }, { "high_delta", demandJson(b.highDelta) } });
    return { { "scope", "per_server" }, { "range", sr.relativeRange }, { "base", demandJson(sr.base) },
        { "bars", bars } };
}

Json fleetSensitivityToJson(const FleetSensitivityResult& sr)
{
    Json bars = Json::array();
    for (const auto& b : sr.bars) {
        Json j = { { "variable", variableKey(b.variable) }, { "base_value", numberToJson(b.baseValue) },
            { "low_value", numberToJson(b.lowValue) }, { "high_value", numberToJson(b.highValue) },
            { "low_tpot_target_s", numberToJson(b.lowTpotSeconds) },
            { "high_tpot_target_s", numberToJson(b.highTpotSeconds) }, { "low_feasible", b.lowFeasible },
            { "high_feasible", b.highFeasible }, { "low", b.lowFeasible ? demandJson(b.low) : Json() },
            { "high", b.highFeasible ? demandJson(b.high) : Json() },
            { "low_delta", b.lowFeasible ? demandJson(b.lowDelta) : Json() },
            { "high_delta", b.highFeasible ? demandJson(b.highDelta) : Json() } };
        if (!b.lowFeasible)
            j["low_error"] = b.lowError;
        if (!b.highFeasible)
            j["high_error"] = b.highError;
        bars.push_back(std::move(j));
    }
    return { { "scope", "fleet" }, { "range", sr.relativeRange },
        { "tpot_target_s", numberToJson(sr.tpotTargetSeconds) }, { "base", demandJson(sr.base) },
        { "fleet", fleetToJson(sr.fleet) }, { "bars", bars } };
}

std::string sensitivityCsv(const SensitivityResult& sr)
{
    std::ostringstream out;
    out << "variable,low_value,high_value"
        << header({ "base", "low", "high", "low_delta", "high_delta" }, tierColumnNames()) << "\n";
    for (const auto& b : sr.bars) {
        out << variableKey(b.variable) << ',' << csvNumber(b.lowValue) << ',' << csvNumber(b.highValue);
        for (const TierDemand* d : { &sr.base, &b.low, &b.high, &b.lowDelta, &b.highDelta })
            tierColumns(out, *d);
        out << '\n';
    }
    return out.str();
}

std::string sensitivityCsv(const FleetSensitivityResult& sr)
{
    std::ostringstream out;
    std::vector<std::string> columns = tierColumnNames();
    columns.insert(columns.end(), { "gpus", knobKey(KnobId::Servers), "sequences_per_replica" });
    out << "variable,base_value,low_value,high_value,low_tpot_target_s,high_tpot_target_s"
        << header({ "base", "low", "high", "low_delta", "high_delta" }, columns)
        << ",low_feasible,high_feasible,low_error,high_error\n";
    for (const auto& b : sr.bars) {
        out << variableKey(b.variable) << ',' << csvNumber(b.baseValue) << ',' << csvNumber(b.lowValue) << ','
            << csvNumber(b.highValue) << ',' << csvNumber(b.lowTpotSeconds) << ',' << csvNumber(b.highTpotSeconds);
        fleetColumns(out, sr.base);
        fleetColumns(out, b.low, b.lowFeasible);
        fleetColumns(out, b.high, b.highFeasible);
        fleetColumns(out, b.lowDelta, b.lowFeasible);
        fleetColumns(out, b.highDelta, b.highFeasible);
        out << ',' << (b.lowFeasible ? 1 : 0) << ',' << (b.highFeasible ? 1 : 0) << ',' << csvText(b.lowError) << ','
            << csvText(b.highError) << '\n';
    }
    return out.str();
}

std::string curveCsv(Variable v, const std::vector<CurvePoint>& points)
{
    std::ostringstream out;
    out << variableKey(v);
    for (const std::string& column : tierColumnNames())
        out << ',' << column;
    out << '\n';
    for (const auto& p : points) {
        out << csvNumber(p.value);
        tierColumns(out, p.demand);
        out << '\n';
    }
    return out.str();
}

std::string curveCsv(Variable v, const std::vector<FleetCurvePoint>& points)
{
    std::ostringstream out;
    out << variableKey(v) << ",tpot_target_s";
    for (const std::string& column : tierColumnNames())
        out << ',' << column;
    out << ",gpus,servers,sequences_per_replica,feasible,error\n";
    for (const auto& p : points) {
        out << csvNumber(p.value) << ',' << csvNumber(p.tpotTargetSeconds);
        fleetColumns(out, p.demand, p.feasible);
        out << ',' << (p.feasible ? 1 : 0) << ',' << csvText(p.error) << '\n';
    }
    return out.str();
}

} // namespace kvtiers
