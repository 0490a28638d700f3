// What an outlook's fleets provision (Outlook.h, OutlookProvision): each profile's servers ×
// what its system ships per GPU, where the card names a system for its hardware, else its
// hardware card's server; beside what the working set needs, per tier.
#include "core/analysis/Outlook.h"
#include "core/analysis/OutlookSplits.h"

#include <limits>

namespace kvtiers {

namespace {

std::string where(const OutlookCard& card, const std::string& hardware)
{
    return outlookCardWhere(card) + ": systems." + hardware;
}

} // namespace

void validateOutlookSystems(const CardCatalog& catalog, const OutlookCard& card)
{
    for (const auto& [hardware, id] : card.systems) {
        const std::string at = where(card, hardware);
        const auto s = catalog.systems().find(id);
        if (s == catalog.systems().end())
            throw InputError(at + ": unknown system \"" + id + "\" (known: " + knownIds(catalog.systems()) + ")");
        if (s->second.hardware != hardware)
            throw InputError(at + ": system \"" + id + "\" is sized on hardware \"" + s->second.hardware + "\", not \""
                + hardware + "\"");
        const auto h = catalog.hardware().find(hardware);
        if (h == catalog.hardware().end())
            throw InputError(at + ": unknown hardware \"" + hardware + "\"");
        checkSystemHardware(s->second, h->second, at + " (" + id + ")");
    }
}

void provisionOutlookYear(
    const CardCatalog& catalog, const std::map<std::string, std::string>& systems, OutlookYearResult& year)
{
    year.provisions.clear();
    year.contextFlashBytes = 0;
    OutlookTiers total { 0, 0, 0 };
    for (const FleetResult& f : year.fleets) {
        if (f.entries.empty())
            continue;
        const HardwareCard& hw = f.entries.front().scenario.hardware;
        OutlookProvision p;
        p.hardware = hw.id;
        p.servers = f.servers;
        p.needed = f.bytes;
        p.bytes = { f.hbmInstalledBytes, f.servers * hw.hostDramBytes, f.servers * hw.nvmeBytes };
        const auto named = systems.find(hw.id);
        if (named != systems.end()) {
            const SystemCard& s = catalog.systems().at(named->second);
            const PerTier<double> perGpu = s.provisionedPerGpu();
            p.system = s.id;
            p.bytes.dram = f.servers * s.gpus * perGpu.dram;
            p.bytes.ssd = f.servers * s.gpus * perGpu.ssd;
            p.contextFlashBytes = f.servers * s.gpus * s.perGpu.contextFlashBytes;
        }
        for (Tier t : kTiers)
            total[t] += p.bytes[t];
        year.contextFlashBytes += p.contextFlashBytes;
        year.provisions.push_back(std::move(p));
    }
    year.hbmInstalledBytes = total.hbm;
    year.dramInstalledBytes = total.dram;
    year.nvmeInstalledBytes = total.ssd;
    const OutlookTiers needed { year.hbmBytes, year.dramBytes, year.ssdBytes };
    for (Tier t : kTiers)
        year.provisionedOverNeeded[t] = needed[t] > 0 ? total[t] / needed[t] : std::numeric_limits<double>::quiet_NaN();
}

} // namespace kvtiers
