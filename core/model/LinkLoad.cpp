#include "core/model/LinkLoad.h"

#include <algorithm>
#include <limits>

namespace kvtiers {

double pollaczekKhinchineWait(double rho, double meanService, double cv2)
{
    if (!(rho > 0) || !(meanService > 0))
        return 0;
    if (!(rho < 1))
        return std::numeric_limits<double>::infinity();
    return rho * meanService * (1 + cv2) / (2 * (1 - rho));
}

LinkQueue restoreQueue(std::string name, double rate, double p, double bytes, double bandwidth)
{
    LinkQueue q;
    q.name = std::move(name);
    p = std::clamp(p, 0.0, 1.0);
    if (!(rate > 0) || !(p > 0) || !(bytes > 0) || !(bandwidth > 0))
        return q;
    // S = s with probability p, else 0: E[S] = p s, E[S²] = p s², c_s² = 1/p − 1.
    const double s = bytes / bandwidth;
    q.meanService = p * s;
    q.serviceCv2 = 1 / p - 1;
    q.utilization = rate * q.meanService;
    q.waitSeconds = pollaczekKhinchineWait(q.utilization, q.meanService, q.serviceCv2);
    return q;
}

std::vector<const LinkQueue*> LinkLoadResult::overloaded() const
{
    std::vector<const LinkQueue*> out;
    for (const LinkQueue* q : { &gpuLink, &nvme })
        if (q->overloaded())
            out.push_back(q);
    if (uplink && uplink->overloaded())
        out.push_back(&*uplink);
    return out;
}

LinkLoadResult linkLoad(const RestoreTraffic& t)
{
    LinkLoadResult r;
    const double lambda = t.requestRate;
    const double b = t.bytesPerGpu;
    const double lower = t.dramShare + t.ssdShare;
    // Each GPU of the replica moves its shard of every restore over its own link.
    r.gpuLink = restoreQueue("gpu_host_link", lambda, lower, b, t.linkBandwidth);
    // The drives serve every replica of the server; one SSD restore reads the replica's
    // shards, b × TP.
    const double replicas = static_cast<double>(t.gpusPerServer) / std::max(1, t.tp);
    const int readers = std::min(t.tp, t.gpusPerServer);
    r.nvme = restoreQueue("nvme", lambda * std::max(1.0, replicas), t.ssdShare, b * readers, t.nvmeReadBandwidth);
    r.dramWaitSeconds = r.gpuLink.waitSeconds;
    r.ssdWaitSeconds = r.gpuLink.waitSeconds + r.nvme.waitSeconds;
    if (t.uplinkBandwidth && t.uplinkGpus > 0) {
        // The GPUs behind the uplink: from several replicas (each restore moves TP shards)
        // or part of one (a restore moves the shards of the GPUs behind it).
        const double gpus = t.uplinkGpus;
        const double jobs = lambda * std::max(1.0, gpus / std::max(1, t.tp));
        const double bytes = b * std::min<double>(gpus, t.tp);
        r.uplink = restoreQueue(t.uplinkName, jobs, lower, bytes, *t.uplinkBandwidth);
        r.dramWaitSeconds += r.uplink->waitSeconds;
        r.ssdWaitSeconds += r.uplink->waitSeconds;
    }
    return r;
}

} // namespace kvtiers
