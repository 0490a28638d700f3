// A fleet served disaggregated (core/analysis/FleetPools.h): each workload's prefill pool and
// decode pool sized against their own targets, checked against what can be worked by hand:
//  1. the hand-off: the prompt's KV per GPU ÷ the NIC's rate, what is left of it after the
//     prefill at overlap 0, ½ and 1, plus one latency;
//  2. the sizing: TTFT at p99, and at the mean on a target only a slot wait of 0 would let
//     the fewest prefill replicas meet, rebuilt from the two queues' waits (M/D/c,
//     Queueing.h) equals the result's, meets the target, and no pair of pools with fewer
//     replicas in all does;
//     the decode pool runs the colocated search's sequences per replica;
//  3. first token at prefill: the hand-off and the slot wait fall in a request's first gap,
//     and its TBT as Mooncake measures it (the mean of its longest tenth of gaps) carries them;
//  4. the prefix cache on the servers where the layout puts it, a hit off the prefill server
//     priced on the network;
//  5. colocated, a TBT target counts the prefills' chunks in a request's longest gaps;
//  6. the fleet's totals: each pool's servers and their demand; refusals naming the option.

#include "core/analysis/DecodeStretch.h"
#include "core/analysis/Fleet.h"
#include "core/analysis/FleetOptions.h"
#include "core/analysis/Sensitivity.h"
#include "core/io/InputError.h"
#include "core/model/ComputeModel.h"
#include "core/model/KvSizing.h"
#include "core/report/FleetReport.h"
#include "tests/support/TestSupport.h"

#include <QElapsedTimer>
#include <QtTest>

#include <cmath>

using namespace kvtiers;

namespace {

/// Llama 3.1 70B on H200s (TP 8: 40,960 B a token per GPU; ConnectX-7: 50 GB/s, 3 µs), 8K
/// prompts and 512 outputs, no reuse: every request one prefill branch.
Scenario noReuse()
{
    return test::scenario(
        "llama-3.1-70b", { { "context", 8192 + 512 }, { "output_tokens", 512 }, { "reuse_rate", 0 } }, "h200-sxm");
}

LatencyTargets targets(double ttft, double tpot)
{
    LatencyTargets t;
    t.ttftSeconds = ttft;
    t.tpotSeconds = tpot;
    return t.inForce();
}

DisaggregatedLayout layout(double overlap = 0, FirstTokenAt first = FirstTokenAt::Decode)
{
    DisaggregatedLayout l;
    l.transferOverlap = overlap;
    l.firstToken = first;
    return l;
}

bool close(double a, double b, double rel = 1e-9)
{
    return std::abs(a - b) <= rel * std::max(std::abs(a), std::abs(b));
}

/// TTFT at a percentile (99, or the mean) on rp prefill and rd decode replicas, rebuilt from
/// the queues: the prefill queue (c = rp, S = the prefill) answers with the prefill, the
/// hand-off left after it and one decode step; the decode slots (c = rd × N, S = hand-off +
/// O steps) add their wait.
double ttftAt(double percentile, double prefill, double after, double step, double sequences, double outputs,
    double rate, double rp, double rd)
{
    queueing::Moments prefillService, holdService;
    prefillService.mean = prefill;
    holdService.mean = after + outputs * step;
    const auto pw = sizingWait(rp, rate * prefill, prefillService);
    const auto sw = sizingWait(rd * sequences, rate * holdService.mean, holdService);
    if (pw.unstable() || sw.unstable())
        return INFINITY;
    const std::vector<queueing::ServiceBranch> own { { 1, prefill + after + step } };
    return responseAt(pw, own, percentile)
        + (percentile == kMeanPercentile ? sw.mean() : sw.quantile(percentile / 100));
}

/// Whether no pair of pools with fewer than `total` replicas in all meets `ttft`, their
/// TTFT `at(prefill, decode)`; names the first that does.
bool noFewerMeets(const auto& at, double total, double ttft)
{
    for (double a = 1; a < total; ++a)
        for (double b = 1; a + b < total; ++b)
            if (at(a, b) <= ttft) {
                qWarning("%.0f + %.0f also meets it", a, b);
                return false;
            }
    return true;
}

} // namespace

