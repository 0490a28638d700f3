#include "app/cli/CommandLine.h"
#include "app/cli/CommandLineParsing.h"

#include "core/cards/CardCatalog.h"
#include "core/model/Derivation.h"
#include "core/model/Evaluation.h"
#include "core/scenario/Fleet.h"
#include "core/io/InputError.h"
#include "core/model/KvSizing.h"
#include "core/cards/PresetStore.h"
#include "core/io/ResultJson.h"
#include "core/scenario/ScenarioComparison.h"
#include "core/scenario/Knobs.h"
#include "core/scenario/ScenarioSpec.h"
#include "core/scenario/Sensitivity.h"
#include "core/scenario/Sweep.h"
#include "core/io/Units.h"
#include "core/model/VllmCheck.h"

#include <cmath>
#include <functional>
#include <iomanip>
#include <map>
#include <optional>
#include <sstream>

namespace kvtiers::cli {

namespace {

constexpr int kExitOk = 0;
constexpr int kExitUsage = 2;

const char* const kUsage = R"(kvtiers: how much HBM, server DRAM and SSD an LLM deployment really needs.

Usage:
  kvtiers                         start the desktop app
  kvtiers list models|hardware|workloads [--json]
  kvtiers eval [--model ID|FILE] [--hardware ID|FILE] [--workload ID|FILE] [overrides] [--json]
  kvtiers sweep --axis context|concurrency [--from N --to N --points N] [eval options] [--json|--csv]
  kvtiers compare --preset A --preset B [...up to 4] | --comparison NAME  [--json|--csv]
  kvtiers fleet --mix ID=SHARE[,ID=SHARE...] --rate REQ_PER_S|--tokens-per-day N [--ttft S] [--tpot S]
                [--hardware ID] [overrides] [--units binary|decimal] [--json|--csv]
                --csv: one row per workload and a total row, bytes as exact numbers
  kvtiers sensitivity [eval options] [--range 0.5] [--units binary|decimal] [--json|--csv]
  kvtiers sensitivity --fleet --mix ID=SHARE[,...] --rate R|--tokens-per-day N [--ttft S] [--tpot S]
                [--hardware ID] [overrides] [--range 0.5] [--units binary|decimal] [--json|--csv]
                the tornado of a whole fleet: each variable moved on every workload at once and the
                fleet sized again; active sequences move through the --tpot target
  kvtiers preset list | show NAME | save NAME [eval options] [--notes TEXT] | rename OLD NEW
                 | delete NAME | import FILE | export NAME FILE
  Every eval/sweep/compare takes --preset NAME as its starting point; flags override it.
  kvtiers export --chart tiers|sweep|compare|fleet --out FILE.png|.svg|.pdf|.csv|.json
                 [--preset NAME | --workload ID | eval options] [--axis context|concurrency]
                 [--width W --height H --scale S]   (default 1600 x 900 at 2x)
                 compare takes 2-4 --preset NAME or --comparison NAME; fleet takes the fleet
                 options (--mix, --rate|--tokens-per-day, --ttft, --tpot, --hardware, overrides)
                 and --units binary|decimal; .csv: sweep, compare or fleet table; .json: the
                 scenario with all results (fleet: as kvtiers fleet --json). Needs no display.
  kvtiers vllm-check --model ID|FILE [--kv-dtype D] [--tp N] [--block-size N] [--context N]
                 [--kv-memory SIZE | --hardware ID|FILE [--gpu-util U] [--reserve SIZE]]
                 [--max-num-batched-tokens N] [--log FILE] [--json]
                 vLLM's KV block math (blocks, "GPU KV cache size", "Maximum concurrency");
                 with --log, vLLM's own figures from a pasted startup log next to it
  --model also takes a Hugging Face config.json, imported as a model card.
  kvtiers --help | --version

)";

const char* const kUsageTail = R"(
Without --hardware the default is one 8-GPU H200 SXM server at TP 8.
Exit status: 0 ok, 2 bad usage or input (one line on stderr says what).
)";

/// Replaces "overrides.<key>" in a core message with the flag the user typed.
std::string inFlagTerms(std::string message)
{
    for (const Knob& k : knobs()) {
        if (!k.flag)
            continue;
        const std::string needle = std::string("overrides.") + k.key;
        if (auto pos = message.find(needle); pos != std::string::npos)
            message.replace(pos, needle.size(), k.flag);
    }
    return message;
}

} // namespace

Parsed parseArgs(const std::vector<std::string>& args, size_t first, const std::vector<std::string>& ownOptions)
{
    Parsed p;
    for (size_t i = first; i < args.size(); ++i) {
        std::string arg = args[i];
        std::optional<std::string> inlineValue;
        if (arg.starts_with("--")) {
            if (auto eq = arg.find('='); eq != std::string::npos) {
                inlineValue = arg.substr(eq + 1);
                arg = arg.substr(0, eq);
            }
        } else {
            p.positional.push_back(arg);
            continue;
        }
        auto value = [&]() -> std::string {
            if (inlineValue)
                return *inlineValue;
            if (i + 1 >= args.size())
                throw InputError(arg + ": needs a value");
            return args[++i];
        };
        if (arg == "--json") {
            p.json = true;
        } else if (arg == "--csv") {
            p.csv = true;
        } else if (arg == "--model") {
            p.spec.model = value();
        } else if (arg == "--hardware") {
            p.spec.hardware = value();
        } else if (arg == "--workload") {
            p.spec.workload = value();
        } else if (arg == "--preset") {
            p.presets.push_back(value());
        } else if (std::find(ownOptions.begin(), ownOptions.end(), arg) != ownOptions.end()) {
            p.own[arg] = value();
        } else {
            const Knob* knob = findKnobByFlag(arg);
            if (!knob)
                throw InputError(arg + ": unknown option (see kvtiers --help)");
            const bool takesValue = knob->valueName != nullptr;
            if (!takesValue && inlineValue)
                throw InputError(arg + ": takes no value");
            if (knob->id == KnobId::KvBits && p.spec.overrides.contains(knob->key))
                throw InputError(arg + ": given twice");
            p.spec.overrides[knob->key] = parseKnobValue(*knob, takesValue ? value() : std::string(), arg);
        }
    }
    return p;
}

