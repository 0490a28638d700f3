#include "core/analysis/OutlookSupply.h"

#include "core/cards/BuiltinCards.h"
#include "core/io/InputError.h"
#include "core/io/Units.h"

#include <algorithm>
#include <cmath>

namespace kvtiers {

const BitSupplyFigure* BitSupply::find(int year, Tier tier) const
{
    for (const BitSupplyYear& y : years)
        if (y.year == year)
            return y.figure[tier] ? &*y.figure[tier] : nullptr;
    return nullptr;
}

BitSupply parseBitSupply(const Json& json, const std::string& origin)
{
    if (!json.is_object())
        throw InputError(origin + ": a bit-supply series is a JSON object");
    const JsonObject o(json, origin);
    o.rejectUnknownKeys(
        { "id", "name", "unit", "notes", "service_life_years", "service_life_source", "sources", "years" });
    BitSupply out;
    out.origin = origin;
    out.id = o.requireString("id");
    out.name = o.requireString("name");
    out.notes = o.optionalString("notes").value_or("");
    // The unit is required: a figure without one is where bits get written as bytes.
    if (!o.has("unit"))
        o.fail("unit", "missing: say what the figures count, \"bytes\" (decimal bytes) or \"Gb\" (gigabits)");
    const std::string unit = o.requireString("unit");
    if (unit != "bytes" && unit != "Gb")
        o.fail("unit", "\"" + unit + "\" is not a unit: give \"bytes\" (decimal bytes) or \"Gb\" (gigabits)");
    const bool gigabits = unit == "Gb";
    out.sources = readSources(o);
    const auto sourceIndex = [&](const JsonObject& at, std::string_view key) {
        return int(at.requireInteger(key, 0, std::int64_t(out.sources.size()) - 1));
    };
    const JsonObject life = o.requireObject("service_life_years");
    life.rejectUnknownKeys({ "hbm", "dram", "nand" });
    for (Tier t : kTiers)
        out.serviceLifeYears[t] = life.requireNumber(supplyTierKey(t), 0.5, 50);
    out.serviceLifeSource = sourceIndex(o, "service_life_source");
    const Json& years = o.requireArray("years");
    for (size_t i = 0; i < years.size(); ++i) {
        const std::string at = origin + ": years[" + std::to_string(i) + "]";
        if (!years[i].is_object())
            throw InputError(at + ": a year must be an object");
        const JsonObject y(years[i], at);
        y.rejectUnknownKeys({ "year", "hbm", "dram", "nand", "sources" });
        BitSupplyYear year;
        year.year = int(y.requireInteger("year", 1900, 3000));
        if (!out.years.empty() && year.year <= out.years.back().year)
            y.fail("year",
                "years must increase: " + std::to_string(year.year) + " follows "
                    + std::to_string(out.years.back().year));
        const JsonObject src = y.requireObject("sources");
        for (Tier t : kTiers) {
            const char* key = supplyTierKey(t);
            const auto v = y.optionalNumber(key, 0, 1e30);
            if (!v)
                continue;
            if (!src.has(key))
                src.fail(key, "missing: every figure cites a source");
            BitSupplyFigure f;
            f.bytes = gigabits ? gigabitsToBytes(*v) : *v;
            f.source = sourceIndex(src, key);
            f.assumption = isAssumption(out.sources[size_t(f.source)]);
            year.figure[t] = f;
        }
        out.years.push_back(std::move(year));
    }
    return out;
}

const BitSupply& builtinBitSupply()
{
    static const BitSupply supply = [] {
        for (const auto& f : builtinCardFiles())
            if (f.kind == "supply" && f.file == "bit-supply.json")
                return parseBitSupply(
                    parseStrictJson(f.text, "models/supply/bit-supply.json"), "models/supply/bit-supply.json");
        throw InputError("models/supply/bit-supply.json: not built in");
    }();
    return supply;
}

double outlookShipments(double installed, double installedBefore, double serviceLifeYears)
{
    return std::max(0.0, installed - installedBefore) + installedBefore / serviceLifeYears;
}

SupplyUnitSuspect suspectSupplyUnit(double cardBytes, double builtinBytes)
{
    if (!(cardBytes > 0) || !(builtinBytes > 0))
        return SupplyUnitSuspect::None;
    const double r = cardBytes / builtinBytes;
    if (r >= 4 && r <= 16)
        return SupplyUnitSuspect::BitsAsBytes;
    if (r >= 1.0 / 16 && r <= 1.0 / 4)
        return SupplyUnitSuspect::BytesAsBits;
    return SupplyUnitSuspect::None;
}

} // namespace kvtiers
