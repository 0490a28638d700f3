// What the prefix cache admits (docs/model.md §4.5). The closed form (PrefixCache.h) against
// the trace engine's exact LRU curve on the shipped Mooncake conversation trace, and a
// seen-twice cache simulated here block by block on the same trace; the chat workload's
// hit rate on 1 TiB of DRAM; SSD writes and drive writes per day for both tier modes.

#include "core/catalog/CardCatalog.h"
#include "core/model/Evaluation.h"
#include "core/model/PrefixCache.h"
#include "core/model/Warnings.h"
#include "core/report/ResultJson.h"
#include "core/trace/TraceAnalysis.h"
#include "core/trace/TraceReader.h"
#include "tests/support/TestSupport.h"

#include <QtTest>

#include <cmath>
#include <list>
#include <unordered_map>
#include <unordered_set>

using namespace kvtiers;
using namespace kvtiers::test;
using namespace kvtiers::trace;

namespace {

std::string shippedTrace()
{
    const QString env = qEnvironmentVariable("KVTIERS_SOURCE_DIR");
    const QString root
        = env.isEmpty() ? QFileInfo(QStringLiteral(__FILE__)).absolutePath() + QStringLiteral("/../..") : env;
    return QString(root + QStringLiteral("/tests/data/traces/mooncake-conversation.jsonl")).toStdString();
}

/// The shipped trace, analysed once, with every reference kept for the simulations here.
struct Shipped {
    TraceAnalysis analysis;
    std::vector<std::uint64_t> references; ///< block keys in request order, head first
    double reusedBlocks = 0;               ///< distinct blocks referenced more than once
};

const Shipped& shipped()
{
    static const Shipped s = [] {
        Shipped out;
        auto reader = TraceReader::open(shippedTrace());
        out.analysis = analyzeTrace(*reader, {});
        auto again = TraceReader::open(shippedTrace());
        TraceRequest req;
        std::unordered_map<std::uint64_t, int> seen;
        while (again->next(req))
            for (const auto key : req.blockKeys) {
                out.references.push_back(key);
                if (++seen[key] == 2)
                    ++out.reusedBlocks;
            }
        return out;
    }();
    return s;
}

/// The closed form fed with what the trace measures: its request rate, its blocks per
/// request (one byte per block), the share of references that are reuses and the reuse-gap
/// table; the capacity in blocks sits in `tier` (HBM, or DRAM below it).
double closedForm(const TraceAnalysis& a, CacheAdmission admission, double k, double capacity, Tier tier)
{
    WorkloadParams w;
    for (const ReuseGapPoint& p : a.reuseGapCdf())
        if (p.seconds > 0)
            w.reuseGapCdf.push_back({ p.seconds, p.share });
    const ReuseGaps gaps(w);
    const double r = a.blockHitRatioInfinite();
    const double blocksPerRequest = static_cast<double>(a.blockReferences) / static_cast<double>(a.requests);
    const double lambda = static_cast<double>(a.requests) / a.durationSeconds();
    const CacheStreams all = admittedStreams(CacheAdmission::All, r * blocksPerRequest, blocksPerRequest, k);
    const CacheStreams lower = admittedStreams(admission, r * blocksPerRequest, blocksPerRequest, k);
    PerTier<double> room;
    room[tier] = capacity;
    return r * lruPrefixCache(gaps, lambda, all, lower, 1, false, room).hitShare();
}

/// A seen-twice LRU cache of `capacity` blocks, simulated reference by reference: a block
/// is stored at its second sighting (a set of keys stands for the ghost entries).
double seenTwiceExact(const std::vector<std::uint64_t>& refs, std::size_t capacity)
{
    std::list<std::uint64_t> order; // most recent first
    std::unordered_map<std::uint64_t, std::list<std::uint64_t>::iterator> where;
    std::unordered_set<std::uint64_t> ghosts;
    double hits = 0;
    for (const auto key : refs) {
        if (auto it = where.find(key); it != where.end()) {
            ++hits;
            order.splice(order.begin(), order, it->second);
            continue;
        }
        if (ghosts.insert(key).second)
            continue; // first sighting: a ghost entry, no KV
        order.push_front(key);
        where[key] = order.begin();
        if (order.size() > capacity) {
            where.erase(order.back());
            order.pop_back();
        }
    }
    return hits / static_cast<double>(refs.size());
}

Scenario chatOnOneTiB(const Json& extra = Json::object())
{
    Json o = { { "host_dram_bytes", 1099511627776.0 }, { "nvme_bytes", 0 } };
    for (const auto& [k, v] : extra.items())
        o[k] = v;
    return scenario({}, o, {}, "chat");
}

} // namespace

