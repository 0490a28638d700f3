#pragma once
// ScenarioSpec: a scenario as a user states it: card ids (or files) plus overrides.
// The CLI's flags, the GUI's controls and saved presets all become one of these, and
// resolveScenario() turns it into a Scenario the same way for all of them.
//
// Overrides use the workload-card keys of docs/cards.md (context, concurrency, kv_bits,
// reuse_rate, tp, ...) plus three hardware keys: gpus_per_server, host_dram_bytes,
// nvme_bytes (per server).

#include "core/catalog/CardCatalog.h"
#include "core/io/Json.h"
#include "core/scenario/Scenario.h"

#include <string>

namespace kvtiers {

struct ScenarioSpec {
    std::string model;    ///< id or file; empty: the workload's model
    std::string hardware; ///< id or file; empty: the workload's, else h200-sxm
    std::string workload; ///< id or file; empty: neutral defaults
    Json overrides = Json::object();

    Json toJson() const;
    static ScenarioSpec fromJson(const Json& json, const std::string& origin);
    bool operator==(const ScenarioSpec&) const = default;
};

/// Which defaults resolveScenario() had to assume, so front ends can say so.
struct ResolvedScenario {
    Scenario scenario;
    std::string workloadId;
    bool hardwareDefaulted = false;
};

/// Resolves ids, applies the workload card, then the overrides; validates. Throws InputError.
ResolvedScenario resolveScenario(const CardCatalog& catalog, const ScenarioSpec& spec);

/// The override keys accepted (workload keys + hardware keys).
const std::vector<std::string>& overrideKeys();

} // namespace kvtiers
