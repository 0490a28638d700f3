#include "ui/scenario/ScenarioController.h"

#include "core/io/InputError.h"
#include "ui/text/Messages.h"
#include "ui/scenario/ScenarioCommand.h"

#include <QUndoStack>

#include <map>

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
    editSpec(next, tr("Change %1").arg(overrideName(key)), key);
}

QString ScenarioController::overrideName(const std::string& key)
{
    // The controls' own words (without the mnemonic and colon), lower-cased to follow "Change".
    static const std::map<std::string, const char*> names = {
        { "context", QT_TR_NOOP("context per sequence") },
        { "output_tokens", QT_TR_NOOP("output tokens") },
        { "concurrency", QT_TR_NOOP("concurrent sequences per replica") },
        { "kv_dtype", QT_TR_NOOP("KV cache format") },
        { "kv_bits", QT_TR_NOOP("KV cache format") },
        { "kv_scale_bits", QT_TR_NOOP("KV scale bits") },
        { "weight_bits", QT_TR_NOOP("weight bits") },
        { "reuse_rate", QT_TR_NOOP("reuse rate") },
        { "sharing", QT_TR_NOOP("prefix sharing") },
        { "reuse_distance_s", QT_TR_NOOP("reuse distance") },
        { "request_rate_per_s", QT_TR_NOOP("request rate (λ)") },
        { "offload_rate", QT_TR_NOOP("offload rate") },
        { "tp", QT_TR_NOOP("tensor parallel (TP)") },
        { "block_size", QT_TR_NOOP("KV block size") },
        { "allocation", QT_TR_NOOP("allocation") },
        { "gpu_memory_utilization", QT_TR_NOOP("GPU memory utilisation") },
        { "runtime_reserve_bytes", QT_TR_NOOP("runtime reserve") },
        { "streaming", QT_TR_NOOP("streaming (FlexGen)") },
        { "weights_placement", QT_TR_NOOP("weights placement") },
        { "kv_placement", QT_TR_NOOP("KV placement") },
        { "inclusive_tiers", QT_TR_NOOP("inclusive tiers") },
        { "servers", QT_TR_NOOP("servers") },
        { "gpus_per_server", QT_TR_NOOP("GPUs per server") },
        { "host_dram_bytes", QT_TR_NOOP("DRAM per server") },
        { "nvme_bytes", QT_TR_NOOP("NVMe per server") },
    };
    const auto it = names.find(key);
    return it != names.end() ? tr(it->second) : QString::fromStdString(key);
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
