#pragma once
// FleetReport: a sized fleet written out: `kvtiers fleet --json` and `--csv`, and the
// exported fleet's data. The keys and columns are a public interface: scripts depend on
// them, so they only ever gain keys.

#include "core/analysis/Fleet.h"
#include "core/io/Json.h"
#include "core/io/Units.h"

#include <string>

namespace kvtiers {

/// `kvtiers fleet --hardware-mix ... --json`: the sums and, under "profiles", each profile's
/// hardware, share and fleetToJson().
Json fleetProfilesToJson(const FleetProfilesResult& result);

/// Disaggregated, its "warnings": each FleetPoolWarning as pool ("prefill" or "decode"),
/// tier ("dram" or "ssd"), per_server_bytes, installed_bytes and fleetWarningText's message.
Json fleetToJson(const FleetResult& fleet);

/// "decode servers: DRAM demand 19.5 TiB per server, more than the 1.82 TiB one installs".
std::string fleetWarningText(const FleetPoolWarning& warning, ByteUnits units = ByteUnits::Binary);

/// One workload's load (`kvtiers fleet --json` per workload, `kvtiers eval --json` with a
/// given request rate): stable, utilization, queue_servers, service_s {mean, cs2}, and
/// when stable wait_probability and queue_wait_s, ttft_s, tpot_s {mean, p50, p90, p99}.
Json loadToJson(const LoadFigures& load);

/// The fleet as CSV (exported fleet charts, `kvtiers export --chart fleet --out F.csv`):
/// a header row, one row per workload, then a "total" row. Bytes are raw, exact numbers
/// (the `_bytes` columns), whatever units the chart shows; labels are written by csvText
/// (Csv.h: RFC 4180 quoting, and a leading apostrophe on text a spreadsheet would run as
/// a formula). Columns: label, model, share,
/// requests_per_s, concurrency_per_replica, replica_requests_per_s, replicas, tp, gpus,
/// hbm_bytes, dram_bytes, ssd_bytes, kv_bytes_per_token, utilization, wait_probability,
/// queue_wait_{mean,p50,p90,p99}_s, ttft_{mean,p50,p90,p99}_s, tpot_{mean,p50,p90,p99}_s.
/// The total row leaves empty what does not add up across workloads (concurrency, replica
/// rate, TP, KV per token, the load figures).
std::string fleetCsv(const FleetResult& fleet);

} // namespace kvtiers
