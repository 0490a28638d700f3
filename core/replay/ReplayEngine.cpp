// ReplayEngine: the discrete-event loop of a replay (the model is stated in Replay.h and
// docs/trace.md, "Replay under load").
#include "core/io/InputError.h"
#include "core/io/Units.h"
#include "core/model/ComputeModel.h"
#include "core/model/KvSizing.h"
#include "core/model/VllmCheck.h"
#include "core/replay/Replay.h"
#include "core/replay/ReplayCache.h"
#include "core/trace/TraceTiers.h"

#include <queue>

#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>
#include <unordered_map>
#include <vector>

namespace kvtiers::replay {

namespace {

constexpr int kHbm = 0, kDram = 1, kSsd = 2, kMiss = 3;

/// A request's state while it is replayed.
struct Job {
    double arrival = 0;
    double scheduled = -1;
    double firstToken = -1;
    double done = -1;
    std::uint64_t prefillFrom = 0; ///< tokens already cached (hits)
    std::uint64_t prefillTo = 0;   ///< tokens to have computed (the prompt; at least one computed)
    std::uint64_t prefillDone = 0; ///< computed so far (from prefillFrom)
    std::uint32_t hbmHits = 0;     ///< leading blocks pinned in HBM at scheduling
    std::uint64_t needBlocks = 0;  ///< KV blocks reserved: prompt + output
    std::uint64_t generated = 0;   ///< output tokens so far
    double restoreUntil = 0;       ///< prefill may start then
    std::array<std::uint64_t, 4> tokens {};
    int replica = -1;
};

/// One replica's state.
struct Replica {
    int server = 0;
    BlockLru hbm;
    std::deque<std::uint32_t> queue;    ///< dispatch routings: its own queue
    std::vector<std::uint32_t> running; ///< admitted and not finished, in admission order
    /// The running step: each job with its tokens (a prefill chunk, or 1 for a decode).
    std::vector<std::pair<std::uint32_t, std::uint64_t>> chunks;
    std::uint64_t decodes = 0; ///< decode tokens in the running step
    std::uint64_t step = 0;
    std::uint64_t reserved = 0;
    std::uint64_t seqs = 0;
    double decodeContext = 0; ///< tokens held by the sequences decoding in the running step
    double outstandingPrefill = 0;
    double linkFree = 0, linkBusy = 0;
    bool busy = false;
};

struct Event {
    double time;
    std::uint64_t seq;
    int kind; ///< 0 step end, 1 restore done
    std::uint32_t who;
    bool operator>(const Event& o) const { return time != o.time ? time > o.time : seq > o.seq; }
};

class Engine {
public:
    Engine(const ReplayTrace& t, const Scenario& s, const EvalResult& r, const ReplayOptions& o)
        : m_t(t)
        , m_s(s)
        , m_r(r)
        , m_o(o)
        , m_kv(s.model, s.kvFormat(), s.tp(), s.workload.blockSize, s.workload.allocation)
        , m_cm(s, m_kv)
    {
        setup();
    }
    ReplayResult run(const ReplayControl& control);

private:
    void setup();
    void setupCapacities();
    /// Queues a request (central) or sends it to a replica's queue.
    void arrive(std::uint32_t j);
    /// Every idle replica starts a step: after all arrivals at one time are queued, so
    /// requests on one timestamp are scheduled together, in file order.
    void startIdle(double now);
    int chooseReplica(std::uint32_t j);
    void startStep(int ri, double now);
    bool admit(int ri, std::uint32_t j, double now);
    void lookup(int ri, std::uint32_t j);
    void restore(int ri, std::uint32_t j, double now);
    void endStep(int ri, double now);
    /// The first token; true when that was the request's last.
    bool prefillDone(int ri, std::uint32_t j, double now);
    void finish(int ri, std::uint32_t j, double now);
    void settleHbm(int ri);
    double stepSeconds(const Replica& rep) const;
    BlockLru& lower(int tier, int ri) { return tier == kDram ? m_dram[cacheOf(ri)] : m_ssd[cacheOf(ri)]; }
    int cacheOf(int ri) const { return m_pooled ? 0 : m_rep[ri].server; }
    std::uint64_t key(std::uint32_t j, std::uint32_t i) const { return m_t.keys[m_t.requests[j].firstKey + i]; }
    void push(double time, int kind, std::uint32_t who) { m_events.push(Event { time, m_seq++, kind, who }); }
    ReplayResult summarize() const;