class TestFleetPools : public QObject {
    Q_OBJECT
private slots:
    void theHandoffIsTheKvOverTheNic()
    {
        const Scenario s = noReuse();
        const KvHandoff h = kvHandoff(s, 8192);
        QCOMPARE(h.bytesPerGpu, 8192 * 40960.0);
        QCOMPARE(h.bytes, 8 * 8192 * 40960.0);
        QCOMPARE(h.seconds, 8192 * 40960.0 / 50e9);
        QCOMPARE(h.latencySeconds, 3e-6);
        // Overlap 0: all of it after the prefill; ½: half; 1: only what outlasts the prefill.
        QCOMPARE(h.afterPrefillSeconds(1.0, 0), h.seconds + 3e-6);
        QCOMPARE(h.afterPrefillSeconds(1.0, 0.5), h.seconds / 2 + 3e-6);
        QCOMPARE(h.afterPrefillSeconds(1.0, 1), 3e-6);
        QCOMPARE(h.afterPrefillSeconds(h.seconds / 4, 1), h.seconds * 3 / 4 + 3e-6);
        // No scale-out network on the card: refused, naming it.
        try {
            kvHandoff(test::scenario("llama-3.1-70b", Json::object(), "l40s"), 8192);
            QFAIL("an L40S server states no scale-out network");
        } catch (const InputError& e) {
            QVERIFY(QString::fromStdString(e.what()).contains(QLatin1String("scale_out")));
        }
    }

    void poolsMeetTheTargetsWithTheFewestReplicas_data()
    {
        QTest::addColumn<double>("rate");
        QTest::addColumn<double>("ttft");
        QTest::newRow("4 req/s, TTFT 2 s") << 4.0 << 2.0;
        QTest::newRow("20 req/s, TTFT 1 s") << 20.0 << 1.0;
        QTest::newRow("60 req/s, TTFT 3 s") << 60.0 << 3.0;
    }
    void poolsMeetTheTargetsWithTheFewestReplicas()
    {
        QFETCH(double, rate);
        QFETCH(double, ttft);
        const Scenario s = noReuse();
        const LatencyTargets t = targets(ttft, 0.05);
        const FleetEntryResult e = sizeScenario(s, t, rate, layout());
        QVERIFY(e.pools);
        const PoolSizing& p = *e.pools;
        // The decode pool runs as many sequences as the colocated search allows.
        QCOMPARE(p.decodeConcurrency, concurrencyForTarget(s, 0.05));
        const EvalResult& d = e.perReplica;
        QCOMPARE(d.servedConcurrency, p.decodeConcurrency);
        const double prefill = prefillBranches(e.scenario, d).front().seconds;
        QCOMPARE(prefillBranches(e.scenario, d).size(), size_t(1));
        const double after = p.handoff.seconds + 3e-6;
        QVERIFY(close(p.handoffSeconds, after));
        const double step = meanTpotSeconds(e.scenario, d);
        QCOMPARE(p.decodeStepSeconds, step);
        auto at = [&](double rp, double rd) {
            return ttftAt(99, prefill, after, step, p.decodeConcurrency, 512, rate, rp, rd);
        };
        const double rp = p.prefillReplicas, rd = p.decodeReplicas;
        QVERIFY2(close(p.ttft.p99, at(rp, rd), 1e-9), qPrintable(QString("%1 vs %2").arg(p.ttft.p99).arg(at(rp, rd))));
        QVERIFY(p.ttft.p99 <= ttft);
        QVERIFY(noFewerMeets(at, rp + rd, ttft));
        // Every gap is one decode step: TPOT and TBT are the step at every percentile.
        QCOMPARE(p.tpot.p99, step);
        QCOMPARE(p.tbt.p99, step);
        QVERIFY(step <= 0.05);
        QCOMPARE(e.gpus, (rp + rd) * 8);
        QCOMPARE(p.nicUtilization, rate / rp * p.handoff.seconds);
        QCOMPARE(p.networkBytesPerSecond, rate * p.handoff.bytes);
        qInfo("%.0f req/s, TTFT %.0f s: %.0f prefill + %.0f decode replicas of %.0f sequences; TTFT p99 %.3f s", rate,
            ttft, rp, rd, p.decodeConcurrency, p.ttft.p99);
    }

