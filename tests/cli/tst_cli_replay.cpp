// `kvtiers replay FILE`: the documented JSON keys with the core's figures (the shipped
// Mooncake conversation trace), one CSV row per request, the sweep, byte-identical
// output from the built binary run twice, and bad usage exiting 2 with one line naming
// the flag, file or line.

#include "app/cli/CommandLine.h"
#include "core/catalog/CardCatalog.h"
#include "core/io/Csv.h"
#include "core/io/Json.h"
#include "core/io/Units.h"
#include "core/model/Evaluation.h"
#include "core/replay/Replay.h"
#include "tests/support/CliRun.h"
#include "tests/support/SourceFiles.h"
#include "tests/support/TestSupport.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>

using namespace kvtiers;

namespace {

using test::shippedTrace;

using Result = test::CliRun;
using test::runCli;

/// The cells of `csv`'s request rows: past its "# kvtiers" line and its header.
std::vector<std::vector<std::string>> csvRows(const std::string& csv)
{
    std::vector<std::vector<std::string>> rows;
    std::istringstream in(csv);
    std::string line;
    std::getline(in, line);
    std::getline(in, line);
    while (std::getline(in, line)) {
        std::stringstream ls(line);
        rows.emplace_back();
        for (std::string cell; std::getline(ls, cell, ',');)
            rows.back().push_back(cell);
    }
    return rows;
}

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
                "line,arrival_s,wait_s,ttft_s,tpot_s,replica,hbm_tokens,dram_tokens,ssd_tokens,recomputed_tokens,"
                "input_tokens,prompt_band,band_ttft_p50_s,band_ttft_p99_s,prefill_gpu_s,prefill_compute_gpu_s,"
                "restore_stall_gpu_s,fixed_gpu_s,restore_link_s,tbt_max_s,tbt_tail_s,decode_replica,transfer_s"));
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

    void outputTokensOverrideTheTrace()
    {
        // `--output-tokens` is the workload knob's flag; on replay it also sets every
        // request's output, and only when given.
        const std::vector<std::string> base
            = { "replay", shippedTrace(), "--hardware", "h200-sxm", "--replicas", "4", "--json" };
        auto with = [&](std::vector<std::string> extra) {
            std::vector<std::string> a = base;
            a.insert(a.end(), extra.begin(), extra.end());
            const Result r = runCli(a);
            if (r.status != 0)
                qWarning("%s", r.err.c_str());
            return r.status == 0 ? Json::parse(r.out) : Json();
        };
        const Json own = with({});
        const Json one = with({ "--output-tokens", "1" });
        const Json many = with({ "--output-tokens", "64" });
        QVERIFY(own.is_object() && one.is_object() && many.is_object());
        QVERIFY(own["output_tokens"].is_null());
        QCOMPARE(one["output_tokens"].get<double>(), 1.0);
        QCOMPARE(many["output_tokens"].get<double>(), 64.0);
        // Prefill only: no request decodes, so there is no TPOT; 64 outputs decode, and the
        // replay ends at another time than the trace's own outputs.
        QCOMPARE(one["tpot_s"]["max"].get<double>(), 0.0);
        QVERIFY(many["tpot_s"]["p50"].get<double>() > 0);
        QVERIFY(many["duration_s"].get<double>() != own["duration_s"].get<double>());
        QVERIFY(one["duration_s"].get<double>() < many["duration_s"].get<double>());
        // The figures are the core's with the override.
        const Scenario s = test::scenario("llama-3.1-70b", Json { { "output_tokens", 64 } }, "h200-sxm");
        const EvalResult e = evaluate(s);
        auto reader = trace::TraceReader::open(shippedTrace());
        const replay::ReplayTrace t = replay::loadReplayTrace(*reader);
        replay::ReplayOptions o;
        o.replicas = 4;
        o.outputTokens = 64;
        const replay::ReplayResult res = replay::runReplay(t, s, e, o);
        QCOMPARE(many["tpot_s"]["p99"].get<double>(), res.tpot.p99);
        QCOMPARE(many["duration_s"].get<double>(), res.durationSeconds);
        // eval's knob still sets the workload's outputs.
        const Result ev = runCli({ "eval", "--model", "llama-3.1-70b", "--output-tokens", "64", "--json" });
        QVERIFY2(ev.status == 0, ev.err.c_str());
        QVERIFY2(ev.out.find("\"output_tokens\": 64") != std::string::npos, ev.out.substr(0, 2000).c_str());
        // Zero outputs cannot be replayed: the message names the flag.
        const Result zero = runCli({ "replay", shippedTrace(), "--output-tokens", "0" });
        QCOMPARE(zero.status, 2);
        QVERIFY2(zero.err.find("--output-tokens") != std::string::npos, zero.err.c_str());
    }

    void ttftByPromptBand()
    {
        // The bands' p50 and p99 in the JSON are the nearest ranks of the per-request TTFTs
        // of the same replay (CSV) whose prompts fall in them: up to 512 tokens, then doubling.
        const std::vector<std::string> a
            = { "replay", shippedTrace(), "--hardware", "h200-sxm", "--replicas", "4", "--routing", "round-robin" };
        std::vector<std::string> js = a, csv = a;
        js.push_back("--json");
        csv.push_back("--csv");
        const Result rj = runCli(js);
        const Result rc = runCli(csv);
        QVERIFY2(rj.status == 0 && rc.status == 0, (rj.err + rc.err).c_str());
        const Json bands = Json::parse(rj.out)["ttft_by_prompt"];
        QVERIFY(bands.size() >= 5); // the Mooncake conversation trace's prompts span 512 to 64K+
        std::map<std::uint64_t, std::vector<double>> byTop; // band's top -> TTFTs
        for (const std::vector<std::string>& f : csvRows(rc.out)) {
            // 21 figures, then a disaggregated replay's decode replica and transfer, empty here
            // (the line's last empty field is not read as one).
            QCOMPARE(f.size(), std::size_t(22));
            QVERIFY(f[21].empty());
            const std::uint64_t tokens = std::stoull(f[10]);
            std::uint64_t top = 512;
            while (tokens > top)
                top *= 2;
            byTop[top].push_back(std::stod(f[3]));
            QCOMPARE(f[11], (top == 512 ? std::string("0") : std::to_string(top / 2 + 1)) + "-" + std::to_string(top));
        }
        QCOMPARE(bands.size(), byTop.size());
        std::uint64_t requests = 0, previousTop = 0;
        for (const Json& b : bands) {
            const auto top = b["to_tokens"].get<std::uint64_t>();
            QVERIFY(top > previousTop);
            previousTop = top;
            std::vector<double> v = byTop.at(top);
            std::sort(v.begin(), v.end());
            QCOMPARE(b["requests"].get<std::uint64_t>(), v.size());
            requests += v.size();
            const auto rank = [&](double p) { return v[std::max<std::size_t>(1, std::ceil(p * v.size())) - 1]; };
            // The CSV writes 12 significant digits.
            const auto same = [](double x, double y) { return std::abs(x - y) <= 1e-11 * std::max(1.0, std::abs(y)); };
            QVERIFY(same(b["ttft_s"]["p50"].get<double>(), rank(0.5)));
            QVERIFY(same(b["ttft_s"]["p99"].get<double>(), rank(0.99)));
        }
        QCOMPARE(requests, std::uint64_t(12031));
    }

    void prefillGpuSecondsAddUp()
    {
        // Prefill GPU seconds per request (CSV) sum to the JSON's total; the total is compute
        // plus restore stalls, and a stall is what the path does not hide of its copy plus
        // its fixed cost: vLLM's connector (overlap 1) stalls only for the fixed cost,
        // LMCache's (overlap 0) for the whole copy as well.
        for (const std::string path : { "vllm-offload", "lmcache" }) {
            const std::vector<std::string> a = { "replay", shippedTrace(), "--hardware", "h200-sxm", "--replicas", "4",
                "--routing", "prefix-aware", "--capacity-blocks", "hbm=500,dram=20000,ssd=0", "--restore-path", path };
            std::vector<std::string> js = a, csv = a;
            js.push_back("--json");
            csv.push_back("--csv");
            const Result rj = runCli(js);
            const Result rc = runCli(csv);
            const Result rt = runCli(a);
            QVERIFY2(rj.status == 0 && rc.status == 0 && rt.status == 0, (rj.err + rc.err + rt.err).c_str());
            const Json c = Json::parse(rj.out)["prefill_gpu_s"];
            const double total = c["total"].get<double>();
            const auto near = [](double x, double y) { return std::abs(x - y) <= 1e-9 * std::max(1.0, std::abs(y)); };
            QVERIFY(total > 0);
            QVERIFY(near(total, c["compute"].get<double>() + c["restore_stall"].get<double>()));
            QVERIFY(near(c["per_request_mean"].get<double>(), total / 12031));
            // GPU seconds: the replica's time times its 8 GPUs (TP 8); the copies' time on the
            // links is the replica's, all its GPUs' links at once.
            QCOMPARE(c["gpus_per_replica"].get<double>(), 8.0);
            const double link = c["restore_link_s"].get<double>(), fixed = c["fixed"].get<double>();
            QVERIFY2(link > 0 && fixed > 0, path.c_str()); // DRAM hits were restored
            const double stall = c["restore_stall"].get<double>();
            QVERIFY2(near(stall, path == "lmcache" ? 8 * link + fixed : fixed), path.c_str());
            const std::string header = rc.out.substr(0, rc.out.find('\n', rc.out.find('\n') + 1));
            QVERIFY2(header.find(",prefill_gpu_s,prefill_compute_gpu_s,restore_stall_gpu_s,fixed_gpu_s,restore_link_s,")
                    != std::string::npos,
                header.c_str());
            double sum = 0;
            for (const std::vector<std::string>& f : csvRows(rc.out)) {
                // 21 figures, then a disaggregated replay's decode replica and transfer, empty here
                // (the line's last empty field is not read as one).
                QCOMPARE(f.size(), std::size_t(22));
                QVERIFY(f[21].empty());
                sum += std::stod(f[14]);
            }
            QVERIFY2(
                std::abs(sum - total) <= 1e-9 * total, qPrintable(QStringLiteral("%1 against %2").arg(sum).arg(total)));
            QVERIFY2(rt.out.find("Prefill cost      " + formatSignificant(total / 3600, 4) + " GPU-hours (")
                    != std::string::npos,
                rt.out.c_str());
        }
    }

    void dramSweepIsLogSpacedAroundTheKnee()
    {
        const Result r = runCli({ "replay", shippedTrace(), "--hardware", "h200-sxm", "--replicas", "4", "--sweep",
            "dram", "--points", "7", "--json" });
        QVERIFY2(r.status == 0, r.err.c_str());
        const Json j = Json::parse(r.out);
        QCOMPARE(j["spacing"].get<std::string>(), std::string("log"));
        const double foot = j["hit_curve"]["log_from_blocks"].get<double>();
        const double knee = j["hit_curve"]["knee_blocks"].get<double>();
        QCOMPARE(foot, std::round(knee / 10));
        QCOMPARE(j["hit_curve"]["sample_rate"].get<double>(), 1.0); // exact below 10M distinct blocks
        // The issue reads the Mooncake trace's knee at 5k-20k blocks; half the ceiling lies there.
        QVERIFY2(knee >= 5000 && knee <= 20000, qPrintable(QString::number(knee)));
        const Json points = j["points"];
        QCOMPARE(points.size(), std::size_t(7));
        QCOMPARE(points[0]["value"].get<double>(), 0.0);
        QCOMPARE(points[1]["value"].get<double>(), std::round(foot));
        // Evenly on a log scale: each value the last times one ratio (whole blocks).
        const double ratio = points[2]["value"].get<double>() / points[1]["value"].get<double>();
        QVERIFY(ratio > 1.5);
        for (std::size_t i = 2; i < points.size(); ++i)
            QVERIFY(std::abs(points[i]["value"].get<double>() / points[i - 1]["value"].get<double>() - ratio)
                < 0.01 * ratio);
        // The first step past zero lies below the knee (a linear sweep's lay past it).
        QVERIFY(points[1]["value"].get<double>() < knee);
    }

    void sweepAtGivenValues()
    {
        const Result r = runCli({ "replay", shippedTrace(), "--hardware", "h200-sxm", "--replicas", "4", "--sweep",
            "dram", "--at", "20000,1000,5000,5000", "--json" });
        QVERIFY2(r.status == 0, r.err.c_str());
        const Json j = Json::parse(r.out);
        QCOMPARE(j["spacing"].get<std::string>(), std::string("given"));
        std::vector<double> values;
        for (const Json& p : j["points"])
            values.push_back(p["value"].get<double>());
        QCOMPARE(values, (std::vector<double> { 1000, 5000, 20000 })); // ascending, each once
        // Each point is the replay at that fixed DRAM.
        const Result one = runCli({ "replay", shippedTrace(), "--hardware", "h200-sxm", "--replicas", "4",
            "--capacity-blocks", "dram=5000", "--json" });
        QVERIFY2(one.status == 0, one.err.c_str());
        QCOMPARE(j["points"][1]["ttft_p99_s"].get<double>(), Json::parse(one.out)["ttft_s"]["p99"].get<double>());
    }

    void sweepCsvCarriesTbtAndTheTransfer()
    {
        // Split, each point's row ends with TBT's median and the KV transfer: the figures of
        // the replay at that point's DRAM, as its JSON gives them.
        const std::vector<std::string> split { "replay", shippedTrace(), "--hardware", "h200-sxm", "--prefill-replicas",
            "2", "--decode-replicas", "2" };
        std::vector<std::string> sweep = split;
        sweep.insert(sweep.end(), { "--sweep", "dram", "--at", "1000,5000", "--csv" });
        const Result r = runCli(sweep);
        QVERIFY2(r.status == 0, r.err.c_str());
        std::istringstream in(r.out);
        std::string comment, header;
        std::getline(in, comment);
        std::getline(in, header);
        QVERIFY2(header.ends_with(",targets_held,tbt_p50_s,transfer_mean_s,transfer_p99_s,transfer_bytes,"
                                  "transfer_bytes_per_s"),
            header.c_str());
        const auto rows = csvRows(r.out);
        QCOMPARE(rows.size(), size_t(2));
        for (const auto& [row, dram] : { std::pair { &rows[0], "1000" }, std::pair { &rows[1], "5000" } }) {
            std::vector<std::string> one = split;
            one.insert(one.end(), { "--capacity-blocks", std::string("dram=") + dram, "--json" });
            const Result at = runCli(one);
            QVERIFY2(at.status == 0, at.err.c_str());
            const Json j = Json::parse(at.out);
            const Json& d = j["disaggregation"];
            QVERIFY(d["transfer_bytes"].get<double>() > 0);
            const std::vector<std::string> expected { csvNumber(j["tbt_s"]["p50"].get<double>()),
                csvNumber(d["transfer_s"]["mean"].get<double>()), csvNumber(d["transfer_s"]["p99"].get<double>()),
                csvNumber(d["transfer_bytes"].get<double>()), csvNumber(d["transfer_bytes_per_s"].get<double>()) };
            QCOMPARE(std::vector<std::string>(row->end() - 5, row->end()), expected);
        }
        // Colocated: TBT's median, no transfer.
        const Result colocated = runCli({ "replay", shippedTrace(), "--hardware", "h200-sxm", "--replicas", "4",
            "--sweep", "dram", "--at", "5000", "--csv" });
        QVERIFY2(colocated.status == 0, colocated.err.c_str());
        QVERIFY(colocated.out.find(",targets_held,tbt_p50_s\n") != std::string::npos);
    }

    void disaggregatedCapacityAsTheReadmeShowsIt()
    {
        // The README's effective-capacity table, its 100 ms row: 48 H200s as 5 prefill + 1
        // decode replicas, and colocated on the same GPUs, TTFT 10 s, TPOT and TBT 100 ms.
        const Result r = runCli({ "replay", shippedTrace(), "--hardware", "h200-sxm", "--prefill-replicas", "5",
            "--decode-replicas", "1", "--ttft", "10", "--tpot", "0.1", "--tbt", "0.1", "--sweep", "rate", "--json" });
        QVERIFY2(r.status == 0, r.err.c_str());
        const Json j = Json::parse(r.out);
        const Json& split = j["disaggregated"];
        const Json& colocated = j["colocated"];
        QVERIFY(std::abs(split["capacity"]["requests_per_s"].get<double>() - 8.72) < 0.005);
        QCOMPARE(colocated["capacity"]["requests_per_s"].get<double>(), 0.0); // none
        // The pools' requests' TBT at p99 stays within 11-26 ms at every scale up to the
        // capacity; colocated, 6.4% of requests miss the targets at the lowest load.
        const double capacity = split["capacity"]["traffic_scale"].get<double>();
        for (const Json& p : split["points"])
            if (p["value"].get<double>() <= capacity) {
                const double tbt = p["tbt_at_percentile_s"].get<double>();
                QVERIFY2(tbt > 0.011 && tbt < 0.026, std::to_string(tbt).c_str());
            }
        QVERIFY(std::abs(colocated["points"][0]["slo_attainment"].get<double>() - 0.936) < 0.0005);
        QVERIFY(std::abs(colocated["points"][0]["tbt_at_percentile_s"].get<double>() - 0.412) < 0.0005);
    }

    void readmeCapacitiesHoldAndFailJustAbove_data()
    {
        // The README's effective-capacity table: each value is a traffic scale at which the
        // targets held, with the scale 1% above it where they failed (the rate sweep's
        // bisection bracket, read from its --json), times the trace's 3.401 requests/s.
        QTest::addColumn<QStringList>("layout");
        QTest::addColumn<QString>("target");
        QTest::addColumn<double>("held");
        QTest::addColumn<double>("failed");
        QTest::addColumn<double>("readme");
        const QStringList split42 { "--prefill-replicas", "4", "--decode-replicas", "2" };
        const QStringList six { "--replicas", "6" };
        QTest::newRow("4+2, 100 ms") << split42 << "0.1" << 2.0286439966477605 << 2.039550684801781 << 6.90;
        QTest::newRow("colocated, 500 ms") << six << "0.5" << 1.7996035454133354 << 1.8159635776443657 << 6.12;
        QTest::newRow("colocated, 1 s") << six << "1" << 3.0756860594337008 << 3.092046091664731 << 10.5;
        QTest::newRow("colocated 2,048, 200 ms") << (six + QStringList { "--max-num-batched-tokens", "2048" }) << "0.2"
                                                 << 2.977525866047519 << 2.9938858982785495 << 10.1;
        QTest::newRow("colocated 512, 100 ms") << (six + QStringList { "--max-num-batched-tokens", "512" }) << "0.1"
                                               << 2.7157653503510337 << 2.732125382582064 << 9.24;
        // "none": the targets fail even at a 300th of the trace's rate.
        QTest::newRow("colocated, 300 ms: none") << six << "0.3" << 0.0 << 1.0 / 300 << 0.0;
        QTest::newRow("colocated 2,048, 100 ms: none")
            << (six + QStringList { "--max-num-batched-tokens", "2048" }) << "0.1" << 0.0 << 1.0 / 300 << 0.0;
    }

    void readmeCapacitiesHoldAndFailJustAbove()
    {
        QFETCH(QStringList, layout);
        QFETCH(QString, target);
        QFETCH(double, held);
        QFETCH(double, failed);
        QFETCH(double, readme);
        QVERIFY(failed > held && (held == 0 || failed <= held * 1.01 + 1e-12));
        const double rate = 12030.0 / 3536.999; // the trace's requests − 1 over its span, seconds
        QVERIFY2(std::abs(held * rate - readme) <= 0.005 * readme, std::to_string(held * rate).c_str());
        auto holds = [&](double scale) {
            std::vector<std::string> a { "replay", shippedTrace(), "--hardware", "h200-sxm", "--ttft", "10", "--tpot",
                target.toStdString(), "--tbt", target.toStdString(), "--traffic-scale",
                QString::number(scale, 'g', 17).toStdString(), "--json" };
            for (const QString& f : layout)
                a.push_back(f.toStdString());
            const Result r = runCli(a);
            if (r.status != 0)
                qFatal("%s", r.err.c_str());
            return Json::parse(r.out)["slo"]["targets_held"].get<bool>();
        };
        if (held > 0)
            QVERIFY(holds(held));
        QVERIFY(!holds(failed));
    }

    void replicaSweepSpansFromTheLeastStable()
    {
        const Result r = runCli(
            { "replay", shippedTrace(), "--hardware", "h200-sxm", "--sweep", "replicas", "--points", "9", "--json" });
        QVERIFY2(r.status == 0, r.err.c_str());
        const Json j = Json::parse(r.out);
        QCOMPARE(j["spacing"].get<std::string>(), std::string("stable"));
        const double least = j["least_stable_replicas"].get<double>();
        QVERIFY(least >= 1);
        const Json points = j["points"];
        QCOMPARE(points.front()["value"].get<double>(), least);
        QCOMPARE(points.back()["value"].get<double>(), 2 * least);
        for (std::size_t i = 1; i < points.size(); ++i)
            QVERIFY(points[i]["value"].get<double>() > points[i - 1]["value"].get<double>()); // no duplicate rows
        QVERIFY(points.size() <= std::size_t(least + 1));
        // One replica fewer than the least stable count cannot keep up: its queue grows, so
        // its TTFT p99 is far above the least stable count's.
        if (least >= 2) {
            const Result below = runCli({ "replay", shippedTrace(), "--hardware", "h200-sxm", "--replicas",
                std::to_string(static_cast<int>(least) - 1), "--json" });
            QVERIFY2(below.status == 0, below.err.c_str());
            QVERIFY(Json::parse(below.out)["ttft_s"]["p99"].get<double>() > points.front()["ttft_p99_s"].get<double>());
        }
        // Servers given: from 1 to twice the scenario's replicas, as before.
        const Result given = runCli({ "replay", shippedTrace(), "--hardware", "h200-sxm", "--servers", "2", "--sweep",
            "replicas", "--points", "3", "--json" });
        QVERIFY2(given.status == 0, given.err.c_str());
        const Json g = Json::parse(given.out);
        QCOMPARE(g["spacing"].get<std::string>(), std::string("linear"));
        QCOMPARE(g["points"][0]["value"].get<double>(), 1.0);
        QCOMPARE(g["points"].back()["value"].get<double>(), 2 * g["current"].get<double>());
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
        row("at without sweep", { f, QStringLiteral("--at"), QStringLiteral("1000") }, "--at");
        row("at and points",
            { f, QStringLiteral("--sweep"), QStringLiteral("dram"), QStringLiteral("--at"), QStringLiteral("5"),
                QStringLiteral("--points"), QStringLiteral("3") },
            "--at");
        row("at not a number",
            { f, QStringLiteral("--sweep"), QStringLiteral("dram"), QStringLiteral("--at"), QStringLiteral("1000,x") },
            "--at");
        row("at zero replicas",
            { f, QStringLiteral("--sweep"), QStringLiteral("replicas"), QStringLiteral("--at"), QStringLiteral("0,2") },
            "--at");
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
