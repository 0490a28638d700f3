// KvSizing (docs/model.md §2–3): bytes per token, per sequence and per GPU for every cache
// kind (GQA/MHA, MLA, sliding window, state layers), TP sharding and replication,
// arbitrary bit widths, and paged versus contiguous allocation.

#include "core/io/Units.h"
#include "core/model/ComputeModel.h"
#include "core/model/Derivation.h"
#include "core/model/KvSizing.h"
#include "tests/support/TestSupport.h"

using namespace kvtiers;
using namespace kvtiers::test;

namespace {

KvSizing sizing(const ModelCard& m, double bits = 16, int tp = 1, int block = 16, Allocation a = Allocation::Paged,
    double scaleBits = 0)
{
    return KvSizing(m, KvFormat { bits, scaleBits }, tp, block, a);
}

} // namespace

class TestKvSizing : public QObject {
    Q_OBJECT
private slots:
    // --- GQA versus MHA ---
    void gqaVersusMha()
    {
        // Llama 3.1 70B has 64 query heads and 8 KV heads; the same model as MHA keeps 64.
        const ModelCard mha = modelVariant("llama-3.1-70b", [](Json& j) { j["layer_groups"][0]["num_kv_heads"] = 64; });
        const double gqa = sizing(builtinModel("llama-3.1-70b")).bytesPerToken();
        const double full = sizing(mha).bytesPerToken();
        QCOMPARE(gqa, 327680.0);
        QCOMPARE(full, 2.0 * 80 * 64 * 128 * 2); // 2,621,440 B
        QCOMPARE(full / gqa, 64.0 / 8.0);        // heads / kv heads
        // MQA: one KV head.
        const ModelCard mqa = modelVariant("llama-3.1-70b", [](Json& j) { j["layer_groups"][0]["num_kv_heads"] = 1; });
        QCOMPARE(sizing(mqa).bytesPerToken(), 327680.0 / 8);
    }

    void separateKeyAndValueHeadDims()
    {
        // b = n_kv × (d_k + d_v) × e: the article's "2 ×" only when d_k == d_v.
        const ModelCard m = modelVariant("llama-3.1-8b", [](Json& j) {
            j["layer_groups"][0]["k_head_dim"] = 192;
            j["layer_groups"][0]["v_head_dim"] = 128;
        });
        QCOMPARE(sizing(m).bytesPerToken(), 32.0 * 8 * (192 + 128) * 2);
    }

    // --- MLA ---
    void mlaLatent()
    {
        // (kv_lora_rank + qk_rope_head_dim) × e per layer: 60 × 576 × 2 B, no K/V split.
        const KvSizing kv = sizing(builtinModel("deepseek-v2"));
        QCOMPARE(kv.bytesPerToken(), 69120.0);
        QCOMPARE(kv.sequenceBytes(1000), 69120.0 * 1000);
        QCOMPARE(sizing(builtinModel("deepseek-v3")).bytesPerToken(), 61.0 * 576 * 2); // 70,272 B
    }

    // --- Sliding windows ---
    void slidingBelowAndAboveWindow()
    {
        const KvSizing kv = sizing(builtinModel("mistral-7b-v0.1")); // 32 layers, window 4096
        const double perToken = 32.0 * 8 * 256 * 2;                  // 131,072 B
        QCOMPARE(kv.bytesPerToken(), perToken);
        QCOMPARE(kv.sequenceBytes(1), perToken);
        QCOMPARE(kv.sequenceBytes(1000), 1000 * perToken);
        QCOMPARE(kv.sequenceBytes(4095), 4095 * perToken);
        QCOMPARE(kv.sequenceBytes(4096), 4096 * perToken);
        // Past the window nothing grows: at most 512 MiB per sequence, whatever the context.
        QCOMPARE(kv.sequenceBytes(4097), 4096 * perToken);
        QCOMPARE(kv.sequenceBytes(1e6), 512 * MiB);
        // The effective per-token rate falls below the marginal one past the window.
        const EvalResult r = evaluate(scenario("mistral-7b-v0.1", { { "context", 8192 }, { "tp", 1 } }));
        QCOMPARE(r.kvBytesPerRequest, 512 * MiB);
        QCOMPARE(r.kvBytesPerTokenEffective, perToken / 2);
    }

