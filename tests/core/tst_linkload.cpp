// The restores' load on the links they cross (core/model/LinkLoad, docs/model.md §5 "Writes
// and link load"): the Pollaczek–Khinchine wait against its exact M/D/1 and M/M/1 cases and
// against a queue simulated here (Lindley's recursion, fixed seed); the figures an
// evaluation reports; a link at or beyond 100% is a warning naming it.

#include "core/model/Evaluation.h"
#include "core/model/LinkLoad.h"
#include "core/model/Warnings.h"
#include "core/report/ResultJson.h"
#include "tests/support/TestSupport.h"

#include <QtTest>

#include <cmath>
#include <limits>
#include <random>

using namespace kvtiers;
using namespace kvtiers::test;

class TestLinkLoad : public QObject {
    Q_OBJECT
private slots:
    void pollaczekKhinchineExactCases()
    {
        // M/D/1 (c_s² = 0): W = ρ S / (2 (1 − ρ)); at ρ = 0.8, S = 1 s: 2 s.
        KV_COMPARE_NEAR(pollaczekKhinchineWait(0.8, 1, 0), 2.0, 1e-15);
        // M/M/1 (c_s² = 1): W = ρ S / (1 − ρ); at ρ = 0.5, S = 2 s: 2 s.
        KV_COMPARE_NEAR(pollaczekKhinchineWait(0.5, 2, 1), 2.0, 1e-15);
        QCOMPARE(pollaczekKhinchineWait(0, 1, 0), 0.0);
        QCOMPARE(pollaczekKhinchineWait(1, 1, 0), std::numeric_limits<double>::infinity());
        QCOMPARE(pollaczekKhinchineWait(1.5, 1, 0), std::numeric_limits<double>::infinity());
    }

    void restoreSizesFromTheHitDistribution()
    {
        // A share p of requests restores s = 1 GB at 50 GB/s (20 ms), the rest nothing:
        // E[S] = p s, c_s² = 1/p − 1, so W = λ E[S²] / (2 (1 − ρ)) = λ p s² / (2 (1 − ρ)).
        const double lambda = 10, p = 0.4, s = 1e9 / 50e9;
        const LinkQueue q = restoreQueue("pcie", lambda, p, 1e9, 50e9);
        KV_COMPARE_NEAR(q.meanService, p * s, 1e-15);
        KV_COMPARE_NEAR(q.serviceCv2, 1 / p - 1, 1e-15);
        KV_COMPARE_NEAR(q.utilization, lambda * p * s, 1e-15); // 0.08
        KV_COMPARE_NEAR(q.waitSeconds, lambda * p * s * s / (2 * (1 - 0.08)), 1e-12);
    }

    void waitMatchesASimulatedQueue()
    {
        // Lindley's recursion W_{n+1} = max(0, W_n + S_n − A_{n+1}) over 2,000,000 Poisson
        // arrivals (seed 7) with Bernoulli-sized restores, at ρ = 0.5 and 0.8: the mean wait
        // within 3% of P-K (the sample mean's error at this length is about 1%).
        for (double rho : { 0.5, 0.8 }) {
            const double p = 0.3, s = 0.02;
            const double lambda = rho / (p * s);
            std::mt19937_64 rng(7);
            std::exponential_distribution<double> gap(lambda);
            std::bernoulli_distribution hit(p);
            double w = 0, sum = 0;
            const int n = 2'000'000;
            for (int i = 0; i < n; ++i) {
                sum += w;
                w = std::max(0.0, w + (hit(rng) ? s : 0.0) - gap(rng));
            }
            const double model = restoreQueue("link", lambda, p, s * 1e9, 1e9).waitSeconds;
            QVERIFY2(std::fabs(sum / n - model) <= 0.03 * model,
                qPrintable(QStringLiteral("rho %1: simulated %2, P-K %3").arg(rho).arg(sum / n).arg(model)));
        }
    }

