// Disaggregated prefill and decode from the command line: `fleet --layout disaggregated`
// (each workload's prefill and decode pools, each pool's servers and their memory per
// server), `eval --layout disaggregated` (one request's KV hand-off and its load at the
// replica's rate), their refusals, and the README's table of DRAM and SSD per server by
// layout for the article and reasoning workloads.
#include "core/catalog/CardCatalog.h"
#include "core/io/Json.h"
#include "core/io/Units.h"
#include "tests/support/CliRun.h"

#include <QtTest>

#include <cmath>

using namespace kvtiers;
using test::runCli;

namespace {

Json jsonOf(const std::vector<std::string>& args)
{
    const test::CliRun r = runCli(args);
    if (r.status != 0)
        qWarning("%s", r.err.c_str());
    return r.status == 0 ? Json::parse(r.out) : Json();
}

bool close(double a, double b, double rel = 1e-9)
{
    return std::abs(a - b) <= rel * std::max(std::abs(a), std::abs(b));
}

} // namespace

class TestCliPools : public QObject {
    Q_OBJECT
private slots:
    void fleetSizesTwoPoolsOnServersOfTheirOwn()
    {
        const Json f = jsonOf({ "fleet", "--mix", "chat=3,mooncake=1", "--rate", "40", "--hardware", "h200-sxm",
            "--layout", "disaggregated", "--cache-at", "decode", "--json" });
        QCOMPARE(f["layout"].get<std::string>(), std::string("disaggregated"));
        QCOMPARE(f["cache_at"].get<std::string>(), std::string("decode"));
        QCOMPARE(f["first_token"].get<std::string>(), std::string("decode"));
        QCOMPARE(f["servers"].get<double>(), f["prefill_servers"].get<double>() + f["decode_servers"].get<double>());
        double prefillGpus = 0, decodeGpus = 0, gpus = 0;
        for (const Json& w : f["workloads"]) {
            const Json& p = w["pools"];
            prefillGpus += p["prefill"]["gpus"].get<double>();
            decodeGpus += p["decode"]["gpus"].get<double>();
            gpus += w["gpus"].get<double>();
            QCOMPARE(w["replicas"].get<double>(),
                p["prefill"]["replicas"].get<double>() + p["decode"]["replicas"].get<double>());
            // The cache on the decode servers: the prefill pool holds none of it.
            QCOMPARE(p["prefill"]["dram_bytes"].get<double>(), 0.0);
            QVERIFY(p["ttft_s"]["p99"].get<double>() <= 2.0);
            QVERIFY(p["tpot_s"]["p99"].get<double>() <= 0.05);
            // The transfer: bytes per GPU over ConnectX-7's 50 GB/s.
            QVERIFY(close(p["transfer"]["seconds"].get<double>(), p["transfer"]["bytes_per_gpu"].get<double>() / 50e9));
        }
        QCOMPARE(f["gpus"].get<double>(), gpus);
        QCOMPARE(f["prefill_servers"].get<double>(), std::ceil(prefillGpus / 8));
        QCOMPARE(f["decode_servers"].get<double>(), std::ceil(decodeGpus / 8));
        QVERIFY(close(f["per_decode_server"]["dram_bytes"].get<double>() * f["decode_servers"].get<double>(),
            f["fleet"]["dram_bytes"].get<double>()));

        const test::CliRun text = runCli({ "fleet", "--mix", "chat", "--rate", "40", "--hardware", "h200-sxm",
            "--layout", "disaggregated", "--tbt", "0.1" });
        QCOMPARE(text.status, 0);
        for (const char* says : { "Prefill servers", "Decode servers", "prefill pool", "decode pool", "KV transfer",
                 "TBT 100 ms at p99", "TBT (Mooncake's)" })
            QVERIFY2(text.out.find(says) != std::string::npos, says);
    }

