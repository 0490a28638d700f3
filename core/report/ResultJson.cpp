#include "core/report/ResultJson.h"

#include "core/io/Units.h"
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

Json rollJson(const EvalResult::Roll& r)
{
    return { { "hbm_bytes", bytesToJson(r.hbm) }, { "dram_bytes", bytesToJson(r.dram) },
        { "ssd_bytes", bytesToJson(r.ssd) } };
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
        { "hit_share_by_tier",
            { { "hbm", numberToJson(r.hitShareHbm) }, { "dram", numberToJson(r.hitShareDram) },
                { "ssd", numberToJson(r.hitShareSsd) } } },
        { "cache_characteristic_seconds",
            { { "hbm", numberToJson(r.characteristicSeconds[0]) }, { "dram", numberToJson(r.characteristicSeconds[1]) },
                { "ssd", numberToJson(r.characteristicSeconds[2]) } } },
        { "tiers", { { "hbm", tierJson(r.hbm) }, { "dram", tierJson(r.dram) }, { "ssd", tierJson(r.ssd) } } },
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
        { "decode_bound", decodeBoundName(r.decodeBound) },
        { "tokens_per_second", numberToJson(r.tokensPerSecond) },
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
    return out;
}

namespace {
/// How a warning names a link: the card's own name where it gives one.
std::string linkLabel(const Scenario& s, const LinkQueue& q)
{
    if (q.name == "gpu_host_link")
        return s.hardware.link.name.empty() ? std::string("GPU-host link") : s.hardware.link.name + " (GPU-host link)";
    if (q.name == "nvme")
        return "NVMe (the server's drives)";
    return q.name;
}
} // namespace

std::vector<WarningNote> warningNotes(const Scenario& s, const EvalResult& r)
{
    std::vector<WarningNote> out;
    if (r.warnings & WarnContextBeyondModel)
        out.push_back(
            { WarnContextBeyondModel, s.workload.context, static_cast<double>(s.model.maxContext), s.model.name });
    if (r.warnings & WarnNoKvBudget)
        out.push_back({ WarnNoKvBudget, 0, 0, {} });
    if (r.warnings & WarnWeightsSpill)
        out.push_back({ WarnWeightsSpill, r.hbm.weights, r.weightsBytes, {} });
    if ((r.warnings & WarnHotSetOverflows) && !s.workload.streaming)
        out.push_back({ WarnHotSetOverflows, s.workload.concurrency, r.maxConcurrency, {} });
    if ((r.warnings & WarnOverflow) && s.workload.streaming)
        out.push_back({ WarnOverflow, r.overflowBytes, 0, {} });
    if (r.warnings & WarnReuseLost)
        out.push_back({ WarnReuseLost, r.achievedReuse, r.requestedReuse, {} });
    if (r.warnings & WarnSharingClamped)
        out.push_back({ WarnSharingClamped, s.workload.sharing, r.sharingEffective, {} });
    if (r.warnings & WarnRateAboveCapacity)
        out.push_back({ WarnRateAboveCapacity, r.requestRate, r.requestRateBound, {} });
    if (r.warnings & WarnReplicaSpansServers)
        out.push_back({ WarnReplicaSpansServers, static_cast<double>(s.tp()),
            static_cast<double>(s.hardware.gpusPerServer), {} });
    if (r.warnings & WarnLinkOverloaded)
        for (const LinkQueue* q : r.links.overloaded())
            out.push_back({ WarnLinkOverloaded, q->utilization, 1, linkLabel(s, *q) });
    if (r.warnings & WarnSsdWearAboveRating)
        out.push_back({ WarnSsdWearAboveRating, r.ssdDriveWritesPerDay, s.hardware.nvmeDwpd, {} });
    return out;
}

namespace {
constexpr MessageContext say { "Messages" };
} // namespace

std::vector<Message> warningMessageList(const Scenario& s, const EvalResult& r)
{
    std::vector<Message> out;
    for (const WarningNote& n : warningNotes(s, r)) {
        switch (n.flag) {
        case WarnContextBeyondModel:
            out.push_back(say(QT_TRANSLATE_NOOP("Messages", "context %1 exceeds %2's maximum of %3 tokens"),
                { formatTokens(n.value), n.model, formatTokens(n.limit) }));
            break;
        case WarnNoKvBudget:
            out.push_back(say(QT_TRANSLATE_NOOP("Messages", "weights and runtime reserve leave no HBM for KV cache")));
            break;
        case WarnWeightsSpill:
            out.push_back(say(QT_TRANSLATE_NOOP("Messages",
                                  "weights do not fit in HBM: %1 of %2 stay in HBM, the rest streams every step"),
                { formatBytes(n.value), formatBytes(n.limit) }));
            break;
        case WarnHotSetOverflows:
            out.push_back(say(QT_TRANSLATE_NOOP("Messages",
                                  "the hot set of %1 sequences does not fit in HBM: at most %2 fit; the excess is "
                                  "shown as overflow"),
                { formatCount(n.value), formatCount(n.limit) }));
            break;
        case WarnOverflow:
            out.push_back(say(QT_TRANSLATE_NOOP("Messages", "%1 fit in no tier (HBM, DRAM and SSD are full)"),
                { formatBytes(n.value) }));
            break;
        case WarnReuseLost:
            out.push_back(say(
                QT_TRANSLATE_NOOP("Messages", "reuse achieved %1 of the %2 requested: the retained pool does not fit"),
                { formatSignificant(n.value * 100, 3) + "%", formatSignificant(n.limit * 100, 3) + "%" }));
            break;
        case WarnSharingClamped:
            out.push_back(say(QT_TRANSLATE_NOOP("Messages", "sharing %1 exceeds concurrency; using %2"),
                { formatCount(n.value), formatCount(n.limit) }));
            break;
        case WarnRateAboveCapacity:
            out.push_back(say(QT_TRANSLATE_NOOP("Messages",
                                  "request rate %1 req/s is above the %2 req/s one replica can serve (prefill, "
                                  "restore and decode share per request)"),
                { formatSignificant(n.value, 3), formatSignificant(n.limit, 3) }));
            break;
        case WarnReplicaSpansServers:
            out.push_back(say(QT_TRANSLATE_NOOP("Messages",
                                  "TP %1 is more than the GPUs per server (%2): one replica spans %3 servers, and "
                                  "its tensor-parallel traffic crosses the network between them"),
                { formatCount(n.value), formatCount(n.limit), formatCount(std::ceil(n.value / n.limit)) }));
            break;
        case WarnLinkOverloaded:
            out.push_back(say(QT_TRANSLATE_NOOP("Messages",
                                  "restores load %1 to %2 of its bandwidth: at or beyond 100%, restores queue "
                                  "without bound and TTFT has no steady value"),
                { n.model, formatSignificant(n.value * 100, 3) + "%" }));
            break;
        case WarnSsdWearAboveRating:
            out.push_back(say(QT_TRANSLATE_NOOP("Messages",
                                  "the SSD tier writes %1 drive writes per day, above the drives' rated %2"),
                { formatSignificant(n.value, 3), formatSignificant(n.limit, 3) }));
            break;
        case WarnNone:
            break;
        }
    }
    return out;
}

std::vector<std::string> warningMessages(const Scenario& s, const EvalResult& r)
{
    std::vector<std::string> out;
    for (const Message& m : warningMessageList(s, r))
        out.push_back(m.english());
    return out;
}

} // namespace kvtiers
