// Below HBM: restore paths (what one copy moves, on the link's size curve), the NVMe
// bound of SSD restores, the request rate a replica can serve, and the hit rate an LRU
// prefix cache gets (Che's approximation). Each reference check names its source.

#include "core/analysis/Fleet.h"
#include "core/cards/RestorePath.h"
#include "core/io/Units.h"
#include "core/model/ComputeModel.h"
#include "core/model/KvSizing.h"
#include "core/model/PrefixCache.h"
#include "core/model/VllmCheck.h"
#include "core/model/VllmComparison.h"
#include "core/model/VllmLogSetup.h"
#include "core/model/Warnings.h"
#include "core/report/FleetReport.h"
#include "core/report/ResultJson.h"
#include "tests/support/TestSupport.h"

#include <cmath>

using namespace kvtiers;
using namespace kvtiers::test;

namespace {

Json articleWith(Json extra)
{
    Json o = Json::object();
    for (auto& [k, v] : extra.items())
        o[k] = v;
    return o;
}

EvalResult article(Json overrides = Json::object(), const std::string& hardware = {})
{
    return evaluate(scenario({}, articleWith(std::move(overrides)), hardware, "article"));
}

} // namespace

class TestLowerTiers : public QObject {
    Q_OBJECT
private slots:
    void builtinPathsAreCardsWithSources()
    {
        for (const char* id : { "per-block-copy", "vllm-offload", "lmcache", "trtllm", "mooncake" }) {
            const RestorePath& p = builtinRestorePath(id);
            QCOMPARE(p.id, std::string(id));
            QVERIFY2(!p.sources.empty(), id);
            QVERIFY(p.plateauShare > 0 && p.plateauShare <= 1);
        }
        QCOMPARE(std::string(kDefaultRestorePath), std::string("vllm-offload"));
        QCOMPARE(scenario("llama-3.1-70b").restorePath.id, std::string("vllm-offload"));
        KV_CHECK(
            expectInputError([] { builtinRestorePath("dma-magic"); }, { "restore_path", "dma-magic", "vllm-offload" }));
        KV_CHECK(expectInputError(
            [] {
                scenario("llama-3.1-70b", { { "restore_path", "nope" } });
            },
            { "nope", "lmcache" }));
    }

    void articleDramRestoreOnTheDefaultPath()
    {
        // vLLM 0.12+ keeps a block contiguous across all layers (vLLM blog, "Inside vLLM's
        // new KV offloading connector", 2026-01-08: 0.5–2 MB blocks) and copies it by DMA:
        // 16 tokens × 80 layers × 512 B = 640 KiB per copy at TP 8, near the PCIe Gen5
        // plateau, so the article's 40 GiB prompt (5.37 GB per GPU) restores in ~0.1–0.2 s.
        const EvalResult r = article();
        QCOMPARE(r.restoreCopyBytes, 16.0 * 80 * 512);
        // h200-sxm's link is the H200's measured curve: 640 KiB lies between its 256 KiB
        // (36.4 GB/s) and 1 MiB (47.9 GB/s) points, log-linearly, under vllm-offload's 0.9 of
        // the plateau.
        const double bw = 36358e6 + std::log(2.5) / std::log(4.0) * (47935e6 - 36358e6);
        KV_COMPARE_NEAR(r.restoreBandwidthDram, std::min(bw, 0.9 * 54680e6), 1e-12);
        QVERIFY2(r.restoreSecondsDram > 0.1 && r.restoreSecondsDram < 0.2,
            qPrintable(QString::number(r.restoreSecondsDram)));
        // The measured H200 curve (host->GPU pinned copies) agrees within a few percent.
        const EvalResult m = article({}, "h200-sxm-measured");
        QVERIFY2(m.restoreSecondsDram > 0.1 && m.restoreSecondsDram < 0.2,
            qPrintable(QString::number(m.restoreSecondsDram)));
    }

