#pragma once
// ResultJson: an evaluation as one JSON object, the CLI's `--json` output and the
// payload of exported scenarios. The keys are a public interface (README, "JSON keys"):
// scripts depend on them, so they only ever gain keys.

#include "core/io/Json.h"
#include "core/io/Message.h"
#include "core/model/Evaluation.h"

#include <string>
#include <vector>

namespace kvtiers {

/// The evaluation with the scenario it came from (ids and every resolved knob).
Json resultToJson(const Scenario& scenario, const EvalResult& result, const std::string& workloadId = {});

/// One raised warning with the figures its sentence quotes (warningMessageList words it).
struct WarningNote {
    Warning flag = WarnNone;
    /// The figure at issue. WarnContextBeyondModel: the context (tokens); WarnWeightsSpill:
    /// weights held in HBM (bytes); WarnHotSetOverflows: sequences asked for; WarnOverflow:
    /// bytes that fit nowhere; WarnReuseLost: achieved reuse (share); WarnSharingClamped:
    /// sharing asked for; WarnRateAboveCapacity: the request rate given (req/s). Unused for
    /// WarnNoKvBudget.
    /// WarnReplicaSpansServers: TP. WarnLinkOverloaded: the link's utilisation (share);
    /// WarnSsdWearAboveRating: drive writes per day.
    double value = 0;
    /// What it is held against. WarnContextBeyondModel: the model's maximum context;
    /// WarnWeightsSpill: all weights (bytes); WarnHotSetOverflows: max concurrency;
    /// WarnReuseLost: requested reuse (share); WarnSharingClamped: sharing used;
    /// WarnRateAboveCapacity: the rate one replica serves (req/s).
    /// WarnReplicaSpansServers: GPUs per server. WarnLinkOverloaded: 1;
    /// WarnSsdWearAboveRating: the drives' rated DWPD.
    double limit = 0;
    std::string model; ///< WarnContextBeyondModel: the model's name, as the user sees it; WarnLinkOverloaded: the link
};

/// The result's warnings in the order warningMessages() lists them (a flag that does not
/// apply to this scenario, such as hot-set overflow while streaming, is left out).
std::vector<WarningNote> warningNotes(const Scenario& scenario, const EvalResult& result);

/// The result's warnings, one sentence each (translatable templates, context "Messages").
std::vector<Message> warningMessageList(const Scenario& scenario, const EvalResult& result);
/// The same sentences in English, as the CLI prints them.
std::vector<std::string> warningMessages(const Scenario& scenario, const EvalResult& result);

} // namespace kvtiers
