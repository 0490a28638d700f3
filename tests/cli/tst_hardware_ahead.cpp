// The accelerators on the vendors' roadmaps (docs/cards.md, "The accelerators ahead"): each
// new card's HBM size and bandwidth are the figures its source notes quote, every source
// note says what kind of source it is; a card built on an announcement reads as announced
// and the CLI says so wherever it names it; a bad status or vendor is refused naming the file
// and the field; every card has a vendor, and the outlook's split by vendor sums to each
// year's GPUs and HBM, installed and needed.

#include "core/analysis/Outlook.h"
#include "core/catalog/CardCatalog.h"
#include "core/io/Json.h"
#include "core/io/Units.h"
#include "core/report/OutlookReport.h"
#include "tests/support/CliRun.h"
#include "tests/support/TestSupport.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using namespace kvtiers;
using namespace kvtiers::test;

namespace {

/// The new cards and whether each stands on an announcement.
const std::map<std::string, bool> kAhead = {
    { "vr-nvl72", true },
    { "mi455x-helios", true },
    { "tpu-v6e", false },
    { "tpu7x", false },
    { "trainium2", false },
    { "trainium3", false },
};

/// "1,299" → 1299.
double number(std::string text)
{
    std::erase(text, ',');
    return std::stod(text);
}

/// Every HBM capacity a note quotes, in bytes: "288 GB HBM4", "96 GiB device memory",
/// "192 GiB HBM per chip" (a capacity is a figure in GB or GiB directly before "HBM" or
/// "device memory").
std::vector<double> quotedCapacities(const std::string& note)
{
    static const std::regex re(R"((\d[\d,]*(?:\.\d+)?) (GB|GiB) (?:of )?(?:HBM|device memory))");
    std::vector<double> out;
    for (auto it = std::sregex_iterator(note.begin(), note.end(), re); it != std::sregex_iterator(); ++it)
        out.push_back(number((*it)[1]) * ((*it)[2] == "GiB" ? double(1ull << 30) : 1e9));
    return out;
}

/// Every bandwidth a note quotes, in bytes/s: "22 TB/s", "2.9 TB/sec", "1638 GBps".
std::vector<double> quotedBandwidths(const std::string& note)
{
    static const std::regex re(R"((\d[\d,]*(?:\.\d+)?) ?(TB/s|TB/sec|GBps|GB/s)\b)");
    std::vector<double> out;
    for (auto it = std::sregex_iterator(note.begin(), note.end(), re); it != std::sregex_iterator(); ++it) {
        const std::string unit = (*it)[2];
        out.push_back(number((*it)[1]) * (unit.starts_with("TB") ? 1e12 : 1e9));
    }
    return out;
}

bool quotes(const std::vector<Source>& sources, double value, std::vector<double> (*parse)(const std::string&))
{
    for (const Source& s : sources)
        for (double q : parse(s.note))
            if (q == value)
                return true;
    return false;
}

OutlookCard builtinOutlook(const std::string& id)
{
    return CardCatalog::builtin().resolveOutlook(id);
}

} // namespace

class TestHardwareAhead : public QObject {
    Q_OBJECT
private slots:
    /// The parser itself: a quote in GiB is 2^30 bytes, one in GB 1e9, a comma a thousands
    /// separator; a figure not followed by HBM or device memory is no capacity.
    void theQuoteParserReadsUnits()
    {
        QCOMPARE(quotedCapacities("per chip: 96 GiB device memory, 2.9 TB/sec"),
            (std::vector<double> { 96.0 * (1ull << 30) }));
        QCOMPARE(quotedBandwidths("per chip: 96 GiB device memory, 2.9 TB/sec"), (std::vector<double> { 2.9e12 }));
        QCOMPARE(
            quotedCapacities("per GPU: 288 GB HBM4, 22 TB/s; host 1,536 GiB DRAM"), (std::vector<double> { 288e9 }));
        QCOMPARE(quotedBandwidths("32 GB HBM, 1638 GBps"), (std::vector<double> { 1.638e12 }));
        QCOMPARE(quotedCapacities("HBM3E 12-high"), std::vector<double> {});
    }

