#include "ui/app/FieldUndo.h"

#include <QApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QKeyEvent>
#include <QLineEdit>
#include <QSpinBox>

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

bool FieldUndo::hasUncommittedTyping(const QLineEdit* edit)
{
    if (!edit->isUndoAvailable())
        return false;
    const QWidget* owner = edit->parentWidget();
    // A spin box commits on Enter or focus loss but keeps the typed text: typing is
    // uncommitted only while the text differs from the value it shows.
    if (const auto* spin = qobject_cast<const QDoubleSpinBox*>(owner))
        return spin->cleanText() != spin->locale().toString(spin->value(), 'f', spin->decimals());
    if (const auto* spin = qobject_cast<const QSpinBox*>(owner))
        return spin->cleanText() != spin->locale().toString(spin->value());
    // An editable picker: typing a search that has not picked an item yet.
    if (const auto* combo = qobject_cast<const QComboBox*>(owner))
        return edit->text() != combo->itemText(combo->currentIndex());
    // The window's own fields clear `modified` when they take a value (SliderField,
    // the byte fields).
    return edit->isModified();
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
