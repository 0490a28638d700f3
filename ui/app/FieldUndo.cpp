#include "ui/app/FieldUndo.h"

#include "ui/widgets/FieldFocus.h"

#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QKeyEvent>
#include <QLineEdit>

namespace kvtiers::ui {

FieldUndo::FieldUndo(QWidget* window)
    : QObject(window)
    , m_window(window)
{
}

void FieldUndo::install(QWidget* window)
{
    qApp->installEventFilter(new FieldUndo(window));
}

bool FieldUndo::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() != QEvent::ShortcutOverride)
        return false;
    // A spin box (and an editable picker) takes the event itself and hands it to its
    // line edit.
    auto* edit = qobject_cast<QLineEdit*>(watched);
    if (!edit && (qobject_cast<QAbstractSpinBox*>(watched) || qobject_cast<QComboBox*>(watched)))
        edit = watched->findChild<QLineEdit*>(QString(), Qt::FindDirectChildrenOnly);
    if (!edit || !m_window->isAncestorOf(edit) || edit->isReadOnly())
        return false;
    auto* key = static_cast<QKeyEvent*>(event);
    if (!key->matches(QKeySequence::Undo) && !key->matches(QKeySequence::Redo))
        return false;
    if (hasUncommittedTyping(edit))
        return false; // the field undoes its own typing first
    key->ignore();    // not claimed by the field: the window's shortcut runs
    return true;
}

} // namespace kvtiers::ui
