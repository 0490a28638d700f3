// The replay under load (core/replay) against what it must reproduce:
//  1. queueing theory: with prompts of twice the token budget, one output token and a
//     central queue, each request's wait equals an M/D/c simulation written here, on the
//     same arrivals, at utilisations 0.5, 0.8 and 0.95;
//  2. the cache: on a tie-free trace with gaps far above any request, one replica per
//     server and a fixed HBM cache of C blocks, HBM's share of prompt tokens equals the
//     trace engine's token hit ratio at C exactly, and its reuse ceiling when unlimited;
//  3. tiers: in exclusive tiers the DRAM and SSD shares equal the trace engine's tier split;
//  4. monotone: more DRAM never raises TTFT p99 at fixed load (the shipped Mooncake trace);
// and determinism (two replays, the same bytes).

#include "core/model/Evaluation.h"
#include "core/replay/Replay.h"
#include "core/report/ReplayReport.h"
#include "core/trace/TraceAnalysis.h"
#include "tests/support/SourceFiles.h"
#include "tests/support/TestSupport.h"

#include <QtTest>

#include <algorithm>
#include <random>
#include <sstream>

using namespace kvtiers;
using namespace kvtiers::replay;

namespace {

using test::shippedTrace;

struct Setup {
    Scenario scenario = test::scenario("llama-3.1-70b", Json::object(), "h200-sxm");
    EvalResult result = evaluate(scenario);
};

const Setup& setup()
{
    static const Setup s;
    return s;
}

/// A tie-free Mooncake-format trace: requests on a few shared prefixes (documents) with
/// unique tails, 1000 s apart, 16-token blocks with a short last block now and then.
std::string tieFreeTrace(std::uint64_t seed, int requests)
{
    std::mt19937_64 rng(seed);
    std::ostringstream out;
    std::uint64_t unique = 1000000;
    for (int i = 0; i < requests; ++i) {
        const int doc = static_cast<int>(rng() % 12);
        const int shared = 1 + static_cast<int>(rng() % 8);
        const int tail = static_cast<int>(rng() % 4);
        std::vector<std::uint64_t> ids;
        for (int k = 0; k < shared; ++k)
            ids.push_back(static_cast<std::uint64_t>(doc * 100 + k));
        for (int k = 0; k < tail; ++k)
            ids.push_back(unique++);
        const int blocks = static_cast<int>(ids.size());
        const int input = blocks * 16 - static_cast<int>(rng() % 16);
        out << "{\"timestamp\": " << i * 1000000 << ", \"input_length\": " << input
            << ", \"output_length\": " << 1 + rng() % 6 << ", \"hash_ids\": [";
        for (int k = 0; k < blocks; ++k)
            out << (k ? ", " : "") << ids[k];
        out << "]}\n";
    }
    return out.str();
}

ReplayTrace loadText(const std::string& text)
{
    auto reader = trace::TraceReader::fromText(text, "generated", trace::TraceFormat::Mooncake, 16);
    return loadReplayTrace(*reader);
}

trace::TraceAnalysis analyzeText(const std::string& text, const std::array<double, 3>& tiers)
{
    auto reader = trace::TraceReader::fromText(text, "generated", trace::TraceFormat::Mooncake, 16);
    trace::TraceOptions o;
    o.tierBlocks = tiers;
    return trace::analyzeTrace(*reader, o);
}

/// FCFS with c servers of fixed service D: each arrival starts on the earliest free server.
std::vector<double> mdcWaits(const std::vector<double>& arrivals, int c, double d)
{
    std::vector<double> freeAt(c, 0.0);
    std::vector<double> waits;
    for (double a : arrivals) {
        auto it = std::min_element(freeAt.begin(), freeAt.end());
        const double start = std::max(a, *it);
        waits.push_back(start - a);
        *it = start + d;
    }
    return waits;
}

} // namespace

class TestReplay : public QObject {
    Q_OBJECT

private slots:
    void waitsEqualAnMdcSimulation_data()
    {
        QTest::addColumn<double>("rho");
        QTest::newRow("0.5") << 0.5;
        QTest::newRow("0.8") << 0.8;
        QTest::newRow("0.95") << 0.95;
    }

