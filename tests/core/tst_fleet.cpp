// Fleet view and sensitivity: a fleet of one workload is the single scenario
// times the replica count; sized under load, each workload meets its TTFT target at its
// percentile below full utilisation, and one replica fewer does not (docs/model.md §5b);
// doubling traffic at most doubles GPUs, and memory scales with the replicas; halving KV bytes per token never raises
// any tier's demand; the tornado's bars are exactly the differences of the underlying evaluations;
// the replica search, started from a closed-form estimate, still lands on the fewest replicas.

#include "core/analysis/Fleet.h"
#include "core/analysis/FleetOptions.h"
#include "core/analysis/Sensitivity.h"
#include "core/io/InputError.h"
#include "core/model/Queueing.h"
#include "tests/support/TestSupport.h"

#include <cmath>
#include <random>

using namespace kvtiers;
using namespace kvtiers::test;

namespace {

FleetInput oneWorkload(const std::string& workload, double rate, Json overrides = Json::object())
{
    FleetInput in = fleetMix({ { workload, 1 } }, rate, 0.1, {});
    in.mix.front().spec.overrides = std::move(overrides);
    return in;
}

} // namespace

class TestFleet : public QObject {
    Q_OBJECT
private slots:
    void oneWorkloadIsTheScenarioTimesItsServers()
    {
        const FleetResult f = sizeFleet(CardCatalog::builtin(), oneWorkload("article", 3.0));
        QCOMPARE(f.entries.size(), size_t(1));
        const auto& e = f.entries.front();
        // The same scenario evaluated on its own, at the concurrency the fleet chose.
        Scenario s = workloadScenario("article");
        s.workload.concurrency = e.concurrencyPerReplica;
        const EvalResult r = evaluate(s);
        QCOMPARE(r.tp, 8); // one replica per 8-GPU server: servers == replicas
        QCOMPARE(f.servers, e.replicas);
        QCOMPARE(f.gpus, e.replicas * 8);
        QCOMPARE(f.bytes.hbm, f.servers * (r.perServer.hbm - r.tiers.hbm.retained + r.overflowBytes));
        QCOMPARE(f.bytes.dram, f.servers * r.perServer.dram);
        QCOMPARE(f.bytes.ssd, f.servers * r.perServer.ssd);
        QCOMPARE(f.perServer().hbm, r.perServer.hbm - r.tiers.hbm.retained);
        // Enough replicas for the traffic under load: below full utilisation, and p99 TTFT
        // within its 30 s target, which one replica fewer misses.
        QVERIFY(e.replicas * r.requestRate >= 3.0);
        QVERIFY(e.load.utilization < 1);
        QVERIFY(e.load.ttft.p99 <= 30);
        QVERIFY(ReplicaQueue(e.scenario, e.perReplica, 3.0, e.replicas - 1).ttftAt(99) > 30);
    }

