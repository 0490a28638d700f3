#pragma once
// KvSizing: bytes of KV cache per token, per sequence and per GPU for one model, one KV
// format and one parallel layout (docs/model.md §2–3). Precomputed once per scenario so that
// the evaluator and sweeps only multiply.
//
//   e              = (bits + scale_bits) / 8                     bytes per element
//   b_full(layer)  = n_kv × (d_k + d_v) × e                      per token
//   b_mla(layer)   = (kv_lora_rank + rope_dim) × e               per token
//   KV(C)          = Σ_full b × C + Σ_sliding b × min(C, W) + Σ_chunked b × min(C, chunk)
//                    + Σ_state S_bytes      (chunked: the worst case, one whole chunk held)
//
// Per GPU under tensor parallelism: KV heads are split, max(1, n_kv / TP) heads per GPU;
// an MLA latent is replicated on every rank (vLLM); state is split across ranks. Decode
// context parallel (DCP) stripes a replicated KV by token over `dcp` GPUs of the TP group:
// an MLA latent ÷ dcp, GQA heads kept on c = TP ÷ n_kv GPUs ÷ min(dcp, c); a page then holds
// block × that many tokens (vLLM's virtual block), each GPU block of them.

#include "core/cards/KvFormat.h"
#include "core/cards/ModelCard.h"
#include "core/scenario/Workload.h"

#include <vector>

namespace kvtiers {

class KvSizing {
public:
    KvSizing(const ModelCard& model, const KvFormat& format, int tp, int blockSize, Allocation allocation, int dcp = 1);

    /// Marginal KV bytes per token of the whole model while every window is still filling
    /// (the article's "2 × layers × KV heads × head dim × bytes"), before TP.
    double bytesPerToken() const { return m_bytesPerToken; }
    /// The same per GPU, after head splitting and MLA replication.
    double gpuBytesPerToken() const { return m_gpuBytesPerToken; }
    /// Average KV bytes per token per attention layer per GPU: the size one block of one
    /// layer has on the wire is blockSize × this.
    double gpuBytesPerTokenPerLayer() const { return m_gpuBytesPerTokenPerLayer; }

    /// Token-state bytes of one sequence holding `tokens` tokens (whole model, before TP).
    double sequenceBytes(double tokens) const;
    /// Token-state bytes of one sequence on one GPU.
    double gpuSequenceBytes(double tokens) const;
    /// Bytes one sequence occupies on one GPU: paged rounds each layer group up to whole
    /// blocks; contiguous reserves max(max_context, tokens).
    double gpuSequenceAllocated(double tokens) const;
    /// Bytes per GPU of the first `prefixTokens` tokens that are still held by a sequence
    /// of `contextTokens` (a sliding window may have dropped them). `allocated`: only whole
    /// blocks count, as only whole blocks can be shared (vLLM); contiguous shares nothing.
    double gpuPrefixBytes(double prefixTokens, double contextTokens, bool allocated) const;
    /// The same for the whole model before TP, token states exact (the article's count).
    double prefixBytes(double prefixTokens, double contextTokens) const;
    /// Bytes per GPU of a stored prefix of `tokens` tokens (token states only, no state layers).
    double gpuTokenBytes(double tokens) const;
    /// GPUs decode context parallel stripes the model's layer group `group` over (1: none).
    double stripes(std::size_t group) const { return m_groups[group].stripes; }

private:
    struct Group {
        LayerKind kind;
        double layers;
        double window;                ///< sliding only; +inf otherwise
        double bytesPerTokenLayer;    ///< whole model
        double gpuBytesPerTokenLayer; ///< one GPU
        double gpuStateBytesLayer;    ///< state layers, one GPU
        double stripes = 1;           ///< GPUs DCP stripes this group's tokens over
        double stateBytesLayer;
    };
    double held(const Group& g, double tokens) const;

    std::vector<Group> m_groups;
    double m_bytesPerToken = 0;
    double m_gpuBytesPerToken = 0;
    double m_gpuBytesPerTokenPerLayer = 0;
    double m_block = vllm_defaults::kBlockSize;
    double m_maxContext = 0;
    Allocation m_allocation = Allocation::Paged;
};

} // namespace kvtiers
