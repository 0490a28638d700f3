// What an outlook's fleets provision against what they need (docs/model.md, "Provisioned
// against needed"), and its HBM by memory generation ("HBM by generation"): provisioned bytes
// are each profile's servers × what its system card ships per GPU, the context-memory flash
// within the SSD's; a system for other hardware, or unknown, is refused naming the field;
// each generation's GPUs and HBM add up to the year's, and its shipments follow the stock and
// flow formula on its own installed base.

#include "core/analysis/Outlook.h"
#include "core/analysis/OutlookSupply.h"
#include "core/catalog/CardCatalog.h"
#include "core/io/InputError.h"
#include "tests/support/TestSupport.h"

#include <cmath>

using namespace kvtiers;

namespace {

const char* const kBuiltinOutlooks[] = { "steady", "efficiency", "agents-long-context", "agent-adoption" };

OutlookCard builtinOutlook(const std::string& id)
{
    return CardCatalog::builtin().resolveOutlook(id);
}

std::string errorOf(const OutlookCard& card)
{
    try {
        computeOutlook(CardCatalog::builtin(), card);
    } catch (const InputError& e) {
        return e.what();
    }
    return {};
}

bool near(double a, double b, double rel = 1e-12)
{
    return std::abs(a - b) <= rel * std::max(std::abs(a), std::abs(b));
}

} // namespace

class TestOutlookSystems : public QObject {
    Q_OBJECT
private slots:
    /// Each profile's provisioned bytes are its servers × its system's GPUs × the system's
    /// attach per GPU (the SSD's local NVMe plus its context-memory flash), HBM its fleet's
    /// GPUs × HBM; the year's installed bytes are their sums, and provisioned ÷ needed their
    /// ratio, for every built-in outlook and year.
    void provisionedIsServersTimesTheSystemsAttach()
    {
        const CardCatalog& catalog = CardCatalog::builtin();
        for (const char* id : kBuiltinOutlooks) {
            const OutlookCard card = builtinOutlook(id);
            QVERIFY2(!card.systems.empty(), id);
            const OutlookResult r = computeOutlook(catalog, card);
            for (const OutlookYearResult& y : r.years) {
                QCOMPARE(y.provisions.size(), y.fleets.size());
                OutlookTiers sum { 0, 0, 0 };
                double flash = 0;
                for (size_t i = 0; i < y.provisions.size(); ++i) {
                    const OutlookProvision& p = y.provisions[i];
                    const FleetResult& f = y.fleets[i];
                    QCOMPARE(p.hardware, f.entries.front().scenario.hardware.id);
                    QCOMPARE(p.system, card.systems.at(p.hardware));
                    const SystemCard& s = catalog.systems().at(p.system);
                    QCOMPARE(p.servers, f.servers);
                    QCOMPARE(p.bytes.hbm, f.hbmInstalledBytes);
                    QCOMPARE(p.bytes.dram, f.servers * s.gpus * s.perGpu.hostDramBytes);
                    QCOMPARE(p.bytes.ssd, f.servers * s.gpus * (s.perGpu.nvmeBytes + s.perGpu.contextFlashBytes));
                    QCOMPARE(p.contextFlashBytes, f.servers * s.gpus * s.perGpu.contextFlashBytes);
                    for (Tier t : kTiers) {
                        QCOMPARE(p.needed[t], f.bytes[t]);
                        sum[t] += p.bytes[t];
                    }
                    flash += p.contextFlashBytes;
                }
                QCOMPARE(y.hbmInstalledBytes, sum.hbm);
                QCOMPARE(y.dramInstalledBytes, sum.dram);
                QCOMPARE(y.nvmeInstalledBytes, sum.ssd);
                QCOMPARE(y.contextFlashBytes, flash);
                QCOMPARE(y.supply.installed.ssd, y.nvmeInstalledBytes);
                QCOMPARE(y.provisionedOverNeeded.hbm, y.hbmInstalledBytes / y.hbmBytes);
                QCOMPARE(y.provisionedOverNeeded.dram, y.dramInstalledBytes / y.dramBytes);
                QCOMPARE(y.provisionedOverNeeded.ssd, y.nvmeInstalledBytes / y.ssdBytes);
                // What is bought is never less than what is needed: the fleet is sized to fit.
                QVERIFY2(y.provisionedOverNeeded.hbm >= 1, id);
            }
        }
    }

