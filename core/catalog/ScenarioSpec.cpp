#include "core/catalog/ScenarioSpec.h"

#include "core/io/InputError.h"
#include "core/scenario/Knobs.h"

#include <algorithm>

namespace kvtiers {

const std::vector<std::string>& overrideKeys()
{
    static const std::vector<std::string> keys = [] {
        std::vector<std::string> all;
        for (const Knob& k : knobs())
            if (k.scope != KnobScope::Fleet)
                all.emplace_back(k.key);
        return all;
    }();
    return keys;
}

Json ScenarioSpec::toJson() const
{
    Json j = Json::object();
    if (!model.empty())
        j["model"] = model;
    if (!hardware.empty())
        j["hardware"] = hardware;
    if (!workload.empty())
        j["workload"] = workload;
    j["overrides"] = overrides;
    return j;
}

namespace {

void checkOverrideKeys(const Json& overrides, const std::string& path)
{
    if (!overrides.is_object())
        throw InputError({ .code = InputErrorCode::MustBeObject, .where = path });
    const auto& keys = overrideKeys();
    for (auto it = overrides.begin(); it != overrides.end(); ++it) {
        if (std::find(keys.begin(), keys.end(), it.key()) == keys.end()) {
            std::string list;
            for (const auto& k : keys)
                list += (list.empty() ? "" : ", ") + k;
            throw InputError({ .code = InputErrorCode::UnknownKey, .where = path, .value = it.key(), .detail = list });
        }
    }
}

} // namespace

ScenarioSpec ScenarioSpec::fromJson(const Json& json, const std::string& origin)
{
    const JsonObject o(json, origin);
    o.rejectUnknownKeys({ "model", "hardware", "workload", "overrides" });
    ScenarioSpec spec;
    spec.model = o.optionalString("model").value_or("");
    spec.hardware = o.optionalString("hardware").value_or("");
    spec.workload = o.optionalString("workload").value_or("");
    if (o.has("overrides")) {
        spec.overrides = o.requireObject("overrides").raw();
        checkOverrideKeys(spec.overrides, origin + ".overrides");
    }
    return spec;
}

ResolvedScenario resolveScenario(const CardCatalog& catalog, const ScenarioSpec& spec)
{
    ResolvedScenario out;
    WorkloadParams params;
    std::string modelId = spec.model;
    std::string hardwareId = spec.hardware;
    if (!spec.workload.empty()) {
        const WorkloadCard wc = catalog.resolveWorkload(spec.workload);
        out.workloadId = wc.id;
        params = wc.params;
        if (modelId.empty())
            modelId = wc.modelId;
        if (hardwareId.empty())
            hardwareId = wc.hardwareId;
    }
    if (modelId.empty())
        throw InputError({ .code = InputErrorCode::NoModel, .where = "model" });
    if (hardwareId.empty()) {
        hardwareId = CardCatalog::kDefaultHardware;
        out.hardwareDefaulted = true;
    }
    Scenario& s = out.scenario;
    s.model = catalog.resolveModel(modelId);
    s.hardware = catalog.resolveHardware(hardwareId);

    checkOverrideKeys(spec.overrides, "overrides");
    const JsonObject o(spec.overrides, "overrides");
    KnobTarget target { params, &s.hardware };
    readKnobs(o, target);
    s.workload = params;
    if (params.restorePath)
        s.restorePath = catalog.resolveRestorePath(*params.restorePath);
    validateScenario(s);
    return out;
}

} // namespace kvtiers
