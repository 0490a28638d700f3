// Placement across tiers (docs/model.md §4): HBM → DRAM → SSD → overflow, max concurrency,
// streaming (FlexGen), weights that spill, the Little's-law retained pool with achieved
// versus requested reuse, inclusive tiers, and the per-GPU / per-server / fleet roll-up.

#include "core/io/Units.h"
#include "core/model/KvSizing.h"
#include "core/report/ResultJson.h"
#include "tests/support/TestSupport.h"

using namespace kvtiers;
using namespace kvtiers::test;

namespace {

/// HBM left for KV per GPU on h200-sxm for 70B at TP 8: 0.9 × 141e9 − weights / 8.
constexpr double k70bWeights = 70553706496.0 * 2;
constexpr double k70bBudgetGpu = 0.9 * 141e9 - k70bWeights / 8;

/// Everything requested is placed, overflows, or is lost reuse.
QString checkIdentity(const EvalResult& r, const QString& what)
{
    const double lhs = r.placedBytes() + r.overflowBytes + r.lostReuseBytes;
    const double rhs = r.demandBytes();
    if (std::fabs(lhs - rhs) > 1e-9 * rhs)
        return QStringLiteral("%1: placed %2 + overflow %3 + lost %4 != demand %5")
            .arg(what)
            .arg(r.placedBytes(), 0, 'g', 17)
            .arg(r.overflowBytes, 0, 'g', 17)
            .arg(r.lostReuseBytes, 0, 'g', 17)
            .arg(rhs, 0, 'g', 17);
    for (const TierUse* t : { &r.tiers.hbm, &r.tiers.dram, &r.tiers.ssd })
        if (t->used() > t->capacity * (1 + 1e-12))
            return what + QStringLiteral(": a tier holds more than its capacity");
    return {};
}

} // namespace

class TestPlacement : public QObject {
    Q_OBJECT
private slots:
    void defaultTpFitsServerAndHeads()
    {
        // No TP given: the largest degree of at most 8 that divides the server's GPUs and
        // that the KV heads allow (vLLM: heads % TP == 0 or TP % heads == 0).
        QCOMPARE(scenario("llama-3.1-70b", Json::object(), "h200-sxm").tp(), 8);    // 8 KV heads, 8 GPUs
        QCOMPARE(scenario("phi-4", Json::object(), "h200-sxm").tp(), 2);            // 10 KV heads: 8 and 4 do not fit
        QCOMPARE(scenario("llama-3.1-70b", Json::object(), "gh200").tp(), 1);       // one GPU per node
        QCOMPARE(scenario("llama-3.1-70b", Json::object(), "gb200-nvl72").tp(), 8); // a rack runs TP 8 replicas
        QCOMPARE(scenario("deepseek-v3", Json::object(), "gb200-nvl72").tp(), 8);   // MLA: not replicated 72 times
        // A given TP is kept, and still checked.
        QCOMPARE(scenario("llama-3.1-70b", { { "tp", 4 } }, "h200-sxm").tp(), 4);
        QVERIFY_THROWS_EXCEPTION(InputError, scenario("phi-4", { { "tp", 8 } }, "h200-sxm"));
    }

    void fitsInHbm()
    {
        // The article: 10 × 128K on one H200 server at TP 8: everything in HBM.
        const EvalResult r = evaluate(workloadScenario("article"));
        QCOMPARE(r.tiers.hbm.capacity, 8 * 0.9 * 141e9);
        QCOMPARE(r.tiers.hbm.weights, k70bWeights);
        QCOMPARE(r.tiers.hbm.hotAllocated(), 400 * GiB);
        QCOMPARE(r.kvBudgetPerGpu, k70bBudgetGpu);
        QCOMPARE(r.tiers.dram.used(), 0.0);
        QCOMPARE(r.tiers.ssd.used(), 0.0);
        QCOMPARE(r.overflowBytes, 0.0);
        // DRAM capacity per replica = host DRAM × usable share (a whole server at TP 8).
        QCOMPARE(r.tiers.dram.capacity, 2048e9 * 0.8);
        QCOMPARE(r.tiers.ssd.capacity, 30.72e12);
        // Max concurrency: floor(budget / 40 GiB per 8 GPUs).
        QCOMPARE(r.maxConcurrency, std::floor(k70bBudgetGpu / (40 * GiB / 8)));
        QCOMPARE(r.servedConcurrency, 10.0);
    }

