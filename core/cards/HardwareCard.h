#pragma once
// HardwareCard: one GPU type in one server profile (docs/model.md §1): HBM, bandwidths and
// FLOP/s per GPU; host DRAM, NVMe and the GPU↔host link per server.

#include "core/cards/Source.h"
#include "core/io/Json.h"

#include <optional>
#include <string>
#include <vector>

namespace kvtiers {

/// What kind of wire the GPU↔host link is. An NVLink-C2C link (Grace Hopper, Grace
/// Blackwell) takes C2C's per-copy latency unless its card says otherwise (kC2cLatencySeconds).
enum class LinkKind { Pcie, NvlinkC2c };

/// The per-copy latency of every NVLink-C2C link: the copy launch overhead measured on an
/// H200's PCIe Gen5 link (docs/model.md §7: 65536/10.6e9 − 65536/55e9 = 5.0 µs). C2C's own
/// wire latency is lower and the launch overhead dominates, so a C2C copy is never slower
/// than a PCIe copy of the same size.
inline constexpr double kC2cLatencySeconds = 5e-6;
/// A PCIe link's per-copy latency where its card gives none (an order-of-magnitude assumption).
inline constexpr double kDefaultLinkLatencySeconds = 1e-5;
/// The per-collective latency of a tensor-parallel all-reduce where the card gives none:
/// NCCL's small-message all-reduce on 8 GPUs, about 20 µs (docs/model.md §5).
inline constexpr double kDefaultAllReduceLatencySeconds = 2e-5;

/// The accelerator's architecture generation: which kernels an engine has for it (FP8
/// attention runs on Hopper, Blackwell and Rubin, docs/model.md §5). Google's TPUs and AWS's
/// Trainium chips are accelerators of their own kind: no engine's FP8 attention kernel is
/// assumed on them, so their attention runs at 16 bits (docs/cards.md, `architecture`).
enum class GpuArchitecture {
    Unknown,
    Turing,
    Ampere,
    Ada,
    Hopper,
    Blackwell,
    Rubin,
    Cdna3,
    Cdna4,
    Cdna5,
    Tpu,
    Trainium
};
/// "hopper", "cdna3", "tpu", ...; "" for Unknown.
const char* gpuArchitectureName(GpuArchitecture a);
/// True on NVIDIA Hopper, Blackwell and Rubin.
bool hasFp8Attention(GpuArchitecture a);

/// What a card's figures stand on (docs/cards.md, `status`): a shipping product's data sheet
/// (the default), or a vendor's announcement of a product not yet shipping, whose figures
/// may change before it ships. The CLI and the GUI mark an announced card wherever they
/// name it.
enum class HardwareStatus { Shipping, Announced };
/// "shipping", "announced".
const char* hardwareStatusName(HardwareStatus s);

/// GPU↔host link whose effective bandwidth depends on transfer size (docs/model.md §6–7: on
/// an H200, 64 KiB copies reach 10.6 GB/s and ≥16 MiB copies 55 GB/s).
class LinkModel {
public:
    struct Point {
        double transferBytes;
        double bytesPerSecond;
    };

    std::string name;
    LinkKind kind = LinkKind::Pcie;
    double peakBytesPerSecond = 0;
    double latencySeconds = 0;
    std::vector<Point> curve; ///< sorted by size; empty → latency/bandwidth model
    /// Where the curve comes from: "measured" on this GPU, "transferred from H200" (the
    /// same link measured on another card), ...; empty without a curve.
    std::string curveSource;

    /// Effective bandwidth for transfers of `transferBytes` each. With a measured curve:
    /// log-linear interpolation in size, flat beyond the largest point, and below the
    /// smallest the latency fit through it. Without: s / (lat + s/peak).
    double bandwidth(double transferBytes) const;
    /// Bandwidth of large streaming transfers (the curve's last point, or the peak).
    double streamingBandwidth() const;
    /// Scales the curve and the peak so that streamingBandwidth() is `bytesPerSecond`,
    /// keeping the shape against copy size and the per-copy latency (the host-link knob).
    void scaleTo(double bytesPerSecond);
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

/// The GPU↔GPU fabric a tensor-parallel replica all-reduces over (docs/model.md §5): two
/// all-reduces per layer per step, each moving `factor(TP) × message` per GPU in each
/// direction at `bytesPerSecond`, plus `allReduceLatencySeconds` per collective.
struct Interconnect {
    std::string name;
    double bytesPerSecond = 0;          ///< per GPU, per direction
    double allReduceLatencySeconds = 0; ///< per collective
    /// Reduction in the switch (NVLink SHARP, "NVLS"): each GPU sends and receives about
    /// the message once. Otherwise a ring (or one-shot) all-reduce: 2 (TP − 1) / TP of it.
    bool nvls = false;
    std::string note; ///< what the figures assume and where they come from

    /// Bytes each GPU moves in each direction per byte of the all-reduced message.
    double trafficFactor(int tp) const;
};

/// The scale-out network between servers, per GPU (docs/cards.md, `scale_out`): one NIC per
/// GPU on the HGX/DGX reference designs (ConnectX-7, 400 Gb/s). Expert parallelism across
/// servers sends its dispatch and combine over it (core/model/ExpertParallel).
struct ScaleOut {
    std::string name;
    double bytesPerSecond = 0; ///< per GPU, per direction (the NIC's line rate)
    double latencySeconds = 0; ///< per message, one way
    std::string note;          ///< what the figures assume and where they come from
};

/// Where a card stands in its vendor's line of generations (docs/cards.md, `generation`): the
/// outlook's tornado moves a year's hardware one step along its line (outlookHardwareLadder).
struct HardwareGeneration {
    std::string line; ///< "nvidia-hgx": the cards of one line succeed each other
    int order = 0;    ///< its place in the line, older first (1, 2, ...); unique within the line
    bool operator==(const HardwareGeneration&) const = default;
};

struct HardwareCard {
    std::string id;
    std::string name;
    /// Who makes the accelerator: "NVIDIA", "AMD", "Google", "AWS". A card without a
    /// `vendor` field takes the first word of its name (docs/cards.md).
    std::string vendor;
    HardwareStatus status = HardwareStatus::Shipping;
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
    GpuArchitecture architecture = GpuArchitecture::Unknown;
    /// The generation of the accelerator's memory as bit supply is reported: "HBM3E", "HBM4",
    /// or "GDDR6" for a card without HBM (docs/cards.md, `hbm_generation`); empty where the
    /// card's sources do not say.
    std::string hbmGeneration;
    /// GPU↔GPU fabric; a card without one all-reduces over its host link (PCIe).
    Interconnect interconnect;
    /// The network between servers, per GPU; none: the card names none.
    std::optional<ScaleOut> scaleOut;
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
    /// Its line and place among its vendor's generations; none: a card no generation step moves.
    std::optional<HardwareGeneration> generation;

    Json toJson() const;
    bool announced() const { return status == HardwareStatus::Announced; }
};

/// The card's name as the CLI writes it: "NVIDIA Vera Rubin NVL72 ... (announced)" for a card
/// that stands on an announcement, the name alone otherwise.
std::string hardwareDisplayName(const HardwareCard& card);
/// The card's id the same way: "vr-nvl72 (announced)", else the id alone.
std::string hardwareIdText(const HardwareCard& card);

HardwareCard parseHardwareCard(const Json& json, const std::string& origin);

} // namespace kvtiers
