// Expert-parallel serving with data-parallel attention (core/model/ExpertParallel,
// docs/model.md "Expert-parallel serving (core model)"): KV and weights per GPU exactly, the
// exchange's expected destinations against hand-worked combinatorics, a simulated router and
// the no-deduplication bound, and published DeepSeek-V3/R1 deployments reproduced from their
// stated configurations.

#include "core/catalog/CardCatalog.h"
#include "core/model/ExpertParallel.h"
#include "tests/support/TestSupport.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <random>
#include <set>

using namespace kvtiers;
using namespace kvtiers::test;

namespace {

const HardwareCard& builtinHardware(const std::string& id)
{
    return CardCatalog::builtin().hardware().at(id);
}

/// DeepSeek's serving precision (Day-6 overview: "matrix multiplications and dispatch
/// transmissions adopt the FP8 format ... core MLA computations and combine transmissions
/// use the BF16 format"): FP8 dispatch with one FP32 scale per 128 channels (7168 / 128 × 4
/// = 224 B, DeepEP's per-token FP8 layout), BF16 combine, FP8 W8A8 GEMMs, BF16 latent KV.
Deployment deepseekServing(int nodes, int ep, int redundant)
{
    Deployment d;
    d.nodes = nodes;
    d.gpusPerNode = 8;
    d.tp = 1;
    d.dp = nodes * 8;
    d.ep = ep;
    d.redundantExperts = redundant;
    d.dispatchBytesPerElement = 1;
    d.dispatchScaleBytesPerToken = 7168 / 128 * 4;
    d.combineBytesPerElement = 2;
    d.matmulBits = 8;
    d.kvBytesPerElement = 2;
    // The one overlap every reproduction below uses (docs/model.md: the step this roofline
    // model sums matches the published two-micro-batch steps; not set per deployment).
    d.overlap = 0;
    return d;
}

/// DeepSeek-V3's multi-token prediction: one draft token, accepted 85-90% of the time
/// (DeepSeek-V3 report §5.4.3); the lower end.
SpeculativeDecoding deepseekMtp()
{
    return { 1, 1.85, "DeepSeek-V3 report (arXiv 2412.19437) 5.4.3: second-token acceptance 85-90%" };
}

} // namespace

class TestExpertParallel : public QObject {
    Q_OBJECT
private slots:
    void kvPerGpuIsTheRanksOwnSequences()
    {
        // DP attention: a rank holds its own sequences' latents, (512 + 64) × 2 B per token
        // per layer over 61 layers, whatever the number of ranks (no TP replication).
        const ModelCard& v3 = builtinModel("deepseek-v3");
        const std::vector<double> contexts { 1000, 2500, 4096, 17 };
        const double tokens = 1000 + 2500 + 4096 + 17;
        for (int nodes : { 1, 4, 18 }) {
            Deployment d = deepseekServing(nodes, nodes * 8, 0);
            QCOMPARE(dpAttentionKvBytes(v3, d, contexts), tokens * 576 * 2 * 61);
        }
        // An FP8 latent halves it; a rank of TP 2 keeps the latent whole on both GPUs.
        Deployment d = deepseekServing(1, 8, 0);
        d.kvBytesPerElement = 1;
        QCOMPARE(dpAttentionKvBytes(v3, d, contexts), tokens * 576 * 61);
        d.tp = 2;
        d.dp = 4;
        QCOMPARE(dpAttentionKvBytes(v3, d, contexts), tokens * 576 * 61);
        // GQA heads split over the rank's TP: Qwen3-235B's 4 KV heads of 128 + 128 at TP 2.
        const ModelCard& qwen = builtinModel("qwen3-235b-a22b");
        Deployment q;
        q.tp = 2;
        q.dp = 4;
        q.ep = 8;
        QCOMPARE(dpAttentionKvBytes(qwen, q, { 1000 }), 1000.0 * 2 * 256 * 2 * 94);
    }

