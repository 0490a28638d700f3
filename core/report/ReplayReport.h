#pragma once
// ReplayReport: a replay written out: the JSON of `kvtiers replay --json`, one CSV row per
// request (`--csv`), and a sweep's JSON and CSV.

#include "core/io/Json.h"
#include "core/replay/ReplaySweep.h"

#include <ostream>

namespace kvtiers::replay {

/// requests, duration_s, ttft_s/tpot_s/queue_wait_s (mean, p50, p90, p99, max),
/// slo_attainment, goodput_rps, hit_share, restore_bytes, link_utilization, replicas, gpus,
/// and what was replayed (routing, tiers, capacities, budget).
Json replayJson(const ReplayResult& result);

/// One row per request, in file order: line, arrival_s, wait_s, ttft_s, tpot_s, replica,
/// hbm_tokens, dram_tokens, ssd_tokens, recomputed_tokens.
void writeReplayCsv(std::ostream& out, const ReplayResult& result);

/// The sweep: axis, current value, and per point the value, bytes, TTFT p50/p99, goodput,
/// SLO attainment and hit shares.
Json replaySweepJson(const ReplaySweep& sweep);
/// Its CSV: one row per point, the JSON's figures (docs/trace.md, "The sweep's CSV"), then
/// tbt_p50_s, and with prefill and decode split the KV transfer's transfer_mean_s,
/// transfer_p99_s, transfer_bytes and transfer_bytes_per_s.
void writeReplaySweepCsv(std::ostream& out, const ReplaySweep& sweep);

} // namespace kvtiers::replay
