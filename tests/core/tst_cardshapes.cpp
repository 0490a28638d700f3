// Every built-in card against its sources: each model's KV bytes per token is rebuilt here
// from the shapes its config.json gives (written out below, not read from the card), the
// catalogue has the counts and sources the cards issue asks for, and every model runs on
// every hardware card through evaluate, the sweep and fleet sizing without a NaN.

#include "core/analysis/Fleet.h"
#include "core/analysis/Sweep.h"
#include "core/catalog/CardCatalog.h"
#include "core/model/KvSizing.h"
#include "core/report/FleetReport.h"
#include "core/report/ResultJson.h"
#include "tests/support/TestSupport.h"

#include <cmath>
#include <limits>
#include <map>
#include <set>

using namespace kvtiers;
using namespace kvtiers::test;

namespace {

constexpr double kNoWindow = std::numeric_limits<double>::infinity();
/// Qwen3-Next's Gated DeltaNet state per layer and sequence: 32 x 128 x 128 recurrent plus
/// (2 x 16 x 128 + 32 x 128) x 3 conv elements, in BF16.
constexpr double kGatedDeltaNetState = (32.0 * 128 * 128 + (2.0 * 16 * 128 + 32 * 128) * 3) * 2;

/// One group of identical layers as the source describes it: bytes per token per layer
/// at BF16, the tokens a layer holds at most, and fixed state bytes per sequence.
struct Shape {
    double layers;
    double bytesPerTokenLayer;
    double window = kNoWindow;
    double stateBytesLayer = 0;
};

/// GQA / MHA / MQA attention: K and V of n_kv heads of d dims, 2 bytes each.
constexpr double gqa(double kvHeads, double headDim)
{
    return kvHeads * 2 * headDim * 2;
}
/// MLA: one latent of kv_lora_rank plus the decoupled RoPE key, 2 bytes each.
constexpr double mla(double rank, double rope)
{
    return (rank + rope) * 2;
}

using Shapes = std::vector<Shape>;

// The shapes, model by model, with the source each number comes from.
const std::map<std::string, Shapes>& sourceShapes()
{
    static const std::map<std::string, Shapes> shapes = {
        // Meta Llama 3.1 / 3.3 config.json: 32 / 80 / 126 layers, 8 KV heads, head_dim 128.
        { "llama-3.1-8b", { { 32, gqa(8, 128) } } },
        { "llama-3.1-70b", { { 80, gqa(8, 128) } } },
        { "llama-3.1-405b", { { 126, gqa(8, 128) } } },
        { "llama-3.3-70b", { { 80, gqa(8, 128) } } },
        // Llama 4 Scout / Maverick text_config: 48 layers, 8 KV heads x 128; every 4th layer
        // global NoPE (no_rope_layer_interval 4), the other 36 chunked, attention_chunk_size 8192
        // (at most one chunk held).
        { "llama-4-scout", { { 12, gqa(8, 128) }, { 36, gqa(8, 128), 8192 } } },
        { "llama-4-maverick", { { 12, gqa(8, 128) }, { 36, gqa(8, 128), 8192 } } },
        // Qwen2.5 configs: 7B 28 layers x 4 KV heads, 32B 64 x 8, 72B 80 x 8; head_dim 128.
        { "qwen2.5-7b", { { 28, gqa(4, 128) } } },
        { "qwen2.5-32b", { { 64, gqa(8, 128) } } },
        { "qwen2.5-72b", { { 80, gqa(8, 128) } } },
        // Qwen3 configs (head_dim 128): 8B 36 x 8, 32B 64 x 8, 30B-A3B 48 x 4, 235B-A22B
        // 94 x 4, Coder-480B-A35B 62 x 8.
        { "qwen3-8b", { { 36, gqa(8, 128) } } },
        { "qwen3-32b", { { 64, gqa(8, 128) } } },
        { "qwen3-30b-a3b", { { 48, gqa(4, 128) } } },
        { "qwen3-235b-a22b", { { 94, gqa(4, 128) } } },
        { "qwen3-coder-480b-a35b", { { 62, gqa(8, 128) } } },
        // Qwen3-Next-80B-A3B config: 48 layers, full_attention_interval 4 -> 12 attention
        // layers of 2 KV heads x 256; 36 Gated DeltaNet layers holding 32 x 128 x 128 recurrent
        // + (2 x 16 x 128 + 32 x 128) x 3 conv elements at 2 B.
        { "qwen3-next-80b-a3b",
            { { 12, gqa(2, 256) }, { 36, 0, kNoWindow, (32.0 * 128 * 128 + (2.0 * 16 * 128 + 32 * 128) * 3) * 2 } } },
        // DeepSeek-V2 / V3 / R1 config: 60 / 61 layers, kv_lora_rank 512, qk_rope_head_dim 64.
        { "deepseek-v2", { { 60, mla(512, 64) } } },
        { "deepseek-v3", { { 61, mla(512, 64) } } },
        { "deepseek-r1", { { 61, mla(512, 64) } } },
        // DeepSeek-V3.2 config: the V3 latent in all 61 layers plus the DSA indexer's key,
        // index_head_dim 128, one per token per layer.
        { "deepseek-v3.2", { { 61, mla(512, 64) }, { 61, 128 * 2 } } },
        // DeepSeek LLM 67B config: 95 layers, 8 KV heads x 128.
        { "deepseek-67b", { { 95, gqa(8, 128) } } },
        // The outlook's MLA and hybrid variants (not released models): the base's layers with
        // DeepSeek-V3's latent (kv_lora_rank 512, qk_rope_head_dim 64), or one layer in four
        // kept as the base's attention and the rest Qwen3-Next's Gated DeltaNet state.
        { "llama-3.1-8b-mla-variant", { { 32, mla(512, 64) } } },
        { "qwen2.5-7b-mla-variant", { { 28, mla(512, 64) } } },
        { "glm-4.5-mla-variant", { { 92, mla(512, 64) } } },
        { "llama-3.1-70b-mla-variant", { { 80, mla(512, 64) } } },
        { "llama-3.1-8b-hybrid-variant", { { 8, gqa(8, 128) }, { 24, 0, kNoWindow, kGatedDeltaNetState } } },
        { "qwen2.5-7b-hybrid-variant", { { 7, gqa(4, 128) }, { 21, 0, kNoWindow, kGatedDeltaNetState } } },
        { "glm-4.5-hybrid-variant", { { 23, gqa(8, 128) }, { 69, 0, kNoWindow, kGatedDeltaNetState } } },
        { "llama-3.1-70b-hybrid-variant", { { 20, gqa(8, 128) }, { 60, 0, kNoWindow, kGatedDeltaNetState } } },
        // Kimi K2 config: 61 MLA layers, kv_lora_rank 512, qk_rope_head_dim 64.
        { "kimi-k2", { { 61, mla(512, 64) } } },
        // gpt-oss config: layer_types alternating sliding (window 128) / full; 8 KV heads x 64;
        // 36 layers (120b), 24 (20b).
        { "gpt-oss-120b", { { 18, gqa(8, 64) }, { 18, gqa(8, 64), 128 } } },
        { "gpt-oss-20b", { { 12, gqa(8, 64) }, { 12, gqa(8, 64), 128 } } },
        // Gemma 2 27B: 46 layers alternating local 4096 / global, 16 KV heads x 128.
        { "gemma-2-27b", { { 23, gqa(16, 128) }, { 23, gqa(16, 128), 4096 } } },
        // Gemma 3 27B: 62 layers, every 6th global (10), 52 local with window 1024; 16 x 128.
        { "gemma-3-27b", { { 10, gqa(16, 128) }, { 52, gqa(16, 128), 1024 } } },
        // Mistral 7B v0.1: 32 layers, 8 KV heads x 128, sliding_window 4096 on every layer.
        { "mistral-7b-v0.1", { { 32, gqa(8, 128), 4096 } } },
        // Mixtral 8x7B: 32 x 8 x 128; 8x22B: 56 x 8 x 128; sliding_window null.
        { "mixtral-8x7b", { { 32, gqa(8, 128) } } },
        { "mixtral-8x22b", { { 56, gqa(8, 128) } } },
        // Mistral Large 2411: 88 layers, 8 KV heads x 128.
        { "mistral-large-2411", { { 88, gqa(8, 128) } } },
        // Phi-4: 40 layers, 10 KV heads, 5120 / 40 = 128.
        { "phi-4", { { 40, gqa(10, 128) } } },
        // GLM-4.5: 92 layers, GLM-4.5-Air: 46; 8 KV heads x 128 (head_dim stated).
        { "glm-4.5", { { 92, gqa(8, 128) } } },
        { "glm-4.5-air", { { 46, gqa(8, 128) } } },
        // Jamba v0.1: attention every 8th layer (4 of 32), 8 KV heads x 128; 28 Mamba layers of
        // d_inner 8192 x (d_state 16 + d_conv 4 - 1) elements at 2 B.
        { "jamba-v0.1", { { 4, gqa(8, 128) }, { 28, 0, kNoWindow, 8192.0 * (16 + 3) * 2 } } },
        // Nemotron Nano 9B v2: hybrid_override_pattern has 4 attention blocks (8 KV heads x 128)
        // and 27 Mamba-2 blocks of 128 heads x 80 x state 128 + (10240 + 2 x 8 x 128) x 3 conv.
        { "nemotron-nano-9b-v2",
            { { 4, gqa(8, 128) }, { 27, 0, kNoWindow, (128.0 * 80 * 128 + (10240.0 + 2 * 8 * 128) * 3) * 2 } } },
        // OPT-175B: 96 layers of MHA, 96 heads x 128.
        { "opt-175b", { { 96, gqa(96, 128) } } },
    };
    return shapes;
}

double perToken(const Shapes& s)
{
    double b = 0;
    for (const auto& g : s)
        b += g.layers * g.bytesPerTokenLayer;
    return b;
}

double perSequence(const Shapes& s, double tokens)
{
    double b = 0;
    for (const auto& g : s)
        b += g.layers * (g.bytesPerTokenLayer * std::min(tokens, g.window) + g.stateBytesLayer);
    return b;
}

KvSizing bf16(const ModelCard& m)
{
    return KvSizing(m, KvFormat { 16, 0 }, 1, 16, Allocation::Paged);
}

/// The first NaN in a JSON tree, or an infinity outside the keys that may be infinite
/// (a break-even that never comes); empty when there is none.
std::string badNumber(const Json& j, const std::string& path = "")
{
    if (j.is_object()) {
        for (auto it = j.begin(); it != j.end(); ++it) {
            const std::string p = badNumber(it.value(), path + "." + it.key());
            if (!p.empty())
                return p;
        }
    } else if (j.is_array()) {
        for (size_t i = 0; i < j.size(); ++i) {
            const std::string p = badNumber(j[i], path + "[" + std::to_string(i) + "]");
            if (!p.empty())
                return p;
        }
    } else if (j.is_number_float()) {
        const double v = j.get<double>();
        if (std::isnan(v))
            return path + " is NaN";
        if (std::isinf(v) && path.find("break_even") == std::string::npos)
            return path + " is infinite";
    }
    return {};
}

bool isFiniteFigure(double v)
{
    return std::isfinite(v);
}

/// The largest TP that fits the server and that every attention group's KV heads allow
/// (vLLM: heads % TP == 0 or TP % heads == 0), as a user would pick for the pair.
int largestValidTp(const ModelCard& m, int gpus)
{
    for (int tp = gpus; tp > 1; --tp) {
        if (gpus % tp != 0)
            continue;
        bool ok = true;
        for (const auto& g : m.groups)
            if (g.numKvHeads > 0 && g.numKvHeads % tp != 0 && tp % g.numKvHeads != 0)
                ok = false;
        if (ok)
            return tp;
    }
    return 1;
}

} // namespace