    void alternatingSlidingAndGlobal()
    {
        // Gemma 2 27B: 23 sliding (4096) + 23 global layers, 8,192 B per token per layer.
        const KvSizing kv = sizing(builtinModel("gemma-2-27b"));
        QCOMPARE(kv.bytesPerToken(), 46.0 * 8192); // 376,832 B while the window fills
        QCOMPARE(kv.sequenceBytes(2000), 2000 * 46.0 * 8192);
        QCOMPARE(kv.sequenceBytes(10000), 23.0 * 8192 * 4096 + 23.0 * 8192 * 10000);
        // Past the window only the global half grows (188,416 B per extra token).
        QCOMPARE(kv.sequenceBytes(10001) - kv.sequenceBytes(10000), 23.0 * 8192);
    }

    // --- Chunked local attention (Llama 4) ---
    void chunkedHoldsAtMostOneChunk()
    {
        // Llama 4 Scout: 12 global NoPE layers + 36 chunked layers (chunk 8192), 4,096 B per
        // token per layer (8 KV heads x (128 + 128) x 2 B).
        const ModelCard& m = builtinModel("llama-4-scout");
        const double b = 8 * 256 * 2.0;
        const KvSizing kv = sizing(m);
        QCOMPARE(kv.bytesPerToken(), 48 * b); // 196,608 B while the first chunk fills
        QCOMPARE(kv.sequenceBytes(1000), 48 * b * 1000);
        QCOMPARE(kv.sequenceBytes(8192), 48 * b * 8192);
        // Past one chunk only the global layers grow; the worst case keeps a whole chunk.
        QCOMPARE(kv.sequenceBytes(8193), 12 * b * 8193 + 36 * b * 8192);
        QCOMPARE(kv.sequenceBytes(131072), 12 * b * 131072 + 36 * b * 8192);
        // Paged: a chunked layer rounds its chunk to whole blocks, like a window.
        QCOMPARE(kv.gpuSequenceAllocated(8200), 12 * b * 8208 + 36 * b * 8192);
        // TP splits the 8 KV heads as for full attention.
        QCOMPARE(sizing(m, 16, 8).gpuSequenceBytes(131072), kv.sequenceBytes(131072) / 8);
        // A stored prefix beyond the chunk: the chunked layers hold only the last chunk.
        QCOMPARE(kv.prefixBytes(100000, 100000), 12 * b * 100000 + 36 * b * 8192);
    }

    void chunkedCardRoundTripsAndRejectsAWindow()
    {
        const ModelCard& m = builtinModel("llama-4-maverick");
        const Json j = m.toJson();
        QCOMPARE(j["layer_groups"][1]["kind"].get<std::string>(), std::string("chunked"));
        QCOMPARE(j["layer_groups"][1]["chunk"].get<std::int64_t>(), std::int64_t(8192));
        QVERIFY(!j["layer_groups"][1].contains("window"));
        QCOMPARE(sizing(parseModelCard(j, "again")).sequenceBytes(50000), sizing(m).sequenceBytes(50000));
        // A chunked group needs its chunk, and a window is not a chunk.
        Json noChunk = j;
        noChunk["layer_groups"][1].erase("chunk");
        KV_CHECK(expectInputError([&] { parseModelCard(noChunk, "m.json"); }, { "layer_groups[1]", "chunk" }));
        Json window = j;
        window["layer_groups"][1]["window"] = 8192;
        KV_CHECK(expectInputError([&] { parseModelCard(window, "m.json"); }, { "layer_groups[1]", "window" }));
        Json zero = j;
        zero["layer_groups"][1]["chunk"] = 0;
        KV_CHECK(expectInputError([&] { parseModelCard(zero, "m.json"); }, { "layer_groups[1]", "chunk" }));
    }