    void aMeanTtftTargetEndsTheSearchOnTheFewestReplicas_data()
    {
        QTest::addColumn<QString>("context");
        QTest::addColumn<double>("rate");
        QTest::addColumn<double>("spare");
        // The target exactly the mean TTFT of the fewest prefill replicas plus `spare` with
        // no slot wait at all: those prefill replicas meet it only on a decode pool whose
        // mean wait is 0, which it nears with every replica and reaches only by rounding.
        QTest::newRow("8K prompts, 20 req/s") << QString("8K") << 20.0 << 1.0;
        QTest::newRow("8K prompts, 60 req/s") << QString("8K") << 60.0 << 2.0;
        QTest::newRow("120K prompts, 2 req/s") << QString("120K") << 2.0 << 1.0;
        QTest::newRow("120K prompts, 10 req/s") << QString("120K") << 10.0 << 1.0;
    }
    void aMeanTtftTargetEndsTheSearchOnTheFewestReplicas()
    {
        QFETCH(QString, context);
        QFETCH(double, rate);
        QFETCH(double, spare);
        const double prompt = context == "8K" ? 8192 : 120 * 1024, outputs = 512;
        const Scenario s = test::scenario("llama-3.1-70b",
            { { "context", prompt + outputs }, { "output_tokens", outputs }, { "reuse_rate", 0 } }, "h200-sxm");
        // The pools at a loose target give the figures the queues are rebuilt from.
        LatencyTargets t = targets(1000, 0.05);
        t.ttftPercentile = kMeanPercentile;
        const FleetEntryResult loose = sizeScenario(s, t, rate, layout());
        const PoolSizing& l = *loose.pools;
        const double prefill = prefillBranches(loose.scenario, loose.perReplica).front().seconds;
        const double step = meanTpotSeconds(loose.scenario, loose.perReplica);
        auto at = [&](double rp, double rd) {
            return ttftAt(kMeanPercentile, prefill, l.handoffSeconds, step, l.decodeConcurrency, outputs, rate, rp, rd);
        };
        const double noWait = 1e12; // decode replicas enough that the slots never wait
        const double ttft = at(std::floor(rate * prefill) + spare, noWait);
        t.ttftSeconds = ttft;
        QElapsedTimer clock;
        clock.start();
        const FleetEntryResult e = sizeScenario(s, t, rate, layout());
        const qint64 ms = clock.elapsed();
        const PoolSizing& p = *e.pools;
        const double rp = p.prefillReplicas, rd = p.decodeReplicas;
        QVERIFY2(close(p.ttft.mean, at(rp, rd)), qPrintable(QString("%1 vs %2").arg(p.ttft.mean).arg(at(rp, rd))));
        QVERIFY(p.ttft.mean <= ttft);
        QVERIFY(noFewerMeets(at, rp + rd, ttft));
        qInfo("%s prompts, %.0f req/s, mean TTFT %.4f s: %.0f prefill + %.0f decode replicas of %.0f sequences in %lld "
              "ms",
            qPrintable(context), rate, ttft, rp, rd, p.decodeConcurrency, ms);
    }

    void firstTokenAtPrefillPutsTheHandoffInTheFirstGap()
    {
        const Scenario s = noReuse();
        LatencyTargets t = targets(2, 0.05);
        const PoolSizing atDecode = *sizeScenario(s, t, 20, layout()).pools;
        const FleetEntryResult e = sizeScenario(s, t, 20, layout(0, FirstTokenAt::Prefill));
        const PoolSizing& p = *e.pools;
        // TTFT loses the hand-off and the first decode step...
        const double prefill = prefillBranches(e.scenario, e.perReplica).front().seconds;
        QVERIFY(p.ttft.p50 < atDecode.ttft.p50);
        QVERIFY(p.ttft.p50 >= prefill);
        // ...which the first gap gains, with the decode slot's wait: of 511 gaps the longest
        // 52 make Mooncake's TBT, of all 511 the TPOT.
        const double step = p.decodeStepSeconds, first = p.handoffSeconds + p.decodeSlots.queueWait.p99;
        QVERIFY(close(p.tbt.p99, step + first / 52));
        QVERIFY(close(p.tpot.p99, step + first / 511));
        QCOMPARE(atDecode.tbt.p99, atDecode.decodeStepSeconds);
    }