/// The preset's spec with the command line's cards and overrides on top.
ScenarioSpec withPreset(const PresetStore& store, const std::string& presetName, const ScenarioSpec& flags)
{
    const Preset* preset = store.find(presetName);
    if (!preset) {
        std::string known;
        for (const auto& p : store.presets())
            known += (known.empty() ? "\"" : ", \"") + p.name + "\"";
        throw InputError("--preset: no preset called \"" + presetName + "\" (known: " + known + ")");
    }
    ScenarioSpec spec = preset->spec;
    if (!flags.model.empty())
        spec.model = flags.model;
    if (!flags.hardware.empty())
        spec.hardware = flags.hardware;
    if (!flags.workload.empty())
        spec.workload = flags.workload;
    for (auto it = flags.overrides.begin(); it != flags.overrides.end(); ++it)
        spec.overrides[it.key()] = it.value();
    return spec;
}

ResolvedScenario resolve(const ScenarioSpec& spec)
{
    try {
        return resolveScenario(CardCatalog::builtin(), spec);
    } catch (const InputError& e) {
        throw InputError(inFlagTerms(e.what()));
    }
}

namespace {

std::string percent(double share)
{
    return formatSignificant(share * 100.0, 3) + "%";
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
    if (tokens < 1)
        return "from the first token";
    return "from " + formatTokens(std::ceil(tokens)) + " tokens";
}

void printSummary(std::ostream& out, const ResolvedScenario& rs, const EvalResult& r)
{
    const Scenario& s = rs.scenario;
    const auto& w = s.workload;
    out << s.model.name << " on " << s.hardware.name << "\n";
    if (rs.hardwareDefaulted)
        out << "  (no --hardware given: assumed one " << s.hardware.gpusPerServer << "-GPU " << s.hardware.id
            << " server at TP " << r.tp << ")\n";
    if (!rs.workloadId.empty())
        out << "  workload card: " << rs.workloadId << "\n";
    out << "Scenario    context " << formatTokens(w.context) << " tokens (prompt " << formatCount(r.promptTokens)
        << ", output " << formatCount(w.outputTokens) << "), " << formatCount(w.concurrency)
        << " active sequences per replica\n"
        << "            KV " << r.kvFormat.name() << ", weights " << formatSignificant(r.weightBits, 3) << "-bit, TP "
        << r.tp << " (" << formatSignificant(r.replicasPerServer, 3) << " replicas per server), "
        << allocationName(w.allocation) << (w.allocation == Allocation::Paged ? " blocks of " + std::to_string(w.blockSize) : std::string())
        << ", gpu-util " << formatSignificant(w.gpuMemoryUtilization, 3) << "\n"
        << "            reuse " << percent(w.reuseRate) << ", sharing " << formatSignificant(w.sharing, 4)
        << ", reuse distance " << formatSeconds(w.reuseDistanceSeconds) << ", offload " << percent(w.offloadRate)
        << (w.streaming ? ", streaming" : "") << (w.inclusiveTiers ? ", inclusive tiers" : "") << "\n\n";

    out << "KV per token      " << kvPerTokenDerivation(s.model, r.kvFormat) << "\n";
    out << "KV per request    " << formatBytes(r.kvBytesPerRequest) << " (" << formatCount(r.kvBytesPerRequest)
        << " B); allocated on the replica " << formatBytes(r.kvBytesAllocatedPerRequest) << "\n";
    out << "Hot set           " << formatBytes(r.hotSetBytes) << " for " << formatCount(w.concurrency) << " sequences ("
        << formatCount(r.hotSetBytes) << " B); allocated " << formatBytes(r.hotSetAllocatedBytes) << "\n";
    out << "Max concurrency   " << formatCount(r.maxConcurrency) << " sequences at " << formatTokens(w.context)
        << " tokens (HBM left for KV: " << formatBytes(r.kvBudgetPerGpu) << " per GPU)\n\n";

    out << "Tiers, one replica (" << r.tp << " GPU" << (r.tp > 1 ? "s" : "") << "): used of capacity\n"
        << tierLine("HBM", r.hbm) << "\n" << tierLine("DRAM", r.dram) << "\n" << tierLine("SSD", r.ssd) << "\n";
    out << "  overflow  " << formatBytes(r.overflowBytes) << (r.overflowBytes > 0 ? "  (fits in no tier)" : "") << "\n\n";

    out << "Reuse             requested " << percent(r.requestedReuse) << " (ceiling), achieved "
        << percent(r.achievedReuse) << " (LRU cache";
    if (r.achievedReuse > 0)
        out << ": hits from HBM " << percent(r.hitShareHbm) << ", DRAM " << percent(r.hitShareDram) << ", SSD "
            << percent(r.hitShareSsd);
    out << ")";
    if (r.cacheDemandBytes > 0)
        out << "; cache wants " << formatBytes(r.cacheDemandBytes) << ", lost " << formatBytes(r.lostReuseBytes);
    out << "\n";
    const bool noDistance = w.reuseDistanceSeconds <= 0 && w.reuseGapCdf.empty();
    if (r.requestedReuse > 0 && r.dram.retained <= 0 && (noDistance || w.offloadRate <= 0))
        out << "                  (nothing fills DRAM: "
            << (noDistance ? "--reuse-distance keeps prefixes until their next use"
                           : "--offload-rate copies evicted prefixes down to DRAM")
            << ")\n";
    out << "Request rate      " << formatSignificant(r.requestRate, 4) << " req/s per replica ("
        << (w.requestRate ? "given" : "derived") << "); the replica serves at most "
        << formatSignificant(std::min(r.requestRateBound, r.requestRateDecodeSlots), 4) << " ("
        << (r.rateLimit == RateLimit::Prefill ? "prefill binds" : "decode slots bind") << ")\n";
    out << "Whole prompt      recompute " << formatSeconds(r.recomputeSeconds) << "; restore from DRAM "
        << formatSeconds(r.restoreSecondsDram) << " (" << formatRate(r.restoreBandwidthDram) << " per GPU, "
        << s.restorePath.id << ": " << formatBytes(r.restoreCopyBytes) << " per copy), from SSD "
        << formatSeconds(r.restoreSecondsSsd) << " (" << formatRate(r.restoreBandwidthSsd) << ")\n";
    out << "Restore wins      DRAM " << breakEvenText(r.breakEvenTokensDram) << "; SSD "
        << breakEvenText(r.breakEvenTokensSsd) << "\n";
    out << "TTFT              " << formatSeconds(r.ttftNoReuseSeconds) << " without reuse, "
        << formatSeconds(r.ttftWithReuseSeconds) << " with\n";
    out << "Decode            step " << formatSeconds(r.decodeStepSeconds) << " (bound by "
        << decodeBoundName(r.decodeBound) << "), " << formatSignificant(r.tokensPerSecond, 4)
        << " tokens/s per replica for " << formatCount(r.servedConcurrency) << " sequences\n\n";

    out << "Per GPU           HBM " << formatBytes(r.perGpu.hbm) << ", DRAM " << formatBytes(r.perGpu.dram) << ", SSD "
        << formatBytes(r.perGpu.ssd) << "\n";
    out << "Per server        HBM " << formatBytes(r.perServer.hbm) << ", DRAM " << formatBytes(r.perServer.dram)
        << ", NVMe " << formatBytes(r.perServer.ssd) << "\n";
    if (r.fleetServers > 1)
        out << "Fleet             " << formatCount(r.fleetServers) << " servers: HBM " << formatBytes(r.fleet.hbm)
            << ", DRAM " << formatBytes(r.fleet.dram) << ", NVMe " << formatBytes(r.fleet.ssd) << "\n";
    const auto warnings = warningMessages(s, r);
    if (!warnings.empty()) {
        out << "\nWarnings\n";
        for (const auto& wmsg : warnings)
            out << "  - " << wmsg << "\n";
    }
}

/// --json and --csv choose one output; --csv only where a table exists.
void checkOutputFlags(const Parsed& p, const std::string& command, bool csvAvailable)
{
    if (p.json && p.csv)
        throw InputError(command + ": --json and --csv: give one of them");
    if (p.csv && !csvAvailable)
        throw InputError(command + ": --csv is not available here (use --json)");
}

int cmdList(const std::vector<std::string>& args, std::ostream& out)
{
    const Parsed p = parseArgs(args, 1, {});
    checkOutputFlags(p, "list", false);
    if (p.positional.size() != 1)
        throw InputError("list: say what to list: models, hardware or workloads");
    const auto& c = CardCatalog::builtin();
    const std::string& what = p.positional[0];
    Json j = Json::array();
    auto row = [&](const std::string& id, const std::string& name, const std::string& extra) {
        if (p.json)
            j.push_back({{"id", id}, {"name", name}});
        else
            out << std::left << std::setw(20) << id << " " << name << extra << "\n";
    };
    if (what == "models") {
        for (const auto& [id, m] : c.models()) {
            KvFormat f{m.defaultKvBits, 0};
            row(id, m.name, "  [" + formatBytes(KvSizing(m, f, 1, 16, Allocation::Paged).bytesPerToken()) + "/token at "
                    + f.name() + "]");
        }
    } else if (what == "hardware") {
        for (const auto& [id, h] : c.hardware())
            row(id, h.name, "");
    } else if (what == "workloads") {
        for (const auto& [id, w] : c.workloads())
            row(id, w.name, "");
    } else {
        throw InputError("list: unknown list \"" + what + "\" (use models, hardware or workloads)");
    }
    if (p.json)
        out << j.dump(2) << "\n";
    return kExitOk;
}

} // namespace

