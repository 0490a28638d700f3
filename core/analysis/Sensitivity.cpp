#include "core/analysis/Sensitivity.h"

#include "core/io/Csv.h"
#include "core/io/InputError.h"
#include "core/scenario/Knobs.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <sstream>

namespace kvtiers {

namespace {

/// The knobs with a sensitivity sweep whose scope passes `wanted`, in table order.
template <typename Wanted> std::vector<Variable> sweptKnobs(const Wanted& wanted)
{
    std::vector<Variable> out;
    for (const Knob& k : knobs())
        if (k.sensitivity.sweep != KnobSweep::None && wanted(k.scope))
            out.push_back(k.id);
    return out;
}

} // namespace

const std::vector<Variable>& allVariables()
{
    static const std::vector<Variable> v
        = sweptKnobs([](KnobScope s) { return s == KnobScope::Workload || s == KnobScope::Hardware; });
    return v;
}

const std::vector<Variable>& fleetVariables()
{
    static const std::vector<Variable> v = [] {
        std::vector<Variable> all = allVariables();
        for (Variable f : sweptKnobs([](KnobScope s) { return s == KnobScope::Fleet; }))
            all.push_back(f);
        return all;
    }();
    return v;
}

const char* variableKey(Variable v)
{
    return knob(v).variableKey();
}

const char* variableLabel(Variable v)
{
    return knob(v).sensitivity.label;
}

std::span<const Option<SensitivityOptions>> sensitivityOptionTable()
{
    using K = OptionKind;
    static const Option<SensitivityOptions> kTable[] = {
        { { sensitivity_keys::kRange, "--range", K::Share, 0, 1, "", "R",
              QT_TRANSLATE_NOOP("Option",
                  "each variable moved down and up by this share of its value, the others held (rates by half as "
                  "many points, the KV format one step): 0.5 or 50%") },
            option_fields::number<&SensitivityOptions::range>() },
        { { sensitivity_keys::kFleet, "--fleet", K::Switch, 0, 0, "", nullptr,
              QT_TRANSLATE_NOOP("Option",
                  "the tornado of a whole fleet, from the fleet's options: each variable moved on every workload at "
                  "once and the fleet sized again; active sequences move through its TPOT target") },
            option_fields::flag<&SensitivityOptions::fleet>() },
    };
    return kTable;
}

const Option<SensitivityOptions>& sensitivityOption(std::string_view key)
{
    if (const Option<SensitivityOptions>* o = findOption(sensitivityOptionTable(), key))
        return *o;
    throw InputError("sensitivity: no option \"" + std::string(key) + "\""); // a caller's slip, not a user's
}

double variableValue(const Scenario& s, Variable v)
{
    const Knob& k = knob(v);
    return k.field.value ? k.field.value(s).value_or(0) : 0;
}

Scenario withVariable(const Scenario& base, Variable v, double value)
{
    Scenario s = base;
    const Knob& k = knob(v);
    if (k.field.setValue)
        k.field.setValue(s, k, value);
    return s;
}

namespace {

/// One step along the KV format ladder (4, 8, 16, 32 bits) from `bits`.
double ladderStep(double bits, int direction)
{
    static constexpr std::array<double, 4> ladder = { 4, 8, 16, 32 };
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

double movedValue(const Knob& k, double value, double range, int direction)
{
    switch (k.sensitivity.sweep) {
    case KnobSweep::Relative:
        return value * (1 + direction * range);
    case KnobSweep::Absolute:
        return value + direction * range * k.sensitivity.span;
    case KnobSweep::Ladder:
        return ladderStep(value, direction);
    case KnobSweep::None:
        break;
    }
    return value;
}

double hbmDemand(const EvalResult& r)
{
    return r.tiers.hbm.used() - r.tiers.hbm.retained + r.overflowBytes;
}

TierDemand replicaDemand(const EvalResult& r)
{
    return { hbmDemand(r), r.tiers.dram.used(), r.tiers.ssd.used() };
}

TierDemand demandPerServer(const EvalResult& r, int gpusPerServer)
{
    const double perServer = static_cast<double>(gpusPerServer) / r.tp;
    return replicaDemand(r).map([perServer](double bytes) { return bytes * perServer; });
}

namespace {

TierDemand demandAt(const Scenario& s)
{
    EvalOptions o;
    o.breakEven = false;
    return demandPerServer(evaluate(s, o), s.hardware.gpusPerServer);
}

/// Each tier's bytes in `a` minus those in `b`, written into `out` (the tiers of a FleetDemand too).
void subtractTiers(TierDemand& out, const TierDemand& a, const TierDemand& b)
{
    for (Tier t : kTiers)
        out[t] = a[t] - b[t];
}

TierDemand minus(const TierDemand& a, const TierDemand& b)
{
    TierDemand d;
    subtractTiers(d, a, b);
    return d;
}

/// The largest |bytes| over the tiers.
double largest(const TierDemand& d)
{
    double most = 0;
    for (Tier t : kTiers)
        most = std::max(most, std::fabs(d[t]));
    return most;
}

/// Largest effect first; ties keep the variables' order.
template <typename Bar> void sortByEffect(std::vector<Bar>& bars)
{
    std::stable_sort(bars.begin(), bars.end(), [](const Bar& a, const Bar& b) { return a.effect > b.effect; });
}

} // namespace

SensitivityResult sensitivity(const Scenario& base, double range)
{
    SensitivityResult out;
    {
        EvalOptions o;
        o.breakEven = false;
        const EvalResult r = evaluate(base, o);
        out.base = demandPerServer(r, base.hardware.gpusPerServer);
        out.baseHbmPrefixCache = r.tiers.hbm.retained * base.hardware.gpusPerServer / r.tp;
    }
    out.relativeRange = range;
    for (Variable v : allVariables()) {
        SensitivityBar bar;
        bar.variable = v;
        const double value = variableValue(base, v);
        bar.lowValue = movedValue(knob(v), value, range, -1);
        bar.highValue = movedValue(knob(v), value, range, +1);
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
    sortByEffect(out.bars);
    return out;
}

std::vector<CurvePoint> scenarioCurve(const Scenario& base, Variable v, const std::vector<double>& values)
{
    std::vector<CurvePoint> points;
    points.reserve(values.size());
    for (double x : values) {
        const Scenario s = withVariable(base, v, x);
        points.push_back({ variableValue(s, v), demandAt(s) });
    }
    return points;
}

// ---- Fleet

FleetDemand fleetDemand(const FleetResult& f)
{
    FleetDemand d;
    static_cast<TierDemand&>(d) = f.bytes;
    d.gpus = f.gpus;
    d.servers = f.servers;
    double replicas = 0, sequences = 0;
    for (const auto& e : f.entries) {
        replicas += e.replicas;
        sequences += e.replicas * e.concurrencyPerReplica;
    }
    d.sequencesPerReplica = replicas > 0 ? sequences / replicas : 0;
    return d;
}

double fleetVariableValue(const FleetResult& f, Variable v)
{
    const Knob& k = knob(v);
    if (v == KnobId::Concurrency)
        return fleetDemand(f).sequencesPerReplica;
    if (v == KnobId::Traffic)
        return f.requestsPerSecond;
    if (k.scope == KnobScope::Hardware) // one server profile for the whole mix (sizeFleet checks it)
        return f.entries.empty() ? 0 : variableValue(f.entries.front().scenario, v);
    double mean = 0;
    for (const auto& e : f.entries)
        mean += e.share * variableValue(e.scenario, v); // shares are normalised
    return mean;
}

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

FleetDemand minus(const FleetDemand& a, const FleetDemand& b)
{
    FleetDemand d;
    subtractTiers(d, a, b);
    d.gpus = a.gpus - b.gpus;
    d.servers = a.servers - b.servers;
    d.sequencesPerReplica = a.sequencesPerReplica - b.sequencesPerReplica;
    return d;
}

/// Writes a moved scenario's value of `v` into a workload's overrides (ScenarioSpec.h's
/// keys), so sizeFleet() resolves the workload with it as with any user override.
void setOverride(Json& overrides, const Scenario& moved, Variable v)
{
    if (!overrides.is_object())
        overrides = Json::object();
    const Knob& k = knob(v);
    if (v == KnobId::KvBits) {
        // kv_bits replaces a kv_dtype (the two may not be given together); the scale stays.
        const KvFormat f = moved.kvFormat();
        overrides.erase(knobKey(KnobId::KvDtype));
        overrides[k.key] = f.bits;
        if (f.scaleBits > 0)
            overrides[knobKey(KnobId::KvScaleBits)] = f.scaleBits;
        else
            overrides.erase(knobKey(KnobId::KvScaleBits));
        return;
    }
    const double value = variableValue(moved, v);
    const bool whole = k.value == KnobValue::Tokens || k.value == KnobValue::Count;
    overrides[k.key] = whole ? Json(static_cast<std::int64_t>(value)) : Json(value);
}

/// The fleet input with `v` moved: `target(current)` is the new value of each workload's
/// variable, of the TPOT target (Concurrency) or of the given traffic (Traffic).
/// `base` is the sizing of `in`: its entries are the mix's resolved scenarios, in order.
template <typename Target>
FleetInput movedFleet(const FleetInput& in, const FleetResult& base, Variable v, const Target& target)
{
    FleetInput out = in;
    if (v == KnobId::Concurrency) {
        out.targets.tpotSeconds = target(in.targets.tpot());
    } else if (v == KnobId::Traffic) {
        if (in.requestsPerSecond > 0)
            out.requestsPerSecond = target(in.requestsPerSecond);
        else
            out.tokensPerDay = target(in.tokensPerDay);
    } else {
        for (size_t i = 0; i < out.mix.size() && i < base.entries.size(); ++i) {
            const Scenario& s = base.entries[i].scenario;
            setOverride(out.mix[i].spec.overrides, withVariable(s, v, target(variableValue(s, v))), v);
        }
    }
    return out;
}

/// sizeFleet(), with an InputError turned into its message and its structured form.
std::optional<FleetResult> trySize(
    const CardCatalog& catalog, const FleetInput& in, std::string* error, InputErrorDetail* detail)
{
    try {
        return sizeFleet(catalog, in);
    } catch (const InputError& e) {
        *error = e.what();
        *detail = e.detail();
        return std::nullopt;
    }
}

} // namespace

FleetSensitivityResult fleetSensitivity(const CardCatalog& catalog, const FleetInput& input, double range)
{
    FleetSensitivityResult out;
    out.fleet = sizeFleet(catalog, input);
    out.base = fleetDemand(out.fleet);
    out.relativeRange = range;
    out.tpotTargetSeconds = input.targets.tpot();
    for (Variable v : fleetVariables()) {
        FleetSensitivityBar bar;
        bar.variable = v;
        bar.baseValue = fleetVariableValue(out.fleet, v);
        auto end = [&](int direction, double& value, double& tpot, FleetDemand& demand, FleetDemand& delta,
                       bool& feasible, std::string& error, InputErrorDetail& detail) {
            const FleetInput moved = movedFleet(
                input, out.fleet, v, [&](double current) { return movedValue(knob(v), current, range, direction); });
            tpot = moved.targets.tpot();
            const auto sized = trySize(catalog, moved, &error, &detail);
            feasible = sized.has_value();
            value = feasible ? fleetVariableValue(*sized, v) : kNaN;
            if (feasible) {
                demand = fleetDemand(*sized);
                delta = minus(demand, out.base);
            }
        };
        end(-1, bar.lowValue, bar.lowTpotSeconds, bar.low, bar.lowDelta, bar.lowFeasible, bar.lowError,
            bar.lowErrorDetail);
        end(+1, bar.highValue, bar.highTpotSeconds, bar.high, bar.highDelta, bar.highFeasible, bar.highError,
            bar.highErrorDetail);
        bar.effect
            = std::max(bar.lowFeasible ? largest(bar.lowDelta) : 0.0, bar.highFeasible ? largest(bar.highDelta) : 0.0);
        out.bars.push_back(std::move(bar));
    }
    sortByEffect(out.bars);
    return out;
}

std::vector<FleetCurvePoint> fleetCurve(
    const CardCatalog& catalog, const FleetInput& input, Variable v, const std::vector<double>& values)
{
    const FleetResult base = sizeFleet(catalog, input);
    const double baseValue = fleetVariableValue(base, v);
    std::vector<FleetCurvePoint> points;
    points.reserve(values.size());
    for (double x : values) {
        auto target = [&](double current) {
            if (v == KnobId::Context) // keep the mix's shape: every context scaled alike
                return baseValue > 0 ? current * x / baseValue : x;
            if (v == KnobId::Traffic) // requests/s, or the tokens/day that give them
                return base.requestsPerSecond > 0 ? current * x / base.requestsPerSecond : current;
            return x;
        };
        const FleetInput moved = movedFleet(input, base, v, target);
        FleetCurvePoint p;
        p.tpotTargetSeconds = moved.targets.tpot();
        const auto sized = trySize(catalog, moved, &p.error, &p.errorDetail);
        p.feasible = sized.has_value();
        if (p.feasible) {
            p.value = fleetVariableValue(*sized, v);
            p.demand = fleetDemand(*sized);
        } else {
            p.value = v == KnobId::Concurrency ? kNaN : x;
        }
        points.push_back(std::move(p));
    }
    return points;
}

// ---- JSON and CSV

} // namespace kvtiers
