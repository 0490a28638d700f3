#pragma once
// OutlookReport: an outlook written out: `kvtiers outlook --json` and `--csv`, with the
// driver tornado when given.
#include "core/analysis/Outlook.h"
#include "core/io/Json.h"

#include <string>

namespace kvtiers {

Json outlookToJson(const OutlookResult& result, const OutlookTornado* tornado = nullptr);
/// One row per year: year, tokens_per_day, requests_per_s, gpus, servers, the installed and
/// needed bytes, index_{hbm,dram,ssd,tokens}, elasticity_{hbm,dram,ssd}, supply_share_{hbm,dram,ssd}.
std::string outlookCsv(const OutlookResult& result);

} // namespace kvtiers
