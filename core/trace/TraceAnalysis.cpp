#include "core/trace/TraceAnalysis.h"

#include "core/io/InputError.h"
#include "core/io/Json.h"
#include "core/scenario/Knobs.h"
#include "core/trace/BigArray.h"
#include "core/trace/KeyIndex.h"
#include "core/trace/LruStack.h"
#include "core/trace/TracePipe.h"
#include "core/trace/TraceRun.h"

#include <QtGlobal>

#include <algorithm>
#include <cmath>
#include <limits>

namespace kvtiers::trace {

namespace {

/// Grows `v` to hold index `i` by half again (reserved exactly: a vector's own growth
/// doubles, and these arrays are per distinct block).
template <class V, class T> void growFor(V& v, std::size_t i, T fill)
{
    if (i >= v.size()) {
        v.reserve(std::max<std::size_t>(i + 1, v.size() + v.size() / 2 + 1024));
        v.resize(v.capacity(), fill);
    }
}

std::uint64_t mix(std::uint64_t x)
{
    x ^= x >> 33;
    x *= 0xFF51AFD7ED558CCDull;
    x ^= x >> 33;
    x *= 0xC4CEB9FE1A85EC53ull;
    return x ^ (x >> 33);
}

constexpr MessageContext say { "Messages" };

/// The most caches (servers with routing) an analysis replays.
constexpr int kMostCaches = 4096;

void checkOptions(const TraceOptions& o)
{
    validateTraceOptions(o); // the options a user gives, against their table
    // What the scenario sets (its KV bytes, servers and tiers): out of range only through
    // a caller's mistake, said without an option to name.
    if (!(std::isfinite(o.kvBytesPerToken) && o.kvBytesPerToken >= 0))
        throw InputError(
            say(QT_TRANSLATE_NOOP("Messages", "trace: the KV bytes per token are negative or not finite")));
    if (o.caches < 1 || o.caches > kMostCaches)
        throw InputError({ .code = InputErrorCode::ValueOutOfRange,
            .where = "servers",
            .value = std::to_string(o.caches),
            .min = "1",
            .max = std::to_string(kMostCaches) });
    for (Tier t : kTiers)
        if (!(std::isfinite(o.tierBlocks[t]) && o.tierBlocks[t] >= 0)
            || !(std::isfinite(o.tierBytes[t]) && o.tierBytes[t] >= 0))
            throw InputError(say(QT_TRANSLATE_NOOP("Messages", "trace: a tier capacity is negative or not finite")));
}

} // namespace

const char* traceRoutingName(TraceRouting routing)
{
    switch (routing) {
    case TraceRouting::Global:
        return "global";
    case TraceRouting::RoundRobin:
        return "round-robin";
    case TraceRouting::PrefixAware:
        return "prefix-aware";
    }
    return "global";
}

TraceRouting parseTraceRouting(std::string_view text, const std::string& what)
{
    for (TraceRouting r : { TraceRouting::Global, TraceRouting::RoundRobin, TraceRouting::PrefixAware })
        if (text == traceRoutingName(r))
            return r;
    throw InputError(
        what + ": unknown routing \"" + std::string(text) + "\" (use global, round-robin or prefix-aware)");
}

const std::vector<double>& reuseGapEdges()
{
    static const std::vector<double> edges = [] {
        std::vector<double> e { 0.0 };
        for (int k = -30; k <= 70; ++k)
            e.push_back(std::pow(10.0, k / 10.0));
        return e;
    }();
    return edges;
}

namespace {

constexpr std::uint16_t kNoServer = 0xFFFF;

/// The replay's state between requests: block ids, when each block was last seen, each
/// server's LRU stack and (prefix-aware routing) the server each block was last sent to.
struct ReplayState {
    KeyIndex index;
    // Per block: 1 + the last request that touched it (0: never); with one cache it is kept
    // in the stack, beside the block's slot (LruStack::tag).
    std::vector<std::uint32_t> lastSeen;
    /// Per run distance: references with that run, and their tokens (one line for both). A
    /// BigArray: it grows in place (no copy of what it holds) with zero pages from the kernel.
    struct Run {
        std::uint64_t references;
        double tokens;
    };
    BigArray<Run> runs;
    std::vector<double> times; // per request kept: its arrival (scaled)
    std::vector<LruStack> stacks;
    std::vector<std::uint16_t> routedTo; // prefix-aware: the server last sent each block
    std::vector<double> load;
    std::vector<std::uint32_t> ids; // the current request's blocks
};

/// SHARDS keeps a key when its hash, as a fraction of 2^53, is below the rate.
std::uint64_t shardsCut(double sampleRate)
{
    return sampleRate >= 1 ? std::numeric_limits<std::uint64_t>::max()
                           : static_cast<std::uint64_t>(sampleRate * 9007199254740992.0);
}

/// Interns the request's block keys into `st.ids`, growing the per-block tables.
void internBlocks(ReplayState& st, const TraceRequest& req, TraceRouting routing, const std::vector<std::uint32_t>* ids)
{
    const std::size_t m = req.blockKeys.size();
    st.ids.resize(m);
    for (std::size_t i = 0; i < m; ++i) {
        st.ids[i] = ids ? (*ids)[i] : st.index.intern(req.blockKeys[i]);
        if (st.stacks.size() > 1 && st.ids[i] >= st.lastSeen.size()) {
            growFor(st.lastSeen, st.ids[i], std::uint32_t { 0 });
            if (routing == TraceRouting::PrefixAware)
                growFor(st.routedTo, st.lastSeen.size() - 1, kNoServer);
        }
    }
}

/// The server the `requestNumber`th request (1-based) goes to.
std::size_t routeRequest(
    ReplayState& st, const TraceRequest& req, TraceRouting routing, int servers, std::uint64_t requestNumber)
{
    std::size_t server = 0;
    const std::size_t m = st.ids.size();
    if (servers > 1 && routing == TraceRouting::RoundRobin) {
        server = static_cast<std::size_t>((requestNumber - 1) % static_cast<std::uint64_t>(servers));
    } else if (servers > 1) {
        // SGLang's cache-aware router: the server sent the longest matching prefix when it
        // covers more than half the request, else the least loaded (prompt tokens so far).
        std::size_t matched = 0;
        while (matched < m && st.routedTo[st.ids[matched]] != kNoServer)
            ++matched;
        if (matched > 0 && 2 * matched > m)
            server = st.routedTo[st.ids[matched - 1]];
        else
            server = static_cast<std::size_t>(std::min_element(st.load.begin(), st.load.end()) - st.load.begin());
        st.load[server] += static_cast<double>(req.inputTokens);
        for (const std::uint32_t id : st.ids)
            st.routedTo[id] = static_cast<std::uint16_t>(server);
    }
    return server;
}

/// The tiers' cumulative capacities (blocks per cache) as sampled per-cache distances: a hit
/// at distance d is served by the first tier whose cut reaches d.
PerTier<std::uint64_t> tierCuts(const PerTier<double>& tierBlocks, double sampleRate)
{
    PerTier<std::uint64_t> cut;
    double cumulative = 0;
    for (Tier t : kTiers) {
        cumulative += tierBlocks[t];
        cut[t] = static_cast<std::uint64_t>(std::min(1e18, std::floor(cumulative * sampleRate)));
    }
    return cut;
}

/// The tier a hit at sampled distance `d` is served by, within the last cut.
Tier tierAt(std::uint64_t d, const PerTier<std::uint64_t>& cut)
{
    return d <= cut.hbm ? Tier::Hbm : d <= cut.dram ? Tier::Dram : Tier::Ssd;
}

/// Looks the request's blocks up against `stack` as it stands, counting hits, tier shares
/// and reuse gaps into `a`, then touches them tail first. `cut`: the tiers' cumulative
/// capacities as sampled distances.
void replayBlocks(TraceAnalysis& a, ReplayState& st, LruStack& stack, const TraceRequest& req, int blockTokens,
    double time, const PerTier<std::uint64_t>& cut)
{
    const auto& edges = reuseGapEdges();
    const std::size_t m = st.ids.size();
    const std::vector<std::uint32_t>& ids = st.ids;
    const bool shared = st.stacks.size() > 1; // last-seen times across several stacks
    for (std::size_t i = 0; i < m; ++i)
        stack.prefetch(ids[i]);
    std::uint64_t run = 0;
    bool missed = false;
    double hashedTokens = 0;
    for (std::size_t i = 0; i < m; ++i) {
        const std::uint64_t d = stack.distance(ids[i]);
        const double tokens = static_cast<double>(req.blockTokenCount(i, blockTokens));
        hashedTokens += tokens;
        if (d == 0) {
            missed = true; // an infinite distance: every later block misses as a prefix
        } else {
            run = std::max(run, d);
        }
        bool served = false;
        if (!missed) {
            if (run >= st.runs.size()) // by half again, as growFor
                st.runs.resize(std::max<std::size_t>(run + 1, st.runs.size() + st.runs.size() / 2 + 1024));
            ++st.runs[run].references;
            st.runs[run].tokens += tokens;
            if (run <= cut.ssd) {
                const Tier tier = tierAt(d, cut);
                a.tiers.tokens[tier] += tokens;
                a.tiers.blocks[tier] += 1;
                served = true;
            }
        }
        if (!served) {
            a.tiers.missTokens += tokens;
            a.tiers.missBlocks += 1;
        }
        if (const std::uint32_t before = shared ? st.lastSeen[ids[i]] : stack.tag(ids[i])) {
            ++a.reuseReferences;
            const double gap = time - st.times[before - 1];
            ++a.gapCounts[static_cast<std::size_t>(std::lower_bound(edges.begin(), edges.end(), gap) - edges.begin())];
        }
    }
    a.tiers.missTokens += static_cast<double>(req.inputTokens) - hashedTokens; // beyond the hashed blocks
    if (st.times.size() >= std::numeric_limits<std::uint32_t>::max() - 1)
        throw InputError(
            say(QT_TRANSLATE_NOOP("Messages", "trace: more than 4 billion requests (analyse a sample of them)")));
    st.times.push_back(time);
    const auto request = static_cast<std::uint32_t>(st.times.size());
    for (std::size_t i = m; i-- > 0;) {
        stack.touch(ids[i]);
        if (shared)
            st.lastSeen[ids[i]] = request;
        else
            stack.setTag(ids[i], request);
    }
    a.blockReferences += m;
}

} // namespace

namespace {

/// One replay, request by request: what analyzeTrace and analyzeRequests share.
class Replay {
public:
    explicit Replay(const TraceOptions& o)
        : m_o(o)
        , m_servers(o.routing == TraceRouting::Global ? 1 : o.caches)
        , m_sampleCut((checkOptions(o), shardsCut(o.sampleRate)))
    {
        a.sampleRate = o.sampleRate;
        a.caches = m_servers;
        a.routing = m_servers == 1 ? TraceRouting::Global : o.routing;
        a.tierBlocks = o.tierBlocks;
        a.gapCounts.assign(reuseGapEdges().size() + 1, 0);
        m_st.stacks.resize(static_cast<std::size_t>(m_servers));
        m_st.load.assign(static_cast<std::size_t>(m_servers), 0.0);
    }

