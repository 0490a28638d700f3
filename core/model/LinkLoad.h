#pragma once
// LinkLoad: what restores at the served request rate do to the links they cross
// (docs/model.md §5, "Writes and link load"). A request whose cached prefix is hit in DRAM
// or on the SSD brings it back over its GPUs' host links (PCIe or NVLink-C2C); an SSD hit
// also reads the server's NVMe, which all its GPUs share; where the card names a shared
// uplink (a PCIe switch's link to the host), the GPUs behind it share that too.
//
// Each link is one server taking restores first come, first served. Arrivals are Poisson
// at the request rate; a request restores the whole cacheable prefix from the tier that
// holds it, or nothing (a miss, or a hit in HBM), so service times vary between 0 and one
// prefix's transfer. The mean wait is the M/G/1 Pollaczek–Khinchine formula
//
//   W = ρ E[S] (1 + c_s²) / (2 (1 − ρ)),   ρ = λ E[S],   c_s² = Var[S] / E[S]²
//
// with the moments over all requests (L. Kleinrock, "Queueing Systems, Volume 1: Theory",
// Wiley 1975, §5.6). At ρ ≥ 1 the queue grows without bound and the wait is infinite.

#include <optional>
#include <string>
#include <vector>

namespace kvtiers {

/// A link's load: utilisation and the mean wait of a restore queued on it.
struct LinkQueue {
    std::string name;
    double utilization = 0; ///< ρ: bytes/s carried ÷ bandwidth
    double meanService = 0; ///< E[S] over all requests, seconds
    double serviceCv2 = 0;  ///< c_s²
    double waitSeconds = 0; ///< Pollaczek–Khinchine mean wait; +inf at ρ ≥ 1
    bool overloaded() const { return !(utilization < 1); }
};

/// M/G/1 mean wait from ρ, E[S] and c_s²: 0 when nothing is served, +inf when ρ ≥ 1.
double pollaczekKhinchineWait(double utilization, double meanService, double serviceCv2);

/// A link serving jobs that arrive at `rate` per second, a share `p` of which move `bytes`
/// at `bandwidth` bytes/s and the rest nothing.
LinkQueue restoreQueue(std::string name, double rate, double p, double bytes, double bandwidth);

/// The restores one replica's requests make, and the links they cross.
struct RestoreTraffic {
    double requestRate = 0;   ///< requests/s per replica (λ)
    double dramShare = 0;     ///< share of requests restoring their prefix from DRAM
    double ssdShare = 0;      ///< from SSD
    double bytesPerGpu = 0;   ///< one restored prefix, bytes per GPU
    double linkBandwidth = 0; ///< the restore path's bandwidth on one GPU's host link, bytes/s
    int tp = 1;
    int gpusPerServer = 1;
    double nvmeReadBandwidth = 0; ///< the server's drives together, bytes/s
    /// A host uplink shared by `uplinkGpus` GPUs, where the card names one.
    std::optional<double> uplinkBandwidth;
    int uplinkGpus = 0;
    std::string uplinkName;
};

struct LinkLoadResult {
    LinkQueue gpuLink;               ///< one GPU's host link (PCIe or C2C)
    LinkQueue nvme;                  ///< the server's NVMe (SSD restores' reads)
    std::optional<LinkQueue> uplink; ///< the shared uplink, where the card names one
    /// The mean wait added to a restoring request: the GPU link's, plus the NVMe's and the
    /// uplink's for the requests that cross them, per request restoring from DRAM or SSD.
    double dramWaitSeconds = 0;
    double ssdWaitSeconds = 0;
    /// Every link that is at or beyond 100%.
    std::vector<const LinkQueue*> overloaded() const;
};

LinkLoadResult linkLoad(const RestoreTraffic& traffic);

} // namespace kvtiers