    void weightsPerGpuAreExpertsAndReplicatedParts()
    {
        // One routed expert per layer in FP8: gate, up, down = 3 × 7168 × 2048 = 44,040,192 B
        // (the 128×128 block scales, 10,752 B more, are not counted).
        const ModelCard& v3 = builtinModel("deepseek-v3");
        QCOMPARE(routedExpertParams(v3), 44040192.0);
        QCOMPARE(moeLayers(v3), 58.0);
        // The replicated parts summed from config.json, independently of params_total:
        // per layer MLA (q_a 7168×1536 + its norm, q_b 1536×128×192, kv_a 7168×576 + its norm
        // 512, kv_b 512×128×256, o 128×128×7168, two 7168 norms); 3 dense FFNs of 3×7168×18432;
        // 58 shared experts; 58 routers of 256×7168 with 256 biases; embedding, LM head and
        // the final norm.
        const double h = 7168;
        const double mla
            = h * 1536 + 1536 + 1536.0 * 128 * 192 + h * 576 + 512 + 512.0 * 128 * 256 + 128.0 * 128 * h + 2 * h;
        const double replicated
            = 61 * mla + 3 * 3 * h * 18432 + 58 * 44040192.0 + 58 * (256 * h + 256) + 2 * 129280 * h + h;
        QCOMPARE(replicatedParams(v3), replicated);
        // Prefill (EP32 + 32 redundant: 9 experts a GPU, DeepSeek's Day-6 overview), SGLang's
        // decode (EP72: 4) and DeepSeek's decode (EP144: 2).
        for (const auto& [ep, perGpu] : std::vector<std::pair<int, int>> { { 32, 9 }, { 72, 4 }, { 144, 2 } }) {
            const EpWeights w = epWeightsPerGpu(v3, deepseekServing(ep / 8, ep, 32));
            QCOMPARE(w.expertsPerGpu, perGpu);
            QCOMPARE(w.expertBytes, perGpu * 44040192.0 * 58);
            QCOMPARE(w.replicatedBytes, replicated);
        }
        // Ceil where the experts do not divide: 288 over 100 ranks is 3 on the fullest.
        Deployment odd = deepseekServing(1, 8, 32);
        odd.ep = 100;
        QCOMPARE(epWeightsPerGpu(v3, odd).expertsPerGpu, 3);
    }

    void destinationsByHand()
    {
        // 8 experts, top-2, 4 ranks of 2, 2 ranks a node. A rank is missed when both experts
        // come from the other 6: C(6,2)/C(8,2) = 15/28, so D = 4 × 13/28 = 13/7. A node (4
        // experts) is missed with C(4,2)/C(8,2) = 6/28: 2 × 22/28 = 11/7 nodes, of which the
        // sender's own is hit with 22/28: 11/14 remote.
        Destinations d = expectedDestinations(8, 2, 4, 2, 1, 1);
        KV_COMPARE_NEAR(d.ranks, 13.0 / 7, 1e-12);
        KV_COMPARE_NEAR(d.nodes, 11.0 / 7, 1e-12);
        KV_COMPARE_NEAR(d.remoteNodes, 11.0 / 14, 1e-12);
        // Groups of 2 experts (one rank each), one group a token: both experts on one rank.
        d = expectedDestinations(8, 2, 4, 2, 4, 1);
        KV_COMPARE_NEAR(d.ranks, 1.0, 1e-12);
        KV_COMPARE_NEAR(d.nodes, 1.0, 1e-12);
        // Two groups of four: 4 experts over 2 ranks, a rank missed with C(2,2)/C(4,2) = 1/6:
        // D = 2 × 5/6. A node (two groups) is missed when neither is chosen (1/6) or one is
        // and both experts fall in the other (4/6 × 1/6): 2 × (1 − 5/18) = 13/9 nodes.
        d = expectedDestinations(8, 2, 4, 2, 4, 2);
        KV_COMPARE_NEAR(d.ranks, 5.0 / 3, 1e-12);
        KV_COMPARE_NEAR(d.nodes, 13.0 / 9, 1e-12);
    }

