#pragma once
// ResultCsv: one evaluation's tier table as CSV, the figures the GUI's tier table shows
// beside the article's columns: per tier what is placed (and of what), the capacity, the
// utilisation, and restoring the whole prompt from that tier against recomputing it. One
// replica's bytes, as the JSON output gives them.

#include "core/model/Evaluation.h"

#include <string>

namespace kvtiers {

/// Header and four rows: hbm, dram, ssd and overflow (what fits in no tier).
std::string tierTableCsv(const EvalResult& result);

} // namespace kvtiers
