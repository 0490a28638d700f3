// Per-workload traffic, need and intensity of an outlook year (Outlook.h): which work is
// memory-hungry per token, in which tier.
#include "core/analysis/Outlook.h"

#include <limits>

namespace kvtiers {

double outlookIntensity(double bytes, double tokensPerDay)
{
    return tokensPerDay > 0 ? bytes / (tokensPerDay / kIntensityTokensPerDay)
                            : std::numeric_limits<double>::quiet_NaN();
}

std::vector<OutlookWorkloadYear> outlookWorkloadYears(const OutlookYearResult& year)
{
    std::vector<OutlookWorkloadYear> out;
    const auto find = [&out](const std::string& id) -> OutlookWorkloadYear& {
        for (OutlookWorkloadYear& w : out)
            if (w.workload == id)
                return w;
        out.emplace_back().workload = id;
        return out.back();
    };
    // Each profile's fleet carries the whole mix (its traffic split by the hardware share), a
    // workload with variants as up to three entries of one label.
    for (const FleetResult& fleet : year.fleets)
        for (const FleetEntryResult& e : fleet.entries) {
            OutlookWorkloadYear& w = find(e.label);
            const double requestsPerDay = e.requestsPerSecond * 86400.0;
            w.requestsPerDay += requestsPerDay;
            w.tokensPerDay += requestsPerDay * e.scenario.workload.context;
            for (Tier t : kTiers)
                w.bytes[t] += e.bytes[t];
        }
    for (OutlookWorkloadYear& w : out) {
        w.share = year.requestsPerSecond > 0 ? w.requestsPerDay / (year.requestsPerSecond * 86400.0) : 0;
        for (Tier t : kTiers)
            w.intensity[t] = outlookIntensity(w.bytes[t], w.tokensPerDay);
    }
    return out;
}

} // namespace kvtiers
