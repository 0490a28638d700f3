// `kvtiers trace FILE`: the documented JSON keys with the core's figures (the shipped
// Mooncake conversation trace), the curve as CSV, the tiers from the scenario's hardware,
// the built binary end to end, and bad usage exiting 2 with one line naming the problem.

#include "app/cli/CommandLine.h"
#include "core/catalog/CardCatalog.h"
#include "core/io/Json.h"
#include "core/model/Evaluation.h"
#include "core/trace/TraceAnalysis.h"
#include "core/trace/TraceTiers.h"
#include "tests/support/CliRun.h"
#include "tests/support/SourceFiles.h"
#include "tests/support/TestSupport.h"

#include <QProcess>
#include <QtTest>

#include <cmath>
#include <sstream>

using namespace kvtiers;

namespace {

using test::shippedTrace;

using Result = test::CliRun;
using test::runCli;

} // namespace

class TestCliTrace : public QObject {
    Q_OBJECT

private slots:
    void jsonKeysCarryTheCoresFigures()
    {
        const Result r = runCli({ "trace", shippedTrace(), "--model", "llama-3.1-70b", "--hardware", "h200-sxm",
            "--servers", "4", "--capacity-blocks", "31000,1000", "--json" });
        QVERIFY2(r.status == 0, r.err.c_str());
        const Json j = Json::parse(r.out);
        for (const char* key : { "requests", "block_references", "unique_blocks", "block_tokens", "duration_s",
                 "hit_ratio_infinite", "token_hit_ratio_infinite", "curve", "tiers", "miss_share", "derived" })
            QVERIFY2(j.contains(key), key);
        QCOMPARE(j["requests"].get<int>(), 12031);
        QCOMPARE(j["block_references"].get<int>(), 288500);
        QCOMPARE(j["unique_blocks"].get<int>(), 182790);
        QCOMPARE(j["block_tokens"].get<int>(), 512);
        QCOMPARE(j["format"].get<std::string>(), std::string("mooncake"));

        // The same figures from the core, at the same scenario.
        ScenarioSpec spec;
        spec.model = "llama-3.1-70b";
        spec.hardware = "h200-sxm";
        spec.overrides = { { "servers", 4 } };
        const EvalResult e = evaluate(resolveScenario(CardCatalog::builtin(), spec).scenario);
        const auto cap = trace::traceCapacity(e, trace::TraceRouting::Global);
        auto reader = trace::TraceReader::open(shippedTrace());
        const trace::TraceAnalysis a = trace::analyzeTrace(*reader, trace::withCapacity({}, cap));
        QCOMPARE(j["hit_ratio_infinite"].get<double>(), a.hitRatioInfinite());
        QCOMPARE(j["token_hit_ratio_infinite"].get<double>(), a.tokenHitRatioInfinite());
        QCOMPARE(j["duration_s"].get<double>(), a.durationSeconds());
        const double bytesPerBlock = 512 * e.kvBytesPerToken;
        bool asked31000 = false, asked1000 = false;
        for (const auto& pt : j["curve"]) {
            for (const char* key : { "capacity_blocks", "capacity_bytes", "hit_ratio", "token_hit_ratio" })
                QVERIFY2(pt.contains(key), key);
            const double c = pt["capacity_blocks"].get<double>();
            QCOMPARE(pt["capacity_bytes"].get<double>(), c * bytesPerBlock);
            QCOMPARE(pt["hit_ratio"].get<double>(), a.hitRatio(c));
            QCOMPARE(pt["token_hit_ratio"].get<double>(), a.tokenHitRatio(c));
            asked31000 |= c == 31000;
            asked1000 |= c == 1000;
        }
        QVERIFY(asked31000 && asked1000);
        double shares = j["miss_share"].get<double>();
        for (Tier t : kTiers) {
            const Json& tier = j["tiers"][tierKey(t)];
            QCOMPARE(tier["capacity_bytes"].get<double>(), a.tierBlocks[t] * bytesPerBlock);
            QCOMPARE(tier["hit_share"].get<double>(), a.tiers.tokens[t] / a.promptTokens);
            shares += tier["hit_share"].get<double>();
        }
        KV_COMPARE_NEAR(shares, 1.0, 1e-12);
        QVERIFY(j["tiers"]["hbm"]["capacity_bytes"].get<double>() > 0);
        const Json& d = j["derived"];
        QCOMPARE(d["reuse_rate"].get<double>(), a.tokenHitRatioInfinite());
        QCOMPARE(d["request_rate_per_s"].get<double>(), 12031 / a.durationSeconds());
        QCOMPARE(d["prompt_tokens"].get<double>(), a.promptTokens / 12031);
        QCOMPARE(d["output_tokens"].get<double>(), a.outputTokens / 12031);
        const Json& gaps = d["reuse_gap_cdf"];
        QVERIFY(gaps.size() > 5);
        QCOMPARE(gaps.back()[1].get<double>(), 1.0);
        for (std::size_t i = 1; i < gaps.size(); ++i) {
            QVERIFY(gaps[i][0].get<double>() > gaps[i - 1][0].get<double>());
            QVERIFY(gaps[i][1].get<double>() >= gaps[i - 1][1].get<double>());
        }
    }

