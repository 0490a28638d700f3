// `kvtiers trace FILE`: a request trace (Mooncake or Qwen-Bailian JSONL) replayed against
// an LRU prefix cache: the exact hit-ratio curve, the share of prompt tokens each tier of
// the scenario's hardware serves, and the workload the trace implies. Takes the eval
// options (--model, --hardware, --servers, ...) for bytes and tiers.
#include "app/cli/CommandLineParsing.h"
#include "app/cli/Commands.h"
#include "app/cli/OptionParsing.h"
#include "core/io/Csv.h"
#include "core/io/InputError.h"
#include "core/io/Units.h"
#include "core/model/Evaluation.h"
#include "core/report/ResultJson.h"
#include "core/scenario/Knobs.h"
#include "core/trace/TraceAnalysis.h"
#include "core/trace/TraceRun.h"
#include "core/trace/TraceTiers.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <set>

namespace kvtiers::cli {

namespace {

/// What the command does, after its synopsis's options (which the table gives).
const char* const kTraceProse
    = R"(                a request trace (Mooncake FAST'25 or Qwen-Bailian JSONL) replayed against an LRU
                prefix cache: the exact hit ratio at every capacity, the prompt tokens each tier of
                the scenario's hardware serves (HBM left after weights and hot set, DRAM, SSD, over
                the servers), and the workload the trace implies. The block size is the trace's
                hash granularity (Mooncake 512, Bailian 16), not the KV page size. A sample keeps
                that share of prefix trees, chosen by the prefix key at the sample depth (1: the
                first hash id). Traffic × K divides every gap by K (rates and reuse gaps change;
                LRU order, so the curve, does not).
)";

constexpr const char* kDefaultModel = "llama-3.1-70b";

std::vector<const OptionSpec*> traceSpecs()
{
    return optionSpecs(trace::traceOptionTable());
}

std::string traceSynopsis()
{
    // The options from the table, then the eval options and the output on the last line
    // while it holds them.
    std::string text = "  kvtiers trace FILE " + optionSynopsis(traceSpecs(), 16, 96);
    const std::string tail = "[eval options] [--json|--csv]";
    const std::size_t newline = text.rfind('\n');
    const std::size_t last = newline == std::string::npos ? text.size() : text.size() - newline - 1;
    text += last + 1 + tail.size() <= 100 ? " " + tail : "\n" + std::string(16, ' ') + tail;
    return text + "\n" + kTraceProse;
}

/// What `kvtiers trace` reads: the file and the run's options.
struct TraceArgs {
    std::string file;
    trace::TraceRun run;
};

TraceArgs traceArgs(const Parsed& p)
{
    if (p.json && p.csv)
        throw InputError("trace: --json and --csv: give one of them");
    if (p.positional.empty())
        throw InputError("trace: give the trace file: kvtiers trace FILE");
    if (p.positional.size() > 1)
        throw InputError("trace: unexpected argument \"" + p.positional[1] + "\"");
    TraceArgs q;
    q.file = p.positional[0];
    readOptions(p, trace::traceOptionTable(), q.run);
    return q;
}

/// The curve's capacities: 1-2-5 up to the ceiling, the tiers' cuts and those asked for.
std::set<double> curvePoints(const trace::TraceAnalysis& a, const std::vector<double>& capacities)
{
    std::set<double> points(capacities.begin(), capacities.end());
    const double top = a.capacityAtCeiling();
    for (double decade = 1; decade <= std::max(top, 1.0); decade *= 10)
        for (double m : { 1.0, 2.0, 5.0 })
            if (decade * m <= top)
                points.insert(decade * m);
    if (top >= 1)
        points.insert(top);
    double cumulative = 0;
    for (Tier t : kTiers) {
        cumulative += a.tierBlocks[t] * a.caches;
        if (cumulative >= 1)
            points.insert(cumulative);
    }
    return points;
}

/// A replayed trace with the scenario that sizes its blocks and tiers: what each output
/// (CSV, JSON, text) prints.
struct TraceReport {
    const std::string& file;
    const trace::TraceAnalysis& a;
    const Scenario& scenario;
    const EvalResult& r;
    const trace::TraceOptions& options;
    bool modelDefaulted = false;
    bool hardwareDefaulted = false;
    /// No --workload or --preset: the knobs are the neutral defaults, said in the output.
    bool scenarioAssumed = false;
    double bytesPerBlock = 0;
    std::set<double> points;
    PerTier<double> saved {};

    /// The share of prompt tokens tier `t` serves.
    double hitShare(Tier t) const { return a.promptTokens > 0 ? a.tiers.tokens[t] / a.promptTokens : 0.0; }
    double missShare() const { return a.promptTokens > 0 ? a.tiers.missTokens / a.promptTokens : 0.0; }
};

