// ReplayEngine: the discrete-event loop of a replay (the model is stated in Replay.h and
// docs/trace.md, "Replay under load").
#include "core/io/InputError.h"
#include "core/io/Units.h"
#include "core/model/ComputeModel.h"
#include "core/model/KvSizing.h"
#include "core/model/VllmCheck.h"
#include "core/replay/Replay.h"
#include "core/replay/ReplayCache.h"
#include "core/replay/ReplayChecks.h"
#include "core/replay/ReplayOptions.h"
#include "core/replay/Router.h"
#include "core/trace/TraceTiers.h"

#include <QtGlobal>
#include <queue>

#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>
#include <set>
#include <vector>

namespace kvtiers::replay {

namespace {

constexpr MessageContext say { "Messages" };

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
    PerSource<std::uint64_t> tokens {};
    int replica = -1;
    PrefillCost cost; ///< its prefill's cost (docs/trace.md, "Restore against compute")
};

/// One replica's state.
struct Replica {
    int server = 0;
    BlockLru hbm;
    std::deque<std::uint32_t> queue;    ///< its own queue (dispatching routers)
    std::vector<std::uint32_t> running; ///< admitted and not finished, in admission order
    /// The running step: each job with its tokens (a prefill chunk, or 1 for a decode).
    std::vector<std::pair<std::uint32_t, std::uint64_t>> chunks;
    std::uint64_t decodes = 0; ///< decode tokens in the running step
    std::uint64_t step = 0;
    std::uint64_t reserved = 0;
    std::uint64_t seqs = 0;
    double decodeContext = 0;   ///< tokens held by the sequences decoding in the running step
    double outstandingWork = 0; ///< prompt tokens sent here, neither computed nor cached yet
    double linkFree = 0, linkBusy = 0;
    double idleSince = 0;             ///< when its last step ended (while idle)
    double stepSeconds = 0;           ///< the running step's
    std::vector<double> chunkCompute; ///< each chunk's compute seconds in the running step (0 for a decode)
    double stepCompute = 0;           ///< the running step's compute seconds, prefill and decode
    double stepStall = 0;             ///< the running step's restore stalls (serial restores and per-request costs)
    double busySeconds = 0;           ///< steps run, summed
    std::uint64_t admitted = 0;       ///< requests scheduled here
    bool busy = false;
};

enum class EventKind {
    StepEnd,     ///< `replica`'s step ends
    RestoreDone, ///< `request`'s restore to `replica` ends: its prefill may start
};

struct Event {
    double time;
    std::uint64_t seq; ///< order of scheduling: ties at one time go first come, first served
    EventKind kind;
    int replica;
    std::uint32_t request; ///< RestoreDone's request (StepEnd: none)
    bool operator>(const Event& o) const { return time != o.time ? time > o.time : seq > o.seq; }
};
constexpr std::uint32_t kNoRequest = 0xffffffffu;

} // namespace

namespace {

class Engine : public RouterReads {
public:
    Engine(ReplaySource& source, const Scenario& s, const EvalResult& r, const ReplayOptions& o, Router& router)
        : m_src(source)
        , m_s(s)
        , m_r(r)
        , m_o(o)
        , m_router(router)
        , m_kv(s.model, s.kvFormat(), s.tp(), s.workload.blockSize, s.workload.allocation, s.dcp())
        , m_cm(s, m_kv)
    {
        if (!readNext()) // the block size is known from the first request
            noRequests(m_src.name());
        setup();
    }
    ReplayResult run(const ReplayControl& control);