    void aPoolAboveItsServersMemoryIsWarnedAbout()
    {
        // The article workload reusing half its prompts 300 s apart, its prefix cache on the
        // decode servers: the whole traffic's cache on one decode server, far above the DRAM
        // and NVMe an H200 server installs.
        const std::vector<std::string> args { "fleet", "--mix", "article", "--rate", "10", "--ttft", "30", "--hardware",
            "h200-sxm", "--layout", "disaggregated", "--cache-at", "decode", "--set",
            "article.reuse_rate=0.5,article.offload_rate=1,article.reuse_distance_s=300" };
        std::vector<std::string> json = args;
        json.push_back("--json");
        const Json f = jsonOf(json);
        const HardwareCard& hw = CardCatalog::builtin().hardware().at("h200-sxm");
        std::vector<std::string> warned;
        for (const Json& w : f["warnings"]) {
            const std::string pool = w["pool"].get<std::string>(), tier = w["tier"].get<std::string>();
            warned.push_back(pool + " " + tier);
            const double perServer = f["per_" + pool + "_server"][tier + "_bytes"].get<double>();
            const double installed = tier == "dram" ? hw.hostDramBytes : hw.nvmeBytes;
            QCOMPARE(w["per_server_bytes"].get<double>(), perServer);
            QCOMPARE(w["installed_bytes"].get<double>(), installed);
            QVERIFY(perServer > installed);
            QCOMPARE(w["message"].get<std::string>(),
                pool + " servers: " + (tier == "dram" ? "DRAM" : "NVMe") + " demand " + formatBytes(perServer)
                    + " per server, more than the " + formatBytes(installed) + " one installs");
        }
        QCOMPARE(warned, (std::vector<std::string> { "decode dram", "decode ssd" }));
        // The prefill servers hold none of the cache: nothing to warn about there.
        QCOMPARE(f["per_prefill_server"]["dram_bytes"].get<double>(), 0.0);
        // The text says the same, in the units asked for.
        std::vector<std::string> text = args;
        text.insert(text.end(), { "--units", "decimal" });
        const test::CliRun r = runCli(text);
        QCOMPARE(r.status, 0);
        const std::string line = "Warning           decode servers: DRAM demand "
            + formatBytes(f["per_decode_server"]["dram_bytes"].get<double>(), ByteUnits::Decimal)
            + " per server, more than the " + formatBytes(hw.hostDramBytes, ByteUnits::Decimal) + " one installs\n";
        QVERIFY2(r.out.find(line) != std::string::npos, r.out.c_str());
        // With the cache spread over the prefill servers it fits, and no warning is given.
        json[json.size() - 4] = "prefill";
        const Json spread = jsonOf(json);
        QVERIFY(spread["per_prefill_server"]["dram_bytes"].get<double>() > 0);
        QVERIFY(spread["per_prefill_server"]["dram_bytes"].get<double>() <= hw.hostDramBytes);
        QCOMPARE(spread["warnings"].size(), size_t(0));
    }

    void evalReportsTheHandoff()
    {
        // Llama 3.1 70B at TP 8 on H200s: 40,960 B a token per GPU; 8,000-token prompts.
        const Json e = jsonOf({ "eval", "--model", "llama-3.1-70b", "--hardware", "h200-sxm", "--context", "8512",
            "--output-tokens", "512", "--reuse", "0", "--request-rate", "2", "--layout", "disaggregated",
            "--transfer-overlap", "0.5", "--json" });
        const Json& d = e["disaggregated"];
        QCOMPARE(d["transfer_bytes_per_gpu"].get<double>(), 8000 * 40960.0);
        QCOMPARE(d["transfer_bytes"].get<double>(), 8 * 8000 * 40960.0);
        QVERIFY(close(d["transfer_s"].get<double>(), 8000 * 40960.0 / 50e9));
        // Half of it streams while the prefill (longer than the transfer) runs.
        QVERIFY(close(d["after_prefill_s"].get<double>(), d["transfer_s"].get<double>() / 2 + 3e-6));
        QVERIFY(close(d["idle_ttft_s"].get<double>(),
            d["prefill_s"].get<double>() + d["after_prefill_s"].get<double>() + d["decode_step_s"].get<double>()));
        QVERIFY(close(d["nic_utilization"].get<double>(), 2 * d["transfer_s"].get<double>()));
        QVERIFY(close(d["network_bytes_per_s"].get<double>(), 2 * d["transfer_bytes"].get<double>()));
        const test::CliRun text = runCli({ "eval", "--model", "llama-3.1-70b", "--hardware", "h200-sxm", "--layout",
            "disaggregated", "--first-token", "prefill" });
        QCOMPARE(text.status, 0);
        QVERIFY(text.out.find("KV hand-off") != std::string::npos);
        QVERIFY(text.out.find("the hand-off in the first gap") != std::string::npos);
    }

    void layoutChoicesAloneAreRefused_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("says");
        QTest::newRow("fleet first token")
            << QStringList { "fleet", "--mix", "chat", "--rate", "4", "--first-token", "prefill" } << "--first-token";
        QTest::newRow("eval overlap") << QStringList { "eval", "--transfer-overlap", "1" } << "--transfer-overlap";
        QTest::newRow("fleet csv") << QStringList { "fleet", "--mix", "chat", "--rate", "4", "--layout",
            "disaggregated", "--csv" }
                                   << "--csv";
        QTest::newRow("no scale-out network") << QStringList { "fleet", "--mix", "chat", "--rate", "4", "--hardware",
            "l40s", "--layout", "disaggregated" }
                                              << "scale_out";
        QTest::newRow("unknown layout") << QStringList { "fleet", "--mix", "chat", "--rate", "4", "--layout", "split" }
                                        << "colocated|disaggregated";
    }
    void layoutChoicesAloneAreRefused()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, says);
        std::vector<std::string> a;
        for (const QString& s : args)
            a.push_back(s.toStdString());
        const test::CliRun r = runCli(a);
        QCOMPARE(r.status, 2);
        QVERIFY2(QString::fromStdString(r.err).contains(says), r.err.c_str());
    }
};

QTEST_GUILESS_MAIN(TestCliPools)
#include "tst_cli_pools.moc"
