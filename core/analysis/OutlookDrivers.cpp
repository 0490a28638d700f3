#include "core/analysis/OutlookDrivers.h"

#include "core/analysis/Outlook.h"
#include "core/catalog/ScenarioSpec.h"
#include "core/io/InputError.h"
#include "core/io/Units.h"
#include "core/scenario/Knobs.h"

#include <algorithm>
#include <regex>

namespace kvtiers {

namespace {

/// What an edit of a year's drivers says when it is refused as a whole (not a value out of range).
constexpr MessageContext say { "OutlookDrivers" };

/// The knob behind a knob field; nullptr for the model and the targets.
const Knob* fieldKnob(OutlookWorkloadField field)
{
    switch (field) {
    case OutlookWorkloadField::Context:
        return &knob(KnobId::Context);
    case OutlookWorkloadField::OutputTokens:
        return &knob(KnobId::OutputTokens);
    case OutlookWorkloadField::Reuse:
        return &knob(KnobId::ReuseRate);
    case OutlookWorkloadField::KvFormat:
        return &knob(KnobId::KvBits);
    default:
        return nullptr;
    }
}

/// The override keys that set a field: the KV format is set by its bits or its dtype name.
std::vector<std::string> overrideKeys(OutlookWorkloadField field)
{
    if (field == OutlookWorkloadField::KvFormat)
        return { knobKey(KnobId::KvBits), knobKey(KnobId::KvDtype) };
    // The model, and how it is served: a layout set for one model goes with it.
    if (field == OutlookWorkloadField::Model) {
        std::vector<std::string> keys { outlookWorkloadFieldKey(field) };
        for (KnobId id : { KnobId::Tp, KnobId::Dp, KnobId::Ep, KnobId::Nodes, KnobId::RedundantExperts,
                 KnobId::EpOverlap, KnobId::SpecTokens, KnobId::SpecAcceptance })
            keys.push_back(knobKey(id));
        return keys;
    }
    return { outlookWorkloadFieldKey(field) };
}

/// A knob's range as an option (core/io/Options.h), so a range error is coded the way the
/// year's drivers' are and names the field's key.
OptionSpec knobRange(const Knob& k)
{
    const OptionKind kind = k.value == KnobValue::Tokens ? OptionKind::Tokens
        : k.value == KnobValue::Fraction                 ? OptionKind::Share
                                                         : OptionKind::Number;
    return { .key = k.key, .flag = nullptr, .kind = kind, .min = k.min, .max = k.max, .unit = k.unit };
}

const OptionSpec& yearOption(const char* key)
{
    return *findOption(outlookYearOptions(), key);
}

OutlookDriverOrigin originOf(TargetSource source)
{
    switch (source) {
    case TargetSource::Flag:
    case TargetSource::MixEntry:
        return OutlookDriverOrigin::Outlook;
    case TargetSource::WorkloadCard:
        return OutlookDriverOrigin::WorkloadCard;
    case TargetSource::Fleet:
        return OutlookDriverOrigin::YearDefault;
    case TargetSource::Default:
        break;
    }
    return OutlookDriverOrigin::Builtin;
}

/// The entry's scenario that year on the year's first hardware profile.
Scenario entryScenario(const CardCatalog& catalog, const OutlookYear& year, const std::string& workload)
{
    ScenarioSpec spec = outlookEntrySpec(year, workload);
    spec.hardware = year.hardware.front().hardware;
    try {
        return resolveScenario(catalog, spec).scenario;
    } catch (const InputError& e) {
        throw InputError(workload + ": " + e.what());
    }
}

OutlookMixEntry& mixEntry(OutlookYear& year, const std::string& workload)
{
    const auto it
        = std::find_if(year.mix.begin(), year.mix.end(), [&](const auto& e) { return e.workload == workload; });
    if (it == year.mix.end())
        throw InputError(std::to_string(year.year) + ": " + workload + ": not in the year's mix");
    return *it;
}

/// Sets (or, where it equals the value without the outlook's override, takes away) the
/// override of a knob field or the model.
void setOverride(const CardCatalog& catalog, OutlookYear& y, const std::string& workload, OutlookWorkloadField field,
    const Json& value)
{
    Json overrides = y.workloads.contains(workload) ? y.workloads.at(workload) : Json::object();
    for (const std::string& key : overrideKeys(field))
        overrides.erase(key);
    y.workloads[workload] = overrides;
    if (y.workloads[workload].empty())
        y.workloads.erase(workload);
    // What the year gives without the override: the workload card's own (or its model's).
    const Scenario without = entryScenario(catalog, y, workload);
    bool same = false;
    if (const Knob* k = fieldKnob(field))
        same = k->field.value && k->field.value(without) == value.get<double>();
    else
        same = without.model.id == value.get<std::string>();
    if (!same) {
        overrides[outlookWorkloadFieldKey(field)] = value;
        y.workloads[workload] = overrides;
    }
}

/// Sets a mix entry's own TTFT or TPOT target (seconds and, if given, the percentile); a
/// figure equal to what applies without it (the workload card's, the year's) is taken away.
void setTarget(const CardCatalog& catalog, OutlookYear& y, const std::string& workload, bool ttft, const Json& value)
{
    const char* secondsKey = ttft ? kTtftSecondsKey : kTpotSecondsKey;
    const char* percentileKey = ttft ? kTtftPercentileKey : kTpotPercentileKey;
    if (!value.is_object() || !value.contains(secondsKey) || !value[secondsKey].is_number())
        throw InputError(std::string(secondsKey) + ": give the target in seconds");
    const double seconds = value[secondsKey].get<double>();
    checkOptionValue(yearOption(secondsKey), seconds);
    std::optional<double> percentile;
    if (value.contains(percentileKey)) {
        percentile = value[percentileKey].get<double>();
        checkOptionValue(yearOption(percentileKey), *percentile);
    }
    OutlookMixEntry& e = mixEntry(y, workload);
    auto& s = ttft ? e.targets.ttftSeconds : e.targets.tpotSeconds;
    auto& p = ttft ? e.targets.ttftPercentile : e.targets.tpotPercentile;
    s.reset();
    if (percentile)
        p.reset();
    FleetEntry bare;
    bare.targets = e.targets;
    const LatencyTargets without = fleetTargetsInForce(bare, catalog.resolveWorkload(workload).targets, y.targets);
    if (seconds != (ttft ? without.ttft() : without.tpot()))
        s = seconds;
    if (percentile && *percentile != (ttft ? without.ttftAt() : without.tpotAt()))
        p = *percentile;
}

std::string trimmed(std::string_view text)
{
    const size_t first = text.find_first_not_of(" \t");
    const size_t last = text.find_last_not_of(" \t");
    return first == std::string_view::npos ? std::string() : std::string(text.substr(first, last - first + 1));
}

/// "5", "5 s", "50 ms", "5 s (p90)", "5 s p90", "0.2 s at mean": seconds and the percentile.
Json parseTarget(bool ttft, std::string_view text)
{
    const char* key = ttft ? kTtftSecondsKey : kTpotSecondsKey;
    static const std::regex form(R"(^\s*([0-9.eE+-]+)\s*(ms|s)?\s*(?:at\s*)?\(?\s*([pP]?[0-9.]+|mean)?\s*\)?\s*$)");
    std::cmatch m;
    const std::string all = trimmed(text);
    if (!std::regex_match(all.c_str(), m, form))
        throw InputError({ .code = InputErrorCode::NotANumber, .where = key, .value = "\"" + all + "\"" });
    const std::optional<double> number = parsePlainNumber(m[1].str());
    if (!number)
        throw InputError({ .code = InputErrorCode::NotANumber, .where = key, .value = "\"" + all + "\"" });
    Json out = { { key, m[2].str() == "ms" ? *number / 1000 : *number } };
    if (m[3].matched) {
        std::string p = m[3].str();
        if (p.front() == 'p' || p.front() == 'P')
            p.erase(0, 1);
        out[ttft ? kTtftPercentileKey : kTpotPercentileKey] = parsePercentile(p, key);
    }
    return out;
}

} // namespace

Json parseOutlookWorkloadDriver(OutlookWorkloadField field, std::string_view text)
{
    const char* key = outlookWorkloadFieldKey(field);
    std::string t = trimmed(text);
    switch (field) {
    case OutlookWorkloadField::Context:
    case OutlookWorkloadField::OutputTokens: {
        // As the table writes them: "48K tokens", "65,536 tokens".
        for (const char* unit : { "tokens", "token" })
            if (t.size() > std::string_view(unit).size() && t.ends_with(unit)) {
                t = trimmed(std::string_view(t).substr(0, t.size() - std::string_view(unit).size()));
                break;
            }
        static const std::regex grouped(R"(^\d{1,3}(,\d{3})+$)");
        if (std::regex_match(t, grouped))
            std::erase(t, ',');
        return parseKnobValue(*fieldKnob(field), t, key);
    }
    case OutlookWorkloadField::Reuse: {
        if (t.ends_with('%'))
            t = trimmed(std::string_view(t).substr(0, t.size() - 1));
        return parseNumberOption(t, key, 0, 100, false) / 100;
    }
    case OutlookWorkloadField::KvFormat:
        return parseKnobValue(*fieldKnob(field), t, key);
    case OutlookWorkloadField::Model:
        return t;
    case OutlookWorkloadField::Ttft:
    case OutlookWorkloadField::Tpot:
        return parseTarget(field == OutlookWorkloadField::Ttft, t);
    }
    return t;
}

const char* outlookWorkloadFieldKey(OutlookWorkloadField field)
{
    switch (field) {
    case OutlookWorkloadField::Model:
        return kOutlookModelKey;
    case OutlookWorkloadField::Ttft:
        return kTtftSecondsKey;
    case OutlookWorkloadField::Tpot:
        return kTpotSecondsKey;
    default:
        return fieldKnob(field)->key;
    }
}

std::vector<OutlookWorkloadDrivers> outlookWorkloadDrivers(const CardCatalog& catalog, const OutlookYear& year)
{
    std::vector<OutlookWorkloadDrivers> out;
    if (year.hardware.empty())
        return out;
    for (const OutlookMixEntry& e : year.mix) {
        OutlookWorkloadDrivers d;
        d.workload = e.workload;
        d.share = e.share;
        const Scenario s = entryScenario(catalog, year, e.workload);
        const WorkloadCard card = catalog.resolveWorkload(e.workload);
        d.context = s.workload.context;
        d.outputTokens = s.workload.outputTokens;
        d.reuseRate = s.workload.reuseRate;
        d.kv = s.kvFormat();
        d.model = s.model.id;
        d.expertParallel = s.expertParallel();
        if (d.expertParallel) {
            const Deployment dep = s.deployment();
            d.dp = dep.dp;
            d.ep = dep.ep;
            d.nodes = dep.nodes;
        }
        d.tp = s.tp();
        const auto found = year.workloads.find(e.workload);
        const auto overrides = [&](OutlookWorkloadField field) {
            if (found == year.workloads.end())
                return false;
            for (const std::string& key : overrideKeys(field))
                if (found->second.contains(key))
                    return true;
            return false;
        };
        for (int f = 0; f < kOutlookWorkloadFieldCount; ++f)
            d.origin[size_t(f)]
                = overrides(OutlookWorkloadField(f)) ? OutlookDriverOrigin::Outlook : OutlookDriverOrigin::WorkloadCard;
        if (!overrides(OutlookWorkloadField::KvFormat) && !card.params.kv)
            d.origin[size_t(OutlookWorkloadField::KvFormat)] = OutlookDriverOrigin::ModelCard;
        FleetEntry entry;
        entry.targets = e.targets;
        d.targets = fleetTargetsInForce(entry, card.targets, year.targets, false, &d.targetFrom);
        d.origin[size_t(OutlookWorkloadField::Ttft)] = originOf(d.targetFrom.ttft);
        d.origin[size_t(OutlookWorkloadField::Tpot)] = originOf(d.targetFrom.tpot);
        if (year.drivenByDemand()) {
            d.requestsPerDay = e.demandRequestsPerDay();
            d.sessionsPerDay = e.sessionsPerDay;
            d.requestsPerSession = e.sessionsPerDay ? e.requestsPerSession : std::nullopt;
        }
        out.push_back(std::move(d));
    }
    return out;
}

const char* outlookDemandFieldKey(OutlookDemandField field)
{
    switch (field) {
    case OutlookDemandField::RequestsPerDay:
        break;
    case OutlookDemandField::SessionsPerDay:
        return kOutlookSessionsPerDayKey;
    case OutlookDemandField::RequestsPerSession:
        return kOutlookRequestsPerSessionKey;
    }
    return kOutlookRequestsPerDayKey;
}

std::string outlookDemandFigure(const OutlookYear& year, const std::string& workload)
{
    const std::string own = "mix." + workload;
    return year.sources.contains(own) ? own : std::string("mix");
}

OutlookCard withOutlookYearDriver(
    const OutlookCard& card, size_t index, const std::string& key, double value, const std::string& workload)
{
    if (index >= card.years.size())
        throw InputError("no year " + std::to_string(index) + " in outlook " + card.id);
    const Option<OutlookYear>* option = findOption(outlookYearOptions(), key);
    const bool share = key == kOutlookShareKey;
    if (!option || (!share && !option->field.set) || (share && workload.empty()))
        throw InputError(key + ": not a driver of an outlook year");
    OutlookCard next = card;
    OutlookYear& y = next.years[index];
    // Tokens and shares follow from the demand there: its requests or sessions are edited.
    if (y.drivenByDemand() && (share || key == "tokens_per_day"))
        throw InputError(
            say(QT_TRANSLATE_NOOP("OutlookDrivers",
                    "%1 is driven by each workload's requests a day: its tokens and shares follow from them"),
                { std::to_string(y.year) }));
    if (!share) {
        option->field.set(y, value);
        validateOutlookYear(y);
        return next;
    }
    // One share set (checked against the table's range); the year's other shares rescaled so
    // the mix still sums to 1.
    checkOptionValue(*option, value);
    auto it = std::find_if(y.mix.begin(), y.mix.end(), [&](const auto& e) { return e.workload == workload; });
    if (it == y.mix.end())
        it = y.mix.insert(y.mix.end(), OutlookMixEntry { workload, 0, {} });
    double others = 0;
    for (const auto& e : y.mix)
        others += &e == &*it ? 0 : e.share;
    if (!(others > 0) && value < 1 && it->share != value)
        throw InputError(
            say(QT_TRANSLATE_NOOP("OutlookDrivers", "the other workloads have no share to take up the rest")));
    for (auto& e : y.mix)
        e.share = &e == &*it ? value : e.share * (1 - value) / others;
    validateOutlookYear(y);
    return next;
}

OutlookCard withOutlookDemand(const CardCatalog& catalog, const OutlookCard& card, size_t index,
    const std::string& workload, OutlookDemandField field, double value)
{
    if (index >= card.years.size())
        throw InputError("no year " + std::to_string(index) + " in outlook " + card.id);
    OutlookCard next = card;
    OutlookYear& y = next.years[index];
    const std::string year = std::to_string(y.year);
    if (!y.drivenByDemand())
        throw InputError(say(QT_TRANSLATE_NOOP("OutlookDrivers",
                                 "%1 is driven by tokens per day and each workload's share: it gives no workload's "
                                 "requests or sessions a day"),
            { year }));
    OutlookMixEntry& e = mixEntry(y, workload);
    checkOptionValue(yearOption(outlookDemandFieldKey(field)), value);
    const bool bySessions = e.sessionsPerDay.has_value() && e.requestsPerSession.has_value();
    if (field != OutlookDemandField::RequestsPerDay && !bySessions)
        throw InputError(say(QT_TRANSLATE_NOOP("OutlookDrivers",
                                 "%1: %2 is given in requests a day, not in sessions: set its requests a day"),
            { year, workload }));
    switch (field) {
    case OutlookDemandField::RequestsPerDay:
        // A workload given in sessions keeps its requests per session: its sessions move.
        if (bySessions)
            e.sessionsPerDay = value / *e.requestsPerSession;
        else
            e.requestsPerDay = value;
        break;
    case OutlookDemandField::SessionsPerDay:
        e.sessionsPerDay = value;
        break;
    case OutlookDemandField::RequestsPerSession:
        e.requestsPerSession = value;
        break;
    }
    // Sessions × requests per session within the requests' own range.
    checkOptionValue(yearOption(kOutlookRequestsPerDayKey), e.demandRequestsPerDay());
    // The shares are each workload's part of the year's requests, as the reader makes them.
    double requests = 0;
    for (const OutlookMixEntry& m : y.mix)
        requests += m.demandRequestsPerDay();
    for (OutlookMixEntry& m : y.mix)
        m.share = m.demandRequestsPerDay() / requests;
    validateOutlookYear(y);
    validateOutlook(catalog, next);
    return next;
}

std::vector<std::string> outlookHardwareIds(const OutlookCard& card)
{
    std::vector<std::string> ids;
    for (const auto& y : card.years)
        for (const auto& h : y.hardware)
            if (std::find(ids.begin(), ids.end(), h.hardware) == ids.end())
                ids.push_back(h.hardware);
    return ids;
}

double outlookHardwareShare(const OutlookYear& year, const std::string& hardware)
{
    for (const auto& h : year.hardware)
        if (h.hardware == hardware)
            return h.share;
    return 0;
}

OutlookCard withOutlookWorkloadDriver(const CardCatalog& catalog, const OutlookCard& card, size_t index,
    const std::string& workload, OutlookWorkloadField field, const Json& value)
{
    if (index >= card.years.size())
        throw InputError("no year " + std::to_string(index) + " in outlook " + card.id);
    OutlookCard next = card;
    OutlookYear& y = next.years[index];
    mixEntry(y, workload); // the workload is in the year's mix
    if (field == OutlookWorkloadField::Ttft || field == OutlookWorkloadField::Tpot) {
        setTarget(catalog, y, workload, field == OutlookWorkloadField::Ttft, value);
    } else if (const Knob* k = fieldKnob(field)) {
        if (!value.is_number())
            throw InputError(std::string(k->key) + ": give a number");
        checkOptionValue(knobRange(*k), value.get<double>());
        setOverride(catalog, y, workload, field, value);
    } else {
        if (!value.is_string() || value.get<std::string>().empty())
            throw InputError(std::string(kOutlookModelKey) + ": give a model card id, e.g. \"kimi-k2\"");
        setOverride(catalog, y, workload, field, value);
    }
    if (!y.workloads.empty())
        citeOutlookEdit(next, index, "workloads");
    validateOutlookYear(y);
    validateOutlook(catalog, next);
    return next;
}

OutlookCard withOutlookHardwareShare(
    const CardCatalog& catalog, const OutlookCard& card, size_t index, const std::string& hardware, double share)
{
    if (index >= card.years.size())
        throw InputError("no year " + std::to_string(index) + " in outlook " + card.id);
    checkOptionValue(yearOption(kOutlookHardwareShareKey), share);
    OutlookCard next = card;
    OutlookYear& y = next.years[index];
    auto it = std::find_if(y.hardware.begin(), y.hardware.end(), [&](const auto& h) { return h.hardware == hardware; });
    if (it == y.hardware.end())
        it = y.hardware.insert(y.hardware.end(), OutlookHardwareShare { hardware, 0 });
    double others = 0;
    for (const auto& h : y.hardware)
        others += &h == &*it ? 0 : h.share;
    if (!(others > 0) && share < 1 && it->share != share)
        throw InputError(std::string(kOutlookHardwareShareKey) + ": " + hardware
            + " serves all of the year's traffic and no other hardware has a share to take up the rest: raise "
              "another profile's share instead");
    for (auto& h : y.hardware)
        h.share = &h == &*it ? share : others > 0 ? h.share * (1 - share) / others : 0;
    validateOutlookYear(y);
    validateOutlook(catalog, next);
    return next;
}

} // namespace kvtiers
