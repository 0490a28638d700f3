#include "ui/sensitivity/SensitivityDocument.h"

#include "core/io/InputError.h"
#include "ui/common/DisplayOptions.h"
#include "ui/export/SensitivityExport.h"

#include <algorithm>
#include <cmath>

namespace kvtiers::ui {

namespace {

/// `n` values from `from` to `to`, evenly spaced on a log scale.
std::vector<double> geometric(double from, double to, int n, bool whole)
{
    std::vector<double> values;
    for (int i = 0; i < n; ++i) {
        const double v = from * std::pow(to / from, i / double(n - 1));
        values.push_back(whole ? std::round(v) : v);
    }
    return values;
}

/// The sweep of a variable around its current value `now` (scenario and fleet alike).
std::vector<double> sweepValues(Variable variable, double now)
{
    std::vector<double> values;
    switch (knob(variable).value) {
    case KnobValue::Tokens: // the context
        // From the controls' smallest context (1K tokens) up to 4× the current one (at least
        // 1M), log-spaced.
        values = geometric(knob(variable).gui.min, std::max(1048576.0, now * 4), 40, true);
        break;
    case KnobValue::Count: // active sequences
        values = geometric(knob(variable).gui.min, std::max(64.0, now * 4), 40, true);
        break;
    case KnobValue::Format:
        // The KV format ladder the article discusses: 4-bit, FP8, BF16, FP32, and between.
        values = { 4, 5, 6, 7, 8, 10, 12, 14, 16, 20, 24, 28, 32 };
        break;
    case KnobValue::Fraction:
        for (int i = 0; i <= 20; ++i)
            values.push_back(i * 0.05);
        break;
    case KnobValue::Bytes: {
        const double top = now > 0 ? now * 2 : 8 * TiB;
        for (int i = 0; i <= 32; ++i)
            values.push_back(top * i / 32.0);
        break;
    }
    case KnobValue::Number: // total traffic
        // 10% to 3× the current traffic.
        for (int i = 1; i <= 30; ++i)
            values.push_back(now * i / 10.0);
        break;
    default:
        break;
    }
    values.erase(std::unique(values.begin(), values.end()), values.end());
    return values;
}

/// Whether `a` and `b` ask the same question (the measure aside, which only picks what is
/// drawn): the same scope, range and curve, of the same scenario or fleet.
bool sameQuestion(const SensitivityInput& a, const SensitivityInput& b)
{
    if (a.scope != b.scope || a.range != b.range || a.curveVariable != b.curveVariable)
        return false;
    return a.scope == SensitivityScope::Fleet ? a.fleet == b.fleet : a.scenario == b.scenario;
}

constexpr const char* kContext = "kvtiers::ui::SensitivityDocument";

} // namespace

SensitivityDocument::SensitivityDocument(QObject* parent)
    : Document(EvaluationMode::GuiThread, SensitivityInput {}, parent)
{
}

void SensitivityDocument::setScenario(const Scenario& scenario)
{
    SensitivityInput next = input();
    next.scenario = std::make_shared<const Scenario>(scenario);
    setInput(next);
}

void SensitivityDocument::setFleetInput(const CardCatalog& catalog, const FleetInput& fleet)
{
    m_catalog = &catalog;
    SensitivityInput next = input();
    next.fleet = std::make_shared<const FleetInput>(fleet);
    setInput(next);
}

void SensitivityDocument::setScope(SensitivityScope scope)
{
    SensitivityInput next = input();
    next.scope = scope;
    if (scope == SensitivityScope::Scenario) {
        // A scenario has neither GPUs to count nor a traffic to move.
        if (next.measure == TornadoMeasure::Gpus)
            next.measure = TornadoMeasure::Hbm;
        if (next.curveVariable == Variable::Traffic)
            next.curveVariable = Variable::ReuseRate;
    }
    if (next != input())
        setInput(next);
}

void SensitivityDocument::setMeasure(TornadoMeasure measure)
{
    SensitivityInput next = input();
    next.measure
        = next.scope == SensitivityScope::Fleet || measure != TornadoMeasure::Gpus ? measure : TornadoMeasure::Ssd;
    if (next != input())
        setInput(next);
}

void SensitivityDocument::setRange(double relativeRange)
{
    SensitivityInput next = input();
    next.range = relativeRange;
    if (next != input())
        setInput(next);
}

void SensitivityDocument::setCurveVariable(Variable variable)
{
    SensitivityInput next = input();
    next.curveVariable = variable;
    if (next != input())
        setInput(next);
}

const SensitivityOutcome* SensitivityDocument::analysis() const
{
    return hasResult() && errorMessage().isEmpty() ? &result() : nullptr;
}

std::vector<double> SensitivityDocument::curveValues(const Scenario& scenario, Variable variable)
{
    if (variable == Variable::Traffic)
        return {}; // a scenario has no traffic
    return sweepValues(variable, variableValue(scenario, variable));
}

std::vector<double> SensitivityDocument::fleetCurveValues(
    const FleetResult& fleet, double tpotTargetSeconds, Variable variable)
{
    // A fleet's concurrency is set by its TPOT target: sweep the target from a quarter to
    // four times the current one (fleetCurve() reports the sequences each allows).
    if (variable == Variable::Concurrency)
        return geometric(tpotTargetSeconds / 4, tpotTargetSeconds * 4, 33, false);
    return sweepValues(variable, fleetVariableValue(fleet, variable));
}

SensitivityOutcome SensitivityDocument::compute(const SensitivityInput& input, const ComputeControl&)
{
    // A new measure only redraws: the analysis of the same question is kept.
    if (const auto& last = optionalResult(); last && sameQuestion(last->input, input)) {
        SensitivityOutcome kept = *last;
        kept.input = input;
        return kept;
    }
    return input.scope == SensitivityScope::Fleet ? analyseFleet(input) : analyseScenario(input);
}

SensitivityOutcome SensitivityDocument::analyseScenario(const SensitivityInput& input) const
{
    SensitivityOutcome out;
    out.input = input;
    if (!input.scenario)
        return out; // nothing to analyse until the Scenario tab has evaluated
    const Variable v = input.curveVariable;
    out.result = sensitivity(*input.scenario, input.range);
    out.curve = scenarioCurve(*input.scenario, v, curveValues(*input.scenario, v));
    return out;
}

SensitivityOutcome SensitivityDocument::analyseFleet(const SensitivityInput& input) const
{
    if (!input.fleet || !m_catalog)
        throw InputError(Message { kContext,
            QT_TRANSLATE_NOOP(
                "kvtiers::ui::SensitivityDocument", "No fleet yet: build a traffic mix on the Fleet tab.") });
    SensitivityOutcome out;
    out.input = input;
    try {
        out.fleetResult = fleetSensitivity(*m_catalog, *input.fleet, input.range);
        out.fleetCurve = kvtiers::fleetCurve(*m_catalog, *input.fleet, input.curveVariable,
            fleetCurveValues(out.fleetResult->fleet, input.fleet->targets.tpot(), input.curveVariable));
    } catch (const InputError& e) {
        // The core's reason, in the UI language, after the tab's own words.
        throw InputError(
            Message { kContext, QT_TRANSLATE_NOOP("kvtiers::ui::SensitivityDocument", "The fleet cannot be sized: %1"),
                { MessageArg({ e.message() }, "") } });
    }
    return out;
}

ByteUnits SensitivityDocument::units() const
{
    return m_display ? m_display->units() : ByteUnits::Binary;
}

QString SensitivityDocument::writeTornado(const QString& path) const
{
    const SensitivityOutcome* a = analysis();
    const SensitivityInput& in = input();
    if (in.scope == SensitivityScope::Fleet) {
        if (!a || !a->fleetResult || !a->input.fleet)
            return tr("%1: nothing to export: the fleet cannot be sized").arg(path);
        return SensitivityExport::exportFleetTornado(
            path, *a->input.fleet, *a->fleetResult, in.measure, units(), m_exportOptions);
    }
    if (!a || !a->result || !a->input.scenario)
        return tr("%1: nothing to export: no scenario yet").arg(path);
    return SensitivityExport::exportTornado(
        path, *a->input.scenario, *a->result, measuredTier(in.measure).value_or(Tier::Hbm), units(), m_exportOptions);
}

QString SensitivityDocument::writeCurve(const QString& path) const
{
    const SensitivityOutcome* a = analysis();
    const Variable variable = input().curveVariable;
    if (input().scope == SensitivityScope::Fleet) {
        if (!a || !a->fleetResult || !a->input.fleet)
            return tr("%1: nothing to export: the fleet cannot be sized").arg(path);
        return SensitivityExport::exportFleetCurve(
            path, *a->input.fleet, a->fleetResult->fleet, variable, a->fleetCurve, units(), m_exportOptions);
    }
    if (!a || !a->result || !a->input.scenario)
        return tr("%1: nothing to export: no scenario yet").arg(path);
    return SensitivityExport::exportCurve(path, *a->input.scenario, variable, a->curve, units(), m_exportOptions);
}

QList<DocumentExport> SensitivityDocument::exports() const
{
    const SensitivityOutcome* a = analysis();
    if (!a || (!a->result && !a->fleetResult))
        return {};
    const QStringList formats
        = { QStringLiteral("png"), QStringLiteral("svg"), QStringLiteral("pdf"), QStringLiteral("csv") };
    return {
        { QStringLiteral("sensitivity-tornado"), tr("Tornado chart"), formats,
            [this](const QString& path) { return writeTornado(path); } },
        { QStringLiteral("sensitivity-curve"), tr("Demand curve"), formats,
            [this](const QString& path) { return writeCurve(path); } },
    };
}

void SensitivityDocument::setDisplayOptions(DisplayOptions* options)
{
    m_display = options;
}

} // namespace kvtiers::ui
