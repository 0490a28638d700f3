// A scenario served with expert parallelism and DP attention, end to end: the workload
// knobs (dp, ep, nodes, draft tokens) in the evaluator, its KV, weights and step per GPU
// against core/model/ExpertParallel's pure functions, `eval`'s JSON and text, fleet sizing
// in whole units, and the refusals that name their field.
#include "core/analysis/Deployments.h"
#include "core/analysis/Fleet.h"
#include "core/analysis/FleetLoad.h"
#include "core/analysis/Sensitivity.h"
#include "core/catalog/CardCatalog.h"
#include "core/catalog/ScenarioSpec.h"
#include "core/io/InputError.h"
#include "core/io/Units.h"
#include "core/model/ComputeModel.h"
#include "core/model/Evaluation.h"
#include "core/model/ExpertParallel.h"
#include "core/replay/Replay.h"
#include "core/scenario/Knobs.h"
#include "tests/support/CliRun.h"

#include <QtTest>

#include <cmath>

using namespace kvtiers;

namespace {

Scenario scenarioOf(const std::string& workload, const Json& overrides = Json::object())
{
    ScenarioSpec spec;
    spec.workload = workload;
    spec.overrides = overrides;
    return resolveScenario(CardCatalog::builtin(), spec).scenario;
}

Scenario modelScenario(const std::string& model, const std::string& hardware, const Json& overrides)
{
    ScenarioSpec spec;
    spec.model = model;
    spec.hardware = hardware;
    spec.overrides = overrides;
    return resolveScenario(CardCatalog::builtin(), spec).scenario;
}

Json tensorParallel(int tp)
{
    return { { knobKey(KnobId::Tp), tp }, { knobKey(KnobId::Dp), 1 }, { knobKey(KnobId::Ep), 1 } };
}

/// DeepSeek-R1's KV per token at BF16: 61 layers × (512 + 64) × 2 B (config.json).
constexpr double kR1KvPerToken = 61 * (512 + 64) * 2.0;

} // namespace

class TestDeployment : public QObject {
    Q_OBJECT
private slots:
    void reasoningCardIsServedWithDpAttentionOverTheServer()
    {
        // The card's dp 0 and ep 0: every GPU of the 8-GPU H200 server is an attention rank,
        // and the 256 routed experts spread over all 8 (vLLM's and SGLang's DeepSeek recipes).
        const Scenario s = scenarioOf("reasoning");
        QVERIFY(s.expertParallel());
        const Deployment d = s.deployment();
        QCOMPARE(d.tp, 1);
        QCOMPARE(d.dp, 8);
        QCOMPARE(d.ep, 8);
        QCOMPARE(d.gpus(), 8);
        // On a 72-GPU rack the same card spreads the experts over the most GPUs that divide
        // 256: 8 (72 = 8 × 9, and 9, 12, 18, 24, 36, 72 do not divide 256).
        const Scenario rack = scenarioOf("reasoning", { { "gpus_per_server", 72 } });
        QCOMPARE(rack.deployment().dp, 72);
        QCOMPARE(rack.deployment().ep, 8);
    }

    void kvPerGpuIsTheRanksOwnSequencesWithoutReplication()
    {
        // Check 1: KV per GPU = the rank's sequences × context × latent bytes × layers,
        // exactly (10,240 tokens are 640 whole 16-token blocks: no rounding).
        const Scenario s = scenarioOf("reasoning");
        const EvalResult r = evaluate(s);
        QCOMPARE(r.tp, 1);
        const double perSequence = kR1KvPerToken * 10240;
        QCOMPARE(r.tiers.hbm.hotAllocated(), r.servedConcurrency * perSequence);
        std::vector<double> contexts(static_cast<std::size_t>(r.servedConcurrency), 10240);
        QCOMPARE(r.tiers.hbm.hotAllocated(), dpAttentionKvBytes(s.model, s.deployment(), contexts));
        // At TP 8 every GPU holds a copy of every sequence's latent (vLLM): 8 times the bytes
        // per sequence per GPU that DP attention holds.
        const EvalResult tp8 = evaluate(scenarioOf("reasoning", tensorParallel(8)));
        QCOMPARE(tp8.tiers.hbm.hotAllocated() / tp8.tp, tp8.servedConcurrency * perSequence);
    }

