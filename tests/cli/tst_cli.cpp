// The headless command line: the built binary answers
// the article's question with the documented JSON keys; bad input exits 2 with one line
// on stderr naming the option; list, sweep --csv and --workload alone work. The table of
// bad inputs also runs in-process through kvtiers::cli::run() (fast, and under sanitizers).
// `kvtiers export --chart fleet` takes `kvtiers fleet`'s options (one shared parser) and
// writes the fleet chart or the core's CSV/JSON.

#include "app/cli/CommandLine.h"
#include "app/cli/CommandLineParsing.h"
#include "core/analysis/Fleet.h"
#include "core/analysis/Sensitivity.h"
#include "core/catalog/CardCatalog.h"
#include "core/catalog/ScenarioSpec.h"
#include "core/io/Csv.h"
#include "core/io/Json.h"
#include "core/model/Evaluation.h"
#include "core/report/FleetReport.h"
#include "core/report/SensitivityReport.h"
#include "core/report/SweepReport.h"
#include "tests/support/TestSupport.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
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
    // As in a CI job or a cron script: no desktop session.
    env.remove(QStringLiteral("XDG_RUNTIME_DIR"));
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

/// A CSV the CLI printed, without its first line, which must name the version and the
/// command that made the table.
QString csvTable(const QString& out, const QString& command)
{
    const qsizetype end = out.indexOf(QLatin1Char('\n'));
    const QString first = out.left(end);
    if (!first.startsWith(QStringLiteral("# kvtiers ")) || !first.contains(QStringLiteral(": kvtiers ") + command))
        return QStringLiteral("no preamble naming the command: ") + first;
    return out.mid(end + 1);
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
        // The article's command.
        const Run r = runBinary({ "eval", "--model", "llama-3.1-70b", "--context", "128k", "--concurrency", "10",
            "--kv-dtype", "fp16", "--json" });
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
            { "kv_bytes_per_token", "kv_bytes_per_request", "kv_bytes_allocated_per_request", "hot_set_bytes",
                "max_concurrency", "achieved_reuse_rate", "tiers.hbm.capacity_bytes", "tiers.hbm.used_bytes",
                "tiers.dram.capacity_bytes", "tiers.dram.used_bytes", "tiers.ssd.capacity_bytes",
                "tiers.ssd.used_bytes", "tiers.hbm.weights_bytes", "tiers.hbm.kv_bytes", "overflow_bytes",
                "restore_seconds.dram", "restore_seconds.ssd", "recompute_seconds", "decode_step_seconds",
                "tokens_per_second", "per_server.hbm_bytes", "per_server.dram_bytes", "per_server.ssd_bytes" }) {
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
        const Run r = runBinary({ "eval", "--model", "llama-3.1-70b", "--context", "128k", "--concurrency", "10" });
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains(QStringLiteral("no --hardware given")));
        QVERIFY(r.out.contains(QStringLiteral("h200-sxm")));
        QVERIFY(r.out.contains(QStringLiteral("TP 8")));
        // The derivation and the article's figures are in the text.
        QVERIFY(r.out.contains(QStringLiteral("327,680 B = 320 KiB per token")));
        QVERIFY(r.out.contains(QStringLiteral("40 GiB")));
        QVERIFY(r.out.contains(QStringLiteral("400 GiB")));
        // With --hardware given, nothing is assumed.
        const Run h = runBinary({ "eval", "--model", "llama-3.1-70b", "--hardware", "h100-sxm" });
        QCOMPARE(h.exitCode, 0);
        QVERIFY(!h.out.contains(QStringLiteral("no --hardware given")));
    }

    void listCommands()
    {
        const Run m = runBinary({ "list", "models" });
        QCOMPARE(m.exitCode, 0);
        for (const char* id : { "llama-3.1-8b", "llama-3.1-70b", "llama-3.1-405b", "deepseek-67b", "deepseek-v2",
                 "deepseek-v3", "opt-175b", "mistral-7b-v0.1", "gemma-2-27b", "qwen2.5-72b" })
            QVERIFY2(m.out.contains(QString::fromUtf8(id)), id);
        const Run h = runBinary({ "list", "hardware" });
        QCOMPARE(h.exitCode, 0);
        for (const char* id : { "h100-sxm", "h200-sxm", "b200", "gh200", "a100-80gb", "t4" })
            QVERIFY2(h.out.contains(QString::fromUtf8(id)), id);
        const Run w = runBinary({ "list", "workloads", "--json" });
        QCOMPARE(w.exitCode, 0);
        const Json j = Json::parse(w.out.toStdString());
        QVERIFY(j.is_array());
        std::set<std::string> ids;
        for (const auto& row : j)
            ids.insert(row.at("id").get<std::string>());
        for (const char* id :
            { "article", "mooncake", "flexgen", "chat", "agentic-coding", "rag-long", "code-completion", "reasoning" })
            QVERIFY2(ids.count(id), id);
    }

    void workloadAloneIsAScenario()
    {
        const Run r = runBinary({ "eval", "--workload", "flexgen", "--json" });
        QCOMPARE(r.exitCode, 0);
        const Json j = Json::parse(r.out.toStdString());
        QCOMPARE(j["model"].get<std::string>(), std::string("opt-175b"));
        QCOMPARE(j["hardware"].get<std::string>(), std::string("t4"));
        QCOMPARE(j["workload"].get<std::string>(), std::string("flexgen"));
        QCOMPARE(j["hot_set_bytes"].get<std::int64_t>(), std::int64_t(256) * 544 * 4718592);
        QCOMPARE(j["decode_bound"].get<std::string>(), std::string("ssd_stream"));
        // The summary works too.
        const Run s = runBinary({ "eval", "--workload", "flexgen" });
        QCOMPARE(s.exitCode, 0);
        QVERIFY(s.out.contains(QStringLiteral("OPT-175B")));
    }

    void flagsOverrideTheWorkload()
    {
        const Run r
            = runBinary({ "eval", "--workload", "article", "--concurrency", "1", "--kv-dtype", "fp8", "--json" });
        QCOMPARE(r.exitCode, 0);
        const Json j = Json::parse(r.out.toStdString());
        QCOMPARE(j["hot_set_bytes"].get<std::int64_t>(), std::int64_t(131072) * 163840);
        // --reuse accepts percentages; --dram-per-server takes sizes.
        const Run c = runBinary({ "eval", "--workload", "chat", "--reuse", "50%", "--dram-per-server", "1GB",
            "--nvme-per-server", "0", "--json" });
        QCOMPARE(c.exitCode, 0);
        const Json k = Json::parse(c.out.toStdString());
        QCOMPARE(k["requested_reuse_rate"].get<double>(), 0.5);
        QVERIFY(k["achieved_reuse_rate"].get<double>() < 0.5);
        // --request-rate gives λ: the retained pool scales with it.
        const Json derived = Json::parse(runBinary({ "eval", "--workload", "chat", "--json" }).out.toStdString());
        const double lambda = derived["request_rate_per_s"].get<double>();
        const Run g = runBinary(
            { "eval", "--workload", "chat", "--request-rate", QString::number(2 * lambda, 'g', 17), "--json" });
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
        QTest::newRow("unknown option") << QStringList { "eval", "--model", "llama-3.1-70b", "--contxt", "128k" }
                                        << "--contxt";
        QTest::newRow("unknown model") << QStringList { "eval", "--model", "llama-9" } << "llama-9";
        QTest::newRow("unknown hardware")
            << QStringList { "eval", "--model", "llama-3.1-70b", "--hardware", "h300" } << "h300";
        QTest::newRow("unknown workload") << QStringList { "eval", "--workload", "nope" } << "nope";
        QTest::newRow("bad context") << QStringList { "eval", "--model", "llama-3.1-70b", "--context", "lots" }
                                     << "--context";
        QTest::newRow("zero context") << QStringList { "eval", "--model", "llama-3.1-70b", "--context", "0" }
                                      << "--context";
        QTest::newRow("negative concurrency")
            << QStringList { "eval", "--model", "llama-3.1-70b", "--concurrency", "-1" } << "--concurrency";
        QTest::newRow("missing value") << QStringList { "eval", "--model", "llama-3.1-70b", "--context" }
                                       << "--context";
        QTest::newRow("missing model value") << QStringList { "eval", "--model" } << "--model";
        QTest::newRow("bad dtype") << QStringList { "eval", "--model", "llama-3.1-70b", "--kv-dtype", "fp7" }
                                   << "--kv-dtype";
        QTest::newRow("65 bits") << QStringList { "eval", "--model", "llama-3.1-70b", "--kv-dtype", "65bit" }
                                 << "--kv-dtype";
        QTest::newRow("reuse 150%") << QStringList { "eval", "--model", "llama-3.1-70b", "--reuse", "150%" }
                                    << "--reuse";
        QTest::newRow("gpu util 0") << QStringList { "eval", "--model", "llama-3.1-70b", "--gpu-util", "0" }
                                    << "--gpu-util";
        QTest::newRow("tp 3") << QStringList { "eval", "--model", "llama-3.1-70b", "--tp", "3" } << "tp";
        QTest::newRow("tp heads") << QStringList { "eval", "--model", "llama-3.1-70b", "--gpus", "6", "--tp", "6" }
                                  << "tp";
        QTest::newRow("output >= context") << QStringList { "eval", "--model", "llama-3.1-70b", "--context", "1000",
            "--output-tokens", "1000" } << "output";
        QTest::newRow("bad allocation") << QStringList { "eval", "--model", "llama-3.1-70b", "--allocation", "greedy" }
                                        << "--allocation";
        QTest::newRow("flag with value") << QStringList { "eval", "--model", "llama-3.1-70b", "--streaming=yes" }
                                         << "--streaming";
        QTest::newRow("no model") << QStringList { "eval", "--context", "128k" } << "model";
        QTest::newRow("unknown command") << QStringList { "evaluate" } << "evaluate";
        QTest::newRow("list what") << QStringList { "list", "gpus" } << "gpus";
        QTest::newRow("sweep axis") << QStringList { "sweep", "--model", "llama-3.1-70b", "--axis", "tp" } << "--axis";
        QTest::newRow("sweep points") << QStringList { "sweep", "--model", "llama-3.1-70b", "--points", "1" }
                                      << "--points";
        QTest::newRow("bad model file") << QStringList { "eval", "--model", "/nonexistent/card.json" } << "card.json";
        QTest::newRow("bad size") << QStringList { "eval", "--model", "llama-3.1-70b", "--dram-per-server", "2XB" }
                                  << "--dram-per-server";
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
            { "eval", "--model", "llama-3.1-70b", "--context", "nan" },
            { "eval", "--model", "llama-3.1-70b", "--context", "inf" },
            { "eval", "--model", "llama-3.1-70b", "--context", "1e13" },
            { "eval", "--model", "llama-3.1-70b", "--context", "1.5" },
            { "eval", "--model", "llama-3.1-70b", "--context", "" },
            { "eval", "--model", "llama-3.1-70b", "--concurrency", "0" },
            { "eval", "--model", "llama-3.1-70b", "--concurrency", "2.5" },
            { "eval", "--model", "llama-3.1-70b", "--sharing", "0" },
            { "eval", "--model", "llama-3.1-70b", "--reuse", "-1" },
            { "eval", "--model", "llama-3.1-70b", "--reuse", "nan" },
            { "eval", "--model", "llama-3.1-70b", "--offload-rate", "2" },
            { "eval", "--model", "llama-3.1-70b", "--reuse-distance", "-1" },
            { "eval", "--model", "llama-3.1-70b", "--request-rate", "-1" },
            { "eval", "--model", "llama-3.1-70b", "--request-rate", "1e13" },
            { "eval", "--model", "llama-3.1-70b", "--request-rate", "fast" },
            { "eval", "--model", "llama-3.1-70b", "--tp", "0" },
            { "eval", "--model", "llama-3.1-70b", "--tp", "100000" },
            { "eval", "--model", "llama-3.1-70b", "--block-size", "0" },
            { "eval", "--model", "llama-3.1-70b", "--kv-dtype", "0bit" },
            { "eval", "--model", "llama-3.1-70b", "--kv-dtype", "" },
            { "eval", "--model", "llama-3.1-70b", "--kv-scale-bits", "-1" },
            { "eval", "--model", "llama-3.1-70b", "--weight-bits", "0" },
            { "eval", "--model", "llama-3.1-70b", "--gpu-util", "1.5" },
            { "eval", "--model", "llama-3.1-70b", "--gpu-util", "0.001" },
            { "eval", "--model", "llama-3.1-70b", "--servers", "0" },
            { "eval", "--model", "llama-3.1-70b", "--servers", "1e10" },
            { "eval", "--model", "llama-3.1-70b", "--gpus", "0" },
            { "eval", "--model", "llama-3.1-70b", "--reserve", "-1GiB" },
            { "eval", "--model", "llama-3.1-70b", "--kv-dtype", "fp8", "--kv-dtype", "fp16" },
            { "eval", "--model", "llama-3.1-70b", "extra" },
            { "eval", "--model", "llama-3.1-70b", "--output-tokens", "200000" },
            { "eval", "--model", "llama-3.1-70b", "--inclusive=1" },
            { "eval", "--model=" },
            { "eval", "--hardware", "t4" },
            { "sweep", "--model", "llama-3.1-70b", "--from", "4k", "--to", "1k" },
            { "sweep", "--model", "llama-3.1-70b", "--from", "0" },
            { "list" },
            { "list", "models", "hardware" },
            { "nonsense" },
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
        const Run r = runInProcess({ "eval", "--model", "llama-3.1-70b", "--kv-dtype", "0.25bit" });
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("--kv-dtype")), qPrintable(r.err));
        QVERIFY2(!r.err.contains(QStringLiteral("overrides.")), qPrintable(r.err));
    }

    void rateAboveCapacityWarnsOnlyOfThat()
    {
        // The article replica serves about 0.1 request/s (one 128K prefill takes ~9.4 s);
        // 5 request/s is far above it. The warning says so, and only that: one GPU server
        // holds the replica, so nothing spans servers.
        const Run r = runInProcess({ "eval", "--workload", "article", "--request-rate", "5", "--json" });
        QCOMPARE(r.exitCode, 0);
        const QJsonArray warnings
            = QJsonDocument::fromJson(r.out.toUtf8()).object().value(QStringLiteral("warnings")).toArray();
        bool above = false;
        for (const QJsonValue& w : warnings) {
            const QString text = w.toString();
            above = above || text.contains(QStringLiteral("one replica can serve"));
            QVERIFY2(!text.contains(QStringLiteral("spans")), qPrintable(text));
        }
        QVERIFY2(above, qPrintable(r.out.left(2000)));
    }

    void sweepCsv()
    {
        const Run r = runBinary({ "sweep", "--model", "llama-3.1-70b", "--axis", "context", "--from", "1k", "--to",
            "1M", "--points", "11", "--concurrency", "10", "--csv" });
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.startsWith(QStringLiteral("# kvtiers ")), qPrintable(r.out.left(200)));
        QVERIFY2(r.out.section(QLatin1Char('\n'), 0, 0)
                     .endsWith(QStringLiteral(": kvtiers sweep --model llama-3.1-70b --axis "
                                              "context --from 1k --to 1M --points 11 "
                                              "--concurrency 10 --csv")),
            qPrintable(r.out.left(200)));
        const QStringList lines = nonEmptyLines(csvTable(r.out, QStringLiteral("sweep")));
        QCOMPARE(lines.size(), 12); // header + 11 points
        QCOMPARE(lines[0],
            QStringLiteral("context,hbm_used_bytes,dram_used_bytes,ssd_used_bytes,overflow_bytes,"
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
        const Run j = runBinary({ "sweep", "--model", "llama-3.1-8b", "--axis", "concurrency", "--from", "1", "--to",
            "64", "--points", "7", "--json" });
        QCOMPARE(j.exitCode, 0);
        const Json doc = Json::parse(j.out.toStdString());
        QCOMPARE(doc["points"].size(), size_t(7));
        QCOMPARE(doc["axis"].get<std::string>(), std::string("concurrency"));
    }

    void sensitivityFleetJson()
    {
        // `sensitivity --fleet`: the fleet tornado (each variable moved on every workload,
        // the fleet sized again) as JSON; its base is the `fleet` command's fleet.
        const std::vector<std::string> fleetArgs = { "--mix", "chat=0.7,mooncake=0.3", "--rate", "80", "--hardware",
            "h200-sxm", "--ttft", "30", "--tpot", "0.05" };
        std::vector<std::string> args = { "sensitivity", "--fleet" };
        args.insert(args.end(), fleetArgs.begin(), fleetArgs.end());
        args.insert(args.end(), { "--range", "0.3", "--json" });
        QStringList binaryArgs;
        for (const auto& a : args)
            binaryArgs << QString::fromStdString(a);
        const Run r = runBinary(binaryArgs);
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.isEmpty(), qPrintable(r.err));
        const Json j = Json::parse(r.out.toStdString());
        QCOMPARE(j["scope"].get<std::string>(), std::string("fleet"));
        QCOMPARE(j["range"].get<double>(), 0.3);
        QCOMPARE(j["tpot_target_s"].get<double>(), 0.05);
        std::vector<std::string> fleetCommand = { "fleet" };
        fleetCommand.insert(fleetCommand.end(), fleetArgs.begin(), fleetArgs.end());
        fleetCommand.push_back("--json");
        const Run f = runInProcess(fleetCommand);
        QCOMPARE(f.exitCode, 0);
        const Json fleet = Json::parse(f.out.toStdString());
        for (const char* key : { "hbm_bytes", "dram_bytes", "ssd_bytes" })
            QCOMPARE(j["base"][key], fleet["fleet"][key]);
        QCOMPARE(j["base"]["gpus"], fleet["gpus"]);
        QCOMPARE(j["base"]["servers"], fleet["servers"]);
        // Every fleet variable once, largest effect first; each delta is its end minus the base.
        std::set<std::string> variables;
        double previous = 1e300;
        for (const Json& bar : j["bars"]) {
            variables.insert(bar["variable"].get<std::string>());
            double effect = 0;
            for (const std::string end : { "low", "high" }) {
                QVERIFY(bar[end + "_feasible"].get<bool>());
                for (const char* key : { "hbm_bytes", "dram_bytes", "ssd_bytes", "gpus", "servers" }) {
                    const double delta = bar[end + "_delta"][key].get<double>();
                    QCOMPARE(delta, bar[end][key].get<double>() - j["base"][key].get<double>());
                    if (std::string(key).ends_with("_bytes"))
                        effect = std::max(effect, std::fabs(delta));
                }
            }
            QVERIFY(effect <= previous);
            previous = effect;
        }
        QCOMPARE(variables,
            (std::set<std::string> { "context", "concurrency", "kv_bits", "reuse_rate", "offload_rate",
                "dram_per_server", "nvme_per_server", "traffic" }));
        // The binary and the library agree.
        QCOMPARE(Json::parse(runInProcess(args).out.toStdString()), j);
    }

    void sensitivityFleetTextNamesInfeasibleMoves()
    {
        // A TPOT target just above one sequence's decode step: at -50% no replica meets it.
        kvtiers::ScenarioSpec spec;
        spec.workload = "chat";
        spec.hardware = "h200-sxm";
        kvtiers::Scenario one = kvtiers::resolveScenario(kvtiers::CardCatalog::builtin(), spec).scenario;
        one.workload.concurrency = 1;
        const double step = kvtiers::evaluate(one).decodeStepSeconds;
        std::ostringstream tpot;
        tpot.precision(17);
        tpot << step * 1.2;
        const Run r = runInProcess({ "sensitivity", "--fleet", "--mix", "chat", "--rate", "50", "--hardware",
            "h200-sxm", "--ttft", "30", "--tpot", tpot.str() });
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.isEmpty(), qPrintable(r.err));
        QVERIFY(r.out.startsWith(QStringLiteral("Fleet demand: HBM ")));
        for (const char* label : { "Average input context", "Active sequences per replica", "KV bytes per token",
                 "Prefix-cache hit rate", "Total traffic" })
            QVERIFY2(r.out.contains(QString::fromUtf8(label)), label);
        QVERIFY2(r.out.contains(QStringLiteral("cannot be sized: fleet: chat: even one sequence per replica misses")),
            qPrintable(r.out));
    }

    void sensitivityFleetBadInput()
    {
        const std::vector<std::pair<std::vector<std::string>, QString>> bad = {
            { { "sensitivity", "--fleet" }, QStringLiteral("--mix") },
            { { "sensitivity", "--mix", "chat=1", "--rate", "1" }, QStringLiteral("--mix: unknown option") },
            { { "sensitivity", "--fleet", "--mix", "chat", "--rate", "1", "--range", "2" }, QStringLiteral("--range") },
            { { "sensitivity", "--fleet", "--mix", "chat=1,mooncake=1", "--rate", "1" },
                QStringLiteral("server profile") },
        };
        for (const auto& [args, needle] : bad) {
            const Run r = runInProcess(args);
            QCOMPARE(r.exitCode, 2);
            QCOMPARE(nonEmptyLines(r.err).size(), 1);
            QVERIFY2(r.err.contains(needle), qPrintable(r.err));
        }
    }

    void fleetFlagsOverrideTheCardsTargets()
    {
        // The reasoning card sets all four targets (3 s TTFT at p99, 50 ms TPOT at p99): a
        // flag wins over the card's figure, the card over the default, and the JSON and the
        // header say where each figure in force came from.
        const Run r = runInProcess(
            { "fleet", "--mix", "reasoning", "--rate", "1", "--ttft", "10", "--tpot-percentile", "90", "--json" });
        QCOMPARE(r.exitCode, 0);
        const Json j = Json::parse(r.out.toStdString());
        const Json& e = j["workloads"][0];
        QCOMPARE(e["ttft_target_s"].get<double>(), 10.0);
        QCOMPARE(e["tpot_percentile"].get<double>(), 90.0);
        QCOMPARE(e["tpot_target_s"].get<double>(), 0.05);
        QCOMPARE(e["targets_source"]["ttft_s"].get<std::string>(), std::string("flag"));
        QCOMPARE(e["targets_source"]["tpot_percentile"].get<std::string>(), std::string("flag"));
        QCOMPARE(e["targets_source"]["ttft_percentile"].get<std::string>(), std::string("workload card"));
        QCOMPARE(e["targets_source"]["tpot_s"].get<std::string>(), std::string("workload card"));
        QCOMPARE(j["targets_source"]["ttft_s"].get<std::string>(), std::string("flag"));
        QCOMPARE(j["targets_source"]["tpot_s"].get<std::string>(), std::string("default"));
        QVERIFY(e["ttft_s"]["p99"].get<double>() <= 10.0);
        const Run text = runInProcess({ "fleet", "--mix", "reasoning", "--rate", "1", "--ttft", "10" });
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(
            text.out.contains(QStringLiteral("targets TTFT 10 s (flag) at p99 (workload card)")), qPrintable(text.out));
        // Without flags the card's figures stand; chat's card has none: the defaults.
        const Json card = Json::parse(
            runInProcess({ "fleet", "--mix", "reasoning=1,chat=1", "--rate", "1", "--hardware", "h200-sxm", "--json" })
                .out.toStdString());
        QCOMPARE(card["workloads"][0]["ttft_target_s"].get<double>(), 3.0);
        QCOMPARE(card["workloads"][0]["targets_source"]["ttft_s"].get<std::string>(), std::string("workload card"));
        QCOMPARE(card["workloads"][1]["ttft_target_s"].get<double>(), 2.0);
        QCOMPARE(card["workloads"][1]["targets_source"]["ttft_s"].get<std::string>(), std::string("default"));
    }

    void fleetSaysWhichQueueBinds()
    {
        // A reasoning request holds its slot for 8,192 output tokens: the slot queue (replicas
        // × sequences) sets the count. An article request decodes nothing: its hold is its
        // prefill, and the prefill queue (one server per replica) sets it.
        // Served as one TP 8 replica per server, as the slot story is told (the card's own
        // deployment, DP attention, is tst_deployment's).
        const Json reasoning = Json::parse(runInProcess(
            { "fleet", "--mix", "reasoning", "--rate", "5", "--tp", "8", "--dp", "1", "--ep", "1", "--json" })
                                               .out.toStdString());
        const Json& r = reasoning["workloads"][0];
        QCOMPARE(r["binding"].get<std::string>(), std::string("slots"));
        QVERIFY(r["slot_queue"]["utilization"].get<double>() > r["prefill_queue"]["utilization"].get<double>());
        QCOMPARE(r["slot_queue"]["queue_servers"].get<double>(),
            r["replicas"].get<double>() * r["concurrency_per_replica"].get<double>());
        QCOMPARE(r["prefill_queue"]["queue_servers"].get<double>(), r["replicas"].get<double>());
        // Hundreds of slots: beyond the exact M/D/c solver, and the JSON names what stands in.
        QVERIFY(r["slot_queue"]["wait_model"].get<std::string>().find("Allen-Cunneen") != std::string::npos);
        const Json article = Json::parse(
            runInProcess({ "fleet", "--mix", "article", "--rate", "2", "--ttft", "30", "--json" }).out.toStdString());
        const Json& a = article["workloads"][0];
        QCOMPARE(a["binding"].get<std::string>(), std::string("prefill"));
        QCOMPARE(a["prefill_queue"]["wait_model"].get<std::string>(), std::string("exact"));
        QVERIFY(a["ttft_s"]["p99"].get<double>() <= 30.0);
    }

    void fleetPercentileFlags()
    {
        // --ttft-percentile and --tpot-percentile: P in (0, 100) or "mean"; a mix entry's own
        // targets after its share. Each workload reports the targets it was sized for.
        const Run r = runInProcess({ "fleet", "--mix", "chat=3:ttft=2:ttft-percentile=90,mooncake=1", "--rate", "8",
            "--hardware", "h200-sxm", "--ttft", "30", "--tpot-percentile", "mean", "--json" });
        QCOMPARE(r.exitCode, 0);
        const Json j = Json::parse(r.out.toStdString());
        QCOMPARE(j["ttft_percentile"].get<double>(), 99.0);
        QCOMPARE(j["tpot_percentile"].get<std::string>(), std::string("mean"));
        const Json& chat = j["workloads"][0];
        QCOMPARE(chat["ttft_target_s"].get<double>(), 2.0);
        QCOMPARE(chat["ttft_percentile"].get<double>(), 90.0);
        QVERIFY(chat["ttft_s"]["p90"].get<double>() <= 2.0);
        QVERIFY(chat["utilization"].get<double>() < 1.0);
        QCOMPARE(j["workloads"][1]["ttft_target_s"].get<double>(), 30.0);
        const std::vector<std::pair<std::vector<std::string>, QString>> bad = {
            { { "fleet", "--mix", "chat", "--rate", "1", "--ttft-percentile", "100" },
                QStringLiteral("--ttft-percentile") },
            { { "fleet", "--mix", "chat", "--rate", "1", "--tpot-percentile", "median" },
                QStringLiteral("--tpot-percentile") },
            { { "fleet", "--mix", "chat:latency=2", "--rate", "1" },
                QStringLiteral("--mix chat: unknown key \"latency\"") },
            { { "fleet", "--mix", "chat=1:ttft=-1", "--rate", "1" }, QStringLiteral("--mix chat:ttft") },
        };
        for (const auto& [args, needle] : bad) {
            const Run b = runInProcess(args);
            QCOMPARE(b.exitCode, 2);
            QVERIFY2(b.err.contains(needle), qPrintable(b.err));
        }
    }

    void evalUnderALoad()
    {
        // One replica at a given rate: its load, or the rate named unstable.
        const Run ok = runInProcess({ "eval", "--workload", "article", "--request-rate", "0.09", "--json" });
        QCOMPARE(ok.exitCode, 0);
        const Json load = Json::parse(ok.out.toStdString())["load"];
        QCOMPARE(load["stable"].get<bool>(), true);
        QVERIFY(load["utilization"].get<double>() > 0.8 && load["utilization"].get<double>() < 1);
        QVERIFY(load["ttft_s"]["p99"].get<double>() > load["ttft_s"]["p50"].get<double>());
        const Run unstable = runInProcess({ "eval", "--workload", "article", "--request-rate", "0.2" });
        QCOMPARE(unstable.exitCode, 0);
        QVERIFY2(unstable.out.contains(QStringLiteral("unstable")), qPrintable(unstable.out));
    }

    void helpAndVersion()
    {
        const Run h = runInProcess({ "--help" });
        QCOMPARE(h.exitCode, 0);
        QVERIFY(h.out.contains(QStringLiteral("kvtiers eval")));
        QVERIFY(h.err.isEmpty());
        const Run v = runBinary({ "--version" });
        QCOMPARE(v.exitCode, 0);
        QVERIFY(v.out.startsWith(QStringLiteral("kvtiers ")));
    }

    void inProcessMatchesBinary()
    {
        const std::vector<std::string> args = { "eval", "--workload", "mooncake", "--json" };
        const Run in = runInProcess(args);
        QCOMPARE(in.exitCode, 0);
        const Run bin = runBinary({ "eval", "--workload", "mooncake", "--json" });
        QCOMPARE(bin.exitCode, 0);
        QCOMPARE(Json::parse(in.out.toStdString()), Json::parse(bin.out.toStdString()));
    }

    void exportFleetChart()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QStringList fleetArgs = { "--mix", "chat=0.7,mooncake=0.3", "--rate", "100", "--hardware", "h200-sxm" };
        const QString png = dir.filePath(QStringLiteral("fleet.png"));
        const Run r = runBinary(QStringList { "export", "--chart", "fleet" } + fleetArgs
            + QStringList { "--width", "800", "--height", "450", "--scale", "1.5", "--out", png });
        QCOMPARE(r.exitCode, 0);
        // Nothing on stderr, not even Qt's note on a missing XDG_RUNTIME_DIR.
        QVERIFY2(r.err.isEmpty(), qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("1200 × 675 px")), qPrintable(r.out));
        QFile file(png);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray bytes = file.readAll();
        // PNG signature, then IHDR: width and height, big-endian, at bytes 16 and 20.
        QVERIFY(bytes.startsWith("\x89PNG\r\n\x1a\n"));
        auto be32 = [&](int at) {
            return (quint32(quint8(bytes[at])) << 24) | (quint32(quint8(bytes[at + 1])) << 16)
                | (quint32(quint8(bytes[at + 2])) << 8) | quint32(quint8(bytes[at + 3]));
        };
        QCOMPARE(be32(16), 1200u);
        QCOMPARE(be32(20), 675u);
        QVERIFY(bytes.size() > 20000); // a drawn chart, not an empty canvas

        // CSV: the core's fleetCsv on what the shared parser makes of the same flags.
        const QString csv = dir.filePath(QStringLiteral("fleet.csv"));
        QCOMPARE(
            runBinary(QStringList { "export", "--chart", "fleet" } + fleetArgs + QStringList { "--out", csv }).exitCode,
            0);
        std::vector<std::string> argv = { "fleet" };
        for (const QString& a : fleetArgs)
            argv.push_back(a.toStdString());
        using namespace kvtiers::cli;
        const kvtiers::FleetResult f = sizeFleetFromFlags(fleetInputFromFlags(parseArgs(argv, 1, fleetOptions())));
        QFile csvFile(csv);
        QVERIFY(csvFile.open(QIODevice::ReadOnly));
        QCOMPARE(csvFile.readAll().toStdString(), kvtiers::fleetCsv(f));

        // JSON: what `kvtiers fleet --json` prints.
        const QString json = dir.filePath(QStringLiteral("fleet.json"));
        QCOMPARE(runBinary(QStringList { "export", "--chart", "fleet" } + fleetArgs + QStringList { "--out", json })
                     .exitCode,
            0);
        argv.push_back("--json");
        const Run printed = runInProcess(argv);
        QCOMPARE(printed.exitCode, 0);
        QFile jsonFile(json);
        QVERIFY(jsonFile.open(QIODevice::ReadOnly));
        QCOMPARE(Json::parse(jsonFile.readAll().toStdString()), Json::parse(printed.out.toStdString()));
        QCOMPARE(Json::parse(printed.out.toStdString()).at("gpus").get<double>(), f.gpus);
    }

    void exportFleetBadInputExitsTwo_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("names");
        const QStringList mix = { "--mix", "chat=0.7,mooncake=0.3", "--hardware", "h200-sxm" };
        QTest::newRow("no mix") << QStringList { "--rate", "100" } << "--mix";
        QTest::newRow("no rate") << mix << "--rate";
        QTest::newRow("unknown workload") << QStringList { "--mix", "nope=1", "--rate", "100" } << "nope";
        QTest::newRow("bad share") << QStringList { "--mix", "chat=lots", "--rate", "100" } << "--mix chat";
        QTest::newRow("empty entry") << QStringList { "--mix", "chat,,mooncake", "--rate", "100" } << "--mix";
        QTest::newRow("negative rate") << mix + QStringList { "--rate", "-1" } << "--rate";
        QTest::newRow("impossible target")
            << mix + QStringList { "--rate", "100", "--tpot", "0.00001" } << "time-per-output-token";
        QTest::newRow("bad units") << mix + QStringList { "--rate", "100", "--units", "parsecs" } << "--units";
        QTest::newRow("preset") << mix + QStringList { "--rate", "100", "--preset", "x" } << "--preset";
        QTest::newRow("bad override") << mix + QStringList { "--rate", "100", "--reuse", "150%" } << "--reuse";
    }
    void exportFleetBadInputExitsTwo()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, names);
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("never.png"));
        const Run r = runBinary(QStringList { "export", "--chart", "fleet", "--out", png } + args);
        QCOMPARE(r.exitCode, 2);
        const QStringList lines = nonEmptyLines(r.err);
        QCOMPARE(lines.size(), 1);
        QVERIFY2(lines[0].contains(names), qPrintable(lines[0]));
        QVERIFY(!QFile::exists(png));
    }

    void fleetOptionsOnlyForTheFleetChart()
    {
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("never.png"));
        const Run r = runBinary({ "export", "--chart", "tiers", "--workload", "chat", "--mix", "chat", "--out", png });
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("--mix: only for --chart fleet")), qPrintable(r.err));
        // The fleet command shares the parser: --preset is refused there too, not ignored.
        const Run f = runInProcess({ "fleet", "--mix", "chat", "--rate", "10", "--preset", "x" });
        QCOMPARE(f.exitCode, 2);
        QVERIFY2(f.err.contains(QStringLiteral("--preset")), qPrintable(f.err));
        QVERIFY(!QFile::exists(png));
    }

    void fleetCsvPrintsTheCoresCsv()
    {
        // `kvtiers fleet --csv` prints the core's fleetCsv (it used to be ignored silently).
        const QStringList fleetArgs = { "--mix", "chat=0.7,mooncake=0.3", "--rate", "100", "--hardware", "h200-sxm" };
        std::vector<std::string> argv = { "fleet" };
        for (const QString& a : fleetArgs)
            argv.push_back(a.toStdString());
        using namespace kvtiers::cli;
        const kvtiers::FleetResult f = sizeFleetFromFlags(fleetInputFromFlags(parseArgs(argv, 1, fleetOptions())));
        const Run r = runBinary(QStringList { "fleet" } + fleetArgs + QStringList { "--csv" });
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(csvTable(r.out, QStringLiteral("fleet")).toStdString(), kvtiers::fleetCsv(f));
        QVERIFY2(!r.err.contains(QStringLiteral("kvtiers")), qPrintable(r.err));
        QVERIFY(csvTable(r.out, QStringLiteral("fleet")).startsWith(QStringLiteral("label,model,share,")));
        QCOMPARE(nonEmptyLines(csvTable(r.out, QStringLiteral("fleet"))).size(),
            int(f.entries.size()) + 2); // header, workloads, total
        // Bytes are raw numbers: --units changes the text summary, not the CSV.
        argv.insert(argv.end(), { "--units", "decimal", "--csv" });
        const Run decimal = runInProcess(argv);
        QCOMPARE(decimal.exitCode, 0);
        QCOMPARE(csvTable(decimal.out, QStringLiteral("fleet")), csvTable(r.out, QStringLiteral("fleet")));
        // Both formats at once is bad input: exit 2, one line naming the flags.
        argv.push_back("--json");
        const Run both = runInProcess(argv);
        QCOMPARE(both.exitCode, 2);
        QVERIFY(both.out.isEmpty());
        const QStringList lines = nonEmptyLines(both.err);
        QCOMPARE(lines.size(), 1);
        QVERIFY2(lines[0].contains(QStringLiteral("--csv")) && lines[0].contains(QStringLiteral("--json")),
            qPrintable(lines[0]));
        // The help names it, and the fleet chart export.
        const Run h = runInProcess({ "--help" });
        QVERIFY(h.out.contains(QStringLiteral("[--json|--csv]")));
        QVERIFY(h.out.contains(QStringLiteral("--chart tiers|sweep|compare|fleet")));
    }

    void sensitivityCsvIsTheCoresCsv()
    {
        // Scenario tornado: `sensitivity --csv` prints the core's sensitivityCsv.
        const Run r = runInProcess({ "sensitivity", "--workload", "chat", "--range", "30%", "--csv" });
        QCOMPARE(r.exitCode, 0);
        const kvtiers::SensitivityResult sr = kvtiers::sensitivity(kvtiers::test::workloadScenario("chat"), 0.3);
        QCOMPARE(csvTable(r.out, QStringLiteral("sensitivity")).toStdString(), kvtiers::sensitivityCsv(sr));
        QCOMPARE(nonEmptyLines(csvTable(r.out, QStringLiteral("sensitivity"))).size(), int(sr.bars.size()) + 1);
        // Fleet tornado likewise.
        const Run f = runInProcess(
            { "sensitivity", "--fleet", "--mix", "chat=1", "--rate", "50", "--hardware", "h100-sxm", "--csv" });
        QCOMPARE(f.exitCode, 0);
        kvtiers::FleetInput in;
        kvtiers::FleetEntry e;
        e.label = "chat";
        e.spec.workload = "chat";
        e.spec.hardware = "h100-sxm";
        in.mix.push_back(e);
        in.requestsPerSecond = 50;
        QCOMPARE(csvTable(f.out, QStringLiteral("sensitivity --fleet")).toStdString(),
            kvtiers::sensitivityCsv(kvtiers::fleetSensitivity(kvtiers::CardCatalog::builtin(), in)));
    }

    void evalCsvIsTheTierTable()
    {
        const Run r = runInProcess({ "eval", "--workload", "article", "--csv" });
        QCOMPARE(r.exitCode, 0);
        const QStringList lines = nonEmptyLines(csvTable(r.out, QStringLiteral("eval")));
        QCOMPARE(lines.size(), 5); // header, hbm, dram, ssd, overflow
        const QStringList header = lines[0].split(QLatin1Char(','));
        QCOMPARE(header.value(0), QStringLiteral("tier"));
        const kvtiers::Scenario s = kvtiers::test::workloadScenario("article");
        const kvtiers::EvalResult e = kvtiers::evaluate(s);
        auto cell = [&](int row, const char* column) {
            return lines[row].split(QLatin1Char(',')).value(header.indexOf(QLatin1String(column)));
        };
        QCOMPARE(cell(1, "tier"), QStringLiteral("hbm"));
        QCOMPARE(cell(1, "capacity_bytes").toStdString(), kvtiers::csvNumber(e.tiers.hbm.capacity));
        QCOMPARE(cell(1, "used_bytes").toStdString(), kvtiers::csvNumber(e.tiers.hbm.used()));
        QCOMPARE(cell(1, "restore_seconds"), QString()); // in place
        // The article's 128K prompt restores from DRAM in about 0.1-0.2 s on the default
        // path (vLLM's offloading connector, ~45-50 GB/s per GPU; docs/model.md §5) and
        // recomputing it takes seconds: restore wins.
        QCOMPARE(cell(2, "tier"), QStringLiteral("dram"));
        const double restore = cell(2, "restore_seconds").toDouble();
        QVERIFY2(restore > 0.1 && restore < 0.2, qPrintable(lines[2]));
        QCOMPARE(cell(2, "restore_beats_recompute"), QStringLiteral("yes"));
        QCOMPARE(cell(4, "tier"), QStringLiteral("overflow"));
        QCOMPARE(cell(4, "used_bytes").toStdString(), kvtiers::csvNumber(e.overflowBytes));
    }

    void vllmCheckPrintsWhyTheConcurrencyDiffers()
    {
        // Mistral 7B v0.1 at 32K with 40 GiB and 8,192 batched tokens: vLLM budgets its
        // 4,096-token window at cdiv(min(4,096 − 1 + 8,192, 32,768), 16) + 1 = 769 blocks
        // (vllm/v1/kv_cache_interface.py, SlidingWindowSpec.max_memory_usage_bytes); a decoding
        // request keeps cdiv(4,095 + 16, 16) = 257. The line is the core's sentence.
        const std::vector<std::string> args = { "vllm-check", "--model", "mistral-7b-v0.1", "--context", "32768",
            "--kv-memory", "40GiB", "--max-num-batched-tokens", "8192" };
        const Run r = runInProcess(args);
        QCOMPARE(r.exitCode, 0);
        const QString expected = QStringLiteral(
            "  why they differ: vLLM 0.11 budgets a sliding-window layer at cdiv(min(W − 1 + max_num_batched_tokens, "
            "max_model_len), B) + 1 = cdiv(min(4,096 − 1 + 8,192, 32,768), 16) + 1 = 769 blocks per request; kvtiers "
            "counts the steady-state 4,096 tokens a decoding request keeps: 257 blocks.");
        QVERIFY2(nonEmptyLines(r.out).contains(expected), qPrintable(r.out));
        // Newer vLLM's one-line figures: int(20,480 / 769 × 32,768) = 872,677 tokens at 26.63x
        // (vllm/v1/core/kv_cache_utils.py, get_kv_cache_capacity).
        QVERIFY2(r.out.contains(QStringLiteral("GPU KV cache size: 872,677 tokens, Maximum concurrency for 32,768 "
                                               "tokens per request: 26.63x")),
            qPrintable(r.out));

        std::vector<std::string> json = args;
        json.push_back("--json");
        const Run j = runInProcess(json);
        QCOMPARE(j.exitCode, 0);
        const Json doc = Json::parse(j.out.toStdString());
        // 40 GiB / 2 MiB per block = 20,480 blocks; 0.11 prints 20,480 × 16 = 327,680 tokens.
        QCOMPARE(at(doc, "vllm_predicted.gpu_kv_cache_capacity_tokens")->get<double>(), 872677.0);
        QCOMPARE(at(doc, "vllm_predicted.gpu_kv_cache_tokens")->get<double>(), 327680.0);
        QCOMPARE(at(doc, "vllm_predicted.blocks_per_request")->get<double>(), 769.0);
        QCOMPARE(at(doc, "vllm_predicted.async_scheduling")->get<bool>(), false);
        QCOMPARE(QString::fromStdString(at(doc, "vllm_predicted.why")->get<std::string>()), expected.mid(19));

        // --async-scheduling: two batches in flight (vllm/config/vllm.py,
        // VllmConfig.max_in_flight_tokens = 2 × 8,192): cdiv(min(4,095 + 16,384, 32,768), 16) + 1
        // = 1,281 blocks; int(20,480 / 1,281 × 32,768) = 523,878 tokens.
        json.push_back("--async-scheduling");
        const Run a = runInProcess(json);
        QCOMPARE(a.exitCode, 0);
        const Json asyncDoc = Json::parse(a.out.toStdString());
        QCOMPARE(at(asyncDoc, "vllm_predicted.async_scheduling")->get<bool>(), true);
        QCOMPARE(at(asyncDoc, "vllm_predicted.in_flight_tokens")->get<double>(), 16384.0);
        QCOMPARE(at(asyncDoc, "vllm_predicted.blocks_per_request")->get<double>(), 1281.0);
        QCOMPARE(at(asyncDoc, "vllm_predicted.gpu_kv_cache_capacity_tokens")->get<double>(), 523878.0);
        std::vector<std::string> text = args;
        text.push_back("--async-scheduling");
        const Run t = runInProcess(text);
        QVERIFY2(t.out.contains(QStringLiteral("async scheduling: 16,384 tokens in flight")), qPrintable(t.out));
        // A switch takes no value.
        text.back() = "--async-scheduling=yes";
        const Run bad = runInProcess(text);
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains(QStringLiteral("--async-scheduling: takes no value")), qPrintable(bad.err));
    }

    void csvOnlyWhereThereIsATable_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("list") << QStringList { "list", "models", "--csv" };
        QTest::newRow("vllm-check") << QStringList { "vllm-check", "--model", "llama-3.1-8b", "--csv" };
        QTest::newRow("sweep both") << QStringList { "sweep", "--workload", "chat", "--json", "--csv" };
        QTest::newRow("compare both") << QStringList { "compare", "--comparison", "x", "--json", "--csv" };
        QTest::newRow("sensitivity both") << QStringList { "sensitivity", "--workload", "chat", "--json", "--csv" };
    }

    void csvOnlyWhereThereIsATable()
    {
        // A flag that would be ignored is refused instead: exit 2, one line naming it.
        QFETCH(QStringList, args);
        std::vector<std::string> argv;
        for (const QString& a : args)
            argv.push_back(a.toStdString());
        const Run r = runInProcess(argv);
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.out.isEmpty());
        const QStringList lines = nonEmptyLines(r.err);
        QCOMPARE(lines.size(), 1);
        QVERIFY2(lines[0].contains(QStringLiteral("--csv")) && lines[0].contains(args[0]), qPrintable(lines[0]));
    }

    void isCommandLineDetection()
    {
        QVERIFY(kvtiers::cli::isCommandLine({ "eval" }));
        QVERIFY(kvtiers::cli::isCommandLine({ "--help" }));
        QVERIFY(kvtiers::cli::isCommandLine({ "--version" }));
        QVERIFY(!kvtiers::cli::isCommandLine({}));
        QVERIFY(!kvtiers::cli::isCommandLine({ "-platform", "offscreen" }));
    }
};

QTEST_APPLESS_MAIN(TestCli)
#include "tst_cli.moc"
