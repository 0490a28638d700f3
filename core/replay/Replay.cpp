// Replay: names, the trace held in memory and statistics; the event loop is in
// ReplayEngine.cpp, the sweeps in ReplaySweep.cpp.
#include "core/replay/Replay.h"

#include "core/io/InputError.h"
#include "core/model/VllmCheck.h"

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

} // namespace kvtiers::replay