    void weightsPerGpuAreTheExpertsAndTheReplicatedParts()
    {
        // Check 2 in the evaluator: ceil(256 ÷ 8) = 32 experts × 44,040,192 B × 58 MoE layers
        // + 17,117,648,384 replicated parameters, FP8 (tst_expert_parallel sums both from
        // config.json).
        const Scenario s = scenarioOf("reasoning");
        const EvalResult r = evaluate(s);
        const double expected = 32 * 44040192.0 * 58 + 17117648384.0;
        QCOMPARE(r.unit.weightsPerGpu, expected);
        QCOMPARE(r.tiers.hbm.weights, expected);
        QCOMPARE(r.unit.weightsPerGpu, epWeightsPerGpu(s.model, s.deployment()).total());
        // TP 8 holds an eighth of the whole model per GPU.
        const EvalResult tp8 = evaluate(scenarioOf("reasoning", tensorParallel(8)));
        QCOMPARE(tp8.unit.weightsPerGpu, tp8.weightsBytes / 8);
    }

    void throughputIsTheExpertParallelStep()
    {
        const Scenario s = scenarioOf("reasoning");
        const EvalResult r = evaluate(s);
        const EpStep step = epDecodeStep(s.model, s.hardware, s.deployment(), r.servedConcurrency, 10240);
        QCOMPARE(r.unit.stepSeconds, step.seconds);
        QCOMPARE(r.unit.outputTokensPerSecondPerNode, step.tokensPerSecondPerNode);
        QCOMPARE(r.unit.outputTokensPerSecondPerGpu * 8, r.unit.outputTokensPerSecondPerNode);
        QCOMPARE(r.decodeStepSeconds, step.seconds);
        QVERIFY(r.unit.inputTokensPerSecondPerNode > 0);
        // Speculation: one draft token accepted 85% of the time emits 1.85 tokens a step, two
        // 1 + 0.85 + 0.85².
        Json spec = { { knobKey(KnobId::SpecTokens), 1 }, { knobKey(KnobId::SpecAcceptance), 0.85 } };
        const Scenario mtp = scenarioOf("reasoning", spec);
        QCOMPARE(mtp.tokensPerDecodeStep(), 1.85);
        spec[knobKey(KnobId::SpecTokens)] = 2;
        QCOMPARE(scenarioOf("reasoning", spec).tokensPerDecodeStep(), 1 + 0.85 + 0.85 * 0.85);
        const EvalResult rm = evaluate(mtp);
        const EpStep ms = epDecodeStep(mtp.model, mtp.hardware, mtp.deployment(), rm.servedConcurrency, 10240);
        QCOMPARE(rm.decodeStepSeconds, ms.seconds / 1.85);
        QCOMPARE(rm.unit.outputTokensPerSecondPerNode, ms.tokensPerSecondPerNode);
    }

    void dpAttentionServesMoreThanTp8OnTheSameServer()
    {
        // The mechanism the DeepSeek figures rest on: without the latent's eightfold
        // copy, a server holds more sequences and makes more tokens per GPU.
        const Scenario s = scenarioOf("reasoning");
        const EvalResult r = evaluate(s);
        const auto c = compareDeployments(s, r);
        QVERIFY(c);
        QCOMPARE(c->other.result.tp, 8);
        QVERIFY(!c->other.scenario.expertParallel());
        QVERIFY(c->stated.sequencesPerGpu > 3 * c->other.sequencesPerGpu);
        QVERIFY(
            c->stated.result.unit.outputTokensPerSecondPerNode > 2 * c->other.result.unit.outputTokensPerSecondPerNode);
        // A dense GQA model has no other layout: TP splits its KV heads.
        QVERIFY(!otherDeployment(scenarioOf("chat")));
    }