    /// True when the sample keeps `req` (always, at rate 1).
    bool keeps(const TraceRequest& req) const
    {
        if (m_o.sampleRate >= 1)
            return true;
        const std::size_t m = req.blockKeys.size();
        const std::uint64_t treeKey = m == 0
            ? mix(req.line)
            : req.blockKeys[std::min<std::size_t>(static_cast<std::size_t>(m_o.sampleDepth), m) - 1];
        return (mix(treeKey) >> 11) < m_sampleCut;
    }

    /// Replays one request; `blockTokens` is the trace's block size (known from its first).
    /// `ids`: its blocks' numbers when the parsing thread gave them (it then kept only what
    /// the sample keeps, and calls this only for those), else null.
    void add(const TraceRequest& req, int blockTokens, const std::vector<std::uint32_t>* ids = nullptr)
    {
        if (!m_cutReady)
            makeCut(blockTokens);
        if (!ids && !keeps(req))
            return;
        const double time = req.timeSeconds / m_o.trafficScale;
        if (a.requests == 0)
            a.firstSeconds = time;
        a.lastSeconds = time;
        ++a.requests;
        a.promptTokens += static_cast<double>(req.inputTokens);
        a.outputTokens += static_cast<double>(req.outputTokens);
        internBlocks(m_st, req, m_o.routing, ids);
        const std::size_t server = routeRequest(m_st, req, m_o.routing, m_servers, a.requests);
        replayBlocks(a, m_st, m_st.stacks[server], req, blockTokens, time, m_cut);
    }