void writeTraceCsv(std::ostream& out, const TraceReport& rep)
{
    const trace::TraceAnalysis& a = rep.a;
    const double bytesPerBlock = rep.bytesPerBlock;
    const std::set<double>& points = rep.points;
    out << "capacity_blocks,capacity_bytes,hit_ratio,token_hit_ratio\n";
    for (double c : points)
        out << csvNumber(c) << "," << csvNumber(c * bytesPerBlock) << "," << csvNumber(a.hitRatio(c)) << ","
            << csvNumber(a.tokenHitRatio(c)) << "\n";
}

Json traceJson(const TraceReport& rep)
{
    const trace::TraceAnalysis& a = rep.a;
    const double bytesPerBlock = rep.bytesPerBlock;
    const std::set<double>& points = rep.points;
    const auto& saved = rep.saved;
    const std::string& file = rep.file;
    const trace::TraceOptions& options = rep.options;
    const double missShare = rep.missShare();
    Json curve = Json::array();
    for (double c : points)
        curve.push_back({ { "capacity_blocks", bytesToJson(c) }, { "capacity_bytes", bytesToJson(c * bytesPerBlock) },
            { "hit_ratio", numberToJson(a.hitRatio(c)) }, { "token_hit_ratio", numberToJson(a.tokenHitRatio(c)) } });
    Json tiers = Json::object();
    for (Tier t : kTiers)
        tiers[tierKey(t)] = { { "capacity_bytes", bytesToJson(a.tierBlocks[t] * a.caches * bytesPerBlock) },
            { "capacity_blocks", bytesToJson(a.tierBlocks[t] * a.caches) },
            { "hit_share", numberToJson(rep.hitShare(t)) }, { "ttft_saved_s", numberToJson(saved[t]) } };
    Json gaps = Json::array();
    for (const auto& g : a.reuseGapCdf())
        gaps.push_back(Json::array({ numberToJson(g.seconds), numberToJson(g.share) }));
    const double requests = static_cast<double>(a.requests);
    Json j = {
        { "file", file },
        { "format", trace::traceFormatName(a.format) },
        { "model", rep.scenario.model.id },
        { "hardware", rep.scenario.hardware.id },
        { "scenario_assumed", rep.scenarioAssumed },
        { "requests", a.requests },
        { "block_references", a.blockReferences },
        { "unique_blocks", a.uniqueBlocks },
        { "block_tokens", a.blockTokens },
        { "kv_bytes_per_block", bytesToJson(bytesPerBlock) },
        { "duration_s", numberToJson(a.durationSeconds()) },
        { "sample_rate", numberToJson(a.sampleRate) },
        { "traffic_scale", numberToJson(options.trafficScale) },
        { "routing", trace::traceRoutingName(a.routing) },
        { "caches", a.caches },
        { "hit_ratio_infinite", numberToJson(a.hitRatioInfinite()) },
        { "token_hit_ratio_infinite", numberToJson(a.tokenHitRatioInfinite()) },
        { "capacity_blocks_90", bytesToJson(a.capacityForShareOfCeiling(0.9)) },
        { "capacity_blocks_99", bytesToJson(a.capacityForShareOfCeiling(0.99)) },
        { "curve", curve },
        { "tiers", tiers },
        { "miss_share", numberToJson(missShare) },
        { "derived",
            { { knobKey(KnobId::ReuseRate), numberToJson(a.tokenHitRatioInfinite()) },
                { knobKey(KnobId::RequestRate), numberToJson(a.requestRatePerSecond()) },
                { "prompt_tokens", numberToJson(requests > 0 ? a.promptTokens / requests : 0) },
                { knobKey(KnobId::OutputTokens), numberToJson(requests > 0 ? a.outputTokens / requests : 0) },
                { knobKey(KnobId::ReuseGapCdf), gaps } } },
    };
    return j;
}

/// Without a workload card or preset, the tiers come from neutral knobs that the app's
/// article scenario does not share: the output says which, and how to choose.
void printAssumedScenario(std::ostream& out, const TraceReport& rep)
{
    const Scenario& s = rep.scenario;
    const auto& w = s.workload;
    out << "Scenario          assumed (no --workload or --preset given; the app starts from --workload article):\n"
        << "                  " << s.model.id << (rep.modelDefaulted ? " (no --model given)" : "") << " on "
        << s.hardware.id << (rep.hardwareDefaulted ? " (no --hardware given)" : "") << ", TP " << s.tp() << ",\n"
        << "                  context " << formatTokens(w.context) << " tokens, " << formatCount(w.concurrency)
        << (w.concurrency == 1 ? " active sequence" : " active sequences") << " per replica, offload "
        << percent(w.offloadRate) << "\n";
}