    /// Each new card's HBM bytes and bandwidth are a figure one of its source notes quotes
    /// (so a card edited away from its source, or a note rewritten, fails here), and every
    /// source note says what kind of source it is, and every source has a publisher and a date.
    void eachNewCardHoldsItsSourcesFigures()
    {
        const auto& cards = CardCatalog::builtin().hardware();
        for (const auto& [id, announced] : kAhead) {
            QVERIFY2(cards.contains(id), id.c_str());
            const HardwareCard& h = cards.at(id);
            QVERIFY2(quotes(h.sources, h.hbmBytes, quotedCapacities),
                (id + ": hbm_bytes " + std::to_string(h.hbmBytes) + " is quoted by no source note").c_str());
            QVERIFY2(quotes(h.sources, h.hbmBandwidth, quotedBandwidths),
                (id + ": hbm bandwidth " + std::to_string(h.hbmBandwidth) + " is quoted by no source note").c_str());
            for (const Source& s : h.sources) {
                const bool kind = s.note.find("datasheet") != std::string::npos
                    || s.note.find("vendor announcement") != std::string::npos
                    || s.note.find("press") != std::string::npos;
                QVERIFY2(kind, (id + ": " + s.title + ": the note does not say the source's kind").c_str());
                QVERIFY2(!s.publisher.empty() && !s.date.empty(), (id + ": " + s.title).c_str());
            }
            // A card built on an announcement says so in a source's note.
            if (announced)
                QVERIFY2(std::any_of(h.sources.begin(), h.sources.end(),
                             [](const Source& s) { return s.note.find("vendor announcement") != std::string::npos; }),
                    id.c_str());
        }
    }

    /// Check 6 for the system cards: each system's HBM per GPU and HBM bandwidth are figures
    /// one of its source notes quotes, equal its hardware card's, its GPUs that card's GPUs per
    /// server; an announced system says so in a source note, as an announced card does.
    void eachSystemHoldsItsSourcesFiguresAndItsHardwares()
    {
        const CardCatalog& catalog = CardCatalog::builtin();
        QVERIFY(catalog.systems().size() >= 7);
        for (const auto& [id, s] : catalog.systems()) {
            QVERIFY2(quotes(s.sources, s.perGpu.hbmBytes, quotedCapacities),
                (id + ": per_gpu.hbm_bytes is quoted by no source note").c_str());
            QVERIFY2(quotes(s.sources, s.perGpu.hbmBandwidth, quotedBandwidths),
                (id + ": per_gpu.hbm_bandwidth_bytes_per_s is quoted by no source note").c_str());
            QVERIFY2(catalog.hardware().contains(s.hardware), id.c_str());
            const HardwareCard& h = catalog.hardware().at(s.hardware);
            QCOMPARE(s.perGpu.hbmBytes, h.hbmBytes);
            QCOMPARE(s.perGpu.hbmBandwidth, h.hbmBandwidth);
            QCOMPARE(s.gpus, h.gpusPerServer);
            QCOMPARE(s.status, h.status);
            for (const Source& src : s.sources)
                QVERIFY2(!src.publisher.empty() && !src.date.empty(), (id + ": " + src.title).c_str());
            if (s.status == HardwareStatus::Announced)
                QVERIFY2(
                    std::any_of(s.sources.begin(), s.sources.end(),
                        [](const Source& src) { return src.note.find("vendor announcement") != std::string::npos; }),
                    id.c_str());
            // The card round-trips through its JSON.
            const SystemCard back = parseSystemCard(s.toJson(), id);
            QCOMPARE(back.provisionedPerGpu().ssd, s.provisionedPerGpu().ssd);
            QCOMPARE(back.contextFlashName, s.contextFlashName);
        }
    }