    /// Asks for the memory `req`'s block keys will be looked up in, a request ahead: the
    /// lookups are cache misses at random, and this hides most of their wait.
    void prefetch(const TraceRequest& req) const
    {
        for (const std::uint64_t key : req.blockKeys)
            m_st.index.prefetch(key);
    }
    /// The same for blocks already numbered: their records in a single stack.
    void prefetch(const std::vector<std::uint32_t>& ids) const
    {
        if (m_st.stacks.size() == 1)
            for (const std::uint32_t id : ids)
                m_st.stacks[0].prefetch(id);
    }

    /// The analysis, after `lines` requests read from `name`.
    /// `distinct`: the blocks the parsing thread numbered, if it did.
    TraceAnalysis finish(
        std::uint64_t lines, const std::string& name, TraceFormat format, int blockTokens, std::uint64_t distinct = 0)
    {
        if (a.requests == 0) {
            if (lines == 0 && m_o.sampleRate >= 1)
                throw InputError(say(QT_TRANSLATE_NOOP("Messages", "%1: holds no request (an empty trace)"), { name }));
            throw InputError(say(QT_TRANSLATE_NOOP("Messages",
                                     "%1: the sample kept no request (sample a larger share, or pick trees at the "
                                     "second block when every request starts with the same one)"),
                { name }));
        }
        if (!m_cutReady)
            makeCut(blockTokens);
        a.format = format;
        a.blockTokens = blockTokens;
        a.uniqueBlocks = std::max<std::uint64_t>(distinct, m_st.index.size());
        m_st.index = KeyIndex {}; // give the replay's memory back before the sums are built
        m_st.stacks.clear();
        m_st.lastSeen = {};
        m_st.routedTo = {};
        a.prefixAt.resize(m_st.runs.size(), 0);
        a.prefixTokensAt.resize(m_st.runs.size(), 0.0);
        for (std::size_t d = 0; d < m_st.runs.size(); ++d) {
            a.prefixAt[d] = m_st.runs[d].references;
            a.prefixTokensAt[d] = m_st.runs[d].tokens;
        }
        m_st = ReplayState {};
        a.finish();
        return std::move(a);
    }

private:
    void makeCut(int blockTokens)
    {
        // Tier cuts as sampled per-cache distances: a hit at distance d is served by the first
        // tier whose cumulative capacity reaches d. In bytes, they wait for the block size.
        if (m_o.kvBytesPerToken > 0) {
            const double bytesPerBlock = blockTokens * m_o.kvBytesPerToken;
            a.tierBlocks = m_o.tierBytes.map([&](double bytes) { return std::floor(bytes / bytesPerBlock); });
        }
        m_cut = tierCuts(a.tierBlocks, m_o.sampleRate);
        m_cutReady = true;
    }