    void replicaSearchFindsTheFewestAcrossLoads()
    {
        // The search starts from Allen–Cunneen's closed form and checks with the exact
        // queue: whatever the workload, rate and percentile, the count it returns meets the
        // target and one fewer misses it (or is below the stability floor).
        int sized = 0;
        for (const char* w : { "chat", "code-completion", "agentic-coding", "rag-long", "reasoning", "mooncake" })
            for (double rate : { 0.7, 40.0, 900.0 })
                for (double percentile : { 99.0, 90.0, kMeanPercentile }) {
                    FleetInput in = oneWorkload(w, rate);
                    in.mix.front().targets.ttftPercentile = percentile; // over the card's own targets
                    in.mix.front().targets.ttftSeconds = 5;
                    FleetResult f;
                    try {
                        f = sizeFleet(CardCatalog::builtin(), in);
                    } catch (const InputError&) {
                        continue; // a target out of reach even on an idle fleet
                    }
                    ++sized;
                    const auto& e = f.entries.front();
                    const ReplicaQueue one(e.scenario, e.perReplica, rate, 1);
                    const TtftEstimate estimate(e.scenario, e.perReplica, rate, e.load.tpot.mean);
                    // The estimate leaves out the prefills' stretch of the decodes: its
                    // utilisation is the prefill queue's, or the slot queue's below it.
                    const LoadFigures oneLoad = one.figures();
                    QVERIFY(estimate.utilization(1) >= oneLoad.prefillQueue.utilization);
                    QVERIFY(!(estimate.utilization(1) > oneLoad.slotQueue.utilization)
                        || estimate.utilization(1) == oneLoad.prefillQueue.utilization);
                    const double least = std::floor(estimate.utilization(1)) + 1;
                    const QString at = QStringLiteral("%1 %2/s %3").arg(w).arg(rate).arg(percentile);
                    QVERIFY2(e.replicas >= least, qPrintable(at));
                    const double target = e.targets.ttft(), p = e.targets.ttftAt();
                    QCOMPARE(target, 5.0);
                    QCOMPARE(p, percentile);
                    QVERIFY2(
                        ReplicaQueue(e.scenario, e.perReplica, rate, e.replicas).ttftAt(p) <= target, qPrintable(at));
                    QVERIFY2(e.load.tpot.p99 <= e.targets.tpot(), qPrintable(at));
                    // Expert-parallel replicas (attention ranks) come in whole units of DP ranks.
                    const double step = e.scenario.expertParallel() ? e.perReplica.unit.dp : 1.0;
                    if (e.replicas - step >= least) {
                        // One fewer misses TTFT, or TPOT: more prefills each stretch its decodes.
                        const LoadFigures fewer
                            = ReplicaQueue(e.scenario, e.perReplica, rate, e.replicas - step).figures();
                        QVERIFY2(ReplicaQueue(e.scenario, e.perReplica, rate, e.replicas - step).ttftAt(p) > target
                                || fewer.tpot.p99 > e.targets.tpot(),
                            qPrintable(at));
                    }
                }
        QVERIFY(sized >= 30);
    }

