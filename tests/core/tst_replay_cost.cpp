// The replay's restores against compute (docs/trace.md, "Restore against compute"):
//  1. serial and overlapped: 10,000 prefill-only 512-token requests on one replica with no
//     HBM cache, a share x of each prompt held in DRAM (for all but the first 2,048), x = 0,
//     0.1 ... 1. With a path that
//     restores serially (overlap 0) throughput is N P / sum(compute + restore + fixed); with
//     one that hides its copies (overlap 1), N P / max(sum(compute + fixed), sum(restore)),
//     each within 2%, the terms summed from the engine's own per-request figures;
//  2. a hit is restored only when that, the fixed cost included, beats recomputing it;
//  3. prefill GPU seconds add up to the replica's busy time on a prefill-only trace;
//  4. monotone: more DRAM never raises TTFT p99 at overlap 0 and 1 (the rows of tst_replay),
//     nor with cache-aware routing; central routing's counter-example.

#include "core/model/Evaluation.h"
#include "core/replay/ReplaySweep.h"
#include "core/trace/TraceReader.h"
#include "tests/support/ReplayRows.h"
#include "tests/support/SourceFiles.h"
#include "tests/support/TestSupport.h"

#include <QtTest>

#include <cmath>
#include <sstream>

using namespace kvtiers;

namespace {
/// The restore paths the DRAM sweeps run on: serial and hiding. Under AddressSanitizer the
/// sweeps run the serial path alone: that build looks for memory errors, which one path's
/// replays reach as well as two, and the plain build checks the figures of both.
#if defined(__SANITIZE_ADDRESS__)
constexpr double kSweptOverlaps[] = { 0.0 };
#else
constexpr double kSweptOverlaps[] = { 0.0, 1.0 };
#endif
} // namespace
using namespace kvtiers::replay;

namespace {

constexpr int kRequests = 10000;
constexpr int kBlocks = 32;     ///< 512 tokens in 16-token blocks
constexpr int kPrefixes = 2048; ///< more than a replica runs at once (max_num_seqs 1024)

/// 10,000 requests of 512 prompt tokens and one output token, all at t = 0. Request i
/// starts with the first `shared` blocks of prefix i mod 2048 (2048 requests apart, more than
/// run at once, so the blocks have left HBM and sit in DRAM when it comes round again); its
/// other blocks are its own.
ReplayTrace sharedPrefixTrace(int shared)
{
    std::ostringstream out;
    std::uint64_t unique = 1u << 30;
    for (int i = 0; i < kRequests; ++i) {
        out << R"({"timestamp": 0, "input_length": 512, "output_length": 1, "hash_ids": [)";
        for (int k = 0; k < kBlocks; ++k)
            out << (k ? ", " : "")
                << (k < shared ? static_cast<std::uint64_t>((i % kPrefixes) * kBlocks + k) : unique++);
        out << "]}\n";
    }
    auto reader = trace::TraceReader::fromText(out.str(), "generated", trace::TraceFormat::Mooncake, 16);
    return loadReplayTrace(*reader);
}

Scenario withOverlap(Scenario s, double overlap)
{
    s.restorePath.overlap = overlap;
    return s;
}

ReplayOptions oneReplicaNoHbm()
{
    ReplayOptions o;
    o.replicas = 1;
    o.capacityBlocks.hbm = 0;
    o.capacityBlocks.dram = 1e6;
    o.capacityBlocks.ssd = 0;
    return o;
}

} // namespace

