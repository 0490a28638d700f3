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

} // namespace kvtiers
