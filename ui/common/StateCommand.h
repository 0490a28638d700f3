#pragma once
// StateCommand: one undoable edit of a document held as a value (before and after). Undo
// and redo hand the owner the state to show again, through the owner's own "apply without
// an undo step" member; the edit is pushed on the owner's QUndoStack. Consecutive edits
// with the same non-empty merge key within kMergeWindowMs merge, so a slider drag or a
// spin box's run of steps is one undo step rather than hundreds. The scenario
// (ScenarioCommand) and the Fleet tab's inputs use it, each with its own command id.

#include <QElapsedTimer>
#include <QString>
#include <QUndoCommand>

#include <string>
#include <utility>

namespace kvtiers::ui {

/// Edits of one control closer together than this are one step.
inline constexpr int kUndoMergeWindowMs = 1500;

template <typename Owner, typename State, void (Owner::*Apply)(const State&), int CommandId>
class StateCommand : public QUndoCommand {
public:
    static constexpr int kMergeWindowMs = kUndoMergeWindowMs;

    StateCommand(Owner* owner, State before, State after, const QString& text, std::string mergeKey)
        : QUndoCommand(text)
        , m_owner(owner)
        , m_before(std::move(before))
        , m_after(std::move(after))
        , m_mergeKey(std::move(mergeKey))
    {
        m_lastEdit.start();
    }

    void undo() override { (m_owner->*Apply)(m_before); }
    void redo() override { (m_owner->*Apply)(m_after); }
    /// Without a merge key, -1: never merged.
    int id() const override { return m_mergeKey.empty() ? -1 : CommandId; }
    bool mergeWith(const QUndoCommand* other) override
    {
        // QUndoStack merges only commands of one id, and so of this class.
        const auto* next = static_cast<const StateCommand*>(other);
        if (next->m_mergeKey != m_mergeKey || m_lastEdit.elapsed() > kMergeWindowMs)
            return false;
        m_after = next->m_after;
        m_lastEdit.restart();
        return true;
    }

private:
    Owner* m_owner;
    State m_before;
    State m_after;
    std::string m_mergeKey;
    QElapsedTimer m_lastEdit;
};

} // namespace kvtiers::ui
