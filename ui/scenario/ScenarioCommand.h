#pragma once
// ScenarioCommand: one undoable scenario change (before/after specs). Consecutive
// commands editing the same knob within a short time merge, so a slider drag is one
// undo step rather than hundreds.

#include "core/catalog/ScenarioSpec.h"

#include <QElapsedTimer>
#include <QUndoCommand>

namespace kvtiers::ui {

class ScenarioController;

class ScenarioCommand : public QUndoCommand {
public:
    ScenarioCommand(ScenarioController* controller, ScenarioSpec before, ScenarioSpec after, const QString& text,
        std::string mergeKey);

    void undo() override;
    void redo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand* other) override;

    /// Edits of one knob closer together than this are one step.
    static constexpr int kMergeWindowMs = 1500;

private:
    ScenarioController* m_controller;
    ScenarioSpec m_before;
    ScenarioSpec m_after;
    std::string m_mergeKey;
    QElapsedTimer m_lastEdit;
};

} // namespace kvtiers::ui
