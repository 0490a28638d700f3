#include "core/model/Disaggregation.h"

#include "core/io/InputError.h"
#include "core/io/Message.h"
#include "core/model/KvSizing.h"

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

double handoffGpuBytes(const Scenario& s, double tokens)
{
    const KvSizing kv(s.model, s.kvFormat(), s.tp(), s.workload.blockSize, s.workload.allocation, s.dcp());
    return kv.gpuTokenBytes(std::max(0.0, tokens));
}

} // namespace

KvHandoff kvHandoff(const Scenario& s, double promptTokens)
{
    const ScaleOut& net = handoffNetwork(s);
    KvHandoff h;
    h.bytesPerGpu = handoffGpuBytes(s, promptTokens);
    h.bytes = h.bytesPerGpu * s.tp(); // DCP's stripes divide a GPU's share, not the GPUs
    h.seconds = h.bytesPerGpu / net.bytesPerSecond;
    h.latencySeconds = net.latencySeconds;
    return h;
}

double remoteHitSeconds(const Scenario& s, double tokens)
{
    const ScaleOut& net = handoffNetwork(s);
    return tokens > 0 ? handoffGpuBytes(s, tokens) / net.bytesPerSecond + net.latencySeconds : 0.0;
}

} // namespace kvtiers
