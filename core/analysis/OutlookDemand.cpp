// A year driven by demand (OutlookYear::drivenByDemand): each workload's requests a day, or
// sessions a day × requests per session, set its share of requests; its tokens a day are
// Σ requests × the workload's context (prompt and output) after the year's overrides.
#include "core/analysis/OutlookDemand.h"

#include "core/analysis/Outlook.h"
#include "core/catalog/ScenarioSpec.h"

namespace kvtiers {

OutlookYear resolveOutlookDemand(const CardCatalog& catalog, const OutlookYear& year)
{
    if (!year.drivenByDemand())
        return year;
    OutlookYear out = year;
    double requests = 0, tokens = 0;
    for (const OutlookMixEntry& e : year.mix) {
        const double perDay = e.demandRequestsPerDay();
        requests += perDay;
        tokens += perDay * resolveScenario(catalog, outlookEntrySpec(year, e.workload)).scenario.workload.context;
    }
    for (OutlookMixEntry& e : out.mix)
        e.share = e.demandRequestsPerDay() / requests;
    out.tokensPerDay = tokens;
    return out;
}

OutlookYear outlookTokenView(const CardCatalog& catalog, const OutlookYear& year)
{
    OutlookYear out = resolveOutlookDemand(catalog, year);
    for (OutlookMixEntry& e : out.mix) {
        e.requestsPerDay.reset();
        e.sessionsPerDay.reset();
        e.requestsPerSession.reset();
    }
    return out;
}

OutlookCard outlookTokenView(const CardCatalog& catalog, const OutlookCard& card)
{
    OutlookCard out = card;
    for (OutlookYear& y : out.years)
        if (y.drivenByDemand())
            y = outlookTokenView(catalog, y);
    return out;
}

} // namespace kvtiers