    void destinationsMatchASimulatedRouter()
    {
        // DeepSeek-V3's router: 8 groups of 32, the best 4 groups, then the top 8 of their 128
        // experts; with balanced scores every choice equally likely. 200,000 tokens (seed 5)
        // over 72 ranks (3-4 experts each, groups straddling ranks) and 9 nodes: the mean
        // distinct ranks and nodes within 1% of the exact expectation.
        std::mt19937_64 rng(5);
        const int experts = 256, ranks = 72, perNode = 8, samples = 200000;
        double rankSum = 0, nodeSum = 0;
        std::vector<int> groups { 0, 1, 2, 3, 4, 5, 6, 7 };
        for (int s = 0; s < samples; ++s) {
            std::shuffle(groups.begin(), groups.end(), rng);
            std::vector<int> pool;
            for (int g = 0; g < 4; ++g)
                for (int e = 0; e < 32; ++e)
                    pool.push_back(groups[g] * 32 + e);
            std::shuffle(pool.begin(), pool.end(), rng);
            std::set<int> hitRanks, hitNodes;
            for (int i = 0; i < 8; ++i) {
                const int rank = pool[i] * ranks / experts;
                hitRanks.insert(rank);
                hitNodes.insert(rank / perNode);
            }
            rankSum += hitRanks.size();
            nodeSum += hitNodes.size();
        }
        const Destinations d = expectedDestinations(experts, 8, ranks, perNode, 8, 4);
        KV_COMPARE_NEAR(rankSum / samples, d.ranks, 0.01);
        KV_COMPARE_NEAR(nodeSum / samples, d.nodes, 0.01);
        // The node limit holds: at most 4 groups, and here a group spans at most 2 nodes.
        QVERIFY(d.nodes < expectedDestinations(experts, 8, ranks, perNode, 1, 1).nodes);
    }

    void exchangeBytesAgainstDeepEpAndTheUpperBound()
    {
        // DeepEP's per-destination message: 7,168 FP8 + 56 × 4 B of scales = 7,392 B dispatch,
        // 7,168 × 2 = 14,336 B combine. The low-latency kernels send one per selected expert:
        // exactly the no-deduplication bound hidden × top-k × bytes (+ top-k × scales).
        const ModelCard& v3 = builtinModel("deepseek-v3");
        const Deployment d = deepseekServing(18, 144, 32);
        const ExchangeBytes ll = exchangeBytesPerToken(v3, d, ExchangeKernel::PerExpert);
        QCOMPARE(ll.dispatch, 8 * 7392.0);
        QCOMPARE(ll.combine, 8 * 14336.0);
        // 136 of the 144 ranks sit on other nodes.
        KV_COMPARE_NEAR(ll.dispatchScaleOut, 8 * 7392.0 * 136 / 144, 1e-12);
        // Deduplicated per rank: D × 7,392 with D below 8, and per node across the network.
        for (int nodes : { 4, 9, 18 }) {
            const Deployment p = deepseekServing(nodes, nodes * 8, 32);
            const ExchangeBytes x = exchangeBytesPerToken(v3, p, ExchangeKernel::PerRank);
            const Destinations dest = routedDestinations(v3, p);
            QCOMPARE(x.dispatch, dest.ranks * 7392);
            QCOMPARE(x.combine, dest.ranks * 14336);
            QCOMPARE(x.dispatchScaleOut, dest.remoteNodes * 7392);
            QVERIFY(x.dispatch < 8 * 7392.0);
            QVERIFY(x.dispatchScaleOut < x.dispatch);
            // Node-limited routing: at most 4 groups.
            QVERIFY(dest.nodes <= 8 && dest.remoteNodes < dest.nodes);
        }
        // One GPU: nothing to exchange.
        Deployment one = deepseekServing(1, 8, 0);
        one.ep = 1;
        QCOMPARE(exchangeBytesPerToken(v3, one, ExchangeKernel::PerRank).dispatch, 0.0);
    }