    /// DP attention on a dense model (SGLang's --enable-dp-attention: "DP for attention, TP
    /// for FFN"): the MLA variant of Llama 3.1 70B on 8 × H200, one attention rank a GPU.
    void denseModelWithDpAttentionShardsItsFfnOverTheUnit()
    {
        const Json dp8 = { { knobKey(KnobId::Tp), 1 }, { knobKey(KnobId::Dp), 8 }, { knobKey(KnobId::Context), 8192 },
            { knobKey(KnobId::Concurrency), 100 } };
        ScenarioSpec spec;
        spec.workload = "article";
        spec.model = "llama-3.1-70b-mla-variant";
        spec.hardware = "h200-sxm";
        spec.overrides = dp8;
        const Scenario s = resolveScenario(CardCatalog::builtin(), spec).scenario;
        QVERIFY(s.expertParallel());
        const EvalResult r = evaluate(s);
        // Weights: the FFN, 3 × 8,192 × 28,672 × 80 = 56,371,445,760 parameters (config.json),
        // over the 8 GPUs; the other 14,182,260,736 (attention, norms, embedding, head) on
        // every rank; BF16.
        const double ffn = 3 * 8192.0 * 28672 * 80;
        QCOMPARE(denseFfnParams(s.model), ffn);
        QCOMPARE(r.unit.weightsPerGpu, (70553706496.0 - ffn) * 2 + ffn * 2 / 8);
        QCOMPARE(r.unit.weightsPerGpu, 42457382912.0);
        // KV: each rank holds its own sequences' latents, 80 × 576 × 2 B a token, once.
        QCOMPARE(r.tiers.hbm.hotAllocated(), r.servedConcurrency * 80 * 576 * 2.0 * 8192);
        // The gather before each FFN and the scatter after it: the token's BF16 hidden state to
        // the 7 other ranks each way, all inside the server.
        const ExchangeBytes x = denseGatherBytesPerToken(s.model, s.deployment());
        QCOMPARE(x.dispatch, 7 * 8192 * 2.0);
        QCOMPARE(x.combine, 7 * 8192 * 2.0);
        QCOMPARE(x.dispatchScaleOut, 0.0);
        const EpStep step = epDecodeStep(s.model, s.hardware, s.deployment(), r.servedConcurrency, 8192);
        QCOMPARE(r.unit.stepSeconds, step.seconds);
        QVERIFY(step.experts > 0 && step.exchange > 0);
        // At TP 8 the same variant keeps every latent on all 8 GPUs: the stated layout holds
        // more than 3× the sequences per GPU, and eval sets one beside the other.
        const auto c = compareDeployments(s, r);
        QVERIFY(c);
        QCOMPARE(c->other.result.tp, 8);
        QVERIFY2(c->stated.sequencesPerGpu > 3 * c->other.sequencesPerGpu,
            qPrintable(QString("%1 vs %2").arg(c->stated.sequencesPerGpu).arg(c->other.sequencesPerGpu)));
        // eval names the layout by what the unit splits: the FFN, not experts.
        const test::CliRun text
            = test::runCli({ "eval", "--model", "llama-3.1-70b-mla-variant", "--tp", "1", "--dp", "8" });
        QCOMPARE(text.status, 0);
        QVERIFY2(text.out.find("TP 1 x DP 8, FFN over 8 GPUs on 1 server") != std::string::npos, text.out.c_str());
        QVERIFY2(text.out.find("TP 1 x DP 8, FFN over 8 GPUs, 1 server") != std::string::npos, text.out.c_str());
    }

