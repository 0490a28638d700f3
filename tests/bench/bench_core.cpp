// Core micro-benchmarks, Google Benchmark: one full scenario evaluation with
// every output (break-even included), a 1,000-point sweep over context, and a request
// trace read from disk and analysed end to end (block references per second, parsing
// included): the shipped Mooncake trace, twenty interleaved copies of it with their ids
// apart (5.8 million references, 3.7 million distinct blocks) and 69 (20.0 million
// references, 12.6 million distinct blocks), each with its two threads' CPU time (which
// a loaded machine stretches less than the wall clock); the same without parsing
// (BM_TraceReplay), and the trace engine's memory per distinct block on a 30-million-
// reference trace (BM_TraceMemory: peak RSS of a child process minus that of a one-request
// trace, over the distinct blocks).
// Run through scripts/bench, which collects the medians into bench.json.

#include "core/analysis/Outlook.h"
#include "core/analysis/Sweep.h"
#include "core/catalog/CardCatalog.h"
#include "core/catalog/ScenarioSpec.h"
#include "core/model/Evaluation.h"
#include "core/model/Queueing.h"
#include "core/replay/Replay.h"
#include "core/trace/KeyIndex.h"
#include "core/trace/LruStack.h"
#include "core/trace/TraceAnalysis.h"

#include <benchmark/benchmark.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <functional>
#include <random>
#include <sstream>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

using namespace kvtiers;