    void badDeploymentsNameTheirField()
    {
        const ModelCard& v3 = builtinModel("deepseek-v3");
        // 40 GPUs divide into EP40, but 288 experts do not.
        Deployment d = deepseekServing(5, 40, 32);
        KV_CHECK(expectInputError([&] { requireValidDeployment(d, v3, "sglang.json"); },
            { "sglang.json", "ep: 40 does not divide the 256 routed + 32 redundant experts" }));
        d = deepseekServing(4, 32, 32);
        d.dp = 16;
        KV_CHECK(expectInputError([&] { requireValidDeployment(d, v3, "x"); }, { "dp: 16", "32 GPUs" }));
        d = deepseekServing(4, 32, 32);
        d.speculative = { 1, 2.5, "a test" };
        KV_CHECK(expectInputError([&] { requireValidDeployment(d, v3, "x"); }, { "spec_accepted: 2.5" }));
        d.speculative = { 2, 1.5, "" };
        KV_CHECK(expectInputError([&] { requireValidDeployment(d, v3, "x"); }, { "spec_source" }));
        d = deepseekServing(4, 32, 32);
        d.overlap = 1.5;
        KV_CHECK(expectInputError([&] { requireValidDeployment(d, v3, "x"); }, { "overlap: 1.5" }));
        // A dense model has no experts to spread.
        d = deepseekServing(1, 8, 0);
        KV_CHECK(expectInputError(
            [&] { requireValidDeployment(d, builtinModel("llama-3.1-70b"), "x"); }, { "ep: 8", "\"moe\"" }));
        QVERIFY(deploymentProblems(deepseekServing(18, 144, 32), v3).empty());
        // Across nodes the hardware card must give its network.
        KV_CHECK(expectInputError(
            [&] { epDecodeStep(v3, builtinHardware("a100-80gb"), deepseekServing(2, 16, 0), 64, 1000); },
            { "a100-80gb", "scale_out" }));
    }

    void cardsGiveTheirNetworkAndExperts()
    {
        // One 400 Gb/s ConnectX-7 a GPU (DGX H100/H200 user guide; DeepEP on H800): 50e9 B/s.
        for (const char* id : { "h100-sxm", "h800", "h200-sxm", "h200-sxm-measured", "h20", "h20-141gb" }) {
            const HardwareCard& h = builtinHardware(id);
            QVERIFY2(h.scaleOut && h.scaleOut->bytesPerSecond == 50e9 && !h.scaleOut->note.empty(), id);
            const HardwareCard again = parseHardwareCard(h.toJson(), id);
            QVERIFY(again.scaleOut && again.scaleOut->latencySeconds == h.scaleOut->latencySeconds);
        }
        // The H800: the H100 SXM's HBM and tensor rates, NVLink cut to 200e9 each way.
        const HardwareCard& h800 = builtinHardware("h800");
        const HardwareCard& h100 = builtinHardware("h100-sxm");
        QCOMPARE(h800.hbmBytes, h100.hbmBytes);
        QCOMPARE(h800.hbmBandwidth, h100.hbmBandwidth);
        QCOMPARE(h800.fp8Flops, h100.fp8Flops);
        QCOMPARE(h800.interconnect.bytesPerSecond, 200e9);
        // The 141 GB H20: its capacity as its source states it; its bandwidth, which no source
        // states, the H200's (the same 141 GB of HBM3e on the same die), said to be assumed;
        // everything else the 96 GB H20's.
        const HardwareCard& h20 = builtinHardware("h20");
        const HardwareCard& h20x = builtinHardware("h20-141gb");
        QCOMPARE(h20x.hbmBytes, 141e9);
        QVERIFY(h20x.sources.at(1).note.find("96GB and 141GB") != std::string::npos);
        QCOMPARE(h20x.hbmBandwidth, builtinHardware("h200-sxm").hbmBandwidth);
        QVERIFY(h20x.sources.at(2).note.find("141 GB HBM3e at 4.8 TB/s") != std::string::npos);
        QVERIFY(h20x.notes.find("hbm_bandwidth_bytes_per_s 4.8e12 is an ASSUMPTION") != std::string::npos);
        QCOMPARE(h20x.bf16Flops, h20.bf16Flops);
        QCOMPARE(h20x.fp8Flops, h20.fp8Flops);
        QCOMPARE(h20x.interconnect.bytesPerSecond, h20.interconnect.bytesPerSecond);
        QCOMPARE(h20x.gpusPerServer, h20.gpusPerServer);
        Json card = h800.toJson();
        card["scale_out"].erase("note");
        KV_CHECK(expectInputError([&] { parseHardwareCard(card, "my-h800.json"); }, { "my-h800.json", "note" }));
        // The moe object round-trips and refuses groups that do not divide the experts.
        const ModelCard& v3 = builtinModel("deepseek-v3");
        const ModelCard again = parseModelCard(v3.toJson(), "v3");
        QCOMPARE(again.moe.groupsPerToken, std::int64_t(4));
        QCOMPARE(again.moe.denseIntermediate, std::int64_t(18432));
        KV_CHECK(expectInputError([] { modelVariant("deepseek-v3", [](Json& j) { j["moe"]["groups"] = 7; }); },
            { "groups", "7 does not divide" }));
        KV_CHECK(
            expectInputError([] { modelVariant("deepseek-v3", [](Json& j) { j["moe"]["groups_per_token"] = 0; }); },
                { "groups_per_token" }));
        KV_CHECK(expectInputError([] { modelVariant("deepseek-v3", [](Json& j) { j["moe"]["dense_layers"] = 61; }); },
            { "dense_layers 61 leaves no MoE layer" }));
    }

