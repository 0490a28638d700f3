// `kvtiers outlook` and `kvtiers list outlooks`: a year on one hardware id with no
// overrides is `kvtiers fleet` run with the same flags, byte for byte in --json; a
// malformed outlook file exits 2 with a message naming the field and the year (a
// percentile written as a fraction among them); the tornado's workload rows read the
// workload card's name, and every row's label is the one table's (a knob's sensitivity
// label where the driver is a knob), the same in the text and the JSON; the options come
// from the command's option table: its help, its ranges and their errors.

#include "app/cli/CommandLine.h"
#include "core/analysis/Outlook.h"
#include "core/catalog/CardCatalog.h"
#include "core/io/Csv.h"
#include "core/io/Json.h"
#include "core/io/Units.h"
#include "core/scenario/Knobs.h"
#include "tests/support/CliRun.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <cctype>
#include <cmath>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

using namespace kvtiers;

namespace {

using Run = test::CliRun;
using test::runCli;

/// Two years of chat and mooncake on H200, the second with tokens tripled.
Json outlookJson()
{
    return Json::parse("{\n"
                       "      \"id\": \"test-outlook\", \"name\": \"Test\", \"status\": \"scenario\",\n"
                       "      \"sources\": [ { \"title\": \"Assumption: a test\", \"url\": \"https://example.org\", "
                       "\"note\": \"built in the test\" } ],\n"
                       "      \"years\": [\n"
                       "        { \"year\": 2026, \"tokens_per_day\": 1e12, \"mix\": { \"chat\": 0.7, \"mooncake\": "
                       "0.3 }, \"hardware\": \"h200-sxm\",\n"
                       "          \"ttft_s\": 30, \"tpot_s\": 0.1,\n"
                       "          \"sources\": { \"tokens_per_day\": 0, \"mix\": 0, \"hardware\": 0, \"ttft_s\": 0, "
                       "\"tpot_s\": 0 } },\n"
                       "        { \"year\": 2027, \"tokens_per_day\": 3e12, \"mix\": { \"chat\": 0.5, \"mooncake\": "
                       "0.5 }, \"hardware\": \"h200-sxm\",\n"
                       "          \"ttft_s\": 30, \"tpot_s\": 0.1,\n"
                       "          \"sources\": { \"tokens_per_day\": 0, \"mix\": 0, \"hardware\": 0, \"ttft_s\": 0, "
                       "\"tpot_s\": 0 } }\n"
                       "      ]\n"
                       "    }\n");
}

/// A fleet's JSON without its "targets_source" objects (the fleet's and each workload's).
Json withoutTargetSources(Json fleet)
{
    fleet.erase("targets_source");
    for (Json& w : fleet["workloads"])
        w.erase("targets_source");
    return fleet;
}

} // namespace

class TestOutlookCli : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    std::string write(const std::string& name, const Json& json)
    {
        const std::string path = m_dir.filePath(QString::fromStdString(name)).toStdString();
        std::ofstream(path) << json.dump(2);
        return path;
    }

    /// The outlook with one edit refused: exit 2, the message naming each of `words`.
    void refused(const std::function<void(Json&)>& edit, const std::vector<std::string>& words)
    {
        Json j = outlookJson();
        edit(j);
        const Run r = runCli({ "outlook", "--outlook", write("bad.json", j) });
        QCOMPARE(r.status, 2);
        QVERIFY(r.out.empty());
        for (const auto& w : words)
            QVERIFY2(r.err.find(w) != std::string::npos, qPrintable(QString::fromStdString(w + " not in: " + r.err)));
    }

