#pragma once
// SystemCard: a shipped system (a SKU: a DGX server, an NVL72 rack) as its maker provisions
// it (docs/cards.md, "System cards"). It names the hardware card its GPUs are sized on and
// gives, per GPU, the bytes each tier is bought with: HBM, host DRAM, local NVMe and any
// context-memory flash tier attached to it (NVIDIA's BlueField-4 context memory storage on
// Vera Rubin, for example). The Outlook counts a fleet's provisioned bytes as units × these
// attach figures, beside the bytes its working set needs.

#include "core/cards/HardwareCard.h"
#include "core/cards/Source.h"
#include "core/cards/Tier.h"
#include "core/io/Json.h"

#include <string>
#include <vector>

namespace kvtiers {

/// The bytes a system provisions per GPU.
struct SystemAttach {
    double hbmBytes = 0;
    double hbmBandwidth = 0; ///< bytes/s, as the system's data sheet quotes it
    double hostDramBytes = 0;
    double nvmeBytes = 0;         ///< the server's own data drives (boot drives excluded)
    double contextFlashBytes = 0; ///< a flash tier attached for KV context (0: none)
};

struct SystemCard {
    std::string id;
    std::string name;
    std::string vendor;
    HardwareStatus status = HardwareStatus::Shipping;
    std::string hardware; ///< the hardware card its GPUs are sized on
    int gpus = 1;         ///< GPUs in one system: a server's 8, a rack's 72
    SystemAttach perGpu;
    std::string contextFlashName; ///< what the context-memory tier is, where there is one
    std::string notes;
    std::vector<Source> sources;

    /// Bytes per GPU per tier as the Outlook provisions them: HBM, host DRAM, and SSD =
    /// local NVMe + context-memory flash.
    PerTier<double> provisionedPerGpu() const;
    Json toJson() const;
};

/// Reads a system card. Throws InputError naming `origin` and the field.
SystemCard parseSystemCard(const Json& json, const std::string& origin);

/// Checks a system against the hardware card it names: the same HBM per GPU and GPUs per
/// server. Throws InputError naming the system's origin and the field.
void checkSystemHardware(const SystemCard& system, const HardwareCard& hardware, const std::string& origin);

} // namespace kvtiers
