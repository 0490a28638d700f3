#pragma once
// ResultJson: an evaluation as one JSON object, the CLI's `--json` output and the
// payload of exported scenarios. The keys are a public interface (README, "JSON keys"):
// scripts depend on them, so they only ever gain keys.

#include "Evaluation.h"
#include "Json.h"

#include <string>
#include <vector>

namespace kvtiers {

/// Exact integer up to 2^53, double beyond (or when not whole); null for ±inf/NaN.
Json bytesToJson(double bytes);
/// A finite number, or null for ±inf/NaN (JSON has no infinity).
Json numberToJson(double value);

/// The evaluation with the scenario it came from (ids and every resolved knob).
Json resultToJson(const Scenario& scenario, const EvalResult& result, const std::string& workloadId = {});

/// Human-readable warnings for the result's flags, each one sentence.
std::vector<std::string> warningMessages(const Scenario& scenario, const EvalResult& result);

} // namespace kvtiers