    void chunkedDerivationAndAttentionFlops()
    {
        const ModelCard& m = builtinModel("llama-4-scout");
        const std::string text = kvPerTokenDerivation(m, KvFormat { 16, 0 });
        QVERIFY2(text.find("(chunks of 8K tokens)") != std::string::npos, text.c_str());
        // Prefill pairs restart at every chunk: T x chunk / 2 past the first chunk for the
        // chunked layers, T^2 / 2 for the global ones.
        const Scenario s = scenario("llama-4-scout", { { "context", 65536 }, { "tp", 8 } });
        const ComputeModel cm(s, KvSizing(s.model, s.kvFormat(), s.tp(), 16, Allocation::Paged));
        const double perPair = 40 * 2.0 * (128 + 128); // heads x 2 (d_qk + d_v)
        QCOMPARE(cm.attentionFlops(4096), 48 * perPair * 0.5 * 4096 * 4096);
        QCOMPARE(cm.attentionFlops(65536), 12 * perPair * 0.5 * 65536.0 * 65536 + 36 * perPair * 0.5 * 65536 * 8192);
        // The break-even against restoring is a finite prefix, found on the same curve.
        const double t = cm.breakEvenTokens(Tier::Dram);
        QVERIFY(std::isfinite(t) && t > 0);
        // It is where restoring, the path's per-request cost included, meets recomputing
        // within the prefill's pass (the pass's fixed all-reduce latency and LM head are paid
        // either way); results round it up to whole blocks.
        QVERIFY(
            std::fabs(cm.marginalRecomputeSeconds(0, t) - cm.restoreSeconds(Tier::Dram, t) - cm.restoreFixedSeconds())
            < 1e-6 * cm.marginalRecomputeSeconds(0, t) + 1e-9);
    }

    // --- State layers (hybrids) ---
    void stateLayersAreFixedPerSequence()
    {
        // Jamba v0.1: 4 attention layers (16,384 B/token) + 28 Mamba layers of 311,296 B each.
        const KvSizing kv = sizing(builtinModel("jamba-v0.1"));
        const double state = 28.0 * 311296; // 8,716,288 B per sequence
        QCOMPARE(kv.bytesPerToken(), 16384.0);
        QCOMPARE(kv.sequenceBytes(1), 16384.0 + state);
        QCOMPARE(kv.sequenceBytes(262144), 16384.0 * 262144 + state);
        // Independent of context: doubling the context adds token bytes only.
        QCOMPARE(kv.sequenceBytes(2000) - kv.sequenceBytes(1000), 16384.0 * 1000);
        // "4GB KV cache at 256K context" (Jamba paper): the attention part.
        QCOMPARE(kv.sequenceBytes(262144) - state, 4 * GiB);
        // In the hot set, N sequences carry N states.
        const EvalResult r = evaluate(scenario("jamba-v0.1", { { "context", 1000 }, { "concurrency", 3 } }));
        QCOMPARE(r.hotSetBytes, 3 * (16384.0 * 1000 + state));
    }

    void stateLayersDoNotCountAsStoredPrefix()
    {
        // A stored prefix's token bytes exclude the state (it is per sequence, not per token).
        const KvSizing kv = sizing(builtinModel("jamba-v0.1"));
        QCOMPARE(kv.gpuTokenBytes(1000), 16384.0 * 1000);
        QCOMPARE(kv.prefixBytes(1000, 2000), 16384.0 * 1000);
    }

    // --- Tensor parallelism ---
    void tpSplitsKvHeads()
    {
        const ModelCard& m = builtinModel("llama-3.1-70b"); // 8 KV heads
        QCOMPARE(sizing(m, 16, 1).gpuBytesPerToken(), 327680.0);
        QCOMPARE(sizing(m, 16, 2).gpuBytesPerToken(), 327680.0 / 2);
        QCOMPARE(sizing(m, 16, 8).gpuBytesPerToken(), 327680.0 / 8);
        // TP 8 leaves one KV head per GPU: 80 × 1 × 256 × 2 = 40,960 B.
        QCOMPARE(sizing(m, 16, 8).gpuBytesPerToken(), 40960.0);
        // The whole-model figure does not change with TP.
        QCOMPARE(sizing(m, 16, 8).bytesPerToken(), 327680.0);
        QCOMPARE(sizing(m, 16, 8).gpuSequenceBytes(1000), 40960.0 * 1000);
    }

