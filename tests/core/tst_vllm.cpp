// vLLM's KV allocator as kvtiers models it: the block math, the startup-log
// reader and the comparison. The worked example: Llama 3.1 70B, BF16,
// TP 1, block 16, 40 GiB for KV → 8,192 blocks, 131,072 tokens, 1.00x at 131,072 tokens.

#include "core/cards/HfConfig.h"
#include "core/io/InputError.h"
#include "core/io/Units.h"
#include "core/model/VllmCheck.h"
#include "core/model/VllmComparison.h"
#include "core/model/VllmLogSetup.h"
#include "tests/support/TestSupport.h"

using namespace kvtiers;
using namespace kvtiers::test;

namespace {

const ModelCard& card(const std::string& id)
{
    return CardCatalog::builtin().models().at(id);
}

VllmSetup setup(double kvBytes, int tp = 1, double context = 131072, double bits = 16)
{
    VllmSetup s;
    s.kv = KvFormat { bits, 0 };
    s.tp = tp;
    s.blockSize = 16;
    s.context = context;
    s.kvMemoryBytes = kvBytes;
    return s;
}

std::string dataText(const QString& name)
{
    return readInputFile(QFINDTESTDATA(QStringLiteral("data/") + name).toStdString());
}

QString logError(const std::string& text)
{
    try {
        parseVllmLog(text, "vllm.log");
    } catch (const InputError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

InputErrorDetail logErrorDetail(const std::string& text)
{
    try {
        parseVllmLog(text, "vllm.log");
    } catch (const InputError& e) {
        return e.detail();
    }
    return {};
}

InputErrorDetail setupErrorDetail(const VllmSetup& s)
{
    try {
        predictVllm(card("llama-3.1-70b"), s);
    } catch (const InputError& e) {
        return e.detail();
    }
    return {};
}

std::vector<VllmSentence::Kind> kinds(const VllmComparison& c)
{
    std::vector<VllmSentence::Kind> out;
    for (const auto& s : c.sentences)
        out.push_back(s.kind);
    return out;
}

const VllmLayerKind& kind(const VllmPrediction& p, const std::string& k)
{
    for (const auto& x : p.kinds)
        if (x.kind == k)
            return x;
    throw std::runtime_error("no kind " + k);
}

} // namespace

class TestVllm : public QObject {
    Q_OBJECT
private slots:
    void workedExampleLlama70b()
    {
        const VllmPrediction p = predictVllm(card("llama-3.1-70b"), setup(40 * GiB));
        // page = 16 tokens × 8 heads × (128 + 128) × 2 B = 65,536 B per layer; × 80 layers
        QCOMPARE(p.kinds.size(), size_t(1));
        QCOMPARE(p.kinds[0].pageBytes, 65536.0);
        QCOMPARE(p.bytesPerBlock, 5242880.0);
        QCOMPARE(p.numBlocks, 8192.0);        // 40 GiB // (65,536 × 80)
        QCOMPARE(p.tokens, 131072.0);         // "GPU KV cache size: 131,072 tokens"
        QCOMPARE(p.blocksPerRequest, 8192.0); // cdiv(131,072, 16)
        QCOMPARE(p.maxConcurrency, 1.0);      // "Maximum concurrency for 131,072 tokens per request: 1.00x"
        QVERIFY(!p.hybrid);
        // The imported config.json gives the same.
        const std::string path = QFINDTESTDATA("data/hf/llama-3.1-70b.json").toStdString();
        const ModelCard imported = importHfConfig(parseStrictJson(readInputFile(path), path), path);
        const VllmPrediction q = predictVllm(imported, setup(40 * GiB));
        QCOMPARE(q.numBlocks, 8192.0);
        QCOMPARE(q.tokens, 131072.0);
        QCOMPARE(q.maxConcurrency, 1.0);
    }

    void blocksRoundDownAndRequestsRoundUp()
    {
        // One byte short of 8,192 blocks: 8,191. A context one token past a block: one more block.
        const VllmPrediction p = predictVllm(card("llama-3.1-70b"), setup(40 * GiB - 1, 1, 131073));
        QCOMPARE(p.numBlocks, 8191.0);
        QCOMPARE(p.blocksPerRequest, 8193.0);
        QCOMPARE(p.maxConcurrency, 8191.0 / 8193.0);
    }

    void tensorParallelSplitsHeads()
    {
        // TP 8: one KV head per GPU, page 16 × 1 × 256 × 2 = 8,192 B per layer.
        const VllmPrediction p = predictVllm(card("llama-3.1-70b"), setup(40 * GiB, 8));
        QCOMPARE(p.kinds[0].pageBytes, 8192.0);
        QCOMPARE(p.numBlocks, 65536.0);
        QCOMPARE(p.tokens, 1048576.0);
        QCOMPARE(p.maxConcurrency, 8.0);
        // TP 16 > 8 KV heads: heads replicated, same page as TP 8.
        QCOMPARE(predictVllm(card("llama-3.1-70b"), setup(40 * GiB, 16)).kinds[0].pageBytes, 8192.0);
    }

    void fp8HalvesThePage()
    {
        const VllmPrediction p = predictVllm(card("llama-3.1-70b"), setup(40 * GiB, 1, 131072, 8));
        QCOMPARE(p.tokens, 262144.0);
        QCOMPARE(p.maxConcurrency, 2.0);
    }

    void mlaPageIsTheLatentOnEveryRank()
    {
        // DeepSeek-V3 at TP 8: 16 × 576 × 2 = 18,432 B per layer on every GPU, 61 layers.
        const VllmPrediction p = predictVllm(card("deepseek-v3"), setup(40 * GiB, 8, 163840));
        QCOMPARE(p.kinds[0].kind, std::string("mla"));
        QCOMPARE(p.kinds[0].pageBytes, 18432.0);
        QCOMPARE(p.bytesPerBlock, 18432.0 * 61);
        QCOMPARE(p.numBlocks, std::floor(40 * GiB / (18432.0 * 61)));
        QCOMPARE(p.tokens, p.numBlocks * 16);
        QCOMPARE(p.blocksPerRequest, 10240.0);
    }

    void mistralAllSlidingIsOneGroup()
    {
        // Every layer slides with one window: one group; a request keeps
        // cdiv(min(C, 4096 − 1 + 16), 16) = 257 blocks past the window, cdiv(C, 16) below it.
        const VllmPrediction above = predictVllm(card("mistral-7b-v0.1"), setup(8 * GiB, 1, 32768));
        QVERIFY(!above.hybrid);
        QCOMPARE(above.blocksPerRequest, 257.0);
        QCOMPARE(above.numBlocks, std::floor(8 * GiB / (32 * 16 * 8 * 256 * 2.0)));
        const VllmPrediction below = predictVllm(card("mistral-7b-v0.1"), setup(8 * GiB, 1, 2000));
        QCOMPARE(below.blocksPerRequest, 125.0);
    }

    void gemma2HybridGroups()
    {
        // 23 sliding + 23 full layers with equal pages: two KV-cache groups of 23 layers, one pool.
        const VllmPrediction p = predictVllm(card("gemma-2-27b"), setup(10 * GiB, 1, 8192));
        QVERIFY(p.hybrid);
        QCOMPARE(p.groupSize, std::int64_t(23));
        QCOMPARE(p.kvCacheGroups, std::int64_t(2));
        QCOMPARE(p.paddingLayers, std::int64_t(0));
        QCOMPARE(p.bytesPerBlock, 16 * 16 * 256 * 2.0 * 23);  // 3,014,656
        QCOMPARE(p.numBlocks, 3561.0);                        // floor(10 GiB / 3,014,656)
        QCOMPARE(p.tokens, 1780.0 * 16);                      // num_blocks // 2 groups × 16
        QCOMPARE(kind(p, "full").blocksPerRequest, 512.0);    // cdiv(8192, 16)
        QCOMPARE(kind(p, "sliding").blocksPerRequest, 257.0); // cdiv(4095 + 16, 16)
        QCOMPARE(p.blocksPerRequest, 769.0);
        QCOMPARE(p.maxConcurrency, 3561.0 / 769.0);
        // Below the window both groups hold the whole context.
        const VllmPrediction short_ = predictVllm(card("gemma-2-27b"), setup(10 * GiB, 1, 2048));
        QCOMPARE(kind(short_, "sliding").blocksPerRequest, 128.0);
        QCOMPARE(short_.blocksPerRequest, 256.0);
    }

    void gemma3GroupsArePadded()
    {
        // 52 sliding + 10 full: groups of 10 layers; sliding needs 6 groups (8 padding slots).
        const std::string path = QFINDTESTDATA("data/hf/gemma-3-27b-it.json").toStdString();
        const ModelCard m = importHfConfig(parseStrictJson(readInputFile(path), path), path);
        const VllmPrediction p = predictVllm(m, setup(20 * GiB, 1, 32768));
        QCOMPARE(p.groupSize, std::int64_t(10));
        QCOMPARE(kind(p, "sliding").groups, std::int64_t(6));
        QCOMPARE(kind(p, "full").groups, std::int64_t(1));
        QCOMPARE(p.kvCacheGroups, std::int64_t(7));
        QCOMPARE(p.paddingLayers, std::int64_t(8));
        QCOMPARE(p.bytesPerBlock, 131072.0 * 10);
        QCOMPARE(p.blocksPerRequest, 6 * 65.0 + 2048.0); // sliding cdiv(1023 + 16, 16) = 65
    }

    void gptOssNearlyEqualGroupsUseTheLargerSize()
    {
        // 18 + 18 layers: equal counts, one group per kind.
        const std::string path = QFINDTESTDATA("data/hf/gpt-oss-120b.json").toStdString();
        const ModelCard m = importHfConfig(parseStrictJson(readInputFile(path), path), path);
        const VllmPrediction p = predictVllm(m, setup(40 * GiB, 1, 131072));
        QCOMPARE(p.groupSize, std::int64_t(18));
        QCOMPARE(p.kvCacheGroups, std::int64_t(2));
        QCOMPARE(kind(p, "sliding").blocksPerRequest, 9.0); // cdiv(127 + 16, 16)
        QCOMPARE(p.blocksPerRequest, 8192.0 + 9.0);
    }

    void llama4ChunkedIsBudgetedAsOneChunkWindow()
    {
        // Llama 4 Scout: 12 full + 36 chunked (8192) layers. The chunked layers are budgeted
        // like a sliding window of one chunk for now: 36 = 3 groups of 12 beside the full one.
        const VllmPrediction p = predictVllm(card("llama-4-scout"), setup(40 * GiB, 8, 131072));
        QVERIFY(p.hybrid);
        QCOMPARE(p.groupSize, std::int64_t(12));
        QCOMPARE(kind(p, "sliding").groups, std::int64_t(3));
        QCOMPARE(kind(p, "sliding").window, 8192.0);
        QCOMPARE(kind(p, "sliding").blocksPerRequest, 513.0); // cdiv(8191 + 16, 16)
        QCOMPARE(kind(p, "full").blocksPerRequest, 8192.0);   // cdiv(131072, 16)
        QCOMPARE(p.blocksPerRequest, 3 * 513.0 + 8192.0);
    }

    void jambaStatePagesAreUnified()
    {
        // Attention page at block 16: 65,536 B < state 311,296 B, so the attention block grows
        // to 80 tokens (327,680 B) and the state page is padded to it. Groups of 4 layers:
        // 1 attention group + 7 state groups.
        const VllmPrediction p = predictVllm(card("jamba-v0.1"), setup(20 * GiB, 1, 65536));
        QVERIFY(p.hybrid);
        QCOMPARE(kind(p, "full").blockSize, 80);
        QCOMPARE(kind(p, "full").pageBytes, 327680.0);
        QCOMPARE(kind(p, "state").realPageBytes, 311296.0);
        QCOMPARE(kind(p, "state").pageBytes, 327680.0);
        QCOMPARE(p.groupSize, std::int64_t(4));
        QCOMPARE(p.kvCacheGroups, std::int64_t(8));
        QCOMPARE(p.numBlocks, std::floor(20 * GiB / (327680.0 * 4)));
        QCOMPARE(p.tokens, std::floor(p.numBlocks / 8) * 80);
        QCOMPARE(p.blocksPerRequest, 820.0 + 7.0); // cdiv(65536, 80) + one page per state group
        QVERIFY(!p.notes.empty());
    }

    void kvMemoryFromUtilisation()
    {
        const auto& hw = CardCatalog::builtin().hardware().at("h200-sxm");
        const ModelCard& m = card("llama-3.1-70b");
        const double weightsPerGpu = m.paramsTotal * 2 / 8;
        QCOMPARE(vllmKvMemory(m, hw, 0.9, 8, 0, 16), 0.9 * hw.hbmBytes - weightsPerGpu);
        QCOMPARE(vllmKvMemory(m, hw, 0.9, 8, 2 * GiB, 16), 0.9 * hw.hbmBytes - weightsPerGpu - 2 * GiB);
        QVERIFY(vllmKvMemory(m, hw, 0.9, 1, 0, 16) < 0); // 141 GB of weights do not fit one H200
        bool threw = false;
        try {
            predictVllm(m, setup(vllmKvMemory(m, hw, 0.9, 1, 0, 16)));
        } catch (const InputError& e) {
            threw = QString(e.what()).contains("no memory left for the KV cache");
        }
        QVERIFY(threw);
    }

    void parsesARealisticLog()
    {
        const VllmLog log = parseVllmLog(dataText("vllm/llama-3.1-70b-tp8-h200.log"), "h200.log");
        QCOMPARE(*log.kvCacheTokens, 2530464.0);
        QCOMPARE(*log.concurrencyTokens, 131072.0);
        QCOMPARE(*log.concurrency, 19.31);
        QCOMPARE(*log.availableKvBytes, 96.53 * GiB);
        QCOMPARE(log.kvCacheLine, 14);
        QCOMPARE(log.concurrencyLine, 15);
        QCOMPARE(log.availableLine, 13);
        QVERIFY(!log.gpuBlocks);
    }

    void logToleratesPrefixesCommasAndMissingLines()
    {
        const VllmLog a = parseVllmLog("GPU KV cache size: 131072 tokens", "x");
        QCOMPARE(*a.kvCacheTokens, 131072.0);
        QVERIFY(!a.concurrency);
        const VllmLog b = parseVllmLog("junk\r\nINFO 11-29 12:00:00 [kv_cache_utils.py:1234] Maximum concurrency for "
                                       "131,072 tokens per request: 1.00x\r\n",
            "x");
        QCOMPARE(*b.concurrencyTokens, 131072.0);
        QCOMPARE(*b.concurrency, 1.0);
        QCOMPARE(b.concurrencyLine, 2);
        QVERIFY(!b.kvCacheTokens);
        // vLLM v0 printed blocks instead of tokens.
        const VllmLog c = parseVllmLog(
            "INFO 05-13 23:28:53 [executor_base.py:112] # cpu blocks: 512, # GPU blocks: 8192\n"
            "INFO 05-13 23:28:53 [executor_base.py:117] Maximum concurrency for 131072 tokens per request: 1.00x",
            "x");
        QCOMPARE(*c.gpuBlocks, 8192.0);
        // Restarts: the last figure wins.
        const VllmLog d = parseVllmLog("GPU KV cache size: 1,000 tokens\nGPU KV cache size: 2,000 tokens\n", "x");
        QCOMPARE(*d.kvCacheTokens, 2000.0);
        QCOMPARE(d.kvCacheLine, 2);
    }

    void logErrorsNameTheLine()
    {
        QVERIFY2(logError("a\nb\nINFO GPU KV cache size: lots of tokens\n")
                     .startsWith("vllm.log:3: cannot read the token count"),
            qPrintable(logError("a\nb\nINFO GPU KV cache size: lots of tokens\n")));
        QVERIFY(logError("Maximum concurrency for 8,192 tokens per request: many")
                    .startsWith("vllm.log:1: cannot read the concurrency"));
        QVERIFY(logError("x\nAvailable KV cache memory: 3 parsecs").startsWith("vllm.log:2: cannot read the memory"));
        QVERIFY(logError("nothing about KV here\n").contains("found no \"GPU KV cache size: N tokens\""));
        QVERIFY(logError("").contains("found no"));
    }

    void comparisonAgreesWithTheLogsOwnMemory()
    {
        // With vLLM's own "Available KV cache memory", the block math lands on its figures.
        const VllmLog log = parseVllmLog(dataText("vllm/llama-3.1-70b-tp8-h200.log"), "h200.log");
        VllmSetup s = setup(*log.availableKvBytes, 8, 0);
        const VllmComparison c = compareWithVllm(card("llama-3.1-70b"), s, log);
        QVERIFY2(c.agrees, c.explanation.c_str());
        QCOMPARE(c.predicted.tokens, 2530464.0);
        QCOMPARE(c.predicted.context, 131072.0); // taken from the log's concurrency line
        QCOMPARE(*c.tokensDiffPercent, 0.0);
        QCOMPARE(std::round(c.predicted.maxConcurrency * 100) / 100, 19.31);
        QVERIFY(c.explanation.find("matches") != std::string::npos);
        QCOMPARE(*c.vllmTokens, 2530464.0);
        QVERIFY(!c.vllmTokensFromBlocks);
    }

    void onlyGpuBlocksGiveTheTokensTheDifferenceCompares()
    {
        // A v0 log with only "# GPU blocks": the tokens the difference compares are those
        // blocks' tokens, and the comparison says they came from blocks.
        const VllmLog log
            = parseVllmLog("INFO [executor_base.py:112] # cpu blocks: 512, # GPU blocks: 8192\n", "v0.log");
        const VllmComparison c = compareWithVllm(card("llama-3.1-70b"), setup(40.0 * (1ull << 30), 1), log);
        QVERIFY(c.vllmTokens);
        QVERIFY(c.vllmTokensFromBlocks);
        QCOMPARE(*c.vllmTokens, 8192.0 * c.predicted.tokenBlockSize / c.predicted.kvCacheGroups);
        QCOMPARE(*c.tokensDiffPercent, (*c.vllmTokens - c.predicted.tokens) / c.predicted.tokens * 100.0);
    }

    void comparisonExplainsTheReserve()
    {
        // kvtiers' u × HBM − weights / TP gives more KV memory than vLLM had: the gap is what
        // vLLM kept for activations and CUDA graphs; a reserve (or a lower utilisation) closes it.
        const VllmLog log = parseVllmLog(dataText("vllm/llama-3.1-70b-tp8-h200.log"), "h200.log");
        const auto& hw = CardCatalog::builtin().hardware().at("h200-sxm");
        const ModelCard& m = card("llama-3.1-70b");
        VllmLog noAvail = log;
        noAvail.availableKvBytes.reset();
        VllmSetup s = setup(vllmKvMemory(m, hw, 0.9, 8, 0, 16), 8, 0);
        const VllmHbmContext ctx { hw.hbmBytes, m.paramsTotal * 2 / 8, 0, 0.9 }; // BF16 weights / TP 8
        const VllmComparison c = compareWithVllm(m, s, noAvail, ctx);
        QVERIFY(!c.agrees);
        QCOMPARE(c.predicted.tokens, std::floor(s.kvMemoryBytes / 655360.0) * 16);
        QVERIFY(*c.tokensDiffPercent < -5 && *c.tokensDiffPercent > -6); // 2,530,464 vs 2,667,504
        QCOMPARE(*c.impliedKvMemoryBytes, 2530464.0 / 16 * 655360);
        QCOMPARE(*c.kvMemoryGapBytes, s.kvMemoryBytes - *c.impliedKvMemoryBytes);
        KV_COMPARE_NEAR(*c.impliedGpuUtilization, 0.86019, 1e-4);
        QVERIFY2(c.explanation.find("activation peak") != std::string::npos, c.explanation.c_str());
        QVERIFY(c.explanation.find("--reserve") != std::string::npos);
        QVERIFY(c.explanation.find("gpu_memory_utilization of 0.86") != std::string::npos);
        // Giving that reserve reproduces vLLM's tokens.
        VllmSetup withReserve = setup(vllmKvMemory(m, hw, 0.9, 8, *c.kvMemoryGapBytes, 16), 8, 0);
        QVERIFY(compareWithVllm(m, withReserve, noAvail, ctx).agrees);

        // With the log's "Available" line the explanation points at it.
        const VllmComparison d = compareWithVllm(m, s, log, ctx);
        QVERIFY2(
            d.explanation.find("vLLM itself reports 96.5 GiB available") != std::string::npos, d.explanation.c_str());
    }

    void comparisonWhenVllmHadMore()
    {
        VllmLog log;
        log.kvCacheTokens = 262144; // twice the worked example
        const VllmComparison c = compareWithVllm(card("llama-3.1-70b"), setup(40 * GiB), log);
        QCOMPARE(*c.tokensDiffPercent, 100.0);
        QCOMPARE(*c.kvMemoryGapBytes, -40 * GiB);
        QVERIFY2(c.explanation.find("higher gpu_memory_utilization") != std::string::npos, c.explanation.c_str());
    }

    void comparisonAtTheLogsContext()
    {
        VllmLog log;
        log.concurrencyTokens = 65536;
        log.concurrency = 2.0;
        const VllmComparison c = compareWithVllm(card("llama-3.1-70b"), setup(40 * GiB, 1, 131072), log);
        QCOMPARE(c.predicted.context, 65536.0);
        QCOMPARE(c.predicted.maxConcurrency, 2.0);
        QVERIFY(c.agrees);
        QVERIFY(c.explanation.find("not the 131,072 given") != std::string::npos);
    }

    void notesAreStructured()
    {
        // Jamba: the attention block is raised to 80 tokens.
        const VllmPrediction jamba = predictVllm(card("jamba-v0.1"), setup(20 * GiB, 1, 65536));
        QCOMPARE(jamba.notes.size(), size_t(1));
        QCOMPARE(jamba.notes[0].kind, VllmNote::Kind::BlockSizeRaised);
        QCOMPARE(jamba.notes[0].blockSize, 80);
        QCOMPARE(vllmNoteText(jamba.notes[0]),
            std::string("state layers: the attention block size is raised to 80 tokens so one attention page holds "
                        "one state (vLLM does this for hybrids; its exact alignment differs between versions)"));
        // Gemma 3: 8 padding layer slots.
        const std::string path = QFINDTESTDATA("data/hf/gemma-3-27b-it.json").toStdString();
        const ModelCard gemma3 = importHfConfig(parseStrictJson(readInputFile(path), path), path);
        const VllmPrediction padded = predictVllm(gemma3, setup(20 * GiB, 1, 32768));
        QCOMPARE(padded.notes.size(), size_t(1));
        QCOMPARE(padded.notes[0].kind, VllmNote::Kind::PaddingLayers);
        QCOMPARE(padded.notes[0].paddingLayers, std::int64_t(8));
        QCOMPARE(vllmNoteText(padded.notes[0]), std::string("8 padding layer slot(s) to make the groups equal"));
        // Gemma 2 with 6 KV heads in its sliding layers: 49,152 B does not divide 131,072 B.
        const ModelCard odd = modelVariant("gemma-2-27b", [](Json& j) { j["layer_groups"][0]["num_kv_heads"] = 6; });
        const VllmPrediction p = predictVllm(odd, setup(10 * GiB, 1, 8192));
        QCOMPARE(p.notes.size(), size_t(1));
        QCOMPARE(p.notes[0].kind, VllmNote::Kind::PagePadded);
        QCOMPARE(p.notes[0].layerKind, std::string("sliding"));
        QCOMPARE(p.notes[0].pageBytes, 49152.0);
        QCOMPARE(p.notes[0].largestPageBytes, 131072.0);
        QCOMPARE(vllmNoteText(p.notes[0]),
            std::string("a sliding page (49,152 B) does not divide the largest page "
                        "(131,072 B): vLLM refuses such a model; kvtiers pads it"));
        // A uniform model has none.
        QVERIFY(predictVllm(card("llama-3.1-70b"), setup(40 * GiB)).notes.empty());
    }

    void explanationIsItsSentences()
    {
        using K = VllmSentence::Kind;
        const VllmLog log = parseVllmLog(dataText("vllm/llama-3.1-70b-tp8-h200.log"), "h200.log");
        const auto& hw = CardCatalog::builtin().hardware().at("h200-sxm");
        const ModelCard& m = card("llama-3.1-70b");
        VllmLog noAvail = log;
        noAvail.availableKvBytes.reset();
        const VllmSetup s = setup(vllmKvMemory(m, hw, 0.9, 8, 0, 16), 8, 0);
        const VllmHbmContext ctx { hw.hbmBytes, m.paramsTotal * 2 / 8, 0, 0.9 };

        const VllmComparison agrees = compareWithVllm(m, setup(*log.availableKvBytes, 8, 0), log);
        QCOMPARE(kinds(agrees), std::vector<K> { K::MatchesExactly });
        QCOMPARE(agrees.explanation,
            std::string("vLLM's figure matches kvtiers' block math exactly (same blocks of 16 tokens)."));
        QCOMPARE(agrees.sentences[0].blockSize, 16.0);

        const VllmComparison reserve = compareWithVllm(m, s, noAvail, ctx);
        QCOMPARE(kinds(reserve),
            (std::vector<K> { K::TokensNeedMoreShare, K::GapIsKeptMemory, K::ReserveOrUtilizationReproduces }));
        QCOMPARE(reserve.sentences[0].vllmTokens, 2530464.0);
        QCOMPARE(reserve.sentences[0].impliedBytes, *reserve.impliedKvMemoryBytes);
        QCOMPARE(reserve.sentences[0].gapBytes, *reserve.kvMemoryGapBytes);
        QCOMPARE(reserve.sentences[2].utilization, *reserve.impliedGpuUtilization);
        QCOMPARE(reserve.explanation, vllmExplanationText(reserve.sentences));

        const VllmComparison named = compareWithVllm(m, s, log, ctx);
        QCOMPARE(kinds(named), (std::vector<K> { K::TokensNeedMore, K::LogReportsAvailable, K::LogGapIsReserve }));
        QCOMPARE(named.sentences[1].line, 13);
        QCOMPARE(named.sentences[1].availableBytes, 96.53 * GiB);
        QCOMPARE(vllmSentenceText(named.sentences[1]),
            std::string("vLLM itself reports 96.5 GiB available for KV cache (line 13): give --kv-memory 96.53GiB "
                        "to check the block math alone."));

        const VllmComparison bare = compareWithVllm(m, s, noAvail);
        QCOMPARE(kinds(bare), (std::vector<K> { K::TokensNeedMoreShare, K::MemoryNotGiven, K::KvMemoryReproduces }));

        VllmLog twice;
        twice.kvCacheTokens = 262144;
        const VllmComparison more = compareWithVllm(m, setup(40 * GiB), twice);
        QCOMPARE(kinds(more), (std::vector<K> { K::TokensNeedLessShare, K::VllmHadMore }));
        QCOMPARE(more.sentences[0].gapBytes, 40 * GiB);
        QCOMPARE(more.sentences[0].percent, 100.0);
        QCOMPARE(more.sentences[1].tp, 1);

        // A log parseVllmLog would refuse (no figure at all) still gets a sentence.
        const VllmComparison none = compareWithVllm(m, setup(40 * GiB), VllmLog {});
        QCOMPARE(kinds(none), std::vector<K> { K::NoFigure });
        QCOMPARE(none.explanation, std::string("The log has no figure kvtiers can compare."));
    }

    void newerLogLineReadsOnOneLineOrTwo()
    {
        // Newer vLLM logs both figures on one line (vllm/v1/core/kv_cache_utils.py,
        // update_kv_cache_capacity: "GPU KV cache size: %s tokens, Maximum concurrency for %s
        // tokens per request: %.2fx"); 0.11 logged them on two (_report_kv_cache_config).
        const VllmLog one = parseVllmLog("INFO 11-29 12:00:00 [kv_cache_utils.py:1290] GPU KV cache size: 131,072 "
                                         "tokens, Maximum concurrency for 32,768 tokens per request: 4.00x\n",
            "new.log");
        QCOMPARE(*one.kvCacheTokens, 131072.0);
        QCOMPARE(*one.concurrencyTokens, 32768.0);
        QCOMPARE(*one.concurrency, 4.0);
        QCOMPARE(one.kvCacheLine, 1);
        QCOMPARE(one.concurrencyLine, 1);
        const VllmLog two = parseVllmLog("GPU KV cache size: 131,072 tokens\n"
                                         "Maximum concurrency for 32,768 tokens per request: 4.00x\n",
            "old.log");
        QCOMPARE(*two.kvCacheTokens, 131072.0);
        QCOMPARE(*two.concurrencyTokens, 32768.0);
        QCOMPARE(*two.concurrency, 4.0);
        QCOMPARE(two.kvCacheLine, 1);
        QCOMPARE(two.concurrencyLine, 2);
        // A one-line form with an unreadable half names that half and the line.
        const InputErrorDetail bad = logErrorDetail(
            "x\nGPU KV cache size: 131,072 tokens, Maximum concurrency for lots of tokens per request: 4.00x");
        QCOMPARE(bad.code, InputErrorCode::VllmLogUnreadable);
        QCOMPARE(bad.line, 2);
        QCOMPARE(bad.value, std::string("the tokens per request"));
        QCOMPARE(logErrorDetail("GPU KV cache size: -131,072 tokens, Maximum concurrency for 32,768 tokens per "
                                "request: 4.00x")
                     .value,
            std::string("the token count"));
    }

    void capacityTokensAreConcurrencyTimesContext()
    {
        // Mistral 7B v0.1, 32K, 40 GiB, 8192 batched tokens: 40 GiB / 2 MiB per block (32 layers
        // × 16 tokens × 8 heads × 256 × 2 B) = 20,480 blocks; vLLM budgets cdiv(min(4,095 +
        // 8,192, 32,768), 16) + 1 = 769 blocks (SlidingWindowSpec.max_memory_usage_bytes).
        VllmSetup s = setup(40 * GiB, 1, 32768);
        s.maxNumBatchedTokens = 8192;
        const VllmPrediction p = predictVllm(card("mistral-7b-v0.1"), s);
        QCOMPARE(p.numBlocks, 20480.0);
        QCOMPARE(p.vllmBlocksPerRequest, 769.0);
        QCOMPARE(p.tokens, 20480.0 * 16); // 0.11: num_blocks × block_size = 327,680
        // Newer: int(20,480 / 769 × 32,768) = int(872,677.04) (get_kv_cache_capacity).
        QCOMPARE(p.capacityTokens, 872677.0);
        QCOMPARE(p.capacityTokens, std::floor(20480.0 / 769.0 * 32768.0));
        // Full attention at a whole number of blocks: the two forms are one figure
        // (8,192 blocks / 8,192 per request × 131,072 = 8,192 × 16).
        const VllmPrediction llama = predictVllm(card("llama-3.1-70b"), setup(40 * GiB));
        QCOMPARE(llama.capacityTokens, llama.tokens);
    }

    void newerTokenFormAgreesForSlidingAndHybridCards()
    {
        using K = VllmSentence::Kind;
        struct Case {
            const char* id;
            double kv;
            double context;
        };
        // Mistral 7B v0.1 (all sliding) and Gemma 2 27B (sliding + full hybrid), each with a
        // log written the way newer vLLM writes it from kvtiers' own prediction.
        for (const Case& k : { Case { "mistral-7b-v0.1", 40 * GiB, 32768 }, Case { "gemma-2-27b", 10 * GiB, 8192 } }) {
            VllmSetup s = setup(k.kv, 1, k.context);
            s.maxNumBatchedTokens = 8192;
            const VllmPrediction p = predictVllm(card(k.id), s);
            QVERIFY2(p.capacityTokens != p.tokens, k.id);
            const std::string text = "GPU KV cache size: " + formatCount(p.capacityTokens) + " tokens, "
                + vllmConcurrencyLine(k.context, p.vllmMaxConcurrency) + "\n";
            const VllmComparison c = compareWithVllm(card(k.id), s, parseVllmLog(text, "new.log"));
            QVERIFY2(c.newerTokenForm, k.id);
            QVERIFY2(c.agrees, c.explanation.c_str());
            QCOMPARE(*c.tokensDiffPercent, 0.0);
            QCOMPARE(c.sentences.front().kind, K::NewerTokenForm);
            QVERIFY(kinds(c) == (std::vector<K> { K::NewerTokenForm, K::MatchesExactly, K::ConcurrencyDiffers }));
            // tokens / context × vLLM's blocks per request × bytes per block: the memory
            // kvtiers assumed, less under one block (int() drops the fraction).
            QVERIFY(*c.impliedKvMemoryBytes <= k.kv);
            QVERIFY(k.kv - *c.impliedKvMemoryBytes < p.bytesPerBlock);
        }
        // The Mistral sentence, figures from the arithmetic above: 20,480 / 769 = 26.63x
        // (printed), 872,677 tokens, against 327,680 = 20,480 × 16.
        VllmSetup s = setup(40 * GiB, 1, 32768);
        s.maxNumBatchedTokens = 8192;
        const VllmComparison c = compareWithVllm(card("mistral-7b-v0.1"), s,
            parseVllmLog("GPU KV cache size: 872,677 tokens, Maximum concurrency for 32,768 tokens per request: "
                         "26.63x",
                "new.log"));
        QCOMPARE(vllmSentenceText(c.sentences.front()),
            std::string("The log's token figure is newer vLLM's max concurrency × max_model_len (26.63 × 32,768 ≈ "
                        "872,677 tokens), not blocks × block size (327,680 tokens); kvtiers compares it with the "
                        "same product, 872,677 tokens."));
    }

    void olderTokenFormStillComparesBlocks()
    {
        // The 0.11 two-line log for the same Mistral setup: 327,680 tokens (20,480 × 16), and
        // 26.63x. Its tokens are blocks × block size, far from 26.63 × 32,768: the old form.
        using K = VllmSentence::Kind;
        VllmSetup s = setup(40 * GiB, 1, 32768);
        s.maxNumBatchedTokens = 8192;
        const VllmComparison c = compareWithVllm(card("mistral-7b-v0.1"), s,
            parseVllmLog(
                "GPU KV cache size: 327,680 tokens\nMaximum concurrency for 32,768 tokens per request: 26.63x\n",
                "old.log"));
        QVERIFY(!c.newerTokenForm);
        QVERIFY2(c.agrees, c.explanation.c_str());
        QCOMPARE(*c.tokensDiffPercent, 0.0);
        QVERIFY(kinds(c) == (std::vector<K> { K::MatchesExactly, K::ConcurrencyDiffers }));
    }

    void newerTokenFormWithLessMemoryNamesTheGap()
    {
        // vLLM had 38 GiB: 19,456 blocks (38 GiB / 2 MiB), 19,456 / 769 = 25.30x, int(25.30… ×
        // 32,768) = 829,043 tokens. kvtiers assumed 40 GiB: recognised as the newer form, and
        // the memory it implies is 829,043 / 32,768 × 769 × 2 MiB, under 38 GiB by < 1 block.
        VllmSetup s = setup(40 * GiB, 1, 32768);
        s.maxNumBatchedTokens = 8192;
        const double tokens = std::floor(19456.0 / 769.0 * 32768.0);
        QCOMPARE(tokens, 829043.0);
        const VllmComparison c = compareWithVllm(card("mistral-7b-v0.1"), s,
            parseVllmLog(
                "GPU KV cache size: " + formatCount(tokens) + " tokens, " + vllmConcurrencyLine(32768, 19456.0 / 769.0),
                "new.log"));
        QVERIFY(c.newerTokenForm);
        QVERIFY(!c.agrees);
        QVERIFY(38 * GiB - *c.impliedKvMemoryBytes >= 0);
        QVERIFY(38 * GiB - *c.impliedKvMemoryBytes < 2 * MiB);
        QCOMPARE(c.sentences.front().kind, VllmSentence::Kind::NewerTokenForm);
        QCOMPARE(c.sentences.at(1).kind, VllmSentence::Kind::TokensNeedMoreShare);
    }

    void hugeLogFiguresDoNotBreakTheComparison()
    {
        // 10^30 tokens at 10^25x: read, compared, never equal; no crash, a sentence.
        VllmSetup s = setup(40 * GiB, 1, 32768);
        const VllmComparison c = compareWithVllm(card("mistral-7b-v0.1"), s,
            parseVllmLog("GPU KV cache size: 1000000000000000000000000000000 tokens, Maximum concurrency for 32,768 "
                         "tokens per request: 10000000000000000000000000.00x",
                "huge.log"));
        QVERIFY(!c.agrees);
        QVERIFY(!c.sentences.empty());
        QVERIFY(!c.explanation.empty());
    }

    void asyncSchedulingBudgetsTwoBatchesInFlight()
    {
        // VllmConfig.max_concurrent_batches (vllm/config/vllm.py) is 2 with async scheduling
        // at pipeline-parallel size 1; max_in_flight_tokens = 2 × 8,192 = 16,384. Mistral:
        // cdiv(min(4,095 + 16,384, 32,768), 16) + 1 = 1,280 + 1 = 1,281 blocks; 20,480 / 1,281
        // = 15.99x; int(20,480 / 1,281 × 32,768) = 523,878 tokens.
        VllmSetup s = setup(40 * GiB, 1, 32768);
        s.maxNumBatchedTokens = 8192;
        s.asyncScheduling = true;
        const VllmPrediction p = predictVllm(card("mistral-7b-v0.1"), s);
        QVERIFY(p.asyncScheduling);
        QCOMPARE(p.inFlightTokens, 16384.0);
        QCOMPARE(p.vllmBlocksPerRequest, 1281.0);
        QCOMPARE(p.vllmMaxConcurrency, 20480.0 / 1281.0);
        QCOMPARE(p.capacityTokens, 523878.0);
        QCOMPARE(p.blocksPerRequest, 257.0); // the steady state does not change
        QCOMPARE(p.tokens, 327680.0);
        QVERIFY(vllmBudgetMessage(p).english().find("2 × 8,192") != std::string::npos);
        // Below the window plus the batch, the context caps the budget: Gemma 2 at 8,192
        // budgets cdiv(8,192, 16) + 1 = 513 sliding blocks either way.
        VllmSetup g = setup(10 * GiB, 1, 8192);
        g.asyncScheduling = true;
        QCOMPARE(kind(predictVllm(card("gemma-2-27b"), g), "sliding").vllmBlocksPerRequest, 513.0);
        // Full attention is not budgeted for what is in flight.
        VllmSetup l = setup(40 * GiB);
        l.asyncScheduling = true;
        QCOMPARE(predictVllm(card("llama-3.1-70b"), l).vllmBlocksPerRequest, 8192.0);
    }

    void logStatesTheSetup()
    {
        // vLLM 0.11: "non-default args" (line 3), "Using max model len" (5) and the engine's
        // config line (8); the last statement wins.
        const VllmLog log = parseVllmLog(dataText("vllm/qwen2.5-72b-tp4-32k.log"), "qwen.log");
        QVERIFY(log.model && log.tp && log.kvCacheDtype && log.maxModelLen);
        QCOMPARE(log.model->text, std::string("Qwen/Qwen2.5-72B-Instruct"));
        QCOMPARE(log.model->line, 8);
        QCOMPARE(log.tp->number, 4.0);
        QCOMPARE(log.kvCacheDtype->text, std::string("auto"));
        QCOMPARE(log.maxModelLen->number, 32768.0);
        QVERIFY(!log.blockSize); // 0.11 states block_size only when it is given
        // vLLM 0.10's header, already in tests/data/vllm.
        const VllmLog older = parseVllmLog(dataText("vllm/llama-3.1-70b-tp8-h200.log"), "h200.log");
        QCOMPARE(older.model->text, std::string("meta-llama/Llama-3.1-70B-Instruct"));
        QCOMPARE(older.tp->number, 8.0);
        QCOMPARE(older.maxModelLen->number, 131072.0);
        // Only the non-default args: the dict form alone, 'model_tag' not taken for 'model'.
        const VllmLog dict = parseVllmLog(
            "INFO [utils.py:233] non-default args: {'model_tag': 'a/b', 'model': 'Qwen/Qwen2.5-7B-Instruct', "
            "'block_size': 32, 'kv_cache_dtype': 'fp8', 'tensor_parallel_size': 2}\nGPU KV cache size: 1 tokens\n",
            "x");
        QCOMPARE(dict.model->text, std::string("Qwen/Qwen2.5-7B-Instruct"));
        QCOMPARE(dict.blockSize->number, 32.0);
        QCOMPARE(dict.kvCacheDtype->text, std::string("fp8"));
        QCOMPARE(dict.tp->number, 2.0);
        // Older vLLM's argparse Namespace: None is "not stated"; "Using max model len" states it.
        const VllmLog ns = parseVllmLog("INFO args: Namespace(host=None, model='facebook/opt-125m', "
                                        "speculative_model=None, block_size=16, max_model_len=None, "
                                        "tensor_parallel_size=1, kv_cache_dtype='auto')\n"
                                        "INFO Using max model len 2048\n# GPU blocks: 10\n",
            "x");
        QCOMPARE(ns.model->text, std::string("facebook/opt-125m"));
        QCOMPARE(ns.blockSize->number, 16.0);
        QCOMPARE(ns.tp->number, 1.0);
        QCOMPARE(ns.maxModelLen->number, 2048.0);
        QCOMPARE(ns.maxModelLen->line, 2);
        // A setting that does not read names itself and its line.
        const InputErrorDetail bad
            = logErrorDetail("x\nnon-default args: {'tensor_parallel_size': 'four'}\nGPU KV cache size: 1 tokens\n");
        QCOMPARE(bad.code, InputErrorCode::VllmLogUnreadable);
        QCOMPARE(bad.line, 2);
        QCOMPARE(bad.value, std::string("tensor_parallel_size"));
        QVERIFY(
            logError("with config: model='m', tensor_parallel_size=0, kv_cache_dtype=auto\nGPU KV cache size: 1 tokens")
                .startsWith("vllm.log:1: cannot read vLLM's setting tensor_parallel_size in"));
    }

    void logModelMatchesACard()
    {
        using How = VllmModelMatch::How;
        const auto& models = CardCatalog::builtin().models();
        auto match = [&](const std::string& m) { return matchVllmModel(m, models); };
        // A card's source names the Hugging Face id (any case).
        QCOMPARE(match("Qwen/Qwen2.5-72B").how, How::HfId);
        QCOMPARE(match("Qwen/Qwen2.5-72B").cardId, std::string("qwen2.5-72b"));
        QCOMPARE(match("QWEN/qwen2.5-7b-INSTRUCT").cardId, std::string("qwen2.5-7b"));
        QCOMPARE(match("QWEN/qwen2.5-7b-INSTRUCT").how, How::HfId);
        // A hub cache folder is its Hugging Face id.
        QCOMPARE(match("/root/.cache/huggingface/hub/models--Qwen--Qwen2.5-72B/snapshots/27dcfa74d334/").cardId,
            std::string("qwen2.5-72b"));
        // A local folder by its name: the card's id.
        QCOMPARE(match("/data/ckpt/Mistral-7B-v0.1").how, How::Name);
        QCOMPARE(match("/data/ckpt/Mistral-7B-v0.1").cardId, std::string("mistral-7b-v0.1"));
        // The Instruct model by its base model's card, the suffix named as the log writes it.
        const VllmModelMatch qwen = match("Qwen/Qwen2.5-72B-Instruct");
        QCOMPARE(qwen.how, How::BaseModel);
        QCOMPARE(qwen.cardId, std::string("qwen2.5-72b"));
        QCOMPARE(qwen.dropped, std::string("-Instruct"));
        QCOMPARE(match("meta-llama/Llama-3.1-70B-Instruct").cardId, std::string("llama-3.1-70b"));
        // No card: said so, no guess.
        const VllmModelMatch none = match("acme/secret-13b-instruct");
        QCOMPARE(none.how, How::None);
        QVERIFY(none.cardId.empty());
        QCOMPARE(match("").how, How::None);
    }

    void reviewersLogAgreesAtItsOwnSetup()
    {
        // The log says Qwen2.5-72B-Instruct, TP 4, 32K; the scenario had Llama 3.1 70B, TP 8,
        // 128K. At the log's setup: 88.12 GiB / (16 tokens × 80 layers × 2 KV heads per GPU ×
        // 256 × 2 B = 1,310,720 B) = 72,187 blocks = 1,154,992 tokens; 72,187 / 2,048 = 35.25x,
        // exactly the log's lines 16 and 17.
        using K = VllmSetupNote::Kind;
        const auto& models = CardCatalog::builtin().models();
        const VllmLog log = parseVllmLog(dataText("vllm/qwen2.5-72b-tp4-32k.log"), "qwen.log");
        const VllmSetupValues scenario
            = { .modelId = "llama-3.1-70b", .tp = 8, .blockSize = 16, .kv = KvFormat { 16, 0 }, .context = 131072 };
        const VllmSetupValues used = vllmSetupFromLog(log, models, scenario);
        QCOMPARE(used.modelId, std::string("qwen2.5-72b"));
        QCOMPARE(used.tp, 4);
        QCOMPARE(used.blockSize, 16);
        QCOMPARE(used.kv->bits, 16.0); // "auto": the card's BF16
        QCOMPARE(used.context, 32768.0);

        VllmSetup s = setup(*log.availableKvBytes, used.tp, used.context);
        const VllmComparison c = compareWithVllm(models.at(used.modelId), s, log);
        QVERIFY2(c.agrees, c.explanation.c_str());
        QCOMPARE(c.predicted.bytesPerBlock, 1310720.0);
        QCOMPARE(c.predicted.numBlocks, 72187.0);
        QCOMPARE(c.predicted.tokens, 1154992.0);
        QCOMPARE(vllmTwoDecimals(c.predicted.maxConcurrency), std::string("35.25"));
        QCOMPARE(*c.tokensDiffPercent, 0.0);
        QCOMPARE(*c.kvMemoryDiffBytes, 0.0);
        QVERIFY(!c.setupDiffers);

        const std::vector<VllmSetupNote> notes = vllmSetupNotes(log, models, scenario, used);
        std::vector<K> got;
        for (const auto& n : notes)
            got.push_back(n.kind);
        QCOMPARE(
            got, (std::vector<K> { K::FromLog, K::ModelBaseName, K::LogReplaces, K::LogReplaces, K::LogReplaces }));
        QCOMPARE(vllmSetupText(notes[0]),
            std::string("From the log: model Qwen/Qwen2.5-72B-Instruct = qwen2.5-72b (line 8), tensor_parallel_size 4 "
                        "(line 8), kv_cache_dtype auto (line 8), max_model_len 32,768 (line 8)."));
        QVERIFY(!vllmSetupWarns(notes[0]) && !vllmSetupWarns(notes[1]));
        QCOMPARE(vllmSetupText(notes[2]),
            std::string("The log runs Qwen2.5 72B (qwen2.5-72b) (line 8); the scenario has Llama 3.1 70B "
                        "(llama-3.1-70b): kvtiers compares with the log's model."));
        QCOMPARE(vllmSetupText(notes[3]),
            std::string("The log says TP 4 (line 8); the scenario has TP 8: kvtiers compares at the log's 4."));
        QVERIFY(vllmSetupWarns(notes[3]));
        QCOMPARE(notes[4].setting, VllmSetupNote::Setting::MaxModelLen);
        // A scenario that already matches the log: only what was taken.
        const std::vector<VllmSetupNote> quiet = vllmSetupNotes(log, models, used, used);
        QCOMPARE(quiet.size(), size_t(2)); // FromLog and the base-model note
    }

    void reviewersMismatchBlamesTheSetupNotMemory()
    {
        // The reviewer's run: the log's memory, but Llama 3.1 70B at TP 8. Its 1,154,992 tokens
        // need 44.1 GiB at 40 KiB per token per GPU, half the 88.12 GiB vLLM reports: the old
        // row read "88.1 GiB vs 88.1 GiB, difference −44.1 GiB" (the difference was implied −
        // assumed while the column showed the log's line) and blamed memory. Now the row's
        // difference is its two cells' and the explanation names the setup.
        using K = VllmSentence::Kind;
        const auto& models = CardCatalog::builtin().models();
        const VllmLog log = parseVllmLog(dataText("vllm/qwen2.5-72b-tp4-32k.log"), "qwen.log");
        VllmSetup s = setup(*log.availableKvBytes, 8, 0);
        const VllmComparison c = compareWithVllm(models.at("llama-3.1-70b"), s, log);
        QVERIFY(!c.agrees);
        QCOMPARE(c.predicted.tokens, 2310000.0); // floor(88.12 GiB / 655,360 B) × 16
        QCOMPARE(*c.vllmKvMemoryBytes, 88.12 * GiB);
        QVERIFY(!c.vllmKvMemoryImplied);
        QCOMPARE(*c.kvMemoryDiffBytes, *c.vllmKvMemoryBytes - s.kvMemoryBytes);
        QCOMPARE(*c.kvMemoryDiffBytes, 0.0);
        QVERIFY(c.setupDiffers);
        QCOMPARE(kinds(c), std::vector<K> { K::SetupDiffers });
        QCOMPARE(c.sentences[0].bytesPerToken, 40960.0);
        KV_COMPARE_NEAR(c.sentences[0].logBytesPerToken, 81920.0, 2.0); // TP 4's 80 KiB, less the line's rounding
        QCOMPARE(c.explanation,
            std::string("vLLM's own figures do not fit this setup: 88.1 GiB of KV memory (line 15) for 1,154,992 "
                        "tokens is 80 KiB per token per GPU, where this setup has 40 KiB (its 1,154,992 tokens would "
                        "need 44.1 GiB). The model, TP, KV cache dtype or block size differ from what vLLM ran."));
        QVERIFY(c.explanation.find("did not give") == std::string::npos);
        // The setup notes say it before any figure: the check runs another model at another TP.
        const VllmSetupValues used
            = { .modelId = "llama-3.1-70b", .tp = 8, .blockSize = 16, .kv = KvFormat { 16, 0 }, .context = 32768 };
        const std::vector<VllmSetupNote> notes = vllmSetupNotes(log, models, used, used);
        QCOMPARE(notes.size(), size_t(3));
        QCOMPARE(notes[1].kind, VllmSetupNote::Kind::DiffersFromLog);
        QCOMPARE(vllmSetupText(notes[2]),
            std::string("The log says TP 4 (line 8); this check uses TP 8, so its figures are not what vLLM ran."));
        // Without the log's memory line the row shows what vLLM's tokens imply, and the
        // difference is still its cells': implied − assumed.
        VllmLog noAvail = log;
        noAvail.availableKvBytes.reset();
        const VllmComparison d = compareWithVllm(models.at("llama-3.1-70b"), s, noAvail);
        QVERIFY(d.vllmKvMemoryImplied);
        QCOMPARE(*d.vllmKvMemoryBytes, 1154992.0 * 40960);
        QCOMPARE(*d.kvMemoryDiffBytes, *d.vllmKvMemoryBytes - s.kvMemoryBytes);
        QVERIFY(!d.setupDiffers); // nothing to contradict: memory is the only explanation left
    }

    void unknownLogModelIsSaidPlainly()
    {
        const auto& models = CardCatalog::builtin().models();
        const VllmLog log = parseVllmLog("with config: model='acme/secret-13b', tensor_parallel_size=2\n"
                                         "GPU KV cache size: 1,000 tokens\n",
            "x");
        const VllmSetupValues given = { .modelId = "llama-3.1-8b", .tp = 2 };
        const VllmSetupValues used = vllmSetupFromLog(log, models, given);
        QCOMPARE(used.modelId, std::string("llama-3.1-8b")); // kept: no card to take
        const std::vector<VllmSetupNote> notes = vllmSetupNotes(log, models, given, used);
        QCOMPARE(notes.at(1).kind, VllmSetupNote::Kind::ModelNoCard);
        QCOMPARE(vllmSetupText(notes.at(1)),
            std::string("The log runs acme/secret-13b (line 1), and no model card matches it: this check uses Llama "
                        "3.1 8B (llama-3.1-8b), which may not be that model. Import its config.json to check the "
                        "right shape."));
    }

    void logAndSetupErrorsCarryCodes()
    {
        const InputErrorDetail tokens = logErrorDetail("a\nb\nINFO GPU KV cache size: lots of tokens\n");
        QCOMPARE(tokens.code, InputErrorCode::VllmLogUnreadable);
        QCOMPARE(tokens.where, std::string("vllm.log"));
        QCOMPARE(tokens.line, 3);
        QCOMPARE(tokens.value, std::string("the token count"));
        QCOMPARE(tokens.detail, std::string("INFO GPU KV cache size: lots of tokens"));
        QCOMPARE(logErrorDetail("x\nAvailable KV cache memory: 3 parsecs").value, std::string("the memory unit"));
        QCOMPARE(logErrorDetail("# GPU blocks: many").value, std::string("the block count"));
        const InputErrorDetail none = logErrorDetail("nothing about KV here\n");
        QCOMPARE(none.code, InputErrorCode::VllmLogNoKvLine);
        QCOMPARE(none.where, std::string("vllm.log"));

        VllmSetup s = setup(40 * GiB);
        s.tp = 0;
        QCOMPARE(setupErrorDetail(s).code, InputErrorCode::VllmTpBelowOne);
        s = setup(40 * GiB);
        s.blockSize = 0;
        QCOMPARE(setupErrorDetail(s).code, InputErrorCode::VllmBlockSizeBelowOne);
        const InputErrorDetail memory = setupErrorDetail(setup(-12 * GiB));
        QCOMPARE(memory.code, InputErrorCode::VllmNoKvMemory);
        QCOMPARE(memory.where, std::string("vllm-check"));
        QCOMPARE(memory.value, formatBytes(-12 * GiB));
    }
};

QTEST_APPLESS_MAIN(TestVllm)
#include "tst_vllm.moc"
