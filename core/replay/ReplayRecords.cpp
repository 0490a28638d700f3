// ReplayRecords: the replay's window of requests (each read ahead, arrived, finished and let
// go), what each leaves behind (its latency, token intervals and prefill cost) and the
// replay's summary of them (docs/trace.md, "Replay under load" and "Token intervals").
#include "core/replay/ReplayEngine.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <functional>
#include <limits>
#include <numeric>
#include <utility>

namespace kvtiers::replay::engine {

namespace {

/// A request's TBT as Mooncake measures it (Qin et al., FAST'25, §5.1: "the average of the
/// longest 10% of the token arrival intervals"): the mean of its ⌈n ÷ 10⌉ longest gaps, 0
/// for none. Reorders `gaps`.
double mooncakeTbt(std::vector<double>& gaps)
{
    if (gaps.empty())
        return 0;
    const std::size_t k = (gaps.size() + 9) / 10;
    if (k == 1) // the sum below of the one longest gap: that gap
        return *std::max_element(gaps.begin(), gaps.end());
    const auto kth = gaps.begin() + static_cast<std::ptrdiff_t>(k - 1);
    std::nth_element(gaps.begin(), kth, gaps.end(), std::greater<>());
    return std::accumulate(gaps.begin(), kth + 1, 0.0) / static_cast<double>(k);
}

/// Runs of token intervals held until the summary: sorted, equal runs counted once, and
/// packed a block at a time: a byte `shift`, then each run as varints (the gap's bits less
/// the previous run's, shifted right by `shift`, the zeros every such difference in the
/// block ends in; then twice its count, plus one when a repeat count follows, and that).
/// About 5 bytes a run against 16: sorted, the gaps differ in their low bits, and a gap
/// (one step's end less its start) ends in zeros below its end's last bit.
constexpr std::size_t kGapBlockRuns = 1 << 16;

/// Writes `v` as a varint at `out` (at most 10 bytes); returns the byte after it.
std::uint8_t* putVarint(std::uint8_t* out, std::uint64_t v)
{
    for (; v >= 0x80; v >>= 7)
        *out++ = static_cast<std::uint8_t>(v | 0x80);
    *out++ = static_cast<std::uint8_t>(v);
    return out;
}

/// One packed block read in order: the current run is (gap, count) `repeats` times.
struct GapBlockReader {
    explicit GapBlockReader(const std::vector<std::uint8_t>& block)
        : at(block.data() + 1)
        , end(block.data() + block.size())
        , shift(block[0])
    {
    }
    const std::uint8_t* at;
    const std::uint8_t* end;
    int shift;
    std::uint64_t bits = 0, count = 0, repeats = 0;
    double gap = 0;
    std::uint64_t varint()
    {
        std::uint64_t v = 0;
        for (int bit = 0;; bit += 7) {
            const std::uint8_t b = *at++;
            v |= static_cast<std::uint64_t>(b & 0x7f) << bit;
            if (!(b & 0x80))
                return v;
        }
    }
    /// Steps to the next run; false at the block's end.
    bool next()
    {
        if (at == end)
            return false;
        bits += varint() << shift;
        gap = std::bit_cast<double>(bits);
        const std::uint64_t c = varint();
        count = c >> 1;
        repeats = c & 1 ? varint() : 1;
        return true;
    }
    bool operator>(const GapBlockReader& o) const { return gap != o.gap ? gap > o.gap : count > o.count; }
};

using Runs = std::vector<std::pair<double, std::uint64_t>>;

/// Sorts `runs` as std::sort would, (gap, count) ascending: 11 bits at a time, least
/// significant first, each pass stable, skipping the bits every run shares (about three
/// times faster); `spare` is its scratch.
void radixSort(Runs& runs, Runs& spare)
{
    // A double's bits as an unsigned integer that orders as the double does.
    const auto key = [](const std::pair<double, std::uint64_t>& r) {
        const auto u = std::bit_cast<std::uint64_t>(r.first);
        return u >> 63 ? ~u : u | (std::uint64_t(1) << 63);
    };
    const auto count = [](const std::pair<double, std::uint64_t>& r) { return r.second; };
    std::uint64_t keyOr = 0, keyAnd = ~std::uint64_t(0), countOr = 0, countAnd = ~std::uint64_t(0);
    for (const auto& r : runs) {
        keyOr |= key(r);
        keyAnd &= key(r);
        countOr |= r.second;
        countAnd &= r.second;
    }
    spare.resize(runs.size());
    constexpr int kBits = 11;
    std::array<std::size_t, 1 << kBits> at;
    const auto passes = [&](auto field, std::uint64_t differ) {
        for (int shift = 0; shift < 64; shift += kBits) {
            const auto digit = [&](const auto& r) { return (field(r) >> shift) & (at.size() - 1); };
            if (((differ >> shift) & (at.size() - 1)) == 0)
                continue;
            at.fill(0);
            for (const auto& r : runs)
                ++at[digit(r)];
            std::size_t sum = 0;
            for (std::size_t& a : at)
                sum += std::exchange(a, sum);
            for (const auto& r : runs)
                spare[at[digit(r)]++] = r;
            runs.swap(spare);
        }
    };
    passes(count, countOr ^ countAnd); // the count orders equal gaps only: first
    passes(key, keyOr ^ keyAnd);
}

/// Nearest-rank statistics of the runs in `blocks` (each sorted) of `count` values, as if
/// every run were sorted together: the mean sums them in that order.
ReplayStats mergedStats(const std::vector<std::vector<std::uint8_t>>& blocks, std::uint64_t count)
{
    ReplayStats s;
    if (count == 0)
        return s;
    std::vector<GapBlockReader> readers;
    for (const auto& b : blocks)
        if (GapBlockReader r(b); r.next())
            readers.push_back(r);
    // The readers' indices in a heap, the one at the earliest run on top.
    std::vector<std::size_t> heap(readers.size());
    std::iota(heap.begin(), heap.end(), 0);
    const auto later = [&](std::size_t a, std::size_t b) { return readers[a] > readers[b]; };
    std::make_heap(heap.begin(), heap.end(), later);
    const double ranks[] = { 0.5, 0.9, 0.99 };
    double* at[] = { &s.p50, &s.p90, &s.p99 };
    std::uint64_t want[3];
    for (int i = 0; i < 3; ++i)
        want[i] = static_cast<std::uint64_t>(std::max(1.0, std::ceil(ranks[i] * static_cast<double>(count))));
    std::uint64_t seen = 0;
    int rank = 0;
    double sum = 0;
    while (!heap.empty()) {
        GapBlockReader& r = readers[heap.front()];
        for (std::uint64_t k = 0; k < r.repeats; ++k) {
            sum += r.gap * static_cast<double>(r.count);
            seen += r.count;
            for (; rank < 3 && seen >= want[rank]; ++rank)
                *at[rank] = r.gap;
        }
        s.max = r.gap;
        if (!r.next()) {
            heap.front() = heap.back();
            heap.pop_back();
            if (heap.empty())
                break;
        }
        // The top, at its next run or replaced by the last, sinks to its place.
        const std::size_t top = heap.front();
        std::size_t i = 0;
        for (std::size_t c; (c = 2 * i + 1) < heap.size(); i = c) {
            c += c + 1 < heap.size() && later(heap[c], heap[c + 1]);
            if (!later(top, heap[c]))
                break;
            heap[i] = heap[c];
        }
        heap[i] = top;
    }
    s.mean = sum / static_cast<double>(count);
    return s;
}

/// The spread over replicas [from, to) of `figure` (a replica's requests, busy time, ...).
template <typename Figure>
ReplicaSpread spreadOver(const std::vector<Replica>& replicas, int from, int to, Figure figure)
{
    ReplicaSpread s { std::numeric_limits<double>::infinity(), 0, 0 };
    for (int i = from; i < to; ++i) {
        const double v = figure(replicas[i]);
        s.min = std::min(s.min, v);
        s.max = std::max(s.max, v);
        s.mean += v / static_cast<double>(to - from);
    }
    return s;
}

double admittedHere(const Replica& rep)
{
    return static_cast<double>(rep.admitted);
}

} // namespace

void Engine::newGapRun(Live& l, const Replica& rep, double now)
{
    Job& job = l.job;
    const double gap = now - job.lastToken;
    // Its token before came at the step's start: its gap is the step's own, which
    // stepGapsEnd counts.
    if (job.lastToken == rep.stepStart)
        ++m_stepRegular;
    else
        addGaps(gap, 1);
    job.lastToken = now;
    if (l.run.tokens > 0)
        l.gapRuns.push_back(l.run);
    l.run = { gap, rep.step, 1 };
}

void Engine::addGaps(double gap, std::uint64_t n)
{
    // Run-length coded within the step: the requests that decoded in the step before share
    // one gap, so a step holds a few distinct ones (searched from the newest).
    m_gapCount += n;
    auto run = m_gaps.rbegin();
    const auto stepRuns = static_cast<std::ptrdiff_t>(m_gaps.size() - m_stepRunsFrom);
    while (run != m_gaps.rbegin() + stepRuns && run->first != gap)
        ++run;
    if (run != m_gaps.rbegin() + stepRuns)
        run->second += n;
    else
        m_gaps.emplace_back(gap, n);
}

void Engine::stepGapsBegin(Replica& rep, double now)
{
    // A block is sealed before the step could take m_gaps past its size (a run a token at most).
    if (m_gaps.size() + rep.chunks.size() + 1 > kGapBlockRuns)
        sealGaps();
    m_stepRunsFrom = m_gaps.size();
    m_stepRegular = 0;
    rep.stepGaps.push_back(now - rep.stepStart);
}

void Engine::stepGapsEnd(Replica& rep)
{
    if (m_stepRegular > 0)
        addGaps(rep.stepGaps.back(), m_stepRegular);
    // The history from the oldest step a running request's runs read: looked for when it
    // has doubled since, so each step is moved about once.
    if (rep.stepGaps.size() < std::max<std::size_t>(4096, 2 * rep.stepGapsKept))
        return;
    std::uint64_t from = rep.step + 1;
    for (std::uint32_t j : rep.running)
        if (const Live& l = live(j); l.run.tokens > 0)
            from = std::min(from, (l.gapRuns.empty() ? l.run.step : l.gapRuns.front().step) + 1);
    rep.stepGaps.erase(
        rep.stepGaps.begin(), rep.stepGaps.begin() + static_cast<std::ptrdiff_t>(from - rep.stepGapsFrom));
    rep.stepGapsFrom = from;
    rep.stepGapsKept = rep.stepGaps.size();
}

void Engine::sealGaps()
{
    if (m_gaps.empty())
        return;
    radixSort(m_gaps, m_sortSpare);
    // Equal runs as one with a repeat count; the zeros every gap's difference ends in.
    const auto same = [&](std::size_t i) {
        std::size_t e = i + 1;
        while (e < m_gaps.size() && m_gaps[e] == m_gaps[i])
            ++e;
        return e;
    };
    std::uint64_t bits = 0, differ = 0;
    for (std::size_t i = 0; i < m_gaps.size(); i = same(i)) {
        differ |= std::bit_cast<std::uint64_t>(m_gaps[i].first) - bits;
        bits = std::bit_cast<std::uint64_t>(m_gaps[i].first);
    }
    const int shift = differ ? std::countr_zero(differ) : 0;
    // At most three varints of 10 bytes a run, written in place (its pages untouched beyond).
    if (m_packSpareBytes < 1 + 30 * m_gaps.size()) {
        m_packSpareBytes = 1 + 30 * std::max(m_gaps.size(), kGapBlockRuns);
        m_packSpare = std::make_unique_for_overwrite<std::uint8_t[]>(m_packSpareBytes);
    }
    std::uint8_t* out = m_packSpare.get();
    *out++ = static_cast<std::uint8_t>(shift);
    bits = 0;
    for (std::size_t i = 0, e; i < m_gaps.size(); i = e) {
        e = same(i);
        out = putVarint(out, (std::bit_cast<std::uint64_t>(m_gaps[i].first) - bits) >> shift);
        bits = std::bit_cast<std::uint64_t>(m_gaps[i].first);
        out = putVarint(out, m_gaps[i].second << 1 | (e - i > 1));
        if (e - i > 1)
            out = putVarint(out, e - i);
    }
    m_gapBlocks.emplace_back(m_packSpare.get(), out);
    m_gaps.clear();
}

bool Engine::readNext()
{
    m_next = Live {};
    m_haveNext = m_src.next(m_next.q, m_next.keys);
    if (m_haveNext && m_blockTokens == 0)
        m_blockTokens = m_src.blockTokens();
    return m_haveNext;
}

void Engine::arriveNext()
{
    if (m_arrived >= 0xfffffffeu)
        tooManyRequests(m_src.name());
    m_requestSteps += checkReplayRequest(m_src.name(), m_next.q, m_s.model, m_budget, m_o.outputTokens);
    if (const double most = m_o.maxRequestSteps.value_or(kMostRequestSteps); m_requestSteps > most)
        tooMuchWork(m_src.name(), m_requestSteps, most);
    m_next.q.firstKey = 0;
    m_next.job.arrival = m_next.q.arrival / m_o.trafficScale;
    if (m_arrived - m_liveBase == m_live.size()) {
        std::vector<Live> ring(std::max<std::size_t>(64, 2 * m_live.size()));
        for (std::uint64_t j = m_liveBase; j < m_arrived; ++j)
            ring[j & (ring.size() - 1)] = std::move(m_live[j & m_liveMask]);
        m_live.swap(ring);
        m_liveMask = m_live.size() - 1;
    }
    const auto j = static_cast<std::uint32_t>(m_arrived++);
    live(j) = std::move(m_next);
    if (m_o.keepRequests)
        m_records.emplace_back();
    readNext();
    arrive(j);
}

void Engine::retire()
{
    // (A request's KV keys and gaps went when it finished; its slot is taken again.)
    while (m_liveBase < m_arrived && live(static_cast<std::uint32_t>(m_liveBase)).job.done >= 0)
        ++m_liveBase;
}

void Engine::finish(int ri, std::uint32_t j, double now)
{
    Replica& rep = m_rep[ri];
    Job& job = jobOf(j);
    job.done = now;
    m_lastDone = std::max(m_lastDone, now);
    const ReplayTrace::Request& q = req(j);
    // Freed tail first: the head of the prefix is the most recent. (A decode replica holds
    // no prefix cache: its prefill replica let go of the blocks when they were sent.)
    if (!rep.decodePool)
        for (std::uint32_t i = q.keyCount; i-- > 0;)
            rep.hbm.unpin(key(j, i));
    record(j);
    std::vector<std::uint64_t>().swap(live(j).keys); // its blocks are the caches' now
    std::vector<Live::GapRun>().swap(live(j).gapRuns);
    rep.reserved -= job.needBlocks;
    --rep.seqs;
    if (!m_o.capacityBlocks.hbm)
        rep.hbm.setCapacity(std::max(0.0, m_c.hbmKvBlocks - static_cast<double>(rep.reserved)));
    settleHbm(ri);
}

void Engine::record(std::uint32_t j)
{
    const Job& job = jobOf(j);
    const ReplayTrace::Request& q = req(j);
    ReplayRecord rec;
    rec.arrival = job.arrival;
    rec.wait = job.scheduled - job.arrival;
    rec.ttft = job.firstToken - job.arrival;
    const std::uint64_t out = outputs(j);
    rec.tpot = out > 1 ? (job.done - job.firstToken) / static_cast<double>(out - 1) : 0.0;
    rec.tokens = job.tokens;
    rec.replica = job.replica;
    rec.line = q.line;
    rec.inputTokens = q.inputTokens;
    rec.cost = job.cost;
    // Its gaps in order, from its runs and its replica's steps.
    std::vector<double>& gaps = m_requestGaps;
    gaps.clear();
    const Replica& rep = m_rep[job.decodeReplica >= 0 ? job.decodeReplica : job.replica];
    const auto add = [&](const Live::GapRun& run) {
        gaps.push_back(run.first);
        const auto from = rep.stepGaps.begin() + static_cast<std::ptrdiff_t>(run.step + 1 - rep.stepGapsFrom);
        gaps.insert(gaps.end(), from, from + static_cast<std::ptrdiff_t>(run.tokens - 1));
    };
    for (const Live::GapRun& run : live(j).gapRuns)
        add(run);
    if (live(j).run.tokens > 0)
        add(live(j).run);
    rec.tbtTail = mooncakeTbt(gaps);
    // Its longest gap: its tail when that is one gap, else among the tenth mooncakeTbt put first.
    const std::size_t tail = (gaps.size() + 9) / 10;
    rec.tbtMax
        = tail <= 1 ? rec.tbtTail : *std::max_element(gaps.begin(), gaps.begin() + static_cast<std::ptrdiff_t>(tail));
    rec.decodeReplica = job.decodeReplica;
    rec.transferSeconds = job.transferEnd >= 0 ? job.transferEnd - job.prefillEnd : 0.0;
    m_prefillCost += job.cost;
    m_ttft.push_back(rec.ttft);
    m_wait.push_back(rec.wait);
    const auto band = static_cast<std::size_t>(promptBand(q.inputTokens));
    if (m_byBand.size() <= band)
        m_byBand.resize(band + 1);
    m_byBand[band].push_back(rec.ttft);
    if (out > 1) {
        m_tpot.push_back(rec.tpot);
        m_requestTbt.push_back(rec.tbtTail);
    }
    const LatencyTargets& t = m_o.targets;
    if (rec.ttft <= t.ttft() && (out <= 1 || (rec.tpot <= t.tpot() && (!t.hasTbt() || rec.tbtTail <= *t.tbtSeconds))))
        ++m_met;
    for (TokenSource s : kTokenSources)
        m_tokens[s] += static_cast<double>(job.tokens[s]);
    if (m_o.keepRequests)
        m_records[j] = rec;
}

ReplayResult Engine::summarize()
{
    ReplayResult out;
    const std::uint64_t n = m_arrived;
    out.requests = n;
    out.durationSeconds = m_lastDone;
    out.perRequest = std::move(m_records);
    out.ttft = replayStats(m_ttft);
    for (std::size_t b = 0; b < m_byBand.size(); ++b)
        if (!m_byBand[b].empty()) {
            const std::uint64_t top = kFirstPromptBandTokens << b;
            out.ttftByPrompt.push_back({ .fromTokens = b == 0 ? 0 : top / 2 + 1,
                .toTokens = top,
                .requests = m_byBand[b].size(),
                .ttft = replayStats(std::move(m_byBand[b])) });
        }
    out.tpot = replayStats(m_tpot);
    out.queueWait = replayStats(std::move(m_wait));
    std::sort(m_ttft.begin(), m_ttft.end());
    std::sort(m_tpot.begin(), m_tpot.end());
    out.ttftAtPercentile = atPercentile(m_ttft, out.ttft, m_o.targets.ttftAt());
    out.tpotAtPercentile = atPercentile(m_tpot, out.tpot, m_o.targets.tpotAt());
    summarizeIntervals(out);
    out.sloAttainment = n > 0 ? static_cast<double>(m_met) / static_cast<double>(n) : 0.0;
    out.goodputRps = out.durationSeconds > 0 ? static_cast<double>(m_met) / out.durationSeconds : 0.0;
    const double prompt = m_tokens.total();
    for (TokenSource s : kTokenSources)
        out.hitShare[s] = prompt > 0 ? m_tokens[s] / prompt : 0.0;
    for (Tier t : { Tier::Dram, Tier::Ssd })
        out.restoreBytes[t] = m_tokens[t] * m_r.kvBytesPerToken;
    summarizeLinks(out);
    summarizeCosts(out);
    out.replicas = m_c.replicas;
    out.servers = m_c.servers;
    out.gpus = m_c.replicas * m_r.tp;
    out.routing = m_o.routing;
    out.tierMode = m_mode;
    out.blockTokens = m_blockTokens;
    out.kvBytesPerBlock = m_c.kvBytesPerBlock;
    out.hbmKvBlocks = m_c.hbmKvBlocks;
    out.hbmCacheBlocks = m_o.capacityBlocks.hbm;
    out.capacityBlocks = m_c.blocks;
    out.maxBatchedTokens = m_budget;
    out.maxSeqs = m_maxSeqs;
    out.trafficScale = m_o.trafficScale;
    out.options = m_o;
    summarizeDisaggregation(out);
    return out;
}

void Engine::summarizeIntervals(ReplayResult& out)
{
    const LatencyTargets& t = m_o.targets;
    sealGaps();
    out.tbt = mergedStats(m_gapBlocks, m_gapCount);
    out.tokenIntervals = m_gapCount;
    out.requestTbt = replayStats(m_requestTbt);
    std::sort(m_requestTbt.begin(), m_requestTbt.end());
    out.tbtAtPercentile = atPercentile(m_requestTbt, out.requestTbt, t.tbtAt());
    // The run holds its targets where each figure at its percentile does (a figure no
    // request has, TPOT and TBT with one-token outputs, holds).
    out.targetsHeld = out.requests > 0 && out.ttftAtPercentile <= t.ttft()
        && (m_tpot.empty() || out.tpotAtPercentile <= t.tpot())
        && (!t.hasTbt() || m_requestTbt.empty() || out.tbtAtPercentile <= *t.tbtSeconds);
}

void Engine::summarizeDisaggregation(ReplayResult& out) const
{
    const int prefill = m_c.prefillReplicas;
    if (prefill == 0)
        return;
    out.prefillReplicas = prefill;
    out.decodeReplicas = m_c.replicas - prefill;
    out.transferSeconds = replayStats(m_transfers);
    out.transferBytes = m_transferBytes * m_r.tp;
    const double d = out.durationSeconds;
    double sum = 0, peak = 0;
    for (int i = 0; i < prefill; ++i) {
        sum += m_rep[i].nicBusy;
        peak = std::max(peak, m_rep[i].nicBusy);
    }
    if (d > 0)
        out.scaleOut = { sum / (d * prefill), peak / d };
    out.decodeRequests = spreadOver(m_rep, prefill, m_c.replicas, admittedHere);
}

void Engine::summarizeCosts(ReplayResult& out) const
{
    out.prefillCost = m_prefillCost;
}

void Engine::summarizeLinks(ReplayResult& out) const
{
    const double d = out.durationSeconds;
    if (!(d > 0))
        return;
    // Disaggregated, the prefill replicas: restores, routing and the spread are theirs
    // (summarizeDisaggregation gives the decode pool's).
    const int routed = m_c.prefillReplicas > 0 ? m_c.prefillReplicas : m_c.replicas;
    double sum = 0, peak = 0;
    for (int i = 0; i < routed; ++i) {
        sum += m_rep[i].linkBusy;
        peak = std::max(peak, m_rep[i].linkBusy);
    }
    out.gpuLink = { sum / (d * routed), peak / d };
    out.replicaRequests = spreadOver(m_rep, 0, routed, admittedHere);
    out.replicaBusySeconds = spreadOver(m_rep, 0, routed, [](const Replica& rep) { return rep.busySeconds; });
    sum = peak = 0;
    for (double busy : m_nvmeBusy) {
        sum += busy;
        peak = std::max(peak, busy);
    }
    out.nvme = { sum / (d * m_c.servers), peak / d };
}

} // namespace kvtiers::replay::engine
