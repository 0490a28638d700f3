#include "core/scenario/Workload.h"

#include "core/io/InputError.h"

#include <cmath>

namespace kvtiers {

const char* allocationName(Allocation a)
{
    return a == Allocation::Paged ? "paged" : "contiguous";
}

namespace {

PlacementShares readShares(const JsonObject& o)
{
    o.rejectUnknownKeys({"hbm", "dram", "ssd"});
    PlacementShares s{o.optionalNumber("hbm", 0, 1).value_or(0), o.optionalNumber("dram", 0, 1).value_or(0),
                      o.optionalNumber("ssd", 0, 1).value_or(0)};
    if (std::fabs(s.hbm + s.dram + s.ssd - 1.0) > 1e-6) {
        const std::string sum = formatNumber(s.hbm + s.dram + s.ssd);
        throw InputError(o.path() + ": shares must add up to 1 (they add up to " + sum + ")",
                         {.code = InputErrorCode::SharesDoNotAddUp, .where = o.path(), .value = sum});
    }
    return s;
}

Json sharesToJson(const PlacementShares& s)
{
    return {{"hbm", s.hbm}, {"dram", s.dram}, {"ssd", s.ssd}};
}

} // namespace

void readWorkloadParams(const JsonObject& o, WorkloadParams& p)
{
    if (auto v = o.optionalInteger("context", 1, static_cast<std::int64_t>(limits::kMaxContext)))
        p.context = static_cast<double>(*v);
    if (auto v = o.optionalInteger("output_tokens", 0, static_cast<std::int64_t>(limits::kMaxContext)))
        p.outputTokens = static_cast<double>(*v);
    if (auto v = o.optionalInteger("concurrency", 1, static_cast<std::int64_t>(limits::kMaxConcurrency)))
        p.concurrency = static_cast<double>(*v);
    if (o.has("kv_dtype") && o.has("kv_bits"))
        o.fail("kv_dtype", "give kv_dtype or kv_bits, not both", {.code = InputErrorCode::KvDtypeAndBits});
    if (auto v = o.optionalString("kv_dtype"))
        p.kv = parseKvDtype(*v, o.path() + ".kv_dtype");
    if (auto v = o.optionalNumber("kv_bits", 0.5, kMaxKvBits))
        p.kv = KvFormat{*v, 0};
    if (auto v = o.optionalNumber("kv_scale_bits", 0, 64)) {
        KvFormat f = p.kv.value_or(KvFormat{});
        if (!p.kv)
            o.fail("kv_scale_bits", "needs kv_dtype or kv_bits beside it", {.code = InputErrorCode::KvScaleBitsAlone});
        f.scaleBits = *v;
        p.kv = f;
    }
    if (auto v = o.optionalNumber("weight_bits", 1, 64))
        p.weightBits = *v;
    if (auto v = o.optionalNumber("reuse_rate", 0, 1))
        p.reuseRate = *v;
    if (auto v = o.optionalNumber("sharing", 1, limits::kMaxConcurrency))
        p.sharing = *v;
    if (auto v = o.optionalNumber("reuse_distance_s", 0, limits::kMaxSeconds))
        p.reuseDistanceSeconds = *v;
    if (auto v = o.optionalNumber("request_rate_per_s", 0, limits::kMaxRequestRate))
        p.requestRate = *v;
    if (auto v = o.optionalNumber("offload_rate", 0, 1))
        p.offloadRate = *v;
    if (auto v = o.optionalInteger("tp", 1, limits::kMaxTp))
        p.tp = static_cast<int>(*v);
    if (auto v = o.optionalInteger("block_size", 1, limits::kMaxBlock))
        p.blockSize = static_cast<int>(*v);
    if (auto v = o.optionalString("allocation")) {
        if (*v == "paged")
            p.allocation = Allocation::Paged;
        else if (*v == "contiguous")
            p.allocation = Allocation::Contiguous;
        else
            o.fail("allocation", "unknown policy \"" + *v + "\" (use paged or contiguous)",
                   {.code = InputErrorCode::UnknownAllocation, .value = *v});
    }
    if (auto v = o.optionalNumber("gpu_memory_utilization", 0.01, 1))
        p.gpuMemoryUtilization = *v;
    if (auto v = o.optionalNumber("runtime_reserve_bytes", 0, 1e18))
        p.runtimeReserveBytes = *v;
    if (auto v = o.optionalBool("streaming"))
        p.streaming = *v;
    if (o.has("weights_placement"))
        p.weightsPlacement = readShares(o.requireObject("weights_placement"));
    if (o.has("kv_placement"))
        p.kvPlacement = readShares(o.requireObject("kv_placement"));
    if (auto v = o.optionalBool("inclusive_tiers"))
        p.inclusiveTiers = *v;
    if (auto v = o.optionalNumber("servers", 1, limits::kMaxServers)) {
        if (*v != std::floor(*v))
            o.fail("servers", "must be a whole number", {.code = InputErrorCode::ServersNotWhole});
        p.servers = *v;
    }
}

WorkloadCard parseWorkloadCard(const Json& json, const std::string& origin)
{
    const JsonObject o(json, origin);
    o.rejectUnknownKeys({"id", "name", "notes", "sources", "model", "hardware", "context", "output_tokens",
                         "concurrency", "kv_dtype", "kv_bits", "kv_scale_bits", "weight_bits", "reuse_rate",
                         "sharing", "reuse_distance_s", "request_rate_per_s", "offload_rate", "tp", "block_size", "allocation",
                         "gpu_memory_utilization", "runtime_reserve_bytes", "streaming", "weights_placement",
                         "kv_placement", "inclusive_tiers", "servers"});
    WorkloadCard w;
    w.id = o.requireString("id");
    w.name = o.requireString("name");
    w.notes = o.optionalString("notes").value_or("");
    w.sources = readSources(o);
    w.modelId = o.optionalString("model").value_or("");
    w.hardwareId = o.optionalString("hardware").value_or("");
    readWorkloadParams(o, w.params);
    return w;
}

Json workloadParamsToJson(const WorkloadParams& p)
{
    Json j = {
        {"context", p.context}, {"output_tokens", p.outputTokens}, {"concurrency", p.concurrency},
        {"reuse_rate", p.reuseRate}, {"sharing", p.sharing}, {"reuse_distance_s", p.reuseDistanceSeconds},
        {"offload_rate", p.offloadRate}, {"block_size", p.blockSize}, {"allocation", allocationName(p.allocation)},
        {"gpu_memory_utilization", p.gpuMemoryUtilization}, {"runtime_reserve_bytes", p.runtimeReserveBytes},
        {"streaming", p.streaming}, {"inclusive_tiers", p.inclusiveTiers}, {"servers", p.servers},
    };
    if (p.kv) {
        j["kv_bits"] = p.kv->bits;
        if (p.kv->scaleBits > 0)
            j["kv_scale_bits"] = p.kv->scaleBits;
    }
    if (p.weightBits)
        j["weight_bits"] = *p.weightBits;
    if (p.requestRate)
        j["request_rate_per_s"] = *p.requestRate;
    if (p.tp)
        j["tp"] = *p.tp;
    if (p.weightsPlacement)
        j["weights_placement"] = sharesToJson(*p.weightsPlacement);
    if (p.kvPlacement)
        j["kv_placement"] = sharesToJson(*p.kvPlacement);
    return j;
}

} // namespace kvtiers
