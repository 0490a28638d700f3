// `kvtiers fleet`: from traffic to memory demand across a fleet.
#include "app/cli/CommandLineParsing.h"
#include "app/cli/Commands.h"
#include "core/analysis/Fleet.h"
#include "core/io/InputError.h"
#include "core/io/Units.h"

#include <iomanip>
#include <string>
#include <vector>

namespace kvtiers::cli {

namespace {

int cmdFleet(const Command& command, const std::vector<std::string>& args, std::ostream& out)
{
    const Parsed p = parseArgs(args, 1, command.options);
    if (!p.positional.empty())
        throw InputError("fleet: unexpected argument \"" + p.positional[0] + "\"");
    const FleetInput in = fleetInputFromFlags(p);
    const ByteUnits units = unitsOption(p);
    checkOutputFlags(p, "fleet", true);
    const FleetResult f = sizeFleetFromFlags(in);
    if (p.json) {
        out << fleetToJson(f).dump(2) << "\n";
        return kExitOk;
    }
    if (p.csv) {
        out << fleetCsv(f); // raw bytes: --units changes only the text summary
        return kExitOk;
    }
    out << "Traffic           " << formatSignificant(f.requestsPerSecond, 4) << " requests/s; targets TTFT "
        << formatSeconds(in.ttftTargetSeconds) << ", time per output token " << formatSeconds(in.tpotTargetSeconds)
        << "\n";
    out << "Fleet             " << formatCount(f.gpus) << " GPUs in " << formatCount(f.servers) << " servers of "
        << f.gpusPerServer << " (HBM installed " << formatBytes(f.hbmInstalledBytes, units) << ")\n";
    out << "Demand            HBM " << formatBytes(f.hbmBytes, units) << ", DRAM " << formatBytes(f.dramBytes, units)
        << ", NVMe " << formatBytes(f.ssdBytes, units) << "\n";
    out << "Per server        HBM " << formatBytes(f.hbmPerServer(), units) << ", DRAM "
        << formatBytes(f.dramPerServer(), units) << ", NVMe " << formatBytes(f.ssdPerServer(), units) << "\n";
    out << "Per GPU           HBM " << formatBytes(f.hbmPerGpu(), units) << ", DRAM "
        << formatBytes(f.dramPerGpu(), units) << ", NVMe " << formatBytes(f.ssdPerGpu(), units) << "\n\n";
    for (const auto& e : f.entries)
        out << "  " << std::left << std::setw(12) << e.label << percent(e.share) << " of requests, "
            << e.scenario.model.id << " (" << formatBytes(e.kvBytesPerToken, units)
            << "/token): " << formatCount(e.concurrencyPerReplica) << " sequences per replica, "
            << formatCount(e.replicas) << " replicas ("
            << (e.rateLimit == RateLimit::Prefill ? "prefill binds: " : "decode slots bind: ")
            << formatSignificant(e.replicaRequestsPerSecond, 3) << " req/s each), " << formatCount(e.gpus)
            << " GPUs; HBM " << formatBytes(e.hbmBytes, units) << ", DRAM " << formatBytes(e.dramBytes, units)
            << ", NVMe " << formatBytes(e.ssdBytes, units) << "\n";
    return kExitOk;
}

} // namespace

const Command kFleetCommand = { "fleet",
    R"(  kvtiers fleet --mix ID=SHARE[,ID=SHARE...] --rate REQ_PER_S|--tokens-per-day N [--ttft S] [--tpot S]
                [--hardware ID] [overrides] [--units binary|decimal] [--json|--csv]
                --csv: one row per workload and a total row, bytes as exact numbers
)",
    { "--mix", "--rate", "--tokens-per-day", "--ttft", "--tpot", "--units" }, cmdFleet };

} // namespace kvtiers::cli
