#pragma once
// ComputeModel: time on one replica (docs/model.md §5): recomputing a prefix versus restoring
// it from DRAM or SSD, and the break-even prefix length per tier.
//
//   recompute(T)     = (2 × block_params × T + 2 × head_params) / (FLOP/s(linear) × MFU × TP)
//                      + attention_flops(T) / (FLOP/s(attention) × MFU × TP) + all-reduce(T)
//   block_params     = active_params − embedding − untied LM head − norms: the transformer
//                      blocks' matrices (q, k, v, o, MLP or active experts); the embedding
//                      is a lookup, the LM head (vocab × hidden) runs once per request in
//                      prefill (the last prompt token's logits) and once per decoded token
//   all-reduce(T)    = 2 × layers × (latency + factor(TP) × width × T × 2 B / fabric B/s),
//                      factor = 2 (TP − 1) / TP (ring), 1 (NVLS); 0 at TP 1
//   attention_flops  = Σ layers × heads × 2 (d_qk + d_v) × pairs(T); pairs = T²/2 causal,
//                      W²/2 + (T − W) W past a sliding window W, T c / 2 past the first
//                      chunk c of chunked attention (exact at chunk boundaries; within a
//                      chunk the exact n c²/2 + r²/2 is at most c²/8 lower)
//   restore(T, DRAM) = KV_gpu(T) / B_path(copy bytes) + link latency
//   restore(T, SSD)  = KV_gpu(T) / min(NVMe read share per GPU, B_path) + NVMe + link latency
//                      KV_gpu(T) as held (docs/model.md §2: a sliding layer holds min(T, W))
//
// What one copy moves and the bandwidth it reaches come from the restore path card
// (core/cards/RestorePath.h): small copies waste most of a PCIe link (measured on an
// H200: 8.9 GB/s with 16-token blocks of one layer vs 54 GB/s with 4096-token blocks).

#include "core/cards/Tier.h"
#include "core/model/KvSizing.h"
#include "core/scenario/Scenario.h"

#include <vector>

namespace kvtiers {

/// Bytes per element of what a tensor-parallel all-reduce sums: the BF16 residual stream
/// (engines communicate it in BF16 even around FP8 matrix products).
inline constexpr double kAllReduceBytesPerElement = 2;

/// Dense FLOP/s of one GPU at an element precision: FP4 where it is 4-bit or narrower and
/// the card gives fp4_flops, FP8 where 8-bit or narrower and it gives fp8_flops, BF16 otherwise.
double gpuFlopsAt(const HardwareCard& hardware, double bits);
/// The linear layers' rate: gpuFlopsAt the wider of weight and activation precision.
double gpuFlops(const Scenario& scenario);
/// The attention products' rate: gpuFlopsAt the scenario's attention precision.
double gpuAttentionFlops(const Scenario& scenario);

/// Parameters of the transformer blocks' matrices that one token multiplies (q, k, v, o and
/// the MLP or its active experts): the card's active parameters less the embedding, an
/// untied LM head and the norms (two per layer and a final one, hidden wide each). A card
/// without vocab_size or hidden_size keeps every active parameter.
double blockParams(const ModelCard& model);
/// Parameters of the LM head, vocab_size × hidden_size (0 where the card gives neither).
double lmHeadParams(const ModelCard& model);

class ComputeModel {
public:
    ComputeModel(const Scenario& scenario, const KvSizing& sizing);