    // What the router reads.
    int replicas() const override { return m_c.replicas; }
    double outstandingWork(int replica) const override { return m_rep[replica].outstandingWork; }
    std::uint32_t cachedPrefixBlocks(int replica, std::uint32_t j) const override;
    std::uint32_t pooledPrefixBlocks(int replica, std::uint32_t j) const override;
    const ReplayTrace::Request& request(std::uint32_t j) const override { return live(j).q; }
    std::uint64_t prefixKey(std::uint32_t j, std::uint32_t i) const override { return key(j, i); }
    int blockTokens() const override { return m_blockTokens; }
    double prefillSeconds(double from, double to) const override { return m_cm.marginalRecomputeSeconds(from, to); }
    double restoreSeconds(double tokens) const override
    {
        return tokens > 0 ? m_cm.restoreSeconds(Tier::Dram, tokens) + m_cm.restoreFixedSeconds() : 0.0;
    }

private:
    void setup();
    /// Queues a request (central) or sends it to a replica's queue.
    void arrive(std::uint32_t j);
    /// Every idle replica starts a step, the one idle longest first (then the lowest index):
    /// after all arrivals at one time are queued, so requests on one timestamp are scheduled
    /// together, in file order.
    void startIdle(double now);
    /// Whether replica `ri`, building a step, takes the central queue's head: when no other
    /// replica that could admit it has less outstanding work (so a burst is spread, one
    /// request to each idle replica, the rest to whichever reaches a step boundary least loaded).
    bool takesCentralHead(int ri, std::uint32_t head) const;
    /// Whether replica `ri` has a sequence slot and KV room for request j.
    bool canAdmit(int ri, std::uint32_t j) const;
    std::uint64_t needBlocks(std::uint32_t j) const;
    void startStep(int ri, double now);
    std::deque<std::uint32_t>& queueOf(int ri);
    bool admit(int ri, std::uint32_t j, double now);
    void lookup(int ri, std::uint32_t j);
    /// The tier below HBM whose cache holds `key` for replica `ri`, if any.
    std::optional<Tier> lowerTierOf(int ri, std::uint64_t key) const;
    void restore(int ri, std::uint32_t j, double now);
    void endStep(int ri, double now);
    /// `tokens` more of request j's prompt are done on replica ri.
    void progress(int ri, std::uint32_t j, std::uint64_t tokens);
    /// The first token; true when that was the request's last.
    bool prefillDone(int ri, std::uint32_t j, double now);
    void finish(int ri, std::uint32_t j, double now);
    void settleHbm(int ri);
    /// The running step's seconds; fills rep's per-chunk compute and stall.
    double stepSeconds(Replica& rep) const;
    void summarizeCosts(ReplayResult& out) const;
    BlockLru& lower(Tier tier, int ri) { return tier == Tier::Dram ? m_dram[cacheOf(ri)] : m_ssd[cacheOf(ri)]; }
    const BlockLru& lower(Tier tier, int ri) const
    {
        return tier == Tier::Dram ? m_dram[cacheOf(ri)] : m_ssd[cacheOf(ri)];
    }
    int cacheOf(int ri) const { return m_c.pooled ? 0 : m_rep[ri].server; }
    /// A request from its arrival until it and every request before it are done.
    struct Live {
        ReplayTrace::Request q;
        std::vector<std::uint64_t> keys; ///< its prefix keys (freed when it finishes)
        Job job;
    };
    Live& live(std::uint32_t j) { return m_live[j - m_liveBase]; }
    const Live& live(std::uint32_t j) const { return m_live[j - m_liveBase]; }
    const ReplayTrace::Request& req(std::uint32_t j) const { return live(j).q; }
    Job& jobOf(std::uint32_t j) { return live(j).job; }
    const Job& jobOf(std::uint32_t j) const { return live(j).job; }
    std::uint64_t key(std::uint32_t j, std::uint32_t i) const { return live(j).keys[i]; }
    /// Request j's output tokens: the options' override, else the trace's.
    std::uint64_t outputs(std::uint32_t j) const
    {
        return m_o.outputTokens ? static_cast<std::uint64_t>(*m_o.outputTokens) : req(j).outputTokens;
    }
    /// Reads the source's next request into m_next; false at its end.
    bool readNext();
    /// The next request arrives: it joins the live window and a queue.
    void arriveNext();
    /// A finished request's figures kept for the summary.
    void record(std::uint32_t j);
    /// Lets go of the finished requests at the head of the window.
    void retire();
    void push(double time, EventKind kind, int replica, std::uint32_t request = kNoRequest)
    {
        m_events.push(Event { time, m_seq++, kind, replica, request });
    }
    ReplayResult summarize();
    void summarizeLinks(ReplayResult& out) const;

