#include "core/model/ComputeModel.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace kvtiers {

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();

/// Causal query–key pairs of a prefill of T tokens, with a window W (inf: full attention);
/// `chunked`: W is a chunk, and each query sees only the earlier tokens of its own chunk
/// (T W / 2 past the first chunk, exact at every chunk boundary).
double causalPairs(double tokens, double window, bool chunked)
{
    if (tokens <= window)
        return 0.5 * tokens * tokens;
    if (chunked)
        return 0.5 * tokens * window;
    return 0.5 * window * window + (tokens - window) * window;
}
} // namespace

double lmHeadParams(const ModelCard& model)
{
    return static_cast<double>(model.vocabSize) * static_cast<double>(model.hiddenSize);
}

double blockParams(const ModelCard& model)
{
    const double head = lmHeadParams(model);
    if (!(head > 0))
        return model.paramsActive;
    // The embedding (vocab × hidden, a lookup), the LM head where it is a matrix of its own,
    // and the RMSNorm weights (before attention and MLP in each layer, one final), Llama's
    // layout; models with more norms keep a few thousand parameters per layer here.
    const double norms = (2.0 * static_cast<double>(model.totalLayers()) + 1.0) * static_cast<double>(model.hiddenSize);
    const double blocks = model.paramsActive - head * (model.tieWordEmbeddings ? 1.0 : 2.0) - norms;
    return blocks > 0 ? blocks : model.paramsActive;
}

double gpuFlopsAt(const HardwareCard& hardware, double bits)
{
    // 8-bit operands run the matrix products on the FP8 tensor cores where the GPU has
    // them (Hopper and later: twice the dense BF16 rate, NVIDIA H100/H200 datasheets),
    // 4-bit operands on the FP4 ones (Blackwell, CDNA 4).
    if (bits <= 4 && hardware.fp4Flops > 0)
        return hardware.fp4Flops;
    return bits <= 8 && hardware.fp8Flops > 0 ? hardware.fp8Flops : hardware.bf16Flops;
}

double gpuFlops(const Scenario& s)
{
    return gpuFlopsAt(s.hardware, s.linearBits());
}

double gpuAttentionFlops(const Scenario& s)
{
    return gpuFlopsAt(s.hardware, s.attentionBits());
}

