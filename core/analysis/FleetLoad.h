#pragma once
// FleetLoad: one workload's replicas under Poisson load (docs/model.md §5b). A replica is N
// sequence slots sharing one prefill engine; its replicas sit behind one central FCFS
// queue, and a request waits in two places:
//   the prefill queue  c = replicas;     S = own prefill of the uncached part + blocking
//                                        restore. The decodes ride in the same steps as
//                                        the prefill's chunks (chunked prefill: a step is
//                                        memory-bound, the prefill's tokens add FLOPs to
//                                        it, not a second pass), so they add no time here;
//   the slot queue     c = replicas × N; S = the whole request's hold of a slot: its own
//                                        prefill + O × the mean TPOT at N sequences.
// A request's own prefill depends on whether its prefix hits and where: a discrete mixture
// of recomputed (a miss), served from HBM, restored from DRAM, restored from SSD, each
// timed with ComputeModel at the replica's hit shares. Each wait comes from
// queueing::WaitDistribution at c_s² of its S (M/D/c at c_s² = 0, exactly where
// MdcWait::exactFeasible; Allen–Cunneen's c_s = 0 form above that); TTFT at a percentile is
// the larger of the two queues' (wait + own prefill) at it, found numerically: a count of
// replicas meets a TTFT target when both queues do, and the queue whose own count is the
// larger binds. TPOT is a request's average over its growing context: the decode step at N
// sequences with P + (O + 1)/2 tokens each (meanTpotSeconds), stretched by the prefills'
// chunks riding in its steps (DecodeStretch.h; the slot hold uses the stretched TPOT). Its
// percentiles over requests count the prefills that land on a replica during one request's
// decode, a Poisson number: a short decode's tail lies well above its mean.
// TtftEstimate leaves the stretch out: it only starts the search.

#include "core/cards/LatencyTargets.h"
#include "core/model/Evaluation.h"
#include "core/model/Queueing.h"

#include <string>
#include <vector>

namespace kvtiers {

/// A latency figure's mean and percentiles, seconds.
struct LatencySpread {
    double mean = 0, p50 = 0, p90 = 0, p99 = 0;
};

/// The queue that sets a replica count: the prefill queue or the slot queue.
enum class LoadBinding { Prefill, Slots };
/// "prefill", "slots".
const char* loadBindingName(LoadBinding binding);

/// One of the two queues a request waits in.
struct QueueFigures {
    bool stable = true;         ///< utilisation < 1
    double servers = 0;         ///< c: replicas, or replicas × sequences per replica
    double utilization = 0;     ///< λ·E[S]/c
    double serviceSeconds = 0;  ///< E[S]
    double serviceCs2 = 0;      ///< Var[S]/E[S]²
    double waitProbability = 0; ///< P(wait > 0), of the distribution the percentiles come from
    LatencySpread queueWait;
    bool exactDeterministicEnd = true; ///< false: M/D/c too large to solve, Allen–Cunneen stood in
};

/// One workload's load on its replicas. The flat figures are those of the binding queue;
/// TTFT is the larger of the two queues' at each percentile.
struct LoadFigures {
    bool stable = true;         ///< both queues' utilisation < 1
    double servers = 0;         ///< c of the binding queue
    double utilization = 0;     ///< λ·E[S]/c
    double serviceSeconds = 0;  ///< E[S]
    double serviceCs2 = 0;      ///< Var[S]/E[S]²
    double waitProbability = 0; ///< P(wait > 0)
    LatencySpread queueWait, ttft, tpot;
    bool exactDeterministicEnd = true; ///< false: M/D/c too large to solve, Allen–Cunneen stood in
    LoadBinding binding = LoadBinding::Prefill;
    QueueFigures prefillQueue, slotQueue;
    /// The two queues' figures, the flat ones the binding queue's (TTFT and TPOT unset).
    static LoadFigures of(const QueueFigures& prefill, const QueueFigures& slots, LoadBinding binding);
};

/// The shares and own prefill times (prefill of the uncached part + blocking restore) of a
/// request: miss, HBM hit, DRAM hit, SSD hit. Shares add up to 1. Under DP attention these
/// are the times a rank is busy in a loaded unit (PrefillSpread). With `remoteHits` a DRAM or
/// SSD hit is read over the scale-out network instead of the GPU's host link (disaggregated,
/// the cache on the decode servers or in a shared pool: remoteHitSeconds).
std::vector<queueing::ServiceBranch> prefillBranches(
    const Scenario& scenario, const EvalResult& replica, bool remoteHits = false);

/// The wait in a central FCFS queue of `servers` servers offered `load` = λ·E[S] of work
/// whose service time has moments `service`: the sizing's (M/D/c exactly within its work
/// bound, Allen–Cunneen above it; no wait past a billion servers).
queueing::WaitDistribution sizingWait(double servers, double load, const queueing::Moments& service);
/// A queue's figures: `servers` taking `requestsPerSecond` of `service`, waiting as `wait`.
QueueFigures queueFigures(
    const queueing::WaitDistribution& wait, const queueing::Moments& service, double servers, double requestsPerSecond);
/// A response time at `percentile` (or its mean, kMeanPercentile): `wait` then one of `own`;
/// +inf when the queue is unstable.
double responseAt(
    const queueing::WaitDistribution& wait, const std::vector<queueing::ServiceBranch>& own, double percentile);

/// Under DP attention a rank's prefill sends part of its work over the unit: a dense model's
/// FFN runs tensor-parallel over all tp × dp GPUs, a mixture-of-experts model's routed
/// experts over the EP GPUs. prefillBranches prices it as a loaded unit runs it (every rank
/// prefilling, each GPU computes its share of every rank's tokens: a rank's own tokens'
/// worth), which is what a rank is busy for. A request's own time is shorter while the other
/// ranks are not prefilling: the spread work takes (1 + (k − 1) ρ) ÷ k of its time, k the
/// GPUs it spans ÷ the rank's own, ρ the ranks' prefill utilisation (a mean field: the other
/// ranks prefill at the same rate). Empty (k = 1) for a TP replica.
struct PrefillSpread {
    std::vector<double> seconds; ///< per prefillBranches branch: its spread work, loaded
    double stream = 0;           ///< weights streamed from below HBM: no branch is shorter
    double span = 1;             ///< k

