#include "core/report/ReplayReport.h"

#include "core/io/Csv.h"
#include "core/report/ResultJson.h"
#include "core/scenario/Knobs.h"

#include <algorithm>

namespace kvtiers::replay {

namespace {

Json statsJson(const ReplayStats& s)
{
    return { { "mean", numberToJson(s.mean) }, { "p50", numberToJson(s.p50) }, { "p90", numberToJson(s.p90) },
        { "p99", numberToJson(s.p99) }, { "max", numberToJson(s.max) } };
}

Json spreadJson(const ReplicaSpread& s)
{
    return { { "min", numberToJson(s.min) }, { "mean", numberToJson(s.mean) }, { "max", numberToJson(s.max) } };
}

Json linkJson(const LinkUse& u)
{
    return { { "mean", numberToJson(u.mean) }, { "peak", numberToJson(u.peak) } };
}

/// {"hbm": .., "dram": .., "ssd": .., "recomputed": ..}: each tier by name, then what was computed.
Json sourcesJson(const PerSource<double>& shares)
{
    Json j = tiersJson(PerTier<double> { shares.hbm, shares.dram, shares.ssd }, numberToJson);
    j[tokenSourceKey(TokenSource::Recomputed)] = numberToJson(shares.recomputed);
    return j;
}

/// What was restored, from the tiers below HBM, by name.
Json restoreJson(const PerTier<double>& bytes)
{
    Json j = Json::object();
    for (Tier t : kTiers)
        if (t != Tier::Hbm)
            j[tierKey(t)] = bytesToJson(bytes[t]);
    return j;
}

/// Prefill GPU seconds (docs/trace.md, "Restore against compute"): the total, its parts
/// and the mean per request, each the replica's time times its GPUs; the restore's copy on
/// the link is the replica's link time (all its GPUs' links at once).
Json prefillCostJson(const ReplayResult& r)
{
    const PrefillCost& c = r.prefillCost;
    const double g = r.gpusPerReplica();
    const double total = g * c.replicaSeconds();
    return { { "total", numberToJson(total) },
        { "per_request_mean", numberToJson(r.requests ? total / static_cast<double>(r.requests) : 0.0) },
        { "compute", numberToJson(g * c.computeSeconds) }, { "restore_stall", numberToJson(g * c.stallSeconds) },
        { "fixed", numberToJson(g * c.fixedSeconds) }, { "gpus_per_replica", numberToJson(g) },
        { "restore_link_s", numberToJson(c.restoreSeconds) } };
}

/// TTFT by prompt band: [{"from_tokens", "to_tokens", "requests", "ttft_s": {...}}], shortest first.
Json bandsJson(const std::vector<PromptBandStats>& bands)
{
    Json j = Json::array();
    for (const PromptBandStats& b : bands)
        j.push_back({ { "from_tokens", b.fromTokens }, { "to_tokens", b.toTokens }, { "requests", b.requests },
            { "ttft_s", statsJson(b.ttft) } });
    return j;
}

/// The SLO block: each target, its percentile and the figure there; TBT's where one is set.
Json sloJson(const ReplayResult& r)
{
    const LatencyTargets& t = r.options.targets;
    Json j = { { "ttft_s", numberToJson(t.ttft()) }, { "ttft_percentile", percentileToJson(t.ttftAt()) },
        { "ttft_at_percentile_s", numberToJson(r.ttftAtPercentile) }, { "tpot_s", numberToJson(t.tpot()) },
        { "tpot_percentile", percentileToJson(t.tpotAt()) },
        { "tpot_at_percentile_s", numberToJson(r.tpotAtPercentile) } };
    j["tbt_s"] = t.tbtSeconds ? numberToJson(*t.tbtSeconds) : Json(nullptr);
    j["tbt_percentile"] = percentileToJson(t.tbtAt());
    j["tbt_at_percentile_s"] = numberToJson(r.tbtAtPercentile);
    j["targets_held"] = r.targetsHeld;
    return j;
}

/// The KV transfer's bytes over the replay's duration (0 for none).
double transferBytesPerSecond(const ReplayResult& r)
{
    return r.durationSeconds > 0 ? r.transferBytes / r.durationSeconds : 0.0;
}

/// Disaggregated prefill and decode: the pools, the layout's options and the KV transfer;
/// null when colocated.
Json disaggregationJson(const ReplayResult& r)
{
    if (r.prefillReplicas == 0)
        return nullptr;
    const ReplayOptions& o = r.options;
    return { { "prefill_replicas", r.prefillReplicas }, { "decode_replicas", r.decodeReplicas },
        { "first_token", firstTokenAtName(o.firstTokenAt.value_or(FirstTokenAt::Decode)) },
        { "transfer_overlap", numberToJson(o.transferOverlap.value_or(0.0)) },
        { "cache_at", prefixCacheAtName(o.cacheAt.value_or(PrefixCacheAt::Prefill)) },
        { "transfer_s", statsJson(r.transferSeconds) }, { "transfer_bytes", bytesToJson(r.transferBytes) },
        { "transfer_bytes_per_s", numberToJson(transferBytesPerSecond(r)) },
        { "scale_out_utilization", linkJson(r.scaleOut) }, { "decode_requests", spreadJson(r.decodeRequests) } };
}

/// "513-1024": a band as the CSV names it.
std::string bandName(const PromptBandStats& b)
{
    return std::to_string(b.fromTokens) + "-" + std::to_string(b.toTokens);
}

} // namespace

Json replayJson(const ReplayResult& r)
{
    const ReplayOptions& o = r.options;
    Json j = {
        { "requests", r.requests },
        { "duration_s", numberToJson(r.durationSeconds) },
        { "ttft_s", statsJson(r.ttft) },
        { "tpot_s", statsJson(r.tpot) },
        { "queue_wait_s", statsJson(r.queueWait) },
        { "tbt_s", statsJson(r.tbt) },
        { "token_intervals", r.tokenIntervals },
        { "request_tbt_s", statsJson(r.requestTbt) },
        { "slo", sloJson(r) },
        { "slo_attainment", numberToJson(r.sloAttainment) },
        { "goodput_rps", numberToJson(r.goodputRps) },
        { "hit_share", sourcesJson(r.hitShare) },
        { "restore_bytes", restoreJson(r.restoreBytes) },
        { "link_utilization", { { "pcie_or_c2c", linkJson(r.gpuLink) }, { "nvme", linkJson(r.nvme) } } },
        { "prefill_gpu_s", prefillCostJson(r) },
        { "per_replica",
            { { "requests", spreadJson(r.replicaRequests) }, { "busy_s", spreadJson(r.replicaBusySeconds) } } },
        { "replicas", r.replicas },
        { knobKey(KnobId::Servers), r.servers },
        { "gpus", r.gpus },
        { "routing", replayRoutingName(r.routing) },
        { "tiers", tierModeName(r.tierMode) },
        { "traffic_scale", numberToJson(r.trafficScale) },
        { "seed", o.seed },
        { "block_tokens", r.blockTokens },
        { "kv_bytes_per_block", bytesToJson(r.kvBytesPerBlock) },
        { "capacity_blocks",
            { { "hbm_kv_per_replica", bytesToJson(r.hbmKvBlocks) },
                { "hbm_cache_per_replica", r.hbmCacheBlocks ? bytesToJson(*r.hbmCacheBlocks) : Json(nullptr) },
                { "dram_per_cache", bytesToJson(r.capacityBlocks.dram) },
                { "ssd_per_cache", bytesToJson(r.capacityBlocks.ssd) } } },
        { "max_num_batched_tokens", bytesToJson(r.maxBatchedTokens) },
        { "max_num_seqs", bytesToJson(r.maxSeqs) },
    };
    j["ttft_by_prompt"] = bandsJson(r.ttftByPrompt);
    j["output_tokens"] = o.outputTokens ? bytesToJson(*o.outputTokens) : Json(nullptr);
    j["disaggregation"] = disaggregationJson(r);
    return j;
}

void writeReplayCsv(std::ostream& out, const ReplayResult& r)
{
    out << "line,arrival_s,wait_s,ttft_s,tpot_s,replica";
    for (TokenSource s : kTokenSources)
        out << "," << tokenSourceKey(s) << "_tokens";
    out << ",input_tokens,prompt_band,band_ttft_p50_s,band_ttft_p99_s,prefill_gpu_s,prefill_compute_gpu_s,"
           "restore_stall_gpu_s,fixed_gpu_s,restore_link_s,tbt_max_s,tbt_tail_s,decode_replica,transfer_s\n";
    const double g = r.gpusPerReplica();
    for (const ReplayRecord& q : r.perRequest) {
        const int band = promptBand(q.inputTokens);
        const auto b = std::find_if(r.ttftByPrompt.begin(), r.ttftByPrompt.end(),
            [&](const PromptBandStats& s) { return promptBand(s.toTokens) == band; });
        out << q.line << "," << csvNumber(q.arrival) << "," << csvNumber(q.wait) << "," << csvNumber(q.ttft) << ","
            << csvNumber(q.tpot) << "," << q.replica;
        for (TokenSource s : kTokenSources)
            out << "," << q.tokens[s];
        out << "," << q.inputTokens;
        if (b != r.ttftByPrompt.end())
            out << "," << bandName(*b) << "," << csvNumber(b->ttft.p50) << "," << csvNumber(b->ttft.p99);
        else
            out << ",,,";
        out << "," << csvNumber(g * q.cost.replicaSeconds()) << "," << csvNumber(g * q.cost.computeSeconds) << ","
            << csvNumber(g * q.cost.stallSeconds) << "," << csvNumber(g * q.cost.fixedSeconds) << ","
            << csvNumber(q.cost.restoreSeconds) << "," << csvNumber(q.tbtMax) << "," << csvNumber(q.tbtTail) << ",";
        if (q.decodeReplica >= 0)
            out << q.decodeReplica << "," << csvNumber(q.transferSeconds);
        else
            out << ",";
        out << "\n";
    }
}

Json replaySweepJson(const ReplaySweep& s)
{
    Json points = Json::array();
    for (const ReplaySweepPoint& p : s.points)
        points.push_back({ { "value", bytesToJson(p.value) }, { "bytes", bytesToJson(p.bytes) },
            { "ttft_p50_s", numberToJson(p.result.ttft.p50) }, { "ttft_p99_s", numberToJson(p.result.ttft.p99) },
            { "ttft_at_percentile_s", numberToJson(p.result.ttftAtPercentile) },
            { "goodput_rps", numberToJson(p.result.goodputRps) },
            { "slo_attainment", numberToJson(p.result.sloAttainment) }, { "hit_share", sourcesJson(p.result.hitShare) },
            { "ttft_by_prompt", bandsJson(p.result.ttftByPrompt) },
            { "tpot_at_percentile_s", numberToJson(p.result.tpotAtPercentile) },
            { "tbt_p50_s", numberToJson(p.result.tbt.p50) }, { "tbt_p99_s", numberToJson(p.result.tbt.p99) },
            { "tbt_at_percentile_s", numberToJson(p.result.tbtAtPercentile) },
            { "targets_held", p.result.targetsHeld } });
    Json j = { { "axis", replaySweepAxisName(s.axis) }, { "current", bytesToJson(s.current) },
        { "current_bytes", bytesToJson(s.currentBytes) }, { "points", points } };
    j["spacing"] = sweepSpacingName(s.spacing);
    j["hit_curve"] = s.kneeBlocks > 0 ? Json { { "log_from_blocks", bytesToJson(s.logFromBlocks) },
        { "knee_blocks", bytesToJson(s.kneeBlocks) }, { "knee_error_blocks", bytesToJson(s.kneeErrorBlocks) },
        { "sample_rate", numberToJson(s.curveSampleRate) } }
                                      : Json(nullptr);
    j["least_stable_replicas"] = s.leastStableReplicas > 0 ? bytesToJson(s.leastStableReplicas) : Json(nullptr);
    if (s.axis == ReplaySweepAxis::Rate) {
        Json bisection = Json::array();
        for (const ReplaySweepPoint& p : s.bisection)
            bisection.push_back(
                { { "traffic_scale", numberToJson(p.value) }, { "targets_held", p.result.targetsHeld } });
        j["capacity"] = { { "traffic_scale", numberToJson(s.capacityScale) },
            { "requests_per_s", numberToJson(s.capacityRps) }, { "failed_traffic_scale", numberToJson(s.failedScale) },
            { "tolerance", numberToJson(kCapacityTolerance) }, { "bisection", bisection } };
    }
    return j;
}

void writeReplaySweepCsv(std::ostream& out, const ReplaySweep& s)
{
    out << replaySweepAxisName(s.axis) << ",bytes,ttft_p50_s,ttft_p99_s,goodput_rps,slo_attainment";
    for (TokenSource source : kTokenSources)
        out << "," << tokenSourceKey(source) << "_share";
    // With prefill and decode split, each point's KV transfer as disaggregationJson gives it.
    const bool split = !s.points.empty() && s.points.front().result.prefillReplicas > 0;
    out << ",tpot_at_percentile_s,tbt_p99_s,tbt_at_percentile_s,targets_held,tbt_p50_s";
    if (split)
        out << ",transfer_mean_s,transfer_p99_s,transfer_bytes,transfer_bytes_per_s";
    out << "\n";
    for (const ReplaySweepPoint& p : s.points) {
        const ReplayResult& r = p.result;
        out << csvNumber(p.value) << "," << csvNumber(p.bytes) << "," << csvNumber(r.ttft.p50) << ","
            << csvNumber(r.ttft.p99) << "," << csvNumber(r.goodputRps) << "," << csvNumber(r.sloAttainment);
        for (TokenSource source : kTokenSources)
            out << "," << csvNumber(r.hitShare[source]);
        out << "," << csvNumber(r.tpotAtPercentile) << "," << csvNumber(r.tbt.p99) << ","
            << csvNumber(r.tbtAtPercentile) << "," << (r.targetsHeld ? 1 : 0) << "," << csvNumber(r.tbt.p50);
        if (split)
            out << "," << csvNumber(r.transferSeconds.mean) << "," << csvNumber(r.transferSeconds.p99) << ","
                << csvNumber(r.transferBytes) << "," << csvNumber(transferBytesPerSecond(r));
        out << "\n";
    }
}

} // namespace kvtiers::replay
