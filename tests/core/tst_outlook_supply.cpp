// Outlook supply, stock and flow (docs/model.md, "Outlook: supply, stock and flow"):
// shipments follow max(0, B_t − B_{t−1}) + B_{t−1} ÷ L exactly in growing and shrinking
// years (the first year has none); gigabits are bytes × 8 ÷ 10⁹ exactly; the built-in
// series cites a source for every figure and marks the years past the last published one
// as assumptions; a card's supply must state its unit, and a figure 4–16× (1/16–1/4×) the
// built-in one is flagged as bits written as bytes (or the reverse).

#include "core/analysis/Outlook.h"
#include "core/analysis/OutlookSupply.h"
#include "core/io/InputError.h"
#include "tests/support/TestSupport.h"

#include <cmath>

using namespace kvtiers;

namespace {

OutlookYear year(int y, double tokens)
{
    OutlookYear out;
    out.year = y;
    out.tokensPerDay = tokens;
    out.mix = { { "chat", 1, {} } };
    out.hardware = { { "h200-sxm", 1 } };
    out.targets.ttftSeconds = 30;
    out.targets.tpotSeconds = 0.1;
    return out;
}

OutlookCard card(std::vector<OutlookYear> years)
{
    OutlookCard c;
    c.id = "test";
    c.name = "test";
    c.origin = "test.json";
    c.sources = { { "Assumption: a test", "https://example.org", "built in the test" } };
    c.years = std::move(years);
    return c;
}

/// A card with one 2027 year whose supply object is `supply`.
Json cardWithSupply(const Json& supply)
{
    return { { "id", "s" }, { "name", "s" }, { "status", "scenario" },
        { "sources", { { { "title", "Assumption: t" }, { "url", "" }, { "note", "n" } } } },
        { "years",
            { { { "year", 2027 }, { "tokens_per_day", 1e12 }, { "mix", { { "chat", 1 } } }, { "hardware", "h200-sxm" },
                { "supply", supply },
                { "sources", { { "tokens_per_day", 0 }, { "mix", 0 }, { "hardware", 0 }, { "supply", 0 } } } } } } };
}

std::string errorOf(const Json& j)
{
    try {
        parseOutlookCard(j, "s.json");
    } catch (const InputError& e) {
        return e.what();
    }
    return {};
}

} // namespace

class TestOutlookSupply : public QObject {
    Q_OBJECT
private slots:
    /// Check 4: gigabits = bytes × 8 ÷ 10⁹, bit for bit, and back.
    void gigabitsAreBytesTimesEightOverTenToTheNine()
    {
        for (double b : { 0.0, 1.0, 1.25e8, 3.75e18, 1.18e21, 123456789.0, 7.1e-3 }) {
            QCOMPARE(bytesToGigabits(b), b * 8 / 1e9);
            QCOMPARE(gigabitsToBytes(b), b * 1e9 / 8);
        }
        QCOMPARE(bytesToGigabits(3.75e18), 3e10); // TrendForce's 30 billion Gb of HBM in 2026
    }

    /// Check 4: shipments = max(0, B_t − B_{t−1}) + B_{t−1} ÷ L in a growing year and a
    /// shrinking one, per tier, from the fleet's own installed bytes; none in the first year.
    void shipmentsFollowTheFormulaGrowingAndShrinking()
    {
        // 2027 grows four-fold; 2028 falls back below 2026.
        const OutlookResult r
            = computeOutlook(CardCatalog::builtin(), card({ year(2026, 2e12), year(2027, 8e12), year(2028, 1e12) }));
        QCOMPARE(r.years.size(), size_t(3));
        QVERIFY(!r.years[0].supply.shipments.has_value());
        for (size_t i = 1; i < 3; ++i) {
            const OutlookYearSupply& s = r.years[i].supply;
            const OutlookYearSupply& before = r.years[i - 1].supply;
            QVERIFY(s.shipments.has_value());
            for (Tier t : kTiers) {
                const double L = r.serviceLifeYears[t];
                const double b = s.installed[t], b0 = before.installed[t];
                QVERIFY2(b > 0 && b0 > 0, tierKey(t));
                QCOMPARE((*s.shipments)[t], std::max(0.0, b - b0) + b0 / L);
            }
        }
        // The installed base is the fleet's: GPUs × HBM, servers × DRAM and NVMe.
        const OutlookYearResult& y = r.years[1];
        QCOMPARE(y.supply.installed.hbm, y.hbmInstalledBytes);
        QCOMPARE(y.supply.installed.dram, y.dramInstalledBytes);
        QCOMPARE(y.supply.installed.ssd, y.nvmeInstalledBytes);
        // Shrinking: only replacement ships.
        const OutlookYearSupply& shrink = r.years[2].supply;
        QVERIFY(shrink.installed.hbm < r.years[1].supply.installed.hbm);
        QCOMPARE(shrink.shipments->hbm, r.years[1].supply.installed.hbm / r.serviceLifeYears.hbm);
        QCOMPARE(outlookShipments(10, 20, 5), 4.0);
        QCOMPARE(outlookShipments(30, 20, 5), 14.0);
    }

