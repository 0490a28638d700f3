#pragma once
// FleetLoad: one workload's replicas under Poisson load (docs/model.md §5b). Its replicas
// sit behind one central FCFS queue; what a server is depends on what binds a replica
// (EvalResult::rateLimit):
//   prefill binds      → c = replicas;     S = own prefill of the uncached part + blocking
//                                          restore + the decode share O·t_step/N
//   decode slots bind  → c = replicas × N; S = the whole request (prefill + O·t_step)
// A request's own prefill depends on whether its prefix hits and where: a discrete mixture
// of recomputed (a miss), served from HBM, restored from DRAM, restored from SSD, each
// timed with ComputeModel at the replica's hit shares. The wait comes from
// queueing::WaitDistribution at c_s² of S; TTFT is the percentile of wait + own prefill
// over that mixture, found numerically. TPOT is the decode step at the sized concurrency,
// one value for every request: the decode step with a prefill chunk is not modelled, so
// its percentiles equal its mean.

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

/// One workload's load on its replicas.
struct LoadFigures {
    bool stable = true;         ///< utilisation < 1
    double servers = 0;         ///< c: replicas, or replicas × sequences per replica
    double utilization = 0;     ///< λ·E[S]/c
    double serviceSeconds = 0;  ///< E[S]
    double serviceCs2 = 0;      ///< Var[S]/E[S]²
    double waitProbability = 0; ///< P(wait > 0)
    LatencySpread queueWait, ttft, tpot;
    bool exactDeterministicEnd = true; ///< false: M/D/c too large to solve, Allen–Cunneen stood in
};

/// The shares and own prefill times (prefill of the uncached part + blocking restore) of a
/// request: miss, HBM hit, DRAM hit, SSD hit. Shares add up to 1.
std::vector<queueing::ServiceBranch> prefillBranches(const Scenario& scenario, const EvalResult& replica);

/// `requestsPerSecond` spread over `replicas` replicas of `replica` (evaluated at its
/// sized concurrency), behind one central FCFS queue.
class ReplicaQueue {
public:
    ReplicaQueue(const Scenario& scenario, const EvalResult& replica, double requestsPerSecond, double replicas);
    bool stable() const { return !m_wait.unstable(); }
    /// TTFT at `percentile` (0 < p < 100) or its mean (kMeanPercentile); +inf when unstable.
    double ttftAt(double percentile) const;
    /// The queue wait likewise.
    double waitAt(double percentile) const;
    /// Every figure, at the mean and at p50, p90, p99.
    LoadFigures figures() const;

private:
    std::vector<queueing::ServiceBranch> m_prefill; ///< own prefill per branch: TTFT's own part
    double m_servers = 0, m_load = 0, m_tpot = 0;
    queueing::Moments m_service;
    queueing::WaitDistribution m_wait;
};

/// TTFT at a percentile as Allen–Cunneen's closed form gives it: Erlang C and an exponential
/// wait whose mean is (1 + c_s²)/2 × the M/M/c one, for any replica count, in microseconds.
/// It only starts the replica search (Fleet.cpp), which then checks each count it keeps
/// with ReplicaQueue; no figure shown comes from it.
class TtftEstimate {
public:
    TtftEstimate(const Scenario& scenario, const EvalResult& replica, double requestsPerSecond);
    /// TTFT at `percentile` (0 < p < 100, or kMeanPercentile) on `replicas`; +inf when unstable.
    double at(double replicas, double percentile) const;
    /// λ·E[S]/c on `replicas`: ReplicaQueue's figures().utilization, to the last bit.
    double utilization(double replicas) const;

private:
    std::vector<queueing::ServiceBranch> m_prefill;
    queueing::Moments m_service;
    double m_load = 0;
    bool m_prefillBinds = false;
    double m_slots = 1; ///< servers per replica when decode slots bind
};

/// The p-quantile over the mixture of own prefill times alone: TTFT on an idle fleet.
double idleTtftAt(const Scenario& scenario, const EvalResult& replica, double percentile);

} // namespace kvtiers
