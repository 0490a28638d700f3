// `kvtiers eval`: one scenario, every figure: a readable summary or one JSON object.
#include "app/cli/CommandLineParsing.h"
#include "app/cli/Commands.h"
#include "app/cli/OptionParsing.h"
#include "core/analysis/Deployments.h"
#include "core/analysis/Fleet.h"
#include "core/analysis/FleetOptions.h"
#include "core/io/InputError.h"
#include "core/io/Units.h"
#include "core/model/Derivation.h"
#include "core/model/Evaluation.h"
#include "core/model/Warnings.h"
#include "core/report/FleetReport.h"
#include "core/report/ResultCsv.h"
#include "core/report/ResultJson.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace kvtiers::cli {

namespace {

/// ", EP 8" for a mixture-of-experts model; ", FFN over 8 GPUs" for a dense one, whose FFN DP
/// attention splits over the unit.
std::string unitFfnText(const ModelCard& model, const EvalResult::Unit& u)
{
    if (model.moe.present())
        return ", EP " + std::to_string(u.ep);
    return ", FFN over " + formatCount(u.gpus) + " GPUs";
}

/// "1 sequence", "10 sequences": a count and its noun.
std::string counted(double n, const char* one, const char* many)
{
    return formatCount(n) + " " + (n == 1 ? one : many);
}

std::string tierLine(const char* name, const TierUse& t)
{
    std::ostringstream s;
    s << "  " << std::left << std::setw(6) << name << formatBytes(t.used()) << " of " << formatBytes(t.capacity);
    std::vector<std::string> parts;
    auto add = [&](double v, const char* what) {
        if (v > 0)
            parts.push_back(std::string(what) + " " + formatBytes(v));
    };
    add(t.weights, "weights");
    add(t.hotKv, "hot KV");
    add(t.sharedPrefixes, "shared prefixes");
    add(t.fragmentation, "fragmentation");
    add(t.retained, "retained pool");
    add(t.inclusiveCopies, "copies of HBM prefixes");
    if (!parts.empty()) {
        s << "  (";
        for (size_t i = 0; i < parts.size(); ++i)
            s << (i ? ", " : "") << parts[i];
        s << ")";
    }
    return s.str();
}

std::string breakEvenText(double tokens)
{
    if (!std::isfinite(tokens))
        return "never (recomputing is always faster)";
    if (tokens <= 1) // whole tokens: one is the first
        return "from the first token";
    return "from " + formatTokens(std::ceil(tokens)) + " tokens";
}

/// The scenario as stated: cards, then the knobs in three lines.
void printScenario(std::ostream& out, const ResolvedScenario& rs, const EvalResult& r)
{
    const Scenario& s = rs.scenario;
    const auto& w = s.workload;
    out << s.model.name << " on " << hardwareDisplayName(s.hardware) << "\n";
    if (rs.hardwareDefaulted)
        out << "  (no --hardware given: assumed one " << s.hardware.gpusPerServer << "-GPU " << s.hardware.id
            << " server at TP " << r.tp << ")\n";
    if (!rs.workloadId.empty())
        out << "  workload card: " << rs.workloadId << "\n";
    out << "Scenario    context " << formatTokens(w.context) << " tokens (prompt " << formatCount(r.promptTokens)
        << ", output " << formatCount(w.outputTokens) << "), "
        << counted(w.concurrency, "active sequence", "active sequences") << " per replica\n"
        << "            KV " << r.kvFormat.name() << ", weights " << formatSignificant(r.weightBits, 3) << "-bit"
        << (w.attentionBits ? ", attention " + formatSignificant(s.attentionBits(), 3) + "-bit" : std::string())
        << ", TP " << r.tp
        << (s.expertParallel() ? " x DP " + std::to_string(r.unit.dp) + unitFfnText(s.model, r.unit)
                       + (s.model.moe.present() ? " over " : " on ") + formatCount(r.unit.nodes)
                       + (r.unit.nodes == 1 ? " server" : " servers") + ", a replica is one attention rank"
                               : std::string())
        << (w.specTokens > 0 ? ", " + counted(w.specTokens, "draft token", "draft tokens") + " at "
                       + formatSignificant(w.specAcceptance * 100, 3) + "% acceptance"
                             : std::string())
        << " (" << formatSignificant(r.replicasPerServer, 3)
        << (r.replicasPerServer == 1 ? " replica per server), " : " replicas per server), ")
        << allocationName(w.allocation)
        << (w.allocation == Allocation::Paged ? " blocks of " + std::to_string(w.blockSize) : std::string())
        << ", gpu-util " << formatSignificant(w.gpuMemoryUtilization, 3) << "\n"
        << "            reuse " << percent(w.reuseRate) << ", sharing " << formatSignificant(w.sharing, 4)
        << ", reuse distance " << formatSeconds(w.reuseDistanceSeconds) << ", offload " << percent(w.offloadRate)
        << (w.streaming ? ", streaming" : "") << (w.inclusiveTiers ? ", inclusive tiers" : "") << "\n\n";
}

/// What reuse achieved, and the times it sets: restore, recompute, TTFT and decode.
void printReuseAndTime(std::ostream& out, const Scenario& s, const EvalResult& r)
{
    const auto& w = s.workload;
    out << "Reuse             requested " << percent(r.requestedReuse) << " (ceiling), achieved "
        << percent(r.achievedReuse) << " (LRU cache";
    if (r.achievedReuse > 0)
        out << ": hits from HBM " << percent(r.hitShare.hbm) << ", DRAM " << percent(r.hitShare.dram) << ", SSD "
            << percent(r.hitShare.ssd);
    out << ")";
    if (r.cacheDemandBytes > 0)
        out << "; cache wants " << formatBytes(r.cacheDemandBytes) << ", lost " << formatBytes(r.lostReuseBytes);
    out << "\n";
    const bool noDistance = w.reuseDistanceSeconds <= 0 && w.reuseGapCdf.empty();
    if (r.requestedReuse > 0 && r.tiers.dram.retained <= 0 && (noDistance || w.offloadRate <= 0))
        out << "                  (nothing fills DRAM: "
            << (noDistance ? "--reuse-distance keeps prefixes until their next use"
                           : "--offload-rate copies evicted prefixes down to DRAM")
            << ")\n";
    out << "Request rate      " << formatSignificant(r.requestRate, 4) << " req/s per replica ("
        << (w.requestRate ? "given" : "derived") << "); the replica serves at most "
        << formatSignificant(std::min(r.requestRateBound, r.requestRateDecodeSlots), 4) << " ("
        << (r.rateLimit == RateLimit::Prefill ? "prefill binds" : "decode slots bind") << ")\n";
    out << "Whole prompt      recompute " << formatLatency(r.recomputeSeconds) << "; restore from DRAM "
        << formatLatency(r.restoreSecondsDram) << " (" << formatRate(r.restoreBandwidthDram) << " per GPU, "
        << s.restorePath.id << ": " << formatBytes(r.restoreCopyBytes) << " per copy), from SSD "
        << formatLatency(r.restoreSecondsSsd) << " (" << formatRate(r.restoreBandwidthSsd) << ")\n";
    if (r.runsNoSequence()) { // no sequence runs: no time holds
        const std::string none = "— (" + doesNotFitMessage(s, r).english() + ")\n";
        out << "Restore wins      " << none << "TTFT              " << none << "Decode            " << none << "\n";
        return;
    }
    out << "Restore wins      DRAM " << breakEvenText(r.breakEvenTokensDram) << "; SSD "
        << breakEvenText(r.breakEvenTokensSsd) << "\n";
    out << "TTFT              " << formatLatency(r.ttftNoReuseSeconds) << " without reuse, "
        << formatLatency(r.ttftWithReuseSeconds) << " with\n";
    out << "Decode            step " << formatLatency(r.decodeStepSeconds) << " (bound by "
        << decodeBoundName(r.decodeBound);
    if (r.decodeContextSeconds > 0)
        out << "; DCP " << r.dcp << " exchange " << formatLatency(r.decodeContextSeconds);
    out << "), " << formatSignificant(r.tokensPerSecond, 4) << " tokens/s per replica for "
        << counted(r.servedConcurrency, "sequence", "sequences") << "\n\n";
}

/// "TP 1 x DP 8, EP 8, 1 server", "TP 1 x DP 8, FFN over 8 GPUs, 1 server" (a dense model)
/// or "TP 8, 1 server": a unit's layout.
std::string layoutText(const ModelCard& model, const EvalResult::Unit& u)
{
    std::string s = "TP " + std::to_string(u.tp);
    if (u.expertParallel)
        s += " x DP " + std::to_string(u.dp) + unitFfnText(model, u);
    return s + ", " + formatCount(u.nodes) + (u.nodes == 1 ? " server" : " servers");
}

/// A mixture-of-experts scenario beside the other way a server runs it (core/analysis/Deployments).
void printDeployments(std::ostream& out, const Scenario& s, const EvalResult& r)
{
    const auto c = compareDeployments(s, r);
    if (!c)
        return;
    constexpr int kLabel = 18, kColumn = 44;
    const auto row = [&](const char* label, const std::string& a, const std::string& b) {
        out << std::left << std::setw(kLabel) << label << std::setw(kColumn) << a << b << "\n";
    };
    const auto figures = [&](const char* label, auto text) { row(label, text(c->stated), text(c->other)); };
    out << "\nDeployment        " << std::left << std::setw(kColumn) << "as stated"
        << "the other way, same sequences per server where they fit\n";
    figures("  layout", [](const DeploymentSide& d) { return layoutText(d.scenario.model, d.result.unit); });
    figures("  sequences", [](const DeploymentSide& d) {
        return formatSignificant(d.sequencesPerGpu, 4) + " per GPU (" + formatCount(d.result.servedConcurrency)
            + " per replica)";
    });
    figures("  HBM per GPU", [](const DeploymentSide& d) {
        return formatBytes(d.result.perGpu.hbm) + " (weights " + formatBytes(d.result.unit.weightsPerGpu) + ", KV "
            + formatBytes(d.kvPerGpuBytes) + ")";
    });
    figures("  output tokens/s", [](const DeploymentSide& d) {
        return formatSignificant(d.result.unit.outputTokensPerSecondPerGpu, 4) + " per GPU, "
            + formatSignificant(d.result.unit.outputTokensPerSecondPerNode, 4) + " per node";
    });
    figures("  input tokens/s", [](const DeploymentSide& d) {
        return formatSignificant(d.result.unit.inputTokensPerSecondPerNode, 4) + " per node (prefill)";
    });
}

void printSummary(std::ostream& out, const ResolvedScenario& rs, const EvalResult& r)
{
    const Scenario& s = rs.scenario;
    const auto& w = s.workload;
    printScenario(out, rs, r);

    out << "KV per token      " << kvPerTokenDerivation(s.model, r.kvFormat) << "\n";
    out << "KV per request    " << formatBytes(r.kvBytesPerRequest) << " (" << formatCount(r.kvBytesPerRequest)
        << " B); allocated on the replica " << formatBytes(r.kvBytesAllocatedPerRequest) << "\n";
    out << "Hot set           " << formatBytes(r.hotSetBytes) << " for "
        << counted(w.concurrency, "sequence", "sequences") << " (" << formatCount(r.hotSetBytes) << " B); allocated "
        << formatBytes(r.hotSetAllocatedBytes) << "\n";
    out << "Max concurrency   " << counted(r.maxConcurrency, "sequence", "sequences") << " at "
        << formatTokens(w.context) << " tokens (HBM left for KV: " << formatBytes(r.kvBudgetPerGpu) << " per GPU)\n\n";

    out << "Tiers, one replica (" << r.tp << " GPU" << (r.tp > 1 ? "s" : "") << "): used of capacity\n"
        << tierLine("HBM", r.tiers.hbm) << "\n"
        << tierLine("DRAM", r.tiers.dram) << "\n"
        << tierLine("SSD", r.tiers.ssd) << "\n";
    out << "  overflow  " << formatBytes(r.overflowBytes) << (r.overflowBytes > 0 ? "  (fits in no tier)" : "")
        << "\n\n";

    printReuseAndTime(out, s, r);
    out << "Per GPU           HBM " << formatBytes(r.perGpu.hbm) << ", DRAM " << formatBytes(r.perGpu.dram) << ", SSD "
        << formatBytes(r.perGpu.ssd) << "\n";
    out << "Per server        HBM " << formatBytes(r.perServer.hbm) << ", DRAM " << formatBytes(r.perServer.dram)
        << ", NVMe " << formatBytes(r.perServer.ssd) << "\n";
    if (r.fleetServers > 1)
        out << "Fleet             " << formatCount(r.fleetServers) << " servers: HBM " << formatBytes(r.fleet.hbm)
            << ", DRAM " << formatBytes(r.fleet.dram) << ", NVMe " << formatBytes(r.fleet.ssd) << "\n";
    printDeployments(out, s, r);
    const auto warnings = warningMessages(s, r);
    if (!warnings.empty()) {
        out << "\nWarnings\n";
        for (const auto& wmsg : warnings)
            out << "  - " << wmsg << "\n";
    }
}

/// The replica under its given request rate: utilisation, then waits and TTFT, or the
/// rate named unstable.
void printLoad(std::ostream& out, const LoadFigures& l)
{
    out << "\nUnder load        one replica, Poisson arrivals, one FCFS queue of " << formatCount(l.servers)
        << (l.servers == 1 ? " server" : " servers") << ": utilisation " << percent(l.utilization) << "\n";
    if (!l.stable) {
        out << "                  unstable: the rate is at or above what the replica serves (utilisation >= 100%)\n";
        return;
    }
    auto spread = [](const LatencySpread& s) {
        return formatSeconds(s.p50) + " / " + formatSeconds(s.p90) + " / " + formatSeconds(s.p99) + " (mean "
            + formatSeconds(s.mean) + ")";
    };
    out << "                  " << percent(l.waitProbability) << " of requests wait; p50 / p90 / p99: wait "
        << spread(l.queueWait) << "\n"
        << "                  TTFT " << spread(l.ttft) << "; TPOT " << formatSeconds(l.tpot.mean)
        << " (each request's mean over its growing context)\n"
        << "                  " << (l.binding == LoadBinding::Slots ? "the slot queue" : "the prefill queue")
        << " waits longer: prefill queue utilisation " << percent(l.prefillQueue.utilization) << ", slot queue ("
        << formatCount(l.slotQueue.servers) << " slots) " << percent(l.slotQueue.utilization) << "\n";
}

/// The hand-off of a disaggregated layout: per request, and at the replica's request rate.
void printHandoff(std::ostream& out, const DisaggregatedLayout& l, const HandoffFigures& h, bool rated)
{
    out << "Disaggregated     first token at " << firstTokenAtName(l.firstToken) << ", " << percent(l.transferOverlap)
        << " of the KV transfer overlapping the prefill, prefix cache at " << prefixCacheAtName(l.cacheAt) << "\n"
        << "  KV hand-off     " << formatBytes(h.handoff.bytes) << " a request (" << formatBytes(h.handoff.bytesPerGpu)
        << " per GPU, each over its own NIC) in " << formatLatency(h.handoff.seconds) << "; "
        << formatLatency(h.afterPrefillSeconds) << " of it left after the prefill, with the "
        << formatLatency(h.handoff.latencySeconds) << " latency\n"
        << "  idle TTFT       " << formatLatency(h.idleTtftSeconds) << " (prefill " << formatLatency(h.prefillSeconds)
        << (l.firstToken == FirstTokenAt::Decode ? ", the hand-off left, one decode step " : ", ")
        << (l.firstToken == FirstTokenAt::Decode ? formatLatency(h.decodeStepSeconds) + ")"
                                                 : std::string("the hand-off in the first gap)"))
        << "\n";
    if (rated)
        out << "  at the rate     " << formatBytes(h.networkBytesPerSecond) << "/s over the network, each prefill NIC "
            << percent(h.nicUtilization) << " busy\n";
}

Json handoffToJson(const DisaggregatedLayout& l, const HandoffFigures& h)
{
    return { { "first_token", firstTokenAtName(l.firstToken) }, { "transfer_overlap", l.transferOverlap },
        { "cache_at", prefixCacheAtName(l.cacheAt) }, { "transfer_bytes", h.handoff.bytes },
        { "transfer_bytes_per_gpu", h.handoff.bytesPerGpu }, { "transfer_s", h.handoff.seconds },
        { "latency_s", h.handoff.latencySeconds }, { "after_prefill_s", h.afterPrefillSeconds },
        { "prefill_s", h.prefillSeconds }, { "decode_step_s", h.decodeStepSeconds },
        { "idle_ttft_s", h.idleTtftSeconds }, { "nic_utilization", h.nicUtilization },
        { "network_bytes_per_s", h.networkBytesPerSecond } };
}

int cmdEval(const Command& command, const std::vector<std::string>& args, std::ostream& out)
{
    const Parsed p = parseArgs(args, 1, command.options);
    checkOutputFlags(p, "eval", true);
    if (!p.positional.empty())
        throw InputError("eval: unexpected argument \"" + p.positional[0] + "\"");
    FleetInput layoutInput;
    readOptions(p, fleetLayoutOptionTable(), layoutInput);
    try {
        checkLayoutChoices(layoutInput);
    } catch (const InputError& e) {
        throw inFlagTerms(e, optionSpecs(fleetLayoutOptionTable()));
    }
    const ResolvedScenario rs = resolve(specFromFlags(p));
    const EvalResult r = evaluate(rs.scenario);
    const double rate = rs.scenario.workload.requestRate.value_or(0);
    // A given request rate: the replica under Poisson arrivals (docs/model.md §5b).
    std::optional<LoadFigures> load;
    if (rate > 0)
        load = ReplicaQueue(rs.scenario, r, rate, 1).figures();
    // Disaggregated: what a request's KV costs to hand from the prefill to the decode pool.
    const auto layout = layoutInput.layout();
    std::optional<HandoffFigures> handoff;
    if (layout)
        handoff = handoffFigures(rs.scenario, r, *layout, rate);
    if (p.json) {
        Json j = resultToJson(rs.scenario, r, rs.workloadId);
        if (load)
            j["load"] = loadToJson(*load);
        if (handoff)
            j["disaggregated"] = handoffToJson(*layout, *handoff);
        out << j.dump(2) << "\n";
    } else if (p.csv) {
        if (layout)
            throw InputError(std::string("--csv: the tier table has no hand-off; use --json with ")
                + fleetOption(fleet_keys::kLayout).flag + " disaggregated");
        out << tierTableCsv(r);
    } else {
        printSummary(out, rs, r);
        if (load)
            printLoad(out, *load);
        if (handoff)
            printHandoff(out, *layout, *handoff, rate > 0);
    }
    return kExitOk;
}

std::string evalLayoutLines()
{
    return optionHelp(fleetLayoutOptionTable());
}

std::string evalSynopsis()
{
    return R"(  kvtiers eval [--model ID|FILE] [--hardware ID|FILE] [--workload ID|FILE] [overrides] [--json|--csv]
              )"
        + optionSynopsis(optionSpecs(fleetLayoutOptionTable()), 14, 100) + R"(
              --csv: the tier table, one replica: placed, capacity, restore vs recompute;
              disaggregated: the KV hand-off from a prefill to a decode replica
)";
}

} // namespace

const Command kEvalCommand = { "eval", evalSynopsis(), optionFlags(optionSpecs(fleetLayoutOptionTable()), false),
    cmdEval, {}, evalLayoutLines };

} // namespace kvtiers::cli
