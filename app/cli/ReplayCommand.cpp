// `kvtiers replay FILE`: a request trace replayed under load in a discrete-event simulation
// (core/replay): TTFT, TPOT, queue waits, SLO attainment and goodput on the scenario's
// replicas, with the tier each prompt token came from; `--sweep` repeats it across DRAM or
// SSD per server or the replica count.
#include "app/cli/CommandLineParsing.h"
#include "app/cli/Commands.h"
#include "core/io/InputError.h"
#include "core/io/Units.h"
#include "core/model/Evaluation.h"
#include "core/replay/Replay.h"
#include "core/report/ReplayReport.h"
#include "core/trace/TraceReader.h"

#include <iomanip>

namespace kvtiers::cli {

namespace {

const char* const kReplaySynopsis
    = R"(  kvtiers replay FILE [--format mooncake|bailian] [--block-tokens N] [--replicas N | --servers N]
                [--routing central|least-loaded|round-robin|prefix-aware|global] [--traffic-scale K]
                [--ttft S] [--tpot S] [--ttft-percentile P] [--tpot-percentile P]
                [--capacity-blocks hbm=N,dram=N,ssd=N] [--tiers write-through|exclusive]
                [--max-num-batched-tokens N] [--max-num-seqs N] [--seed N]
                [--sweep dram|ssd|replicas [--points N]] [eval options] [--json|--csv]
                the trace replayed under load, request by request at its timestamp (gaps / K):
                TTFT, TPOT and queue wait (mean, p50, p90, p99, max), the share meeting both
                targets (default 2 s and 0.1 s) and goodput, prompt tokens by tier, restore bytes
                and link use. The model (docs/trace.md, "Replay under load"): each replica runs
                vLLM's chunked prefill, one step at a time with a token budget
                (--max-num-batched-tokens; default vLLM's own for the GPU, 8192 from 70 GiB except
                A100, else 2048): the running requests in admission order each take one token to
                decode or a prefill chunk until the budget is spent (vLLM V1); a step's time is
                max(weights + KV read at the HBM bandwidth, the FLOPs) plus
                the all-reduces, at the batch of the moment. A request is scheduled when a replica
                has a sequence slot (--max-num-seqs), room for its KV and budget left; it then
                looks up its leading cached blocks (HBM, DRAM, SSD); a block enters the cache when
                its prefill completes; same-timestamp requests go in file order. Restores queue
                first come, first served on the replica's GPU-host links and the server's NVMe.
                HBM caches what is left after weights and the active KV; DRAM and SSD are per
                server (one pool with global). --capacity-blocks fixes tier sizes in trace
                blocks (HBM then counts cached blocks only). --csv: one row per request.
                --sweep gives TTFT p50/p99 and goodput at --points (default 9) capacities.
)";

constexpr const char* kDefaultModel = "llama-3.1-70b";

/// hbm=N,dram=N,ssd=N (any of them, any order) into the options.
void capacityBlocks(const std::string& text, replay::ReplayOptions& o)
{
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        const std::string item = text.substr(start, comma - start);
        const std::size_t eq = item.find('=');
        if (eq == std::string::npos)
            throw InputError("--capacity-blocks: \"" + item + "\" is not TIER=BLOCKS (hbm=N,dram=N,ssd=N)");
        const std::string tier = item.substr(0, eq);
        const double blocks = parseNumberOption(item.substr(eq + 1), "--capacity-blocks " + tier, 0, 1e15, true);
        if (tier == "hbm")
            o.hbmBlocks = blocks;
        else if (tier == "dram")
            o.dramBlocks = blocks;
        else if (tier == "ssd")
            o.ssdBlocks = blocks;
        else
            throw InputError("--capacity-blocks: unknown tier \"" + tier + "\" (use hbm, dram or ssd)");
        if (comma == text.size())
            break;
        start = comma + 1;
    }
}

struct ReplayArgs {
    std::string file;
    trace::TraceFormat format = trace::TraceFormat::Auto;
    int blockTokens = 0;
    replay::ReplayOptions options;
    std::optional<replay::ReplaySweepAxis> sweep;
    int points = 9;
};

