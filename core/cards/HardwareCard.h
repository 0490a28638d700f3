#pragma once
// HardwareCard: one GPU type in one server profile (docs/model.md §1): HBM, bandwidths and
// FLOP/s per GPU; host DRAM, NVMe and the GPU↔host link per server.

#include "core/cards/Source.h"
#include "core/io/Json.h"

#include <optional>
#include <string>
#include <vector>

namespace kvtiers {

/// GPU↔host link whose effective bandwidth depends on transfer size (docs/model.md §6–7: on
/// an H200, 64 KiB copies reach 10.6 GB/s and ≥16 MiB copies 55 GB/s).
class LinkModel {
public:
    struct Point {
        double transferBytes;
        double bytesPerSecond;
    };

    std::string name;
    double peakBytesPerSecond = 0;
    double latencySeconds = 0;
    std::vector<Point> curve; ///< sorted by size; empty → latency/bandwidth model

    /// Effective bandwidth for transfers of `transferBytes` each. With a measured curve:
    /// log-linear interpolation in size, flat beyond the largest point, and below the
    /// smallest the latency fit through it. Without: s / (lat + s/peak).
    double bandwidth(double transferBytes) const;
    /// Bandwidth of large streaming transfers (the curve's last point, or the peak).
    double streamingBandwidth() const;
};

/// What a drive's endurance rating assumes (JEDEC JESD219 client/enterprise workloads).
struct DwpdBasis {
    std::string workload; ///< "random-4k" (JESD219 enterprise, the data-sheet figure) or "sequential"
    double warrantyYears = 5;
    std::string source; ///< where the rating is from
};

/// A host link several GPUs share (a PCIe switch's uplink to the CPU).
struct SharedUplink {
    std::string name;
    double bytesPerSecond = 0; ///< one direction
    int gpus = 0;              ///< GPUs behind it
};

struct HardwareCard {
    std::string id;
    std::string name;
    std::string notes;
    std::vector<Source> sources;
    // per GPU
    double hbmBytes = 0;
    double hbmBandwidth = 0;       ///< bytes/s
    double bf16Flops = 0;          ///< dense FLOP/s
    double fp8Flops = 0;           ///< dense FP8 FLOP/s; 0: the GPU has no FP8 tensor unit
    double fp4Flops = 0;           ///< dense FP4 FLOP/s; 0: no FP4 tensor unit
    double decodeEfficiency = 0.7; ///< measured step ÷ roofline (docs/model.md §7)
    double prefillMfu = 0.5;
    // per server
    int gpusPerServer = 1;
    double hostDramBytes = 0;
    double dramUsableFraction = 0.8;
    double nvmeBytes = 0;
    double nvmeReadBandwidth = 0; ///< bytes/s, all drives of the server
    double nvmeLatencySeconds = 1e-4;
    double nvmeDwpd = 0;                ///< the drives' rated drive writes per day; 0: not given
    DwpdBasis nvmeDwpdBasis;            ///< what the rating assumes
    std::optional<SharedUplink> uplink; ///< a host uplink shared by several GPUs, where the card names one
    LinkModel link;

    Json toJson() const;
};

HardwareCard parseHardwareCard(const Json& json, const std::string& origin);

} // namespace kvtiers
