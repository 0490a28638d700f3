#include "core/model/Evaluation.h"

#include "core/model/KvSizing.h"
#include "core/model/PrefixCache.h"
#include "core/model/Solve.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

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
    for (const TierUse* t : { &hbm, &dram, &ssd })
        placed += t->used() - t->inclusiveCopies;
    return placed;
}

namespace {

constexpr int H = 0, D = 1, S = 2;
using Bytes3 = std::array<double, 3>;

/// Places `amount` into tiers with remaining capacity `room`. With `shares`, each tier
/// is first offered its share and what does not fit moves down (HBM → DRAM → SSD);
/// without, tiers fill greedily in order. `room` shrinks; returns what each tier took.
/// What fits nowhere is added to `overflow`.
Bytes3 place(double amount, const std::optional<PlacementShares>& shares, Bytes3& room, double& overflow)
{
    Bytes3 took { 0, 0, 0 };
    Bytes3 want = shares ? Bytes3 { shares->hbm * amount, shares->dram * amount, shares->ssd * amount }
                         : Bytes3 { amount, 0, 0 };
    double carry = 0;
    for (int t = H; t <= S; ++t) {
        const double w = want[t] + carry;
        took[t] = std::min(w, room[t]);
        room[t] -= took[t];
        carry = w - took[t];
    }
    overflow += carry;
    return took;
}

} // namespace

