#include "core/analysis/Outlook.h"

#include "core/analysis/OutlookDemand.h"
#include "core/analysis/OutlookSplits.h"
#include "core/io/Csv.h"
#include "core/io/InputError.h"
#include "core/io/Units.h"
#include "core/scenario/Knobs.h"

#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>

namespace kvtiers {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::string yearWhere(const OutlookCard& card, size_t i)
{
    return outlookCardWhere(card) + ": years[" + std::to_string(i) + "] (" + std::to_string(card.years[i].year) + ")";
}

/// Whether `id` names a card of the map or a readable file of that kind.
template <typename Resolve> bool resolves(Resolve resolve)
{
    try {
        resolve();
        return true;
    } catch (const InputError&) {
        return false;
    }
}

/// Every variant resolves, is what it is named (MLA: a latent layer; hybrid: a linear,
/// state or sliding layer) and keeps its model's weights: same parameters and weight bits.
void validateVariants(const CardCatalog& catalog, const OutlookCard& card)
{
    for (const auto& [model, v] : card.variants) {
        const std::string at = outlookCardWhere(card) + ": variants." + model;
        ModelCard base;
        try {
            base = catalog.resolveModel(model);
        } catch (const InputError& e) {
            throw InputError(at + ": unknown model \"" + model + "\" (known: " + knownIds(catalog.models()) + ")");
        }
        for (const auto& [kind, id] : { std::pair { "mla", v.mla }, std::pair { "hybrid", v.hybrid } }) {
            ModelCard m;
            try {
                m = catalog.resolveModel(id);
            } catch (const InputError&) {
                throw InputError(
                    at + "." + kind + ": unknown model \"" + id + "\" (known: " + knownIds(catalog.models()) + ")");
            }
            bool latent = false;
            for (const auto& g : m.groups)
                latent = latent || g.kind == LayerKind::Mla;
            if (std::string_view(kind) == "mla" ? !latent : (latent || !isMlaOrHybrid(m)))
                throw InputError(at + "." + kind + ": " + id + " is not "
                    + (std::string_view(kind) == "mla"
                            ? "an MLA model (no mla layer group)"
                            : "a hybrid model (no linear, state or sliding layers, or MLA)"));
            if (m.paramsTotal != base.paramsTotal || m.paramsActive != base.paramsActive
                || m.weightBits != base.weightBits)
                throw InputError(at + "." + kind + ": " + id + " has " + formatSignificant(m.paramsTotal, 6) + " / "
                    + formatSignificant(m.paramsActive, 6) + " parameters at " + formatSignificant(m.weightBits, 3)
                    + " bits, " + model + " " + formatSignificant(base.paramsTotal, 6) + " / "
                    + formatSignificant(base.paramsActive, 6) + " at " + formatSignificant(base.weightBits, 3)
                    + ": a variant keeps its model's weights and replaces only the KV format");
        }
    }
}

} // namespace

void validateOutlook(const CardCatalog& catalog, const OutlookCard& card)
{
    validateVariants(catalog, card);
    validateOutlookSystems(catalog, card);
    for (size_t i = 0; i < card.years.size(); ++i) {
        const OutlookYear& y = card.years[i];
        const std::string at = yearWhere(card, i);
        if ((y.mlaVariantShare > 0 || y.hybridVariantShare > 0) && card.variants.empty())
            throw InputError(at + ".variant_share: the card names no variants to move requests to (give \"variants\")");
        for (const auto& e : y.mix)
            if (!resolves([&] { catalog.resolveWorkload(e.workload); }))
                throw InputError(at + ".mix: unknown workload \"" + e.workload
                    + "\" (known: " + knownIds(catalog.workloads()) + ")");
        for (const auto& h : y.hardware)
            if (!resolves([&] { catalog.resolveHardware(h.hardware); }))
                throw InputError(at + ".hardware: unknown hardware \"" + h.hardware
                    + "\" (known: " + knownIds(catalog.hardware()) + ")");
        for (const auto& [id, overrides] : y.workloads) {
            bool inMix = false;
            for (const auto& e : y.mix)
                inMix = inMix || e.workload == id;
            if (!inMix)
                throw InputError(at + ".workloads." + id + ": not in the year's mix");
            ScenarioSpec spec = outlookEntrySpec(y, id);
            spec.hardware = y.hardware.front().hardware;
            if (!spec.model.empty() && !resolves([&] { catalog.resolveModel(spec.model); }))
                throw InputError(at + ".workloads." + id + ".model: unknown model \"" + spec.model
                    + "\" (known: " + knownIds(catalog.models()) + ")");
            try {
                resolveScenario(catalog, spec);
            } catch (const InputError& e) {
                throw InputError(at + ".workloads." + id + ": " + e.what());
            }
        }
    }
}

