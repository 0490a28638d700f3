// The data cards (docs/cards.md): every built-in card parses, the
// ids users type exist, every card names a source with a URL, and malformed cards give
// InputError messages that name the file and the field.

#include "core/cards/BuiltinCards.h"
#include "core/model/KvSizing.h"
#include "tests/support/TestSupport.h"

#include <QDir>
#include <QTemporaryDir>

#include <cmath>
#include <fstream>
#include <map>

using namespace kvtiers;
using namespace kvtiers::test;

namespace {

/// The text of a built-in card file (models/<kind>/<file>).
std::string builtinText(std::string_view kind, std::string_view file)
{
    for (const auto& f : builtinCardFiles())
        if (f.kind == kind && f.file == file)
            return std::string(f.text);
    return {};
}

bool hasWebSource(const std::vector<Source>& sources)
{
    for (const auto& s : sources)
        if (!s.title.empty() && (s.url.starts_with("https://") || s.url.starts_with("http://")))
            return true;
    return false;
}

/// A minimal valid model card as JSON, to break one field at a time.
Json minimalModel()
{
    return Json { { "id", "tiny" }, { "name", "Tiny" }, { "params_total", 1000000 }, { "max_context", 4096 },
        { "layer_groups",
            Json::array({ { { "kind", "full" }, { "layers", 2 }, { "num_kv_heads", 2 }, { "k_head_dim", 64 },
                { "v_head_dim", 64 } } }) },
        { "sources", Json::array({ { { "title", "made up" }, { "url", "https://example.org" } } }) } };
}

QString modelError(const Json& j, const std::initializer_list<const char*>& needles)
{
    return expectInputError([&] { loadModelCard(j.dump(), "tiny.json"); }, needles);
}

} // namespace

class TestCards : public QObject {
    Q_OBJECT
private slots:
    void everyBuiltinCardParses()
    {
        // CardCatalog::builtin() parses every file (it would throw otherwise); check that
        // each embedded file became a card.
        const auto& c = CardCatalog::builtin();
        size_t models = 0, hardware = 0, workloads = 0;
        for (const auto& f : builtinCardFiles()) {
            models += f.kind == "models";
            hardware += f.kind == "hardware";
            workloads += f.kind == "workloads";
        }
        QCOMPARE(c.models().size(), models);
        QCOMPARE(c.hardware().size(), hardware);
        QCOMPARE(c.workloads().size(), workloads);
        QVERIFY(models >= 11 && hardware >= 6 && workloads >= 8);
    }

    void cardsCiteOnlyWhatShipsWithThem()
    {
        // A card's sources and notes are read by users of the repository and the package:
        // they may point into the repository (file:docs/...), never into a developer's tree.
        for (const auto& f : builtinCardFiles()) {
            const std::string text(f.text);
            const std::string where = std::string(f.kind) + "/" + std::string(f.file);
            QVERIFY2(text.find("shared/") == std::string::npos, where.c_str());
            QVERIFY2(text.find("MODEL.md") == std::string::npos, where.c_str());
            for (size_t at = text.find("\"file:"); at != std::string::npos; at = text.find("\"file:", at + 1))
                QVERIFY2(text.compare(at, 11, "\"file:docs/") == 0, where.c_str());
        }
    }

    void requiredIdsExist()
    {
        const auto& c = CardCatalog::builtin();
        for (const char* id : { "llama-3.1-8b", "llama-3.1-70b", "llama-3.1-405b", "deepseek-67b", "deepseek-v2",
                 "deepseek-v3", "opt-175b", "mistral-7b-v0.1", "gemma-2-27b", "qwen2.5-72b" })
            QVERIFY2(c.models().count(id), id);
        for (const char* id : { "h100-sxm", "h200-sxm", "b200", "gh200", "a100-80gb", "t4" })
            QVERIFY2(c.hardware().count(id), id);
        for (const char* id :
            { "article", "mooncake", "flexgen", "chat", "agentic-coding", "rag-long", "code-completion", "reasoning" })
            QVERIFY2(c.workloads().count(id), id);
        for (const char* id : { "steady", "agents-long-context", "efficiency" })
            QVERIFY2(c.outlooks().count(id), id);
        // At least one hybrid with state layers.
        bool hybrid = false;
        for (const auto& [id, m] : c.models())
            for (const auto& g : m.groups)
                hybrid = hybrid || g.kind == LayerKind::State;
        QVERIFY(hybrid);
        // The H200 has a measured link curve beside the datasheet card (docs/model.md §7).
        QVERIFY(!c.hardware().at("h200-sxm-measured").link.curve.empty());
    }