    const ReplayTrace& m_t;
    const Scenario& m_s;
    const EvalResult& m_r;
    ReplayOptions m_o;
    KvSizing m_kv;
    ComputeModel m_cm;
    TierMode m_mode = TierMode::WriteThrough;
    bool m_pooled = false;
    int m_replicas = 1, m_servers = 1, m_perServer = 1;
    double m_bytesPerBlock = 0, m_kvBlocks = 0, m_budget = 8192, m_maxSeqs = 256;
    std::array<double, 3> m_cap {};
    std::vector<Replica> m_rep;
    std::vector<BlockLru> m_dram, m_ssd;
    std::vector<double> m_nvmeFree, m_nvmeBusy;
    std::vector<Job> m_jobs;
    std::deque<std::uint32_t> m_central;
    std::priority_queue<Event, std::vector<Event>, std::greater<>> m_events;
    std::uint64_t m_seq = 0;
    std::uint64_t m_rr = 0;
    std::unordered_map<std::uint64_t, int> m_sentTo; ///< prefix-aware: a key's last replica
    std::vector<std::uint64_t> m_evicted;
    // Step-time constants.
    double m_memFixed = 0, m_memPerToken = 0, m_decodeFlopSeconds = 0, m_arFixed = 0, m_arPerToken = 0;
    double m_nvmeBandwidth = 0;
    double m_lastDone = 0;
};

void Engine::setup()
{
    if (!(m_o.trafficScale > 0) || !std::isfinite(m_o.trafficScale))
        throw InputError("--traffic-scale: must be a number above 0");
    m_mode = m_o.tierMode.value_or(defaultTierMode(m_s));
    m_pooled = m_o.routing == ReplayRouting::Global;
    const int tp = m_r.tp;
    m_perServer = std::max(1, static_cast<int>(std::floor(m_r.replicasPerServer)));
    if (!m_o.replicas && !(std::round(m_r.fleetServers) <= 1e6))
        throw InputError("--servers: a replay runs at most 1000000 servers");
    const int fleetServers = static_cast<int>(std::clamp(std::round(m_r.fleetServers), 1.0, 1e6));
    m_replicas = m_o.replicas.value_or(m_perServer * fleetServers);
    if (m_replicas < 1 || m_replicas > 1000000)
        throw InputError("--replicas: " + std::to_string(m_replicas)
            + " replicas (given, or replicas per server x --servers) is out of range (1 to 1000000)");
    m_servers = (m_replicas + m_perServer - 1) / m_perServer;
    m_budget = m_o.maxBatchedTokens.value_or(defaultMaxNumBatchedTokens(&m_s.hardware));
    m_maxSeqs = m_o.maxSeqs.value_or(defaultMaxSeqs(m_s.hardware));
    const HardwareCard& hw = m_s.hardware;
    m_memFixed = m_r.tiers.hbm.weights / tp / (hw.hbmBandwidth * hw.decodeEfficiency);
    if (m_r.tiers.dram.weights > 0)
        m_memFixed = std::max(m_memFixed, m_r.tiers.dram.weights / tp / hw.link.streamingBandwidth());
    if (m_r.tiers.ssd.weights > 0)
        m_memFixed = std::max(m_memFixed, m_r.tiers.ssd.weights / tp / m_cm.nvmePerGpu());
    m_memPerToken = m_r.kvBytesPerToken / tp / (hw.hbmBandwidth * hw.decodeEfficiency);
    m_decodeFlopSeconds = 2.0 * m_s.model.paramsActive / m_cm.replicaFlops();
    m_arPerToken = m_cm.allReduceSeconds(2) - m_cm.allReduceSeconds(1);
    m_arFixed = m_cm.allReduceSeconds(1) - m_arPerToken;
    m_nvmeBandwidth = hw.nvmeReadBandwidth;
    setupCapacities();
}

void Engine::setupCapacities()
{
    const int bt = m_t.blockTokens > 0 ? m_t.blockTokens : 1;
    m_bytesPerBlock = bt * m_r.kvBytesPerToken;
    // HBM's KV per replica: what is left after the weights (hbm is one replica's).
    m_kvBlocks = std::floor(std::max(0.0, m_r.tiers.hbm.capacity - m_r.tiers.hbm.weights) / m_bytesPerBlock);
    // DRAM and SSD per server as the trace command cuts them: usable, less weights and
    // active sequences, and only where the scenario offloads.
    const trace::TraceCapacity c
        = trace::followOffload(trace::traceCapacity(m_r, trace::TraceRouting::RoundRobin), m_s.workload.offloadRate);
    const double pooled = m_pooled ? m_servers : 1;
    m_cap[kDram] = m_o.dramBlocks.value_or(std::floor(c.bytesPerCache[1] / m_bytesPerBlock) * pooled);
    m_cap[kSsd] = m_o.ssdBlocks.value_or(std::floor(c.bytesPerCache[2] / m_bytesPerBlock) * pooled);
    if (!(m_nvmeBandwidth > 0))
        m_cap[kSsd] = 0;
    m_cap[kHbm] = m_o.hbmBlocks.value_or(m_kvBlocks);
    for (auto [v, flag] : { std::pair { m_o.hbmBlocks, "hbm" }, std::pair { m_o.dramBlocks, "dram" },
             std::pair { m_o.ssdBlocks, "ssd" } })
        if (v && (!(*v >= 0) || *v > 1e15))
            throw InputError(std::string("--capacity-blocks: ") + flag + " must be 0 to 1e15 blocks");
    m_rep.resize(m_replicas);
    for (int i = 0; i < m_replicas; ++i) {
        m_rep[i].server = i / m_perServer;
        m_rep[i].hbm.setCapacity(m_cap[kHbm]);
    }
    const int caches = m_pooled ? 1 : m_servers;
    m_dram.assign(caches, BlockLru(m_cap[kDram]));
    m_ssd.assign(caches, BlockLru(m_cap[kSsd]));
    m_nvmeFree.assign(m_servers, 0);
    m_nvmeBusy.assign(m_servers, 0);
}

int Engine::chooseReplica(std::uint32_t j)
{
    const int n = m_replicas;
    const int start = static_cast<int>(m_o.seed % static_cast<std::uint64_t>(n));
    if (m_o.routing == ReplayRouting::RoundRobin)
        return static_cast<int>((m_rr++ + start) % static_cast<std::uint64_t>(n));
    int least = start;
    for (int k = 0; k < n; ++k) {
        const int ri = (start + k) % n;
        if (m_rep[ri].outstandingPrefill < m_rep[least].outstandingPrefill)
            least = ri;
    }
    if (m_o.routing != ReplayRouting::PrefixAware)
        return least;
    // The replica that was sent the longest prefix, while the prefill it saves there (its
    // matched tokens) outweighs the extra prefill queued ahead of it; else the least loaded.
    const ReplayTrace::Request& q = m_t.requests[j];
    int chosen = least;
    for (std::uint32_t i = q.keyCount; i-- > 0;)
        if (auto it = m_sentTo.find(key(j, i)); it != m_sentTo.end()) {
            const double saved = static_cast<double>(i + 1) * std::max(1, m_t.blockTokens);
            if (m_rep[it->second].outstandingPrefill - m_rep[least].outstandingPrefill <= saved)
                chosen = it->second;
            break;
        }
    for (std::uint32_t i = 0; i < q.keyCount; ++i)
        m_sentTo[key(j, i)] = chosen;
    return chosen;
}

void Engine::arrive(std::uint32_t j)
{
    if (m_o.routing == ReplayRouting::Central || m_o.routing == ReplayRouting::Global) {
        m_central.push_back(j);
        return;
    }
    const int ri = chooseReplica(j);
    m_rep[ri].queue.push_back(j);
    m_rep[ri].outstandingPrefill += static_cast<double>(std::max<std::uint64_t>(m_t.requests[j].inputTokens, 1));
}

void Engine::startIdle(double now)
{
    for (int ri = 0; ri < m_replicas; ++ri)
        if (!m_rep[ri].busy)
            startStep(ri, now);
}

void Engine::startStep(int ri, double now)
{
    // vLLM V1's scheduler: the running requests in admission order, each taking what it
    // needs (one token to decode, the rest of its prompt to prefill) from the step's token
    // budget until it is spent; then waiting requests while budget is left.
    Replica& rep = m_rep[ri];
    rep.chunks.clear();
    rep.decodes = 0;
    rep.decodeContext = 0;
    double budget = m_budget;
    auto take = [&](std::uint32_t j) {
        const Job& job = m_jobs[j];
        if (job.restoreUntil > now || budget < 1)
            return;
        if (job.firstToken >= 0) {
            rep.chunks.emplace_back(j, 1);
            ++rep.decodes;
            rep.decodeContext += static_cast<double>(m_t.requests[j].inputTokens + job.generated);
            budget -= 1;
            return;
        }
        const std::uint64_t left = job.prefillTo - job.prefillFrom - job.prefillDone;
        const std::uint64_t n = std::min<std::uint64_t>(left, static_cast<std::uint64_t>(budget));
        rep.chunks.emplace_back(j, n);
        budget -= static_cast<double>(n);
    };
    for (std::uint32_t j : rep.running)
        take(j);
    std::deque<std::uint32_t>& q
        = m_o.routing == ReplayRouting::Central || m_o.routing == ReplayRouting::Global ? m_central : rep.queue;
    while (budget >= 1 && !q.empty() && admit(ri, q.front(), now)) {
        const std::uint32_t j = q.front();
        q.pop_front();
        take(j);
    }
    rep.busy = !rep.chunks.empty();
    if (rep.busy)
        push(now + stepSeconds(rep), 0, static_cast<std::uint32_t>(ri));
}

bool Engine::admit(int ri, std::uint32_t j, double now)
{
    Replica& rep = m_rep[ri];
    const ReplayTrace::Request& q = m_t.requests[j];
    const std::uint64_t bt = static_cast<std::uint64_t>(std::max(1, m_t.blockTokens));
    const std::uint64_t need = (q.inputTokens + q.outputTokens + bt - 1) / bt;
    if (static_cast<double>(rep.seqs) >= m_maxSeqs)
        return false;
    if (rep.seqs > 0 && static_cast<double>(rep.reserved + need) > m_kvBlocks)
        return false;
    Job& job = m_jobs[j];
    job.scheduled = now;
    job.replica = ri;
    job.needBlocks = need;
    ++rep.seqs;
    rep.reserved += need;
    lookup(ri, j);
    if (!m_o.hbmBlocks)
        rep.hbm.setCapacity(std::max(0.0, m_kvBlocks - static_cast<double>(rep.reserved)));
    settleHbm(ri);
    job.restoreUntil = now;
    if (job.tokens[kDram] > 0 || job.tokens[kSsd] > 0)
        restore(ri, j, now);
    rep.running.push_back(j);
    return true;
}

void Engine::lookup(int ri, std::uint32_t j)
{
    Replica& rep = m_rep[ri];
    Job& job = m_jobs[j];
    const ReplayTrace::Request& q = m_t.requests[j];
    const int bt = std::max(1, m_t.blockTokens);
    std::uint64_t hit = 0;
    std::uint32_t i = 0;
    for (; i < q.keyCount; ++i) {
        const std::uint64_t k = key(j, i);
        int tier = kMiss;
        if (rep.hbm.contains(k))
            tier = kHbm;
        else if (m_cap[kDram] > 0 && lower(kDram, ri).contains(k))
            tier = kDram;
        else if (m_cap[kSsd] > 0 && lower(kSsd, ri).contains(k))
            tier = kSsd;
        if (tier == kMiss)
            break;
        const std::uint64_t tokens = std::min<std::uint64_t>(bt,
            q.inputTokens > static_cast<std::uint64_t>(i) * bt ? q.inputTokens - static_cast<std::uint64_t>(i) * bt
                                                               : 0);
        job.tokens[tier] += tokens;
        hit += tokens;
        // A restored block lands in HBM; in exclusive tiers it leaves the tier below.
        if (tier != kHbm && m_mode == TierMode::Exclusive)
            lower(tier, ri).erase(k);
        rep.hbm.pin(k);
    }
    job.hbmHits = i;
    job.tokens[kMiss] = q.inputTokens - std::min(hit, q.inputTokens);
    // At least one token is computed: the first output token needs the last prompt token's logits.
    job.prefillTo = std::max<std::uint64_t>(q.inputTokens, 1);
    job.prefillFrom = std::min(hit, job.prefillTo - 1);
    if (m_o.routing != ReplayRouting::Central && m_o.routing != ReplayRouting::Global)
        rep.outstandingPrefill -= static_cast<double>(job.prefillFrom);
}

void Engine::restore(int ri, std::uint32_t j, double now)
{
    Replica& rep = m_rep[ri];
    Job& job = m_jobs[j];
    const double dram = static_cast<double>(job.tokens[kDram]);
    const double ssd = static_cast<double>(job.tokens[kSsd]);
    double link = 0;
    if (dram > 0)
        link += m_cm.restoreSeconds(Tier::Dram, dram);
    if (ssd > 0)
        link += m_cm.restoreSeconds(Tier::Dram, ssd);
    const double start = std::max(now, rep.linkFree);
    double end = start + link;
    rep.linkBusy += link;
    if (ssd > 0) {
        const int sv = rep.server;
        const double nvme = ssd * m_r.kvBytesPerToken / m_nvmeBandwidth;
        const double nvmeEnd = std::max(now, m_nvmeFree[sv]) + nvme;
        m_nvmeFree[sv] = nvmeEnd;
        m_nvmeBusy[sv] += nvme;
        end = std::max(end, nvmeEnd);
    }
    rep.linkFree = end;
    job.restoreUntil = end;
    push(end, 1, j);
}

void Engine::endStep(int ri, double now)
{
    Replica& rep = m_rep[ri];
    ++rep.step;
    bool finished = false;
    for (auto [j, n] : rep.chunks) {
        Job& job = m_jobs[j];
        if (job.firstToken >= 0) {
            if (++job.generated >= m_t.requests[j].outputTokens) {
                finish(ri, j, now);
                finished = true;
            }
            continue;
        }
        job.prefillDone += n;
        if (m_o.routing != ReplayRouting::Central && m_o.routing != ReplayRouting::Global)
            rep.outstandingPrefill -= static_cast<double>(n);
        if (job.prefillFrom + job.prefillDone >= job.prefillTo)
            finished |= prefillDone(ri, j, now);
    }
    rep.chunks.clear();
    if (finished)
        std::erase_if(rep.running, [this](std::uint32_t j) { return m_jobs[j].done >= 0; });
    startStep(ri, now);
}

bool Engine::prefillDone(int ri, std::uint32_t j, double now)
{
    Replica& rep = m_rep[ri];
    Job& job = m_jobs[j];
    const ReplayTrace::Request& q = m_t.requests[j];
    job.firstToken = now;
    // Its blocks enter the prefix cache now: held in HBM, written through or taken from below.
    for (std::uint32_t i = job.hbmHits; i < q.keyCount; ++i) {
        const std::uint64_t k = key(j, i);
        rep.hbm.pin(k);
        if (m_mode == TierMode::Exclusive) {
            if (m_cap[kDram] > 0)
                lower(kDram, ri).erase(k);
            if (m_cap[kSsd] > 0)
                lower(kSsd, ri).erase(k);
        }
    }
    if (m_mode == TierMode::WriteThrough)
        for (int tier : { kDram, kSsd }) {
            if (!(m_cap[tier] > 0))
                continue;
            BlockLru& lru = lower(tier, ri);
            for (std::uint32_t i = q.keyCount; i-- > 0;)
                lru.touch(key(j, i));
            m_evicted.clear();
            lru.evictOverflow(m_evicted);
        }
    job.generated = 1;
    if (q.outputTokens <= 1) {
        finish(ri, j, now);
        return true;
    }
    return false;
}

void Engine::finish(int ri, std::uint32_t j, double now)
{
    Replica& rep = m_rep[ri];
    Job& job = m_jobs[j];
    job.done = now;
    m_lastDone = std::max(m_lastDone, now);
    const ReplayTrace::Request& q = m_t.requests[j];
    // Freed tail first: the head of the prefix is the most recent.
    for (std::uint32_t i = q.keyCount; i-- > 0;)
        rep.hbm.unpin(key(j, i));
    rep.reserved -= job.needBlocks;
    --rep.seqs;
    if (!m_o.hbmBlocks)
        rep.hbm.setCapacity(std::max(0.0, m_kvBlocks - static_cast<double>(rep.reserved)));
    settleHbm(ri);
}

void Engine::settleHbm(int ri)
{
    m_evicted.clear();
    m_rep[ri].hbm.evictOverflow(m_evicted);
    if (m_mode != TierMode::Exclusive || m_evicted.empty())
        return;
    std::vector<std::uint64_t> down;
    for (int tier : { kDram, kSsd }) {
        if (!(m_cap[tier] > 0))
            continue;
        BlockLru& lru = lower(tier, ri);
        for (std::uint64_t k : m_evicted)
            lru.touch(k);
        down.clear();
        lru.evictOverflow(down);
        m_evicted.swap(down);
        if (m_evicted.empty())
            return;
    }
}

double Engine::stepSeconds(const Replica& rep) const
{
    const double b = static_cast<double>(rep.decodes);
    double compute = 0;
    for (auto [j, n] : rep.chunks) {
        const Job& job = m_jobs[j];
        if (job.firstToken >= 0)
            continue;
        const double from = static_cast<double>(job.prefillFrom + job.prefillDone);
        compute += m_cm.marginalRecomputeSeconds(from, from + static_cast<double>(n));
    }
    if (b > 0) {
        compute += b * m_decodeFlopSeconds;
        compute += b * m_cm.decodeAttentionFlopsPerGpu(rep.decodeContext / b) * m_cm.attentionCost() * m_r.tp
            / m_cm.replicaFlops();
    }
    const double memory = m_memFixed + m_memPerToken * rep.decodeContext;
    return std::max(memory, compute) + m_arFixed + m_arPerToken * b;
}

ReplayResult Engine::run(const ReplayControl& control)
{
    const std::size_t n = m_t.requests.size();
    m_jobs.assign(n, Job {});
    for (std::size_t j = 0; j < n; ++j)
        m_jobs[j].arrival = m_t.requests[j].arrival / m_o.trafficScale;
    std::size_t next = 0;
    std::uint64_t turns = 0;
    while (next < n || !m_events.empty()) {
        if (++turns % 8192 == 0) {
            if (control.cancel && control.cancel->load())
                throw ReplayCancelled();
            if (control.progress)
                control.progress(static_cast<double>(next) / static_cast<double>(n));
        }
        if (!m_events.empty() && (next == n || m_events.top().time <= m_jobs[next].arrival)) {
            const Event e = m_events.top();
            m_events.pop();
            if (e.kind == 0)
                endStep(static_cast<int>(e.who), e.time);
            else if (const int ri = m_jobs[e.who].replica; !m_rep[ri].busy)
                startStep(ri, e.time);
            continue;
        }
        const double now = m_jobs[next].arrival;
        while (next < n && m_jobs[next].arrival == now)
            arrive(static_cast<std::uint32_t>(next++));
        startIdle(now);
    }
    if (control.progress)
        control.progress(1);
    return summarize();
}

ReplayResult Engine::summarize() const
{
    ReplayResult out;
    const std::size_t n = m_jobs.size();
    out.requests = n;
    out.durationSeconds = m_lastDone;
    std::vector<double> ttft, tpot, wait;
    ttft.reserve(n);
    wait.reserve(n);
    std::array<double, 4> tokens {};
    std::uint64_t met = 0;
    if (m_o.keepRequests)
        out.perRequest.reserve(n);
    for (std::size_t j = 0; j < n; ++j) {
        const Job& job = m_jobs[j];
        const ReplayTrace::Request& q = m_t.requests[j];
        ReplayRecord rec;
        rec.arrival = job.arrival;
        rec.wait = job.scheduled - job.arrival;
        rec.ttft = job.firstToken - job.arrival;
        rec.tpot = q.outputTokens > 1 ? (job.done - job.firstToken) / static_cast<double>(q.outputTokens - 1) : 0.0;
        rec.tokens = job.tokens;
        rec.replica = job.replica;
        rec.line = q.line;
        ttft.push_back(rec.ttft);
        wait.push_back(rec.wait);
        if (q.outputTokens > 1)
            tpot.push_back(rec.tpot);
        if (rec.ttft <= m_o.targets.ttft() && (q.outputTokens <= 1 || rec.tpot <= m_o.targets.tpot()))
            ++met;
        for (int t = 0; t < 4; ++t)
            tokens[t] += static_cast<double>(job.tokens[t]);
        if (m_o.keepRequests)
            out.perRequest.push_back(rec);
    }
    out.ttft = replayStats(ttft);
    out.tpot = replayStats(tpot);
    out.queueWait = replayStats(wait);
    std::sort(ttft.begin(), ttft.end());
    std::sort(tpot.begin(), tpot.end());
    out.ttftAtPercentile = atPercentile(ttft, out.ttft, m_o.targets.ttftAt());
    out.tpotAtPercentile = atPercentile(tpot, out.tpot, m_o.targets.tpotAt());
    out.sloAttainment = n > 0 ? static_cast<double>(met) / static_cast<double>(n) : 0.0;
    out.goodputRps = out.durationSeconds > 0 ? static_cast<double>(met) / out.durationSeconds : 0.0;
    const double prompt = tokens[0] + tokens[1] + tokens[2] + tokens[3];
    for (int t = 0; t < 4; ++t)
        out.hitShare[t] = prompt > 0 ? tokens[t] / prompt : 0.0;
    out.restoreBytes = { tokens[kDram] * m_r.kvBytesPerToken, tokens[kSsd] * m_r.kvBytesPerToken };
    const double d = out.durationSeconds;
    if (d > 0) {
        double sum = 0, peak = 0;
        for (const Replica& rep : m_rep) {
            sum += rep.linkBusy;
            peak = std::max(peak, rep.linkBusy);
        }
        out.gpuLink = { sum / (d * m_replicas), peak / d };
        sum = peak = 0;
        for (double busy : m_nvmeBusy) {
            sum += busy;
            peak = std::max(peak, busy);
        }
        out.nvme = { sum / (d * m_servers), peak / d };
    }
    out.replicas = m_replicas;
    out.servers = m_servers;
    out.gpus = m_replicas * m_r.tp;
    out.routing = m_o.routing;
    out.tierMode = m_mode;
    out.blockTokens = m_t.blockTokens;
    out.kvBytesPerBlock = m_bytesPerBlock;
    out.hbmKvBlocks = m_kvBlocks;
    out.hbmCacheBlocks = m_o.hbmBlocks;
    out.dramBlocks = m_cap[kDram];
    out.ssdBlocks = m_cap[kSsd];
    out.maxBatchedTokens = m_budget;
    out.maxSeqs = m_maxSeqs;
    out.trafficScale = m_o.trafficScale;
    out.options = m_o;
    return out;
}

void checkOptions(const ReplayOptions& o)
{
    auto positive = [](const char* flag, double v, double hi) {
        if (!(v > 0) || v > hi)
            throw InputError(std::string(flag) + ": must be above 0 and at most " + std::to_string(hi).substr(0, 8));
    };
    positive("--ttft", o.targets.ttft(), 1e9);
    positive("--tpot", o.targets.tpot(), 1e9);
    for (auto [flag, p] : { std::pair { "--ttft-percentile", o.targets.ttftAt() },
             std::pair { "--tpot-percentile", o.targets.tpotAt() } })
        if (!validPercentile(p))
            throw InputError(
                { .code = InputErrorCode::PercentileOutOfRange, .where = flag, .value = formatSignificant(p, 6) });
    if (o.maxBatchedTokens && !(*o.maxBatchedTokens >= 1 && *o.maxBatchedTokens <= 1e9))
        throw InputError("--max-num-batched-tokens: must be 1 to 1e9");
    if (o.maxSeqs && !(*o.maxSeqs >= 1 && *o.maxSeqs <= 1e9))
        throw InputError("--max-num-seqs: must be 1 to 1e9");
}

} // namespace

ReplayResult runReplay(const ReplayTrace& trace, const Scenario& scenario, const EvalResult& result,
    const ReplayOptions& options, const ReplayControl& control)
{
    checkOptions(options);
    if (trace.requests.size() >= 0xffffffffu)
        throw InputError(trace.name + ": more than 4294967294 requests: too many to replay");
    Engine engine(trace, scenario, result, options);
    return engine.run(control);
}

} // namespace kvtiers::replay
