// `kvtiers replay FILE`: the documented JSON keys with the core's figures (the shipped
// Mooncake conversation trace), one CSV row per request, the sweep, byte-identical
// output from the built binary run twice, and bad usage exiting 2 with one line naming
// the flag, file or line.

#include "app/cli/CommandLine.h"
#include "core/catalog/CardCatalog.h"
#include "core/io/Json.h"
#include "core/model/Evaluation.h"
#include "core/replay/Replay.h"
#include "tests/support/CliRun.h"
#include "tests/support/SourceFiles.h"
#include "tests/support/TestSupport.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <sstream>

using namespace kvtiers;

namespace {

using test::shippedTrace;

using Result = test::CliRun;
using test::runCli;

} // namespace

class TestCliReplay : public QObject {
    Q_OBJECT

private slots:
    void jsonKeysCarryTheCoresFigures()
    {
        const Result r = runCli({ "replay", shippedTrace(), "--hardware", "h200-sxm", "--replicas", "6",
            "--capacity-blocks", "dram=20000", "--ttft", "3", "--json" });
        QVERIFY2(r.status == 0, r.err.c_str());
        const Json j = Json::parse(r.out);
        for (const char* key : { "requests", "duration_s", "ttft_s", "tpot_s", "queue_wait_s", "slo_attainment",
                 "goodput_rps", "hit_share", "restore_bytes", "link_utilization", "replicas", "gpus" })
            QVERIFY2(j.contains(key), key);
        for (const char* stat : { "ttft_s", "tpot_s", "queue_wait_s" })
            for (const char* k : { "mean", "p50", "p90", "p99", "max" })
                QVERIFY2(j[stat].contains(k), k);
        for (const char* k : { "hbm", "dram", "ssd", "recomputed" })
            QVERIFY2(j["hit_share"].contains(k), k);
        for (const char* k : { "pcie_or_c2c", "nvme" }) {
            QVERIFY(j["link_utilization"][k].contains("mean"));
            QVERIFY(j["link_utilization"][k].contains("peak"));
        }
        QCOMPARE(j["requests"].get<int>(), 12031);
        QCOMPARE(j["replicas"].get<int>(), 6);
        QCOMPARE(j["gpus"].get<int>(), 48);
        // The same replay in the core.
        const Scenario s = test::scenario("llama-3.1-70b", Json::object(), "h200-sxm");
        const EvalResult e = evaluate(s);
        auto reader = trace::TraceReader::open(shippedTrace());
        const replay::ReplayTrace t = replay::loadReplayTrace(*reader);
        replay::ReplayOptions o;
        o.replicas = 6;
        o.capacityBlocks.dram = 20000;
        o.targets.ttftSeconds = 3;
        const replay::ReplayResult res = replay::runReplay(t, s, e, o);
        QCOMPARE(j["ttft_s"]["p99"].get<double>(), res.ttft.p99);
        QCOMPARE(j["goodput_rps"].get<double>(), res.goodputRps);
        QCOMPARE(j["hit_share"]["dram"].get<double>(), res.hitShare.dram);
        QVERIFY(res.hitShare.dram > 0);
        QVERIFY(j["restore_bytes"]["dram"].get<double>() > 0);
    }

    void csvHasOneRowPerRequest()
    {
        const Result r = runCli({ "replay", shippedTrace(), "--hardware", "h200-sxm", "--replicas", "4", "--csv" });
        QVERIFY2(r.status == 0, r.err.c_str());
        std::istringstream in(r.out);
        std::string line;
        int rows = 0;
        std::getline(in, line);
        QVERIFY(line.rfind("# kvtiers", 0) == 0);
        std::getline(in, line);
        QCOMPARE(QString::fromStdString(line),
            QStringLiteral(
                "line,arrival_s,wait_s,ttft_s,tpot_s,replica,hbm_tokens,dram_tokens,ssd_tokens,recomputed_tokens"));
        while (std::getline(in, line))
            ++rows;
        QCOMPARE(rows, 12031);
    }