ComputeModel::ComputeModel(const Scenario& s, const KvSizing& sizing)
    : m_sizing(sizing)
{
    const double tp = s.tp();
    for (const auto& g : s.model.groups) {
        if (!g.holdsTokens())
            continue;
        const double dqk = static_cast<double>(g.kind == LayerKind::Mla ? g.qkHeadDim : g.kHeadDim);
        const double dv = static_cast<double>(g.vHeadDim);
        AttnGroup a {};
        // Per pair and head: q·k (2 d_qk FLOPs) and the weighted sum of values (2 d_v).
        a.coeff = static_cast<double>(g.layers) * static_cast<double>(g.numHeads) * 2.0 * (dqk + dv);
        a.window = g.heldTokenLimit() > 0 ? static_cast<double>(g.heldTokenLimit()) : kInf;
        a.chunked = g.kind == LayerKind::Chunked;
        // Decode: each query head of the GPU's share reads every held token once. MLA
        // decodes with the projections absorbed (DeepSeek-V2, arXiv 2405.04434 §2.1.2):
        // queries attend in the latent space, 2 (d_c + d_rope) per score and 2 d_c for the
        // value product, where prefill runs the expanded 2 (d_qk + d_v).
        const double decodePerHead = g.kind == LayerKind::Mla
            ? 2.0 * static_cast<double>(g.kvLoraRank + g.qkRopeHeadDim) + 2.0 * static_cast<double>(g.kvLoraRank)
            : 2.0 * (dqk + dv);
        a.decodeCoeffGpu = static_cast<double>(g.layers) * static_cast<double>(g.numHeads) * decodePerHead / tp;
        m_attn.push_back(a);
    }
    m_attnBreaks = attentionBreaks();
    m_blockParams = blockParams(s.model);
    m_headParams = lmHeadParams(s.model);
    m_replicaFlops = tp * gpuFlops(s) * s.hardware.prefillMfu;
    m_replicaAttentionFlops = tp * gpuAttentionFlops(s) * s.hardware.prefillMfu;
    // Attention FLOPs counted in linear-layer FLOPs: exactly 1 when both run at one rate.
    m_attentionCost = m_replicaFlops / m_replicaAttentionFlops;
    const auto& hw = s.hardware;
    // Tensor parallelism sums two partial results per layer (after the attention output
    // and the MLP down projection; Megatron-LM, Shoeybi et al. 2019): each all-reduce moves
    // factor(TP) × width × tokens × 2 B (the BF16 residual stream) per GPU in each
    // direction over the GPU fabric, plus the collective's latency.
    if (s.tp() > 1) {
        const double collectives = 2.0 * static_cast<double>(s.model.totalLayers());
        m_allReduceFixed = collectives * hw.interconnect.allReduceLatencySeconds;
        m_allReducePerToken = collectives * hw.interconnect.trafficFactor(s.tp()) * s.model.residualWidth()
            * kAllReduceBytesPerElement / hw.interconnect.bytesPerSecond;
    }
    // Decode context parallel (SGLang's DCP guide, vLLM's context-parallel design): each GPU
    // of a striped layer gathers the queries of the c − 1 others' heads (TP gives it
    // heads ÷ TP), attends over its 1/c of the tokens for all of them, and sends each
    // partial output (the value width, BF16) with its log-sum-exp (FP32) back to the GPU
    // that owns the head: (c − 1) × heads ÷ TP × (2 d_q + 2 d_out + 4) bytes per token each
    // layer, over the GPU fabric, two collectives a layer. MLA decodes absorbed: d_q is the
    // latent and rope width, d_out the latent's.
    for (std::size_t i = 0; i < s.model.groups.size(); ++i) {
        const auto& g = s.model.groups[i];
        const double c = sizing.stripes(i);
        if (!g.holdsTokens() || c <= 1)
            continue;
        const bool mla = g.kind == LayerKind::Mla;
        const double dq = static_cast<double>(mla ? g.kvLoraRank + g.qkRopeHeadDim : g.kHeadDim);
        const double dout = static_cast<double>(mla ? g.kvLoraRank : g.vHeadDim);
        const double layers = static_cast<double>(g.layers);
        constexpr double kBf16 = 2, kLse = 4;
        m_dcpFixed += 2.0 * layers * hw.interconnect.allReduceLatencySeconds;
        m_dcpPerToken += layers * (c - 1) * static_cast<double>(g.numHeads) / tp * (kBf16 * (dq + dout) + kLse)
            / hw.interconnect.bytesPerSecond;
    }
    // What one copy moves is the restore path's (RestorePath.h): one block of one layer
    // (per-block-copy) sits on the link's latency-bound slope, a block of every layer
    // (vLLM 0.12+, TensorRT-LLM) or a 256-token chunk (LMCache) near its plateau.
    m_copyBytes
        = s.restorePath.copyBytes(s.workload.blockSize, sizing.gpuBytesPerTokenPerLayer(), sizing.gpuBytesPerToken());
    m_nvmePerGpu = hw.nvmeReadBandwidth / hw.gpusPerServer;
    m_dramBandwidth = s.restorePath.bandwidth(hw.link, m_copyBytes);
    // SSD reads come off the drives in large I/Os and cross the same link: the slower of
    // the server's NVMe share per GPU and the path sets the pace (docs/model.md §5).
    m_ssdBandwidth = std::min(m_nvmePerGpu, m_dramBandwidth);
    m_restoreFixed = s.restorePath.perRequestSeconds;
    m_restoreOverlap = s.restorePath.overlap;
    m_dramLatency = hw.link.latencySeconds;
    m_ssdLatency = hw.nvmeLatencySeconds + hw.link.latencySeconds;
}

double ComputeModel::attentionFlops(double tokens) const
{
    double flops = 0;
    for (const auto& a : m_attn)
        flops += a.coeff * causalPairs(tokens, a.window, a.chunked);
    return flops;
}

double ComputeModel::recomputeSeconds(double from, double to) const
{
    return to <= from ? 0.0 : marginalRecomputeSeconds(from, to) + m_allReduceFixed + lmHeadSeconds();
}

double ComputeModel::prefillLinearFlops(double tokens) const
{
    return tokens > 0 ? 2.0 * m_blockParams * tokens + 2.0 * m_headParams : 0.0;
}

double ComputeModel::marginalRecomputeSeconds(double from, double to) const
{
    if (to <= from)
        return 0;
    const double linear = 2.0 * m_blockParams * (to - from);
    return (linear + attentionFlops(to) * m_attentionCost - attentionFlops(from) * m_attentionCost) / m_replicaFlops
        + m_allReducePerToken * (to - from);
}

double ComputeModel::allReduceSeconds(double tokens) const
{
    if (tokens <= 0)
        return 0;
    return m_allReduceFixed + m_allReducePerToken * tokens;
}

double ComputeModel::contextExchangeSeconds(double tokens) const
{
    return tokens > 0 && m_dcpPerToken > 0 ? m_dcpFixed + m_dcpPerToken * tokens : 0.0;
}

double ComputeModel::restoreBandwidth(Tier tier) const
{
    switch (tier) {
    case Tier::Hbm:
        return kInf;
    case Tier::Dram:
        return m_dramBandwidth;
    case Tier::Ssd:
        return m_ssdBandwidth;
    }
    return kInf;
}

double ComputeModel::restoreSeconds(Tier tier, double tokens) const
{
    if (tier == Tier::Hbm || tokens <= 0)
        return 0;
    const double bytes = m_sizing.gpuTokenBytes(tokens);
    return tier == Tier::Dram ? bytes / m_dramBandwidth + m_dramLatency : bytes / m_ssdBandwidth + m_ssdLatency;
}

