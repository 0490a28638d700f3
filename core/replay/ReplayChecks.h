// ReplayChecks: what a replay refuses before and while it runs (lengths past the model's
// context, no requests, too many requests or too much work) and how many replicas, servers
// and cache blocks it runs with. Internal to core/replay.
#pragma once

#include "core/replay/Replay.h"

#include <optional>
#include <string>

namespace kvtiers::replay {

/// The most replicas (and servers) a replay runs.
inline constexpr double kMostReplicas = 1e6;

/// The most request-steps a replay runs unless its options say otherwise
/// (--max-request-steps): about 2e9 is minutes of replay.
inline constexpr double kMostRequestSteps = 2e9;

[[noreturn]] void noRequests(const std::string& name);
[[noreturn]] void tooManyRequests(const std::string& name);
[[noreturn]] void tooMuchWork(const std::string& name, double steps, double most);

/// Refuses a request no replay of `model` can run (its lengths past the maximum context);
/// else its request-steps: one per output token and one per prefill chunk of the budget.
double checkReplayRequest(const std::string& name, ReplayTrace::Request q, const ModelCard& model,
    double maxBatchedTokens, std::optional<double> outputTokens);

/// Refuses a disaggregated layout a replay cannot run: one pool's count without the
/// other's, a replica count beside them, global routing (a pooled cache is --cache-at
/// shared), or a GPU whose card states no scale-out network to send the KV over.
void checkDisaggregation(const Scenario& scenario, const ReplayOptions& options);

} // namespace kvtiers::replay
