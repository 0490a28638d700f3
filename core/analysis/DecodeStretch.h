#pragma once
// DecodeStretch: how much a replica's prefills slow its decodes (docs/model.md §5b). Under
// chunked prefill (vLLM's default) a prefill's chunks ride in the running decodes' steps,
// and a step takes the longer of its memory time and its FLOPs: a chunk's compute past
// the decode step it rides in is time every running sequence waits. Per prefill that is
//   x = max(0, E[own prefill] − chunks × t_step),  chunks = ceil(P / max_num_batched_tokens)
// and a replica taking λ_r requests/s emits a token per sequence every
//   TPOT(λ_r) = t_step / (1 − λ_r·x)        (+inf at λ_r·x ≥ 1)
// steps per second being (1 − λ_r·E[prefill])/t_step decode-only steps plus λ_r × chunks
// mixed ones. Kept out of FleetLoad.h so the sizing's own files alone depend on it.

#include "core/model/Evaluation.h"

#include <vector>

namespace kvtiers {

/// x above: seconds of decode a prefill adds, for `scenario`'s prompt at `tpotSeconds`; 0
/// for a workload that decodes fewer than 2 tokens (no TPOT to stretch).
double prefillDecodeStretchSeconds(const Scenario& scenario, const EvalResult& replica, double tpotSeconds);

/// TPOT(λ_r) above; +inf when the replica's prefills leave no time to decode.
double stretchedTpotSeconds(double tpotSeconds, double stretchSeconds, double replicaRequestsPerSecond);

/// A request's TPOT at `percentile` (0 < p < 100) over requests. Its decode spans
/// `intervals` = O − 1 token intervals, and the prefills that arrive at its replica while it
/// decodes, K ~ Poisson(λ_r × intervals × TPOT(λ_r)), each add x:
///   TPOT_p = t_step + x × K_p / intervals,
/// whose mean is TPOT(λ_r) above. A short decode sees few prefills, so its tail is far
/// above its mean; a long one averages them out. +inf as TPOT(λ_r) is.
double stretchedTpotQuantileSeconds(
    double tpotSeconds, double stretchSeconds, double replicaRequestsPerSecond, double intervals, double percentile);

/// The chunks a prompt is prefilled in: ceil(P / max_num_batched_tokens), at least 1.
double prefillChunks(const Scenario& scenario, const EvalResult& replica);

/// The token intervals a request's Mooncake TBT averages: the longest tenth of its
/// `intervals` gaps, ⌈intervals ÷ 10⌉ (FAST'25 §5.1; docs/trace.md, "Token intervals").
double tbtTailIntervals(double intervals);

/// A request's TBT as Mooncake measures it (the mean of its longest tenth of gaps) at
/// `percentile` over requests, when its replica's prefills ride in its steps: each of the K
/// prefills that arrive while it decodes (K as stretchedTpotQuantileSeconds has it) lengthens
/// `chunks` of its gaps by x ÷ chunks, so with m = tbtTailIntervals(intervals)
///   TBT_p = t_step + (x ÷ chunks) × min(K_p × chunks, m) ÷ m.
/// t_step when no prefill stretches it; +inf as TPOT(λ_r) is.
double stretchedTbtQuantileSeconds(double tpotSeconds, double stretchSeconds, double chunks,
    double replicaRequestsPerSecond, double intervals, double percentile);

} // namespace kvtiers