    void evaluationReportsItsLinks()
    {
        // The chat workload (H100, PCIe Gen5, TP 1): a request restores the whole blocks of
        // its prefix, 0.6 × 3,584 − (16 − 1) / 2 = 2,142.9 tokens on average (281 MB), from DRAM with probability
        // hit_share_dram, over the restore path's bandwidth; SSD hits read the server's 56 GB/s of NVMe. Utilisation =
        // λ × p × bytes ÷ bandwidth; the mean wait added to TTFT is the weighted link waits.
        const Scenario s = workloadScenario("chat");
        const EvalResult r = evaluate(s);
        const double b = 2142.9 * 131072;
        KV_COMPARE_NEAR(r.links.gpuLink.utilization,
            r.requestRate * (r.hitShare.dram + r.hitShare.ssd) * b / r.restoreBandwidthDram, 1e-9);
        KV_COMPARE_NEAR(r.links.nvme.utilization, r.requestRate * 8 * r.hitShare.ssd * b / 56e9, 1e-9);
        QVERIFY(r.links.gpuLink.utilization > 0 && r.links.gpuLink.utilization < 1);
        const double hitShare = r.hitShare.hbm + r.hitShare.dram + r.hitShare.ssd;
        KV_COMPARE_NEAR(r.restoreQueueWaitSeconds,
            (r.hitShare.dram * r.links.dramWaitSeconds + r.hitShare.ssd * r.links.ssdWaitSeconds) / hitShare, 1e-9);
        QVERIFY(r.restoreQueueWaitSeconds > 0);
        const Json j = resultToJson(s, r);
        QCOMPARE(j["link_utilization"]["pcie_or_c2c"].get<double>(), r.links.gpuLink.utilization);
        QCOMPARE(j["restore_queue_wait_s"]["mean_per_request"].get<double>(), r.restoreQueueWaitSeconds);
        QVERIFY(!j["link_utilization"].contains("shared_uplink"));
        QVERIFY(!(r.warnings & WarnLinkOverloaded));
    }

    void anOverloadedLinkIsAWarningNamingIt()
    {
        // A given request rate whose restores need more than the link (λ p b ≥ bandwidth).
        // An LRU cache of fixed size serves a bounded number of hits per second (T shrinks as
        // λ grows), so the link fills only where the lower tier holds most reuses at a high
        // rate: here 1 s between uses, HBM all but filled by 100 active sequences, so DRAM
        // serves them, at rates doubling from 50 req/s until one overloads the link.
        Scenario s;
        EvalResult r;
        for (double rate = 50; rate < 1e5; rate *= 2) {
            s = scenario(
                {}, { { "request_rate_per_s", rate }, { "reuse_distance_s", 1 }, { "concurrency", 100 } }, {}, "chat");
            r = evaluate(s);
            if (!(r.links.gpuLink.utilization < 1))
                break;
        }
        QVERIFY(r.warnings & WarnLinkOverloaded);
        QVERIFY(!(r.links.gpuLink.utilization < 1));
        bool named = false;
        for (const std::string& m : warningMessages(s, r))
            named |= m.find("PCIe Gen5 x16") != std::string::npos && m.find("without bound") != std::string::npos;
        QVERIFY(named);
        QVERIFY(resultToJson(s, r)["restore_queue_wait_s"]["pcie_or_c2c"].is_null()); // infinite: no figure
    }

    void aSharedUplinkIsALinkToo()
    {
        // Four GPUs behind one 64 GB/s uplink: it carries four GPUs' restores, so its
        // utilisation is 4 × λ p b ÷ 64e9, and its wait adds to every restore.
        Scenario s = workloadScenario("chat");
        s.hardware.uplink = SharedUplink { "PCIe switch uplink", 64e9, 4 };
        const EvalResult r = evaluate(s);
        QVERIFY(r.links.uplink.has_value());
        const double b = 2142.9 * 131072;
        KV_COMPARE_NEAR(
            r.links.uplink->utilization, r.requestRate * 4 * (r.hitShare.dram + r.hitShare.ssd) * b / 64e9, 1e-9);
        KV_COMPARE_NEAR(r.links.dramWaitSeconds, r.links.gpuLink.waitSeconds + r.links.uplink->waitSeconds, 1e-12);
        QVERIFY(resultToJson(s, r)["link_utilization"].contains("shared_uplink"));
    }
};

QTEST_GUILESS_MAIN(TestLinkLoad)
#include "tst_linkload.moc"