    void expertsAreMemoryBoundSmallAndComputeBoundLarge()
    {
        // One sequence a rank: every GPU reads its 2 experts × 58 layers once, 5.1 GB at
        // 3.35 TB/s × 0.7; 256 a rank: 2,048 expert-tokens × 2 × 44 MFLOP × 58 at the FP8 rate.
        const ModelCard& v3 = builtinModel("deepseek-v3");
        const HardwareCard& h800 = builtinHardware("h800");
        const Deployment d = deepseekServing(18, 144, 32);
        const double memory = h800.hbmBandwidth * h800.decodeEfficiency;
        QCOMPARE(epDecodeStep(v3, h800, d, 1, 1000).experts, 2 * 44040192.0 * 58 / memory);
        const double fp8 = h800.fp8Flops * h800.prefillMfu;
        KV_COMPARE_NEAR(epDecodeStep(v3, h800, d, 256, 1000).experts, 2 * 44040192.0 * 256 * 8 * 58 / fp8, 1e-12);
        // Two micro-batches: overlap 1 takes the longer of compute and exchange, 0 their sum.
        Deployment full = d;
        full.overlap = 1;
        const EpStep serial = epDecodeStep(v3, h800, d, 128, 4000);
        const EpStep hidden = epDecodeStep(v3, h800, full, 128, 4000);
        QCOMPARE(serial.seconds, serial.compute + serial.exchange);
        QCOMPARE(hidden.seconds, std::max(hidden.compute, hidden.exchange));
        // Speculation: 1.85 tokens a step from 2 passed through.
        Deployment mtp = d;
        mtp.speculative = deepseekMtp();
        const EpStep spec = epDecodeStep(v3, h800, mtp, 128, 4000);
        QCOMPARE(spec.tokensPerSecondPerNode, 144 * 128 * 1.85 / spec.seconds / 18);
    }

