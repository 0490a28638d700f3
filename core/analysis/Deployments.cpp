#include "core/analysis/Deployments.h"

#include <algorithm>
#include <cmath>

namespace kvtiers {

namespace {

DeploymentSide side(const Scenario& s, const EvalResult& r)
{
    DeploymentSide d { s, r };
    d.sequencesPerGpu = r.servedConcurrency / r.tp;
    d.kvPerGpuBytes = r.tiers.hbm.hotAllocated() / r.tp;
    return d;
}

} // namespace

std::optional<Scenario> otherDeployment(const Scenario& scenario)
{
    // The layouts engines choose between: a mixture-of-experts model's, and a dense model's
    // whose MLA latent TP would copy to every rank (DP attention with its FFN over the unit).
    const ModelCard& m = scenario.model;
    const bool mla
        = std::any_of(m.groups.begin(), m.groups.end(), [](const LayerGroup& g) { return g.kind == LayerKind::Mla; });
    if (!m.moe.present() && !(mla && denseFfnParams(m) > 0))
        return std::nullopt;
    Scenario other = scenario;
    WorkloadParams& w = other.workload;
    if (scenario.expertParallel()) {
        w.dp = 1;
        w.ep = 1;
        w.nodes = 1;
        w.redundantExperts = 0;
        w.tp = other.defaultTp();
    } else {
        // TP 1 per attention rank over every GPU of the unit, the experts over as many of
        // them as divide them, on as few servers as leave HBM for KV.
        w.tp = 1;
        w.dp = 0;
        w.ep = 0;
        w.nodes = 0;
        w.redundantExperts = 0;
        if (scenario.hardware.gpusPerServer < 2)
            return std::nullopt;
    }
    try {
        validateScenario(other);
    } catch (const std::exception&) {
        return std::nullopt;
    }
    return other;
}

std::optional<DeploymentComparison> compareDeployments(const Scenario& scenario, const EvalResult& stated)
{
    std::optional<Scenario> other = otherDeployment(scenario);
    if (!other)
        return std::nullopt;
    DeploymentComparison c;
    c.stated = side(scenario, stated);
    // The stated sequences per server, the same load on the same server; fewer where they
    // do not fit.
    const double perServer = stated.servedConcurrency * stated.replicasPerServer;
    const double replicasPerServer = scenario.hardware.gpusPerServer / static_cast<double>(other->tp());
    other->workload.concurrency = std::max(1.0, std::round(perServer / replicasPerServer));
    EvalResult r = evaluate(*other);
    if (!other->workload.streaming && r.maxConcurrency >= 1 && r.maxConcurrency < other->workload.concurrency) {
        other->workload.concurrency = r.maxConcurrency;
        r = evaluate(*other);
    }
    c.other = side(*other, r);
    return c;
}

} // namespace kvtiers