    void hotSetOverflowsWithoutStreaming()
    {
        // 30 × 128K = 1.2 TiB does not fit in 8 × 126.9 GB: the excess is overflow, not DRAM.
        const EvalResult r = evaluate(scenario("llama-3.1-70b", { { "context", 131072 }, { "concurrency", 30 } }));
        const double maxN = std::floor(k70bBudgetGpu / (40 * GiB / 8));
        QCOMPARE(r.maxConcurrency, maxN);
        QVERIFY(maxN < 30);
        QCOMPARE(r.servedConcurrency, maxN);
        QVERIFY(r.warnings & WarnHotSetOverflows);
        QVERIFY(r.warnings & WarnOverflow);
        QCOMPARE(r.tiers.hbm.hotAllocated(), k70bBudgetGpu * 8); // HBM full
        QVERIFY(r.tiers.hbm.free() < 1);                         // no room left (within a byte)
        QCOMPARE(r.tiers.dram.hotAllocated(), 0.0);
        QCOMPARE(r.tiers.ssd.hotAllocated(), 0.0);
        KV_COMPARE_NEAR(r.overflowBytes, 30 * 40 * GiB - k70bBudgetGpu * 8, 1e-12);
        KV_CHECK(checkIdentity(r, "overflow"));
    }

    void streamingPlacesExcessBelow()
    {
        // Streaming (FlexGen): the excess goes to DRAM, then SSD, in that order.
        const Json base = { { "context", 131072 }, { "streaming", true } };
        {
            Json o = base;
            o["concurrency"] = 30; // 1.29 TB: HBM full, the rest fits in 1.64 TB of DRAM
            const EvalResult r = evaluate(scenario("llama-3.1-70b", o));
            QCOMPARE(r.servedConcurrency, 30.0);
            QCOMPARE(r.overflowBytes, 0.0);
            QCOMPARE(r.tiers.hbm.hotAllocated(), k70bBudgetGpu * 8);
            KV_COMPARE_NEAR(r.tiers.dram.hotAllocated(), 30 * 40 * GiB - k70bBudgetGpu * 8, 1e-12);
            QCOMPARE(r.tiers.ssd.used(), 0.0);
            QVERIFY(r.decodeBound == DecodeBound::DramStream);
            KV_CHECK(checkIdentity(r, "streaming into DRAM"));
        }
        {
            Json o = base;
            o["concurrency"] = 200; // 8.6 TB: HBM and DRAM full, SSD holds the rest
            const EvalResult r = evaluate(scenario("llama-3.1-70b", o));
            QCOMPARE(r.overflowBytes, 0.0);
            QCOMPARE(r.tiers.dram.hotAllocated(), 2048e9 * 0.8);
            KV_COMPARE_NEAR(r.tiers.ssd.hotAllocated(), 200 * 40 * GiB - k70bBudgetGpu * 8 - 2048e9 * 0.8, 1e-12);
            QVERIFY(r.decodeBound == DecodeBound::SsdStream);
            KV_CHECK(checkIdentity(r, "streaming into SSD"));
        }
        {
            Json o = base;
            o["concurrency"] = 2000; // 86 TB: more than all three tiers
            const EvalResult r = evaluate(scenario("llama-3.1-70b", o));
            QCOMPARE(r.tiers.ssd.hotAllocated(), 30.72e12);
            KV_COMPARE_NEAR(r.overflowBytes, 2000 * 40 * GiB - k70bBudgetGpu * 8 - 2048e9 * 0.8 - 30.72e12, 1e-12);
            QVERIFY(r.warnings & WarnOverflow);
            KV_CHECK(checkIdentity(r, "streaming overflow"));
        }
    }

    void weightsSpillInOrder()
    {
        // OPT-175B (349 GB of FP16 weights) on one T4: HBM, then DRAM, then SSD, greedily.
        const EvalResult r = evaluate(scenario("opt-175b", { { "context", 544 }, { "output_tokens", 32 } }, "t4"));
        QVERIFY(r.warnings & WarnWeightsSpill);
        QCOMPARE(r.tiers.hbm.weights, 0.9 * 16e9);
        QCOMPARE(r.tiers.dram.weights, 208e9 * 0.8);
        QCOMPARE(r.tiers.ssd.weights, r.weightsBytes - 0.9 * 16e9 - 208e9 * 0.8);
        // Nothing left for KV in HBM: the non-streaming hot set overflows.
        QCOMPARE(r.kvBudgetPerGpu, 0.0);
        QCOMPARE(r.maxConcurrency, 0.0);
        QVERIFY(r.warnings & WarnNoKvBudget);
        QCOMPARE(r.overflowBytes, r.hotSetAllocatedBytes);
        QVERIFY(r.decodeBound == DecodeBound::SsdStream);
        KV_CHECK(checkIdentity(r, "weights spill"));
    }