class TestAdmission : public QObject {
    Q_OBJECT
private slots:
    void closedFormTracksTheExactLruCurve()
    {
        // Every block is stored (admission all). Per reference the cache holds a block
        // min(gap to the next reference, T): with r the share of references that are
        // reuses, occupancy = λ m (r E[min(G, T)] + (1 − r) T) blocks, and the hit ratio is
        // r F(T). On the Mooncake conversation trace (12,031 requests, 288,500 references,
        // r = 0.3664) it lands within 0.5 points of the exact curve everywhere. The
        // tolerance is Che's approximation itself (it treats each block's references as
        // independent of the others' — Fricker et al., ITC 24, give errors of this order)
        // plus the gap table's 26%-wide bins, read linearly between edges. The previous
        // form, which charged T to every reuse and nothing to blocks never reused (exact
        // only when every block is used exactly twice), is off by up to 4 points here.
        const TraceAnalysis& a = shipped().analysis;
        KV_COMPARE_NEAR(a.blockHitRatioInfinite(), 105710.0 / 288500.0, 1e-12);
        const double tolerance = 0.005;
        double worstOld = 0;
        for (double c : { 500.0, 1000.0, 2000.0, 4000.0, 8000.0, 16000.0, 31000.0, 60000.0 }) {
            const double exact = a.blockHitRatio(c);
            const double model = closedForm(a, CacheAdmission::All, 1, c, Tier::Hbm);
            QVERIFY2(std::fabs(model - exact) <= tolerance,
                qPrintable(QStringLiteral("%1 blocks: closed form %2, exact %3").arg(c).arg(model).arg(exact)));
            // The previous form: every block used twice (b_next = b_last = r m).
            WorkloadParams w;
            for (const ReuseGapPoint& p : a.reuseGapCdf())
                if (p.seconds > 0)
                    w.reuseGapCdf.push_back({ p.seconds, p.share });
            const double r = a.blockHitRatioInfinite();
            const double m = static_cast<double>(a.blockReferences) / static_cast<double>(a.requests);
            const CacheStreams twice { r * m, r * m };
            const double old = r
                * lruPrefixCache(ReuseGaps(w), static_cast<double>(a.requests) / a.durationSeconds(), twice, twice, 1,
                    false, { c, 0, 0 })
                      .hitShare();
            worstOld = std::max(worstOld, std::fabs(old - exact));
        }
        QVERIFY2(worstOld > 0.03, qPrintable(QString::number(worstOld)));
    }