void printTrace(std::ostream& out, const TraceReport& rep)
{
    const trace::TraceAnalysis& a = rep.a;
    const double bytesPerBlock = rep.bytesPerBlock;
    const std::set<double>& points = rep.points;
    const auto& saved = rep.saved;
    const std::string& file = rep.file;
    const EvalResult& r = rep.r;
    const double missShare = rep.missShare();
    out << file << " (" << trace::traceFormatName(a.format) << ", " << a.blockTokens << "-token blocks)\n";
    out << "  " << formatCount(static_cast<double>(a.requests)) << " requests, "
        << formatCount(static_cast<double>(a.blockReferences)) << " block references, "
        << formatCount(static_cast<double>(a.uniqueBlocks)) << " distinct blocks over "
        << formatSeconds(a.durationSeconds());
    if (a.sampleRate < 1)
        out << " (a " << percent(a.sampleRate) << " sample of prefix trees)";
    out << "\n";
    out << "KV per block      " << formatBytes(bytesPerBlock) << " (" << rep.scenario.model.name << ", "
        << a.blockTokens << " tokens)\n";
    if (rep.scenarioAssumed)
        printAssumedScenario(out, rep);
    out << "Reuse ceiling     " << percent(a.hitRatioInfinite()) << " of prompt blocks, "
        << percent(a.tokenHitRatioInfinite()) << " of prompt tokens (infinite cache, "
        << trace::traceRoutingName(a.routing) << " routing"
        << (a.caches > 1 ? " to " + std::to_string(a.caches) + " servers" : std::string()) << ")\n";
    out << "90% of ceiling    " << formatCount(a.capacityForShareOfCeiling(0.9)) << " blocks ("
        << formatBytes(a.capacityForShareOfCeiling(0.9) * bytesPerBlock)
        << "); 99%: " << formatCount(a.capacityForShareOfCeiling(0.99)) << " blocks ("
        << formatBytes(a.capacityForShareOfCeiling(0.99) * bytesPerBlock) << ")\n\n";
    out << std::left << std::setw(18) << "capacity" << std::setw(14) << "bytes" << std::setw(12) << "prefix hit"
        << "token hit\n";
    for (double c : points)
        out << std::setw(18) << (formatCount(c) + (c == 1 ? " block" : " blocks")) << std::setw(14)
            << formatBytes(c * bytesPerBlock) << std::setw(12) << percent(a.hitRatio(c)) << percent(a.tokenHitRatio(c))
            << "\n";
    out << "\nTiers (" << hardwareDisplayName(rep.scenario.hardware) << ", " << formatCount(r.fleetServers) << " server"
        << (r.fleetServers > 1 ? "s" : "") << "): share of prompt tokens served\n";
    for (Tier t : kTiers)
        out << "  " << std::setw(6) << tierLabel(t) << std::setw(12)
            << formatBytes(a.tierBlocks[t] * a.caches * bytesPerBlock) << std::setw(10) << percent(rep.hitShare(t))
            << "TTFT saved " << formatSeconds(saved[t]) << " per request\n";
    out << "  recomputed          " << percent(missShare) << "\n\n";
    out << "Workload          " << readableNumber(a.requestRatePerSecond()) << " requests/s, prompt "
        << formatCount(std::round(a.requests ? a.promptTokens / static_cast<double>(a.requests) : 0))
        << " tokens, output "
        << formatCount(std::round(a.requests ? a.outputTokens / static_cast<double>(a.requests) : 0))
        << " tokens on average\n";
}

int runTraceCommand(const Command& command, const std::vector<std::string>& args, std::ostream& out)
{
    const Parsed p = parseArgs(args, 1, command.options, command.switches);
    TraceArgs q = traceArgs(p);
    trace::TraceOptions& options = q.run.options;

    // The scenario gives bytes per token and the tiers; without a model, the article's Llama.
    ScenarioSpec spec = specFromFlags(p);
    const bool modelDefaulted = spec.model.empty() && spec.workload.empty();
    if (modelDefaulted)
        spec.model = kDefaultModel;
    const ResolvedScenario rs = resolve(spec);
    const EvalResult r = evaluate(rs.scenario);
    const trace::TraceCapacity capacity = trace::traceCapacity(r, options.routing);
    options = trace::withCapacity(options, capacity);

    const auto reader = trace::TraceReader::open(q.file, q.run.format, q.run.blockTokens.value_or(0));
    const trace::TraceAnalysis a = trace::analyzeTrace(*reader, options);
    const TraceReport report { .file = q.file,
        .a = a,
        .scenario = rs.scenario,
        .r = r,
        .options = options,
        .modelDefaulted = modelDefaulted,
        .hardwareDefaulted = rs.hardwareDefaulted,
        .scenarioAssumed = spec.workload.empty(),
        .bytesPerBlock = a.blockTokens * capacity.kvBytesPerToken,
        .points = curvePoints(a, q.run.capacities),
        .saved = trace::ttftSavedPerRequest(r, a) };
    if (p.csv)
        writeTraceCsv(out, report);
    else if (p.json)
        out << traceJson(report).dump(2) << "\n";
    else
        printTrace(out, report);
    return 0;
}

} // namespace

const Command kTraceCommand = { "trace", traceSynopsis(), optionFlags(traceSpecs(), false), runTraceCommand,
    optionFlags(traceSpecs(), true), [] { return optionHelp(trace::traceOptionTable()); } };

} // namespace kvtiers::cli