namespace {

Scenario articleScenario()
{
    ScenarioSpec spec;
    spec.workload = "article";
    return resolveScenario(CardCatalog::builtin(), spec).scenario;
}

Scenario busyScenario()
{
    // Everything switched on: reuse, sharing, offload to DRAM and SSD, sliding windows.
    ScenarioSpec spec;
    spec.model = "gemma-2-27b";
    spec.hardware = "h200-sxm";
    spec.overrides = { { "context", 32768 }, { "concurrency", 256 }, { "output_tokens", 512 }, { "reuse_rate", 0.6 },
        { "sharing", 4 }, { "reuse_distance_s", 600 }, { "offload_rate", 1.0 }, { "inclusive_tiers", true } };
    return resolveScenario(CardCatalog::builtin(), spec).scenario;
}

void BM_Scenario(benchmark::State& state)
{
    const Scenario s = state.range(0) == 0 ? articleScenario() : busyScenario();
    for (auto _ : state) {
        EvalResult r = evaluate(s);
        benchmark::DoNotOptimize(r);
    }
}
BENCHMARK(BM_Scenario)->Arg(0)->Arg(1);

void BM_Sweep1000(benchmark::State& state)
{
    const Scenario s = articleScenario();
    for (auto _ : state) {
        SweepResult r = sweep(s, SweepAxis::Context, 1024, 2 * 1024 * 1024, 1000);
        benchmark::DoNotOptimize(r);
    }
    state.SetItemsProcessed(state.iterations() * 1000);
}
BENCHMARK(BM_Sweep1000)->Unit(benchmark::kMicrosecond);

std::string shippedTrace()
{
    return std::string(KVTIERS_SOURCE_DIR) + "/tests/data/traces/mooncake-conversation.jsonl";
}

/// The shipped trace as `copies` interleaved populations: each line once per copy, ids
/// moved apart, so the cache sees `copies` times the users at the same time.
/// Written once (beside the file, then renamed): a benchmark run beside another reads a whole
/// file, never one being rewritten.
std::string scaledTrace(int copies)
{
    const std::string path = "/tmp/kvtiers-bench-copies-" + std::to_string(copies) + ".jsonl";
    if (std::ifstream(path).good())
        return path;
    const std::string part = path + ".part" + std::to_string(getpid());
    std::ifstream in(shippedTrace());
    std::ofstream out(part);
    std::string line;
    while (std::getline(in, line)) {
        const auto j = nlohmann::json::parse(line);
        for (int k = 0; k < copies; ++k) {
            nlohmann::json c = j;
            for (auto& id : c["hash_ids"])
                id = id.get<std::uint64_t>() + static_cast<std::uint64_t>(k) * 1000000;
            out << c.dump() << "\n";
        }
    }
    out.close();
    std::rename(part.c_str(), path.c_str());
    return path;
}

/// CPU seconds of the whole process and of the calling thread so far.
std::pair<double, double> cpuSeconds()
{
    const auto seconds = [](const rusage& ru) {
        return static_cast<double>(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec)
            + static_cast<double>(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
    };
    rusage self {}, thread {};
    getrusage(RUSAGE_SELF, &self);
    getrusage(RUSAGE_THREAD, &thread);
    return { seconds(self), seconds(thread) };
}

void BM_TraceFile(benchmark::State& state)
{
    static const std::string big = scaledTrace(20);
    static const std::string twenty = scaledTrace(69);
    const std::string path = state.range(0) == 0 ? shippedTrace() : state.range(0) == 1 ? big : twenty;
    std::uint64_t references = 0, distinct = 0;
    double parseCpu = 0, stackCpu = 0;
    for (auto _ : state) {
        const auto before = cpuSeconds();
        auto reader = kvtiers::trace::TraceReader::open(path);
        kvtiers::trace::TraceOptions o;
        o.tierBlocks = { 5000, 20000, 100000 };
        const auto a = kvtiers::trace::analyzeTrace(*reader, o);
        const auto after = cpuSeconds();
        references += a.blockReferences;
        distinct = a.uniqueBlocks;
        // This thread replays; the parsing thread is the rest of the process's CPU time.
        stackCpu += after.second - before.second;
        parseCpu += (after.first - before.first) - (after.second - before.second);
        benchmark::DoNotOptimize(a.hitRatioInfinite());
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(references));
    // Each thread's CPU seconds per run, and the rate two free cores would give: the
    // references over the busier thread's CPU time (a loaded machine stretches wall-clock
    // time, not CPU time).
    const double runs = static_cast<double>(state.iterations());
    state.counters["parse_thread_cpu_s"] = parseCpu / runs;
    state.counters["stack_thread_cpu_s"] = stackCpu / runs;
    state.counters["refs_per_busier_thread_cpu_s"]
        = static_cast<double>(references) / std::max({ parseCpu, stackCpu, 1e-9 });
    state.counters["distinct_blocks"] = static_cast<double>(distinct);
    state.counters["references"] = static_cast<double>(references) / runs;
}
// Real time: the parsing runs on a second thread, whose CPU time the benchmark's own would
// leave out. Arg 2: 69 copies of the shipped trace (20.0 million references, 12.6
// million distinct blocks), the large-trace figure.
BENCHMARK(BM_TraceFile)->Arg(0)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

/// A generated trace of `n` requests for the replay: Poisson arrivals at 60 requests/s,
/// prompts of 1 to 8 shared 512-token blocks from 2,000 documents plus 0 to 3 blocks of
/// their own, 16 to 256 output tokens.
replay::ReplayTrace generatedReplayTrace(std::size_t n)
{
    replay::ReplayTrace t;
    t.blockTokens = 512;
    std::mt19937_64 rng(1);
    std::exponential_distribution<double> gap(60.0);
    double time = 0;
    std::uint64_t unique = 1ull << 40;
    for (std::size_t i = 0; i < n; ++i) {
        replay::ReplayTrace::Request r;
        r.arrival = time;
        time += gap(rng);
        const std::uint64_t doc = rng() % 2000, shared = 1 + rng() % 8, own = rng() % 4;
        r.firstKey = t.keys.size();
        for (std::uint64_t k = 0; k < shared; ++k)
            t.keys.push_back(doc * 16 + k + 1);
        for (std::uint64_t k = 0; k < own; ++k)
            t.keys.push_back(unique++);
        r.keyCount = static_cast<std::uint32_t>(shared + own);
        r.inputTokens = 512 * r.keyCount - rng() % 512;
        r.outputTokens = 16 + rng() % 241;
        r.line = i + 1;
        t.requests.push_back(r);
    }
    return t;
}

/// The replay benchmarks' scenario: Llama 3.1 70B on H200 (TP 8).
Scenario replayScenario()
{
    ScenarioSpec spec;
    spec.model = "llama-3.1-70b";
    spec.hardware = "h200-sxm";
    return resolveScenario(CardCatalog::builtin(), spec).scenario;
}

/// Requests replayed per second under load (core/replay): Arg 0 the shipped Mooncake trace
/// on 6 replicas of Llama 3.1 70B on H200 (TP 8) with 20,000 DRAM blocks per server,
/// write-through; Arg 1 a million generated requests on 12 replicas. The trace is read
/// once outside the timing.
void BM_Replay(benchmark::State& state)
{
    const Scenario s = replayScenario();
    const EvalResult r = evaluate(s);
    replay::ReplayTrace t;
    replay::ReplayOptions o;
    o.keepRequests = false;
    o.capacityBlocks.dram = 20000;
    if (state.range(0) == 0) {
        auto reader = trace::TraceReader::open(shippedTrace());
        t = replay::loadReplayTrace(*reader);
        o.replicas = 6;
    } else {
        t = generatedReplayTrace(1000000);
        o.replicas = 12;
    }
    std::int64_t requests = 0;
    for (auto _ : state) {
        const replay::ReplayResult res = replay::runReplay(t, s, r, o);
        requests += static_cast<std::int64_t>(res.requests);
        benchmark::DoNotOptimize(res.ttft.p99);
    }
    state.SetItemsProcessed(requests);
}
BENCHMARK(BM_Replay)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);
// ---- The trace engine without parsing, and its memory per distinct block.

/// The replay alone: the twenty copies read into memory once, then analysed from there
/// (analyzeRequests), so the figure is the LRU stack, hashing and histograms, no parsing.
void BM_TraceReplay(benchmark::State& state)
{
    static const std::vector<kvtiers::trace::TraceRequest> requests = [] {
        std::vector<kvtiers::trace::TraceRequest> out;
        auto reader = kvtiers::trace::TraceReader::open(scaledTrace(20));
        kvtiers::trace::TraceRequest r;
        while (reader->next(r))
            out.push_back(r);
        return out;
    }();
    std::uint64_t references = 0;
    for (auto _ : state) {
        kvtiers::trace::TraceOptions o;
        o.tierBlocks = { 5000, 20000, 100000 };
        const auto a = kvtiers::trace::analyzeRequests(requests, o, kvtiers::trace::TraceFormat::Mooncake, 512, "x20");
        references += a.blockReferences;
        benchmark::DoNotOptimize(a.hitRatioInfinite());
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(references));
}
BENCHMARK(BM_TraceReplay)->Unit(benchmark::kMillisecond);

/// A trace of about 30 million block references: 104 interleaved copies of the shipped
/// trace with their ids apart (as scaledTrace, written without a JSON library: 1.25 million
/// lines, 19 million distinct blocks).
std::string thirtyMillionTrace()
{
    const std::string path = "/tmp/kvtiers-bench-trace-30m.jsonl";
    if (std::ifstream(path).good())
        return path;
    std::ifstream in(shippedTrace());
    std::ofstream out(path + ".part");
    std::string line;
    while (std::getline(in, line)) {
        const auto j = nlohmann::json::parse(line);
        const std::string tail = ",\"input_length\":" + std::to_string(j["input_length"].get<std::uint64_t>())
            + ",\"output_length\":" + std::to_string(j["output_length"].get<std::uint64_t>())
            + ",\"timestamp\":" + std::to_string(j["timestamp"].get<std::uint64_t>()) + "}\n";
        for (int k = 0; k < 104; ++k) {
            std::string ids;
            for (const auto& id : j["hash_ids"])
                ids += (ids.empty() ? "" : ",") + std::to_string(id.get<std::uint64_t>() + k * 1000000ull);
            out << "{\"hash_ids\":[" << ids << "]" << tail;
        }
    }
    out.close();
    std::rename((path + ".part").c_str(), path.c_str());
    return path;
}

/// Peak resident memory (KB) of a child process that runs `work`, and the count `work`
/// returns: a fresh process, so nothing the benchmark holds is counted. -1 when it failed.
std::pair<long, std::uint64_t> childPeakOf(const std::function<std::uint64_t()>& work)
{
    int fds[2];
    if (pipe(fds) != 0)
        return { -1, 0 };
    const pid_t pid = fork();
    if (pid == 0) {
        close(fds[0]);
        std::uint64_t count = 0;
        try {
            count = work();
        } catch (...) {
            _exit(1);
        }
        rusage ru {};
        getrusage(RUSAGE_SELF, &ru);
        const long result[2] = { ru.ru_maxrss, static_cast<long>(count) };
        if (write(fds[1], result, sizeof result) != sizeof result)
            _exit(1);
        _exit(0);
    }
    close(fds[1]);
    long result[2] = { -1, 0 };
    if (read(fds[0], result, sizeof result) != sizeof result)
        result[0] = -1;
    close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    return { result[0], static_cast<std::uint64_t>(result[1]) };
}

/// Peak resident memory of a child process (KB) that analyses `path`, and its distinct blocks.
std::pair<long, std::uint64_t> childPeak(const std::string& path)
{
    return childPeakOf([&path] {
        auto reader = kvtiers::trace::TraceReader::open(path);
        kvtiers::trace::TraceOptions o;
        o.tierBlocks = { 5000, 20000, 100000 };
        return kvtiers::trace::analyzeTrace(*reader, o).uniqueBlocks;
    });
}

/// Bytes per distinct block: the peak RSS of analysing the 30-million-reference trace minus
/// that of a one-request trace, each in a fresh child, over the distinct blocks. Reported
/// as the counter bytes_per_block (and peak_rss_mb); the time is the whole child's.
void BM_TraceMemory(benchmark::State& state)
{
    static const std::string big = thirtyMillionTrace();
    static const std::string tiny = [] {
        const std::string path = "/tmp/kvtiers-bench-trace-one.jsonl";
        std::ofstream(path) << "{\"hash_ids\":[1],\"input_length\":512,\"output_length\":1,\"timestamp\":0}\n";
        return path;
    }();
    double perBlock = 0, peakMb = 0, blocks = 0;
    for (auto _ : state) {
        const auto empty = childPeak(tiny);
        const auto full = childPeak(big);
        if (empty.first < 0 || full.first < 0 || full.second == 0) {
            state.SkipWithError("the child process failed");
            return;
        }
        perBlock = static_cast<double>(full.first - empty.first) * 1024.0 / static_cast<double>(full.second);
        peakMb = static_cast<double>(full.first) / 1024.0;
        blocks = static_cast<double>(full.second);
    }
    state.counters["bytes_per_block"] = perBlock;
    state.counters["peak_rss_mb"] = peakMb;
    state.counters["distinct_blocks"] = blocks;
}
BENCHMARK(BM_TraceMemory)->Unit(benchmark::kSecond)->Iterations(1);

/// The streaming replay's memory: a generated trace of 200,000 requests of 131,072 tokens
/// (131,056 prompt tokens in 256 blocks of 512, the first 128 shared by one of 1,000
/// documents, the rest the request's own; 16 output tokens: 51.2 million block references,
/// 25.7 million distinct blocks, 550 MB of JSON Lines) arriving as Poisson at 4 requests/s,
/// replayed once, as `kvtiers replay FILE` does, on 64 replicas of Llama 3.1 70B on H200
/// (TP 8), in a fresh child: its peak RSS (peak_rss_mb). Held in memory, as the replay did
/// before it streamed, it peaked at 1.7 GB (docs/performance.md).
std::string longPromptTrace()
{
    const std::string path = "/tmp/kvtiers-bench-trace-long-200k.jsonl";
    if (std::ifstream(path).good())
        return path;
    std::ofstream out(path + ".part");
    std::mt19937_64 rng(7);
    std::exponential_distribution<double> gap(4.0);
    double ms = 0;
    std::uint64_t own = 1ull << 40;
    for (int i = 0; i < 200000; ++i) {
        const std::uint64_t doc = rng() % 1000;
        std::string ids;
        for (int k = 0; k < 256; ++k)
            ids += (k ? "," : "") + std::to_string(k < 128 ? doc * 1000 + static_cast<std::uint64_t>(k) : own++);
        out << "{\"timestamp\":" << static_cast<std::uint64_t>(ms) << ",\"input_length\":131056,\"output_length\":16,"
            << "\"hash_ids\":[" << ids << "]}\n";
        ms += 1000 * gap(rng);
    }
    out.close();
    std::rename((path + ".part").c_str(), path.c_str());
    return path;
}

void BM_ReplayStreamRss(benchmark::State& state)
{
    static const std::string path = longPromptTrace();
    double peakMb = 0, requests = 0;
    for (auto _ : state) {
        const auto peak = childPeakOf([] {
            const Scenario s = replayScenario();
            const EvalResult r = evaluate(s);
            replay::ReplayOptions o;
            o.replicas = 64;
            o.keepRequests = false;
            auto reader = trace::TraceReader::open(path);
            const auto source = replay::streamedTrace(*reader);
            return replay::runReplay(*source, s, r, o).requests;
        });
        if (peak.first < 0) {
            state.SkipWithError("the child process failed");
            return;
        }
        peakMb = static_cast<double>(peak.first) / 1024.0;
        requests = static_cast<double>(peak.second);
    }
    state.counters["peak_rss_mb"] = peakMb;
    state.counters["requests"] = requests;
}
BENCHMARK(BM_ReplayStreamRss)->Unit(benchmark::kSecond)->Iterations(1);
/// An outlook of 10 years and 6 workloads: the built-in "steady" mix plus mooncake, tokens
/// growing 1.5x a year from 2.1e14 a day, on two server profiles.
kvtiers::OutlookCard tenYearOutlook()
{
    kvtiers::OutlookCard card;
    card.id = "bench";
    card.sources = { { "Assumption: a benchmark", "", "" } };
    double tokens = 2.1e14;
    for (int i = 0; i < 10; ++i, tokens *= 1.5) {
        kvtiers::OutlookYear y;
        y.year = 2026 + i;
        y.tokensPerDay = tokens;
        y.mix = { { "chat", 0.40, {} }, { "code-completion", 0.25, {} }, { "agentic-coding", 0.08, {} },
            { "rag-long", 0.10, {} }, { "reasoning", 0.12, {} }, { "mooncake", 0.05, {} } };
        y.hardware = { { i < 5 ? "h200-sxm" : "b300", 0.6 }, { "b200", 0.4 } };
        y.targets.tpotSeconds = 0.2;
        card.years.push_back(y);
    }
    return card;
}

void BM_Outlook10Years(benchmark::State& state)
{
    const kvtiers::OutlookCard card = tenYearOutlook();
    for (auto _ : state) {
        // Each run solves its queues afresh, as a first run does: not from the last run's.
        kvtiers::queueing::forgetSolvedQueues();
        benchmark::DoNotOptimize(kvtiers::computeOutlook(kvtiers::CardCatalog::builtin(), card).years.size());
    }
}
BENCHMARK(BM_Outlook10Years)->Unit(benchmark::kMillisecond);

void BM_OutlookTornado(benchmark::State& state)
{
    const kvtiers::OutlookCard card = tenYearOutlook();
    for (auto _ : state) {
        kvtiers::queueing::forgetSolvedQueues();
        benchmark::DoNotOptimize(kvtiers::outlookTornado(kvtiers::CardCatalog::builtin(), card).bars.size());
    }
}
BENCHMARK(BM_OutlookTornado)->Unit(benchmark::kMillisecond);

/// The two halves of BM_TraceFile/1 apart, each on one thread (analyzeTrace runs them on two
/// cores). BM_TraceParse: the parsing thread's work, reading, parsing and numbering the
/// blocks (TraceReader, KeyIndex). BM_TraceStack: the stack thread's core without parsing,
/// over the blocks already numbered (read outside the timing): each request's distances,
/// then its blocks touched tail first (LruStack), as the replay does.
void BM_TraceParse(benchmark::State& state)
{
    static const std::string big = scaledTrace(20);
    std::uint64_t references = 0;
    for (auto _ : state) {
        auto reader = kvtiers::trace::TraceReader::open(big);
        kvtiers::trace::KeyIndex index;
        kvtiers::trace::TraceRequest r;
        std::uint64_t sum = 0;
        while (reader->next(r)) {
            for (const std::uint64_t key : r.blockKeys)
                sum += index.intern(key);
            references += r.blockKeys.size();
        }
        benchmark::DoNotOptimize(sum);
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(references));
}
BENCHMARK(BM_TraceParse)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_TraceStack(benchmark::State& state)
{
    static const auto requests = [] {
        std::vector<std::vector<std::uint32_t>> out;
        auto reader = kvtiers::trace::TraceReader::open(scaledTrace(20));
        kvtiers::trace::KeyIndex index;
        kvtiers::trace::TraceRequest r;
        while (reader->next(r)) {
            out.emplace_back();
            for (const std::uint64_t key : r.blockKeys)
                out.back().push_back(index.intern(key));
        }
        return out;
    }();
    std::uint64_t references = 0;
    for (auto _ : state) {
        kvtiers::trace::LruStack stack;
        std::uint64_t sum = 0;
        for (const auto& ids : requests) {
            for (const std::uint32_t id : ids)
                sum += stack.distance(id);
            for (std::size_t i = ids.size(); i-- > 0;)
                stack.touch(ids[i]);
            references += ids.size();
        }
        benchmark::DoNotOptimize(sum);
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(references));
}
BENCHMARK(BM_TraceStack)->Unit(benchmark::kMillisecond)->UseRealTime();

// ---- The outlook's growth decomposition (Outlook.h, decomposeOutlook): the built-in
// "efficiency" outlook, whose last year changes the most driver groups of the built-ins, so
// the most coalitions of its last year are sized.
void BM_OutlookDecomposition(benchmark::State& state)
{
    const kvtiers::OutlookCard card = kvtiers::CardCatalog::builtin().resolveOutlook("efficiency");
    for (auto _ : state)
        benchmark::DoNotOptimize(kvtiers::decomposeOutlook(kvtiers::CardCatalog::builtin(), card).coalitions);
}
BENCHMARK(BM_OutlookDecomposition)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