class TestCardShapes : public QObject {
    Q_OBJECT
private slots:
    void everyModelHasItsShapesWrittenHere()
    {
        for (const auto& [id, card] : CardCatalog::builtin().models())
            QVERIFY2(sourceShapes().count(id), qPrintable(QString::fromStdString(id) + ": add its source shapes"));
    }

    void kvBytesPerTokenMatchTheSources_data()
    {
        QTest::addColumn<QString>("id");
        for (const auto& [id, shapes] : sourceShapes())
            QTest::newRow(id.c_str()) << QString::fromStdString(id);
    }

    void kvBytesPerTokenMatchTheSources()
    {
        QFETCH(QString, id);
        const auto& models = CardCatalog::builtin().models();
        QVERIFY2(models.count(id.toStdString()), qPrintable(id + " is not a built-in card"));
        const ModelCard& m = models.at(id.toStdString());
        const Shapes& s = sourceShapes().at(id.toStdString());
        QCOMPARE(bf16(m).bytesPerToken(), perToken(s));
        // Windows, chunks and state: whole sequences below, at and far beyond every window.
        for (double tokens : { 0.0, 100.0, 1000.0, 8192.0, 32768.0, 131072.0 })
            QCOMPARE(bf16(m).sequenceBytes(tokens), perSequence(s, tokens));
    }