    void articleDramRestorePerBlockCopy()
    {
        // One cudaMemcpyAsync per 8 KiB block of one layer, below the measured curve's first
        // point: the latency fit through it, 8192 / (65536 / 10.598 GB/s − 65536 / 64 GB/s +
        // 8192 / 64 GB/s) = 1.55 GB/s, 3.47 s (3.36 s with the datasheet card's 5 µs and 64 GB/s).
        const EvalResult r = article({ { "restore_path", "per-block-copy" } });
        QCOMPARE(r.restoreCopyBytes, 8192.0);
        const double fit = 65536 / 10598e6 - 65536 / 64e9;
        KV_COMPARE_NEAR(r.restoreBandwidthDram, 8192 / (fit + 8192 / 64e9), 1e-12);
        KV_COMPARE_NEAR(r.restoreSecondsDram, 131072.0 * 40960 / r.restoreBandwidthDram + 5e-6, 1e-12);
        KV_COMPARE_NEAR(r.restoreSecondsDram, 3.47, 2e-3);
    }

    void measuredCurveIsExtrapolatedBelowItsFirstPoint()
    {
        // docs/model.md §7's H200 curve starts at 64 KiB (10.6 GB/s). Below it the latency fit
        // through that point, L = 65536/10.598e9 − 65536/54.9e9 ≈ 5.0 µs, not a flat
        // clamp: 8 KiB copies reach ~1.6 GB/s, as the datasheet card's latency model says
        // (a flat clamp made the two cards disagree 6.6×).
        const HardwareCard& hw = CardCatalog::builtin().hardware().at("h200-sxm-measured");
        const double fit = 65536 / 10.598e9 - 65536 / 54.9e9;
        KV_COMPARE_NEAR(hw.link.bandwidth(8192), 8192 / (fit + 8192 / 54.9e9), 1e-12);
        KV_COMPARE_NEAR(hw.link.bandwidth(65536), 10.598e9, 1e-9);
        const EvalResult measured = article({ { "restore_path", "per-block-copy" } }, "h200-sxm-measured");
        const EvalResult datasheet = article({ { "restore_path", "per-block-copy" } });
        QVERIFY2(measured.restoreSecondsDram / datasheet.restoreSecondsDram < 1.1
                && measured.restoreSecondsDram / datasheet.restoreSecondsDram > 0.9,
            qPrintable(QString::number(measured.restoreSecondsDram / datasheet.restoreSecondsDram)));
    }

    void ssdRestoreIsBoundByNvme()
    {
        // eSSD: bytes / min(NVMe read share per GPU, path): 8 × 7 GB/s drives = 56 GB/s per
        // server (PM1733 datasheet, the card's note), 7 GB/s per GPU: the article's 5.37 GB
        // per GPU take ≥ 0.77 s, slower than DRAM on the default path.
        const EvalResult r = article();
        QCOMPARE(r.restoreBandwidthSsd, 56e9 / 8);
        const double bytesPerGpu = 131072.0 * 327680 / 8;
        KV_COMPARE_NEAR(r.restoreSecondsSsd, bytesPerGpu / 7e9 + 1e-4 + 5e-6, 1e-12);
        QVERIFY(r.restoreSecondsSsd >= 0.767);
        QVERIFY(r.restoreSecondsSsd > 5 * r.restoreSecondsDram);
    }

    void c2cIsNeverSlowerThanPcie_data()
    {
        QTest::addColumn<QString>("path");
        for (const char* id : { "per-block-copy", "vllm-offload", "lmcache", "trtllm", "mooncake" })
            QTest::newRow(id) << QString::fromLatin1(id);
    }