ReplayArgs replayArgs(const Parsed& p)
{
    checkOutputFlags(p, "replay", true);
    if (p.positional.empty())
        throw InputError("replay: give the trace file: kvtiers replay FILE");
    if (p.positional.size() > 1)
        throw InputError("replay: unexpected argument \"" + p.positional[1] + "\"");
    ReplayArgs q;
    q.file = p.positional[0];
    replay::ReplayOptions& o = q.options;
    auto option = [&](const char* flag) -> const std::string* {
        const auto it = p.own.find(flag);
        return it == p.own.end() ? nullptr : &it->second;
    };
    if (auto v = option("--format"))
        q.format = trace::parseTraceFormat(*v, "--format");
    if (auto v = option("--block-tokens"))
        q.blockTokens = static_cast<int>(parseNumberOption(*v, "--block-tokens", 1, 1 << 20, true));
    if (auto v = option("--replicas"))
        o.replicas = static_cast<int>(parseNumberOption(*v, "--replicas", 1, 1e6, true));
    if (auto v = option("--routing"))
        o.routing = replay::parseReplayRouting(*v, "--routing");
    if (auto v = option("--traffic-scale"))
        o.trafficScale = parseNumberOption(*v, "--traffic-scale", 1e-9, 1e9, false);
    if (auto v = option("--ttft"))
        o.targets.ttftSeconds = parseNumberOption(*v, "--ttft", 1e-6, 1e9, false);
    if (auto v = option("--tpot"))
        o.targets.tpotSeconds = parseNumberOption(*v, "--tpot", 1e-6, 1e9, false);
    if (auto v = option("--ttft-percentile"))
        o.targets.ttftPercentile = parsePercentile(*v, "--ttft-percentile");
    if (auto v = option("--tpot-percentile"))
        o.targets.tpotPercentile = parsePercentile(*v, "--tpot-percentile");
    if (auto v = option("--capacity-blocks"))
        capacityBlocks(*v, o);
    if (auto v = option("--tiers"))
        o.tierMode = replay::parseTierMode(*v, "--tiers");
    if (auto v = option("--max-num-batched-tokens"))
        o.maxBatchedTokens = parseNumberOption(*v, "--max-num-batched-tokens", 1, 1e9, true);
    if (auto v = option("--max-num-seqs"))
        o.maxSeqs = parseNumberOption(*v, "--max-num-seqs", 1, 1e9, true);
    if (auto v = option("--seed"))
        o.seed = static_cast<std::uint64_t>(parseNumberOption(*v, "--seed", 0, 1e15, true));
    if (auto v = option("--sweep"))
        q.sweep = replay::parseReplaySweepAxis(*v, "--sweep");
    if (auto v = option("--points")) {
        if (!q.sweep)
            throw InputError("--points: give --sweep dram|ssd|replicas with it");
        q.points = static_cast<int>(parseNumberOption(*v, "--points", 2, 200, true));
    }
    if (q.sweep
        && ((q.sweep == replay::ReplaySweepAxis::Dram && o.dramBlocks)
            || (q.sweep == replay::ReplaySweepAxis::Ssd && o.ssdBlocks)))
        throw InputError("--sweep: the swept tier is also fixed by --capacity-blocks; give one of them");
    if (q.sweep == replay::ReplaySweepAxis::Replicas && o.replicas)
        throw InputError("--sweep replicas: --replicas fixes the count that is swept; give one of them");
    return q;
}

std::string statsLine(const replay::ReplayStats& s)
{
    return "mean " + formatSeconds(s.mean) + ", p50 " + formatSeconds(s.p50) + ", p90 " + formatSeconds(s.p90)
        + ", p99 " + formatSeconds(s.p99) + ", max " + formatSeconds(s.max);
}