    void sweepGivesAPointPerValue()
    {
        const Result r = runCli(
            { "replay", shippedTrace(), "--hardware", "h200-sxm", "--sweep", "replicas", "--points", "3", "--json" });
        QVERIFY2(r.status == 0, r.err.c_str());
        const Json j = Json::parse(r.out);
        QCOMPARE(j["axis"].get<std::string>(), std::string("replicas"));
        QCOMPARE(j["points"].size(), std::size_t(3));
        // More replicas at the same traffic: TTFT p99 falls.
        QVERIFY(j["points"][2]["ttft_p99_s"].get<double>() < j["points"][0]["ttft_p99_s"].get<double>());
    }

    void builtBinaryIsDeterministic()
    {
        const QString binary = qEnvironmentVariable("KVTIERS_BINARY");
        if (binary.isEmpty())
            QSKIP("KVTIERS_BINARY is not set (run through ctest)");
        QByteArray first;
        for (int i = 0; i < 2; ++i) {
            QProcess p;
            p.start(binary,
                { QStringLiteral("replay"), QString::fromStdString(shippedTrace()), QStringLiteral("--replicas"),
                    QStringLiteral("5"), QStringLiteral("--routing"), QStringLiteral("prefix-aware"),
                    QStringLiteral("--seed"), QStringLiteral("7"), QStringLiteral("--capacity-blocks"),
                    QStringLiteral("dram=5000"), QStringLiteral("--json") });
            QVERIFY(p.waitForFinished(120000));
            QCOMPARE(p.exitCode(), 0);
            const QByteArray out = p.readAllStandardOutput();
            QVERIFY(out.contains("\"goodput_rps\""));
            if (i == 0)
                first = out;
            else
                QVERIFY(out == first);
        }
    }

