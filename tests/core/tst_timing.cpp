// Time (docs/model.md §5): restore versus recompute per tier, the break-even prefix, the link
// curve (bigger blocks restore faster, docs/model.md §7), TTFT with and without reuse, and
// what bounds a decode step.

#include "core/io/Units.h"
#include "core/model/ComputeModel.h"
#include "core/model/KvSizing.h"
#include "tests/support/TestSupport.h"

#include <limits>

using namespace kvtiers;
using namespace kvtiers::test;

namespace {

struct Timing {
    Scenario s;
    KvSizing kv;
    ComputeModel cm;
    explicit Timing(Scenario sc)
        : s(std::move(sc))
        , kv(s.model, s.kvFormat(), s.tp(), s.workload.blockSize, s.workload.allocation)
        , cm(s, kv)
    {
    }
};

} // namespace

class TestTiming : public QObject {
    Q_OBJECT
private slots:
    void restoreFormulaPerTier()
    {
        // restore(T, tier) = KV_gpu(T) / bandwidth(tier, block transfer) + latency(tier).
        // 70B at TP 8 on the datasheet H200 (no measured curve), one copy per block per
        // layer: the link follows s / (latency + s / peak) with s = 16 tokens × 512 B.
        const Timing t(scenario("llama-3.1-70b", { { "context", 131072 }, { "restore_path", "per-block-copy" } }));
        const double transfer = 16 * 327680.0 / 80 / 8; // 8,192 B per block per layer per GPU
        QCOMPARE(t.kv.gpuBytesPerTokenPerLayer() * 16, transfer);
        const double linkBw = transfer / (5e-6 + transfer / 64e9); // card: latency 5 µs, peak 64 GB/s
        KV_COMPARE_NEAR(t.cm.restoreBandwidth(Tier::Dram), linkBw, 1e-12);
        // SSD reads cross the same link after the drive: the slower of the two.
        QCOMPARE(t.cm.nvmePerGpu(), 56e9 / 8);
        QCOMPARE(t.cm.restoreBandwidth(Tier::Ssd), std::min(56e9 / 8, linkBw));
        const double T = 100000;
        KV_COMPARE_NEAR(t.cm.restoreSeconds(Tier::Dram, T), T * 40960 / linkBw + 5e-6, 1e-12);
        KV_COMPARE_NEAR(
            t.cm.restoreSeconds(Tier::Ssd, T), T * 40960 / t.cm.restoreBandwidth(Tier::Ssd) + 1e-4 + 5e-6, 1e-12);
        QCOMPARE(t.cm.restoreSeconds(Tier::Hbm, T), 0.0);
        QCOMPARE(t.cm.restoreSeconds(Tier::Dram, 0), 0.0);
        QVERIFY(t.cm.restoreSeconds(Tier::Ssd, T) >= t.cm.restoreSeconds(Tier::Dram, T));
        // The default path (vLLM 0.12+) copies a block of all 80 layers at once: 640 KiB.
        const Timing v(scenario("llama-3.1-70b", { { "context", 131072 } }));
        QCOMPARE(v.cm.copyBytes(), transfer * 80);
        KV_COMPARE_NEAR(v.cm.restoreBandwidth(Tier::Dram), transfer * 80 / (5e-6 + transfer * 80 / 64e9), 1e-12);
        QCOMPARE(v.cm.restoreBandwidth(Tier::Ssd), 56e9 / 8); // now the drives bind
    }

    void recomputeFormula()
    {
        // recompute(T) = (2 × active params × T + attention FLOPs) / (TP × FLOP/s × MFU),
        // attention = layers × heads × 2 (d_qk + d_v) × T²/2 (causal).
        const Timing t(scenario("llama-3.1-70b", { { "context", 131072 } }));
        const double T = 32768;
        const double attention = 80.0 * 64 * 2 * 256 * T * T / 2;
        QCOMPARE(t.cm.attentionFlops(T), attention);
        QCOMPARE(t.cm.replicaFlops(), 8 * 989e12 * 0.55);
        KV_COMPARE_NEAR(t.cm.recomputeSeconds(0, T), (2 * 70553706496.0 * T + attention) / (8 * 989e12 * 0.55), 1e-12);
        // Given a cached prefix, only the rest is computed, attending to the prefix.
        KV_COMPARE_NEAR(
            t.cm.recomputeSeconds(T / 2, T) + t.cm.recomputeSeconds(0, T / 2), t.cm.recomputeSeconds(0, T), 1e-12);
        QCOMPARE(t.cm.recomputeSeconds(T, T), 0.0);
        // Sliding windows cap the pairs: W²/2 + (T − W) W.
        const Timing m(scenario("mistral-7b-v0.1", { { "context", 32768 }, { "tp", 1 } }));
        QCOMPARE(m.cm.attentionFlops(32768), 32.0 * 32 * 2 * 256 * (4096.0 * 4096 / 2 + (32768.0 - 4096) * 4096));
    }