bool ComputeModel::restoreBeatsRecompute(double from, double dramTokens, double ssdTokens) const
{
    const double tokens = dramTokens + ssdTokens;
    if (!(tokens > 0))
        return false;
    const double restore = restoreSeconds(Tier::Dram, dramTokens) + restoreSeconds(Tier::Ssd, ssdTokens);
    return restore + m_restoreFixed < marginalRecomputeSeconds(from, from + tokens);
}

double ComputeModel::decodeAttentionFlopsPerGpu(double tokens) const
{
    double flops = 0;
    for (const auto& a : m_attn)
        flops += a.decodeCoeffGpu * std::min(tokens, a.window);
    return flops;
}

double ComputeModel::breakEvenTokens(Tier tier) const
{
    if (tier == Tier::Hbm)
        return 0;
    // recompute(T) is convex, piecewise quadratic in T and restore(T) piecewise linear
    // (a sliding layer's bytes stop growing at its window), both with breaks at the
    // sliding windows. f(T) = recompute − restore starts at −L (the link's latency and the
    // path's per-request cost): find its root.
    const double bw = restoreBandwidth(tier);
    const double L = (tier == Tier::Dram ? m_dramLatency : m_ssdLatency) + m_restoreFixed;
    double lo = 0;
    for (double hi : m_attnBreaks) {
        const auto [c2, c1, c0] = attentionPiece(lo);
        // On [lo, hi): restore = (s1 T + s0) / bw + L.
        const double s1 = m_sizing.gpuTokenBytes(lo + 1) - m_sizing.gpuTokenBytes(lo);
        const double s0 = m_sizing.gpuTokenBytes(lo) - s1 * lo;
        const double A = c2 * m_attentionCost / m_replicaFlops;
        const double B = (2.0 * m_blockParams + c1 * m_attentionCost) / m_replicaFlops + m_allReducePerToken - s1 / bw;
        const double C = c0 * m_attentionCost / m_replicaFlops - L - s0 / bw;
        if (A * lo * lo + B * lo + C > 0) // restoring already wins where this piece starts
            return lo;
        double root = kInf;
        if (A > 0) {
            const double disc = B * B - 4 * A * C;
            if (disc >= 0)
                root = (-B + std::sqrt(disc)) / (2 * A);
        } else if (B > 0) {
            root = -C / B;
        }
        if (root >= lo && root < hi)
            return std::max(0.0, root);
        lo = hi;
    }
    return kInf;
}

ComputeModel::AttentionPiece ComputeModel::attentionPiece(double from) const
{
    // Each group's causalPairs on the piece that starts at `from`: T²/2 under its window,
    // then w T / 2 (chunked) or w T - w²/2 (sliding).
    AttentionPiece piece;
    for (const auto& g : m_attn) {
        if (g.window <= from && g.chunked) {
            piece.c1 += g.coeff * 0.5 * g.window;
        } else if (g.window <= from) {
            piece.c1 += g.coeff * g.window;
            piece.c0 -= g.coeff * 0.5 * g.window * g.window;
        } else {
            piece.c2 += g.coeff * 0.5;
        }
    }
    return piece;
}

std::vector<double> ComputeModel::attentionBreaks() const
{
    std::vector<double> breaks;
    for (const auto& g : m_attn)
        if (std::isfinite(g.window))
            breaks.push_back(g.window);
    std::sort(breaks.begin(), breaks.end());
    breaks.push_back(kInf);
    return breaks;
}

double ComputeModel::prefixComputedWithin(double prompt, double seconds) const
{
    // recomputeSeconds(h, P) = marginal(h, P) + fixed falls as h grows, to its last token's
    // time at h = P - 1. Past that token nothing is left to compute.
    if (recomputeSeconds(0, prompt) <= seconds)
        return 0;
    if (recomputeSeconds(prompt - 1, prompt) >= seconds)
        return prompt;
    // marginal(h, P) = D, with D = seconds - fixed, is g(h) = K where
    // g(h) = cost A(h) / F + (2 B / F + a) h rises with h: A(h) is the attention FLOPs,
    // B the block parameters, F the replica's FLOP/s and a the all-reduce per token.
    const double D = seconds - m_allReduceFixed - lmHeadSeconds();
    const double slope = 2.0 * m_blockParams / m_replicaFlops + m_allReducePerToken;
    const double K = attentionFlops(prompt) * m_attentionCost / m_replicaFlops + slope * prompt - D;
    double lo = 0;
    for (double hi : m_attnBreaks) {
        const auto [c2, c1, c0] = attentionPiece(lo);
        const double a = c2 * m_attentionCost / m_replicaFlops;
        const double b = c1 * m_attentionCost / m_replicaFlops + slope;
        const double c = c0 * m_attentionCost / m_replicaFlops - K;
        // The root of a h² + b h + c with h ≥ 0, written so that a tiny `a` loses no digits.
        const double disc = b * b - 4 * a * c;
        const double root = disc >= 0 && b + std::sqrt(disc) > 0 ? -2 * c / (b + std::sqrt(disc)) : kInf;
        if (root < hi)
            return std::clamp(root, lo, prompt);
        lo = hi;
    }
    return prompt;
}

} // namespace kvtiers
