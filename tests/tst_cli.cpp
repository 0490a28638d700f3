// The headless command line (issue 2, "Headless command line"): the built binary answers
// the article's question with the documented JSON keys; bad input exits 2 with one line
// on stderr naming the option; list, sweep --csv and --workload alone work. The table of
// bad inputs also runs in-process through kvtiers::cli::run() (fast, and under sanitizers).

#include "CommandLine.h"
#include "Json.h"

#include <QProcess>
#include <QtTest>

#include <set>
#include <sstream>

using kvtiers::Json;

namespace {

struct Run {
    int exitCode = -1;
    QString out;
    QString err;
};

Run runBinary(const QStringList& args)
{
    Run r;
    const QString binary = qEnvironmentVariable("KVTIERS_BINARY");
    if (binary.isEmpty())
        return r;
    QProcess p;
    p.setProgram(binary);
    p.setArguments(args);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    // Keep user presets and settings out of the developer's home.
    const QString home = qEnvironmentVariable("KVTIERS_TEST_HOME");
    if (!home.isEmpty()) {
        env.insert(QStringLiteral("HOME"), home);
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), home + QStringLiteral("/config"));
        env.insert(QStringLiteral("XDG_DATA_HOME"), home + QStringLiteral("/data"));
    }
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    p.setProcessEnvironment(env);
    p.start();
    if (!p.waitForFinished(60000)) {
        p.kill();
        p.waitForFinished();
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

Run runInProcess(const std::vector<std::string>& args)
{
    std::ostringstream out, err;
    Run r;
    r.exitCode = kvtiers::cli::run(args, out, err);
    r.out = QString::fromStdString(out.str());
    r.err = QString::fromStdString(err.str());
    return r;
}

/// Follows a dotted path ("tiers.hbm.used_bytes") in a JSON object.
const Json* at(const Json& j, const std::string& path)
{
    const Json* cur = &j;
    std::stringstream ss(path);
    std::string part;
    while (std::getline(ss, part, '.')) {
        if (!cur->is_object() || !cur->contains(part))
            return nullptr;
        cur = &(*cur)[part];
    }
    return cur;
}

QStringList nonEmptyLines(const QString& text)
{
    QStringList lines = text.split(QLatin1Char('\n'));
    lines.removeAll(QString());
    return lines;
}

} // namespace