    /// A rank is busy for its own tokens' whole pass (every rank prefilling), but a request's
    /// own prefill is shorter while the other ranks are idle: its routed experts run over the
    /// 8 EP GPUs, so that part takes (1 + 7ρ) ÷ 8 of its loaded time.
    void aRanksPrefillSpreadsItsExpertsOverTheUnit()
    {
        const Scenario s = scenarioOf("reasoning");
        const EvalResult r = evaluate(s);
        const auto busy = prefillBranches(s, r);
        const PrefillSpread spread = prefillSpread(s, r);
        QCOMPARE(spread.span, 8.0);
        QCOMPARE(spread.seconds.size(), busy.size());
        // The miss branch computes the whole prompt: 8 experts × 44,040,192 parameters × 58
        // MoE layers = 20,434,649,088 a token, 2 FLOPs each, at the rank's rate.
        QCOMPARE(spread.seconds[0], 2 * 20434649088.0 * r.promptTokens / (gpuFlops(s) * s.hardware.prefillMfu));
        const auto idle = spread.ownTimes(busy, 0), loaded = spread.ownTimes(busy, 1),
                   half = spread.ownTimes(busy, 0.5);
        for (std::size_t i = 0; i < busy.size(); ++i) {
            QCOMPARE(idle[i].share, busy[i].share);
            QCOMPARE(idle[i].seconds, std::max(spread.stream, busy[i].seconds - spread.seconds[i] * 7 / 8));
            QCOMPARE(half[i].seconds, std::max(spread.stream, busy[i].seconds - spread.seconds[i] * 7 * 0.5 / 8));
            QCOMPARE(loaded[i].seconds, busy[i].seconds);
            QVERIFY(idle[i].seconds < busy[i].seconds);
        }
        QCOMPARE(idleTtftAt(s, r, kMeanPercentile), [&] {
            double mean = 0;
            for (const auto& b : idle)
                mean += b.share * b.seconds;
            return mean;
        }());
        // A TP replica spreads nothing.
        const Scenario tp8 = scenarioOf("reasoning", tensorParallel(8));
        const EvalResult r8 = evaluate(tp8);
        QCOMPARE(prefillSpread(tp8, r8).span, 1.0);
        QCOMPARE(prefillSpread(tp8, r8).ownTimes(prefillBranches(tp8, r8), 0)[0].seconds,
            prefillBranches(tp8, r8)[0].seconds);
    }

    void evalReportsTheDeploymentInJsonAndText()
    {
        const test::CliRun json = test::runCli({ "eval", "--workload", "reasoning", "--json" });
        QCOMPARE(json.status, 0);
        const Json j = Json::parse(json.out);
        const EvalResult r = evaluate(scenarioOf("reasoning"));
        const Json& d = j.at("deployment");
        QCOMPARE(d.at(knobKey(KnobId::Tp)).get<int>(), 1);
        QCOMPARE(d.at(knobKey(KnobId::Dp)).get<int>(), 8);
        QCOMPARE(d.at(knobKey(KnobId::Ep)).get<int>(), 8);
        QCOMPARE(d.at(knobKey(KnobId::Nodes)).get<int>(), 1);
        QCOMPARE(d.at("gpus").get<double>(), 8.0);
        QCOMPARE(j.at("output_tokens_per_s_per_node").get<double>(), r.unit.outputTokensPerSecondPerNode);
        QCOMPARE(j.at("input_tokens_per_s_per_node").get<double>(), r.unit.inputTokensPerSecondPerNode);

        const test::CliRun text = test::runCli({ "eval", "--workload", "reasoning" });
        QCOMPARE(text.status, 0);
        QVERIFY2(text.out.find("TP 1 x DP 8, EP 8 over 1 server") != std::string::npos, text.out.c_str());
        QVERIFY(text.out.find("TP 1 x DP 8, EP 8, 1 server") != std::string::npos);
        QVERIFY(text.out.find("TP 8, 1 server") != std::string::npos);
        QVERIFY(text.out.find("HBM per GPU") != std::string::npos);
        QVERIFY(text.out.find(formatSignificant(r.unit.outputTokensPerSecondPerNode, 4) + " per node")
            != std::string::npos);
    }