class TestReplayCost : public QObject {
    Q_OBJECT
private slots:
    void serialAndOverlappedRestores()
    {
        // Llama-3.1-8B at TP 1 on an H100 SXM, vLLM's offloading path (one DMA per block of
        // all layers), its per-request cost from the card.
        const Scenario base = test::scenario("llama-3.1-8b", { { "tp", 1 } }, "h100-sxm");
        QVERIFY(base.restorePath.perRequestSeconds > 0);
        const double NP = double(kRequests) * 512;
        for (double overlap : { 0.0, 1.0 }) {
            const Scenario s = withOverlap(base, overlap);
            const EvalResult r = evaluate(s);
            double previous = 0;
            for (int step = 0; step <= 10; ++step) {
                const int shared = static_cast<int>(std::lround(step * kBlocks / 10.0));
                const ReplayResult out = runReplay(sharedPrefixTrace(shared), s, r, oneReplicaNoHbm());
                double compute = 0, restore = 0, fixed = 0, restoring = 0;
                for (const ReplayRecord& q : out.perRequest) {
                    compute += q.cost.computeSeconds;
                    restore += q.cost.restoreSeconds;
                    fixed += q.cost.fixedSeconds;
                    restoring += q.tokens.dram > 0;
                }
                const QString where = QStringLiteral("overlap %1, %2 of 32 blocks in DRAM").arg(overlap).arg(shared);
                // All but the first use of each prefix restore it from DRAM, and pay the
                // path's fixed cost once each.
                QVERIFY2(restoring == (shared > 0 ? kRequests - kPrefixes : 0),
                    qPrintable(where
                        + QStringLiteral(": %1 restoring, DRAM share %2, HBM share %3")
                              .arg(restoring)
                              .arg(out.hitShare.dram)
                              .arg(out.hitShare.hbm)));
                KV_COMPARE_NEAR(fixed, restoring * s.restorePath.perRequestSeconds, 1e-9);
                KV_COMPARE_NEAR(out.hitShare.dram, restoring * shared * 16 / NP, 1e-12);
                const double throughput = NP / out.durationSeconds;
                const double expected
                    = NP / (overlap == 0 ? compute + restore + fixed : std::max(compute + fixed, restore));
                QVERIFY2(std::abs(throughput / expected - 1) <= 0.02,
                    qPrintable(where + QStringLiteral(": %1 tokens/s, expected %2").arg(throughput).arg(expected)));
                // The prefill GPU seconds are the replica's busy time: every step prefills.
                KV_COMPARE_NEAR(out.prefillCost.replicaSeconds(), out.replicaBusySeconds.mean, 1e-6);
                KV_COMPARE_NEAR(out.prefillCost.computeSeconds, compute, 1e-6);
                if (overlap == 1)
                    QVERIFY2(throughput >= previous * 0.98 || shared == kBlocks, qPrintable(where));
                previous = throughput;
            }
        }
    }

    void hiddenRestoresBeatSerialOnes()
    {
        // Half the prompt in DRAM: hiding the copies can only help the GPU.
        const Scenario base = test::scenario("llama-3.1-8b", { { "tp", 1 } }, "h100-sxm");
        const ReplayTrace t = sharedPrefixTrace(16);
        const Scenario serial = withOverlap(base, 0), hidden = withOverlap(base, 1);
        const ReplayResult a = runReplay(t, serial, evaluate(serial), oneReplicaNoHbm());
        const ReplayResult b = runReplay(t, hidden, evaluate(hidden), oneReplicaNoHbm());
        QVERIFY(b.durationSeconds < a.durationSeconds);
        QVERIFY(b.prefillCost.replicaSeconds() < a.prefillCost.replicaSeconds());
        KV_COMPARE_NEAR(a.prefillCost.restoreSeconds, b.prefillCost.restoreSeconds, 1e-9);
    }

    void aHitIsRestoredOnlyWhenThatBeatsRecomputing()
    {
        // A per-request cost of a second outweighs recomputing 256 tokens (milliseconds):
        // the DRAM blocks are computed again, not restored.
        Scenario s = test::scenario("llama-3.1-8b", { { "tp", 1 } }, "h100-sxm");
        s.restorePath.perRequestSeconds = 1;
        const ReplayResult out = runReplay(sharedPrefixTrace(16), s, evaluate(s), oneReplicaNoHbm());
        QCOMPARE(out.hitShare.dram, 0.0);
        QCOMPARE(out.prefillCost.restoreSeconds, 0.0);
        QCOMPARE(out.prefillCost.fixedSeconds, 0.0);
        QCOMPARE(out.hitShare.recomputed, 1.0);
    }