    /// Every hardware card's memory generation is named in its sources' notes or its own
    /// notes (so a generation is never typed without a source), and every card an outlook
    /// uses has one.
    void eachMemoryGenerationIsSourced()
    {
        const CardCatalog& catalog = CardCatalog::builtin();
        const auto lower = [](std::string t) {
            std::transform(t.begin(), t.end(), t.begin(), [](unsigned char c) { return std::tolower(c); });
            return t;
        };
        for (const auto& [id, h] : catalog.hardware()) {
            if (h.hbmGeneration.empty())
                continue;
            std::string text = lower(h.notes + " " + h.name);
            for (const Source& s : h.sources)
                text += " " + lower(s.note);
            QVERIFY2(text.find(lower(h.hbmGeneration)) != std::string::npos,
                (id + ": " + h.hbmGeneration + " is named by no source note").c_str());
        }
        for (const auto& [id, card] : catalog.outlooks())
            for (const OutlookYear& y : card.years)
                for (const OutlookHardwareShare& p : y.hardware)
                    QVERIFY2(
                        !catalog.hardware().at(p.hardware).hbmGeneration.empty(), (id + ": " + p.hardware).c_str());
    }

    void announcedCardsReadAsAnnounced()
    {
        const auto& cards = CardCatalog::builtin().hardware();
        for (const auto& [id, card] : cards) {
            const bool announced = kAhead.contains(id) && kAhead.at(id);
            QCOMPARE(card.announced(), announced);
            QCOMPARE(hardwareDisplayName(card), announced ? card.name + " (announced)" : card.name);
            // The status round-trips through the card's JSON.
            QCOMPARE(parseHardwareCard(card.toJson(), id).status, card.status);
        }
        QCOMPARE(std::string(hardwareStatusName(HardwareStatus::Announced)), std::string("announced"));
    }

    void aBadStatusOrVendorIsRefusedNamingFileAndField()
    {
        Json j = CardCatalog::builtin().hardware().at("b300").toJson();
        j["status"] = "rumoured";
        KV_CHECK(expectInputError(
            [&] { parseHardwareCard(j, "cards/b300-next.json"); }, { "cards/b300-next.json", "status", "rumoured" }));
        j["status"] = "shipping";
        j["vendor"] = "Big Co";
        KV_CHECK(expectInputError([&] { parseHardwareCard(j, "cards/b300-next.json"); },
            { "cards/b300-next.json", "vendor", "not a vendor name" }));
        // Without a vendor, the first word of the name (the rule docs/cards.md gives).
        j.erase("vendor");
        j["name"] = "Acme X1, 8-chip server";
        QCOMPARE(parseHardwareCard(j, "x").vendor, std::string("Acme"));
    }

    /// Every built-in card names its vendor in its file, one of the four the outlook splits by.
    void everyBuiltinCardNamesItsVendor()
    {
        const std::set<std::string> vendors = { "NVIDIA", "AMD", "Google", "AWS" };
        std::set<std::string> seen;
        for (const auto& [id, card] : CardCatalog::builtin().hardware()) {
            QVERIFY2(vendors.contains(card.vendor), (id + ": " + card.vendor).c_str());
            seen.insert(card.vendor);
        }
        QCOMPARE(seen, vendors);
    }

    /// The new cards continue their vendors' lines: Rubin after GB300, MI455X after MI355X,
    /// and lines of their own for Google's TPUs and AWS's Trainium.
    void theNewCardsStandOnTheirLines()
    {
        const auto ladder = outlookHardwareLadder(CardCatalog::builtin());
        const auto lineOf = [&](const std::string& id) {
            for (const auto& line : ladder)
                if (std::find(line.begin(), line.end(), id) != line.end())
                    return line;
            return std::vector<std::string> {};
        };
        QCOMPARE(lineOf("vr-nvl72"), (std::vector<std::string> { "gh200", "gb200-nvl72", "gb300-nvl72", "vr-nvl72" }));
        QCOMPARE(lineOf("mi455x-helios"), (std::vector<std::string> { "mi300x", "mi325x", "mi355x", "mi455x-helios" }));
        QCOMPARE(lineOf("tpu7x"), (std::vector<std::string> { "tpu-v6e", "tpu7x" }));
        QCOMPARE(lineOf("trainium3"), (std::vector<std::string> { "trainium2", "trainium3" }));
    }

