// `kvtiers outlook` and `kvtiers list outlooks`: a year on one hardware id with no
// overrides is `kvtiers fleet` run with the same flags, byte for byte in --json; a
// malformed outlook file exits 2 with a message naming the field and the year; the
// tornado's workload rows read the workload card's name.

#include "app/cli/CommandLine.h"
#include "core/catalog/CardCatalog.h"
#include "core/io/Json.h"

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <map>
#include <sstream>
#include <string>

using namespace kvtiers;

namespace {

struct Run {
    int status = 0;
    std::string out, err;
};

Run runCli(const std::vector<std::string>& args)
{
    std::ostringstream out, err;
    Run r;
    r.status = cli::run(args, out, err);
    r.out = out.str();
    r.err = err.str();
    return r;
}

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
        QCOMPARE(j["years"][0]["hardware"][0]["fleet"].dump(2) + "\n", f.out);
        QCOMPARE(j["years"][0]["gpus"], Json::parse(f.out)["gpus"]);
        QCOMPARE(j["years"][0]["hbm_bytes"], Json::parse(f.out)["fleet"]["hbm_bytes"]);
        // The second year's figures are the 2027 fleet's, its index against 2026.
        const Run f2 = runCli({ "fleet", "--mix", "chat=0.5,mooncake=0.5", "--tokens-per-day", "3e12", "--hardware",
            "h200-sxm", "--ttft", "30", "--tpot", "0.1", "--json" });
        QCOMPARE(j["years"][1]["hardware"][0]["fleet"].dump(2) + "\n", f2.out);
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
        QCOMPARE(std::count(c.out.begin(), c.out.end(), '\n'), 4L); // comment, header, two years
        QCOMPARE(runCli({ "outlook", "--help" }).status, 0);
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
    }

    void tornadoRowsNameTheWorkloadCard()
    {
        // A context or share row reads the workload card's name, as the Fleet tab shows it;
        // the driver key keeps the id.
        const std::string file = write("ok.json", outlookJson());
        const Run o = runCli({ "outlook", "--outlook", file, "--json" });
        QCOMPARE(o.status, 0);
        const auto& workloads = CardCatalog::builtin().workloads();
        const std::string chat = workloads.at("chat").name, mooncake = workloads.at("mooncake").name;
        QVERIFY(chat != "chat" && mooncake != "mooncake"); // else the test could not tell them apart
        std::map<std::string, std::string> labels;
        const Json j = Json::parse(o.out);
        for (const auto& bar : j["tornado"]["bars"])
            labels[bar["driver"].get<std::string>()] = bar["label"].get<std::string>();
        QCOMPARE(labels.at("context:chat"), "Context of " + chat);
        QCOMPARE(labels.at("context:mooncake"), "Context of " + mooncake);
        QCOMPARE(labels.at("share:chat"), "Share of " + chat);
        QCOMPARE(labels.at("share:mooncake"), "Share of " + mooncake);
        QCOMPARE(labels.at("tokens_per_day"), std::string("Tokens per day"));
        const Run t = runCli({ "outlook", "--outlook", file });
        QCOMPARE(t.status, 0);
        QVERIFY(t.out.find("    Context of " + chat + " ") != std::string::npos);
        QVERIFY(t.out.find("    Share of " + mooncake + " ") != std::string::npos);
        QVERIFY(t.out.find("Context of chat") == std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestOutlookCli)
#include "tst_outlook_cli.moc"
