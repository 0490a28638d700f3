// `kvtiers fleet`: from traffic to memory demand across a fleet.
#include "app/cli/CommandLineParsing.h"
#include "app/cli/Commands.h"
#include "core/analysis/Fleet.h"
#include "core/io/InputError.h"
#include "core/io/Units.h"
#include "core/report/FleetReport.h"

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

/// "1 server", "2 servers": a noun whose plural only adds an s.
std::string counted(double n, const char* one)
{
    return formatCount(n) + " " + one + (n == 1 ? "" : "s");
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
        << "    targets: TTFT " << formatSeconds(e.targets.ttft()) << " at " << percentileName(e.targets.ttftAt())
        << ", TPOT " << formatSeconds(e.targets.tpot()) << " at " << percentileName(e.targets.tpotAt()) << "\n";
    return out.str();
}

/// "ID=SHARE,ID=SHARE" split at commas and the first '=' of each item.
std::vector<std::pair<std::string, std::string>> pairs(const std::string& text, const std::string& flag)
{
    std::vector<std::pair<std::string, std::string>> out;
    std::istringstream in(text);
    std::string item;
    while (std::getline(in, item, ',')) {
        const size_t eq = item.find('=');
        if (item.empty() || eq == 0 || eq == std::string::npos || eq + 1 == item.size())
            throw InputError(flag + ": \"" + item + "\" is not NAME=VALUE");
        out.emplace_back(item.substr(0, eq), item.substr(eq + 1));
    }
    if (out.empty())
        throw InputError(flag + ": give NAME=VALUE[,NAME=VALUE...]");
    return out;
}

/// --set ID.KEY=VALUE[,...]: a knob override for one workload of the mix (a number, or
/// the text as written: --set chat.kv_dtype=fp8), or its model card (--set chat.model=ID).
void applyWorkloadOverrides(const Parsed& p, FleetInput& in)
{
    const auto it = p.own.find("--set");
    if (it == p.own.end())
        return;
    for (const auto& [name, value] : pairs(it->second, "--set")) {
        const size_t dot = name.find('.');
        if (dot == std::string::npos || dot == 0 || dot + 1 == name.size())
            throw InputError("--set: \"" + name + "\" is not WORKLOAD.KEY (e.g. chat.context)");
        const std::string id = name.substr(0, dot), key = name.substr(dot + 1);
        bool found = false;
        for (auto& e : in.mix)
            if (e.label == id) {
                const std::optional<double> number = parsePlainNumber(value);
                if (key == "model") // the model card, not a knob: --set chat.model=kimi-k2
                    e.spec.model = value;
                else
                    e.spec.overrides[key] = number ? Json(*number) : Json(value);
                found = true;
            }
        if (!found)
            throw InputError("--set: \"" + id + "\" is not a workload of --mix");
    }
}

/// --hardware-mix ID=SHARE[,...]: one fleet per server profile, the traffic split by share.
std::vector<FleetProfile> hardwareMix(const Parsed& p)
{
    std::vector<FleetProfile> profiles;
    const auto it = p.own.find("--hardware-mix");
    if (it == p.own.end())
        return profiles;
    if (!p.spec.hardware.empty())
        throw InputError("--hardware-mix: give it or --hardware, not both");
    for (const auto& [id, share] : pairs(it->second, "--hardware-mix"))
        profiles.push_back({ id, parseNumberOption(share, "--hardware-mix " + id, 0, 1, false) });
    return profiles;
}

int cmdFleetProfiles(const FleetInput& in, const std::vector<FleetProfile>& profiles, const Parsed& p, ByteUnits units,
    std::ostream& out)
{
    if (p.csv)
        throw InputError("--csv: not with --hardware-mix (one table per profile); use --json");
    FleetProfilesResult r;
    try {
        r = sizeFleetProfiles(cardCatalog(), in, profiles);
    } catch (const InputError& e) {
        throw InputError(inFlagTerms(e.what()));
    }
    if (p.json) {
        out << fleetProfilesToJson(r).dump(2) << "\n";
        return kExitOk;
    }
    out << "Traffic           " << readableNumber(r.requestsPerSecond) << " requests/s on " << r.profiles.size()
        << " server profiles, each sized as its own fleet\n";
    out << "Fleet             " << formatCount(r.gpus) << " GPUs in " << formatCount(r.servers)
        << " servers (installed HBM " << formatBytes(r.hbmInstalledBytes, units) << ", DRAM "
        << formatBytes(r.dramInstalledBytes, units) << ", NVMe " << formatBytes(r.nvmeInstalledBytes, units) << ")\n";
    out << "Demand            HBM " << formatBytes(r.hbmBytes, units) << ", DRAM " << formatBytes(r.dramBytes, units)
        << ", NVMe " << formatBytes(r.ssdBytes, units) << "\n\n";
    for (const auto& f : r.fleets)
        out << "  " << std::left << std::setw(14) << f.entries.front().scenario.hardware.id
            << readableNumber(f.requestsPerSecond) << " requests/s: " << formatCount(f.gpus) << " GPUs in "
            << formatCount(f.servers) << " servers; HBM " << formatBytes(f.hbmBytes, units) << ", DRAM "
            << formatBytes(f.dramBytes, units) << ", NVMe " << formatBytes(f.ssdBytes, units) << "\n";
    return kExitOk;
}

int cmdFleet(const Command& command, const std::vector<std::string>& args, std::ostream& out)
{
    const Parsed p = parseArgs(args, 1, command.options);
    if (!p.positional.empty())
        throw InputError("fleet: unexpected argument \"" + p.positional[0] + "\"");
    FleetInput in = fleetInputFromFlags(p);
    applyWorkloadOverrides(p, in);
    const ByteUnits units = unitsOption(p);
    checkOutputFlags(p, "fleet", true);
    if (const auto profiles = hardwareMix(p); !profiles.empty())
        return cmdFleetProfiles(in, profiles, p, units, out);
    const FleetResult f = sizeFleetFromFlags(in);
    if (p.json) {
        out << fleetToJson(f).dump(2) << "\n";
        return kExitOk;
    }
    if (p.csv) {
        out << fleetCsv(f); // raw bytes: --units changes only the text summary
        return kExitOk;
    }
    out << "Traffic           " << readableNumber(f.requestsPerSecond) << " requests/s; targets TTFT "
        << formatSeconds(in.targets.ttft()) << " at " << percentileName(in.targets.ttftAt())
        << ", time per output token " << formatSeconds(in.targets.tpot()) << " at "
        << percentileName(in.targets.tpotAt()) << "\n";
    out << "Queueing          Poisson arrivals, one central FCFS queue per workload\n";
    out << "Fleet             " << counted(f.gpus, "GPU") << " in " << counted(f.servers, "server") << " of "
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
                --hardware-mix ID=SHARE[,...]: one fleet per server profile, the traffic split
                by share, the figures summed; --set ID.KEY=VALUE[,...]: one workload's override
)",
    { "--mix", "--rate", "--tokens-per-day", "--ttft", "--tpot", "--ttft-percentile", "--tpot-percentile", "--units",
        "--hardware-mix", "--set" },
    cmdFleet };

} // namespace kvtiers::cli