    void idsAreWhatUsersType()
    {
        // docs/cards.md: lowercase, [a-z0-9.-]; the id equals the file name.
        const auto ok = [](const std::string& id) {
            return !id.empty() && std::all_of(id.begin(), id.end(), [](char ch) {
                return (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '.' || ch == '-';
            });
        };
        for (const auto& f : builtinCardFiles()) {
            if (f.kind != "models" && f.kind != "hardware" && f.kind != "workloads")
                continue;
            const Json j = parseStrictJson(f.text, std::string(f.file));
            const std::string id = j.at("id").get<std::string>();
            QVERIFY2(ok(id), id.c_str());
            QCOMPARE(id + ".json", std::string(f.file));
        }
    }

    void everyCardHasAWebSource()
    {
        const auto& c = CardCatalog::builtin();
        for (const auto& [id, m] : c.models())
            QVERIFY2(hasWebSource(m.sources), id.c_str());
        for (const auto& [id, h] : c.hardware())
            QVERIFY2(hasWebSource(h.sources), id.c_str());
        for (const auto& [id, w] : c.workloads())
            QVERIFY2(hasWebSource(w.sources), id.c_str());
    }

    void everyHardwareCardSaysWhichFiguresAreMeasured()
    {
        // Each hardware card's notes end with "Figures: datasheet: ...", saying which of its
        // figures are the datasheet's, which measured (or transferred from a measured GPU),
        // which assumed; a link curve names where it was measured.
        for (const auto& [id, h] : CardCatalog::builtin().hardware()) {
            const std::size_t at = h.notes.find("Figures: ");
            QVERIFY2(at != std::string::npos, id.c_str());
            const std::string figures = h.notes.substr(at);
            // A card built on an announcement has no datasheet: it says which figures are
            // the vendor's announcement.
            QVERIFY2(
                figures.find(h.announced() ? "vendor announcement" : "datasheet") != std::string::npos, id.c_str());
            QVERIFY2(figures.find("assum") != std::string::npos, id.c_str()); // "assumed" or "assumptions"
            if (!h.link.curve.empty()) {
                QVERIFY2(h.link.curveSource.find("measured") != std::string::npos
                        || h.link.curveSource.find("transferred from") != std::string::npos,
                    id.c_str());
                QVERIFY2(
                    figures.find("measured") != std::string::npos || figures.find("transferred") != std::string::npos,
                    id.c_str());
            }
        }
    }

    void workloadsNameExistingCardsAndEvaluate()
    {
        const auto& c = CardCatalog::builtin();
        for (const auto& [id, w] : c.workloads()) {
            QVERIFY2(w.modelId.empty() || c.models().count(w.modelId), id.c_str());
            QVERIFY2(w.hardwareId.empty() || c.hardware().count(w.hardwareId), id.c_str());
            const EvalResult r = evaluate(workloadScenario(id));
            QVERIFY2(r.kvBytesPerRequest > 0, id.c_str());
        }
    }

    void everyModelOnEveryHardwareEvaluates()
    {
        const auto& c = CardCatalog::builtin();
        for (const auto& [mid, m] : c.models()) {
            for (const auto& [hid, h] : c.hardware()) {
                // TP 1 always fits the server and the heads.
                const EvalResult r = evaluate(scenario(mid, { { "context", 4096 }, { "tp", 1 } }, hid));
                QVERIFY2(std::isfinite(r.decodeStepSeconds) && r.decodeStepSeconds > 0, (mid + " on " + hid).c_str());
            }
        }
    }

    void modelCardsAddUp()
    {
        // Layer groups add up to the model's layers; the card comments' figures hold.
        QCOMPARE(builtinModel("gemma-2-27b").totalLayers(), std::int64_t(46));
        QCOMPARE(builtinModel("jamba-v0.1").totalLayers(), std::int64_t(32));
        QCOMPARE(builtinModel("deepseek-v3").totalLayers(), std::int64_t(61));
        for (const auto& [id, m] : CardCatalog::builtin().models()) {
            QVERIFY2(m.paramsActive <= m.paramsTotal, id.c_str());
            QVERIFY2(m.maxContext > 0, id.c_str());
        }
    }

    void cardRoundTripsThroughJson()
    {
        for (const auto& [id, m] : CardCatalog::builtin().models()) {
            const ModelCard again = parseModelCard(m.toJson(), id);
            QCOMPARE(KvSizing(again, KvFormat { 16, 0 }, 1, 16, Allocation::Paged).sequenceBytes(10000),
                KvSizing(m, KvFormat { 16, 0 }, 1, 16, Allocation::Paged).sequenceBytes(10000));
        }
        for (const auto& [id, h] : CardCatalog::builtin().hardware()) {
            const HardwareCard again = parseHardwareCard(h.toJson(), id);
            QCOMPARE(again.link.bandwidth(65536), h.link.bandwidth(65536));
            QCOMPARE(again.hbmBytes, h.hbmBytes);
            QCOMPARE(again.fp8Flops, h.fp8Flops);
            QCOMPARE(again.fp4Flops, h.fp4Flops);
            QCOMPARE(again.architecture, h.architecture);
            QCOMPARE(again.link.kind, h.link.kind);
            QCOMPARE(again.link.latencySeconds, h.link.latencySeconds);
            QCOMPARE(again.interconnect.bytesPerSecond, h.interconnect.bytesPerSecond);
            QCOMPARE(again.interconnect.allReduceLatencySeconds, h.interconnect.allReduceLatencySeconds);
            QCOMPARE(again.interconnect.nvls, h.interconnect.nvls);
        }
    }

    void everyCardNamesItsArchitectureAndInterconnect()
    {
        // Which kernels an engine has (FP8 attention on Hopper and Blackwell) and what a
        // tensor-parallel all-reduce crosses, per GPU and per direction: NVLink 3 600 GB/s
        // both ways (A100 datasheet), NVLink 4 900 (H100/H200 datasheets), NVLink 5 1.8 TB/s
        // (HGX B200/B300, NVL72), AMD Infinity Fabric 7 links × 128 GB/s (MI300X, MI325X) and
        // × 153.6 (MI355X), and PCIe where a card has no GPU fabric.
        using enum GpuArchitecture;
        const std::map<std::string, std::pair<GpuArchitecture, double>> expected = {
            { "a100-80gb", { Ampere, 300e9 } },
            { "a800", { Ampere, 200e9 } },
            { "b200", { Blackwell, 900e9 } },
            { "b300", { Blackwell, 900e9 } },
            { "gb200-nvl72", { Blackwell, 900e9 } },
            { "gb300-nvl72", { Blackwell, 900e9 } },
            { "gh200", { Hopper, 450e9 } },
            { "h100-pcie", { Hopper, 64e9 } },
            { "h100-sxm", { Hopper, 450e9 } },
            { "h20", { Hopper, 450e9 } },
            { "h20-141gb", { Hopper, 450e9 } },
            // The H800's NVLink cut to 400 GB/s both ways (DeepSeek-V3 report: 160 GB/s reached).
            { "h800", { Hopper, 200e9 } },
            { "h200-sxm", { Hopper, 450e9 } },
            { "h200-sxm-measured", { Hopper, 450e9 } },
            { "l40s", { Ada, 32e9 } },
            { "mi300x", { Cdna3, 448e9 } },
            { "mi325x", { Cdna3, 448e9 } },
            { "mi355x", { Cdna4, 537.6e9 } },
            { "rtx-pro-6000", { Blackwell, 64e9 } },
            { "t4", { Turing, 13840532111.0 } },
            // The accelerators ahead (tst_hardware_ahead): NVLink 6 and Helios' scale-up at
            // 3.6 TB/s both ways, TPU ICI, NeuronLink.
            { "vr-nvl72", { Rubin, 1.8e12 } },
            { "mi455x-helios", { Cdna5, 1.8e12 } },
            { "tpu-v6e", { Tpu, 400e9 } },
            { "tpu7x", { Tpu, 600e9 } },
            { "trainium2", { Trainium, 640e9 } },
            { "trainium3", { Trainium, 1024.0 * (1 << 30) } },
        };
        const auto& cards = CardCatalog::builtin().hardware();
        QCOMPARE(cards.size(), expected.size());
        for (const auto& f : builtinCardFiles()) {
            if (f.kind != "hardware")
                continue;
            const Json j = Json::parse(f.text);
            const std::string id = j.at("id").get<std::string>();
            // Stated in the file, not left to a default: the fabric, its all-reduce kind
            // (ring or NVLS), its latency and a note on where they come from.
            for (const char* key : { "bytes_per_s", "allreduce", "allreduce_latency_s", "note" })
                QVERIFY2(j.contains("interconnect") && j["interconnect"].contains(key), (id + ": " + key).c_str());
            const HardwareCard& h = cards.at(id);
            QCOMPARE(h.architecture, expected.at(id).first);
            QCOMPARE(h.interconnect.bytesPerSecond, expected.at(id).second);
            // About 20 µs per collective (vLLM's custom all-reduce on 8 H100s: 10–24 µs,
            // SGLang PR #2904); NVLS in the NVL72 racks' NVLink Switches only.
            QCOMPARE(h.interconnect.allReduceLatencySeconds, 20e-6);
            QCOMPARE(h.interconnect.nvls, id == "gb200-nvl72" || id == "gb300-nvl72" || id == "vr-nvl72");
        }
        QCOMPARE(cards.at("h200-sxm").interconnect.trafficFactor(8), 1.75);
        QCOMPARE(cards.at("gb200-nvl72").interconnect.trafficFactor(8), 1.0);
        QCOMPARE(cards.at("h200-sxm").interconnect.trafficFactor(1), 0.0);
    }

    void blackwellUltraHoldsNvidiasHbm()
    {
        // NVIDIA's HGX page: HGX B300 has up to 2.3 TB of GPU memory over 8 GPUs, 287.5 →
        // 288 GB each in eight 12-high HBM3e stacks of 36 GB; the same convention gives the
        // b200 card's 180 GB (DGX B200: 1,440 GB over 8).
        const auto& cards = CardCatalog::builtin().hardware();
        QCOMPARE(cards.at("b200").hbmBytes, 1440e9 / 8);
        QCOMPARE(cards.at("b300").hbmBytes, 288e9);
        QCOMPARE(8 * 36e9, 288e9);
        QVERIFY(std::abs(2.3e12 / 8 - cards.at("b300").hbmBytes) < 1e9);
        // GB300 NVL72 carries the same GPU: 72 × 288 GB = 20.7 TB, NVIDIA's "20 TB" per rack
        // rounded; its other rack figures per GPU: 576 TB/s / 72 = 8 TB/s; dense FP4
        // 1,080 PFLOPS / 72 = 15; FP8 720 and BF16 360 PFLOPS with sparsity / 72 / 2 = 5 and 2.5.
        const HardwareCard& gb300 = cards.at("gb300-nvl72");
        QCOMPARE(gb300.hbmBytes, 288e9);
        QVERIFY(std::abs(72 * gb300.hbmBytes - 20e12) / 20e12 < 0.04);
        QCOMPARE(gb300.hbmBandwidth, 576e12 / 72);
        QCOMPARE(gb300.fp4Flops, 1080e15 / 72);
        QCOMPARE(gb300.fp8Flops, 720e15 / 72 / 2);
        QCOMPARE(gb300.bf16Flops, 360e15 / 72 / 2);
        QCOMPARE(gb300.gpusPerServer, 72);
        // The NVL72 cards' notes say the TP the code uses: 8, not 72.
        for (const char* id : { "gb200-nvl72", "gb300-nvl72" }) {
            QVERIFY2(cards.at(id).notes.find("default TP is 8") != std::string::npos, id);
            QVERIFY2(cards.at(id).notes.find("TP is 72") == std::string::npos, id);
            QCOMPARE(scenario("llama-3.1-70b", Json::object(), id).tp(), 8);
        }
    }

    void lowPrecisionRatesAreOptionalAndReal()
    {
        // Absent: the GPU has no such unit (A100: no FP8; H200: FP8, no FP4; B200: both).
        QCOMPARE(CardCatalog::builtin().hardware().at("a100-80gb").fp8Flops, 0.0);
        QCOMPARE(CardCatalog::builtin().hardware().at("h200-sxm").fp8Flops, 1.979e15);
        QCOMPARE(CardCatalog::builtin().hardware().at("h200-sxm").fp4Flops, 0.0);
        QCOMPARE(CardCatalog::builtin().hardware().at("b200").fp4Flops, 9e15);
        const Json noFp4 = CardCatalog::builtin().hardware().at("h200-sxm").toJson();
        QVERIFY(noFp4["gpu"].contains("fp8_flops") && !noFp4["gpu"].contains("fp4_flops"));
        // Present: a positive, finite rate; 0 is not a way to say "none".
        for (const char* key : { "fp8_flops", "fp4_flops" }) {
            for (const Json& bad : { Json(0), Json(-1e15), Json("2e15"), Json(1e300) }) {
                Json h = Json::parse(builtinText("hardware", "h200-sxm.json"));
                h["gpu"][key] = bad;
                KV_CHECK(expectInputError(
                    [&] { loadHardwareCard(h.dump(), "hw.json"); }, { (std::string("hw.json.gpu.") + key).c_str() }));
            }
        }
    }

    // --- Malformed cards ---
    void minimalCardIsValid()
    {
        const ModelCard m = loadModelCard(minimalModel().dump(), "tiny.json");
        QCOMPARE(m.id, std::string("tiny"));
        QCOMPARE(m.paramsActive, m.paramsTotal);
        QCOMPARE(m.defaultKvBits, 16.0);
        // Keys starting with '_' are comments.
        Json j = minimalModel();
        j["_note"] = "anything";
        j["layer_groups"][0]["_why"] = 1;
        loadModelCard(j.dump(), "tiny.json");
    }

    void unknownKey()
    {
        Json j = minimalModel();
        j["max_contex"] = 8192; // a typo must not fall back to a default
        KV_CHECK(modelError(j, { "tiny.json", "max_contex", "unknown key" }));
        j = minimalModel();
        j["layer_groups"][0]["window"] = 4096; // window on a full-attention group
        KV_CHECK(modelError(j, { "tiny.json.layer_groups[0]", "window" }));
    }

    void wrongType()
    {
        Json j = minimalModel();
        j["layer_groups"][0]["layers"] = "80";
        KV_CHECK(modelError(j, { "tiny.json.layer_groups[0].layers", "must be" }));
        j = minimalModel();
        j["params_total"] = true;
        KV_CHECK(modelError(j, { "tiny.json.params_total", "number" }));
        j = minimalModel();
        j["sources"] = "https://example.org";
        KV_CHECK(modelError(j, { "tiny.json.sources", "array" }));
        j = minimalModel();
        j["layer_groups"][0]["num_kv_heads"] = 2.5;
        KV_CHECK(modelError(j, { "tiny.json.layer_groups[0].num_kv_heads", "whole" }));
        j = minimalModel();
        j["layer_groups"][0]["num_kv_heads"] = 0;
        KV_CHECK(modelError(j, { "tiny.json.layer_groups[0].num_kv_heads" }));
        j = minimalModel();
        j["layer_groups"][0]["kind"] = "linear";
        KV_CHECK(modelError(j, { "tiny.json.layer_groups[0].kind", "linear" }));
        j = minimalModel();
        j["params_active"] = 2e6;
        KV_CHECK(modelError(j, { "tiny.json.params_active" }));
    }

    void missingField()
    {
        for (const char* key : { "id", "name", "params_total", "max_context", "layer_groups", "sources" }) {
            Json j = minimalModel();
            j.erase(key);
            KV_CHECK(modelError(j, { "tiny.json", key }));
        }
        Json j = minimalModel();
        j["layer_groups"][0].erase("k_head_dim");
        KV_CHECK(modelError(j, { "tiny.json.layer_groups[0].k_head_dim", "missing" }));
        j = minimalModel();
        j["sources"] = Json::array();
        KV_CHECK(modelError(j, { "tiny.json.sources" }));
        j = minimalModel();
        j["sources"][0].erase("url");
        KV_CHECK(modelError(j, { "tiny.json.sources[0].url" }));
        j = minimalModel();
        j["layer_groups"] = Json::array({ { { "kind", "state" }, { "layers", 4 }, { "state_bytes", 1000 } } });
        KV_CHECK(modelError(j, { "tiny.json.layer_groups", "attention" }));
    }

    void duplicateKey()
    {
        const std::string text = R"({"id": "tiny", "id": "tiny2", "name": "Tiny"})";
        KV_CHECK(expectInputError([&] { loadModelCard(text, "dup.json"); }, { "dup.json", "duplicate", "id" }));
        // Nested objects are checked too.
        const std::string nested = R"({"gpu": {"hbm_bytes": 1, "hbm_bytes": 2}})";
        KV_CHECK(
            expectInputError([&] { loadHardwareCard(nested, "hw.json"); }, { "hw.json", "duplicate", "hbm_bytes" }));
        // The same key in sibling objects is fine.
        parseStrictJson(R"({"a": {"x": 1}, "b": {"x": 2}})", "ok.json");
    }

    void truncatedAndEmpty()
    {
        const std::string text = builtinText("models", "llama-3.1-70b.json");
        QVERIFY(!text.empty());
        KV_CHECK(expectInputError(
            [&] { loadModelCard(text.substr(0, text.size() / 2), "cut.json"); }, { "cut.json", "truncated" }));
        KV_CHECK(expectInputError([&] { loadModelCard("", "empty.json"); }, { "empty.json", "empty" }));
        KV_CHECK(expectInputError([&] { loadModelCard(" \n\t ", "blank.json"); }, { "blank.json", "empty" }));
        KV_CHECK(expectInputError([&] { loadModelCard("[1, 2]", "array.json"); }, { "array.json", "object" }));
        KV_CHECK(expectInputError([&] { loadModelCard(text + " trailing", "trail.json"); }, { "trail.json" }));
        KV_CHECK(expectInputError([&] { loadModelCard("{\"id\": 'x'}", "quote.json"); }, { "quote.json", "JSON" }));
    }

    void bomIsAccepted()
    {
        const std::string text = "\xEF\xBB\xBF" + builtinText("models", "llama-3.1-70b.json");
        const ModelCard m = loadModelCard(text, "bom.json");
        QCOMPARE(m.id, std::string("llama-3.1-70b"));
    }

    void deepNestingIsRefused()
    {
        // 64 levels are accepted, deeper is refused before it can exhaust the stack.
        const auto nested = [](int depth) {
            return std::string("{\"_x\": ") + std::string(depth - 1, '[') + std::string(depth - 1, ']') + "}";
        };
        parseStrictJson(nested(kMaxJsonDepth), "ok.json");
        KV_CHECK(expectInputError(
            [&] { parseStrictJson(nested(kMaxJsonDepth + 1), "deep.json"); }, { "deep.json", "nesting" }));
        KV_CHECK(
            expectInputError([&] { parseStrictJson(nested(100000), "deeper.json"); }, { "deeper.json", "nesting" }));
    }

    void malformedHardwareAndWorkload()
    {
        Json h = Json::parse(builtinText("hardware", "h200-sxm.json"));
        h["gpu"]["hbm_gb"] = 141;
        KV_CHECK(expectInputError([&] { loadHardwareCard(h.dump(), "hw.json"); }, { "hw.json.gpu", "hbm_gb" }));
        h = Json::parse(builtinText("hardware", "h200-sxm.json"));
        h["server"]["gpus"] = 0;
        KV_CHECK(expectInputError([&] { loadHardwareCard(h.dump(), "hw.json"); }, { "hw.json.server.gpus" }));
        h = Json::parse(builtinText("hardware", "h200-sxm-measured.json"));
        std::swap(h["link"]["curve"][0], h["link"]["curve"][1]);
        KV_CHECK(expectInputError(
            [&] { loadHardwareCard(h.dump(), "hw.json"); }, { "hw.json.link.curve[1]", "transfer_bytes" }));
        h = Json::parse(builtinText("hardware", "h200-sxm.json"));
        h["gpu"]["architecture"] = "pascal";
        KV_CHECK(expectInputError(
            [&] { loadHardwareCard(h.dump(), "hw.json"); }, { "hw.json.gpu", "architecture", "pascal", "hopper" }));
        h = Json::parse(builtinText("hardware", "h200-sxm.json"));
        h["interconnect"]["allreduce"] = "tree";
        KV_CHECK(expectInputError(
            [&] { loadHardwareCard(h.dump(), "hw.json"); }, { "hw.json.interconnect", "allreduce", "tree", "nvls" }));
        h = Json::parse(builtinText("hardware", "h200-sxm.json"));
        h["interconnect"]["bytes_per_s"] = 0;
        KV_CHECK(
            expectInputError([&] { loadHardwareCard(h.dump(), "hw.json"); }, { "hw.json.interconnect.bytes_per_s" }));
        h = Json::parse(builtinText("hardware", "h200-sxm.json"));
        h["interconnect"]["latency_us"] = 20;
        KV_CHECK(
            expectInputError([&] { loadHardwareCard(h.dump(), "hw.json"); }, { "hw.json.interconnect", "latency_us" }));
        // A card without a GPU fabric all-reduces over its host link, with NCCL's 20 µs.
        h = Json::parse(builtinText("hardware", "h200-sxm.json"));
        h.erase("interconnect");
        h.erase("gpu");
        h["gpu"] = { { "hbm_bytes", 141e9 }, { "hbm_bandwidth_bytes_per_s", 4.8e12 }, { "bf16_flops", 989e12 } };
        const HardwareCard bare = loadHardwareCard(h.dump(), "hw.json");
        QCOMPARE(bare.interconnect.bytesPerSecond, 54680e6); // the link's measured plateau (its curve's last point)
        QCOMPARE(bare.interconnect.allReduceLatencySeconds, kDefaultAllReduceLatencySeconds);
        QCOMPARE(bare.architecture, GpuArchitecture::Unknown);

        // generation: the card's line and place among its vendor's generations (the outlook's
        // ladder). Read, written back, and a bad value refused naming the file and the field.
        h = Json::parse(builtinText("hardware", "h200-sxm.json"));
        const HardwareCard h200 = loadHardwareCard(h.dump(), "hw.json");
        QVERIFY(h200.generation);
        QCOMPARE(h200.generation->line, std::string("nvidia-hgx"));
        QCOMPARE(h200.generation->order, 3);
        QCOMPARE(loadHardwareCard(h200.toJson().dump(), "again.json").generation, h200.generation);
        QVERIFY(!loadHardwareCard(builtinText("hardware", "l40s.json"), "l40s.json").generation);
        h["generation"]["line"] = "NVIDIA HGX";
        KV_CHECK(expectInputError(
            [&] { loadHardwareCard(h.dump(), "hw.json"); }, { "hw.json.generation", "line", "NVIDIA HGX" }));
        h = Json::parse(builtinText("hardware", "h200-sxm.json"));
        h["generation"]["order"] = 0;
        KV_CHECK(expectInputError([&] { loadHardwareCard(h.dump(), "hw.json"); }, { "hw.json.generation.order" }));
        h["generation"]["order"] = 2.5;
        KV_CHECK(expectInputError([&] { loadHardwareCard(h.dump(), "hw.json"); }, { "hw.json.generation.order" }));
        h = Json::parse(builtinText("hardware", "h200-sxm.json"));
        h["generation"]["successor"] = "b200";
        KV_CHECK(
            expectInputError([&] { loadHardwareCard(h.dump(), "hw.json"); }, { "hw.json.generation", "successor" }));
        h = Json::parse(builtinText("hardware", "h200-sxm.json"));
        h["generation"] = "hopper";
        KV_CHECK(expectInputError([&] { loadHardwareCard(h.dump(), "hw.json"); }, { "hw.json", "generation" }));

        Json w = Json::parse(builtinText("workloads", "flexgen.json"));
        w["weights_placement"]["ssd"] = 0.6;
        KV_CHECK(expectInputError(
            [&] { loadWorkloadCard(w.dump(), "wl.json"); }, { "wl.json.weights_placement", "add up to 1" }));
        w = Json::parse(builtinText("workloads", "article.json"));
        w["reuse_rate"] = 1.5;
        KV_CHECK(expectInputError([&] { loadWorkloadCard(w.dump(), "wl.json"); }, { "wl.json.reuse_rate" }));
        // Integers read from text are checked against their minimum too (0 tokens, 0 GPUs).
        w = Json::parse(builtinText("workloads", "article.json"));
        w["context"] = 0;
        KV_CHECK(
            expectInputError([&] { loadWorkloadCard(w.dump(), "wl.json"); }, { "wl.json.context", "out of range" }));
        w = Json::parse(builtinText("workloads", "article.json"));
        w["kv_dtype"] = "fp8";
        KV_CHECK(expectInputError([&] { loadWorkloadCard(w.dump(), "wl.json"); }, { "wl.json.kv_dtype" }));
        w = Json::parse(builtinText("workloads", "article.json"));
        w["streaming"] = "yes";
        KV_CHECK(
            expectInputError([&] { loadWorkloadCard(w.dump(), "wl.json"); }, { "wl.json.streaming", "true or false" }));
    }

    void userCardFromFile()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string good = dir.filePath(QStringLiteral("tiny.json")).toStdString();
        {
            std::ofstream(good) << minimalModel().dump();
        }
        const ModelCard m = CardCatalog::builtin().resolveModel(good);
        QCOMPARE(m.id, std::string("tiny"));
        const std::string bad = dir.filePath(QStringLiteral("bad.json")).toStdString();
        {
            Json j = minimalModel();
            j["layer_groups"][0]["layers"] = -3;
            std::ofstream(bad) << j.dump();
        }
        KV_CHECK(expectInputError([&] { CardCatalog::builtin().resolveModel(bad); }, { "bad.json", "layers" }));
        KV_CHECK(
            expectInputError([&] { CardCatalog::builtin().resolveModel(dir.path().toStdString() + "/missing.json"); },
                { "missing.json", "no such file" }));
        KV_CHECK(
            expectInputError([&] { CardCatalog::builtin().resolveModel(dir.path().toStdString()); }, { "directory" }));
        KV_CHECK(expectInputError(
            [&] { CardCatalog::builtin().resolveModel("llama-9"); }, { "model", "llama-9", "llama-3.1-70b" }));
        KV_CHECK(expectInputError([&] { CardCatalog::builtin().resolveHardware("h300"); }, { "hardware", "h300" }));
        KV_CHECK(expectInputError([&] { CardCatalog::builtin().resolveWorkload("nope"); }, { "workload", "nope" }));
    }