    void catalogueCounts()
    {
        const auto& c = CardCatalog::builtin();
        QVERIFY2(c.models().size() >= 30, qPrintable(QString::number(c.models().size())));
        QVERIFY2(c.hardware().size() >= 16, qPrintable(QString::number(c.hardware().size())));
        for (const char* id : { "qwen3-235b-a22b", "qwen3-coder-480b-a35b", "kimi-k2", "gpt-oss-120b", "llama-4-scout",
                 "llama-4-maverick", "qwen3-next-80b-a3b", "deepseek-v3.2", "glm-4.5-air" })
            QVERIFY2(c.models().count(id), id);
        for (const char* id : { "mi300x", "mi325x", "mi355x", "b300", "gb200-nvl72", "gb300-nvl72", "h20", "l40s" })
            QVERIFY2(c.hardware().count(id), id);
    }

    void everyCardNamesAWebSource()
    {
        auto web = [](const std::vector<Source>& sources) {
            for (const auto& s : sources)
                if (!s.title.empty() && s.url.starts_with("https://"))
                    return true;
            return false;
        };
        for (const auto& [id, m] : CardCatalog::builtin().models())
            QVERIFY2(web(m.sources), id.c_str());
        for (const auto& [id, h] : CardCatalog::builtin().hardware())
            QVERIFY2(web(h.sources), id.c_str());
    }

