#pragma once
// ExpertParallel: memory and time of a mixture-of-experts model served with expert
// parallelism (EP) and data-parallel (DP) attention (docs/model.md, "Expert-parallel
// serving"). Pure functions of a model card, a hardware card and a Deployment.
//
//   KV per GPU        = Σ_sequences Σ_groups held(context) × bytes/token/layer × layers
//                       (each attention rank keeps only its own sequences: no replication
//                       across ranks; MLA's latent is not split by a rank's own TP)
//   weights per GPU   = ceil((routed + redundant) ÷ EP) × 3 × hidden × expert_intermediate
//                       × weight bytes × MoE layers + (params_total − routed experts) × weight bytes ÷ tp;
//                       a dense model: its FFN (3 × hidden × intermediate × layers) ÷ (tp × dp)
//                       + the rest ÷ tp
//   destinations D    = E[distinct ranks holding a token's top-k experts], experts laid out
//                       in order over the EP ranks, the router's groups chosen first
//   dispatch / token  = D × (hidden × dispatch bytes + scale bytes); combine: D × hidden × combine bytes
//   step              = max(compute, exchange) + (1 − overlap) × min(compute, exchange)
//   compute           = attention + replicated layers + routed experts, each
//                       max(bytes ÷ (HBM × decode_efficiency), FLOPs ÷ (FLOP/s × prefill_mfu))

#include "core/cards/HardwareCard.h"
#include "core/cards/ModelCard.h"
#include "core/scenario/Deployment.h"

#include <vector>

namespace kvtiers {

/// The share of the network's and NVLink's line rate the EP exchange kernels reach: DeepEP's
/// low-latency kernels move 39-46 GB/s per H800 over 400 Gb/s CX7 (about 50 GB/s), its
/// normal kernels 153-158 GB/s over NVLink (H800: 200 GB/s each way) (docs/model.md).
inline constexpr double kExchangeEfficiency = 0.8;
/// Prompt tokens each GPU computes in one prefill chunk when a scenario's unit prefills: 16K,
/// the batch DeepSeek's published prefill profile runs per GPU (docs/model.md).
inline constexpr double kEpPrefillChunkTokens = 16384;

/// KV bytes on one GPU of an attention rank holding sequences of these context lengths.
double dpAttentionKvBytes(const ModelCard& model, const Deployment& d, const std::vector<double>& contexts);

/// Expected distinct destinations of one token routed to `topK` of `experts` experts, laid out
/// in order over `ranks` ranks (expert i on rank ⌊i × ranks ÷ experts⌋), `ranksPerNode` to a
/// node. The router first picks `groupsPerToken` of `groups` equal groups of consecutive
/// experts, then the top-k within them; every choice equally likely (a balanced load).
struct Destinations {
    double ranks = 0;       ///< distinct ranks, the sender's own included
    double nodes = 0;       ///< distinct nodes, the sender's own included
    double remoteNodes = 0; ///< distinct nodes other than the sender's, averaged over senders
};
Destinations expectedDestinations(int experts, int topK, int ranks, int ranksPerNode, int groups, int groupsPerToken);
/// The same for the model's routed experts over the deployment's EP ranks.
Destinations routedDestinations(const ModelCard& model, const Deployment& d);

/// How the exchange kernels send a token: once per distinct destination rank, and once per
/// distinct remote node across the network, forwarded over NVLink inside it (DeepEP's normal
/// kernels, prefill); or once per selected expert (DeepEP's low-latency kernels, decode).
enum class ExchangeKernel { PerRank, PerExpert };

/// Bytes one token sends per MoE layer (dispatch out, combine back), in all and across the
/// scale-out network.
struct ExchangeBytes {
    double dispatch = 0;
    double combine = 0;
    double dispatchScaleOut = 0;
    double combineScaleOut = 0;
};
ExchangeBytes exchangeBytesPerToken(const ModelCard& model, const Deployment& d, ExchangeKernel kernel);
/// A dense model under DP attention: bytes one token sends per layer, its hidden state to the
/// other dp − 1 ranks before the FFN (all-gather) and its partial sums back after it
/// (reduce-scatter), each at BF16; zero for a mixture-of-experts model or dp 1.
ExchangeBytes denseGatherBytesPerToken(const ModelCard& model, const Deployment& d);

/// One decode step or one prefill chunk on one GPU, seconds by part, and what it makes.
struct EpStep {
    double attention = 0;              ///< the attention products over the KV
    double replicated = 0;             ///< attention projections, dense layers, shared experts, LM head
    double experts = 0;                ///< the routed experts' GEMMs at the tokens they receive, or a dense FFN's shard
    double compute = 0;                ///< the three above
    double exchange = 0;               ///< dispatch and combine over NVLink and the network
    double seconds = 0;                ///< the step, compute and exchange overlapped by the deployment's share
    double tokensPerSecondPerNode = 0; ///< output tokens (decode) or input tokens (prefill)
};
/// A decode step: every attention rank holds `batch` sequences of `context` tokens; with
/// speculative decoding each passes 1 + draft tokens and emits the accepted mean.
EpStep epDecodeStep(const ModelCard& model, const HardwareCard& hw, const Deployment& d, double batch, double context);
/// A prefill chunk: every attention rank computes `tokens` prompt tokens of `prompt`-token
/// prompts whose first `cachedFraction` was cached (counted in the input rate, not computed).
EpStep epPrefillChunk(const ModelCard& model, const HardwareCard& hw, const Deployment& d, double tokens, double prompt,
    double cachedFraction);

} // namespace kvtiers
