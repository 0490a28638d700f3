#pragma once
// Scenario: one model on one hardware profile under one workload: everything the
// evaluator needs. Cards are copied in, so a scenario can be edited (the GUI's advanced
// knobs override GPUs, DRAM and NVMe per server) without touching the catalog.

#include "core/cards/HardwareCard.h"
#include "core/cards/ModelCard.h"
#include "core/cards/RestorePath.h"
#include "core/scenario/Deployment.h"
#include "core/scenario/Workload.h"

namespace kvtiers {

/// A unit of `nodes` 0 spans the fewest servers on which each GPU's expert-parallel weights
/// take at most this share of its usable HBM, up to kMaxAutoNodes. 0.85 keeps the published
/// single-server and two-server recipes as they are (DeepSeek-R1 FP8 on 8 × H200: 78% of the
/// usable HBM; on 2 × 8 H100: 81%) and moves a unit whose weights would leave almost no room
/// for KV onto more servers (the 4-chip TPU7x host: 97%, so two hosts at 53%).
inline constexpr double kMaxWeightsShareOfHbm = 0.85;
inline constexpr int kMaxAutoNodes = 64;

struct Scenario {
    ModelCard model;
    HardwareCard hardware;
    WorkloadParams workload;
    /// How KV moves back into HBM (workload.restorePath resolved; the default otherwise).
    RestorePath restorePath = builtinRestorePath(kDefaultRestorePath);

    /// Tensor-parallel degree: the workload's, else defaultTp().
    int tp() const { return workload.tp.value_or(defaultTp()); }
    /// The TP a scenario gets unless one is given: the largest degree of at most 8 (one
    /// NVLink/PCIe node, as engines deploy tensor parallelism; a 72-GPU NVL72 rack runs
    /// several TP 8 replicas, not one TP 72) that divides the server's GPUs and that the
    /// KV heads allow (vLLM needs heads % TP == 0 or TP % heads == 0). 1 always fits.
    int defaultTp() const;
    /// Served with expert parallelism and DP attention: dp or ep above 1. A replica is then
    /// one attention rank (tp GPUs) of a unit of dp ranks.
    bool expertParallel() const { return workload.dp != 1 || workload.ep != 1; }
    /// Copies of its KV the TP group keeps: TP for an MLA latent (vLLM and SGLang hold it whole
    /// on every rank), TP ÷ KV heads for GQA with fewer heads than TP, 1 otherwise; the most
    /// over the model's token-holding layers.
    int kvCopies() const;
    /// Decode context parallel: the workload's dcp, 0 resolved to kvCopies() (1 under DP
    /// attention or expert parallelism, where a rank keeps its own KV).
    int dcp() const;
    /// The deployment the knobs state: tp, dp, ep, nodes and speculation from the workload
    /// (dp 0: the unit's GPUs ÷ tp; ep 0: the most of the unit's GPUs that divide the routed
    /// and redundant experts; nodes 0: see kMaxWeightsShareOfHbm; so one card serves on 4-,
    /// 8- and 72-GPU servers alike),
    /// GPUs per node from the server, the exchange at the linear layers' precision (FP8:
    /// 1 B per element and one FP32 scale per 128 channels, as DeepEP dispatches; BF16
    /// otherwise), combine in BF16, the KV element from the KV format.
    Deployment deployment() const;
    /// Tokens a sequence emits per decode step: 1 + a + a² + … + a^k for k draft tokens
    /// each accepted with chance a once the one before it was (1 without speculation).
    double tokensPerDecodeStep() const;
    /// The KV format: the workload's, else the model's default.
    KvFormat kvFormat() const { return workload.kv.value_or(KvFormat { model.defaultKvBits, 0 }); }
    double weightBits() const { return workload.weightBits.value_or(model.weightBits); }
    /// The linear layers' activation precision: the workload's, else the weights' where
    /// they are 8 bits or wider (W8A8 FP8 checkpoints, BF16 models) and 16 below that
    /// (weight-only W4A16: GPTQ, AWQ, MXFP4 on Hopper).
    double activationBits() const;
    /// The linear layers' compute precision: the wider of weights and activations (W8A8 →
    /// 8, W4A16 and FP8 weight-only → 16, W4A8 → 8).
    double linearBits() const;
    /// The precision attention computes in: the workload's, else FP8 where the KV cache is
    /// 8-bit on Hopper or Blackwell (vLLM's FlashAttention 3 quantises queries to FP8;
    /// TensorRT-LLM's FP8 context FMHA is on by default), BF16 (16) otherwise.
    double attentionBits() const;
};

/// How far past its card's longest context a scenario may run: Warnings says so above the
/// card's max_context, and validateScenario refuses beyond this many times it (a context
/// 16× a model's window is already far outside what it was trained or served at).
inline constexpr double kContextOverModelMax = 16;
/// The longest context a scenario of `model` may ask: kContextOverModelMax × its
/// max_context, or limits::kMaxContext for a card that gives none.
double contextLimit(const ModelCard& model);

/// Checks what the cards cannot check alone: TP against GPUs per server and KV heads,
/// output tokens against context. Throws InputError naming the knob and the conflict.
void validateScenario(const Scenario& scenario);

} // namespace kvtiers
