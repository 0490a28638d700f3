#include "core/model/KvSizing.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace kvtiers {

KvSizing::KvSizing(
    const ModelCard& model, const KvFormat& format, int tp, int blockSize, Allocation allocation, int dcp)
    : m_block(blockSize)
    , m_maxContext(static_cast<double>(model.maxContext))
    , m_allocation(allocation)
{
    const double e = format.bytesPerElement();
    const double tpD = tp;
    double attentionLayers = 0;
    for (const auto& lg : model.groups) {
        Group g {};
        g.kind = lg.kind;
        g.layers = static_cast<double>(lg.layers);
        // Sliding: the last `window` tokens; chunked: at most one chunk (the worst case,
        // once a chunk has filled). Both are held like a window of that many tokens.
        g.window = lg.heldTokenLimit() > 0 ? static_cast<double>(lg.heldTokenLimit())
                                           : std::numeric_limits<double>::infinity();
        g.bytesPerTokenLayer = lg.elementsPerToken() * e;
        switch (lg.kind) {
        case LayerKind::Full:
        case LayerKind::Sliding:
        case LayerKind::Chunked: {
            // docs/model.md §3: heads split across ranks; replicated when n_kv < TP.
            const double headsPerGpu = std::max(1.0, static_cast<double>(lg.numKvHeads) / tpD);
            const double copies = std::max(1.0, tpD / static_cast<double>(std::max<std::int64_t>(1, lg.numKvHeads)));
            g.stripes = std::min(static_cast<double>(std::max(1, dcp)), copies);
            g.gpuBytesPerTokenLayer = headsPerGpu * static_cast<double>(lg.kHeadDim + lg.vHeadDim) * e / g.stripes;
            break;
        }
        case LayerKind::Mla:
            // docs/model.md §3: vLLM replicates the latent on every TP rank; DCP stripes it.
            g.stripes = std::max(1, dcp);
            g.gpuBytesPerTokenLayer = g.bytesPerTokenLayer / g.stripes;
            break;
        case LayerKind::State:
            g.stateBytesLayer = lg.stateBytes;
            g.gpuStateBytesLayer = lg.stateBytes / tpD;
            break;
        }
        if (lg.holdsTokens())
            attentionLayers += g.layers;
        m_bytesPerToken += g.layers * g.bytesPerTokenLayer;
        m_gpuBytesPerToken += g.layers * g.gpuBytesPerTokenLayer;
        m_groups.push_back(g);
    }
    m_gpuBytesPerTokenPerLayer = attentionLayers > 0 ? m_gpuBytesPerToken / attentionLayers : 0;
}

double KvSizing::held(const Group& g, double tokens) const
{
    return std::min(tokens, g.window);
}

double KvSizing::sequenceBytes(double tokens) const
{
    double bytes = 0;
    for (const auto& g : m_groups)
        bytes += g.layers * (g.bytesPerTokenLayer * held(g, tokens) + g.stateBytesLayer);
    return bytes;
}

double KvSizing::gpuSequenceBytes(double tokens) const
{
    double bytes = 0;
    for (const auto& g : m_groups)
        bytes += g.layers * (g.gpuBytesPerTokenLayer * held(g, tokens) + g.gpuStateBytesLayer);
    return bytes;
}

double KvSizing::gpuSequenceAllocated(double tokens) const
{
    double bytes = 0;
    if (m_allocation == Allocation::Contiguous) {
        // Pre-PagedAttention systems reserve the maximum context for every sequence.
        const double reserved = std::max(tokens, m_maxContext);
        for (const auto& g : m_groups)
            bytes += g.layers * (g.gpuBytesPerTokenLayer * held(g, reserved) + g.gpuStateBytesLayer);
        return bytes;
    }
    for (const auto& g : m_groups) {
        // Under DCP a page of block × stripes tokens puts `block` of them on each GPU.
        const double blocks = std::ceil(held(g, tokens) / (m_block * g.stripes));
        bytes += g.layers * (g.gpuBytesPerTokenLayer * g.stripes * blocks * m_block + g.gpuStateBytesLayer);
    }
    return bytes;
}

double KvSizing::gpuPrefixBytes(double prefixTokens, double contextTokens, bool allocated) const
{
    if (allocated && m_allocation == Allocation::Contiguous)
        return 0;
    double bytes = 0;
    for (const auto& g : m_groups) {
        if (g.kind == LayerKind::State)
            continue;
        // The window holds tokens [C − W, C); the prefix is [0, R).
        const double windowStart = std::max(0.0, contextTokens - g.window);
        double overlap = std::max(0.0, std::min(prefixTokens, contextTokens) - windowStart);
        if (allocated)
            overlap = std::floor(overlap / (m_block * g.stripes)) * m_block * g.stripes;
        bytes += g.layers * g.gpuBytesPerTokenLayer * overlap;
    }
    return bytes;
}

double KvSizing::prefixBytes(double prefixTokens, double contextTokens) const
{
    double bytes = 0;
    for (const auto& g : m_groups) {
        if (g.kind == LayerKind::State)
            continue;
        const double windowStart = std::max(0.0, contextTokens - g.window);
        const double overlap = std::max(0.0, std::min(prefixTokens, contextTokens) - windowStart);
        bytes += g.layers * g.bytesPerTokenLayer * overlap;
    }
    return bytes;
}

double KvSizing::gpuTokenBytes(double tokens) const
{
    double bytes = 0;
    for (const auto& g : m_groups)
        bytes += g.layers * g.gpuBytesPerTokenLayer * held(g, tokens);
    return bytes;
}

} // namespace kvtiers
