// Disaggregated prefill and decode in the replay (core/replay), token intervals and the
// effective request capacity, each against what can be worked by hand:
//  1. transfer: one prefill and one decode replica, one request on an idle network, first
//     token at decode, overlap 0: TTFT = prefill + KV bytes ÷ link rate + link latency + one
//     decode step, to 1e-9 s; overlap 1 adds only what outlasts the prefill; first token at
//     prefill: TTFT is the prefill, and the transfer falls in the first gap between tokens;
//  2. token intervals: one request alone, its mean gap is its TPOT and it has output − 1
//     gaps; a long prefill beside it makes one long gap, and its TBT as Mooncake measures a
//     request's (the mean of its longest 10% of gaps) is that gap with the next longest;
//     a TBT target counts in goodput; a request passed over for a step (the budget taken by
//     a restored prompt admitted before it) has one gap over both steps, its others as alone;
//  3. capacity: evenly spaced prefill-only requests, one per step: the largest traffic scale
//     whose p99 TTFT holds is worked from the M/D/1 queue by hand, and the rate sweep finds
//     it within one grid step (and within its 1% bisection);
//  4. interference: long prompts beside decodes raise colocated TBT p99 above that of the
//     split `fleet` chooses for the same targets, on the same replicas;
//  5. decode replicas chosen by load; a shared pool's hits priced on the scale-out network;
//     refusals that name the option or the card.

#include "core/analysis/Fleet.h"
#include "core/io/InputError.h"
#include "core/model/Evaluation.h"
#include "core/model/KvSizing.h"
#include "core/replay/ReplayOptions.h"
#include "core/replay/ReplaySweep.h"
#include "core/report/ReplayReport.h"
#include "tests/support/TestSupport.h"

#include <QtTest>

#include <cmath>
#include <random>
#include <sstream>

using namespace kvtiers;
using namespace kvtiers::replay;

namespace {

struct Setup {
    Scenario scenario = test::scenario("llama-3.1-70b", Json::object(), "h200-sxm");
    EvalResult result = evaluate(scenario);
};

const Setup& setup()
{
    static const Setup s;
    return s;
}

struct Req {
    double ms = 0;
    int input = 0;
    int output = 1;
};

/// A Mooncake-format trace of 512-token blocks, every block its own (no reuse) unless
/// `shared` leading blocks are given to every request.
ReplayTrace traceOf(const std::vector<Req>& reqs, int shared = 0)
{
    std::ostringstream out;
    std::uint64_t unique = 1000000;
    for (const Req& q : reqs) {
        out << "{\"timestamp\": " << std::llround(q.ms) << ", \"input_length\": " << q.input
            << ", \"output_length\": " << q.output << ", \"hash_ids\": [";
        const int blocks = (q.input + 511) / 512;
        for (int k = 0; k < blocks; ++k)
            out << (k ? ", " : "") << (k < shared ? static_cast<std::uint64_t>(k) : unique++);
        out << "]}\n";
    }
    auto reader = trace::TraceReader::fromText(out.str(), "generated", trace::TraceFormat::Mooncake, 512);
    return loadReplayTrace(*reader);
}

ReplayOptions colocated()
{
    ReplayOptions o;
    o.replicas = 1;
    return o;
}

ReplayOptions disaggregated(int prefill = 1, int decode = 1)
{
    ReplayOptions o;
    o.prefillReplicas = prefill;
    o.decodeReplicas = decode;
    return o;
}

ReplayResult replayOf(const ReplayTrace& t, const ReplayOptions& o)
{
    return runReplay(t, setup().scenario, setup().result, o);
}

/// One GPU's KV bytes for `tokens` tokens of Llama 3.1 70B in FP16: 80 layers × 8 KV heads
/// × 128 dims × 2 (K and V) × 2 bytes = 327,680 bytes a token, split over the TP ranks.
double gpuKvBytes(double tokens)
{
    return 327680.0 * tokens / setup().result.tp;
}

/// The H200 card's scale-out network: one ConnectX-7 (400 Gb/s) a GPU, 3 µs a message.
constexpr double kNicRate = 50e9;
constexpr double kNicLatency = 3e-6;

} // namespace

