#include "core/analysis/Outlook.h"

#include "core/io/Csv.h"
#include "core/io/InputError.h"
#include "core/io/Units.h"
#include "core/report/ResultJson.h"
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
    in.ttftTargetSeconds = year.ttftSeconds;
    in.ttftPercentile = year.ttftPercentile;
    in.tpotTargetSeconds = year.tpotSeconds;
    in.tpotPercentile = year.tpotPercentile;
    for (const auto& m : year.mix) {
        FleetEntry e;
        e.label = m.workload;
        e.share = m.share;
        e.spec = outlookEntrySpec(year, m.workload);
        e.ttftTargetSeconds = m.targets.ttftSeconds;
        e.ttftPercentile = m.targets.ttftPercentile;
        e.tpotTargetSeconds = m.targets.tpotSeconds;
        e.tpotPercentile = m.targets.tpotPercentile;
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
    r.hbmInstalledBytes = f.hbmInstalledBytes;
    r.hbmBytes = f.hbmBytes;
    r.dramInstalledBytes = f.dramInstalledBytes;
    r.dramBytes = f.dramBytes;
    r.nvmeInstalledBytes = f.nvmeInstalledBytes;
    r.ssdBytes = f.ssdBytes;
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

namespace {

Json tiersJson(const OutlookTiers& t)
{
    return { { "hbm", numberToJson(t.hbm) }, { "dram", numberToJson(t.dram) }, { "ssd", numberToJson(t.ssd) } };
}

Json yearJson(const OutlookYearResult& y)
{
    // Each profile's fleet as `kvtiers fleet --json` writes it, so a year can be checked
    // against the fleet command run with the same flags.
    Json hw = Json::array();
    size_t f = 0;
    for (const auto& h : y.hardware) {
        Json one = { { "hardware", h.hardware }, { "share", h.share } };
        if (h.share > 0 && f < y.fleets.size())
            one["fleet"] = fleetToJson(y.fleets[f++]);
        hw.push_back(std::move(one));
    }
    Json j = { { "year", y.year }, { "tokens_per_day", numberToJson(y.tokensPerDay) },
        { "requests_per_s", numberToJson(y.requestsPerSecond) }, { "hardware", hw }, { "gpus", bytesToJson(y.gpus) },
        { knobKey(KnobId::Servers), bytesToJson(y.servers) },
        { "hbm_installed_bytes", bytesToJson(y.hbmInstalledBytes) }, { "hbm_bytes", bytesToJson(y.hbmBytes) },
        { "dram_installed_bytes", bytesToJson(y.dramInstalledBytes) }, { "dram_bytes", bytesToJson(y.dramBytes) },
        { "nvme_installed_bytes", bytesToJson(y.nvmeInstalledBytes) }, { "ssd_bytes", bytesToJson(y.ssdBytes) } };
    Json index = tiersJson(y.index);
    index["tokens"] = numberToJson(y.tokensIndex);
    j["index"] = index;
    j["elasticity"] = y.elasticity ? tiersJson(*y.elasticity) : Json(nullptr);
    if (y.supplyShare)
        j["supply_share"] = tiersJson(*y.supplyShare);
    return j;
}

Json tornadoJson(const OutlookTornado& t)
{
    Json bars = Json::array();
    for (const auto& b : t.bars) {
        Json one = { { "driver", b.key }, { "label", b.label }, { "base_value", numberToJson(b.baseValue) },
            { "low_value", numberToJson(b.lowValue) }, { "high_value", numberToJson(b.highValue) },
            { "low", b.lowText }, { "high", b.highText }, { "low_bytes", tiersJson(b.low) },
            { "high_bytes", tiersJson(b.high) }, { "low_delta_bytes", tiersJson(b.lowDelta) },
            { "high_delta_bytes", tiersJson(b.highDelta) } };
        if (!b.lowFeasible)
            one["low_error"] = b.lowError;
        if (!b.highFeasible)
            one["high_error"] = b.highError;
        bars.push_back(std::move(one));
    }
    Json order = Json::object();
    const char* names[] = { "hbm", "dram", "ssd" };
    for (int tier = 0; tier < 3; ++tier) {
        order[names[tier]] = Json::array();
        for (const auto& b : t.sortedFor(tier))
            order[names[tier]].push_back(b.key);
    }
    return { { "year", t.year }, { "relative_range", t.relativeRange }, { "base_bytes", tiersJson(t.base) },
        { "bars", bars }, { "order", order } };
}

} // namespace

Json outlookToJson(const OutlookResult& r, const OutlookTornado* tornado)
{
    Json years = Json::array();
    for (const auto& y : r.years)
        years.push_back(yearJson(y));
    Json j = { { "id", r.id }, { "name", r.name }, { "status", r.status },
        { "note", "a scenario, not a forecast: every figure follows from the card's inputs" }, { "years", years } };
    if (tornado)
        j["tornado"] = tornadoJson(*tornado);
    return j;
}

std::string outlookCsv(const OutlookResult& r)
{
    std::ostringstream out;
    out << "year,tokens_per_day,requests_per_s,gpus,servers,hbm_installed_bytes,hbm_bytes,dram_installed_bytes,"
           "dram_bytes,nvme_installed_bytes,ssd_bytes,index_hbm,index_dram,index_ssd,index_tokens,"
           "elasticity_hbm,elasticity_dram,elasticity_ssd,supply_share_hbm,supply_share_dram,supply_share_ssd\n";
    auto tiers = [&](const std::optional<OutlookTiers>& t) {
        for (int tier = 0; tier < 3; ++tier)
            out << ',' << (t && std::isfinite(t->at(tier)) ? csvNumber(t->at(tier)) : "");
    };
    for (const auto& y : r.years) {
        out << y.year << ',' << csvNumber(y.tokensPerDay) << ',' << csvNumber(y.requestsPerSecond) << ','
            << csvNumber(y.gpus) << ',' << csvNumber(y.servers) << ',' << csvNumber(y.hbmInstalledBytes) << ','
            << csvNumber(y.hbmBytes) << ',' << csvNumber(y.dramInstalledBytes) << ',' << csvNumber(y.dramBytes) << ','
            << csvNumber(y.nvmeInstalledBytes) << ',' << csvNumber(y.ssdBytes);
        tiers(y.index);
        out << ',' << csvNumber(y.tokensIndex);
        tiers(y.elasticity);
        tiers(y.supplyShare);
        out << '\n';
    }
    return out.str();
}

} // namespace kvtiers