ScenarioSpec outlookEntrySpec(const OutlookYear& year, const std::string& workload)
{
    ScenarioSpec spec;
    spec.workload = workload;
    if (auto it = year.workloads.find(workload); it != year.workloads.end()) {
        spec.overrides = it->second;
        // `model` switches the card, not a knob: it leaves the knob overrides for the spec's model.
        if (auto m = spec.overrides.find(kOutlookModelKey); m != spec.overrides.end()) {
            spec.model = m->get<std::string>();
            spec.overrides.erase(m);
        }
    }
    return spec;
}

FleetInput outlookFleetInput(const OutlookYear& year)
{
    FleetInput in;
    in.tokensPerDay = year.tokensPerDay;
    in.targets = year.targets;
    for (const auto& m : year.mix) {
        FleetEntry e;
        e.label = m.workload;
        e.share = m.share;
        e.spec = outlookEntrySpec(year, m.workload);
        e.targets = m.targets;
        in.mix.push_back(std::move(e));
    }
    return in;
}

std::string outlookEntryModel(const CardCatalog& catalog, const OutlookYear& year, const std::string& workload)
{
    const ScenarioSpec spec = outlookEntrySpec(year, workload);
    if (!spec.model.empty())
        return spec.model;
    return catalog.workloads().contains(workload) ? catalog.workloads().at(workload).modelId
                                                  : catalog.resolveWorkload(workload).modelId;
}

FleetInput outlookVariantFleetInput(
    const CardCatalog& catalog, const OutlookYear& year, const OutlookVariants& variants)
{
    FleetInput in = outlookFleetInput(year);
    if (!(year.mlaVariantShare > 0 || year.hybridVariantShare > 0))
        return in;
    std::vector<FleetEntry> mix;
    for (const FleetEntry& e : in.mix) {
        const auto v = variants.find(outlookEntryModel(catalog, year, e.label));
        if (v == variants.end()) {
            mix.push_back(e);
            continue;
        }
        FleetEntry own = e, mla = e, hybrid = e;
        own.share = e.share * std::max(0.0, 1 - year.mlaVariantShare - year.hybridVariantShare);
        mla.share = e.share * year.mlaVariantShare;
        mla.spec.model = v->second.mla;
        hybrid.share = e.share * year.hybridVariantShare;
        hybrid.spec.model = v->second.hybrid;
        // A variant on the base's GPUs is served as engines serve MLA under TP: decode context
        // parallel stripes the latent (and any KV heads TP copies) over the TP group instead of
        // keeping it whole on every GPU (dcp 0: as many GPUs as hold copies; 1 under DP attention).
        for (FleetEntry* part : { &mla, &hybrid })
            part->spec.overrides[knobKey(KnobId::Dcp)] = 0;
        mix.push_back(own);
        for (FleetEntry* part : { &mla, &hybrid })
            if (part->share > 0)
                mix.push_back(*part);
    }
    in.mix = std::move(mix);
    return in;
}

