#pragma once
// ScenarioComparison: 2–4 scenarios side by side: the key figures of each, and each
// one's absolute and relative difference from the first (the baseline). Feeds the
// compare view, `kvtiers compare` and the comparison CSV.

#include "core/model/Evaluation.h"

#include <string>
#include <vector>

namespace kvtiers {

enum class FigureUnit { Bytes, Count, Seconds, TokensPerSecond, Share };

struct ComparedFigure {
    std::string key;   ///< stable id, e.g. "kv_bytes_per_token"
    std::string label; ///< English label
    FigureUnit unit;
    std::vector<double> values;   ///< one per scenario
    std::vector<double> absolute; ///< value − baseline
    std::vector<double> relative; ///< (value − baseline) / baseline; NaN if baseline is 0
};

struct ScenarioComparison {
    std::vector<std::string> labels;
    std::vector<Scenario> scenarios;
    std::vector<EvalResult> results;
    std::vector<ComparedFigure> figures;

    const ComparedFigure* figure(const std::string& key) const;
};

/// Evaluates each scenario and lines up the figures. Throws InputError if fewer than 2
/// or more than 4 scenarios, or if one is invalid.
ScenarioComparison compareScenarios(const std::vector<std::string>& labels, const std::vector<Scenario>& scenarios);

} // namespace kvtiers