    void seenTwiceAgainstASimulation()
    {
        // Below HBM, seen-twice admission stores a block at its second sighting. A reused
        // block is reused k = 105,710 / 44,144 = 2.39 times on this trace; its first reuse
        // always misses, so at most (1 − 1/k) of the reuses hit. The closed form against the
        // simulation above: within 2.5 points from 2,000 blocks up (at 1,000 blocks it
        // reads 0.038 against 0.057: the closed form gives every reuse the same gap
        // distribution, while later reuses in a conversation come sooner than first ones).
        const Shipped& s = shipped();
        const double k = static_cast<double>(s.analysis.reuseReferences) / s.reusedBlocks;
        KV_COMPARE_NEAR(s.reusedBlocks, 44144.0, 1e-12);
        KV_COMPARE_NEAR(k, 105710.0 / 44144.0, 1e-12);
        for (std::size_t c : { 2000u, 4000u, 8000u, 16000u, 31000u }) {
            const double exact = seenTwiceExact(s.references, c);
            const double model
                = closedForm(s.analysis, CacheAdmission::SeenTwice, k, static_cast<double>(c), Tier::Dram);
            QVERIFY2(std::fabs(model - exact) <= 0.025,
                qPrintable(QStringLiteral("%1 blocks: closed form %2, simulated %3").arg(c).arg(model).arg(exact)));
        }
        // With room for everything, seen-twice keeps (1 − 1/k) of the ceiling; all keeps it all.
        const double big = 1e7;
        KV_COMPARE_NEAR(seenTwiceExact(s.references, static_cast<std::size_t>(big)),
            s.analysis.blockHitRatioInfinite() * (1 - 1 / k), 1e-12);
    }

    void chatOnOneTebibyteOfDram()
    {
        // Llama 3.1 8B on an H100 (TP 1), 3,584-token prompts, 60% of them a reusable prefix;
        // 1 TiB of DRAM per 8-GPU server (110 GB usable per GPU), no NVMe. Prompt lengths
        // vary around the mean, so where a run ends inside its last 16-token block is spread
        // evenly over 0 … 15 and its whole blocks hold (16 − 1) / 2 = 7.5 tokens fewer than
        // it on average: stored 3,584 − 7.5 = 3,576.5 tokens per request (floor at exactly
        // 3,584 gave 224 blocks, 3,584), cacheable prefix 0.6 × 3,584 − 7.5 = 2,150.4 − 7.5
        // = 2,142.9 (floor gave 134 blocks, 2,144). The previous form gave 0.260 here.
        // Admission `all` stores the 1,433.6 tokens (about 90 blocks) nobody reuses, but a reused block's last use
        // only keeps it T once, not at every reuse: with r = 0.598 > 1/2 that is the fewer
        // bytes, and the hit rate rises. (The audit's 0.18 adds b_n T to the previous
        // λ b (E[min] + T) and counts the 512 output tokens too: 1,952 tokens never
        // reused; both double-count.) The figure is checked against the formula solved here.
        const Scenario s = chatOnOneTiB();
        const EvalResult r = evaluate(s);
        QCOMPARE(r.storedPromptTokens, 3576.5);
        QCOMPARE(r.cacheablePrefixTokens, 2142.9);
        const double b = 2142.9 * 131072, stored = 3576.5 * 131072, D = 120;
        const double cap = r.tiers.hbm.retained / 1 + r.tiers.dram.retained; // TP 1: bytes per GPU
        auto occupancy = [&](double T) { return r.requestRate * (b * D * (1 - std::exp(-T / D)) + (stored - b) * T); };
        double lo = 0, hi = D * std::log(100.0);
        for (int i = 0; i < 200; ++i)
            (occupancy(0.5 * (lo + hi)) < cap ? lo : hi) = 0.5 * (lo + hi);
        const double expected = r.cacheableReuse * (1 - std::exp(-lo / D));
        KV_COMPARE_NEAR(r.achievedReuse, expected, 1e-6);
        // 0.2916 (0.3052 before prefill counted the blocks' FLOPs and the H100's measured MFU:
        // a faster prefill serves more requests, which share the same DRAM; 0.3048 with floor
        // at one length).
        KV_COMPARE_NEAR(r.achievedReuse, 0.2916, 1e-3); // against 0.260 before
        // Seen-twice below HBM, with the fewest reuses r allows (k = 0.6 / 0.4 = 1.5): a
        // third of the DRAM tier's reuses can hit, so it holds fewer useful blocks.
        const Scenario s2 = chatOnOneTiB({ { "cache_admission", "seen-twice" } });
        const EvalResult r2 = evaluate(s2);
        QCOMPARE(resultToJson(s2, r2)["assumptions"]["reuses_per_block"].get<double>(), 0.6 / 0.4);
        QVERIFY(r2.hitShare.dram < r.hitShare.dram);
        // k = 1: every reused block is reused once, and seen-twice never hits below HBM.
        const EvalResult r3
            = evaluate(chatOnOneTiB({ { "cache_admission", "seen-twice" }, { "reuses_per_block", 1 } }));
        QCOMPARE(r3.hitShare.dram, 0.0);
        QCOMPARE(r3.hitShare.ssd, 0.0);
        QVERIFY(r3.hitShare.hbm > 0);
    }