    void theCacheLivesWhereTheLayoutPutsIt()
    {
        // Mooncake's conversation workload (half of each prompt reused, 300 s apart): its
        // prefixes outlive HBM and hit in DRAM.
        const Scenario s = test::scenario({}, Json::object(), "h200-sxm", "mooncake");
        const LatencyTargets t = targets(5, 0.05);
        DisaggregatedLayout l;
        const PoolSizing onPrefill = *sizeScenario(s, t, 10, l).pools;
        l.cacheAt = PrefixCacheAt::Decode;
        const FleetEntryResult e = sizeScenario(s, t, 10, l);
        const PoolSizing& onDecode = *e.pools;
        const EvalResult& r = e.perReplica;
        QVERIFY(r.hitShare.dram + r.hitShare.ssd > 0);
        QVERIFY(onPrefill.prefillBytes.dram > 0);
        QCOMPARE(onPrefill.decodeBytes.dram, 0.0);
        QCOMPARE(onDecode.prefillBytes.dram, 0.0);
        // The whole traffic's prefixes: a replica's cache per request a second, times 10/s.
        QCOMPARE(r.tiers.dram.weights, 0.0);
        QVERIFY(close(onDecode.decodeBytes.dram, 10 / r.requestRate * replicaDemand(r).dram));
        QVERIFY(close(onDecode.decodeBytes.ssd, 10 / r.requestRate * replicaDemand(r).ssd));
        QVERIFY(close(onPrefill.prefillBytes.dram, onDecode.decodeBytes.dram));
        // A DRAM hit off the prefill server crosses the network: the restore's price is the
        // prefix's KV per GPU ÷ 50 GB/s + 3 µs in place of the host link's, unless
        // recomputing the prefix is faster; an SSD hit's the slower of that and the drives'.
        const KvSizing kv(s.model, r.kvFormat, r.tp, s.workload.blockSize, s.workload.allocation, r.dcp);
        const ComputeModel cm(e.scenario, kv);
        const double rc = r.cacheablePrefixTokens, head = cm.recomputeSeconds(0, rc);
        const double remote = kv.gpuTokenBytes(rc) / 50e9 + 3e-6;
        QCOMPARE(remoteHitSeconds(e.scenario, rc), remote);
        const auto local = prefillBranches(e.scenario, r), network = prefillBranches(e.scenario, r, true);
        QCOMPARE(local.size(), network.size());
        const double dram = std::min(cm.restoreSeconds(Tier::Dram, rc), head) - std::min(remote, head);
        // An SSD hit is read off the holding server's drives before it crosses the network:
        // no faster than the drives. An H200 server's NVMe share per GPU is below a NIC's
        // 50 GB/s, so the SSD branch keeps its local price and only the DRAM branch moves.
        const double drives = cm.restoreSeconds(Tier::Ssd, rc);
        QVERIFY(r.hitShare.ssd > 0);
        QVERIFY(drives > remote);
        const double ssd = std::min(drives, head) - std::min(std::max(remote, drives), head);
        QCOMPARE(ssd, 0.0);
        int moved = 0;
        for (std::size_t i = 0; i < local.size(); ++i)
            if (local[i].seconds != network[i].seconds) {
                QVERIFY(close(local[i].seconds - network[i].seconds, dram, 1e-6));
                ++moved;
            }
        QCOMPARE(moved, 1);
    }

