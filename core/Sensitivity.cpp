#include "Sensitivity.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace kvtiers {

const std::vector<Variable>& allVariables()
{
    static const std::vector<Variable> v = {Variable::Context, Variable::Concurrency, Variable::KvBits,
                                            Variable::ReuseRate, Variable::OffloadRate, Variable::DramPerServer,
                                            Variable::NvmePerServer};
    return v;
}

const char* variableKey(Variable v)
{
    switch (v) {
    case Variable::Context: return "context";
    case Variable::Concurrency: return "concurrency";
    case Variable::KvBits: return "kv_bits";
    case Variable::ReuseRate: return "reuse_rate";
    case Variable::OffloadRate: return "offload_rate";
    case Variable::DramPerServer: return "dram_per_server";
    case Variable::NvmePerServer: return "nvme_per_server";
    }
    return "?";
}

const char* variableLabel(Variable v)
{
    switch (v) {
    case Variable::Context: return "Average input context";
    case Variable::Concurrency: return "Active sequences per replica";
    case Variable::KvBits: return "KV bytes per token (format)";
    case Variable::ReuseRate: return "Prefix-cache hit rate";
    case Variable::OffloadRate: return "HBM→host offload rate";
    case Variable::DramPerServer: return "DRAM per server";
    case Variable::NvmePerServer: return "NVMe per server";
    }
    return "?";
}

double variableValue(const Scenario& s, Variable v)
{
    switch (v) {
    case Variable::Context: return s.workload.context;
    case Variable::Concurrency: return s.workload.concurrency;
    case Variable::KvBits: return s.kvFormat().bits;
    case Variable::ReuseRate: return s.workload.reuseRate;
    case Variable::OffloadRate: return s.workload.offloadRate;
    case Variable::DramPerServer: return s.hardware.hostDramBytes;
    case Variable::NvmePerServer: return s.hardware.nvmeBytes;
    }
    return 0;
}

Scenario withVariable(const Scenario& base, Variable v, double value)
{
    Scenario s = base;
    switch (v) {
    case Variable::Context:
        s.workload.context = std::clamp(std::round(value), std::max(1.0, s.workload.outputTokens + 1), limits::kMaxContext);
        break;
    case Variable::Concurrency:
        s.workload.concurrency = std::clamp(std::round(value), 1.0, limits::kMaxConcurrency);
        break;
    case Variable::KvBits: {
        KvFormat f = s.kvFormat();
        f.bits = std::clamp(value, 0.5, kMaxKvBits);
        s.workload.kv = f;
        break;
    }
    case Variable::ReuseRate: s.workload.reuseRate = std::clamp(value, 0.0, 1.0); break;
    case Variable::OffloadRate: s.workload.offloadRate = std::clamp(value, 0.0, 1.0); break;
    case Variable::DramPerServer: s.hardware.hostDramBytes = std::max(0.0, value); break;
    case Variable::NvmePerServer: s.hardware.nvmeBytes = std::max(0.0, value); break;
    }
    return s;
}

double hbmDemand(const EvalResult& r)
{
    return r.hbm.used() - r.hbm.retained + r.overflowBytes;
}

TierDemand demandPerServer(const EvalResult& r, int gpusPerServer)
{
    const double perServer = static_cast<double>(gpusPerServer) / r.tp;
    return {hbmDemand(r) * perServer, r.dram.used() * perServer, r.ssd.used() * perServer};
}

namespace {

TierDemand demandAt(const Scenario& s)
{
    EvalOptions o;
    o.breakEven = false;
    return demandPerServer(evaluate(s, o), s.hardware.gpusPerServer);
}

TierDemand minus(const TierDemand& a, const TierDemand& b)
{
    return {a.hbm - b.hbm, a.dram - b.dram, a.ssd - b.ssd};
}

double largest(const TierDemand& d)
{
    return std::max({std::fabs(d.hbm), std::fabs(d.dram), std::fabs(d.ssd)});
}

/// One step along the KV format ladder (4, 8, 16, 32 bits) from `bits`.
double kvStep(double bits, int direction)
{
    static constexpr std::array<double, 4> ladder = {4, 8, 16, 32};
    if (direction < 0) {
        for (auto it = ladder.rbegin(); it != ladder.rend(); ++it)
            if (*it < bits)
                return *it;
        return bits;
    }
    for (double b : ladder)
        if (b > bits)
            return b;
    return bits;
}

} // namespace

SensitivityResult sensitivity(const Scenario& base, double range)
{
    SensitivityResult out;
    out.base = demandAt(base);
    for (Variable v : allVariables()) {
        SensitivityBar bar;
        bar.variable = v;
        const double value = variableValue(base, v);
        if (v == Variable::KvBits) {
            bar.lowValue = kvStep(value, -1);
            bar.highValue = kvStep(value, +1);
        } else {
            bar.lowValue = value * (1 - range);
            bar.highValue = value * (1 + range);
        }
        const Scenario lowScenario = withVariable(base, v, bar.lowValue);
        const Scenario highScenario = withVariable(base, v, bar.highValue);
        bar.lowValue = variableValue(lowScenario, v); // as clamped
        bar.highValue = variableValue(highScenario, v);
        bar.low = demandAt(lowScenario);
        bar.high = demandAt(highScenario);
        bar.lowDelta = minus(bar.low, out.base);
        bar.highDelta = minus(bar.high, out.base);
        bar.effect = std::max(largest(bar.lowDelta), largest(bar.highDelta));
        out.bars.push_back(bar);
    }
    std::stable_sort(out.bars.begin(), out.bars.end(),
                     [](const SensitivityBar& a, const SensitivityBar& b) { return a.effect > b.effect; });
    return out;
}

std::vector<CurvePoint> scenarioCurve(const Scenario& base, Variable v, const std::vector<double>& values)
{
    std::vector<CurvePoint> points;
    points.reserve(values.size());
    for (double x : values) {
        const Scenario s = withVariable(base, v, x);
        points.push_back({variableValue(s, v), demandAt(s)});
    }
    return points;
}

} // namespace kvtiers