    /// `branches` (prefillBranches') with their own times at prefill utilisation `rho`.
    std::vector<queueing::ServiceBranch> ownTimes(
        const std::vector<queueing::ServiceBranch>& branches, double rho) const;
};
PrefillSpread prefillSpread(const Scenario& scenario, const EvalResult& replica);

/// A request's TPOT averaged over its growing context: the decode step of `replica`'s
/// scenario at its served sequences, each holding P + (O + 1)/2 tokens (the mean over its
/// O steps; the step is linear in the tokens read). The full-context step for O = 0.
double meanTpotSeconds(const Scenario& scenario, const EvalResult& replica);

/// `requestsPerSecond` spread over `replicas` replicas of `replica` (evaluated at its
/// sized concurrency), behind one central FCFS queue: its prefill queue and its slot queue.
class ReplicaQueue {
public:
    /// `tpotSeconds`: the mean TPOT (meanTpotSeconds), computed when 0.
    ReplicaQueue(const Scenario& scenario, const EvalResult& replica, double requestsPerSecond, double replicas,
        double tpotSeconds = 0);
    bool stable() const { return !m_prefillWait.unstable() && !m_slotWait.unstable(); }
    /// Which queues of that fleet would be stable (as one built from the same arguments
    /// finds), without solving either: a search skips a count whose exact M/D/c it need
    /// not solve to reject.
    struct Stability {
        bool prefillQueue = true, slotQueue = true;
        bool both() const { return prefillQueue && slotQueue; }
    };
    static Stability stabilityAt(const Scenario& scenario, const EvalResult& replica, double requestsPerSecond,
        double replicas, double tpotSeconds);
    /// TTFT at `percentile` (0 < p < 100) or its mean (kMeanPercentile): the larger of the
    /// two queues'; +inf when unstable.
    double ttftAt(double percentile) const;
    /// TTFT through one queue alone (its wait + own prefill); +inf when it is unstable.
    double ttftAt(LoadBinding queue, double percentile) const;
    /// The queue wait likewise: the longer of the two queues' at the percentile.
    double waitAt(double percentile) const;
    /// Every figure, at the mean and at p50, p90, p99; `binding` names the binding queue.
    LoadFigures figures(LoadBinding binding) const;
    /// The same, the binding queue the one whose TTFT at p99 is the longer (the prefill
    /// queue on a tie): for one count of replicas, not a sized one.
    LoadFigures figures() const;

private:
    const queueing::WaitDistribution& wait(LoadBinding queue) const;
    QueueFigures queueFigures(LoadBinding queue) const;
    std::vector<queueing::ServiceBranch> m_prefill; ///< busy time per branch: the queues' service
    std::vector<queueing::ServiceBranch> m_own;     ///< own prefill per branch: TTFT's own part
    double m_rate = 0, m_replicas = 0, m_slots = 1, m_step = 0, m_stretch = 0, m_intervals = 0, m_tpot = 0;
    queueing::Moments m_prefillService, m_slotService;
    queueing::WaitDistribution m_prefillWait, m_slotWait;
};

/// TTFT at a percentile as Allen–Cunneen's closed form gives it: Erlang C and an exponential
/// wait whose mean is (1 + c_s²)/2 × the M/M/c one, for any replica count, in microseconds.
/// It only starts the replica search (Fleet.cpp), which then checks each count it keeps
/// with ReplicaQueue; no figure shown comes from it.
class TtftEstimate {
public:
    TtftEstimate(const Scenario& scenario, const EvalResult& replica, double requestsPerSecond, double tpotSeconds);
    /// TTFT at `percentile` (0 < p < 100, or kMeanPercentile) on `replicas`, the larger of
    /// the two queues'; +inf when unstable.
    double at(double replicas, double percentile) const;
    /// λ·E[S]/c on `replicas`, the larger of the two queues': each queue's utilisation as
    /// ReplicaQueue's figures() gives it, to the last bit.
    double utilization(double replicas) const;

private:
    double atQueue(double servers, double load, const queueing::Moments& service,
        const std::vector<queueing::ServiceBranch>& own, double percentile) const;
    std::vector<queueing::ServiceBranch> m_prefill;
    PrefillSpread m_spread;
    queueing::Moments m_prefillService, m_slotService;
    double m_rate = 0;
    double m_slots = 1; ///< slots per replica
};

/// The p-quantile over the mixture of own prefill times alone: TTFT on an idle fleet.
double idleTtftAt(const Scenario& scenario, const EvalResult& replica, double percentile);

} // namespace kvtiers
