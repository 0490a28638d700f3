// The core's English sentences worded by the GUI (ui/Messages). In English the
// GUI's wording must be the core's text byte for byte (the CLI's), for every warning flag,
// every structured InputError code and the per-token formula of every built-in model; in
// Korean every one of them must differ and read in Hangul.

#include "core/model/Derivation.h"
#include "ui/dialogs/FileDialog.h"
#include "core/scenario/Fleet.h"
#include "core/cards/HfConfig.h"
#include "ui/app/Language.h"
#include "ui/dialogs/MessageBox.h"
#include "ui/text/Messages.h"
#include "ui/presets/PresetPanel.h"
#include "core/cards/PresetStore.h"
#include "core/io/ResultJson.h"
#include "ui/scenario/ScenarioController.h"
#include "tests/support/TestSupport.h"
#include "core/io/Units.h"
#include "core/model/VllmCheck.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <functional>
#include <set>

using namespace kvtiers;
using namespace kvtiers::ui;

namespace {

bool hasHangul(const QString& text)
{
    return std::any_of(
        text.begin(), text.end(), [](QChar c) { return c.unicode() >= 0xAC00 && c.unicode() <= 0xD7A3; });
}

QString qs(const std::string& s)
{
    return QString::fromStdString(s);
}

/// Scenarios that, together, raise every warning flag.
std::vector<Scenario> warningScenarios()
{
    using test::scenario;
    return {
        // 1M context on a 128K model, 4096 sequences: context beyond the model, hot set overflows.
        scenario("llama-3.1-70b", { { "context", 1048576 }, { "concurrency", 4096 } }),
        scenario("llama-3.1-70b", { { "context", 131072 }, { "concurrency", 4096 } }),
        // One GPU for a 70B FP16 model: weights spill, no KV budget.
        scenario("llama-3.1-70b", { { "gpus_per_server", 1 }, { "tp", 1 } }),
        // Streaming with nowhere to put it: overflow.
        scenario("llama-3.1-70b",
            { { "context", 131072 }, { "concurrency", 4096 }, { "streaming", true }, { "host_dram_bytes", 0 },
                { "nvme_bytes", 0 } }),
        // A retained pool far larger than DRAM and NVMe: reuse lost.
        scenario("llama-3.1-70b",
            { { "context", 131072 }, { "concurrency", 10 }, { "reuse_rate", 0.9 }, { "reuse_distance_s", 1e6 },
                { "offload_rate", 1 }, { "host_dram_bytes", 1e9 }, { "nvme_bytes", 1e9 } }),
        // More sequences sharing a prefix than there are sequences.
        scenario("llama-3.1-70b", { { "concurrency", 10 }, { "sharing", 100 } }),
    };
}

struct ErrorCase {
    const char* name;
    std::function<void()> run; ///< throws the InputError
};

Scenario base()
{
    return test::scenario("llama-3.1-70b");
}

Scenario edited(const std::function<void(Scenario&)>& edit)
{
    Scenario s = base();
    edit(s);
    return s;
}

ScenarioSpec specWith(Json overrides, std::string model = "llama-3.1-70b")
{
    ScenarioSpec spec;
    spec.model = std::move(model);
    spec.overrides = std::move(overrides);
    return spec;
}

/// A one-workload fleet (chat on an H200 server at 10 requests/s), then `edit`.
FleetInput fleetInput(const std::function<void(FleetInput&)>& edit)
{
    FleetInput in = test::fleetMix({ { "chat", 1 } }, 10, 0.1);
    edit(in);
    return in;
}

std::vector<ErrorCase> errorCases(const QString& dir)
{
    const std::string d = dir.toStdString();
    return {
        // Scenario validation.
        { "tp out of range", [] { validateScenario(edited([](Scenario& s) { s.workload.tp = 0; })); } },
        { "tp vs server", [] { validateScenario(edited([](Scenario& s) { s.workload.tp = 3; })); } },
        { "tp vs heads",
            [] {
                validateScenario(edited([](Scenario& s) {
                    s.hardware.gpusPerServer = 12;
                    s.workload.tp = 6;
                }));
            } },
        { "context", [] { validateScenario(edited([](Scenario& s) { s.workload.context = 0; })); } },
        { "concurrency", [] { validateScenario(edited([](Scenario& s) { s.workload.concurrency = 0; })); } },
        { "output tokens",
            [] { validateScenario(edited([](Scenario& s) { s.workload.outputTokens = s.workload.context; })); } },
        { "reuse", [] { validateScenario(edited([](Scenario& s) { s.workload.reuseRate = 2; })); } },
        { "offload", [] { validateScenario(edited([](Scenario& s) { s.workload.offloadRate = -1; })); } },
        { "sharing", [] { validateScenario(edited([](Scenario& s) { s.workload.sharing = 0.5; })); } },
        { "gpu util", [] { validateScenario(edited([](Scenario& s) { s.workload.gpuMemoryUtilization = 0; })); } },
        { "block size", [] { validateScenario(edited([](Scenario& s) { s.workload.blockSize = 0; })); } },
        { "reuse distance",
            [] { validateScenario(edited([](Scenario& s) { s.workload.reuseDistanceSeconds = -1; })); } },
        { "servers", [] { validateScenario(edited([](Scenario& s) { s.workload.servers = 0; })); } },
        { "kv bits", [] { validateScenario(edited([](Scenario& s) {
                              s.workload.kv = KvFormat { 0, 0 };
                          })); } },
        // resolveScenario's own checks and the overrides' fields.
        { "no model", [] { resolveScenario(CardCatalog::builtin(), ScenarioSpec {}); } },
        // Typed values, as the CLI's options and the GUI's text fields parse them.
        { "not a number", [] { parseNumberOption("abc", "--concurrency", 1, 10, true); } },
        { "number out of range", [] { parseNumberOption("11", "--concurrency", 1, 10, true); } },
        { "not whole", [] { parseNumberOption("2.5", "--concurrency", 1, 10, true); } },
        { "not a token count", [] { parseTokenCount("lots", "Context", 1, 1e12); } },
        { "tokens out of range", [] { parseTokenCount("0", "Context", 1, 1e12); } },
        { "not whole tokens", [] { parseTokenCount("1.5", "Context", 1, 1e12); } },
        { "not a share", [] { parseFraction("half", "Reuse"); } },
        { "share out of range", [] { parseFraction("150%", "Reuse"); } },
        { "not a size", [] { parseByteSize("big", "DRAM per server"); } },
        { "size out of range", [] { parseByteSize("1e30", "DRAM per server"); } },
        { "unknown override",
            [] {
                resolveScenario(CardCatalog::builtin(), specWith({ { "bogus", 1 } }));
            } },
        { "overrides not an object", [] { resolveScenario(CardCatalog::builtin(), specWith(Json::array())); } },
        { "override out of range",
            [] {
                resolveScenario(CardCatalog::builtin(), specWith({ { "gpus_per_server", 5000 } }));
            } },
        { "override wrong type",
            [] {
                resolveScenario(CardCatalog::builtin(), specWith({ { "streaming", "yes" } }));
            } },
        { "tp override",
            [] {
                resolveScenario(CardCatalog::builtin(), specWith({ { "tp", 3 } }));
            } },
        // Files.
        { "no such file", [d] { readInputFile(d + "/missing.json"); } },
        { "directory", [d] { readInputFile(d); } },
        { "not a regular file", [] { readInputFile("/dev/null"); } },
        { "too large", [d] { readInputFile(d + "/big.json"); } },
        { "missing card file", [d] { resolveScenario(CardCatalog::builtin(), specWith({}, d + "/missing.json")); } },
        // JSON text.
        { "empty", [] { parseStrictJson(" \n", "a.json"); } },
        { "nesting", [] { parseStrictJson(std::string(100, '[') + std::string(100, ']'), "a.json"); } },
        { "duplicate key", [] { parseStrictJson("{\"a\": 1, \"a\": 2}", "a.json"); } },
        { "number too large", [] { parseStrictJson("{\"a\": 1e400}", "a.json"); } },
        { "truncated", [] { parseStrictJson("{\"a\": 1", "a.json"); } },
        { "syntax", [] { parseStrictJson("{\"a\" 1}", "a.json"); } },
        { "trailing", [] { parseStrictJson("{} }", "a.json"); } },
        // Typed fields.
        { "expected object", [] { JsonObject(Json::array(), "card.json"); } },
        { "missing field", [] { JsonObject(Json::object(), "card.json").requireString("id"); } },
        { "string",
            [] {
                JsonObject(Json { { "id", 1 } }, "card.json").requireString("id");
            } },
        { "number",
            [] {
                JsonObject(Json { { "n", "x" } }, "card.json").requireNumber("n", 0, 1);
            } },
        { "boolean",
            [] {
                JsonObject(Json { { "b", 1 } }, "card.json").optionalBool("b");
            } },
        { "object",
            [] {
                JsonObject(Json { { "o", 1 } }, "card.json").requireObject("o");
            } },
        { "array",
            [] {
                JsonObject(Json { { "a", 1 } }, "card.json").requireArray("a");
            } },
        { "not finite",
            [] {
                JsonObject(Json { { "n", std::nan("") } }, "card.json").requireNumber("n", 0, 1);
            } },
        { "double out of range",
            [] {
                JsonObject(Json { { "n", 2.5 } }, "card.json").requireNumber("n", 0, 1);
            } },
        { "unsigned out of range",
            [] {
                JsonObject(Json { { "n", 5000 } }, "card.json").requireInteger("n", 1, 1024);
            } },
        { "signed out of range",
            [] {
                JsonObject(Json { { "n", -5 } }, "card.json").requireInteger("n", 1, 1024);
            } },
        { "not whole",
            [] {
                JsonObject(Json { { "n", 1.5 } }, "card.json").requireInteger("n", 1, 1024);
            } },
        { "unknown key",
            [] {
                JsonObject(Json { { "x", 1 } }, "card.json").rejectUnknownKeys({ "id", "name" });
            } },
        // Preset files.
        { "not a preset",
            [] {
                PresetStore::fromJson(
                    Json { { "schema", "kvtiers-card" }, { "schema_version", 1 }, { "name", "x" } }, "p.json");
            } },
        { "newer preset",
            [] {
                PresetStore::fromJson(
                    Json { { "schema", "kvtiers-preset" }, { "schema_version", 99 }, { "name", "x" } }, "p.json");
            } },
        // Cards and config.json import.
        { "unknown layer kind",
            [] { test::modelVariant("llama-3.1-8b", [](Json& j) { j["layer_groups"][0]["kind"] = "linear"; }); } },
        { "fewer query heads",
            [] { test::modelVariant("llama-3.1-8b", [](Json& j) { j["layer_groups"][0]["num_heads"] = 4; }); } },
        { "params active above total",
            [] {
                test::modelVariant(
                    "llama-3.1-8b", [](Json& j) { j["params_active"] = 2 * j["params_total"].get<double>(); });
            } },
        { "no layer groups",
            [] { test::modelVariant("llama-3.1-8b", [](Json& j) { j["layer_groups"] = Json::array(); }); } },
        { "too many layer groups",
            [] {
                test::modelVariant("llama-3.1-8b",
                    [](Json& j) { j["layer_groups"] = Json(std::vector<Json>(4097, j["layer_groups"][0])); });
            } },
        { "only state layers",
            [] {
                test::modelVariant("llama-3.1-8b", [](Json& j) {
                    j["layer_groups"]
                        = Json::array({ { { "kind", "state" }, { "layers", 4 }, { "state_bytes", 1e6 } } });
                });
            } },
        { "too many layers",
            [] {
                test::modelVariant("llama-3.1-8b", [](Json& j) {
                    j["layer_groups"][0]["layers"] = 60000;
                    j["layer_groups"].push_back(j["layer_groups"][0]);
                });
            } },
        { "no sources", [] { test::modelVariant("llama-3.1-8b", [](Json& j) { j["sources"] = Json::array(); }); } },
        { "curve not increasing",
            [] {
                Json j = CardCatalog::builtin().hardware().at("h200-sxm").toJson();
                j["link"]["curve"] = Json::array({ { { "transfer_bytes", 2e6 }, { "bytes_per_s", 1e9 } },
                    { { "transfer_bytes", 1e6 }, { "bytes_per_s", 2e9 } } });
                parseHardwareCard(j, "gpu.json");
            } },
        { "shares",
            [] {
                resolveScenario(CardCatalog::builtin(), specWith({ { "kv_placement", { { "hbm", 0.5 } } } }));
            } },
        { "kv dtype and bits",
            [] {
                resolveScenario(CardCatalog::builtin(), specWith({ { "kv_dtype", "fp8" }, { "kv_bits", 8 } }));
            } },
        { "kv scale bits alone",
            [] {
                resolveScenario(CardCatalog::builtin(), specWith({ { "kv_scale_bits", 16 } }));
            } },
        { "unknown allocation",
            [] {
                resolveScenario(CardCatalog::builtin(), specWith({ { "allocation", "slab" } }));
            } },
        { "servers not whole",
            [] {
                resolveScenario(CardCatalog::builtin(), specWith({ { "servers", 1.5 } }));
            } },
        { "unknown kv dtype",
            [] {
                resolveScenario(CardCatalog::builtin(), specWith({ { "kv_dtype", "fp7" } }));
            } },
        { "impossible kv bits",
            [] {
                resolveScenario(CardCatalog::builtin(), specWith({ { "kv_dtype", "100bit" } }));
            } },
        { "unknown model id", [] { resolveScenario(CardCatalog::builtin(), specWith({}, "llama-9")); } },
        { "unknown hardware id",
            [] {
                ScenarioSpec spec = specWith({});
                spec.hardware = "h9000";
                resolveScenario(CardCatalog::builtin(), spec);
            } },
        { "unknown workload id",
            [] {
                ScenarioSpec spec = specWith({});
                spec.workload = "everything";
                resolveScenario(CardCatalog::builtin(), spec);
            } },
        { "config.json not an object", [] { importHfConfig(Json::array(), "config.json"); } },
        { "config.json missing and invalid fields",
            [] {
                importHfConfig(Json::parse("{\"model_type\": \"llama\", \"hidden_size\": 4096, \"num_hidden_layers\": "
                                           "2.5, \"num_key_value_heads\": \"eight\", \"attention_bias\": 1}"),
                    "config.json");
            } },
        { "config.json of state layers only",
            [] {
                importHfConfig(Json::parse("{\"model_type\": \"jamba\", \"num_hidden_layers\": 2, "
                                           "\"num_attention_heads\": 4, \"hidden_size\": 64, \"vocab_size\": 100, "
                                           "\"max_position_embeddings\": 1024, \"intermediate_size\": 128, "
                                           "\"layer_types\": [\"mamba\", \"mamba\"], \"mamba_d_state\": 16, "
                                           "\"mamba_d_conv\": 4, \"mamba_expand\": 2}"),
                    "config.json");
            } },
        // Each problem of a config.json alone: the error's one part, with the English the whole
        // message gives it after "config.json: cannot import this config.json: " (45 characters).
        { "config.json part: not whole",
            [] {
                try {
                    importHfConfig(Json::parse("{\"model_type\": \"llama\", \"num_hidden_layers\": 2, "
                                               "\"num_attention_heads\": 4, \"hidden_size\": 64, \"vocab_size\": 100, "
                                               "\"max_position_embeddings\": 1024, \"intermediate_size\": \"wide\"}"),
                        "config.json");
                } catch (const InputError& e) {
                    throw InputError(std::string(e.what()).substr(45), e.detail().parts.at(0));
                }
            } },
        { "config.json part: out of range",
            [] {
                try {
                    importHfConfig(Json::parse("{\"model_type\": \"llama\", \"num_hidden_layers\": 2, "
                                               "\"num_attention_heads\": 4, \"hidden_size\": 64, \"vocab_size\": 100, "
                                               "\"max_position_embeddings\": 1024, \"intermediate_size\": 0}"),
                        "config.json");
                } catch (const InputError& e) {
                    throw InputError(std::string(e.what()).substr(45), e.detail().parts.at(0));
                }
            } },
        { "config.json part: not true or false",
            [] {
                try {
                    importHfConfig(Json::parse("{\"model_type\": \"llama\", \"num_hidden_layers\": 2, "
                                               "\"num_attention_heads\": 4, \"hidden_size\": 64, \"vocab_size\": 100, "
                                               "\"max_position_embeddings\": 1024, \"intermediate_size\": 128, "
                                               "\"attention_bias\": \"no\"}"),
                        "config.json");
                } catch (const InputError& e) {
                    throw InputError(std::string(e.what()).substr(45), e.detail().parts.at(0));
                }
            } },
        { "config.json part: more KV heads than query heads",
            [] {
                try {
                    importHfConfig(
                        Json::parse("{\"model_type\": \"llama\", \"num_hidden_layers\": 2, "
                                    "\"num_attention_heads\": 4, \"num_key_value_heads\": 8, \"hidden_size\": "
                                    "64, \"vocab_size\": 100, \"max_position_embeddings\": 1024, "
                                    "\"intermediate_size\": 128}"),
                        "config.json");
                } catch (const InputError& e) {
                    throw InputError(std::string(e.what()).substr(45), e.detail().parts.at(0));
                }
            } },
        { "config.json part: head_dim not divisible",
            [] {
                try {
                    importHfConfig(Json::parse("{\"model_type\": \"llama\", \"num_hidden_layers\": 2, "
                                               "\"num_attention_heads\": 6, \"hidden_size\": 64, \"vocab_size\": 100, "
                                               "\"max_position_embeddings\": 1024, \"intermediate_size\": 128}"),
                        "config.json");
                } catch (const InputError& e) {
                    throw InputError(std::string(e.what()).substr(45), e.detail().parts.at(0));
                }
            } },
        { "config.json part: layer_types not a list",
            [] {
                try {
                    importHfConfig(Json::parse("{\"model_type\": \"llama\", \"num_hidden_layers\": 2, "
                                               "\"num_attention_heads\": 4, \"hidden_size\": 64, \"vocab_size\": 100, "
                                               "\"max_position_embeddings\": 1024, \"intermediate_size\": 128, "
                                               "\"layer_types\": \"full_attention\"}"),
                        "config.json");
                } catch (const InputError& e) {
                    throw InputError(std::string(e.what()).substr(45), e.detail().parts.at(0));
                }
            } },
        { "config.json part: layer_types count",
            [] {
                try {
                    importHfConfig(Json::parse("{\"model_type\": \"llama\", \"num_hidden_layers\": 2, "
                                               "\"num_attention_heads\": 4, \"hidden_size\": 64, \"vocab_size\": 100, "
                                               "\"max_position_embeddings\": 1024, \"intermediate_size\": 128, "
                                               "\"layer_types\": [\"full_attention\"]}"),
                        "config.json");
                } catch (const InputError& e) {
                    throw InputError(std::string(e.what()).substr(45), e.detail().parts.at(0));
                }
            } },
        { "config.json part: unknown layer type",
            [] {
                try {
                    importHfConfig(Json::parse("{\"model_type\": \"llama\", \"num_hidden_layers\": 2, "
                                               "\"num_attention_heads\": 4, \"hidden_size\": 64, \"vocab_size\": 100, "
                                               "\"max_position_embeddings\": 1024, \"intermediate_size\": 128, "
                                               "\"layer_types\": [\"full_attention\", \"slidnig_attention\"]}"),
                        "config.json");
                } catch (const InputError& e) {
                    throw InputError(std::string(e.what()).substr(45), e.detail().parts.at(0));
                }
            } },
        // [cards cases end]
        // vLLM startup log and setups.
        { "vllm log token count", [] { parseVllmLog("a\nINFO GPU KV cache size: lots of tokens", "vllm.log"); } },
        { "vllm log tokens per request",
            [] { parseVllmLog("Maximum concurrency for many tokens per request: 1.00x", "vllm.log"); } },
        { "vllm log concurrency",
            [] { parseVllmLog("Maximum concurrency for 8,192 tokens per request: many", "vllm.log"); } },
        { "vllm log concurrency colon",
            [] { parseVllmLog("Maximum concurrency for 8,192 tokens per request", "vllm.log"); } },
        { "vllm log memory size", [] { parseVllmLog("Available KV cache memory: lots", "vllm.log"); } },
        { "vllm log memory unit", [] { parseVllmLog("x\nAvailable KV cache memory: 3 parsecs", "vllm.log"); } },
        { "vllm log block count", [] { parseVllmLog("# GPU blocks: many", "vllm.log"); } },
        { "vllm log no kv line", [] { parseVllmLog("nothing about KV here\n", "vllm.log"); } },
        { "vllm tp",
            [] {
                VllmSetup s;
                s.tp = 0;
                s.kvMemoryBytes = 40 * GiB;
                predictVllm(base().model, s);
            } },
        { "vllm block size",
            [] {
                VllmSetup s;
                s.blockSize = 0;
                s.kvMemoryBytes = 40 * GiB;
                predictVllm(base().model, s);
            } },
        { "vllm no kv memory",
            [] {
                VllmSetup s;
                s.kvMemoryBytes = -12 * GiB;
                predictVllm(base().model, s);
            } },
        // [vllm cases end]
        // Fleet sizing: a chat mix at 10 requests/s, edited.
        { "fleet mix empty", [] { sizeFleet(CardCatalog::builtin(), fleetInput([](FleetInput& in) { in.mix.clear(); })); } },
        { "fleet mix too large",
            [] {
                sizeFleet(CardCatalog::builtin(), fleetInput([](FleetInput& in) { in.mix.resize(65, in.mix.front()); }));
            } },
        { "fleet targets",
            [] { sizeFleet(CardCatalog::builtin(), fleetInput([](FleetInput& in) { in.tpotTargetSeconds = 0; })); } },
        { "fleet share",
            [] { sizeFleet(CardCatalog::builtin(), fleetInput([](FleetInput& in) { in.mix[0].share = -1; })); } },
        { "fleet shares zero",
            [] { sizeFleet(CardCatalog::builtin(), fleetInput([](FleetInput& in) { in.mix[0].share = 0; })); } },
        { "fleet entry",
            [] {
                sizeFleet(CardCatalog::builtin(), fleetInput([](FleetInput& in) { in.mix[0].spec.workload = "nope"; }));
            } },
        { "fleet servers differ",
            [] {
                sizeFleet(CardCatalog::builtin(), fleetInput([](FleetInput& in) {
                    in.mix.push_back(in.mix.front());
                    in.mix[1].label = "long";
                    in.mix[1].spec.hardware = "h100-sxm";
                }));
            } },
        { "fleet traffic twice",
            [] { sizeFleet(CardCatalog::builtin(), fleetInput([](FleetInput& in) { in.tokensPerDay = 1e9; })); } },
        { "fleet traffic",
            [] { sizeFleet(CardCatalog::builtin(), fleetInput([](FleetInput& in) { in.requestsPerSecond = 0; })); } },
        { "fleet tpot",
            [] { sizeFleet(CardCatalog::builtin(), fleetInput([](FleetInput& in) { in.tpotTargetSeconds = 1e-6; })); } },
        { "fleet ttft",
            [] {
                sizeFleet(CardCatalog::builtin(), fleetInput([](FleetInput& in) { in.ttftTargetSeconds = 1e-6; }));
            } },
    };
}

/// Codes no test input reaches (I/O failures after a file was found), with the English
/// message their throw site writes.
std::vector<std::pair<InputErrorDetail, QString>> unreachableCases()
{
    return {
        { { .code = InputErrorCode::CannotReadSize, .where = "a.json", .detail = "Permission denied" },
            QStringLiteral("a.json: cannot read its size: Permission denied") },
        { { .code = InputErrorCode::CannotOpen, .where = "a.json" },
            QStringLiteral("a.json: cannot be opened for reading") },
        { { .code = InputErrorCode::CannotReadWhole, .where = "a.json" },
            QStringLiteral("a.json: could not be read whole") },
        { { .code = InputErrorCode::JsonNumberTooLarge, .where = "a.json" },
            QStringLiteral("a.json: a number is too large to represent") },
        // [cards unreachable end]
        // [vllm unreachable end]
    };
}

} // namespace

