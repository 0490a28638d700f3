#include "core/scenario/Workload.h"

#include "core/io/InputError.h"
#include "core/scenario/Knobs.h"

#include <cmath>

namespace kvtiers {

const char* allocationName(Allocation a)
{
    return a == Allocation::Paged ? "paged" : "contiguous";
}

WorkloadCard parseWorkloadCard(const Json& json, const std::string& origin)
{
    const JsonObject o(json, origin);
    std::vector<std::string_view> allowed = { "id", "name", "notes", "sources", "model", "hardware", "targets" };
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
    KnobTarget target { w.params };
    readKnobs(o, target);
    if (o.has("targets"))
        w.targets = readWorkloadTargets(o.requireObject("targets"));
    return w;
}

namespace {

/// A target's percentile: a number strictly between 0 and 100, or "mean".
std::optional<double> readPercentile(const JsonObject& o, std::string_view key)
{
    if (!o.has(key))
        return std::nullopt;
    const Json& v = o.raw().at(std::string(key));
    if (v.is_string()) {
        if (v.get<std::string>() == "mean")
            return kTargetMeanPercentile;
        o.fail(key, "must be a percentile between 0 and 100 (exclusive) or \"mean\"");
    }
    if (!v.is_number())
        o.fail(key, "must be a percentile between 0 and 100 (exclusive) or \"mean\"");
    const double p = v.get<double>();
    if (!(p > 0 && p < 100))
        o.fail(key, "must be a percentile between 0 and 100 (exclusive) or \"mean\", not " + v.dump());
    return p;
}

/// A target in seconds: finite, above 0, at most limits::kMaxSeconds.
std::optional<double> readSeconds(const JsonObject& o, std::string_view key)
{
    const auto s = o.optionalNumber(key, 0, limits::kMaxSeconds);
    if (s && !(*s > 0))
        o.fail(key, "must be above 0 seconds");
    return s;
}

Json percentileToJson(double p)
{
    return p == kTargetMeanPercentile ? Json("mean") : Json(p);
}

} // namespace

WorkloadTargets readWorkloadTargets(const JsonObject& o)
{
    o.rejectUnknownKeys({ "ttft_s", "ttft_percentile", "tpot_s", "tpot_percentile" });
    WorkloadTargets t;
    t.ttftSeconds = readSeconds(o, "ttft_s");
    t.ttftPercentile = readPercentile(o, "ttft_percentile");
    t.tpotSeconds = readSeconds(o, "tpot_s");
    t.tpotPercentile = readPercentile(o, "tpot_percentile");
    return t;
}

Json workloadTargetsToJson(const WorkloadTargets& t)
{
    Json j = Json::object();
    if (t.ttftSeconds)
        j["ttft_s"] = *t.ttftSeconds;
    if (t.ttftPercentile)
        j["ttft_percentile"] = percentileToJson(*t.ttftPercentile);
    if (t.tpotSeconds)
        j["tpot_s"] = *t.tpotSeconds;
    if (t.tpotPercentile)
        j["tpot_percentile"] = percentileToJson(*t.tpotPercentile);
    return j;
}

} // namespace kvtiers