    ReplaySource& m_src;
    const Scenario& m_s;
    const EvalResult& m_r;
    ReplayOptions m_o;
    Router& m_router;
    KvSizing m_kv;
    ComputeModel m_cm;
    ReplayCapacities m_c;
    TierMode m_mode = TierMode::WriteThrough;
    double m_budget = 8192, m_maxSeqs = 256;
    std::vector<Replica> m_rep;
    std::set<std::pair<double, int>> m_idle; ///< replicas with no step running: (idle since, index)
    std::vector<BlockLru> m_dram, m_ssd;
    std::vector<double> m_nvmeFree, m_nvmeBusy;
    std::deque<Live> m_live;      ///< requests m_liveBase.. in arrival order
    std::uint64_t m_liveBase = 0; ///< the index of m_live's first request
    std::uint64_t m_arrived = 0;  ///< requests arrived so far (the next one's index)
    Live m_next;                  ///< the next request, read ahead
    bool m_haveNext = false;
    int m_blockTokens = 0;
    double m_requestSteps = 0; ///< work read so far (checkReplayTrace's bound)
    // Figures of finished requests, for the summary.
    std::vector<double> m_ttft, m_tpot, m_wait;
    std::vector<std::vector<double>> m_byBand; ///< TTFTs by prompt band (promptBand)
    PerSource<double> m_tokens {};
    PrefillCost m_prefillCost {}; ///< every finished request's, summed
    std::uint64_t m_met = 0;
    std::vector<ReplayRecord> m_records; ///< when keepRequests, in the order they finished
    std::deque<std::uint32_t> m_central;
    std::priority_queue<Event, std::vector<Event>, std::greater<>> m_events;
    std::uint64_t m_seq = 0;
    std::vector<std::uint64_t> m_evicted;
    // Step-time constants.
    double m_memFixed = 0, m_memPerToken = 0, m_decodeFlopSeconds = 0, m_arFixed = 0, m_arPerToken = 0;
    double m_dcpFixed = 0, m_dcpPerToken = 0; ///< decode context parallel's exchange, decodes only
    double m_nvmeBandwidth = 0;
    double m_lastDone = 0;
};

void Engine::setup()
{
    m_mode = m_o.tierMode.value_or(m_s.restorePath.tierMode);
    ReplayOptions o = m_o;
    o.routing = m_router.pooled() ? ReplayRouting::Global : ReplayRouting::Central;
    m_c = replayCapacities(m_blockTokens, m_s, m_r, o);
    const int tp = m_r.tp;
    m_budget = m_o.maxBatchedTokens.value_or(defaultMaxNumBatchedTokens(&m_s.hardware));
    m_maxSeqs = m_o.maxSeqs.value_or(defaultMaxSeqs(m_s.hardware));
    const HardwareCard& hw = m_s.hardware;
    m_memFixed = m_r.tiers.hbm.weights / tp / (hw.hbmBandwidth * hw.decodeEfficiency);
    if (m_r.tiers.dram.weights > 0)
        m_memFixed = std::max(m_memFixed, m_r.tiers.dram.weights / tp / hw.link.streamingBandwidth());
    if (m_r.tiers.ssd.weights > 0)
        m_memFixed = std::max(m_memFixed, m_r.tiers.ssd.weights / tp / m_cm.nvmePerGpu());
    // The KV one GPU reads per token of context: its share of the heads, or the whole latent
    // where MLA replicates it on every rank, ÷ DCP's stripes (as the evaluation's decode step reads it).
    m_memPerToken = m_kv.gpuBytesPerToken() / (hw.hbmBandwidth * hw.decodeEfficiency);
    m_decodeFlopSeconds = m_cm.decodeLinearFlops() / m_cm.replicaFlops();
    m_arPerToken = m_cm.allReduceSeconds(2) - m_cm.allReduceSeconds(1);
    m_arFixed = m_cm.allReduceSeconds(1) - m_arPerToken;
    m_dcpPerToken = m_cm.contextExchangeSeconds(2) - m_cm.contextExchangeSeconds(1);
    m_dcpFixed = m_cm.contextExchangeSeconds(1) - m_dcpPerToken;
    m_nvmeBandwidth = hw.nvmeReadBandwidth;
    m_rep.resize(m_c.replicas);
    for (int i = 0; i < m_c.replicas; ++i) {
        m_rep[i].server = i / m_c.replicasPerServer;
        m_rep[i].hbm.setCapacity(m_c.blocks.hbm);
        m_idle.insert(m_idle.end(), { 0.0, i });
    }
    const int caches = m_c.pooled ? 1 : m_c.servers;
    m_dram.assign(caches, BlockLru(m_c.blocks.dram));
    m_ssd.assign(caches, BlockLru(m_c.blocks.ssd));
    m_nvmeFree.assign(m_c.servers, 0);
    m_nvmeBusy.assign(m_c.servers, 0);
}

std::uint32_t Engine::cachedPrefixBlocks(int ri, std::uint32_t j) const
{
    const std::uint32_t n = req(j).keyCount;
    std::uint32_t i = 0;
    while (i < n && m_rep[ri].hbm.contains(key(j, i)))
        ++i;
    return i;
}

std::uint32_t Engine::pooledPrefixBlocks(int ri, std::uint32_t j) const
{
    const std::uint32_t n = req(j).keyCount;
    std::uint32_t i = 0;
    while (i < n && lowerTierOf(ri, key(j, i)))
        ++i;
    return i;
}

std::optional<Tier> Engine::lowerTierOf(int ri, std::uint64_t k) const
{
    for (Tier t : { Tier::Dram, Tier::Ssd })
        if (m_c.blocks[t] > 0 && lower(t, ri).contains(k))
            return t;
    return std::nullopt;
}

void Engine::arrive(std::uint32_t j)
{
    const int ri = m_router.arrive(j, *this);
    if (ri == Router::kCentralQueue) {
        m_central.push_back(j);
        return;
    }
    m_rep[ri].queue.push_back(j);
    m_rep[ri].outstandingWork += static_cast<double>(std::max<std::uint64_t>(req(j).inputTokens, 1));
}

void Engine::startIdle(double now)
{
    // startStep takes a replica that starts a step out of the set: step past it first.
    // (A replica that stays idle keeps its place.)
    const std::vector<std::pair<double, int>> idle(m_idle.begin(), m_idle.end());
    for (const auto& [since, ri] : idle)
        startStep(ri, now);
}

std::uint64_t Engine::needBlocks(std::uint32_t j) const
{
    const ReplayTrace::Request& q = req(j);
    const std::uint64_t bt = static_cast<std::uint64_t>(std::max(1, m_blockTokens));
    return (q.inputTokens + outputs(j) + bt - 1) / bt;
}

bool Engine::canAdmit(int ri, std::uint32_t j) const
{
    const Replica& rep = m_rep[ri];
    if (static_cast<double>(rep.seqs) >= m_maxSeqs)
        return false;
    return rep.seqs == 0 || static_cast<double>(rep.reserved + needBlocks(j)) <= m_c.hbmKvBlocks;
}

bool Engine::takesCentralHead(int ri, std::uint32_t head) const
{
    const double mine = m_rep[ri].outstandingWork;
    if (mine <= 0)
        return true;
    for (int r = 0; r < m_c.replicas; ++r)
        if (r != ri && m_rep[r].outstandingWork < mine && m_router.queueOf(r) == Router::kCentralQueue
            && canAdmit(r, head))
            return false;
    return true;
}

std::deque<std::uint32_t>& Engine::queueOf(int ri)
{
    const int q = m_router.queueOf(ri);
    return q == Router::kCentralQueue ? m_central : m_rep[q].queue;
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
        const Job& job = jobOf(j);
        if (job.restoreUntil > now || budget < 1)
            return;
        if (job.firstToken >= 0) {
            rep.chunks.emplace_back(j, 1);
            ++rep.decodes;
            rep.decodeContext += static_cast<double>(req(j).inputTokens + job.generated);
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
    std::deque<std::uint32_t>& q = queueOf(ri);
    const bool central = m_router.queueOf(ri) == Router::kCentralQueue;
    while (budget >= 1 && !q.empty() && (!central || takesCentralHead(ri, q.front())) && admit(ri, q.front(), now)) {
        const std::uint32_t j = q.front();
        q.pop_front();
        take(j);
    }
    const bool wasBusy = rep.busy;
    rep.busy = !rep.chunks.empty();
    if (rep.busy) {
        if (!wasBusy)
            m_idle.erase({ rep.idleSince, ri });
        rep.stepSeconds = stepSeconds(rep);
        rep.busySeconds += rep.stepSeconds;
        push(now + rep.stepSeconds, EventKind::StepEnd, ri);
    } else if (wasBusy) {
        rep.idleSince = now;
        m_idle.insert({ now, ri });
    }
}

bool Engine::admit(int ri, std::uint32_t j, double now)
{
    Replica& rep = m_rep[ri];
    const ReplayTrace::Request& q = req(j);
    if (!canAdmit(ri, j))
        return false;
    const std::uint64_t need = needBlocks(j);
    ++rep.admitted;
    Job& job = jobOf(j);
    job.scheduled = now;
    job.replica = ri;
    job.needBlocks = need;
    ++rep.seqs;
    rep.reserved += need;
    if (m_router.queueOf(ri) == Router::kCentralQueue) // sent here now, not on arrival
        rep.outstandingWork += static_cast<double>(std::max<std::uint64_t>(q.inputTokens, 1));
    lookup(ri, j);
    if (!m_o.capacityBlocks.hbm)
        rep.hbm.setCapacity(std::max(0.0, m_c.hbmKvBlocks - static_cast<double>(rep.reserved)));
    settleHbm(ri);
    job.restoreUntil = now;
    if (job.tokens.dram > 0 || job.tokens.ssd > 0)
        restore(ri, j, now);
    rep.running.push_back(j);
    return true;
}

void Engine::lookup(int ri, std::uint32_t j)
{
    Replica& rep = m_rep[ri];
    Job& job = jobOf(j);
    const ReplayTrace::Request& q = req(j);
    const int bt = std::max(1, m_blockTokens);
    const auto blockTokens = [&](std::uint32_t i) {
        const std::uint64_t start = static_cast<std::uint64_t>(i) * bt;
        return std::min<std::uint64_t>(bt, q.inputTokens > start ? q.inputTokens - start : 0);
    };
    // The cached prefix: leading blocks in HBM, then in HBM or a tier below. The blocks below
    // HBM are restored only when that, the path's per-request cost included, beats computing
    // them in the pass that prefills the rest (docs/trace.md, "Restore against compute").
    std::uint32_t hbmLead = 0, cached = 0;
    PerTier<std::uint64_t> found {};
    for (; cached < q.keyCount; ++cached) {
        const std::uint64_t k = key(j, cached);
        const std::optional<Tier> tier = rep.hbm.contains(k) ? std::optional<Tier>(Tier::Hbm) : lowerTierOf(ri, k);
        if (!tier)
            break;
        if (*tier == Tier::Hbm && hbmLead == cached)
            ++hbmLead;
        found[*tier] += blockTokens(cached);
    }
    const bool restores = (found.dram > 0 || found.ssd > 0)
        && m_cm.restoreBeatsRecompute(static_cast<double>(blockTokens(0)) * hbmLead, static_cast<double>(found.dram),
            static_cast<double>(found.ssd));
    const std::uint32_t use = restores ? cached : hbmLead;
    std::uint64_t hit = 0;
    for (std::uint32_t i = 0; i < use; ++i) {
        const std::uint64_t k = key(j, i);
        const Tier tier = rep.hbm.contains(k) ? Tier::Hbm : *lowerTierOf(ri, k);
        const std::uint64_t tokens = blockTokens(i);
        job.tokens[tier] += tokens;
        hit += tokens;
        // A restored block lands in HBM; in exclusive tiers it leaves the tier below.
        if (tier != Tier::Hbm && m_mode == TierMode::Exclusive)
            lower(tier, ri).erase(k);
        rep.hbm.pin(k);
    }
    job.hbmHits = use;
    job.tokens.recomputed = q.inputTokens - std::min(hit, q.inputTokens);
    // At least one token is computed: the first output token needs the last prompt token's logits.
    job.prefillTo = std::max<std::uint64_t>(q.inputTokens, 1);
    job.prefillFrom = std::min(hit, job.prefillTo - 1);
    progress(ri, j, job.prefillFrom);
}

void Engine::progress(int ri, std::uint32_t j, std::uint64_t tokens)
{
    m_rep[ri].outstandingWork -= static_cast<double>(tokens);
    m_router.prefillProgress(ri, j, tokens);
}

void Engine::restore(int ri, std::uint32_t j, double now)
{
    Replica& rep = m_rep[ri];
    Job& job = jobOf(j);
    const double dram = static_cast<double>(job.tokens.dram);
    const double ssd = static_cast<double>(job.tokens.ssd);
    double link = 0;
    if (dram > 0)
        link += m_cm.restoreSeconds(Tier::Dram, dram);
    if (ssd > 0)
        link += m_cm.restoreSeconds(Tier::Dram, ssd);
    // The engine hides `overlap` of the copy behind other requests' steps (the request
    // waits for it); the rest, and the path's per-request cost, stall the step that
    // prefills the request (docs/trace.md, "Restore against compute").
    const double overlap = m_cm.restoreOverlap();
    job.cost.restoreSeconds = link;
    job.cost.fixedSeconds = m_cm.restoreFixedSeconds();
    job.cost.stallSeconds = (1 - overlap) * link + job.cost.fixedSeconds;
    const double start = std::max(now, rep.linkFree);
    double end = start + overlap * link;
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
    push(end, EventKind::RestoreDone, ri, j);
}

void Engine::endStep(int ri, double now)
{
    Replica& rep = m_rep[ri];
    ++rep.step;
    bool finished = false;
    for (const auto& chunk : rep.chunks) {
        const auto [j, n] = chunk;
        Job& job = jobOf(j);
        if (job.firstToken >= 0) {
            if (++job.generated >= outputs(j)) {
                finish(ri, j, now);
                finished = true;
            }
            continue;
        }
        // Its share of the step, by compute, beside the stall its own restore caused.
        if (rep.stepCompute > 0)
            job.cost.computeSeconds += (rep.stepSeconds - rep.stepStall)
                * rep.chunkCompute[static_cast<std::size_t>(&chunk - rep.chunks.data())] / rep.stepCompute;
        job.prefillDone += n;
        progress(ri, j, n);
        if (job.prefillFrom + job.prefillDone >= job.prefillTo)
            finished |= prefillDone(ri, j, now);
    }
    rep.chunks.clear();
    if (finished)
        std::erase_if(rep.running, [this](std::uint32_t j) { return jobOf(j).done >= 0; });
    startStep(ri, now);
}

bool Engine::prefillDone(int ri, std::uint32_t j, double now)
{
    Replica& rep = m_rep[ri];
    Job& job = jobOf(j);
    const ReplayTrace::Request& q = req(j);
    job.firstToken = now;
    // Its blocks enter the prefix cache now: held in HBM, written through or taken from below.
    for (std::uint32_t i = job.hbmHits; i < q.keyCount; ++i) {
        const std::uint64_t k = key(j, i);
        rep.hbm.pin(k);
        if (m_mode == TierMode::Exclusive)
            for (Tier t : { Tier::Dram, Tier::Ssd })
                if (m_c.blocks[t] > 0)
                    lower(t, ri).erase(k);
    }
    if (m_mode == TierMode::WriteThrough)
        for (Tier t : { Tier::Dram, Tier::Ssd }) {
            if (!(m_c.blocks[t] > 0))
                continue;
            BlockLru& lru = lower(t, ri);
            for (std::uint32_t i = q.keyCount; i-- > 0;)
                lru.touch(key(j, i));
            m_evicted.clear();
            lru.evictOverflow(m_evicted);
        }
    job.generated = 1;
    if (outputs(j) <= 1) {
        finish(ri, j, now);
        return true;
    }
    return false;
}

void Engine::finish(int ri, std::uint32_t j, double now)
{
    Replica& rep = m_rep[ri];
    Job& job = jobOf(j);
    job.done = now;
    m_lastDone = std::max(m_lastDone, now);
    const ReplayTrace::Request& q = req(j);
    // Freed tail first: the head of the prefix is the most recent.
    for (std::uint32_t i = q.keyCount; i-- > 0;)
        rep.hbm.unpin(key(j, i));
    record(j);
    std::vector<std::uint64_t>().swap(live(j).keys); // its blocks are the caches' now
    rep.reserved -= job.needBlocks;
    --rep.seqs;
    if (!m_o.capacityBlocks.hbm)
        rep.hbm.setCapacity(std::max(0.0, m_c.hbmKvBlocks - static_cast<double>(rep.reserved)));
    settleHbm(ri);
}

void Engine::settleHbm(int ri)
{
    m_evicted.clear();
    m_rep[ri].hbm.evictOverflow(m_evicted);
    if (m_mode != TierMode::Exclusive || m_evicted.empty())
        return;
    std::vector<std::uint64_t> down;
    for (Tier t : { Tier::Dram, Tier::Ssd }) {
        if (!(m_c.blocks[t] > 0))
            continue;
        BlockLru& lru = lower(t, ri);
        for (std::uint64_t k : m_evicted)
            lru.touch(k);
        down.clear();
        lru.evictOverflow(down);
        m_evicted.swap(down);
        if (m_evicted.empty())
            return;
    }
}

double Engine::stepSeconds(Replica& rep) const
{
    const double b = static_cast<double>(rep.decodes);
    double compute = 0;
    rep.stepStall = 0;
    rep.chunkCompute.assign(rep.chunks.size(), 0.0);
    for (std::size_t k = 0; k < rep.chunks.size(); ++k) {
        const auto [j, n] = rep.chunks[k];
        const Job& job = jobOf(j);
        if (job.firstToken >= 0)
            continue;
        const double from = static_cast<double>(job.prefillFrom + job.prefillDone);
        double c = m_cm.marginalRecomputeSeconds(from, from + static_cast<double>(n));
        // The chunk that ends the prompt runs the LM head for its last token (the first output).
        if (job.prefillFrom + job.prefillDone + n >= job.prefillTo)
            c += m_cm.lmHeadSeconds();
        rep.chunkCompute[k] = c;
        compute += c;
        // A request's first chunk waits for the serial part of its restore and its path's
        // per-request cost.
        if (job.prefillDone == 0)
            rep.stepStall += job.cost.stallSeconds;
    }
    if (b > 0) {
        compute += b * m_decodeFlopSeconds;
        compute += b * m_cm.decodeAttentionFlopsPerGpu(rep.decodeContext / b) * m_cm.attentionCost() * m_r.tp
            / m_cm.replicaFlops();
    }
    rep.stepCompute = compute;
    // One forward pass reads the weights whatever it computes: the step takes the longer of
    // that read (with the decodes' KV) and its FLOPs, then the all-reduces, DCP's exchange
    // (its decodes' queries and partial outputs) and the stalls.
    const double memory = m_memFixed + m_memPerToken * rep.decodeContext;
    const double context = b > 0 ? m_dcpFixed + m_dcpPerToken * b : 0.0;
    return std::max(memory, compute) + m_arFixed + m_arPerToken * b + context + rep.stepStall;
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
    m_live.push_back(std::move(m_next));
    const auto j = static_cast<std::uint32_t>(m_arrived++);
    if (m_o.keepRequests)
        m_records.emplace_back();
    readNext();
    arrive(j);
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
    m_prefillCost += job.cost;
    m_ttft.push_back(rec.ttft);
    m_wait.push_back(rec.wait);
    const auto band = static_cast<std::size_t>(promptBand(q.inputTokens));
    if (m_byBand.size() <= band)
        m_byBand.resize(band + 1);
    m_byBand[band].push_back(rec.ttft);
    if (out > 1)
        m_tpot.push_back(rec.tpot);
    if (rec.ttft <= m_o.targets.ttft() && (out <= 1 || rec.tpot <= m_o.targets.tpot()))
        ++m_met;
    for (TokenSource s : kTokenSources)
        m_tokens[s] += static_cast<double>(job.tokens[s]);
    if (m_o.keepRequests)
        m_records[j] = rec;
}

void Engine::retire()
{
    while (!m_live.empty() && m_live.front().job.done >= 0) {
        m_live.pop_front();
        ++m_liveBase;
    }
}

ReplayResult Engine::run(const ReplayControl& control)
{
    std::uint64_t turns = 0;
    while (m_haveNext || !m_events.empty()) {
        if (++turns % 8192 == 0) {
            if (control.cancel && control.cancel->load())
                throw ReplayCancelled();
            if (control.progress)
                control.progress(m_src.shareRead());
        }
        const double arrival = m_haveNext ? m_next.q.arrival / m_o.trafficScale : 0.0;
        if (!m_events.empty() && (!m_haveNext || m_events.top().time <= arrival)) {
            const Event e = m_events.top();
            m_events.pop();
            switch (e.kind) {
            case EventKind::StepEnd:
                endStep(e.replica, e.time);
                break;
            case EventKind::RestoreDone:
                if (!m_rep[e.replica].busy)
                    startStep(e.replica, e.time);
                break;
            }
            retire();
            continue;
        }
        while (m_haveNext && m_next.q.arrival / m_o.trafficScale == arrival)
            arriveNext();
        startIdle(arrival);
    }
    if (control.progress)
        control.progress(1);
    return summarize();
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
    return out;
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
    double sum = 0, peak = 0;
    for (const Replica& rep : m_rep) {
        sum += rep.linkBusy;
        peak = std::max(peak, rep.linkBusy);
    }
    out.gpuLink = { sum / (d * m_c.replicas), peak / d };
    auto spread = [this](auto figure) {
        ReplicaSpread s { std::numeric_limits<double>::infinity(), 0, 0 };
        for (const Replica& rep : m_rep) {
            const double v = figure(rep);
            s.min = std::min(s.min, v);
            s.max = std::max(s.max, v);
            s.mean += v / static_cast<double>(m_rep.size());
        }
        return s;
    };
    out.replicaRequests = spread([](const Replica& rep) { return static_cast<double>(rep.admitted); });
    out.replicaBusySeconds = spread([](const Replica& rep) { return rep.busySeconds; });
    sum = peak = 0;
    for (double busy : m_nvmeBusy) {
        sum += busy;
        peak = std::max(peak, busy);
    }
    out.nvme = { sum / (d * m_c.servers), peak / d };
}

/// The engine steps a tensor-parallel replica (its weights read whole every step); an
/// expert-parallel rank's step (experts at the tokens they receive, the exchange) is the
/// evaluator's alone so far.
void refuseExpertParallel(const Scenario& scenario)
{
    if (scenario.expertParallel())
        throw InputError("replay: the replay runs tensor-parallel replicas; this scenario is served with expert "
                         "parallelism and DP attention (dp, ep), which eval, fleet and outlook size: give --tp "
            + std::to_string(scenario.defaultTp()) + " --dp 1 --ep 1 to replay it as a TP replica");
}

} // namespace

ReplayResult runReplay(ReplaySource& source, const Scenario& scenario, const EvalResult& result,
    const ReplayOptions& options, const ReplayControl& control, Router* router)
{
    refuseExpertParallel(scenario);
    validateReplayOptions(options);
    std::unique_ptr<Router> own;
    if (!router) {
        own = makeRouter(options);
        router = own.get();
    }
    Engine engine(source, scenario, result, options, *router);
    return engine.run(control);
}

ReplayResult runReplay(const ReplayTrace& trace, const Scenario& scenario, const EvalResult& result,
    const ReplayOptions& options, const ReplayControl& control, Router* router)
{
    refuseExpertParallel(scenario);
    validateReplayOptions(options);
    checkReplayTrace(trace, scenario.model,
        options.maxBatchedTokens.value_or(defaultMaxNumBatchedTokens(&scenario.hardware)), options.outputTokens,
        options.maxRequestSteps);
    const std::unique_ptr<ReplaySource> source = heldTrace(trace);
    return runReplay(*source, scenario, result, options, control, router);
}

} // namespace kvtiers::replay