/// The scenario a command's flags describe: a preset (if any) plus flags.
ScenarioSpec specFromFlags(const Parsed& p)
{
    if (p.presets.size() > 1)
        throw InputError("--preset: give one preset here (compare takes several)");
    if (p.presets.empty())
        return p.spec;
    return withPreset(PresetStore(), p.presets.front(), p.spec);
}

namespace {

int cmdEval(const std::vector<std::string>& args, std::ostream& out)
{
    const Parsed p = parseArgs(args, 1, {});
    checkOutputFlags(p, "eval", false);
    if (!p.positional.empty())
        throw InputError("eval: unexpected argument \"" + p.positional[0] + "\"");
    const ResolvedScenario rs = resolve(specFromFlags(p));
    const EvalResult r = evaluate(rs.scenario);
    if (p.json)
        out << resultToJson(rs.scenario, r, rs.workloadId).dump(2) << "\n";
    else
        printSummary(out, rs, r);
    return kExitOk;
}

int cmdSweep(const std::vector<std::string>& args, std::ostream& out)
{
    const Parsed p = parseArgs(args, 1, {"--axis", "--from", "--to", "--points"});
    checkOutputFlags(p, "sweep", true);
    if (!p.positional.empty())
        throw InputError("sweep: unexpected argument \"" + p.positional[0] + "\"");
    const auto axisIt = p.own.find("--axis");
    const std::string axisName = axisIt == p.own.end() ? "context" : axisIt->second;
    if (axisName != "context" && axisName != "concurrency")
        throw InputError("--axis: unknown axis \"" + axisName + "\" (use context or concurrency)");
    const SweepAxis axis = axisName == "context" ? SweepAxis::Context : SweepAxis::Concurrency;
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
    const auto pointsIt = p.own.find("--points");
    const int points = pointsIt == p.own.end() ? 64
                                               : static_cast<int>(parseNumberOption(pointsIt->second, "--points", 2, 100000, true));
    const ResolvedScenario rs = resolve(specFromFlags(p));
    const SweepResult sr = sweep(rs.scenario, axis, from, to, points);
    if (p.json) {
        Json pts = Json::array();
        for (const auto& pt : sr.points)
            pts.push_back({{axisName, bytesToJson(pt.x)},
                           {"hbm_used_bytes", bytesToJson(pt.hbm.used())},
                           {"dram_used_bytes", bytesToJson(pt.dram.used())},
                           {"ssd_used_bytes", bytesToJson(pt.ssd.used())},
                           {"overflow_bytes", bytesToJson(pt.overflowBytes)},
                           {"max_concurrency", bytesToJson(pt.maxConcurrency)},
                           {"tokens_per_second", numberToJson(pt.tokensPerSecond)}});
        out << Json{{"axis", axisName}, {"hbm_full_at", numberToJson(sr.hbmFullAt)}, {"points", pts}}.dump(2) << "\n";
        return kExitOk;
    }
    if (p.csv) {
        out << sweepCsv(sr);
        return kExitOk;
    }
    out << std::left << std::setw(14) << axisName << std::setw(14) << "HBM" << std::setw(14) << "DRAM" << std::setw(14)
        << "SSD" << "overflow\n";
    for (const auto& pt : sr.points)
        out << std::setw(14) << (axis == SweepAxis::Context ? formatTokens(pt.x) : formatCount(pt.x)) << std::setw(14)
            << formatBytes(pt.hbm.used()) << std::setw(14) << formatBytes(pt.dram.used()) << std::setw(14)
            << formatBytes(pt.ssd.used()) << formatBytes(pt.overflowBytes) << "\n";
    out << "HBM runs out at " << axisName << " "
        << (std::isfinite(sr.hbmFullAt) ? (axis == SweepAxis::Context ? formatTokens(sr.hbmFullAt) : formatCount(sr.hbmFullAt))
                                       : std::string("(never in this range)"))
        << "\n";
    return kExitOk;
}

std::string figureText(const ComparedFigure& f, double v)
{
    switch (f.unit) {
    case FigureUnit::Bytes: return formatBytes(v);
    case FigureUnit::Count: return formatCount(v);
    case FigureUnit::Seconds: return formatSeconds(v);
    case FigureUnit::TokensPerSecond: return formatSignificant(v, 4) + " tok/s";
    case FigureUnit::Share: return percent(v);
    }
    return {};
}

int cmdCompare(const std::vector<std::string>& args, std::ostream& out)
{
    const Parsed p = parseArgs(args, 1, {"--comparison"});
    checkOutputFlags(p, "compare", true);
    if (!p.positional.empty())
        throw InputError("compare: unexpected argument \"" + p.positional[0] + "\"");
    const PresetStore store;
    std::vector<std::string> names = p.presets;
    if (auto it = p.own.find("--comparison"); it != p.own.end()) {
        const auto& cs = store.comparisons();
        const auto c = std::find_if(cs.begin(), cs.end(), [&](const Comparison& x) { return x.name == it->second; });
        if (c == cs.end())
            throw InputError("--comparison: no comparison called \"" + it->second + "\"");
        names.insert(names.end(), c->presetNames.begin(), c->presetNames.end());
    }
    if (names.size() < 2 || names.size() > 4)
        throw InputError("compare: give 2 to 4 --preset NAME (or --comparison NAME)");
    std::vector<Scenario> scenarios;
    for (const auto& n : names)
        scenarios.push_back(resolve(withPreset(store, n, p.spec)).scenario);
    const ScenarioComparison c = compareScenarios(names, scenarios);
    if (p.csv) {
        out << comparisonCsv(c);
        return kExitOk;
    }
    if (p.json) {
        Json figures = Json::array();
        for (const auto& f : c.figures) {
            Json vals = Json::array(), rel = Json::array();
            for (size_t i = 0; i < f.values.size(); ++i) {
                vals.push_back(f.unit == FigureUnit::Bytes ? bytesToJson(f.values[i]) : numberToJson(f.values[i]));
                rel.push_back(numberToJson(f.relative[i]));
            }
            figures.push_back({{"key", f.key}, {"values", vals}, {"relative", rel}});
        }
        out << Json{{"scenarios", names}, {"figures", figures}}.dump(2) << "\n";
        return kExitOk;
    }
    out << std::left << std::setw(24) << "";
    for (const auto& n : names)
        out << std::setw(28) << n.substr(0, 27);
    out << "\n";
    for (const auto& f : c.figures) {
        out << std::setw(24) << f.label;
        for (size_t i = 0; i < f.values.size(); ++i) {
            std::string cell = figureText(f, f.values[i]);
            if (i > 0 && std::isfinite(f.relative[i]))
                cell += " (" + std::string(f.relative[i] >= 0 ? "+" : "") + formatSignificant(f.relative[i] * 100, 3) + "%)";
            out << std::setw(28) << cell;
        }
        out << "\n";
    }
    return kExitOk;
}

int cmdPreset(const std::vector<std::string>& args, std::ostream& out)
{
    const Parsed p = parseArgs(args, 1, {"--notes"});
    checkOutputFlags(p, "preset", false);
    if (p.positional.empty())
        throw InputError("preset: say what to do: list, show NAME, save NAME, rename OLD NEW, delete NAME, "
                         "import FILE, export NAME FILE");
    const std::string& verb = p.positional[0];
    auto need = [&](size_t n, const char* usage) {
        if (p.positional.size() != n + 1)
            throw InputError(std::string("preset ") + verb + ": usage: kvtiers preset " + usage);
    };
    auto check = [](const Status& s) {
        if (!s.ok())
            throw InputError(s.error);
    };
    PresetStore store;
    if (verb == "list") {
        need(0, "list");
        for (const auto& pr : store.presets())
            out << (pr.builtin ? "built-in  " : "user      ") << pr.name << "\n";
        for (const auto& c : store.comparisons())
            out << "compare   " << c.name << "\n";
        for (const auto& problem : store.problems())
            out << "skipped   " << problem.reason << "\n";
    } else if (verb == "show") {
        need(1, "show NAME");
        const Preset* pr = store.find(p.positional[1]);
        if (!pr)
            throw InputError("preset show: no preset called \"" + p.positional[1] + "\"");
        out << PresetStore::toJson(*pr).dump(2) << "\n";
    } else if (verb == "save") {
        need(1, "save NAME [--model ID] [--workload ID] [overrides]");
        ScenarioSpec spec = specFromFlags(p);
        resolve(spec); // refuse a scenario that does not evaluate
        const auto notes = p.own.count("--notes") ? p.own.at("--notes") : std::string();
        check(store.save(p.positional[1], spec, false, notes));
        out << "saved \"" << p.positional[1] << "\" in " << store.directory() << "\n";
    } else if (verb == "rename") {
        need(2, "rename OLD NEW");
        check(store.rename(p.positional[1], p.positional[2]));
    } else if (verb == "delete") {
        need(1, "delete NAME");
        check(store.remove(p.positional[1]));
    } else if (verb == "import") {
        need(1, "import FILE");
        std::string name;
        check(store.importFile(p.positional[1], &name));
        out << "imported \"" << name << "\"\n";
    } else if (verb == "export") {
        need(2, "export NAME FILE");
        check(store.exportFile(p.positional[1], p.positional[2]));
    } else {
        throw InputError("preset: unknown action \"" + verb + "\" (use list, show, save, rename, delete, import, export)");
    }
    return kExitOk;
}

// ---- vllm-check: vLLM's allocator math, and its startup log next to it.

std::string twoDecimals(double v)
{
    std::ostringstream s;
    s << std::fixed << std::setprecision(2) << v;
    return s.str();
}

Json vllmPredictionJson(const VllmPrediction& p)
{
    Json kinds = Json::array();
    for (const auto& k : p.kinds) {
        Json j = {{"kind", k.kind},
                  {"layers", k.layers},
                  {"block_size", k.blockSize},
                  {"page_bytes", bytesToJson(k.pageBytes)},
                  {"groups", k.groups},
                  {"blocks_per_request", bytesToJson(k.blocksPerRequest)}};
        if (k.realPageBytes != k.pageBytes)
            j["unpadded_page_bytes"] = bytesToJson(k.realPageBytes);
        if (k.kind == "sliding")
            j["window"] = bytesToJson(k.window);
        kinds.push_back(std::move(j));
    }
    Json notes = Json::array();
    for (const auto& n : p.notes)
        notes.push_back(vllmNoteText(n));
    return {{"context", bytesToJson(p.context)},
            {"kv_memory_bytes", bytesToJson(p.kvMemoryBytes)},
            {"layer_kinds", kinds},
            {"hybrid", p.hybrid},
            {"layers_per_group", p.groupSize},
            {"kv_cache_groups", p.kvCacheGroups},
            {"padding_layers", p.paddingLayers},
            {"bytes_per_block", bytesToJson(p.bytesPerBlock)},
            {"num_blocks", bytesToJson(p.numBlocks)},
            {"gpu_kv_cache_tokens", bytesToJson(p.tokens)},
            {"blocks_per_request", bytesToJson(p.blocksPerRequest)},
            {"max_concurrency", numberToJson(p.maxConcurrency)},
            {"notes", notes}};
}

int cmdVllmCheck(const std::vector<std::string>& args, std::ostream& out)
{
    const Parsed p = parseArgs(args, 1, {"--kv-memory", "--log", "--max-num-batched-tokens"});
    checkOutputFlags(p, "vllm-check", false);
    if (!p.positional.empty())
        throw InputError("vllm-check: unexpected argument \"" + p.positional[0] + "\"");
    if (p.spec.model.empty())
        throw InputError("vllm-check: --model ID|FILE is required (a model id, a card file or a Hugging Face config.json)");
    if (!p.spec.workload.empty() || !p.presets.empty())
        throw InputError("vllm-check: --workload and --preset do not apply; give the model and vLLM's settings");
    const Json& ov = p.spec.overrides;
    for (const auto& [key, value] : ov.items()) {
        static const std::vector<std::string> allowed = {"kv_bits", "kv_scale_bits", "tp", "block_size", "context",
                                                          "gpu_memory_utilization", "runtime_reserve_bytes", "weight_bits"};
        if (std::find(allowed.begin(), allowed.end(), key) == allowed.end())
            throw InputError(inFlagTerms("overrides." + key) + ": does not apply to vllm-check");
    }
    const auto& catalog = CardCatalog::builtin();
    const ModelCard model = catalog.resolveModel(p.spec.model);
    VllmSetup setup;
    setup.kv = KvFormat{ov.value("kv_bits", model.defaultKvBits), ov.value("kv_scale_bits", 0.0)};
    setup.tp = ov.value("tp", 1);
    setup.blockSize = ov.value("block_size", 16);
    setup.context = ov.value("context", 0.0);
    const double weightBits = ov.value("weight_bits", model.weightBits);

    std::string batchedSource = "given";
    if (auto it = p.own.find("--max-num-batched-tokens"); it != p.own.end())
        setup.maxNumBatchedTokens = parseNumberOption(it->second, "--max-num-batched-tokens", 1, 1e9, true);

    std::optional<VllmLog> log;
    if (auto it = p.own.find("--log"); it != p.own.end())
        log = parseVllmLog(readInputFile(it->second), it->second);

    std::optional<VllmHbmContext> hbm;
    std::string memorySource;
    const auto kvMem = p.own.find("--kv-memory");
    if (kvMem != p.own.end()) {
        if (!p.spec.hardware.empty())
            throw InputError("--kv-memory: give either --kv-memory or --hardware, not both");
        for (const char* k : {"gpu_memory_utilization", "runtime_reserve_bytes"})
            if (ov.contains(k))
                throw InputError(inFlagTerms(std::string("overrides.") + k) + ": only with --hardware (--kv-memory is already what is left for KV)");
        setup.kvMemoryBytes = parseByteSize(kvMem->second, "--kv-memory");
        memorySource = "given";
    } else if (!p.spec.hardware.empty()) {
        const HardwareCard hw = catalog.resolveHardware(p.spec.hardware);
        const double u = ov.value("gpu_memory_utilization", 0.9);
        const double reserve = ov.value("runtime_reserve_bytes", 0.0);
        setup.kvMemoryBytes = vllmKvMemory(model, hw, u, setup.tp, reserve, weightBits);
        const double weightsPerGpu = model.paramsTotal * weightBits / 8.0 / setup.tp;
        hbm = VllmHbmContext{hw.hbmBytes, weightsPerGpu, reserve, u};
        if (!(setup.maxNumBatchedTokens > 0)) {
            setup.maxNumBatchedTokens = defaultMaxNumBatchedTokens(&hw);
            batchedSource = "vllm serve's default for " + hw.id;
        }
        memorySource = formatSignificant(u, 3) + " x " + formatBytes(hw.hbmBytes) + " HBM (" + hw.id + ") - "
            + formatBytes(weightsPerGpu) + " weights per GPU" + (reserve > 0 ? " - " + formatBytes(reserve) + " reserve" : "");
    } else if (log && log->availableKvBytes) {
        setup.kvMemoryBytes = *log->availableKvBytes;
        memorySource = "vLLM's \"Available KV cache memory\" line";
    } else {
        throw InputError("vllm-check: say how much memory the KV cache gets: --kv-memory SIZE (per GPU), or --hardware ID "
                         "[--gpu-util U] [--reserve SIZE]");
    }

    if (!(setup.maxNumBatchedTokens > 0)) {
        setup.maxNumBatchedTokens = defaultMaxNumBatchedTokens(nullptr);
        batchedSource = "vllm serve's default for a GPU of 70 GiB or more";
    }

    std::optional<VllmComparison> cmp;
    if (log)
        cmp = compareWithVllm(model, setup, *log, hbm);
    const VllmPrediction pred = cmp ? cmp->predicted : predictVllm(model, setup);

    if (p.json) {
        Json j = {{"model", model.id},
                  {"kv_bits", numberToJson(setup.kv.bits)},
                  {"kv_scale_bits", numberToJson(setup.kv.scaleBits)},
                  {"tp", setup.tp},
                  {"block_size", setup.blockSize},
                  {"kv_memory_source", memorySource},
                  {"kvtiers", vllmPredictionJson(pred)},
                  {"vllm_predicted", {{"max_concurrency", numberToJson(pred.vllmMaxConcurrency)},
                                      {"blocks_per_request", bytesToJson(pred.vllmBlocksPerRequest)},
                                      {"max_num_batched_tokens", bytesToJson(pred.maxNumBatchedTokens)},
                                      {"max_num_batched_tokens_source", batchedSource},
                                      {"vllm_version", kVllmVersion}}}};
        if (cmp) {
            Json v = Json::object();
            if (log->kvCacheTokens)
                v["gpu_kv_cache_tokens"] = bytesToJson(*log->kvCacheTokens);
            if (log->concurrency) {
                v["max_concurrency"] = numberToJson(*log->concurrency);
                v["concurrency_context"] = bytesToJson(*log->concurrencyTokens);
            }
            if (log->availableKvBytes)
                v["available_kv_memory_bytes"] = bytesToJson(*log->availableKvBytes);
            if (log->gpuBlocks)
                v["num_gpu_blocks"] = bytesToJson(*log->gpuBlocks);
            j["vllm"] = v;
            Json c = {{"agrees", cmp->agrees}, {"explanation", cmp->explanation}};
            auto opt = [&](const char* key, const std::optional<double>& x) { c[key] = x ? numberToJson(*x) : Json(nullptr); };
            opt("tokens_diff_percent", cmp->tokensDiffPercent);
            opt("concurrency_diff_percent", cmp->concurrencyDiffPercent);
            opt("implied_kv_memory_bytes", cmp->impliedKvMemoryBytes);
            opt("kv_memory_gap_bytes", cmp->kvMemoryGapBytes);
            opt("implied_gpu_memory_utilization", cmp->impliedGpuUtilization);
            j["comparison"] = c;
        }
        out << j.dump(2) << "\n";
        return kExitOk;
    }

    out << "vLLM check: " << model.name << "\n";
    out << "Setup              KV " << setup.kv.name() << ", TP " << setup.tp << ", block " << setup.blockSize << " tokens, "
        << formatCount(pred.context) << " tokens per request\n";
    out << "KV memory          " << formatBytes(pred.kvMemoryBytes) << " per GPU (" << memorySource << ")\n";
    for (const auto& k : pred.kinds) {
        out << "Pages, " << std::left << std::setw(12) << k.kind << formatCount(static_cast<double>(k.layers)) << " layers, "
            << formatCount(k.pageBytes)
            << (k.kind == "state" ? std::string(" B per state page") : " B per block of " + std::to_string(k.blockSize) + " tokens");
        if (k.realPageBytes != k.pageBytes)
            out << " (padded from " << formatCount(k.realPageBytes) << " B)";
        if (k.kind == "sliding")
            out << ", window " << formatCount(k.window);
        out << "; " << formatCount(k.blocksPerRequest) << " blocks per request" << (pred.hybrid ? " per group" : "")
            << "\n";
    }
    if (pred.hybrid)
        out << "Groups             " << pred.kvCacheGroups << " KV-cache groups of " << pred.groupSize << " layers"
            << (pred.paddingLayers > 0 ? " (" + std::to_string(pred.paddingLayers) + " padding)" : std::string()) << "\n";
    out << "Blocks             " << formatCount(pred.numBlocks) << " = floor(" << formatCount(pred.kvMemoryBytes) << " B / "
        << formatCount(pred.bytesPerBlock) << " B per block)\n";
    out << "kvtiers            GPU KV cache size: " << formatCount(pred.tokens) << " tokens\n";
    out << "                   Maximum concurrency for " << formatCount(pred.context) << " tokens per request: "
        << twoDecimals(pred.maxConcurrency) << "x  (" << formatCount(pred.numBlocks) << " blocks / "
        << formatCount(pred.blocksPerRequest) << " per request)\n";
    out << "vLLM " << kVllmVersion << " prints  Maximum concurrency for " << formatCount(pred.context)
        << " tokens per request: " << twoDecimals(pred.vllmMaxConcurrency) << "x  (" << formatCount(pred.numBlocks)
        << " blocks / " << formatCount(pred.vllmBlocksPerRequest) << " per request; max_num_batched_tokens "
        << formatCount(pred.maxNumBatchedTokens) << ", " << batchedSource << ")\n";
    if (pred.vllmBlocksPerRequest != pred.blocksPerRequest)
        out << "  why they differ: vLLM budgets a sliding-window layer for a chunked prefill of "
               "max_num_batched_tokens (cdiv(min(W - 1 + batched, context), block) + 1 blocks); a decoding "
               "request holds only W - 1 + block tokens\n";
    for (const auto& n : pred.notes)
        out << "  note: " << vllmNoteText(n) << "\n";
    if (cmp) {
        out << "vLLM's log         ";
        bool first = true;
        auto line = [&](const std::string& text) {
            out << (first ? "" : "                   ") << text << "\n";
            first = false;
        };
        if (log->availableKvBytes)
            line("Available KV cache memory: " + formatBytes(*log->availableKvBytes) + " (line "
                 + std::to_string(log->availableLine) + ")");
        if (log->kvCacheTokens)
            line("GPU KV cache size: " + formatCount(*log->kvCacheTokens) + " tokens (line " + std::to_string(log->kvCacheLine)
                 + ")");
        if (log->gpuBlocks)
            line("# GPU blocks: " + formatCount(*log->gpuBlocks) + " (line " + std::to_string(log->gpuBlocksLine) + ")");
        if (log->concurrency)
            line("Maximum concurrency for " + formatCount(*log->concurrencyTokens) + " tokens per request: "
                 + twoDecimals(*log->concurrency) + "x (line " + std::to_string(log->concurrencyLine) + ")");
        out << "Difference         ";
        std::vector<std::string> parts;
        auto signedPct = [](double v) { return (v > 0 ? "+" : "") + formatSignificant(v, 3) + "%"; };
        if (cmp->tokensDiffPercent)
            parts.push_back("tokens " + signedPct(*cmp->tokensDiffPercent));
        if (cmp->concurrencyDiffPercent)
            parts.push_back("concurrency " + signedPct(*cmp->concurrencyDiffPercent));
        for (size_t i = 0; i < parts.size(); ++i)
            out << (i ? ", " : "") << parts[i];
        out << " (vLLM relative to kvtiers)\n";
        out << "Explanation        " << cmp->explanation << "\n";
    }
    return kExitOk;
}


} // namespace

