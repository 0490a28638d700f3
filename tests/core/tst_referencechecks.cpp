// docs/model.md §6 ("Reference checks and their caveats") and §7 (figures measured on one
// H200, raw data in docs/measurements/h200-measured-2026-11-29.json), one test each.
// Every expected number names where it comes from.

#include "core/io/Units.h"
#include "core/model/ComputeModel.h"
#include "core/model/KvSizing.h"
#include "tests/support/TestSupport.h"

using namespace kvtiers;
using namespace kvtiers::test;

namespace {

/// Whole-model KV bytes per token of a built-in model at `bits` per element.
double perToken(const std::string& id, double bits)
{
    return KvSizing(builtinModel(id), KvFormat { bits, 0 }, 1, 16, Allocation::Paged).bytesPerToken();
}

/// 1 − a/b rounded to three decimals, as an integer in thousandths (93.3% -> 933).
int reductionPermille(double a, double b)
{
    return static_cast<int>(std::lround((1.0 - a / b) * 1000.0));
}

} // namespace

class TestReferenceChecks : public QObject {
    Q_OBJECT
private slots:
    // --- Llama 3.1 (docs/model.md §6, first bullet) ---
    void llama31PerToken()
    {
        // 2 × 32 layers × 8 KV heads × 128 × 2 B
        QCOMPARE(perToken("llama-3.1-8b", 16), 131072.0);
        // 2 × 80 × 8 × 128 × 2 B = 320 KiB (the article)
        QCOMPARE(perToken("llama-3.1-70b", 16), 327680.0);
        // 405B: 126 layers, 8 KV heads (Meta's model list, not the early 16-head configs)
        QCOMPARE(perToken("llama-3.1-405b", 16), 516096.0);
    }

    void llama70bRequestAndTen()
    {
        // docs/model.md §2 check: × 131,072 = 40 GiB per request; × 10 = 400 GiB.
        const EvalResult r = evaluate(
            scenario("llama-3.1-70b", { { "context", 131072 }, { "concurrency", 10 }, { "kv_dtype", "fp16" } }));
        QCOMPARE(r.kvBytesPerToken, 327680.0);
        QCOMPARE(r.kvBytesPerRequest, 40 * GiB);
        QCOMPARE(r.hotSetBytes, 400 * GiB);
    }

    // --- DeepSeek-V2 vs DeepSeek 67B, −93.3% (docs/model.md §6, second bullet) ---
    void deepseek67bBf16()
    {
        // 95 layers × 8 KV heads × (128 + 128) × 2 B
        QCOMPARE(perToken("deepseek-67b", 16), 389120.0);
    }

    void deepseekV2AtItsDeployedSixBits()
    {
        // The card's default_kv_bits is 6 (V2's deployed KV quantization): 60 × 576 × 6/8.
        const EvalResult r = evaluate(scenario("deepseek-v2", { { "context", 4096 } }));
        QCOMPARE(r.kvFormat.bits, 6.0);
        QCOMPARE(r.kvBytesPerToken, 25920.0);
        // The paper's −93.3%: 1 − 25,920 / 389,120 = 0.9334.
        QCOMPARE(reductionPermille(r.kvBytesPerToken, perToken("deepseek-67b", 16)), 933);
    }

    void deepseekV2ReductionOnlyReproducesWithQuantization()
    {
        const double base = perToken("deepseek-67b", 16);
        // MLA alone in BF16: 60 × 576 × 2 = 69,120 B -> −82.2%.
        QCOMPARE(perToken("deepseek-v2", 16), 69120.0);
        QCOMPARE(reductionPermille(perToken("deepseek-v2", 16), base), 822);
        // At 8 bits: 34,560 B -> −91.1%.
        QCOMPARE(perToken("deepseek-v2", 8), 34560.0);
        QCOMPARE(reductionPermille(perToken("deepseek-v2", 8), base), 911);
        // At 6 bits: −93.3% (the paper's figure).
        QCOMPARE(reductionPermille(perToken("deepseek-v2", 6), base), 933);
        // The user can see exactly this through the override.
        const EvalResult bf16 = evaluate(scenario("deepseek-v2", { { "context", 4096 }, { "kv_dtype", "bf16" } }));
        QCOMPARE(bf16.kvBytesPerToken, 69120.0);
    }

    // --- FlexGen (docs/model.md §6, fourth bullet) ---
    void opt175bPerToken()
    {
        // 96 layers × 96 heads × (128 + 128) × 2 B = 2 × 96 × 12,288 × 2
        QCOMPARE(perToken("opt-175b", 16), 4718592.0);
    }

