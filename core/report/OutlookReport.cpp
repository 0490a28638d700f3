#include "core/report/OutlookReport.h"

#include "core/io/Csv.h"
#include "core/report/FleetReport.h"
#include "core/report/ResultJson.h"

namespace kvtiers {

namespace {

/// {"hbm": .., "dram": .., "ssd": ..}, NaN as null.
Json perTierJson(const OutlookTiers& t)
{
    return tiersJson(t, [](double v) { return numberToJson(v); });
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
    Json index = perTierJson(y.index);
    index["tokens"] = numberToJson(y.tokensIndex);
    j["index"] = index;
    j["elasticity"] = y.elasticity ? perTierJson(*y.elasticity) : Json(nullptr);
    if (y.supplyShare)
        j["supply_share"] = perTierJson(*y.supplyShare);
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
            { "high_delta_bytes", perTierJson(b.highDelta) } };
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
        tiers(y.elasticity);
        tiers(y.supplyShare);
        out << '\n';
    }
    return out.str();
}

} // namespace kvtiers
