#include "ui/scenario/ScenarioController.h"

#include "core/io/InputError.h"
#include "core/scenario/Knobs.h"
#include "ui/text/Translate.h"

#include <QCoreApplication>

#include <map>

namespace kvtiers::ui {

ScenarioController::ScenarioController(QObject* parent)
    : Document(EvaluationMode::GuiThread, articleSpec(), parent)
    , m_catalog(CardCatalog::withInstalledAndUserCards(m_catalogProblems))
{
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
    refresh();
}

void ScenarioController::setSweepHoldsRate(bool hold)
{
    if (hold == m_sweepHoldsRate)
        return;
    m_sweepHoldsRate = hold;
    refresh();
}

void ScenarioController::setOverride(
    const std::string& key, const Json& value, const std::vector<std::string>& removeKeys)
{
    ScenarioSpec next = spec();
    for (const auto& k : removeKeys)
        next.overrides.erase(k);
    next.overrides[key] = value;
    edit(next, tr("Change %1").arg(overrideName(key)), key);
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
        case CardKind::System:
            if (const auto s = catalog().systems().find(idOrFile); s != catalog().systems().end())
                return QString::fromStdString(s->second.name);
            break;
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
    edit(next, tr("Load workload %1").arg(cardNameOrId(CardKind::Workload, id)));
}

void ScenarioController::selectModel(const std::string& id)
{
    ScenarioSpec next = spec();
    next.model = id;
    edit(next, tr("Choose model %1").arg(cardNameOrId(CardKind::Model, id)));
}

void ScenarioController::selectHardware(const std::string& id)
{
    ScenarioSpec next = spec();
    next.hardware = id;
    edit(next, tr("Choose hardware %1").arg(cardNameOrId(CardKind::Hardware, id)));
}

void ScenarioController::resetToArticle()
{
    edit(articleSpec(), tr("Reset to article defaults"));
}

const std::string& ScenarioController::workloadId() const
{
    static const std::string none;
    return hasResult() ? Document::result().workloadId : none;
}

std::optional<ScenarioOutcome::SweepKey> ScenarioController::sweepKey(
    const ScenarioSpec& spec, const Scenario& base) const
{
    // Cards named by id resolve from the catalog alone; a card file is read again at each
    // evaluation and may have changed, so no key.
    const CardCatalog& c = catalog();
    std::string model = spec.model, hardware = spec.hardware;
    if (!spec.workload.empty()) {
        const auto wc = c.workloads().find(spec.workload);
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
    ScenarioOutcome::SweepKey key { spec, base.workload, m_sweepAxis, m_catalogGeneration };
    key.spec.overrides.erase(knobKey(sweepAxisKnob(m_sweepAxis)));
    (m_sweepAxis == SweepAxis::Context ? key.workload.context : key.workload.concurrency) = 0;
    return key;
}

ScenarioOutcome ScenarioController::compute(const ScenarioSpec& spec, const ComputeControl&)
{
    ResolvedScenario resolved = resolveScenario(catalog(), spec);
    ScenarioOutcome out;
    out.result = evaluate(resolved.scenario);
    const SweepRange range = defaultSweepRange(m_sweepAxis);
    const Scenario base = m_sweepHoldsRate ? holdRequestRate(resolved.scenario) : resolved.scenario;
    // A step along the sweep's axis leaves the sweep as it was: reuse it (200
    // evaluations and a bisection, most of the model's share of a slider step).
    out.sweepKey = sweepKey(spec, base);
    const auto& last = optionalResult();
    if (out.sweepKey && last && last->sweepKey && *out.sweepKey == *last->sweepKey) {
        out.sweep = last->sweep;
    } else {
        out.sweep = sweep(base, m_sweepAxis, range.from, range.to, kSweepPoints);
        ++m_sweeps;
    }
    out.scenario = std::move(resolved.scenario);
    out.workloadId = std::move(resolved.workloadId);
    return out;
}

} // namespace kvtiers::ui