OutlookYearResult sizeOutlookYear(
    const CardCatalog& catalog, const OutlookYear& given, FleetSizingMemo* memo, const OutlookVariants& variants)
{
    // A year driven by demand is sized on its tokens: requests × context, the same requests.
    std::optional<OutlookYear> resolved;
    if (given.drivenByDemand())
        resolved = resolveOutlookDemand(catalog, given);
    const OutlookYear& year = resolved ? *resolved : given;
    std::vector<FleetProfile> profiles;
    for (const auto& h : year.hardware)
        profiles.push_back({ h.hardware, h.share });
    FleetProfilesResult f
        = sizeFleetProfiles(catalog, outlookVariantFleetInput(catalog, year, variants), profiles, memo);
    OutlookYearResult r;
    r.year = year.year;
    r.tokensPerDay = year.tokensPerDay;
    r.requestsPerSecond = f.requestsPerSecond;
    r.gpus = f.gpus;
    r.servers = f.servers;
    r.hbmInstalledBytes = f.installedBytes.hbm;
    r.hbmBytes = f.bytes.hbm;
    r.dramInstalledBytes = f.installedBytes.dram;
    r.dramBytes = f.bytes.dram;
    r.nvmeInstalledBytes = f.installedBytes.ssd;
    r.ssdBytes = f.bytes.ssd;
    r.hardware = std::move(f.profiles);
    r.fleets = std::move(f.fleets);
    r.workloads = outlookWorkloadYears(r);
    const OutlookTiers needed { r.hbmBytes, r.dramBytes, r.ssdBytes };
    for (Tier t : kTiers)
        r.intensity[t] = outlookIntensity(needed[t], r.tokensPerDay);
    r.vendors = outlookVendorShares(r);
    r.generations = outlookGenerationShares(r);
    provisionOutlookYear(catalog, {}, r);
    return r;
}

namespace {

OutlookTiers neededBytes(const OutlookYearResult& r)
{
    return { r.hbmBytes, r.dramBytes, r.ssdBytes };
}

double ratio(double a, double b)
{
    return b > 0 ? a / b : kNaN;
}

/// Δln(tier) / Δln(tokens); NaN where either year needs none of the tier or tokens held.
double growthRatio(double tier, double tierBefore, double tokens, double tokensBefore)
{
    if (!(tier > 0) || !(tierBefore > 0) || tokens == tokensBefore)
        return kNaN;
    return std::log(tier / tierBefore) / std::log(tokens / tokensBefore);
}

/// The year's stock and flow against the card's supply, else the built-in series'.
OutlookYearSupply yearSupply(
    const OutlookYearResult& r, const OutlookYearResult* before, const OutlookYear& y, const OutlookTiers& needed)
{
    const BitSupply& builtin = builtinBitSupply();
    const auto installedOf = [](const OutlookYearResult& x) {
        return OutlookTiers { x.hbmInstalledBytes, x.dramInstalledBytes, x.nvmeInstalledBytes };
    };
    OutlookYearSupply s;
    s.installed = installedOf(r);
    if (before) {
        const OutlookTiers b = installedOf(*before);
        OutlookTiers shipped;
        for (Tier t : kTiers)
            shipped[t] = outlookShipments(s.installed[t], b[t], builtin.serviceLifeYears[t]);
        s.shipments = shipped;
    }
    for (Tier t : kTiers) {
        s.supply[t] = kNaN;
        if (y.supply[t]) {
            s.supply[t] = *y.supply[t];
            s.origin[t] = SupplyOrigin::Card;
        } else if (const BitSupplyFigure* f = builtin.find(y.year, t)) {
            s.supply[t] = f->bytes;
            s.origin[t] = f->assumption ? SupplyOrigin::BuiltinAssumption : SupplyOrigin::Builtin;
        }
        s.needShare[t] = ratio(needed[t], s.supply[t]);
        s.shipmentShare[t] = s.shipments ? ratio((*s.shipments)[t], s.supply[t]) : kNaN;
    }
    return s;
}

/// A card's supply figure 4–16× (or 1/16–1/4×) the built-in series' for that tier and year.
void supplyWarnings(std::vector<std::string>& warnings, const std::string& where, const OutlookYear& y)
{
    for (Tier t : kTiers) {
        const BitSupplyFigure* f = builtinBitSupply().find(y.year, t);
        if (!y.supply[t] || !f)
            continue;
        const SupplyUnitSuspect suspect = suspectSupplyUnit(*y.supply[t], f->bytes);
        if (suspect == SupplyUnitSuspect::None)
            continue;
        warnings.push_back(where + ": supply." + supplyTierKey(t) + ": " + formatSignificant(*y.supply[t], 4)
            + " bytes is " + formatSignificant(*y.supply[t] / f->bytes, 3) + "× the built-in series' "
            + formatSignificant(f->bytes, 4) + " bytes for " + std::to_string(y.year) + ": it looks like "
            + (suspect == SupplyUnitSuspect::BitsAsBytes ? "bits written as bytes" : "bytes written as bits")
            + " (check the supply's \"unit\")");
    }
}

} // namespace

