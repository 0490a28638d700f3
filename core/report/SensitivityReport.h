#pragma once
// SensitivityReport: a tornado and a demand curve written out, for one scenario or a
// fleet: `kvtiers sensitivity --json`, and the CSV of exported tornadoes and curves. Bytes
// are raw numbers (exact integers up to 2^53), whatever units a chart shows.

#include "core/analysis/Sensitivity.h"
#include "core/io/Json.h"

#include <string>
#include <vector>

namespace kvtiers {

Json sensitivityToJson(const SensitivityResult& result);
Json fleetSensitivityToJson(const FleetSensitivityResult& result);
/// One row per bar, in the result's order, after a header row. Columns: variable,
/// low_value, high_value, then per-server bytes {base,low,high,low_delta,high_delta}_{hbm,dram,ssd}_bytes.
std::string sensitivityCsv(const SensitivityResult& result);
/// One row per bar: variable, base_value, low_value, high_value, low/high TPOT target,
/// fleet-wide {base,low,high,low_delta,high_delta}_{hbm,dram,ssd}_bytes, _gpus, _servers,
/// _sequences_per_replica, low/high_feasible (1/0) and low/high_error (quoted, RFC 4180).
std::string sensitivityCsv(const FleetSensitivityResult& result);
/// One row per point: the variable's key (its value), hbm_bytes, dram_bytes, ssd_bytes (per server).
std::string curveCsv(Variable v, const std::vector<CurvePoint>& points);
/// One row per point: the variable's key, tpot_target_s, fleet-wide hbm/dram/ssd_bytes,
/// gpus, servers, sequences_per_replica, feasible (1/0), error.
std::string curveCsv(Variable v, const std::vector<FleetCurvePoint>& points);

} // namespace kvtiers
