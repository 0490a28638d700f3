#include "core/model/Evaluation.h"

#include "core/model/KvSizing.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace kvtiers {

const char* decodeBoundName(DecodeBound b)
{
    switch (b) {
    case DecodeBound::HbmBandwidth: return "hbm_bandwidth";
    case DecodeBound::DramStream: return "dram_stream";
    case DecodeBound::SsdStream: return "ssd_stream";
    case DecodeBound::Compute: return "compute";
    }
    return "?";
}

double EvalResult::demandBytes() const
{
    return weightsBytes + hotSetAllocatedBytes + retainedPoolBytes;
}

double EvalResult::placedBytes() const
{
    double placed = 0;
    for (const TierUse* t : {&hbm, &dram, &ssd})
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
    Bytes3 took{0, 0, 0};
    Bytes3 want = shares ? Bytes3{shares->hbm * amount, shares->dram * amount, shares->ssd * amount}
                         : Bytes3{amount, 0, 0};
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

    // --- Bytes as the article counts them (MODEL.md §2, §4.2) ---
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

    // MODEL.md §4.1: HBM budget = u × HBM − weights/TP − runtime reserve.
    double usableHbm = w.gpuMemoryUtilization * hw.hbmBytes - w.runtimeReserveBytes;
    if (usableHbm < 0) {
        usableHbm = 0;
        r.warnings |= WarnNoKvBudget;
    }
    const Bytes3 capacity{usableHbm, hw.hostDramBytes * hw.dramUsableFraction / gpus, hw.nvmeBytes / gpus};
    Bytes3 room = capacity;
    double overflowGpu = 0;

    // MODEL.md §4.3: weights that exceed HBM spill to DRAM, then SSD (FlexGen).
    const Bytes3 weightsAt = place(weightsGpu, w.weightsPlacement, room, overflowGpu);
    if (weightsAt[H] < weightsGpu)
        r.warnings |= WarnWeightsSpill;
    r.kvBudgetPerGpu = room[H];
    if (r.kvBudgetPerGpu <= 0)
        r.warnings |= WarnNoKvBudget;

    // MODEL.md §4.2: max concurrency, comparable to vLLM's "Maximum concurrency".
    r.maxConcurrencyRatio = r.kvBudgetPerGpu / hotAllocPerSeq;
    r.maxConcurrency = std::floor(r.maxConcurrencyRatio);
    r.servedConcurrency = w.streaming ? N : std::min(N, r.maxConcurrency);

    // Hot set: HBM only, unless streaming (FlexGen), where the excess lives below.
    const double hotAllocGpu = N * hotAllocPerSeq;
    Bytes3 hotAt{0, 0, 0};
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
    std::array<TierUse*, 3> tiers{&r.hbm, &r.dram, &r.ssd};
    for (int t = H; t <= S; ++t) {
        const double f = hotAllocGpu > 0 ? hotAt[t] / hotAllocGpu : 0.0;
        tiers[t]->capacity = capacity[t] * tp;
        tiers[t]->weights = weightsAt[t] * tp;
        tiers[t]->sharedPrefixes = sharedGpu * f * tp;
        tiers[t]->hotKv = (hotExactGpu - sharedGpu) * f * tp;
        tiers[t]->fragmentation = fragGpu * f * tp;
    }

    // --- Decode step (MODEL.md §5): streams overlap, the slowest sets the pace ---
    const double served = r.servedConcurrency;
    const double servedExactGpu = served * hotExactPerSeq;
    Bytes3 kvRead{servedExactGpu, 0, 0};
    if (w.streaming && hotAllocGpu > 0)
        for (int t = H; t <= S; ++t)
            kvRead[t] = servedExactGpu * hotAt[t] / hotAllocGpu;
    const double tHbm = (weightsAt[H] + kvRead[H]) / (hw.hbmBandwidth * hw.decodeEfficiency);
    const double tDram = (weightsAt[D] + kvRead[D]) / hw.link.streamingBandwidth();
    const double tSsd = (weightsAt[S] + kvRead[S]) / cm.nvmePerGpu();
    const double tCompute = (2.0 * s.model.paramsActive / tp * served + served * cm.decodeAttentionFlopsPerGpu(C))
        / (hw.bf16Flops * hw.prefillMfu);
    r.decodeStepSeconds = tHbm;
    r.decodeBound = DecodeBound::HbmBandwidth;
    for (auto [t, b] : {std::pair{tDram, DecodeBound::DramStream}, std::pair{tSsd, DecodeBound::SsdStream},
                        std::pair{tCompute, DecodeBound::Compute}}) {
        if (t > r.decodeStepSeconds) {
            r.decodeStepSeconds = t;
            r.decodeBound = b;
        }
    }
    r.tokensPerSecond = r.decodeStepSeconds > 0 ? served / r.decodeStepSeconds : 0.0;

    // --- Restore versus recompute, whole prompt (MODEL.md §5) ---
    r.recomputeSeconds = cm.recomputeSeconds(0, P);
    r.restoreSecondsDram = cm.restoreSeconds(Tier::Dram, P);
    r.restoreSecondsSsd = cm.restoreSeconds(Tier::Ssd, P);
    r.restoreBandwidthDram = cm.restoreBandwidth(Tier::Dram);
    r.restoreBandwidthSsd = cm.restoreBandwidth(Tier::Ssd);
    if (options.breakEven) {
        r.breakEvenTokensDram = cm.breakEvenTokens(Tier::Dram);
        r.breakEvenTokensSsd = cm.breakEvenTokens(Tier::Ssd);
    }
    r.ttftNoReuseSeconds = r.recomputeSeconds;
    r.requestSeconds = r.ttftNoReuseSeconds + w.outputTokens * r.decodeStepSeconds;

    // --- Retained reuse pool by Little's law (MODEL.md §4.4): λ × D × KV(rP) ---
    r.requestRate = w.requestRate ? *w.requestRate : served / r.requestSeconds;
    // Only whole blocks of a prefix are cached and hit (vLLM hashes full blocks; the
    // partial tail is recomputed), as only whole blocks are shared in the hot set above.
    const double storedPrefixTokens = w.allocation == Allocation::Paged
        ? std::floor(R / w.blockSize) * w.blockSize : R;
    r.cacheablePrefixTokens = storedPrefixTokens;
    r.cacheableReuse = P > 0 ? storedPrefixTokens / P : 0.0;
    const double poolGpu = storedPrefixTokens > 0 ? r.requestRate * w.reuseDistanceSeconds * kv.gpuTokenBytes(storedPrefixTokens) : 0.0;
    Bytes3 poolAt{0, 0, 0};
    poolAt[H] = std::min(poolGpu, room[H]); // prefix caching in free HBM blocks
    room[H] -= poolAt[H];
    double copiesGpu = 0;
    // Only the offloaded share of what leaves HBM goes down; the rest is dropped.
    const double offloaded = w.offloadRate * (poolGpu - poolAt[H]);
    if (w.inclusiveTiers) {
        // Inclusive (write-through, as LMCache-style engines keep): the offloaded share of
        // every reusable block is written to DRAM when it is made, so DRAM holds
        // o × pool whether or not the block is still in HBM. The part of that content
        // duplicating HBM-resident blocks is copies; the rest is the pool's own DRAM share.
        const double dramContent = std::min(w.offloadRate * poolGpu, room[D]);
        copiesGpu = poolGpu > 0 ? dramContent * poolAt[H] / poolGpu : 0.0;
        poolAt[D] = dramContent - copiesGpu;
        room[D] -= dramContent;
    } else {
        poolAt[D] = std::min(offloaded, room[D]);
        room[D] -= poolAt[D];
    }
    poolAt[S] = std::min(std::max(0.0, offloaded - poolAt[D]), room[S]);
    room[S] -= poolAt[S];
    const double poolPlaced = poolAt[H] + poolAt[D] + poolAt[S];
    for (int t = H; t <= S; ++t)
        tiers[t]->retained = poolAt[t] * tp;
    r.dram.inclusiveCopies = copiesGpu * tp;
    r.retainedPoolBytes = poolGpu * tp;
    // Rounding can leave poolPlaced a hair above poolGpu when everything fits; lost bytes
    // are never negative.
    r.lostReuseBytes = std::max(0.0, poolGpu - poolPlaced) * tp;
    r.requestedReuse = w.reuseRate;
    // Achieved: the cacheable share of the prompt, times the share of the pool that found
    // a place. Block granularity alone is not "lost" reuse (cacheableReuse shows it).
    r.achievedReuse = poolGpu > 0 ? r.cacheableReuse * poolPlaced / poolGpu : r.cacheableReuse;
    if (poolPlaced < poolGpu * (1 - 1e-12))
        r.warnings |= WarnReuseLost;

    // TTFT with reuse: hits restored from where the pool lives (an engine recomputes
    // instead when that is faster), misses recomputed attending to the cached prefix.
    const double hit = r.achievedReuse * P;
    double restore = 0;
    if (hit > 0) {
        const double recomputeHit = cm.recomputeSeconds(0, hit);
        if (poolPlaced > 0)
            for (auto [t, tier] : {std::pair{D, Tier::Dram}, std::pair{S, Tier::Ssd}})
                restore += poolAt[t] / poolPlaced * std::min(cm.restoreSeconds(tier, hit), recomputeHit);
    }
    r.ttftRecomputeSeconds = cm.recomputeSeconds(hit, P);
    r.ttftRestoreSeconds = restore;
    r.ttftWithReuseSeconds = r.ttftRecomputeSeconds + restore;

    r.overflowBytes = overflowGpu * tp;
    if (r.overflowBytes > 0)
        r.warnings |= WarnOverflow;

    // --- Roll-up: per GPU, per server, fleet (MODEL.md §5) ---
    r.perGpu = {r.hbm.used() / tp, r.dram.used() / tp, r.ssd.used() / tp};
    r.perServer = {r.perGpu.hbm * gpus, r.perGpu.dram * gpus, r.perGpu.ssd * gpus};
    r.fleetServers = w.servers;
    r.fleetGpus = w.servers * gpus;
    r.fleet = {r.perServer.hbm * w.servers, r.perServer.dram * w.servers, r.perServer.ssd * w.servers};
    return r;
}

} // namespace kvtiers
