#include "core/model/ExpertParallel.h"

#include "core/io/InputError.h"
#include "core/model/ComputeModel.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace kvtiers {

namespace {

/// Tokens of a `context`-token sequence a layer group holds: its window or chunk at most.
double heldTokens(const LayerGroup& g, double context)
{
    const double limit = static_cast<double>(g.heldTokenLimit());
    return limit > 0 ? std::min(context, limit) : context;
}

/// KV bytes of one sequence on one GPU of its attention rank: an MLA latent whole on every
/// GPU of the rank, KV heads split over the rank's TP, state split likewise.
double sequenceKvBytes(const ModelCard& model, const Deployment& d, double context)
{
    double bytes = 0;
    for (const LayerGroup& g : model.groups) {
        const double layers = static_cast<double>(g.layers);
        if (g.kind == LayerKind::State) {
            bytes += g.stateBytes * layers / d.tp;
            continue;
        }
        double perTokenLayer = 0;
        if (g.kind == LayerKind::Mla)
            perTokenLayer = static_cast<double>(g.kvLoraRank + g.qkRopeHeadDim) * d.kvBytesPerElement;
        else
            perTokenLayer = std::max(1.0, static_cast<double>(g.numKvHeads) / d.tp)
                * static_cast<double>(g.kHeadDim + g.vHeadDim) * d.kvBytesPerElement;
        bytes += heldTokens(g, context) * perTokenLayer * layers;
    }
    return bytes;
}

/// Attention FLOPs per GPU for one query token and one key it attends to, over all of a
/// group's layers. Decode runs MLA absorbed, in the latent space: q·k over rank + rope and
/// the value over rank; prefill runs it expanded, as multi-head attention over qk and v.
double pairFlops(const LayerGroup& g, int tp, bool decode)
{
    const double heads = static_cast<double>(g.numHeads) / tp;
    double dims = static_cast<double>(g.kHeadDim + g.vHeadDim);
    if (g.kind == LayerKind::Mla)
        dims = decode ? static_cast<double>(2 * g.kvLoraRank + g.qkRopeHeadDim)
                      : static_cast<double>(g.qkHeadDim + g.vHeadDim);
    return 2.0 * heads * dims * static_cast<double>(g.layers);
}

double binomialRatio(double n, double k, double N, double K)
{
    // C(n, k) / C(N, K) through the log-gamma function; 0 where C(n, k) is 0.
    if (k < 0 || k > n)
        return 0;
    return std::exp(std::lgamma(n + 1) - std::lgamma(k + 1) - std::lgamma(n - k + 1) - std::lgamma(N + 1)
        + std::lgamma(K + 1) + std::lgamma(N - K + 1));
}

/// P(no expert in [lo, hi) among a token's top-k): the groups overlapping the range are
/// chosen as a uniform g-subset of G; given the chosen groups' m experts, n of them in the
/// range, k experts drawn from the m miss the range with C(m − n, k) / C(m, k). A dynamic
/// programme over the overlapping groups counts subsets by (groups chosen, experts in range).
double missProbability(int lo, int hi, int experts, int topK, int groups, int groupsPerToken)
{
    const int size = experts / groups;
    const int firstGroup = lo / size, lastGroup = (hi - 1) / size;
    const int o = lastGroup - firstGroup + 1;
    const int inRange = hi - lo;
    // ways[j][n]: subsets of the overlapping groups with j groups holding n experts in range.
    std::vector<std::vector<double>> ways(o + 1, std::vector<double>(inRange + 1, 0));
    ways[0][0] = 1;
    for (int gi = 0; gi < o; ++gi) {
        const int g = firstGroup + gi;
        const int c = std::min(hi, (g + 1) * size) - std::max(lo, g * size);
        for (int j = gi; j >= 0; --j)
            for (int n = inRange - c; n >= 0; --n)
                ways[j + 1][n + c] += ways[j][n];
    }
    const double m = static_cast<double>(groupsPerToken) * size;
    double miss = 0;
    for (int j = 0; j <= std::min(o, groupsPerToken); ++j) {
        // P(the chosen groups meet the overlapping ones in exactly this j-subset).
        const double rest = binomialRatio(groups - o, groupsPerToken - j, groups, groupsPerToken);
        for (int n = 0; n <= inRange; ++n) {
            if (ways[j][n] == 0)
                continue;
            double noneHere = 1;
            for (int t = 0; t < topK; ++t)
                noneHere *= std::max(0.0, (m - n - t) / (m - t));
            miss += ways[j][n] * rest * noneHere;
        }
    }
    return miss;
}

/// The first expert of rank r: expert i sits on rank ⌊i × ranks ÷ experts⌋.
int firstExpert(long long r, int experts, int ranks)
{
    return static_cast<int>((r * experts + ranks - 1) / ranks);
}

} // namespace

