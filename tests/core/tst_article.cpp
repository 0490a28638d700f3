// The article's own numbers (article.en.md, "The formula to look at before model size"):
// Llama 3.1 70B, FP16 KV: 2 × 80 × 8 × 128 × 2 = 327,680 B = 320 KiB per token;
// × 131,072 tokens = 40 GiB per request; × 10 requests = 400 GiB.

#include "core/io/Units.h"
#include "core/model/Derivation.h"
#include "tests/support/TestSupport.h"

using namespace kvtiers;
using namespace kvtiers::test;

class TestArticle : public QObject {
    Q_OBJECT
private slots:
    void perTokenPerRequestAndTen()
    {
        const EvalResult r
            = evaluate(scenario("llama-3.1-70b", { { "context", 131072 }, { "concurrency", 10 }, { "kv_bits", 16 } }));
        QCOMPARE(r.kvBytesPerToken, 327680.0);
        QCOMPARE(r.kvBytesPerToken, 320 * KiB);
        QCOMPARE(r.kvBytesPerRequest, 42949672960.0);
        QCOMPARE(r.kvBytesPerRequest, 40 * GiB);
        QCOMPARE(r.hotSetBytes, 429496729600.0);
        QCOMPARE(r.hotSetBytes, 400 * GiB);
    }

    void articleWorkloadCardGivesTheSame()
    {
        const EvalResult r = evaluate(workloadScenario("article"));
        QCOMPARE(r.kvBytesPerToken, 327680.0);
        QCOMPARE(r.kvBytesPerRequest, 40 * GiB);
        QCOMPARE(r.hotSetBytes, 400 * GiB);
        // On one 8-GPU H200 server at TP 8 the ten requests fit in HBM with room to spare.
        QCOMPARE(r.overflowBytes, 0.0);
        QVERIFY(r.maxConcurrency >= 10);
    }

    void derivationShowsTheArithmetic()
    {
        const auto& m = CardCatalog::builtin().models().at("llama-3.1-70b");
        const std::string d = kvPerTokenDerivation(m, KvFormat { 16, 0 });
        QCOMPARE(QString::fromStdString(d), QStringLiteral("2 × 80 × 8 × 128 × 2 B = 327,680 B = 320 KiB per token"));
    }

    void decodeStepGainsItsTensorParallelAllReduces()
    {
        // Ten 128K sequences at TP 8 on the H200: the step reads 17.6 GB of weights and
        // 53.7 GB of KV per GPU at 4.8 TB/s × 0.7 (21.23 ms), then waits for 2 all-reduces
        // per layer × 80 layers, each of 8,192 × 10 tokens × 2 B moved 2 × 7/8 times at
        // NVLink 4's 450 GB/s per direction, plus 20 µs each: 160 × 20.64 µs = 3.30 ms,
        // +15.6%, the audit's "about 15% at about 20 µs each".
        const EvalResult r = evaluate(workloadScenario("article"));
        const double hbm = (70553706496.0 * 2 / 8 + 10 * 131072 * 40960.0) / (4.8e12 * 0.7);
        const double allReduce = 2 * 80 * (20e-6 + 2.0 * 7 / 8 * 8192 * 10 * 2 / 450e9);
        KV_COMPARE_NEAR(hbm, 21.23e-3, 1e-3);
        KV_COMPARE_NEAR(allReduce, 3.30e-3, 1e-3);
        KV_COMPARE_NEAR(r.decodeAllReduceSeconds, allReduce, 1e-12);
        KV_COMPARE_NEAR(r.decodeStepSeconds, hbm + allReduce, 1e-12);
        KV_COMPARE_NEAR(r.decodeAllReduceSeconds / (r.decodeStepSeconds - r.decodeAllReduceSeconds), 0.1555, 1e-3);
    }

    void defaultsAreNeutral()
    {
        // Without a workload card: no reuse, no sharing, no offload, so flags mean what they say.
        const Scenario s = scenario("llama-3.1-70b");
        QCOMPARE(s.workload.reuseRate, 0.0);
        QCOMPARE(s.workload.sharing, 1.0);
        QCOMPARE(s.workload.offloadRate, 0.0);
        QCOMPARE(s.hardware.id, std::string("h200-sxm"));
        QCOMPARE(s.tp(), 8);
        const EvalResult r = evaluate(s);
        QCOMPARE(r.retainedPoolBytes, 0.0);
        QCOMPARE(r.tiers.dram.used(), 0.0);
        QCOMPARE(r.tiers.ssd.used(), 0.0);
    }
};

QTEST_APPLESS_MAIN(TestArticle)
#include "tst_article.moc"
