#pragma once
// SweepReport: a sweep written out (`kvtiers sweep --csv`, exported sweeps).
#include "core/analysis/Sweep.h"

#include <string>

namespace kvtiers {

/// The sweep as CSV (`kvtiers sweep --csv`, exported sweeps): a header row
/// `<axis>,hbm_used_bytes,dram_used_bytes,ssd_used_bytes,overflow_bytes,max_concurrency,tokens_per_second`
/// and one row per point; bytes as exact integers up to 2^53.
std::string sweepCsv(const SweepResult& sweep);

} // namespace kvtiers
