#pragma once
// FieldUndo: Ctrl+Z and Ctrl+Shift+Z (and Ctrl+Y) undo and redo scenario edits while the
// cursor is in one of the window's fields, which is the normal state right after typing a
// value. A QLineEdit claims those keys for its own text undo even when it has nothing to
// undo (its text was set from the scenario, or its value was committed), so the Edit
// menu's Undo never fired. The field keeps the keys only while it holds typing not yet
// committed; otherwise they go to the window's Undo and Redo actions.

#include <QObject>

class QWidget;

namespace kvtiers::ui {

class FieldUndo : public QObject {
    Q_OBJECT
public:
    /// Watches the fields inside `window` (installed on the application, owned by `window`).
    static void install(QWidget* window);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    explicit FieldUndo(QWidget* window);
    QWidget* m_window;
};

} // namespace kvtiers::ui