    void sglangOn96H100()
    {
        // LMSYS, "Deploying DeepSeek with PD Disaggregation and Large-scale Expert Parallelism
        // on 96 H100 GPUs" (2025-05-05). Prefill: 4 nodes, EP32 with DP attention, 57,674 /
        // 54,543 / 50,302 input tokens/s per node at 1K / 2K / 4K prompts; 16,384 tokens per
        // GPU (the profile section's batch, assumed for 1K and 2K too); 32 redundant experts
        // (EPLB's 288). Decode: 9 nodes, EP72, 256 sequences per GPU at a 2,000-token KV,
        // 22,282 output tokens/s per node, no MTP. ±25%.
        const ModelCard& v3 = builtinModel("deepseek-v3");
        const HardwareCard& h100 = builtinHardware("h100-sxm");
        const Deployment prefill = deepseekServing(4, 32, 32);
        const std::vector<std::pair<double, double>> published { { 1024, 57674 }, { 2048, 54543 }, { 4096, 50302 } };
        for (const auto& [prompt, perNode] : published) {
            const EpStep s = epPrefillChunk(v3, h100, prefill, 16384, prompt, 0);
            KV_COMPARE_NEAR(s.tokensPerSecondPerNode, perNode, 0.25);
        }
        const EpStep decode = epDecodeStep(v3, h100, deepseekServing(9, 72, 32), 256, 2000);
        KV_COMPARE_NEAR(decode.tokensPerSecondPerNode, 22282, 0.25);
    }

    void deepseekProfile()
    {
        // deepseek-ai/profile-data (balanced routing): prefill EP32, 4K prompts, 16K tokens
        // per GPU; decode EP128, 128 sequences per GPU at 4K. Per-node throughputs as LMSYS
        // derived them from the profile: 62,713 input and 18,598 output tokens/s per node.
        // Decode with MTP (LMSYS matched its attention time with simulated MTP); no redundant
        // experts (256 over 128 GPUs). ±25%.
        const ModelCard& v3 = builtinModel("deepseek-v3");
        const HardwareCard& h800 = builtinHardware("h800");
        KV_COMPARE_NEAR(
            epPrefillChunk(v3, h800, deepseekServing(4, 32, 32), 16384, 4096, 0).tokensPerSecondPerNode, 62713, 0.25);
        Deployment decode = deepseekServing(16, 128, 0);
        decode.speculative = deepseekMtp();
        KV_COMPARE_NEAR(epDecodeStep(v3, h800, decode, 128, 4096).tokensPerSecondPerNode, 18598, 0.25);
    }

    void deepseekOnlineService()
    {
        // DeepSeek's Day-6 overview (open-infra-index, 2025-03-01): decode EP144 over 18 H800
        // nodes, 32 redundant experts, MTP; the average KV per output token 4,989; 128
        // sequences per GPU (LMSYS's table of the blog); ~14.8k output tokens/s per node. ±25%.
        const ModelCard& r1 = builtinModel("deepseek-r1");
        const HardwareCard& h800 = builtinHardware("h800");
        Deployment decode = deepseekServing(18, 144, 32);
        decode.speculative = deepseekMtp();
        KV_COMPARE_NEAR(epDecodeStep(r1, h800, decode, 128, 4989).tokensPerSecondPerNode, 14800, 0.25);
        // Prefill: EP32 over 4 nodes, ~73.7k input tokens/s per node counting the 56.3% of
        // input tokens that hit the on-disk cache. A known miss: the model, at a 4K prompt and
        // 16K computed tokens per GPU, makes about 1.55 times it. DeepSeek's own profile (above)
        // runs at about twice its online prefill (LMSYS: the blog's 32,206 computed tokens/s
        // per node against the profile's 62,713): the day's average includes idle time that a
        // steady-state step cannot know. Held at the model's figure so a change shows.
        const EpStep prefill = epPrefillChunk(r1, h800, deepseekServing(4, 32, 32), 16384, 4096, 0.563);
        KV_COMPARE_NEAR(prefill.tokensPerSecondPerNode / 73700, 1.55, 0.05);
    }
};

QTEST_GUILESS_MAIN(TestExpertParallel)
#include "tst_expert_parallel.moc"
