#pragma once
// ComparisonReport: a comparison of presets written out (`kvtiers compare --csv`, the
// Compare dialog's export).
#include "core/analysis/ScenarioComparison.h"

#include <string>

namespace kvtiers {

/// The comparison as CSV: a header row (figure, unit, then one column per scenario and a
/// relative-difference column per non-baseline scenario), one row per figure.
std::string comparisonCsv(const ScenarioComparison& comparison);

} // namespace kvtiers