EvalResult evaluate(const Scenario& s, const EvalOptions& options)
{
    validateScenario(s);
    const auto& w = s.workload;
    const auto& hw = s.hardware;
    EvalResult r;
    r.tp = s.tp();
    const double tp = r.tp;
    const double gpus = hw.gpusPerServer;
    r.replicasPerServer = gpus / tp;
    r.kvFormat = s.kvFormat();
    r.weightBits = s.weightBits();

    const KvSizing kv(s.model, r.kvFormat, r.tp, w.blockSize, w.allocation);
    const ComputeModel cm(s, kv);

    const double C = w.context;
    const double N = w.concurrency;
    const double P = C - w.outputTokens;
    const double R = std::floor(w.reuseRate * P);
    r.promptTokens = P;
    r.reusedPrefixTokens = R;
    if (C > static_cast<double>(s.model.maxContext))
        r.warnings |= WarnContextBeyondModel;
    if (s.tp() > s.hardware.gpusPerServer)
        r.warnings |= WarnReplicaSpansServers;
    r.sharingEffective = std::min(w.sharing, N);
    if (w.sharing > N)
        r.warnings |= WarnSharingClamped;
    // A prefix shared by S active sequences is held once: each saves (1 − 1/S) of it.
    const double saving = 1.0 - 1.0 / r.sharingEffective;
    const bool shared = r.sharingEffective > 1.0 && R > 0;

    // --- Bytes as the article counts them (docs/model.md §2, §4.2) ---
    r.kvBytesPerToken = kv.bytesPerToken();
    r.kvBytesPerRequest = kv.sequenceBytes(C);
    r.kvBytesPerTokenEffective = r.kvBytesPerRequest / C;
    r.hotSetBytes = N * r.kvBytesPerRequest - N * kv.prefixBytes(R, C) * saving;

    // --- Per GPU, as allocated ---
    const double seqExact = kv.gpuSequenceBytes(C);
    const double seqAlloc = kv.gpuSequenceAllocated(C);
    const double prefixExact = kv.gpuPrefixBytes(R, C, false);
    const double prefixAlloc = kv.gpuPrefixBytes(R, C, true);
    const double hotExactPerSeq = seqExact - prefixExact * saving;
    const double hotAllocPerSeq = std::max(seqAlloc - prefixAlloc * saving, 1e-300);
    r.kvBytesAllocatedPerRequest = seqAlloc * tp;

    r.weightsBytes = s.model.paramsTotal * r.weightBits / 8.0;
    const double weightsGpu = r.weightsBytes / tp;

    // docs/model.md §4.1: HBM budget = u × HBM − weights/TP − runtime reserve.
    double usableHbm = w.gpuMemoryUtilization * hw.hbmBytes - w.runtimeReserveBytes;
    if (usableHbm < 0) {
        usableHbm = 0;
        r.warnings |= WarnNoKvBudget;
    }
    const Bytes3 capacity { usableHbm, hw.hostDramBytes * hw.dramUsableFraction / gpus, hw.nvmeBytes / gpus };
    Bytes3 room = capacity;
    double overflowGpu = 0;

    // docs/model.md §4.3: weights that exceed HBM spill to DRAM, then SSD (FlexGen).
    const Bytes3 weightsAt = place(weightsGpu, w.weightsPlacement, room, overflowGpu);
    if (weightsAt[H] < weightsGpu)
        r.warnings |= WarnWeightsSpill;
    r.kvBudgetPerGpu = room[H];
    if (r.kvBudgetPerGpu <= 0)
        r.warnings |= WarnNoKvBudget;

    // docs/model.md §4.2: max concurrency, comparable to vLLM's "Maximum concurrency".
    r.maxConcurrencyRatio = r.kvBudgetPerGpu / hotAllocPerSeq;
    r.maxConcurrency = std::floor(r.maxConcurrencyRatio);
    r.servedConcurrency = w.streaming ? N : std::min(N, r.maxConcurrency);

    // Hot set: HBM only, unless streaming (FlexGen), where the excess lives below.
    const double hotAllocGpu = N * hotAllocPerSeq;
    Bytes3 hotAt { 0, 0, 0 };
    if (w.streaming) {
        hotAt = place(hotAllocGpu, w.kvPlacement, room, overflowGpu);
    } else {
        hotAt[H] = std::min(hotAllocGpu, room[H]);
        room[H] -= hotAt[H];
        overflowGpu += hotAllocGpu - hotAt[H];
    }
    if (hotAt[H] < hotAllocGpu)
        r.warnings |= WarnHotSetOverflows;
    r.hotSetAllocatedBytes = hotAllocGpu * tp;

    // Segments of the hot set, split across tiers in proportion.
    const double hotExactGpu = N * hotExactPerSeq;
    const double sharedGpu = shared ? N * prefixExact / r.sharingEffective : 0.0;
    const double fragGpu = hotAllocGpu - hotExactGpu;
    std::array<TierUse*, 3> tiers { &r.hbm, &r.dram, &r.ssd };
    for (int t = H; t <= S; ++t) {
        const double f = hotAllocGpu > 0 ? hotAt[t] / hotAllocGpu : 0.0;
        tiers[t]->capacity = capacity[t] * tp;
        tiers[t]->weights = weightsAt[t] * tp;
        tiers[t]->sharedPrefixes = sharedGpu * f * tp;
        tiers[t]->hotKv = (hotExactGpu - sharedGpu) * f * tp;
        tiers[t]->fragmentation = fragGpu * f * tp;
    }

    // --- Decode step (docs/model.md §5): streams overlap, the slowest sets the pace ---
    const double served = r.servedConcurrency;
    const double servedExactGpu = served * hotExactPerSeq;
    Bytes3 kvRead { servedExactGpu, 0, 0 };
    if (w.streaming && hotAllocGpu > 0)
        for (int t = H; t <= S; ++t)
            kvRead[t] = servedExactGpu * hotAt[t] / hotAllocGpu;
    const double tHbm = (weightsAt[H] + kvRead[H]) / (hw.hbmBandwidth * hw.decodeEfficiency);
    const double tDram = (weightsAt[D] + kvRead[D]) / hw.link.streamingBandwidth();
    const double tSsd = (weightsAt[S] + kvRead[S]) / cm.nvmePerGpu();
    const double tCompute = (2.0 * s.model.paramsActive / tp * served + served * cm.decodeAttentionFlopsPerGpu(C))
        / (gpuFlops(s) * hw.prefillMfu);
    r.decodeStepSeconds = tHbm;
    r.decodeBound = DecodeBound::HbmBandwidth;
    for (auto [t, b] : { std::pair { tDram, DecodeBound::DramStream }, std::pair { tSsd, DecodeBound::SsdStream },
             std::pair { tCompute, DecodeBound::Compute } }) {
        if (t > r.decodeStepSeconds) {
            r.decodeStepSeconds = t;
            r.decodeBound = b;
        }
    }
    r.tokensPerSecond = r.decodeStepSeconds > 0 ? served / r.decodeStepSeconds : 0.0;

    // --- Restore versus recompute, whole prompt (docs/model.md §5) ---
    r.recomputeSeconds = cm.recomputeSeconds(0, P);
    r.restoreSecondsDram = cm.restoreSeconds(Tier::Dram, P);
    r.restoreSecondsSsd = cm.restoreSeconds(Tier::Ssd, P);
    r.restoreBandwidthDram = cm.restoreBandwidth(Tier::Dram);
    r.restoreBandwidthSsd = cm.restoreBandwidth(Tier::Ssd);
    r.restoreCopyBytes = cm.copyBytes();
    if (options.breakEven) {
        r.breakEvenTokensDram = cm.breakEvenTokens(Tier::Dram);
        r.breakEvenTokensSsd = cm.breakEvenTokens(Tier::Ssd);
    }
    // Weights that live below HBM stream in once per prefill (FlexGen's schedule), the
    // DRAM and SSD streams overlapping the compute and each other: the slowest sets the pace.
    r.weightStreamSeconds = std::max(weightsAt[D] / hw.link.streamingBandwidth(), weightsAt[S] / cm.nvmePerGpu());
    r.ttftNoReuseSeconds = std::max(r.recomputeSeconds, r.weightStreamSeconds);
    r.requestSeconds = r.ttftNoReuseSeconds + w.outputTokens * r.decodeStepSeconds;

    // --- Prefix cache and request rate (docs/model.md §4.4) ---
    // Only whole blocks of a prefix are cached and hit (vLLM hashes full blocks; the
    // partial tail is recomputed), as only whole blocks are shared in the hot set above.
    const double storedPrefixTokens = w.allocation == Allocation::Paged ? std::floor(R / w.blockSize) * w.blockSize : R;
    r.cacheablePrefixTokens = storedPrefixTokens;
    r.cacheableReuse = P > 0 ? storedPrefixTokens / P : 0.0;
    r.requestedReuse = w.reuseRate;
    const double prefixGpu = storedPrefixTokens > 0 ? kv.gpuTokenBytes(storedPrefixTokens) : 0.0;
    const ReuseGaps gaps(w);

    // What one request costs the replica at request rate λ: the prefill of the prompt the
    // cache does not serve, the restore it waits for (an engine recomputes instead when
    // that is faster), and its share of decode steps.
    struct AtRate {
        PrefixCacheResult cache;
        double achieved = 0, recompute = 0, restore = 0, bound = 0;
    };
    const double decodeShare = served > 0 ? w.outputTokens * r.decodeStepSeconds / served : 0.0;
    auto atRate = [&](double lambda) {
        AtRate a;
        a.cache = lruPrefixCache(gaps, lambda, prefixGpu, w.offloadRate, w.inclusiveTiers, room);
        a.achieved = r.cacheableReuse * a.cache.hitShare();
        const double hit = a.achieved * P;
        const double hitShare = a.cache.hitShare();
        if (hit > 0 && hitShare > 0) {
            const double recomputeHit = cm.recomputeSeconds(0, hit);
            a.restore = (a.cache.hits[D] * std::min(cm.restoreSeconds(Tier::Dram, hit), recomputeHit)
                            + a.cache.hits[S] * std::min(cm.restoreSeconds(Tier::Ssd, hit), recomputeHit))
                / hitShare;
        }
        // Weights streamed in from DRAM/SSD overlap the prefill and its restore: the
        // slower of the two sets TTFT (the recompute part absorbs the difference).
        a.recompute = cm.recomputeSeconds(hit, P);
        if (a.recompute + a.restore < r.weightStreamSeconds)
            a.recompute = r.weightStreamSeconds - a.restore;
        const double busy = a.recompute + a.restore + decodeShare;
        a.bound = busy > 0 ? 1.0 / busy : std::numeric_limits<double>::infinity();
        return a;
    };

    // λ × (prefill + blocking restore) + λ × O × step / N ≤ 1: the rate one replica serves.
    // Counting N / request duration alone treats N prefills as running at once, each with
    // the whole replica. Derived λ = min(bound, N / duration), solved as a fixed point (more
    // requests leave each a smaller cache share, so fewer hits and a lower bound).
    const double slots = r.requestSeconds > 0 ? served / r.requestSeconds : 0.0;
    r.requestRateDecodeSlots = slots;
    AtRate at;
    if (w.requestRate) {
        r.requestRate = *w.requestRate;
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
    if (w.requestRate && r.requestRate > at.bound * (1 + 1e-9))
        r.warnings |= WarnRateAboveCapacity;

    const PrefixCacheResult& cache = at.cache;
    for (int t = H; t <= S; ++t) {
        tiers[t]->retained = cache.bytes[t] * tp;
        room[t] -= cache.bytes[t] + (t == D ? cache.inclusiveCopies : 0.0);
    }
    r.dram.inclusiveCopies = cache.inclusiveCopies * tp;
    // Little's law: the mean bytes of prefixes waiting for their next use (a perfect cache).
    r.retainedPoolBytes = r.requestRate * gaps.meanGap() * prefixGpu * tp;
    r.cacheDemandBytes = cache.demandBytes * tp;
    const double placed = cache.bytes[H] + cache.bytes[D] + cache.bytes[S];
    r.lostReuseBytes = std::max(0.0, cache.demandBytes - placed) * tp;
    r.achievedReuse = at.achieved;
    r.hitShareHbm = cache.hits[H];
    r.hitShareDram = cache.hits[D];
    r.hitShareSsd = cache.hits[S];
    r.characteristicSeconds
        = { cache.characteristicSeconds[H], cache.characteristicSeconds[D], cache.characteristicSeconds[S] };
    if (placed < cache.demandBytes * (1 - 1e-9))
        r.warnings |= WarnReuseLost;

    r.ttftRecomputeSeconds = at.recompute;
    r.ttftRestoreSeconds = at.restore;
    r.ttftWithReuseSeconds = at.recompute + at.restore;

    r.overflowBytes = overflowGpu * tp;
    if (r.overflowBytes > 0)
        r.warnings |= WarnOverflow;

    // --- Roll-up: per GPU, per server, fleet (docs/model.md §5) ---
    r.perGpu = { r.hbm.used() / tp, r.dram.used() / tp, r.ssd.used() / tp };
    r.perServer = { r.perGpu.hbm * gpus, r.perGpu.dram * gpus, r.perGpu.ssd * gpus };
    r.fleetServers = w.servers;
    r.fleetGpus = w.servers * gpus;
    r.fleet = { r.perServer.hbm * w.servers, r.perServer.dram * w.servers, r.perServer.ssd * w.servers };
    return r;
}

} // namespace kvtiers