    void flexgenKvAndWeights()
    {
        const EvalResult r = evaluate(workloadScenario("flexgen"));
        // Effective batch 256, prompt 512 + 32 output = 544 tokens of KV each.
        QCOMPARE(r.hotSetBytes, 256.0 * 544.0 * 4718592.0); // 657,129,996,288 B
        QCOMPARE(std::lround(r.hotSetBytes / GiB), 612L);   // "about 612 GiB"
        // Weights "about 325 GiB" in FP16 (174,604,468,224 parameters × 2 B).
        QCOMPARE(r.weightsBytes, 174604468224.0 * 2.0);
        QCOMPARE(std::lround(r.weightsBytes / GiB), 325L);
        // The whole KV cache sits on disk (kv_placement ssd 1), weights half DRAM, half disk
        // (DRAM is full at 80% of 208 GB, so a little more than half ends on disk).
        QCOMPARE(r.tiers.hbm.hotAllocated(), 0.0);
        QCOMPARE(r.tiers.dram.hotAllocated(), 0.0);
        QCOMPARE(r.tiers.ssd.hotAllocated(), r.hotSetBytes);
        QCOMPARE(r.overflowBytes, 0.0);
        QVERIFY(r.tiers.ssd.weights >= 0.5 * r.weightsBytes);
        QCOMPARE(r.tiers.hbm.weights + r.tiers.dram.weights + r.tiers.ssd.weights, r.weightsBytes);
    }

    void flexgenThroughputIsInTheRightBand()
    {
        // FlexGen reports 0.69 token/s (OPT-175B, T4, effective batch 256, no compression).
        // The model's figure is N / decode step with the step set by the SSD stream
        // (612 GiB of KV + ~170 GB of weights read every step at the card's 2 GB/s NVMe).
        // It is a band, not a point: the T4 card's NVMe bandwidth is a cloud-instance
        // figure, FlexGen's 0.69 counts prefill in its wall time and overlaps I/O with
        // compute in ways a roofline cannot see, and its own cost model differs from the
        // measured run. A factor of ~2 either way would still say "under one token/s,
        // bound by the disk", which is the point of the check. (Currently ~0.61.)
        const EvalResult r = evaluate(workloadScenario("flexgen"));
        QCOMPARE(r.decodeBound, DecodeBound::SsdStream);
        QVERIFY2(r.tokensPerSecond >= 0.3 && r.tokensPerSecond <= 1.4, qPrintable(QString::number(r.tokensPerSecond)));
    }

    // --- vLLM (docs/model.md §6, fifth bullet) ---
    void vllmMaxConcurrency()
    {
        // "Maximum concurrency for N tokens per request" = KV blocks / ceil(N / block size)
        // for a full-attention model. Llama 3.1 8B on one H100 (TP 1), N = 10,000 (not a
        // multiple of 16), vLLM's default utilization 0.9.
        const double N = 10000;
        const Scenario s = scenario("llama-3.1-8b", { { "context", N }, { "tp", 1 } }, "h100-sxm");
        const EvalResult r = evaluate(s);
        // Budget = u × HBM − weights / TP = 0.9 × 80e9 − 8,030,261,248 × 2.
        QCOMPARE(r.kvBudgetPerGpu, 0.9 * 80e9 - 8030261248.0 * 2.0);
        const double perTokenGpu = 131072; // TP 1: the whole model's bytes per token
        const double blocksPerSeq = std::ceil(N / 16);
        KV_COMPARE_NEAR(r.maxConcurrencyRatio, r.kvBudgetPerGpu / (blocksPerSeq * 16 * perTokenGpu), 1e-12);
        // vLLM counts whole blocks first: the two agree to within one block's worth.
        const double blocks = std::floor(r.kvBudgetPerGpu / (16 * perTokenGpu));
        QVERIFY(std::fabs(r.maxConcurrencyRatio - blocks / blocksPerSeq) < 1.0 / blocksPerSeq);
        QCOMPARE(r.maxConcurrency, std::floor(blocks / blocksPerSeq));
    }

    void vllmMaxConcurrencyUnderTp()
    {
        // Same rule on 70B at TP 8: per GPU the sequence takes 1/8 of 327,680 B per token.
        const double N = 131072;
        const EvalResult r = evaluate(scenario("llama-3.1-70b", { { "context", N } }));
        QCOMPARE(r.tp, 8);
        KV_COMPARE_NEAR(r.maxConcurrencyRatio, r.kvBudgetPerGpu / (std::ceil(N / 16) * 16 * 327680.0 / 8), 1e-12);
    }

