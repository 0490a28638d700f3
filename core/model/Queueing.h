#pragma once
// Queueing: the wait in one central FCFS queue with Poisson arrivals and c identical
// servers (docs/model.md §5b). Pure functions, no Qt.
//
//   Erlang C        C(c, a) = P(wait > 0) in M/M/c, offered load a = λ·E[S], ρ = a/c < 1
//   M/M/c (c_s = 1) P(W > t) = C(c, a)·exp(−(c − a)·t / E[S])                  (exact)
//   M/D/c (c_s = 0) P(W ≤ kD + u) = P(Y + A ≤ (k+1)c − 1), 0 ≤ u < D, where Y is the
//                   stationary queue beyond the servers at a D-grid epoch (the chain
//                   Y' = max(Y + A_D − c, 0)) and A ~ Poisson(λ(D − u)) (exact; Crommelin
//                   1932; Franx, Oper. Res. Letters 29, 2001, derive the same relation).
//                   Y's distribution is solved on a truncated band of states with the
//                   GTH state reduction (Grassmann, Taksar, Heyman 1985): no subtraction,
//                   so no cancellation, unlike the alternating closed forms, which lose
//                   every digit past ρ·k ≈ 40.
//   0 < c_s < 1     Allen–Cunneen: Erlang C and an exponential conditional wait whose mean
//                   is scaled by (1 + c_s²)/2, so every percentile of its wait is
//                   (1 + c_s²)/2 × the M/M/c one. Adjusted to meet both exact ends by
//                   adding (1 − c_s²) × its error at c_s = 0: the percentile becomes
//                   W_p = c_s²·W_p(M/M/c) + (1 − c_s²)·W_p(M/D/c), and likewise the mean
//                   and P(wait > 0) = c_s²·C(c, a) + (1 − c_s²)·P_M/D/c(wait > 0); W_p = 0
//                   where 1 − p ≥ that P(wait), so the percentiles and P(wait) are those of
//                   one distribution.
//   c_s > 1         Allen–Cunneen unadjusted (no exact end above).
// W_p = 0 where P(wait) ≤ 1 − p.

#include <memory>
#include <vector>

namespace kvtiers::queueing {

/// Erlang C: the probability an arrival waits in M/M/c; 1 when a ≥ c (unstable).
double erlangC(int servers, double offeredLoad);

/// P(W > t) in M/M/c.
double mmcWaitSurvival(int servers, double offeredLoad, double meanService, double t);

/// The exact M/D/c waiting time (service time D). Throws std::invalid_argument when the
/// queue is unstable (a ≥ c) or too large to solve exactly (see exactFeasible).
class MdcWait {
public:
    MdcWait(int servers, double offeredLoad, double serviceSeconds, double maxWork = kMaxWork);
    /// P(W ≤ t).
    double cdf(double t) const;
    double mean() const;
    double waitProbability() const { return 1 - cdf(0); }
    /// The default bound on the exact solution's work (states × band × c): about a second.
    static constexpr double kMaxWork = 4e8;
    /// Whether the exact solution is small enough (states × band × c ≤ maxWork) to compute.
    static bool exactFeasible(int servers, double offeredLoad, double maxWork = kMaxWork);

private:
    int m_c;
    double m_a, m_d;
    std::vector<double> m_y; ///< P(Y = i)
};

/// Forgets every M/D/c solution WaitDistribution remembers (each (c, a) is solved once and
/// kept for the next distribution of the same queue): for benchmarks that time the solving,
/// and tests that compare a remembered answer with a fresh one.
void forgetSolvedQueues();

/// A wait distribution for 0 ≤ c_s², built as above.
class WaitDistribution {
public:
    /// meanService E[S] > 0; cs2 = Var[S]/E[S]². unstable() when a ≥ c. maxWork bounds
    /// the exact M/D/c end (MdcWait::exactFeasible).
    WaitDistribution(
        int servers, double offeredLoad, double meanService, double cs2, double maxWork = MdcWait::kMaxWork);
    bool unstable() const { return m_unstable; }
    /// Whether the M/D/c end was solved exactly (false: the Allen–Cunneen c_s = 0 form stood in).
    bool exactDeterministicEnd() const { return m_exactMdc; }
    double waitProbability() const;
    double mean() const;
    /// P(W ≤ t).
    double cdf(double t) const;
    /// The p-quantile (0 < p < 1): 0 where P(wait) ≤ 1 − p.
    double quantile(double p) const;
    /// Whether cdf() inverts an exponential tail by bisection: 0 < c_s² < 1 with Allen–Cunneen's
    /// c_s = 0 form standing in, where P(W > t) = C·exp(−t/m) with m = (1 + c_s²)/2 × E[S]/(c − a)
    /// up to the bisection's last bits. responseQuantile brackets its answer with it.
    bool exponentialByBisection() const;
    /// That closed form's P(W ≤ t), and its m (exponentialByBisection() only).
    double exponentialCdf(double t) const;
    double exponentialMeanWait() const;

private:
    double mmcQuantile(double p) const;
    double mdcQuantile(double p) const;
    double mdcCdf(double t) const;
    int m_c;
    double m_a, m_s, m_cs2;
    bool m_unstable = false;
    bool m_exactMdc = false;
    double m_erlangC = 0;
    /// P(W ≤ i·D/64) of M/D/c, tabulated; shared by every distribution of the same c and a
    /// (it does not depend on D), so a search that comes back to a queue does not solve it again.
    std::shared_ptr<const std::vector<double>> m_mdcGrid;
    double m_h = 0;
    double m_mdcMean = 0, m_mdcWait = 0;
};

/// One branch of a request's own service: its share of requests and its seconds.
struct ServiceBranch {
    double share = 0;
    double seconds = 0;
};

/// P(W + own time ≤ t) over the branches (shares sum to 1).
double responseCdf(const WaitDistribution& wait, const std::vector<ServiceBranch>& branches, double t);
/// The p-quantile of wait + own time, by bisection on responseCdf (not E[S] + W_p). Where
/// the wait has a closed form (WaitDistribution::exponentialByBisection), two responseCdf
/// values a hair either side of the closed form's answer bracket it, and the bisection
/// skips the comparisons they decide: responseCdf never falls as t grows, so the result is
/// the plain bisection's to the last bit.
double responseQuantile(const WaitDistribution& wait, const std::vector<ServiceBranch>& branches, double p);

/// Mean and squared coefficient of variation of a discrete mixture.
struct Moments {
    double mean = 0;
    double cs2 = 0;
};
Moments moments(const std::vector<ServiceBranch>& branches);

} // namespace kvtiers::queueing
