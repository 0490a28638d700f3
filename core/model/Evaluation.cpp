#include "core/model/Evaluation.h"

#include "core/model/ExpertParallel.h"
#include "core/model/KvSizing.h"
#include "core/model/PrefixCache.h"
#include "core/model/Solve.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <optional>

namespace kvtiers {

const char* rateLimitName(RateLimit l)
{
    return l == RateLimit::Prefill ? "prefill" : "decode_slots";
}

const char* decodeBoundName(DecodeBound b)
{
    switch (b) {
    case DecodeBound::HbmBandwidth:
        return "hbm_bandwidth";
    case DecodeBound::DramStream:
        return "dram_stream";
    case DecodeBound::SsdStream:
        return "ssd_stream";
    case DecodeBound::Compute:
        return "compute";
    case DecodeBound::ExpertExchange:
        return "expert_exchange";
    }
    return "?";
}

double EvalResult::demandBytes() const
{
    return weightsBytes + hotSetAllocatedBytes + cacheDemandBytes;
}

double EvalResult::placedBytes() const
{
    double placed = 0;
    for (Tier t : kTiers)
        placed += tiers[t].used() - tiers[t].inclusiveCopies;
    return placed;
}

namespace {

using Bytes3 = PerTier<double>;

/// The whole blocks, in tokens, of a run of `tokens` tokens (a prompt, a reused prefix)
/// whose length varies from request to request (docs/model.md §4.4): where such a run ends
/// within a block is spread evenly over the B places, so floor(L / B) × B = L − (L mod B)
/// loses (B − 1) / 2 tokens on average. A smooth expectation, where flooring each length
/// made the sweep's curves a sawtooth of block-sized steps. Contiguous caches keep every token.
double expectedWholeBlockTokens(double tokens, const WorkloadParams& w)
{
    if (w.allocation != Allocation::Paged)
        return tokens;
    return std::max(0.0, tokens - (w.blockSize - 1.0) / 2.0);
}

/// Places `amount` into tiers with remaining capacity `room`. With `shares`, each tier
/// is first offered its share and what does not fit moves down (HBM → DRAM → SSD);
/// without, tiers fill greedily in order. `room` shrinks; returns what each tier took.
/// What fits nowhere is added to `overflow`.
Bytes3 place(double amount, const std::optional<PlacementShares>& shares, Bytes3& room, double& overflow)
{
    Bytes3 took;
    Bytes3 want = shares ? Bytes3 { shares->hbm * amount, shares->dram * amount, shares->ssd * amount }
                         : Bytes3 { amount, 0, 0 };
    double carry = 0;
    for (Tier t : kTiers) {
        const double w = want[t] + carry;
        took[t] = std::min(w, room[t]);
        room[t] -= took[t];
        carry = w - took[t];
    }
    overflow += carry;
    return took;
}

/// One evaluation, stage by stage (docs/model.md §2–5): the figures the later stages
/// need are kept here between them.
class Evaluator {
public:
    Evaluator(const Scenario& s, const EvalOptions& options)
        : m_s(s)
        , m_w(s.workload)
        , m_hw(s.hardware)
        , m_options(options)
        , m_kv(initial(s))
        , m_cm(s, m_kv)
        , m_dep(s.expertParallel() ? std::optional<Deployment>(s.deployment()) : std::nullopt)
    {
    }

    EvalResult run()
    {
        readTokens();
        sizeBytes();
        placeWeights();
        placeHotSet();
        decodeStep();
        restoreTimes();
        prefixCacheAndRate();
        rollUp();
        unitThroughput();
        return r;
    }

private:
    /// The result's scenario facts, set before the KV sizing that needs them.
    KvSizing initial(const Scenario& s)
    {
        validateScenario(s);
        r.tp = s.tp();
        tp = r.tp;
        gpus = m_hw.gpusPerServer;
        r.replicasPerServer = gpus / tp;
        r.kvFormat = s.kvFormat();
        r.weightBits = s.weightBits();
        r.dcp = s.dcp();
        return KvSizing(s.model, r.kvFormat, r.tp, m_w.blockSize, m_w.allocation, r.dcp);
    }