    void badUsage_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("needle");
        const QString f = QString::fromStdString(shippedTrace());
        const QString replay = QStringLiteral("replay");
        auto row = [&](const char* name, QStringList args, const char* needle) {
            QTest::newRow(name) << (QStringList { replay } + args) << QString::fromUtf8(needle);
        };
        row("no file", {}, "give the trace file");
        row("missing file", { QStringLiteral("/no/such.jsonl") }, "/no/such.jsonl");
        row("bad routing", { f, QStringLiteral("--routing"), QStringLiteral("randomly") }, "--routing");
        row("bad tiers", { f, QStringLiteral("--tiers"), QStringLiteral("inclusive") }, "--tiers");
        row("capacity without tier", { f, QStringLiteral("--capacity-blocks"), QStringLiteral("100") },
            "--capacity-blocks");
        row("capacity unknown tier", { f, QStringLiteral("--capacity-blocks"), QStringLiteral("l3=5") }, "\"l3\"");
        row("capacity negative", { f, QStringLiteral("--capacity-blocks"), QStringLiteral("dram=-5") },
            "--capacity-blocks dram");
        row("percentile", { f, QStringLiteral("--ttft-percentile"), QStringLiteral("0.99") }, "--ttft-percentile");
        row("zero traffic", { f, QStringLiteral("--traffic-scale"), QStringLiteral("0") }, "--traffic-scale");
        row("replicas", { f, QStringLiteral("--replicas"), QStringLiteral("0") }, "--replicas");
        row("sweep axis", { f, QStringLiteral("--sweep"), QStringLiteral("hbm") }, "--sweep");
        row("points without sweep", { f, QStringLiteral("--points"), QStringLiteral("5") }, "--points");
        row("points",
            { f, QStringLiteral("--sweep"), QStringLiteral("dram"), QStringLiteral("--points"), QStringLiteral("1") },
            "--points");
        row("wrong block tokens", { f, QStringLiteral("--block-tokens"), QStringLiteral("4096") },
            ":1: field \"hash_ids\"");
        row("json and csv", { f, QStringLiteral("--json"), QStringLiteral("--csv") }, "give one");
    }

    void badUsage()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, needle);
        std::vector<std::string> a;
        for (const auto& s : args)
            a.push_back(s.toStdString());
        const Result r = runCli(a);
        QCOMPARE(r.status, 2);
        const QString err = QString::fromStdString(r.err);
        QVERIFY2(err.startsWith(QStringLiteral("kvtiers: ")) && err.count(QLatin1Char('\n')) == 1, r.err.c_str());
        QVERIFY2(err.contains(needle), r.err.c_str());
        QVERIFY(r.out.empty());
    }

    void hostileTracesAreRefused_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("needle");
        // Llama-3.1-70B (the replay's default model) holds 131,072 tokens of context.
        QTest::newRow("endless output") << QByteArray(
            "{\"timestamp\": 0, \"input_length\": 10, \"output_length\": 100000000000, "
            "\"hash_ids\": [1]}\n") << QStringLiteral("hostile.jsonl:1: field \"output_length\"");
        QTest::newRow("output past the context") << QByteArray(
            "{\"timestamp\": 0, \"input_length\": 1000, \"output_length\": 130073, "
            "\"hash_ids\": [1, 2]}\n") << QStringLiteral("hostile.jsonl:1: field \"output_length\"");
        QTest::newRow("huge input, one id") << QByteArray(
            "{\"timestamp\": 0, \"input_length\": 99999999999, \"output_length\": 2, "
            "\"hash_ids\": [1]}\n") << QStringLiteral("hostile.jsonl:1: field \"hash_ids\"");
        const auto idList = [](int n) {
            QString ids;
            for (int i = 0; i < n; ++i)
                ids += (i ? QStringLiteral(", ") : QString()) + QString::number(i);
            return ids;
        };
        // 100,000 tokens fit; 131,073 on the next line do not (257 blocks of 512, ids agree).
        QTest::newRow("input past the context") << QStringLiteral(
            "{\"timestamp\": 0, \"input_length\": 100000, \"output_length\": 2, \"hash_ids\": [%1]}\n"
            "{\"timestamp\": 1, \"input_length\": 131073, \"output_length\": 1, \"hash_ids\": [%2]}\n")
                                                       .arg(idList(196), idList(257))
                                                       .toUtf8()
                                                << QStringLiteral("hostile.jsonl:2: field \"input_length\"");
        QTest::newRow("no ids for a whole block")
            << QByteArray("{\"timestamp\": 0, \"input_length\": 512, \"output_length\": 2, \"hash_ids\": []}\n")
            << QStringLiteral("hostile.jsonl:1: field \"hash_ids\"");
        QTest::newRow("empty") << QByteArray() << QStringLiteral("hostile.jsonl: no requests");
    }

    void hostileTracesAreRefused()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, needle);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("hostile.jsonl"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(text);
        file.close();
        const Result r = runCli({ "replay", path.toStdString() });
        QCOMPARE(r.status, 2);
        QVERIFY2(QString::fromStdString(r.err).contains(needle), r.err.c_str());
        QVERIFY(r.out.empty());
    }

    void malformedLineIsNamed()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("bad.jsonl"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{\"timestamp\": 0, \"input_length\": 10, \"output_length\": 2, \"hash_ids\": [1]}\n"
                   "{\"timestamp\": 5, \"input_length\": \"ten\", \"output_length\": 2, \"hash_ids\": [1]}\n");
        file.close();
        const Result r = runCli({ "replay", path.toStdString() });
        QCOMPARE(r.status, 2);
        QVERIFY2(r.err.find("bad.jsonl:2") != std::string::npos, r.err.c_str());
        QVERIFY2(r.err.find("input_length") != std::string::npos, r.err.c_str());
    }
};

QTEST_GUILESS_MAIN(TestCliReplay)
#include "tst_cli_replay.moc"
