// Queueing: the closed forms against exact values computed here independently (Erlang C
// from its factorial form, M/M/c's exponential wait, Erlang's M/D/1 waiting-time formula,
// Pollaczek–Khinchine's M/D/1 mean), and the in-between Allen–Cunneen form against an
// FCFS multi-server simulation written here; the TTFT percentile's closed-form bracket
// leaves it what plain bisection gives, to the last bit.

#include "core/model/Queueing.h"

#include <QElapsedTimer>
#include <QTest>
#include <queue>

#include <algorithm>
#include <cmath>
#include <random>

using namespace kvtiers::queueing;

namespace {

/// Erlang C from its textbook form (Kleinrock, Queueing Systems vol. 1, eq. 3.40):
/// C = (aᶜ/c!)·c/(c−a) / (Σ_{k<c} aᵏ/k! + (aᶜ/c!)·c/(c−a)).
long double erlangCTextbook(int c, long double a)
{
    long double term = 1, sum = 0;
    for (int k = 0; k < c; ++k) {
        sum += term;
        term *= a / (k + 1);
    }
    const long double last = term * c / (c - a);
    return last / (sum + last);
}

/// Erlang's M/D/1 waiting time (D = 1, λ = ρ): P(W ≤ x) = (1−ρ) Σ_{j=0}^{⌊x⌋} [ρ(j−x)]ʲ/j! e^{−ρ(j−x)}.
/// Alternating: long double keeps it exact to 1e−9 for the x used here.
long double md1CdfErlang(long double rho, long double x)
{
    long double sum = 0;
    for (int j = 0; j <= static_cast<int>(std::floor(x)); ++j) {
        const long double y = rho * (j - x);
        sum += std::pow(y, j) / std::tgamma(static_cast<long double>(j + 1)) * std::exp(-y);
    }
    return (1 - rho) * sum;
}

struct SimWaits {
    std::vector<float> waits;
    double quantile(double p)
    {
        const auto k = static_cast<size_t>(p * (waits.size() - 1));
        std::nth_element(waits.begin(), waits.begin() + static_cast<long>(k), waits.end());
        return waits[k];
    }
};

/// FCFS M/G/c with two-point service times 1 ± c_s (mean 1, squared CV c_s²): each
/// customer takes the earliest free server (a min-heap of free times).
SimWaits simulate(int c, double rho, double cs2, size_t customers, std::uint64_t seed)
{
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> u01(0.0, 1.0);
    const double lambda = rho * c, cs = std::sqrt(cs2);
    std::priority_queue<double, std::vector<double>, std::greater<>> free;
    for (int i = 0; i < c; ++i)
        free.push(0);
    SimWaits out;
    out.waits.reserve(customers);
    const size_t warmup = 200000;
    double t = 0;
    for (size_t n = 0; n < customers + warmup; ++n) {
        t += -std::log(1 - u01(rng)) / lambda;
        const double s = u01(rng) < 0.5 ? 1 - cs : 1 + cs;
        const double start = std::max(t, free.top());
        free.pop();
        free.push(start + s);
        if (n >= warmup)
            out.waits.push_back(static_cast<float>(start - t));
    }
    return out;
}

/// responseQuantile as plain bisection, every comparison evaluated: the closed-form
/// bracket must not move its answer by a bit.
double plainResponseQuantile(const WaitDistribution& wait, const std::vector<ServiceBranch>& branches, double p)
{
    double lo = 0, hi = 0;
    for (const auto& b : branches)
        hi = std::max(hi, b.seconds);
    hi += wait.quantile(std::min(1 - 1e-12, p + (1 - p) / 2)) + 1e-12;
    while (responseCdf(wait, branches, hi) < p)
        hi *= 2;
    for (int i = 0; i < 80 && hi - lo > 1e-12 * hi; ++i) {
        const double mid = (lo + hi) / 2;
        (responseCdf(wait, branches, mid) >= p ? hi : lo) = mid;
    }
    return hi;
}

} // namespace

class TestQueueing : public QObject {
    Q_OBJECT
private slots:
    void erlangCMatchesTheTextbookForm()
    {
        QCOMPARE(erlangC(1, 0.7), 0.7);                     // M/M/1: P(wait) = ρ
        QVERIFY(std::abs(erlangC(2, 1) - 1.0 / 3) < 1e-12); // M/M/2 at a = 1: 1/3
        for (int c : { 1, 2, 5, 10, 40, 120, 2000 })
            for (double rho : { 0.3, 0.8, 0.95, 0.99 }) {
                const double a = rho * c;
                QVERIFY2(std::abs(erlangC(c, a) - double(erlangCTextbook(c, a))) < 1e-9,
                    qPrintable(QString("c=%1 rho=%2").arg(c).arg(rho)));
            }
        QCOMPARE(erlangC(4, 4.0), 1.0); // unstable: everyone waits
    }