// ---- fleet and sensitivity: from traffic to memory demand.

ByteUnits unitsOption(const Parsed& p)
{
    const auto it = p.own.find("--units");
    if (it == p.own.end() || it->second == "binary")
        return ByteUnits::Binary;
    if (it->second == "decimal")
        return ByteUnits::Decimal;
    throw InputError("--units: unknown units \"" + it->second + "\" (use binary or decimal)");
}

const std::vector<std::string>& fleetOptions()
{
    static const std::vector<std::string> options = {"--rate", "--tokens-per-day", "--ttft", "--tpot", "--mix"};
    return options;
}

FleetInput fleetInputFromFlags(const Parsed& p)
{
    if (!p.presets.empty())
        throw InputError("--preset: not for a fleet (give the mix with --mix and the cards with --hardware/--model)");
    FleetInput in;
    // --mix takes "ID=SHARE,ID=SHARE" (a share defaults to 1); each workload card names
    // its model; --model/--hardware and overrides apply to every workload of the mix.
    const auto mixIt = p.own.find("--mix");
    std::string mix = mixIt != p.own.end() ? mixIt->second : p.spec.workload;
    if (mix.empty())
        throw InputError("fleet: give the traffic mix: --mix chat=0.7,mooncake=0.3 (workload ids or files)");
    size_t start = 0;
    while (start <= mix.size()) {
        const size_t comma = std::min(mix.find(',', start), mix.size());
        const std::string item = mix.substr(start, comma - start);
        start = comma + 1;
        if (item.empty())
            throw InputError("--mix: an empty entry in \"" + mix + "\"");
        FleetEntry e;
        const size_t eq = item.find('=');
        e.label = item.substr(0, eq);
        e.share = eq == std::string::npos ? 1.0 : parseNumberOption(item.substr(eq + 1), "--mix " + e.label, 0, 1e9, false);
        e.spec = p.spec;
        e.spec.workload = e.label;
        in.mix.push_back(std::move(e));
        if (comma == mix.size())
            break;
    }
    if (auto it = p.own.find("--rate"); it != p.own.end())
        in.requestsPerSecond = parseNumberOption(it->second, "--rate", 1e-9, 1e15, false);
    if (auto it = p.own.find("--tokens-per-day"); it != p.own.end())
        in.tokensPerDay = parseNumberOption(it->second, "--tokens-per-day", 1, 1e24, false);
    if (in.requestsPerSecond == 0 && in.tokensPerDay == 0)
        throw InputError("fleet: give the traffic: --rate REQUESTS_PER_S or --tokens-per-day N");
    if (auto it = p.own.find("--ttft"); it != p.own.end())
        in.ttftTargetSeconds = parseNumberOption(it->second, "--ttft", 1e-6, 1e6, false);
    if (auto it = p.own.find("--tpot"); it != p.own.end())
        in.tpotTargetSeconds = parseNumberOption(it->second, "--tpot", 1e-6, 1e6, false);
    return in;
}