    // --- docs/model.md §7: one H200, restoring a 70B layer's KV versus recomputing it ---
    void h200RestoreBeatsRecompute()
    {
        // The measurement copied block by block, one layer at a time: the per-block-copy path.
        const Scenario s = scenario("llama-3.1-70b",
            { { "context", 32768 }, { "tp", 1 }, { "block_size", 16 }, { "restore_path", "per-block-copy" } },
            "h200-sxm-measured");
        const KvSizing kv(s.model, s.kvFormat(), 1, 16, Allocation::Paged);
        const ComputeModel cm(s, kv);
        // transformers allocated 4,096 B per token per layer for this shape (§7 table).
        QCOMPARE(kv.gpuBytesPerTokenPerLayer(), 4096.0);
        const double tokens = 32768;
        const double bytes = tokens * 327680.0; // all 80 layers
        // Restore in 16-token blocks (64 KiB per block per layer): measured 8.9 GB/s moving
        // block by block, 10.6 GB/s for bare 64 KiB copies. The model must land in between.
        const double restore = cm.restoreSeconds(Tier::Dram, tokens);
        QVERIFY2(restore >= bytes / 10.6e9 && restore <= bytes / 8.9e9, qPrintable(QString::number(restore)));
        // Recompute of the whole model: 80 layers × 129.03 ms (measured, 32K tokens per layer,
        // "seconds_per_layer": 0.12903), within ±15%.
        const double recompute = cm.recomputeSeconds(0, tokens);
        KV_COMPARE_NEAR(recompute, 80 * 0.12903317260742186, 0.15);
        // "reloading ... beats recomputing it by 8× with 16-token blocks" (measured 129 / 15.1).
        QVERIFY2(recompute / restore > 5, qPrintable(QString::number(recompute / restore)));
    }

    // --- docs/model.md §7: bytes transformers allocated, 8,192 tokens ---
    void mistralSlidingWindowHoldsAtMost4096Tokens()
    {
        const KvSizing kv(builtinModel("mistral-7b-v0.1"), KvFormat { 16, 0 }, 1, 16, Allocation::Paged);
        // Per layer per token 8 × (128 + 128) × 2 = 4,096 B; at 8,192 tokens each of the 32
        // layers holds the 4,096-token window.
        QCOMPARE(kv.sequenceBytes(8192), 32.0 * 4096 * 4096);
        // transformers keeps window − 1 = 4,095 tokens: 16,773,120 B per layer, 2,047.5 B per
        // token per layer at 8,192 tokens. The model keeps the whole window (as vLLM does);
        // the two differ by one token in 4,096.
        KV_COMPARE_NEAR(kv.sequenceBytes(8192) / 32 / 8192, 2047.5, 1.0 / 4095);
    }

    void gemma2SlidingGlobalSplit()
    {
        const KvSizing kv(builtinModel("gemma-2-27b"), KvFormat { 16, 0 }, 1, 16, Allocation::Paged);
        // 23 sliding layers (window 4096) + 23 global layers, 16 × 256 × 2 = 8,192 B per token
        // per layer. Measured per layer: 33,546,240 B (4,095 tokens) / 67,108,864 B (8,192).
        const double sliding = 4096.0 * 8192, global = 8192.0 * 8192;
        QCOMPARE(global, 67108864.0);
        KV_COMPARE_NEAR(sliding, 33546240.0, 1.0 / 4095);
        QCOMPARE(kv.sequenceBytes(8192), 23 * sliding + 23 * global);
    }

    void mlaLatentPerTokenPerLayer()
    {
        // 576-element latent in BF16 = 1,152 B per token per layer, V2 and V3 alike.
        for (const char* id : { "deepseek-v2", "deepseek-v3" }) {
            const ModelCard& m = builtinModel(id);
            const KvSizing kv(m, KvFormat { 16, 0 }, 1, 16, Allocation::Paged);
            QCOMPARE(kv.bytesPerToken() / static_cast<double>(m.totalLayers()), 1152.0);
            QCOMPARE(kv.sequenceBytes(8192), 8192.0 * 1152 * static_cast<double>(m.totalLayers()));
        }
    }
};

QTEST_APPLESS_MAIN(TestReferenceChecks)
#include "tst_referencechecks.moc"
