// `kvtiers fleet`: from traffic to memory demand across a fleet.
#include "app/cli/CommandLineParsing.h"
#include "app/cli/Commands.h"
#include "app/cli/OptionParsing.h"
#include "core/analysis/Fleet.h"
#include "core/analysis/FleetOptions.h"
#include "core/io/InputError.h"
#include "core/io/Units.h"
#include "core/report/FleetReport.h"
#include "core/report/ReportOptions.h"

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

/// "TTFT 3 s at p99 (workload card), TPOT 20 ms (flag) at p99 (default)": the targets in
/// force and where each came from; one source when seconds and percentile share it.
std::string targetsText(const LatencyTargets& t, const TargetSources& s)
{
    auto one = [](const char* name, double seconds, TargetSource secondsFrom, double at, TargetSource atFrom) {
        const std::string from = std::string(" (") + targetSourceName(secondsFrom) + ")";
        return std::string(name) + " " + formatSeconds(seconds) + (secondsFrom == atFrom ? "" : from) + " at "
            + percentileName(at) + " (" + targetSourceName(atFrom) + ")";
    };
    std::string text = one("TTFT", t.ttft(), s.ttft, t.ttftAt(), s.ttftAt) + ", TPOT "
        + one("", t.tpot(), s.tpot, t.tpotAt(), s.tpotAt).substr(1);
    if (t.hasTbt())
        text += ", TBT " + formatSeconds(*t.tbtSeconds) + " at " + percentileName(t.tbtAt()) + " (flag)";
    return text;
}

/// A workload's two pools: counts, the hand-off, and the latencies they reach.
std::string poolsText(const PoolSizing& p, ByteUnits units)
{
    auto spread = [](const LatencySpread& s) {
        return formatLatency(s.p50) + " / " + formatLatency(s.p90) + " / " + formatLatency(s.p99);
    };
    std::ostringstream out;
    out << "    prefill pool " << counted(p.prefillReplicas, "replica", "replicas") << " ("
        << counted(p.prefillGpus, "GPU", "GPUs") << "), utilisation " << percent(p.prefillQueue.utilization) << ", "
        << formatSignificant(p.prefillInFlight, 3) << " prompts held each; " << tiersText(p.prefillBytes, units) << "\n"
        << "    decode pool  " << counted(p.decodeReplicas, "replica", "replicas") << " ("
        << counted(p.decodeGpus, "GPU", "GPUs") << ") of " << counted(p.decodeConcurrency, "sequence", "sequences")
        << ", step " << formatLatency(p.decodeStepSeconds) << ", slots " << percent(p.decodeSlots.utilization)
        << " busy (" << formatSignificant(p.decodeInFlight, 3) << " held each); " << tiersText(p.decodeBytes, units)
        << "\n"
        << "    KV transfer  " << formatBytes(p.handoff.bytes, units) << " a request ("
        << formatBytes(p.handoff.bytesPerGpu, units) << " per GPU) in " << formatLatency(p.handoff.seconds) << ", "
        << formatLatency(p.handoffSeconds) << " left after the prefill with the latency; "
        << formatBytes(p.networkBytesPerSecond, units) << "/s over the network, each prefill NIC "
        << percent(p.nicUtilization) << " busy\n"
        << "    p50 / p90 / p99: TTFT " << spread(p.ttft) << "; TPOT " << spread(p.tpot) << "; TBT (Mooncake's) "
        << spread(p.tbt) << "\n";
    return out.str();
}

/// The layout's choices, in words.
std::string layoutText(const DisaggregatedLayout& l)
{
    return std::string("disaggregated: first token at ") + firstTokenAtName(l.firstToken) + ", "
        + percent(l.transferOverlap) + " of the KV transfer overlapping the prefill, prefix cache "
        + (l.cacheAt == PrefixCacheAt::Prefill       ? "on the prefill servers"
                : l.cacheAt == PrefixCacheAt::Decode ? "on the decode servers"
                                                     : "in a pool shared across the prefill servers");
}

/// A workload's load: utilisation, waits and latencies at p50/p90/p99 against its targets.
std::string loadLine(const FleetEntryResult& e)
{
    const LoadFigures& l = e.load;
    auto spread = [](const LatencySpread& s) {
        return formatLatency(s.p50) + " / " + formatLatency(s.p90) + " / " + formatLatency(s.p99) + " (mean "
            + formatLatency(s.mean) + ")";
    };
    std::ostringstream out;
    out << "    utilisation " << percent(l.utilization) << ", " << percent(l.waitProbability)
        << " of requests wait; p50 / p90 / p99: wait " << spread(l.queueWait) << ", TTFT " << spread(l.ttft)
        << "; TPOT " << formatSeconds(l.tpot.mean) << " (each request's mean over its growing context)\n"
        << "    targets: " << targetsText(e.targets, e.targetSources) << "\n";
    for (const auto& [name, q] :
        { std::pair { "prefill queue", &l.prefillQueue }, std::pair { "slot queue", &l.slotQueue } })
        if (q->stable && !q->exactDeterministicEnd)
            out << "    " << name << " of " << formatCount(q->servers)
                << " servers: M/D/c too large to solve exactly, Allen-Cunneen's c_s = 0 form stands in\n";
    return out.str();
}