class TestCli : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY2(!qEnvironmentVariable("KVTIERS_BINARY").isEmpty(), "KVTIERS_BINARY is not set (run through ctest)");
        QVERIFY(QFileInfo::exists(qEnvironmentVariable("KVTIERS_BINARY")));
    }

    void articleJson()
    {
        // Issue 2, "Tests that must exist and pass": the article's command.
        const Run r = runBinary({"eval", "--model", "llama-3.1-70b", "--context", "128k", "--concurrency", "10",
                                 "--kv-dtype", "fp16", "--json"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.isEmpty(), qPrintable(r.err));
        const Json j = Json::parse(r.out.toStdString());
        QVERIFY(j.is_object());
        // 327,680 B/token; × 131,072 = 40 GiB; × 10 = 400 GiB, as exact integers.
        QVERIFY(j["kv_bytes_per_token"].is_number_integer());
        QCOMPARE(j["kv_bytes_per_token"].get<std::int64_t>(), std::int64_t(327680));
        QCOMPARE(j["kv_bytes_per_request"].get<std::int64_t>(), std::int64_t(42949672960));
        QCOMPARE(j["hot_set_bytes"].get<std::int64_t>(), std::int64_t(429496729600));
        // The documented keys (README "JSON keys"; scripts depend on them).
        for (const char* key :
             {"kv_bytes_per_token", "kv_bytes_per_request", "kv_bytes_allocated_per_request", "hot_set_bytes",
              "max_concurrency", "achieved_reuse_rate", "tiers.hbm.capacity_bytes", "tiers.hbm.used_bytes",
              "tiers.dram.capacity_bytes", "tiers.dram.used_bytes", "tiers.ssd.capacity_bytes", "tiers.ssd.used_bytes",
              "tiers.hbm.weights_bytes", "tiers.hbm.kv_bytes", "overflow_bytes", "restore_seconds.dram",
              "restore_seconds.ssd", "recompute_seconds", "decode_step_seconds", "tokens_per_second",
              "per_server.hbm_bytes", "per_server.dram_bytes", "per_server.ssd_bytes"}) {
            const Json* v = at(j, key);
            QVERIFY2(v, key);
            QVERIFY2(v->is_number(), key);
        }
        // Neutral defaults: no reuse means nothing below HBM.
        QCOMPARE(j["achieved_reuse_rate"].get<double>(), 0.0);
        QCOMPARE(at(j, "tiers.dram.used_bytes")->get<std::int64_t>(), std::int64_t(0));
        QCOMPARE(j["overflow_bytes"].get<std::int64_t>(), std::int64_t(0));
        QCOMPARE(j["hardware"].get<std::string>(), std::string("h200-sxm"));
        QCOMPARE(at(j, "tiers.hbm.kv_bytes")->get<std::int64_t>(), std::int64_t(429496729600));
        QCOMPARE(at(j, "tiers.hbm.weights_bytes")->get<std::int64_t>(), std::int64_t(70553706496) * 2);
    }

    void summaryNamesAssumedHardware()
    {
        const Run r = runBinary({"eval", "--model", "llama-3.1-70b", "--context", "128k", "--concurrency", "10"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains(QStringLiteral("no --hardware given")));
        QVERIFY(r.out.contains(QStringLiteral("h200-sxm")));
        QVERIFY(r.out.contains(QStringLiteral("TP 8")));
        // The derivation and the article's figures are in the text.
        QVERIFY(r.out.contains(QStringLiteral("327,680 B = 320 KiB per token")));
        QVERIFY(r.out.contains(QStringLiteral("40 GiB")));
        QVERIFY(r.out.contains(QStringLiteral("400 GiB")));
        // With --hardware given, nothing is assumed.
        const Run h = runBinary({"eval", "--model", "llama-3.1-70b", "--hardware", "h100-sxm"});
        QCOMPARE(h.exitCode, 0);
        QVERIFY(!h.out.contains(QStringLiteral("no --hardware given")));
    }

    void listCommands()
    {
        const Run m = runBinary({"list", "models"});
        QCOMPARE(m.exitCode, 0);
        for (const char* id : {"llama-3.1-8b", "llama-3.1-70b", "llama-3.1-405b", "deepseek-67b", "deepseek-v2",
                               "deepseek-v3", "opt-175b", "mistral-7b-v0.1", "gemma-2-27b", "qwen2.5-72b"})
            QVERIFY2(m.out.contains(QString::fromUtf8(id)), id);
        const Run h = runBinary({"list", "hardware"});
        QCOMPARE(h.exitCode, 0);
        for (const char* id : {"h100-sxm", "h200-sxm", "b200", "gh200", "a100-80gb", "t4"})
            QVERIFY2(h.out.contains(QString::fromUtf8(id)), id);
        const Run w = runBinary({"list", "workloads", "--json"});
        QCOMPARE(w.exitCode, 0);
        const Json j = Json::parse(w.out.toStdString());
        QVERIFY(j.is_array());
        std::set<std::string> ids;
        for (const auto& row : j)
            ids.insert(row.at("id").get<std::string>());
        for (const char* id : {"article", "mooncake", "flexgen", "chat"})
            QVERIFY2(ids.count(id), id);
    }

    void workloadAloneIsAScenario()
    {
        const Run r = runBinary({"eval", "--workload", "flexgen", "--json"});
        QCOMPARE(r.exitCode, 0);
        const Json j = Json::parse(r.out.toStdString());
        QCOMPARE(j["model"].get<std::string>(), std::string("opt-175b"));
        QCOMPARE(j["hardware"].get<std::string>(), std::string("t4"));
        QCOMPARE(j["workload"].get<std::string>(), std::string("flexgen"));
        QCOMPARE(j["hot_set_bytes"].get<std::int64_t>(), std::int64_t(256) * 544 * 4718592);
        QCOMPARE(j["decode_bound"].get<std::string>(), std::string("ssd_stream"));
        // The summary works too.
        const Run s = runBinary({"eval", "--workload", "flexgen"});
        QCOMPARE(s.exitCode, 0);
        QVERIFY(s.out.contains(QStringLiteral("OPT-175B")));
    }

    void flagsOverrideTheWorkload()
    {
        const Run r = runBinary({"eval", "--workload", "article", "--concurrency", "1", "--kv-dtype", "fp8", "--json"});
        QCOMPARE(r.exitCode, 0);
        const Json j = Json::parse(r.out.toStdString());
        QCOMPARE(j["hot_set_bytes"].get<std::int64_t>(), std::int64_t(131072) * 163840);
        // --reuse accepts percentages; --dram-per-server takes sizes.
        const Run c = runBinary({"eval", "--workload", "chat", "--reuse", "50%", "--dram-per-server", "1GB",
                                 "--nvme-per-server", "0", "--json"});
        QCOMPARE(c.exitCode, 0);
        const Json k = Json::parse(c.out.toStdString());
        QCOMPARE(k["requested_reuse_rate"].get<double>(), 0.5);
        QVERIFY(k["achieved_reuse_rate"].get<double>() < 0.5);
        // --request-rate gives λ: the retained pool scales with it.
        const Json derived = Json::parse(runBinary({"eval", "--workload", "chat", "--json"}).out.toStdString());
        const double lambda = derived["request_rate_per_s"].get<double>();
        const Run g = runBinary({"eval", "--workload", "chat", "--request-rate", QString::number(2 * lambda, 'g', 17),
                                 "--json"});
        QCOMPARE(g.exitCode, 0);
        const Json given = Json::parse(g.out.toStdString());
        QCOMPARE(given["assumptions"]["request_rate_source"].get<std::string>(), std::string("given"));
        QCOMPARE(derived["assumptions"]["request_rate_source"].get<std::string>(), std::string("derived"));
        const double ratio = given["retained_pool_bytes"].get<double>() / derived["retained_pool_bytes"].get<double>();
        QVERIFY2(std::fabs(ratio - 2) < 1e-9, qPrintable(QString::number(ratio, 'g', 17)));
    }

    void badInputExitsTwoWithOneLine_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("names");
        QTest::newRow("unknown option") << QStringList{"eval", "--model", "llama-3.1-70b", "--contxt", "128k"} << "--contxt";
        QTest::newRow("unknown model") << QStringList{"eval", "--model", "llama-9"} << "llama-9";
        QTest::newRow("unknown hardware") << QStringList{"eval", "--model", "llama-3.1-70b", "--hardware", "h300"} << "h300";
        QTest::newRow("unknown workload") << QStringList{"eval", "--workload", "nope"} << "nope";
        QTest::newRow("bad context") << QStringList{"eval", "--model", "llama-3.1-70b", "--context", "lots"} << "--context";
        QTest::newRow("zero context") << QStringList{"eval", "--model", "llama-3.1-70b", "--context", "0"} << "--context";
        QTest::newRow("negative concurrency") << QStringList{"eval", "--model", "llama-3.1-70b", "--concurrency", "-1"} << "--concurrency";
        QTest::newRow("missing value") << QStringList{"eval", "--model", "llama-3.1-70b", "--context"} << "--context";
        QTest::newRow("missing model value") << QStringList{"eval", "--model"} << "--model";
        QTest::newRow("bad dtype") << QStringList{"eval", "--model", "llama-3.1-70b", "--kv-dtype", "fp7"} << "--kv-dtype";
        QTest::newRow("65 bits") << QStringList{"eval", "--model", "llama-3.1-70b", "--kv-dtype", "65bit"} << "--kv-dtype";
        QTest::newRow("reuse 150%") << QStringList{"eval", "--model", "llama-3.1-70b", "--reuse", "150%"} << "--reuse";
        QTest::newRow("gpu util 0") << QStringList{"eval", "--model", "llama-3.1-70b", "--gpu-util", "0"} << "--gpu-util";
        QTest::newRow("tp 3") << QStringList{"eval", "--model", "llama-3.1-70b", "--tp", "3"} << "tp";
        QTest::newRow("tp heads") << QStringList{"eval", "--model", "llama-3.1-70b", "--gpus", "6", "--tp", "6"} << "tp";
        QTest::newRow("output >= context") << QStringList{"eval", "--model", "llama-3.1-70b", "--context", "1000", "--output-tokens", "1000"} << "output";
        QTest::newRow("bad allocation") << QStringList{"eval", "--model", "llama-3.1-70b", "--allocation", "greedy"} << "--allocation";
        QTest::newRow("flag with value") << QStringList{"eval", "--model", "llama-3.1-70b", "--streaming=yes"} << "--streaming";
        QTest::newRow("no model") << QStringList{"eval", "--context", "128k"} << "model";
        QTest::newRow("unknown command") << QStringList{"evaluate"} << "evaluate";
        QTest::newRow("list what") << QStringList{"list", "gpus"} << "gpus";
        QTest::newRow("sweep axis") << QStringList{"sweep", "--model", "llama-3.1-70b", "--axis", "tp"} << "--axis";
        QTest::newRow("sweep points") << QStringList{"sweep", "--model", "llama-3.1-70b", "--points", "1"} << "--points";
        QTest::newRow("bad model file") << QStringList{"eval", "--model", "/nonexistent/card.json"} << "card.json";
        QTest::newRow("bad size") << QStringList{"eval", "--model", "llama-3.1-70b", "--dram-per-server", "2XB"} << "--dram-per-server";
    }
    void badInputExitsTwoWithOneLine()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, names);
        // The built binary...
        const Run r = runBinary(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.out.isEmpty(), qPrintable(r.out));
        const QStringList lines = nonEmptyLines(r.err);
        QCOMPARE(lines.size(), 1);
        QVERIFY2(lines[0].contains(names), qPrintable(lines[0]));
        QVERIFY(r.err.endsWith(QLatin1Char('\n')));
        // ... and the same in-process.
        std::vector<std::string> argv;
        for (const QString& a : args)
            argv.push_back(a.toStdString());
        const Run in = runInProcess(argv);
        QCOMPARE(in.exitCode, 2);
        QCOMPARE(in.err, r.err);
    }

    void manyBadInputsInProcess()
    {
        // A wider table, in-process only (no process start per row).
        const std::vector<std::vector<std::string>> bad = {
            {"eval", "--model", "llama-3.1-70b", "--context", "nan"},
            {"eval", "--model", "llama-3.1-70b", "--context", "inf"},
            {"eval", "--model", "llama-3.1-70b", "--context", "1e13"},
            {"eval", "--model", "llama-3.1-70b", "--context", "1.5"},
            {"eval", "--model", "llama-3.1-70b", "--context", ""},
            {"eval", "--model", "llama-3.1-70b", "--concurrency", "0"},
            {"eval", "--model", "llama-3.1-70b", "--concurrency", "2.5"},
            {"eval", "--model", "llama-3.1-70b", "--sharing", "0"},
            {"eval", "--model", "llama-3.1-70b", "--reuse", "-1"},
            {"eval", "--model", "llama-3.1-70b", "--reuse", "nan"},
            {"eval", "--model", "llama-3.1-70b", "--offload-rate", "2"},
            {"eval", "--model", "llama-3.1-70b", "--reuse-distance", "-1"},
            {"eval", "--model", "llama-3.1-70b", "--request-rate", "-1"},
            {"eval", "--model", "llama-3.1-70b", "--request-rate", "1e13"},
            {"eval", "--model", "llama-3.1-70b", "--request-rate", "fast"},
            {"eval", "--model", "llama-3.1-70b", "--tp", "0"},
            {"eval", "--model", "llama-3.1-70b", "--tp", "100000"},
            {"eval", "--model", "llama-3.1-70b", "--block-size", "0"},
            {"eval", "--model", "llama-3.1-70b", "--kv-dtype", "0bit"},
            {"eval", "--model", "llama-3.1-70b", "--kv-dtype", ""},
            {"eval", "--model", "llama-3.1-70b", "--kv-scale-bits", "-1"},
            {"eval", "--model", "llama-3.1-70b", "--weight-bits", "0"},
            {"eval", "--model", "llama-3.1-70b", "--gpu-util", "1.5"},
            {"eval", "--model", "llama-3.1-70b", "--gpu-util", "0.001"},
            {"eval", "--model", "llama-3.1-70b", "--servers", "0"},
            {"eval", "--model", "llama-3.1-70b", "--servers", "1e10"},
            {"eval", "--model", "llama-3.1-70b", "--gpus", "0"},
            {"eval", "--model", "llama-3.1-70b", "--reserve", "-1GiB"},
            {"eval", "--model", "llama-3.1-70b", "--kv-dtype", "fp8", "--kv-dtype", "fp16"},
            {"eval", "--model", "llama-3.1-70b", "extra"},
            {"eval", "--model", "llama-3.1-70b", "--output-tokens", "200000"},
            {"eval", "--model", "llama-3.1-70b", "--inclusive=1"},
            {"eval", "--model="},
            {"eval", "--hardware", "t4"},
            {"sweep", "--model", "llama-3.1-70b", "--from", "4k", "--to", "1k"},
            {"sweep", "--model", "llama-3.1-70b", "--from", "0"},
            {"list"},
            {"list", "models", "hardware"},
            {"nonsense"},
        };
        for (const auto& args : bad) {
            std::string joined;
            for (const auto& a : args)
                joined += a + " ";
            const Run r = runInProcess(args);
            QVERIFY2(r.exitCode == 2, joined.c_str());
            QVERIFY2(nonEmptyLines(r.err).size() == 1, (joined + "-> " + r.err.toStdString()).c_str());
            QVERIFY2(r.err.startsWith(QStringLiteral("kvtiers: ")), joined.c_str());
        }
    }

    void messagesUseFlagNamesNotJsonKeys()
    {
        // The core speaks of "overrides.reuse_rate"; the user typed --reuse... the CLI
        // parses before the core sees it, but range checks in the core must still come
        // back in the user's terms.
        const Run r = runInProcess({"eval", "--model", "llama-3.1-70b", "--kv-dtype", "0.25bit"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("--kv-dtype")), qPrintable(r.err));
        QVERIFY2(!r.err.contains(QStringLiteral("overrides.")), qPrintable(r.err));
    }

    void sweepCsv()
    {
        const Run r = runBinary({"sweep", "--model", "llama-3.1-70b", "--axis", "context", "--from", "1k", "--to", "1M",
                                 "--points", "11", "--concurrency", "10", "--csv"});
        QCOMPARE(r.exitCode, 0);
        const QStringList lines = nonEmptyLines(r.out);
        QCOMPARE(lines.size(), 12); // header + 11 points
        QCOMPARE(lines[0], QStringLiteral("context,hbm_used_bytes,dram_used_bytes,ssd_used_bytes,overflow_bytes,"
                                          "max_concurrency,tokens_per_second"));
        const int columns = lines[0].count(QLatin1Char(',')) + 1;
        double last = 0;
        for (int i = 1; i < lines.size(); ++i) {
            const QStringList cells = lines[i].split(QLatin1Char(','));
            QCOMPARE(cells.size(), columns);
            bool ok = false;
            const double x = cells[0].toDouble(&ok);
            QVERIFY(ok && x > last);
            last = x;
        }
        QCOMPARE(lines[1].split(QLatin1Char(','))[0], QStringLiteral("1024"));
        QCOMPARE(lines.last().split(QLatin1Char(','))[0], QStringLiteral("1048576"));
        // Concurrency axis, JSON form.
        const Run j = runBinary({"sweep", "--model", "llama-3.1-8b", "--axis", "concurrency", "--from", "1", "--to", "64",
                                 "--points", "7", "--json"});
        QCOMPARE(j.exitCode, 0);
        const Json doc = Json::parse(j.out.toStdString());
        QCOMPARE(doc["points"].size(), size_t(7));
        QCOMPARE(doc["axis"].get<std::string>(), std::string("concurrency"));
    }

    void helpAndVersion()
    {
        const Run h = runInProcess({"--help"});
        QCOMPARE(h.exitCode, 0);
        QVERIFY(h.out.contains(QStringLiteral("kvtiers eval")));
        QVERIFY(h.err.isEmpty());
        const Run v = runBinary({"--version"});
        QCOMPARE(v.exitCode, 0);
        QVERIFY(v.out.startsWith(QStringLiteral("kvtiers ")));
    }

    void inProcessMatchesBinary()
    {
        const std::vector<std::string> args = {"eval", "--workload", "mooncake", "--json"};
        const Run in = runInProcess(args);
        QCOMPARE(in.exitCode, 0);
        const Run bin = runBinary({"eval", "--workload", "mooncake", "--json"});
        QCOMPARE(bin.exitCode, 0);
        QCOMPARE(Json::parse(in.out.toStdString()), Json::parse(bin.out.toStdString()));
    }

    void isCommandLineDetection()
    {
        QVERIFY(kvtiers::cli::isCommandLine({"eval"}));
        QVERIFY(kvtiers::cli::isCommandLine({"--help"}));
        QVERIFY(kvtiers::cli::isCommandLine({"--version"}));
        QVERIFY(!kvtiers::cli::isCommandLine({}));
        QVERIFY(!kvtiers::cli::isCommandLine({"-platform", "offscreen"}));
    }
};

QTEST_APPLESS_MAIN(TestCli)
#include "tst_cli.moc"
