#pragma once
// OutlookReport: an outlook written out: `kvtiers outlook --json` and `--csv`, with the
// driver tornado when given.
#include "core/analysis/Outlook.h"
#include "core/io/Json.h"

#include <string>

namespace kvtiers {

/// The result as JSON: its name, "a scenario, not a forecast", the units, the sources (each
/// with the figures it gives), the years; the tornado and the decomposition when given.
Json outlookToJson(const OutlookResult& result, const OutlookTornado* tornado = nullptr,
    const OutlookDecomposition* decomposition = nullptr);
/// Comment lines ("# ") naming the outlook, "a scenario, not a forecast", the units and the
/// sources; then one row per year: year, tokens_per_day, requests_per_s, gpus, servers, the
/// installed and needed bytes, index_{hbm,dram,ssd,tokens}, growth_ratio_{hbm,dram,ssd},
/// then, after a "# by year" line, one row per year × hardware profile × workload (and
/// model) × tier with its requests and needed bytes; then, after a "# supply" line, one row
/// per year × tier of stock and flow (installed, shipments, supply in `unit`, where the
/// supply comes from, need and shipments as shares of it); then, after a "# by year, workload"
/// line, one row per year × workload (and "all") × tier: share of requests, requests and tokens
/// per day, needed bytes and bytes per million tokens a day.
std::string outlookCsv(const OutlookResult& result, SupplyUnit unit = SupplyUnit::Bytes);
/// "card", "built-in", "built-in, assumption" or "" (no supply).
const char* supplyOriginKey(SupplyOrigin origin);
/// The sources, numbered from 0 as the card's year fields cite them: "[0] title", then the
/// publisher and date, the link, the figure taken and the figures citing it, each indented.
std::string outlookSourcesText(const OutlookResult& result);
/// One source's figures, as the tab and the text say them: "2026 tokens_per_day, 2027 mix".
std::string outlookSourceUsesText(const std::vector<OutlookSourceUse>& uses);
/// The decomposition as the CLI prints it: per tier, the index and each group's factor.
std::string outlookDecompositionText(const OutlookDecomposition& decomposition);
/// The decomposition as JSON: tier → group → factor, with the index and the thesis.
Json outlookDecompositionJson(const OutlookDecomposition& decomposition);

} // namespace kvtiers