    void csvIsTheCurve()
    {
        const Result r = runCli({ "trace", shippedTrace(), "--capacity-blocks", "5000", "--csv" });
        QVERIFY2(r.status == 0, r.err.c_str());
        std::istringstream in(r.out);
        std::string line;
        std::getline(in, line); // "# kvtiers 0.1.0: kvtiers trace FILE --capacity-blocks 5000 --csv"
        QVERIFY2(line.starts_with("# kvtiers ") && line.find(": kvtiers trace ") != std::string::npos, line.c_str());
        std::getline(in, line);
        QCOMPARE(line, std::string("capacity_blocks,capacity_bytes,hit_ratio,token_hit_ratio"));
        auto reader = trace::TraceReader::open(shippedTrace());
        const trace::TraceAnalysis a = trace::analyzeTrace(*reader, {});
        bool found = false;
        while (std::getline(in, line))
            if (line.starts_with("5000,")) {
                found = true;
                const auto parts = QString::fromStdString(line).split(QLatin1Char(','));
                // Twelve significant digits (csvNumber): the ratio, without float noise.
                QVERIFY2(std::fabs(parts[2].toDouble() - a.hitRatio(5000)) < 1e-12, qPrintable(parts[2]));
            }
        QVERIFY(found);
    }

    void routingAndSamplingOptions()
    {
        const Result rr = runCli({ "trace", shippedTrace(), "--servers", "4", "--routing", "round-robin", "--json" });
        const Result pa = runCli({ "trace", shippedTrace(), "--servers", "4", "--routing", "prefix-aware", "--json" });
        QVERIFY2(rr.status == 0 && pa.status == 0, (rr.err + pa.err).c_str());
        const Json jr = Json::parse(rr.out), jp = Json::parse(pa.out);
        QCOMPARE(jr["caches"].get<int>(), 4);
        QVERIFY(jp["hit_ratio_infinite"].get<double>() > jr["hit_ratio_infinite"].get<double>());
        const Result s = runCli({ "trace", shippedTrace(), "--sample", "0.25", "--sample-depth", "2", "--json" });
        QVERIFY2(s.status == 0, s.err.c_str());
        const Json js = Json::parse(s.out);
        QCOMPARE(js["sample_rate"].get<double>(), 0.25);
        QVERIFY(js["requests"].get<int>() < 12031 / 2);
        QVERIFY(std::fabs(js["hit_ratio_infinite"].get<double>() - 0.366) < 0.05);
    }

    void textSummary()
    {
        const Result r = runCli({ "trace", shippedTrace() });
        QVERIFY2(r.status == 0, r.err.c_str());
        const QString out = QString::fromStdString(r.out);
        QVERIFY2(out.contains(QStringLiteral("Reuse ceiling     36.6% of prompt blocks")), r.out.c_str());
        QVERIFY(out.contains(QStringLiteral("llama-3.1-70b (no --model given) on h200-sxm (no --hardware given)")));
        QVERIFY(out.contains(QStringLiteral("recomputed")));
    }

    void helpSaysBlockTokensIsNotBlockSize()
    {
        const Result r = runCli({ "--help" });
        const QString out = QString::fromStdString(r.out);
        QVERIFY(out.contains(QStringLiteral("kvtiers trace FILE")));
        QVERIFY(out.contains(QStringLiteral("[--block-tokens N]")));
        QVERIFY(out.contains(QStringLiteral("The block size is the trace's")));
        QVERIFY(out.contains(QStringLiteral("hash granularity (Mooncake 512, Bailian 16), not the KV page size")));
        // The option's own line in `kvtiers trace --help`, from the table.
        const Result help = runCli({ "trace", "--help" });
        QVERIFY2(
            QString::fromStdString(help.out).contains(QStringLiteral("tokens per hashed block")), help.out.c_str());
    }

    void badUsage_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("needle");
        const QString f = QString::fromStdString(shippedTrace());
        QTest::newRow("no file") << QStringList { QStringLiteral("trace") } << QStringLiteral("give the trace file");
        QTest::newRow("missing file") << QStringList { QStringLiteral("trace"), QStringLiteral("/no/such.jsonl") }
                                      << QStringLiteral("no such file");
        QTest::newRow("bad format") << QStringList { QStringLiteral("trace"), f, QStringLiteral("--format"),
            QStringLiteral("csv") } << QStringLiteral("--format");
        QTest::newRow("bailian on mooncake") << QStringList { QStringLiteral("trace"), f, QStringLiteral("--format"),
            QStringLiteral("bailian") } << QStringLiteral("\"chat_id\": missing");
        QTest::newRow("wrong block tokens")
            << QStringList { QStringLiteral("trace"), f, QStringLiteral("--block-tokens"), QStringLiteral("4096") }
            << QStringLiteral(":1: field \"hash_ids\"");
        QTest::newRow("sample zero") << QStringList { QStringLiteral("trace"), f, QStringLiteral("--sample"),
            QStringLiteral("0") } << QStringLiteral("--sample");
        QTest::newRow("bad routing") << QStringList { QStringLiteral("trace"), f, QStringLiteral("--routing"),
            QStringLiteral("random") }
                                     << QStringLiteral("--routing");
        QTest::newRow("bad capacity") << QStringList { QStringLiteral("trace"), f, QStringLiteral("--capacity-blocks"),
            QStringLiteral("10,,20") } << QStringLiteral("--capacity-blocks");
        QTest::newRow("json and csv") << QStringList { QStringLiteral("trace"), f, QStringLiteral("--json"),
            QStringLiteral("--csv") } << QStringLiteral("give one");
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

    void builtBinary()
    {
        const QString binary = qEnvironmentVariable("KVTIERS_BINARY");
        if (binary.isEmpty())
            QSKIP("KVTIERS_BINARY not set");
        QProcess p;
        p.start(binary, { QStringLiteral("trace"), QString::fromStdString(shippedTrace()), QStringLiteral("--json") });
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        const Json j = Json::parse(p.readAllStandardOutput().toStdString());
        QCOMPARE(j["unique_blocks"].get<int>(), 182790);
    }
};

QTEST_GUILESS_MAIN(TestCliTrace)
#include "tst_cli_trace.moc"
