// The outlook's split by accelerator vendor (Outlook.h, OutlookVendorShare): each year's GPUs
// and HBM, installed and needed, summed per vendor of the hardware card each fleet runs on.
#include "core/analysis/Outlook.h"

#include <map>

namespace kvtiers {

std::vector<OutlookVendorShare> outlookVendorShares(const OutlookYearResult& year)
{
    // Each fleet's figures as the year's totals sum them (sizeFleetProfiles): GPUs, GPUs ×
    // HBM per GPU installed, HBM needed. A fleet always has at least one entry, all on its
    // profile's hardware.
    std::map<std::string, OutlookVendorShare> byVendor;
    for (const FleetResult& f : year.fleets) {
        if (f.entries.empty())
            continue;
        const std::string& vendor = f.entries.front().scenario.hardware.vendor;
        OutlookVendorShare& v = byVendor[vendor];
        v.vendor = vendor;
        v.gpus += f.gpus;
        v.hbmInstalledBytes += f.hbmInstalledBytes;
        v.hbmBytes += f.bytes.hbm;
    }
    std::vector<OutlookVendorShare> out;
    out.reserve(byVendor.size());
    for (auto& [name, share] : byVendor)
        out.push_back(std::move(share));
    return out;
}

} // namespace kvtiers