    void waitsEqualAnMdcSimulation()
    {
        QFETCH(double, rho);
        const int c = 4, budget = 2048, n = 3000;
        // Poisson arrivals at rate 1 (one sequence for every ρ; the traffic scale sets λ).
        std::mt19937_64 rng(20261201);
        std::exponential_distribution<double> gap(1.0);
        ReplayTrace t;
        t.blockTokens = 512;
        double time = 0;
        for (int i = 0; i < n; ++i) {
            ReplayTrace::Request r;
            r.arrival = time;
            time += gap(rng);
            r.inputTokens = 2 * budget; // twice the budget: one prefill at a time per replica
            r.outputTokens = 1;
            r.firstKey = t.keys.size();
            r.keyCount = 2 * budget / 512;
            for (std::uint32_t k = 0; k < r.keyCount; ++k)
                t.keys.push_back(static_cast<std::uint64_t>(i) * 100 + k + 1); // unique ids
            r.line = static_cast<std::uint64_t>(i) + 1;
            t.requests.push_back(r);
        }
        ReplayOptions o;
        o.routing = ReplayRouting::Central;
        o.replicas = c;
        o.maxBatchedTokens = budget;
        // The service time: one request alone.
        ReplayTrace one = t;
        one.requests.resize(1);
        const double d = runReplay(one, setup().scenario, setup().result, o).perRequest[0].ttft;
        QVERIFY(d > 0);
        o.trafficScale = rho * c / d; // λ = ρ c / D
        const ReplayResult res = runReplay(t, setup().scenario, setup().result, o);
        std::vector<double> arrivals;
        for (const ReplayRecord& r : res.perRequest)
            arrivals.push_back(r.arrival);
        const std::vector<double> expected = mdcWaits(arrivals, c, d);
        int waited = 0;
        for (int i = 0; i < n; ++i) {
            const ReplayRecord& r = res.perRequest[i];
            if (std::abs(r.wait - expected[i]) > 1e-9)
                QFAIL(qPrintable(QStringLiteral("request %1: wait %2 s, M/D/c %3 s")
                                     .arg(i)
                                     .arg(r.wait, 0, 'g', 15)
                                     .arg(expected[i], 0, 'g', 15)));
            QVERIFY(std::abs(r.ttft - r.wait - d) < 1e-9);
            waited += expected[i] > 0;
        }
        QVERIFY2(waited > n / 20, "the load makes requests wait");
    }

    void hbmHitsEqualTheTraceEngine()
    {
        const std::string text = tieFreeTrace(7, 600);
        const ReplayTrace t = loadText(text);
        const trace::TraceAnalysis a = analyzeText(text, { 0, 0, 0 });
        QVERIFY(a.tokenHitRatioInfinite() > 0.3);
        ReplayOptions o;
        o.replicas = 1;
        o.dramBlocks = 0;
        o.ssdBlocks = 0;
        int differing = 0;
        double last = -1;
        for (double cap : { 1.0, 2.0, 3.0, 5.0, 8.0, 13.0, 21.0, 34.0, 55.0, 89.0 }) {
            o.hbmBlocks = cap;
            const ReplayResult r = runReplay(t, setup().scenario, setup().result, o);
            QCOMPARE(r.requests, t.requests.size());
            if (!(r.hitShare[0] == a.tokenHitRatio(cap)))
                QFAIL(qPrintable(QStringLiteral("C = %1: replay %2, trace engine %3")
                                     .arg(cap)
                                     .arg(r.hitShare[0], 0, 'g', 17)
                                     .arg(a.tokenHitRatio(cap), 0, 'g', 17)));
            differing += r.hitShare[0] != last;
            last = r.hitShare[0];
        }
        QVERIFY2(differing >= 5, "the capacities cut the curve at different points");
        o.hbmBlocks = 1e15;
        const ReplayResult all = runReplay(t, setup().scenario, setup().result, o);
        QVERIFY(all.hitShare[0] == a.tokenHitRatioInfinite());
    }

    void exclusiveTiersEqualTheTraceEnginesSplit()
    {
        const std::string text = tieFreeTrace(11, 600);
        const ReplayTrace t = loadText(text);
        ReplayOptions o;
        o.replicas = 1;
        o.tierMode = TierMode::Exclusive;
        for (std::array<double, 3> tiers : { std::array<double, 3> { 5, 10, 20 }, std::array<double, 3> { 1, 3, 60 },
                 std::array<double, 3> { 20, 0, 15 }, std::array<double, 3> { 0, 30, 0 } }) {
            const trace::TraceAnalysis a = analyzeText(text, tiers);
            o.hbmBlocks = tiers[0];
            o.dramBlocks = tiers[1];
            o.ssdBlocks = tiers[2];
            const ReplayResult r = runReplay(t, setup().scenario, setup().result, o);
            for (int k = 0; k < 3; ++k) {
                const double expected = a.tiers.tokens[k] / a.promptTokens;
                if (!(r.hitShare[k] == expected))
                    QFAIL(qPrintable(QStringLiteral("tiers %1/%2/%3, tier %4: replay %5, trace engine %6")
                                         .arg(tiers[0])
                                         .arg(tiers[1])
                                         .arg(tiers[2])
                                         .arg(k)
                                         .arg(r.hitShare[k], 0, 'g', 17)
                                         .arg(expected, 0, 'g', 17)));
            }
            QVERIFY(r.hitShare[3] == a.tiers.missTokens / a.promptTokens);
        }
    }

