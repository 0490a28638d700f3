#pragma once
// Disaggregated prefill and decode (docs/model.md, "Disaggregated prefill and decode"): a
// request's prompt is computed on a prefill replica, its KV crosses the scale-out network
// to a decode replica, which emits its output tokens. The layout's choices, and the hand-off
// of one request's KV, priced the same way wherever it is used (the fleet's pools sized
// in core/analysis, the replay in core/replay):
//   T = the prompt's KV bytes per GPU ÷ the NIC's rate (each GPU of a TP replica sends its
//       own share over its own NIC, as the HGX reference designs give each GPU one);
//   what is left after the prefill = T − min(f·T, prefill) = max((1 − f)·T, T − prefill),
//       f the share streamed layer by layer while the prefill runs;
//   plus one message latency.

#include "core/model/KvSizing.h"
#include "core/scenario/Scenario.h"

namespace kvtiers {

/// Where a request's first token is emitted.
enum class FirstTokenAt {
    Prefill, ///< the prefill replica's last chunk emits it (SGLang, Mooncake: the prefill returns it)
    Decode,  ///< the decode replica's first step after the transfer does (vLLM's P/D proxy)
};
/// "prefill" or "decode".
const char* firstTokenAtName(FirstTokenAt at);

/// Where the DRAM/SSD prefix cache lives.
enum class PrefixCacheAt {
    Prefill, ///< the prefill servers' own DRAM/SSD, a hit over the GPU's host link (LMCache on prefill)
    Decode,  ///< the decode servers' DRAM/SSD: a hit crosses the scale-out network to the prefill GPU
    Shared,  ///< one pool across the prefill servers (Mooncake Store): a hit crosses the scale-out network
};
/// "prefill", "decode" or "shared".
const char* prefixCacheAtName(PrefixCacheAt at);

/// A disaggregated deployment's choices.
struct DisaggregatedLayout {
    FirstTokenAt firstToken = FirstTokenAt::Decode;
    /// The share of the transfer streamed layer by layer while the prefill runs (0: all of
    /// it after the prefill, as vLLM's NIXL connector pulls; 1: every layer as computed).
    double transferOverlap = 0;
    PrefixCacheAt cacheAt = PrefixCacheAt::Prefill;
    bool operator==(const DisaggregatedLayout&) const = default;
};

/// One request's KV hand-off from its prefill replica to its decode replica.
struct KvHandoff {
    double bytesPerGpu = 0;    ///< the prompt's KV each GPU sends
    double bytes = 0;          ///< all GPUs of the replica: what crosses the network
    double seconds = 0;        ///< T: bytesPerGpu ÷ the NIC's rate
    double latencySeconds = 0; ///< one message, one way
    /// What the hand-off adds after a prefill of `prefillSeconds` when a share `overlap`
    /// (0–1) streams during it: max((1 − f)·T, T − prefill) + the latency.
    double afterPrefillSeconds(double prefillSeconds, double overlap) const;
};

/// The scale-out network's prices in one deployment: a request's hand-off, a DRAM/SSD hit
/// read over it. Built once, for callers that price many (the replay prices every request's).
class NetworkPricing {
public:
    /// Throws InputError naming the hardware card when it has no `scale_out`.
    explicit NetworkPricing(const Scenario& scenario);
    /// The hand-off of `promptTokens` tokens' KV.
    KvHandoff handoff(double promptTokens) const;
    /// A DRAM/SSD hit read over the network (the cache on the decode servers, or a shared
    /// pool): `tokens` tokens' KV per GPU ÷ the NIC's rate + one message latency.
    double remoteHitSeconds(double tokens) const;

private:
    KvSizing m_kv;
    double m_tp, m_rate, m_latency;
};

/// The hand-off of `promptTokens` tokens' KV in `scenario`'s deployment over its hardware's
/// scale-out network. Throws InputError naming the hardware card when it has no `scale_out`.
KvHandoff kvHandoff(const Scenario& scenario, double promptTokens);

/// NetworkPricing::remoteHitSeconds, once. Throws as kvHandoff does.
double remoteHitSeconds(const Scenario& scenario, double tokens);

} // namespace kvtiers