    void tpBeyondKvHeadsReplicates()
    {
        // TP 16 with 8 KV heads: each GPU still holds one whole head (docs/model.md §3,
        // max(1, n_kv / TP)), so the replica holds the KV twice.
        const ModelCard& m = builtinModel("llama-3.1-70b");
        QCOMPARE(sizing(m, 16, 16).gpuBytesPerToken(), 80.0 * 1 * 256 * 2);
        const EvalResult r8 = evaluate(scenario("llama-3.1-70b", { { "context", 4096 }, { "tp", 8 } }));
        const EvalResult r16 = evaluate(scenario("llama-3.1-70b", { { "context", 4096 }, { "tp", 16 } }));
        QCOMPARE(r16.replicasPerServer, 0.5);
        QCOMPARE(r8.kvBytesAllocatedPerRequest, 4096 * 327680.0);
        QCOMPARE(r16.kvBytesAllocatedPerRequest, 2 * r8.kvBytesAllocatedPerRequest);
        // The article's count (token states, no replication) stays the same.
        QCOMPARE(r16.kvBytesPerRequest, r8.kvBytesPerRequest);
    }

    void mlaIsReplicatedOnEveryRank()
    {
        // vLLM keeps the whole latent on every TP rank (docs/model.md §3).
        const ModelCard& m = builtinModel("deepseek-v2");
        for (int tp : { 1, 2, 4, 8, 16, 64 })
            QCOMPARE(sizing(m, 16, tp).gpuBytesPerToken(), 69120.0);
        const EvalResult r
            = evaluate(scenario("deepseek-v2", { { "context", 4096 }, { "tp", 8 }, { "kv_dtype", "bf16" } }));
        QCOMPARE(r.kvBytesPerRequest, 4096 * 69120.0);
        QCOMPARE(r.kvBytesAllocatedPerRequest, 8 * 4096 * 69120.0);
    }

    void decodeContextParallelStripesWhatTpCopies()
    {
        // Decode context parallel (SGLang's DCP guide: with DCP size c, rank r owns position p
        // when p mod c = r; vLLM's context-parallel design: the TP group's copies removed, no
        // GPU added). DeepSeek-V2's latent at TP 8 is 69,120 B a token on every GPU; striped
        // over the 8, 8,640 B, and the article's whole-model count does not move.
        const ModelCard& m = builtinModel("deepseek-v2");
        const KvSizing striped(m, KvFormat { 16, 0 }, 8, 16, Allocation::Paged, 8);
        QCOMPARE(striped.gpuBytesPerToken(), 69120.0 / 8);
        QCOMPARE(striped.bytesPerToken(), 69120.0);
        QCOMPARE(striped.stripes(0), 8.0);
        // A page spans 16 × 8 tokens, 16 on each GPU: 1,000 tokens take ceil(1000 / 128) = 8
        // pages, 128 tokens' latents per GPU.
        QCOMPARE(striped.gpuSequenceAllocated(1000), 8 * 16 * 69120.0);
        // Only whole pages are shared: a 300-token prefix shares 2 pages, 256 tokens.
        QCOMPARE(striped.gpuPrefixBytes(300, 1000, true), 256 * 69120.0 / 8);
        // In a scenario: one copy held over the replica's 8 GPUs, as the article counts it.
        const EvalResult r = evaluate(
            scenario("deepseek-v2", { { "context", 4096 }, { "tp", 8 }, { "dcp", 8 }, { "kv_dtype", "bf16" } }));
        QCOMPARE(r.dcp, 8);
        QCOMPARE(r.kvBytesAllocatedPerRequest, 4096 * 69120.0);
        // dcp 0 stripes over every copy: TP's 8 for a latent.
        QCOMPARE(scenario("deepseek-v2", { { "context", 4096 }, { "tp", 8 }, { "dcp", 0 } }).dcp(), 8);
        // GQA: Qwen3-235B's 4 KV heads at TP 8 keep each head on 2 GPUs, 94 × 256 × 2 B a token
        // on each; DCP 2 removes that copy, and 0 resolves to it.
        const ModelCard& q = builtinModel("qwen3-235b-a22b");
        QCOMPARE(sizing(q, 16, 8).gpuBytesPerToken(), 94.0 * 256 * 2);
        QCOMPARE(KvSizing(q, KvFormat { 16, 0 }, 8, 16, Allocation::Paged, 2).gpuBytesPerToken(), 94.0 * 256);
        QCOMPARE(scenario("qwen3-235b-a22b", { { "context", 4096 }, { "tp", 8 }, { "dcp", 0 } }).dcp(), 2);
        // What DCP cannot do is refused, naming the knob: stripes that do not divide TP, more
        // stripes than copies, and DCP beside DP attention (a rank keeps its own KV).
        KV_CHECK(expectInputError(
            [] {
                scenario("deepseek-v2", { { "context", 4096 }, { "tp", 8 }, { "dcp", 3 } });
            },
            { "dcp: 3 does not divide tp 8" }));
        KV_CHECK(expectInputError(
            [] {
                scenario("qwen3-235b-a22b", { { "context", 4096 }, { "tp", 8 }, { "dcp", 4 } });
            },
            { "dcp: 4 is more than the 2 copies", "qwen3-235b-a22b" }));
        KV_CHECK(expectInputError(
            [] {
                scenario("llama-3.1-70b", { { "context", 4096 }, { "tp", 8 }, { "dcp", 2 } });
            },
            { "dcp: 2 is more than the 1 copies" }));
        KV_CHECK(expectInputError(
            [] {
                scenario("deepseek-v3", { { "context", 4096 }, { "tp", 2 }, { "dp", 4 }, { "ep", 8 }, { "dcp", 2 } },
                    "h200-sxm");
            },
            { "dcp: 2 with DP attention" }));
    }