OutlookResult computeOutlook(const CardCatalog& catalog, const OutlookCard& card)
{
    validateOutlook(catalog, card);
    OutlookResult out;
    out.id = card.id;
    out.name = card.name;
    out.status = card.status;
    out.sources = card.sources;
    out.sourceUses = outlookSourceUses(card);
    out.serviceLifeYears = builtinBitSupply().serviceLifeYears;
    FleetSizingMemo memo(catalog);
    for (size_t i = 0; i < card.years.size(); ++i) {
        OutlookYearResult r;
        try {
            r = sizeOutlookYear(catalog, card.years[i], &memo, card.variants);
            provisionOutlookYear(catalog, card.systems, r);
        } catch (const InputError& e) {
            throw InputError(yearWhere(card, i) + ": " + e.what());
        }
        const OutlookYear& y = card.years[i];
        const OutlookYearResult& first = out.years.empty() ? r : out.years.front();
        const OutlookTiers needed = neededBytes(r), firstNeeded = neededBytes(first);
        r.index = needed;
        for (Tier t : kTiers)
            r.index[t] = ratio(needed[t], firstNeeded[t]);
        r.tokensIndex = r.tokensPerDay / first.tokensPerDay;
        if (!out.years.empty()) {
            const OutlookYearResult& p = out.years.back();
            const OutlookTiers before = neededBytes(p);
            OutlookTiers e;
            for (Tier t : kTiers)
                e[t] = growthRatio(needed[t], before[t], r.tokensPerDay, p.tokensPerDay);
            r.growthRatio = e;
        }
        r.supply = yearSupply(r, out.years.empty() ? nullptr : &out.years.back(), y, needed);
        if (!out.years.empty())
            setGenerationShipments(r, out.years.back(), out.serviceLifeYears.hbm);
        supplyWarnings(out.warnings, yearWhere(card, i), y);
        out.years.push_back(std::move(r));
    }
    return out;
}

// ---- The command's options

namespace {

Option<OutlookRun> outlookOption()
{
    Option<OutlookRun> o;
    static_cast<OptionSpec&>(o) = { .key = "outlook",
        .flag = "--outlook",
        .kind = OptionKind::Custom,
        .valueName = "ID|FILE|SAVED",
        .help = QT_TRANSLATE_NOOP(
            "Option", "a built-in outlook, an outlook card file or a saved outlook's name (default steady)") };
    o.field.parse = [](OutlookRun& run, std::string_view text, const std::string& key) {
        if (text.empty())
            throw InputError({ .code = InputErrorCode::MissingField, .where = key });
        run.outlook = std::string(text);
    };
    return o;
}

Option<OutlookRun> unitsOption()
{
    Option<OutlookRun> o;
    static_cast<OptionSpec&>(o) = { .key = "units",
        .flag = "--units",
        .kind = OptionKind::Choice,
        .valueName = "U",
        .help = QT_TRANSLATE_NOOP("Option", "bytes in decimal (TB, PB, EB: memory as sold) or binary units (TiB, PiB)"),
        .choices = "binary|decimal" }; // ByteUnits' order
    o.field.get = [](const OutlookRun& run) { return std::optional<double>(run.units == ByteUnits::Decimal ? 1 : 0); };
    o.field.set = [](OutlookRun& run, double v) { run.units = v == 1 ? ByteUnits::Decimal : ByteUnits::Binary; };
    return o;
}

Option<OutlookRun> rangeOption()
{
    Option<OutlookRun> o;
    static_cast<OptionSpec&>(o) = { .key = "relative_range",
        .flag = "--range",
        .kind = OptionKind::Share,
        .min = 0.01,
        .max = 0.95,
        .valueName = "R",
        .help
        = QT_TRANSLATE_NOOP("Option", "each tornado driver moved by ± R of its value; a rate by ± R × 50 points") };
    o.field = option_fields::number<&OutlookRun::relativeRange>();
    return o;
}

Option<OutlookRun> supplyUnitOption()
{
    Option<OutlookRun> o;
    static_cast<OptionSpec&>(o) = { .key = "supply_unit",
        .flag = "--supply-unit",
        .kind = OptionKind::Choice,
        .valueName = "U",
        .help = QT_TRANSLATE_NOOP("Option", "installed base, shipments and bit supply in bytes or in gigabits (Gb)"),
        .choices = "bytes|Gb" }; // SupplyUnit's order
    o.field.get
        = [](const OutlookRun& run) { return std::optional<double>(run.supplyUnit == SupplyUnit::Gigabits ? 1 : 0); };
    o.field.set = [](OutlookRun& run, double v) { run.supplyUnit = v == 1 ? SupplyUnit::Gigabits : SupplyUnit::Bytes; };
    return o;
}

/// A switch of the command (on when given), bound to its field.
template <bool OutlookRun::*Member> Option<OutlookRun> switchOption(const char* key, const char* flag, const char* help)
{
    Option<OutlookRun> o;
    static_cast<OptionSpec&>(o) = { .key = key, .flag = flag, .kind = OptionKind::Switch, .help = help };
    o.field = option_fields::flag<Member>();
    return o;
}

} // namespace