    void attentionRunsAtItsOwnPrecision()
    {
        // The linear layers run at the weights' precision, the attention products at the
        // attention knob's: FP8 weights with BF16 attention (vLLM without FP8 attention
        // kernels) on an H200 (989 TFLOP/s dense BF16, 1,979 FP8: NVIDIA's datasheet).
        // Unset, attention follows the weights, one rate for the whole prefill.
        const double T = 131072;
        const double linear = 2 * 70553706496.0 * T;
        const double attention = 80.0 * 64 * 2 * 256 * T * T / 2;
        const Timing fp8(scenario("llama-3.1-70b", { { "context", T }, { "weight_bits", 8 } }));
        QCOMPARE(fp8.s.attentionBits(), 8.0);
        KV_COMPARE_NEAR(fp8.cm.recomputeSeconds(0, T), (linear + attention) / (8 * 1979e12 * 0.55), 1e-12);
        const Timing mixed(
            scenario("llama-3.1-70b", { { "context", T }, { "weight_bits", 8 }, { "attention_bits", 16 } }));
        QCOMPARE(mixed.cm.replicaFlops(), 8 * 1979e12 * 0.55);
        QCOMPARE(mixed.cm.replicaAttentionFlops(), 8 * 989e12 * 0.55);
        KV_COMPARE_NEAR(
            mixed.cm.recomputeSeconds(0, T), linear / (8 * 1979e12 * 0.55) + attention / (8 * 989e12 * 0.55), 1e-12);
        // At 128K attention is over half the prefill FLOPs, so BF16 attention costs about
        // 1.5 times the all-FP8 prefill.
        QVERIFY(attention / (linear + attention) > 0.5);
        QVERIFY(mixed.cm.recomputeSeconds(0, T) > 1.5 * fp8.cm.recomputeSeconds(0, T));
        // The break-even prefix moves with the slower attention: recomputing costs more,
        // so restoring wins from a shorter prefix.
        QVERIFY(mixed.cm.breakEvenTokens(Tier::Dram) <= fp8.cm.breakEvenTokens(Tier::Dram));
    }

    void restoreOfASlidingWindowModelMovesOnlyHeldBytes()
    {
        // A Mistral prefix of 32K tokens holds only the last 4,096 tokens' KV (docs/model.md §2,
        // KV(C) uses min(C, W)): restoring it cannot move more bytes than the cache holds,
        // and the retained pool stores exactly those bytes.
        const Timing t(scenario("mistral-7b-v0.1", { { "context", 32768 }, { "tp", 1 } }));
        const double bw = t.cm.restoreBandwidth(Tier::Dram);
        KV_COMPARE_NEAR(t.cm.restoreSeconds(Tier::Dram, 32768), t.kv.gpuTokenBytes(32768) / bw + 5e-6, 1e-12);
        QCOMPARE(t.kv.gpuTokenBytes(32768), 4096 * 131072.0);
    }