class TestDisaggregation : public QObject {
    Q_OBJECT

private slots:
    void perGpuKvBytesAreTheCardsArithmetic()
    {
        const Scenario& s = setup().scenario;
        const KvSizing kv(s.model, s.kvFormat(), s.tp(), s.workload.blockSize, s.workload.allocation, s.dcp());
        QCOMPARE(kv.gpuTokenBytes(4000), gpuKvBytes(4000));
        QVERIFY(s.hardware.scaleOut);
        QCOMPARE(s.hardware.scaleOut->bytesPerSecond, kNicRate);
        QCOMPARE(s.hardware.scaleOut->latencySeconds, kNicLatency);
    }

    void transferAfterPrefillThenOneDecodeStep()
    {
        // The prefill alone (one step: 4,000 tokens within the budget) and one decode step
        // at a context of 4,000 tokens (a 3,999-token prompt's second token), colocated.
        const int p = 4000;
        const double prefill = replayOf(traceOf({ { 0, p, 1 } }), colocated()).ttft.max;
        const double step = replayOf(traceOf({ { 0, p - 1, 2 } }), colocated()).tpot.max;
        const double transfer = gpuKvBytes(p) / kNicRate;
        QVERIFY(prefill > 10 * transfer); // the case overlap 1 hides

        const ReplayTrace t = traceOf({ { 0, p, 1 } });
        ReplayOptions o = disaggregated();
        const ReplayResult r = replayOf(t, o);
        QVERIFY(std::abs(r.ttft.max - (prefill + transfer + kNicLatency + step)) < 1e-9);
        QVERIFY(std::abs(r.transferSeconds.max - (transfer + kNicLatency)) < 1e-12);
        QCOMPARE(r.transferBytes, 327680.0 * p);
        QCOMPARE(r.prefillReplicas, 1);
        QCOMPARE(r.decodeReplicas, 1);
        QCOMPARE(r.gpus, 2 * setup().result.tp);

        // Overlap 1: the transfer streams while the prefill runs; only the latency is left.
        o.transferOverlap = 1;
        QVERIFY(std::abs(replayOf(t, o).ttft.max - (prefill + kNicLatency + step)) < 1e-9);
        // Overlap 0.5: half is left, more than the transfer outlasts the prefill by.
        o.transferOverlap = 0.5;
        QVERIFY(std::abs(replayOf(t, o).ttft.max - (prefill + transfer / 2 + kNicLatency + step)) < 1e-9);
    }

    void transferLongerThanPrefillOutlastsIt()
    {
        // A prefill shorter than its transfer (a one-block prompt on a link slowed to 1 MB/s),
        // overlap 1: the transfer adds what outlasts the prefill, T − prefill.
        Scenario s = setup().scenario;
        s.hardware.scaleOut->bytesPerSecond = 1e6;
        const EvalResult r0 = evaluate(s);
        ReplayOptions c = colocated();
        const int p = 512;
        const double prefill = runReplay(traceOf({ { 0, p, 1 } }), s, r0, c).ttft.max;
        const double step = runReplay(traceOf({ { 0, p - 1, 2 } }), s, r0, c).tpot.max;
        const double transfer = gpuKvBytes(p) / 1e6;
        QVERIFY(transfer > prefill);
        ReplayOptions o = disaggregated();
        o.transferOverlap = 1;
        const double ttft = runReplay(traceOf({ { 0, p, 1 } }), s, r0, o).ttft.max;
        QVERIFY(std::abs(ttft - (prefill + (transfer - prefill) + kNicLatency + step)) < 1e-9);
    }