std::span<const Option<OutlookRun>> outlookRunOptions()
{
    static const Option<OutlookRun> table[] = { outlookOption(), unitsOption(), rangeOption(),
        switchOption<&OutlookRun::sources>("sources", "--sources",
            QT_TRANSLATE_NOOP("Option", "the outlook's sources, numbered, each with the figures it gives")),
        switchOption<&OutlookRun::decompose>("decompose", "--decompose",
            QT_TRANSLATE_NOOP(
                "Option", "split each tier's growth from the first year to the last into one factor per driver group")),
        supplyUnitOption() };
    return table;
}

// ---- The drivers' words

namespace {

using D = OutlookDriver;

// In OutlookDriver's order. The knobs' words are the knob table's; the others are here.
const OutlookDriverText kDriverTexts[] = {
    { D::Tokens, std::nullopt, "tokens_per_day", QT_TRANSLATE_NOOP("OutlookDriver", "Tokens per day"), nullptr },
    // "%1 of %2": the knob's label, then the workload's name.
    { D::Context, KnobId::Context, nullptr, nullptr, QT_TRANSLATE_NOOP("OutlookDriver", "%1 of %2") },
    { D::MixShare, std::nullopt, "share", nullptr, QT_TRANSLATE_NOOP("OutlookDriver", "Share of %1") },
    { D::KvBits, KnobId::KvBits, nullptr, nullptr, nullptr },
    { D::MlaShare, std::nullopt, "mla_hybrid_share", QT_TRANSLATE_NOOP("OutlookDriver", "Share of MLA/hybrid models"),
        nullptr },
    { D::Reuse, KnobId::ReuseRate, nullptr, nullptr, nullptr },
    { D::HardwareGeneration, std::nullopt, "hardware_generation",
        QT_TRANSLATE_NOOP("OutlookDriver", "Hardware generation"), nullptr },
    { D::TtftTarget, std::nullopt, kTtftSecondsKey, QT_TRANSLATE_NOOP("OutlookDriver", "TTFT target"), nullptr },
    { D::OffloadRate, KnobId::OffloadRate, nullptr, nullptr, nullptr },
};

std::string looked(TextLookup lookup, const char* context, const char* source)
{
    return lookup ? lookup(context, source) : std::string(source);
}

/// `pattern` with "%1" to "%9" replaced by `args` (a translation may put them in any
/// order); the texts put in are not searched again.
std::string filled(const std::string& pattern, std::initializer_list<std::string> args)
{
    std::string out;
    for (size_t i = 0; i < pattern.size(); ++i) {
        const size_t n = i + 1 < pattern.size() ? size_t(pattern[i + 1] - '1') : args.size();
        if (pattern[i] == '%' && n < args.size()) {
            out += *(args.begin() + n);
            ++i;
            continue;
        }
        out += pattern[i];
    }
    return out;
}

/// "7.5×": a factor as the thesis writes it.
std::string times(double v)
{
    return formatSignificant(v, 3) + "×";
}

} // namespace

