#include "core/model/Warnings.h"

#include "core/io/Units.h"

#include <QtGlobal>

#include <algorithm>
#include <cmath>

namespace kvtiers {

namespace {
/// How a warning names a link: the card's own name where it gives one.
std::string linkLabel(const Scenario& s, const LinkQueue& q)
{
    if (q.name == "gpu_host_link")
        return s.hardware.link.name.empty() ? std::string("GPU-host link") : s.hardware.link.name + " (GPU-host link)";
    if (q.name == "nvme")
        return "NVMe (the server's drives)";
    return q.name;
}
} // namespace

std::vector<WarningNote> warningNotes(const Scenario& s, const EvalResult& r)
{
    std::vector<WarningNote> out;
    if (r.warnings & WarnContextBeyondModel)
        out.push_back(
            { WarnContextBeyondModel, s.workload.context, static_cast<double>(s.model.maxContext), s.model.name });
    if (r.warnings & WarnNoKvBudget)
        out.push_back({ WarnNoKvBudget, 0, 0, {} });
    if (r.warnings & WarnWeightsSpill)
        out.push_back({ WarnWeightsSpill, r.tiers.hbm.weights, r.weightsBytes, {} });
    if ((r.warnings & WarnHotSetOverflows) && !s.workload.streaming)
        out.push_back({ WarnHotSetOverflows, s.workload.concurrency, r.maxConcurrency, {} });
    if ((r.warnings & WarnOverflow) && s.workload.streaming)
        out.push_back({ WarnOverflow, r.overflowBytes, 0, {} });
    if (r.warnings & WarnReuseLost)
        out.push_back({ WarnReuseLost, r.achievedReuse, r.requestedReuse, {} });
    if (r.warnings & WarnSharingClamped)
        out.push_back({ WarnSharingClamped, s.workload.sharing, r.sharingEffective, {} });
    if (r.warnings & WarnRateAboveCapacity)
        out.push_back({ WarnRateAboveCapacity, r.requestRate, r.requestRateBound, {} });
    if (r.warnings & WarnReplicaSpansServers)
        out.push_back({ WarnReplicaSpansServers, static_cast<double>(s.tp()),
            static_cast<double>(s.hardware.gpusPerServer), {} });
    if (r.warnings & WarnLinkOverloaded)
        for (const LinkQueue* q : r.links.overloaded())
            out.push_back({ WarnLinkOverloaded, q->utilization, 1, linkLabel(s, *q) });
    if (r.warnings & WarnSsdWearAboveRating)
        out.push_back({ WarnSsdWearAboveRating, r.ssdDriveWritesPerDay, s.hardware.nvmeDwpd, {} });
    return out;
}

namespace {
constexpr MessageContext say { "Messages" };
} // namespace

std::vector<Message> warningMessageList(const Scenario& s, const EvalResult& r)
{
    std::vector<Message> out;
    for (const WarningNote& n : warningNotes(s, r)) {
        switch (n.flag) {
        case WarnContextBeyondModel:
            out.push_back(say(QT_TRANSLATE_NOOP("Messages", "context %1 exceeds %2's maximum of %3 tokens"),
                { formatTokens(n.value), n.model, formatTokens(n.limit) }));
            break;
        case WarnNoKvBudget:
            out.push_back(say(QT_TRANSLATE_NOOP("Messages", "weights and runtime reserve leave no HBM for KV cache")));
            break;
        case WarnWeightsSpill:
            out.push_back(say(QT_TRANSLATE_NOOP("Messages",
                                  "weights do not fit in HBM: %1 of %2 stay in HBM, the rest streams every step"),
                { formatBytes(n.value), formatBytes(n.limit) }));
            break;
        case WarnHotSetOverflows:
            out.push_back(say(QT_TRANSLATE_NOOP("Messages",
                                  "the hot set of %1 sequences does not fit in HBM: at most %2 fit; the excess is "
                                  "shown as overflow"),
                { formatCount(n.value), formatCount(n.limit) }));
            break;
        case WarnOverflow:
            out.push_back(say(QT_TRANSLATE_NOOP("Messages", "%1 fit in no tier (HBM, DRAM and SSD are full)"),
                { formatBytes(n.value) }));
            break;
        case WarnReuseLost:
            out.push_back(say(
                QT_TRANSLATE_NOOP("Messages", "reuse achieved %1 of the %2 requested: the retained pool does not fit"),
                { formatSignificant(n.value * 100, 3) + "%", formatSignificant(n.limit * 100, 3) + "%" }));
            break;
        case WarnSharingClamped:
            out.push_back(say(QT_TRANSLATE_NOOP("Messages", "sharing %1 exceeds concurrency; using %2"),
                { formatCount(n.value), formatCount(n.limit) }));
            break;
        case WarnRateAboveCapacity:
            out.push_back(say(QT_TRANSLATE_NOOP("Messages",
                                  "request rate %1 req/s is above the %2 req/s one replica can serve (prefill, "
                                  "restore and decode share per request)"),
                { formatSignificant(n.value, 3), formatSignificant(n.limit, 3) }));
            break;
        case WarnReplicaSpansServers:
            out.push_back(say(QT_TRANSLATE_NOOP("Messages",
                                  "TP %1 is more than the GPUs per server (%2): one replica spans %3 servers, and "
                                  "its tensor-parallel traffic crosses the network between them"),
                { formatCount(n.value), formatCount(n.limit), formatCount(std::ceil(n.value / n.limit)) }));
            break;
        case WarnLinkOverloaded:
            out.push_back(say(QT_TRANSLATE_NOOP("Messages",
                                  "restores load %1 to %2 of its bandwidth: at or beyond 100%, restores queue "
                                  "without bound and TTFT has no steady value"),
                { n.model, formatSignificant(n.value * 100, 3) + "%" }));
            break;
        case WarnSsdWearAboveRating:
            out.push_back(say(QT_TRANSLATE_NOOP("Messages",
                                  "the SSD tier writes %1 drive writes per day, above the drives' rated %2"),
                { formatSignificant(n.value, 3), formatSignificant(n.limit, 3) }));
            break;
        case WarnNone:
            break;
        }
    }
    return out;
}

Message doesNotFitMessage(const Scenario& s, const EvalResult& r)
{
    return say(QT_TRANSLATE_NOOP("Messages",
                   "does not fit: HBM holds no sequence of %1 tokens (%2 per GPU left for KV after the weights)"),
        { formatTokens(s.workload.context), formatBytes(std::max(r.kvBudgetPerGpu, 0.0)) });
}

bool mlaLatentReplicated(const Scenario& s, const EvalResult& r)
{
    const bool mla = std::any_of(
        s.model.groups.begin(), s.model.groups.end(), [](const LayerGroup& g) { return g.kind == LayerKind::Mla; });
    return mla && r.tp > 1 && r.dcp == 1 && r.hotSetAllocatedBytes > 1.5 * r.hotSetBytes;
}

std::vector<std::string> warningMessages(const Scenario& s, const EvalResult& r)
{
    std::vector<std::string> out;
    for (const Message& m : warningMessageList(s, r))
        out.push_back(m.english());
    return out;
}

} // namespace kvtiers