    void admissionKnobReadsAndRefuses()
    {
        const Scenario s = scenario({}, { { "cache_admission", "seen-twice" } }, {}, "chat");
        QVERIFY(s.workload.cacheAdmission == CacheAdmission::SeenTwice);
        QCOMPARE(resultToJson(s, evaluate(s))["assumptions"]["cache_admission"].get<std::string>(),
            std::string("seen-twice"));
        KV_CHECK(expectInputError(
            [] {
                scenario({}, { { "cache_admission", "twice" } }, {}, "chat");
            },
            { "cache_admission", "twice" }));
        KV_CHECK(expectInputError(
            [] {
                scenario({}, { { "reuses_per_block", 0.5 } }, {}, "chat");
            },
            { "reuses_per_block" }));
    }

    void ssdWritesFollowTheTierMode()
    {
        // Exclusive demotion writes what DRAM evicts to the SSD: per reference, the reuses
        // whose gap exceeds T_D and every block's last reference:
        //   writes per GPU = λ o (b (1 − F(T_D)) + (stored − b)).
        // Write-through (inclusive) writes every stored block that a request did not find:
        //   λ o (stored − b × hit share).
        // Per server × 8 GPUs; drive writes per day = bytes/s × 86,400 ÷ NVMe bytes.
        // Whole blocks per request, on average (16-token blocks, 7.5 tokens short of each run):
        // b = 0.6 × 3,584 − 7.5 = 2,142.9 tokens reused, stored = 3,584 − 7.5 = 3,576.5.
        const Scenario s = workloadScenario("chat");
        const EvalResult r = evaluate(s);
        const double b = 2142.9 * 131072, stored = 3576.5 * 131072, D = 120;
        const double F = 1 - std::exp(-r.characteristicSeconds.dram / D);
        const double perGpu = r.requestRate * 1.0 * (b * (1 - F) + (stored - b));
        KV_COMPARE_NEAR(r.ssdWriteBytesPerSecond, 8 * perGpu, 1e-9);
        KV_COMPARE_NEAR(r.ssdDriveWritesPerDay, r.ssdWriteBytesPerSecond * 86400 / 30.72e12, 1e-12);
        const Json j = resultToJson(s, r);
        QCOMPARE(j["ssd_write_bytes_per_s"].get<double>(), r.ssdWriteBytesPerSecond);
        QCOMPARE(j["nvme_dwpd_rating"].get<double>(), 1.0); // PM1733 class, 1 DWPD over 5 years

        const Scenario si = scenario({}, { { "inclusive_tiers", true } }, {}, "chat");
        const EvalResult ri = evaluate(si);
        const double hitShare = ri.hitShare.hbm + ri.hitShare.dram + ri.hitShare.ssd;
        KV_COMPARE_NEAR(ri.ssdWriteBytesPerSecond, 8 * ri.requestRate * (stored - b * hitShare), 1e-9);
        // With DRAM for everything the cache wants, exclusive demotion evicts nothing to the
        // SSD, while write-through still writes every block it stores.
        const Json roomy = { { "host_dram_bytes", 200e12 } };
        QCOMPARE(evaluate(workloadScenario("chat", roomy)).ssdWriteBytesPerSecond, 0.0);
        Json roomyInclusive = roomy;
        roomyInclusive["inclusive_tiers"] = true;
        QVERIFY(evaluate(workloadScenario("chat", roomyInclusive)).ssdWriteBytesPerSecond > 0);

        // No NVMe: nothing is written.
        QCOMPARE(evaluate(chatOnOneTiB()).ssdWriteBytesPerSecond, 0.0);
    }

