#pragma once
// The industry's bit supply and the fleet's stock and flow (docs/model.md, "Outlook: supply,
// stock and flow"). The built-in series (models/supply/bit-supply.json) gives HBM,
// conventional DRAM and NAND gigabits per year, each figure citing a source or an
// assumption, and each tier's service life. An outlook year compares with it the fleet's
// installed base B (a stock) and its shipments (a flow): max(0, B_t − B_{t−1}) + B_{t−1} ÷ L.

#include "core/cards/OutlookCard.h"
#include "core/cards/Source.h"
#include "core/cards/Tier.h"
#include "core/io/Json.h"

#include <optional>
#include <string>
#include <vector>

namespace kvtiers {

/// One tier's supply in one year of the built-in series.
struct BitSupplyFigure {
    double bytes = 0;        ///< decimal bytes (the file's gigabits × 10⁹ ÷ 8)
    int source = 0;          ///< index into BitSupply::sources
    bool assumption = false; ///< its source is an assumption: past the last published year
};

struct BitSupplyYear {
    int year = 0;
    PerTier<std::optional<BitSupplyFigure>> figure;
};

struct BitSupply {
    std::string id, name, notes, origin;
    std::vector<Source> sources;
    std::vector<BitSupplyYear> years; ///< strictly increasing
    PerTier<double> serviceLifeYears { 5, 5, 5 };
    int serviceLifeSource = 0;
    /// The year's figure for a tier, if the series gives one.
    const BitSupplyFigure* find(int year, Tier tier) const;
};

/// Reads a bit-supply series. Throws InputError naming `origin` and the field.
BitSupply parseBitSupply(const Json& json, const std::string& origin);
/// The built-in series, read once.
const BitSupply& builtinBitSupply();

/// A year's shipments of a tier: max(0, B − B before) + B before ÷ L, L in years.
double outlookShipments(double installed, double installedBefore, double serviceLifeYears);

/// How far a card's supply figure is from the built-in one: 4–16× reads as bits written as
/// bytes, 1/16–1/4× as bytes written as bits (a byte is 8 bits).
enum class SupplyUnitSuspect { None, BitsAsBytes, BytesAsBits };
SupplyUnitSuspect suspectSupplyUnit(double cardBytes, double builtinBytes);

/// The caveat every share of supply is printed with.
inline constexpr const char* kSupplyShareCaveat = "inference serving only; training, idle and non-AI demand excluded";

} // namespace kvtiers
