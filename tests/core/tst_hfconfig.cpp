// Importing Hugging Face config.json files. The configs under data/hf/ were
// written for these tests from the public model specifications (the fields that matter,
// in the layout of the released configs). Each family is checked against the exact KV
// bytes per token and per request that docs/model.md §2 gives:
//   b_full = n_kv × (d_k + d_v) × e,  b_mla = (kv_lora_rank + rope) × e,
//   KV(C)  = Σ_full b × C + Σ_sliding b × min(C, W) + Σ_state S.

#include "core/cards/HfConfig.h"
#include "core/io/InputError.h"
#include "core/io/Units.h"
#include "core/model/KvSizing.h"
#include "tests/support/TestSupport.h"

using namespace kvtiers;
using namespace kvtiers::test;

namespace {

std::string dataPath(const QString& name)
{
    const QString p = QFINDTESTDATA(QStringLiteral("data/hf/") + name);
    return p.toStdString();
}

Json loadJson(const QString& name)
{
    const std::string path = dataPath(name);
    return parseStrictJson(readInputFile(path), path);
}

ModelCard load(const QString& name)
{
    return importHfConfig(loadJson(name), name.toStdString());
}

KvSizing bf16(const ModelCard& m)
{
    return KvSizing(m, KvFormat { 16, 0 }, 1, 16, Allocation::Paged);
}

/// The layers of one kind (and, for sliding, one window) in a card.
std::int64_t layersOf(const ModelCard& m, LayerKind kind, std::int64_t window = 0)
{
    std::int64_t n = 0;
    for (const auto& g : m.groups)
        if (g.kind == kind && (window == 0 || g.window == window))
            n += g.layers;
    return n;
}

QString importError(const Json& config, const std::string& origin = "config.json")
{
    try {
        importHfConfig(config, origin);
    } catch (const InputError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

} // namespace

class TestHfConfig : public QObject {
    Q_OBJECT
private slots:
    void llama31_70bEqualsTheBuiltInCard()
    {
        const ModelCard m = load("llama-3.1-70b.json");
        const ModelCard& builtin = CardCatalog::builtin().models().at("llama-3.1-70b");
        QCOMPARE(bf16(m).bytesPerToken(), 327680.0);
        QCOMPARE(bf16(m).bytesPerToken(), bf16(builtin).bytesPerToken());
        QCOMPARE(bf16(m).sequenceBytes(131072), 40 * GiB);
        QCOMPARE(m.paramsTotal, builtin.paramsTotal); // 70,553,706,496 from the shapes
        QCOMPARE(m.paramsActive, m.paramsTotal);
        QCOMPARE(m.maxContext, std::int64_t(131072));
        QCOMPARE(m.weightBits, 16.0);
        QCOMPARE(m.groups.size(), size_t(1));
        QCOMPARE(m.groups[0].numKvHeads, std::int64_t(8));
        QCOMPARE(m.groups[0].kHeadDim, std::int64_t(128));
        QCOMPARE(m.groups[0].numHeads, std::int64_t(64));
        // Identity and provenance.
        QCOMPARE(m.id, std::string("meta-llama-llama-3.1-70b"));
        QCOMPARE(m.name, std::string("meta-llama/Llama-3.1-70B"));
        QCOMPARE(m.sources.size(), size_t(1));
        QCOMPARE(m.sources[0].title, std::string("Hugging Face config.json"));
        QCOMPARE(m.sources[0].url, std::string("file:llama-3.1-70b.json"));
        QVERIFY(m.notes.find("Imported from a Hugging Face config.json") != std::string::npos);
        QVERIFY(m.notes.find("parameters estimated from the shapes") != std::string::npos);
    }

    void llama4ScoutNestedUnderTextConfig()
    {
        // 48 layers; RoPE layers use chunked attention (8192), every 4th (NoPE) is global.
        const ModelCard m = load("llama-4-scout.json");
        QCOMPARE(layersOf(m, LayerKind::Full), std::int64_t(12));
        QCOMPARE(layersOf(m, LayerKind::Chunked), std::int64_t(36));
        for (const auto& g : m.groups)
            if (g.kind == LayerKind::Chunked)
                QCOMPARE(g.chunk, std::int64_t(8192)); // attention_chunk_size
        const double b = 8 * (128 + 128) * 2;          // 4,096 B per layer per token
        QCOMPARE(bf16(m).bytesPerToken(), 48 * b);
        QCOMPARE(bf16(m).sequenceBytes(4096), 48 * b * 4096);
        QCOMPARE(bf16(m).sequenceBytes(131072), 12 * b * 131072 + 36 * b * 8192);
        QCOMPARE(m.maxContext, std::int64_t(10485760));
        QVERIFY(m.paramsActive < m.paramsTotal);     // 16 experts, 1 per token
        KV_COMPARE_NEAR(m.paramsTotal, 108e9, 0.02); // Meta: 109B total
        KV_COMPARE_NEAR(m.paramsActive, 17e9, 0.03); // 17B active
        QVERIFY(m.notes.find("chunked") != std::string::npos);
        // The import equals the built-in card, built from the same config.
        QCOMPARE(bf16(m).sequenceBytes(131072),
            bf16(CardCatalog::builtin().models().at("llama-4-scout")).sequenceBytes(131072));
        QCOMPARE(m.paramsTotal, CardCatalog::builtin().models().at("llama-4-scout").paramsTotal);
    }

    void mistral7bSlidesOnEveryLayer()
    {
        const ModelCard m = load("mistral-7b-v0.1.json");
        QCOMPARE(layersOf(m, LayerKind::Sliding, 4096), std::int64_t(32));
        QCOMPARE(bf16(m).bytesPerToken(), 131072.0);
        QCOMPARE(bf16(m).sequenceBytes(2048), 131072.0 * 2048); // below the window
        QCOMPARE(bf16(m).sequenceBytes(8192), 131072.0 * 4096); // capped at the window
        QCOMPARE(bf16(m).sequenceBytes(8192), 536870912.0);
    }

    void mixtralIsFullAttentionMoe()
    {
        const ModelCard m = load("mixtral-8x7b.json");
        QCOMPARE(layersOf(m, LayerKind::Full), std::int64_t(32)); // sliding_window null
        QCOMPARE(bf16(m).bytesPerToken(), 131072.0);
        // emb 2 × 32000 × 4096; per layer attention 41,943,040 + 8 experts × 3 × 4096 × 14336 + router + norms
        QCOMPARE(m.paramsTotal, 46702792704.0);
        QCOMPARE(m.paramsActive, 12879925248.0);
    }

    void qwen25_72bEqualsTheBuiltInCard()
    {
        const ModelCard m = load("qwen2.5-72b.json");
        const ModelCard& builtin = CardCatalog::builtin().models().at("qwen2.5-72b");
        QCOMPARE(layersOf(m, LayerKind::Full), std::int64_t(80)); // use_sliding_window false
        QCOMPARE(bf16(m).bytesPerToken(), 327680.0);
        QCOMPARE(m.paramsTotal, builtin.paramsTotal); // q/k/v biases counted: 72,706,203,648
    }

    void qwen2SlidingFromMaxWindowLayers()
    {
        const ModelCard m = load("qwen2-sliding.json");
        QCOMPARE(layersOf(m, LayerKind::Full), std::int64_t(16));
        QCOMPARE(layersOf(m, LayerKind::Sliding, 4096), std::int64_t(8));
        const double b = 2 * (64 + 64) * 2; // head_dim 1024 / 16 = 64
        QCOMPARE(bf16(m).sequenceBytes(1000), 24 * b * 1000);
        QCOMPARE(bf16(m).sequenceBytes(8192), 16 * b * 8192 + 8 * b * 4096);
    }

    void qwen2MoeSharedExperts()
    {
        const ModelCard m = load("qwen2-57b-a14b.json");
        QCOMPARE(bf16(m).bytesPerToken(), 28.0 * 4 * 256 * 2); // 57,344
        QCOMPARE(m.paramsTotal, 57408658944.0);                // Qwen: 57B
        QCOMPARE(m.paramsActive, 14249270784.0);               // Qwen: A14B
    }

    void qwen3HeadDimWinsOverHiddenOverHeads()
    {
        const ModelCard dense = load("qwen3-8b.json");
        QCOMPARE(bf16(dense).bytesPerToken(), 36.0 * 8 * 256 * 2); // 147,456
        // Qwen3-30B-A3B: head_dim 128 although 2048 / 32 = 64.
        const ModelCard moe = load("qwen3-30b-a3b.json");
        QCOMPARE(moe.groups[0].kHeadDim, std::int64_t(128));
        QCOMPARE(bf16(moe).bytesPerToken(), 48.0 * 4 * 256 * 2); // 98,304
        KV_COMPARE_NEAR(moe.paramsTotal, 30.5e9, 0.01);          // Qwen: 30.5B
        KV_COMPARE_NEAR(moe.paramsActive, 3.3e9, 0.03);          // 3.3B activated
    }

    void gemma2AlternatesStartingWithSliding()
    {
        const ModelCard m = load("gemma-2-27b.json");
        const ModelCard& builtin = CardCatalog::builtin().models().at("gemma-2-27b");
        QCOMPARE(layersOf(m, LayerKind::Sliding, 4096), std::int64_t(23));
        QCOMPARE(layersOf(m, LayerKind::Full), std::int64_t(23));
        const double b = 16 * (128 + 128) * 2;     // 8,192
        QCOMPARE(bf16(m).bytesPerToken(), 46 * b); // 376,832 while the window fills
        QCOMPARE(bf16(m).sequenceBytes(2048), 46 * b * 2048);
        QCOMPARE(bf16(m).sequenceBytes(8192), 23 * b * 4096 + 23 * b * 8192);
        QCOMPARE(bf16(m).sequenceBytes(8192), bf16(builtin).sequenceBytes(8192));
        QCOMPARE(m.paramsTotal, builtin.paramsTotal); // tied embeddings, 4 norms per layer
        QCOMPARE(m.weightBits, 32.0);                 // the released config says float32
    }

    void gemma3PatternAndTransformersDefaults()
    {
        // gemma-3-27b-it: text_config omits vocab_size, max_position_embeddings and
        // sliding_window_pattern; transformers' defaults are 262208, 131072 and 6.
        const ModelCard m = load("gemma-3-27b-it.json");
        QCOMPARE(layersOf(m, LayerKind::Sliding, 1024), std::int64_t(52));
        QCOMPARE(layersOf(m, LayerKind::Full), std::int64_t(10)); // layers 5, 11, ..., 59
        const double b = 16 * (128 + 128) * 2;
        QCOMPARE(bf16(m).sequenceBytes(512), 62 * b * 512);
        QCOMPARE(bf16(m).sequenceBytes(32768), 10 * b * 32768 + 52 * b * 1024);
        QCOMPARE(m.maxContext, std::int64_t(131072));
        QCOMPARE(m.paramsTotal, 27009346304.0); // the language model, tied embeddings
        QVERIFY(m.notes.find("transformers defaults") != std::string::npos);
        QVERIFY(m.notes.find("vocab_size 262208") != std::string::npos);
    }

    void gemma3LayerTypesList()
    {
        const ModelCard m = load("gemma3-layer-types.json");
        QCOMPARE(layersOf(m, LayerKind::Sliding, 512), std::int64_t(7));
        QCOMPARE(layersOf(m, LayerKind::Full), std::int64_t(1));
        const double b = 1 * (256 + 256) * 2;
        QCOMPARE(bf16(m).sequenceBytes(256), 8 * b * 256);
        QCOMPARE(bf16(m).sequenceBytes(4096), 1 * b * 4096 + 7 * b * 512);
    }

    void deepseekV2MlaEqualsTheBuiltInCard()
    {
        const ModelCard m = load("deepseek-v2.json");
        const ModelCard& builtin = CardCatalog::builtin().models().at("deepseek-v2");
        QCOMPARE(layersOf(m, LayerKind::Mla), std::int64_t(60));
        QCOMPARE(m.groups[0].kvLoraRank, std::int64_t(512));
        QCOMPARE(m.groups[0].qkRopeHeadDim, std::int64_t(64));
        QCOMPARE(m.groups[0].qkHeadDim, std::int64_t(192));
        QCOMPARE(bf16(m).bytesPerToken(), 60.0 * 576 * 2); // 69,120
        QCOMPARE(bf16(m).sequenceBytes(131072), 60.0 * 576 * 2 * 131072);
        QCOMPARE(m.paramsTotal, builtin.paramsTotal);   // 235,741,434,880
        QCOMPARE(m.paramsActive, builtin.paramsActive); // 21,375,800,320
    }

    void deepseekV3MlaFp8EqualsTheBuiltInCard()
    {
        const ModelCard m = load("deepseek-v3.json");
        const ModelCard& builtin = CardCatalog::builtin().models().at("deepseek-v3");
        QCOMPARE(bf16(m).bytesPerToken(), 61.0 * 576 * 2); // 70,272
        QCOMPARE(bf16(m).bytesPerToken(), bf16(builtin).bytesPerToken());
        QCOMPARE(m.paramsTotal, builtin.paramsTotal);   // 671,026,419,200 (no MTP layer)
        QCOMPARE(m.paramsActive, builtin.paramsActive); // 37,552,297,472
        QCOMPARE(m.weightBits, 8.0);                    // quantization_config fp8
        // MLA is replicated on every TP rank.
        const KvSizing tp8(m, KvFormat { 16, 0 }, 8, 16, Allocation::Paged);
        QCOMPARE(tp8.gpuBytesPerToken(), 70272.0);
    }

    void kimiK2()
    {
        const ModelCard m = load("kimi-k2.json");
        QCOMPARE(m.family, std::string("kimi_k2"));
        QCOMPARE(layersOf(m, LayerKind::Mla), std::int64_t(61));
        QCOMPARE(bf16(m).bytesPerToken(), 61.0 * 576 * 2);
        QCOMPARE(m.paramsTotal, 1026408232448.0); // Moonshot: 1T total
        QCOMPARE(m.paramsActive, 32861500928.0);  // 32B activated
        QCOMPARE(m.weightBits, 8.0);
    }

    void opt175bMhaEqualsTheBuiltInCard()
    {
        const ModelCard m = load("opt-175b.json");
        const ModelCard& builtin = CardCatalog::builtin().models().at("opt-175b");
        QCOMPARE(m.groups[0].numKvHeads, std::int64_t(96)); // no num_key_value_heads: MHA
        QCOMPARE(bf16(m).bytesPerToken(), 4718592.0);       // docs/model.md §6
        QCOMPARE(m.paramsTotal, builtin.paramsTotal);       // 174,604,468,224 with biases, positions
        QCOMPARE(m.maxContext, std::int64_t(2048));
        QVERIFY(m.notes.find("multi-head attention") != std::string::npos);
    }

    void phi3SlidingWindow()
    {
        const ModelCard m = load("phi-3-mini-4k.json");
        QCOMPARE(layersOf(m, LayerKind::Sliding, 2047), std::int64_t(32));
        const double perToken = 32.0 * 32 * (96 + 96) * 2; // head_dim 3072 / 32 = 96: 393,216
        QCOMPARE(bf16(m).bytesPerToken(), perToken);
        QCOMPARE(bf16(m).sequenceBytes(1024), perToken * 1024);
        QCOMPARE(bf16(m).sequenceBytes(4096), perToken * 2047);
        KV_COMPARE_NEAR(m.paramsTotal, 3.82e9, 0.01); // Microsoft: 3.8B
    }

    void gptOssAlternatesViaLayerTypes()
    {
        const ModelCard m = load("gpt-oss-120b.json");
        QCOMPARE(layersOf(m, LayerKind::Sliding, 128), std::int64_t(18));
        QCOMPARE(layersOf(m, LayerKind::Full), std::int64_t(18));
        const double b = 8 * (64 + 64) * 2; // 2,048
        QCOMPARE(bf16(m).sequenceBytes(100), 36 * b * 100);
        QCOMPARE(bf16(m).sequenceBytes(131072), 18 * b * 131072 + 18 * b * 128);
        KV_COMPARE_NEAR(m.paramsTotal, 116.8e9, 0.005);            // OpenAI: 116.8B
        QVERIFY(m.paramsActive > 5.1e9 && m.paramsActive < 5.8e9); // 5.1B without the embeddings
        // MXFP4 experts at 4.25 bits, the rest BF16: about 65 GB of weights.
        QVERIFY(m.weightBits > 4.25 && m.weightBits < 4.6);
        KV_COMPARE_NEAR(m.paramsTotal * m.weightBits / 8, 65e9, 0.03);
    }

    void jambaMambaState()
    {
        const ModelCard m = load("jamba-v0.1.json");
        const ModelCard& builtin = CardCatalog::builtin().models().at("jamba-v0.1");
        QCOMPARE(layersOf(m, LayerKind::Full), std::int64_t(4)); // layers 4, 12, 20, 28
        QCOMPARE(layersOf(m, LayerKind::State), std::int64_t(28));
        // d_inner × (d_state + d_conv − 1) × 2 B = 8192 × 19 × 2
        double state = 0;
        for (const auto& g : m.groups)
            if (g.kind == LayerKind::State)
                state = g.stateBytes;
        QCOMPARE(state, 311296.0);
        QCOMPARE(bf16(m).bytesPerToken(), 16384.0);
        QCOMPARE(bf16(m).sequenceBytes(262144), 16384.0 * 262144 + 28 * 311296.0);
        QCOMPARE(bf16(m).sequenceBytes(262144), bf16(builtin).sequenceBytes(262144));
        QCOMPARE(m.paramsTotal, builtin.paramsTotal);   // 51,570,323,328
        QCOMPARE(m.paramsActive, builtin.paramsActive); // 12,110,311,296
    }

    void qwen3NextGatedDeltaNetState()
    {
        const ModelCard m = load("qwen3-next-80b-a3b.json");
        QCOMPARE(layersOf(m, LayerKind::Full), std::int64_t(12)); // every 4th layer
        QCOMPARE(layersOf(m, LayerKind::State), std::int64_t(36));
        // recurrent 32 × 128 × 128 + conv (2 × 16 × 128 + 32 × 128) × 3 = 548,864 elements × 2 B
        double state = 0;
        for (const auto& g : m.groups)
            if (g.kind == LayerKind::State)
                state = g.stateBytes;
        QCOMPARE(state, 1097728.0);
        const double b = 2 * (256 + 256) * 2; // 2,048
        QCOMPARE(bf16(m).bytesPerToken(), 12 * b);
        QCOMPARE(bf16(m).sequenceBytes(1000), 12 * b * 1000 + 36 * state);
        QCOMPARE(bf16(m).sequenceBytes(262144), 12 * b * 262144 + 36 * state);
        KV_COMPARE_NEAR(m.paramsTotal, 80e9, 0.01);            // Qwen: 80B total
        QVERIFY(m.paramsActive > 3e9 && m.paramsActive < 4e9); // A3B (3.9B with embeddings)
    }

    void unknownModelTypeWithStandardFields()
    {
        const ModelCard m = load("unknown-type.json");
        QCOMPARE(m.family, std::string("frobnicator"));
        QCOMPARE(bf16(m).bytesPerToken(), 24.0 * 4 * 256 * 2);
        QCOMPARE(m.id, std::string("unknown-type")); // no _name_or_path: the file name
        QCOMPARE(m.maxContext, std::int64_t(16384));
    }

    void incompleteConfigNamesEveryMissingField()
    {
        const QString msg = importError(loadJson("incomplete.json"), "incomplete.json");
        QVERIFY2(msg.startsWith("incomplete.json: "), qPrintable(msg));
        for (const char* f : { "num_hidden_layers", "num_attention_heads", "vocab_size", "max_position_embeddings",
                 "intermediate_size" })
            QVERIFY2(msg.contains(f), qPrintable(msg + " lacks " + f));
        const auto fields = missingHfFields(loadJson("incomplete.json"));
        QCOMPARE(fields,
            (std::vector<std::string> { "num_hidden_layers", "num_attention_heads", "vocab_size",
                "max_position_embeddings", "intermediate_size" }));
        // Filling them in makes the config import.
        Json filled = loadJson("incomplete.json");
        filled["num_hidden_layers"] = 32;
        filled["num_attention_heads"] = 32;
        filled["vocab_size"] = 128256;
        filled["max_position_embeddings"] = 131072;
        filled["intermediate_size"] = 14336;
        QVERIFY(missingHfFields(filled).empty());
        QCOMPARE(importHfConfig(filled, "filled").paramsTotal,
            CardCatalog::builtin().models().at("llama-3.1-8b").paramsTotal);
    }

    void malformedValuesNameTheirFields()
    {
        const QString msg = importError(loadJson("malformed-values.json"));
        QVERIFY2(msg.contains("num_attention_heads: must be a whole number"), qPrintable(msg));
        QVERIFY2(msg.contains("num_hidden_layers: must be a whole number"), qPrintable(msg));
        const auto fields = missingHfFields(loadJson("malformed-values.json"));
        QVERIFY(std::find(fields.begin(), fields.end(), "num_attention_heads") != fields.end());
        QVERIFY(std::find(fields.begin(), fields.end(), "num_hidden_layers") != fields.end());
    }

    void errorsHaveAStructuredFormPartByPart()
    {
        // The one message names everything; its detail lists the same things, one
        // part per missing field and per problem, in the message's order, so the GUI can
        // word each in its language.
        Json j = loadJson("malformed-values.json");
        j.erase("vocab_size");
        try {
            importHfConfig(j, "config.json");
            QFAIL("imported");
        } catch (const InputError& e) {
            QCOMPARE(std::string(e.what()),
                std::string("config.json: cannot import this config.json: missing vocab_size; num_hidden_layers: "
                            "must be a whole number from 1 to 100,000, not 32.5; num_attention_heads: must be a "
                            "whole number, not \"thirty-two\""));
            const InputErrorDetail& d = e.detail();
            QCOMPARE(d.code, InputErrorCode::HfConfigCannotImport);
            QCOMPARE(d.where, std::string("config.json"));
            QCOMPARE(d.parts.size(), size_t(3));
            QCOMPARE(d.parts[0].code, InputErrorCode::MissingField);
            QCOMPARE(d.parts[0].where, std::string("vocab_size"));
            QCOMPARE(d.parts[1].code, InputErrorCode::HfWholeNumberOutOfRange);
            QCOMPARE(d.parts[1].where, std::string("num_hidden_layers"));
            QCOMPARE(d.parts[1].value, std::string("32.5"));
            QCOMPARE(d.parts[1].min, std::string("1"));
            QCOMPARE(d.parts[1].max, std::string("100,000"));
            QCOMPARE(d.parts[2].code, InputErrorCode::HfNotWholeNumber);
            QCOMPARE(d.parts[2].where, std::string("num_attention_heads"));
            QCOMPARE(d.parts[2].value, std::string("\"thirty-two\""));
            // The fields a front end asks for are the parts' paths.
            std::vector<std::string> wheres;
            for (const auto& p : d.parts)
                wheres.push_back(p.where);
            QCOMPARE(missingHfFields(j), wheres);
        }

        // A nested config: the parts carry the text_config path, as the message does.
        Json nested = loadJson("gemma-3-27b-it.json");
        nested["text_config"]["layer_types"] = "sliding";
        try {
            importHfConfig(nested, "gemma.json");
            QFAIL("imported");
        } catch (const InputError& e) {
            QVERIFY2(
                std::string(e.what()).ends_with(": text_config.layer_types: must be a list of layer kinds"), e.what());
            QCOMPARE(e.detail().parts.size(), size_t(1));
            QCOMPARE(e.detail().parts[0].code, InputErrorCode::HfLayerTypesNotList);
            QCOMPARE(e.detail().parts[0].where, std::string("text_config.layer_types"));
        }

        // Not an object: its own code, no parts.
        try {
            importHfConfig(Json::array(), "config.json");
            QFAIL("imported");
        } catch (const InputError& e) {
            QCOMPARE(e.detail().code, InputErrorCode::HfConfigNotObject);
            QVERIFY(e.detail().parts.empty());
        }
    }

    void nestedMissingFieldsCarryTheirPath()
    {
        Json j = loadJson("gemma-3-27b-it.json");
        j["text_config"].erase("num_hidden_layers");
        j["text_config"].erase("hidden_size");
        const auto fields = missingHfFields(j);
        QCOMPARE(fields, (std::vector<std::string> { "text_config.num_hidden_layers", "text_config.hidden_size" }));
        QVERIFY(importError(j).contains("text_config.num_hidden_layers"));
    }

    void familySpecificFieldsAreNamed()
    {
        Json mla = loadJson("deepseek-v3.json");
        mla.erase("qk_rope_head_dim");
        mla.erase("v_head_dim");
        QVERIFY(importError(mla).contains("qk_rope_head_dim, v_head_dim"));

        Json swa = loadJson("gpt-oss-120b.json");
        swa.erase("sliding_window");
        QVERIFY2(importError(swa).contains("sliding_window"), qPrintable(importError(swa)));

        Json types = loadJson("gpt-oss-120b.json");
        types["layer_types"].erase(0);
        QVERIFY2(importError(types).contains("layer_types: lists 35 layers but num_hidden_layers is 36"),
            qPrintable(importError(types)));

        Json typo = loadJson("gemma3-layer-types.json");
        typo["layer_types"][3] = "sliding";
        typo["layer_types"][4] = "slidnig_attention";
        QVERIFY2(
            importError(typo).contains("layer_types: entry 4 is \"slidnig_attention\""), qPrintable(importError(typo)));

        Json jamba = loadJson("jamba-v0.1.json");
        jamba.erase("mamba_d_state");
        jamba.erase("attn_layer_period");
        QVERIFY(importError(jamba).contains("attn_layer_period"));
        QVERIFY(importError(jamba).contains("mamba_d_state"));

        Json next = loadJson("qwen3-next-80b-a3b.json");
        next.erase("linear_num_value_heads");
        QVERIFY(importError(next).contains("linear_num_value_heads"));

        Json head = loadJson("unknown-type.json");
        head["num_attention_heads"] = 15; // 2048 is not a multiple of 15
        QVERIFY2(importError(head).contains("head_dim: is missing and hidden_size 2,048 is not a multiple"),
            qPrintable(importError(head)));

        QVERIFY(importError(Json::array()).contains("must be a JSON object"));
    }

    void resolveModelImportsAConfigFile()
    {
        const std::string path = dataPath("mistral-7b-v0.1.json");
        const ModelCard m = CardCatalog::builtin().resolveModel(path);
        QCOMPARE(layersOf(m, LayerKind::Sliding, 4096), std::int64_t(32));
        QCOMPARE(m.id, std::string("mistral-7b-v0.1"));
        // The same scenario path the CLI and the GUI use.
        const EvalResult r = evaluate(scenario(path, { { "context", 8192 }, { "kv_bits", 16 }, { "tp", 1 } }));
        QCOMPARE(r.kvBytesPerRequest, 536870912.0);
        // A kvtiers card is still read as a card.
        QVERIFY(!looksLikeHfConfig(CardCatalog::builtin().models().at("llama-3.1-8b").toJson()));
        QVERIFY(looksLikeHfConfig(loadJson("llama-3.1-70b.json")));
    }

    void importedCardRoundTripsAsACard()
    {
        for (const char* f : { "gemma-3-27b-it.json", "jamba-v0.1.json", "deepseek-v3.json", "gpt-oss-120b.json" }) {
            const ModelCard m = load(f);
            const ModelCard back = parseModelCard(m.toJson(), "saved");
            QCOMPARE(back.totalLayers(), m.totalLayers());
            QCOMPARE(bf16(back).sequenceBytes(65536), bf16(m).sequenceBytes(65536));
            QCOMPARE(back.paramsTotal, m.paramsTotal);
        }
    }

    void nestedUnderFieldsImportsAsTheFlatConfig()
    {
        // The reviewer's reference record: Qwen2.5-72B's fields under "fields", beside
        // "model_id" and "derived". Read there: 8 KV heads, 80 × 8 × 256 × 2 = 327,680 B per
        // token, and the parameters of the flat config.json and the built-in card (72.7B).
        const Json nested = loadJson("qwen2.5-72b-nested.json");
        QVERIFY(looksLikeHfConfig(nested));
        QVERIFY(missingHfFields(nested).empty());
        const HfImportReport report = inspectHfConfig(nested);
        QCOMPARE(report.nestedKey, std::string("fields"));
        QVERIFY(!report.kvHeadsAssumed);
        QCOMPARE(hfNestedMessage(report).english(), std::string("The model's fields were read under \"fields\"."));
        const ModelCard m = load("qwen2.5-72b-nested.json");
        QCOMPARE(m.groups.at(0).numKvHeads, std::int64_t(8));
        QCOMPARE(bf16(m).bytesPerToken(), 327680.0);
        QCOMPARE(m.paramsTotal, load("qwen2.5-72b.json").paramsTotal);
        QCOMPARE(m.paramsTotal, CardCatalog::builtin().models().at("qwen2.5-72b").paramsTotal); // 72,706,203,648
        QVERIFY(m.notes.find("fields read under \"fields\"") != std::string::npos);
        // Named from model_id, not from the file.
        QCOMPARE(m.name, std::string("Qwen/Qwen2.5-72B"));
        QCOMPARE(m.id, std::string("qwen-qwen2.5-72b"));
        // Missing fields are reported where they belong: under the key.
        Json partial = nested;
        partial["fields"].erase("num_hidden_layers");
        QCOMPARE(missingHfFields(partial), std::vector<std::string> { "fields.num_hidden_layers" });
    }

    void nestingKeysForWrappers()
    {
        // Multimodal wrappers: the language model under its key even when the top has fields.
        const Json flat = loadJson("qwen2.5-72b.json");
        for (const char* key : { "text_config", "llm_config", "language_config" }) {
            const Json wrapped
                = { { "model_type", "some_vlm" }, { "vision_config", { { "hidden_size", 1024 } } }, { key, flat } };
            QCOMPARE(inspectHfConfig(wrapped).nestedKey, std::string(key));
            QCOMPARE(bf16(importHfConfig(wrapped, "config.json")).bytesPerToken(), 327680.0);
        }
        // Any other key only when the top level states no shape of its own.
        QCOMPARE(inspectHfConfig(Json { { "config", flat } }).nestedKey, std::string("config"));
        Json topShaped = flat;
        topShaped["extra"] = { { "hidden_size", 1 } };
        QCOMPARE(inspectHfConfig(topShaped).nestedKey, std::string());
        QVERIFY(!looksLikeHfConfig(Json { { "fields", { { "note", "no model here" } } } }));
    }

    void absentKvHeadsAreAskedForAndSaid()
    {
        // Without num_key_value_heads Transformers takes num_attention_heads (MHA): Qwen2.5-72B
        // would be 64 heads, 80 × 64 × 256 × 2 = 2,621,440 B per token, 8× the real 327,680.
        Json j = loadJson("qwen2.5-72b.json");
        j.erase("num_key_value_heads");
        const HfImportReport report = inspectHfConfig(j);
        QVERIFY(report.kvHeadsAssumed);
        QCOMPARE(report.assumedKvHeads, std::int64_t(64));
        QCOMPARE(report.kvHeadsPath, std::string("num_key_value_heads"));
        QCOMPARE(hfKvHeadsMessage(report).english(),
            std::string("num_key_value_heads is not given: assuming 64 KV heads (= num_attention_heads, multi-head "
                        "attention), as Transformers does. Most recent models group their heads (grouped-query "
                        "attention) and cache far less: give the model's value if it has one."));
        const ModelCard mha = importHfConfig(j, "config.json");
        QCOMPARE(bf16(mha).bytesPerToken(), 2621440.0);
        QVERIFY(mha.notes.find("num_key_value_heads not given: 64 KV heads assumed") != std::string::npos);
        // Asked for even while the heads themselves are missing, under the nesting key.
        Json nested = loadJson("qwen2.5-72b-nested.json");
        nested["fields"].erase("num_key_value_heads");
        nested["fields"].erase("num_attention_heads");
        const HfImportReport asked = inspectHfConfig(nested);
        QVERIFY(asked.kvHeadsAssumed);
        QCOMPARE(asked.assumedKvHeads, std::int64_t(0));
        QCOMPARE(asked.kvHeadsPath, std::string("fields.num_key_value_heads"));
        QVERIFY(hfKvHeadsMessage(asked).english().starts_with("fields.num_key_value_heads is not given"));
        // MLA caches a latent: nothing to ask. A config that states it: nothing either.
        QVERIFY(!inspectHfConfig(loadJson("deepseek-v3.json")).kvHeadsAssumed);
        QVERIFY(!inspectHfConfig(loadJson("qwen2.5-72b.json")).kvHeadsAssumed);
        QVERIFY(hfKvHeadsMessage(inspectHfConfig(loadJson("qwen2.5-72b.json"))).empty());
    }

    void aConfigSayingMlaAsksForTheLatentNotHeads()
    {
        // The walk's Kimi K2 file: a README's summary under "fields", "attention": "MLA", the
        // latent's dims only as kv_lora_rank_UNCONFIRMED and qk_rope_head_dim_UNCONFIRMED.
        // It imported as 64-head MHA (1,748,992 B per token in BF16).
        const Json j = loadJson("kimi-k2-readme.json");
        const HfImportReport report = inspectHfConfig(j);
        QVERIFY(report.mla);
        QVERIFY(!report.kvHeadsAssumed); // MLA caches a latent, not heads
        for (const char* field : { "fields.kv_lora_rank", "fields.qk_rope_head_dim" })
            QVERIFY2(std::find(report.missing.begin(), report.missing.end(), field) != report.missing.end(), field);
        QCOMPARE(report.offers.size(), std::size_t(2));
        QCOMPARE(report.offers[0].path, std::string("fields.kv_lora_rank"));
        QCOMPARE(report.offers[0].fromKey, std::string("kv_lora_rank_UNCONFIRMED"));
        QCOMPARE(report.offers[0].value, std::int64_t(512));
        QCOMPARE(report.offers[1].path, std::string("fields.qk_rope_head_dim"));
        QCOMPARE(report.offers[1].value, std::int64_t(64));
        QCOMPARE(hfOfferMessages(report).at(0).english(),
            std::string("Offered: fields.kv_lora_rank = 512, as the file gives it under \"kv_lora_rank_UNCONFIRMED\". "
                        "Check it, then import again."));
        // Filled in as the dialog offers them, with the two the README gives only in words.
        Json filled = j;
        filled["fields"]["kv_lora_rank"] = 512;
        filled["fields"]["qk_rope_head_dim"] = 64;
        filled["fields"]["vocab_size"] = 163840;
        filled["fields"]["max_position_embeddings"] = 131072;
        const ModelCard m = importHfConfig(filled, "moonshotai__Kimi-K2-Instruct.config.json");
        QCOMPARE(m.groups.size(), std::size_t(1));
        QCOMPARE(m.groups[0].kind, LayerKind::Mla);
        // 61 × (512 + 64) × 2 B = 70,272 B, the file's own "derived" figure and the built-in card's.
        QCOMPARE(bf16(m).bytesPerToken(), 70272.0);
        QCOMPARE(bf16(m).bytesPerToken(), bf16(CardCatalog::builtin().models().at("kimi-k2")).bytesPerToken());
        QVERIFY2(m.notes.find("qk_nope_head_dim 128") != std::string::npos, m.notes.c_str()); // the default, said
        // Saying MLA by model_type alone asks too.
        Json byType = loadJson("deepseek-v3.json");
        byType.erase("kv_lora_rank");
        const HfImportReport typed = inspectHfConfig(byType);
        QVERIFY(typed.mla);
        QCOMPARE(typed.missing, std::vector<std::string> { "kv_lora_rank" });
    }

    void vocabularyAndTiedEmbeddingsReachTheCard()
    {
        const ModelCard v3 = load("deepseek-v3.json");
        QCOMPARE(v3.vocabSize, std::int64_t(129280));
        QVERIFY(!v3.tieWordEmbeddings);
        const ModelCard tied = load("qwen2-sliding.json");
        QVERIFY(tied.vocabSize > 0);
        QVERIFY(tied.tieWordEmbeddings);
        // Kept through the card's JSON, as a hand-written card states them.
        const ModelCard again = parseModelCard(tied.toJson(), "again");
        QCOMPARE(again.vocabSize, tied.vocabSize);
        QVERIFY(again.tieWordEmbeddings);
    }

    void importedCardsAreNeverNamedConfig()
    {
        Json j = loadJson("qwen2.5-72b.json"); // no _name_or_path
        // A file called config.json: its folder.
        QCOMPARE(
            importHfConfig(j, "/models/Qwen2.5-72B-Instruct/config.json").name, std::string("Qwen2.5-72B-Instruct"));
        QCOMPARE(importHfConfig(j, "Qwen2.5-72B/config.json").id, std::string("qwen2.5-72b"));
        // A flattened Hugging Face id in the file's name, ".config" dropped.
        const ModelCard flat = importHfConfig(j, "Qwen__Qwen2.5-72B.config.json");
        QCOMPARE(flat.name, std::string("Qwen/Qwen2.5-72B"));
        QCOMPARE(flat.id, std::string("qwen-qwen2.5-72b"));
        // No file name worth having (pasted text, a bare config.json): the architecture and size.
        for (const char* origin : { "pasted text", "config.json" }) {
            const ModelCard m = importHfConfig(j, origin);
            QCOMPARE(m.name, std::string("Qwen2 72.7B"));
            QCOMPARE(m.id, std::string("qwen2-72.7b"));
        }
        // No architectures: model_type.
        j.erase("architectures");
        QCOMPARE(importHfConfig(j, "config.json").name, std::string("qwen2 72.7B"));
        // _name_or_path first of all.
        j["_name_or_path"] = "Qwen/Qwen2.5-72B";
        QCOMPARE(importHfConfig(j, "config.json").id, std::string("qwen-qwen2.5-72b"));
    }
};

QTEST_APPLESS_MAIN(TestHfConfig)
#include "tst_hfconfig.moc"