    void flexgenPolicySharesAreHonoured()
    {
        // weights_placement {dram 0.5, ssd 0.5}: DRAM takes what fits of its half
        // (80% of 208 GB), the remainder moves down to SSD.
        const EvalResult r = evaluate(workloadScenario("flexgen"));
        QCOMPARE(r.tiers.hbm.weights, 0.0);
        QCOMPARE(r.tiers.dram.weights, std::min(0.5 * r.weightsBytes, 208e9 * 0.8));
        QCOMPARE(r.tiers.ssd.weights, r.weightsBytes - r.tiers.dram.weights);
        QCOMPARE(r.tiers.ssd.hotAllocated(), r.hotSetAllocatedBytes);
        KV_CHECK(checkIdentity(r, "flexgen"));
    }

    void retainedPoolByLittlesLaw()
    {
        // The chat workload: Llama 3.1 8B on an H100 at TP 1, 4K context, 512 output,
        // 64 sequences, reuse 60%, reuse distance 120 s, offload everything.
        const Scenario s = workloadScenario("chat");
        const EvalResult r = evaluate(s);
        const double P = 4096 - 512;
        // The mean reused prefix, R = 0.6 × 3,584 = 2,150.4 tokens. The prompts it stands for
        // vary in length, so where a prefix ends inside its last 16-token block is spread
        // evenly over 0 … 15: its whole blocks hold R − (16 − 1) / 2 = 2,142.9 tokens on
        // average (floor at this one length gave 2,144; the mean tail recomputed is 7.5).
        const double R = 0.6 * P;
        QCOMPARE(r.reusedPrefixTokens, 2150.4);
        const double storedTokens = R - 7.5; // 2,142.9
        QCOMPARE(r.cacheablePrefixTokens, 2142.9);
        QCOMPARE(r.cacheableReuse, 2142.9 / P);           // 59.79%
        const double prefixBytes = storedTokens * 131072; // TP 1: the whole model's bytes
        // λ = min(served / request duration, what prefill + restore + decode leave room
        // for); Little's law: λ × D × KV(rP) bytes wait for their next use.
        QVERIFY(r.requestRate <= r.servedConcurrency / r.requestSeconds * (1 + 1e-12));
        QVERIFY(r.requestRate <= r.requestRateBound * (1 + 1e-9));
        KV_COMPARE_NEAR(r.retainedPoolBytes, r.requestRate * 120 * prefixBytes, 1e-12);
        QVERIFY(r.retainedPoolBytes > 0);
        // An LRU cache (Che) wants λ (b E[min(G, T)] + b_last T) at its horizon T = D ln 100,
        // where exponential gaps give 99% of the ceiling: E[min] = D (1 − 0.01). Admission
        // `all` stores the prompt's whole blocks, on average 3,584 − 7.5 = 3,576.5 tokens, so
        // b_last = (3,576.5 − 2,142.9) = 1,433.6 tokens.
        const double lastBytes = (3576.5 - storedTokens) * 131072;
        KV_COMPARE_NEAR(
            r.cacheDemandBytes, r.requestRate * (prefixBytes * 120 * 0.99 + lastBytes * 120 * std::log(100.0)), 1e-9);
        // Fills free HBM first, then DRAM (× offload rate 1), then SSD.
        const double hbmFree = r.tiers.hbm.capacity - r.tiers.hbm.weights - r.tiers.hbm.hotAllocated();
        KV_COMPARE_NEAR(r.tiers.hbm.retained, std::min(r.cacheDemandBytes, hbmFree), 1e-9);
        QVERIFY(r.tiers.hbm.retained > 0);
        KV_COMPARE_NEAR(
            r.tiers.dram.retained, std::min(r.cacheDemandBytes - r.tiers.hbm.retained, r.tiers.dram.capacity), 1e-9);
        QVERIFY(std::fabs(r.tiers.ssd.retained - (r.cacheDemandBytes - r.tiers.hbm.retained - r.tiers.dram.retained))
            <= 1e-9 * r.cacheDemandBytes);
        // Everything found a place: achieved = 99% of what whole blocks can serve, no warning.
        KV_COMPARE_NEAR(r.achievedReuse, 0.99 * 2142.9 / P, 1e-9);
        QCOMPARE(r.lostReuseBytes, 0.0);
        QVERIFY(!(r.warnings & WarnReuseLost));
        KV_CHECK(checkIdentity(r, "chat"));
    }