    /// Decode context parallel from the command line: the latent striped over TP 8 holds one
    /// copy, the step names its exchange, and stripes that do not divide TP are refused.
    void dcpFlagStripesTheLatentAndNamesItsExchange()
    {
        const test::CliRun plain = test::runCli(
            { "eval", "--model", "deepseek-v2", "--hardware", "h200-sxm", "--tp", "8", "--context", "32k", "--json" });
        const test::CliRun dcp = test::runCli({ "eval", "--model", "deepseek-v2", "--hardware", "h200-sxm", "--tp", "8",
            "--context", "32k", "--dcp", "8", "--json" });
        QCOMPARE(plain.status, 0);
        QCOMPARE(dcp.status, 0);
        const Json p = Json::parse(plain.out), d = Json::parse(dcp.out);
        QCOMPARE(d.at("dcp").get<int>(), 8);
        QCOMPARE(p.at("dcp").get<int>(), 1);
        QCOMPARE(p.at("decode_context_exchange_seconds").get<double>(), 0.0);
        QVERIFY(d.at("decode_context_exchange_seconds").get<double>() > 0);
        // The same HBM holds one copy of each latent instead of eight: more sequences fit.
        const Scenario s
            = modelScenario("deepseek-v2", "h200-sxm", { { "context", 32768 }, { "tp", 8 }, { "dcp", 8 } });
        const EvalResult r = evaluate(s);
        QCOMPARE(d.at("decode_context_exchange_seconds").get<double>(), r.decodeContextSeconds);
        const EvalResult one
            = evaluate(modelScenario("deepseek-v2", "h200-sxm", { { "context", 32768 }, { "tp", 8 } }));
        QVERIFY2(r.maxConcurrency > 7 * one.maxConcurrency,
            qPrintable(QString("%1 vs %2").arg(r.maxConcurrency).arg(one.maxConcurrency)));
        const test::CliRun text = test::runCli({ "eval", "--model", "deepseek-v2", "--hardware", "h200-sxm", "--tp",
            "8", "--context", "32k", "--dcp", "8" });
        QCOMPARE(text.status, 0);
        QVERIFY2(text.out.find("; DCP 8 exchange ") != std::string::npos, text.out.c_str());
        const test::CliRun bad = test::runCli({ "eval", "--model", "deepseek-v2", "--tp", "8", "--dcp", "3" });
        QVERIFY(bad.status != 0);
        QVERIFY2(bad.err.find("dcp: 3 does not divide tp 8") != std::string::npos, bad.err.c_str());
    }

    void flagsSetTheDeploymentAndBadOnesNameTheirField()
    {
        const test::CliRun ok = test::runCli({ "eval", "--model", "deepseek-v3", "--hardware", "h200-sxm", "--tp", "1",
            "--dp", "8", "--ep", "8", "--spec-tokens", "1", "--spec-acceptance", "0.85", "--json" });
        QCOMPARE(ok.status, 0);
        QCOMPARE(Json::parse(ok.out).at("deployment").at("tokens_per_decode_step").get<double>(), 1.85);
        // DP ranks must make the server's GPUs; EP must divide the experts; a dense model has none.
        const test::CliRun dp = test::runCli({ "eval", "--model", "deepseek-v3", "--tp", "1", "--dp", "3" });
        QVERIFY(dp.status != 0);
        QVERIFY2(dp.err.find("dp: 3 attention ranks") != std::string::npos, dp.err.c_str());
        const test::CliRun ep
            = test::runCli({ "eval", "--model", "deepseek-v3", "--tp", "1", "--dp", "8", "--ep", "3" });
        QVERIFY(ep.status != 0);
        QVERIFY2(ep.err.find("ep: 3 does not divide") != std::string::npos, ep.err.c_str());
        // A unit may share a server, as TP 8 replicas share a 72-GPU rack: DP 8 on GB200 NVL72
        // is 8 of its 72 GPUs, and a server makes 9 units' tokens.
        const test::CliRun rack = test::runCli({ "eval", "--model", "deepseek-v3", "--hardware", "gb200-nvl72", "--tp",
            "1", "--dp", "8", "--ep", "8", "--json" });
        QCOMPARE(rack.status, 0);
        const Json rj = Json::parse(rack.out);
        QCOMPARE(rj.at("deployment").at("gpus").get<double>(), 8.0);
        QCOMPARE(rj.at("deployment").at("nodes").get<double>(), 1.0);
        QCOMPARE(rj.at("output_tokens_per_s_per_node").get<double>(),
            rj.at("output_tokens_per_s_per_gpu").get<double>() * 72);
        const test::CliRun five = test::runCli(
            { "eval", "--model", "deepseek-v3", "--hardware", "gb200-nvl72", "--tp", "1", "--dp", "5", "--ep", "1" });
        QVERIFY(five.status != 0);
        QVERIFY2(five.err.find("dp: 5 attention ranks of tp 1 GPUs do not make the 72 GPUs") != std::string::npos,
            five.err.c_str());
        // A dense model takes DP attention where its card gives the FFN's width, but no EP.
        QCOMPARE(test::runCli({ "eval", "--model", "llama-3.1-70b", "--tp", "1", "--dp", "8" }).status, 0);
        const test::CliRun denseEp
            = test::runCli({ "eval", "--model", "llama-3.1-70b", "--tp", "1", "--dp", "8", "--ep", "8" });
        QVERIFY(denseEp.status != 0);
        QVERIFY2(denseEp.err.find("ep: 8 needs the model's routed experts") != std::string::npos, denseEp.err.c_str());
        const test::CliRun noWidth = test::runCli({ "eval", "--model", "gemma-2-27b", "--tp", "1", "--dp", "8" });
        QVERIFY(noWidth.status != 0);
        QVERIFY2(noWidth.err.find("intermediate_size") != std::string::npos, noWidth.err.c_str());
        const test::CliRun bad = test::runCli({ "eval", "--workload", "reasoning", "--spec-acceptance", "1.5" });
        QVERIFY(bad.status != 0);
        QVERIFY2(bad.err.find("spec-acceptance") != std::string::npos, bad.err.c_str());
    }

