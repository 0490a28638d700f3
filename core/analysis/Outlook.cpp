#include "core/analysis/Outlook.h"

#include "core/io/Csv.h"
#include "core/io/InputError.h"
#include "core/io/Units.h"
#include "core/scenario/Knobs.h"

#include <cmath>
#include <limits>
#include <sstream>

namespace kvtiers {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::string yearWhere(const OutlookCard& card, size_t i)
{
    return (card.origin.empty() ? "outlook " + card.id : card.origin) + ": years[" + std::to_string(i) + "] ("
        + std::to_string(card.years[i].year) + ")";
}

template <typename Map> std::string knownIds(const Map& map)
{
    std::string known;
    for (const auto& [k, v] : map)
        known += (known.empty() ? "" : ", ") + k;
    return known;
}

/// Whether `id` names a card of the map or a readable file of that kind.
template <typename Resolve> bool resolves(Resolve resolve)
{
    try {
        resolve();
        return true;
    } catch (const InputError&) {
        return false;
    }
}

} // namespace

void validateOutlook(const CardCatalog& catalog, const OutlookCard& card)
{
    for (size_t i = 0; i < card.years.size(); ++i) {
        const OutlookYear& y = card.years[i];
        const std::string at = yearWhere(card, i);
        for (const auto& e : y.mix)
            if (!resolves([&] { catalog.resolveWorkload(e.workload); }))
                throw InputError(at + ".mix: unknown workload \"" + e.workload
                    + "\" (known: " + knownIds(catalog.workloads()) + ")");
        for (const auto& h : y.hardware)
            if (!resolves([&] { catalog.resolveHardware(h.hardware); }))
                throw InputError(at + ".hardware: unknown hardware \"" + h.hardware
                    + "\" (known: " + knownIds(catalog.hardware()) + ")");
        for (const auto& [id, overrides] : y.workloads) {
            bool inMix = false;
            for (const auto& e : y.mix)
                inMix = inMix || e.workload == id;
            if (!inMix)
                throw InputError(at + ".workloads." + id + ": not in the year's mix");
            ScenarioSpec spec = outlookEntrySpec(y, id);
            spec.hardware = y.hardware.front().hardware;
            if (!spec.model.empty() && !resolves([&] { catalog.resolveModel(spec.model); }))
                throw InputError(at + ".workloads." + id + ".model: unknown model \"" + spec.model
                    + "\" (known: " + knownIds(catalog.models()) + ")");
            try {
                resolveScenario(catalog, spec);
            } catch (const InputError& e) {
                throw InputError(at + ".workloads." + id + ": " + e.what());
            }
        }
    }
}

ScenarioSpec outlookEntrySpec(const OutlookYear& year, const std::string& workload)
{
    ScenarioSpec spec;
    spec.workload = workload;
    if (auto it = year.workloads.find(workload); it != year.workloads.end()) {
        spec.overrides = it->second;
        // `model` switches the card, not a knob: it leaves the knob overrides for the spec's model.
        if (auto m = spec.overrides.find(kOutlookModelKey); m != spec.overrides.end()) {
            spec.model = m->get<std::string>();
            spec.overrides.erase(m);
        }
    }
    return spec;
}

FleetInput outlookFleetInput(const OutlookYear& year)
{
    FleetInput in;
    in.tokensPerDay = year.tokensPerDay;
    in.targets = year.targets;
    for (const auto& m : year.mix) {
        FleetEntry e;
        e.label = m.workload;
        e.share = m.share;
        e.spec = outlookEntrySpec(year, m.workload);
        e.targets = m.targets;
        in.mix.push_back(std::move(e));
    }
    return in;
}

OutlookYearResult sizeOutlookYear(const CardCatalog& catalog, const OutlookYear& year, FleetSizingMemo* memo)
{
    std::vector<FleetProfile> profiles;
    for (const auto& h : year.hardware)
        profiles.push_back({ h.hardware, h.share });
    FleetProfilesResult f = sizeFleetProfiles(catalog, outlookFleetInput(year), profiles, memo);
    OutlookYearResult r;
    r.year = year.year;
    r.tokensPerDay = year.tokensPerDay;
    r.requestsPerSecond = f.requestsPerSecond;
    r.gpus = f.gpus;
    r.servers = f.servers;
    r.hbmInstalledBytes = f.installedBytes.hbm;
    r.hbmBytes = f.bytes.hbm;
    r.dramInstalledBytes = f.installedBytes.dram;
    r.dramBytes = f.bytes.dram;
    r.nvmeInstalledBytes = f.installedBytes.ssd;
    r.ssdBytes = f.bytes.ssd;
    r.hardware = std::move(f.profiles);
    r.fleets = std::move(f.fleets);
    return r;
}

namespace {

double ratio(double a, double b)
{
    return b > 0 ? a / b : kNaN;
}

/// Δln(tier) / Δln(tokens); NaN where either year needs none of the tier or tokens held.
double elasticity(double tier, double tierBefore, double tokens, double tokensBefore)
{
    if (!(tier > 0) || !(tierBefore > 0) || tokens == tokensBefore)
        return kNaN;
    return std::log(tier / tierBefore) / std::log(tokens / tokensBefore);
}

} // namespace

OutlookResult computeOutlook(const CardCatalog& catalog, const OutlookCard& card)
{
    validateOutlook(catalog, card);
    OutlookResult out { card.id, card.name, card.status, {} };
    FleetSizingMemo memo(catalog);
    for (size_t i = 0; i < card.years.size(); ++i) {
        OutlookYearResult r;
        try {
            r = sizeOutlookYear(catalog, card.years[i], &memo);
        } catch (const InputError& e) {
            throw InputError(yearWhere(card, i) + ": " + e.what());
        }
        const OutlookYear& y = card.years[i];
        const OutlookYearResult& first = out.years.empty() ? r : out.years.front();
        r.index = { ratio(r.hbmBytes, first.hbmBytes), ratio(r.dramBytes, first.dramBytes),
            ratio(r.ssdBytes, first.ssdBytes) };
        r.tokensIndex = r.tokensPerDay / first.tokensPerDay;
        if (!out.years.empty()) {
            const OutlookYearResult& p = out.years.back();
            r.elasticity = OutlookTiers { elasticity(r.hbmBytes, p.hbmBytes, r.tokensPerDay, p.tokensPerDay),
                elasticity(r.dramBytes, p.dramBytes, r.tokensPerDay, p.tokensPerDay),
                elasticity(r.ssdBytes, p.ssdBytes, r.tokensPerDay, p.tokensPerDay) };
        }
        if (y.supplyHbm || y.supplyDram || y.supplyNand)
            r.supplyShare = OutlookTiers { y.supplyHbm ? ratio(r.hbmBytes, *y.supplyHbm) : kNaN,
                y.supplyDram ? ratio(r.dramBytes, *y.supplyDram) : kNaN,
                y.supplyNand ? ratio(r.ssdBytes, *y.supplyNand) : kNaN };
        out.years.push_back(std::move(r));
    }
    return out;
}

// ---- Output

} // namespace kvtiers