    void firstTokenAtPrefillPutsTheTransferInTheFirstGap()
    {
        const int p = 4000;
        const double prefill = replayOf(traceOf({ { 0, p, 1 } }), colocated()).ttft.max;
        const double step = replayOf(traceOf({ { 0, p, 2 } }), colocated()).tpot.max; // context p + 1
        ReplayOptions o = disaggregated();
        o.firstTokenAt = FirstTokenAt::Prefill;
        const ReplayResult r = replayOf(traceOf({ { 0, p, 2 } }), o);
        QCOMPARE(r.ttft.max, prefill);
        const double gap = gpuKvBytes(p) / kNicRate + kNicLatency + step;
        QVERIFY(std::abs(r.perRequest[0].tbtMax - gap) < 1e-9);
        QCOMPARE(r.tokenIntervals, std::uint64_t(1));
        QCOMPARE(r.tbt.max, r.perRequest[0].tbtMax);
    }

    void decodeReplicasAreChosenByLoad()
    {
        // Four requests at once on two prefill and two decode replicas: each decode replica
        // takes two (the fewest sequences first).
        std::vector<Req> reqs(4, Req { 0, 2000, 64 });
        const ReplayResult r = replayOf(traceOf(reqs), disaggregated(2, 2));
        QCOMPARE(r.decodeRequests.min, 2.0);
        QCOMPARE(r.decodeRequests.max, 2.0);
        for (const ReplayRecord& q : r.perRequest) {
            QVERIFY(q.decodeReplica >= 2 && q.decodeReplica <= 3);
            QVERIFY(q.replica >= 0 && q.replica <= 1);
        }
    }

    void sharedPoolHitsCrossTheNetwork()
    {
        // Two requests on one 8-block prefix, an HBM cache of nothing, so the second finds the
        // prefix in DRAM: the prefill servers' own (over the host link) or a shared pool
        // (over the scale-out network, one message latency).
        const ReplayTrace t = traceOf({ { 0, 4096, 1 }, { 10000, 4096 + 512, 1 } }, 8);
        ReplayOptions o = disaggregated();
        o.capacityBlocks.hbm = 0;
        o.capacityBlocks.dram = 1000;
        o.cacheAt = PrefixCacheAt::Shared;
        const ReplayResult shared = replayOf(t, o);
        QCOMPARE(shared.perRequest[1].tokens.dram, std::uint64_t(4096));
        QVERIFY(
            std::abs(shared.perRequest[1].cost.restoreSeconds - (gpuKvBytes(4096) / kNicRate + kNicLatency)) < 1e-12);
        o.cacheAt = PrefixCacheAt::Prefill;
        const ReplayResult local = replayOf(t, o);
        QCOMPARE(local.perRequest[1].tokens.dram, std::uint64_t(4096));
        QVERIFY(local.perRequest[1].cost.restoreSeconds != shared.perRequest[1].cost.restoreSeconds);
        // Decode servers' cache: written when the KV reaches them, read over the network.
        o.cacheAt = PrefixCacheAt::Decode;
        const ReplayResult decode = replayOf(t, o);
        QCOMPARE(decode.perRequest[1].tokens.dram, std::uint64_t(4096));
        QCOMPARE(decode.perRequest[1].cost.restoreSeconds, shared.perRequest[1].cost.restoreSeconds);
    }

