// `kvtiers sweep`: bytes per tier as context or concurrency moves, as text, JSON or CSV.
#include "app/cli/CommandLineParsing.h"
#include "app/cli/Commands.h"
#include "core/analysis/Sweep.h"
#include "core/io/InputError.h"
#include "core/io/Units.h"
#include "core/report/ResultJson.h"
#include "core/report/SweepReport.h"

#include <cmath>
#include <iomanip>
#include <string>
#include <vector>

namespace kvtiers::cli {

namespace {

/// The scenario sweep's point count: its own option, spelled as the replay sweep's is.
constexpr const char* kPointsFlag = "--points";

int cmdSweep(const Command& command, const std::vector<std::string>& args, std::ostream& out)
{
    const Parsed p = parseArgs(args, 1, command.options, command.switches);
    checkOutputFlags(p, "sweep", true);
    if (!p.positional.empty())
        throw InputError("sweep: unexpected argument \"" + p.positional[0] + "\"");
    const auto axisIt = p.own.find("--axis");
    const SweepAxis axis = sweepAxisOption(axisIt == p.own.end() ? nullptr : &axisIt->second);
    const std::string axisName = sweepAxisName(axis);
    auto get = [&](const std::string& flag, double fallback, double lo, double hi) {
        const auto it = p.own.find(flag);
        if (it == p.own.end())
            return fallback;
        return axis == SweepAxis::Context ? parseTokenCount(it->second, flag, lo, hi)
                                          : parseNumberOption(it->second, flag, lo, hi, true);
    };
    const SweepRange range = defaultSweepRange(axis);
    const double from = get("--from", range.from, 1, 1e12);
    const double to = get("--to", range.to, 1, 1e12);
    if (to < from)
        throw InputError("--to: must not be below --from");
    const auto pointsIt = p.own.find(kPointsFlag);
    const int points = pointsIt == p.own.end()
        ? kSweepPoints
        : static_cast<int>(parseNumberOption(pointsIt->second, kPointsFlag, 2, 100000, true));
    const ResolvedScenario rs = resolve(specFromFlags(p));
    const bool holdRate = p.own.contains("--hold-rate");
    const SweepResult sr = sweep(holdRate ? holdRequestRate(rs.scenario) : rs.scenario, axis, from, to, points);
    if (p.json) {
        Json pts = Json::array();
        for (const auto& pt : sr.points)
            pts.push_back({ { axisName, bytesToJson(pt.x) }, { "hbm_used_bytes", bytesToJson(pt.tiers.hbm.used()) },
                { "dram_used_bytes", bytesToJson(pt.tiers.dram.used()) },
                { "ssd_used_bytes", bytesToJson(pt.tiers.ssd.used()) },
                { "overflow_bytes", bytesToJson(pt.overflowBytes) },
                { "max_concurrency", bytesToJson(pt.maxConcurrency) },
                { "tokens_per_second", numberToJson(pt.tokensPerSecond) } });
        out << Json { { "axis", axisName }, { "hbm_full_at", numberToJson(sr.hbmFullAt) }, { "points", pts } }.dump(2)
            << "\n";
        return kExitOk;
    }
    if (p.csv) {
        out << sweepCsv(sr);
        return kExitOk;
    }
    out << std::left << std::setw(14) << axisName << std::setw(14) << "HBM" << std::setw(14) << "DRAM" << std::setw(14)
        << "SSD"
        << "overflow\n";
    for (const auto& pt : sr.points)
        out << std::setw(14) << (axis == SweepAxis::Context ? formatTokens(pt.x) : formatCount(pt.x)) << std::setw(14)
            << formatBytes(pt.tiers.hbm.used()) << std::setw(14) << formatBytes(pt.tiers.dram.used()) << std::setw(14)
            << formatBytes(pt.tiers.ssd.used()) << formatBytes(pt.overflowBytes) << "\n";
    if (sr.rateDerived && axis == SweepAxis::Context)
        out << "λ is derived at each point (served sequences / request duration) and falls as context grows;\n"
               "the retained pool λ × reuse distance × prefix bytes falls with it (--hold-rate holds λ)\n";
    out << "HBM runs out at " << axisName << " "
        << (std::isfinite(sr.hbmFullAt)
                   ? (axis == SweepAxis::Context ? formatTokens(sr.hbmFullAt) : formatCount(sr.hbmFullAt))
                   : std::string("(never in this range)"))
        << "\n";
    return kExitOk;
}

} // namespace

const Command kSweepCommand = { "sweep",
    std::string("  kvtiers sweep --axis context|concurrency [--from N --to N ") + kPointsFlag
        + R"( N] [--hold-rate] [eval options]
                [--json|--csv]
                --hold-rate: λ stays at the scenario's instead of derived at each point
)",
    { "--axis", "--from", "--to", kPointsFlag }, cmdSweep, { "--hold-rate" } };

} // namespace kvtiers::cli