    void mmcIsErlangCTimesAnExponential()
    {
        // M/M/3, a = 2.4, E[S] = 2 s: P(W > t) = C·exp(−(c − a)t/E[S]); its percentile and mean.
        const double c3 = double(erlangCTextbook(3, 2.4));
        const WaitDistribution w(3, 2.4, 2.0, 1.0);
        for (double t : { 0.0, 0.5, 3.0, 11.0 })
            QVERIFY(std::abs((1 - w.cdf(t)) - c3 * std::exp(-0.6 * t / 2)) < 1e-9);
        QVERIFY(std::abs(w.waitProbability() - c3) < 1e-9);
        QVERIFY(std::abs(w.mean() - c3 * 2 / 0.6) < 1e-9);
        QVERIFY(std::abs(w.quantile(0.99) - 2 / 0.6 * std::log(c3 / 0.01)) < 1e-9);
        // W_p = 0 where P(wait) ≤ 1 − p.
        QCOMPARE(w.quantile(1 - c3 - 0.01), 0.0);
    }

    void md1MatchesErlangsClosedForm()
    {
        for (double rho : { 0.3, 0.5, 0.8, 0.95 }) {
            const MdcWait w(1, rho, 1.0);
            for (double x : { 0.0, 0.3, 1.0, 2.5, 7.2, 15.0 }) {
                const double exact = double(md1CdfErlang(rho, x));
                QVERIFY2(std::abs(w.cdf(x) - exact) < 1e-6,
                    qPrintable(QString("rho=%1 x=%2: %3 vs %4").arg(rho).arg(x).arg(w.cdf(x)).arg(exact)));
            }
            QVERIFY(std::abs(w.waitProbability() - rho) < 1e-9);
        }
        // Pollaczek–Khinchine: E[W] = ρD/(2(1−ρ)), also at ρ = 0.99 where the closed
        // form above has lost every digit.
        for (double rho : { 0.5, 0.9, 0.99 }) {
            const MdcWait w(1, rho, 3.0);
            QVERIFY2(std::abs(w.mean() / (rho * 3.0 / (2 * (1 - rho))) - 1) < 1e-6, qPrintable(QString::number(rho)));
        }
    }

    void mdcStaysExactAtHundredsOfServers()
    {
        QElapsedTimer timer;
        timer.start();
        const MdcWait w(300, 0.99 * 300, 1.0);
        double last = 0;
        for (double x = 0; x < 40; x += 0.25) {
            const double f = w.cdf(x);
            QVERIFY(f >= last - 1e-12 && f <= 1);
            last = f;
        }
        QVERIFY(last > 1 - 1e-6);
        // Heavy traffic: the deterministic wait is half the exponential one (Kingman), and
        // an arrival waits less often than Erlang C says.
        const double mmcMean = erlangC(300, 297) / 3;
        QVERIFY2(std::abs(w.mean() / (mmcMean / 2) - 1) < 0.05, qPrintable(QString::number(w.mean())));
        QVERIFY(w.waitProbability() < erlangC(300, 297));
        QVERIFY(timer.elapsed() < 20000);
    }

    /// Each (c, a) is solved once and remembered; a distribution built from the remembered
    /// solution gives the same figures, to the last bit, as one solved afresh, and a
    /// service twice as long waits twice as long.
    /// A load a hair under its servers (ρ = 1 − 10⁻¹²: a fleet sized right at its limit) is
    /// past the exact chain's reach, so the wait falls back to Allen–Cunneen instead of
    /// asking for a chain of billions of states (its count once wrapped to a negative int,
    /// passed the bound and threw std::length_error out of the outlook's tornado).
    void aLoadAtItsServersIsNotSolvedExactly()
    {
        for (int c : { 1, 8, 675, 1394 }) {
            const double a = c * (1 - 1e-12);
            QVERIFY(!MdcWait::exactFeasible(c, a, 1e12));
            const WaitDistribution w(c, a, 1.0, 0.0);
            QVERIFY(!w.unstable());
            QVERIFY(!w.exactDeterministicEnd());
            QVERIFY(w.quantile(0.99) > 1e6); // a queue at its limit waits for ever, nearly
        }
    }