    void tokenIntervalsOfOneRequest()
    {
        const ReplayResult alone = replayOf(traceOf({ { 0, 1000, 50 } }), colocated());
        QCOMPARE(alone.tokenIntervals, std::uint64_t(49));
        QVERIFY(std::abs(alone.tbt.mean - alone.tpot.mean) < 1e-12); // the mean gap is the TPOT
        // Its context grows a token a step, so its gaps rise: the longest is the last.
        QVERIFY(alone.tbt.max >= alone.tbt.p50);
        QVERIFY(alone.perRequest[0].tbtTail >= alone.tbt.p90);
        QVERIFY(alone.perRequest[0].tbtTail <= alone.tbt.max);

        // A second request's 8,000-token prompt lands mid-decode: the step that prefills it
        // is one long gap of the first's.
        const ReplayResult both = replayOf(traceOf({ { 0, 1000, 50 }, { 300, 8000, 1 } }), colocated());
        const ReplayRecord& a = both.perRequest[0];
        QVERIFY(a.tbtMax > 5 * alone.tbt.max);
        // Mooncake's TBT: the mean of its ⌈49 ÷ 10⌉ = 5 longest gaps, the long one and four
        // of its ordinary ones (each within its run's spread of the alone run's longest).
        const double worked = (a.tbtMax + 4 * alone.tbt.max) / 5;
        QVERIFY(std::abs(a.tbtTail - worked) < 1e-3 * worked);
        QCOMPARE(both.tokenIntervals, std::uint64_t(49));

        // A TBT target between the ordinary gap and that tail: the first request misses it,
        // the one-token second has no gap and meets it.
        ReplayOptions o = colocated();
        o.targets.ttftSeconds = 100;
        o.targets.tpotSeconds = 100;
        o.targets.tbtSeconds = (alone.tbt.max + a.tbtTail) / 2;
        const ReplayResult judged = replayOf(traceOf({ { 0, 1000, 50 }, { 300, 8000, 1 } }), o);
        QCOMPARE(judged.sloAttainment, 0.5);
        QCOMPARE(judged.tbtAtPercentile, a.tbtTail);
        QVERIFY(!judged.targetsHeld);
        o.targets.tbtSeconds = a.tbtTail;
        QVERIFY(replayOf(traceOf({ { 0, 1000, 50 }, { 300, 8000, 1 } }), o).targetsHeld);
    }

    void aRequestPassedOverForAStepKeepsItsOtherGaps()
    {
        // P leaves an 8-block prefix in DRAM (no HBM cache). A (that prefix and a block of its
        // own) and B (a 100-token prompt of its own, 21 outputs) arrive together: A, admitted
        // first, waits for its restore while B prefills and decodes; when the restore ends, A's
        // last 512 tokens take the whole 512-token budget, so B is passed over for that step.
        const auto trace = [](bool withP, bool withA) {
            std::ostringstream out;
            if (withP)
                out << R"({"timestamp": 0, "input_length": 4096, "output_length": 1, "hash_ids": [0, 1, 2, 3, 4, 5, 6, 7]})"
                    << "\n";
            if (withA)
                out << R"({"timestamp": 10000, "input_length": 4608, "output_length": 1, )"
                    << R"("hash_ids": [0, 1, 2, 3, 4, 5, 6, 7, 100]})"
                    << "\n";
            out << R"({"timestamp": 10000, "input_length": 100, "output_length": 21, "hash_ids": [200]})"
                << "\n";
            auto reader = trace::TraceReader::fromText(out.str(), "generated", trace::TraceFormat::Mooncake, 512);
            return loadReplayTrace(*reader);
        };
        ReplayOptions o = colocated();
        o.capacityBlocks.hbm = 0;
        o.capacityBlocks.dram = 1000;
        o.maxBatchedTokens = 512;
        const ReplayResult alone = replayOf(trace(false, false), o);
        const ReplayResult both = replayOf(trace(true, true), o);
        QCOMPARE(both.perRequest[1].tokens.dram, std::uint64_t(4096)); // A restored its prefix
        const ReplayRecord& b = both.perRequest[2];
        QCOMPARE(both.tokenIntervals, std::uint64_t(20));
        // Its gap over A's prefill step and its own next one is its longest, by far.
        QVERIFY(b.tbtMax > 3 * alone.tbt.max);
        QCOMPARE(both.tbt.max, b.tbtMax);
        // Its other 19 gaps are those it has alone (its context grows the same, a token a
        // step), the longest last: its TBT, the mean of its ⌈20 ÷ 10⌉ = 2 longest gaps, is
        // that long gap with the longest it has alone.
        QVERIFY(std::abs(b.tbtTail - (b.tbtMax + alone.tbt.max) / 2) < 1e-9 * b.tbtTail);
        // Its gaps add up to its last token less its first, pooled as on its own.
        QVERIFY(std::abs(both.tbt.mean - b.tpot) < 1e-12 * b.tpot);
        QVERIFY(std::abs(alone.tbt.mean - alone.tpot.mean) < 1e-12 * alone.tpot.mean);
    }

