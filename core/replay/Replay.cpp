// Replay: names, the trace held in memory, statistics and the sweep; the event loop is in
// ReplayEngine.cpp.
#include "core/replay/Replay.h"

#include "core/io/InputError.h"
#include "core/model/ComputeModel.h"
#include "core/model/KvSizing.h"
#include "core/model/VllmCheck.h"
#include "core/replay/ReplayOptions.h"
#include "core/trace/TraceAnalysis.h"

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

namespace {

class StreamedTrace : public ReplaySource {
public:
    explicit StreamedTrace(trace::TraceReader& reader)
        : m_reader(reader)
    {
    }
    bool next(ReplayTrace::Request& r, std::vector<std::uint64_t>& keys) override
    {
        if (!m_reader.next(m_q))
            return false;
        if (!m_started)
            m_first = m_q.timeSeconds;
        m_started = true;
        r.arrival = m_q.timeSeconds - m_first;
        r.inputTokens = m_q.inputTokens;
        r.outputTokens = m_q.outputTokens;
        r.firstKey = 0;
        r.keyCount = static_cast<std::uint32_t>(m_q.blockKeys.size());
        r.line = m_q.line;
        keys.swap(m_q.blockKeys); // the reader refills the vector it is given back
        return true;
    }
    const std::string& name() const override { return m_reader.name(); }
    int blockTokens() const override { return m_reader.blockTokens(); }
    double shareRead() const override
    {
        return m_reader.totalBytes() > 0
            ? static_cast<double>(m_reader.bytesRead()) / static_cast<double>(m_reader.totalBytes())
            : 0.0;
    }

private:
    trace::TraceReader& m_reader;
    trace::TraceRequest m_q;
    double m_first = 0;
    bool m_started = false;
};

class HeldTrace : public ReplaySource {
public:
    explicit HeldTrace(const ReplayTrace& trace)
        : m_t(trace)
    {
    }
    bool next(ReplayTrace::Request& r, std::vector<std::uint64_t>& keys) override
    {
        if (m_next == m_t.requests.size())
            return false;
        r = m_t.requests[m_next++];
        const auto first = m_t.keys.begin() + static_cast<std::ptrdiff_t>(r.firstKey);
        keys.assign(first, first + r.keyCount);
        r.firstKey = 0;
        return true;
    }
    const std::string& name() const override { return m_t.name; }
    int blockTokens() const override { return m_t.blockTokens; }
    double shareRead() const override
    {
        return m_t.requests.empty() ? 1.0 : static_cast<double>(m_next) / static_cast<double>(m_t.requests.size());
    }

private:
    const ReplayTrace& m_t;
    std::size_t m_next = 0;
};

} // namespace

std::unique_ptr<ReplaySource> streamedTrace(trace::TraceReader& reader)
{
    return std::make_unique<StreamedTrace>(reader);
}

std::unique_ptr<ReplaySource> heldTrace(const ReplayTrace& trace)
{
    return std::make_unique<HeldTrace>(trace);
}

int promptBand(std::uint64_t tokens)
{
    // 512 × 2^53 passes any prompt a trace can state (input_length is below 2^63).
    int band = 0;
    for (std::uint64_t top = kFirstPromptBandTokens; tokens > top && band < 53; top *= 2)
        ++band;
    return band;
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

/// The fewest replicas whose prefill compute keeps up with the arrivals: the prompt tokens
/// the trace's one pool at its ceiling would not serve, prefilled at the scenario's rate,
/// per second of the trace (scaled).
double leastStableReplicas(const ReplayTrace& t, const Scenario& s, const ReplayOptions& o)
{
    const KvSizing kv(s.model, s.kvFormat(), s.tp(), s.workload.blockSize, s.workload.allocation, s.dcp());
    const ComputeModel cm(s, kv);
    const double missShare = 1 - hitCurve(t, 1).tokenHitRatioInfinite();
    double work = 0;
    for (const ReplayTrace::Request& q : t.requests)
        work += cm.marginalRecomputeSeconds(0, std::max(1.0, static_cast<double>(q.inputTokens))) * missShare;
    const double span = t.requests.back().arrival / o.trafficScale;
    return span > 0 ? std::max(1.0, std::ceil(work / span)) : 1.0;
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
    sweep.current = tier ? own.blocks[*tier] : own.replicas;
    sweep.currentBytes = tier ? sweep.current * own.kvBytesPerBlock : 0;
    for (double v : distinctAscending(std::move(values))) {
        ReplaySweepPoint p;
        p.value = v;
        p.bytes = tier ? v * own.kvBytesPerBlock : 0;
        sweep.points.push_back(std::move(p));
    }
    return sweep;
}

void runReplaySweep(ReplaySweep& sweep, const ReplayTrace& trace, const Scenario& scenario, const EvalResult& result,
    const ReplayOptions& options, const ReplayControl& control)
{
    ReplayOptions base = options;
    base.keepRequests = false;
    const std::optional<Tier> tier = sweptTier(sweep.axis);
    const int n = static_cast<int>(sweep.points.size());
    for (int i = 0; i < n; ++i) {
        if (control.cancel && control.cancel->load())
            throw ReplayCancelled();
        ReplaySweepPoint& p = sweep.points[static_cast<std::size_t>(i)];
        ReplayOptions o = base;
        if (!tier)
            o.replicas = static_cast<int>(p.value);
        else
            o.capacityBlocks[*tier] = p.value;
        ReplayControl inner;
        inner.cancel = control.cancel;
        if (control.progress)
            inner.progress = [&control, i, n](double share) { control.progress((i + share) / n); };
        p.result = runReplay(trace, scenario, result, o, inner);
    }
    if (control.progress)
        control.progress(1);
}

ReplaySweep sweepReplay(const ReplayTrace& trace, const Scenario& scenario, const EvalResult& result,
    const ReplayOptions& options, ReplaySweepAxis axis, int points, const ReplayControl& control)
{
    ReplaySweep sweep = planReplaySweep(trace, scenario, result, options, axis, points);
    runReplaySweep(sweep, trace, scenario, result, options, control);
    return sweep;
}

} // namespace kvtiers::replay