    TraceAnalysis a;
    const TraceOptions& m_o;
    int m_servers;
    std::uint64_t m_sampleCut;
    PerTier<std::uint64_t> m_cut;
    bool m_cutReady = false;
    ReplayState m_st;
};

} // namespace

TraceAnalysis analyzeTrace(TraceReader& reader, const TraceOptions& o, const TraceProgress& progress)
{
    Replay replay(o);
    std::uint64_t lines = 0, distinct = 0;
    {
        // Parses ahead on a second thread, which also numbers the blocks of the requests the
        // sample keeps.
        TracePipe pipe(reader, [&replay](const TraceRequest& req) { return replay.keeps(req); });
        while (const TraceRequest* req = pipe.next()) {
            if (++lines % 4096 == 0 && progress && !progress(pipe.bytesRead(), reader.totalBytes()))
                throw TraceCancelled();
            const std::vector<std::uint32_t>* ids = pipe.ids();
            if (!ids)
                continue; // not in the sample
            if (const std::vector<std::uint32_t>* after = pipe.peekIds())
                replay.prefetch(*after);
            replay.add(*req, pipe.blockTokens(), ids);
        }
        distinct = pipe.distinctBlocks();
    }
    TraceAnalysis a = replay.finish(lines, reader.name(), reader.format(), reader.blockTokens(), distinct);
    if (progress)
        progress(reader.totalBytes(), reader.totalBytes());
    return a;
}

TraceAnalysis analyzeRequests(const std::vector<TraceRequest>& requests, const TraceOptions& o, TraceFormat format,
    int blockTokens, const std::string& name)
{
    Replay replay(o);
    for (std::size_t i = 0; i < requests.size(); ++i) {
        if (i + 1 < requests.size())
            replay.prefetch(requests[i + 1]);
        replay.add(requests[i], blockTokens);
    }
    return replay.finish(requests.size(), name, format, blockTokens);
}

TraceAnalysis analyzeRequestsFrom(const std::function<bool(TraceRequest&)>& next, const TraceOptions& o,
    TraceFormat format, int blockTokens, const std::string& name)
{
    Replay replay(o);
    TraceRequest req;
    std::uint64_t lines = 0;
    while (next(req)) {
        replay.add(req, blockTokens);
        ++lines;
    }
    return replay.finish(lines, name, format, blockTokens);
}

void TraceAnalysis::finish()
{
    // The sums are built in place: the histograms become their cumulative sums (and are left
    // empty), so the result holds one array per curve, not two. One length for both, so one
    // threshold indexes each.
    const std::size_t n = std::max({ prefixAt.size(), prefixTokensAt.size(), std::size_t { 1 } });
    prefixCum = std::move(prefixAt);
    prefixTokensCum = std::move(prefixTokensAt);
    prefixAt = {};
    prefixTokensAt = {};
    prefixCum.resize(n, 0);
    prefixTokensCum.resize(n, 0.0);
    prefixCum.shrink_to_fit();
    prefixTokensCum.shrink_to_fit();
    prefixCum[0] = 0;
    prefixTokensCum[0] = 0;
    for (std::size_t i = 1; i < n; ++i) {
        prefixCum[i] += prefixCum[i - 1];
        prefixTokensCum[i] += prefixTokensCum[i - 1];
    }
}

TraceTierSplit TraceAnalysis::tierSplitAt(const PerTier<double>& blocks) const
{
    // A prefix hit is served when its run (the running maximum of distances along the
    // prefix) reaches no deeper than the last tier's cut, by the tier its own distance falls
    // in. Keys are chained, so a block's key implies its predecessors', and a request
    // touches its blocks tail first: each block is more recent than the next, distances
    // grow along a prefix, and a hit's own distance is its run. So the run histograms give
    // each tier's band at any cuts.
    const PerTier<std::uint64_t> cut = tierCuts(blocks, sampleRate);
    const std::uint64_t top = prefixCum.empty() ? 0 : prefixCum.size() - 1;
    TraceTierSplit split;
    std::uint64_t below = 0;
    double tokens = 0, hits = 0;
    for (Tier t : kTiers) {
        const std::uint64_t upTo = std::min(cut[t], top);
        const std::uint64_t from = std::min(below, upTo);
        split.tokens[t] = prefixTokensCum.empty() ? 0 : prefixTokensCum[upTo] - prefixTokensCum[from];
        split.blocks[t] = prefixCum.empty() ? 0 : static_cast<double>(prefixCum[upTo] - prefixCum[from]);
        below = std::max(below, upTo);
        tokens += split.tokens[t];
        hits += split.blocks[t];
    }
    split.missTokens = promptTokens - tokens;
    split.missBlocks = static_cast<double>(blockReferences) - hits;
    return split;
}

void TraceAnalysis::recut(const PerTier<double>& blocks)
{
    tierBlocks = blocks;
    tiers = tierSplitAt(blocks);
}

void TraceAnalysis::recutBytes(const PerTier<double>& bytes, double kvBytesPerToken)
{
    const double bytesPerBlock = blockTokens * kvBytesPerToken;
    recut(bytes.map([&](double b) { return bytesPerBlock > 0 ? std::floor(b / bytesPerBlock) : 0.0; }));
}

double TraceAnalysis::requestRatePerSecond() const
{
    const double d = durationSeconds();
    return d > 0 ? static_cast<double>(requests) / d / sampleRate : 0.0;
}

std::uint64_t TraceAnalysis::threshold(double capacityBlocks) const
{
    if (!(capacityBlocks > 0))
        return 0;
    const long double perCache = static_cast<long double>(capacityBlocks) * sampleRate / caches;
    const long double top = static_cast<long double>(prefixCum.size() - 1);
    return static_cast<std::uint64_t>(std::floor(std::min(perCache, top)));
}

double TraceAnalysis::hitRatio(double capacityBlocks) const
{
    const std::uint64_t t = threshold(capacityBlocks);
    return blockReferences ? static_cast<double>(prefixCum[t]) / static_cast<double>(blockReferences) : 0.0;
}

double TraceAnalysis::tokenHitRatio(double capacityBlocks) const
{
    const std::uint64_t t = threshold(capacityBlocks);
    return promptTokens > 0 ? prefixTokensCum[t] / promptTokens : 0.0;
}

double TraceAnalysis::blockHitRatio(double capacityBlocks) const
{
    return hitRatio(capacityBlocks);
}

double TraceAnalysis::hitRatioInfinite() const
{
    return blockReferences ? static_cast<double>(prefixCum.back()) / static_cast<double>(blockReferences) : 0.0;
}

double TraceAnalysis::tokenHitRatioInfinite() const
{
    return promptTokens > 0 ? prefixTokensCum.back() / promptTokens : 0.0;
}

double TraceAnalysis::blockHitRatioInfinite() const
{
    return hitRatioInfinite();
}

double TraceAnalysis::capacityForShareOfCeiling(double share) const
{
    const std::uint64_t ceiling = prefixCum.back();
    if (ceiling == 0)
        return 0;
    // The smallest distance whose cumulative hits reach share × ceiling (in whole references).
    const auto target = static_cast<std::uint64_t>(std::ceil(share * static_cast<double>(ceiling) - 1e-9));
    const auto it = std::lower_bound(prefixCum.begin(), prefixCum.end(), target);
    const auto d = static_cast<double>(it - prefixCum.begin());
    return std::ceil(d * caches / sampleRate);
}

double TraceAnalysis::capacityAtCeiling() const
{
    return capacityForShareOfCeiling(1.0);
}

std::vector<double> TraceAnalysis::curveCapacities(int maxPoints) const
{
    std::vector<double> out;
    const double top = capacityAtCeiling();
    if (top < 1 || maxPoints < 2)
        return top >= 1 ? std::vector<double> { top } : out;
    const double step = std::log(top) / (maxPoints - 1);
    for (int i = 0; i < maxPoints; ++i) {
        const double c = std::round(std::exp(step * i));
        if (out.empty() || c > out.back())
            out.push_back(std::min(c, top));
    }
    if (out.back() != top)
        out.push_back(top);
    return out;
}

std::vector<ReuseGapPoint> TraceAnalysis::reuseGapCdf() const
{
    std::vector<ReuseGapPoint> out;
    std::uint64_t total = 0;
    for (const auto c : gapCounts)
        total += c;
    if (total == 0)
        return out;
    const auto& edges = reuseGapEdges();
    std::uint64_t cum = 0;
    for (std::size_t i = 0; i < edges.size(); ++i) {
        cum += gapCounts[i];
        if (cum == 0) {
            out.clear(); // start the table at the last edge below every gap
            out.push_back({ edges[i], 0.0 });
            continue;
        }
        out.push_back({ edges[i], static_cast<double>(cum) / static_cast<double>(total) });
        if (cum == total)
            break;
    }
    return out;
}

Json traceWorkloadOverrides(const TraceAnalysis& a)
{
    Json overrides = Json::object();
    overrides[knobKey(KnobId::ReuseRate)] = std::clamp(a.tokenHitRatioInfinite(), 0.0, 1.0);
    if (a.requests > 0) {
        const double n = static_cast<double>(a.requests);
        const auto prompt = static_cast<std::int64_t>(std::llround(a.promptTokens / n));
        const auto output = static_cast<std::int64_t>(std::llround(a.outputTokens / n));
        overrides[knobKey(KnobId::Context)] = std::max<std::int64_t>(1, prompt + output);
        overrides[knobKey(KnobId::OutputTokens)] = std::min(output, std::max<std::int64_t>(0, prompt + output - 1));
    }
    Json rows = Json::array();
    for (const ReuseGapPoint& p : a.reuseGapCdf())
        if (p.seconds > 0)
            rows.push_back(Json::array({ p.seconds, p.share }));
    if (!rows.empty() && rows.back()[1].get<double>() > 0)
        overrides[knobKey(KnobId::ReuseGapCdf)] = rows;
    return overrides;
}

} // namespace kvtiers::trace