    void everyGpuWithFp8HasItsRate()
    {
        // Ampere and Turing have no FP8 tensor cores; everything newer does, but TPU v6e
        // (Google gives Int8, no FP8 rate).
        const std::set<std::string> noFp8 = { "a100-80gb", "a800", "t4", "tpu-v6e" };
        // FP4 tensor units: Blackwell and Rubin (NVIDIA), CDNA 4 and 5 (AMD), Trainium3 (MXFP4).
        const std::set<std::string> fp4 = { "b200", "b300", "gb200-nvl72", "gb300-nvl72", "mi355x", "rtx-pro-6000",
            "vr-nvl72", "mi455x-helios", "trainium3" };
        for (const auto& [id, h] : CardCatalog::builtin().hardware()) {
            QVERIFY2(h.bf16Flops > 0, id.c_str());
            if (noFp8.count(id))
                QVERIFY2(h.fp8Flops == 0 && h.fp4Flops == 0, id.c_str());
            else
                QVERIFY2(h.fp8Flops >= h.bf16Flops, id.c_str()); // FP8 runs at least at the BF16 rate
            if (fp4.count(id))
                QVERIFY2(h.fp4Flops >= h.fp8Flops, id.c_str());
            else
                QVERIFY2(h.fp4Flops == 0, id.c_str());
        }
    }

