// The outlook's splits of a year (OutlookSplits.h): each year's GPUs and HBM, installed and
// needed, summed per accelerator vendor and per memory generation of the hardware card each
// fleet runs on, and each generation's own shipments, as bit supply is reported per generation.
#include "core/analysis/OutlookSplits.h"

#include "core/analysis/Outlook.h"
#include "core/analysis/OutlookSupply.h"

namespace kvtiers {

namespace {

/// The year's fleets summed per `keyOf` their hardware card, keys in name order. A fleet
/// always has at least one entry, all on its profile's hardware; each adds its GPUs, its
/// GPUs × HBM per GPU and its HBM needed, as the year's totals sum them (sizeFleetProfiles).
template <typename Share, typename Key>
std::vector<Share> splitFleets(const OutlookYearResult& year, Key keyOf, std::string Share::*name)
{
    std::map<std::string, Share> byKey;
    for (const FleetResult& f : year.fleets) {
        if (f.entries.empty())
            continue;
        const std::string key = keyOf(f.entries.front().scenario.hardware);
        Share& s = byKey[key];
        s.*name = key;
        s.gpus += f.gpus;
        s.hbmInstalledBytes += f.hbmInstalledBytes;
        s.hbmBytes += f.bytes.hbm;
    }
    std::vector<Share> out;
    out.reserve(byKey.size());
    for (auto& [key, share] : byKey)
        out.push_back(std::move(share));
    return out;
}

} // namespace

std::vector<OutlookVendorShare> outlookVendorShares(const OutlookYearResult& year)
{
    return splitFleets<OutlookVendorShare>(
        year, [](const HardwareCard& h) { return h.vendor; }, &OutlookVendorShare::vendor);
}

std::vector<OutlookGenerationShare> outlookGenerationShares(const OutlookYearResult& year)
{
    return splitFleets<OutlookGenerationShare>(
        year,
        [](const HardwareCard& h) {
            return h.hbmGeneration.empty() ? std::string(kUnstatedGeneration) : h.hbmGeneration;
        },
        &OutlookGenerationShare::generation);
}

void setGenerationShipments(OutlookYearResult& year, const OutlookYearResult& before, double serviceLifeYears)
{
    for (OutlookGenerationShare& g : year.generations) {
        double installedBefore = 0;
        for (const OutlookGenerationShare& b : before.generations)
            if (b.generation == g.generation)
                installedBefore = b.hbmInstalledBytes;
        g.shipments = outlookShipments(g.hbmInstalledBytes, installedBefore, serviceLifeYears);
    }
}

} // namespace kvtiers
