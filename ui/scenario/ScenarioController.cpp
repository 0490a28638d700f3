#include "ui/scenario/ScenarioController.h"

#include "core/io/InputError.h"
#include "core/scenario/Knobs.h"
#include "ui/scenario/ScenarioCommand.h"
#include "ui/text/Translate.h"

#include <QCoreApplication>
#include <QUndoStack>

#include <map>

namespace kvtiers::ui {

ScenarioController::ScenarioController(QObject* parent)
    : QObject(parent)
    , m_catalog(CardCatalog::withInstalledAndUserCards(m_catalogProblems))
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
    return m_catalog;
}

void ScenarioController::addUserCard(CardKind kind, const std::string& text, const std::string& origin)
{
    m_catalog.addCard(kind, text, origin);
    ++m_catalogGeneration;
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

void ScenarioController::setSweepHoldsRate(bool hold)
{
    if (hold == m_sweepHoldsRate)
        return;
    m_sweepHoldsRate = hold;
    m_timer.start();
}

void ScenarioController::setOverride(
    const std::string& key, const Json& value, const std::vector<std::string>& removeKeys)
{
    ScenarioSpec next = m_spec;
    for (const auto& k : removeKeys)
        next.overrides.erase(k);
    next.overrides[key] = value;
    editSpec(next, tr("Change %1").arg(overrideName(key)), key);
}

QString ScenarioController::overrideName(const std::string& key)
{
    // The knob's label (core/scenario/Knobs.cpp), lower case to follow "Change".
    const Knob* knob = findKnob(key);
    return knob ? QCoreApplication::translate("Knob", knob->label) : QString::fromStdString(key);
}

QString ScenarioController::cardName(CardKind kind, const std::string& idOrFile) const
{
    // A built-in id is a map look-up; a card file is read once more (one user action).
    try {
        switch (kind) {
        case CardKind::Model:
            return QString::fromStdString(catalog().resolveModel(idOrFile).name);
        case CardKind::Hardware:
            return QString::fromStdString(catalog().resolveHardware(idOrFile).name);
        case CardKind::Workload:
            return QString::fromStdString(catalog().resolveWorkload(idOrFile).name);
        case CardKind::Outlook:
            return QString::fromStdString(catalog().resolveOutlook(idOrFile).name);
        }
    } catch (const std::exception&) {
        // An unknown id or unreadable file: the evaluation reports why.
    }
    return {};
}

QString ScenarioController::cardNameOrId(CardKind kind, const std::string& idOrFile) const
{
    const QString name = cardName(kind, idOrFile);
    return name.isEmpty() ? QString::fromStdString(idOrFile) : name;
}

void ScenarioController::selectWorkload(const std::string& id)
{
    ScenarioSpec next;
    next.workload = id;
    editSpec(next, tr("Load workload %1").arg(cardNameOrId(CardKind::Workload, id)));
}

void ScenarioController::selectModel(const std::string& id)
{
    ScenarioSpec next = m_spec;
    next.model = id;
    editSpec(next, tr("Choose model %1").arg(cardNameOrId(CardKind::Model, id)));
}

void ScenarioController::selectHardware(const std::string& id)
{
    ScenarioSpec next = m_spec;
    next.hardware = id;
    editSpec(next, tr("Choose hardware %1").arg(cardNameOrId(CardKind::Hardware, id)));
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

void ScenarioController::rewordError()
{
    if (!m_inputError)
        return;
    const QString error = translated(m_inputError->message());
    if (error != m_error) {
        m_error = error;
        emit errorChanged(m_error);
    }
}

void ScenarioController::flush()
{
    if (m_timer.isActive()) {
        m_timer.stop();
        evaluateNow();
    }
}

std::optional<ScenarioController::SweepKey> ScenarioController::sweepKey(const Scenario& base) const
{
    // Cards named by id resolve from the catalog alone; a card file is read again at each
    // evaluation and may have changed, so no key.
    const CardCatalog& c = catalog();
    std::string model = m_spec.model, hardware = m_spec.hardware;
    if (!m_spec.workload.empty()) {
        const auto wc = c.workloads().find(m_spec.workload);
        if (wc == c.workloads().end())
            return std::nullopt;
        if (model.empty())
            model = wc->second.modelId;
        if (hardware.empty())
            hardware = wc->second.hardwareId;
    }
    if (hardware.empty())
        hardware = CardCatalog::kDefaultHardware;
    const auto& restore = base.workload.restorePath;
    if (!c.models().contains(model) || !c.hardware().contains(hardware)
        || (restore && !c.restorePaths().contains(*restore)))
        return std::nullopt;
    // The swept knob is a workload knob: its override sets only that field, which every
    // point of the sweep sets again. The rest of the spec decides the cards' fields.
    SweepKey key { m_spec, base.workload, m_sweepAxis, m_catalogGeneration };
    key.spec.overrides.erase(knobKey(sweepAxisKnob(m_sweepAxis)));
    (m_sweepAxis == SweepAxis::Context ? key.workload.context : key.workload.concurrency) = 0;
    return key;
}

void ScenarioController::evaluateNow()
{
    QString error;
    m_inputError.reset();
    try {
        ResolvedScenario resolved = resolveScenario(catalog(), m_spec);
        EvalResult result = evaluate(resolved.scenario);
        const SweepRange range = defaultSweepRange(m_sweepAxis);
        const Scenario base = m_sweepHoldsRate ? holdRequestRate(resolved.scenario) : resolved.scenario;
        // A step along the sweep's axis leaves the sweep as it was: reuse it (200
        // evaluations and a bisection, most of the model's share of a slider step).
        std::optional<SweepKey> key = sweepKey(base);
        const bool reuse = key && m_sweepKey && m_hasResult && *key == *m_sweepKey;
        SweepResult swept = reuse ? m_sweep : sweep(base, m_sweepAxis, range.from, range.to, kSweepPoints);
        if (!reuse)
            ++m_sweeps;
        m_scenario = std::move(resolved.scenario);
        m_workloadId = resolved.workloadId;
        m_result = result;
        m_sweep = std::move(swept);
        m_sweepKey = std::move(key);
        m_hasResult = true;
    } catch (const InputError& e) {
        error = translated(e.message()); // in the UI language where the error has a structured form
        m_inputError = e;
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