    void effectiveCapacityMatchesTheQueueWorkedByHand()
    {
        // 200 prefill-only requests of 8,192 tokens, one a second, a step budget of one
        // prompt: one replica serves them one a step, each in s (the prefill alone). At
        // traffic scale k they arrive every 1/k s: below 1/s none waits; above, request n's
        // TTFT is s + n (s − 1/k). With a p99 TTFT target of 2 s, the p99 (the 198th of 200,
        // n = 197) holds while 197 (s − 1/k) ≤ s: up to k* = 197 ÷ (196 s).
        const int n = 200;
        std::vector<Req> reqs;
        for (int i = 0; i < n; ++i)
            reqs.push_back({ 1000.0 * i, 8192, 1 });
        const ReplayTrace t = traceOf(reqs);
        ReplayOptions o = colocated();
        o.maxBatchedTokens = 8192;
        const double s = replayOf(traceOf({ { 0, 8192, 1 } }), o).ttft.max;
        o.targets.ttftSeconds = 2 * s;
        const double worked = 197.0 / (196.0 * s);
        const int points = 8;
        const ReplaySweep sw = sweepReplay(t, setup().scenario, setup().result, o, ReplaySweepAxis::Rate, points);
        QVERIFY(sw.points.size() >= 2);
        const double gridStep = sw.points[1].value - sw.points[0].value;
        qInfo("s %.6f s; worked capacity x%.5f; found x%.5f; grid step %.5f; %zu bisection replays", s, worked,
            sw.capacityScale, gridStep, sw.bisection.size());
        QVERIFY(std::abs(sw.capacityScale - worked) <= gridStep);
        QVERIFY(sw.capacityScale <= worked * (1 + 1e-9));
        QVERIFY(sw.capacityScale >= worked / (1 + kCapacityTolerance) - 1e-9);
        // The trace's own rate: 199 gaps over 199 s.
        QVERIFY(std::abs(traceRequestRate(t) - 1.0) < 1e-12);
        QVERIFY(std::abs(sw.capacityRps - sw.capacityScale) < 1e-12);
        // Held at and below it on the grid, failing at the first point past it.
        for (const ReplaySweepPoint& p : sw.points)
            QCOMPARE(p.result.targetsHeld, p.value <= sw.capacityScale);
    }