    void decodeContextParallelExchangesQueriesAndPartialOutputs()
    {
        // Each decode step gathers the other 7 GPUs' queries (16 heads each of TP 8's 128) in
        // the absorbed latent width 512 + 64 and sends back their partial outputs (512) with an
        // FP32 log-sum-exp: 7 × 16 × (2 × 1,088 + 4) B a token a layer, over NVLink at
        // 450e9 B/s, plus two collectives' latency a layer (60 layers).
        const Scenario s = scenario(
            "deepseek-v2", { { "context", 8192 }, { "tp", 8 }, { "dcp", 8 }, { "concurrency", 64 } }, "h200-sxm");
        const ComputeModel cm(s, KvSizing(s.model, s.kvFormat(), 8, 16, Allocation::Paged, 8));
        const double lat = s.hardware.interconnect.allReduceLatencySeconds;
        const double perToken = 60 * 7 * 16 * (2.0 * 1088 + 4) / 450e9;
        KV_COMPARE_NEAR(cm.contextExchangeSeconds(64), 2 * 60 * lat + 64 * perToken, 1e-15);
        QCOMPARE(cm.contextExchangeSeconds(0), 0.0);
        // Without DCP there is nothing to exchange.
        const Scenario plain
            = scenario("deepseek-v2", { { "context", 8192 }, { "tp", 8 }, { "concurrency", 64 } }, "h200-sxm");
        QCOMPARE(ComputeModel(plain, KvSizing(plain.model, plain.kvFormat(), 8, 16, Allocation::Paged))
                     .contextExchangeSeconds(64),
            0.0);
        // The evaluation adds it to the step, after the streams and the all-reduces, and each
        // GPU reads 1/8 of the latents: the HBM stream is shorter by exactly the 7/8 not read.
        const EvalResult r = evaluate(s);
        QCOMPARE(r.decodeContextSeconds, cm.contextExchangeSeconds(r.servedConcurrency));
        QVERIFY(r.decodeContextSeconds > 0);
        const EvalResult p = evaluate(plain);
        QCOMPARE(p.decodeContextSeconds, 0.0);
        QCOMPARE(r.servedConcurrency, p.servedConcurrency);
        QCOMPARE(r.decodeBound, DecodeBound::HbmBandwidth);
        QCOMPARE(p.decodeBound, DecodeBound::HbmBandwidth);
        const double read = s.hardware.hbmBandwidth * s.hardware.decodeEfficiency;
        const KvSizing whole(s.model, s.kvFormat(), 8, 16, Allocation::Paged);
        const KvSizing striped(s.model, s.kvFormat(), 8, 16, Allocation::Paged, 8);
        const double notRead
            = r.servedConcurrency * (whole.gpuSequenceBytes(8192) - striped.gpuSequenceBytes(8192)) / read;
        const double streamPlain = p.decodeStepSeconds - p.decodeAllReduceSeconds;
        const double streamDcp = r.decodeStepSeconds - r.decodeAllReduceSeconds - r.decodeContextSeconds;
        KV_COMPARE_NEAR(streamPlain - streamDcp, notRead, 1e-12);
        // The trade engines report: at 8K tokens the exchange costs more than the read it
        // saves (a slower step, for 8× the room); at 32K the read saved wins.
        QVERIFY2(r.decodeStepSeconds > p.decodeStepSeconds,
            qPrintable(QString("%1 vs %2").arg(r.decodeStepSeconds).arg(p.decodeStepSeconds)));
        const EvalResult longDcp = evaluate(scenario(
            "deepseek-v2", { { "context", 32768 }, { "tp", 8 }, { "dcp", 8 }, { "concurrency", 16 } }, "h200-sxm"));
        const EvalResult longPlain = evaluate(
            scenario("deepseek-v2", { { "context", 32768 }, { "tp", 8 }, { "concurrency", 16 } }, "h200-sxm"));
        QCOMPARE(longDcp.servedConcurrency, longPlain.servedConcurrency);
        QVERIFY2(longDcp.decodeStepSeconds < longPlain.decodeStepSeconds,
            qPrintable(QString("%1 vs %2").arg(longDcp.decodeStepSeconds).arg(longPlain.decodeStepSeconds)));
    }