    /// For every built-in outlook and every year, the vendors' GPUs sum exactly to the
    /// year's (whole numbers), their HBM installed and needed to the year's within rounding
    /// (the same terms added in another order), and no vendor appears twice.
    void theVendorSplitSumsToEachYear()
    {
        const CardCatalog& catalog = CardCatalog::builtin();
        for (const auto& [id, card] : catalog.outlooks()) {
            const OutlookResult r = computeOutlook(catalog, card);
            for (const OutlookYearResult& y : r.years) {
                const std::string where = id + " " + std::to_string(y.year);
                double gpus = 0, installed = 0, needed = 0;
                std::set<std::string> names;
                for (const OutlookVendorShare& v : y.vendors) {
                    QVERIFY2(names.insert(v.vendor).second, where.c_str());
                    QVERIFY2(v.gpus > 0, (where + " " + v.vendor).c_str());
                    gpus += v.gpus;
                    installed += v.hbmInstalledBytes;
                    needed += v.hbmBytes;
                }
                QVERIFY2(!y.vendors.empty(), where.c_str());
                QCOMPARE(gpus, y.gpus);
                QVERIFY2(std::abs(installed - y.hbmInstalledBytes) <= 1e-12 * y.hbmInstalledBytes, where.c_str());
                QVERIFY2(std::abs(needed - y.hbmBytes) <= 1e-12 * y.hbmBytes, where.c_str());
            }
        }
    }

    /// A case checked by hand: B300 and GB300 NVL72 (NVIDIA) and MI355X (AMD), each 288 GB a
    /// GPU: NVIDIA's part is the first two fleets', AMD's the third's, installed HBM their
    /// GPUs × 288e9, vendors in name order.
    void theVendorSplitByHand()
    {
        const CardCatalog& catalog = CardCatalog::builtin();
        OutlookCard card = builtinOutlook("steady");
        card.years.resize(1);
        card.years[0].hardware = { { "b300", 0.5 }, { "gb300-nvl72", 0.25 }, { "mi355x", 0.25 } };
        const OutlookResult r = computeOutlook(catalog, card);
        const OutlookYearResult& y = r.years.front();
        QCOMPARE(y.fleets.size(), size_t(3));
        QCOMPARE(y.vendors.size(), size_t(2));
        const OutlookVendorShare& amd = y.vendors[0];
        const OutlookVendorShare& nvidia = y.vendors[1];
        QCOMPARE(amd.vendor, std::string("AMD"));
        QCOMPARE(nvidia.vendor, std::string("NVIDIA"));
        QCOMPARE(nvidia.gpus, y.fleets[0].gpus + y.fleets[1].gpus);
        QCOMPARE(amd.gpus, y.fleets[2].gpus);
        QCOMPARE(nvidia.hbmInstalledBytes, nvidia.gpus * 288e9);
        QCOMPARE(amd.hbmInstalledBytes, amd.gpus * 288e9);
        QCOMPARE(nvidia.hbmBytes, y.fleets[0].bytes.hbm + y.fleets[1].bytes.hbm);
        QCOMPARE(amd.hbmBytes, y.fleets[2].bytes.hbm);
        // The JSON writes the same figures under each vendor's name.
        const Json j = outlookToJson(r);
        QCOMPARE(j["years"][0]["vendors"]["AMD"]["gpus"].get<double>(), amd.gpus);
        QCOMPARE(j["years"][0]["vendors"]["NVIDIA"]["hbm_bytes"].get<double>(), nvidia.hbmBytes);
    }

