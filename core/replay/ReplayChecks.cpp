// ReplayChecks: a replay's refusals and its capacities (ReplayChecks.h).
#include "core/replay/ReplayChecks.h"

#include "core/io/InputError.h"
#include "core/io/Units.h"
#include "core/replay/ReplayOptions.h"
#include "core/trace/TraceTiers.h"

#include <QtGlobal>

#include <algorithm>
#include <cmath>

namespace kvtiers::replay {

namespace {
constexpr MessageContext say { "Messages" };
} // namespace

[[noreturn]] void noRequests(const std::string& name)
{
    throw InputError(say(QT_TRANSLATE_NOOP("Messages", "%1: no requests: nothing to replay"), { name }));
}

[[noreturn]] void tooManyRequests(const std::string& name)
{
    throw InputError(
        say(QT_TRANSLATE_NOOP("Messages", "%1: more than %2 requests: too many to replay"), { name, "4294967294" }));
}

[[noreturn]] void tooMuchWork(const std::string& name, double steps, double most)
{
    throw InputError(say(QT_TRANSLATE_NOOP("Messages",
                             "%1: %2 request-steps to replay (output tokens plus prefill chunks), more than the %3 a "
                             "replay runs"),
        { name, formatSignificant(steps, 4), formatSignificant(most, 4) }));
}

double checkReplayRequest(const std::string& name, ReplayTrace::Request q, const ModelCard& model,
    double maxBatchedTokens, std::optional<double> outputTokens)
{
    if (outputTokens)
        q.outputTokens = static_cast<std::uint64_t>(*outputTokens);
    const auto context = static_cast<std::uint64_t>(std::max<std::int64_t>(model.maxContext, 1));
    const char* field = q.inputTokens > context    ? "input_length"
        : q.outputTokens > context - q.inputTokens ? "output_length"
                                                   : nullptr;
    if (field)
        throw InputError(say(QT_TRANSLATE_NOOP("Messages",
                                 "%1:%2: field \"%3\": input_length %4 + output_length %5 exceeds %6's maximum "
                                 "context of %7 tokens"),
            { name, std::to_string(q.line), field, std::to_string(q.inputTokens), std::to_string(q.outputTokens),
                model.name, std::to_string(context) }));
    return static_cast<double>(q.outputTokens)
        + std::ceil(static_cast<double>(q.inputTokens) / std::max(1.0, maxBatchedTokens));
}

void checkDisaggregation(const Scenario& s, const ReplayOptions& o)
{
    using namespace replay_keys;
    if (!o.prefillReplicas || !o.decodeReplicas)
        throw InputError({ .code = InputErrorCode::OptionNeeds,
            .where = o.prefillReplicas ? kPrefillReplicas : kDecodeReplicas,
            .value = o.prefillReplicas ? kDecodeReplicas : kPrefillReplicas });
    if (o.replicas)
        throw InputError({ .code = InputErrorCode::OptionsConflict, .where = kReplicas, .value = kPrefillReplicas });
    if (o.routing == ReplayRouting::Global)
        throw InputError({ .code = InputErrorCode::OptionsConflict, .where = kRouting, .value = kPrefillReplicas });
    if (!s.hardware.scaleOut || !(s.hardware.scaleOut->bytesPerSecond > 0))
        throw InputError(say(QT_TRANSLATE_NOOP("Messages",
                                 "replay: %1 states no scale-out network (scale_out), which disaggregated prefill "
                                 "and decode send the KV over"),
            { s.hardware.name }));
}

ReplayCapacities replayCapacities(int blockTokens, const Scenario& s, const EvalResult& r, const ReplayOptions& o)
{
    ReplayCapacities c;
    c.pooled = o.routing == ReplayRouting::Global;
    c.replicasPerServer = std::max(1, static_cast<int>(std::floor(r.replicasPerServer)));
    const double fleetServers = std::round(r.fleetServers);
    double replicas = o.replicas ? *o.replicas : c.replicasPerServer * std::max(1.0, fleetServers);
    if (o.disaggregated()) {
        checkDisaggregation(s, o);
        c.prefillReplicas = *o.prefillReplicas;
        replicas = static_cast<double>(*o.prefillReplicas) + *o.decodeReplicas;
    }
    if (!(replicas >= 1 && replicas <= kMostReplicas))
        throw InputError({ .code = InputErrorCode::ValueOutOfRange,
            .where = replay_keys::kReplicas,
            .value = formatSignificant(replicas, 6),
            .min = "1",
            .max = formatSignificant(kMostReplicas, 6) });
    c.replicas = static_cast<int>(replicas);
    const auto serversFor = [&c](int n) { return (n + c.replicasPerServer - 1) / c.replicasPerServer; };
    c.servers = serversFor(c.replicas);
    int poolServers = c.servers; // the servers whose DRAM/SSD a pooled cache spans
    if (c.prefillReplicas > 0) {
        c.prefillServers = serversFor(c.prefillReplicas);
        c.servers = c.prefillServers + serversFor(c.replicas - c.prefillReplicas);
        const PrefixCacheAt at = o.cacheAt.value_or(PrefixCacheAt::Prefill);
        poolServers = at == PrefixCacheAt::Decode ? c.servers - c.prefillServers : c.prefillServers;
        c.pooled = c.pooled || at != PrefixCacheAt::Prefill;
    }
    const int bt = blockTokens > 0 ? blockTokens : 1;
    c.kvBytesPerBlock = bt * r.kvBytesPerToken;
    // HBM's KV per replica: what is left after the weights (hbm is one replica's).
    c.hbmKvBlocks = std::floor(std::max(0.0, r.tiers.hbm.capacity - r.tiers.hbm.weights) / c.kvBytesPerBlock);
    // DRAM and SSD per server as the trace command cuts them: usable, less weights and
    // active sequences, and only where the scenario offloads.
    const trace::TraceCapacity tc
        = trace::followOffload(trace::traceCapacity(r, trace::TraceRouting::RoundRobin), s.workload.offloadRate);
    const double perCache = c.pooled ? poolServers : 1;
    c.blocks.hbm = o.capacityBlocks.hbm.value_or(c.hbmKvBlocks);
    for (Tier t : { Tier::Dram, Tier::Ssd })
        c.blocks[t] = o.capacityBlocks[t].value_or(std::floor(tc.bytesPerCache[t] / c.kvBytesPerBlock) * perCache);
    if (!(s.hardware.nvmeReadBandwidth > 0))
        c.blocks.ssd = 0;
    return c;
}

void checkReplayTrace(const ReplayTrace& trace, const ModelCard& model, double maxBatchedTokens,
    std::optional<double> outputTokens, std::optional<double> maxRequestSteps)
{
    if (trace.requests.empty())
        noRequests(trace.name);
    if (trace.requests.size() >= 0xffffffffu)
        tooManyRequests(trace.name);
    double steps = 0;
    for (const ReplayTrace::Request& q : trace.requests)
        steps += checkReplayRequest(trace.name, q, model, maxBatchedTokens, outputTokens);
    const double most = maxRequestSteps.value_or(kMostRequestSteps);
    if (steps > most)
        tooMuchWork(trace.name, steps, most);
}

} // namespace kvtiers::replay