std::span<const OutlookDriverText> outlookDriverTexts()
{
    return kDriverTexts;
}

const OutlookDriverText& outlookDriverText(OutlookDriver driver)
{
    for (const OutlookDriverText& t : kDriverTexts)
        if (t.driver == driver)
            return t;
    throw std::logic_error("outlook: a driver without words");
}

std::string outlookDriverKey(OutlookDriver driver, const std::string& workload)
{
    const OutlookDriverText& t = outlookDriverText(driver);
    const std::string key = t.knob ? knobKey(*t.knob) : t.key;
    return t.perWorkload ? key + ":" + workload : key;
}

std::string outlookDriverLabel(OutlookDriver driver, const std::string& workloadName, TextLookup lookup)
{
    const OutlookDriverText& t = outlookDriverText(driver);
    if (!t.knob) {
        if (!t.perWorkload)
            return looked(lookup, "OutlookDriver", t.label);
        return filled(looked(lookup, "OutlookDriver", t.perWorkload), { workloadName });
    }
    const std::string label = looked(lookup, "Knob", knob(*t.knob).sensitivity.label);
    return t.perWorkload ? filled(looked(lookup, "OutlookDriver", t.perWorkload), { label, workloadName }) : label;
}

std::string outlookTokensText(double tokensPerDay, TextLookup lookup)
{
    const auto rounded = [](double v) { return formatCount(std::stod(formatSignificant(v, 3))); };
    if (std::abs(tokensPerDay) >= 1e12)
        return filled(looked(lookup, "OutlookText", QT_TRANSLATE_NOOP("OutlookText", "%1 trillion/day")),
            { rounded(tokensPerDay / 1e12) });
    return filled(
        looked(lookup, "OutlookText", QT_TRANSLATE_NOOP("OutlookText", "%1 tokens/day")), { rounded(tokensPerDay) });
}

std::string outlookPercentText(double share)
{
    return formatSignificant(100 * share, 3) + "%";
}

std::string outlookThesis(const OutlookDecomposition& d, TextLookup lookup)
{
    // The fastest-growing tier with a split, and the group that adds most to it.
    std::optional<Tier> fastest;
    for (Tier t : kTiers)
        if (d.missing[t].empty() && std::isfinite(d.index[t]) && (!fastest || d.index[t] > d.index[*fastest]))
            fastest = t;
    if (!fastest)
        return looked(lookup, "OutlookGroup", QT_TRANSLATE_NOOP("OutlookGroup", "No tier's growth can be split."));
    const Tier t = *fastest;
    int top = 0;
    for (int g = 1; g < kOutlookGroupCount; ++g)
        if (d.factor[size_t(g)][t] > d.factor[size_t(top)][t])
            top = g;
    const std::string tier = tierLabel(t);
    const std::string from = std::to_string(d.firstYear), to = std::to_string(d.lastYear);
    if (!(d.factor[size_t(top)][t] > 1))
        return filled(
            looked(lookup, "OutlookGroup",
                QT_TRANSLATE_NOOP("OutlookGroup", "%1 grows fastest: %2 from %3 to %4; no driver group raises it.")),
            { tier, times(d.index[t]), from, to });
    return filled(
        looked(lookup, "OutlookGroup",
            QT_TRANSLATE_NOOP("OutlookGroup", "%1 grows fastest: %2 from %3 to %4, most of it from %5 (%6).")),
        { tier, times(d.index[t]), from, to, looked(lookup, "OutlookGroup", outlookGroupLabel(OutlookGroup(top))),
            times(d.factor[size_t(top)][t]) });
}

std::string outlookCardWhere(const OutlookCard& card)
{
    return card.origin.empty() ? "outlook " + card.id : card.origin;
}

} // namespace kvtiers