    /// What one request costs the replica at request rate λ: the prefill of the prompt the
    /// cache does not serve, the restore it waits for (an engine recomputes instead when
    /// that is faster), and its share of decode steps.
    struct AtRate {
        PrefixCacheResult cache;
        double achieved = 0, recompute = 0, restore = 0, bound = 0;
        double restoreGpu
            = 0; ///< what the restores cost the GPU: their serial part and fixed cost, or the hit recomputed
        double restoreLink = 0; ///< what they cost the GPU link
        LinkLoadResult links;   ///< the restores' load on the links they cross
        double wait = 0;        ///< what queueing on those links adds to the mean restore
    };

    void readTokens();
    void sizeBytes();
    void placeWeights();
    void placeHotSet();
    void decodeStep();
    void restoreTimes();
    AtRate atRate(double lambda) const;
    LinkLoadResult restoreLinks(double lambda, double dramShare, double ssdShare) const;
    void admission();
    void writesAndLinks(const AtRate& at);
    void prefixCacheAndRate();
    void keepCache(const AtRate& at);
    void rollUp();
    void expertParallelStep();
    void unitThroughput();

    const Scenario& m_s;
    const WorkloadParams& m_w;
    const HardwareCard& m_hw;
    const EvalOptions& m_options;
    EvalResult r;
    double tp = 0, gpus = 0;
    const KvSizing m_kv;
    const ComputeModel m_cm;
    /// The expert-parallel unit, resolved once (its nodes-0 search sizes weights per try).
    const std::optional<Deployment> m_dep;

