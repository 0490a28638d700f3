#pragma once
// ModelCard: the shape of a model as far as memory and compute go (docs/model.md §1): layer
// groups by cache kind, parameters and formats. Read from models/models/*.json or a
// user's file; an imported Hugging Face config.json becomes one of these too.

#include "core/cards/Source.h"
#include "core/io/Json.h"

#include <cstdint>
#include <string>
#include <vector>

namespace kvtiers {

enum class LayerKind {
    Full,    ///< full attention: MHA, GQA, MQA
    Sliding, ///< sliding-window attention: keeps at most `window` tokens
    Chunked, ///< chunked local attention (Llama 4): attends within its `chunk`-token chunk
    Mla,     ///< multi-head latent attention: one latent per token, replicated per TP rank
    State,   ///< Mamba / linear attention: fixed state per sequence
};

const char* layerKindName(LayerKind kind);

struct LayerGroup {
    LayerKind kind = LayerKind::Full;
    std::int64_t layers = 0;
    // Full / Sliding / Chunked
    std::int64_t numKvHeads = 0;
    std::int64_t kHeadDim = 0;
    std::int64_t vHeadDim = 0;
    std::int64_t window = 0; ///< Sliding only
    std::int64_t chunk = 0;  ///< Chunked only: tokens per chunk
    // Mla
    std::int64_t kvLoraRank = 0;
    std::int64_t qkRopeHeadDim = 0;
    std::int64_t qkHeadDim = 0; ///< per query head, nope + rope (attention FLOPs)
    // all attention kinds: query heads (attention FLOPs)
    std::int64_t numHeads = 0;
    // State
    double stateBytes = 0; ///< bytes per sequence per layer

    /// KV elements per token per layer, whole model (before TP). 0 for state layers.
    double elementsPerToken() const;
    bool holdsTokens() const { return kind != LayerKind::State; }
    /// The most tokens one sequence holds in a layer of this group: the window (sliding),
    /// the chunk (chunked: once a sequence has filled a chunk, the worst case is a full
    /// chunk, as vLLM's chunked local attention keeps), or unlimited (0).
    std::int64_t heldTokenLimit() const
    {
        return kind == LayerKind::Sliding ? window : kind == LayerKind::Chunked ? chunk : 0;
    }
};

/// A mixture-of-experts model's routed experts as config.json gives them (DeepSeek-V3:
/// n_routed_experts, n_shared_experts, num_experts_per_tok, moe_intermediate_size,
/// first_k_dense_replace, intermediate_size, n_group, topk_group). Expert parallelism
/// (core/model/ExpertParallel) places and routes to them; the rest of the model reads
/// only params_total and params_active.
struct MoeShape {
    std::int64_t routedExperts = 0;      ///< routed experts per MoE layer
    std::int64_t sharedExperts = 0;      ///< experts every token passes through
    std::int64_t expertsPerToken = 0;    ///< top-k routed experts per token
    std::int64_t expertIntermediate = 0; ///< one expert's FFN width (gate, up, down: 3 × hidden × this)
    std::int64_t denseLayers = 0;        ///< leading layers with a dense FFN instead of experts
    std::int64_t denseIntermediate = 0;  ///< their FFN width
    std::int64_t groups = 1;             ///< expert groups the router picks among first
    std::int64_t groupsPerToken = 1;     ///< groups a token's experts may come from

    bool present() const { return routedExperts > 0; }
};

struct ModelCard {
    std::string id;
    std::string name;
    std::string family;
    std::string notes;
    std::vector<Source> sources;
    double paramsTotal = 0;
    double paramsActive = 0;
    double weightBits = 16;
    std::int64_t maxContext = 0;
    double defaultKvBits = 16;
    /// The residual stream's width (config.json hidden_size); 0: not given.
    std::int64_t hiddenSize = 0;
    /// The vocabulary (config.json vocab_size), which sizes the LM head; 0: not given.
    std::int64_t vocabSize = 0;
    /// A dense model's FFN width (config.json intermediate_size; gate, up and down are
    /// 3 × hidden × this per layer); 0: not given. DP attention on a dense model shards this
    /// FFN over the unit's GPUs (core/scenario/Deployment).
    std::int64_t intermediateSize = 0;
    /// Whether the LM head shares the embedding's matrix (config.json tie_word_embeddings).
    bool tieWordEmbeddings = false;
    std::vector<LayerGroup> groups;
    /// Routed experts, where the card gives them (optional "moe" object); absent: dense,
    /// or a MoE card without the fields expert parallelism needs.
    MoeShape moe;

    std::int64_t totalLayers() const;
    /// What a tensor-parallel all-reduce sums per token: hidden_size, or where the card
    /// gives none, query heads × head dim of its first attention group (exact for Llama).
    double residualWidth() const;
    Json toJson() const;
};

/// Parses and validates a model card. `origin` (file name or id) prefixes every message.
ModelCard parseModelCard(const Json& json, const std::string& origin);

} // namespace kvtiers
