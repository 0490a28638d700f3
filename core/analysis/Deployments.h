#pragma once
// Deployments: one mixture-of-experts scenario served two ways side by side (docs/model.md,
// "Expert-parallel serving"): as it is stated, and the other way a server runs it. A
// scenario under expert parallelism is set beside tensor parallelism over one server (the
// default TP); one under TP beside expert parallelism (TP 1 per attention rank, DP and EP
// over every GPU of as few servers as leave HBM for KV). Everything else stays the scenario's.

#include "core/model/Evaluation.h"
#include "core/scenario/Scenario.h"

#include <optional>

namespace kvtiers {

struct DeploymentSide {
    Scenario scenario;
    EvalResult result;
    double sequencesPerGpu = 0; ///< served sequences ÷ the replica's GPUs
    double kvPerGpuBytes = 0;   ///< HBM holding token states (hot set) on each GPU
};

struct DeploymentComparison {
    DeploymentSide stated; ///< the scenario as given
    DeploymentSide other;  ///< the other layout, at the same sequences per server where they fit
};

/// The scenario laid out the other way: EP ↔ TP over one server. nullopt when the model has
/// no routed experts or the server's GPUs do not divide them.
std::optional<Scenario> otherDeployment(const Scenario& scenario);
/// Both layouts evaluated. The other layout serves as many sequences per server as the
/// stated one (its replicas, TP replicas or attention ranks, share them evenly), or as many
/// as fit in its HBM when fewer do. nullopt as otherDeployment.
std::optional<DeploymentComparison> compareDeployments(const Scenario& scenario, const EvalResult& stated);

} // namespace kvtiers
