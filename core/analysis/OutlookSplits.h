#pragma once
// The outlook's splits of a year (docs/model.md, "Outlook"): by accelerator vendor and by
// HBM generation (the hardware cards' `vendor` and `hbm_generation`: GPUs and HBM installed
// and needed, OutlookSplits.cpp), and what each hardware profile's system provisions against
// what its working set needs (OutlookSystems.cpp).

#include "core/cards/Tier.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace kvtiers {

class CardCatalog;
struct OutlookCard;
struct OutlookYearResult;

/// Bytes (or ratios) per tier: HBM, server DRAM, SSD (NVMe/NAND).
using OutlookTiers = PerTier<double>;

/// A part of a year's accelerators: its GPUs (or TPUs, Trainium chips) and their HBM,
/// installed (GPUs × HBM per GPU) and needed. A year's parts by one key sum to its gpus,
/// hbmInstalledBytes and hbmBytes.
struct OutlookHbmPart {
    double gpus = 0;
    double hbmInstalledBytes = 0, hbmBytes = 0;
};

/// One accelerator vendor's part of a year (the `vendor` of its hardware cards). By
/// accelerator vendor only: no split by HBM supplier.
struct OutlookVendorShare : OutlookHbmPart {
    std::string vendor;
};

/// One accelerator memory generation's part of a year's HBM (the hardware cards'
/// hbm_generation; "unstated" where a card gives none), with its own shipments, max(0, B −
/// B before) + B before ÷ L on its installed bytes. A generation that is retired while
/// another is shipped is replaced, not carried over: the generations' shipments add up to at
/// least the tier's.
struct OutlookGenerationShare : OutlookHbmPart {
    std::string generation;
    std::optional<double> shipments; ///< bytes; absent in the first year
};

/// A generation the hardware cards leave unstated.
inline constexpr const char* kUnstatedGeneration = "unstated";

/// One hardware profile's provisioned bytes in a year: its fleet's servers × what its system
/// (or, naming none, its hardware card's server) provisions per GPU.
struct OutlookProvision {
    std::string hardware;
    std::string system;           ///< the system card's id; empty: the hardware card's server
    double servers = 0;           ///< the fleet's servers (systems)
    OutlookTiers bytes;           ///< HBM, host DRAM, SSD (local NVMe + context-memory flash)
    double contextFlashBytes = 0; ///< the context-memory flash part of bytes.ssd
    OutlookTiers needed;          ///< the profile's fleet's needed bytes
};

/// The year's fleets split by their hardware's vendor, vendors in name order
/// (OutlookSplits.cpp).
std::vector<OutlookVendorShare> outlookVendorShares(const OutlookYearResult& year);

/// The year's fleets split by their hardware's memory generation, in name order, without
/// shipments (OutlookSplits.cpp).
std::vector<OutlookGenerationShare> outlookGenerationShares(const OutlookYearResult& year);
/// Sets each generation's shipments from the year before's installed bytes of the same
/// generation (none there: 0), with service life `serviceLifeYears`.
void setGenerationShipments(OutlookYearResult& year, const OutlookYearResult& before, double serviceLifeYears);

/// Replaces a sized year's installed DRAM and SSD with what its profiles' systems provision
/// (`systems`: hardware id → system id, as OutlookCard::systems) and sets provisions,
/// contextFlashBytes and provisionedOverNeeded (OutlookSystems.cpp). HBM stays GPUs × HBM
/// per GPU, which a system's HBM equals (checkSystemHardware).
void provisionOutlookYear(
    const CardCatalog& catalog, const std::map<std::string, std::string>& systems, OutlookYearResult& year);
/// Every system the card names exists, is for the hardware it is named for, and matches
/// that hardware card (checkSystemHardware). Throws InputError naming "systems.<hardware>".
void validateOutlookSystems(const CardCatalog& catalog, const OutlookCard& card);
/// Where a message about an outlook card points: its file, or "outlook <id>" for a built-in.
std::string outlookCardWhere(const OutlookCard& card);

} // namespace kvtiers
