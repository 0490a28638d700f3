// Core micro-benchmarks, Google Benchmark: one full scenario evaluation with
// every output (break-even included), a 1,000-point sweep over context, and a request
// trace read from disk and analysed end to end (block references per second, parsing
// included): the shipped Mooncake trace, and twenty interleaved copies of it with their
// ids apart (5.8 million references, 3.7 million distinct blocks).
// Run through scripts/bench, which collects the medians into bench.json.

#include "core/analysis/Outlook.h"
#include "core/analysis/Sweep.h"
#include "core/catalog/CardCatalog.h"
#include "core/catalog/ScenarioSpec.h"
#include "core/model/Evaluation.h"
#include "core/trace/TraceAnalysis.h"

#include <benchmark/benchmark.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <fstream>
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
        y.tpotSeconds = 0.2;
        card.years.push_back(y);
    }
    return card;
}

void BM_Outlook10Years(benchmark::State& state)
{
    const kvtiers::OutlookCard card = tenYearOutlook();
    for (auto _ : state)
        benchmark::DoNotOptimize(kvtiers::computeOutlook(kvtiers::CardCatalog::builtin(), card).years.size());
}
BENCHMARK(BM_Outlook10Years)->Unit(benchmark::kMillisecond);

void BM_OutlookTornado(benchmark::State& state)
{
    const kvtiers::OutlookCard card = tenYearOutlook();
    for (auto _ : state)
        benchmark::DoNotOptimize(kvtiers::outlookTornado(kvtiers::CardCatalog::builtin(), card).bars.size());
}
BENCHMARK(BM_OutlookTornado)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
