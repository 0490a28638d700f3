// `kvtiers fleet`: from traffic to memory demand across a fleet.
#include "app/cli/CommandLineParsing.h"
#include "app/cli/Commands.h"
#include "core/analysis/Fleet.h"
#include "core/io/InputError.h"
#include "core/io/Units.h"

#include <iomanip>
#include <sstream>
#include <string>
#include <vector>

namespace kvtiers::cli {

namespace {

/// "1 replica", "2 replicas": a count and its noun.
std::string counted(double n, const char* one, const char* many)
{
    return formatCount(n) + " " + (n == 1 ? one : many);
}

/// A workload's load: utilisation, waits and latencies at p50/p90/p99 against its targets.
std::string loadLine(const FleetEntryResult& e)
{
    const LoadFigures& l = e.load;
    auto spread = [](const LatencySpread& s) {
        return formatSeconds(s.p50) + " / " + formatSeconds(s.p90) + " / " + formatSeconds(s.p99) + " (mean "
            + formatSeconds(s.mean) + ")";
    };
    std::ostringstream out;
    out << "    utilisation " << percent(l.utilization) << ", " << percent(l.waitProbability)
        << " of requests wait; p50 / p90 / p99: wait " << spread(l.queueWait) << ", TTFT " << spread(l.ttft)
        << "; TPOT " << formatSeconds(l.tpot.mean) << " (one value: the decode step)\n"
        << "    targets: TTFT " << formatSeconds(e.ttftTargetSeconds) << " at " << percentileName(e.ttftPercentile)
        << ", TPOT " << formatSeconds(e.tpotTargetSeconds) << " at " << percentileName(e.tpotPercentile) << "\n";
    return out.str();
}

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
        << formatSeconds(in.ttftTargetSeconds) << " at " << percentileName(in.ttftPercentile)
        << ", time per output token " << formatSeconds(in.tpotTargetSeconds) << " at "
        << percentileName(in.tpotPercentile) << "\n";
    out << "Queueing          Poisson arrivals, one central FCFS queue per workload\n";
    out << "Fleet             " << counted(f.gpus, "GPU", "GPUs") << " in " << counted(f.servers, "server", "servers")
        << " of " << f.gpusPerServer << " (HBM installed " << formatBytes(f.hbmInstalledBytes, units) << ")\n";
    out << "Demand            HBM " << formatBytes(f.hbmBytes, units) << ", DRAM " << formatBytes(f.dramBytes, units)
        << ", NVMe " << formatBytes(f.ssdBytes, units) << "\n";
    out << "Per server        HBM " << formatBytes(f.hbmPerServer(), units) << ", DRAM "
        << formatBytes(f.dramPerServer(), units) << ", NVMe " << formatBytes(f.ssdPerServer(), units) << "\n";
    out << "Per GPU           HBM " << formatBytes(f.hbmPerGpu(), units) << ", DRAM "
        << formatBytes(f.dramPerGpu(), units) << ", NVMe " << formatBytes(f.ssdPerGpu(), units) << "\n\n";
    for (const auto& e : f.entries)
        out << "  " << std::left << std::setw(12) << e.label << percent(e.share) << " of requests, "
            << e.scenario.model.id << " (" << formatBytes(e.kvBytesPerToken, units)
            << "/token): " << counted(e.concurrencyPerReplica, "sequence", "sequences") << " per replica, "
            << counted(e.replicas, "replica", "replicas") << " ("
            << (e.rateLimit == RateLimit::Prefill ? "prefill binds: " : "decode slots bind: ")
            << formatSignificant(e.replicaRequestsPerSecond, 3) << " req/s each), " << counted(e.gpus, "GPU", "GPUs")
            << "; HBM " << formatBytes(e.hbmBytes, units) << ", DRAM " << formatBytes(e.dramBytes, units) << ", NVMe "
            << formatBytes(e.ssdBytes, units) << "\n"
            << loadLine(e);
    return kExitOk;
}

} // namespace

const Command kFleetCommand = { "fleet",
    R"(  kvtiers fleet --mix ID=SHARE[,ID=SHARE...] --rate REQ_PER_S|--tokens-per-day N [--ttft S] [--tpot S]
                [--ttft-percentile P|mean] [--tpot-percentile P|mean] [--hardware ID] [overrides]
                [--units binary|decimal] [--json|--csv]
                targets hold at the 99th percentile unless a percentile is given (MLPerf's server
                scenario); an entry may carry its own: ID=SHARE:ttft=S:ttft-percentile=P:tpot=S
                --csv: one row per workload and a total row, bytes as exact numbers
)",
    { "--mix", "--rate", "--tokens-per-day", "--ttft", "--tpot", "--ttft-percentile", "--tpot-percentile", "--units" },
    cmdFleet };

} // namespace kvtiers::cli
