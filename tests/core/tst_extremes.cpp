// Extreme and impossible inputs: the longest context a model allows (16× its card's, up to 100M
// tokens) × a million sequences × a million GPUs gives finite, correct figures; impossible
// inputs are refused with a message naming the field.

#include "core/io/Units.h"
#include "core/model/KvSizing.h"
#include "core/report/ResultJson.h"
#include "tests/support/TestSupport.h"

#include <limits>

using namespace kvtiers;
using namespace kvtiers::test;

namespace {

constexpr double kContext = 100e6;  // 100M tokens, where the model allows it (contextLimit)
constexpr double kSequences = 1e6;  // per replica
constexpr double kServers = 125000; // × 8 GPUs = 1,000,000 GPUs

QString checkFinite(const EvalResult& r, const QString& what)
{
    const std::vector<std::pair<const char*, double>> figures = {
        { "kvBytesPerToken", r.kvBytesPerToken },
        { "kvBytesPerTokenEffective", r.kvBytesPerTokenEffective },
        { "kvBytesPerRequest", r.kvBytesPerRequest },
        { "hotSetBytes", r.hotSetBytes },
        { "weightsBytes", r.weightsBytes },
        { "kvBytesAllocatedPerRequest", r.kvBytesAllocatedPerRequest },
        { "hotSetAllocatedBytes", r.hotSetAllocatedBytes },
        { "kvBudgetPerGpu", r.kvBudgetPerGpu },
        { "maxConcurrency", r.maxConcurrency },
        { "maxConcurrencyRatio", r.maxConcurrencyRatio },
        { "servedConcurrency", r.servedConcurrency },
        { "hbm.used", r.tiers.hbm.used() },
        { "dram.used", r.tiers.dram.used() },
        { "ssd.used", r.tiers.ssd.used() },
        { "hbm.fragmentation", r.tiers.hbm.fragmentation },
        { "hbm.sharedPrefixes", r.tiers.hbm.sharedPrefixes },
        { "overflowBytes", r.overflowBytes },
        { "retainedPoolBytes", r.retainedPoolBytes },
        { "lostReuseBytes", r.lostReuseBytes },
        { "requestedReuse", r.requestedReuse },
        { "achievedReuse", r.achievedReuse },
        { "requestRate", r.requestRate },
        { "requestSeconds", r.requestSeconds },
        { "recomputeSeconds", r.recomputeSeconds },
        { "restoreSecondsDram", r.restoreSecondsDram },
        { "restoreSecondsSsd", r.restoreSecondsSsd },
        { "restoreBandwidthDram", r.restoreBandwidthDram },
        { "restoreBandwidthSsd", r.restoreBandwidthSsd },
        { "ttftNoReuseSeconds", r.ttftNoReuseSeconds },
        { "ttftWithReuseSeconds", r.ttftWithReuseSeconds },
        { "decodeStepSeconds", r.decodeStepSeconds },
        { "tokensPerSecond", r.tokensPerSecond },
        { "perGpu.hbm", r.perGpu.hbm },
        { "perGpu.dram", r.perGpu.dram },
        { "perGpu.ssd", r.perGpu.ssd },
        { "perServer.hbm", r.perServer.hbm },
        { "perServer.dram", r.perServer.dram },
        { "perServer.ssd", r.perServer.ssd },
        { "fleet.hbm", r.fleet.hbm },
        { "fleet.dram", r.fleet.dram },
        { "fleet.ssd", r.fleet.ssd },
        { "fleetGpus", r.fleetGpus },
    };
    for (const auto& [name, v] : figures)
        if (!std::isfinite(v) || v < 0)
            return QStringLiteral("%1: %2 = %3").arg(what, QString::fromUtf8(name)).arg(v);
    // Break-even may legitimately be +inf ("never"), but never NaN or negative.
    for (double be : { r.breakEvenTokensDram, r.breakEvenTokensSsd })
        if (std::isnan(be) || be < 0)
            return what + QStringLiteral(": break-even is NaN or negative");
    return {};
}

Json extremeOverrides()
{
    return { { "context", kContext }, { "concurrency", kSequences }, { "servers", kServers }, { "reuse_rate", 0.5 },
        { "sharing", 1000 }, { "reuse_distance_s", 1e9 }, { "offload_rate", 1 } };
}

} // namespace