FleetResult sizeFleetFromFlags(const FleetInput& in)
{
    try {
        return sizeFleet(CardCatalog::builtin(), in);
    } catch (const InputError& e) {
        throw InputError(inFlagTerms(e.what()));
    }
}

namespace {

int cmdFleet(const std::vector<std::string>& args, std::ostream& out)
{
    std::vector<std::string> own = fleetOptions();
    own.push_back("--units");
    const Parsed p = parseArgs(args, 1, own);
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
        << formatSeconds(in.ttftTargetSeconds) << ", time per output token " << formatSeconds(in.tpotTargetSeconds) << "\n";
    out << "Fleet             " << formatCount(f.gpus) << " GPUs in " << formatCount(f.servers) << " servers of "
        << f.gpusPerServer << " (HBM installed " << formatBytes(f.hbmInstalledBytes, units) << ")\n";
    out << "Demand            HBM " << formatBytes(f.hbmBytes, units) << ", DRAM " << formatBytes(f.dramBytes, units)
        << ", NVMe " << formatBytes(f.ssdBytes, units) << "\n";
    out << "Per server        HBM " << formatBytes(f.hbmPerServer(), units) << ", DRAM " << formatBytes(f.dramPerServer(), units)
        << ", NVMe " << formatBytes(f.ssdPerServer(), units) << "\n";
    out << "Per GPU           HBM " << formatBytes(f.hbmPerGpu(), units) << ", DRAM " << formatBytes(f.dramPerGpu(), units)
        << ", NVMe " << formatBytes(f.ssdPerGpu(), units) << "\n\n";
    for (const auto& e : f.entries)
        out << "  " << std::left << std::setw(12) << e.label << percent(e.share) << " of requests, " << e.scenario.model.id
            << " (" << formatBytes(e.kvBytesPerToken, units) << "/token): " << formatCount(e.concurrencyPerReplica)
            << " sequences per replica, " << formatCount(e.replicas) << " replicas ("
            << (e.rateLimit == RateLimit::Prefill ? "prefill binds: " : "decode slots bind: ")
            << formatSignificant(e.replicaRequestsPerSecond, 3) << " req/s each), " << formatCount(e.gpus)
            << " GPUs; HBM " << formatBytes(e.hbmBytes, units) << ", DRAM " << formatBytes(e.dramBytes, units) << ", NVMe "
            << formatBytes(e.ssdBytes, units) << "\n";
    return kExitOk;
}

/// `text` and spaces up to `width` characters ("→" counts as one, not as its 3 UTF-8 bytes).
std::string padded(const std::string& text, size_t width)
{
    size_t chars = 0;
    for (unsigned char c : text)
        chars += (c & 0xC0) != 0x80;
    return text + std::string(width > chars ? width - chars : 1, ' ');
}

/// A sensitivity variable's value as the summary prints it.
std::string variableText(Variable v, double value, ByteUnits units)
{
    if (!std::isfinite(value))
        return "–";
    switch (v) {
    case Variable::Context: return formatTokens(value) + " tokens";
    case Variable::Concurrency: return formatSignificant(value, 3);
    case Variable::KvBits: return formatSignificant(value, 3) + " bit";
    case Variable::ReuseRate:
    case Variable::OffloadRate: return percent(value);
    case Variable::DramPerServer:
    case Variable::NvmePerServer: return formatBytes(value, units);
    case Variable::Traffic: return formatSignificant(value, 4) + "/s";
    }
    return formatSignificant(value, 4);
}

/// `kvtiers sensitivity --fleet`: the fleet tornado (fleetSensitivity, Sensitivity.h).
int fleetSensitivityCommand(const Parsed& p, double range, ByteUnits units, std::ostream& out)
{
    const FleetInput in = fleetInputFromFlags(p);
    FleetSensitivityResult sr;
    try {
        sr = fleetSensitivity(CardCatalog::builtin(), in, range);
    } catch (const InputError& e) {
        throw InputError(inFlagTerms(e.what()));
    }
    if (p.json) {
        out << fleetSensitivityToJson(sr).dump(2) << "\n";
        return kExitOk;
    }
    if (p.csv) {
        out << sensitivityCsv(sr);
        return kExitOk;
    }
    auto bytes = [&](double d) { return (d >= 0 ? "+" : "-") + formatBytes(std::fabs(d), units); };
    auto count = [](double d) { return (d >= 0 ? "+" : "-") + formatCount(std::fabs(d)); };
    const FleetDemand& b = sr.base;
    out << "Fleet demand: HBM " << formatBytes(b.hbm, units) << ", DRAM " << formatBytes(b.dram, units) << ", NVMe "
        << formatBytes(b.ssd, units) << "; " << formatCount(b.gpus) << " GPUs in " << formatCount(b.servers)
        << " servers, " << formatSignificant(b.sequencesPerReplica, 3) << " active sequences per replica (TPOT target "
        << formatSeconds(sr.tpotTargetSeconds) << ")\nMoving each variable by ±" << percent(range)
        << " on every workload of the mix (KV format: one step; active sequences: through the TPOT target), "
           "largest effect first:\n";
    for (const auto& bar : sr.bars) {
        out << "  " << padded(variableLabel(bar.variable), 30) << variableText(bar.variable, bar.lowValue, units) << " -> " << variableText(bar.variable, bar.highValue, units);
        if (bar.variable == Variable::Concurrency)
            out << " (TPOT " << formatSeconds(bar.lowTpotSeconds) << " -> " << formatSeconds(bar.highTpotSeconds) << ")";
        out << "\n";
        auto end = [&](const char* name, bool feasible, const FleetDemand& d, const std::string& error) {
            out << "      " << name;
            if (!feasible)
                out << "cannot be sized: " << inFlagTerms(error) << "\n";
            else
                out << "HBM " << bytes(d.hbm) << ", DRAM " << bytes(d.dram) << ", NVMe " << bytes(d.ssd) << ", GPUs "
                    << count(d.gpus) << ", servers " << count(d.servers) << "\n";
        };
        end("down: ", bar.lowFeasible, bar.lowDelta, bar.lowError);
        end("up:   ", bar.highFeasible, bar.highDelta, bar.highError);
    }
    return kExitOk;
}

int cmdSensitivity(const std::vector<std::string>& args, std::ostream& out)
{
    // --fleet takes no value: the fleet tornado, from the `kvtiers fleet` options.
    std::vector<std::string> rest;
    bool fleet = false;
    for (size_t i = 0; i < args.size(); ++i) {
        if (i > 0 && args[i] == "--fleet")
            fleet = true;
        else
            rest.push_back(args[i]);
    }
    std::vector<std::string> own = {"--range", "--units"};
    if (fleet)
        own.insert(own.end(), fleetOptions().begin(), fleetOptions().end());
    const Parsed p = parseArgs(rest, 1, own);
    checkOutputFlags(p, "sensitivity", true);
    if (!p.positional.empty())
        throw InputError("sensitivity: unexpected argument \"" + p.positional[0] + "\"");
    double range = 0.5;
    if (auto it = p.own.find("--range"); it != p.own.end())
        range = parseFraction(it->second, "--range");
    const ByteUnits units = unitsOption(p);
    if (fleet)
        return fleetSensitivityCommand(p, range, units, out);
    const ResolvedScenario rs = resolve(specFromFlags(p));
    const SensitivityResult sr = sensitivity(rs.scenario, range);
    if (p.json) {
        out << sensitivityToJson(sr).dump(2) << "\n";
        return kExitOk;
    }
    if (p.csv) {
        out << sensitivityCsv(sr);
        return kExitOk;
    }
    auto delta = [&](double d) { return (d >= 0 ? "+" : "-") + formatBytes(std::fabs(d), units); };
    out << "Demand per server: HBM " << formatBytes(sr.base.hbm, units) << ", DRAM " << formatBytes(sr.base.dram, units)
        << ", NVMe " << formatBytes(sr.base.ssd, units) << "\nMoving each variable by ±" << percent(range)
        << " (KV format: one step), largest effect first:\n";
    for (const auto& b : sr.bars)
        out << "  " << padded(variableLabel(b.variable), 30) << "HBM " << delta(b.lowDelta.hbm) << " / "
            << delta(b.highDelta.hbm) << ", DRAM " << delta(b.lowDelta.dram) << " / " << delta(b.highDelta.dram)
            << ", NVMe " << delta(b.lowDelta.ssd) << " / " << delta(b.highDelta.ssd) << "\n";
    return kExitOk;
}

} // namespace