    double C = 0, N = 0, P = 0, R = 0; ///< context, concurrency, prompt, reused prefix (tokens)
    double saving = 0;                 ///< of a shared prefix, per sequence
    bool shared = false;
    double hotExactPerSeq = 0, hotAllocPerSeq = 0, prefixExact = 0;
    Bytes3 capacity {}, room {};
    double overflowGpu = 0;
    Bytes3 weightsAt {}, hotAt {};
    double hotAllocGpu = 0;
    double served = 0;
    double prefixGpu = 0, decodeShare = 0;
    double forwardPass = 0; ///< one read of the weights in HBM: the least a forward pass takes
    double usefulHit = 0;   ///< the most cached tokens that still shorten the pass (past it, the weights' read binds)
    std::optional<ReuseGaps> gaps;
    CacheStreams hbmStreams, lowerStreams; ///< what each request offers HBM and the tiers below
};

void Evaluator::readTokens()
{
    C = m_w.context;
    N = m_w.concurrency;
    P = C - m_w.outputTokens;
    R = m_w.reuseRate * P; // the mean reused prefix; whole blocks of it: expectedWholeBlockTokens
    r.promptTokens = P;
    r.reusedPrefixTokens = R;
    if (C > static_cast<double>(m_s.model.maxContext))
        r.warnings |= WarnContextBeyondModel;
    if (m_s.tp() > m_s.hardware.gpusPerServer)
        r.warnings |= WarnReplicaSpansServers;
    r.sharingEffective = std::min(m_w.sharing, N);
    if (m_w.sharing > N)
        r.warnings |= WarnSharingClamped;
    // A prefix shared by S active sequences is held once: each saves (1 − 1/S) of it.
    saving = 1.0 - 1.0 / r.sharingEffective;
    shared = r.sharingEffective > 1.0 && R > 0;
}

void Evaluator::sizeBytes()
{
    // --- Bytes as the article counts them (docs/model.md §2, §4.2) ---
    r.kvBytesPerToken = m_kv.bytesPerToken();
    r.kvBytesPerRequest = m_kv.sequenceBytes(C);
    r.kvBytesPerTokenEffective = r.kvBytesPerRequest / C;
    r.hotSetBytes = N * r.kvBytesPerRequest - N * m_kv.prefixBytes(R, C) * saving;

    // --- Per GPU, as allocated ---
    const double seqExact = m_kv.gpuSequenceBytes(C);
    const double seqAlloc = m_kv.gpuSequenceAllocated(C);
    prefixExact = m_kv.gpuPrefixBytes(R, C, false);
    // Shared prefixes are held as whole blocks: the expected whole-block part of R.
    const double prefixAlloc = m_w.allocation == Allocation::Paged
        ? m_kv.gpuPrefixBytes(expectedWholeBlockTokens(R, m_w), C, false)
        : m_kv.gpuPrefixBytes(R, C, true);
    hotExactPerSeq = seqExact - prefixExact * saving;
    hotAllocPerSeq = std::max(seqAlloc - prefixAlloc * saving, 1e-300);
    r.kvBytesAllocatedPerRequest = seqAlloc * tp;
}

void Evaluator::placeWeights()
{
    r.weightsBytes = m_s.model.paramsTotal * r.weightBits / 8.0;
    // Under expert parallelism each GPU holds its experts and the replicated parts whole.
    const double weightsGpu = m_dep ? epWeightsPerGpu(m_s.model, *m_dep).total() : r.weightsBytes / tp;
    r.unit.weightsPerGpu = weightsGpu;

    // docs/model.md §4.1: HBM budget = u × HBM − weights/TP − runtime reserve.
    double usableHbm = m_w.gpuMemoryUtilization * m_hw.hbmBytes - m_w.runtimeReserveBytes;
    if (usableHbm < 0) {
        usableHbm = 0;
        r.warnings |= WarnNoKvBudget;
    }
    capacity = { usableHbm, m_hw.hostDramBytes * m_hw.dramUsableFraction / gpus, m_hw.nvmeBytes / gpus };
    room = capacity;
    overflowGpu = 0;

    // docs/model.md §4.3: weights that exceed HBM spill to DRAM, then SSD (FlexGen).
    weightsAt = place(weightsGpu, m_w.weightsPlacement, room, overflowGpu);
    if (weightsAt.hbm < weightsGpu)
        r.warnings |= WarnWeightsSpill;
    r.kvBudgetPerGpu = room.hbm;
    if (r.kvBudgetPerGpu <= 0)
        r.warnings |= WarnNoKvBudget;
}

void Evaluator::placeHotSet()
{
    // docs/model.md §4.2: max concurrency, comparable to vLLM's "Maximum concurrency".
    r.maxConcurrencyRatio = r.kvBudgetPerGpu / hotAllocPerSeq;
    r.maxConcurrency = std::floor(r.maxConcurrencyRatio);
    r.servedConcurrency = m_w.streaming ? N : std::min(N, r.maxConcurrency);

    // Hot set: HBM only, unless streaming (FlexGen), where the excess lives below.
    hotAllocGpu = N * hotAllocPerSeq;
    hotAt = {};
    if (m_w.streaming) {
        hotAt = place(hotAllocGpu, m_w.kvPlacement, room, overflowGpu);
    } else {
        hotAt.hbm = std::min(hotAllocGpu, room.hbm);
        room.hbm -= hotAt.hbm;
        overflowGpu += hotAllocGpu - hotAt.hbm;
    }
    if (hotAt.hbm < hotAllocGpu)
        r.warnings |= WarnHotSetOverflows;
    r.hotSetAllocatedBytes = hotAllocGpu * tp;

    // Segments of the hot set, split across tiers in proportion.
    const double hotExactGpu = N * hotExactPerSeq;
    const double sharedGpu = shared ? N * prefixExact / r.sharingEffective : 0.0;
    const double fragGpu = hotAllocGpu - hotExactGpu;
    for (Tier t : kTiers) {
        const double f = hotAllocGpu > 0 ? hotAt[t] / hotAllocGpu : 0.0;
        TierUse& use = r.tiers[t];
        use.capacity = capacity[t] * tp;
        use.weights = weightsAt[t] * tp;
        use.sharedPrefixes = sharedGpu * f * tp;
        use.hotKv = (hotExactGpu - sharedGpu) * f * tp;
        use.fragmentation = fragGpu * f * tp;
    }
}

void Evaluator::decodeStep()
{
    // --- Decode step (docs/model.md §5): streams overlap, the slowest sets the pace ---
    served = r.servedConcurrency;
    if (m_dep) {
        expertParallelStep();
        return;
    }
    const double servedExactGpu = served * hotExactPerSeq;
    Bytes3 kvRead { servedExactGpu, 0, 0 };
    if (m_w.streaming && hotAllocGpu > 0)
        for (Tier t : kTiers)
            kvRead[t] = servedExactGpu * hotAt[t] / hotAllocGpu;
    const double tHbm = (weightsAt.hbm + kvRead.hbm) / (m_hw.hbmBandwidth * m_hw.decodeEfficiency);
    const double tDram = (weightsAt.dram + kvRead.dram) / m_hw.link.streamingBandwidth();
    const double tSsd = (weightsAt.ssd + kvRead.ssd) / m_cm.nvmePerGpu();
    // The attention products count at the linear layers' rate times their own cost (1 when
    // both run at one precision).
    // Each decoded token runs the blocks' matrices and the LM head (the embedding is a lookup).
    // A speculative step passes each sequence's token and its drafts through the model.
    const double passed = served * (1 + m_w.specTokens);
    const double tCompute
        = (m_cm.decodeLinearFlops() / tp * passed + passed * m_cm.decodeAttentionFlopsPerGpu(C) * m_cm.attentionCost())
        / (gpuFlops(m_s) * m_hw.prefillMfu);
    r.decodeStepSeconds = tHbm;
    r.decodeBound = DecodeBound::HbmBandwidth;
    for (auto [t, b] : { std::pair { tDram, DecodeBound::DramStream }, std::pair { tSsd, DecodeBound::SsdStream },
             std::pair { tCompute, DecodeBound::Compute } }) {
        if (t > r.decodeStepSeconds) {
            r.decodeStepSeconds = t;
            r.decodeBound = b;
        }
    }
    // The all-reduces (one token per served sequence) wait for each layer's products and
    // the next layer waits for them: they add to the step instead of overlapping it.
    r.decodeAllReduceSeconds = m_cm.allReduceSeconds(passed);
    r.decodeContextSeconds = m_cm.contextExchangeSeconds(passed);
    r.decodeStepSeconds += r.decodeAllReduceSeconds + r.decodeContextSeconds;
    r.unit.stepSeconds = r.decodeStepSeconds;
    // The step emits tokensPerDecodeStep tokens a sequence: decodeStepSeconds is the time
    // between a sequence's tokens.
    r.unit.tokensPerStep = m_s.tokensPerDecodeStep();
    r.decodeStepSeconds /= r.unit.tokensPerStep;
    r.tokensPerSecond = r.decodeStepSeconds > 0 ? served / r.decodeStepSeconds : 0.0;
}

/// An attention rank's decode step in an expert-parallel unit (core/model/ExpertParallel):
/// every rank holds as many sequences as this one, the experts' GEMMs run at the tokens
/// they receive from all ranks, and the exchange crosses NVLink and the network.
void Evaluator::expertParallelStep()
{
    const EpStep step = epDecodeStep(m_s.model, m_hw, *m_dep, std::max(served, 1.0), C);
    r.unit.stepSeconds = step.seconds;
    r.unit.exchangeSeconds = step.exchange;
    r.unit.tokensPerStep = m_s.tokensPerDecodeStep();
    r.decodeBound = step.exchange > step.compute ? DecodeBound::ExpertExchange : DecodeBound::Compute;
    r.decodeStepSeconds = step.seconds / r.unit.tokensPerStep;
    r.decodeAllReduceSeconds = 0;
    r.tokensPerSecond = r.decodeStepSeconds > 0 ? served / r.decodeStepSeconds : 0.0;
}

/// The unit's figures: its layout and what it makes per GPU and per server. Prefill under
/// expert parallelism is one chunk of the rank's uncached prompt tokens (at most
/// kEpPrefillChunkTokens) on every rank at once; under TP, the replica's prefill of the
/// prompt with the hits the cache serves.
void Evaluator::unitThroughput()
{
    EvalResult::Unit& u = r.unit;
    u.expertParallel = m_dep.has_value();
    u.tp = static_cast<int>(tp);
    u.nodes = m_dep ? m_dep->nodes : std::max(1, static_cast<int>(std::ceil(tp / gpus)));
    if (m_dep) {
        u.dp = m_dep->dp;
        u.ep = m_dep->ep;
    }
    u.gpus = u.expertParallel ? static_cast<double>(u.tp) * u.dp : tp;
    u.outputTokensPerSecondPerGpu = r.tokensPerSecond / tp;
    u.outputTokensPerSecondPerNode = u.outputTokensPerSecondPerGpu * gpus;
    if (r.runsNoSequence() || P <= 0)
        return;
    if (u.expertParallel) {
        const double computed = std::max(1.0, std::min(P * (1 - r.achievedReuse), kEpPrefillChunkTokens));
        u.inputTokensPerSecondPerNode
            = epPrefillChunk(m_s.model, m_hw, *m_dep, computed, P, r.achievedReuse).tokensPerSecondPerNode;
    } else if (r.ttftRecomputeSeconds > 0) {
        u.inputTokensPerSecondPerNode = P / r.ttftRecomputeSeconds / tp * gpus;
    }
}

void Evaluator::restoreTimes()
{
    // --- Restore versus recompute, whole prompt (docs/model.md §5) ---
    r.recomputeSeconds = m_cm.recomputeSeconds(0, P);
    r.restoreSecondsDram = m_cm.restoreSeconds(Tier::Dram, P);
    r.restoreSecondsSsd = m_cm.restoreSeconds(Tier::Ssd, P);
    r.restoreBandwidthDram = m_cm.restoreBandwidth(Tier::Dram);
    r.restoreBandwidthSsd = m_cm.restoreBandwidth(Tier::Ssd);
    r.restoreCopyBytes = m_cm.copyBytes();
    if (m_options.breakEven) {
        // A cache holds and restores whole blocks (paged; whole tokens when contiguous):
        // the break-even is the first of them from which restoring wins, at least one.
        const double unit = m_w.allocation == Allocation::Paged ? m_w.blockSize : 1.0;
        const auto whole = [unit](double tokens) { return std::max(unit, std::ceil(tokens / unit) * unit); };
        r.breakEvenTokensDram = whole(m_cm.breakEvenTokens(Tier::Dram));
        r.breakEvenTokensSsd = whole(m_cm.breakEvenTokens(Tier::Ssd));
    }
    // Weights that live below HBM stream in once per prefill (FlexGen's schedule), the
    // DRAM and SSD streams overlapping the compute and each other: the slowest sets the pace.
    r.weightStreamSeconds
        = std::max(weightsAt.dram / m_hw.link.streamingBandwidth(), weightsAt.ssd / m_cm.nvmePerGpu());
    // Every request runs at least one forward pass for its first token, which reads every
    // weight held in HBM once, however few tokens it computes.
    forwardPass = weightsAt.hbm / (m_hw.hbmBandwidth * m_hw.decodeEfficiency);
    r.ttftNoReuseSeconds = std::max({ r.recomputeSeconds, r.weightStreamSeconds, forwardPass });
    // Cached tokens past the point where the rest's FLOPs fall below that read shorten
    // nothing: an engine gains nothing from restoring them (recompute(h, P) falls with h).
    usefulHit = m_cm.prefixComputedWithin(P, forwardPass);
    r.requestSeconds = r.ttftNoReuseSeconds + m_w.outputTokens * r.decodeStepSeconds;
}

Evaluator::AtRate Evaluator::atRate(double lambda) const
{
    AtRate a;
    a.cache = lruPrefixCache(*gaps, lambda, hbmStreams, lowerStreams, m_w.offloadRate, m_w.inclusiveTiers, room);
    a.achieved = r.cacheableReuse * a.cache.hitShare();
    // Hits past usefulHit change nothing (the pass reads the weights anyway): the cached
    // tokens that count.
    const double hit = std::min(a.achieved * P, usefulHit);
    const double hitShare = a.cache.hitShare();
    if (hit > 0 && hitShare > 0) {
        // A tier restores only where that beats recomputing; its restores queue on the
        // links they cross (LinkLoad.h), which adds a mean wait to each.
        const double recomputeHit = m_cm.marginalRecomputeSeconds(0, hit); // within the prefill's pass
        // A tier's hit is restored when its copy and the path's per-request cost (a lookup, a
        // synchronisation) beat computing it in the pass.
        const double fixed = m_cm.restoreFixedSeconds();
        const double linkDram = m_cm.restoreSeconds(Tier::Dram, hit);
        const double linkSsd = m_cm.restoreSeconds(Tier::Ssd, hit);
        const bool fromDram = linkDram + fixed < recomputeHit, fromSsd = linkSsd + fixed < recomputeHit;
        a.links = restoreLinks(lambda, fromDram ? a.cache.hits.dram : 0.0, fromSsd ? a.cache.hits.ssd : 0.0);
        const double waitDram = fromDram ? a.links.dramWaitSeconds : 0.0;
        const double waitSsd = fromSsd ? a.links.ssdWaitSeconds : 0.0;
        a.wait = (a.cache.hits.dram > 0 ? a.cache.hits.dram * waitDram : 0.0)
            + (a.cache.hits.ssd > 0 ? a.cache.hits.ssd * waitSsd : 0.0);
        a.wait /= hitShare;
        // The request waits for its restore either way; the engine hides `overlap` of the copy
        // behind other requests' passes, and the rest with the fixed cost stalls the GPU.
        const double o = m_cm.restoreOverlap();
        const auto mean
            = [&](double dram, double ssd) { return (a.cache.hits.dram * dram + a.cache.hits.ssd * ssd) / hitShare; };
        a.restore = mean(fromDram ? linkDram + fixed : recomputeHit, fromSsd ? linkSsd + fixed : recomputeHit) + a.wait;
        a.restoreGpu = mean(
            fromDram ? (1 - o) * linkDram + fixed : recomputeHit, fromSsd ? (1 - o) * linkSsd + fixed : recomputeHit);
        a.restoreLink = mean(fromDram ? linkDram : 0.0, fromSsd ? linkSsd : 0.0);
    }
    // Weights streamed in from DRAM/SSD overlap the prefill and its restore: the
    // slower of the two sets TTFT (the recompute part absorbs the difference). The pass
    // that makes the first token reads the weights at least once.
    a.recompute = std::max(m_cm.recomputeSeconds(hit, P), forwardPass);
    if (a.recompute + a.restore < r.weightStreamSeconds)
        a.recompute = r.weightStreamSeconds - a.restore;
    // The GPU is busy for the prefill, the restores' serial part and the decodes; the link
    // for the whole copy.
    const double busy = std::max(a.recompute + a.restoreGpu + decodeShare, a.restoreLink);
    a.bound = busy > 0 ? 1.0 / busy : std::numeric_limits<double>::infinity();
    return a;
}

LinkLoadResult Evaluator::restoreLinks(double lambda, double dramShare, double ssdShare) const
{
    RestoreTraffic t;
    t.requestRate = lambda;
    t.dramShare = dramShare;
    t.ssdShare = ssdShare;
    t.bytesPerGpu = prefixGpu;
    t.linkBandwidth = m_cm.restoreBandwidth(Tier::Dram);
    t.tp = static_cast<int>(tp);
    t.gpusPerServer = m_hw.gpusPerServer;
    t.nvmeReadBandwidth = m_hw.nvmeReadBandwidth;
    if (m_hw.uplink) {
        t.uplinkBandwidth = m_hw.uplink->bytesPerSecond;
        t.uplinkGpus = m_hw.uplink->gpus;
        t.uplinkName = m_hw.uplink->name;
    }
    return linkLoad(t);
}

/// What each request offers the cache (docs/model.md §4.5): every whole block of the
/// prompt, or (seen-twice, below HBM) the reused blocks from their second sighting on.
void Evaluator::admission()
{
    r.storedPromptTokens = std::max(expectedWholeBlockTokens(P, m_w), r.cacheablePrefixTokens);
    r.cacheAdmission = m_w.cacheAdmission;
    const double storedGpu = r.storedPromptTokens > 0 ? m_kv.gpuTokenBytes(r.storedPromptTokens) : 0.0;
    const double k = reusesPerBlockInEffect(m_w);
    hbmStreams = admittedStreams(CacheAdmission::All, prefixGpu, storedGpu, k);
    lowerStreams = admittedStreams(m_w.cacheAdmission, prefixGpu, storedGpu, k);
}

void Evaluator::prefixCacheAndRate()
{
    // --- Prefix cache and request rate (docs/model.md §4.4) ---
    // Only whole blocks of a prefix are cached and hit (vLLM hashes full blocks; the
    // partial tail is recomputed), as only whole blocks are shared in the hot set above.
    const double storedPrefixTokens = expectedWholeBlockTokens(R, m_w);
    r.cacheablePrefixTokens = storedPrefixTokens;
    r.cacheableReuse = P > 0 ? storedPrefixTokens / P : 0.0;
    r.requestedReuse = m_w.reuseRate;
    prefixGpu = storedPrefixTokens > 0 ? m_kv.gpuTokenBytes(storedPrefixTokens) : 0.0;
    gaps.emplace(m_w);
    admission();
    decodeShare = served > 0 ? m_w.outputTokens * r.decodeStepSeconds / served : 0.0;

    // λ × (prefill + blocking restore) + λ × O × step / N ≤ 1: the rate one replica serves.
    // Counting N / request duration alone treats N prefills as running at once, each with
    // the whole replica. Derived λ = min(bound, N / duration), solved as a fixed point (more
    // requests leave each a smaller cache share, so fewer hits and a lower bound).
    const double slots = r.requestSeconds > 0 ? served / r.requestSeconds : 0.0;
    r.requestRateDecodeSlots = slots;
    AtRate at;
    if (m_w.requestRate) {
        r.requestRate = *m_w.requestRate;
        at = atRate(r.requestRate);
    } else {
        at = atRate(slots);
        r.requestRate = slots;
        if (at.bound < slots) {
            // bound(λ) − λ falls as λ grows; at λ → 0 the bound is that of an idle cache.
            const double idle = atRate(std::numeric_limits<double>::min()).bound;
            r.requestRate = lastNonNegative(
                [&](double lambda) { return atRate(lambda).bound - lambda; }, 0, slots, idle, at.bound - slots);
            at = atRate(r.requestRate);
        }
    }
    r.requestRateBound = at.bound;
    r.rateLimit = at.bound < slots ? RateLimit::Prefill : RateLimit::DecodeSlots;
    if (m_w.requestRate && r.requestRate > at.bound * (1 + 1e-9))
        r.warnings |= WarnRateAboveCapacity;
    keepCache(at);
}

/// What the prefix cache holds at the rate found, tier by tier, and the TTFT it gives.
void Evaluator::keepCache(const AtRate& at)
{
    const PrefixCacheResult& cache = at.cache;
    for (Tier t : kTiers) {
        r.tiers[t].retained = cache.bytes[t] * tp;
        room[t] -= cache.bytes[t] + (t == Tier::Dram ? cache.inclusiveCopies : 0.0);
    }
    r.tiers.dram.inclusiveCopies = cache.inclusiveCopies * tp;
    // Little's law: the mean bytes of prefixes waiting for their next use (a perfect cache).
    r.retainedPoolBytes = r.requestRate * gaps->meanGap() * prefixGpu * tp;
    r.cacheDemandBytes = cache.demandBytes * tp;
    const double placed = cache.bytes.hbm + cache.bytes.dram + cache.bytes.ssd;
    r.lostReuseBytes = std::max(0.0, cache.demandBytes - placed) * tp;
    r.achievedReuse = at.achieved;
    r.hitShare = cache.hits;
    r.characteristicSeconds = cache.characteristicSeconds;
    if (placed < cache.demandBytes * (1 - 1e-9))
        r.warnings |= WarnReuseLost;

    r.ttftRecomputeSeconds = at.recompute;
    r.ttftRestoreSeconds = at.restore;
    r.ttftWithReuseSeconds = at.recompute + at.restore;
    writesAndLinks(at);
}

/// SSD writes per server against the drives' rating, and the restores' load on the links.
void Evaluator::writesAndLinks(const AtRate& at)
{
    r.ssdWriteBytesPerSecond = at.cache.ssdWriteBytesPerSecond * gpus;
    r.ssdDriveWritesPerDay = m_hw.nvmeBytes > 0 ? r.ssdWriteBytesPerSecond * 86400.0 / m_hw.nvmeBytes : 0.0;
    if (m_hw.nvmeDwpd > 0 && r.ssdDriveWritesPerDay > m_hw.nvmeDwpd)
        r.warnings |= WarnSsdWearAboveRating;
    r.links = at.links;
    r.restoreQueueWaitSeconds = at.wait;
    if (!r.links.overloaded().empty())
        r.warnings |= WarnLinkOverloaded;
}

void Evaluator::rollUp()
{
    r.overflowBytes = overflowGpu * tp;
    if (r.overflowBytes > 0)
        r.warnings |= WarnOverflow;

    // --- Roll-up: per GPU, per server, fleet (docs/model.md §5) ---
    r.perGpu = r.tiers.map([&](const TierUse& use) { return use.used() / tp; });
    r.perServer = r.perGpu.map([&](double b) { return b * gpus; });
    r.fleetServers = m_w.servers;
    r.fleetGpus = m_w.servers * gpus;
    r.fleet = r.perServer.map([&](double b) { return b * m_w.servers; });
}

} // namespace

EvalResult evaluate(const Scenario& s, const EvalOptions& options)
{
    return Evaluator(s, options).run();
}

} // namespace kvtiers
