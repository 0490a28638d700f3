#include "core/scenario/Workload.h"

#include "core/io/InputError.h"
#include "core/scenario/Knobs.h"

#include <cmath>

namespace kvtiers {

const char* allocationName(Allocation a)
{
    return a == Allocation::Paged ? "paged" : "contiguous";
}

namespace {

PlacementShares readShares(const JsonObject& o)
{
    o.rejectUnknownKeys({ "hbm", "dram", "ssd" });
    PlacementShares s { o.optionalNumber("hbm", 0, 1).value_or(0), o.optionalNumber("dram", 0, 1).value_or(0),
        o.optionalNumber("ssd", 0, 1).value_or(0) };
    if (std::fabs(s.hbm + s.dram + s.ssd - 1.0) > 1e-6) {
        const std::string sum = formatNumber(s.hbm + s.dram + s.ssd);
        throw InputError({ .code = InputErrorCode::SharesDoNotAddUp, .where = o.path(), .value = sum });
    }
    return s;
}

/// [[seconds, cumulative share], ...]: seconds increasing, shares non-decreasing in [0, 1],
/// the last share above 0. Each problem names its row.
std::vector<GapPoint> readGapCdf(const JsonObject& o, const char* key)
{
    constexpr size_t kMaxRows = 100000;
    const Json& rows = o.requireArray(key);
    if (rows.empty() || rows.size() > kMaxRows)
        o.fail(key, "needs 1 to " + std::to_string(kMaxRows) + " rows of [seconds, cumulative share]");
    std::vector<GapPoint> cdf;
    for (size_t i = 0; i < rows.size(); ++i) {
        const std::string row = std::string(key) + "[" + std::to_string(i) + "]";
        const Json& r = rows[i];
        if (!r.is_array() || r.size() != 2 || !r[0].is_number() || !r[1].is_number())
            o.fail(row, "must be [seconds, cumulative share], two numbers");
        const GapPoint p { r[0].get<double>(), r[1].get<double>() };
        if (!(p.seconds > 0 && p.seconds <= limits::kMaxSeconds))
            o.fail(row,
                { .code = InputErrorCode::GapSecondsOutOfRange,
                    .value = formatNumber(p.seconds),
                    .min = "0",
                    .max = "1e9" });
        if (!(p.share >= 0 && p.share <= 1))
            o.fail(row,
                { .code = InputErrorCode::GapShareOutOfRange, .value = formatNumber(p.share), .min = "0", .max = "1" });
        if (!cdf.empty() && (p.seconds <= cdf.back().seconds || p.share < cdf.back().share))
            o.fail(row, "rows must be in increasing seconds with a cumulative share that never falls");
        cdf.push_back(p);
    }
    if (!(cdf.back().share > 0))
        o.fail(key, "the last cumulative share must be above 0 (no reuse at any gap)");
    return cdf;
}

Json sharesToJson(const PlacementShares& s)
{
    return { { "hbm", s.hbm }, { "dram", s.dram }, { "ssd", s.ssd } };
}

} // namespace

void readWorkloadParams(const JsonObject& o, WorkloadParams& p)
{
    // Each field is read with its knob's range (Knobs.h); only what a field means is here.
    auto number = [&](KnobId id) { return readKnobNumber(o, knob(id)); };
    if (auto v = number(KnobId::Context))
        p.context = *v;
    if (auto v = number(KnobId::OutputTokens))
        p.outputTokens = *v;
    if (auto v = number(KnobId::Concurrency))
        p.concurrency = *v;
    const char* kvDtype = knob(KnobId::KvDtype).key;
    const char* kvBits = knob(KnobId::KvBits).key;
    if (o.has(kvDtype) && o.has(kvBits))
        o.fail(kvDtype, { .code = InputErrorCode::KvDtypeAndBits });
    if (auto v = o.optionalString(kvDtype))
        p.kv = parseKvDtype(*v, o.path() + "." + kvDtype);
    if (auto v = number(KnobId::KvBits))
        p.kv = KvFormat { *v, 0 };
    if (auto v = number(KnobId::KvScaleBits)) {
        KvFormat f = p.kv.value_or(KvFormat {});
        if (!p.kv)
            o.fail(knob(KnobId::KvScaleBits).key, { .code = InputErrorCode::KvScaleBitsAlone });
        f.scaleBits = *v;
        p.kv = f;
    }
    if (auto v = number(KnobId::WeightBits))
        p.weightBits = *v;
    if (auto v = number(KnobId::ReuseRate))
        p.reuseRate = *v;
    if (auto v = number(KnobId::Sharing))
        p.sharing = *v;
    if (auto v = number(KnobId::ReuseDistance))
        p.reuseDistanceSeconds = *v;
    if (const char* key = knob(KnobId::ReuseGapCdf).key; o.has(key))
        p.reuseGapCdf = readGapCdf(o, key);
    if (auto v = o.optionalString(knob(KnobId::RestorePath).key)) {
        if (v->empty())
            o.fail(knob(KnobId::RestorePath).key, "must name a restore path (an id or a card file)");
        p.restorePath = *v;
    }
    if (auto v = number(KnobId::RequestRate))
        p.requestRate = *v;
    if (auto v = number(KnobId::OffloadRate))
        p.offloadRate = *v;
    if (auto v = number(KnobId::Tp))
        p.tp = static_cast<int>(*v);
    if (auto v = number(KnobId::BlockSize))
        p.blockSize = static_cast<int>(*v);
    const char* allocation = knob(KnobId::Allocation).key;
    if (auto v = o.optionalString(allocation)) {
        if (*v == "paged")
            p.allocation = Allocation::Paged;
        else if (*v == "contiguous")
            p.allocation = Allocation::Contiguous;
        else
            o.fail(allocation, { .code = InputErrorCode::UnknownAllocation, .value = *v });
    }
    if (auto v = number(KnobId::GpuMemoryUtilization))
        p.gpuMemoryUtilization = *v;
    if (auto v = number(KnobId::RuntimeReserve))
        p.runtimeReserveBytes = *v;
    if (auto v = o.optionalBool(knob(KnobId::Streaming).key))
        p.streaming = *v;
    if (const char* key = knob(KnobId::WeightsPlacement).key; o.has(key))
        p.weightsPlacement = readShares(o.requireObject(key));
    if (const char* key = knob(KnobId::KvPlacement).key; o.has(key))
        p.kvPlacement = readShares(o.requireObject(key));
    if (auto v = o.optionalBool(knob(KnobId::InclusiveTiers).key))
        p.inclusiveTiers = *v;
    // Servers: a card may write 2.0; a fraction gets its own message.
    const Knob& servers = knob(KnobId::Servers);
    if (auto v = o.optionalNumber(servers.key, servers.min, servers.max)) {
        if (*v != std::floor(*v))
            o.fail(servers.key, { .code = InputErrorCode::ServersNotWhole });
        p.servers = *v;
    }
}

WorkloadCard parseWorkloadCard(const Json& json, const std::string& origin)
{
    const JsonObject o(json, origin);
    std::vector<std::string_view> allowed = { "id", "name", "notes", "sources", "model", "hardware" };
    for (const Knob& k : knobs())
        if (k.scope == KnobScope::Workload)
            allowed.push_back(k.key);
    o.rejectUnknownKeys(allowed);
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
        { "context", p.context },
        { "output_tokens", p.outputTokens },
        { "concurrency", p.concurrency },
        { "reuse_rate", p.reuseRate },
        { "sharing", p.sharing },
        { "reuse_distance_s", p.reuseDistanceSeconds },
        { "offload_rate", p.offloadRate },
        { "block_size", p.blockSize },
        { "allocation", allocationName(p.allocation) },
        { "gpu_memory_utilization", p.gpuMemoryUtilization },
        { "runtime_reserve_bytes", p.runtimeReserveBytes },
        { "streaming", p.streaming },
        { "inclusive_tiers", p.inclusiveTiers },
        { "servers", p.servers },
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
    if (!p.reuseGapCdf.empty()) {
        Json rows = Json::array();
        for (const auto& g : p.reuseGapCdf)
            rows.push_back({ g.seconds, g.share });
        j["reuse_gap_cdf"] = rows;
    }
    if (p.restorePath)
        j["restore_path"] = *p.restorePath;
    if (p.tp)
        j["tp"] = *p.tp;
    if (p.weightsPlacement)
        j["weights_placement"] = sharesToJson(*p.weightsPlacement);
    if (p.kvPlacement)
        j["kv_placement"] = sharesToJson(*p.kvPlacement);
    return j;
}

} // namespace kvtiers