    void breakEvenIsWhereRestoreMeetsRecompute()
    {
        // SSD for 70B at TP 8 on the datasheet H200: restoring costs 2.56e-5 s per token plus
        // 105 µs of latency, recomputing about 3.2e-5 s per token: restore wins from ~16 tokens.
        const Timing t(scenario("llama-3.1-70b", { { "context", 131072 } }));
        const double be = t.cm.breakEvenTokens(Tier::Ssd);
        QVERIFY2(std::isfinite(be) && be > 1 && be < 1000, qPrintable(QString::number(be)));
        KV_COMPARE_NEAR(t.cm.restoreSeconds(Tier::Ssd, be), t.cm.recomputeSeconds(0, be), 1e-9);
        // Below it recompute wins; above it restore wins.
        QVERIFY(t.cm.recomputeSeconds(0, be / 2) < t.cm.restoreSeconds(Tier::Ssd, be / 2));
        QVERIFY(t.cm.recomputeSeconds(0, be * 2) > t.cm.restoreSeconds(Tier::Ssd, be * 2));
        QVERIFY(t.cm.recomputeSeconds(0, 131072) > t.cm.restoreSeconds(Tier::Ssd, 131072));
        // The DRAM tier (no drive latency) breaks even earlier.
        QVERIFY(t.cm.breakEvenTokens(Tier::Dram) < be);
        QCOMPARE(t.cm.breakEvenTokens(Tier::Hbm), 0.0);
        // The evaluator reports the same.
        const EvalResult r = evaluate(t.s);
        QCOMPARE(r.breakEvenTokensSsd, be);
    }

    void breakEvenPastASlidingWindow()
    {
        // Mistral (window 4096) at TP 1 with a link slowed to 4.5 GB/s: restoring costs a
        // little more per token than the linear part of recompute, so within the window
        // recompute wins; past it restore stops growing and the crossing lies beyond the
        // window (the piecewise branch of breakEvenTokens).
        Scenario s = scenario("mistral-7b-v0.1", { { "context", 32768 }, { "tp", 1 } });
        s.hardware.link.curve.clear();
        s.hardware.link.latencySeconds = 0;
        s.hardware.link.peakBytesPerSecond = 4.5e9;
        const Timing t(s);
        const double be = t.cm.breakEvenTokens(Tier::Dram);
        QVERIFY2(std::isfinite(be) && be > 4096, qPrintable(QString::number(be)));
        KV_COMPARE_NEAR(t.cm.restoreSeconds(Tier::Dram, be), t.cm.recomputeSeconds(0, be), 1e-6);
        QVERIFY(t.cm.recomputeSeconds(0, be * 0.9) < t.cm.restoreSeconds(Tier::Dram, be * 0.9));
        QVERIFY(t.cm.recomputeSeconds(0, be * 1.1) > t.cm.restoreSeconds(Tier::Dram, be * 1.1));
    }

    void restoreNeverWinsOnAHopelessLink()
    {
        // On a 1 MB/s link restoring loses at every context the model supports. (Full
        // attention's quadratic recompute overtakes any linear restore eventually, so the
        // break-even is finite, but far beyond max_context.)
        Scenario s = scenario("llama-3.1-8b", { { "context", 4096 }, { "tp", 1 } }, "h100-sxm");
        s.hardware.link.curve.clear();
        s.hardware.link.peakBytesPerSecond = 1e6; // 1 MB/s
        const Timing t(s);
        const double be = t.cm.breakEvenTokens(Tier::Dram);
        QVERIFY2(be > 100.0 * static_cast<double>(s.model.maxContext), qPrintable(QString::number(be)));
        QVERIFY(t.cm.restoreSeconds(Tier::Dram, 131072) > t.cm.recomputeSeconds(0, 131072));
        if (std::isfinite(be))
            KV_COMPARE_NEAR(t.cm.restoreSeconds(Tier::Dram, be), t.cm.recomputeSeconds(0, be), 1e-6);
        const EvalResult r = evaluate(s);
        QCOMPARE(r.breakEvenTokensDram, be);
        QVERIFY(r.restoreSecondsDram > r.recomputeSeconds);
    }

    void slidingWindowRestoreIsBounded()
    {
        // Past the window a Mistral prefix's KV stops growing, so restoring it costs the
        // same at 8K and 1M tokens, while recomputing keeps growing: restore wins eventually
        // even on a slow link.
        Scenario s = scenario("mistral-7b-v0.1", { { "context", 32768 }, { "tp", 1 } });
        s.hardware.link.curve.clear();
        s.hardware.link.latencySeconds = 0;
        s.hardware.link.peakBytesPerSecond = 1e9;
        const Timing t(s);
        QCOMPARE(t.cm.restoreSeconds(Tier::Dram, 8192), t.cm.restoreSeconds(Tier::Dram, 1048576));
        const double be = t.cm.breakEvenTokens(Tier::Dram);
        QVERIFY2(std::isfinite(be) && be > 4096, qPrintable(QString::number(be)));
        KV_COMPARE_NEAR(t.cm.restoreSeconds(Tier::Dram, be), t.cm.recomputeSeconds(0, be), 1e-6);
        QVERIFY(t.cm.recomputeSeconds(0, be * 0.9) < t.cm.restoreSeconds(Tier::Dram, be * 0.9));
        QVERIFY(t.cm.recomputeSeconds(0, be * 1.1) > t.cm.restoreSeconds(Tier::Dram, be * 1.1));
    }