    void cardErrorsHaveAStructuredForm()
    {
        // Each card check gives its code and the figures its message quotes, with
        // `where` the field's path as the message starts with it (the GUI words them).
        auto detailOf = [](const std::function<void()>& f) {
            try {
                f();
            } catch (const InputError& e) {
                return std::make_pair(std::string(e.what()), e.detail());
            }
            return std::make_pair(std::string(), InputErrorDetail {});
        };
        Json j = minimalModel();
        j["layer_groups"][0]["num_heads"] = 1;
        auto [heads, headsDetail] = detailOf([&] { loadModelCard(j.dump(), "tiny.json"); });
        QCOMPARE(
            heads, std::string("tiny.json.layer_groups[0].num_heads: has fewer query heads (1) than KV heads (2)"));
        QCOMPARE(headsDetail.code, InputErrorCode::FewerQueryHeadsThanKvHeads);
        QCOMPARE(headsDetail.where, std::string("tiny.json.layer_groups[0].num_heads"));
        QCOMPARE(headsDetail.value, std::string("1"));
        QCOMPARE(headsDetail.max, std::string("2"));

        Json w = Json::parse(builtinText("workloads", "flexgen.json"));
        w["weights_placement"]["ssd"] = 0.6;
        auto [shares, sharesDetail] = detailOf([&] { loadWorkloadCard(w.dump(), "wl.json"); });
        QCOMPARE(sharesDetail.code, InputErrorCode::SharesDoNotAddUp);
        QCOMPARE(sharesDetail.where, std::string("wl.json.weights_placement"));
        QVERIFY2(shares.ends_with("(they add up to " + sharesDetail.value + ")"), shares.c_str());

        auto [id, idDetail] = detailOf([] { CardCatalog::builtin().resolveHardware("h300"); });
        QCOMPARE(idDetail.code, InputErrorCode::UnknownCardId);
        QCOMPARE(idDetail.where, std::string("hardware"));
        QCOMPARE(idDetail.value, std::string("h300"));
        QVERIFY2(idDetail.detail.find("h200-sxm") != std::string::npos, idDetail.detail.c_str());
        QCOMPARE(id, "hardware: unknown id \"h300\" (known: " + idDetail.detail + "; or give a path to a .json card)");

        auto [dtype, dtypeDetail] = detailOf([] { parseKvDtype("fp7", "--kv-dtype"); });
        QCOMPARE(dtypeDetail.code, InputErrorCode::UnknownKvDtype);
        QCOMPARE(dtypeDetail.where, std::string("--kv-dtype"));
        QCOMPARE(dtypeDetail.value, std::string("fp7"));
        QVERIFY(dtypeDetail.parts.empty());
    }

