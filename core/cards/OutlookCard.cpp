#include "core/cards/OutlookCard.h"

#include "core/io/InputError.h"
#include "core/io/Units.h"

#include <algorithm>
#include <cmath>

namespace kvtiers {

namespace {

constexpr double kShareTolerance = 1e-9;
constexpr size_t kMaxYears = 200;
constexpr size_t kMaxMix = 64;

/// A year's TTFT or TPOT target, as the table binds it (the year's targets are all set).
template <std::optional<double> LatencyTargets::*Member> OptionField<OutlookYear> targetField()
{
    OptionField<OutlookYear> f;
    f.get = [](const OutlookYear& y) { return y.targets.*Member; };
    f.set = [](OutlookYear& y, double v) { y.targets.*Member = v; };
    return f;
}

Option<OutlookYear> yearOption(OptionSpec spec, OptionField<OutlookYear> field = {})
{
    Option<OutlookYear> o;
    static_cast<OptionSpec&>(o) = spec;
    o.field = field;
    return o;
}

/// Tokens per day; in a year driven by demand, an output, unchecked until it is resolved.
OptionField<OutlookYear> tokensField()
{
    OptionField<OutlookYear> f;
    f.get = [](const OutlookYear& y) -> std::optional<double> {
        if (y.drivenByDemand() && y.tokensPerDay == 0)
            return std::nullopt;
        return y.tokensPerDay;
    };
    f.set = [](OutlookYear& y, double v) { y.tokensPerDay = v; };
    return f;
}

/// A mix entry's demand figure: a number with a range and a unit, no field of the year's own.
Option<OutlookYear> demandOption(const char* key, double min, double max, const char* unit, const char* help)
{
    return yearOption({ .key = key,
        .flag = nullptr,
        .kind = OptionKind::Number,
        .min = min,
        .max = max,
        .unit = unit,
        .valueName = "N",
        .help = help });
}

/// The one range of each driver: the reader and the Outlook tab check against it.
std::span<const Option<OutlookYear>> yearOptions()
{
    static const Option<OutlookYear> table[] = {
        yearOption(
            { .key = "tokens_per_day",
                .flag = nullptr,
                .kind = OptionKind::Number,
                .min = 1,
                .max = 1e24,
                .unit = "tokens/day",
                .valueName = "N",
                .help = QT_TRANSLATE_NOOP("Option", "prompt (cached or not) + output tokens a day, all workloads") },
            tokensField()),
        yearOption({ .key = kTtftSecondsKey,
                       .flag = nullptr,
                       .kind = OptionKind::Number,
                       .min = 1e-4,
                       .max = 1e9,
                       .unit = "s",
                       .valueName = "S",
                       .help = QT_TRANSLATE_NOOP("Option", "the year's time-to-first-token target") },
            targetField<&LatencyTargets::ttftSeconds>()),
        yearOption(
            { .key = kTtftPercentileKey,
                .flag = nullptr,
                .kind = OptionKind::Percentile,
                .valueName = "P",
                .help = QT_TRANSLATE_NOOP("Option", "the percentile the TTFT target holds at: 99, 99.9 or mean") },
            targetField<&LatencyTargets::ttftPercentile>()),
        yearOption({ .key = kTpotSecondsKey,
                       .flag = nullptr,
                       .kind = OptionKind::Number,
                       .min = 1e-4,
                       .max = 1e9,
                       .unit = "s",
                       .valueName = "S",
                       .help = QT_TRANSLATE_NOOP("Option", "the year's time-per-output-token target") },
            targetField<&LatencyTargets::tpotSeconds>()),
        yearOption(
            { .key = kTpotPercentileKey,
                .flag = nullptr,
                .kind = OptionKind::Percentile,
                .valueName = "P",
                .help = QT_TRANSLATE_NOOP("Option", "the percentile the TPOT target holds at: 99, 99.9 or mean") },
            targetField<&LatencyTargets::tpotPercentile>()),
        yearOption({ .key = kOutlookShareKey,
            .flag = nullptr,
            .kind = OptionKind::Share,
            .min = 0,
            .max = 1,
            .valueName = "SHARE",
            .help
            = QT_TRANSLATE_NOOP("Option", "a workload's share of the year's requests; the year's shares sum to 1") }),
        demandOption(kOutlookRequestsPerDayKey, 1e-3, 1e16, "requests/day",
            QT_TRANSLATE_NOOP("Option", "a workload's requests a day, in a year driven by demand")),
        demandOption(kOutlookSessionsPerDayKey, 1e-3, 1e15, "sessions/day",
            QT_TRANSLATE_NOOP("Option", "a workload's sessions a day, in a year driven by demand")),
        demandOption(kOutlookRequestsPerSessionKey, 1, 1e5, "requests/session",
            QT_TRANSLATE_NOOP("Option", "requests (turns) per session of a workload given in sessions a day")),
        yearOption({ .key = kOutlookHardwareShareKey,
            .flag = nullptr,
            .kind = OptionKind::Share,
            .min = 0,
            .max = 1,
            .valueName = "SHARE",
            .help = QT_TRANSLATE_NOOP(
                "Option", "a hardware profile's share of the year's traffic; the year's shares sum to 1") }),
    };
    return table;
}

const OptionSpec& yearOptionSpec(std::string_view key)
{
    return *findOption(yearOptions(), key);
}

void checkShares(const JsonObject& o, std::string_view key, double sum)
{
    if (std::abs(sum - 1) > kShareTolerance)
        o.fail(key, "the shares sum to " + formatSignificant(sum, 10) + ", not 1");
}

/// A mix entry's demand: requests a day, or sessions a day with requests per session.
void readDemand(const JsonObject& entry, OutlookMixEntry& e)
{
    const auto number = [&](const char* key) {
        const OptionSpec& o = yearOptionSpec(key);
        return entry.optionalNumber(key, o.min, o.max);
    };
    e.requestsPerDay = number(kOutlookRequestsPerDayKey);
    e.sessionsPerDay = number(kOutlookSessionsPerDayKey);
    e.requestsPerSession = number(kOutlookRequestsPerSessionKey);
    if (e.requestsPerDay && e.sessionsPerDay)
        entry.fail(kOutlookSessionsPerDayKey, "give requests_per_day or sessions_per_day, not both");
    if (e.sessionsPerDay && !e.requestsPerSession)
        entry.fail(kOutlookRequestsPerSessionKey, "missing: sessions a day need the requests (turns) per session");
    if (e.requestsPerSession && !e.sessionsPerDay)
        entry.fail(kOutlookRequestsPerSessionKey, "only read with sessions_per_day");
    if (e.hasDemand() && entry.has("share"))
        entry.fail("share", "a workload given by its demand takes its share from it: give no share");
}

/// The mix: each workload's share of requests (the year gives tokens per day), or each
/// workload's demand (the year gives none, and its shares follow from the demand).
std::vector<OutlookMixEntry> readMix(const JsonObject& y)
{
    const JsonObject mix = y.requireObject("mix");
    if (mix.raw().empty() || mix.raw().size() > kMaxMix)
        y.fail("mix", "give 1 to " + std::to_string(kMaxMix) + " workloads, each with its share of requests");
    const bool byDemand = !y.has("tokens_per_day");
    std::vector<OutlookMixEntry> out;
    double sum = 0;
    for (const auto& [id, v] : mix.raw().items()) {
        OutlookMixEntry e;
        e.workload = id;
        if (id.empty())
            y.fail("mix", "a workload id is empty");
        const OptionSpec& share = yearOptionSpec(kOutlookShareKey);
        if (v.is_object()) {
            const JsonObject entry(v, mix.path() + "." + id);
            entry.rejectUnknownKeys(
                { "share", kOutlookRequestsPerDayKey, kOutlookSessionsPerDayKey, kOutlookRequestsPerSessionKey,
                    kTtftSecondsKey, kTtftPercentileKey, kTpotSecondsKey, kTpotPercentileKey });
            readDemand(entry, e);
            if (byDemand && !e.hasDemand())
                entry.fail(kOutlookRequestsPerDayKey,
                    "missing: a year without tokens_per_day gives each workload's requests_per_day, or its "
                    "sessions_per_day and requests_per_session");
            if (!byDemand && e.hasDemand())
                entry.fail(e.requestsPerDay ? kOutlookRequestsPerDayKey : kOutlookSessionsPerDayKey,
                    "the year gives tokens_per_day, so each workload gives its share: a year is driven by tokens "
                    "or by demand, not both");
            if (!e.hasDemand())
                e.share = entry.requireNumber("share", share.min, share.max);
            e.targets = readLatencyTargets(entry);
        } else {
            if (byDemand)
                y.fail("tokens_per_day",
                    "missing: give the year's prompt + output tokens per day with shares, or each workload's "
                    "requests_per_day (or sessions_per_day and requests_per_session) in the mix");
            e.share = mix.requireNumber(id, share.min, share.max);
        }
        sum += e.hasDemand() ? e.demandRequestsPerDay() : e.share;
        out.push_back(std::move(e));
    }
    if (byDemand) {
        // The shares are each workload's part of the year's requests.
        for (OutlookMixEntry& e : out)
            e.share = e.demandRequestsPerDay() / sum;
        return out;
    }
    checkShares(y, "mix", sum);
    return out;
}

std::vector<OutlookHardwareShare> readHardware(const JsonObject& y)
{
    if (!y.has("hardware"))
        y.fail("hardware", "missing: give a hardware id, or an object of hardware id to share of traffic");
    const Json& v = y.raw().at("hardware");
    if (v.is_string()) {
        if (v.get<std::string>().empty())
            y.fail("hardware", "an empty hardware id");
        return { { v.get<std::string>(), 1.0 } };
    }
    if (!v.is_object() || v.empty() || v.size() > 32)
        y.fail("hardware", "give a hardware id, or an object of 1 to 32 hardware ids to shares of traffic");
    const JsonObject hw = y.requireObject("hardware");
    const OptionSpec& range = yearOptionSpec(kOutlookHardwareShareKey);
    std::vector<OutlookHardwareShare> out;
    double sum = 0;
    for (const auto& [id, share] : v.items()) {
        if (id.empty())
            y.fail("hardware", "a hardware id is empty");
        out.push_back({ id, hw.requireNumber(id, range.min, range.max) });
        sum += out.back().share;
    }
    checkShares(y, "hardware", sum);
    return out;
}

/// A year's "supply": { "unit": "bytes" | "Gb", "hbm": .., "dram": .., "nand": .. }, in bytes.
void readSupply(const JsonObject& y, OutlookYear& year)
{
    if (y.has("supply_bytes"))
        y.fail("supply_bytes",
            "no longer read: a supply figure states its unit, e.g. \"supply\": { \"unit\": \"Gb\", \"hbm\": 3e10 } "
            "(\"bytes\" or \"Gb\")");
    if (!y.has("supply"))
        return;
    const JsonObject s = y.requireObject("supply");
    s.rejectUnknownKeys({ "unit", "hbm", "dram", "nand" });
    if (!s.has("unit"))
        s.fail("unit", "missing: say what the figures count, \"bytes\" (decimal bytes) or \"Gb\" (gigabits)");
    const std::string unit = s.requireString("unit");
    if (unit != "bytes" && unit != "Gb")
        s.fail("unit", "\"" + unit + "\" is not a unit: give \"bytes\" (decimal bytes) or \"Gb\" (gigabits)");
    year.supplyUnit = unit == "Gb" ? SupplyUnit::Gigabits : SupplyUnit::Bytes;
    for (Tier t : kTiers)
        if (const auto v = s.optionalNumber(supplyTierKey(t), 0, 1e30))
            year.supply[t] = year.supplyUnit == SupplyUnit::Gigabits ? gigabitsToBytes(*v) : *v;
}

OutlookYear readYear(const Json& json, const std::string& at, size_t nSources)
{
    if (!json.is_object())
        throw InputError(at + ": a year must be an object");
    OutlookYear year;
    {
        const JsonObject bare(json, at);
        if (!bare.has("year"))
            bare.fail("year", "missing: every entry of years names its year");
        year.year = int(bare.requireInteger("year", 1900, 3000));
    }
    const JsonObject y(json, at + " (" + std::to_string(year.year) + ")");
    y.rejectUnknownKeys({ "year", "tokens_per_day", "mix", "hardware", kTtftSecondsKey, kTtftPercentileKey,
        kTpotSecondsKey, kTpotPercentileKey, "workloads", "supply", "supply_bytes", "variant_share", "sources" });
    if (y.has("tokens_per_day")) {
        const Json& tokens = y.raw().at("tokens_per_day");
        if (tokens.is_number() && !(tokens.get<double>() > 0))
            y.fail("tokens_per_day", "must be more than 0, not " + formatSignificant(tokens.get<double>(), 6));
        const OptionSpec& tokensOption = yearOptionSpec("tokens_per_day");
        year.tokensPerDay = y.requireNumber("tokens_per_day", tokensOption.min, tokensOption.max);
    }
    // Without tokens per day, each workload gives its demand (readMix says what is missing).
    year.mix = readMix(y);
    year.hardware = readHardware(y);
    year.targets = readLatencyTargets(y).inForce();
    if (y.has("workloads")) {
        const JsonObject w = y.requireObject("workloads");
        for (const auto& [id, overrides] : w.raw().items()) {
            if (!overrides.is_object())
                w.fail(id, "knob overrides must be an object, e.g. { \"context\": 8192 }");
            // "model" switches the workload's model card (a card id or file) that year.
            if (const auto m = overrides.find("model");
                m != overrides.end() && (!m->is_string() || m->get<std::string>().empty()))
                JsonObject(overrides, w.path() + "." + id).fail("model", "give a model card id, e.g. \"kimi-k2\"");
            year.workloads[id] = overrides;
        }
    }
    readSupply(y, year);
    if (y.has("variant_share")) {
        const JsonObject v = y.requireObject("variant_share");
        v.rejectUnknownKeys({ "mla", "hybrid" });
        year.mlaVariantShare = v.optionalNumber("mla", 0, 1).value_or(0);
        year.hybridVariantShare = v.optionalNumber("hybrid", 0, 1).value_or(0);
        if (year.mlaVariantShare + year.hybridVariantShare > 1 + kShareTolerance)
            y.fail("variant_share",
                "mla and hybrid together take " + formatSignificant(year.mlaVariantShare + year.hybridVariantShare, 6)
                    + " of a workload's requests: at most 1");
    }
    if (!y.has("sources"))
        y.fail("sources", "missing: each figure the year sets names its source");
    const JsonObject src = y.requireObject("sources");
    // A year's figures, and in a year driven by demand one per workload ("mix.agentic-coding"):
    // each workload's demand may cite a source of its own, the mix's standing for the rest.
    std::vector<std::string> perWorkload;
    if (year.drivenByDemand())
        for (const OutlookMixEntry& e : year.mix)
            perWorkload.push_back("mix." + e.workload);
    std::vector<std::string_view> figures { "tokens_per_day", "mix", "hardware", "ttft_s", "tpot_s", "workloads",
        "supply", "variant_share" };
    figures.insert(figures.end(), perWorkload.begin(), perWorkload.end());
    src.rejectUnknownKeys(std::span<const std::string_view>(figures));
    for (const auto& [figure, index] : src.raw().items())
        year.sources[figure] = int(src.requireInteger(figure, 0, std::int64_t(nSources) - 1));
    for (const char* figure :
        { "tokens_per_day", "mix", "hardware", "ttft_s", "tpot_s", "workloads", "supply", "variant_share" })
        if (y.has(figure) && !year.sources.contains(figure))
            src.fail(figure, "missing: every figure the year sets cites a source");
    // The drivers' one range check, as the Outlook tab makes it: an error names the field.
    try {
        validateOutlookYear(year);
    } catch (const InputError& e) {
        throw rewordOptionKeys(
            e,
            [](std::string_view key, const void* path) {
                return *static_cast<const std::string*>(path) + "." + std::string(key);
            },
            &y.path());
    }
    return year;
}

/// "variants": { "llama-3.1-8b": { "mla": "llama-3.1-8b-mla-variant", "hybrid": "..." } }.
OutlookVariants readVariants(const JsonObject& o)
{
    OutlookVariants out;
    if (!o.has("variants"))
        return out;
    const JsonObject all = o.requireObject("variants");
    for (const auto& [model, v] : all.raw().items()) {
        if (model.empty())
            all.fail(model, "a model id is empty");
        const JsonObject one = all.requireObject(model);
        one.rejectUnknownKeys({ "mla", "hybrid" });
        out[model] = { one.requireString("mla"), one.requireString("hybrid") };
        for (const auto& [key, id] : { std::pair { "mla", out[model].mla }, std::pair { "hybrid", out[model].hybrid } })
            if (id.empty())
                one.fail(key, "give a model card id, e.g. \"" + model + "-" + key + "-variant\"");
    }
    return out;
}

/// "systems": { "vr-nvl72": "vr-nvl72-icms" }: a hardware id to the system id it ships as.
std::map<std::string, std::string> readSystems(const JsonObject& o)
{
    std::map<std::string, std::string> out;
    if (!o.has("systems"))
        return out;
    const JsonObject all = o.requireObject("systems");
    for (const auto& [hardware, system] : all.raw().items()) {
        if (hardware.empty())
            all.fail(hardware, "a hardware id is empty");
        const std::string id = all.requireString(hardware);
        if (id.empty())
            all.fail(hardware, "give a system card id (models/systems/), e.g. \"dgx-h200\"");
        out[hardware] = id;
    }
    return out;
}

/// "translations": { "ko": { "name": "...", "notes": "..." } }: a language code (2 to 8
/// letters, as "ko" or "zh-Hant") to the name and notes in it.
std::map<std::string, OutlookText> readTranslations(const JsonObject& o)
{
    std::map<std::string, OutlookText> out;
    if (!o.has("translations"))
        return out;
    const JsonObject all = o.requireObject("translations");
    for (const auto& [language, text] : all.raw().items()) {
        const bool code = language.size() >= 2 && language.size() <= 8
            && language.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-") == std::string::npos;
        if (!code)
            all.fail(language, "not a language code (e.g. \"ko\")");
        const JsonObject one = all.requireObject(language);
        one.rejectUnknownKeys({ "name", "notes" });
        out[language] = { one.optionalString("name").value_or(""), one.optionalString("notes").value_or("") };
    }
    return out;
}

} // namespace

std::span<const Option<OutlookYear>> outlookYearOptions()
{
    return yearOptions();
}

void validateOutlookYear(const OutlookYear& year)
{
    validateOptions(outlookYearOptions(), year);
    for (const OutlookMixEntry& e : year.mix) {
        checkOptionValue(yearOptionSpec(kOutlookShareKey), e.share);
        if (e.hasDemand() != year.drivenByDemand())
            throw InputError({ .code = InputErrorCode::Uncoded,
                .where = e.workload,
                .detail = "a year is driven by tokens per day or by each workload's demand, not both" });
        for (const auto& [key, v] : { std::pair { kOutlookRequestsPerDayKey, e.requestsPerDay },
                 std::pair { kOutlookSessionsPerDayKey, e.sessionsPerDay },
                 std::pair { kOutlookRequestsPerSessionKey, e.requestsPerSession } })
            if (v)
                checkOptionValue(yearOptionSpec(key), *v);
    }
    for (const OutlookHardwareShare& h : year.hardware)
        checkOptionValue(yearOptionSpec(kOutlookHardwareShareKey), h.share);
}

double OutlookMixEntry::demandRequestsPerDay() const
{
    if (requestsPerDay)
        return *requestsPerDay;
    return sessionsPerDay && requestsPerSession ? *sessionsPerDay * *requestsPerSession : 0;
}

void citeOutlookEdit(OutlookCard& card, size_t index, const std::string& figure)
{
    if (index >= card.years.size() || card.years[index].sources.contains(figure))
        return;
    const auto it = std::find_if(card.sources.begin(), card.sources.end(),
        [](const OutlookSource& s) { return s.title == kOutlookEditSourceTitle; });
    if (it == card.sources.end())
        card.sources.push_back({ .title = kOutlookEditSourceTitle,
            .url = "",
            .note = "a driver typed into the Outlook tab's drivers table where the card cited no source for it",
            .publisher = "kvtiers (an assumption)" });
    const auto at = std::find_if(card.sources.begin(), card.sources.end(),
        [](const OutlookSource& s) { return s.title == kOutlookEditSourceTitle; });
    card.years[index].sources[figure] = int(at - card.sources.begin());
}

std::vector<std::vector<OutlookSourceUse>> outlookSourceUses(const OutlookCard& card)
{
    std::vector<std::vector<OutlookSourceUse>> uses(card.sources.size());
    for (const OutlookYear& y : card.years)
        for (const auto& [figure, index] : y.sources)
            if (index >= 0 && size_t(index) < uses.size())
                uses[size_t(index)].push_back({ y.year, figure });
    return uses;
}

std::optional<int> outlookFigureSource(const OutlookYear& year, const std::string& figure)
{
    const auto it = year.sources.find(figure);
    return it == year.sources.end() ? std::nullopt : std::optional<int>(it->second);
}

bool isAssumption(const OutlookSource& source)
{
    return source.title.starts_with("Assumption:");
}

bool operator==(const OutlookCard& a, const OutlookCard& b)
{
    const auto sameSources = [](const std::vector<OutlookSource>& x, const std::vector<OutlookSource>& y) {
        return std::equal(x.begin(), x.end(), y.begin(), y.end(), [](const OutlookSource& s, const OutlookSource& t) {
            return s.title == t.title && s.url == t.url && s.note == t.note && s.publisher == t.publisher
                && s.date == t.date;
        });
    };
    return a.id == b.id && a.name == b.name && a.origin == b.origin && a.status == b.status && a.notes == b.notes
        && sameSources(a.sources, b.sources) && a.years == b.years && a.translations == b.translations
        && a.variants == b.variants && a.systems == b.systems;
}

const std::string& OutlookCard::nameIn(const std::string& language) const
{
    const auto it = translations.find(language);
    return it != translations.end() && !it->second.name.empty() ? it->second.name : name;
}

const std::string& OutlookCard::notesIn(const std::string& language) const
{
    const auto it = translations.find(language);
    return it != translations.end() && !it->second.notes.empty() ? it->second.notes : notes;
}

const char* supplyUnitKey(SupplyUnit unit)
{
    return unit == SupplyUnit::Gigabits ? "Gb" : "bytes";
}

double bytesToGigabits(double bytes)
{
    return bytes * 8 / 1e9;
}

double gigabitsToBytes(double gigabits)
{
    return gigabits * 1e9 / 8;
}

const char* supplyTierKey(Tier tier)
{
    return tier == Tier::Ssd ? "nand" : tierKey(tier);
}

const char* outlookCardUnitsNote()
{
    return "tokens_per_day: prompt (cached or not) + output tokens a day, all workloads; mix: shares of requests "
           "(0 to 1, summing to 1), or each workload's requests_per_day (or sessions_per_day x requests_per_session) "
           "in a year without tokens_per_day; hardware: shares of traffic; variant_share: shares of a workload's "
           "requests; "
           "ttft_s and tpot_s: seconds at ttft_percentile and tpot_percentile; supply: a year's bits shipped, in its "
           "unit (bytes or Gb); "
           "a scenario, not a forecast";
}

OutlookCard parseOutlookCard(const Json& json, const std::string& origin)
{
    if (!json.is_object())
        throw InputError(origin + ": an outlook card is a JSON object");
    const JsonObject o(json, origin);
    o.rejectUnknownKeys({ "id", "name", "status", "notes", "sources", "years", "translations", "variants", "systems" });
    OutlookCard card;
    card.origin = origin;
    card.id = o.requireString("id");
    if (card.id.empty())
        o.fail("id", "must not be empty");
    card.name = o.optionalString("name").value_or(card.id);
    card.status = o.optionalString("status").value_or("scenario");
    if (card.status != "scenario")
        o.fail("status", "an outlook is a scenario, not a forecast: write \"scenario\"");
    card.notes = o.optionalString("notes").value_or("");
    card.sources = readSources(o);
    card.translations = readTranslations(o);
    card.variants = readVariants(o);
    card.systems = readSystems(o);
    const Json& years = o.requireArray("years");
    if (years.empty() || years.size() > kMaxYears)
        o.fail("years", "give 1 to " + std::to_string(kMaxYears) + " years");
    for (size_t i = 0; i < years.size(); ++i) {
        OutlookYear y = readYear(years[i], origin + ": years[" + std::to_string(i) + "]", card.sources.size());
        if (!card.years.empty() && y.year <= card.years.back().year)
            throw InputError(origin + ": years[" + std::to_string(i) + "] (" + std::to_string(y.year)
                + ").year: years must increase strictly, and " + std::to_string(card.years.back().year)
                + " comes before it");
        card.years.push_back(std::move(y));
    }
    return card;
}

OutlookCard loadOutlookCard(std::string_view text, const std::string& origin)
{
    return parseOutlookCard(parseStrictJson(text, origin), origin);
}

namespace {

Json yearJson(const OutlookYear& y)
{
    Json mix = Json::object();
    for (const auto& e : y.mix) {
        // A workload given by its demand is written so: its share follows from it.
        Json own = Json::object();
        if (e.requestsPerDay)
            own[kOutlookRequestsPerDayKey] = *e.requestsPerDay;
        else if (e.sessionsPerDay) {
            own[kOutlookSessionsPerDayKey] = *e.sessionsPerDay;
            own[kOutlookRequestsPerSessionKey] = e.requestsPerSession.value_or(1);
        } else
            own["share"] = e.share;
        mix[e.workload] = e.targets.empty() && !e.hasDemand() ? Json(e.share) : writeLatencyTargets(e.targets, own);
    }
    Json hw = Json::object();
    for (const auto& h : y.hardware)
        hw[h.hardware] = h.share;
    Json j = { { "year", y.year }, { "mix", mix },
        { "hardware",
            y.hardware.size() == 1 && y.hardware.front().share == 1 ? Json(y.hardware.front().hardware) : hw } };
    // A year driven by demand has its tokens as an output: written, the card reads back so.
    if (!y.drivenByDemand())
        j["tokens_per_day"] = y.tokensPerDay;
    // The year's targets are all in force (the defaults where the card gave none); a default
    // figure no source cites was not written by the card, and is left out again, so the card
    // reads back (the reader wants a source for every figure a year sets).
    LatencyTargets targets = y.targets;
    if (!y.sources.contains(kTtftSecondsKey) && targets.ttftSeconds == kDefaultTargets.ttftSeconds
        && targets.ttftPercentile == kDefaultTargets.ttftPercentile)
        targets.ttftSeconds = targets.ttftPercentile = std::nullopt;
    if (!y.sources.contains(kTpotSecondsKey) && targets.tpotSeconds == kDefaultTargets.tpotSeconds
        && targets.tpotPercentile == kDefaultTargets.tpotPercentile)
        targets.tpotSeconds = targets.tpotPercentile = std::nullopt;
    j = writeLatencyTargets(targets, std::move(j));
    if (!y.workloads.empty()) {
        j["workloads"] = Json::object();
        for (const auto& [id, o] : y.workloads)
            j["workloads"][id] = o;
    }
    if (y.supply.hbm || y.supply.dram || y.supply.ssd) {
        Json s = Json::object();
        for (Tier t : kTiers)
            if (y.supply[t])
                s[supplyTierKey(t)]
                    = y.supplyUnit == SupplyUnit::Gigabits ? bytesToGigabits(*y.supply[t]) : *y.supply[t];
        s["unit"] = supplyUnitKey(y.supplyUnit);
        j["supply"] = s;
    }
    if (y.mlaVariantShare > 0 || y.hybridVariantShare > 0)
        j["variant_share"] = { { "mla", y.mlaVariantShare }, { "hybrid", y.hybridVariantShare } };
    j["sources"] = Json::object();
    for (const auto& [figure, index] : y.sources)
        j["sources"][figure] = index;
    return j;
}

} // namespace

Json outlookCardToJson(const OutlookCard& card)
{
    Json years = Json::array();
    for (const auto& y : card.years)
        years.push_back(yearJson(y));
    Json j = { { "id", card.id }, { "name", card.name }, { "status", card.status } };
    if (!card.notes.empty())
        j["notes"] = card.notes;
    j["sources"] = sourcesToJson(card.sources);
    j["years"] = years;
    if (!card.variants.empty()) {
        Json v = Json::object();
        for (const auto& [model, one] : card.variants)
            v[model] = { { "mla", one.mla }, { "hybrid", one.hybrid } };
        j["variants"] = v;
    }
    if (!card.systems.empty())
        j["systems"] = card.systems;
    if (!card.translations.empty()) {
        Json t = Json::object();
        for (const auto& [language, text] : card.translations) {
            t[language] = Json::object();
            if (!text.name.empty())
                t[language]["name"] = text.name;
            if (!text.notes.empty())
                t[language]["notes"] = text.notes;
        }
        j["translations"] = t;
    }
    return j;
}

} // namespace kvtiers