    /// Need and shipments as shares of the built-in series where the card gives no supply,
    /// with the built-in figure marked published or assumed as its source says.
    void sharesUseTheBuiltInSeriesMarkingAssumptions()
    {
        const BitSupply& b = builtinBitSupply();
        const OutlookResult r
            = computeOutlook(CardCatalog::builtin(), card({ year(2026, 2e12), year(2027, 4e12), year(2040, 4e12) }));
        // 2026: TrendForce's 30 billion Gb of HBM (May 2025), a published figure.
        const OutlookYearSupply& s = r.years[0].supply;
        QCOMPARE(s.supply.hbm, gigabitsToBytes(3.0e10));
        QCOMPARE(s.origin.hbm, SupplyOrigin::Builtin);
        QCOMPARE(s.needShare.hbm, r.years[0].hbmBytes / s.supply.hbm);
        QCOMPARE(s.needShare.ssd, r.years[0].ssdBytes / s.supply.ssd);
        QVERIFY(std::isnan(s.shipmentShare.hbm)); // no shipments in the first year
        const OutlookYearSupply& s1 = r.years[1].supply;
        QCOMPARE(s1.origin.hbm, SupplyOrigin::BuiltinAssumption); // past 2026: an assumption
        QCOMPARE(s1.origin.ssd, SupplyOrigin::Builtin);           // NAND is published to 2028
        for (Tier t : kTiers)
            QCOMPARE(s1.shipmentShare[t], (*s1.shipments)[t] / s1.supply[t]);
        // A year the series does not reach has no supply and no shares.
        QCOMPARE(r.years[2].supply.origin.dram, SupplyOrigin::None);
        QVERIFY(std::isnan(r.years[2].supply.needShare.dram));
        // Every built-in figure cites a source; the assumed ones cite an "Assumption:".
        for (const BitSupplyYear& y : b.years)
            for (Tier t : kTiers) {
                QVERIFY(y.figure[t].has_value());
                const BitSupplyFigure& f = *y.figure[t];
                QCOMPARE(f.assumption, isAssumption(b.sources[size_t(f.source)]));
                QVERIFY2(f.assumption || !b.sources[size_t(f.source)].date.empty(), "a published figure is dated");
            }
        QCOMPARE(b.serviceLifeYears.hbm, 5.0); // Amazon's 2024 10-K: servers' useful life 6 → 5 years
    }