    void aRememberedSolutionIsTheFreshOne()
    {
        const int c = 40;
        const double a = 36.5;
        forgetSolvedQueues();
        const WaitDistribution fresh(c, a, 3.0, 0.1);
        const WaitDistribution remembered(c, a, 3.0, 0.1);
        forgetSolvedQueues();
        const WaitDistribution again(c, a, 3.0, 0.1);
        const WaitDistribution doubled(c, a, 6.0, 0.1);
        QVERIFY(fresh.exactDeterministicEnd());
        QVERIFY(fresh.waitProbability() > 0.05); // not the negligible-wait shortcut
        for (double p : { 0.5, 0.9, 0.99, 0.999 }) {
            QCOMPARE(remembered.quantile(p), fresh.quantile(p));
            QCOMPARE(again.quantile(p), fresh.quantile(p));
            QVERIFY(std::abs(doubled.quantile(p) - 2 * fresh.quantile(p)) <= 1e-12 * fresh.quantile(p));
        }
        QCOMPARE(remembered.mean(), fresh.mean());
        QCOMPARE(remembered.waitProbability(), fresh.waitProbability());
        QVERIFY(std::abs(doubled.mean() - 2 * fresh.mean()) <= 1e-12 * fresh.mean());
        // The exact end itself, solved directly at D = 3.
        const MdcWait direct(c, a, 3.0);
        QVERIFY(std::abs(fresh.waitProbability() - (0.1 * erlangC(c, a) + 0.9 * direct.waitProbability())) < 1e-12);
    }

    void ttftIsAPercentileOfWaitPlusOwnTime()
    {
        // One branch: TTFT_p = W_p + S exactly.
        const WaitDistribution w(1, 0.8, 2.0, 0.0);
        const std::vector<ServiceBranch> one { { 1.0, 2.0 } };
        QVERIFY(std::abs(responseQuantile(w, one, 0.9) - (w.quantile(0.9) + 2.0)) < 1e-6);
        // Two branches: the CDF at the quantile is p, and it lies below E[S] + W_p's
        // longest-branch bound and above the shortest.
        const WaitDistribution w4(4, 3.2, 5.0, 0.25);
        const std::vector<ServiceBranch> two { { 0.75, 2.5 }, { 0.25, 12.5 } };
        const double q = responseQuantile(w4, two, 0.99);
        QVERIFY(std::abs(responseCdf(w4, two, q) - 0.99) < 1e-6);
        QVERIFY(q > 12.5 && q < 12.5 + w4.quantile(0.99) + 1e-9);
        QVERIFY(std::abs(q - (5.0 + w4.quantile(0.99))) > 0.5); // not E[S] + W_p
        const Moments m = moments(two);
        QCOMPARE(m.mean, 5.0);
        QVERIFY(std::abs(m.cs2 - 0.75) < 1e-12); // Var = 0.75·0.25·10² = 18.75; /25
    }

    void allenCunneenMeetsTheSimulation_data()
    {
        QTest::addColumn<double>("cs2");
        for (double cs2 : { 0.0, 0.25, 0.5 }) // c_s² = 1 is exact M/M/c, tested above
            QTest::newRow(qPrintable(QString("cs2=%1").arg(cs2))) << cs2;
    }

    void allenCunneenMeetsTheSimulation()
    {
        QFETCH(double, cs2);
#if defined(__SANITIZE_ADDRESS__)
        const size_t customers = 2'000'000; // the sanitizer runs 5× slower; tolerance still holds
#else
        const size_t customers = 10'000'000;
#endif
        // c_s² = 0 checks the exact M/D/c at c > 1, where no closed form is at hand: 2M
        // customers keep its sampling error far inside the tolerance and the test short.
        const size_t n = cs2 == 0 ? std::min<size_t>(customers, 2'000'000) : customers;
        for (int c : { 1, 4, 16 })
            for (double rho : { 0.5, 0.8, 0.95 }) {
                SimWaits sim = simulate(c, rho, cs2, n, 20261201);
                const WaitDistribution w(c, rho * c, 1.0, cs2);
                for (double p : { 0.5, 0.9, 0.99 }) {
                    const double model = w.quantile(p), measured = sim.quantile(p);
                    const double err = std::abs(model - measured);
                    QVERIFY2(err <= std::max(0.10 * measured, 0.05),
                        qPrintable(QString("c=%1 rho=%2 cs2=%3 p=%4: model %5, simulated %6")
                                       .arg(c)
                                       .arg(rho)
                                       .arg(cs2)
                                       .arg(p)
                                       .arg(model)
                                       .arg(measured)));
                }
            }
    }

