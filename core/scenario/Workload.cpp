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
    if (o.has("targets")) {
        const JsonObject targets = o.requireObject("targets");
        targets.rejectUnknownKeys({ kTtftSecondsKey, kTtftPercentileKey, kTpotSecondsKey, kTpotPercentileKey });
        w.targets = readLatencyTargets(targets);
    }
    return w;
}

} // namespace kvtiers
