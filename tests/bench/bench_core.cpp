// Core micro-benchmarks, Google Benchmark: one full scenario evaluation with
// every output (break-even included), and a 1,000-point sweep over context.
// Run through scripts/bench, which collects the medians into bench.json.

#include "core/cards/CardCatalog.h"
#include "core/model/Evaluation.h"
#include "core/scenario/ScenarioSpec.h"
#include "core/scenario/Sweep.h"

#include <benchmark/benchmark.h>

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
    spec.overrides = {{"context", 32768}, {"concurrency", 256}, {"output_tokens", 512}, {"reuse_rate", 0.6},
                      {"sharing", 4}, {"reuse_distance_s", 600}, {"offload_rate", 1.0}, {"inclusive_tiers", true}};
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

} // namespace

BENCHMARK_MAIN();
