#include "core/report/ResultJson.h"

#include "core/io/Units.h"
#include "core/model/Warnings.h"
#include "core/scenario/Knobs.h"

#include <QtGlobal>

#include <cmath>

namespace kvtiers {

namespace {

Json tierJson(const TierUse& t)
{
    return {
        { "capacity_bytes", bytesToJson(t.capacity) },
        { "used_bytes", bytesToJson(t.used()) },
        { "free_bytes", bytesToJson(t.free()) },
        { "weights_bytes", bytesToJson(t.weights) },
        { "kv_bytes", bytesToJson(t.used() - t.weights) },
        { "hot_kv_bytes", bytesToJson(t.hotKv) },
        { "shared_prefix_bytes", bytesToJson(t.sharedPrefixes) },
        { "fragmentation_bytes", bytesToJson(t.fragmentation) },
        { "retained_bytes", bytesToJson(t.retained) },
        { "inclusive_copy_bytes", bytesToJson(t.inclusiveCopies) },
    };
}

/// The unit a replica belongs to: its parallel layout and what it makes per GPU and node.
Json unitJson(const EvalResult::Unit& u)
{
    return {
        { knobKey(KnobId::Tp), u.tp },
        { knobKey(KnobId::Dp), u.dp },
        { knobKey(KnobId::Ep), u.ep },
        { knobKey(KnobId::Nodes), u.nodes },
        { "gpus", bytesToJson(u.gpus) },
        { "expert_parallel", u.expertParallel },
        { "weights_per_gpu_bytes", bytesToJson(u.weightsPerGpu) },
        { "tokens_per_decode_step", numberToJson(u.tokensPerStep) },
        { "decode_step_seconds", numberToJson(u.stepSeconds) },
        { "exchange_seconds", numberToJson(u.exchangeSeconds) },
    };
}

Json rollJson(const PerTier<double>& r)
{
    return tiersJson(r, bytesToJson, "_bytes");
}

/// The restores' load on the links they cross, and the SSD tier's writes against the
/// drives' rating (docs/model.md §5, "Writes and link load").
void addWritesAndLinks(Json& out, const Scenario& s, const EvalResult& r)
{
    Json util = { { "pcie_or_c2c", numberToJson(r.links.gpuLink.utilization) },
        { "nvme", numberToJson(r.links.nvme.utilization) } };
    Json wait = { { "pcie_or_c2c", numberToJson(r.links.gpuLink.waitSeconds) },
        { "nvme", numberToJson(r.links.nvme.waitSeconds) },
        { "mean_per_request", numberToJson(r.restoreQueueWaitSeconds) } };
    if (r.links.uplink) {
        util["shared_uplink"] = numberToJson(r.links.uplink->utilization);
        wait["shared_uplink"] = numberToJson(r.links.uplink->waitSeconds);
    }
    out["link_utilization"] = util;
    out["restore_queue_wait_s"] = wait;
    out["stored_prompt_tokens"] = bytesToJson(r.storedPromptTokens);
    out["ssd_write_bytes_per_s"] = numberToJson(r.ssdWriteBytesPerSecond);
    out["ssd_drive_writes_per_day"] = numberToJson(r.ssdDriveWritesPerDay);
    out["nvme_dwpd_rating"] = s.hardware.nvmeDwpd > 0 ? numberToJson(s.hardware.nvmeDwpd) : Json(nullptr);
}

/// The figures that need a running sequence: a time to first token, a decode step, a rate
/// or a restore only exist once one sequence fits.
constexpr const char* kNeedsASequence[] = { "request_rate_bound_per_s", "restore_seconds", "recompute_seconds",
    "ttft_seconds", "decode_step_seconds", "tokens_per_second" };

/// No sequence runs (EvalResult::runsNoSequence): each figure that needs one is null, and
/// "does_not_fit" gives the reason once.
void sayWhyNoSequenceRuns(Json& out, const Scenario& s, const EvalResult& r)
{
    if (!r.runsNoSequence())
        return;
    for (const char* key : kNeedsASequence) {
        Json& figure = out[key];
        if (figure.is_object())
            for (auto& [name, v] : figure.items())
                v = nullptr;
        else
            figure = nullptr;
    }
    out["does_not_fit"] = doesNotFitMessage(s, r).english();
}

} // namespace

Json resultToJson(const Scenario& s, const EvalResult& r, const std::string& workloadId)
{
    // Every knob as the model used it (the table's echo), plus what the evaluation derived.
    Json assumptions = echoKnobs(s);
    assumptions["prompt_tokens"] = bytesToJson(r.promptTokens);
    assumptions[knobKey(KnobId::RequestRate)] = numberToJson(r.requestRate);
    assumptions["request_rate_source"] = s.workload.requestRate ? "given" : "derived";
    Json warnings = Json::array();
    for (const auto& m : warningMessages(s, r))
        warnings.push_back(m);
    Json out = {
        { "model", s.model.id },
        { "hardware", s.hardware.id },
        { "workload", workloadId.empty() ? Json(nullptr) : Json(workloadId) },
        { "assumptions", assumptions },
        { "kv_bytes_per_token", bytesToJson(r.kvBytesPerToken) },
        { "kv_bytes_per_token_effective", bytesToJson(r.kvBytesPerTokenEffective) },
        { "kv_bytes_per_request", bytesToJson(r.kvBytesPerRequest) },
        { "kv_bytes_allocated_per_request", bytesToJson(r.kvBytesAllocatedPerRequest) },
        { "hot_set_bytes", bytesToJson(r.hotSetBytes) },
        { "hot_set_allocated_bytes", bytesToJson(r.hotSetAllocatedBytes) },
        { "weights_bytes", bytesToJson(r.weightsBytes) },
        { "kv_budget_per_gpu_bytes", bytesToJson(r.kvBudgetPerGpu) },
        { "max_concurrency", bytesToJson(r.maxConcurrency) },
        { "max_concurrency_ratio", numberToJson(r.maxConcurrencyRatio) },
        { "served_concurrency", bytesToJson(r.servedConcurrency) },
        { "requested_reuse_rate", numberToJson(r.requestedReuse) },
        { "achieved_reuse_rate", numberToJson(r.achievedReuse) },
        { "cacheable_reuse_rate", numberToJson(r.cacheableReuse) },
        { "retained_pool_bytes", bytesToJson(r.retainedPoolBytes) },
        { "lost_reuse_bytes", bytesToJson(r.lostReuseBytes) },
        { knobKey(KnobId::RequestRate), numberToJson(r.requestRate) },
        { "request_rate_bound_per_s", numberToJson(r.requestRateBound) },
        { "request_rate_decode_slots_per_s", numberToJson(r.requestRateDecodeSlots) },
        { "request_rate_limit", rateLimitName(r.rateLimit) },
        { "reuse_ceiling_rate", numberToJson(r.requestedReuse) },
        { "cache_demand_bytes", bytesToJson(r.cacheDemandBytes) },
        { "hit_share_by_tier", tiersJson(r.hitShare, numberToJson) },
        { "cache_characteristic_seconds", tiersJson(r.characteristicSeconds, numberToJson) },
        { "tiers", tiersJson(r.tiers, tierJson) },
        { "overflow_bytes", bytesToJson(r.overflowBytes) },
        { "restore_seconds",
            { { "dram", numberToJson(r.restoreSecondsDram) }, { "ssd", numberToJson(r.restoreSecondsSsd) } } },
        { "restore_bandwidth_bytes_per_s",
            { { "dram", numberToJson(r.restoreBandwidthDram) }, { "ssd", numberToJson(r.restoreBandwidthSsd) } } },
        { "restore_copy_bytes", bytesToJson(r.restoreCopyBytes) },
        { "break_even_tokens",
            { { "dram", numberToJson(r.breakEvenTokensDram) }, { "ssd", numberToJson(r.breakEvenTokensSsd) } } },
        { "recompute_seconds", numberToJson(r.recomputeSeconds) },
        { "ttft_seconds",
            { { "no_reuse", numberToJson(r.ttftNoReuseSeconds) },
                { "with_reuse", numberToJson(r.ttftWithReuseSeconds) },
                { "with_reuse_recompute", numberToJson(r.ttftRecomputeSeconds) },
                { "with_reuse_restore", numberToJson(r.ttftRestoreSeconds) },
                { "weight_streaming", numberToJson(r.weightStreamSeconds) } } },
        { "decode_step_seconds", numberToJson(r.decodeStepSeconds) },
        { "decode_allreduce_seconds", numberToJson(r.decodeAllReduceSeconds) },
        { "dcp", r.dcp },
        { "decode_context_exchange_seconds", numberToJson(r.decodeContextSeconds) },
        { "decode_bound", decodeBoundName(r.decodeBound) },
        { "tokens_per_second", numberToJson(r.tokensPerSecond) },
        { "deployment", unitJson(r.unit) },
        { "input_tokens_per_s_per_node", numberToJson(r.unit.inputTokensPerSecondPerNode) },
        { "output_tokens_per_s_per_node", numberToJson(r.unit.outputTokensPerSecondPerNode) },
        { "output_tokens_per_s_per_gpu", numberToJson(r.unit.outputTokensPerSecondPerGpu) },
        { "per_gpu", rollJson(r.perGpu) },
        { "per_server", rollJson(r.perServer) },
        { "fleet",
            [&] {
                Json f = rollJson(r.fleet);
                f[knobKey(KnobId::Servers)] = bytesToJson(r.fleetServers);
                f["gpus"] = bytesToJson(r.fleetGpus);
                return f;
            }() },
        { "warnings", warnings },
    };
    addWritesAndLinks(out, s, r);
    sayWhyNoSequenceRuns(out, s, r);
    return out;
}

} // namespace kvtiers
