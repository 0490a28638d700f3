// The sweep is a closed form, so its curve is smooth in context (docs/model.md §4.4,
// "whole blocks"): the README's scenario (the article with half of each prompt reused within
// five minutes and every evicted prefix offloaded) swept over the app's 200 points from 1K to
// 2M tokens. A prompt's or a prefix's whole blocks are counted as their expectation
// (R − (B − 1) / 2), not floor(R / B) × B: flooring each point made total bytes a sawtooth
// of block-sized steps between 1K and 4K (137 of 199 steps fell, with λ derived; 121 slope
// reversals with λ held). The article's own figures are those the derivation says.

#include "core/analysis/Sweep.h"
#include "tests/support/TestSupport.h"

#include <QtTest>

#include <vector>

using namespace kvtiers;
using namespace kvtiers::test;

namespace {

Scenario readmeScenario()
{
    return workloadScenario("article", { { "reuse_rate", 0.5 }, { "reuse_distance_s", 300 }, { "offload_rate", 1.0 } });
}

double total(const SweepPoint& p)
{
    return p.tiers.hbm.used() + p.tiers.dram.used() + p.tiers.ssd.used() + p.overflowBytes;
}

/// Contexts (x) at which the curve turns back: the slope between neighbouring points changes
/// one way and then the other, each change larger than whole-block allocation can make it.
/// The hot set is allocated in whole blocks of a definite context C (ceil(C / B) × B per
/// sequence), so a point may sit up to one block of every sequence (`granularity` bytes) off
/// the smooth curve; that moves a slope by at most granularity / Δx at each end.
std::vector<double> reversals(const SweepResult& sweep, double granularity, double below)
{
    const auto& pts = sweep.points;
    std::vector<double> slope, slack;
    for (size_t i = 1; i < pts.size(); ++i) {
        const double dx = pts[i].x - pts[i - 1].x;
        slope.push_back((total(pts[i]) - total(pts[i - 1])) / dx);
        slack.push_back(granularity / dx);
    }
    std::vector<double> out;
    int lastSign = 0;
    for (size_t i = 1; i < slope.size(); ++i) {
        const double change = slope[i] - slope[i - 1];
        if (std::fabs(change) <= slack[i] + slack[i - 1] || pts[i].x >= below)
            continue;
        const int sign = change > 0 ? 1 : -1;
        if (lastSign != 0 && sign != lastSign)
            out.push_back(pts[i].x);
        lastSign = sign;
    }
    return out;
}

QString listed(const std::vector<double>& xs)
{
    QStringList s;
    for (double x : xs)
        s << QString::number(x, 'f', 0);
    return s.join(QStringLiteral(", "));
}

} // namespace

class TestSweepSmooth : public QObject {
    Q_OBJECT

    static double granularity(const Scenario& s)
    {
        // One block more of every active sequence's allocation.
        return s.workload.concurrency * s.workload.blockSize * evaluate(s).kvBytesPerToken;
    }

private slots:
    void heldRateIsMonotoneAndSmooth()
    {
        const Scenario held = holdRequestRate(readmeScenario());
        QVERIFY(held.workload.requestRate.has_value());
        const SweepRange range = defaultSweepRange(SweepAxis::Context);
        const SweepResult sw = sweep(held, SweepAxis::Context, range.from, range.to, kSweepPoints);
        QCOMPARE(sw.points.size(), size_t(kSweepPoints));
        QVERIFY(!sw.rateDerived);
        for (size_t i = 1; i < sw.points.size(); ++i)
            if (total(sw.points[i]) < total(sw.points[i - 1]))
                QFAIL(qPrintable(QStringLiteral("total bytes fall from %1 B at %2 tokens to %3 B at %4")
                                     .arg(total(sw.points[i - 1]), 0, 'f', 0)
                                     .arg(sw.points[i - 1].x)
                                     .arg(total(sw.points[i]), 0, 'f', 0)
                                     .arg(sw.points[i].x)));
        const std::vector<double> turns = reversals(sw, granularity(held), range.to + 1);
        QVERIFY2(turns.empty(), qPrintable(QStringLiteral("slope reverses at %1").arg(listed(turns))));
    }

    void derivedRateIsSmoothWhereItWasJagged()
    {
        // With λ derived the curve rises, then falls (λ falls as requests grow longer): one
        // bend, no teeth. The walk saw the teeth between 1K and 4K; check to 8K.
        const Scenario s = readmeScenario();
        const SweepResult sw = sweep(s, SweepAxis::Context, 1024, 2097152, kSweepPoints);
        QVERIFY(sw.rateDerived);
        const std::vector<double> turns = reversals(sw, granularity(s), 8192);
        QVERIFY2(turns.empty(), qPrintable(QStringLiteral("slope reverses at %1").arg(listed(turns))));
    }

    void articleFiguresAreAsDerived()
    {
        // The article's figures (320 KiB per token, 40 GiB per request, 400 GiB for ten)
        // do not depend on block rounding and stay exact.
        const EvalResult a = evaluate(workloadScenario("article"));
        QCOMPARE(a.kvBytesPerToken, 327680.0);
        QCOMPARE(a.kvBytesPerRequest, 131072.0 * 327680.0);
        QCOMPARE(a.hotSetBytes, 10 * 131072.0 * 327680.0);
        // 131,072 tokens is a whole number of 16-token blocks: a sequence of exactly that
        // context allocates nothing more.
        QCOMPARE(a.kvBytesAllocatedPerRequest, 131072.0 * 327680.0);
        // What the prefix cache stores of a prompt of mean length P: P − (B − 1) / 2 tokens,
        // 7.5 fewer than floor(P / B) × B gave for this one length.
        QCOMPARE(a.storedPromptTokens, 131072.0 - 7.5);
        const EvalResult half = evaluate(readmeScenario());
        QCOMPARE(half.reusedPrefixTokens, 65536.0);
        QCOMPARE(half.cacheablePrefixTokens, 65536.0 - 7.5);
        QCOMPARE(half.cacheableReuse, (65536.0 - 7.5) / 131072.0);
        // A prefix shorter than half a block has no whole block on average; contiguous
        // caches keep every token.
        const EvalResult tiny = evaluate(workloadScenario("article", { { "context", 1024 }, { "reuse_rate", 0.005 } }));
        QCOMPARE(tiny.reusedPrefixTokens, 1024 * 0.005);
        QCOMPARE(tiny.cacheablePrefixTokens, 0.0);
        const EvalResult contiguous
            = evaluate(workloadScenario("article", { { "allocation", "contiguous" }, { "reuse_rate", 0.5 } }));
        QCOMPARE(contiguous.cacheablePrefixTokens, 65536.0);
    }
};

QTEST_APPLESS_MAIN(TestSweepSmooth)
#include "tst_sweep_smooth.moc"
