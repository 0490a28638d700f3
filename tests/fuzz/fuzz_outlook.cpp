// Fuzzes outlook cards: strict JSON, the outlook schema (years, shares, targets, sources),
// the round trip through outlookCardToJson, then checking it against the built-in cards
// and sizing its years (small cards only, ids only: a card naming a file is not followed).
#include "core/analysis/Outlook.h"
#include "tests/fuzz/FuzzSupport.h"

using namespace kvtiers;

namespace {

bool namesAFile(const std::string& id)
{
    return id.find('/') != std::string::npos || id.ends_with(".json");
}

bool smallAndByIds(const OutlookCard& card)
{
    if (card.years.size() > 3)
        return false;
    for (const auto& y : card.years) {
        if (y.mix.size() > 3 || y.hardware.size() > 2)
            return false;
        for (const auto& m : y.mix)
            if (namesAFile(m.workload))
                return false;
        for (const auto& h : y.hardware)
            if (namesAFile(h.hardware))
                return false;
        for (const auto& [id, o] : y.workloads)
            if (o.contains("model") || o.contains("restore_path"))
                return false; // may name a file
    }
    return true;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    try {
        const OutlookCard card = loadOutlookCard(fuzz::text(data, size), "fuzz.json");
        (void)parseOutlookCard(outlookCardToJson(card), "roundtrip");
        if (smallAndByIds(card))
            (void)computeOutlook(CardCatalog::builtin(), card);
    } catch (const InputError&) {
    }
    return 0;
}
