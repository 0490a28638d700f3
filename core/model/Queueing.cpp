#include "core/model/Queueing.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>
#include <map>
#include <mutex>
#include <stdexcept>

namespace kvtiers::queueing {

namespace {

/// Poisson(b) probabilities of 0..jmax, by recurrence from the mode (no underflow of e^−b
/// for large b: far tails become 0).
std::vector<double> poissonPmf(double b, int jmax)
{
    std::vector<double> p(static_cast<size_t>(jmax) + 1, 0.0);
    if (b <= 0) {
        p[0] = 1;
        return p;
    }
    const int mode = std::min(jmax, static_cast<int>(std::floor(b)));
    p[mode] = std::exp(mode * std::log(b) - b - std::lgamma(mode + 1.0));
    for (int j = mode; j < jmax; ++j)
        p[j + 1] = p[j] * b / (j + 1);
    for (int j = mode; j > 0; --j)
        p[j - 1] = p[j] * j / b;
    return p;
}

/// Where Poisson(b)'s upper tail is below double precision.
int poissonSupport(double b)
{
    return static_cast<int>(std::ceil(b + 15 * std::sqrt(b) + 40));
}

/// The root r > 1 of c·ln r = a·(r − 1): Y's tail falls as r^−m.
double tailRoot(int c, double a)
{
    auto f = [&](double r) { return c * std::log(r) - a * (r - 1); };
    double lo = 1, hi = 2;
    while (f(hi) > 0)
        hi *= 2;
    for (int i = 0; i < 200 && hi - lo > 1e-15 * hi; ++i) {
        const double mid = (lo + hi) / 2;
        (f(mid) > 0 ? lo : hi) = mid;
    }
    return lo;
}

struct Band {
    int states = 0; ///< M: states 0..M
    int up = 0;     ///< U: the most Y rises in one D
};

/// Where Poisson(b)'s upper tail is below e^−50 (about 2e−22): 10 standard deviations,
/// and 40 more for small b. The chain's band need reach no further; the mass beyond is
/// lost to every state below the top, a part in 10^21.
int poissonBandSupport(double b)
{
    return static_cast<int>(std::ceil(b + 10 * std::sqrt(b) + 40));
}

/// The band of the chain for arrivals up to `support`: the states, r^−M below 1e−16 of the
/// mass plus room for the band itself. exactFeasible() bounds the work of the band at
/// poissonSupport (15σ), so which queues are solved exactly does not depend on the band a
/// solution uses (poissonBandSupport, 10σ).
Band bandFor(int c, double a, int support)
{
    Band b;
    b.up = std::max(1, support - c);
    const double lnr = std::log(tailRoot(c, a));
    // Counted in double: at a load within a part in 10^9 of c the count passes any int (it
    // wrapped negative and passed the feasibility bound); such a chain is never solved.
    const double states = std::ceil(37.0 / std::max(lnr, 1e-9)) + c + b.up;
    b.states
        = states < double(std::numeric_limits<int>::max()) ? static_cast<int>(states) : std::numeric_limits<int>::max();
    return b;
}

constexpr double kMaxStates = 2e6;

/// Below this Erlang C the deterministic end is no wait at all (WaitDistribution).
constexpr double kNegligibleWait = 1e-12;

} // namespace

double erlangC(int c, double a)
{
    if (a <= 0)
        return 0;
    if (a >= c)
        return 1;
    // Erlang B, then C = B / (1 − ρ(1 − B)). B by its stable recursion up to a thousand
    // servers; above, as Poisson(a)'s P(c) / P(≤ c), summed down from c until the terms vanish.
    double b = 1;
    if (c <= 1000) {
        for (int k = 1; k <= c; ++k)
            b = a * b / (k + a * b);
    } else {
        double term = 1, sum = 0; // relative to P(c)
        for (int k = c; k >= 0 && term > 1e-18 * sum; --k) {
            sum += term;
            term *= k / a;
        }
        b = 1 / sum;
    }
    return b / (1 - a / c * (1 - b));
}

double mmcWaitSurvival(int c, double a, double meanService, double t)
{
    if (a >= c)
        return 1;
    if (t < 0)
        return 1;
    return erlangC(c, a) * std::exp(-(c - a) * t / meanService);
}

bool MdcWait::exactFeasible(int c, double a, double maxWork)
{
    if (!(a < c) || c < 1)
        return false;
    const Band band = bandFor(c, a, poissonSupport(a));
    return band.states <= kMaxStates && double(band.states) * band.up * c <= maxWork;
}

MdcWait::MdcWait(int c, double a, double d, double maxWork)
    : m_c(c)
    , m_a(a)
    , m_d(d)
{
    if (!exactFeasible(c, a, maxWork) || !(d > 0))
        throw std::invalid_argument("M/D/c: unstable or too large to solve exactly");
    // The chain Y' = max(Y + A − c, 0), A ~ Poisson(a), on states 0..M (the top absorbs
    // the tail), band row i holding columns i − c .. i + U at index j − i + c.
    const Band band = bandFor(c, a, poissonBandSupport(a));
    const int m = band.states, up = band.up, width = c + up + 1;
    const std::vector<double> pa = poissonPmf(a, c + up + m);
    std::vector<double> cum(pa.size() + 1, 0.0);
    for (size_t k = 0; k < pa.size(); ++k)
        cum[k + 1] = cum[k] + pa[k];
    std::vector<double> p(static_cast<size_t>(m + 1) * width, 0.0);
    auto at = [&](int i, int j) -> double& { return p[static_cast<size_t>(i) * width + (j - i + c)]; };
    for (int i = 0; i <= m; ++i) {
        for (int j = std::max(0, i - c); j <= std::min(m, i + up); ++j) {
            const int arrivals = j - i + c; // A that lands on j
            double v = 0;
            if (j == 0)
                v = i <= c ? cum[static_cast<size_t>(c - i + 1)] : 0.0;
            else if (j == m)
                v = std::max(0.0, 1 - cum[static_cast<size_t>(arrivals)]);
            else
                v = pa[static_cast<size_t>(arrivals)];
            at(i, j) = v;
        }
    }
    // GTH state reduction, from the top down: only sums and products of non-negatives.
    std::vector<double> out(static_cast<size_t>(m) + 1, 0.0);
    for (int n = m; n >= 1; --n) {
        const int lo = std::max(0, n - c);
        double s = 0;
        for (int j = lo; j < n; ++j)
            s += at(n, j);
        out[static_cast<size_t>(n)] = s;
        if (!(s > 0))
            continue;
        for (int i = std::max(0, n - up); i < n; ++i) {
            const double f = at(i, n) / s;
            if (f == 0)
                continue;
            double* row = &at(i, lo);
            const double* src = &at(n, lo);
            for (int j = 0; j < n - lo; ++j)
                row[j] += f * src[j];
        }
    }
    m_y.assign(static_cast<size_t>(m) + 1, 0.0);
    m_y[0] = 1;
    double total = 1;
    for (int n = 1; n <= m; ++n) {
        double v = 0;
        for (int i = std::max(0, n - up); i < n; ++i)
            v += m_y[static_cast<size_t>(i)] * at(i, n);
        m_y[static_cast<size_t>(n)] = out[static_cast<size_t>(n)] > 0 ? v / out[static_cast<size_t>(n)] : 0.0;
        total += m_y[static_cast<size_t>(n)];
    }
    for (double& v : m_y)
        v /= total;
}

double MdcWait::cdf(double t) const
{
    if (t < 0)
        return 0;
    // P(W ≤ kD + u) = P(Y + Poisson(λ(D − u)) ≤ (k+1)c − 1).
    const double x = t / m_d;
    if (x > 1e9)
        return 1;
    const double k = std::floor(x);
    const double b = m_a * (1 - (x - k));
    const double mTarget = (k + 1) * m_c - 1;
    const int jmax = poissonSupport(b);
    const int top = static_cast<int>(m_y.size()) - 1;
    // Y values low enough that the Poisson term is certainly within: CDF 1.
    const double sureBelow = mTarget - jmax;
    double sum = 0;
    int i = 0;
    for (; i <= top && i < sureBelow; ++i)
        sum += m_y[static_cast<size_t>(i)];
    if (i > top)
        return std::min(1.0, sum);
    const std::vector<double> pb = poissonPmf(b, jmax);
    std::vector<double> cb(pb.size());
    double acc = 0;
    for (size_t j = 0; j < pb.size(); ++j)
        cb[j] = (acc += pb[j]);
    for (; i <= top && i <= mTarget; ++i) {
        const auto j = static_cast<size_t>(mTarget - i);
        sum += m_y[static_cast<size_t>(i)] * std::min(1.0, j < cb.size() ? cb[j] : 1.0);
    }
    return std::min(1.0, sum);
}

double MdcWait::mean() const
{
    // Little: E[W] = E[queue] / λ, and the queue at a random time is distributed as Y.
    double ey = 0;
    for (size_t i = 0; i < m_y.size(); ++i)
        ey += i * m_y[i];
    return ey * m_d / m_a;
}

namespace {

/// The exact M/D/c end in units of D: every figure of it scales with D, so one solution
/// serves every service time at the same c and a.
struct MdcSolution {
    double meanPerService = 0; ///< E[W] / D
    double waitProbability = 0;
    std::shared_ptr<const std::vector<double>> grid; ///< P(W ≤ i·D/64) until the tail is below 1e−9
};

/// The solutions remembered, newest last: a fleet search asks for the same queue again when
/// it names the binding queue and writes the figures of the count it found, and a
/// sensitivity sweep resizes the workloads a driver does not touch. At most kRemembered
/// solutions and kRememberedPoints grid points are kept; the answer is the same whether
/// remembered or not.
struct SolvedQueues {
    static constexpr size_t kRemembered = 256, kRememberedPoints = size_t(1) << 23; // 64 MiB of grid
    std::mutex mutex;
    std::map<std::pair<int, double>, std::shared_ptr<const MdcSolution>> solved;
    std::deque<std::pair<int, double>> order; // oldest first
    size_t points = 0;
};

SolvedQueues& solvedQueues()
{
    static SolvedQueues queues;
    return queues;
}

std::shared_ptr<const MdcSolution> solvedMdc(int c, double a, double maxWork)
{
    SolvedQueues& q = solvedQueues();
    const std::pair<int, double> key { c, a };
    {
        std::lock_guard lock(q.mutex);
        if (auto it = q.solved.find(key); it != q.solved.end())
            return it->second;
    }
    // Solved outside the lock (D = 1): two threads may solve the same queue once each,
    // with the same answer.
    const MdcWait mdc(c, a, 1.0, maxWork);
    auto out = std::make_shared<MdcSolution>();
    out->meanPerService = mdc.mean();
    out->waitProbability = mdc.waitProbability();
    auto grid = std::make_shared<std::vector<double>>();
    for (int i = 0; i < (1 << 22); ++i) {
        const double f = mdc.cdf(i / 64.0);
        grid->push_back(f);
        if (f > 1 - 1e-9)
            break;
    }
    out->grid = std::move(grid);
    std::lock_guard lock(q.mutex);
    auto [it, added] = q.solved.emplace(key, std::move(out));
    if (added) {
        q.order.push_back(key);
        q.points += it->second->grid->size();
        while (q.order.size() > 1
            && (q.order.size() > SolvedQueues::kRemembered || q.points > SolvedQueues::kRememberedPoints)) {
            const auto oldest = q.solved.find(q.order.front());
            q.points -= oldest->second->grid->size();
            q.solved.erase(oldest);
            q.order.pop_front();
        }
    }
    return it->second;
}

} // namespace

void forgetSolvedQueues()
{
    SolvedQueues& q = solvedQueues();
    std::lock_guard lock(q.mutex);
    q.solved.clear();
    q.order.clear();
    q.points = 0;
}

WaitDistribution::WaitDistribution(int c, double a, double meanService, double cs2, double maxWork)
    : m_c(c)
    , m_a(a)
    , m_s(meanService)
    , m_cs2(std::max(0.0, cs2))
{
    if (!(a < c) || c < 1) {
        m_unstable = true;
        return;
    }
    m_erlangC = erlangC(c, a);
    if (m_cs2 >= 1 || a <= 0)
        return;
    if (!MdcWait::exactFeasible(c, a, maxWork)) {
        // Too many servers for the exact chain: Allen–Cunneen at c_s = 0 (half the M/M/c
        // wait) stands in for the deterministic end.
        m_mdcMean = 0.5 * m_erlangC * m_s / (c - a);
        m_mdcWait = m_erlangC;
        return;
    }
    if (m_erlangC < kNegligibleWait) {
        // M/M/c's wait probability bounds M/D/c's from above (a deterministic service
        // waits less often), so the exact chain can only say "no wait" to within 1e−12:
        // skip it, and take P(wait) and the mean wait as 0. A slot queue of thousands of
        // servers at half load would otherwise allocate and reduce a band of millions of
        // states to learn that.
        m_exactMdc = true;
        return;
    }
    m_exactMdc = true;
    const std::shared_ptr<const MdcSolution> solved = solvedMdc(c, a, maxWork);
    m_mdcMean = solved->meanPerService * meanService;
    m_mdcWait = solved->waitProbability;
    m_mdcGrid = solved->grid;
    m_h = meanService / 64;
}

double WaitDistribution::mmcQuantile(double p) const
{
    if (1 - p >= m_erlangC)
        return 0;
    return m_s / (m_c - m_a) * std::log(m_erlangC / (1 - p));
}

double WaitDistribution::mdcQuantile(double p) const
{
    if (!m_exactMdc)
        return 0.5 * mmcQuantile(p);
    if (!m_mdcGrid)
        return 0; // no wait to within 1e−12 (the constructor skipped the chain)
    const std::vector<double>& grid = *m_mdcGrid;
    const auto it = std::lower_bound(grid.begin(), grid.end(), p);
    if (it == grid.begin())
        return 0;
    if (it == grid.end())
        return (grid.size() - 1) * m_h;
    const size_t i = static_cast<size_t>(it - grid.begin());
    const double f0 = grid[i - 1], f1 = grid[i];
    return m_h * ((i - 1) + (f1 > f0 ? (p - f0) / (f1 - f0) : 1.0));
}

double WaitDistribution::waitProbability() const
{
    if (m_unstable)
        return 1;
    if (m_cs2 >= 1)
        return m_erlangC;
    // Weighted as the mean and the percentiles are: a service whose c_s² is 2.6e-9 waits as
    // often as M/D/c says, not as Erlang C says.
    return m_cs2 * m_erlangC + (1 - m_cs2) * m_mdcWait;
}

double WaitDistribution::mean() const
{
    if (m_unstable)
        return std::numeric_limits<double>::infinity();
    const double mmc = m_a > 0 ? m_erlangC * m_s / (m_c - m_a) : 0.0;
    if (m_cs2 >= 1)
        return (1 + m_cs2) / 2 * mmc;
    return m_cs2 * mmc + (1 - m_cs2) * m_mdcMean;
}

double WaitDistribution::quantile(double p) const
{
    if (m_unstable)
        return std::numeric_limits<double>::infinity();
    if (m_a <= 0 || p <= 0)
        return 0;
    if (m_cs2 >= 1)
        return (1 + m_cs2) / 2 * mmcQuantile(p);
    if (1 - p >= waitProbability())
        return 0; // no wait at p: the same P(wait) as waitProbability()
    return m_cs2 * mmcQuantile(p) + (1 - m_cs2) * mdcQuantile(p);
}

bool WaitDistribution::exponentialByBisection() const
{
    return !m_unstable && m_a > 0 && m_cs2 > 0 && m_cs2 < 1 && !m_exactMdc;
}

double WaitDistribution::exponentialMeanWait() const
{
    // quantile(p) = c_s²·W_p(M/M/c) + (1 − c_s²)·W_p(M/M/c)/2 = (1 + c_s²)/2 · W_p(M/M/c).
    return (1 + m_cs2) / 2 * m_s / (m_c - m_a);
}

double WaitDistribution::exponentialCdf(double t) const
{
    if (t < 0)
        return 0;
    return 1 - m_erlangC * std::exp(-t / exponentialMeanWait());
}

double WaitDistribution::cdf(double t) const
{
    if (m_unstable)
        return 0;
    if (t < 0)
        return 0;
    if (m_a <= 0)
        return 1;
    if (m_cs2 >= 1) {
        const double scale = (1 + m_cs2) / 2;
        return 1 - m_erlangC * std::exp(-(m_c - m_a) * t / (m_s * scale));
    }
    // The quantile is increasing in p: the CDF is the largest p whose quantile is ≤ t.
    double lo = 1 - waitProbability(), hi = 1;
    if (t <= 0)
        return lo;
    for (int i = 0; i < 60; ++i) {
        const double mid = (lo + hi) / 2;
        (quantile(mid) <= t ? lo : hi) = mid;
    }
    return lo;
}

double responseCdf(const WaitDistribution& wait, const std::vector<ServiceBranch>& branches, double t)
{
    double f = 0;
    for (const auto& b : branches)
        if (b.share > 0)
            f += b.share * wait.cdf(t - b.seconds);
    return f;
}

namespace {

/// The p-quantile of wait + own time with the wait's closed form (exponentialCdf), by
/// bisection to the last bits: where responseQuantile's answer lies.
double closedFormQuantile(const WaitDistribution& wait, const std::vector<ServiceBranch>& branches, double p, double hi)
{
    // Past the longest own time every branch waits on the same tail:
    // 1 − F(t) = C·exp(−(t − b_max)/m)·Σ share·exp((b − b_max)/m), solved for t directly.
    double longest = 0, sum = 0;
    for (const auto& b : branches)
        if (b.share > 0)
            longest = std::max(longest, b.seconds);
    const double m = wait.exponentialMeanWait();
    if (m > 0) {
        for (const auto& b : branches)
            if (b.share > 0)
                sum += b.share * std::exp((b.seconds - longest) / m);
        const double tail = wait.waitProbability() * sum / (1 - p);
        if (tail > 1 && std::isfinite(tail))
            return longest + m * std::log(tail);
    }
    auto cdf = [&](double t) {
        double f = 0;
        for (const auto& b : branches)
            if (b.share > 0)
                f += b.share * wait.exponentialCdf(t - b.seconds);
        return f;
    };
    for (int i = 0; i < 64 && cdf(hi) < p; ++i)
        hi *= 2;
    double lo = 0;
    for (int i = 0; i < 200 && hi - lo > 1e-16 * hi; ++i) {
        const double mid = (lo + hi) / 2;
        (cdf(mid) >= p ? hi : lo) = mid;
    }
    return hi;
}

} // namespace

double responseQuantile(const WaitDistribution& wait, const std::vector<ServiceBranch>& branches, double p)
{
    if (wait.unstable())
        return std::numeric_limits<double>::infinity();
    double lo = 0, hi = 0;
    for (const auto& b : branches)
        if (b.share > 0)
            hi = std::max(hi, b.seconds);
    hi += wait.quantile(std::min(1 - 1e-12, p + (1 - p) / 2)) + 1e-12;
    // below: responseCdf < p there; above: ≥ p. Any t at or under below (at or over above)
    // compares as it does, since responseCdf never falls as t grows: each wait CDF is a
    // bisection whose every comparison, quantile ≤ t, can only turn true as t grows.
    double below = -std::numeric_limits<double>::infinity(), above = std::numeric_limits<double>::infinity();
    if (wait.exponentialByBisection()) {
        const double guess = closedFormQuantile(wait, branches, p, hi);
        if (std::isfinite(guess) && guess > 0) {
            if (responseCdf(wait, branches, guess * (1 - 1e-13)) < p)
                below = guess * (1 - 1e-13);
            if (responseCdf(wait, branches, guess * (1 + 1e-13)) >= p)
                above = guess * (1 + 1e-13);
        }
    }
    auto reaches = [&](double t) {
        if (t >= above)
            return true;
        if (t <= below)
            return false;
        return responseCdf(wait, branches, t) >= p;
    };
    while (!reaches(hi))
        hi *= 2;
    for (int i = 0; i < 80 && hi - lo > 1e-12 * hi; ++i) {
        const double mid = (lo + hi) / 2;
        (reaches(mid) ? hi : lo) = mid;
    }
    return hi;
}

Moments moments(const std::vector<ServiceBranch>& branches)
{
    double w = 0, m1 = 0, m2 = 0;
    for (const auto& b : branches) {
        w += b.share;
        m1 += b.share * b.seconds;
        m2 += b.share * b.seconds * b.seconds;
    }
    Moments out;
    if (!(w > 0) || !(m1 > 0))
        return out;
    m1 /= w;
    m2 /= w;
    out.mean = m1;
    out.cs2 = std::max(0.0, m2 / (m1 * m1) - 1);
    return out;
}

} // namespace kvtiers::queueing