    /// Seconds of the prefill pass that computes the KV of tokens [from, to) given [0, from)
    /// already cached and the first output token: the tensor-parallel all-reduces and the
    /// LM head (once) included.
    double recomputeSeconds(double from, double to) const;
    /// The same without the all-reduces' per-pass latency and the LM head: what computing
    /// these tokens adds to a forward pass that runs anyway (the alternative to restoring a
    /// hit, since the rest of the prompt is prefilled in the same pass).
    double marginalRecomputeSeconds(double from, double to) const;
    /// Linear FLOPs of a prefill of `tokens` prompt tokens: 2 × block_params × tokens plus
    /// one LM-head row per request, 2 × head_params (0 for no tokens).
    double prefillLinearFlops(double tokens) const;
    /// Seconds of the LM head for one token (prefill's last token, or one decoded token).
    double lmHeadSeconds() const { return 2.0 * m_headParams / m_replicaFlops; }
    /// Linear FLOPs of one decoded token: the blocks' matrices and the LM head.
    double decodeLinearFlops() const { return 2.0 * (m_blockParams + m_headParams); }
    /// Seconds of the tensor-parallel all-reduces of one forward pass over `tokens` tokens
    /// (2 per layer); 0 at TP 1. A decode step passes its sequences' one token each.
    double allReduceSeconds(double tokens) const;
    /// Seconds of decode context parallel's exchange in a decode step passing `tokens`
    /// tokens: per striped layer, the queries gathered over its c GPUs and the partial
    /// outputs with their log-sum-exp sent back to their heads' GPUs, two collectives; 0
    /// without DCP.
    double contextExchangeSeconds(double tokens) const;
    /// Attention FLOPs of a causal prefill of `tokens` tokens (whole model).
    double attentionFlops(double tokens) const;
    /// Seconds to bring `tokens` tokens of KV from `tier` into HBM (0 for HBM).
    double restoreSeconds(Tier tier, double tokens) const;
    /// The restore path's per-request cost: one lookup and one synchronisation (seconds).
    double restoreFixedSeconds() const { return m_restoreFixed; }
    /// The share of a restore the engine hides behind forward passes (0 serial, 1 hidden).
    double restoreOverlap() const { return m_restoreOverlap; }
    /// Whether restoring `tokens` [from, from + tokens) that the lower tiers hold (dramTokens
    /// from DRAM, the rest from SSD), the per-request cost included, beats computing them
    /// within the pass that prefills the rest of the prompt.
    bool restoreBeatsRecompute(double from, double dramTokens, double ssdTokens) const;
    /// Smallest prefix (tokens) from which restoring from `tier`, the per-request cost
    /// included, beats recomputing it within the prefill's pass (marginalRecomputeSeconds);
    /// +inf if never.
    double breakEvenTokens(Tier tier) const;
    /// The cached prefix `h` of a `prompt`-token prefill past which computing the rest,
    /// recomputeSeconds(h, prompt), takes less than `seconds`: 0 when the whole prompt does,
    /// `prompt` when even its last token takes as long. Solved on the attention's quadratic
    /// pieces, not searched.
    double prefixComputedWithin(double prompt, double seconds) const;
    /// Effective bandwidth of restores from `tier` (bytes/s per GPU).
    double restoreBandwidth(Tier tier) const;
    /// Replica FLOP/s available to prefill's linear layers (TP × dense FLOP/s for the
    /// weights' format × MFU).
    double replicaFlops() const { return m_replicaFlops; }
    /// The same for its attention products, at the attention precision.
    double replicaAttentionFlops() const { return m_replicaAttentionFlops; }
    /// One attention FLOP in linear-layer FLOPs: replicaFlops() / replicaAttentionFlops(),
    /// exactly 1 when both run at one precision.
    double attentionCost() const { return m_attentionCost; }
    /// Bytes one copy of the restore path moves on one GPU.
    double copyBytes() const { return m_copyBytes; }
    /// Per-GPU share of the server's NVMe read bandwidth.
    double nvmePerGpu() const { return m_nvmePerGpu; }
    /// Attention FLOPs per GPU of one decode step for one sequence holding `tokens` tokens
    /// (MLA in the latent space, with its projections absorbed).
    double decodeAttentionFlopsPerGpu(double tokens) const;

private:
    /// The prompt's attention FLOPs on [from, next window): c2 T² + c1 T + c0 (before the
    /// attention cost), a quadratic piece of attentionFlops(T).
    struct AttentionPiece {
        double c2 = 0, c1 = 0, c0 = 0;
    };
    AttentionPiece attentionPiece(double from) const;
    /// The windows where attentionFlops changes piece, ascending, then +inf (for m_attnBreaks).
    std::vector<double> attentionBreaks() const;

    struct AttnGroup {
        double coeff;
        double window; ///< sliding window or chunk (tokens); +inf: full attention
        double decodeCoeffGpu;
        bool chunked = false; ///< pairs restart at every chunk instead of sliding
    };
    std::vector<AttnGroup> m_attn;
    /// attentionBreaks(), computed once: the per-evaluation solves walk it without allocating.
    std::vector<double> m_attnBreaks;
    double m_blockParams; ///< blockParams(model)
    double m_headParams;  ///< lmHeadParams(model)
    double m_replicaFlops;
    double m_replicaAttentionFlops;
    double m_attentionCost;         ///< m_replicaFlops / m_replicaAttentionFlops
    double m_allReduceFixed = 0;    ///< seconds of collective latency per forward pass
    double m_allReducePerToken = 0; ///< seconds of all-reduce traffic per token
    double m_dcpFixed = 0;          ///< DCP: seconds of collective latency per decode step
    double m_dcpPerToken = 0;       ///< DCP: seconds of query and partial-output traffic per token
    KvSizing m_sizing;              ///< restores move what the cache holds: sliding layers stop at their window
    double m_dramBandwidth;
    double m_ssdBandwidth;
    double m_dramLatency;
    double m_ssdLatency;
    double m_nvmePerGpu;
    double m_copyBytes;
    double m_restoreFixed = 0;   ///< the path's per_request_s
    double m_restoreOverlap = 0; ///< the path's overlap
};

} // namespace kvtiers
