#include "Scenario.h"

#include "InputError.h"

#include <string>

namespace kvtiers {

void validateScenario(const Scenario& s)
{
    const auto& w = s.workload;
    const int tp = s.tp();
    const int gpus = s.hardware.gpusPerServer;
    if (tp < 1 || tp > limits::kMaxTp)
        throw InputError("tp: " + std::to_string(tp) + " is out of range [1, " + std::to_string(limits::kMaxTp) + "]");
    if (gpus % tp != 0 && tp % gpus != 0)
        throw InputError("tp: " + std::to_string(tp) + " does not fit a server of " + std::to_string(gpus)
                         + " GPUs (use a divisor or a multiple of " + std::to_string(gpus) + ")");
    for (size_t i = 0; i < s.model.groups.size(); ++i) {
        const auto& g = s.model.groups[i];
        if (g.kind != LayerKind::Full && g.kind != LayerKind::Sliding)
            continue;
        if (g.numKvHeads % tp != 0 && tp % g.numKvHeads != 0)
            throw InputError("tp: " + std::to_string(tp) + " does not divide the " + std::to_string(g.numKvHeads)
                             + " KV heads of " + s.model.id + " (nor do they divide it; vLLM requires one or the other)");
    }
    if (!(w.context >= 1 && w.context <= limits::kMaxContext))
        throw InputError("context: must be between 1 and 1e12 tokens");
    if (!(w.concurrency >= 1 && w.concurrency <= limits::kMaxConcurrency))
        throw InputError("concurrency: must be between 1 and 1e12 sequences");
    if (!(w.outputTokens >= 0 && w.outputTokens < w.context))
        throw InputError("output-tokens: " + formatNumber(w.outputTokens) + " must be less than the context ("
                         + formatNumber(w.context) + " tokens): the prompt would be empty");
    if (!(w.reuseRate >= 0 && w.reuseRate <= 1))
        throw InputError("reuse: must lie between 0 and 1");
    if (!(w.offloadRate >= 0 && w.offloadRate <= 1))
        throw InputError("offload-rate: must lie between 0 and 1");
    if (!(w.sharing >= 1))
        throw InputError("sharing: must be at least 1 (1 = no sharing)");
    if (!(w.gpuMemoryUtilization > 0 && w.gpuMemoryUtilization <= 1))
        throw InputError("gpu-util: must be more than 0 and at most 1");
    if (w.blockSize < 1 || w.blockSize > limits::kMaxBlock)
        throw InputError("block-size: must be between 1 and " + std::to_string(limits::kMaxBlock) + " tokens");
    if (!(w.reuseDistanceSeconds >= 0 && w.reuseDistanceSeconds <= limits::kMaxSeconds))
        throw InputError("reuse-distance: must be between 0 and 1e9 seconds");
    if (!(w.servers >= 1 && w.servers <= limits::kMaxServers))
        throw InputError("servers: must be between 1 and 1e9");
    const KvFormat kv = s.kvFormat();
    if (!(kv.bits > 0 && kv.bits <= kMaxKvBits) || !(kv.scaleBits >= 0 && kv.scaleBits <= 64))
        throw InputError("kv-dtype: bits per element must be more than 0 and at most 64");
}

} // namespace kvtiers