    void retainedPoolSpillsToSsdWhenDramIsSmall()
    {
        // 1 GB of DRAM per server: the pool moves on to SSD and reuse is still achieved.
        const EvalResult r = evaluate(workloadScenario("chat", { { "host_dram_bytes", 1e9 } }));
        QCOMPARE(r.tiers.dram.capacity, 1e9 * 0.8 / 8);
        KV_COMPARE_NEAR(r.tiers.dram.retained, r.tiers.dram.capacity, 1e-9);
        QVERIFY(r.tiers.ssd.retained > 0);
        KV_COMPARE_NEAR(r.achievedReuse, 0.99 * r.cacheableReuse, 1e-9);
        KV_CHECK(checkIdentity(r, "small DRAM"));
    }

    void achievedReuseDropsWhenDramShrinks()
    {
        // Without NVMe, shrinking DRAM loses reuse: achieved falls below requested.
        const EvalResult big
            = evaluate(workloadScenario("chat", { { "nvme_bytes", 0 }, { "host_dram_bytes", 20e12 } }));
        const EvalResult half
            = evaluate(workloadScenario("chat", { { "nvme_bytes", 0 }, { "host_dram_bytes", 200e9 } }));
        const EvalResult small
            = evaluate(workloadScenario("chat", { { "nvme_bytes", 0 }, { "host_dram_bytes", 1e9 } }));
        KV_COMPARE_NEAR(big.achievedReuse, 0.99 * big.cacheableReuse, 1e-9);
        QVERIFY(half.achievedReuse < big.achievedReuse);
        QVERIFY(small.achievedReuse < half.achievedReuse);
        QVERIFY(small.warnings & WarnReuseLost);
        QCOMPARE(small.requestedReuse, 0.6);
        // achieved = cacheable share × P(gap ≤ T), T at the bottom of DRAM (Che; offload 1)
        const double placed = small.tiers.hbm.retained + small.tiers.dram.retained + small.tiers.ssd.retained;
        KV_COMPARE_NEAR(
            small.achievedReuse, small.cacheableReuse * -std::expm1(-small.characteristicSeconds.dram / 120), 1e-9);
        KV_COMPARE_NEAR(small.lostReuseBytes, small.cacheDemandBytes - placed, 1e-9);
        KV_CHECK(checkIdentity(small, "reuse lost"));
    }

    void offloadRateLimitsWhatGoesDown()
    {
        // Only the offloaded share of what leaves HBM goes down; the rest is dropped.
        const EvalResult r = evaluate(workloadScenario("chat", { { "offload_rate", 0.25 } }));
        const double leaving = r.cacheDemandBytes - r.tiers.hbm.retained;
        KV_COMPARE_NEAR(r.tiers.dram.retained + r.tiers.ssd.retained, 0.25 * leaving, 1e-9);
        KV_COMPARE_NEAR(r.lostReuseBytes, 0.75 * leaving, 1e-9);
        QVERIFY(r.achievedReuse < 0.6);
        const EvalResult none = evaluate(workloadScenario("chat", { { "offload_rate", 0 } }));
        QCOMPARE(none.tiers.dram.retained, 0.0);
        QCOMPARE(none.tiers.ssd.retained, 0.0);
    }