    void c2cIsNeverSlowerThanPcie()
    {
        // TensorRT-LLM: host offloading pays on Grace Hopper, is unlikely to on slow links
        // (KV cache docs). Every NVLink-C2C card (GH200, GB200 NVL72, GB300 NVL72) takes
        // C2C's per-copy latency by rule (kC2cLatencySeconds: the 5 µs launch overhead
        // measured on an H200's PCIe link, docs/model.md §7), and with 225–450 GB/s per
        // direction it is never slower than any PCIe card, at any copy size and on every path.
        QFETCH(QString, path);
        const RestorePath& p = builtinRestorePath(path.toStdString());
        const auto& cards = CardCatalog::builtin().hardware();
        std::vector<std::string> c2c, pcie;
        for (const auto& [id, h] : cards)
            (h.link.kind == LinkKind::NvlinkC2c ? c2c : pcie).push_back(id);
        QVERIFY(c2c == (std::vector<std::string> { "gb200-nvl72", "gb300-nvl72", "gh200", "vr-nvl72" }));
        QVERIFY(pcie.size() >= 10);
        for (const std::string& id : c2c) {
            QCOMPARE(cards.at(id).link.latencySeconds, kC2cLatencySeconds);
            for (double bytes : { 512.0, 8192.0, 65536.0, 655360.0, 10485760.0, 1e9 }) {
                const double fast = p.bandwidth(cards.at(id).link, bytes);
                for (const std::string& other : pcie)
                    // (the measured card's fitted 4.99 µs against the 5 µs the cards round it to: 0.5%)
                    QVERIFY2(fast >= p.bandwidth(cards.at(other).link, bytes) * 0.995,
                        qPrintable(QStringLiteral("%1 against %2 at %3 B")
                                       .arg(QString::fromStdString(id), QString::fromStdString(other))
                                       .arg(bytes)));
            }
            // Whole scenarios agree: one GPU per replica, so each copy is the same size.
            const Json o = { { "tp", 1 }, { "restore_path", path.toStdString() }, { "context", 8192 } };
            const EvalResult fast = evaluate(scenario("llama-3.1-8b", o, id));
            for (const std::string& other : pcie)
                QVERIFY2(fast.restoreBandwidthDram
                        >= evaluate(scenario("llama-3.1-8b", o, other)).restoreBandwidthDram * 0.995,
                    qPrintable(QString::fromStdString(id + " against " + other)));
        }
        // A user's C2C card without a latency gets the rule's; a PCIe card the default 10 µs.
        Json h = cards.at("b200").toJson();
        h["link"]["kind"] = "nvlink-c2c";
        h["link"].erase("latency_s");
        QCOMPARE(parseHardwareCard(h, "c2c.json").link.latencySeconds, kC2cLatencySeconds);
        h["link"]["kind"] = "pcie";
        QCOMPARE(parseHardwareCard(h, "pcie.json").link.latencySeconds, kDefaultLinkLatencySeconds);
        h["link"]["kind"] = "cxl";
        KV_CHECK(expectInputError([&] { parseHardwareCard(h, "hw.json"); }, { "hw.json.link", "kind", "cxl" }));
    }

    void mooncakeIsBoundByItsNics()
    {
        // Mooncake's transfer engine: 190 GB/s between two nodes on 8 × 400 Gbps RoCE
        // (doc/en/transfer-engine.md), 23.75 GB/s per GPU with one NIC each.
        const EvalResult r = article({ { "restore_path", "mooncake" } });
        QCOMPARE(r.restoreBandwidthDram, 23.75e9);
    }

