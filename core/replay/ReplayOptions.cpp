#include "core/replay/ReplayOptions.h"

#include "core/analysis/FleetOptions.h"
#include "core/cards/LatencyTargets.h"
#include "core/io/InputError.h"
#include "core/io/Units.h"
#include "core/replay/Router.h"

#include <cmath>

namespace kvtiers::replay {

namespace {

using Field = OptionField<ReplayInput>;

/// A field of the input itself.
template <auto Member> Field input()
{
    Field f;
    f.get = [](const ReplayInput& in) { return optionNumber(in.*Member); };
    f.set = [](ReplayInput& in, double v) { optionAssign(in.*Member, v); };
    return f;
}

/// A field of the replay's options (ReplayInput::options).
template <auto Member> Field engine()
{
    Field f;
    f.get = [](const ReplayInput& in) { return optionNumber(in.options.*Member); };
    f.set = [](ReplayInput& in, double v) { optionAssign(in.options.*Member, v); };
    return f;
}

/// A latency target: set as given, read as in force (kDefaultTargets where unset), so the
/// table's default is the default target.
template <std::optional<double> LatencyTargets::*Member, double (LatencyTargets::*InForce)() const> Field target()
{
    Field f;
    f.get = [](const ReplayInput& in) { return std::optional<double>((in.options.targets.*InForce)()); };
    f.set = [](ReplayInput& in, double v) { in.options.targets.*Member = v; };
    return f;
}

/// The TBT target: no default stands in for it (LatencyTargets.h).
Field tbtTarget()
{
    Field f;
    f.get = [](const ReplayInput& in) { return in.options.targets.tbtSeconds; };
    f.set = [](ReplayInput& in, double v) { in.options.targets.tbtSeconds = v; };
    return f;
}

/// A tier's fixed capacity in blocks.
template <Tier T> Field capacity()
{
    Field f;
    f.get = [](const ReplayInput& in) { return optionNumber(in.options.capacityBlocks[T]); };
    f.set = [](ReplayInput& in, double v) { in.options.capacityBlocks[T] = v; };
    return f;
}

/// The trace's format: unset (Auto) or one of the choices, Mooncake first.
Field format()
{
    Field f;
    f.get = [](const ReplayInput& in) {
        return in.format == trace::TraceFormat::Auto ? std::nullopt
                                                     : std::optional<double>(static_cast<int>(in.format) - 1);
    };
    f.set = [](ReplayInput& in, double v) { in.format = static_cast<trace::TraceFormat>(static_cast<int>(v) + 1); };
    return f;
}

/// Cache-aware routing's threshold: set as given, read as in force (the table's default is
/// the router's).
Field balance()
{
    Field f;
    f.get = [](const ReplayInput& in) {
        return std::optional<double>(in.options.balanceSeconds.value_or(kDefaultBalanceSeconds));
    };
    f.set = [](ReplayInput& in, double v) { in.options.balanceSeconds = v; };
    return f;
}

/// The points: set as given, read as in force.
Field points()
{
    Field f;
    f.get = [](const ReplayInput& in) { return std::optional<double>(in.pointsInForce()); };
    f.set = [](ReplayInput& in, double v) { in.points = static_cast<int>(v); };
    return f;
}

std::string quoted(std::string_view text)
{
    return "\"" + std::string(text) + "\"";
}

/// "hbm=N,dram=N,ssd=N" (any of them, any order): each tier's capacity option set in turn.
void parseCapacityList(ReplayInput& in, std::string_view text, const std::string& key)
{
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        const std::string_view item = text.substr(start, comma - start);
        const std::size_t eq = item.find('=');
        if (eq == std::string_view::npos)
            throw InputError({ .code = InputErrorCode::UnknownChoice,
                .where = key,
                .value = quoted(item),
                .detail = "hbm=N|dram=N|ssd=N" });
        const std::string_view tier = item.substr(0, eq);
        const Tier* found = nullptr;
        for (const Tier& t : kTiers)
            if (tier == tierKey(t))
                found = &t;
        if (!found)
            throw InputError({ .code = InputErrorCode::UnknownChoice,
                .where = key,
                .value = quoted(tier),
                .detail = "hbm|dram|ssd" });
        setOption(replayOption(capacityKey(*found)), in, item.substr(eq + 1));
        if (comma == text.size())
            break;
        start = comma + 1;
    }
}

/// "1000,5000,20000": a sweep's values, each a whole number from 0 to 10^15.
void parseValueList(ReplayInput& in, std::string_view text, const std::string& key)
{
    in.at.clear();
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        // Whole for capacities and replica counts, any scale for rates (validateReplayInput).
        in.at.push_back(parseNumberOption(text.substr(start, comma - start), key, 0, 1e15, false));
        if (comma == text.size())
            break;
        start = comma + 1;
    }
}