    /// Rubin without its context-memory storage provisions exactly 16 TB per GPU less SSD
    /// (Citi's 1,152 TB per 72-GPU rack), needs exactly what it needed, and a profile naming
    /// no system provisions its hardware card's server.
    void theContextMemoryTierIsTheOnlyDifference()
    {
        const CardCatalog& catalog = CardCatalog::builtin();
        QCOMPARE(catalog.systems().at("vr-nvl72-icms").perGpu.contextFlashBytes * 72, 1152e12);
        const OutlookCard with = builtinOutlook("steady");
        OutlookCard without = with;
        without.systems["vr-nvl72"] = "vr-nvl72-rack";
        OutlookCard none = with;
        none.systems.clear();
        const OutlookResult a = computeOutlook(catalog, with), b = computeOutlook(catalog, without),
                            c = computeOutlook(catalog, none);
        bool rubin = false;
        for (size_t i = 0; i < a.years.size(); ++i) {
            const OutlookYearResult &x = a.years[i], &y = b.years[i], &z = c.years[i];
            QCOMPARE(y.ssdBytes, x.ssdBytes);
            QCOMPARE(y.hbmBytes, x.hbmBytes);
            QCOMPARE(y.contextFlashBytes, 0.0);
            QVERIFY(near(x.nvmeInstalledBytes - y.nvmeInstalledBytes, x.contextFlashBytes, 1e-9));
            double rubinGpus = 0;
            for (const OutlookProvision& p : x.provisions)
                if (p.hardware == "vr-nvl72")
                    rubinGpus += p.servers * 72;
            QVERIFY(near(x.contextFlashBytes, rubinGpus * 16e12));
            rubin = rubin || rubinGpus > 0;
            for (const OutlookProvision& p : z.provisions) {
                QVERIFY(p.system.empty());
                const HardwareCard& h = catalog.hardware().at(p.hardware);
                QCOMPARE(p.bytes.dram, p.servers * h.hostDramBytes);
                QCOMPARE(p.bytes.ssd, p.servers * h.nvmeBytes);
            }
        }
        QVERIFY2(rubin, "steady puts some traffic on Vera Rubin");
    }

    /// A system for other hardware, an unknown system, or a card whose system's HBM differs
    /// from its hardware's, is refused naming the card's field and saying why.
    void aWrongSystemIsRefusedNamingTheField()
    {
        OutlookCard card = builtinOutlook("steady");
        card.origin = "mine.json";
        card.systems["h200-sxm"] = "dgx-b200";
        QString e = QString::fromStdString(errorOf(card));
        QVERIFY2(e.contains("mine.json: systems.h200-sxm") && e.contains("sized on hardware \"b200\""), qPrintable(e));
        card.systems["h200-sxm"] = "dgx-h300";
        e = QString::fromStdString(errorOf(card));
        QVERIFY2(e.contains("systems.h200-sxm: unknown system \"dgx-h300\" (known: dgx-b200"), qPrintable(e));

        CardCatalog catalog = CardCatalog::builtin();
        Json s = catalog.systems().at("dgx-h200").toJson();
        s["id"] = "dgx-h200-big";
        s["per_gpu"]["hbm_bytes"] = 150e9;
        catalog.addCard(CardKind::System, s.dump(), "big.json");
        card.systems["h200-sxm"] = "dgx-h200-big";
        try {
            computeOutlook(catalog, card);
            QFAIL("a system whose HBM is not its hardware's was accepted");
        } catch (const InputError& err) {
            e = QString::fromUtf8(err.what());
        }
        QVERIFY2(e.contains("systems.h200-sxm (dgx-h200-big): per_gpu.hbm_bytes: ")
                && e.contains("differs from hardware card \"h200-sxm\""),
            qPrintable(e));

        // A system card names what its context-memory tier is.
        s["per_gpu"]["context_flash_bytes"] = 1e12;
        try {
            catalog.addCard(CardKind::System, s.dump(), "flash.json");
            QFAIL("a context-memory tier without a name was accepted");
        } catch (const InputError& err) {
            QVERIFY2(QString::fromUtf8(err.what()).contains("flash.json.context_flash: missing"), err.what());
        }
    }