double dpAttentionKvBytes(const ModelCard& model, const Deployment& d, const std::vector<double>& contexts)
{
    double bytes = 0;
    for (double c : contexts)
        bytes += sequenceKvBytes(model, d, c);
    return bytes;
}

Destinations expectedDestinations(int experts, int topK, int ranks, int ranksPerNode, int groups, int groupsPerToken)
{
    Destinations out;
    for (int r = 0; r < ranks; ++r) {
        const int lo = firstExpert(r, experts, ranks), hi = firstExpert(r + 1, experts, ranks);
        if (hi > lo)
            out.ranks += 1 - missProbability(lo, hi, experts, topK, groups, groupsPerToken);
    }
    const int nodes = (ranks + ranksPerNode - 1) / ranksPerNode;
    for (int v = 0; v < nodes; ++v) {
        const int r0 = v * ranksPerNode, r1 = std::min(ranks, r0 + ranksPerNode);
        const int lo = firstExpert(r0, experts, ranks), hi = firstExpert(r1, experts, ranks);
        const double hit = hi > lo ? 1 - missProbability(lo, hi, experts, topK, groups, groupsPerToken) : 0;
        out.nodes += hit;
        // A sender on this node (r1 − r0 of the ranks) does not count it as remote.
        out.remoteNodes -= hit * (r1 - r0) / ranks;
    }
    out.remoteNodes += out.nodes;
    return out;
}

Destinations routedDestinations(const ModelCard& model, const Deployment& d)
{
    return expectedDestinations(static_cast<int>(model.moe.routedExperts), static_cast<int>(model.moe.expertsPerToken),
        d.ep, std::min(d.ep, d.gpusPerNode), static_cast<int>(model.moe.groups),
        static_cast<int>(model.moe.groupsPerToken));
}

ExchangeBytes denseGatherBytesPerToken(const ModelCard& model, const Deployment& d)
{
    ExchangeBytes x;
    if (model.moe.present() || d.dp <= 1)
        return x;
    // Every other rank needs the token's hidden state before the FFN (all-gather) and sends
    // back its partial sum after it (reduce-scatter), at BF16; ranks on other nodes over the
    // network.
    const double copy = static_cast<double>(model.hiddenSize) * d.combineBytesPerElement;
    const int ranksPerNode = std::max(1, d.gpusPerNode / d.tp);
    const double peers = d.dp - 1, remote = d.dp - std::min(d.dp, ranksPerNode);
    x.dispatch = x.combine = peers * copy;
    x.dispatchScaleOut = x.combineScaleOut = remote * copy;
    return x;
}

ExchangeBytes exchangeBytesPerToken(const ModelCard& model, const Deployment& d, ExchangeKernel kernel)
{
    ExchangeBytes x;
    if (d.ep <= 1)
        return x;
    const double hidden = static_cast<double>(model.hiddenSize);
    const double dispatchCopy = hidden * d.dispatchBytesPerElement + d.dispatchScaleBytesPerToken;
    const double combineCopy = hidden * d.combineBytesPerElement;
    double copies = 0, scaleOutCopies = 0;
    if (kernel == ExchangeKernel::PerRank) {
        const Destinations dest = routedDestinations(model, d);
        copies = dest.ranks;
        scaleOutCopies = dest.remoteNodes;
    } else {
        // One copy per selected expert; a share (EP − GPUs of the sender's node) ÷ EP of the
        // experts sits on other nodes.
        copies = static_cast<double>(model.moe.expertsPerToken);
        scaleOutCopies = copies * static_cast<double>(d.ep - std::min(d.ep, d.gpusPerNode)) / d.ep;
    }
    x.dispatch = copies * dispatchCopy;
    x.combine = copies * combineCopy;
    x.dispatchScaleOut = scaleOutCopies * dispatchCopy;
    x.combineScaleOut = scaleOutCopies * combineCopy;
    return x;
}