    void fleetSizesWholeUnits()
    {
        FleetInput in;
        FleetEntry e;
        e.label = "reasoning";
        e.spec.workload = "reasoning";
        in.mix.push_back(e);
        in.requestsPerSecond = 5;
        const FleetResult f = sizeFleet(CardCatalog::builtin(), in);
        const FleetEntryResult& r = f.entries.front();
        QVERIFY(r.scenario.expertParallel());
        // A replica is one attention rank of one GPU; ranks come in units of 8.
        QCOMPARE(std::fmod(r.replicas, 8.0), 0.0);
        QCOMPARE(r.gpus, r.replicas);
        // HBM: every rank's demand, whole units of them.
        QCOMPARE(r.bytes.hbm, r.replicas * replicaDemand(r.perReplica).hbm);
    }

    void presetsReproduceTheirPublishedDeployments()
    {
        // The two built-in presets run the published decode deployments through the whole
        // scenario path (card, knobs, evaluator), not the pure functions alone: per-node output
        // tokens/s within ±25% of the published figure (docs/model.md's table).
        const std::vector<std::pair<std::string, double>> published {
            { "DeepSeek-R1 decode, EP144 on 18 x H800 (DeepSeek's service)", 14800 }, // Day-6 overview
            { "DeepSeek-V3 decode, EP72 on 9 x H100 (SGLang, LMSYS)", 22282 },        // LMSYS 2025-05-05
        };
        for (const auto& [name, perNode] : published) {
            const test::CliRun run = test::runCli({ "eval", "--preset", name, "--json" });
            QVERIFY2(run.status == 0, (name + ": " + run.err).c_str());
            const Json j = Json::parse(run.out);
            QVERIFY2(j.at("warnings").empty(), (name + ": " + j.at("warnings").dump()).c_str());
            const double model = j.at("output_tokens_per_s_per_node").get<double>();
            qInfo("%s: %.0f output tokens/s per node against %.0f published (%+.1f%%)", name.c_str(), model, perNode,
                (model / perNode - 1) * 100);
            QVERIFY2(std::abs(model / perNode - 1) <= 0.25, name.c_str());
        }
    }

    void replayRefusesExpertParallelScenarios()
    {
        const Scenario s = scenarioOf("reasoning");
        const EvalResult r = evaluate(s);
        replay::ReplayTrace t;
        replay::ReplayOptions o;
        try {
            (void)replay::runReplay(t, s, r, o);
            QFAIL("an expert-parallel replay ran");
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).find("--dp 1 --ep 1") != std::string::npos, e.what());
        }
    }
};

QTEST_GUILESS_MAIN(TestDeployment)
#include "tst_deployment.moc"
