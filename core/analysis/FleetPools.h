#pragma once
// FleetPools: one workload of a fleet served disaggregated (docs/model.md, "Disaggregated
// prefill and decode, in the fleet"): a pool of replicas that only prefill, a pool that
// only decode, each sized against its own target, the KV handed from one to the other over
// the scale-out network (core/model/Disaggregation.h).
//
//   decode pool   N_d = the most sequences per replica whose decode step (unstretched: no
//                 prefill chunk rides in it) meets min(TPOT, TBT) and whose hot set fits,
//                 as the colocated fleet finds its N; every gap of a request is that step
//                 (the first one, with the first token at prefill, also the hand-off and the
//                 admission wait). Slots: c = R_d × N_d, S = the hand-off left after the
//                 prefill + the decode steps (O at decode, O − 1 with the first token at
//                 prefill);
//   prefill pool  c = R_p, S = own prefill + blocking restore (a DRAM/SSD hit priced on the
//                 path it takes: the host link, or the network when the cache is on the
//                 decode servers or shared), prefillBranches;
//   TTFT_p        = the prefill queue's response at p (wait + own prefill + the hand-off left
//                 after it + one decode step with the first token at decode) + the slot
//                 queue's wait at p. Adding two percentiles overstates the sum's: the
//                 sizing errs toward more GPUs.
// The pair (R_p, R_d) is the one of fewest replicas meeting TTFT, TPOT and TBT at their
// percentiles: for each R_d from the least stable up, the fewest R_p within the TTFT left
// after the slot wait, until that wait stops shrinking R_p.
// Bytes: a decode replica's as the colocated one's at the sequences it holds (N_d, or its
// mean in flight when fewer: Little's law); a prefill replica's HBM its weights and the
// prompts it holds (Little's law over prefill + hand-off); the DRAM/SSD prefix cache holds
// the decode pool's sequences' prefixes on the servers where it lives.

#include "core/analysis/FleetLoad.h"
#include "core/cards/Tier.h"
#include "core/model/Disaggregation.h"

#include <string>

namespace kvtiers {

/// One workload's two pools, sized.
struct PoolSizing {
    DisaggregatedLayout layout;
    double prefillReplicas = 0, decodeReplicas = 0;
    double prefillGpus = 0, decodeGpus = 0;
    double decodeConcurrency = 0;     ///< sequences per decode replica
    double prefillInFlight = 0;       ///< prompts a prefill replica holds on average (prefilling or sending)
    double decodeInFlight = 0;        ///< sequences a decode replica holds on average (receiving or decoding)
    double decodeStepSeconds = 0;     ///< a decode-pool step, the mean over a request's context
    KvHandoff handoff;                ///< one request's KV
    double handoffSeconds = 0;        ///< the mean of what the hand-off adds after the prefill, latency included
    double nicUtilization = 0;        ///< each prefill GPU's NIC: its replica's requests/s × T
    double networkBytesPerSecond = 0; ///< KV crossing the network, the whole pool
    QueueFigures prefillQueue, decodeSlots;
    /// At the sized pools: TTFT, a request's TPOT, and its TBT as Mooncake measures it.
    LatencySpread ttft, tpot, tbt;
    /// Each pool's demand (HBM as hbmDemand counts it; the DRAM/SSD prefix cache on the
    /// servers where the layout puts it).
    PerTier<double> prefillBytes, decodeBytes;
};

/// Sizes `scenario` (at the decode pool's concurrency, `decodeReplica` its evaluation) as two
/// pools for `requestsPerSecond` within `targets` (every TTFT/TPOT figure set; TBT where
/// set). Throws InputError naming `label` when a target cannot be met, or the hardware
/// when it states no scale-out network.
PoolSizing sizePools(const Scenario& scenario, const EvalResult& decodeReplica, const LatencyTargets& targets,
    double requestsPerSecond, const DisaggregatedLayout& layout, const std::string& label);

/// One replica's requests handed from prefill to decode, as `eval --layout disaggregated`
/// reports them: what one request sends, how long it takes, and the load at a rate.
struct HandoffFigures {
    KvHandoff handoff;
    double prefillSeconds = 0;      ///< the mean own prefill (restores priced on the layout's path)
    double afterPrefillSeconds = 0; ///< the mean hand-off left after it, latency included
    double decodeStepSeconds = 0;   ///< the decode step, the mean over a request's context
    /// TTFT on idle pools, the mean: prefill + the hand-off left + one decode step with the
    /// first token at decode; the prefill alone with it at prefill.
    double idleTtftSeconds = 0;
    double nicUtilization = 0;        ///< each prefill GPU's NIC at `requestsPerSecond`: λ × T
    double networkBytesPerSecond = 0; ///< λ × the bytes a request sends
};

/// The hand-off of `scenario`'s requests (`replica` its evaluation) in `layout`, at
/// `requestsPerSecond` through one prefill replica. Throws as kvHandoff does.
HandoffFigures handoffFigures(
    const Scenario& scenario, const EvalResult& replica, const DisaggregatedLayout& layout, double requestsPerSecond);

} // namespace kvtiers