class TestGuiMessages : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QFile big(m_dir.filePath(QStringLiteral("big.json")));
        QVERIFY(big.open(QIODevice::WriteOnly));
        QVERIFY(big.resize(17 * 1024 * 1024)); // sparse: over the 16 MiB limit
        // The preset store's folder: this test's own (ctest sets it; a direct run gets one here).
        if (qEnvironmentVariableIsEmpty("KVTIERS_DATA_DIR"))
            qputenv("KVTIERS_DATA_DIR", m_dir.filePath(QStringLiteral("data")).toUtf8());
        QDir(qEnvironmentVariable("KVTIERS_DATA_DIR")).removeRecursively();
        MessageBox::setNonInteractive(true);
        installTranslator(kLanguageEnglish);
    }

    void cleanupTestCase() { installTranslator(kLanguageEnglish); }

    void warningsInEnglishAreTheCoresSentences()
    {
        installTranslator(kLanguageEnglish);
        std::uint32_t seen = 0;
        for (const Scenario& s : warningScenarios()) {
            const EvalResult r = evaluate(s);
            seen |= r.warnings;
            QStringList core;
            for (const auto& m : warningMessages(s, r))
                core << qs(m);
            QVERIFY(!core.isEmpty());
            QCOMPARE(Messages::warningTexts(s, r), core);
        }
        // Every flag was raised by at least one scenario.
        for (std::uint32_t flag : { WarnContextBeyondModel, WarnHotSetOverflows, WarnWeightsSpill, WarnNoKvBudget,
                 WarnReuseLost, WarnSharingClamped, WarnOverflow })
            QVERIFY2(seen & flag, qPrintable(QStringLiteral("flag %1 not raised").arg(flag)));
    }

    void warningsInKoreanAreKorean()
    {
        installTranslator(kLanguageKorean);
        for (const Scenario& s : warningScenarios()) {
            const EvalResult r = evaluate(s);
            const auto english = warningMessages(s, r);
            const QStringList korean = Messages::warningTexts(s, r);
            QCOMPARE(korean.size(), static_cast<qsizetype>(english.size()));
            for (qsizetype i = 0; i < korean.size(); ++i) {
                QVERIFY2(korean.at(i) != qs(english[static_cast<size_t>(i)]), qPrintable(korean.at(i)));
                QVERIFY2(hasHangul(korean.at(i)), qPrintable(korean.at(i)));
            }
        }
        installTranslator(kLanguageEnglish);
    }

    void formulaInEnglishIsTheCoresDerivation()
    {
        installTranslator(kLanguageEnglish);
        // Every built-in model (full, sliding-window, chunked, MLA and state layers) in three formats,
        // and a model whose K and V head dimensions differ.
        std::vector<ModelCard> models;
        for (const auto& [id, m] : CardCatalog::builtin().models())
            models.push_back(m);
        models.push_back(test::modelVariant("llama-3.1-8b", [](Json& j) { j["layer_groups"][0]["v_head_dim"] = 64; }));
        std::set<LayerKind> kinds;
        for (const ModelCard& m : models) {
            for (const auto& g : m.groups)
                kinds.insert(g.kind);
            for (const KvFormat f : { KvFormat { 16, 0 }, KvFormat { 8, 0 }, KvFormat { 4, 16 } }) {
                const QString ui = Messages::kvDerivationText(deriveKvPerToken(m, f));
                QCOMPARE(ui, qs(kvPerTokenDerivation(m, f)));
            }
        }
        QCOMPARE(kinds.size(), size_t(5)); // full, sliding, chunked, MLA, state

        installTranslator(kLanguageKorean);
        for (const ModelCard& m : models) {
            const QString ko = Messages::kvDerivationText(deriveKvPerToken(m, KvFormat { 16, 0 }));
            QVERIFY2(hasHangul(ko), qPrintable(ko));
            QVERIFY(ko != qs(kvPerTokenDerivation(m, KvFormat { 16, 0 })));
        }
        installTranslator(kLanguageEnglish);
    }

    void inputErrorsInEnglishAreTheCoresMessages()
    {
        installTranslator(kLanguageEnglish);
        std::set<InputErrorCode> codes;
        for (const ErrorCase& c : errorCases(m_dir.path())) {
            try {
                c.run();
                QFAIL(qPrintable(QStringLiteral("%1: no error").arg(QLatin1String(c.name))));
            } catch (const InputError& e) {
                QVERIFY2(e.detail().code != InputErrorCode::Uncoded, c.name);
                QCOMPARE(Messages::inputErrorText(e), qs(e.what()));
                codes.insert(e.detail().code);
            }
        }
        for (const auto& [detail, english] : unreachableCases()) {
            QCOMPARE(Messages::inputErrorText(detail), english);
            codes.insert(detail.code);
        }
        // Every code is covered.
        for (int c = static_cast<int>(InputErrorCode::Uncoded) + 1;
             c <= static_cast<int>(kLastInputErrorCode); ++c)
            QVERIFY2(
                codes.count(static_cast<InputErrorCode>(c)), qPrintable(QStringLiteral("code %1 untested").arg(c)));

        // Without a code, the English message as it is.
        QCOMPARE(Messages::inputErrorText(InputError("fleet: something")), QStringLiteral("fleet: something"));
    }

    void inputErrorsInKoreanAreKorean()
    {
        installTranslator(kLanguageKorean);
        for (const ErrorCase& c : errorCases(m_dir.path())) {
            try {
                c.run();
                QFAIL(c.name);
            } catch (const InputError& e) {
                const QString ko = Messages::inputErrorText(e);
                QVERIFY2(ko != qs(e.what()), qPrintable(ko));
                QVERIFY2(hasHangul(ko), qPrintable(ko));
            }
        }
        for (const auto& [detail, english] : unreachableCases())
            QVERIFY2(hasHangul(Messages::inputErrorText(detail)), qPrintable(english));
        installTranslator(kLanguageEnglish);
    }

    void presetFileErrorsInBothLanguages()
    {
        // Preset files a colleague sent: truncated, from a newer kvtiers, and one whose
        // scenario does not validate. Imported through the panel, and found in the folder.
        const std::vector<std::pair<QString, QByteArray>> files = {
            { QStringLiteral("truncated.json"),
                QByteArray("{\"schema\": \"kvtiers-preset\", \"schema_version\": 1, \"na") },
            { QStringLiteral("newer.json"),
                QByteArray(
                    "{\"schema\": \"kvtiers-preset\", \"schema_version\": 7, \"name\": \"x\", \"scenario\": {}}") },
            { QStringLiteral("tp.json"),
                QByteArray("{\"schema\": \"kvtiers-preset\", \"schema_version\": 1, \"name\": \"tp three\", "
                           "\"scenario\": {\"workload\": \"article\", \"overrides\": {\"tp\": 3}}}") },
        };
        QTemporaryDir sent;
        QVERIFY(sent.isValid());
        for (const auto& [name, text] : files) {
            QFile f(sent.filePath(name));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(text);
        }
        for (const QString& language : { kLanguageEnglish, kLanguageKorean }) {
            installTranslator(language);
            ScenarioController controller;
            PresetPanel panel(&controller);
            PresetStore reference(sent.filePath(QStringLiteral("store")).toStdString());
            for (const auto& [name, text] : files) {
                const QString path = sent.filePath(name);
                const Status expected = reference.importFile(path.toStdString());
                QVERIFY(!expected.ok());
                FileDialog::setNextFileName(path);
                panel.importFile();
                const QString shown = MessageBox::lastMessage();
                if (language == kLanguageEnglish) {
                    QCOMPARE(shown, qs(expected.error));
                } else {
                    QVERIFY2(hasHangul(shown) && shown.contains(name), qPrintable(shown));
                    QVERIFY2(shown != qs(expected.error), qPrintable(shown));
                }
            }
        }

        // The same files in the store's folder are skipped and listed.
        const QString folder = QString::fromStdString(PresetStore::defaultDirectory());
        QVERIFY(QDir().mkpath(folder));
        for (const auto& [name, text] : files) {
            if (name == QLatin1String("tp.json"))
                continue; // the store reads it; only importing resolves the scenario
            QVERIFY(QFile::copy(sent.filePath(name), QDir(folder).filePath(name)));
        }
        for (const QString& language : { kLanguageEnglish, kLanguageKorean }) {
            installTranslator(language);
            ScenarioController controller;
            PresetPanel panel(&controller);
            QCOMPARE(panel.problemTexts().size(), qsizetype(2));
            for (qsizetype i = 0; i < 2; ++i) {
                const QString reason = qs(panel.store().problems().at(static_cast<size_t>(i)).reason);
                if (language == kLanguageEnglish)
                    QCOMPARE(panel.problemTexts().at(i), reason);
                else
                    QVERIFY2(hasHangul(panel.problemTexts().at(i)), qPrintable(panel.problemTexts().at(i)));
            }
        }
        QDir(folder).removeRecursively();
        installTranslator(kLanguageEnglish);
    }

private:
    QTemporaryDir m_dir;
};

QTEST_MAIN(TestGuiMessages)
#include "tst_gui_messages.moc"