Field valueList()
{
    Field f;
    f.parse = &parseValueList;
    return f;
}

Field capacityList()
{
    Field f;
    f.parse = &parseCapacityList;
    return f;
}

using K = OptionKind;

/// A disaggregated layout's option as the fleet's table states it: one key, flag, range and
/// help text for `replay`, `fleet` and `eval`.
OptionSpec layoutSpec(const char* key)
{
    return fleetOption(key);
}

namespace key = replay_keys;

/// The table, built on first use (the CLI's command list reads it while statics are made).
/// A table written as data: one entry per option, kept as laid out.
// clang-format off
std::span<const Option<ReplayInput>> table()
{
    static const Option<ReplayInput> kTable[] = {
        { { key::kFormat, "--format", K::Choice, 0, 0, "", nullptr,
              QT_TRANSLATE_NOOP("Option", "the trace's format (default: told by its first line)"), "mooncake|bailian" },
            format() },
        { { key::kBlockTokens, "--block-tokens", K::Count, 1, 1 << 20, "tokens", "N",
              QT_TRANSLATE_NOOP(
                  "Option", "tokens per hashed block (default: the format's own, Mooncake 512, Bailian 16)") },
            input<&ReplayInput::blockTokens>() },
        { { key::kReplicas, "--replicas", K::Count, 1, 1e6, "", "N",
              QT_TRANSLATE_NOOP("Option", "replicas replayed on (default: replicas per server × servers)") },
            engine<&ReplayOptions::replicas>() },
        { { key::kRouting, "--routing", K::Choice, 0, 0, "", nullptr,
              QT_TRANSLATE_NOOP("Option",
                  "where arrivals go: one central queue dispatching to the replica that can start it soonest, a "
                  "replica chosen on arrival (by load, in turn, by prefix, at random, or by estimated TTFT: "
                  "cache-aware), or a central queue with one DRAM/SSD pool (global)"),
              "central|least-loaded|round-robin|prefix-aware|global|random|cache-aware" },
            engine<&ReplayOptions::routing>() },
        { { key::kTrafficScale, "--traffic-scale", K::Number, 1e-9, 1e9, "", "K",
              QT_TRANSLATE_NOOP("Option", "traffic × K: every gap between arrivals divided by K") },
            engine<&ReplayOptions::trafficScale>() },
        { { kTtftSecondsKey, "--ttft", K::Number, 1e-6, 1e9, "s", "S",
              QT_TRANSLATE_NOOP("Option", "time-to-first-token target") },
            target<&LatencyTargets::ttftSeconds, &LatencyTargets::ttft>() },
        { { kTpotSecondsKey, "--tpot", K::Number, 1e-6, 1e9, "s", "S",
              QT_TRANSLATE_NOOP("Option", "time-per-output-token target") },
            target<&LatencyTargets::tpotSeconds, &LatencyTargets::tpot>() },
        { { kTtftPercentileKey, "--ttft-percentile", K::Percentile, 0, 0, "", "P",
              QT_TRANSLATE_NOOP("Option", "the percentile the TTFT target holds at: 99, 99.9 or mean") },
            target<&LatencyTargets::ttftPercentile, &LatencyTargets::ttftAt>() },
        { { kTpotPercentileKey, "--tpot-percentile", K::Percentile, 0, 0, "", "P",
              QT_TRANSLATE_NOOP("Option", "the percentile the TPOT target holds at: 99, 99.9 or mean") },
            target<&LatencyTargets::tpotPercentile, &LatencyTargets::tpotAt>() },
        { { kTbtSecondsKey, "--tbt", K::Number, 1e-6, 1e9, "s", "S",
              QT_TRANSLATE_NOOP("Option",
                  "time-between-tokens target, held by each request's TBT as Mooncake measures it (the mean of "
                  "its longest 10% of gaps); none unless given") },
            tbtTarget() },
        { { kTbtPercentileKey, "--tbt-percentile", K::Percentile, 0, 0, "", "P",
              QT_TRANSLATE_NOOP("Option", "the percentile of requests the TBT target holds at: 99, 99.9 or mean") },
            target<&LatencyTargets::tbtPercentile, &LatencyTargets::tbtAt>() },
        { { key::kCapacityBlocks, "--capacity-blocks", K::Custom, 0, 0, "", "hbm=N,dram=N,ssd=N",
              QT_TRANSLATE_NOOP("Option",
                  "fixed tier sizes in trace blocks: HBM's cache per replica (it then counts cached blocks only), "
                  "DRAM and SSD per server, or per pool with global routing") },
            capacityList() },
        { { "capacity_blocks.hbm", nullptr, K::Count, 0, 1e15, "blocks", "N",
              QT_TRANSLATE_NOOP("Option",
                  "HBM's prefix cache per replica in trace blocks (default: what the active requests leave)") },
            capacity<Tier::Hbm>() },
        { { "capacity_blocks.dram", nullptr, K::Count, 0, 1e15, "blocks", "N",
              QT_TRANSLATE_NOOP("Option",
                  "DRAM per server (per pool with global routing) in trace blocks (default: the "
                  "scenario's)") },
            capacity<Tier::Dram>() },
        { { "capacity_blocks.ssd", nullptr, K::Count, 0, 1e15, "blocks", "N",
              QT_TRANSLATE_NOOP("Option",
                  "SSD per server (per pool with global routing) in trace blocks (default: the "
                  "scenario's)") },
            capacity<Tier::Ssd>() },
        { { key::kTierMode, "--tiers", K::Choice, 0, 0, "", nullptr,
              QT_TRANSLATE_NOOP("Option",
                  "how DRAM and SSD keep blocks: each block written down, or moved between tiers (default: the "
                  "restore path's)"),
              "write-through|exclusive" },
            engine<&ReplayOptions::tierMode>() },
        { { key::kMaxBatchedTokens, "--max-num-batched-tokens", K::Count, 1, 1e9, "tokens", "N",
              QT_TRANSLATE_NOOP("Option",
                  "a step's token budget (default: vLLM's for the GPU, 8192 from 70 GiB of HBM except A100, else "
                  "2048)") },
            engine<&ReplayOptions::maxBatchedTokens>() },
        { { key::kMaxSeqs, "--max-num-seqs", K::Count, 1, 1e9, "", "N",
              QT_TRANSLATE_NOOP("Option",
                  "sequences a replica runs at once (default: vLLM's, 1024 with 8192 batched tokens, else 256)") },
            engine<&ReplayOptions::maxSeqs>() },
        { { key::kSeed, "--seed", K::Count, 0, 1e15, "", "N",
              QT_TRANSLATE_NOOP("Option", "where round-robin and load-based routing start their scan, and random routing's draws") },
            engine<&ReplayOptions::seed>() },
        { { key::kMaxRequestSteps, "--max-request-steps", K::Number, 1, 1e13, "", "N",
              QT_TRANSLATE_NOOP("Option",
                  "the most request-steps (output tokens plus prefill chunks) a replay runs before it refuses the "
                  "trace: a bound on its time, 2e9 (minutes) unless given") },
            engine<&ReplayOptions::maxRequestSteps>() },
        { { key::kBalanceSeconds, "--balance-threshold", K::Number, 0, 1e9, "s", "S",
              QT_TRANSLATE_NOOP("Option",
                  "cache-aware routing passes over a replica whose queued prefill exceeds the least loaded's by more "
                  "than this") },
            balance() },
        { { key::kPrefillReplicas, "--prefill-replicas", K::Count, 1, 1e6, "", "N",
              QT_TRANSLATE_NOOP("Option",
                  "disaggregated prefill and decode: replicas that only prefill (with --decode-replicas)") },
            engine<&ReplayOptions::prefillReplicas>() },
        { { key::kDecodeReplicas, "--decode-replicas", K::Count, 1, 1e6, "", "N",
              QT_TRANSLATE_NOOP("Option",
                  "disaggregated prefill and decode: replicas that only decode, each request sent to the least "
                  "loaded") },
            engine<&ReplayOptions::decodeReplicas>() },
        { layoutSpec(fleet_keys::kFirstToken), engine<&ReplayOptions::firstTokenAt>() },
        { layoutSpec(fleet_keys::kTransferOverlap), engine<&ReplayOptions::transferOverlap>() },
        { layoutSpec(fleet_keys::kCacheAt), engine<&ReplayOptions::cacheAt>() },
        { { key::kSweep, "--sweep", K::Choice, 0, 0, "", nullptr,
              QT_TRANSLATE_NOOP(
                  "Option",
                  "replay at several values of DRAM or SSD per server (0, then log-spaced from a tenth of the knee of "
                  "the trace's hit curve), of the replica count (from the least stable count to twice it), or of the "
                  "traffic scale (rate: evenly up to past where the targets fail, then bisected to 1%: the "
                  "effective request capacity)"),
              "dram|ssd|replicas|rate" },
            input<&ReplayInput::sweep>() },
        { { key::kPoints, "--points", K::Count, 2, 200, "", "N", QT_TRANSLATE_NOOP("Option", "replays in a sweep") },
            points() },
        { { key::kAt, "--at", K::Custom, 0, 0, "", "V,V,...",
              QT_TRANSLATE_NOOP("Option",
                  "a sweep's values instead of its points: blocks per server (per pool with global routing), "
                  "replicas, or traffic scales, e.g. 1000,5000,20000") },
            valueList() },
        // No flag of its own: the command line sets it with the workload's output-tokens
        // knob, whose flag it shares (one flag, one meaning: the outputs replayed).
        { { key::outputTokens(), nullptr, K::Count, 1, 1e9, "tokens", "N",
              QT_TRANSLATE_NOOP("Option", "every request's output tokens, 1 for prefill only (default: the trace's)") },
            engine<&ReplayOptions::outputTokens>() },
    };
    return kTable;
}
// clang-format on

} // namespace

