// ReplayEngine: the discrete-event loop of a replay: arrivals, admission, the cache lookup,
// restores and steps (the model is stated in Replay.h and docs/trace.md, "Replay under
// load"; the engine's state in ReplayEngine.h).
#include "core/replay/ReplayEngine.h"

#include "core/io/InputError.h"
#include "core/io/Units.h"
#include "core/model/VllmCheck.h"
#include "core/replay/ReplayChecks.h"
#include "core/replay/ReplayOptions.h"
#include "core/trace/TraceTiers.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace kvtiers::replay {

namespace engine {

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
    m_firstAt = m_o.firstTokenAt.value_or(FirstTokenAt::Decode);
    m_cacheAt = m_o.cacheAt.value_or(PrefixCacheAt::Prefill);
    m_overlap = m_o.transferOverlap.value_or(0.0);
    if (m_c.prefillReplicas > 0) // split: checkDisaggregation has found the network
        m_net.emplace(m_s);
    m_rep.resize(m_c.replicas);
    const int prefill = m_c.prefillReplicas;
    for (int i = 0; i < m_c.replicas; ++i) {
        // Disaggregated, the decode replicas fill servers of their own after the prefill's.
        const bool decode = prefill > 0 && i >= prefill;
        m_rep[i].decodePool = decode;
        m_rep[i].server
            = decode ? m_c.prefillServers + (i - prefill) / m_c.replicasPerServer : i / m_c.replicasPerServer;
        m_rep[i].hbm.setCapacity(decode ? 0.0 : m_c.blocks.hbm);
        m_idle.insert(m_idle.end(), { 0.0, i });
    }
    const int caches = m_c.pooled || remoteCache() ? 1 : m_c.servers;
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

double Engine::lowerRestoreSeconds(double dram, double ssd) const
{
    if (!remoteCache())
        return (dram > 0 ? m_cm.restoreSeconds(Tier::Dram, dram) : 0.0)
            + (ssd > 0 ? m_cm.restoreSeconds(Tier::Dram, ssd) : 0.0);
    // A remote pool's blocks cross the scale-out network into the prefill GPU (GPUDirect
    // RDMA): each GPU its share, at its NIC's rate, one message latency.
    return m_net->remoteHitSeconds(dram + ssd);
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

std::uint64_t Engine::needBlocks(std::uint32_t j, int ri) const
{
    const ReplayTrace::Request& q = req(j);
    const std::uint64_t bt = static_cast<std::uint64_t>(std::max(1, m_blockTokens));
    const bool promptOnly = m_c.prefillReplicas > 0 && !m_rep[ri].decodePool;
    return (q.inputTokens + (promptOnly ? 0 : outputs(j)) + bt - 1) / bt;
}

bool Engine::canAdmit(int ri, std::uint32_t j) const
{
    const Replica& rep = m_rep[ri];
    if (static_cast<double>(rep.seqs) >= m_maxSeqs)
        return false;
    return rep.seqs == 0 || static_cast<double>(rep.reserved + needBlocks(j, ri)) <= m_c.hbmKvBlocks;
}

bool Engine::takesCentralHead(int ri, std::uint32_t head) const
{
    const double mine = m_rep[ri].outstandingWork;
    if (mine <= 0)
        return true;
    for (int r = 0; r < m_c.replicas; ++r)
        if (r != ri && m_rep[r].outstandingWork < mine && queueIndex(r) == Router::kCentralQueue && canAdmit(r, head))
            return false;
    return true;
}

std::deque<std::uint32_t>& Engine::queueOf(int ri)
{
    const int q = queueIndex(ri);
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
        if (decoding(job)) {
            rep.chunks.emplace_back(j, 1);
            ++rep.decodes;
            rep.decodeContext += static_cast<double>(req(j).inputTokens + job.generated);
            budget -= 1;
            return;
        }
        const std::uint64_t left = job.prefillTo - job.prefillFrom - job.prefillDone;
        const std::uint64_t n = std::min<std::uint64_t>(left, static_cast<std::uint64_t>(budget));
        if (job.prefillStart < 0)
            jobOf(j).prefillStart = now;
        rep.chunks.emplace_back(j, n);
        budget -= static_cast<double>(n);
    };
    for (std::uint32_t j : rep.running)
        take(j);
    std::deque<std::uint32_t>& q = queueOf(ri);
    const bool central = queueIndex(ri) == Router::kCentralQueue;
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
        rep.stepStart = now;
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
    const std::uint64_t need = needBlocks(j, ri);
    ++rep.admitted;
    Job& job = jobOf(j);
    job.needBlocks = need;
    ++rep.seqs;
    rep.reserved += need;
    if (rep.decodePool) {
        startTransfer(ri, j, now);
        rep.running.push_back(j);
        return true;
    }
    job.scheduled = now;
    job.replica = ri;
    if (queueIndex(ri) == Router::kCentralQueue) // sent here now, not on arrival
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
    const double lead = static_cast<double>(blockTokens(0)) * hbmLead;
    const auto dram = static_cast<double>(found.dram), ssd = static_cast<double>(found.ssd);
    // A remote pool's hits are priced on the network they cross; a server's own on its links.
    const bool restores = dram + ssd > 0
        && (remoteCache() ? lowerRestoreSeconds(dram, ssd) + m_cm.restoreFixedSeconds()
                    < m_cm.marginalRecomputeSeconds(lead, lead + dram + ssd)
                          : m_cm.restoreBeatsRecompute(lead, dram, ssd));
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
    const double link = lowerRestoreSeconds(dram, ssd);
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
    bool leaves = false; // a request finished, or went to its decode replica
    stepGapsBegin(rep, now);
    for (const auto& chunk : rep.chunks) {
        const auto [j, n] = chunk;
        Live& l = live(j);
        Job& job = l.job;
        if (decoding(job)) {
            if (job.firstToken < 0) { // disaggregated: the decode replica emits its first token
                job.firstToken = now;
                job.lastToken = now;
                job.generated = 1;
            } else {
                tokenAt(l, rep, now);
                ++job.generated;
            }
            if (job.generated >= outputs(j)) {
                finish(ri, j, now);
                leaves = true;
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
            leaves |= prefillDone(ri, j, now);
    }
    rep.chunks.clear();
    if (leaves) {
        const bool decodePool = rep.decodePool;
        std::erase_if(rep.running, [this, decodePool](std::uint32_t j) {
            const Job& job = jobOf(j);
            return job.done >= 0 || (job.atDecode && !decodePool);
        });
    }
    stepGapsEnd(rep);
    startStep(ri, now);
}

bool Engine::prefillDone(int ri, std::uint32_t j, double now)
{
    Replica& rep = m_rep[ri];
    Job& job = jobOf(j);
    const ReplayTrace::Request& q = req(j);
    // Its blocks enter the prefix cache now: held in HBM, written through or taken from below.
    for (std::uint32_t i = job.hbmHits; i < q.keyCount; ++i) {
        const std::uint64_t k = key(j, i);
        rep.hbm.pin(k);
        if (m_mode == TierMode::Exclusive)
            for (Tier t : { Tier::Dram, Tier::Ssd })
                if (m_c.blocks[t] > 0)
                    lower(t, ri).erase(k);
    }
    // A decode-side cache is written when the KV reaches it (transferDone).
    const bool disaggregated = m_c.prefillReplicas > 0;
    if (m_mode == TierMode::WriteThrough && !(disaggregated && m_cacheAt == PrefixCacheAt::Decode))
        writeThrough(ri, j);
    if (!disaggregated || m_firstAt == FirstTokenAt::Prefill) {
        job.firstToken = now;
        job.lastToken = now;
        job.generated = 1;
        if (outputs(j) <= 1) {
            finish(ri, j, now);
            return true;
        }
    }
    if (!disaggregated)
        return false;
    handToDecode(ri, j, now);
    return true;
}

void Engine::writeThrough(int ri, std::uint32_t j)
{
    const ReplayTrace::Request& q = req(j);
    for (Tier t : { Tier::Dram, Tier::Ssd }) {
        if (!(m_c.blocks[t] > 0))
            continue;
        BlockLru& lru = lower(t, ri);
        for (std::uint32_t i = q.keyCount; i-- > 0;)
            lru.touch(key(j, i));
        m_evicted.clear();
        lru.evictOverflow(m_evicted);
    }
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
        if (decoding(job))
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
            case EventKind::TransferDone:
                transferDone(e.replica, e.request, e.time);
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

} // namespace engine

namespace {

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
    engine::Engine engine(source, scenario, result, options, *router);
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