    void waitProbabilityIsThatOfThePercentiles()
    {
        // A deterministic service (c_s² = 0), or one a hair from it (2.6e-9, as two
        // near-equal prefill branches give), at utilisation 0.9: P(wait > 0) is M/D/c's, as
        // the percentiles beside it are, within half a point of the simulation (Erlang C
        // says 39.0% at 16 servers, the simulation 36.2%).
        for (double cs2 : { 0.0, 2.6e-9 })
            for (int c : { 1, 4, 16, 64 }) {
                SimWaits sim = simulate(c, 0.9, cs2, 2'000'000, 20261206);
                const double waited
                    = double(std::count_if(sim.waits.begin(), sim.waits.end(), [](float w) { return w > 0; }))
                    / double(sim.waits.size());
                const WaitDistribution w(c, 0.9 * c, 1.0, cs2);
                const QString at = QString("c=%1 cs2=%2: model %3, simulated %4, Erlang C %5")
                                       .arg(c)
                                       .arg(cs2)
                                       .arg(w.waitProbability())
                                       .arg(waited)
                                       .arg(erlangC(c, 0.9 * c));
                QVERIFY2(std::abs(w.waitProbability() - waited) <= 0.005, qPrintable(at));
                // The same distribution: no wait at the percentile 1 − P(wait), a wait above it.
                QCOMPARE(w.quantile(1 - w.waitProbability() - 1e-6), 0.0);
                QVERIFY2(w.quantile(1 - w.waitProbability() + 1e-3) > 0, qPrintable(at));
                QVERIFY2(std::abs(w.cdf(0) - (1 - w.waitProbability())) < 1e-9, qPrintable(at));
            }
    }

    void bracketedResponseQuantileIsThePlainBisection()
    {
        // Allen–Cunneen's c_s = 0 form standing in (a work bound of 1 forbids the exact
        // M/D/c): the wait has the closed form the bracket comes from, and the answer is
        // the plain bisection's, bit for bit, across servers, loads, mixtures and percentiles.
        const std::vector<std::vector<ServiceBranch>> mixes = { { { 1.0, 2.0 } }, { { 0.75, 2.5 }, { 0.25, 12.5 } },
            { { 0.4, 0.3 }, { 0.35, 0.9 }, { 0.2, 1.4 }, { 0.05, 6.0 } } };
        int bracketed = 0;
        for (int c : { 1, 4, 37, 600, 5000 })
            for (double rho : { 0.3, 0.8, 0.97, 0.999 })
                for (double cs2 : { 0.05, 0.4, 0.9 })
                    for (const auto& mix : mixes)
                        for (double p : { 0.5, 0.9, 0.99, 0.999 }) {
                            const Moments m = moments(mix);
                            const WaitDistribution w(c, rho * c, m.mean, cs2, 1);
                            QVERIFY(!w.exactDeterministicEnd());
                            bracketed += w.exponentialByBisection();
                            const double fast = responseQuantile(w, mix, p), plain = plainResponseQuantile(w, mix, p);
                            QVERIFY2(fast == plain,
                                qPrintable(QStringLiteral("c %1 rho %2 cs2 %3 p %4: %5 vs %6")
                                               .arg(c)
                                               .arg(rho)
                                               .arg(cs2)
                                               .arg(p)
                                               .arg(fast, 0, 'a')
                                               .arg(plain, 0, 'a')));
                            // The closed form agrees with cdf() to the bisection's last bits.
                            for (double t : { 0.1, 1.0, 10.0 })
                                QVERIFY(std::abs(w.exponentialCdf(t) - w.cdf(t)) < 1e-14);
                        }
        QCOMPARE(bracketed, 5 * 4 * 3 * 3 * 4);
        // The exact M/D/c end and c_s² ≥ 1 have no bracket: the plain bisection runs.
        QVERIFY(!WaitDistribution(4, 3.2, 5.0, 0.25).exponentialByBisection());
        QVERIFY(!WaitDistribution(4, 3.2, 5.0, 1.5).exponentialByBisection());
    }
};

QTEST_APPLESS_MAIN(TestQueueing)
#include "tst_queueing.moc"