    void pathFromACardFile()
    {
        const QString dir = QDir::tempPath() + QStringLiteral("/kvtiers-restore-path");
        QDir().mkpath(dir);
        const std::string file = QString(dir + QStringLiteral("/slow.json")).toStdString();
        {
            QFile f(QString::fromStdString(file));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(R"({"id": "slow", "name": "Slow", "copy": {"tokens": 1, "layers": "one"},
                        "plateau_share": 0.5, "copy_latency_s": 1e-5,
                        "sources": [{"title": "t", "url": "u"}]})");
        }
        const EvalResult r = article({ { "restore_path", file } });
        QVERIFY(r.restoreSecondsDram > article({ { "restore_path", "per-block-copy" } }).restoreSecondsDram);
        // Bad cards name the field.
        QFile f(QString::fromStdString(file));
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(
            R"({"id": "slow", "name": "Slow", "copy": {"layers": "some"}, "sources": [{"title": "t", "url": "u"}]})");
        f.close();
        KV_CHECK(expectInputError([&] { article({ { "restore_path", file } }); }, { "slow.json", "copy.layers" }));
    }

    // ---- the request rate a replica serves ----

    void articleRequestRateIsBoundByPrefill()
    {
        // One 128K prefill keeps the whole replica busy for 10.22 s: 8.88 s of FLOPs (the
        // blocks' matrices, one LM-head row and causal attention in BF16 on 8 H200s at the
        // measured MFU 0.576) and 1.34 s of TP all-reduces (160 × (20 µs + 1.75 × 2 GiB / 450
        // GB/s)). λ × prefill ≤ 1, so λ ≤ 0.098 req/s, not the 10 / 10.22 = 0.98 of counting
        // ten prefills at once.
        const EvalResult r = article();
        const double allReduce = 160 * (20e-6 + 1.75 * 8192 * 131072 * 2 / 450e9);
        KV_COMPARE_NEAR(r.recomputeSeconds, 8.87848582750163 + allReduce, 1e-9);
        KV_COMPARE_NEAR(r.recomputeSeconds, 10.218, 1e-3);
        QVERIFY(r.requestRate * r.recomputeSeconds <= 1 + 1e-9);
        KV_COMPARE_NEAR(r.requestRate, 1 / r.recomputeSeconds, 1e-9);
        QCOMPARE(r.rateLimit, RateLimit::Prefill);
        KV_COMPARE_NEAR(r.requestRateDecodeSlots, 10 / r.recomputeSeconds, 1e-9);
        QVERIFY(!(r.warnings & WarnRateAboveCapacity));
    }

    void givenRateAboveTheBoundIsWarned()
    {
        const Scenario s = scenario({}, { { "request_rate_per_s", 1.0 } }, {}, "article");
        const EvalResult r = evaluate(s);
        QCOMPARE(r.requestRate, 1.0);
        QVERIFY(r.warnings & WarnRateAboveCapacity);
        const auto messages = warningMessages(s, r);
        bool found = false;
        for (const auto& m : messages)
            found = found || m.find("one replica can serve") != std::string::npos;
        QVERIFY(found);
        QVERIFY(!(evaluate(scenario({}, { { "request_rate_per_s", 0.09 } }, {}, "article")).warnings
            & WarnRateAboveCapacity));
    }

    void articleFleetNeedsTenReplicas()
    {
        // 1 req/s of 128K prefills at 10.22 s each needs ≥ 11 replicas of TP 8 on prefill
        // alone (kvtiers used to size 8 GPUs).
        FleetInput in = fleetMix({ { "article", 1 } }, 1.0, 0.05);
        const FleetResult f = sizeFleet(CardCatalog::builtin(), in);
        QVERIFY2(f.entries[0].replicas >= 11, qPrintable(QString::number(f.entries[0].replicas)));
        QCOMPARE(f.entries[0].rateLimit, RateLimit::Prefill);
        QCOMPARE(fleetToJson(f)["workloads"][0]["replica_rate_limit"].get<std::string>(), std::string("prefill"));
    }

    void mooncakeFleetPrefillBinds()
    {
        // 30 req/s of Mooncake-like requests on H200s: each replica's request costs at least
        // its uncached prefill; 30 × that must fit in the replicas.
        FleetInput in = fleetMix({ { "mooncake", 1 } }, 30, 0.05);
        in.targets.ttftSeconds = 2;
        const FleetResult f = sizeFleet(CardCatalog::builtin(), in);
        const auto& e = f.entries[0];
        QVERIFY(e.replicas * e.replicaRequestsPerSecond >= 30);
        QVERIFY(30 / e.replicas * e.perReplica.ttftRecomputeSeconds <= 1 + 1e-9);
        QVERIFY2(e.replicas >= 5, qPrintable(QString::number(e.replicas)));
    }

    // ---- the hit rate of an LRU cache (Che) ----

    void cheWithExponentialGapsAtTheMeanPool()
    {
        // One reuse per prefix, exponential gaps with mean D, capacity = the Little's-law
        // pool λ D b: T solves D(1 − e^{−T/D}) + T = D, so T/D = W(1) = 0.567 (omega
        // constant) and the hit share is 1 − e^{−0.567} = 0.433 (docs/model.md §4.4: ~43%).
        WorkloadParams w;
        w.reuseDistanceSeconds = 100;
        const ReuseGaps gaps(w);
        const double lambda = 2, b = 1e9;
        const CacheStreams twice { b, b }; // each block used twice: b reused, b last
        const PrefixCacheResult c = lruPrefixCache(gaps, lambda, twice, twice, 1, false, { lambda * 100 * b, 0, 0 });
        KV_COMPARE_NEAR(c.characteristicSeconds.hbm, 56.714329040978, 1e-6);
        KV_COMPARE_NEAR(c.hitShare(), 1 - 0.56714329040978, 1e-6);
    }

    void reuseDistanceZeroHoldsNothingAndHitsNothing()
    {
        // Nothing is kept for any time: a 0-byte pool and no hits from any tier.
        const EvalResult r = evaluate(
            scenario({}, { { "reuse_rate", 0.5 }, { "reuse_distance_s", 0 }, { "offload_rate", 1 } }, {}, "chat"));
        QCOMPARE(r.retainedPoolBytes, 0.0);
        QCOMPARE(r.tiers.dram.retained + r.tiers.ssd.retained + r.tiers.hbm.retained, 0.0);
        QCOMPARE(r.achievedReuse, 0.0);
        QCOMPARE(r.ttftWithReuseSeconds, r.ttftNoReuseSeconds);
    }

    void ceilingAndAchievedInJson()
    {
        const Scenario s = scenario({}, Json::object(), {}, "chat");
        const EvalResult r = evaluate(s);
        const Json j = resultToJson(s, r);
        QCOMPARE(j["reuse_ceiling_rate"].get<double>(), 0.6);
        QVERIFY(j["achieved_reuse_rate"].get<double>() < 0.6);
        QVERIFY(j["achieved_reuse_rate"].get<double>() > 0);
        QCOMPARE(j["assumptions"]["restore_path"].get<std::string>(), std::string("vllm-offload"));
        QCOMPARE(j["assumptions"]["reuse_gaps"].get<std::string>(), std::string("exponential"));
        QVERIFY(j.contains("request_rate_bound_per_s"));
        QVERIFY(j["hit_share_by_tier"].contains("dram"));
    }

    void measuredGapTable()
    {
        // A table [[s, F]] replaces the exponential: every gap ≤ 60 s (F = 1 at 60 s); with
        // room for everything, the cache reaches 99% of the ceiling by where F does.
        Json table = Json::array({ Json::array({ 10, 0.5 }), Json::array({ 60, 1.0 }) });
        const Scenario s = scenario({}, { { "reuse_gap_cdf", table } }, {}, "chat");
        QCOMPARE(s.workload.reuseGapCdf.size(), size_t(2));
        const ReuseGaps gaps(s.workload);
        QCOMPARE(gaps.cdf(10), 0.5);
        QCOMPARE(gaps.cdf(35), 0.75);
        QCOMPARE(gaps.cdf(1000), 1.0);
        // ∫0^10 (1 − F) = 10 × 0.75; ∫10^60 = 50 × 0.25.
        KV_COMPARE_NEAR(gaps.residency(60), 7.5 + 12.5 + 60, 1e-12);
        KV_COMPARE_NEAR(gaps.meanGap(), 7.5 + 12.5, 1e-12);
        const EvalResult r = evaluate(s);
        KV_COMPARE_NEAR(r.achievedReuse, r.cacheableReuse * 0.99 * 1.0, 1e-9);
        QCOMPARE(resultToJson(s, r)["assumptions"]["reuse_gaps"].get<std::string>(), std::string("table"));
        // Validation names the row.
        KV_CHECK(expectInputError(
            [] {
                scenario({},
                    { { "reuse_gap_cdf", Json::array({ Json::array({ 10, 0.5 }), Json::array({ 5, 0.6 }) }) } }, {},
                    "chat");
            },
            { "reuse_gap_cdf[1]", "increasing" }));
        KV_CHECK(expectInputError(
            [] {
                scenario({}, { { "reuse_gap_cdf", Json::array({ Json::array({ 10, 1.5 }) }) } }, {}, "chat");
            },
            { "reuse_gap_cdf[0]", "between 0 and 1" }));
        KV_CHECK(expectInputError(
            [] {
                scenario({}, { { "reuse_gap_cdf", Json::array({ Json::array({ 10 }) }) } }, {}, "chat");
            },
            { "reuse_gap_cdf[0]", "two numbers" }));
        KV_CHECK(expectInputError(
            [] {
                scenario({},
                    { { "reuse_gap_cdf", Json::array({ Json::array({ 10, 0.9 }), Json::array({ 20, 0.8 }) }) } }, {},
                    "chat");
            },
            { "reuse_gap_cdf[1]", "never falls" }));
    }

    // ---- vLLM's printed concurrency ----

    void mistralVllmConcurrencyAt8192BatchedTokens()
    {
        // vLLM's SlidingWindowSpec (vllm/v1/kv_cache_interface.py) budgets a sliding layer
        // cdiv(min(W − 1 + max_num_batched_tokens, max_model_len), B) + 1 blocks. Mistral
        // 7B v0.1, 32K, 40 GiB: 20,480 blocks of 2 MiB; cdiv(4,095 + 8,192, 16) + 1 = 769
        // blocks per request; 20,480 / 769 = 26.63× (what vLLM prints), not the 79.69× of
        // a decoding request's 257 blocks.
        VllmSetup setup;
        setup.kv = KvFormat { 16, 0 };
        setup.context = 32768;
        setup.kvMemoryBytes = 40 * GiB;
        setup.maxNumBatchedTokens = 8192;
        const VllmPrediction p = predictVllm(builtinModel("mistral-7b-v0.1"), setup);
        QCOMPARE(p.numBlocks, 20480.0);
        QCOMPARE(p.blocksPerRequest, 257.0);
        QCOMPARE(p.vllmBlocksPerRequest, 769.0);
        KV_COMPARE_NEAR(p.vllmMaxConcurrency, 26.63, 1e-3);
        KV_COMPARE_NEAR(p.maxConcurrency, 79.69, 1e-3);
        // 2048 batched tokens (GPUs under 70 GiB, and A100s): cdiv(6,143, 16) + 1 = 385.
        setup.maxNumBatchedTokens = 2048;
        QCOMPARE(predictVllm(builtinModel("mistral-7b-v0.1"), setup).vllmBlocksPerRequest, 385.0);
        // Full attention: the two figures agree.
        setup.maxNumBatchedTokens = 8192;
        const VllmPrediction llama = predictVllm(builtinModel("llama-3.1-8b"), setup);
        QCOMPARE(llama.vllmMaxConcurrency, llama.maxConcurrency);
    }

    void vllmServeDefaultBatchedTokens()
    {
        // vllm/engine/arg_utils.py (0.11), `vllm serve`: 8192 from 70 GiB except A100, else 2048.
        const auto& hw = CardCatalog::builtin().hardware();
        QCOMPARE(defaultMaxNumBatchedTokens(&hw.at("h200-sxm")), 8192.0);
        QCOMPARE(defaultMaxNumBatchedTokens(&hw.at("h100-sxm")), 8192.0);
        QCOMPARE(defaultMaxNumBatchedTokens(&hw.at("a100-80gb")), 2048.0);
        QCOMPARE(defaultMaxNumBatchedTokens(&hw.at("t4")), 2048.0);
        QCOMPARE(defaultMaxNumBatchedTokens(nullptr), 8192.0);
    }

    // ---- TTFT: FP8 FLOP/s and streamed weights ----

    void fp8WeightsUseFp8Flops()
    {
        // FP8 weights (W8A8) run on the FP8 tensor cores: H100/H200 datasheets give 1,979
        // dense FP8 TFLOP/s against 989 BF16, so prefill takes half as long; BF16 weights do
        // not. With an FP8 KV cache attention runs at FP8 too; at TP 1 no all-reduce adds to it.
        Scenario s
            = scenario("llama-3.1-70b", { { "weight_bits", 8 }, { "kv_bits", 8 }, { "context", 32768 }, { "tp", 1 } });
        s.hardware.fp8Flops = 0; // the card gives 1,979 TFLOP/s; first without it: BF16 tensor cores
        const double bf16 = evaluate(s).recomputeSeconds;
        s.hardware.fp8Flops = 1979e12;
        KV_COMPARE_NEAR(evaluate(s).recomputeSeconds, bf16 * 989e12 / 1979e12, 1e-12);
        s.workload.weightBits = 16;
        s.workload.kv = KvFormat { 16, 0 }; // and a BF16 cache: nothing runs at FP8
        const double wide = evaluate(s).recomputeSeconds;
        s.hardware.fp8Flops = 0;
        QCOMPARE(evaluate(s).recomputeSeconds, wide);
        // Parsed from the card as gpu.fp8_flops.
        Json card = CardCatalog::builtin().hardware().at("h100-sxm").toJson();
        card["gpu"]["fp8_flops"] = 1979e12;
        QCOMPARE(parseHardwareCard(card, "h.json").fp8Flops, 1979e12);
    }

    void ttftStreamsOffloadedWeights()
    {
        // FlexGen's OPT-175B on one T4: half the weights in DRAM, half on SSD. A prefill
        // must read them in once: ~81 GB from NVMe at 2 GB/s (the t4 card) is ~40 s, far
        // above the compute of a 512-token prompt.
        const EvalResult r = evaluate(workloadScenario("flexgen"));
        KV_COMPARE_NEAR(r.weightStreamSeconds, r.tiers.ssd.weights / 2e9, 1e-12);
        QVERIFY(r.weightStreamSeconds > r.recomputeSeconds);
        QCOMPARE(r.ttftNoReuseSeconds, r.weightStreamSeconds);
        QCOMPARE(article().weightStreamSeconds, 0.0);
    }

    // ---- properties ----

    void moreCapacityNeverLowersHitsNorRaisesTtft()
    {
        for (const char* wl : { "chat", "mooncake" }) {
            double lastHit = -1, lastTtft = 1e300;
            for (double dram : { 0.0, 64e9, 256e9, 1e12, 2e12, 8e12 }) {
                const EvalResult r
                    = evaluate(scenario({}, { { "host_dram_bytes", dram }, { "nvme_bytes", 0 } }, {}, wl));
                QVERIFY2(r.achievedReuse >= lastHit - 1e-12, wl);
                QVERIFY2(r.ttftWithReuseSeconds <= lastTtft * (1 + 1e-12), wl);
                lastHit = r.achievedReuse;
                lastTtft = r.ttftWithReuseSeconds;
            }
            lastHit = -1;
            lastTtft = 1e300;
            for (double nvme : { 0.0, 1e11, 1e12, 3e13, 1e14 }) {
                const EvalResult r
                    = evaluate(scenario({}, { { "host_dram_bytes", 64e9 }, { "nvme_bytes", nvme } }, {}, wl));
                QVERIFY2(r.achievedReuse >= lastHit - 1e-12, wl);
                QVERIFY2(r.ttftWithReuseSeconds <= lastTtft * (1 + 1e-12), wl);
                lastHit = r.achievedReuse;
                lastTtft = r.ttftWithReuseSeconds;
            }
        }
    }

    void longerReuseDistanceNeverRaisesHits()
    {
        // At a fixed capacity and a fixed request rate, longer gaps only make hits rarer.
        double last = 2;
        for (double d : { 1.0, 10.0, 60.0, 300.0, 3600.0, 86400.0 }) {
            const EvalResult r = evaluate(scenario({},
                { { "reuse_distance_s", d }, { "request_rate_per_s", 5.0 }, { "host_dram_bytes", 256e9 },
                    { "nvme_bytes", 1e12 } },
                {}, "chat"));
            QVERIFY2(r.achievedReuse <= last + 1e-12, qPrintable(QString::number(d)));
            last = r.achievedReuse;
        }
        QVERIFY(last < 0.6);
    }

    void fasterNvmeNeverSlowsSsdRestore()
    {
        const Scenario base = scenario({}, Json::object(), {}, "article");
        double last = 1e300;
        for (double bw : { 1e9, 7e9, 28e9, 56e9, 200e9, 1e12 }) {
            Scenario s = base;
            s.hardware.nvmeReadBandwidth = bw;
            const KvSizing kv(s.model, s.kvFormat(), s.tp(), s.workload.blockSize, s.workload.allocation);
            const ComputeModel cm(s, kv);
            const double t = cm.restoreSeconds(Tier::Ssd, 131072);
            QVERIFY(t <= last);
            QVERIFY(t >= cm.restoreSeconds(Tier::Dram, 131072));
            last = t;
        }
    }
};

QTEST_MAIN(TestLowerTiers)
#include "tst_lowertiers.moc"