private slots:
    void oneHardwareYearIsTheFleetCommand()
    {
        const Run o = runCli({ "outlook", "--outlook", write("ok.json", outlookJson()), "--json" });
        QCOMPARE(o.status, 0);
        const Json j = Json::parse(o.out);
        QCOMPARE(j["status"].get<std::string>(), std::string("scenario"));
        QCOMPARE(j["years"].size(), size_t(2));
        const Run f = runCli({ "fleet", "--mix", "chat=0.7,mooncake=0.3", "--tokens-per-day", "1e12", "--hardware",
            "h200-sxm", "--ttft", "30", "--tpot", "0.1", "--json" });
        QCOMPARE(f.status, 0);
        // The same fleet but for where its targets came from: the outlook year's ("fleet")
        // where the command's were flags.
        const Json year0 = j["years"][0]["hardware"][0]["fleet"];
        QCOMPARE(year0["targets_source"]["ttft_s"].get<std::string>(), std::string("fleet"));
        QCOMPARE(Json::parse(f.out)["targets_source"]["ttft_s"].get<std::string>(), std::string("flag"));
        QCOMPARE(withoutTargetSources(year0).dump(2), withoutTargetSources(Json::parse(f.out)).dump(2));
        QCOMPARE(j["years"][0]["gpus"], Json::parse(f.out)["gpus"]);
        QCOMPARE(j["years"][0]["hbm_bytes"], Json::parse(f.out)["fleet"]["hbm_bytes"]);
        // The second year's figures are the 2027 fleet's, its index against 2026.
        const Run f2 = runCli({ "fleet", "--mix", "chat=0.5,mooncake=0.5", "--tokens-per-day", "3e12", "--hardware",
            "h200-sxm", "--ttft", "30", "--tpot", "0.1", "--json" });
        QCOMPARE(withoutTargetSources(j["years"][1]["hardware"][0]["fleet"]).dump(2),
            withoutTargetSources(Json::parse(f2.out)).dump(2));
        QCOMPARE(j["years"][1]["index"]["tokens"].get<double>(), 3.0);
        QCOMPARE(j["years"][1]["index"]["hbm"].get<double>(),
            Json::parse(f2.out)["fleet"]["hbm_bytes"].get<double>()
                / Json::parse(f.out)["fleet"]["hbm_bytes"].get<double>());
    }

    void textAndCsvSayItIsAScenario()
    {
        const std::string file = write("ok.json", outlookJson());
        const Run t = runCli({ "outlook", "--outlook", file });
        QCOMPARE(t.status, 0);
        QVERIFY(t.out.find("A scenario, not a forecast") != std::string::npos);
        QVERIFY(t.out.find("What moves each tier in 2027") != std::string::npos);
        const Run c = runCli({ "outlook", "--outlook", file, "--csv" });
        QCOMPARE(c.status, 0);
        QVERIFY(c.out.starts_with("# kvtiers")); // the command line that made it, then the table
        QVERIFY(c.out.find("\nyear,tokens_per_day,") != std::string::npos);
        // The outlook's name, "a scenario", the units and its one source as comments; then
        // the header and two years.
        QVERIFY(c.out.find("\n# outlook test-outlook: Test\n") != std::string::npos);
        QVERIFY(c.out.find("\n# a scenario, not a forecast") != std::string::npos);
        QVERIFY(c.out.find("\n# units: bytes are decimal bytes") != std::string::npos);
        QVERIFY(c.out.find("\n# source [0]: Assumption: a test <https://example.org>\n") != std::string::npos);
        // The years' table ends at a blank line; then one row per year, hardware profile,
        // workload and tier: 2 years × 1 profile × 2 workloads × 3 tiers, whose needed bytes
        // add up to each year's.
        const size_t split = c.out.find("\n\n");
        QVERIFY(split != std::string::npos);
        const auto dataRows = [](const std::string& text) {
            std::istringstream lines(text);
            std::vector<std::string> rows;
            for (std::string line; std::getline(lines, line);)
                if (!line.empty() && !line.starts_with("#"))
                    rows.push_back(line);
            return rows;
        };
        QCOMPARE(dataRows(c.out.substr(0, split)).size(), size_t(3)); // header, two years
        // ... up to the next blank line, after which the supply's stock and flow follow.
        const size_t supplyAt = c.out.find("\n\n", split + 2);
        QVERIFY(c.out.compare(supplyAt, 10, "\n\n# supply") == 0);
        const std::vector<std::string> detail = dataRows(c.out.substr(split, supplyAt - split));
        QCOMPARE(detail.front(),
            std::string(
                "year,hardware,workload,model,tier,share_of_requests,requests_per_s,replicas,gpus,needed_bytes"));
        QCOMPARE(detail.size(), size_t(1 + 2 * 1 * 2 * 3));
        const Json j = Json::parse(runCli({ "outlook", "--outlook", file, "--json" }).out);
        std::map<std::string, double> sums;
        for (size_t i = 1; i < detail.size(); ++i) {
            std::vector<std::string> f;
            std::istringstream row(detail[i]);
            for (std::string field; std::getline(row, field, ',');)
                f.push_back(field);
            QCOMPARE(f.size(), size_t(10));
            sums[f[0] + " " + f[4]] += std::stod(f[9]);
        }
        for (const Json& y : j["years"])
            for (const char* tier : { "hbm", "dram", "ssd" }) {
                const double total = y[std::string(tier) + "_bytes"].get<double>();
                const double sum = sums.at(std::to_string(y["year"].get<int>()) + " " + tier);
                QVERIFY2(std::abs(sum - total) <= 1e-9 * std::max(1.0, total), tier);
            }
        QCOMPARE(runCli({ "outlook", "--help" }).status, 0);
    }

    /// Per year and workload, the text, the JSON and the CSV give the same requests and tokens
    /// a day and each tier's needed bytes per million tokens a day; the workloads add back to
    /// the year (the CSV's "all" row) and the text prints what the JSON holds.
    void perWorkloadTrafficAndIntensityInEveryOutput()
    {
        const std::string file = write("workloads.json", outlookJson());
        const Json j = Json::parse(runCli({ "outlook", "--outlook", file, "--json" }).out);
        const Run t = runCli({ "outlook", "--outlook", file });
        QCOMPARE(t.status, 0);
        QVERIFY(t.out.find("\nPer workload: requests and tokens a day") != std::string::npos);
        for (const Json& y : j["years"]) {
            QCOMPARE(y["workloads"].size(), size_t(2));
            double tokens = 0;
            for (const Json& w : y["workloads"]) {
                tokens += w["tokens_per_day"].get<double>();
                const double hbm = w["needed_bytes"]["hbm"].get<double>();
                const double intensity = w["intensity_bytes_per_million_tokens_per_day"]["hbm"].get<double>();
                QVERIFY(std::abs(intensity - hbm / (w["tokens_per_day"].get<double>() / 1e6)) <= 1e-12 * intensity);
                // The text's row: year, workload, share, requests, tokens, then the three intensities.
                std::ostringstream row;
                row << y["year"].get<int>() << "  " << w["workload"].get<std::string>();
                const size_t at = t.out.find(row.str(), t.out.find("\nPer workload"));
                QVERIFY2(at != std::string::npos, row.str().c_str());
                const std::string line = t.out.substr(at, t.out.find('\n', at) - at);
                QVERIFY2(line.find(formatBytes(intensity, ByteUnits::Decimal)) != std::string::npos, line.c_str());
                QVERIFY2(line.find(formatCount(std::round(w["requests_per_day"].get<double>()))) != std::string::npos,
                    line.c_str());
            }
            QVERIFY(std::abs(tokens - y["tokens_per_day"].get<double>()) <= 1e-9 * tokens);
        }
        // The CSV's last section: per year, workload (then "all") and tier.
        const Run c = runCli({ "outlook", "--outlook", file, "--csv" });
        const size_t at = c.out.find("\n# by year, workload and tier");
        QVERIFY(at != std::string::npos);
        std::istringstream lines(c.out.substr(at + 1));
        std::string line;
        std::getline(lines, line); // the comment
        std::getline(lines, line);
        QCOMPARE(line,
            std::string("year,workload,tier,share_of_requests,requests_per_day,tokens_per_day,needed_bytes,"
                        "bytes_per_million_tokens_per_day"));
        std::map<std::string, double> sums, whole;
        int rows = 0;
        while (std::getline(lines, line) && !line.empty()) {
            std::vector<std::string> f;
            std::istringstream row(line);
            for (std::string field; std::getline(row, field, ',');)
                f.push_back(field);
            QCOMPARE(f.size(), size_t(8));
            ++rows;
            // The CSV writes a million or more whole (csvNumber): within half a unit in a million.
            QVERIFY2(std::abs(std::stod(f[7]) - std::stod(f[6]) / (std::stod(f[5]) / 1e6)) <= 1e-6 * std::stod(f[7]),
                line.c_str());
            (f[1] == "all" ? whole : sums)[f[0] + " " + f[2]] += std::stod(f[6]);
        }
        QCOMPARE(rows, 2 * 3 * 3); // 2 years × (2 workloads + all) × 3 tiers
        for (const auto& [key, total] : whole)
            QVERIFY2(std::abs(sums.at(key) - total) <= 1e-9 * std::max(1.0, total), key.c_str());
    }

    /// --sources prints each source numbered as the years cite it, with its publisher, date,
    /// link, the figure taken and the figures citing it; --json carries them with their uses.
    void sourcesAndDecomposition()
    {
        Json card = outlookJson();
        card["sources"][0]["publisher"] = "kvtiers tests";
        card["sources"][0]["date"] = "2026-12";
        const std::string file = write("sources.json", card);
        const Run t = runCli({ "outlook", "--outlook", file, "--sources" });
        QCOMPARE(t.status, 0);
        for (const char* line : { "[0] Assumption: a test\n", "    kvtiers tests, 2026-12\n",
                 "    https://example.org\n", "    figure taken: built in the test\n",
                 "    cited for: 2026 hardware, 2026 mix, 2026 tokens_per_day, 2026 tpot_s, 2026 ttft_s, 2027 "
                 "hardware," })
            QVERIFY2(t.out.find(line) != std::string::npos, t.out.c_str());
        const Run j = runCli({ "outlook", "--outlook", file, "--json", "--decompose" });
        QCOMPARE(j.status, 0);
        const Json out = Json::parse(j.out);
        QCOMPARE(out["sources"][0]["publisher"].get<std::string>(), std::string("kvtiers tests"));
        QCOMPARE(out["sources"][0]["used_for"].size(), size_t(10));
        QVERIFY(out["units"].get<std::string>().find("decimal bytes") != std::string::npos);
        // tier → group → factor; the factors multiply to the index (tokens and mix changed).
        const Json& d = out["decomposition"];
        for (const char* tier : { "hbm", "dram", "ssd" }) {
            double product = 1;
            for (const auto& [group, factor] : d["factors"][tier].items())
                product *= factor.get<double>();
            QVERIFY(std::abs(product / out["years"][1]["index"][tier].get<double>() - 1) < 1e-9);
            QCOMPARE(d["factors"][tier]["context_output"].get<double>(), 1.0);
            QCOMPARE(d["factors"][tier]["hardware"].get<double>(), 1.0);
        }
        QCOMPARE(d["changed"], Json({ "tokens", "mix" }));
        const Run text = runCli({ "outlook", "--outlook", file, "--decompose" });
        QCOMPARE(text.status, 0);
        QVERIFY2(text.out.find("What made each tier grow from 2026 to 2027") != std::string::npos, text.out.c_str());
        QVERIFY2(text.out.find("grows fastest") != std::string::npos, text.out.c_str());
    }

    void malformedFilesNameTheFieldAndTheYear()
    {
        refused([](Json& j) { j["years"][1].erase("year"); }, { "years[1]", "year", "missing" });
        refused([](Json& j) { j["years"][1]["mix"]["chat"] = 0.4; }, { "years[1] (2027)", "mix", "sum to 0.9" });
        refused(
            [](Json& j) {
                j["years"][0]["mix"] = Json { { "chat", 0.7 }, { "no-such", 0.3 } };
            },
            { "years[0] (2026)", "mix", "unknown workload \"no-such\"" });
        refused([](Json& j) { j["years"][1]["tokens_per_day"] = -5e12; }, { "years[1] (2027)", "tokens_per_day" });
        refused([](Json& j) { j["years"][1]["year"] = 2026; }, { "years[1] (2026)", "increase" });
        refused([](Json& j) { j["years"][0]["sources"].erase("mix"); }, { "years[0] (2026)", "mix", "source" });
        // A percentile is written 99 for p99: a fraction (0.99) is refused, in a year and a mix entry.
        const std::string percentileWords = "write one from 0 to 100 (99 for p99";
        refused([](Json& j) { j["years"][1]["ttft_percentile"] = 0.99; },
            { "years[1] (2027).ttft_percentile", "0.99", percentileWords });
        refused(
            [](Json& j) {
                j["years"][0]["mix"]["chat"] = Json { { "share", 0.7 }, { "tpot_percentile", 0.9 } };
            },
            { "years[0] (2026).mix.chat.tpot_percentile", "0.9", percentileWords });
        // The drivers' option table's range: a TTFT target under its lower end names the field.
        refused(
            [](Json& j) { j["years"][0]["ttft_s"] = 1e-6; }, { "years[0] (2026).ttft_s", "is not between 0.0001 and" });
    }

    /// The options are the option table's: its flags in the help, its ranges checked, each
    /// error naming the flag; --range moves the tornado's drivers by that share.
    void optionsComeFromTheTable()
    {
        const Run help = runCli({ "outlook", "--help" });
        QCOMPARE(help.status, 0);
        // The help wraps at 100 columns: compare words, not line breaks.
        const auto words = [](std::string_view text) {
            std::string folded;
            for (char c : text)
                if (!std::isspace(static_cast<unsigned char>(c)))
                    folded += c;
                else if (!folded.empty() && folded.back() != ' ')
                    folded += ' ';
            return folded;
        };
        const std::string helpWords = words(help.out);
        for (const OptionSpec* o : { static_cast<const OptionSpec*>(&outlookRunOptions()[0]),
                 static_cast<const OptionSpec*>(&outlookRunOptions()[1]),
                 static_cast<const OptionSpec*>(&outlookRunOptions()[2]) }) {
            QVERIFY2(help.out.find(std::string("[") + o->flag) != std::string::npos, o->flag);
            QVERIFY2(helpWords.find(words(o->help)) != std::string::npos, o->help);
        }
        QVERIFY(help.out.find("(default decimal)") != std::string::npos);
        QVERIFY(help.out.find("(default 50%)") != std::string::npos);
        const std::string file = write("ok.json", outlookJson());
        const Run narrow = runCli({ "outlook", "--outlook", file, "--range", "0.2", "--json" });
        QCOMPARE(narrow.status, 0);
        const Json t = Json::parse(narrow.out)["tornado"];
        QCOMPARE(t["relative_range"].get<double>(), 0.2);
        for (const auto& bar : t["bars"])
            if (bar["driver"] == "tokens_per_day")
                QCOMPARE(bar["high_value"].get<double>(), 3e12 * 1.2);
        const Run wide = runCli({ "outlook", "--outlook", file, "--range", "0.99" });
        QCOMPARE(wide.status, 2);
        QVERIFY2(wide.err.find("--range: 0.99 is not between 0.01 and 0.95") != std::string::npos, wide.err.c_str());
        const Run units = runCli({ "outlook", "--outlook", file, "--units", "metric" });
        QCOMPARE(units.status, 2);
        QVERIFY2(units.err.find("--units: unknown value \"metric\" (use binary|decimal)") != std::string::npos,
            units.err.c_str());
        const Run binary = runCli({ "outlook", "--outlook", file, "--units", "binary" });
        QCOMPARE(binary.status, 0);
        QVERIFY(binary.out.find("iB") != std::string::npos);
    }

    /// A user outlook in tests/data giving the industry's bit supply (made-up test figures):
    /// per tier, the card's supply where it gives one, else the built-in series; need and
    /// shipments as shares of it, shipments = max(0, B_t − B_{t−1}) + B_{t−1} ÷ L; in JSON,
    /// CSV (bytes or Gb) and text, always with the caveat; its "dram": 2.5e20 bytes is 5.7×
    /// the built-in 2027 figure and warned about as bits written as bytes.
    void supplyStockAndFlowInEveryOutput()
    {
        const std::string file
            = qEnvironmentVariable("KVTIERS_SOURCE_DIR").toStdString() + "/tests/data/outlooks/with-supply.json";
        const Run j = runCli({ "outlook", "--outlook", file, "--json" });
        QCOMPARE(j.status, 0);
        const Json out = Json::parse(j.out);
        const Json years = out["years"];
        const Json& y0 = years[0]["supply"];
        const Json& y1 = years[1]["supply"];
        QCOMPARE(y0["hbm"]["supply_bytes"].get<double>(), 2e18);
        QCOMPARE(y0["hbm"]["supply_from"].get<std::string>(), std::string("card"));
        QCOMPARE(y0["hbm"]["need_share"].get<double>(), years[0]["hbm_bytes"].get<double>() / 2e18);
        QCOMPARE(y0["dram"]["supply_from"].get<std::string>(), std::string("built-in")); // not given that year
        QVERIFY(y0["hbm"]["shipments_bytes"].is_null());                                 // the first year
        QCOMPARE(y1["dram"]["need_share"].get<double>(), years[1]["dram_bytes"].get<double>() / 2.5e20);
        const double life = out["supply"]["service_life_years"]["ssd"].get<double>();
        const double b1 = years[1]["nvme_installed_bytes"].get<double>(),
                     b0 = years[0]["nvme_installed_bytes"].get<double>();
        QCOMPARE(y1["ssd"]["shipments_bytes"].get<double>(), std::max(0.0, b1 - b0) + b0 / life);
        QCOMPARE(y1["ssd"]["shipments_share"].get<double>(), y1["ssd"]["shipments_bytes"].get<double>() / 9e20);
        QCOMPARE(y1["hbm"]["supply_gb"].get<double>(), 3e18 * 8 / 1e9);
        QVERIFY(out["supply"]["note"].get<std::string>().find(kSupplyShareCaveat) != std::string::npos);
        QCOMPARE(out["warnings"].size(), size_t(1));
        QVERIFY2(out["warnings"][0].get<std::string>().find("supply.dram") != std::string::npos
                && out["warnings"][0].get<std::string>().find("bits written as bytes") != std::string::npos,
            out["warnings"].dump().c_str());
        // CSV: a row per year and tier, in gigabits when asked.
        const Run c = runCli({ "outlook", "--outlook", file, "--csv", "--supply-unit", "Gb" });
        QCOMPARE(c.status, 0);
        QVERIFY(c.out.find("# warning: ") != std::string::npos);
        QVERIFY2(c.out.find("year,tier,installed_gb,shipments_gb,supply_gb,supply_from,need_share,shipments_share\n")
                != std::string::npos,
            c.out.c_str());
        const std::string row = "\n2027,hbm," + csvNumber(y1["hbm"]["installed_gb"].get<double>()) + ","
            + csvNumber(y1["hbm"]["shipments_gb"].get<double>()) + "," + csvNumber(3e18 * 8 / 1e9) + ",card,";
        QVERIFY2(c.out.find(row) != std::string::npos, (row + "\n" + c.out).c_str());
        // Text: the caveat, the first year's "—", an assumed figure starred, the warning.
        const Run t = runCli({ "outlook", "--outlook", file });
        QCOMPARE(t.status, 0);
        QVERIFY(t.out.find(kSupplyShareCaveat) != std::string::npos);
        QVERIFY(t.out.find("bits written as bytes") != std::string::npos);
        QVERIFY(t.out.find("need ÷ supply  shipped ÷ supply") != std::string::npos);
        QVERIFY(t.out.find("%0") == std::string::npos && t.out.find("%1") == std::string::npos);
        const Run g = runCli({ "outlook", "--outlook", file, "--supply-unit", "Gb" });
        QVERIFY2(g.out.find(" Gb") != std::string::npos, g.out.c_str());
        const Run bad = runCli({ "outlook", "--outlook", file, "--supply-unit", "GB" });
        QVERIFY(bad.status != 0);
    }

    /// The built-in outlooks carry no supply of their own: their shares use the built-in
    /// series, published in 2026 and assumed (starred) from 2027 for HBM.
    void builtInOutlooksUseTheBuiltInSeries()
    {
        const Run j = runCli({ "outlook", "--outlook", "steady", "--json" });
        QCOMPARE(j.status, 0);
        const Json years = Json::parse(j.out)["years"];
        QCOMPARE(years[0]["supply"]["hbm"]["supply_gb"].get<double>(), 3e10); // TrendForce, 2025-05-22
        QCOMPARE(years[0]["supply"]["hbm"]["supply_from"].get<std::string>(), std::string("built-in"));
        QCOMPARE(years[1]["supply"]["hbm"]["supply_from"].get<std::string>(), std::string("built-in, assumption"));
        for (const Json& y : years)
            for (const char* t : { "hbm", "dram", "ssd" })
                QVERIFY(y["supply"][t]["need_share"].is_number());
    }

    /// kvtiers preset save NAME --outlook FILE, list, show, and kvtiers outlook --outlook NAME
    /// gives the file's outlook byte for byte; a second save under the name is refused.
    void outlookPresetFromTheCommandLine()
    {
        QTemporaryDir data;
        qputenv("KVTIERS_DATA_DIR", data.path().toUtf8());
        const std::string file = write("ok.json", outlookJson());
        const Run saved = runCli({ "preset", "save", "my outlook", "--outlook", file, "--notes", "from a test" });
        QCOMPARE(saved.status, 0);
        QVERIFY2(saved.out.find("saved outlook \"my outlook\"") != std::string::npos, saved.out.c_str());
        const Run list = runCli({ "preset", "list" });
        QVERIFY2(list.out.find("outlook   my outlook\n") != std::string::npos, list.out.c_str());
        const Run show = runCli({ "preset", "show", "my outlook" });
        QCOMPARE(show.status, 0);
        const Json shown = Json::parse(show.out);
        QCOMPARE(shown["schema"].get<std::string>(), std::string("kvtiers-outlook-preset"));
        QCOMPARE(shown["outlook"]["id"].get<std::string>(), std::string("test-outlook"));
        const Run fromFile = runCli({ "outlook", "--outlook", file, "--json" });
        const Run fromPreset = runCli({ "outlook", "--outlook", "my outlook", "--json" });
        QCOMPARE(fromPreset.status, 0);
        QCOMPARE(fromPreset.out, fromFile.out);
        const Run twice = runCli({ "preset", "save", "my outlook", "--outlook", "steady" });
        QCOMPARE(twice.status, 2);
        QVERIFY2(twice.err.find("exists already") != std::string::npos, twice.err.c_str());
        QCOMPARE(runCli({ "outlook", "--outlook", "my outlook", "--json" }).out, fromFile.out);
        const Run unknown = runCli({ "outlook", "--outlook", "no such outlook" });
        QCOMPARE(unknown.status, 2);
        QCOMPARE(runCli({ "preset", "delete", "my outlook" }).status, 0);
        QCOMPARE(runCli({ "outlook", "--outlook", "my outlook" }).status, 2);
        qunsetenv("KVTIERS_DATA_DIR");
    }

    /// A year's override switches the model; an unknown one exits 2 naming the file, the
    /// year, the workload and the field; kvtiers fleet --set ID.model=... does the same.
    void modelOverride()
    {
        Json j = outlookJson();
        j["years"][1]["workloads"] = Json { { "chat", { { "model", "qwen3-next-80b-a3b" } } } };
        j["years"][1]["sources"]["workloads"] = 0;
        j["years"][1]["hardware"] = "b300";
        const Run ok = runCli({ "outlook", "--outlook", write("model.json", j), "--json" });
        QCOMPARE(ok.status, 0);
        const Json entry = Json::parse(ok.out)["years"][1]["hardware"][0]["fleet"]["workloads"][0];
        QVERIFY2(entry.dump().find("qwen3-next-80b-a3b") != std::string::npos, entry.dump().c_str());
        refused(
            [](Json& j) {
                j["years"][1]["workloads"] = Json { { "chat", { { "model", "kimi-k3" } } } };
                j["years"][1]["sources"]["workloads"] = 0;
            },
            { "bad.json: years[1] (2027).workloads.chat.model", "unknown model \"kimi-k3\"", "kimi-k2" });
        const Run fleet = runCli({ "fleet", "--mix", "chat=1", "--tokens-per-day", "1e12", "--hardware", "b300",
            "--set", "chat.model=qwen3-next-80b-a3b", "--json" });
        QCOMPARE(fleet.status, 0);
        QVERIFY(fleet.out.find("qwen3-next-80b-a3b") != std::string::npos);
        const Run bad
            = runCli({ "fleet", "--mix", "chat=1", "--tokens-per-day", "1e12", "--set", "chat.model=kimi-k3" });
        QCOMPARE(bad.status, 2);
        QVERIFY2(bad.err.find("kimi-k3") != std::string::npos, bad.err.c_str());
    }

    void tornadoRowsNameTheWorkloadCard()
    {
        // A context or share row reads the workload card's name, as the Fleet tab shows it;
        // the driver key keeps the id.
        const std::string file = write("ok.json", outlookJson());
        const Run o = runCli({ "outlook", "--outlook", file, "--json" });
        QCOMPARE(o.status, 0);
        const auto& workloads = CardCatalog::builtin().workloads();
        // The card's name up to its colon ("Multi-turn chat: Llama 3.1 8B …" → "Multi-turn chat").
        const auto shortName = [&](const char* id) {
            const std::string name = workloads.at(id).name;
            return name.substr(0, name.find(':'));
        };
        const std::string chat = shortName("chat"), mooncake = shortName("mooncake");
        QVERIFY(chat != "chat" && mooncake != "mooncake"); // else the test could not tell them apart
        std::map<std::string, std::string> labels;
        const Json j = Json::parse(o.out);
        for (const auto& bar : j["tornado"]["bars"])
            labels[bar["driver"].get<std::string>()] = bar["label"].get<std::string>();
        // A driver that is a knob reads the knob's sensitivity label (the knob table's words).
        const std::string context = knob(KnobId::Context).sensitivity.label;
        QCOMPARE(labels.at("context:chat"), context + " of " + chat);
        QCOMPARE(labels.at("context:mooncake"), context + " of " + mooncake);
        QCOMPARE(labels.at(knobKey(KnobId::ReuseRate)), std::string(knob(KnobId::ReuseRate).sensitivity.label));
        QCOMPARE(labels.at(knobKey(KnobId::KvBits)), std::string(knob(KnobId::KvBits).sensitivity.label));
        QCOMPARE(labels.at(knobKey(KnobId::OffloadRate)), std::string(knob(KnobId::OffloadRate).sensitivity.label));
        QCOMPARE(labels.at("share:chat"), "Share of " + chat);
        QCOMPARE(labels.at("share:mooncake"), "Share of " + mooncake);
        QCOMPARE(labels.at("tokens_per_day"), std::string("Tokens per day"));
        const Run t = runCli({ "outlook", "--outlook", file });
        QCOMPARE(t.status, 0);
        // The text's rows are the JSON's labels, word for word.
        for (const auto& [key, label] : labels)
            QVERIFY2(t.out.find("    " + label + "  ") != std::string::npos, label.c_str());
        QVERIFY(t.out.find(" of chat") == std::string::npos);
    }

    /// `kvtiers export --chart outlook` draws each of the tab's four charts headless, as the
    /// built binary (it needs the GUI's chart code); a wrong view or tier is refused by name.
    void exportChartOutlook()
    {
        const QString binary = qEnvironmentVariable("KVTIERS_BINARY");
        if (binary.isEmpty())
            QSKIP("KVTIERS_BINARY is not set (run through ctest)");
        const auto run = [&](const QStringList& args) {
            QProcess p;
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
            env.insert(QStringLiteral("HOME"), m_dir.path());
            p.setProcessEnvironment(env);
            p.start(binary,
                QStringList { QStringLiteral("export"), QStringLiteral("--chart"), QStringLiteral("outlook") } + args);
            p.waitForFinished(300000);
            return std::pair { p.exitCode(), QString::fromUtf8(p.readAllStandardError()) };
        };
        const std::string card = write("chart.json", outlookJson());
        for (const char* view : { "index", "bytes", "decomposition", "tornado" }) {
            const QString out = m_dir.filePath(QStringLiteral("%1.svg").arg(QLatin1String(view)));
            const auto [status, err] = run({ QStringLiteral("--outlook"), QString::fromStdString(card),
                QStringLiteral("--view"), QLatin1String(view), QStringLiteral("--out"), out });
            QVERIFY2(status == 0, qPrintable(err));
            QFile svg(out);
            QVERIFY(svg.open(QIODevice::ReadOnly));
            const QByteArray text = svg.readAll();
            QVERIFY2(text.contains("<svg") && text.contains("a scenario, not a forecast"), view);
        }
        const auto [badView, viewErr] = run({ QStringLiteral("--view"), QStringLiteral("pie"), QStringLiteral("--out"),
            m_dir.filePath(QStringLiteral("x.png")) });
        QCOMPARE(badView, 2);
        QVERIFY2(viewErr.contains(QStringLiteral("--view: unknown view \"pie\" (use index, bytes, decomposition or "
                                                 "tornado)")),
            qPrintable(viewErr));
        const auto [badTier, tierErr] = run({ QStringLiteral("--tier"), QStringLiteral("dram"), QStringLiteral("--out"),
            m_dir.filePath(QStringLiteral("x.png")) });
        QCOMPARE(badTier, 2);
        QVERIFY2(tierErr.contains(QStringLiteral("--tier: only for --view tornado")), qPrintable(tierErr));
    }

    /// Provisioned against needed and HBM by generation, as the text, the JSON and the CSV
    /// write them for the built-in steady outlook: the JSON's ratio is its installed ÷
    /// needed bytes, each hardware profile names its system, the text prints the JSON's
    /// ratio and context flash, and the CSV's profile rows add up to the year's.
    void provisionedAndGenerationsInEveryOutput()
    {
        const Json j = Json::parse(runCli({ "outlook", "--outlook", "steady", "--json" }).out);
        const auto t = runCli({ "outlook", "--outlook", "steady" });
        QCOMPARE(t.status, 0);
        const size_t table = t.out.find("\nProvisioned against needed");
        QVERIFY(table != std::string::npos);
        QVERIFY(t.out.find("\n  vr-nvl72 → vr-nvl72-icms\n", table) != std::string::npos);
        QVERIFY(t.out.find("\nHBM by generation") != std::string::npos);
        for (const Json& y : j["years"]) {
            const double ratio = y["provisioned_over_needed"]["ssd"].get<double>();
            QVERIFY(std::abs(ratio - y["nvme_installed_bytes"].get<double>() / y["ssd_bytes"].get<double>())
                <= 1e-12 * ratio);
            for (const Json& h : y["hardware"])
                if (h.contains("fleet"))
                    QVERIFY2(h["provisioned"]["system"].is_string(), h.dump().c_str());
            // The text's SSD row of the year: needed, provisioned, the ratio, the flash.
            std::ostringstream row;
            row << y["year"].get<int>() << "  nand";
            const size_t at = t.out.find(row.str(), table);
            QVERIFY2(at != std::string::npos, row.str().c_str());
            const std::string line = t.out.substr(at, t.out.find('\n', at) - at);
            QVERIFY2(line.find(formatSignificant(ratio, 3) + "×") != std::string::npos, line.c_str());
            QVERIFY2(
                line.find(formatBytes(y["context_flash_bytes"].get<double>(), ByteUnits::Decimal)) != std::string::npos,
                line.c_str());
            double gpus = 0;
            for (const auto& [generation, g] : y["hbm_generations"].items())
                gpus += g["gpus"].get<double>();
            QVERIFY(std::abs(gpus - y["gpus"].get<double>()) <= 1e-9 * gpus);
        }
        // The last year has Rubin with its context-memory storage: flash is provisioned.
        QVERIFY(j["years"].back()["context_flash_bytes"].get<double>() > 0);
        const auto c = runCli({ "outlook", "--outlook", "steady", "--csv" });
        const size_t at = c.out.find("\n# provisioned against needed by year, hardware profile and tier");
        QVERIFY(at != std::string::npos);
        std::istringstream lines(c.out.substr(at + 1));
        std::string line;
        std::getline(lines, line);
        std::getline(lines, line);
        QCOMPARE(line,
            std::string("year,hardware,system,tier,servers,provisioned_bytes,needed_bytes,provisioned_over_needed,"
                        "context_flash_bytes"));
        std::map<std::string, double> provisioned;
        while (std::getline(lines, line) && !line.empty()) {
            std::vector<std::string> f;
            std::istringstream row(line);
            for (std::string field; std::getline(row, field, ',');)
                f.push_back(field);
            QCOMPARE(f.size(), size_t(9));
            provisioned[f[0] + " " + f[3]] += std::stod(f[5]);
        }
        for (const Json& y : j["years"]) {
            const std::string year = std::to_string(y["year"].get<int>());
            const double dram = y["dram_installed_bytes"].get<double>();
            QVERIFY2(std::abs(provisioned.at(year + " dram") - dram) <= 1e-6 * dram, year.c_str());
        }
        QVERIFY(c.out.find("\n# HBM by year and memory generation") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestOutlookCli)
#include "tst_outlook_cli.moc"