    void stateIsSplitAcrossRanks()
    {
        const ModelCard& m = builtinModel("jamba-v0.1");
        QCOMPARE(sizing(m, 16, 2).gpuSequenceBytes(1), 16384.0 / 2 + 28.0 * 311296 / 2);
    }

    // --- Bit widths ---
    void arbitraryBitWidths()
    {
        const ModelCard& m = builtinModel("llama-3.1-70b");
        const double elements = 80.0 * 8 * 256; // 163,840 per token
        QCOMPARE(sizing(m, 32).bytesPerToken(), elements * 4);
        QCOMPARE(sizing(m, 8).bytesPerToken(), elements);
        QCOMPARE(sizing(m, 4).bytesPerToken(), elements / 2);
        QCOMPARE(sizing(m, 6).bytesPerToken(), elements * 6 / 8);     // 122,880 B
        QCOMPARE(sizing(m, 6.5).bytesPerToken(), elements * 6.5 / 8); // 133,120 B
        // A 32-bit scale per 128 elements: 0.25 bits per element on top of 8.
        QCOMPARE(sizing(m, 8, 1, 16, Allocation::Paged, 0.25).bytesPerToken(), elements * 8.25 / 8); // 168,960 B
    }

    void bitWidthsThroughOverrides()
    {
        QCOMPARE(evaluate(scenario("llama-3.1-70b", { { "kv_dtype", "6.5bit" } })).kvBytesPerToken, 133120.0);
        QCOMPARE(evaluate(scenario("llama-3.1-70b", { { "kv_dtype", "fp8" } })).kvBytesPerToken, 163840.0);
        QCOMPARE(evaluate(scenario("llama-3.1-70b", { { "kv_bits", 8 }, { "kv_scale_bits", 0.25 } })).kvBytesPerToken,
            168960.0);
        QCOMPARE(evaluate(scenario("llama-3.1-70b", { { "kv_bits", 4 }, { "kv_scale_bits", 0.5 } })).kvBytesPerToken,
            163840.0 * 4.5 / 8);
        // A scale needs a format beside it.
        KV_CHECK(expectInputError(
            [] {
                scenario("llama-3.1-70b", { { "kv_scale_bits", 0.25 } });
            },
            { "kv_scale_bits" }));
    }

    // --- Paged versus contiguous allocation ---
    void pagedRoundsUpToWholeBlocks()
    {
        const ModelCard& m = builtinModel("llama-3.1-70b");
        const KvSizing kv = sizing(m, 16, 8, 16, Allocation::Paged);
        // 1,000 tokens take 63 blocks of 16 = 1,008 token slots.
        QCOMPARE(kv.gpuSequenceAllocated(1000), 1008 * 40960.0);
        QCOMPARE(kv.gpuSequenceAllocated(1008), 1008 * 40960.0);
        QCOMPARE(kv.gpuSequenceAllocated(1009), 1024 * 40960.0);
        // Waste is below one block per sequence per layer group.
        for (double c : { 1.0, 15.0, 17.0, 999.0, 131071.0 })
            QVERIFY(kv.gpuSequenceAllocated(c) - kv.gpuSequenceBytes(c) < 16 * 40960.0);
        // Block 256 (TensorRT-LLM-like sizes waste more at short contexts).
        QCOMPARE(sizing(m, 16, 8, 256).gpuSequenceAllocated(1000), 1024 * 40960.0);
        // Sliding layers round their held window, not the context.
        QCOMPARE(sizing(builtinModel("mistral-7b-v0.1"), 16, 1, 16).gpuSequenceAllocated(5000), 4096 * 131072.0);
    }

