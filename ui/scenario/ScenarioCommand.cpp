#include "ui/scenario/ScenarioCommand.h"

#include "ui/scenario/ScenarioController.h"

namespace kvtiers::ui {

ScenarioCommand::ScenarioCommand(
    ScenarioController* controller, ScenarioSpec before, ScenarioSpec after, const QString& text, std::string mergeKey)
    : QUndoCommand(text)
    , m_controller(controller)
    , m_before(std::move(before))
    , m_after(std::move(after))
    , m_mergeKey(std::move(mergeKey))
{
    m_lastEdit.start();
}

void ScenarioCommand::undo()
{
    m_controller->applySpec(m_before);
}
void ScenarioCommand::redo()
{
    m_controller->applySpec(m_after);
}

int ScenarioCommand::id() const
{
    return m_mergeKey.empty() ? -1 : 1;
}

bool ScenarioCommand::mergeWith(const QUndoCommand* other)
{
    const auto* next = static_cast<const ScenarioCommand*>(other);
    if (next->m_mergeKey != m_mergeKey || m_lastEdit.elapsed() > kMergeWindowMs)
        return false;
    m_after = next->m_after;
    m_lastEdit.restart();
    return true;
}

} // namespace kvtiers::ui