namespace {

/// The rates one GPU reaches: the linear layers', the attention products', and memory.
struct Rates {
    double matmul;
    double attention;
    double memory;
};

Rates ratesOf(const HardwareCard& hw, const Deployment& d)
{
    // FP8 attention products run on the FP8 tensor cores only where the GPU has FP8 attention
    // kernels; a BF16 latent (DeepSeek's "core MLA computations ... BF16") runs at BF16.
    const double attentionBits = hasFp8Attention(hw.architecture) ? 8 * d.kvBytesPerElement : 16;
    return { gpuFlopsAt(hw, d.matmulBits) * hw.prefillMfu, gpuFlopsAt(hw, attentionBits) * hw.prefillMfu,
        hw.hbmBandwidth * hw.decodeEfficiency };
}

/// Parameters of the non-routed layers a token passes through, without the embedding (a
/// lookup) and the LM head (counted per token that needs logits): body; and the LM head.
struct ReplicatedShape {
    double bodyParams;
    double headParams;
    double readBytes; ///< what a decode step reads: every replicated weight but the embedding
};

ReplicatedShape replicatedShape(const ModelCard& model)
{
    const double table = static_cast<double>(model.vocabSize) * static_cast<double>(model.hiddenSize);
    const double routedActive
        = static_cast<double>(model.moe.expertsPerToken) * routedExpertParams(model) * moeLayers(model);
    const double activeReplicated = model.paramsActive - routedActive - denseFfnParams(model);
    const double embeddingAndHead = model.tieWordEmbeddings ? table : 2 * table;
    const double readParams = replicatedParams(model) - (model.tieWordEmbeddings ? 0 : table);
    return { activeReplicated - embeddingAndHead, table, readParams * model.weightBits / 8.0 };
}

/// Seconds of one MoE layer's dispatch and combine for `tokens` tokens sent by one GPU.
double exchangeLayerSeconds(const HardwareCard& hw, const Deployment& d, const ExchangeBytes& x, double tokens)
{
    const double total = (x.dispatch + x.combine) * tokens;
    const double scaleOut = (x.dispatchScaleOut + x.combineScaleOut) * tokens;
    if (total <= 0)
        return 0;
    const double nvlink = (total - scaleOut) / (hw.interconnect.bytesPerSecond * kExchangeEfficiency);
    if (scaleOut <= 0)
        return nvlink;
    if (!hw.scaleOut)
        throw InputError("hardware " + hw.id + ": scale_out: expert parallelism over " + std::to_string(d.nodes)
            + " nodes needs the network between servers, which the card does not give");
    const double network = scaleOut / (hw.scaleOut->bytesPerSecond * kExchangeEfficiency);
    // Dispatch and combine each wait for their last message: one network latency each.
    return std::max(nvlink, network) + 2 * hw.scaleOut->latencySeconds;
}

/// The routed experts of one GPU: their weights read once per step, their GEMMs at the tokens
/// the experts receive (every rank's tokens × top-k, spread evenly over the EP ranks).
double expertSeconds(const ModelCard& model, const Deployment& d, const Rates& r, double tokensPerRank)
{
    // Every rank's tokens × top-k over the unit's tp × dp GPUs: a rank's tokens × top-k ÷ tp.
    const double received = tokensPerRank * static_cast<double>(model.moe.expertsPerToken) / d.tp;
    const double flops = 2 * routedExpertParams(model) * received * moeLayers(model);
    return std::max(epWeightsPerGpu(model, d).expertBytes / r.memory, flops / r.matmul);
}

/// A dense model's FFN on one GPU: its shard (÷ tp × dp) read once a step, its GEMMs at
/// every rank's tokens (gathered), which on each GPU is a rank's tokens ÷ tp of the whole FFN.
double denseFfnSeconds(const ModelCard& model, const Deployment& d, const Rates& r, double tokensPerRank)
{
    const double flops = 2 * denseFfnParams(model) * tokensPerRank / d.tp;
    return std::max(epWeightsPerGpu(model, d).ffnBytes / r.memory, flops / r.matmul);
}

/// The seconds one GPU spends on its share of the FFN and on the exchange that feeds it: the
/// routed experts and their dispatch and combine over the MoE layers, or a dense model's FFN
/// shard and its gather and scatter over every layer.
void ffnAndExchange(EpStep& s, const ModelCard& model, const HardwareCard& hw, const Deployment& d, const Rates& r,
    double tokensPerRank, ExchangeKernel kernel)
{
    if (model.moe.present()) {
        s.experts = expertSeconds(model, d, r, tokensPerRank);
        s.exchange = moeLayers(model)
            * exchangeLayerSeconds(hw, d, exchangeBytesPerToken(model, d, kernel), tokensPerRank / d.tp);
        return;
    }
    s.experts = denseFfnSeconds(model, d, r, tokensPerRank);
    s.exchange = static_cast<double>(model.totalLayers())
        * exchangeLayerSeconds(hw, d, denseGatherBytesPerToken(model, d), tokensPerRank / d.tp);
}

/// The servers one unit takes: its nodes, or the share of one server it fills.
double unitNodes(const Deployment& d)
{
    return static_cast<double>(d.tp) * d.dp / d.gpusPerNode;
}

EpStep finish(EpStep s, const Deployment& d)
{
    s.compute = s.attention + s.replicated + s.experts;
    const double longer = std::max(s.compute, s.exchange), shorter = std::min(s.compute, s.exchange);
    s.seconds = longer + (1 - d.overlap) * shorter;
    return s;
}

} // namespace