    /// A supply without a unit is refused naming the field; a wrong unit too; the old
    /// unit-less supply_bytes is refused saying what to write.
    void supplyUnitIsRequired()
    {
        const std::string none = errorOf(cardWithSupply({ { "hbm", 3.75e18 } }));
        QVERIFY2(none.find("s.json: years[0] (2027).supply.unit: missing") != std::string::npos, none.c_str());
        const std::string bad = errorOf(cardWithSupply({ { "unit", "GB" }, { "hbm", 3.75e18 } }));
        QVERIFY2(bad.find("supply.unit") != std::string::npos && bad.find("\"GB\" is not a unit") != std::string::npos,
            bad.c_str());
        Json old = cardWithSupply({ { "unit", "bytes" } });
        old["years"][0].erase("supply");
        old["years"][0]["supply_bytes"] = { { "hbm", 3.75e18 } };
        const std::string legacy = errorOf(old);
        QVERIFY2(legacy.find("supply_bytes: no longer read") != std::string::npos, legacy.c_str());
        // Gb and bytes read to the same bytes, and write back in the card's unit.
        const OutlookCard gb = parseOutlookCard(cardWithSupply({ { "unit", "Gb" }, { "hbm", 3e10 } }), "s.json");
        const OutlookCard bytes
            = parseOutlookCard(cardWithSupply({ { "unit", "bytes" }, { "hbm", 3.75e18 } }), "s.json");
        QCOMPARE(*gb.years[0].supply.hbm, *bytes.years[0].supply.hbm);
        QCOMPARE(outlookCardToJson(gb)["years"][0]["supply"]["unit"].get<std::string>(), std::string("Gb"));
        QCOMPARE(outlookCardToJson(gb)["years"][0]["supply"]["hbm"].get<double>(), 3e10);
    }

    /// A figure 4–16× the built-in one looks like bits written as bytes; 1/16–1/4×, bytes
    /// written as bits; within 4× either way, nothing. The docs' old "dram": 2.5e20 is one.
    void bitsWrittenAsBytesAreFlagged()
    {
        QCOMPARE(suspectSupplyUnit(8, 1), SupplyUnitSuspect::BitsAsBytes);
        QCOMPARE(suspectSupplyUnit(4, 1), SupplyUnitSuspect::BitsAsBytes);
        QCOMPARE(suspectSupplyUnit(16, 1), SupplyUnitSuspect::BitsAsBytes);
        QCOMPARE(suspectSupplyUnit(1.0 / 8, 1), SupplyUnitSuspect::BytesAsBits);
        QCOMPARE(suspectSupplyUnit(3.9, 1), SupplyUnitSuspect::None);
        QCOMPARE(suspectSupplyUnit(17, 1), SupplyUnitSuspect::None);
        QCOMPARE(suspectSupplyUnit(0.26, 1), SupplyUnitSuspect::None);
        const BitSupply& b = builtinBitSupply();
        OutlookYear y = year(2026, 2e12);
        y.supply.dram = 2.5e20;                            // the old docs' example: bits written as bytes
        y.supply.hbm = b.find(2026, Tier::Hbm)->bytes / 8; // bytes written as bits
        y.supply.ssd = b.find(2026, Tier::Ssd)->bytes * 2; // a different view, not a unit slip
        const OutlookResult r = computeOutlook(CardCatalog::builtin(), card({ y }));
        QCOMPARE(r.warnings.size(), size_t(2));
        QVERIFY2(r.warnings[0].find("supply.hbm") != std::string::npos
                && r.warnings[0].find("bytes written as bits") != std::string::npos,
            r.warnings[0].c_str());
        QVERIFY2(r.warnings[1].find("test.json: years[0] (2026): supply.dram") != std::string::npos
                && r.warnings[1].find("bits written as bytes") != std::string::npos,
            r.warnings[1].c_str());
        // The card's figure is used as given (a warning, not a correction).
        QCOMPARE(r.years[0].supply.supply.dram, 2.5e20);
        QCOMPARE(r.years[0].supply.origin.dram, SupplyOrigin::Card);
    }

    /// The series file itself: a unit is required there too, naming the field.
    void builtInSeriesNeedsAUnit()
    {
        Json j = { { "id", "x" }, { "name", "x" },
            { "service_life_years", { { "hbm", 5 }, { "dram", 5 }, { "nand", 5 } } }, { "service_life_source", 0 },
            { "sources", { { { "title", "t" }, { "url", "https://example.org" }, { "note", "n" } } } },
            { "years", Json::array() } };
        try {
            parseBitSupply(j, "x.json");
            QFAIL("a series without a unit was read");
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).find("x.json.unit: missing") != std::string::npos, e.what());
        }
        j["unit"] = "Gb";
        QCOMPARE(parseBitSupply(j, "x.json").id, std::string("x"));
    }
};

QTEST_GUILESS_MAIN(TestOutlookSupply)
#include "tst_outlook_supply.moc"