    void colocatedTbtCountsThePrefillChunks()
    {
        // A 30 ms step, a prefill adding 0.8 s of compute in 4 chunks, 1,023 gaps: at 0.5
        // prefills a second TPOT(λ) = 0.03 ÷ (1 − 0.4) = 50 ms, K ~ Poisson(25.6), p99 38,
        // so 152 long gaps, more than the 103 Mooncake's tail averages: 30 + 200 ms.
        QVERIFY(close(stretchedTbtQuantileSeconds(0.03, 0.8, 4, 0.5, 1023, 99), 0.23));
        // At 0.01 a second: Poisson(0.3094), p99 2: 8 long gaps of the 103.
        QVERIFY(close(stretchedTbtQuantileSeconds(0.03, 0.8, 4, 0.01, 1023, 99), 0.03 + 0.2 * 8 / 103));
        QCOMPARE(stretchedTbtQuantileSeconds(0.03, 0, 4, 0.5, 1023, 99), 0.03);
        QCOMPARE(tbtTailIntervals(1023), 103.0);
        // A fleet held to a TBT target needs at least the replicas it needs without one, and
        // meets it on the replicas it gets.
        const Scenario s = test::scenario("llama-3.1-70b",
            { { "context", 32768 + 1024 }, { "output_tokens", 1024 }, { "reuse_rate", 0 } }, "h200-sxm");
        LatencyTargets t = targets(10, 0.05);
        const FleetEntryResult free = sizeScenario(s, t, 2);
        t.tbtSeconds = 0.1;
        const FleetEntryResult held = sizeScenario(s, t, 2);
        QVERIFY(held.replicas > free.replicas);
        const double step = held.load.tpot.mean > 0 ? meanTpotSeconds(held.scenario, held.perReplica) : 0.0;
        const double stretch = prefillDecodeStretchSeconds(held.scenario, held.perReplica, step);
        QVERIFY(stretchedTbtQuantileSeconds(
                    step, stretch, prefillChunks(held.scenario, held.perReplica), 2 / held.replicas, 1023, 99)
            <= 0.1);
        qInfo("colocated, 2 req/s of 32K prompts: %.0f replicas, %.0f held to TBT 100 ms at p99", free.replicas,
            held.replicas);
    }

    void theFleetCountsEachPoolsServers()
    {
        FleetInput in = test::fleetMix({ { "chat", 3 }, { "article", 1 } }, 20, 0.05);
        in.disaggregated = true;
        const FleetResult f = sizeFleet(CardCatalog::builtin(), in);
        QVERIFY(f.layout);
        double prefillGpus = 0, decodeGpus = 0;
        PerTier<double> sum;
        for (const auto& e : f.entries) {
            QVERIFY(e.pools);
            prefillGpus += e.pools->prefillGpus;
            decodeGpus += e.pools->decodeGpus;
            for (Tier t : kTiers)
                sum[t] += e.pools->prefillBytes[t] + e.pools->decodeBytes[t];
        }
        QCOMPARE(f.prefillServers, std::ceil(prefillGpus / 8));
        QCOMPARE(f.decodeServers, std::ceil(decodeGpus / 8));
        QCOMPARE(f.servers, f.prefillServers + f.decodeServers);
        for (Tier t : kTiers) {
            QVERIFY(close(f.bytes[t], sum[t]));
            QVERIFY(close(f.prefillBytes[t] + f.decodeBytes[t], sum[t]));
        }
        QCOMPARE(f.perPrefillServer().dram, f.prefillBytes.dram / f.prefillServers);
        const Json j = fleetToJson(f);
        QCOMPARE(j["layout"].get<std::string>(), std::string("disaggregated"));
        QCOMPARE(j["prefill_servers"].get<double>(), f.prefillServers);
        QVERIFY(j["workloads"][0]["pools"]["transfer"]["seconds"].get<double>() > 0);
        QVERIFY(fleetToJson(sizeFleet(CardCatalog::builtin(), test::fleetMix({ { "chat", 1 } }, 20, 0.05)))["layout"]
                    .is_null());
    }

    void layoutChoicesNeedTheLayout()
    {
        FleetInput in = test::fleetMix({ { "chat", 1 } }, 20, 0.05);
        in.cacheAt = PrefixCacheAt::Shared;
        try {
            sizeFleet(CardCatalog::builtin(), in);
            QFAIL("a colocated fleet has no cache location to choose");
        } catch (const InputError& e) {
            QVERIFY(QString::fromStdString(e.what()).contains(QLatin1String("cache_at")));
            QVERIFY(QString::fromStdString(e.what()).contains(QLatin1String("layout")));
        }
        in.disaggregated = true;
        in.transferOverlap = 1.5;
        try {
            sizeFleet(CardCatalog::builtin(), in);
            QFAIL("an overlap above 1");
        } catch (const InputError& e) {
            QVERIFY(QString::fromStdString(e.what()).contains(QLatin1String("transfer_overlap")));
        }
    }
};

QTEST_GUILESS_MAIN(TestFleetPools)
#include "tst_fleet_pools.moc"