    void interferenceRaisesColocatedTbt()
    {
        // 32K-token prompts and 1K-token outputs, Poisson arrivals at a colocated prefill
        // utilisation of 0.7 on 8 replicas, 8,192-token steps. The split is the one `fleet`
        // chooses for the same targets (TTFT 10 s, TPOT 50 ms, both at p99) at the trace's
        // rate, its prefill share of replicas put on the same 8 replicas.
        ReplayOptions c = colocated();
        c.maxBatchedTokens = 8192;
        const double prefill = replayOf(traceOf({ { 0, 32768, 1 } }), c).ttft.max;
        const int replicas = 8, n = 300;
        const double rate = 0.7 * replicas / prefill;
        std::mt19937_64 rng(11);
        std::exponential_distribution<double> gap(rate);
        std::vector<Req> reqs;
        double t = 0;
        for (int i = 0; i < n; ++i)
            reqs.push_back({ 1000 * (t += gap(rng)), 32768, 1024 });
        const ReplayTrace trace = traceOf(reqs);
        c.replicas = replicas;
        c.targets.ttftSeconds = 10;
        c.targets.tpotSeconds = 0.05;
        const ReplayResult together = replayOf(trace, c);
        // The prefill's share of the replicas' time while requests arrive.
        const double span = trace.requests.back().arrival;
        const double utilisation = n * prefill / (span * replicas);
        QVERIFY2(utilisation >= 0.6 && utilisation <= 0.8, std::to_string(utilisation).c_str());

        const Scenario fleetScenario = test::scenario("llama-3.1-70b",
            { { "context", 32768 + 1024 }, { "output_tokens", 1024 }, { "reuse_rate", 0 } }, "h200-sxm");
        const FleetEntryResult sized
            = sizeScenario(fleetScenario, c.targets.inForce(), n / span, DisaggregatedLayout {});
        QVERIFY(sized.pools);
        const double share
            = sized.pools->prefillReplicas / (sized.pools->prefillReplicas + sized.pools->decodeReplicas);
        const int best = std::clamp(static_cast<int>(std::lround(share * replicas)), 1, replicas - 1);
        ReplayOptions o = disaggregated(best, replicas - best);
        o.maxBatchedTokens = 8192;
        o.targets = c.targets;
        const ReplayResult split = replayOf(trace, o);
        qInfo("prefill utilisation %.3f; fleet's pools %.0f + %.0f, on 8 replicas %d + %d; TBT p99 colocated "
              "%.1f ms, disaggregated %.1f ms, difference %.1f ms (per request, Mooncake's: %.1f against %.1f ms)",
            utilisation, sized.pools->prefillReplicas, sized.pools->decodeReplicas, best, replicas - best,
            1e3 * together.tbt.p99, 1e3 * split.tbt.p99, 1e3 * (together.tbt.p99 - split.tbt.p99),
            1e3 * together.requestTbt.p99, 1e3 * split.requestTbt.p99);
        QVERIFY(together.tbt.p99 > split.tbt.p99);
        QVERIFY(together.requestTbt.p99 > split.requestTbt.p99);
    }

    void refusalsNameTheOptionOrTheCard()
    {
        const ReplayTrace t = traceOf({ { 0, 1000, 4 } });
        auto refused = [&](const ReplayOptions& o, const Scenario& s, const char* says) {
            try {
                runReplay(t, s, evaluate(s), o);
            } catch (const InputError& e) {
                if (!QString::fromStdString(e.what()).contains(QLatin1String(says)))
                    qWarning("%s", e.what());
                return QString::fromStdString(e.what()).contains(QLatin1String(says));
            }
            return false;
        };
        ReplayOptions o;
        o.prefillReplicas = 2;
        QVERIFY(refused(o, setup().scenario, "decode_replicas"));
        o.decodeReplicas = 2;
        o.replicas = 4;
        QVERIFY(refused(o, setup().scenario, "prefill_replicas"));
        o.replicas.reset();
        o.routing = ReplayRouting::Global;
        QVERIFY(refused(o, setup().scenario, "routing"));
        o.routing = ReplayRouting::Central;
        QVERIFY(refused(o, test::scenario("llama-3.1-70b", Json::object(), "l40s"), "scale_out"));
        o.transferOverlap = 1.5;
        QVERIFY(refused(o, setup().scenario, "transfer_overlap"));
    }

    void reportsCarryTheIntervalsAndTheLayout()
    {
        ReplayOptions o = disaggregated();
        o.targets.tbtSeconds = 0.1;
        const ReplayResult r = replayOf(traceOf({ { 0, 1000, 8 } }), o);
        const Json j = replayJson(r);
        QCOMPARE(j["token_intervals"].get<std::uint64_t>(), std::uint64_t(7));
        QCOMPARE(j["slo"]["tbt_s"].get<double>(), 0.1);
        QCOMPARE(j["disaggregation"]["prefill_replicas"].get<int>(), 1);
        QCOMPARE(j["disaggregation"]["first_token"].get<std::string>(), std::string("decode"));
        QCOMPARE(j["disaggregation"]["transfer_bytes"].get<double>(), 327680.0 * 1000);
        QVERIFY(replayJson(replayOf(traceOf({ { 0, 1000, 8 } }), colocated()))["disaggregation"].is_null());
    }
};

QTEST_GUILESS_MAIN(TestDisaggregation)
#include "tst_disaggregation.moc"
