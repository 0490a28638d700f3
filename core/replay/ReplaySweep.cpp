// ReplaySweep: sweeps of the replay and the effective request capacity (ReplaySweep.h).
#include "core/replay/ReplaySweep.h"

#include "core/model/ComputeModel.h"
#include "core/model/KvSizing.h"
#include "core/replay/ReplayChecks.h"
#include "core/replay/ReplayOptions.h"
#include "core/trace/TraceAnalysis.h"

#include <algorithm>
#include <cmath>

namespace kvtiers::replay {

const char* replaySweepAxisName(ReplaySweepAxis axis)
{
    switch (axis) {
    case ReplaySweepAxis::Dram:
        return "dram";
    case ReplaySweepAxis::Ssd:
        return "ssd";
    case ReplaySweepAxis::Replicas:
        return "replicas";
    case ReplaySweepAxis::Rate:
        return "rate";
    }
    return "dram";
}

std::optional<Tier> sweptTier(ReplaySweepAxis axis)
{
    switch (axis) {
    case ReplaySweepAxis::Dram:
        return Tier::Dram;
    case ReplaySweepAxis::Ssd:
        return Tier::Ssd;
    case ReplaySweepAxis::Replicas:
    case ReplaySweepAxis::Rate:
        break;
    }
    return std::nullopt;
}

const char* sweepSpacingName(SweepSpacing spacing)
{
    switch (spacing) {
    case SweepSpacing::Linear:
        return "linear";
    case SweepSpacing::Log:
        return "log";
    case SweepSpacing::Given:
        return "given";
    case SweepSpacing::Stable:
        break;
    }
    return "stable";
}

namespace {

/// The trace's LRU hit curve as one pool (TraceAnalysis), sampled at `rate` (1: exact),
/// from the requests held in memory.
trace::TraceAnalysis hitCurve(const ReplayTrace& t, double rate, int depth = 1)
{
    trace::TraceOptions o;
    o.sampleRate = rate;
    o.sampleDepth = depth;
    std::size_t j = 0;
    return trace::analyzeRequestsFrom(
        [&](trace::TraceRequest& r) {
            if (j == t.requests.size())
                return false;
            const ReplayTrace::Request& q = t.requests[j++];
            r.timeSeconds = q.arrival;
            r.inputTokens = q.inputTokens;
            r.outputTokens = q.outputTokens;
            r.line = q.line;
            const auto first = t.keys.begin() + static_cast<std::ptrdiff_t>(q.firstKey);
            r.blockKeys.assign(first, first + q.keyCount);
            return true;
        },
        o, t.format, t.blockTokens, t.name);
}

/// Sets the sweep's knee (and its error when sampled) from the trace's hit curve, and where a
/// log sweep starts.
void findKnee(ReplaySweep& sweep, const ReplayTrace& t)
{
    const HitKnee knee = hitCurveKnee(t);
    sweep.curveSampleRate = knee.sampleRate;
    sweep.kneeBlocks = knee.blocks;
    sweep.kneeErrorBlocks = knee.errorBlocks;
    sweep.logFromBlocks = std::max(1.0, std::round(sweep.kneeBlocks / kLogSweepBelowKnee));
}

/// Replica-seconds of prefill the trace asks for: each prompt's tokens that the trace's one
/// pool at its ceiling would not serve, at the scenario's prefill rate.
double prefillWorkSeconds(const ReplayTrace& t, const Scenario& s)
{
    const KvSizing kv(s.model, s.kvFormat(), s.tp(), s.workload.blockSize, s.workload.allocation, s.dcp());
    const ComputeModel cm(s, kv);
    const double missShare = 1 - hitCurve(t, 1).tokenHitRatioInfinite();
    double work = 0;
    for (const ReplayTrace::Request& q : t.requests)
        work += cm.marginalRecomputeSeconds(0, std::max(1.0, static_cast<double>(q.inputTokens))) * missShare;
    return work;
}

/// The fewest replicas whose prefill compute keeps up with the arrivals: the prefill work
/// per second of the trace (scaled).
double leastStableReplicas(const ReplayTrace& t, const Scenario& s, const ReplayOptions& o)
{
    const double span = t.requests.back().arrival / o.trafficScale;
    return span > 0 ? std::max(1.0, std::ceil(prefillWorkSeconds(t, s) / span)) : 1.0;
}

/// The traffic scale at which `replicas` replicas would spend all their time prefilling:
/// where a rate sweep's grid is centred (the decode side may bind sooner; the sweep widens
/// its grid until a point fails above one that holds).
double prefillSaturationScale(const ReplayTrace& t, const Scenario& s, int replicas)
{
    const double work = prefillWorkSeconds(t, s);
    const double span = t.requests.back().arrival;
    return work > 0 && span > 0 ? span * replicas / work : 1.0;
}

/// `values` ascending, each once (a value rounded onto another is replayed once).
std::vector<double> distinctAscending(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    return values;
}

} // namespace

namespace {

/// The shallowest block whose prefix keys split `t` into enough trees for a sample at
/// `rate` to keep about kSampledTrees of them (at most kMaxSampleDepth). A trace whose
/// requests all open with one system prompt is one tree at its first block: sampled there,
/// it is kept whole or not at all.
int sampleDepthFor(const ReplayTrace& t, double rate)
{
    constexpr double kSampledTrees = 1000;
    constexpr int kMaxSampleDepth = 8;
    for (int depth = 1; depth < kMaxSampleDepth; ++depth) {
        std::vector<std::uint64_t> keys;
        keys.reserve(t.requests.size());
        for (const ReplayTrace::Request& q : t.requests)
            if (q.keyCount > 0)
                keys.push_back(t.keys[q.firstKey + std::min<std::uint32_t>(q.keyCount, depth) - 1]);
        std::sort(keys.begin(), keys.end());
        const double trees = static_cast<double>(std::unique(keys.begin(), keys.end()) - keys.begin());
        if (trees * rate >= kSampledTrees)
            return depth;
    }
    return kMaxSampleDepth;
}

} // namespace

HitKnee hitCurveKnee(const ReplayTrace& t, double exactLimit, double sampledBlocks)
{
    // Sampled, SHARDS keeps about `sampledBlocks` distinct blocks, by prefix trees deep
    // enough that the sample holds many; the knee's error is its spread between that rate
    // and half of it.
    const double distinct = static_cast<double>(t.uniqueBlocks);
    HitKnee knee;
    knee.sampleRate = distinct > exactLimit ? std::min(1.0, sampledBlocks / distinct) : 1.0;
    if (knee.sampleRate < 1)
        knee.sampleDepth = sampleDepthFor(t, knee.sampleRate / 2);
    knee.blocks = hitCurve(t, knee.sampleRate, knee.sampleDepth).capacityForShareOfCeiling(0.5);
    if (knee.sampleRate < 1)
        knee.errorBlocks
            = std::abs(hitCurve(t, knee.sampleRate / 2, knee.sampleDepth).capacityForShareOfCeiling(0.5) - knee.blocks);
    return knee;
}

ReplaySweep planReplaySweep(const ReplayTrace& trace, const Scenario& scenario, const EvalResult& result,
    const ReplayOptions& options, ReplaySweepAxis axis, int points, const std::vector<double>& at, bool fromStable)
{
    ReplayInput input;
    input.options = options;
    input.sweep = axis;
    input.points = points;
    validateReplayInput(input);
    // The scenario's own value on the axis, as a replay sets it up.
    const ReplayCapacities own = replayCapacities(trace.blockTokens, scenario, result, options);
    ReplaySweep sweep;
    sweep.axis = axis;
    const std::optional<Tier> tier = sweptTier(axis);
    std::vector<double> values;
    if (!at.empty()) {
        sweep.spacing = SweepSpacing::Given;
        values = at;
    } else if (axis == ReplaySweepAxis::Rate) {
        // Evenly from top ÷ points to top, twice the prefill's saturation scale.
        const int prefill = own.prefillReplicas > 0 ? own.prefillReplicas : own.replicas;
        const double top = 2 * prefillSaturationScale(trace, scenario, prefill);
        for (int i = 1; i <= points; ++i)
            values.push_back(top * i / points);
    } else if (!tier) {
        double from = 1, top = std::max(2.0, 2.0 * own.replicas);
        if (fromStable) {
            sweep.spacing = SweepSpacing::Stable;
            sweep.leastStableReplicas = leastStableReplicas(trace, scenario, options);
            from = sweep.leastStableReplicas;
            top = 2 * from;
        }
        for (int i = 0; i < points; ++i)
            values.push_back(std::round(from + (top - from) * i / (points - 1)));
    } else {
        const double top = std::max({ 2.0 * own.blocks[*tier], static_cast<double>(trace.uniqueBlocks), 1.0 });
        findKnee(sweep, trace);
        const double foot = sweep.logFromBlocks;
        values.push_back(0);
        if (sweep.kneeBlocks > 0 && foot < top) {
            sweep.spacing = SweepSpacing::Log;
            for (int i = 1; i < points; ++i)
                values.push_back(points == 2 ? top : std::round(foot * std::pow(top / foot, (i - 1.0) / (points - 2))));
        } else {
            for (int i = 1; i < points; ++i)
                values.push_back(std::floor(top * i / (points - 1)));
        }
    }
    sweep.current = tier ? own.blocks[*tier] : axis == ReplaySweepAxis::Rate ? options.trafficScale : own.replicas;
    sweep.currentBytes = tier ? sweep.current * own.kvBytesPerBlock : 0;
    for (double v : distinctAscending(std::move(values))) {
        ReplaySweepPoint p;
        p.value = v;
        p.bytes = tier ? v * own.kvBytesPerBlock : 0;
        sweep.points.push_back(std::move(p));
    }
    return sweep;
}

namespace {

/// Replays one point of a sweep at its value on the sweep's axis.
ReplayResult replayAt(ReplaySweepAxis axis, double value, const ReplayTrace& trace, const Scenario& scenario,
    const EvalResult& result, ReplayOptions o, const ReplayControl& inner)
{
    o.keepRequests = false;
    if (const std::optional<Tier> tier = sweptTier(axis))
        o.capacityBlocks[*tier] = value;
    else if (axis == ReplaySweepAxis::Rate)
        o.trafficScale = value;
    else
        o.replicas = static_cast<int>(value);
    return runReplay(trace, scenario, result, o, inner);
}

/// The most times a rate sweep widens its grid (a step up past its top, or halving below
/// its foot) looking for a point that fails above one that holds.
constexpr int kMostGridWidenings = 8;

/// The index of the last point at which the targets held there and at every point before
/// it; -1 when the first failed.
int lastHeldInARow(const std::vector<ReplaySweepPoint>& points)
{
    int last = -1;
    for (const ReplaySweepPoint& p : points) {
        if (!p.result.targetsHeld)
            break;
        ++last;
    }
    return last;
}

} // namespace

void runReplaySweep(ReplaySweep& sweep, const ReplayTrace& trace, const Scenario& scenario, const EvalResult& result,
    const ReplayOptions& options, const ReplayControl& control)
{
    const int n = static_cast<int>(sweep.points.size());
    auto check = [&control] {
        if (control.cancel && control.cancel->load())
            throw ReplayCancelled();
    };
    for (int i = 0; i < n; ++i) {
        check();
        ReplaySweepPoint& p = sweep.points[static_cast<std::size_t>(i)];
        ReplayControl inner;
        inner.cancel = control.cancel;
        if (control.progress)
            inner.progress = [&control, i, n](double share) { control.progress((i + share) / n); };
        p.result = replayAt(sweep.axis, p.value, trace, scenario, result, options, inner);
    }
    if (sweep.axis == ReplaySweepAxis::Rate && !sweep.points.empty())
        findCapacity(sweep, trace, scenario, result, options, control);
    if (control.progress)
        control.progress(1);
}

void findCapacity(ReplaySweep& sweep, const ReplayTrace& trace, const Scenario& scenario, const EvalResult& result,
    const ReplayOptions& options, const ReplayControl& control)
{
    ReplayControl inner;
    inner.cancel = control.cancel;
    auto run = [&](double scale) {
        if (control.cancel && control.cancel->load())
            throw ReplayCancelled();
        ReplaySweepPoint p;
        p.value = scale;
        p.result = replayAt(ReplaySweepAxis::Rate, scale, trace, scenario, result, options, inner);
        return p;
    };
    // Widen the grid until a point holds below one that fails: halving below its foot, or
    // stepping past its top by the grid's step.
    std::vector<ReplaySweepPoint>& pts = sweep.points;
    for (int k = 0; k < kMostGridWidenings && !pts.front().result.targetsHeld; ++k)
        pts.insert(pts.begin(), run(pts.front().value / 2));
    const double step = pts.size() > 1 ? pts.back().value - pts[pts.size() - 2].value : pts.back().value;
    for (int k = 0; k < kMostGridWidenings && lastHeldInARow(pts) == static_cast<int>(pts.size()) - 1; ++k)
        pts.push_back(run(pts.back().value + step));
    const int last = lastHeldInARow(pts);
    if (last < 0 || last + 1 >= static_cast<int>(pts.size())) {
        sweep.capacityScale = last < 0 ? 0.0 : pts[static_cast<std::size_t>(last)].value;
        sweep.failedScale = last < 0 ? pts.front().value : 0.0;
        sweep.capacityRps = sweep.capacityScale * traceRequestRate(trace);
        return;
    }
    double held = pts[static_cast<std::size_t>(last)].value, failed = pts[static_cast<std::size_t>(last) + 1].value;
    while (failed - held > kCapacityTolerance * held) {
        ReplaySweepPoint p = run((held + failed) / 2);
        (p.result.targetsHeld ? held : failed) = p.value;
        sweep.bisection.push_back(std::move(p));
    }
    sweep.capacityScale = held;
    sweep.failedScale = failed;
    sweep.capacityRps = held * traceRequestRate(trace);
}

ReplaySweep sweepReplay(const ReplayTrace& trace, const Scenario& scenario, const EvalResult& result,
    const ReplayOptions& options, ReplaySweepAxis axis, int points, const ReplayControl& control)
{
    ReplaySweep sweep = planReplaySweep(trace, scenario, result, options, axis, points);
    runReplaySweep(sweep, trace, scenario, result, options, control);
    return sweep;
}

double traceRequestRate(const ReplayTrace& trace)
{
    if (trace.requests.size() < 2)
        return 0;
    const double span = trace.requests.back().arrival - trace.requests.front().arrival;
    return span > 0 ? static_cast<double>(trace.requests.size() - 1) / span : 0.0;
}

} // namespace kvtiers::replay
