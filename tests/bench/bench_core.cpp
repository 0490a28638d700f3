// Core micro-benchmarks, Google Benchmark: one full scenario evaluation with
// every output (break-even included), a 1,000-point sweep over context, and a request
// trace read from disk and analysed end to end (block references per second, parsing
// included): the shipped Mooncake trace, and twenty interleaved copies of it with their
// ids apart (5.8 million references, 3.7 million distinct blocks).
// Run through scripts/bench, which collects the medians into bench.json.

#include "core/analysis/Sweep.h"
#include "core/catalog/CardCatalog.h"
#include "core/catalog/ScenarioSpec.h"
#include "core/model/Evaluation.h"
#include "core/replay/Replay.h"
#include "core/trace/TraceAnalysis.h"

#include <benchmark/benchmark.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
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
std::string scaledTrace(int copies)
{
    const std::string path = "/tmp/kvtiers-bench-trace-x" + std::to_string(copies) + ".jsonl";
    std::ifstream in(shippedTrace());
    std::ofstream out(path);
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
    return path;
}

void BM_TraceFile(benchmark::State& state)
{
    static const std::string big = scaledTrace(20);
    const std::string path = state.range(0) == 0 ? shippedTrace() : big;
    std::uint64_t references = 0;
    for (auto _ : state) {
        auto reader = kvtiers::trace::TraceReader::open(path);
        kvtiers::trace::TraceOptions o;
        o.tierBlocks = { 5000, 20000, 100000 };
        const auto a = kvtiers::trace::analyzeTrace(*reader, o);
        references += a.blockReferences;
        benchmark::DoNotOptimize(a.hitRatioInfinite());
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(references));
}
BENCHMARK(BM_TraceFile)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

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

/// Requests replayed per second under load (core/replay): Arg 0 the shipped Mooncake trace
/// on 6 replicas of Llama 3.1 70B on H200 (TP 8) with 20,000 DRAM blocks per server,
/// write-through; Arg 1 a million generated requests on 12 replicas. The trace is read
/// once outside the timing.
void BM_Replay(benchmark::State& state)
{
    ScenarioSpec spec;
    spec.model = "llama-3.1-70b";
    spec.hardware = "h200-sxm";
    const Scenario s = resolveScenario(CardCatalog::builtin(), spec).scenario;
    const EvalResult r = evaluate(s);
    replay::ReplayTrace t;
    replay::ReplayOptions o;
    o.keepRequests = false;
    o.dramBlocks = 20000;
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

} // namespace

BENCHMARK_MAIN();
