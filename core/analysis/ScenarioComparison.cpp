#include "core/analysis/ScenarioComparison.h"

#include "core/io/Csv.h"
#include "core/io/InputError.h"

#include <cmath>
#include <functional>
#include <limits>
#include <sstream>

namespace kvtiers {

const ComparedFigure* ScenarioComparison::figure(const std::string& key) const
{
    for (const auto& f : figures)
        if (f.key == key)
            return &f;
    return nullptr;
}

namespace {

struct FigureDef {
    const char* key;
    const char* label;
    FigureUnit unit;
    std::function<double(const EvalResult&)> get;
};

const std::vector<FigureDef>& figureDefs()
{
    static const std::vector<FigureDef> defs = {
        { "kv_bytes_per_token", "KV bytes per token", FigureUnit::Bytes,
            [](const EvalResult& r) { return r.kvBytesPerToken; } },
        { "kv_bytes_per_request", "KV bytes per request", FigureUnit::Bytes,
            [](const EvalResult& r) { return r.kvBytesPerRequest; } },
        { "hot_set_bytes", "Hot set", FigureUnit::Bytes, [](const EvalResult& r) { return r.hotSetBytes; } },
        { "max_concurrency", "Max concurrency", FigureUnit::Count,
            [](const EvalResult& r) { return r.maxConcurrency; } },
        { "hbm_used_bytes", "HBM used (replica)", FigureUnit::Bytes,
            [](const EvalResult& r) { return r.tiers.hbm.used(); } },
        { "dram_used_bytes", "DRAM used (replica)", FigureUnit::Bytes,
            [](const EvalResult& r) { return r.tiers.dram.used(); } },
        { "ssd_used_bytes", "SSD used (replica)", FigureUnit::Bytes,
            [](const EvalResult& r) { return r.tiers.ssd.used(); } },
        { "overflow_bytes", "Overflow", FigureUnit::Bytes, [](const EvalResult& r) { return r.overflowBytes; } },
        { "achieved_reuse_rate", "Achieved reuse", FigureUnit::Share,
            [](const EvalResult& r) { return r.achievedReuse; } },
        { "ttft_no_reuse_seconds", "TTFT without reuse", FigureUnit::Seconds,
            [](const EvalResult& r) { return r.ttftNoReuseSeconds; } },
        { "ttft_with_reuse_seconds", "TTFT with reuse", FigureUnit::Seconds,
            [](const EvalResult& r) { return r.ttftWithReuseSeconds; } },
        { "tokens_per_second", "Tokens/s (replica)", FigureUnit::TokensPerSecond,
            [](const EvalResult& r) { return r.tokensPerSecond; } },
    };
    return defs;
}

} // namespace

ScenarioComparison compareScenarios(const std::vector<std::string>& labels, const std::vector<Scenario>& scenarios)
{
    if (scenarios.size() < 2 || scenarios.size() > 4)
        throw InputError("compare: pick 2 to 4 scenarios (got " + std::to_string(scenarios.size()) + ")");
    if (labels.size() != scenarios.size())
        throw InputError("compare: one label per scenario");
    ScenarioComparison c;
    c.labels = labels;
    c.scenarios = scenarios;
    for (const auto& s : scenarios)
        c.results.push_back(evaluate(s));
    for (const auto& def : figureDefs()) {
        ComparedFigure f { def.key, def.label, def.unit, {}, {}, {} };
        const double base = def.get(c.results.front());
        for (const auto& r : c.results) {
            const double v = def.get(r);
            f.values.push_back(v);
            f.absolute.push_back(v - base);
            f.relative.push_back(base != 0 ? (v - base) / base : std::numeric_limits<double>::quiet_NaN());
        }
        c.figures.push_back(std::move(f));
    }
    return c;
}

} // namespace kvtiers