    void inclusiveTiersCopyIntoDram()
    {
        const EvalResult exclusive = evaluate(workloadScenario("chat"));
        const EvalResult inclusive = evaluate(workloadScenario("chat", { { "inclusive_tiers", true } }));
        QCOMPARE(exclusive.tiers.dram.inclusiveCopies, 0.0);
        // Write-through: DRAM holds the offloaded share (here all) of the pool, so it keeps a
        // copy of the HBM-resident part as well as the part HBM has no room for.
        QVERIFY(inclusive.tiers.hbm.retained > 0);
        const double content = std::min(inclusive.cacheDemandBytes, inclusive.tiers.dram.capacity);
        // One LRU stack: DRAM's copies are the HBM-resident prefixes (offload 1).
        KV_COMPARE_NEAR(inclusive.tiers.dram.inclusiveCopies, inclusive.tiers.hbm.retained, 1e-9);
        KV_COMPARE_NEAR(inclusive.tiers.dram.inclusiveCopies + inclusive.tiers.dram.retained, content, 1e-9);
        // The copies take DRAM room: less of the pool's own share fits below.
        QVERIFY(inclusive.tiers.dram.retained <= exclusive.tiers.dram.retained);
        QVERIFY(inclusive.tiers.dram.used() <= inclusive.tiers.dram.capacity * (1 + 1e-12));
        KV_CHECK(checkIdentity(inclusive, "inclusive"));
    }

    void givenRequestRateSizesThePool()
    {
        // λ derived from throughput, or given: the pool scales with λ and nothing else moves.
        const EvalResult derived = evaluate(workloadScenario("chat"));
        const double lambda = derived.requestRate;
        const EvalResult same = evaluate(workloadScenario("chat", { { "request_rate_per_s", lambda } }));
        QCOMPARE(same.requestRate, lambda);
        QCOMPARE(same.retainedPoolBytes, derived.retainedPoolBytes);
        QCOMPARE(same.achievedReuse, derived.achievedReuse);
        const EvalResult twice = evaluate(workloadScenario("chat", { { "request_rate_per_s", 2 * lambda } }));
        KV_COMPARE_NEAR(twice.retainedPoolBytes, 2 * derived.retainedPoolBytes, 1e-12);
        QCOMPARE(twice.hotSetAllocatedBytes, derived.hotSetAllocatedBytes);
        QCOMPARE(twice.decodeStepSeconds, derived.decodeStepSeconds);
        // No traffic: nothing retained, nothing hit.
        const EvalResult idle = evaluate(workloadScenario("chat", { { "request_rate_per_s", 0 } }));
        QCOMPARE(idle.retainedPoolBytes, 0.0);
        QCOMPARE(idle.achievedReuse, 0.0);
        const Json j = resultToJson(workloadScenario("chat", { { "request_rate_per_s", 3.5 } }),
            evaluate(workloadScenario("chat", { { "request_rate_per_s", 3.5 } })));
        QCOMPARE(j["assumptions"]["request_rate_source"].get<std::string>(), std::string("given"));
        QCOMPARE(j["request_rate_per_s"].get<double>(), 3.5);
        QCOMPARE(
            resultToJson(workloadScenario("chat"), derived)["assumptions"]["request_rate_source"].get<std::string>(),
            std::string("derived"));
    }

    void inclusiveCopiesStayWhenHbmShrinks()
    {
        // More sequences push pool blocks out of HBM; their write-through DRAM copies are
        // still there, now as the pool's own DRAM share: DRAM content does not change.
        const auto at = [](double n) {
            return evaluate(workloadScenario("chat",
                { { "inclusive_tiers", true }, { "offload_rate", 0.5 }, { "concurrency", n },
                    { "host_dram_bytes", 400e9 } }));
        };
        const EvalResult few = at(16), many = at(64);
        QVERIFY(many.tiers.hbm.retained < few.tiers.hbm.retained);
        KV_COMPARE_NEAR(many.tiers.dram.inclusiveCopies + many.tiers.dram.retained,
            few.tiers.dram.inclusiveCopies + few.tiers.dram.retained, 1e-12);
        QVERIFY(many.tiers.dram.retained > few.tiers.dram.retained);
        KV_CHECK(checkIdentity(many, "inclusive, many"));
    }