    void biggerBlocksRestoreFaster()
    {
        // docs/model.md §7, 70B at TP 1 on the measured H200 card: 16 / 256 / 4096-token blocks
        // (64 KiB / 1 MiB / 16 MiB per block per layer) restored at 8.9 / 47.6 / 54.1 GB/s.
        double last = 0;
        const double measured[] = { 8.9e9, 47.6e9, 54.1e9 };
        const double tolerance[] = { 0.20, 0.02, 0.02 }; // 16-token blocks: bare 64 KiB copies ran at 10.6
        int i = 0;
        for (int block : { 16, 256, 4096 }) {
            const Timing t(scenario("llama-3.1-70b",
                { { "context", 32768 }, { "tp", 1 }, { "block_size", block }, { "restore_path", "per-block-copy" } },
                "h200-sxm-measured"));
            const double bw = t.cm.restoreBandwidth(Tier::Dram);
            QVERIFY(bw > last);
            KV_COMPARE_NEAR(bw, measured[i], tolerance[i]);
            last = bw;
            ++i;
        }
        // Without a curve the latency/bandwidth model also rises towards the peak.
        last = 0;
        for (int block : { 1, 16, 256, 4096, 65536 }) {
            const Timing t(scenario("llama-3.1-70b",
                { { "context", 131072 }, { "block_size", block }, { "restore_path", "per-block-copy" } }));
            const double bw = t.cm.restoreBandwidth(Tier::Dram);
            QVERIFY(bw > last && bw < 64e9);
            last = bw;
        }
        QVERIFY(last > 0.99 * 64e9);
    }

    void linkCurveInterpolation()
    {
        const LinkModel& link = CardCatalog::builtin().hardware().at("h200-sxm-measured").link;
        // Exact at the points, log-linear between, flat beyond the largest; below the
        // smallest, the latency fit through it (s / (L + s / peak)).
        const double fit = 65536 / 10598000000.0 - 65536 / 54900000000.0;
        KV_COMPARE_NEAR(link.bandwidth(1024), 1024 / (fit + 1024 / 54900000000.0), 1e-12);
        QCOMPARE(link.bandwidth(65536), 10598000000.0);
        QCOMPARE(link.bandwidth(262144), 36358000000.0);
        QCOMPARE(link.bandwidth(131072), (10598000000.0 + 36358000000.0) / 2); // halfway in log size
        QCOMPARE(link.bandwidth(1e15), 54680000000.0);
        QCOMPARE(link.streamingBandwidth(), 54680000000.0);
    }