const char* capacityKey(Tier tier)
{
    switch (tier) {
    case Tier::Hbm:
        return "capacity_blocks.hbm";
    case Tier::Dram:
        return "capacity_blocks.dram";
    case Tier::Ssd:
        break;
    }
    return "capacity_blocks.ssd";
}

std::optional<Tier> capacityKeyTier(std::string_view key)
{
    for (Tier t : kTiers)
        if (key == capacityKey(t))
            return t;
    return std::nullopt;
}

std::span<const Option<ReplayInput>> replayOptionTable()
{
    return table();
}

const Option<ReplayInput>& replayOption(std::string_view key)
{
    const Option<ReplayInput>* o = findOption(replayOptionTable(), key);
    if (!o)
        throw InputError("replay: no option " + std::string(key)); // a key spelled wrong in the code
    return *o;
}

void validateReplayInput(const ReplayInput& in)
{
    validateOptions(replayOptionTable(), in);
    if (in.points && !in.sweep)
        throw InputError({ .code = InputErrorCode::OptionNeeds, .where = key::kPoints, .value = key::kSweep });
    if (!in.at.empty() && !in.sweep)
        throw InputError({ .code = InputErrorCode::OptionNeeds, .where = key::kAt, .value = key::kSweep });
    if (!in.at.empty() && in.points)
        throw InputError({ .code = InputErrorCode::OptionsConflict, .where = key::kAt, .value = key::kPoints });
    if (in.at.size() > 200)
        throw InputError({ .code = InputErrorCode::ValueOutOfRange,
            .where = key::kAt,
            .value = std::to_string(in.at.size()) + " values",
            .min = "1",
            .max = "200" });
    if (!in.sweep)
        return;
    if (const auto tier = sweptTier(*in.sweep); tier && in.options.capacityBlocks[*tier])
        throw InputError(
            { .code = InputErrorCode::OptionsConflict, .where = key::kSweep, .value = capacityKey(*tier) });
    if (*in.sweep != ReplaySweepAxis::Rate)
        for (double v : in.at)
            if (v != std::floor(v))
                throw InputError({ .code = InputErrorCode::ValueNotWhole,
                    .where = key::kAt,
                    .value = "\"" + formatSignificant(v, 6) + "\"" });
    if (*in.sweep == ReplaySweepAxis::Rate && in.options.trafficScale != 1)
        throw InputError(
            { .code = InputErrorCode::OptionsConflict, .where = key::kSweep, .value = key::kTrafficScale });
    if (*in.sweep == ReplaySweepAxis::Rate)
        for (double v : in.at)
            if (!(v > 0 && v <= 1e9))
                throw InputError({ .code = InputErrorCode::ValueOutOfRange,
                    .where = key::kAt,
                    .value = formatSignificant(v, 6),
                    .min = "above 0",
                    .max = "1000000000" });
    if (*in.sweep == ReplaySweepAxis::Replicas && (in.options.prefillReplicas || in.options.decodeReplicas))
        throw InputError({ .code = InputErrorCode::OptionsConflict,
            .where = key::kSweep,
            .value = in.options.prefillReplicas ? key::kPrefillReplicas : key::kDecodeReplicas });
    if (*in.sweep == ReplaySweepAxis::Replicas && in.options.replicas)
        throw InputError({ .code = InputErrorCode::OptionsConflict, .where = key::kSweep, .value = key::kReplicas });
    if (*in.sweep == ReplaySweepAxis::Replicas)
        for (double v : in.at)
            if (!(v >= 1 && v <= 1e6))
                throw InputError({ .code = InputErrorCode::ValueOutOfRange,
                    .where = key::kAt,
                    .value = formatSignificant(v, 6),
                    .min = "1",
                    .max = "1000000" });
}

void validateReplayOptions(const ReplayOptions& options)
{
    ReplayInput in;
    in.options = options;
    validateOptions(replayOptionTable(), in);
}

} // namespace kvtiers::replay