bool isCommandLine(const std::vector<std::string>& args)
{
    // Qt's own arguments (-platform, -style, ...) start with one dash and go to the GUI.
    if (args.empty())
        return false;
    const std::string& a = args[0];
    return a.empty() || a[0] != '-' || a == "--help" || a == "-h" || a == "--version" || a.starts_with("--");
}

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    try {
        if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
            out << kUsage << "Overrides (each replaces the workload card's value):\n" << knobHelp() << kUsageTail;
            return kExitOk;
        }
        if (args[0] == "--version") {
            out << "kvtiers " << KVTIERS_VERSION << "\n";
            return kExitOk;
        }
        if (args[0] == "list")
            return cmdList(args, out);
        if (args[0] == "eval")
            return cmdEval(args, out);
        if (args[0] == "sweep")
            return cmdSweep(args, out);
        if (args[0] == "compare")
            return cmdCompare(args, out);
        if (args[0] == "preset")
            return cmdPreset(args, out);
        if (args[0] == "fleet")
            return cmdFleet(args, out);
        if (args[0] == "sensitivity")
            return cmdSensitivity(args, out);
        if (args[0] == "vllm-check")
            return cmdVllmCheck(args, out);
        throw InputError("unknown command \"" + args[0] + "\" (use list, eval, sweep, compare, export, preset, fleet, sensitivity or vllm-check; see kvtiers --help)");
    } catch (const InputError& e) {
        err << "kvtiers: " << e.what() << "\n";
        return kExitUsage;
    } catch (const std::exception& e) {
        err << "kvtiers: internal error: " << e.what() << "\n";
        return 1;
    }
}

} // namespace kvtiers::cli
