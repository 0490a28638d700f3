// Time (docs/model.md §5): restore versus recompute per tier, the break-even prefix, the link
// curve (bigger blocks restore faster, docs/model.md §7), TTFT with and without reuse, and
// what bounds a decode step.

#include "core/catalog/CardCatalog.h"
#include "core/io/Units.h"
#include "core/model/ComputeModel.h"
#include "core/model/Evaluation.h"
#include "core/model/KvSizing.h"
#include "tests/support/SourceFiles.h"
#include "tests/support/TestSupport.h"

#include <QFile>

#include <cmath>
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
        // 70B at TP 8 on the datasheet H200 with its measured curve taken off, one copy per
        // block per layer: the link follows s / (latency + s / peak) with s = 16 tokens × 512 B.
        const auto noCurve = [](Scenario s) {
            s.hardware.link.curve.clear();
            return s;
        };
        QVERIFY(!scenario("llama-3.1-70b").hardware.link.curve.empty()); // the card's own, measured on an H200
        const Timing t(
            noCurve(scenario("llama-3.1-70b", { { "context", 131072 }, { "restore_path", "per-block-copy" } })));
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
        const Timing v(noCurve(scenario("llama-3.1-70b", { { "context", 131072 } })));
        QCOMPARE(v.cm.copyBytes(), transfer * 80);
        KV_COMPARE_NEAR(v.cm.restoreBandwidth(Tier::Dram), transfer * 80 / (5e-6 + transfer * 80 / 64e9), 1e-12);
        QCOMPARE(v.cm.restoreBandwidth(Tier::Ssd), 56e9 / 8); // now the drives bind
        // With the card's curve, a 640 KiB copy sits between the measured 256 KiB (36.4 GB/s)
        // and 1 MiB (47.9 GB/s) points, log-linearly, under the path's 0.9 of the plateau.
        const Timing c(scenario("llama-3.1-70b", { { "context", 131072 } }));
        const double at = 36358e6 + std::log(2.5) / std::log(4.0) * (47935e6 - 36358e6);
        KV_COMPARE_NEAR(c.cm.restoreBandwidth(Tier::Dram), std::min(at, 0.9 * 54680e6), 1e-12);
    }

    void recomputeFormula()
    {
        // recompute(T) = (2 × block params × T + 2 × LM head + attention FLOPs) / (TP × FLOP/s
        // × MFU), attention = layers × heads × 2 (d_qk + d_v) × T²/2 (causal). Llama 3.1 70B's
        // blocks (config.json): 80 × (2 × 8192² + 2 × 8192 × 1024 + 3 × 8192 × 28672).
        const Timing t(scenario("llama-3.1-70b", { { "context", 131072 } }));
        const double T = 32768;
        const double attention = 80.0 * 64 * 2 * 256 * T * T / 2;
        QCOMPARE(t.cm.attentionFlops(T), attention);
        QCOMPARE(t.cm.replicaFlops(), 8 * 989e12 * 0.576);
        // ... plus the TP all-reduces of the pass (tensorParallelAllReduce below).
        const double blocks = 80.0 * (2 * 8192.0 * 8192 + 2 * 8192.0 * 1024 + 3 * 8192.0 * 28672);
        QCOMPARE(blocks, 68451041280.0);
        QCOMPARE(blockParams(t.s.model), blocks);
        const double head = 128256.0 * 8192;
        KV_COMPARE_NEAR(t.cm.recomputeSeconds(0, T),
            (2 * blocks * T + 2 * head + attention) / (8 * 989e12 * 0.576) + t.cm.allReduceSeconds(T), 1e-12);
        // Given a cached prefix, only the rest is computed, attending to the prefix; two
        // passes pay the all-reduces' latency (160 × 20 µs) and the LM head twice.
        KV_COMPARE_NEAR(t.cm.recomputeSeconds(T / 2, T) + t.cm.recomputeSeconds(0, T / 2),
            t.cm.recomputeSeconds(0, T) + 160 * 20e-6 + t.cm.lmHeadSeconds(), 1e-12);
        QCOMPARE(t.cm.recomputeSeconds(T, T), 0.0);
        // Sliding windows cap the pairs: W²/2 + (T − W) W.
        const Timing m(scenario("mistral-7b-v0.1", { { "context", 32768 }, { "tp", 1 } }));
        QCOMPARE(m.cm.attentionFlops(32768), 32.0 * 32 * 2 * 256 * (4096.0 * 4096 / 2 + (32768.0 - 4096) * 4096));
    }

    void everyModelCardSizesItsLmHead()
    {
        // Each built-in card gives vocab_size and tie_word_embeddings from its config.json,
        // so its LM head (vocab × hidden) follows; the embedding and an untied head fit in
        // its parameters.
        for (const auto& [id, m] : CardCatalog::builtin().models()) {
            QVERIFY2(m.vocabSize > 0 && m.hiddenSize > 0, id.c_str());
            const double head = static_cast<double>(m.vocabSize) * static_cast<double>(m.hiddenSize);
            QVERIFY2(head * (m.tieWordEmbeddings ? 1 : 2) < m.paramsTotal, id.c_str());
        }
        // Llama-3.1-8B (config.json: hidden 4096, 32 layers, 8 KV heads of 128, FFN 14336,
        // vocab 128256, untied): its 8,030,261,248 parameters less the embedding, the LM head
        // (128,256 × 4,096 = 525,336,576 each) and 65 norms of 4,096 are exactly the blocks'
        // q, k, v, o, gate, up and down matrices: 32 × (2 × 4096² + 2 × 4096 × 1024 + 3 × 4096
        // × 14336) = 6,979,321,856, the linear FLOPs per prompt token ÷ 2.
        const ModelCard& m = builtinModel("llama-3.1-8b");
        QCOMPARE(m.vocabSize * m.hiddenSize, std::int64_t(525336576));
        QVERIFY(!m.tieWordEmbeddings);
        QCOMPARE(m.paramsActive - 2 * 525336576.0 - (2 * 32 + 1) * 4096.0, 6979321856.0);
        QCOMPARE(32.0 * (2 * 4096.0 * 4096 + 2 * 4096.0 * 1024 + 3 * 4096.0 * 14336), 6979321856.0);
        QVERIFY(builtinModel("gemma-2-27b").tieWordEmbeddings);
    }

    void prefillFlopsCountTheBlocksAndOneHeadRow()
    {
        // A P-token Llama-3.1-8B prefill: the q, k, v, o, gate, up and down matrices of 32
        // layers for every prompt token, the embedding a lookup, and the LM head (vocabulary
        // × hidden = 128,256 × 4,096) for the last prompt token only (config.json values).
        const Timing t(scenario("llama-3.1-8b", { { "context", 8192 }, { "tp", 1 } }));
        for (double P : { 1.0, 16.0, 512.0, 5000.0, 131072.0 })
            QCOMPARE(t.cm.prefillLinearFlops(P), 2 * 6979321856.0 * P + 2 * 525336576.0);
        QCOMPARE(t.cm.prefillLinearFlops(0), 0.0);
        // The pass's time counts them so, the head once: at TP 1 there is no all-reduce.
        const double P = 4096;
        KV_COMPARE_NEAR(t.cm.recomputeSeconds(0, P),
            (t.cm.prefillLinearFlops(P) + t.cm.attentionFlops(P) * t.cm.attentionCost()) / t.cm.replicaFlops(), 1e-12);
        // A hit's tokens computed within that pass add no head (the pass has one anyway).
        KV_COMPARE_NEAR(t.cm.marginalRecomputeSeconds(0, P),
            (2 * 6979321856.0 * P + t.cm.attentionFlops(P) * t.cm.attentionCost()) / t.cm.replicaFlops(), 1e-12);
        // A decoded token runs the blocks and the head.
        QCOMPARE(t.cm.decodeLinearFlops(), 2 * (6979321856.0 + 525336576.0));
        // Tied embeddings change the parameter count, not the FLOPs: Gemma 2 27B's one matrix
        // is subtracted once and still runs as the head.
        const ModelCard& gemma = builtinModel("gemma-2-27b");
        const double gemmaHead = static_cast<double>(gemma.vocabSize) * static_cast<double>(gemma.hiddenSize);
        QCOMPARE(lmHeadParams(gemma), gemmaHead);
        QCOMPARE(blockParams(gemma),
            gemma.paramsActive - gemmaHead - (2.0 * static_cast<double>(gemma.totalLayers()) + 1) * gemma.hiddenSize);
        // MoE cards count the active experts only: DeepSeek-V3's 37B active, not its 671B.
        const ModelCard& v3 = builtinModel("deepseek-v3");
        QVERIFY(v3.paramsActive < v3.paramsTotal / 10);
        QCOMPARE(blockParams(v3),
            v3.paramsActive - 2.0 * static_cast<double>(v3.vocabSize) * static_cast<double>(v3.hiddenSize)
                - (2.0 * static_cast<double>(v3.totalLayers()) + 1) * v3.hiddenSize);
    }

    void hopperPrefillMfuIsTheH200LayerMeasurement()
    {
        // tests/data/measurements/h200-layer-prefill-2026-11-29.json: a Llama-70B-shaped layer
        // prefilled on one H200 in BF16. Its achieved TFLOP/s count the FLOPs as kvtiers
        // does (a layer's blocks' matrices and causal attention, no head), and the Hopper
        // cards' prefill_mfu, 570.0 / 989 = 0.576, reproduces each point within 3%.
        QFile f(test::sourceFile(QStringLiteral("tests/data/measurements/h200-layer-prefill-2026-11-29.json")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const Json data = Json::parse(f.readAll().toStdString());
        const Timing t(scenario("llama-3.1-70b", { { "context", 65536 }, { "tp", 1 } }, "h200-sxm"));
        const double head = 128256.0 * 8192;
        double sum = 0;
        for (const Json& p : data.at("llama70b_layer_prefill")) {
            const double T = p.at("tokens").get<double>();
            const double layerFlops = (t.cm.prefillLinearFlops(T) - 2 * head + t.cm.attentionFlops(T)) / 80;
            const double seconds = p.at("seconds_per_layer").get<double>();
            KV_COMPARE_NEAR(layerFlops / seconds / 1e12, p.at("achieved_TFLOPs").get<double>(), 1e-9);
            sum += p.at("achieved_TFLOPs").get<double>();
            // The card's MFU predicts the layer's time.
            KV_COMPARE_NEAR(layerFlops / (989e12 * t.s.hardware.prefillMfu), seconds, 0.03);
        }
        KV_COMPARE_NEAR(sum / 4 / 989, 0.576, 1e-3);
        for (const char* id : { "h100-sxm", "h100-pcie", "h200-sxm", "h200-sxm-measured", "h20", "gh200" })
            QCOMPARE(CardCatalog::builtin().hardware().at(id).prefillMfu, 0.576);
    }

    void publishedServingFiguresStillHold()
    {
        // NVIDIA NIM for LLMs benchmarks: Llama-3.3-70B-Instruct FP8 on 2 x H100 SXM, 5,000
        // input tokens, concurrency 1: TTFT 406.77 ms, inter-token latency 18.58 ms. kvtiers:
        // FP8 weights and KV cache at TP 2, one request; within ±15%.
        const EvalResult nim = evaluate(scenario("llama-3.3-70b",
            { { "context", 5500 }, { "output_tokens", 500 }, { "concurrency", 1 }, { "tp", 2 }, { "weight_bits", 8 },
                { "kv_bits", 8 } },
            "h100-sxm"));
        KV_COMPARE_NEAR(nim.ttftNoReuseSeconds, 0.40677, 0.15);
        KV_COMPARE_NEAR(nim.decodeStepSeconds, 0.01858, 0.15);
        // A 12,288-token Llama 3.1 70B prefill on 8 x H200 (BF16, TP 8) takes 0.53-0.61 s by
        // the public TTFTs the issue cites.
        const EvalResult h200 = evaluate(scenario("llama-3.1-70b",
            { { "context", 12289 }, { "output_tokens", 1 }, { "concurrency", 1 }, { "tp", 8 } }, "h200-sxm"));
        QVERIFY2(h200.ttftNoReuseSeconds >= 0.53 * 0.85 && h200.ttftNoReuseSeconds <= 0.61 * 1.15,
            qPrintable(QString::number(h200.ttftNoReuseSeconds)));
        QVERIFY2(h200.ttftNoReuseSeconds >= 0.53 && h200.ttftNoReuseSeconds <= 0.61,
            qPrintable(QString::number(h200.ttftNoReuseSeconds)));
    }

    void attentionRunsAtItsOwnPrecision()
    {
        // The linear layers run at the wider of weight and activation precision, the
        // attention products at the attention precision. The audit's figures (article: 70B,
        // 128K, TP 8 on the datasheet H200, 989 TFLOP/s dense BF16 and 1,979 FP8, NVIDIA's
        // datasheet; MFU 0.55): at 128K attention is 55% of the prefill FLOPs,
        // 2 × 80 × 8,192 × 131,072² against 2 × 70.6e9 × 131,072.
        const double T = 131072;
        const double linear = 2 * 68451041280.0 * T + 2 * 128256.0 * 8192; // the blocks, one head row
        const double attention = 2 * 80.0 * 8192 * T * T;
        QCOMPARE(attention, 80.0 * 64 * 2 * 256 * T * T / 2); // the same pairs, per head
        KV_COMPARE_NEAR(attention / (linear + attention), 0.5565, 1e-3);
        const double fp8 = 8 * 1979e12 * 0.576, bf16 = 8 * 989e12 * 0.576;
        // FP8 weights (W8A8) with the BF16 KV cache: attention in BF16, about 6.91 s of compute
        // at the measured MFU (4.44 s when everything ran at FP8, as kvtiers had it).
        const Timing bf16Kv(scenario("llama-3.1-70b", { { "context", T }, { "weight_bits", 8 } }));
        QCOMPARE(bf16Kv.s.activationBits(), 8.0);
        QCOMPARE(bf16Kv.s.attentionBits(), 16.0);
        QCOMPARE(bf16Kv.cm.replicaFlops(), fp8);
        QCOMPARE(bf16Kv.cm.replicaAttentionFlops(), bf16);
        const double computeBf16Kv = linear / fp8 + attention / bf16;
        KV_COMPARE_NEAR(computeBf16Kv, 6.909, 2e-3);
        KV_COMPARE_NEAR(bf16Kv.cm.recomputeSeconds(0, T) - bf16Kv.cm.allReduceSeconds(T), computeBf16Kv, 1e-12);
        // An FP8 KV cache on Hopper: FP8 attention (vLLM's FlashAttention 3 quantises the
        // queries; TensorRT-LLM's FP8 context FMHA is on by default): about 4.44 s.
        const Timing fp8Kv(scenario("llama-3.1-70b", { { "context", T }, { "weight_bits", 8 }, { "kv_bits", 8 } }));
        QCOMPARE(fp8Kv.s.attentionBits(), 8.0);
        const double computeFp8Kv = (linear + attention) / fp8;
        KV_COMPARE_NEAR(computeFp8Kv, 4.437, 2e-3);
        KV_COMPARE_NEAR(fp8Kv.cm.recomputeSeconds(0, T) - fp8Kv.cm.allReduceSeconds(T), computeFp8Kv, 1e-12);
        // The knob overrides the default either way.
        const Timing forced(scenario(
            "llama-3.1-70b", { { "context", T }, { "weight_bits", 8 }, { "kv_bits", 8 }, { "attention_bits", 16 } }));
        QCOMPARE(forced.cm.replicaAttentionFlops(), bf16);
    }

    void fp8AttentionNeedsHopperOrBlackwell()
    {
        // FlashAttention 3 and TensorRT-LLM's FP8 context FMHA run on Hopper and Blackwell;
        // elsewhere an 8-bit KV cache is dequantised and attention runs in BF16.
        const Json fp8Kv = { { "context", 32768 }, { "kv_bits", 8 }, { "tp", 1 } };
        for (const char* hw : { "h100-sxm", "h200-sxm", "gh200", "b200", "b300", "gb200-nvl72", "rtx-pro-6000" })
            QVERIFY2(scenario("llama-3.1-8b", fp8Kv, hw).attentionBits() == 8.0, hw);
        for (const char* hw : { "a100-80gb", "l40s", "mi300x", "mi355x", "t4" })
            QVERIFY2(scenario("llama-3.1-8b", fp8Kv, hw).attentionBits() == 16.0, hw);
        // A BF16 cache, or one narrower than 8 bits, attends in BF16 on Hopper too.
        QCOMPARE(scenario("llama-3.1-8b", { { "tp", 1 } }, "h200-sxm").attentionBits(), 16.0);
        QCOMPARE(scenario("llama-3.1-8b", { { "kv_bits", 4 }, { "tp", 1 } }, "h200-sxm").attentionBits(), 16.0);
    }

    void linearLayersRunAtTheWiderOfWeightsAndActivations()
    {
        // W8A8 FP8 → FP8; FP8 weight-only (W8A16) → BF16; W4A16 (GPTQ, AWQ, MXFP4 on Hopper)
        // → BF16; W4A8 → FP8; W4A4 (NVFP4) → FP4 where the card has it.
        struct Case {
            Json overrides;
            const char* hardware;
            double bits;
            double flops;
        };
        const Case cases[] = {
            { { { "weight_bits", 8 } }, "h200-sxm", 8, 1979e12 },
            { { { "weight_bits", 8 }, { "activation_bits", 16 } }, "h200-sxm", 16, 989e12 },
            { { { "weight_bits", 4 } }, "h200-sxm", 16, 989e12 },
            { { { "weight_bits", 4 }, { "activation_bits", 8 } }, "h200-sxm", 8, 1979e12 },
            { { { "weight_bits", 4 }, { "activation_bits", 4 } }, "h200-sxm", 4, 1979e12 }, // Hopper: no FP4 unit
            { { { "weight_bits", 4 }, { "activation_bits", 4 } }, "b200", 4, 9e15 },
            { { { "weight_bits", 16 } }, "b200", 16, 2.25e15 },
        };
        for (const auto& c : cases) {
            Json o = c.overrides;
            o["context"] = 8192;
            const Scenario s = scenario("llama-3.1-70b", o, c.hardware);
            QCOMPARE(s.linearBits(), c.bits);
            QCOMPARE(gpuFlops(s), c.flops);
        }
        // gpt-oss ships MXFP4 experts (weight_bits 4.25): weight-only, BF16 on an H200.
        QCOMPARE(gpuFlops(scenario("gpt-oss-120b", { { "tp", 1 } }, "h200-sxm")), 989e12);
    }

    void tensorParallelAllReduce()
    {
        // Two all-reduces per layer per step (attention output, MLP down projection;
        // Megatron-LM), each moving 2 (TP − 1) / TP × hidden × tokens × 2 B per GPU in each
        // direction at NVLink 4's 450 GB/s per direction (the H200's 900 GB/s counts both),
        // plus 20 µs per collective (the card: vLLM's custom all-reduce on 8 H100s took
        // 10–24 µs, SGLang PR #2904). 70B: hidden 8,192, 80 layers.
        const Timing t(scenario("llama-3.1-70b", { { "context", 131072 } }));
        const double perToken = 160 * (2.0 * 7 / 8) * 8192 * 2 / 450e9;
        KV_COMPARE_NEAR(t.cm.allReduceSeconds(1), 160 * 20e-6 + perToken, 1e-12);
        // A 128K prefill: 160 × (20 µs + 1.75 × 2 GiB / 450 GB/s) = 1.34 s on top of its FLOPs.
        KV_COMPARE_NEAR(t.cm.allReduceSeconds(131072), 1.3394, 1e-4);
        const double flops = (t.cm.prefillLinearFlops(131072) + t.cm.attentionFlops(131072)) / (8 * 989e12 * 0.576);
        KV_COMPARE_NEAR(t.cm.recomputeSeconds(0, 131072), flops + t.cm.allReduceSeconds(131072), 1e-12);
        QCOMPARE(t.cm.allReduceSeconds(0), 0.0);
        // At TP 1 there is nothing to sum.
        const Timing one(scenario("llama-3.1-70b", { { "context", 8192 }, { "tp", 1 } }));
        QCOMPARE(one.cm.allReduceSeconds(1000), 0.0);
        // NVLS (reduction in the NVLink Switch) moves the message about once: the NVL72 cards.
        const Scenario nvl = scenario("llama-3.1-70b", { { "context", 8192 } }, "gb200-nvl72");
        QVERIFY(nvl.hardware.interconnect.nvls);
        QCOMPARE(nvl.tp(), 8);
        const Timing n(nvl);
        KV_COMPARE_NEAR(n.cm.allReduceSeconds(1), 160 * (20e-6 + 8192 * 2 / 900e9), 1e-12);
    }

    void mlaDecodeAttendsInTheLatentSpace()
    {
        // DeepSeek-V3 config.json: 61 layers, 128 heads, kv_lora_rank 512, qk_rope_head_dim
        // 64, qk_nope_head_dim 128, v_head_dim 128. Decoding with the projections absorbed
        // (DeepSeek-V2, arXiv 2405.04434 §2.1.2; vLLM's and SGLang's MLA decode), a query
        // head scores the 576-wide latent (2 × 576 FLOPs per token) and sums the 512-wide
        // latents (2 × 512): 2,176, 3.4 times the expanded 2 × (192 + 128) = 640 that a
        // prefill runs.
        const Timing t(scenario("deepseek-v3", { { "context", 32768 } }, "h200-sxm"));
        QCOMPARE(t.s.tp(), 8);
        const double T = 32768;
        QCOMPARE(t.cm.decodeAttentionFlopsPerGpu(T), 61.0 * 128 * (2 * (512 + 64) + 2 * 512) / 8 * T);
        QCOMPARE(t.cm.attentionFlops(T), 61.0 * 128 * 2 * (192 + 128) * T * T / 2);
        KV_COMPARE_NEAR(2176.0 / 640, 3.4, 1e-12);
        // A GQA model keeps 2 (d_k + d_v) in decode: 70B, 64 heads of 128, 80 layers, TP 8.
        const Timing l(scenario("llama-3.1-70b", { { "context", T } }));
        QCOMPARE(l.cm.decodeAttentionFlopsPerGpu(T), 80.0 * 64 * 2 * 256 / 8 * T);
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
        // SSD for 70B at TP 8 on the datasheet H200: restoring costs 40,960 B / 7 GB/s =
        // 5.9e-6 s per token plus 105 µs of latency and the path's 5 µs per request;
        // recomputing the same tokens within the prefill's pass costs 3.0e-5 s per token of
        // FLOPs and 1.0e-5 of all-reduce traffic (the pass's all-reduce latency and LM head
        // are paid anyway): restore wins from about 3 tokens.
        const Timing t(scenario("llama-3.1-70b", { { "context", 131072 } }));
        const double be = t.cm.breakEvenTokens(Tier::Ssd);
        QVERIFY2(std::isfinite(be) && be > 1 && be < 10, qPrintable(QString::number(be)));
        const double fixed = t.s.restorePath.perRequestSeconds;
        QCOMPARE(fixed, 5e-6); // vllm-offload's card
        KV_COMPARE_NEAR(t.cm.restoreSeconds(Tier::Ssd, be) + fixed, t.cm.marginalRecomputeSeconds(0, be), 1e-9);
        KV_COMPARE_NEAR(be,
            (105e-6 + fixed) / (2 * 68451041280.0 / (8 * 989e12 * 0.576) + 160 * 1.75 * 16384 / 450e9 - 40960 / 7e9),
            1e-3);
        // Below it recompute wins; above it restore wins.
        QVERIFY(t.cm.marginalRecomputeSeconds(0, be / 2) < t.cm.restoreSeconds(Tier::Ssd, be / 2) + fixed);
        QVERIFY(t.cm.marginalRecomputeSeconds(0, be * 2) > t.cm.restoreSeconds(Tier::Ssd, be * 2) + fixed);
        QVERIFY(t.cm.recomputeSeconds(0, 131072) > t.cm.restoreSeconds(Tier::Ssd, 131072));
        // A pass of its own pays 160 all-reduce latencies (3.2 ms) and the LM head more.
        KV_COMPARE_NEAR(t.cm.recomputeSeconds(0, 100) - t.cm.marginalRecomputeSeconds(0, 100),
            160 * 20e-6 + t.cm.lmHeadSeconds(), 1e-9);
        // The DRAM tier (no drive latency) breaks even earlier.
        QVERIFY(t.cm.breakEvenTokens(Tier::Dram) < be);
        QCOMPARE(t.cm.breakEvenTokens(Tier::Hbm), 0.0);
        // The evaluator reports it in whole blocks, at least one: a cache holds and restores
        // nothing smaller (the DRAM crossing, 0.12 tokens, reads "from 16 tokens").
        const EvalResult r = evaluate(t.s);
        QVERIFY(t.cm.breakEvenTokens(Tier::Dram) > 0 && t.cm.breakEvenTokens(Tier::Dram) < 1);
        QCOMPARE(r.breakEvenTokensDram, 16.0);
        QCOMPARE(r.breakEvenTokensSsd, 16.0);
        const EvalResult big = evaluate(scenario("llama-3.1-70b", { { "context", 131072 }, { "block_size", 2 } }));
        QCOMPARE(big.breakEvenTokensSsd, std::ceil(be / 2) * 2);
        // Contiguous allocation has no blocks: whole tokens.
        const EvalResult contiguous
            = evaluate(scenario("llama-3.1-70b", { { "context", 131072 }, { "allocation", "contiguous" } }));
        QCOMPARE(contiguous.breakEvenTokensDram, 1.0);
        QCOMPARE(contiguous.breakEvenTokensSsd, std::ceil(be));
    }

    void thePrefixComputedWithinAPassIsSolved()
    {
        // Cached tokens past the point where the rest of the prompt computes in less than
        // one read of the weights shorten nothing. The evaluation solves for that point on
        // the attention's quadratic pieces; a 200-step bisection of recomputeSeconds finds
        // the same point, for full (Llama 3.1 70B), sliding (Mistral, window 4,096; Gemma 2,
        // half its layers) and chunked (Llama 4 Scout, chunks of 8,192) attention.
        for (const char* model : { "llama-3.1-70b", "mistral-7b-v0.1", "gemma-2-27b", "llama-4-scout" }) {
            const Timing t(scenario(model, { { "context", 131072 } }));
            for (const double prompt : { 1000.0, 6000.0, 20000.0, 131072.0 }) {
                const double whole = t.cm.recomputeSeconds(0, prompt);
                const double last = t.cm.recomputeSeconds(prompt - 1, prompt);
                for (const double share : { 0.0, 0.05, 0.3, 0.7, 0.999, 1.5 }) {
                    const double seconds = last + share * (whole - last);
                    double lo = 0, hi = prompt;
                    if (whole <= seconds)
                        hi = 0;
                    else if (last < seconds)
                        for (int i = 0; i < 200; ++i) {
                            const double mid = 0.5 * (lo + hi);
                            (t.cm.recomputeSeconds(mid, prompt) >= seconds ? lo : hi) = mid;
                        }
                    const double solved = t.cm.prefixComputedWithin(prompt, seconds);
                    QVERIFY2(std::abs(solved - hi) <= 1e-9 * prompt,
                        qPrintable(QStringLiteral("%1, %2 tokens, share %3: %4 against %5")
                                       .arg(model)
                                       .arg(prompt)
                                       .arg(share)
                                       .arg(solved, 0, 'g', 17)
                                       .arg(hi, 0, 'g', 17)));
                }
            }
        }
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
        const double fixed = t.cm.restoreFixedSeconds();
        KV_COMPARE_NEAR(t.cm.restoreSeconds(Tier::Dram, be) + fixed, t.cm.marginalRecomputeSeconds(0, be), 1e-6);
        QVERIFY(t.cm.marginalRecomputeSeconds(0, be * 0.9) < t.cm.restoreSeconds(Tier::Dram, be * 0.9) + fixed);
        QVERIFY(t.cm.marginalRecomputeSeconds(0, be * 1.1) > t.cm.restoreSeconds(Tier::Dram, be * 1.1) + fixed);
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
            KV_COMPARE_NEAR(t.cm.restoreSeconds(Tier::Dram, be) + t.cm.restoreFixedSeconds(),
                t.cm.marginalRecomputeSeconds(0, be), 1e-6);
        const EvalResult r = evaluate(s);
        QCOMPARE(r.breakEvenTokensDram, std::ceil(be / 16) * 16); // whole 16-token blocks
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
        const double fixed = t.cm.restoreFixedSeconds();
        KV_COMPARE_NEAR(t.cm.restoreSeconds(Tier::Dram, be) + fixed, t.cm.marginalRecomputeSeconds(0, be), 1e-6);
        QVERIFY(t.cm.marginalRecomputeSeconds(0, be * 0.9) < t.cm.restoreSeconds(Tier::Dram, be * 0.9) + fixed);
        QVERIFY(t.cm.marginalRecomputeSeconds(0, be * 1.1) > t.cm.restoreSeconds(Tier::Dram, be * 1.1) + fixed);
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
            Scenario s = scenario("llama-3.1-70b",
                { { "context", 131072 }, { "block_size", block }, { "restore_path", "per-block-copy" } });
            s.hardware.link.curve.clear();
            const Timing t(s);
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
        // Hits are whole blocks: of the mean prefix 0.6 × 3,584 = 2,150.4 tokens, whose end
        // falls evenly over the 16 places of its last block, 2,150.4 − (16 − 1) / 2 = 2,142.9
        // tokens on average, times what an LRU cache hits (99% when all of its demand fits).
        const double P = 3584, hit = 2142.9 * 0.99;
        KV_COMPARE_NEAR(r.achievedReuse * P, hit, 1e-9);
        const double dramShare = r.hitShare.dram / (r.hitShare.hbm + r.hitShare.dram + r.hitShare.ssd);
        const double ssdShare = r.hitShare.ssd / (r.hitShare.hbm + r.hitShare.dram + r.hitShare.ssd);
        const double fixed = t.cm.restoreFixedSeconds(); // the path's lookup and synchronisation
        const double expected = t.cm.recomputeSeconds(hit, P)
            + dramShare * std::min(t.cm.restoreSeconds(Tier::Dram, hit) + fixed, t.cm.marginalRecomputeSeconds(0, hit))
            + ssdShare * std::min(t.cm.restoreSeconds(Tier::Ssd, hit) + fixed, t.cm.marginalRecomputeSeconds(0, hit))
            + r.restoreQueueWaitSeconds; // restores queue on the links they cross (LinkLoad.h)
        QVERIFY(r.restoreQueueWaitSeconds > 0 && r.restoreQueueWaitSeconds < 1e-3);
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
        // ... plus the TP all-reduces: 160 × (20 µs + 1.75 × 8,192 × 10 tokens × 2 B / 450 GB/s).
        const double allReduce = 160 * (20e-6 + 1.75 * 8192 * 10 * 2 / 450e9);
        KV_COMPARE_NEAR(r.decodeAllReduceSeconds, allReduce, 1e-12);
        KV_COMPARE_NEAR(r.decodeStepSeconds, bytesGpu / (4.8e12 * 0.7) + allReduce, 1e-12);
        QCOMPARE(r.tokensPerSecond, 10 / r.decodeStepSeconds);
    }

    void decodeBoundBySsdStream()
    {
        // FlexGen: weights on SSD plus the whole KV cache read from SSD every step.
        const EvalResult r = evaluate(workloadScenario("flexgen"));
        QVERIFY(r.decodeBound == DecodeBound::SsdStream);
        KV_COMPARE_NEAR(
            r.decodeStepSeconds, (r.tiers.ssd.weights + r.tiers.ssd.hotKv) / 2e9, 1e-12); // T4 card: 2 GB/s NVMe
        QCOMPARE(r.tokensPerSecond, 256 / r.decodeStepSeconds);
    }

    void decodeBoundByComputeAtHighConcurrency()
    {
        // Llama 3.1 8B on one H100, 128-token contexts, 2,000 sequences: reading 16 GB of
        // weights once serves every sequence, but the blocks' and the LM head's 2 × 7.5B FLOPs
        // per token each do not (the embedding is a lookup).
        const EvalResult r = evaluate(
            scenario("llama-3.1-8b", { { "context", 128 }, { "concurrency", 2000 }, { "tp", 1 } }, "h100-sxm"));
        QCOMPARE(r.servedConcurrency, 2000.0);
        QVERIFY(r.decodeBound == DecodeBound::Compute);
        const Timing t(
            scenario("llama-3.1-8b", { { "context", 128 }, { "concurrency", 2000 }, { "tp", 1 } }, "h100-sxm"));
        const double flops = 2000 * (2 * (6979321856.0 + 525336576.0) + t.cm.decodeAttentionFlopsPerGpu(128));
        KV_COMPARE_NEAR(r.decodeStepSeconds, flops / (989e12 * 0.576), 1e-12);
        QCOMPARE(r.decodeAllReduceSeconds, 0.0); // TP 1
        // At low concurrency the same model is bandwidth bound.
        const EvalResult low
            = evaluate(scenario("llama-3.1-8b", { { "context", 128 }, { "concurrency", 1 }, { "tp", 1 } }, "h100-sxm"));
        QVERIFY(low.decodeBound == DecodeBound::HbmBandwidth);
    }
};

QTEST_APPLESS_MAIN(TestTiming)
#include "tst_timing.moc"
