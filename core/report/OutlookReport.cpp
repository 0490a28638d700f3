#include "core/report/OutlookReport.h"

#include "core/io/Csv.h"
#include "core/io/Units.h"
#include "core/report/FleetReport.h"
#include "core/report/ResultJson.h"

#include <cmath>
#include <limits>
#include <sstream>

namespace kvtiers {

namespace {

constexpr double kNaNReport = std::numeric_limits<double>::quiet_NaN();

/// {"hbm": .., "dram": .., "ssd": ..}, NaN as null.
Json perTierJson(const OutlookTiers& t)
{
    return tiersJson(t, [](double v) { return numberToJson(v); });
}

/// Per tier: installed, shipments, supply (bytes and Gb), where the supply comes from and
/// need and shipments as shares of it.
Json supplyJson(const OutlookYearSupply& s)
{
    Json out = Json::object();
    for (Tier t : kTiers) {
        const double shipped = s.shipments ? (*s.shipments)[t] : kNaNReport;
        out[tierKey(t)] = { { "installed_bytes", bytesToJson(s.installed[t]) },
            { "installed_gb", numberToJson(bytesToGigabits(s.installed[t])) },
            { "shipments_bytes", numberToJson(shipped) }, { "shipments_gb", numberToJson(bytesToGigabits(shipped)) },
            { "supply_bytes", numberToJson(s.supply[t]) }, { "supply_gb", numberToJson(bytesToGigabits(s.supply[t])) },
            { "supply_from", supplyOriginKey(s.origin[t]) }, { "need_share", numberToJson(s.needShare[t]) },
            { "shipments_share", numberToJson(s.shipmentShare[t]) } };
    }
    return out;
}

/// The year by accelerator vendor: { "NVIDIA": { "gpus", "hbm_installed_bytes", "hbm_bytes" } }.
Json vendorsJson(const OutlookYearResult& y)
{
    Json j = Json::object();
    for (const OutlookVendorShare& v : y.vendors)
        j[v.vendor] = { { "gpus", bytesToJson(v.gpus) }, { "hbm_installed_bytes", bytesToJson(v.hbmInstalledBytes) },
            { "hbm_bytes", bytesToJson(v.hbmBytes) } };
    return j;
}

/// The year by memory generation: { "HBM3E": { "gpus", "hbm_installed_bytes", "hbm_bytes",
/// "shipments_bytes" } }, shipments null in the first year.
Json generationsJson(const OutlookYearResult& y)
{
    Json j = Json::object();
    for (const OutlookGenerationShare& g : y.generations)
        j[g.generation] = { { "gpus", bytesToJson(g.gpus) },
            { "hbm_installed_bytes", bytesToJson(g.hbmInstalledBytes) }, { "hbm_bytes", bytesToJson(g.hbmBytes) },
            { "shipments_bytes", g.shipments ? bytesToJson(*g.shipments) : Json(nullptr) } };
    return j;
}

/// A profile's provisioned bytes: its system and, per tier, provisioned and needed bytes.
Json provisionJson(const OutlookProvision& p)
{
    Json j = { { "system", p.system.empty() ? Json(nullptr) : Json(p.system) },
        { knobKey(KnobId::Servers), bytesToJson(p.servers) }, { "provisioned_bytes", perTierJson(p.bytes) },
        { "needed_bytes", perTierJson(p.needed) }, { "context_flash_bytes", bytesToJson(p.contextFlashBytes) } };
    return j;
}

Json yearJson(const OutlookYearResult& y)
{
    // Each profile's fleet as `kvtiers fleet --json` writes it, so a year can be checked
    // against the fleet command run with the same flags.
    Json hw = Json::array();
    size_t f = 0;
    for (const auto& h : y.hardware) {
        Json one = { { "hardware", h.hardware }, { "share", h.share } };
        if (h.share > 0 && f < y.fleets.size()) {
            if (f < y.provisions.size())
                one["provisioned"] = provisionJson(y.provisions[f]);
            one["fleet"] = fleetToJson(y.fleets[f++]);
        }
        hw.push_back(std::move(one));
    }
    Json j = { { "year", y.year }, { "tokens_per_day", numberToJson(y.tokensPerDay) },
        { "requests_per_s", numberToJson(y.requestsPerSecond) }, { "hardware", hw }, { "gpus", bytesToJson(y.gpus) },
        { knobKey(KnobId::Servers), bytesToJson(y.servers) },
        { "hbm_installed_bytes", bytesToJson(y.hbmInstalledBytes) }, { "hbm_bytes", bytesToJson(y.hbmBytes) },
        { "dram_installed_bytes", bytesToJson(y.dramInstalledBytes) }, { "dram_bytes", bytesToJson(y.dramBytes) },
        { "nvme_installed_bytes", bytesToJson(y.nvmeInstalledBytes) }, { "ssd_bytes", bytesToJson(y.ssdBytes) } };
    Json index = perTierJson(y.index);
    index["tokens"] = numberToJson(y.tokensIndex);
    j["index"] = index;
    j["growth_ratio"] = y.growthRatio ? perTierJson(*y.growthRatio) : Json(nullptr);
    j["supply"] = supplyJson(y.supply);
    j["intensity_bytes_per_million_tokens_per_day"] = perTierJson(y.intensity);
    Json workloads = Json::array();
    for (const OutlookWorkloadYear& w : y.workloads)
        workloads.push_back({ { "workload", w.workload }, { "share", numberToJson(w.share) },
            { "requests_per_day", numberToJson(w.requestsPerDay) }, { "tokens_per_day", numberToJson(w.tokensPerDay) },
            { "needed_bytes", perTierJson(w.bytes) },
            { "intensity_bytes_per_million_tokens_per_day", perTierJson(w.intensity) } });
    j["workloads"] = std::move(workloads);
    j["vendors"] = vendorsJson(y);
    j["hbm_generations"] = generationsJson(y);
    j["context_flash_bytes"] = bytesToJson(y.contextFlashBytes);
    j["provisioned_over_needed"] = perTierJson(y.provisionedOverNeeded);
    return j;
}

Json tornadoJson(const OutlookTornado& t)
{
    Json bars = Json::array();
    for (const auto& b : t.bars) {
        Json one = { { "driver", b.key }, { "label", b.label }, { "base_value", numberToJson(b.baseValue) },
            { "low_value", numberToJson(b.lowValue) }, { "high_value", numberToJson(b.highValue) },
            { "low", b.lowText }, { "high", b.highText }, { "low_bytes", perTierJson(b.low) },
            { "high_bytes", perTierJson(b.high) }, { "low_delta_bytes", perTierJson(b.lowDelta) },
            { "high_delta_bytes", perTierJson(b.highDelta) }, { "elasticity", perTierJson(b.elasticity) } };
        if (!b.lowFeasible)
            one["low_error"] = b.lowError;
        if (!b.highFeasible)
            one["high_error"] = b.highError;
        bars.push_back(std::move(one));
    }
    Json order = Json::object();
    for (Tier tier : kTiers) {
        Json keys = Json::array();
        for (const auto& b : t.sortedFor(tier))
            keys.push_back(b.key);
        order[tierKey(tier)] = std::move(keys);
    }
    return { { "year", t.year }, { "relative_range", t.relativeRange }, { "base_bytes", perTierJson(t.base) },
        { "bars", bars }, { "order", order } };
}

constexpr const char* kScenarioNote = "a scenario, not a forecast: every figure follows from the card's inputs";
constexpr const char* kUnitsNote
    = "bytes are decimal bytes as exact numbers; tokens per day; requests per second; indices, factors, growth "
      "ratios (year on year, every driver at once) and elasticities (one driver at a time) are unitless; intensity "
      "is needed bytes per million tokens a day";

Json sourcesJson(const OutlookResult& r)
{
    Json out = sourcesToJson(r.sources);
    for (size_t i = 0; i < out.size(); ++i) {
        out[i]["index"] = i;
        Json uses = Json::array();
        if (i < r.sourceUses.size())
            for (const OutlookSourceUse& u : r.sourceUses[i])
                uses.push_back({ { "year", u.year }, { "figure", u.figure } });
        out[i]["used_for"] = std::move(uses);
    }
    return out;
}

/// "context + hardware": the groups a coalition takes from the last year.
std::string relaxedGroups(unsigned groups)
{
    std::string out;
    for (int g = 0; g < kOutlookGroupCount; ++g)
        if ((groups >> unsigned(g)) & 1U)
            out += (out.empty() ? "" : " + ") + std::string(outlookGroupKey(OutlookGroup(g)));
    return out;
}

} // namespace

std::string outlookSourceUsesText(const std::vector<OutlookSourceUse>& uses)
{
    std::string out;
    for (const OutlookSourceUse& u : uses)
        out += (out.empty() ? "" : ", ") + std::to_string(u.year) + " " + u.figure;
    return out;
}

std::string outlookSourcesText(const OutlookResult& r)
{
    std::ostringstream out;
    for (size_t i = 0; i < r.sources.size(); ++i) {
        const OutlookSource& s = r.sources[i];
        out << "[" << i << "] " << s.title << "\n";
        if (!s.publisher.empty() || !s.date.empty())
            out << "    " << s.publisher << (s.publisher.empty() || s.date.empty() ? "" : ", ") << s.date << "\n";
        if (!s.url.empty())
            out << "    " << s.url << "\n";
        if (!s.note.empty())
            out << "    figure taken: " << s.note << "\n";
        const std::string uses = i < r.sourceUses.size() ? outlookSourceUsesText(r.sourceUses[i]) : "";
        out << "    cited for: " << (uses.empty() ? "-" : uses) << "\n";
    }
    return out.str();
}

std::string outlookDecompositionText(const OutlookDecomposition& d)
{
    std::ostringstream out;
    out << "What made each tier grow from " << d.firstYear << " to " << d.lastYear
        << " (a Shapley split of ln(needed bytes) over the driver groups; the factors multiply to the index):\n";
    for (Tier t : kTiers) {
        out << "  " << tierLabel(t) << ": index " << formatSignificant(d.index[t], 4);
        if (!d.missing[t].empty()) {
            out << " (no split: " << d.missing[t] << ")\n";
            continue;
        }
        out << " =";
        for (int g = 0; g < kOutlookGroupCount; ++g)
            out << (g ? " ×" : "") << " " << outlookGroupKey(OutlookGroup(g)) << " "
                << formatSignificant(d.factor[size_t(g)][t], 4);
        out << "\n";
    }
    for (const OutlookDecomposition::Relaxed& r : d.relaxed)
        out << "  (" << relaxedGroups(r.groups) << " from " << d.lastYear << ", the rest from " << d.firstYear << ": "
            << (r.onLastHardware ? "the first year's hardware cannot serve it; sized on the last year's"
                                 : "no replica meets the targets")
            << (r.factor > 1 ? ", with the targets ×" + formatSignificant(r.factor, 4) : std::string()) << ")\n";
    out << outlookThesis(d) << "\n";
    return out.str();
}

Json outlookDecompositionJson(const OutlookDecomposition& d)
{
    Json tiers = Json::object();
    for (Tier t : kTiers) {
        Json groups = Json::object();
        for (int g = 0; g < kOutlookGroupCount; ++g)
            groups[outlookGroupKey(OutlookGroup(g))] = numberToJson(d.factor[size_t(g)][t]);
        tiers[tierKey(t)] = std::move(groups);
    }
    Json changed = Json::array();
    for (int g = 0; g < kOutlookGroupCount; ++g)
        if (d.changed[size_t(g)])
            changed.push_back(outlookGroupKey(OutlookGroup(g)));
    Json relaxed = Json::array();
    for (const OutlookDecomposition::Relaxed& r : d.relaxed)
        relaxed.push_back({ { "from_last_year", relaxedGroups(r.groups) }, { "targets_times", r.factor },
            { "on_last_year_hardware", r.onLastHardware } });
    return { { "first_year", d.firstYear }, { "last_year", d.lastYear }, { "index", perTierJson(d.index) },
        { "factors", tiers }, { "changed", changed }, { "coalitions", d.coalitions }, { "relaxed", relaxed },
        { "thesis", outlookThesis(d) } };
}

const char* supplyOriginKey(SupplyOrigin origin)
{
    switch (origin) {
    case SupplyOrigin::Card:
        return "card";
    case SupplyOrigin::Builtin:
        return "built-in";
    case SupplyOrigin::BuiltinAssumption:
        return "built-in, assumption";
    case SupplyOrigin::None:
        break;
    }
    return "";
}

static Json outlookSupplyJson(const OutlookResult& r)
{
    const BitSupply& b = builtinBitSupply();
    Json life = Json::object();
    for (Tier t : kTiers)
        life[tierKey(t)] = r.serviceLifeYears[t];
    return { { "note", std::string("need and shipments as shares of each year's bit supply: ") + kSupplyShareCaveat },
        { "shipments", "max(0, B_t - B_t-1) + B_t-1 / L, B the installed bytes, L the service life in years" },
        { "service_life_years", life }, { "service_life_source", b.serviceLifeSource }, { "series", b.id },
        { "series_sources", sourcesToJson(b.sources) } };
}

/// Per year, workload and tier: its traffic over every profile and model, its needed bytes
/// and their intensity; "all" is the year's whole.
static void workloadsCsv(std::ostream& out, const OutlookResult& r)
{
    out << "\n# by year, workload and tier: tokens per day = requests x context (prompt + output); intensity = "
           "needed bytes per million tokens a day\n"
           "year,workload,tier,share_of_requests,requests_per_day,tokens_per_day,needed_bytes,"
           "bytes_per_million_tokens_per_day\n";
    const auto number = [](double v) { return std::isfinite(v) ? csvNumber(v) : std::string(); };
    for (const auto& y : r.years) {
        const OutlookTiers needed { y.hbmBytes, y.dramBytes, y.ssdBytes };
        for (Tier t : kTiers) {
            for (const OutlookWorkloadYear& w : y.workloads)
                out << y.year << ',' << csvText(w.workload) << ',' << tierKey(t) << ',' << number(w.share) << ','
                    << number(w.requestsPerDay) << ',' << number(w.tokensPerDay) << ',' << number(w.bytes[t]) << ','
                    << number(w.intensity[t]) << '\n';
            out << y.year << ",all," << tierKey(t) << ",1," << number(y.requestsPerSecond * 86400.0) << ','
                << number(y.tokensPerDay) << ',' << number(needed[t]) << ',' << number(y.intensity[t]) << '\n';
        }
    }
}

Json outlookToJson(const OutlookResult& r, const OutlookTornado* tornado, const OutlookDecomposition* decomposition)
{
    Json years = Json::array();
    for (const auto& y : r.years)
        years.push_back(yearJson(y));
    Json j = { { "id", r.id }, { "name", r.name }, { "status", r.status }, { "note", kScenarioNote },
        { "units", kUnitsNote }, { "sources", sourcesJson(r) }, { "supply", outlookSupplyJson(r) },
        { "warnings", r.warnings }, { "years", years } };
    if (tornado)
        j["tornado"] = tornadoJson(*tornado);
    if (decomposition)
        j["decomposition"] = outlookDecompositionJson(*decomposition);
    return j;
}

namespace {

/// Provisioned against needed per year, hardware profile (and its system) and tier.
void provisionsCsv(std::ostream& out, const OutlookResult& r)
{
    out << "\n# provisioned against needed by year, hardware profile and tier: provisioned = the profile's servers x "
           "what its system ships per GPU (no system: its hardware card's server); ssd includes context-memory flash\n"
           "year,hardware,system,tier,servers,provisioned_bytes,needed_bytes,provisioned_over_needed,"
           "context_flash_bytes\n";
    for (const auto& y : r.years)
        for (const OutlookProvision& p : y.provisions)
            for (Tier t : kTiers)
                out << y.year << ',' << csvText(p.hardware) << ',' << csvText(p.system) << ',' << tierKey(t) << ','
                    << csvNumber(p.servers) << ',' << csvNumber(p.bytes[t]) << ',' << csvNumber(p.needed[t]) << ','
                    << (p.needed[t] > 0 ? csvNumber(p.bytes[t] / p.needed[t]) : "") << ','
                    << csvNumber(t == Tier::Ssd ? p.contextFlashBytes : 0) << '\n';
}

/// HBM per year and memory generation, in the supply unit asked for.
void generationsCsv(std::ostream& out, const OutlookResult& r, SupplyUnit unit)
{
    const bool gb = unit == SupplyUnit::Gigabits;
    const std::string u = gb ? "gb" : "bytes";
    const auto amount = [&](double bytes) { return csvNumber(gb ? bytesToGigabits(bytes) : bytes); };
    out << "\n# HBM by year and memory generation (the hardware cards' hbm_generation); shipments from each "
           "generation's own installed base\n"
        << "year,generation,gpus,hbm_installed_" << u << ",hbm_needed_" << u << ",shipments_" << u << "\n";
    for (const auto& y : r.years)
        for (const OutlookGenerationShare& g : y.generations)
            out << y.year << ',' << csvText(g.generation) << ',' << csvNumber(g.gpus) << ','
                << amount(g.hbmInstalledBytes) << ',' << amount(g.hbmBytes) << ','
                << (g.shipments ? amount(*g.shipments) : std::string()) << '\n';
}

} // namespace

std::string outlookCsv(const OutlookResult& r, SupplyUnit unit)
{
    std::ostringstream out;
    out << "# outlook " << r.id << ": " << r.name << "\n# " << kScenarioNote << "\n# units: " << kUnitsNote << "\n";
    for (size_t i = 0; i < r.sources.size(); ++i)
        out << "# source [" << i << "]: " << r.sources[i].title
            << (r.sources[i].url.empty() ? "" : " <" + r.sources[i].url + ">") << "\n";
    for (const std::string& w : r.warnings)
        out << "# warning: " << w << "\n";
    out << "year,tokens_per_day,requests_per_s,gpus,servers,hbm_installed_bytes,hbm_bytes,dram_installed_bytes,"
           "dram_bytes,nvme_installed_bytes,ssd_bytes,index_hbm,index_dram,index_ssd,index_tokens,"
           "growth_ratio_hbm,growth_ratio_dram,growth_ratio_ssd\n";
    auto tiers = [&](const std::optional<OutlookTiers>& t) {
        for (Tier tier : kTiers)
            out << ',' << (t && std::isfinite((*t)[tier]) ? csvNumber((*t)[tier]) : "");
    };
    for (const auto& y : r.years) {
        out << y.year << ',' << csvNumber(y.tokensPerDay) << ',' << csvNumber(y.requestsPerSecond) << ','
            << csvNumber(y.gpus) << ',' << csvNumber(y.servers) << ',' << csvNumber(y.hbmInstalledBytes) << ','
            << csvNumber(y.hbmBytes) << ',' << csvNumber(y.dramInstalledBytes) << ',' << csvNumber(y.dramBytes) << ','
            << csvNumber(y.nvmeInstalledBytes) << ',' << csvNumber(y.ssdBytes);
        tiers(y.index);
        out << ',' << csvNumber(y.tokensIndex);
        tiers(y.growthRatio);
        out << '\n';
    }
    // The same years split: one row per year, hardware profile, workload (and the model
    // serving it: a workload moved to its variants has a row per model) and tier.
    out << "\n# by year, hardware profile, workload and tier: each workload's part of the needed bytes\n"
           "year,hardware,workload,model,tier,share_of_requests,requests_per_s,replicas,gpus,needed_bytes\n";
    for (const auto& y : r.years)
        for (const FleetResult& f : y.fleets)
            for (const FleetEntryResult& e : f.entries)
                for (Tier t : kTiers)
                    out << y.year << ',' << csvText(e.scenario.hardware.id) << ',' << csvText(e.label) << ','
                        << csvText(e.scenario.model.id) << ',' << tierKey(t) << ','
                        << csvNumber(y.requestsPerSecond > 0 ? e.requestsPerSecond / y.requestsPerSecond : 0) << ','
                        << csvNumber(e.requestsPerSecond) << ',' << csvNumber(e.replicas) << ',' << csvNumber(e.gpus)
                        << ',' << csvNumber(e.bytes[t]) << '\n';
    // Stock and flow per year and tier, in the unit asked for.
    const bool gb = unit == SupplyUnit::Gigabits;
    const std::string u = gb ? "gb" : "bytes";
    const auto amount = [&](double bytes) {
        return std::isfinite(bytes) ? csvNumber(gb ? bytesToGigabits(bytes) : bytes) : std::string();
    };
    out << "\n# supply, stock and flow: need and shipments as shares of each year's bit supply (" << kSupplyShareCaveat
        << "); shipments = max(0, B_t - B_t-1) + B_t-1 / L\n"
        << "year,tier,installed_" << u << ",shipments_" << u << ",supply_" << u
        << ",supply_from,need_share,shipments_share\n";
    for (const auto& y : r.years)
        for (Tier t : kTiers) {
            const OutlookYearSupply& s = y.supply;
            out << y.year << ',' << tierKey(t) << ',' << amount(s.installed[t]) << ','
                << amount(s.shipments ? (*s.shipments)[t] : kNaNReport) << ',' << amount(s.supply[t]) << ','
                << csvText(supplyOriginKey(s.origin[t])) << ','
                << (std::isfinite(s.needShare[t]) ? csvNumber(s.needShare[t]) : "") << ','
                << (std::isfinite(s.shipmentShare[t]) ? csvNumber(s.shipmentShare[t]) : "") << '\n';
        }
    workloadsCsv(out, r);
    // GPUs and HBM per year and accelerator vendor (the hardware cards' `vendor`).
    out << "\n# by year and accelerator vendor: GPUs (accelerators) and HBM in bytes, installed and needed\n"
           "year,vendor,gpus,hbm_installed_bytes,hbm_bytes\n";
    for (const auto& y : r.years)
        for (const OutlookVendorShare& v : y.vendors)
            out << y.year << ',' << csvText(v.vendor) << ',' << csvNumber(v.gpus) << ','
                << csvNumber(v.hbmInstalledBytes) << ',' << csvNumber(v.hbmBytes) << '\n';
    provisionsCsv(out, r);
    generationsCsv(out, r, unit);
    return out.str();
}

} // namespace kvtiers
