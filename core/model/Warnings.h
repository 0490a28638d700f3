#pragma once
// Warnings: what an evaluation raises (EvalResult::warnings), each with the figures its
// sentence quotes, worded once as translatable templates (context "Messages"). The
// headline, the CLI's text and its JSON all take their warnings from here.

#include "core/io/Message.h"
#include "core/model/Evaluation.h"

#include <string>
#include <vector>

namespace kvtiers {

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
/// Why no sequence runs (EvalResult::runsNoSequence()): the context and the HBM left for KV
/// per GPU. The GUI, `eval` and `--json` give this reason beside every "—".
Message doesNotFitMessage(const Scenario& scenario, const EvalResult& result);

/// MLA at TP > 1 without DCP: vLLM keeps the whole latent on every rank, so the replica holds TP copies
/// of the hot set (hotSetAllocatedBytes) where the article counts one (hotSetBytes). Every
/// view that shows both figures says why.
bool mlaLatentReplicated(const Scenario& scenario, const EvalResult& result);

/// The same sentences in English, as the CLI prints them.
std::vector<std::string> warningMessages(const Scenario& scenario, const EvalResult& result);

} // namespace kvtiers
