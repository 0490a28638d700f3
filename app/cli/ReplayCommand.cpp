// `kvtiers replay FILE`: a request trace replayed under load in a discrete-event simulation
// (core/replay): TTFT, TPOT, queue waits, SLO attainment and goodput on the scenario's
// replicas, with the tier each prompt token came from; `--sweep` repeats it across DRAM or
// SSD per server or the replica count.
#include "app/cli/CommandLineParsing.h"
#include "app/cli/Commands.h"
#include "app/cli/OptionParsing.h"
#include "core/io/InputError.h"
#include "core/io/Units.h"
#include "core/model/Evaluation.h"
#include "core/replay/Replay.h"
#include "core/replay/ReplayOptions.h"
#include "core/report/ReplayReport.h"
#include "core/trace/TraceReader.h"

#include <cmath>
#include <iomanip>

namespace kvtiers::cli {

namespace {

/// What the command does, after its synopsis's options (which the table gives).
const char* const kReplayProse
    = R"(                the trace replayed under load, request by request at its timestamp (gaps / K):
                TTFT, TPOT and queue wait (mean, p50, p90, p99, max), the share meeting both
                targets and goodput, prompt tokens by tier, restore bytes and link use. The model
                (docs/trace.md, "Replay under load"): each replica runs vLLM's chunked prefill, one
                step at a time within a token budget (by default vLLM's own for the GPU): the
                running requests in admission order each take one token to decode or a prefill
                chunk until the budget is spent (vLLM V1); a step's time is max(weights + KV read
                at the HBM bandwidth, the FLOPs) plus the all-reduces, at the batch of the moment.
                A request is scheduled when a replica has a sequence slot, room for its KV and
                budget left; it then looks up its leading cached blocks (HBM, DRAM, SSD); a block
                enters the cache when its prefill completes; same-timestamp requests go in file
                order. Central routing gives each request to the replica that can start it soonest
                (an idle one, idle longest first; else the least loaded at its next step);
                cache-aware to the one with the least estimated TTFT (queue, misses, restores).
                Restores queue first come, first served on the replica's GPU-host links and
                the server's NVMe. HBM caches what is left after weights and the active KV; DRAM
                and SSD are per server (one pool with global routing). Fixed capacities count
                trace blocks (a fixed HBM then counts cached blocks only). TTFT is also given by
                prompt length (up to 512 tokens, then each doubling). The trace is read as the
                replay goes. CSV: one row per request. A sweep gives TTFT p50/p99 and goodput at
                each value.
)";

constexpr const char* kDefaultModel = "llama-3.1-70b";

std::vector<const OptionSpec*> replaySpecs()
{
    return optionSpecs(replay::replayOptionTable());
}

std::string replaySynopsis()
{
    // The options from the table, then the eval options and the output on the last line
    // while it holds them.
    std::string text = "  kvtiers replay FILE " + optionSynopsis(replaySpecs(), 16, 95);
    const std::string tail = "[eval options] [--json|--csv]";
    const std::size_t newline = text.rfind('\n');
    const std::size_t last = newline == std::string::npos ? text.size() : text.size() - newline - 1;
    text += last + 1 + tail.size() <= 100 ? " " + tail : "\n" + std::string(16, ' ') + tail;
    return text + "\n" + kReplayProse;
}

/// A key as the command line words it: its flag, and a tier's capacity as the list's flag
/// and the tier ("--capacity-blocks dram").
std::string replayFlag(std::string_view key, const void*)
{
    if (key == replay::replay_keys::outputTokens())
        return knob(KnobId::OutputTokens).flag; // the workload knob's flag sets it
    if (const auto tier = replay::capacityKeyTier(key))
        return std::string(replay::replayOption(replay::replay_keys::kCapacityBlocks).flag) + " " + tierKey(*tier);
    return optionFlagOf(replay::replayOptionTable(), key);
}

struct ReplayArgs {
    std::string file;
    replay::ReplayInput input;
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
    readOptions(p, replay::replayOptionTable(), q.input);
    // The output-tokens knob, given on this command line (not by a preset or a workload
    // card), overrides the trace's outputs as well as the workload's.
    if (const auto it = p.spec.overrides.find(replay::replay_keys::outputTokens()); it != p.spec.overrides.end())
        setOption(replay::replayOption(replay::replay_keys::outputTokens()), q.input, it->dump());
    replay::validateReplayInput(q.input);
    return q;
}

std::string statsLine(const replay::ReplayStats& s)
{
    return "mean " + formatSeconds(s.mean) + ", p50 " + formatSeconds(s.p50) + ", p90 " + formatSeconds(s.p90)
        + ", p99 " + formatSeconds(s.p99) + ", max " + formatSeconds(s.max);
}

/// The pools, the layout and the KV transfer of a disaggregated replay (nothing when colocated).
void printDisaggregation(std::ostream& out, const replay::ReplayResult& r)
{
    if (r.prefillReplicas == 0)
        return;
    const replay::ReplayOptions& o = r.options;
    const replay::PrefixCacheAt at = o.cacheAt.value_or(replay::PrefixCacheAt::Prefill);
    out << "Disaggregated     " << r.prefillReplicas << " prefill + " << r.decodeReplicas
        << " decode replicas; first token at "
        << replay::firstTokenAtName(o.firstTokenAt.value_or(replay::FirstTokenAt::Decode)) << "; "
        << percent(o.transferOverlap.value_or(0.0)) << " of each transfer streamed during its prefill; prefix cache "
        << (at == replay::PrefixCacheAt::Shared ? std::string("one pool across the prefill servers")
                                                : "on the " + std::string(replay::prefixCacheAtName(at)) + " servers")
        << "\n";
    out << "KV transfer       " << statsLine(r.transferSeconds) << "; " << formatBytes(r.transferBytes) << " sent ("
        << formatBytes(r.durationSeconds > 0 ? r.transferBytes / r.durationSeconds : 0.0) << "/s); prefill NICs mean "
        << percent(r.scaleOut.mean) << ", peak " << percent(r.scaleOut.peak) << "\n";
    out << "Decode replicas   requests min " << formatCount(r.decodeRequests.min) << ", mean "
        << formatSignificant(r.decodeRequests.mean, 4) << ", max " << formatCount(r.decodeRequests.max) << "\n";
}

void printReplay(std::ostream& out, const std::string& file, const Scenario& s, const replay::ReplayResult& r)
{
    const replay::ReplayOptions& o = r.options;
    out << file << ": " << formatCount(static_cast<double>(r.requests)) << " requests replayed over "
        << formatSeconds(r.durationSeconds) << " (traffic x" << formatSignificant(r.trafficScale, 4) << ")\n";
    out << "Replicas          " << r.replicas << " of TP " << r.gpusPerReplica() << " (" << r.gpus << " GPUs, "
        << r.servers << " server" << (r.servers == 1 ? "" : "s") << ", " << s.model.id << " on "
        << hardwareIdText(s.hardware) << "), " << replay::replayRoutingName(r.routing) << " routing, "
        << replay::tierModeName(r.tierMode) << " tiers\n";
    out << "Engine            " << formatCount(r.maxBatchedTokens) << " batched tokens per step, "
        << formatCount(r.maxSeqs) << " sequences; " << r.blockTokens << "-token blocks of "
        << formatBytes(r.kvBytesPerBlock)
        << (o.outputTokens ? "; every request " + formatCount(*o.outputTokens) + " output tokens" : std::string())
        << "\n";
    out << "Capacity          HBM " << formatCount(r.hbmKvBlocks) << " KV blocks per replica"
        << (r.hbmCacheBlocks ? " (cache fixed at " + formatCount(*r.hbmCacheBlocks) + ")" : std::string()) << ", DRAM "
        << formatCount(r.capacityBlocks.dram) << ", SSD " << formatCount(r.capacityBlocks.ssd) << " blocks per "
        << (r.routing == replay::ReplayRouting::Global ? "pool" : "server") << "\n\n";
    out << "TTFT              " << statsLine(r.ttft) << "\n";
    out << "TPOT              " << statsLine(r.tpot) << "\n";
    out << "TBT               " << statsLine(r.tbt) << " (" << formatCount(static_cast<double>(r.tokenIntervals))
        << " gaps between tokens)\n";
    out << "TBT per request   " << statsLine(r.requestTbt) << " (each its longest 10% of gaps, averaged: Mooncake's)\n";
    out << "Queue wait        " << statsLine(r.queueWait) << "\n";
    out << "TTFT by prompt    p50 / p99 (requests)\n";
    for (const replay::PromptBandStats& b : r.ttftByPrompt)
        out << "  " << std::left << std::setw(16)
            << formatCount(static_cast<double>(b.fromTokens)) + "-" + formatCount(static_cast<double>(b.toTokens))
            << std::right << formatSeconds(b.ttft.p50) << " / " << formatSeconds(b.ttft.p99) << " ("
            << formatCount(static_cast<double>(b.requests)) << ")\n";
    out << "SLO               TTFT " << percentileName(o.targets.ttftAt()) << " " << formatSeconds(r.ttftAtPercentile)
        << " (target " << formatSeconds(o.targets.ttft()) << "), TPOT " << percentileName(o.targets.tpotAt()) << " "
        << formatSeconds(r.tpotAtPercentile) << " (target " << formatSeconds(o.targets.tpot()) << ")";
    if (o.targets.hasTbt())
        out << ", TBT " << percentileName(o.targets.tbtAt()) << " " << formatSeconds(r.tbtAtPercentile) << " (target "
            << formatSeconds(*o.targets.tbtSeconds) << ")";
    out << ": " << (r.targetsHeld ? "held" : "not held") << "\n";
    out << "                  " << percent(r.sloAttainment) << " of requests meet "
        << (o.targets.hasTbt() ? "all three" : "both") << "; goodput " << formatSignificant(r.goodputRps, 4)
        << " requests/s\n\n";
    out << "Prompt tokens    ";
    for (Tier t : kTiers)
        out << " " << tierLabel(t) << " " << percent(r.hitShare[t]) << ",";
    out << " recomputed " << percent(r.hitShare.recomputed) << "\n";
    out << "Restored          " << formatBytes(r.restoreBytes.dram) << " from DRAM, " << formatBytes(r.restoreBytes.ssd)
        << " from SSD\n";
    out << "Links             GPU-host mean " << percent(r.gpuLink.mean) << ", peak " << percent(r.gpuLink.peak)
        << "; NVMe mean " << percent(r.nvme.mean) << ", peak " << percent(r.nvme.peak) << "\n";
    // Prefill cost in GPU seconds: the replica's time times its GPUs, all held by a prefill.
    const replay::PrefillCost& c = r.prefillCost;
    const double g = r.gpusPerReplica();
    const auto gpuSeconds
        = [](double v) { return (v >= 1000 ? formatCount(std::round(v)) : formatSignificant(v, 4)) + " GPU-s"; };
    out << "Prefill cost      " << formatSignificant(g * c.replicaSeconds() / 3600, 4) << " GPU-hours ("
        << gpuSeconds(g * c.replicaSeconds() / (r.requests ? static_cast<double>(r.requests) : 1.0))
        << " per request): compute " << gpuSeconds(g * c.computeSeconds) << ", restore stalls "
        << gpuSeconds(g * c.stallSeconds) << " (" << gpuSeconds(g * c.fixedSeconds) << " of them fixed); "
        << formatSeconds(c.restoreSeconds) << " of copies on the links\n";
    printDisaggregation(out, r);
    out << "Per replica       requests min " << formatCount(r.replicaRequests.min) << ", mean "
        << formatSignificant(r.replicaRequests.mean, 4) << ", max " << formatCount(r.replicaRequests.max)
        << "; busy min " << formatSeconds(r.replicaBusySeconds.min) << ", mean "
        << formatSeconds(r.replicaBusySeconds.mean) << ", max " << formatSeconds(r.replicaBusySeconds.max) << "\n";
}

/// A rate sweep: each traffic scale's figures at the targets' percentiles, then the
/// effective request capacity.
void printRateSweep(std::ostream& out, const replay::ReplaySweep& sw, double traceRps)
{
    out << std::left << std::setw(10) << "scale" << std::setw(12) << "requests/s" << std::setw(12) << "TTFT"
        << std::setw(12) << "TPOT" << std::setw(12) << "TBT" << std::setw(12) << "goodput/s" << std::setw(10)
        << "SLO met"
        << "targets\n";
    for (const replay::ReplaySweepPoint& p : sw.points) {
        const replay::ReplayResult& r = p.result;
        out << std::setw(10) << formatSignificant(p.value, 4) << std::setw(12)
            << formatSignificant(p.value * traceRps, 4) << std::setw(12) << formatSeconds(r.ttftAtPercentile)
            << std::setw(12) << formatSeconds(r.tpotAtPercentile) << std::setw(12)
            << (r.options.targets.hasTbt() ? formatSeconds(r.tbtAtPercentile) : std::string("-")) << std::setw(12)
            << formatSignificant(r.goodputRps, 4) << std::setw(10) << percent(r.sloAttainment)
            << (r.targetsHeld ? "held" : "fail") << "\n";
    }
    out << std::right;
    if (!(sw.capacityScale > 0)) {
        out << "Effective capacity none: the targets fail at every scale, down to x"
            << formatSignificant(sw.points.front().value, 4) << "\n";
        return;
    }
    out << "Effective capacity x" << formatSignificant(sw.capacityScale, 4) << " ("
        << formatSignificant(sw.capacityRps, 4) << " requests/s): the targets hold there and at every lower scale; "
        << (sw.bisection.empty() ? std::string("on the grid")
                                 : "bisected to " + percent(replay::kCapacityTolerance) + " in "
                       + std::to_string(sw.bisection.size()) + " replays")
        << "\n";
}

void printSweep(std::ostream& out, const std::string& file, const replay::ReplaySweep& sw, double traceRps = 0)
{
    if (sw.axis == replay::ReplaySweepAxis::Rate) {
        const replay::ReplayOptions& o = sw.points.front().result.options;
        out << file << ": replayed at " << sw.points.size() << " traffic scales (the trace's own rate "
            << formatSignificant(traceRps, 4) << " requests/s); targets TTFT " << percentileName(o.targets.ttftAt())
            << " " << formatSeconds(o.targets.ttft()) << ", TPOT " << percentileName(o.targets.tpotAt()) << " "
            << formatSeconds(o.targets.tpot());
        if (o.targets.hasTbt())
            out << ", TBT " << percentileName(o.targets.tbtAt()) << " " << formatSeconds(*o.targets.tbtSeconds);
        out << "\n\n";
        printRateSweep(out, sw, traceRps);
        return;
    }
    const bool replicas = sw.axis == replay::ReplaySweepAxis::Replicas;
    out << file << ": replayed at " << sw.points.size() << " values of "
        << (replicas ? std::string("the replica count")
                     : std::string(replay::replaySweepAxisName(sw.axis)) + " per server")
        << "; the scenario's own: " << formatCount(sw.current) << (replicas ? "" : " blocks") << "\n";
    if (sw.kneeBlocks > 0) {
        out << "Hit curve         one pool reaches half its ceiling (the knee) at " << formatCount(sw.kneeBlocks)
            << " blocks; log sweep from " << formatCount(sw.logFromBlocks);
        if (sw.curveSampleRate < 1)
            out << " (sampled at " << formatSignificant(sw.curveSampleRate, 3) << ": knee +/- "
                << formatCount(sw.kneeErrorBlocks) << ")";
        out << "\n";
    }
    if (sw.leastStableReplicas > 0)
        out << "Least stable      " << formatCount(sw.leastStableReplicas)
            << " replicas: the fewest whose prefill compute keeps up with the arrivals\n";
    out << "Spacing           " << replay::sweepSpacingName(sw.spacing) << "\n\n";
    out << std::left << std::setw(16) << (replicas ? "replicas" : "blocks") << std::setw(12) << "bytes" << std::setw(12)
        << "TTFT p50" << std::setw(12) << "TTFT p99" << std::setw(14) << "goodput/s"
        << "SLO met\n";
    for (const replay::ReplaySweepPoint& p : sw.points)
        out << std::setw(16) << formatCount(p.value) << std::setw(12) << (replicas ? "-" : formatBytes(p.bytes))
            << std::setw(12) << formatSeconds(p.result.ttft.p50) << std::setw(12) << formatSeconds(p.result.ttft.p99)
            << std::setw(14) << formatSignificant(p.result.goodputRps, 4) << percent(p.result.sloAttainment) << "\n";
}

/// A disaggregated rate sweep beside the colocated one on the same GPUs (the pools' replicas
/// together, each prefilling and decoding), at the same traffic scales.
int printCapacities(std::ostream& out, const Parsed& p, const std::string& file, const replay::ReplayTrace& t,
    const Scenario& s, const EvalResult& r, const replay::ReplayInput& in, const replay::ReplaySweep& disaggregated)
{
    if (p.csv)
        throw InputError("replay: --csv writes one sweep; a disaggregated rate sweep is two (with the colocated "
                         "one): give --json");
    replay::ReplayOptions o = in.options;
    o.replicas = *o.prefillReplicas + *o.decodeReplicas;
    o.prefillReplicas.reset();
    o.decodeReplicas.reset();
    o.firstTokenAt.reset();
    o.transferOverlap.reset();
    o.cacheAt.reset();
    std::vector<double> grid; // the disaggregated sweep's scales, so the two read side by side
    for (const replay::ReplaySweepPoint& q : disaggregated.points)
        grid.push_back(q.value);
    replay::ReplaySweep colocated
        = replay::planReplaySweep(t, s, r, o, replay::ReplaySweepAxis::Rate, in.pointsInForce(), grid);
    replay::runReplaySweep(colocated, t, s, r, o);
    if (p.json) {
        const Json j = { { "disaggregated", replay::replaySweepJson(disaggregated) },
            { "colocated", replay::replaySweepJson(colocated) } };
        out << j.dump(2) << "\n";
        return 0;
    }
    const double rps = replay::traceRequestRate(t);
    const replay::ReplayResult& d = disaggregated.points.front().result;
    out << "Disaggregated: " << d.prefillReplicas << " prefill + " << d.decodeReplicas << " decode replicas\n";
    printSweep(out, file, disaggregated, rps);
    out << "\nColocated: " << *o.replicas << " replicas, each prefilling and decoding\n\n";
    printRateSweep(out, colocated, rps);
    out << "\nEffective capacity on " << d.gpus << " GPUs: disaggregated "
        << formatSignificant(disaggregated.capacityRps, 4) << ", colocated "
        << formatSignificant(colocated.capacityRps, 4) << " requests/s\n";
    return 0;
}

int runReplayCommand(const Command& command, const std::vector<std::string>& args, std::ostream& out)
{
    const Parsed p = parseArgs(args, 1, command.options, command.switches);
    try {
        const ReplayArgs q = replayArgs(p);
        ScenarioSpec spec = specFromFlags(p);
        if (spec.model.empty() && spec.workload.empty())
            spec.model = kDefaultModel;
        const ResolvedScenario rs = resolve(spec);
        const EvalResult r = evaluate(rs.scenario);
        const replay::ReplayInput& in = q.input;
        const auto reader = trace::TraceReader::open(q.file, in.format, in.blockTokens.value_or(0));
        if (in.sweep) {
            const replay::ReplayTrace t = replay::loadReplayTrace(*reader); // replayed at each point
            // A replica sweep spans from the least stable count unless the servers were given.
            const bool fromStable = !p.spec.overrides.contains(knobKey(KnobId::Servers));
            replay::ReplaySweep sw = replay::planReplaySweep(
                t, rs.scenario, r, in.options, *in.sweep, in.pointsInForce(), in.at, fromStable);
            replay::runReplaySweep(sw, t, rs.scenario, r, in.options);
            if (*in.sweep == replay::ReplaySweepAxis::Rate && in.options.disaggregated())
                return printCapacities(out, p, q.file, t, rs.scenario, r, in, sw);
            if (p.csv)
                replay::writeReplaySweepCsv(out, sw);
            else if (p.json)
                out << replay::replaySweepJson(sw).dump(2) << "\n";
            else
                printSweep(out, q.file, sw, replay::traceRequestRate(t));
            return 0;
        }
        replay::ReplayOptions o = in.options;
        o.keepRequests = p.csv;
        // One replay reads the trace as it goes: memory holds the requests in flight.
        const auto source = replay::streamedTrace(*reader);
        const replay::ReplayResult res = replay::runReplay(*source, rs.scenario, r, o);
        if (p.csv)
            replay::writeReplayCsv(out, res);
        else if (p.json)
            out << replay::replayJson(res).dump(2) << "\n";
        else
            printReplay(out, q.file, rs.scenario, res);
        return 0;
    } catch (const InputError& e) {
        throw rewordOptionKeys(e, &replayFlag, nullptr); // the core names keys; the command line, flags
    }
}

} // namespace

const Command kReplayCommand = { "replay", replaySynopsis(), optionFlags(replaySpecs(), false), runReplayCommand,
    optionFlags(replaySpecs(), true), [] { return optionHelp(replay::replayOptionTable()); } };

} // namespace kvtiers::cli