    void workedExampleNeedsElevenNotTen()
    {
        // Fixed S = 9.42 s (the article's 128K prefill) at λ = 1/s, one server per replica:
        // ceil(λS) = 10 replicas run at 94% and wait about 35 s at p99 (M/D/10); 11 wait
        // about 11.5 s. A p99 wait ≤ 30 s needs 11.
        const queueing::WaitDistribution ten(10, 9.42, 9.42, 0), eleven(11, 9.42, 9.42, 0);
        QVERIFY2(ten.quantile(0.99) > 33 && ten.quantile(0.99) < 37, qPrintable(QString::number(ten.quantile(0.99))));
        QVERIFY2(eleven.quantile(0.99) > 10.5 && eleven.quantile(0.99) < 12.5,
            qPrintable(QString::number(eleven.quantile(0.99))));
        // A simulation of the same queue: M/D/10 by the earliest free server, 2M customers.
        std::mt19937_64 rng(1932);
        std::exponential_distribution<double> gap(1.0);
        std::vector<double> free(10, 0.0), waits;
        double t = 0;
        for (int n = 0; n < 2'000'000; ++n) {
            t += gap(rng);
            auto it = std::min_element(free.begin(), free.end());
            const double start = std::max(t, *it);
            *it = start + 9.42;
            if (n > 100'000)
                waits.push_back(start - t);
        }
        std::nth_element(waits.begin(), waits.begin() + long(0.99 * waits.size()), waits.end());
        const double simulated = waits[size_t(0.99 * waits.size())];
        QVERIFY2(std::abs(simulated - ten.quantile(0.99)) < 0.05 * simulated,
            qPrintable(QString("%1 vs %2").arg(simulated).arg(ten.quantile(0.99))));
    }

    void fleetsMeetTheirTargetsBelowFullUtilisation_data()
    {
        QTest::addColumn<QString>("workload");
        QTest::addColumn<double>("rate");
        QTest::addColumn<double>("percentile");
        QTest::newRow("chat p99") << QStringLiteral("chat") << 500.0 << 99.0;
        QTest::newRow("chat mean") << QStringLiteral("chat") << 500.0 << kMeanPercentile;
        QTest::newRow("mooncake p90") << QStringLiteral("mooncake") << 400.0 << 90.0;
        QTest::newRow("article p99") << QStringLiteral("article") << 1.0 << 99.0;
    }

    void fleetsMeetTheirTargetsBelowFullUtilisation()
    {
        QFETCH(QString, workload);
        QFETCH(double, rate);
        QFETCH(double, percentile);
        FleetInput in = oneWorkload(workload.toStdString(), rate);
        in.targets.ttftPercentile = percentile;
        const FleetResult f = sizeFleet(CardCatalog::builtin(), in);
        const auto& e = f.entries.front();
        QCOMPARE(e.targets.ttftAt(), percentile);
        QVERIFY(e.load.utilization > 0 && e.load.utilization < 1);
        const ReplicaQueue at(e.scenario, e.perReplica, e.requestsPerSecond, e.replicas);
        QVERIFY(at.ttftAt(percentile) <= in.targets.ttft());
        // One fewer misses TTFT, or TPOT at p99 over requests (more prefills each stretch
        // the decodes they share steps with).
        const ReplicaQueue fewer(e.scenario, e.perReplica, e.requestsPerSecond, e.replicas - 1);
        QVERIFY(fewer.ttftAt(percentile) > in.targets.ttft() || fewer.figures().tpot.p99 > e.targets.tpot());
        QVERIFY(e.load.tpot.p99 <= in.targets.tpot());
        // Percentiles are ordered, and TTFT is at least the wait plus the shortest own prefill.
        QVERIFY(e.load.ttft.p50 <= e.load.ttft.p90 && e.load.ttft.p90 <= e.load.ttft.p99);
        QVERIFY(e.load.queueWait.p99 <= e.load.ttft.p99);
        QVERIFY(e.load.waitProbability >= 0 && e.load.waitProbability <= 1);
    }

    void theArticleNeedsMoreThanItsCapacityRate()
    {
        // The article at 1 req/s with a 30 s p99 TTFT: more replicas than λ/μ rounds up to.
        const FleetResult f = sizeFleet(CardCatalog::builtin(), oneWorkload("article", 1.0));
        const auto& e = f.entries.front();
        QVERIFY2(e.replicas > std::ceil(1.0 / e.replicaRequestsPerSecond),
            qPrintable(QString("%1 replicas at %2 req/s each").arg(e.replicas).arg(e.replicaRequestsPerSecond)));
        QVERIFY(e.load.utilization < 0.95);
    }

    void eachWorkloadHasItsOwnTargets()
    {
        FleetInput in = fleetMix({ { "chat", 3 }, { "article", 1 } }, 4, 0.1, "h200-sxm");
        in.targets.ttftSeconds = 60;
        in.mix[0].targets.ttftSeconds = 2; // a chat turn
        in.mix[0].targets.ttftPercentile = 90;
        const FleetResult f = sizeFleet(CardCatalog::builtin(), in);
        QCOMPARE(f.entries[0].targets.ttft(), 2.0);
        QCOMPARE(f.entries[0].targets.ttftAt(), 90.0);
        QCOMPARE(f.entries[1].targets.ttft(), 60.0);
        QCOMPARE(f.entries[1].targets.ttftAt(), 99.0);
        QVERIFY(f.entries[0].load.ttft.p90 <= 2.0);
        QVERIFY(f.entries[1].load.ttft.p99 <= 60.0);
        // The article's 9.42 s prefill cannot meet chat's 2 s: as the fleet's target it is
        // an error naming the article, not chat.
        FleetInput tight = in;
        tight.targets.ttftSeconds = 2;
        try {
            sizeFleet(CardCatalog::builtin(), tight);
            QFAIL("expected an error");
        } catch (const InputError& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("article")), e.what());
        }
        // A percentile outside (0, 100) is refused.
        FleetInput bad = in;
        bad.mix[1].targets.tpotPercentile = 100;
        QVERIFY_THROWS_EXCEPTION(InputError, sizeFleet(CardCatalog::builtin(), bad));
    }

    void targetsGivenAsFlagsOverrideTheCards()
    {
        // The code-completion card: 0.3 s TTFT at p90, 20 ms TPOT at p99. A fleet's targets
        // stand behind the card's unless given as flags; an entry's own come first either way.
        FleetEntry entry;
        entry.targets.tpotPercentile = 50;
        LatencyTargets card { 0.3, 90, 0.02, 99, {}, {} };
        LatencyTargets fleet;
        fleet.ttftSeconds = 1;
        TargetSources from;
        LatencyTargets t = fleetTargetsInForce(entry, card, fleet, false, &from);
        QCOMPARE(t.ttft(), 0.3);
        QCOMPARE(from.ttft, TargetSource::WorkloadCard);
        QCOMPARE(from.tpotAt, TargetSource::MixEntry);
        t = fleetTargetsInForce(entry, card, fleet, true, &from);
        QCOMPARE(t.ttft(), 1.0);
        QCOMPARE(t.ttftAt(), 90.0);
        QCOMPARE(t.tpotAt(), 50.0);
        QCOMPARE(from.ttft, TargetSource::Flag);
        QCOMPARE(from.ttftAt, TargetSource::WorkloadCard);
        QCOMPARE(from.tpotAt, TargetSource::Flag);
        t = fleetTargetsInForce({}, {}, {}, true, &from);
        QCOMPARE(t, kDefaultTargets);
        QCOMPARE(from, TargetSources {});
        // Sized: the flag's TTFT is the one met.
        FleetInput in = oneWorkload("code-completion", 2.0);
        in.targets.ttftSeconds = 1;
        in.targetsOverrideCards = true;
        const FleetResult f = sizeFleet(CardCatalog::builtin(), in);
        QCOMPARE(f.entries[0].targets.ttft(), 1.0);
        QCOMPARE(f.entries[0].targetSources.ttft, TargetSource::Flag);
        QVERIFY(f.entries[0].load.ttft.p90 <= 1.0);
    }

    void concurrencyMeetsTheTargetAndNoMore()
    {
        const Scenario s = workloadScenario("chat");
        const double n = concurrencyForTarget(s, 0.02);
        QVERIFY(n >= 1);
        Scenario at = s, above = s;
        at.workload.concurrency = n;
        above.workload.concurrency = n + 1;
        const EvalResult r = evaluate(at), r2 = evaluate(above);
        // TPOT as a request sees it: the step averaged over its growing context, below the
        // step at full context.
        QVERIFY(meanTpotSeconds(at, r) <= 0.02);
        QVERIFY(meanTpotSeconds(at, r) < r.decodeStepSeconds);
        QVERIFY(!(r.warnings & WarnHotSetOverflows));
        QVERIFY(meanTpotSeconds(above, r2) > 0.02 || (r2.warnings & WarnHotSetOverflows));
    }

    void doublingTrafficDoublesGpusAndMemory_data()
    {
        QTest::addColumn<QString>("workload");
        QTest::addColumn<double>("rate");
        QTest::newRow("chat") << QStringLiteral("chat") << 500.0;
        QTest::newRow("mooncake") << QStringLiteral("mooncake") << 400.0;
        QTest::newRow("article") << QStringLiteral("article") << 40.0;
    }

    void doublingTrafficDoublesGpusAndMemory()
    {
        QFETCH(QString, workload);
        QFETCH(double, rate);
        const FleetResult one = sizeFleet(CardCatalog::builtin(), oneWorkload(workload.toStdString(), rate));
        const FleetResult two = sizeFleet(CardCatalog::builtin(), oneWorkload(workload.toStdString(), 2 * rate));
        const double r1 = one.entries.front().replicas, r2 = two.entries.front().replicas;
        QVERIFY2(r1 >= 10, "enough replicas that rounding is small");
        // Replicas are whole: 2 × ceil(x) − 1 ≤ ceil(2x) ≤ 2 × ceil(x).
        // Under a percentile target replicas grow like a + β√a (square-root staffing):
        // more than before, at most twice as many.
        QVERIFY(r2 <= 2 * r1 && r2 > r1);
        QCOMPARE(two.gpus / two.entries.front().perReplica.tp, r2);
        for (auto [a, b] : { std::pair { one.bytes.hbm, two.bytes.hbm }, std::pair { one.bytes.dram, two.bytes.dram },
                 std::pair { one.bytes.ssd, two.bytes.ssd } }) {
            QCOMPARE(b, a / r1 * r2); // memory scales exactly with the replicas
        }
    }

    void halvingKvBytesNeverRaisesDemand_data()
    {
        QTest::addColumn<QString>("workload");
        QTest::newRow("chat") << QStringLiteral("chat");
        QTest::newRow("mooncake") << QStringLiteral("mooncake");
        QTest::newRow("article") << QStringLiteral("article");
    }

    void halvingKvBytesNeverRaisesDemand()
    {
        QFETCH(QString, workload);
        const FleetResult bf16
            = sizeFleet(CardCatalog::builtin(), oneWorkload(workload.toStdString(), 200, { { "kv_bits", 16 } }));
        const FleetResult fp8
            = sizeFleet(CardCatalog::builtin(), oneWorkload(workload.toStdString(), 200, { { "kv_bits", 8 } }));
        QCOMPARE(fp8.entries.front().kvBytesPerToken * 2, bf16.entries.front().kvBytesPerToken);
        QVERIFY(fp8.gpus <= bf16.gpus);
        QVERIFY(fp8.bytes.hbm <= bf16.bytes.hbm);
        QVERIFY(fp8.bytes.dram <= bf16.bytes.dram);
        QVERIFY(fp8.bytes.ssd <= bf16.bytes.ssd);
    }

    void mixSplitsByShare()
    {
        FleetInput in;
        in.mix = { { "chat", {}, 3, {} }, { "mooncake", {}, 1, {} } };
        in.mix[0].spec.workload = "chat";
        in.mix[1].spec.workload = "mooncake";
        for (auto& e : in.mix)
            e.spec.hardware = "h200-sxm";
        in.requestsPerSecond = 80;
        const FleetResult f = sizeFleet(CardCatalog::builtin(), in);
        QCOMPARE(f.entries[0].requestsPerSecond, 60.0);
        QCOMPARE(f.entries[1].requestsPerSecond, 20.0);
        for (Tier t : kTiers)
            QCOMPARE(f.bytes[t], f.entries[0].bytes[t] + f.entries[1].bytes[t]);
        QCOMPARE(f.gpus, f.entries[0].gpus + f.entries[1].gpus);
        QCOMPARE(f.servers, std::ceil(f.gpus / 8));
        // Traffic as tokens per day: the same requests/s when the totals agree.
        FleetInput byTokens = in;
        byTokens.requestsPerSecond = 0;
        const double tokensPerRequest = 0.75 * 4096 + 0.25 * 8149; // chat and mooncake contexts
        byTokens.tokensPerDay = 80 * 86400 * tokensPerRequest;
        QCOMPARE(qRound(sizeFleet(CardCatalog::builtin(), byTokens).requestsPerSecond * 1e6), qRound(80.0 * 1e6));
    }

    void everyInputIsCheckedAgainstTheOptionTable()
    {
        // sizeFleet() checks a fleet against its option table, whoever built it (the CLI, the
        // Fleet tab, an outlook), with an error that names the option's key.
        auto refusal = [](const FleetInput& in) -> InputErrorDetail {
            try {
                sizeFleet(CardCatalog::builtin(), in);
            } catch (const InputError& e) {
                return e.detail();
            }
            return { .where = "(sized)" };
        };
        FleetInput in = oneWorkload("chat", 2);
        in.requestsPerSecond = 0;
        in.tokensPerDay = 0.5; // the table's least is one token a day
        QCOMPARE(refusal(in).code, InputErrorCode::ValueOutOfRange);
        QCOMPARE(refusal(in).where, std::string(fleet_keys::kTokensPerDay));
        in = oneWorkload("chat", 2e16);
        QCOMPARE(refusal(in).where, std::string(fleet_keys::kRequestsPerSecond));
        in = oneWorkload("chat", 2);
        in.targets.ttftSeconds = 2e6;
        QCOMPARE(refusal(in).where, std::string(kTtftSecondsKey));
        // A percentile written as a fraction is refused with the percentile's own words.
        in = oneWorkload("chat", 2);
        in.targets.tpotPercentile = 0.99;
        QCOMPARE(refusal(in).code, InputErrorCode::PercentileOutOfRange);
        in.targets.tpotPercentile = 99;
        QVERIFY_THROWS_NO_EXCEPTION(sizeFleet(CardCatalog::builtin(), in));
        // The table's defaults are the targets sizing assumes where none is given.
        QCOMPARE(*optionDefault(fleetOption(kTtftSecondsKey)), kDefaultTargets.ttft());
        QCOMPARE(*optionDefault(fleetOption(kTpotSecondsKey)), kDefaultTargets.tpot());
        QCOMPARE(*optionDefault(fleetOption(kTtftPercentileKey)), kDefaultTargets.ttftAt());
        QCOMPARE(*optionDefault(fleetOption(kTpotPercentileKey)), kDefaultTargets.tpotAt());
        QVERIFY(!optionDefault(fleetOption(fleet_keys::kRequestsPerSecond))); // traffic has none: it is asked for
    }

    void mixTextReadsEntriesAndTheirTargets()
    {
        const std::vector<FleetEntry> mix
            = parseFleetMix("chat=3:ttft=2,article=1:ttft=60:ttft-percentile=mean", "mix");
        QCOMPARE(mix.size(), size_t(2));
        QCOMPARE(mix[0].label, std::string("chat"));
        QCOMPARE(mix[0].spec.workload, std::string("chat"));
        QCOMPARE(mix[0].share, 3.0);
        QCOMPARE(*mix[0].targets.ttftSeconds, 2.0);
        QVERIFY(!mix[0].targets.ttftPercentile);
        QCOMPARE(*mix[1].targets.ttftPercentile, kMeanPercentile);
        QCOMPARE(parseFleetMix("mooncake", "mix").front().share, 1.0);
        // Each refusal names the list, the entry and what in it is wrong.
        const struct {
            const char* text;
            InputErrorCode code;
            const char* where;
        } bad[] = {
            { "chat,,mooncake", InputErrorCode::MissingField, "mix entry 2" },
            { "chat=x", InputErrorCode::NotANumber, "mix chat" },
            { "chat:ttft=0", InputErrorCode::ValueOutOfRange, "mix chat:ttft" },
            { "chat:tpot-percentile=0.99", InputErrorCode::PercentileOutOfRange, "mix chat:tpot-percentile" },
            { "chat:speed=2", InputErrorCode::UnknownKey, "mix chat" },
        };
        for (const auto& b : bad) {
            try {
                parseFleetMix(b.text, "mix");
                QFAIL(b.text);
            } catch (const InputError& e) {
                QCOMPARE(e.detail().code, b.code);
                QCOMPARE(e.detail().where, std::string(b.where));
            }
        }
    }

    void impossibleTargetsNameTheWorkload()
    {
        FleetInput in = oneWorkload("flexgen", 1);
        in.targets.tpotSeconds = 0.05; // FlexGen takes minutes per step
        try {
            sizeFleet(CardCatalog::builtin(), in);
            QFAIL("expected an error");
        } catch (const InputError& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("flexgen")), e.what());
        }
        FleetInput mixed;
        mixed.mix = { { "chat", {}, 1, {} }, { "mooncake", {}, 1, {} } };
        mixed.mix[0].spec.workload = "chat";
        mixed.mix[1].spec.workload = "mooncake";
        mixed.requestsPerSecond = 1;
        QVERIFY_THROWS_EXCEPTION(InputError, sizeFleet(CardCatalog::builtin(), mixed)); // h100 vs a800
        QVERIFY_THROWS_EXCEPTION(InputError, sizeFleet(CardCatalog::builtin(), FleetInput {}));
    }

    void anOwnRateThatOverloadsARestoreLinkIsRefused()
    {
        // Chat giving its own λ of 100 req/s per replica: its restores load the server's NVMe
        // to about 224% of its bandwidth (kvtiers eval --workload chat --request-rate 100), so
        // no number of replicas has a steady TTFT. The error names the workload and the link.
        try {
            sizeFleet(CardCatalog::builtin(), oneWorkload("chat", 2, { { "request_rate_per_s", 100 } }));
            QFAIL("expected an error");
        } catch (const InputError& e) {
            QCOMPARE(e.detail().code, InputErrorCode::FleetEntryInvalid);
            const QString what = QString::fromUtf8(e.what());
            for (const char* needle : { "fleet: chat", "NVMe", "restores queue without bound", "request_rate_per_s" })
                QVERIFY2(what.contains(QString::fromUtf8(needle)), e.what());
        }
        // At 2 req/s per replica the links carry it (NVMe about 0.15%), and the same traffic
        // as the fleet's own rate is spread over replicas: both are sized.
        QVERIFY(sizeFleet(CardCatalog::builtin(), oneWorkload("chat", 2, { { "request_rate_per_s", 2 } })).gpus > 0);
        QVERIFY(sizeFleet(CardCatalog::builtin(), oneWorkload("chat", 100)).gpus > 0);
    }

    void tornadoBarsAreDifferencesOfEvaluations()
    {
        const Scenario base = workloadScenario("chat");
        const SensitivityResult sr = sensitivity(base, 0.5);
        QCOMPARE(sr.bars.size(), allVariables().size());
        EvalOptions o;
        o.breakEven = false;
        const TierDemand b = demandPerServer(evaluate(base, o), base.hardware.gpusPerServer);
        QCOMPARE(sr.base.hbm, b.hbm);
        for (const auto& bar : sr.bars) {
            const Scenario lo = withVariable(base, bar.variable, bar.lowValue);
            const Scenario hi = withVariable(base, bar.variable, bar.highValue);
            const TierDemand l = demandPerServer(evaluate(lo, o), lo.hardware.gpusPerServer);
            const TierDemand h = demandPerServer(evaluate(hi, o), hi.hardware.gpusPerServer);
            QCOMPARE(bar.lowDelta.hbm, l.hbm - b.hbm);
            QCOMPARE(bar.lowDelta.dram, l.dram - b.dram);
            QCOMPARE(bar.lowDelta.ssd, l.ssd - b.ssd);
            QCOMPARE(bar.highDelta.hbm, h.hbm - b.hbm);
            QCOMPARE(bar.highDelta.dram, h.dram - b.dram);
            QCOMPARE(bar.highDelta.ssd, h.ssd - b.ssd);
        }
        for (size_t i = 1; i < sr.bars.size(); ++i)
            QVERIFY(sr.bars[i - 1].effect >= sr.bars[i].effect); // sorted by effect
        // The KV format moves one step: bf16 → fp8 and fp32.
        const auto kv = std::find_if(
            sr.bars.begin(), sr.bars.end(), [](const auto& x) { return x.variable == Variable::KvBits; });
        QCOMPARE(kv->lowValue, 8.0);
        QCOMPARE(kv->highValue, 32.0);
        // Rates move by absolute points: reuse 0.6 ± 25 points (range 0.5) → 0.35 and 0.85.
        const auto reuse = std::find_if(
            sr.bars.begin(), sr.bars.end(), [](const auto& x) { return x.variable == Variable::ReuseRate; });
        QCOMPARE(reuse->lowValue, 0.35);
        QCOMPARE(reuse->highValue, 0.85);
    }

    void scenarioCurveFollowsTheVariable()
    {
        // "DRAM per GPU as the hit rate goes from 0 to 90%": never less DRAM with more hits.
        const auto curve = scenarioCurve(workloadScenario("chat"), Variable::ReuseRate, { 0, 0.3, 0.6, 0.9 });
        QCOMPARE(curve.size(), size_t(4));
        QCOMPARE(curve.front().demand.dram, 0.0);
        for (size_t i = 1; i < curve.size(); ++i)
            QVERIFY(curve[i].demand.dram >= curve[i - 1].demand.dram);
        // "HBM demand as KV moves from BF16 to FP8 to 4-bit": never more.
        const auto kv = scenarioCurve(workloadScenario("article"), Variable::KvBits, { 16, 8, 4 });
        QVERIFY(kv[0].demand.hbm > kv[1].demand.hbm && kv[1].demand.hbm > kv[2].demand.hbm);
    }
};

QTEST_APPLESS_MAIN(TestFleet)
#include "tst_fleet.moc"