    void userCardOverridesBuiltin()
    {
        CardCatalog c = CardCatalog::builtin();
        Json j = minimalModel();
        j["id"] = "llama-3.1-70b";
        c.addCard(CardKind::Model, j.dump(), "mine.json");
        QCOMPARE(c.models().at("llama-3.1-70b").name, std::string("Tiny"));
        QCOMPARE(CardCatalog::builtin().models().at("llama-3.1-70b").name, std::string("Llama 3.1 70B"));
    }

    void folderOfCardsIsReadAndBadOnesAreNamed()
    {
        // The layout of models/ (and of the installed share/kvtiers/models): cards by kind
        // in subfolders; model cards also directly in the folder (imported models).
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string root = dir.path().toStdString();
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("hardware")));
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("workloads")));
        std::ofstream(root + "/tiny.json") << minimalModel().dump();
        Json hw = Json::parse(builtinText("hardware", "h200-sxm.json"));
        hw["id"] = "site-h200";
        std::ofstream(root + "/hardware/site-h200.json") << hw.dump();
        std::ofstream(root + "/workloads/broken.json") << "{ \"id\": ";
        std::ofstream(root + "/notes.txt") << "not a card";

        CardCatalog c = CardCatalog::builtin();
        std::vector<InputError> problems;
        c.addFolder(root, problems);
        QVERIFY(c.models().contains("tiny"));
        QVERIFY(c.models().contains("llama-3.1-70b")); // built-ins stay
        QVERIFY(c.hardware().contains("site-h200"));
        QCOMPARE(c.workloads().size(), CardCatalog::builtin().workloads().size());
        QCOMPARE(problems.size(), size_t(1));
        QVERIFY2(std::string(problems[0].what()).find("broken.json") != std::string::npos, problems[0].what());

        problems.clear();
        c.addFolder(root + "/missing", problems); // nothing installed there: nothing to say
        QVERIFY(problems.empty());
    }

    void userCardFolderFollowsTheDataDir()
    {
        qputenv("KVTIERS_DATA_DIR", "/tmp/kvtiers-data");
        QCOMPARE(CardCatalog::userCardDirectory(), std::string("/tmp/kvtiers-data/cards"));
        qunsetenv("KVTIERS_DATA_DIR");
        // Beside the running binary: <prefix>/bin/x -> <prefix>/share/kvtiers/models.
        QVERIFY(CardCatalog::installedCardDirectory().ends_with("/share/kvtiers/models"));
    }
};

QTEST_APPLESS_MAIN(TestCards)
#include "tst_cards.moc"