void printReplay(std::ostream& out, const std::string& file, const Scenario& s, const replay::ReplayResult& r)
{
    const replay::ReplayOptions& o = r.options;
    out << file << ": " << formatCount(static_cast<double>(r.requests)) << " requests replayed over "
        << formatSeconds(r.durationSeconds) << " (traffic x" << formatSignificant(r.trafficScale, 4) << ")\n";
    out << "Replicas          " << r.replicas << " of TP " << (r.replicas > 0 ? r.gpus / r.replicas : 0) << " ("
        << r.gpus << " GPUs, " << r.servers << " server" << (r.servers == 1 ? "" : "s") << ", " << s.model.id << " on "
        << s.hardware.id << "), " << replay::replayRoutingName(r.routing) << " routing, "
        << replay::tierModeName(r.tierMode) << " tiers\n";
    out << "Engine            " << formatCount(r.maxBatchedTokens) << " batched tokens per step, "
        << formatCount(r.maxSeqs) << " sequences; " << r.blockTokens << "-token blocks of "
        << formatBytes(r.kvBytesPerBlock) << "\n";
    out << "Capacity          HBM " << formatCount(r.hbmKvBlocks) << " KV blocks per replica"
        << (r.hbmCacheBlocks ? " (cache fixed at " + formatCount(*r.hbmCacheBlocks) + ")" : std::string()) << ", DRAM "
        << formatCount(r.dramBlocks) << ", SSD " << formatCount(r.ssdBlocks) << " blocks per "
        << (r.routing == replay::ReplayRouting::Global ? "pool" : "server") << "\n\n";
    out << "TTFT              " << statsLine(r.ttft) << "\n";
    out << "TPOT              " << statsLine(r.tpot) << "\n";
    out << "Queue wait        " << statsLine(r.queueWait) << "\n";
    out << "SLO               TTFT " << percentileName(o.targets.ttftAt()) << " " << formatSeconds(r.ttftAtPercentile)
        << " (target " << formatSeconds(o.targets.ttft()) << "), TPOT " << percentileName(o.targets.tpotAt()) << " "
        << formatSeconds(r.tpotAtPercentile) << " (target " << formatSeconds(o.targets.tpot()) << ")\n";
    out << "                  " << percent(r.sloAttainment) << " of requests meet both; goodput "
        << formatSignificant(r.goodputRps, 4) << " requests/s\n\n";
    out << "Prompt tokens     HBM " << percent(r.hitShare[0]) << ", DRAM " << percent(r.hitShare[1]) << ", SSD "
        << percent(r.hitShare[2]) << ", recomputed " << percent(r.hitShare[3]) << "\n";
    out << "Restored          " << formatBytes(r.restoreBytes[0]) << " from DRAM, " << formatBytes(r.restoreBytes[1])
        << " from SSD\n";
    out << "Links             GPU-host mean " << percent(r.gpuLink.mean) << ", peak " << percent(r.gpuLink.peak)
        << "; NVMe mean " << percent(r.nvme.mean) << ", peak " << percent(r.nvme.peak) << "\n";
}

void printSweep(std::ostream& out, const std::string& file, const replay::ReplaySweep& sw)
{
    const bool replicas = sw.axis == replay::ReplaySweepAxis::Replicas;
    out << file << ": replayed at " << sw.points.size() << " values of "
        << (replicas ? std::string("the replica count")
                     : std::string(replay::replaySweepAxisName(sw.axis)) + " per server")
        << "; the scenario's own: " << formatCount(sw.current) << (replicas ? "" : " blocks") << "\n\n";
    out << std::left << std::setw(16) << (replicas ? "replicas" : "blocks") << std::setw(12) << "bytes" << std::setw(12)
        << "TTFT p50" << std::setw(12) << "TTFT p99" << std::setw(14) << "goodput/s"
        << "SLO met\n";
    for (const replay::ReplaySweepPoint& p : sw.points)
        out << std::setw(16) << formatCount(p.value) << std::setw(12) << (replicas ? "-" : formatBytes(p.bytes))
            << std::setw(12) << formatSeconds(p.result.ttft.p50) << std::setw(12) << formatSeconds(p.result.ttft.p99)
            << std::setw(14) << formatSignificant(p.result.goodputRps, 4) << percent(p.result.sloAttainment) << "\n";
}

int runReplayCommand(const Command& command, const std::vector<std::string>& args, std::ostream& out)
{
    const Parsed p = parseArgs(args, 1, command.options);
    const ReplayArgs q = replayArgs(p);
    ScenarioSpec spec = specFromFlags(p);
    if (spec.model.empty() && spec.workload.empty())
        spec.model = kDefaultModel;
    const ResolvedScenario rs = resolve(spec);
    const EvalResult r = evaluate(rs.scenario);
    const auto reader = trace::TraceReader::open(q.file, q.format, q.blockTokens);
    const replay::ReplayTrace t = replay::loadReplayTrace(*reader);
    if (q.sweep) {
        const replay::ReplaySweep sw = replay::sweepReplay(t, rs.scenario, r, q.options, *q.sweep, q.points);
        if (p.csv)
            replay::writeReplaySweepCsv(out, sw);
        else if (p.json)
            out << replay::replaySweepJson(sw).dump(2) << "\n";
        else
            printSweep(out, q.file, sw);
        return 0;
    }
    replay::ReplayOptions o = q.options;
    o.keepRequests = p.csv;
    const replay::ReplayResult res = replay::runReplay(t, rs.scenario, r, o);
    if (p.csv)
        replay::writeReplayCsv(out, res);
    else if (p.json)
        out << replay::replayJson(res).dump(2) << "\n";
    else
        printReplay(out, q.file, rs.scenario, res);
    return 0;
}

} // namespace

const Command kReplayCommand = { "replay", kReplaySynopsis,
    { "--format", "--block-tokens", "--replicas", "--routing", "--traffic-scale", "--ttft", "--tpot",
        "--ttft-percentile", "--tpot-percentile", "--capacity-blocks", "--tiers", "--max-num-batched-tokens",
        "--max-num-seqs", "--seed", "--sweep", "--points" },
    runReplayCommand };

} // namespace kvtiers::cli
