#pragma once
// Deployment: how one serving unit parallelises a model with data-parallel attention
// (docs/model.md, "Expert-parallel serving"): attention data-parallel over `dp` ranks of `tp`
// GPUs each; a mixture-of-experts model's routed experts expert-parallel over `ep` GPUs with
// redundant copies, a dense model's FFN tensor-parallel over all tp × dp GPUs (SGLang's
// --enable-dp-attention: "DP for attention, TP for FFN"); the exchange's precision, how much
// of it two micro-batches hide, and speculative decoding. A pure value: core/model/ExpertParallel
// computes memory and time from it.

#include "core/cards/ModelCard.h"

#include <string>
#include <vector>

namespace kvtiers {

/// Speculative decoding (multi-token prediction or a draft model): every decode step verifies
/// `draftTokens` proposed tokens per sequence and emits `acceptedPerStep` tokens on average
/// (1 + the expected accepted drafts; 1 without speculation).
struct SpeculativeDecoding {
    int draftTokens = 0;
    double acceptedPerStep = 1;
    std::string source; ///< where the acceptance figure comes from

    /// Tokens each sequence passes through the model per step: itself and its drafts.
    int tokensPerStep() const { return 1 + draftTokens; }
};

struct Deployment {
    int tp = 1;               ///< tensor parallel within one attention rank
    int dp = 1;               ///< attention data-parallel ranks: each keeps its own sequences and KV
    int ep = 1;               ///< GPUs the routed experts are spread over
    int nodes = 1;            ///< servers in the unit
    int gpusPerNode = 8;      ///< GPUs per server
    int redundantExperts = 0; ///< extra copies of routed experts (EPLB), per MoE layer
    /// The share of the shorter of compute and exchange that two micro-batches hide behind
    /// the longer (0: serial; 1: the step takes only the longer).
    double overlap = 0;
    double dispatchBytesPerElement = 1;    ///< FP8 dispatch: 1
    double dispatchScaleBytesPerToken = 0; ///< FP8 with one 4-byte scale per 128 channels: 7168 / 128 × 4 = 224
    double combineBytesPerElement = 2;     ///< BF16 combine: 2
    double matmulBits = 16;                ///< the linear layers' operand precision (W8A8 FP8: 8)
    double kvBytesPerElement = 2;          ///< the KV cache's element (BF16 latent: 2)
    SpeculativeDecoding speculative;

    int gpus() const { return nodes * gpusPerNode; }
};

/// Parameters of one routed expert in one layer: gate, up and down, 3 × hidden × intermediate.
double routedExpertParams(const ModelCard& model);
/// Layers whose FFN is routed experts: all but the leading dense ones.
double moeLayers(const ModelCard& model);
/// A dense model's FFN over every layer, 3 × hidden × intermediate_size × layers, which DP
/// attention shards over the unit's GPUs; 0 for a mixture-of-experts model (its dense layers
/// and shared experts stay in replicatedParams) or a card without intermediate_size.
double denseFfnParams(const ModelCard& model);
/// Parameters every attention rank holds whatever the EP: params_total less the routed experts
/// and a dense model's sharded FFN (the attention, dense layers, shared experts, router gates,
/// norms, embedding and LM head).
double replicatedParams(const ModelCard& model);

struct EpWeights {
    int expertsPerGpu = 0;      ///< ceil((routed + redundant) ÷ EP), per MoE layer
    double expertBytes = 0;     ///< those experts over every MoE layer
    double ffnBytes = 0;        ///< a dense model's FFN ÷ (tp × dp)
    double replicatedBytes = 0; ///< replicatedParams at the card's weight bits ÷ the rank's tp
    double total() const { return expertBytes + ffnBytes + replicatedBytes; }
};
/// Weight bytes on each GPU (the card's weight_bits for every parameter; FP8 block scales,
/// 0.02% of an FP8 expert, are not counted).
EpWeights epWeightsPerGpu(const ModelCard& model, const Deployment& d);

/// Problems with `d` for `model`, each naming its field ("ep: ..."); empty when it is valid.
/// The rules are the serving engines': SGLang's DP attention splits its TP GPUs into
/// `dp` attention ranks (tp × dp = GPUs), and its expert-location map gives every EP rank
/// (routed + redundant) ÷ ep physical experts, which must divide exactly.
std::vector<std::string> deploymentProblems(const Deployment& d, const ModelCard& model);
/// Throws InputError "<origin>: <problem>; <problem>" when `d` has any.
void requireValidDeployment(const Deployment& d, const ModelCard& model, const std::string& origin);

} // namespace kvtiers
