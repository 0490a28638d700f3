#pragma once
// OutlookDemand: a year driven by demand (OutlookYear::drivenByDemand) resolved to tokens per
// day and shares, as the sizing, the tornado and the decomposition read it (docs/model.md,
// "Driven by demand").

#include "core/cards/OutlookCard.h"
#include "core/catalog/CardCatalog.h"

namespace kvtiers {

/// A year driven by demand with its tokens per day resolved: Σ each workload's requests a day ×
/// its context (prompt and output) after the year's overrides, and each share its part of the
/// requests. A year driven by tokens comes back as it is. Throws InputError for an unknown
/// workload or model (validateOutlook names them first).
OutlookYear resolveOutlookDemand(const CardCatalog& catalog, const OutlookYear& year);
/// The year in tokens and shares only: resolved, its demand dropped. The tornado and the
/// decomposition move drivers in this view (tokens per day held while a context moves).
OutlookYear outlookTokenView(const CardCatalog& catalog, const OutlookYear& year);
/// Every year of the card in that view.
OutlookCard outlookTokenView(const CardCatalog& catalog, const OutlookCard& card);

} // namespace kvtiers