    void mooncakeWearsItsDrivesAboveTheRating()
    {
        // kvtiers' Mooncake scenario (Llama 70B at TP 8 on 8 × A800, 7,955-token prompts,
        // half reused, 300 s reuse distance, every block offloaded): the SSD tier takes
        // DRAM's evictions, several drive writes per day against read-intensive drives
        // rated 1 DWPD (random 4 KB writes over 5 years). Warned about.
        const Scenario s = workloadScenario("mooncake");
        const EvalResult r = evaluate(s);
        // Drive writes per day = the server's write rate over a day / its NVMe bytes. The
        // server is one TP 8 replica, so it writes λ × 327,680 B × (b (1 − F(T_D)) + (stored −
        // b)) per second, with whole blocks per request counted as their expectation (16-token
        // blocks, 7.5 tokens short of each run on average): b = 0.5 × 7,955 − 7.5 = 3,970
        // tokens reused, stored = 7,955 − 7.5 = 7,947.5 (floor at one length: 3,968 and
        // 7,952). The 3,977.5 tokens never reused (floor: 3,984) write at every request and
        // are most of it: 6.35 drive writes per day (6.11 before prefill counted only the
        // blocks' FLOPs at the measured MFU, which raises each replica's rate; 7.72 before it
        // counted the TP all-reduces; the audit said "about 7").
        const double b = 3970.0, stored = 7947.5, D = 300;
        const double F = 1 - std::exp(-r.characteristicSeconds.dram / D);
        KV_COMPARE_NEAR(r.ssdWriteBytesPerSecond, r.requestRate * 327680 * (b * (1 - F) + (stored - b)), 1e-9);
        KV_COMPARE_NEAR(r.ssdDriveWritesPerDay, r.ssdWriteBytesPerSecond * 86400 / s.hardware.nvmeBytes, 1e-9);
        KV_COMPARE_NEAR(r.ssdDriveWritesPerDay, 6.352, 1e-3);
        QVERIFY(r.warnings & WarnSsdWearAboveRating);
        bool named = false;
        for (const std::string& m : warningMessages(s, r))
            named |= m.find("drive writes per day") != std::string::npos && m.find("rated 1") != std::string::npos;
        QVERIFY(named);
        // A rating above the rate: no warning.
        const Scenario ok = scenario({}, { { "nvme_bytes", 30.72e12 } }, {}, "mooncake");
        Scenario relaxed = ok;
        relaxed.hardware.nvmeDwpd = r.ssdDriveWritesPerDay * 1.01;
        QVERIFY(!(evaluate(relaxed).warnings & WarnSsdWearAboveRating));
    }

    void dwpdBasisIsRequiredWithARating()
    {
        const auto& cards = CardCatalog::builtin().hardware();
        Json card = cards.at("h100-sxm").toJson();
        card["server"].erase("nvme_dwpd_basis");
        KV_CHECK(expectInputError([&] { parseHardwareCard(card, "card.json"); }, { "nvme_dwpd_basis" }));
        card = cards.at("h100-sxm").toJson();
        card["server"]["nvme_dwpd_basis"]["workload"] = "mixed";
        KV_CHECK(expectInputError([&] { parseHardwareCard(card, "card.json"); }, { "workload", "random-4k" }));
        // Every built-in card states its rating and what it assumes.
        for (const auto& [id, h] : cards)
            QVERIFY2(h.nvmeDwpd > 0 && !h.nvmeDwpdBasis.source.empty(), id.c_str());
    }
};

QTEST_GUILESS_MAIN(TestAdmission)
#include "tst_admission.moc"
