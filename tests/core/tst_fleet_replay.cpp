// Fleet sized as slots against the replay of its own traffic. For the article, chat,
// reasoning and code-completion workloads: Poisson traces with the workload card's fixed
// prompt and output lengths and no reuse (every block new), 20,000 requests, three seeds.
// Fleet sizes the rate with no reuse either; the replay runs central routing with
// max_num_seqs = fleet's sequences per replica, and a replica count meets the targets when
// the TTFT and TPOT percentiles over the requests after the first 5% are at or below them.
// Fleet's count lies within [least − 2, least × 1.15 + 1] of the least count that meets
// them, on every seed. scripts/fleet-vs-replay runs the same from the command line, with a
// million requests (docs/model.md, "Against the replay").

#include "core/analysis/Fleet.h"
#include "core/catalog/CardCatalog.h"
#include "core/catalog/ScenarioSpec.h"
#include "core/replay/Replay.h"
#include "core/scenario/Knobs.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <random>

using namespace kvtiers;
using namespace kvtiers::replay;

namespace {

/// Requests per trace and seeds per workload; fewer under the sanitizers, which run the
/// replay five to seven times slower.
#if defined(__SANITIZE_ADDRESS__)
constexpr int kRequests = 20000;
constexpr int kSeeds = 1;
#else
constexpr int kRequests = 20000;
constexpr int kSeeds = 3;
#endif

/// Nearest-rank percentile, as the script takes it.
double percentile(std::vector<double> values, double p)
{
    std::sort(values.begin(), values.end());
    const auto n = static_cast<double>(values.size());
    const auto i = static_cast<std::size_t>(std::clamp(std::ceil(p / 100 * n) - 1, 0.0, n - 1));
    return values[i];
}

ReplayTrace poissonTrace(double rate, std::uint64_t prompt, std::uint64_t output, unsigned seed)
{
    ReplayTrace t;
    t.name = "poisson.jsonl";
    t.blockTokens = 512;
    std::mt19937_64 rng(seed);
    std::exponential_distribution<double> gap(rate);
    const auto blocks = std::max<std::uint64_t>(1, (prompt + 511) / 512);
    double at = 0;
    for (int i = 0; i < kRequests; ++i) {
        at += gap(rng);
        ReplayTrace::Request r;
        r.arrival = at;
        r.inputTokens = prompt;
        r.outputTokens = output;
        r.firstKey = t.keys.size();
        r.keyCount = static_cast<std::uint32_t>(blocks);
        for (std::uint64_t b = 0; b < blocks; ++b)
            t.keys.push_back(t.keys.size() + 1);
        r.line = static_cast<std::uint64_t>(i) + 1;
        t.requests.push_back(r);
    }
    return t;
}

} // namespace

class TestFleetReplay : public QObject {
    Q_OBJECT
private slots:
    void fleetCountsWhatTheReplayNeeds_data()
    {
        QTest::addColumn<QString>("workload");
        QTest::addColumn<double>("rate");
        QTest::addColumn<double>("ttft"); // 0: the card's
        QTest::newRow("article, 2/s, TTFT 30 s") << QStringLiteral("article") << 2.0 << 30.0;
        QTest::newRow("chat, 40/s") << QStringLiteral("chat") << 40.0 << 0.0;
        QTest::newRow("reasoning, 5/s") << QStringLiteral("reasoning") << 5.0 << 0.0;
        QTest::newRow("code-completion, 20/s") << QStringLiteral("code-completion") << 20.0 << 0.0;
    }

    void fleetCountsWhatTheReplayNeeds()
    {
        QFETCH(QString, workload);
        QFETCH(double, rate);
        QFETCH(double, ttft);
        const CardCatalog& catalog = CardCatalog::builtin();
        FleetInput in;
        FleetEntry entry;
        entry.label = workload.toStdString();
        entry.spec.workload = workload.toStdString();
        entry.spec.overrides = Json { { "reuse_rate", 0.0 } };
        // The replay steps tensor-parallel replicas: a workload served with expert
        // parallelism (reasoning's card) is compared on one TP replica per server.
        const Json tensorParallel
            = { { knobKey(KnobId::Tp), 8 }, { knobKey(KnobId::Dp), 1 }, { knobKey(KnobId::Ep), 1 } };
        if (workload == QStringLiteral("reasoning"))
            entry.spec.overrides.update(tensorParallel);
        in.mix.push_back(entry);
        in.requestsPerSecond = rate;
        if (ttft > 0) {
            in.targets.ttftSeconds = ttft;
            in.targetsOverrideCards = true;
        }
        const FleetResult fleet = sizeFleet(catalog, in);
        QCOMPARE(fleet.entries.size(), std::size_t(1));
        const FleetEntryResult& sized = fleet.entries.front();
        const LatencyTargets& targets = sized.targets;

        // The replay's scenario is the card's, as `kvtiers replay --workload` takes it.
        ScenarioSpec spec;
        spec.workload = workload.toStdString();
        if (workload == QStringLiteral("reasoning"))
            spec.overrides = tensorParallel;
        const Scenario scenario = resolveScenario(catalog, spec).scenario;
        const EvalResult result = evaluate(scenario);
        const auto output = static_cast<std::uint64_t>(scenario.workload.outputTokens);
        const auto prompt = static_cast<std::uint64_t>(scenario.workload.context) - output;

        for (unsigned seed = 1; seed <= kSeeds; ++seed) {
            const ReplayTrace trace = poissonTrace(rate, prompt, output, seed);
            auto meets = [&](int replicas) {
                ReplayOptions o;
                o.replicas = replicas;
                o.routing = ReplayRouting::Central;
                o.maxSeqs = sized.concurrencyPerReplica;
                o.targets = targets;
                const ReplayResult r = runReplay(trace, scenario, result, o);
                std::vector<double> ttfts, tpots;
                for (std::size_t i = r.perRequest.size() / 20; i < r.perRequest.size(); ++i) {
                    ttfts.push_back(r.perRequest[i].ttft);
                    if (output > 1)
                        tpots.push_back(r.perRequest[i].tpot);
                }
                return percentile(ttfts, targets.ttftAt()) <= targets.ttft()
                    && (tpots.empty() || percentile(tpots, targets.tpotAt()) <= targets.tpot());
            };
            int lo = 0, hi = std::max(1, static_cast<int>(sized.replicas));
            while (!meets(hi)) {
                lo = hi;
                hi *= 2;
            }
            while (hi - lo > 1) {
                const int mid = (lo + hi) / 2;
                (meets(mid) ? hi : lo) = mid;
            }
            const double count = sized.replicas;
            QVERIFY2(count >= hi - 2 && count <= hi * 1.15 + 1,
                qPrintable(QStringLiteral("%1, seed %2: fleet %3 replicas, the replay's least %4")
                               .arg(workload)
                               .arg(seed)
                               .arg(count)
                               .arg(hi)));
            qInfo("%s, seed %u: fleet %g, replay's least %d", qPrintable(workload), seed, count, hi);
        }
    }
};

QTEST_MAIN(TestFleetReplay)
#include "tst_fleet_replay.moc"