    void contiguousReservesMaxContext()
    {
        const ModelCard& m = builtinModel("llama-3.1-70b"); // max_context 131,072
        const KvSizing kv = sizing(m, 16, 8, 16, Allocation::Contiguous);
        QCOMPARE(kv.gpuSequenceAllocated(1000), 131072 * 40960.0);
        QCOMPARE(kv.gpuSequenceAllocated(131072), 131072 * 40960.0);
        // Beyond max_context it reserves what the sequence needs.
        QCOMPARE(kv.gpuSequenceAllocated(200000), 200000 * 40960.0);
        // Contiguous reservations cannot be shared block by block.
        QCOMPARE(kv.gpuPrefixBytes(512, 1000, true), 0.0);
    }

    void fragmentationIsAllocatedMinusTokenStates()
    {
        // Through the evaluator: fragmentation = allocated − token states, on the replica.
        const double C = 1000, N = 4;
        for (const char* policy : { "paged", "contiguous" }) {
            const EvalResult r = evaluate(
                scenario("llama-3.1-70b", { { "context", C }, { "concurrency", N }, { "allocation", policy } }));
            const KvSizing kv = sizing(builtinModel("llama-3.1-70b"), 16, 8, 16,
                std::string(policy) == "paged" ? Allocation::Paged : Allocation::Contiguous);
            const double frag = N * (kv.gpuSequenceAllocated(C) - kv.gpuSequenceBytes(C)) * 8;
            QCOMPARE(r.tiers.hbm.fragmentation, frag);
            QCOMPARE(r.tiers.hbm.hotKv, N * C * 327680.0);
            QCOMPARE(r.hotSetAllocatedBytes, r.tiers.hbm.hotKv + r.tiers.hbm.fragmentation);
        }
    }

    void contiguousWastesMostMemoryAtShortContexts()
    {
        // The vLLM paper measured only 20.4–38.2% of KV memory holding token states in
        // systems that reserve the maximum length. Reserving 131,072 tokens for a sequence
        // that holds 32,768 keeps 25% useful — inside that range; at 1,000 tokens under 1%.
        const auto useful = [](double c, Allocation a) {
            const KvSizing kv = sizing(builtinModel("llama-3.1-70b"), 16, 8, 16, a);
            return kv.gpuSequenceBytes(c) / kv.gpuSequenceAllocated(c);
        };
        QCOMPARE(useful(32768, Allocation::Contiguous), 0.25);
        QVERIFY(useful(32768, Allocation::Contiguous) >= 0.204 && useful(32768, Allocation::Contiguous) <= 0.382);
        QVERIFY(useful(1000, Allocation::Contiguous) < 0.01);
        // PagedAttention: "under 4%" waste (vLLM launch post).
        QVERIFY(useful(1000, Allocation::Paged) > 0.96);
        // Fewer sequences fit when each reserves the maximum.
        const EvalResult paged = evaluate(scenario("llama-3.1-70b", { { "context", 1000 } }));
        const EvalResult contiguous
            = evaluate(scenario("llama-3.1-70b", { { "context", 1000 }, { "allocation", "contiguous" } }));
        QVERIFY(contiguous.maxConcurrency * 100 < paged.maxConcurrency);
    }

    void sharedPrefixCountedOnce()
    {
        // docs/model.md §4.2: hot set = N × KV(C) − N × KV(rP) × (1 − 1/S).
        const double C = 8192, N = 8, S = 4, r = 0.5;
        const EvalResult res = evaluate(scenario(
            "llama-3.1-70b", { { "context", C }, { "concurrency", N }, { "reuse_rate", r }, { "sharing", S } }));
        const double P = C, R = std::floor(r * P);
        QCOMPARE(res.hotSetBytes, N * C * 327680.0 - N * R * 327680.0 * (1 - 1 / S));
        QVERIFY(res.tiers.hbm.sharedPrefixes > 0);
    }
};

QTEST_APPLESS_MAIN(TestKvSizing)
#include "tst_kvsizing.moc"