    void identityAcrossScenarios()
    {
        struct Case {
            const char* what;
            Scenario s;
        };
        const std::vector<Case> cases = {
            { "article", workloadScenario("article") },
            { "chat", workloadScenario("chat") },
            { "mooncake", workloadScenario("mooncake") },
            { "flexgen", workloadScenario("flexgen") },
            { "chat inclusive", workloadScenario("chat", { { "inclusive_tiers", true } }) },
            { "chat tiny dram", workloadScenario("chat", { { "host_dram_bytes", 1e9 }, { "nvme_bytes", 1e9 } }) },
            { "mooncake sharing", workloadScenario("mooncake", { { "sharing", 8 }, { "reuse_distance_s", 100000 } }) },
            { "contiguous",
                scenario(
                    "llama-3.1-70b", { { "context", 1000 }, { "concurrency", 500 }, { "allocation", "contiguous" } }) },
            { "overflow",
                scenario("llama-3.1-405b",
                    { { "context", 131072 }, { "concurrency", 64 }, { "reuse_rate", 0.5 }, { "reuse_distance_s", 60 },
                        { "offload_rate", 1 } }) },
            { "streaming",
                scenario("llama-3.1-405b", { { "context", 131072 }, { "concurrency", 64 }, { "streaming", true } }) },
            { "mla",
                scenario("deepseek-v3",
                    { { "context", 32768 }, { "concurrency", 100 }, { "reuse_rate", 0.7 }, { "reuse_distance_s", 600 },
                        { "offload_rate", 1 } }) },
            { "hybrid",
                scenario("jamba-v0.1",
                    { { "context", 262144 }, { "concurrency", 16 }, { "reuse_rate", 0.9 }, { "reuse_distance_s", 30 },
                        { "offload_rate", 0.5 }, { "tp", 2 } }) },
            { "gemma",
                scenario("gemma-2-27b",
                    { { "context", 8192 }, { "concurrency", 300 }, { "reuse_rate", 0.5 }, { "sharing", 4 },
                        { "reuse_distance_s", 60 }, { "offload_rate", 1 } }) },
            { "gh200",
                scenario("llama-3.1-70b",
                    { { "context", 32768 }, { "concurrency", 4 }, { "reuse_rate", 0.8 }, { "reuse_distance_s", 3600 },
                        { "offload_rate", 1 } },
                    "gh200") },
        };
        for (const auto& c : cases) {
            const EvalResult r = evaluate(c.s);
            KV_CHECK(checkIdentity(r, QString::fromUtf8(c.what)));
        }
    }

    void rollUpPerGpuServerFleet()
    {
        // TP 4 on an 8-GPU server: two replicas per server; a fleet of 3 servers.
        const EvalResult r = evaluate(scenario("llama-3.1-70b",
            { { "context", 32768 }, { "concurrency", 8 }, { "tp", 4 }, { "reuse_rate", 0.5 },
                { "reuse_distance_s", 600 }, { "offload_rate", 1 }, { "servers", 3 } }));
        QCOMPARE(r.tp, 4);
        QCOMPARE(r.replicasPerServer, 2.0);
        QCOMPARE(r.perGpu.hbm, r.tiers.hbm.used() / 4);
        QCOMPARE(r.perGpu.dram, r.tiers.dram.used() / 4);
        QCOMPARE(r.perGpu.ssd, r.tiers.ssd.used() / 4);
        QCOMPARE(r.perServer.hbm, 2 * r.tiers.hbm.used());
        QCOMPARE(r.perServer.dram, 2 * r.tiers.dram.used());
        QCOMPARE(r.perServer.ssd, 2 * r.tiers.ssd.used());
        QCOMPARE(r.fleetServers, 3.0);
        QCOMPARE(r.fleetGpus, 24.0);
        QCOMPARE(r.fleet.hbm, 3 * r.perServer.hbm);
        QCOMPARE(r.fleet.dram, 3 * r.perServer.dram);
        QCOMPARE(r.fleet.ssd, 3 * r.perServer.ssd);
        QVERIFY(r.perServer.dram > 0);
        // Per-replica capacity is the replica's share of the server.
        QCOMPARE(r.tiers.dram.capacity, 2048e9 * 0.8 / 2);
        QCOMPARE(r.tiers.ssd.capacity, 30.72e12 / 2);
    }

    void gpusPerServerOverride()
    {
        // The GUI's advanced knob: a 4-GPU server halves DRAM per GPU share at the same TP.
        const EvalResult r
            = evaluate(scenario("llama-3.1-70b", { { "gpus_per_server", 4 }, { "tp", 4 }, { "context", 4096 } }));
        QCOMPARE(r.replicasPerServer, 1.0);
        QCOMPARE(r.tiers.dram.capacity, 2048e9 * 0.8);
        QCOMPARE(r.perServer.hbm, r.tiers.hbm.used());
    }
};

QTEST_APPLESS_MAIN(TestPlacement)
#include "tst_placement.moc"