    void ttftWithReuseWhenRestoreIsCheap()
    {
        // Chat: 60% of the prompt from cache; restoring from DRAM is cheaper than recomputing.
        const EvalResult r = evaluate(workloadScenario("chat"));
        QCOMPARE(r.ttftNoReuseSeconds, r.recomputeSeconds);
        QVERIFY(r.restoreSecondsDram < r.recomputeSeconds);
        QVERIFY(r.ttftWithReuseSeconds < r.ttftNoReuseSeconds);
        // TTFT with reuse = recompute((1 − r)P, given the prefix) + restore(rP), here with the
        // pool split between HBM (no restore) and DRAM.
        const Timing t(workloadScenario("chat"));
        // Hits are whole blocks, floor(floor(0.6 × 3,584) / 16) × 16 = 2,144 tokens, times
        // what an LRU cache hits (99% when all of its demand fits).
        const double P = 3584, hit = 2144 * 0.99;
        KV_COMPARE_NEAR(r.achievedReuse * P, hit, 1e-9);
        const double dramShare = r.hitShareDram / (r.hitShareHbm + r.hitShareDram + r.hitShareSsd);
        const double ssdShare = r.hitShareSsd / (r.hitShareHbm + r.hitShareDram + r.hitShareSsd);
        const double expected = t.cm.recomputeSeconds(hit, P)
            + dramShare * std::min(t.cm.restoreSeconds(Tier::Dram, hit), t.cm.recomputeSeconds(0, hit))
            + ssdShare * std::min(t.cm.restoreSeconds(Tier::Ssd, hit), t.cm.recomputeSeconds(0, hit));
        KV_COMPARE_NEAR(r.ttftWithReuseSeconds, expected, 1e-9);
        KV_COMPARE_NEAR(r.ttftRecomputeSeconds, t.cm.recomputeSeconds(hit, P), 1e-12);
        KV_COMPARE_NEAR(r.ttftRecomputeSeconds + r.ttftRestoreSeconds, r.ttftWithReuseSeconds, 1e-12);
        // Without reuse both figures agree.
        const EvalResult none = evaluate(workloadScenario("chat", { { "reuse_rate", 0 } }));
        QCOMPARE(none.ttftWithReuseSeconds, none.ttftNoReuseSeconds);
    }

    void ttftNeverWorseThanRecomputing()
    {
        // An engine recomputes when restoring is slower: reuse never makes TTFT worse.
        Scenario s = workloadScenario("chat");
        s.hardware.link.curve.clear();
        s.hardware.link.peakBytesPerSecond = 1e6;
        const EvalResult r = evaluate(s);
        QVERIFY(r.ttftWithReuseSeconds <= r.ttftNoReuseSeconds * (1 + 1e-12));
    }

    void decodeBoundByHbmBandwidth()
    {
        // The article: step = (weights/TP + hot KV per GPU) / (HBM bandwidth × efficiency).
        const EvalResult r = evaluate(workloadScenario("article"));
        QVERIFY(r.decodeBound == DecodeBound::HbmBandwidth);
        const double bytesGpu = 70553706496.0 * 2 / 8 + 10 * 131072 * 40960.0;
        KV_COMPARE_NEAR(r.decodeStepSeconds, bytesGpu / (4.8e12 * 0.7), 1e-12);
        QCOMPARE(r.tokensPerSecond, 10 / r.decodeStepSeconds);
    }

    void decodeBoundBySsdStream()
    {
        // FlexGen: weights on SSD plus the whole KV cache read from SSD every step.
        const EvalResult r = evaluate(workloadScenario("flexgen"));
        QVERIFY(r.decodeBound == DecodeBound::SsdStream);
        KV_COMPARE_NEAR(r.decodeStepSeconds, (r.ssd.weights + r.ssd.hotKv) / 2e9, 1e-12); // T4 card: 2 GB/s NVMe
        QCOMPARE(r.tokensPerSecond, 256 / r.decodeStepSeconds);
    }

    void decodeBoundByComputeAtHighConcurrency()
    {
        // Llama 3.1 8B on one H100, 128-token contexts, 2,000 sequences: reading 16 GB of
        // weights once serves every sequence, but 2 × 8B FLOPs per token each do not.
        const EvalResult r = evaluate(
            scenario("llama-3.1-8b", { { "context", 128 }, { "concurrency", 2000 }, { "tp", 1 } }, "h100-sxm"));
        QCOMPARE(r.servedConcurrency, 2000.0);
        QVERIFY(r.decodeBound == DecodeBound::Compute);
        const Timing t(
            scenario("llama-3.1-8b", { { "context", 128 }, { "concurrency", 2000 }, { "tp", 1 } }, "h100-sxm"));
        const double flops = 2000 * (2 * 8030261248.0 + t.cm.decodeAttentionFlopsPerGpu(128));
        KV_COMPARE_NEAR(r.decodeStepSeconds, flops / (989e12 * 0.55), 1e-12);
        // At low concurrency the same model is bandwidth bound.
        const EvalResult low
            = evaluate(scenario("llama-3.1-8b", { { "context", 128 }, { "concurrency", 1 }, { "tp", 1 } }, "h100-sxm"));
        QVERIFY(low.decodeBound == DecodeBound::HbmBandwidth);
    }
};

QTEST_APPLESS_MAIN(TestTiming)
#include "tst_timing.moc"