class TestExtremes : public QObject {
    Q_OBJECT
private slots:
    void longestContextMillionSequencesMillionGpus()
    {
        // Llama 3.1 70B's longest: 16 × 131,072 = 2,097,152 tokens.
        const double context = contextLimit(builtinModel("llama-3.1-70b"));
        QCOMPARE(context, 2097152.0);
        const Scenario s = scenario(
            "llama-3.1-70b", { { "context", context }, { "concurrency", kSequences }, { "servers", kServers } });
        const EvalResult r = evaluate(s);
        KV_CHECK(checkFinite(r, "70B"));
        QCOMPARE(r.fleetGpus, 1e6);
        // Independent long-double arithmetic: 2 × 80 × 8 × 128 × 2 B per token.
        const long double perToken = 2.0L * 80 * 8 * 128 * 2;
        const long double perRequest = perToken * 2097152.0L;
        const long double hot = perRequest * 1000000.0L;
        QCOMPARE(static_cast<long double>(r.kvBytesPerToken), perToken);
        QCOMPARE(static_cast<long double>(r.kvBytesPerRequest), perRequest); // 6.87e11 B
        QCOMPARE(static_cast<long double>(r.hotSetBytes), hot);              // 6.87e17 B, beyond 2^53
        // A million do not fit: overflow = hot set − HBM budget of the replica, which holds
        // one such sequence (687 GB of the 875 GB left beside the weights).
        const long double budget = 8 * (0.9L * 141e9L - 70553706496.0L * 2 / 8);
        KV_COMPARE_NEAR(r.overflowBytes, static_cast<double>(hot - budget), 1e-12);
        QCOMPARE(r.maxConcurrency, 1.0);
        QCOMPARE(r.fleet.hbm, r.perServer.hbm * kServers);
        // The JSON a script reads: exact integers up to 2^53, doubles beyond.
        const Json j = resultToJson(s, r);
        QVERIFY(j["hot_set_bytes"].is_number_float());
        QCOMPARE(j["hot_set_bytes"].get<double>(), r.hotSetBytes);
        QVERIFY(j["kv_bytes_per_request"].is_number_integer());
        QCOMPARE(j["kv_bytes_per_request"].get<std::int64_t>(), std::int64_t(687194767360));
        QVERIFY(j["decode_step_seconds"].is_number());
        QVERIFY(!j.contains("does_not_fit") || j["does_not_fit"].is_null());
    }

    void extremesForEveryModelAndFeature()
    {
        // Every built-in model, with reuse, sharing and a billion-second reuse distance,
        // paged and contiguous, streaming or not.
        for (const auto& [id, model] : CardCatalog::builtin().models()) {
            for (const char* policy : { "paged", "contiguous" }) {
                for (bool streaming : { false, true }) {
                    Json o = extremeOverrides();
                    const long double C = std::min(kContext, contextLimit(model));
                    o["context"] = static_cast<double>(C);
                    o["allocation"] = policy;
                    o["streaming"] = streaming;
                    const QString what
                        = QStringLiteral("%1 %2 %3").arg(QString::fromStdString(id), policy).arg(streaming);
                    const Scenario s = scenario(id, o);
                    const EvalResult r = evaluate(s);
                    KV_CHECK(checkFinite(r, what));
                    // KV per request against an independent long-double sum over layer groups.
                    const long double e = static_cast<long double>(s.kvFormat().bits + s.kvFormat().scaleBits) / 8;
                    long double kv = 0;
                    for (const auto& g : model.groups) {
                        const long double L = static_cast<long double>(g.layers);
                        switch (g.kind) {
                        case LayerKind::Full:
                            kv += L * g.numKvHeads * (g.kHeadDim + g.vHeadDim) * e * C;
                            break;
                        case LayerKind::Sliding:
                            kv += L * g.numKvHeads * (g.kHeadDim + g.vHeadDim) * e * std::min<long double>(C, g.window);
                            break;
                        case LayerKind::Chunked: // at most one chunk once a chunk has filled (docs/model.md §2)
                            kv += L * g.numKvHeads * (g.kHeadDim + g.vHeadDim) * e * std::min<long double>(C, g.chunk);
                            break;
                        case LayerKind::Mla:
                            kv += L * (g.kvLoraRank + g.qkRopeHeadDim) * e * C;
                            break;
                        case LayerKind::State:
                            kv += L * static_cast<long double>(g.stateBytes);
                            break;
                        }
                    }
                    KV_COMPARE_NEAR(r.kvBytesPerRequest, static_cast<double>(kv), 1e-12);
                    // Hot set: N × KV(C) − N × KV(rP) × (1 − 1/S), prefix counted in held tokens.
                    const long double R = std::floor(0.5L * C);
                    long double prefix = 0;
                    for (const auto& g : model.groups) {
                        if (g.kind == LayerKind::State)
                            continue;
                        const long double perTok = static_cast<long double>(g.elementsPerToken()) * e * g.layers;
                        const long double window = g.kind == LayerKind::Sliding ? g.window
                            : g.kind == LayerKind::Chunked                      ? g.chunk
                                                                                : C;
                        prefix += perTok * std::max<long double>(0, R - (C - window));
                    }
                    const long double hot = kSequences * kv - kSequences * prefix * (1 - 1.0L / 1000);
                    KV_COMPARE_NEAR(r.hotSetBytes, static_cast<double>(hot), 1e-12);
                }
            }
        }
    }