    void moreDramNeverRaisesTtftP99_data()
    {
        // tst_replay's rows, with a serial and a hiding restore path.
        QTest::addColumn<int>("replicas");
        QTest::addColumn<int>("routing");
        QTest::addColumn<double>("traffic");
        QTest::addColumn<double>("overlap");
        for (double overlap : kSweptOverlaps) {
            const QByteArray o = QByteArray::number(overlap);
            QTest::newRow(QByteArray("1 replica, x0.4, overlap " + o).constData())
                << 1 << int(ReplayRouting::Central) << 0.4 << overlap;
            QTest::newRow(QByteArray("1 replica, x0.5, overlap " + o).constData())
                << 1 << int(ReplayRouting::Central) << 0.5 << overlap;
            QTest::newRow(QByteArray("4 replicas, prefix-aware, overlap " + o).constData())
                << 4 << int(ReplayRouting::PrefixAware) << 1.0 << overlap;
            QTest::newRow(QByteArray("6 replicas, prefix-aware, overlap " + o).constData())
                << 6 << int(ReplayRouting::PrefixAware) << 1.0 << overlap;
        }
    }

    void moreDramNeverRaisesTtftP99()
    {
        QFETCH(int, replicas);
        QFETCH(int, routing);
        QFETCH(double, traffic);
        QFETCH(double, overlap);
        static const ReplayTrace t = [] {
            auto reader = trace::TraceReader::open(test::shippedTrace());
            return loadReplayTrace(*reader);
        }();
        const Scenario s = withOverlap(test::scenario("llama-3.1-70b", Json::object(), "h200-sxm"), overlap);
        ReplayOptions o;
        o.replicas = replicas;
        o.routing = static_cast<ReplayRouting>(routing);
        o.trafficScale = traffic;
        o.keepRequests = false;
        const EvalResult r = evaluate(s);
        ReplaySweep sweep = planReplaySweep(t, s, r, o, ReplaySweepAxis::Dram, 7, test::evenDramRows(t, s, r, o));
        runReplaySweep(sweep, t, s, r, o);
        double previous = std::numeric_limits<double>::infinity();
        for (const ReplaySweepPoint& p : sweep.points) {
            QVERIFY2(p.result.ttft.p99 <= previous,
                qPrintable(QStringLiteral("DRAM %1 blocks: p99 %2 s above %3 s")
                               .arg(p.value)
                               .arg(p.result.ttft.p99)
                               .arg(previous)));
            previous = p.result.ttft.p99;
        }
    }

    void centralAndCacheAwareInDram_data()
    {
        // Cache-aware routing at 4 and 6 replicas is monotone in DRAM on the shipped trace;
        // central routing at 4 replicas is not (docs/trace.md, "Limits"): p99 5.442 s at
        // 30,465 DRAM blocks per server, 5.446 s at 60,930 (overlap 0).
        QTest::addColumn<int>("replicas");
        QTest::addColumn<int>("routing");
        QTest::addColumn<double>("overlap");
        QTest::addColumn<bool>("monotone");
        for (double overlap : kSweptOverlaps) {
            const QByteArray o = QByteArray::number(overlap);
            QTest::newRow(QByteArray("cache-aware 4, overlap " + o).constData())
                << 4 << int(ReplayRouting::CacheAware) << overlap << true;
            QTest::newRow(QByteArray("cache-aware 6, overlap " + o).constData())
                << 6 << int(ReplayRouting::CacheAware) << overlap << true;
        }
        QTest::newRow("central 4, overlap 0") << 4 << int(ReplayRouting::Central) << 0.0 << false;
    }

    void centralAndCacheAwareInDram()
    {
        QFETCH(int, replicas);
        QFETCH(int, routing);
        QFETCH(double, overlap);
        QFETCH(bool, monotone);
        static const ReplayTrace t = [] {
            auto reader = trace::TraceReader::open(test::shippedTrace());
            return loadReplayTrace(*reader);
        }();
        const Scenario s = withOverlap(test::scenario("llama-3.1-70b", Json::object(), "h200-sxm"), overlap);
        ReplayOptions o;
        o.replicas = replicas;
        o.routing = static_cast<ReplayRouting>(routing);
        o.keepRequests = false;
        const EvalResult r = evaluate(s);
        ReplaySweep sweep = planReplaySweep(t, s, r, o, ReplaySweepAxis::Dram, 7, test::evenDramRows(t, s, r, o));
        runReplaySweep(sweep, t, s, r, o);
        bool rises = false;
        for (std::size_t i = 1; i < sweep.points.size(); ++i)
            rises = rises || sweep.points[i].result.ttft.p99 > sweep.points[i - 1].result.ttft.p99;
        QCOMPARE(!rises, monotone);
    }
};

QTEST_GUILESS_MAIN(TestReplayCost)
#include "tst_replay_cost.moc"
