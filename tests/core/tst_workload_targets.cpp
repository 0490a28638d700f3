// A workload card's own latency targets ("targets": ttft_s, ttft_percentile, tpot_s,
// tpot_percentile): read into WorkloadCard::targets, each optional, "mean" as the mean,
// written back as a card writes them, and every bad value refused with the field named.

#include "core/analysis/FleetLoad.h"
#include "core/catalog/CardCatalog.h"
#include "core/scenario/Workload.h"
#include "tests/support/TestSupport.h"

using namespace kvtiers;
using namespace kvtiers::test;

namespace {

/// A minimal workload card, without targets.
Json minimalCard()
{
    return Json { { "id", "w" }, { "name", "W" }, { "context", 4096 },
        { "sources", Json::array({ { { "title", "made up" }, { "url", "https://example.org" } } }) } };
}

/// A minimal workload card with the given "targets" object.
Json cardWith(const Json& targets)
{
    Json j = minimalCard();
    j["targets"] = targets;
    return j;
}

QString targetError(const Json& targets, std::initializer_list<const char*> needles)
{
    return expectInputError([&] { loadWorkloadCard(cardWith(targets).dump(), "wl.json"); }, needles);
}

} // namespace

class TestWorkloadTargets : public QObject {
    Q_OBJECT
private slots:
    void percentilesAreWrittenOneWay()
    {
        // One unit everywhere: 99 is p99, "mean" the mean; a fraction such as 0.99 is refused
        // with the words that say how to write it, as every command and file refuses it.
        KV_CHECK(targetError({ { "ttft_percentile", 0.99 } }, { "wl.json.targets.ttft_percentile", "99 for p99" }));
        KV_CHECK(targetError({ { "tpot_percentile", 0.5 } }, { "wl.json.targets.tpot_percentile", "from 0 to 100" }));
        const WorkloadCard w = loadWorkloadCard(cardWith({ { "ttft_percentile", 1 } }).dump(), "wl.json");
        QCOMPARE(w.targets.ttftPercentile.value_or(-1), 1.0);
        QCOMPARE(percentileToJson(99), Json(99.0));
        QCOMPARE(percentileToJson(kMeanPercentile), Json("mean"));
    }

    void absentTargetsAreEmpty()
    {
        const WorkloadCard w = loadWorkloadCard(minimalCard().dump(), "wl.json");
        QVERIFY(w.targets.empty());
        QCOMPARE(writeLatencyTargets(w.targets), Json::object());
    }

    void everyFieldIsRead()
    {
        const Json t
            = { { "ttft_s", 0.25 }, { "ttft_percentile", 90 }, { "tpot_s", 0.05 }, { "tpot_percentile", "mean" } };
        const WorkloadCard w = loadWorkloadCard(cardWith(t).dump(), "wl.json");
        QCOMPARE(w.targets.ttftSeconds.value_or(-1), 0.25);
        QCOMPARE(w.targets.ttftPercentile.value_or(-1), 90.0);
        QCOMPARE(w.targets.tpotSeconds.value_or(-1), 0.05);
        QCOMPARE(w.targets.tpotPercentile.value_or(-1), kMeanPercentile);
        QVERIFY(!w.targets.empty());
        // Written back as the card wrote it, "mean" included.
        QCOMPARE(writeLatencyTargets(w.targets), t);
        // The knobs beside the targets are untouched.
        QCOMPARE(w.params.context, 4096.0);
    }

    void eachFieldIsOptional()
    {
        const WorkloadCard w = loadWorkloadCard(cardWith({ { "ttft_s", 5 } }).dump(), "wl.json");
        QCOMPARE(w.targets.ttftSeconds.value_or(-1), 5.0);
        QVERIFY(!w.targets.ttftPercentile && !w.targets.tpotSeconds && !w.targets.tpotPercentile);
        QCOMPARE(writeLatencyTargets(w.targets), (Json { { "ttft_s", 5.0 } }));
        const WorkloadCard p = loadWorkloadCard(cardWith({ { "tpot_percentile", 99.9 } }).dump(), "wl.json");
        QCOMPARE(p.targets.tpotPercentile.value_or(-1), 99.9);
        QVERIFY(!p.targets.ttftSeconds);
    }

    void badTargetsNameTheField()
    {
        KV_CHECK(targetError({ { "ttft_s", 0 } }, { "wl.json.targets.ttft_s", "above 0" }));
        KV_CHECK(targetError({ { "tpot_s", -0.1 } }, { "wl.json.targets.tpot_s", "out of range" }));
        KV_CHECK(targetError({ { "ttft_s", 1e300 } }, { "wl.json.targets.ttft_s", "out of range" }));
        KV_CHECK(targetError({ { "ttft_s", "fast" } }, { "wl.json.targets.ttft_s" }));
        KV_CHECK(targetError({ { "ttft_percentile", 100 } }, { "wl.json.targets.ttft_percentile", "\"mean\"" }));
        KV_CHECK(targetError({ { "ttft_percentile", 0 } }, { "wl.json.targets.ttft_percentile", "from 0 to 100" }));
        KV_CHECK(targetError({ { "tpot_percentile", -5 } }, { "wl.json.targets.tpot_percentile" }));
        KV_CHECK(targetError({ { "tpot_percentile", "median" } }, { "wl.json.targets.tpot_percentile", "\"mean\"" }));
        KV_CHECK(targetError({ { "tpot_percentile", true } }, { "wl.json.targets.tpot_percentile" }));
        KV_CHECK(targetError({ { "ttft", 5 } }, { "wl.json.targets", "ttft" }));
        KV_CHECK(expectInputError(
            [&] { loadWorkloadCard(cardWith(Json::array({ 5 })).dump(), "wl.json"); }, { "wl.json.targets" }));
    }

    void builtinTargetsAreValid()
    {
        // Every built-in card's targets, where it has them, are readable and sane: a TTFT
        // target of at most ten minutes and a TPOT target below one second.
        for (const auto& [id, w] : CardCatalog::builtin().workloads()) {
            if (w.targets.ttftSeconds)
                QVERIFY2(*w.targets.ttftSeconds > 0 && *w.targets.ttftSeconds <= 600, id.c_str());
            if (w.targets.tpotSeconds)
                QVERIFY2(*w.targets.tpotSeconds > 0 && *w.targets.tpotSeconds < 1, id.c_str());
        }
    }
};

QTEST_GUILESS_MAIN(TestWorkloadTargets)
#include "tst_workload_targets.moc"