    void smallestInputs()
    {
        // One token, one sequence, one server.
        const EvalResult r = evaluate(scenario("llama-3.1-8b",
            { { "context", 1 }, { "concurrency", 1 }, { "reuse_rate", 1 }, { "reuse_distance_s", 1 },
                { "offload_rate", 1 } }));
        KV_CHECK(checkFinite(r, "one token"));
        QCOMPARE(r.kvBytesPerRequest, 131072.0);
    }

    void largestAcceptedInputs()
    {
        // The limits themselves (16× the card's context, a million sequences, 1e9 servers)
        // stay finite.
        const Scenario s = scenario("llama-3.1-405b",
            { { "context", contextLimit(builtinModel("llama-3.1-405b")) }, { "concurrency", limits::kMaxConcurrency },
                { "servers", 1e9 }, { "reuse_rate", 1 }, { "reuse_distance_s", 1e9 }, { "offload_rate", 1 } });
        KV_CHECK(checkFinite(evaluate(s), "limits"));
    }

    void beyondLimitsRefused()
    {
        KV_CHECK(expectInputError([] { scenario("llama-3.1-70b", { { "context", 1e13 } }); }, { "context" }));
        KV_CHECK(expectInputError([] { scenario("llama-3.1-70b", { { "context", 2097153 } }); }, { "context" }));
        KV_CHECK(expectInputError([] { scenario("llama-3.1-70b", { { "concurrency", 1e13 } }); }, { "concurrency" }));
        KV_CHECK(expectInputError(
            [] {
                scenario("llama-3.1-70b", { { "concurrency", 1e6 + 1 } });
            },
            { "concurrency" }));
        KV_CHECK(expectInputError([] { scenario("llama-3.1-70b", { { "servers", 1e10 } }); }, { "servers" }));
        KV_CHECK(expectInputError([] { scenario("llama-3.1-70b", { { "servers", 1.5 } }); }, { "servers" }));
    }

    void impossibleInputsNameTheField()
    {
        const auto refuse = [](Json o, const char* field) {
            return expectInputError([&] { scenario("llama-3.1-70b", o); }, { field });
        };
        KV_CHECK(refuse({ { "context", -1 } }, "context"));
        KV_CHECK(refuse({ { "context", 0 } }, "context"));
        KV_CHECK(refuse({ { "context", 1.5 } }, "context"));
        KV_CHECK(refuse({ { "concurrency", 0 } }, "concurrency"));
        KV_CHECK(refuse({ { "concurrency", -5 } }, "concurrency"));
        KV_CHECK(refuse({ { "context", std::numeric_limits<double>::quiet_NaN() } }, "context"));
        KV_CHECK(refuse({ { "reuse_rate", std::numeric_limits<double>::quiet_NaN() } }, "reuse_rate"));
        KV_CHECK(refuse({ { "reuse_rate", std::numeric_limits<double>::infinity() } }, "reuse_rate"));
        KV_CHECK(refuse({ { "reuse_rate", 1.5 } }, "reuse_rate"));
        KV_CHECK(refuse({ { "reuse_rate", -0.1 } }, "reuse_rate"));
        KV_CHECK(refuse({ { "sharing", 0.5 } }, "sharing"));
        KV_CHECK(refuse({ { "offload_rate", 2 } }, "offload_rate"));
        KV_CHECK(refuse({ { "reuse_distance_s", -1 } }, "reuse_distance_s"));
        KV_CHECK(refuse({ { "kv_bits", 0 } }, "kv_bits"));
        KV_CHECK(refuse({ { "kv_bits", 65 } }, "kv_bits"));
        KV_CHECK(refuse({ { "kv_dtype", "0bit" } }, "kv_dtype"));
        KV_CHECK(refuse({ { "kv_dtype", "65bit" } }, "kv_dtype"));
        KV_CHECK(refuse({ { "gpu_memory_utilization", 0 } }, "gpu_memory_utilization"));
        KV_CHECK(refuse({ { "gpu_memory_utilization", 1.1 } }, "gpu_memory_utilization"));
        KV_CHECK(refuse({ { "block_size", 0 } }, "block_size"));
        KV_CHECK(refuse({ { "tp", 0 } }, "tp"));
        KV_CHECK(refuse({ { "runtime_reserve_bytes", -1 } }, "runtime_reserve_bytes"));
        KV_CHECK(refuse({ { "context", "128k" } }, "context")); // a string where a number belongs
        KV_CHECK(refuse({ { "allocation", "paged-ish" } }, "allocation"));
        KV_CHECK(refuse({ { "weights_placement", { { "hbm", 0.5 }, { "dram", 0.4 } } } }, "weights_placement"));
        KV_CHECK(refuse({ { "no_such_knob", 1 } }, "no_such_knob"));
        // Output tokens must leave a prompt.
        KV_CHECK(refuse({ { "context", 1000 }, { "output_tokens", 1000 } }, "output"));
        KV_CHECK(refuse({ { "context", 1000 }, { "output_tokens", 5000 } }, "output"));
    }