    void moreDramNeverRaisesTtftP99_data()
    {
        // Where a request's cache does not depend on which replica frees first: one
        // replica (at 0.4 and 0.5 of the trace's traffic, where it queues), and
        // prefix-aware routing to 4 and 6 replicas at the trace's own traffic. (Central
        // routing to per-server caches is not monotone: see docs/trace.md.)
        QTest::addColumn<int>("replicas");
        QTest::addColumn<int>("routing");
        QTest::addColumn<double>("traffic");
        QTest::newRow("1 replica, x0.4") << 1 << int(ReplayRouting::Central) << 0.4;
        QTest::newRow("1 replica, x0.5") << 1 << int(ReplayRouting::Central) << 0.5;
        QTest::newRow("4 replicas, prefix-aware") << 4 << int(ReplayRouting::PrefixAware) << 1.0;
        QTest::newRow("6 replicas, prefix-aware") << 6 << int(ReplayRouting::PrefixAware) << 1.0;
    }

    void moreDramNeverRaisesTtftP99()
    {
        QFETCH(int, replicas);
        QFETCH(int, routing);
        QFETCH(double, traffic);
        static const ReplayTrace t = [] {
            auto reader = trace::TraceReader::open(shippedTrace());
            return loadReplayTrace(*reader);
        }();
        ReplayOptions o;
        o.replicas = replicas;
        o.routing = static_cast<ReplayRouting>(routing);
        o.trafficScale = traffic;
        const ReplaySweep sweep = sweepReplay(t, setup().scenario, setup().result, o, ReplaySweepAxis::Dram, 7);
        QCOMPARE(sweep.points.front().value, 0.0);
        QVERIFY(sweep.points.back().value >= static_cast<double>(t.uniqueBlocks));
        double previous = std::numeric_limits<double>::infinity();
        for (const ReplaySweepPoint& p : sweep.points) {
            QVERIFY2(p.result.ttft.p99 <= previous,
                qPrintable(QStringLiteral("DRAM %1 blocks: p99 %2 s above %3 s")
                               .arg(p.value)
                               .arg(p.result.ttft.p99)
                               .arg(previous)));
            previous = p.result.ttft.p99;
        }
        QVERIFY2(previous < 0.95 * sweep.points.front().result.ttft.p99, "DRAM buys something on this trace");
        QVERIFY(sweep.points.back().result.hitShare[1] > 0.03);
    }

    void sameInputsGiveTheSameBytes()
    {
        auto reader = trace::TraceReader::open(shippedTrace());
        const ReplayTrace t = loadReplayTrace(*reader);
        ReplayOptions o;
        o.replicas = 5;
        o.routing = ReplayRouting::LeastLoaded;
        o.dramBlocks = 20000;
        o.seed = 3;
        std::string first;
        for (int i = 0; i < 2; ++i) {
            const ReplayResult r = runReplay(t, setup().scenario, setup().result, o);
            std::ostringstream csv;
            writeReplayCsv(csv, r);
            const std::string bytes = replayJson(r).dump(2) + csv.str();
            if (i == 0)
                first = bytes;
            else
                QVERIFY(bytes == first);
        }
    }

    void cancelStopsTheReplay()
    {
        auto reader = trace::TraceReader::open(shippedTrace());
        const ReplayTrace t = loadReplayTrace(*reader);
        std::atomic<bool> cancel { true };
        ReplayControl control;
        control.cancel = &cancel;
        ReplayOptions o;
        QVERIFY_THROWS_EXCEPTION(ReplayCancelled, runReplay(t, setup().scenario, setup().result, o, control));
    }

    void badOptionsAreNamed()
    {
        auto check = [](const std::function<void()>& f, std::initializer_list<const char*> needles) {
            const QString problem = test::expectInputError(f, needles);
            QVERIFY2(problem.isEmpty(), qPrintable(problem));
        };
        ReplayTrace t;
        t.blockTokens = 16;
        ReplayOptions o;
        o.targets.ttftPercentile = 0.5;
        check([&] { runReplay(t, setup().scenario, setup().result, o); }, { "--ttft-percentile" });
        o = {};
        o.trafficScale = 0;
        check([&] { runReplay(t, setup().scenario, setup().result, o); }, { "--traffic-scale" });
        o = {};
        o.hbmBlocks = -1;
        check([&] { runReplay(t, setup().scenario, setup().result, o); }, { "--capacity-blocks" });
        check([] { parseReplayRouting("nearest", "--routing"); }, { "--routing", "nearest" });
        check([] { parseTierMode("inclusive", "--tiers"); }, { "--tiers", "inclusive" });
    }
};

QTEST_GUILESS_MAIN(TestReplay)
#include "tst_replay.moc"
