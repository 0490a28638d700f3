// Replay: names, the trace held in memory, statistics and the sweep; the event loop is in
// ReplayEngine.cpp.
#include "core/replay/Replay.h"

#include "core/io/InputError.h"
#include "core/model/VllmCheck.h"
#include "core/replay/ReplayOptions.h"

#include <QtGlobal>

#include <algorithm>
#include <cmath>
#include <unordered_set>

namespace kvtiers::replay {

namespace {
constexpr MessageContext say { "Messages" };
} // namespace

const char* replayRoutingName(ReplayRouting routing)
{
    switch (routing) {
    case ReplayRouting::Central:
        return "central";
    case ReplayRouting::LeastLoaded:
        return "least-loaded";
    case ReplayRouting::RoundRobin:
        return "round-robin";
    case ReplayRouting::PrefixAware:
        return "prefix-aware";
    case ReplayRouting::Global:
        return "global";
    case ReplayRouting::Random:
        return "random";
    case ReplayRouting::CacheAware:
        return "cache-aware";
    }
    return "central";
}

double defaultMaxSeqs(const HardwareCard& gpu)
{
    return defaultMaxNumBatchedTokens(&gpu) >= 8192 ? 1024 : 256;
}

ReplayTrace loadReplayTrace(trace::TraceReader& reader, const ReplayControl& control)
{
    ReplayTrace t;
    t.name = reader.name();
    trace::TraceRequest q;
    std::unordered_set<std::uint64_t> seen;
    double first = 0;
    while (reader.next(q)) {
        if (t.requests.empty())
            first = q.timeSeconds;
        ReplayTrace::Request r;
        r.arrival = q.timeSeconds - first;
        r.inputTokens = q.inputTokens;
        r.outputTokens = q.outputTokens;
        r.firstKey = t.keys.size();
        r.keyCount = static_cast<std::uint32_t>(q.blockKeys.size());
        r.line = q.line;
        t.keys.insert(t.keys.end(), q.blockKeys.begin(), q.blockKeys.end());
        seen.insert(q.blockKeys.begin(), q.blockKeys.end());
        t.requests.push_back(r);
        if ((t.requests.size() & 4095) == 0) {
            if (control.cancel && control.cancel->load())
                throw ReplayCancelled();
            if (control.progress && reader.totalBytes() > 0)
                control.progress(static_cast<double>(reader.bytesRead()) / static_cast<double>(reader.totalBytes()));
        }
    }
    if (t.requests.empty())
        throw InputError(say(QT_TRANSLATE_NOOP("Messages", "%1: no requests: nothing to replay"), { t.name }));
    t.format = reader.format();
    t.blockTokens = reader.blockTokens();
    t.uniqueBlocks = seen.size();
    return t;
}

double nearestRank(const std::vector<double>& sorted, double p)
{
    if (sorted.empty())
        return 0;
    const double rank = std::ceil(p * static_cast<double>(sorted.size()));
    const std::size_t i = rank < 1 ? 0 : std::min(sorted.size() - 1, static_cast<std::size_t>(rank) - 1);
    return sorted[i];
}

double atPercentile(const std::vector<double>& sorted, const ReplayStats& stats, double percentile)
{
    return percentile == kMeanPercentile ? stats.mean : nearestRank(sorted, percentile / 100);
}

ReplayStats replayStats(std::vector<double> values)
{
    ReplayStats s;
    if (values.empty())
        return s;
    std::sort(values.begin(), values.end());
    double sum = 0;
    for (double v : values)
        sum += v;
    s.mean = sum / static_cast<double>(values.size());
    s.p50 = nearestRank(values, 0.5);
    s.p90 = nearestRank(values, 0.9);
    s.p99 = nearestRank(values, 0.99);
    s.max = values.back();
    return s;
}

const char* replaySweepAxisName(ReplaySweepAxis axis)
{
    switch (axis) {
    case ReplaySweepAxis::Dram:
        return "dram";
    case ReplaySweepAxis::Ssd:
        return "ssd";
    case ReplaySweepAxis::Replicas:
        return "replicas";
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
        break;
    }
    return std::nullopt;
}

ReplaySweep sweepReplay(const ReplayTrace& trace, const Scenario& scenario, const EvalResult& result,
    const ReplayOptions& options, ReplaySweepAxis axis, int points, const ReplayControl& control)
{
    ReplayInput input;
    input.options = options;
    input.sweep = axis;
    input.points = points;
    validateReplayInput(input);
    ReplayOptions base = options;
    base.keepRequests = false;
    // The scenario's own value on the axis, as a replay sets it up.
    const ReplayCapacities own = replayCapacities(trace.blockTokens, scenario, result, base);
    ReplaySweep sweep;
    sweep.axis = axis;
    double top = 0;
    const std::optional<Tier> tier = sweptTier(axis);
    if (!tier) {
        sweep.current = own.replicas;
        top = std::max(2.0, 2.0 * own.replicas);
    } else {
        sweep.current = own.blocks[*tier];
        sweep.currentBytes = sweep.current * own.kvBytesPerBlock;
        top = std::max(2.0 * sweep.current, static_cast<double>(trace.uniqueBlocks));
        top = std::max(top, 1.0);
    }
    for (int i = 0; i < points; ++i) {
        if (control.cancel && control.cancel->load())
            throw ReplayCancelled();
        ReplaySweepPoint p;
        ReplayOptions o = base;
        if (!tier) {
            p.value = std::max(1.0, std::round(1 + (top - 1) * i / (points - 1)));
            o.replicas = static_cast<int>(p.value);
        } else {
            p.value = std::floor(top * i / (points - 1));
            p.bytes = p.value * own.kvBytesPerBlock;
            o.capacityBlocks[*tier] = p.value;
        }
        ReplayControl inner;
        inner.cancel = control.cancel;
        if (control.progress)
            inner.progress = [&control, i, points](double share) { control.progress((i + share) / points); };
        p.result = runReplay(trace, scenario, result, o, inner);
        sweep.points.push_back(std::move(p));
    }
    if (control.progress)
        control.progress(1);
    return sweep;
}

} // namespace kvtiers::replay