    void tpMustFitHeadsAndServer()
    {
        // TP 6 on a 6-GPU server fits the server but not Llama 70B's 8 KV heads.
        KV_CHECK(expectInputError(
            [] {
                scenario("llama-3.1-70b", { { "gpus_per_server", 6 }, { "tp", 6 } });
            },
            { "tp", "8 KV heads" }));
        // TP 3 on an 8-GPU server fits no server layout.
        KV_CHECK(expectInputError([] { scenario("llama-3.1-70b", { { "tp", 3 } }); }, { "tp", "8 GPUs" }));
        // MLA has no KV heads to split: any TP that fits the server is fine.
        QCOMPARE(scenario("deepseek-v3", { { "tp", 4 } }).tp(), 4);
    }

    void validateScenarioDirectly()
    {
        // The GUI edits a Scenario in place: validateScenario is its guard.
        const Scenario base = scenario("llama-3.1-70b");
        const auto refuse = [&](const std::function<void(Scenario&)>& edit, const char* field) {
            Scenario s = base;
            edit(s);
            return expectInputError([&] { evaluate(s); }, { field });
        };
        constexpr double nan = std::numeric_limits<double>::quiet_NaN();
        KV_CHECK(refuse([](Scenario& s) { s.workload.context = nan; }, "context"));
        KV_CHECK(refuse([](Scenario& s) { s.workload.context = 0; }, "context"));
        KV_CHECK(refuse([](Scenario& s) { s.workload.concurrency = nan; }, "concurrency"));
        KV_CHECK(refuse([](Scenario& s) { s.workload.outputTokens = nan; }, "output-tokens"));
        KV_CHECK(refuse([](Scenario& s) { s.workload.reuseRate = nan; }, "reuse"));
        KV_CHECK(refuse([](Scenario& s) { s.workload.sharing = nan; }, "sharing"));
        KV_CHECK(refuse([](Scenario& s) { s.workload.gpuMemoryUtilization = 0; }, "gpu-util"));
        KV_CHECK(refuse([](Scenario& s) { s.workload.gpuMemoryUtilization = nan; }, "gpu-util"));
        KV_CHECK(refuse([](Scenario& s) { s.workload.kv = KvFormat { 0, 0 }; }, "kv-dtype"));
        KV_CHECK(refuse([](Scenario& s) { s.workload.kv = KvFormat { 65, 0 }; }, "kv-dtype"));
        KV_CHECK(refuse([](Scenario& s) { s.workload.kv = KvFormat { nan, 0 }; }, "kv-dtype"));
        KV_CHECK(refuse([](Scenario& s) { s.workload.servers = nan; }, "servers"));
        KV_CHECK(refuse([](Scenario& s) { s.workload.reuseDistanceSeconds = nan; }, "reuse-distance"));
        KV_CHECK(refuse([](Scenario& s) { s.workload.tp = 6; }, "tp"));
    }

    void nanThroughParseFunctions()
    {
        KV_CHECK(expectInputError([] { parseTokenCount("nan", "--context", 1, 1e12); }, { "--context" }));
        KV_CHECK(expectInputError([] { parseTokenCount("inf", "--context", 1, 1e12); }, { "--context" }));
        KV_CHECK(expectInputError([] { parseFraction("nan", "--reuse"); }, { "--reuse" }));
        KV_CHECK(expectInputError([] { parseNumberOption("nan", "--sharing", 1, 1e12, false); }, { "--sharing" }));
        KV_CHECK(expectInputError([] { parseNumberOption("-inf", "--sharing", 1, 1e12, false); }, { "--sharing" }));
        KV_CHECK(expectInputError([] { parseByteSize("nanGiB", "--reserve"); }, { "--reserve" }));
        KV_CHECK(expectInputError([] { parseKvDtype("nanbit", "--kv-dtype"); }, { "--kv-dtype" }));
        // NaN is not JSON: a card or preset containing it does not parse.
        KV_CHECK(expectInputError([] { parseStrictJson(R"({"context": NaN})", "preset.json"); }, { "preset.json" }));
        // A number too large for a double is refused rather than read as infinity.
        KV_CHECK(expectInputError([] { parseStrictJson(R"({"context": 1e999})", "preset.json"); }, { "preset.json" }));
    }
};

QTEST_APPLESS_MAIN(TestExtremes)
#include "tst_extremes.moc"