int cmdFleetProfiles(const FleetInput& in, const std::vector<FleetProfile>& profiles, const Parsed& p, ByteUnits units,
    std::ostream& out)
{
    if (p.csv)
        throw InputError("--csv: not with " + std::string(fleetProfilesOptionTable().front().flag)
            + " (one table per profile); use --json");
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
        << " servers (installed " << tiersText(r.installedBytes, units) << ")\n";
    out << "Demand            " << tiersText(r.bytes, units) << "\n\n";
    for (const auto& f : r.fleets)
        out << "  " << std::left << std::setw(14) << hardwareIdText(f.entries.front().scenario.hardware)
            << readableNumber(f.requestsPerSecond) << " requests/s: " << formatCount(f.gpus) << " GPUs in "
            << formatCount(f.servers) << " servers; " << tiersText(f.bytes, units) << "\n";
    return kExitOk;
}

/// The server profiles the hardware mix names; none when it is not given.
std::vector<FleetProfile> hardwareMix(const Parsed& p)
{
    FleetProfilesInput profiles;
    try {
        readOptions(p, fleetProfilesOptionTable(), profiles);
    } catch (const InputError& e) {
        throw inFleetFlagTerms(e);
    }
    if (!profiles.profiles.empty() && !p.spec.hardware.empty())
        throw InputError(std::string(fleetProfilesOptionTable().front().flag) + ": give it or --hardware, not both");
    return profiles.profiles;
}

int cmdFleet(const Command& command, const std::vector<std::string>& args, std::ostream& out)
{
    const Parsed p = parseArgs(args, 1, command.options);
    if (!p.positional.empty())
        throw InputError("fleet: unexpected argument \"" + p.positional[0] + "\"");
    const FleetInput in = fleetInputFromFlags(p);
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
        if (f.layout)
            throw InputError(std::string("--csv: not with ") + fleetOption(fleet_keys::kLayout).flag
                + " disaggregated (two pools per workload); use --json");
        out << fleetCsv(f); // raw bytes: the units change only the text summary
        return kExitOk;
    }
    // The targets in force: every workload's, when they all share them; else each below.
    bool oneSet = true;
    for (const auto& e : f.entries)
        oneSet = oneSet && e.targets == f.entries.front().targets && e.targetSources == f.entries.front().targetSources;
    out << "Traffic           " << readableNumber(f.requestsPerSecond) << " requests/s; targets "
        << (oneSet ? targetsText(f.entries.front().targets, f.entries.front().targetSources)
                   : std::string("per workload, below"))
        << "\n";
    out << "Queueing          Poisson arrivals, one central FCFS queue per workload\n";
    out << "Fleet             " << counted(f.gpus, "GPU") << " in " << counted(f.servers, "server") << " of "
        << f.gpusPerServer << " (HBM installed " << formatBytes(f.hbmInstalledBytes, units) << ")\n";
    out << "Demand            " << tiersText(f.bytes, units) << "\n";
    out << "Per server        " << tiersText(f.perServer(), units) << "\n";
    out << "Per GPU           " << tiersText(f.perGpu(), units) << "\n";
    if (f.layout)
        out << "Layout            " << layoutText(*f.layout) << "\n"
            << "Prefill servers   " << formatCount(f.prefillServers) << ", each "
            << tiersText(f.perPrefillServer(), units) << "\n"
            << "Decode servers    " << formatCount(f.decodeServers) << ", each "
            << tiersText(f.perDecodeServer(), units) << "\n";
    for (const FleetPoolWarning& w : f.warnings)
        out << "Warning           " << fleetWarningText(w, units) << "\n";
    out << "\n";
    for (const auto& e : f.entries) {
        out << "  " << std::left << std::setw(12) << e.label << percent(e.share) << " of requests, "
            << e.scenario.model.id << " (" << formatBytes(e.kvBytesPerToken, units) << "/token): ";
        if (e.pools) {
            out << counted(e.gpus, "GPU", "GPUs") << " in two pools; " << tiersText(e.bytes, units) << "\n"
                << poolsText(*e.pools, units);
            continue;
        }
        out << counted(e.concurrencyPerReplica, "sequence", "sequences") << " per replica, "
            << counted(e.replicas, "replica", "replicas") << " ("
            << (e.load.binding == LoadBinding::Slots ? "slots bind: " : "prefill binds: ")
            << formatSignificant(e.replicaRequestsPerSecond, 3) << " req/s each), " << counted(e.gpus, "GPU", "GPUs")
            << "; " << tiersText(e.bytes, units) << "\n"
            << loadLine(e);
    }
    return kExitOk;
}

OptionList fleetOptionList()
{
    return OptionList().add(fleetOptionTable()).add(fleetProfilesOptionTable()).add(reportOptionTable());
}

std::string fleetSynopsis()
{
    return "  kvtiers fleet " + optionSynopsis(fleetOptionList().specs, 16, 100)
        + "\n                [--hardware ID] [overrides] [--json|--csv]\n"
        + R"(                sizes a fleet for its traffic: replicas, GPUs and servers, and each tier's demand;
                targets hold at the 99th percentile unless a percentile is given (MLPerf's server
                scenario). --csv: one row per workload and a total row, bytes as exact numbers
)";
}

std::string fleetOptionLines()
{
    const OptionList list = fleetOptionList();
    return optionHelp(list.specs, list.defaults);
}

} // namespace

const Command kFleetCommand
    = { "fleet", fleetSynopsis(), optionFlags(fleetOptionList().specs, false), cmdFleet, {}, fleetOptionLines };

} // namespace kvtiers::cli