EpStep epDecodeStep(const ModelCard& model, const HardwareCard& hw, const Deployment& d, double batch, double context)
{
    requireValidDeployment(d, model, "deployment");
    const Rates r = ratesOf(hw, d);
    const double perSeq = d.speculative.tokensPerStep();
    const double tokens = batch * perSeq; // per attention rank
    double attnFlops = 0;
    for (const LayerGroup& g : model.groups)
        if (g.holdsTokens())
            attnFlops += tokens * heldTokens(g, context) * pairFlops(g, d.tp, true);
    EpStep s;
    s.attention = std::max(batch * sequenceKvBytes(model, d, context) / r.memory, attnFlops / r.attention);
    const ReplicatedShape rep = replicatedShape(model);
    s.replicated
        = std::max(rep.readBytes / d.tp / r.memory, 2 * (rep.bodyParams + rep.headParams) * tokens / d.tp / r.matmul);
    ffnAndExchange(s, model, hw, d, r, tokens, ExchangeKernel::PerExpert);
    s = finish(s, d);
    s.tokensPerSecondPerNode = d.dp * batch * d.speculative.acceptedPerStep / s.seconds / unitNodes(d);
    return s;
}

EpStep epPrefillChunk(const ModelCard& model, const HardwareCard& hw, const Deployment& d, double tokens, double prompt,
    double cachedFraction)
{
    requireValidDeployment(d, model, "deployment");
    const Rates r = ratesOf(hw, d);
    const double fresh = prompt * (1 - cachedFraction), cached = prompt * cachedFraction;
    const double sequences = tokens / fresh;
    double attnFlops = 0;
    for (const LayerGroup& g : model.groups) {
        if (!g.holdsTokens())
            continue;
        // Causal: the fresh tokens attend to the cached prefix and to each other (q c + q²/2);
        // a window or chunk caps what each attends to.
        const double limit = static_cast<double>(g.heldTokenLimit());
        const double pairs = limit > 0 ? fresh * std::min(prompt, limit) : fresh * cached + fresh * fresh / 2;
        attnFlops += sequences * pairs * pairFlops(g, d.tp, false);
    }
    EpStep s;
    s.attention = attnFlops / r.attention;
    const ReplicatedShape rep = replicatedShape(model);
    const double flops = 2 * rep.bodyParams * tokens + 2 * rep.headParams * sequences;
    s.replicated = std::max(rep.readBytes / d.tp / r.memory, flops / d.tp / r.matmul);
    ffnAndExchange(s, model, hw, d, r, tokens, ExchangeKernel::PerRank);
    s = finish(s, d);
    s.tokensPerSecondPerNode = d.dp * tokens / (1 - cachedFraction) / s.seconds / unitNodes(d);
    return s;
}

} // namespace kvtiers
