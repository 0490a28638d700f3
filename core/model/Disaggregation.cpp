#include "core/model/Disaggregation.h"

#include "core/io/InputError.h"
#include "core/io/Message.h"

#include <QtGlobal>

#include <algorithm>

namespace kvtiers {

namespace {

constexpr MessageContext handoffMessage { "Messages" };

} // namespace

const char* firstTokenAtName(FirstTokenAt at)
{
    return at == FirstTokenAt::Prefill ? "prefill" : "decode";
}

const char* prefixCacheAtName(PrefixCacheAt at)
{
    switch (at) {
    case PrefixCacheAt::Prefill:
        return "prefill";
    case PrefixCacheAt::Decode:
        return "decode";
    case PrefixCacheAt::Shared:
        break;
    }
    return "shared";
}

double KvHandoff::afterPrefillSeconds(double prefillSeconds, double overlap) const
{
    const double f = std::clamp(overlap, 0.0, 1.0);
    return std::max((1 - f) * seconds, seconds - std::max(0.0, prefillSeconds)) + latencySeconds;
}

namespace {

const ScaleOut& handoffNetwork(const Scenario& s)
{
    if (!s.hardware.scaleOut || !(s.hardware.scaleOut->bytesPerSecond > 0))
        throw InputError(
            handoffMessage(QT_TRANSLATE_NOOP("Messages",
                               "%1 states no scale-out network (scale_out), which disaggregated prefill and "
                               "decode send the KV over"),
                { s.hardware.name }));
    return *s.hardware.scaleOut;
}

} // namespace

NetworkPricing::NetworkPricing(const Scenario& s)
    : m_kv(s.model, s.kvFormat(), s.tp(), s.workload.blockSize, s.workload.allocation, s.dcp())
    , m_tp(s.tp())
    , m_rate(handoffNetwork(s).bytesPerSecond)
    , m_latency(s.hardware.scaleOut->latencySeconds)
{
}

KvHandoff NetworkPricing::handoff(double promptTokens) const
{
    KvHandoff h;
    h.bytesPerGpu = m_kv.gpuTokenBytes(std::max(0.0, promptTokens));
    h.bytes = h.bytesPerGpu * m_tp; // DCP's stripes divide a GPU's share, not the GPUs
    h.seconds = h.bytesPerGpu / m_rate;
    h.latencySeconds = m_latency;
    return h;
}

double NetworkPricing::remoteHitSeconds(double tokens) const
{
    return tokens > 0 ? m_kv.gpuTokenBytes(tokens) / m_rate + m_latency : 0.0;
}

KvHandoff kvHandoff(const Scenario& s, double promptTokens)
{
    return NetworkPricing(s).handoff(promptTokens);
}

double remoteHitSeconds(const Scenario& s, double tokens)
{
    return NetworkPricing(s).remoteHitSeconds(tokens);
}

} // namespace kvtiers
