// The last year's driver tornado (Outlook.h): each driver moved low and high, the others
// held, the year re-sized. Knob drivers move as the sensitivity engine moves them
// (movedValue, withVariable: the knob table's sweep and clamps).
#include "core/analysis/Outlook.h"
#include "core/analysis/OutlookDemand.h"
#include "core/cards/KvFormat.h"
#include "core/io/InputError.h"
#include "core/io/Units.h"
#include "core/scenario/Knobs.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <map>

namespace kvtiers {

std::vector<std::vector<std::string>> outlookHardwareLadder(const CardCatalog& catalog)
{
    // Each line's cards by their order; a map keeps the lines sorted by name.
    std::map<std::string, std::map<int, const HardwareCard*>> lines;
    for (const auto& [id, card] : catalog.hardware()) {
        if (!card.generation)
            continue;
        const auto [at, added] = lines[card.generation->line].emplace(card.generation->order, &card);
        if (!added)
            throw InputError("hardware cards " + at->second->id + " and " + id + ": generation.order "
                + std::to_string(card.generation->order) + " twice in line " + card.generation->line
                + ": each card of a line takes its own place");
    }
    std::vector<std::vector<std::string>> ladder;
    for (const auto& [line, cards] : lines) {
        ladder.emplace_back();
        for (const auto& [order, card] : cards)
            ladder.back().push_back(card->id);
    }
    return ladder;
}

bool isMlaOrHybrid(const ModelCard& model)
{
    bool reduced = false;
    for (const auto& g : model.groups)
        reduced = reduced || g.kind != LayerKind::Full;
    return reduced;
}

double OutlookTornadoBar::effect(Tier tier) const
{
    double e = 0;
    if (lowFeasible)
        e = std::max(e, std::abs(lowDelta[tier]));
    if (highFeasible)
        e = std::max(e, std::abs(highDelta[tier]));
    return e;
}

std::vector<OutlookTornadoBar> OutlookTornado::sortedFor(Tier tier) const
{
    std::vector<OutlookTornadoBar> sorted = bars;
    std::stable_sort(sorted.begin(), sorted.end(),
        [tier](const OutlookTornadoBar& a, const OutlookTornadoBar& b) { return a.effect(tier) > b.effect(tier); });
    return sorted;
}

namespace {

/// One end of a bar: the year as moved, and its value and text.
struct End {
    OutlookYear year;
    double value = 0;
    std::string text;
};

/// The base year's resolved scenario of each mix entry (first profile), by workload id.
const Scenario& scenarioOf(const OutlookYearResult& base, const std::string& workload)
{
    for (const auto& e : base.fleets.front().entries)
        if (e.label == workload)
            return e.scenario;
    throw InputError("outlook: no sized workload " + workload);
}

/// Writes a knob's value, as `moved` holds it, into a workload's overrides.
void setKnob(OutlookYear& y, const std::string& workload, const Scenario& moved, KnobId id)
{
    Json& o = y.workloads[workload];
    if (!o.is_object())
        o = Json::object();
    const Knob& k = knob(id);
    if (id == KnobId::KvBits) {
        // kv_bits replaces a kv_dtype (the two may not be given together); the scale stays.
        const KvFormat f = moved.kvFormat();
        o.erase(knobKey(KnobId::KvDtype));
        o[k.key] = f.bits;
        if (f.scaleBits > 0)
            o[knobKey(KnobId::KvScaleBits)] = f.scaleBits;
        else
            o.erase(knobKey(KnobId::KvScaleBits));
        return;
    }
    const double v = variableValue(moved, id);
    const bool whole = k.value == KnobValue::Tokens || k.value == KnobValue::Count;
    o[k.key] = whole ? Json(static_cast<std::int64_t>(std::llround(v))) : Json(v);
}

/// Every workload's (or one workload's) knob moved by the sensitivity engine's rule.
End knobEnd(const OutlookYear& year, const OutlookYearResult& base, KnobId id, const std::string& only, double range,
    int direction)
{
    End end { year, 0, {} };
    double weighted = 0;
    for (const auto& m : year.mix) {
        if (!only.empty() && m.workload != only)
            continue;
        const Scenario& s = scenarioOf(base, m.workload);
        const Scenario moved = withVariable(s, id, movedValue(knob(id), variableValue(s, id), range, direction));
        setKnob(end.year, m.workload, moved, id);
        weighted += (only.empty() ? m.share : 1.0) * variableValue(moved, id);
    }
    end.value = weighted;
    // A rate (hit rate, offload rate) in percent; a context or a format as its number.
    end.text = knob(id).value == KnobValue::Fraction ? outlookPercentText(weighted) : formatSignificant(weighted, 4);
    return end;
}

double knobBase(const OutlookYear& year, const OutlookYearResult& base, KnobId id, const std::string& only)
{
    double weighted = 0;
    for (const auto& m : year.mix)
        if (only.empty() || m.workload == only)
            weighted += (only.empty() ? m.share : 1.0) * variableValue(scenarioOf(base, m.workload), id);
    return weighted;
}

/// The mix with the entries `moved` says scaled so they hold `target` of the requests
/// together, the others scaled to keep the sum at 1. Their current share is `current`.
void rescaleShares(
    OutlookYear& y, const std::function<bool(const OutlookMixEntry&)>& moved, double current, double target)
{
    target = std::clamp(target, 0.0, 1.0);
    for (auto& m : y.mix) {
        if (moved(m))
            m.share = current > 0 ? m.share * target / current : 0;
        else
            m.share = current < 1 ? m.share * (1 - target) / (1 - current) : 0;
    }
    double sum = 0;
    for (const auto& m : y.mix)
        sum += m.share;
    if (sum > 0)
        for (auto& m : y.mix)
            m.share /= sum; // exact to the card's tolerance
}

End shareEnd(
    const OutlookYear& year, const std::function<bool(const OutlookMixEntry&)>& moved, double range, int direction)
{
    double current = 0;
    for (const auto& m : year.mix)
        current += moved(m) ? m.share : 0;
    End end { year, 0, {} };
    const double target = std::clamp(current * (1 + direction * range), 0.0, 1.0);
    if (current > 0 && current < 1)
        rescaleShares(end.year, moved, current, target);
    end.value = current > 0 && current < 1 ? target : current;
    end.text = outlookPercentText(end.value);
    return end;
}

End hardwareEnd(const OutlookYear& year, const std::vector<std::vector<std::string>>& ladder, int direction)
{
    End end { year, double(direction), {} };
    for (auto& h : end.year.hardware) {
        for (const auto& line : ladder) {
            const auto it = std::find(line.begin(), line.end(), h.hardware);
            if (it == line.end())
                continue;
            const auto at = it - line.begin() + direction;
            if (at >= 0 && at < std::ptrdiff_t(line.size()))
                h.hardware = line[size_t(at)];
        }
        end.text += (end.text.empty() ? "" : ", ") + h.hardware;
    }
    return end;
}

/// Every workload's TTFT target in effect (its own, its card's or the year's) moved.
End ttftEnd(const OutlookYear& year, const OutlookYearResult& base, double range, int direction)
{
    End end { year, year.targets.ttft() * (1 + direction * range), {} };
    end.year.targets.ttftSeconds = end.value;
    for (auto& m : end.year.mix)
        for (const auto& e : base.fleets.front().entries)
            if (e.label == m.workload)
                m.targets.ttftSeconds = e.targets.ttft() * (1 + direction * range);
    end.text = formatSeconds(end.value);
    return end;
}

/// The requests on MLA or hybrid models: `native` on a model that is one, `swappable` on a
/// model with variants (the card's), of which the year's variant shares are moved.
struct MlaPool {
    double native = 0, swappable = 0;
    double share(const OutlookYear& y) const { return native + swappable * (y.mlaVariantShare + y.hybridVariantShare); }
};

MlaPool mlaPool(
    const CardCatalog& catalog, const OutlookYear& y, const OutlookYearResult& base, const OutlookVariants& variants)
{
    MlaPool pool;
    for (const auto& m : y.mix) {
        if (isMlaOrHybrid(scenarioOf(base, m.workload).model)) // the first entry: the model's own
            pool.native += m.share;
        else if (variants.contains(outlookEntryModel(catalog, y, m.workload)))
            pool.swappable += m.share;
    }
    return pool;
}

/// The MLA/hybrid share moved by swapping models for their variants, in proportion (MLA and
/// hybrid keep their ratio; half each where neither has a share yet), never by moving a
/// workload's share of requests: the mix stays as the year gives it.
End mlaEnd(const OutlookYear& year, const MlaPool& pool, double range, int direction)
{
    End end { year, pool.share(year), {} };
    if (pool.swappable > 0) {
        const double target
            = std::clamp(end.value * (1 + direction * range), pool.native, pool.native + pool.swappable);
        const double moved = (target - pool.native) / pool.swappable;
        const double was = year.mlaVariantShare + year.hybridVariantShare;
        const double mlaPart = was > 0 ? year.mlaVariantShare / was : 0.5;
        end.year.mlaVariantShare = moved * mlaPart;
        end.year.hybridVariantShare = moved * (1 - mlaPart);
        end.value = pool.share(end.year);
    }
    end.text = outlookPercentText(end.value);
    return end;
}

/// A workload's card name up to its colon ("Multi-turn chat: Llama 3.1 8B on …" gives
/// "Multi-turn chat"), as the Outlook table heads its column; its id when the card has
/// no name. The whole name would push a tornado row past its column.
std::string workloadName(const CardCatalog& catalog, const std::string& id)
{
    std::string name;
    if (const auto it = catalog.workloads().find(id); it != catalog.workloads().end())
        name = it->second.name;
    else
        name = catalog.resolveWorkload(id).name; // a card file: validated when the year was sized
    name = name.substr(0, name.find(':'));
    return name.empty() ? id : name;
}

struct Driver {
    OutlookDriver driver;
    std::string workload, workloadName;
    double baseValue;
    std::function<End(int direction)> end;
};

std::vector<Driver> drivers(const CardCatalog& catalog, const OutlookYear& y, const OutlookYearResult& base, double r,
    const OutlookVariants& variants)
{
    std::vector<Driver> d;
    d.push_back({ OutlookDriver::Tokens, "", "", y.tokensPerDay, [&y, r](int dir) {
                     End e { y, y.tokensPerDay * (1 + dir * r), {} };
                     e.year.tokensPerDay = e.value;
                     e.text = outlookTokensText(e.value); // "1,050 trillion/day", not sixteen digits
                     return e;
                 } });
    std::map<std::string, std::string> names;
    for (const auto& m : y.mix)
        names[m.workload] = workloadName(catalog, m.workload);
    for (const auto& m : y.mix)
        d.push_back(
            { OutlookDriver::Context, m.workload, names[m.workload], knobBase(y, base, KnobId::Context, m.workload),
                [&y, &base, r, w = m.workload](int dir) { return knobEnd(y, base, KnobId::Context, w, r, dir); } });
    for (const auto& m : y.mix)
        d.push_back(
            { OutlookDriver::MixShare, m.workload, names[m.workload], m.share, [&y, r, w = m.workload](int dir) {
                 return shareEnd(
                     y, [w](const OutlookMixEntry& e) { return e.workload == w; }, r, dir);
             } });
    d.push_back({ OutlookDriver::KvBits, "", "", knobBase(y, base, KnobId::KvBits, ""),
        [&y, &base, r](int dir) { return knobEnd(y, base, KnobId::KvBits, "", r, dir); } });
    const MlaPool pool = mlaPool(catalog, y, base, variants);
    d.push_back(
        { OutlookDriver::MlaShare, "", "", pool.share(y), [&y, r, pool](int dir) { return mlaEnd(y, pool, r, dir); } });
    d.push_back({ OutlookDriver::Reuse, "", "", knobBase(y, base, KnobId::ReuseRate, ""),
        [&y, &base, r](int dir) { return knobEnd(y, base, KnobId::ReuseRate, "", r, dir); } });
    d.push_back({ OutlookDriver::HardwareGeneration, "", "", 0,
        [&y, ladder = outlookHardwareLadder(catalog)](int dir) { return hardwareEnd(y, ladder, dir); } });
    d.push_back({ OutlookDriver::TtftTarget, "", "", y.targets.ttft(),
        [&y, &base, r](int dir) { return ttftEnd(y, base, r, dir); } });
    d.push_back({ OutlookDriver::OffloadRate, "", "", knobBase(y, base, KnobId::OffloadRate, ""),
        [&y, &base, r](int dir) { return knobEnd(y, base, KnobId::OffloadRate, "", r, dir); } });
    return d;
}

OutlookTiers needed(const OutlookYearResult& r)
{
    return { r.hbmBytes, r.dramBytes, r.ssdBytes };
}

OutlookTiers minus(const OutlookTiers& a, const OutlookTiers& b)
{
    OutlookTiers d;
    for (Tier t : kTiers)
        d[t] = a[t] - b[t];
    return d;
}

/// Sizes one end; an end that cannot be sized keeps its message.
void sizeEnd(const CardCatalog& catalog, FleetSizingMemo& memo, const OutlookVariants& variants, const End& end,
    const OutlookTiers& base, OutlookTiers& bytes, OutlookTiers& delta, bool& feasible, std::string& error)
{
    try {
        bytes = needed(sizeOutlookYear(catalog, end.year, &memo, variants));
        delta = minus(bytes, base);
    } catch (const InputError& e) {
        feasible = false;
        error = e.what();
    }
}

/// ln(high ÷ low bytes) / ln(high ÷ low value); NaN where it is not defined.
double partialElasticity(const OutlookTornadoBar& bar, Tier t)
{
    const bool numeric = bar.driver != OutlookDriver::HardwareGeneration;
    if (!numeric || !bar.lowFeasible || !bar.highFeasible || !(bar.low[t] > 0) || !(bar.high[t] > 0)
        || !(bar.lowValue > 0) || !(bar.highValue > 0) || bar.lowValue == bar.highValue)
        return std::numeric_limits<double>::quiet_NaN();
    return std::log(bar.high[t] / bar.low[t]) / std::log(bar.highValue / bar.lowValue);
}

} // namespace

OutlookTornado outlookTornado(const CardCatalog& catalog, const OutlookCard& given, double relativeRange)
{
    validateOutlook(catalog, given);
    // Drivers move in tokens and shares: a year driven by demand is resolved to them first.
    const OutlookCard card = outlookTokenView(catalog, given);
    const OutlookYear& year = card.years.back();
    OutlookYearResult base;
    FleetSizingMemo memo(catalog);
    try {
        base = sizeOutlookYear(catalog, year, &memo, card.variants);
    } catch (const InputError& e) {
        throw InputError((card.origin.empty() ? "outlook " + card.id : card.origin) + ": years["
            + std::to_string(card.years.size() - 1) + "] (" + std::to_string(year.year) + "): " + e.what());
    }
    OutlookTornado out;
    out.year = year.year;
    out.relativeRange = relativeRange;
    out.base = needed(base);
    for (const Driver& d : drivers(catalog, year, base, relativeRange, card.variants)) {
        OutlookTornadoBar bar;
        bar.driver = d.driver;
        bar.workload = d.workload;
        bar.workloadName = d.workloadName;
        bar.key = outlookDriverKey(d.driver, d.workload);
        bar.label = outlookDriverLabel(d.driver, d.workloadName);
        bar.baseValue = d.baseValue;
        const End low = d.end(-1), high = d.end(+1);
        bar.lowValue = low.value;
        bar.highValue = high.value;
        bar.lowText = low.text;
        bar.highText = high.text;
        sizeEnd(catalog, memo, card.variants, low, out.base, bar.low, bar.lowDelta, bar.lowFeasible, bar.lowError);
        sizeEnd(catalog, memo, card.variants, high, out.base, bar.high, bar.highDelta, bar.highFeasible, bar.highError);
        for (Tier t : kTiers)
            bar.elasticity[t] = partialElasticity(bar, t);
        out.bars.push_back(std::move(bar));
    }
    return out;
}

} // namespace kvtiers
