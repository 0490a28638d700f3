#pragma once
// ResultJson: an evaluation as one JSON object, the CLI's `--json` output and the
// payload of exported scenarios. The keys are a public interface (README, "JSON keys"):
// scripts depend on them, so they only ever gain keys.

#include "core/io/Json.h"
#include "core/model/Evaluation.h"

#include <string>
#include <vector>

namespace kvtiers {

/// One value per tier as JSON, each under its tier's key and `suffix`:
/// tiersJson(bytes, bytesToJson, "_bytes") is {"hbm_bytes": .., "dram_bytes": .., "ssd_bytes": ..}.
template <typename T, typename F> Json tiersJson(const PerTier<T>& values, F toJson, const std::string& suffix = {})
{
    Json out = Json::object();
    for (Tier t : kTiers)
        out[tierKey(t) + suffix] = toJson(values[t]);
    return out;
}

/// The evaluation with the scenario it came from (ids and every resolved knob).
Json resultToJson(const Scenario& scenario, const EvalResult& result, const std::string& workloadId = {});

} // namespace kvtiers