    void everyModelOnEveryHardware()
    {
        // The GUI offers every pair: none may produce a NaN, an unexplained infinity or an
        // empty chart. Sized at 32K tokens so every model's context allows it.
        const auto& c = CardCatalog::builtin();
        int pairs = 0;
        for (const auto& [mid, model] : c.models()) {
            for (const auto& [hid, hw] : c.hardware()) {
                const std::string what = mid + " on " + hid;
                const int tp = largestValidTp(model, hw.gpusPerServer);
                Scenario s = scenario(
                    mid, Json { { "context", std::min<std::int64_t>(32768, model.maxContext) }, { "tp", tp } }, hid);
                const EvalResult r = evaluate(s);
                const std::string bad = badNumber(resultToJson(s, r));
                QVERIFY2(bad.empty(), (what + ": " + bad).c_str());

                const SweepResult ctx = sweep(s, SweepAxis::Context, 1024, static_cast<double>(model.maxContext), 8);
                QVERIFY2(!ctx.points.empty(), what.c_str());
                const SweepResult conc = sweep(s, SweepAxis::Concurrency, 1, 256, 6);
                QVERIFY2(!conc.points.empty(), what.c_str());
                for (const auto* sw : { &ctx, &conc })
                    for (const auto& p : sw->points)
                        QVERIFY2(isFiniteFigure(p.x) && isFiniteFigure(p.tiers.hbm.used())
                                && isFiniteFigure(p.tiers.dram.used()) && isFiniteFigure(p.tiers.ssd.used())
                                && isFiniteFigure(p.overflowBytes) && isFiniteFigure(p.maxConcurrency)
                                && isFiniteFigure(p.tokensPerSecond) && !std::isnan(p.achievedReuse),
                            what.c_str());
                QVERIFY2(!std::isnan(ctx.hbmFullAt), what.c_str());

                // Fleet sizing either sizes a finite fleet or says why it cannot (an
                // InputError naming the target); it never returns NaN.
                FleetInput in;
                FleetEntry e;
                e.label = mid;
                e.spec.model = mid;
                e.spec.hardware = hid;
                e.spec.overrides = Json { { "context", std::min<std::int64_t>(8192, model.maxContext) },
                    { "output_tokens", 512 }, { "tp", tp } };
                in.mix.push_back(e);
                in.requestsPerSecond = 1;
                in.targets.ttftSeconds = 60;
                in.targets.tpotSeconds = 1;
                try {
                    const FleetResult f = sizeFleet(c, in);
                    QVERIFY2(isFiniteFigure(f.gpus) && f.gpus > 0 && isFiniteFigure(f.servers)
                            && isFiniteFigure(f.bytes.hbm) && isFiniteFigure(f.bytes.dram)
                            && isFiniteFigure(f.bytes.ssd),
                        what.c_str());
                    const std::string badFleet = badNumber(fleetToJson(f));
                    QVERIFY2(badFleet.empty(), (what + ": " + badFleet).c_str());
                } catch (const InputError& ex) {
                    // Refused with a reason only where the weights alone fill the server's
                    // HBM (they would stream from DRAM and miss any decode target).
                    const double weights = model.paramsTotal * model.weightBits / 8;
                    QVERIFY2(
                        weights > 0.9 * hw.hbmBytes * hw.gpusPerServer / 2, (what + " refused: " + ex.what()).c_str());
                }
                ++pairs;
            }
        }
        QCOMPARE(pairs, static_cast<int>(c.models().size() * c.hardware().size()));
    }
};

QTEST_GUILESS_MAIN(TestCardShapes)
#include "tst_cardshapes.moc"
