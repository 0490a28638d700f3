#include "ScenarioController.h"

#include "InputError.h"
#include "Messages.h"
#include "ScenarioCommand.h"

#include <QUndoStack>

namespace kvtiers::ui {

ScenarioController::ScenarioController(QObject* parent)
    : QObject(parent)
    , m_spec(articleSpec())
    , m_undoStack(new QUndoStack(this))
{
    m_timer.setSingleShot(true);
    m_timer.setInterval(0);
    connect(&m_timer, &QTimer::timeout, this, &ScenarioController::evaluateNow);
    m_timer.start();
}

const CardCatalog& ScenarioController::catalog() const
{
    return CardCatalog::builtin();
}

ScenarioSpec ScenarioController::articleSpec()
{
    ScenarioSpec spec;
    spec.workload = "article";
    return spec;
}

void ScenarioController::setSweepAxis(SweepAxis axis)
{
    if (axis == m_sweepAxis)
        return;
    m_sweepAxis = axis;
    m_timer.start();
}

void ScenarioController::setOverride(
    const std::string& key, const Json& value, const std::vector<std::string>& removeKeys)
{
    ScenarioSpec next = m_spec;
    for (const auto& k : removeKeys)
        next.overrides.erase(k);
    next.overrides[key] = value;
    editSpec(next, tr("Change %1").arg(QString::fromStdString(key)), key);
}

void ScenarioController::selectWorkload(const std::string& id)
{
    ScenarioSpec next;
    next.workload = id;
    editSpec(next, tr("Load workload %1").arg(QString::fromStdString(id)));
}

void ScenarioController::selectModel(const std::string& id)
{
    ScenarioSpec next = m_spec;
    next.model = id;
    editSpec(next, tr("Choose model %1").arg(QString::fromStdString(id)));
}

void ScenarioController::selectHardware(const std::string& id)
{
    ScenarioSpec next = m_spec;
    next.hardware = id;
    editSpec(next, tr("Choose hardware %1").arg(QString::fromStdString(id)));
}

void ScenarioController::resetToArticle()
{
    editSpec(articleSpec(), tr("Reset to article defaults"));
}

void ScenarioController::editSpec(const ScenarioSpec& spec, const QString& undoText, const std::string& mergeKey)
{
    if (spec == m_spec)
        return;
    m_undoStack->push(new ScenarioCommand(this, m_spec, spec, undoText, mergeKey));
}

void ScenarioController::applySpec(const ScenarioSpec& spec)
{
    m_spec = spec;
    emit specChanged();
    m_timer.start(); // restarting a pending zero timer keeps one evaluation: the newest
}

void ScenarioController::refresh()
{
    m_timer.start();
}

void ScenarioController::flush()
{
    if (m_timer.isActive()) {
        m_timer.stop();
        evaluateNow();
    }
}

void ScenarioController::evaluateNow()
{
    QString error;
    try {
        ResolvedScenario resolved = resolveScenario(catalog(), m_spec);
        EvalResult result = evaluate(resolved.scenario);
        SweepResult swept = m_sweepAxis == SweepAxis::Context
            ? sweep(resolved.scenario, SweepAxis::Context, kSweepContextFrom, kSweepContextTo, kSweepPoints)
            : sweep(
                resolved.scenario, SweepAxis::Concurrency, kSweepConcurrencyFrom, kSweepConcurrencyTo, kSweepPoints);
        m_scenario = std::move(resolved.scenario);
        m_workloadId = resolved.workloadId;
        m_result = result;
        m_sweep = std::move(swept);
        m_hasResult = true;
    } catch (const InputError& e) {
        error = Messages::inputErrorText(e); // in the UI language where the error has a structured form
    } catch (const std::exception& e) {
        // Not expected from the core, but a GUI must show it rather than die.
        error = tr("Internal error: %1").arg(QString::fromStdString(e.what()));
    }
    ++m_evaluations;
    if (error != m_error) {
        m_error = error;
        emit errorChanged(m_error);
    }
    if (error.isEmpty())
        emit resultChanged();
    emit evaluated();
}

} // namespace kvtiers::ui