    /// The CLI marks an announced card where it names it: the list, eval's hardware line,
    /// fleet's profile lines; the list gives every card's vendor.
    void theCliSaysAnnounced()
    {
        const CliRun list = runCli({ "list", "hardware" });
        QCOMPARE(list.status, 0);
        std::istringstream lines(list.out);
        std::string line;
        int marked = 0;
        while (std::getline(lines, line)) {
            const std::string id = line.substr(0, line.find(' '));
            const bool announced = kAhead.contains(id) && kAhead.at(id);
            QVERIFY2((line.find("(announced)") != std::string::npos) == announced, line.c_str());
            marked += announced;
        }
        QCOMPARE(marked, 2);
        const CliRun json = runCli({ "list", "hardware", "--json" });
        QCOMPARE(json.status, 0);
        for (const Json& row : Json::parse(json.out))
            if (row["id"] == "mi455x-helios") {
                QCOMPARE(row["status"].get<std::string>(), std::string("announced"));
                QCOMPARE(row["vendor"].get<std::string>(), std::string("AMD"));
            }

        const CliRun eval = runCli({ "eval", "--model", "llama-3.1-8b", "--hardware", "vr-nvl72" });
        QCOMPARE(eval.status, 0);
        QVERIFY2(eval.out.find("on NVIDIA Vera Rubin NVL72") != std::string::npos
                && eval.out.substr(0, eval.out.find('\n')).ends_with("(announced)"),
            eval.out.c_str());
        const CliRun shipping = runCli({ "eval", "--model", "llama-3.1-8b", "--hardware", "tpu7x" });
        QCOMPARE(shipping.status, 0);
        QVERIFY(shipping.out.find("(announced)") == std::string::npos);

        const CliRun fleet = runCli(
            { "fleet", "--mix", "chat=1", "--tokens-per-day", "1e12", "--hardware-mix", "mi455x-helios=0.5,b300=0.5" });
        QCOMPARE(fleet.status, 0);
        QVERIFY2(fleet.out.find("mi455x-helios (announced)") != std::string::npos, fleet.out.c_str());
    }

    /// `kvtiers outlook` writes the split by vendor: a table in the text, "vendors" per year
    /// in the JSON, a section in the CSV, each vendor's figures those of computeOutlook.
    void theOutlookReportsTheVendorSplit()
    {
        const OutlookResult r = computeOutlook(CardCatalog::builtin(), builtinOutlook("steady"));
        const CliRun text = runCli({ "outlook", "--outlook", "steady" });
        QCOMPARE(text.status, 0);
        QVERIFY(text.out.find("By accelerator vendor") != std::string::npos);
        for (const OutlookYearResult& y : r.years)
            for (const OutlookVendorShare& v : y.vendors) {
                const std::regex row(
                    "\n" + std::to_string(y.year) + "  " + v.vendor + " +" + formatCount(v.gpus) + " ");
                QVERIFY2(std::regex_search(text.out, row), (std::to_string(y.year) + " " + v.vendor).c_str());
            }

        const CliRun json = runCli({ "outlook", "--outlook", "steady", "--json" });
        QCOMPARE(json.status, 0);
        const Json j = Json::parse(json.out);
        for (size_t i = 0; i < r.years.size(); ++i)
            for (const OutlookVendorShare& v : r.years[i].vendors) {
                const Json& got = j["years"][i]["vendors"][v.vendor];
                QCOMPARE(got["gpus"].get<double>(), v.gpus);
                QCOMPARE(got["hbm_installed_bytes"].get<double>(), v.hbmInstalledBytes);
                QCOMPARE(got["hbm_bytes"].get<double>(), v.hbmBytes);
            }

        const CliRun csv = runCli({ "outlook", "--outlook", "steady", "--csv" });
        QCOMPARE(csv.status, 0);
        QVERIFY(csv.out.find("\nyear,vendor,gpus,hbm_installed_bytes,hbm_bytes\n") != std::string::npos);
        const OutlookYearResult& last = r.years.back();
        for (const OutlookVendorShare& v : last.vendors)
            QVERIFY2(csv.out.find("\n" + std::to_string(last.year) + "," + v.vendor + ",") != std::string::npos,
                v.vendor.c_str());
    }
};

QTEST_GUILESS_MAIN(TestHardwareAhead)
#include "tst_hardware_ahead.moc"