    /// The card's systems survive a write and a read.
    void systemsRoundTrip()
    {
        const OutlookCard card = builtinOutlook("agents-long-context");
        const OutlookCard back = parseOutlookCard(outlookCardToJson(card), card.origin);
        QCOMPARE(back.systems, card.systems);
        QVERIFY(back == card);
    }

    /// Each year's generations add up to its GPUs and HBM, and each generation's shipments
    /// are max(0, B − B before) + B before ÷ L on its own base (0 where it is new), which
    /// together are at least the tier's shipments.
    void generationsAddUpAndShipFromTheirOwnBase()
    {
        for (const char* id : kBuiltinOutlooks) {
            const OutlookResult r = computeOutlook(CardCatalog::builtin(), builtinOutlook(id));
            for (size_t i = 0; i < r.years.size(); ++i) {
                const OutlookYearResult& y = r.years[i];
                double gpus = 0, installed = 0, needed = 0, shipped = 0;
                for (const OutlookGenerationShare& g : y.generations) {
                    QVERIFY2(g.generation != kUnstatedGeneration, id);
                    gpus += g.gpus;
                    installed += g.hbmInstalledBytes;
                    needed += g.hbmBytes;
                    QCOMPARE(g.shipments.has_value(), i > 0);
                    if (i == 0)
                        continue;
                    double before = 0;
                    for (const OutlookGenerationShare& b : r.years[i - 1].generations)
                        if (b.generation == g.generation)
                            before = b.hbmInstalledBytes;
                    QCOMPARE(
                        *g.shipments, std::max(0.0, g.hbmInstalledBytes - before) + before / r.serviceLifeYears.hbm);
                    shipped += *g.shipments;
                }
                QVERIFY(near(gpus, y.gpus, 1e-12));
                QVERIFY(near(installed, y.hbmInstalledBytes, 1e-12));
                QVERIFY(near(needed, y.hbmBytes, 1e-12));
                if (i > 0)
                    QVERIFY2(shipped >= y.supply.shipments->hbm * (1 - 1e-12), id);
            }
        }
        // steady moves from HBM3E to HBM4 (Rubin and MI455X) within its years.
        const OutlookResult s = computeOutlook(CardCatalog::builtin(), builtinOutlook("steady"));
        QCOMPARE(s.years.front().generations.size(), size_t(1));
        QCOMPARE(s.years.front().generations.front().generation, std::string("HBM3E"));
        QCOMPARE(s.years.back().generations.back().generation, std::string("HBM4"));
    }

    /// A memory generation is upper case and one the industry reports; a card without one
    /// counts as "unstated".
    void aBadGenerationIsRefusedNamingTheField()
    {
        Json h = CardCatalog::builtin().hardware().at("h200-sxm").toJson();
        QCOMPARE(h["gpu"]["hbm_generation"].get<std::string>(), std::string("HBM3E"));
        h["gpu"]["hbm_generation"] = "hbm3e";
        try {
            parseHardwareCard(h, "h.json");
            QFAIL("a lower-case generation was accepted");
        } catch (const InputError& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains("h.json.gpu.hbm_generation: \"hbm3e\" is not a memory "
                                                          "generation"),
                e.what());
        }
        h["gpu"].erase("hbm_generation");
        QVERIFY(parseHardwareCard(h, "h.json").hbmGeneration.empty());
        OutlookYearResult y;
        FleetResult f;
        f.gpus = 8;
        f.hbmInstalledBytes = 8 * 141e9;
        FleetEntryResult e;
        e.scenario.hardware = parseHardwareCard(h, "h.json");
        f.entries.push_back(e);
        y.fleets.push_back(f);
        const auto g = outlookGenerationShares(y);
        QCOMPARE(g.size(), size_t(1));
        QCOMPARE(g.front().generation, std::string(kUnstatedGeneration));
        QCOMPARE(g.front().hbmInstalledBytes, 8 * 141e9);
    }
};

QTEST_GUILESS_MAIN(TestOutlookSystems)
#include "tst_outlook_systems.moc"
