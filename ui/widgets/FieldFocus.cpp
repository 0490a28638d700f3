#include "ui/widgets/FieldFocus.h"

#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QLineEdit>
#include <QScrollBar>
#include <QSpinBox>

namespace kvtiers::ui {

bool hasUncommittedTyping(const QLineEdit* edit)
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
    return edit->isModified();
}

namespace {

/// The widgets a turned wheel would change: spin boxes, combos and sliders, not scroll bars.
bool wheelChangesValue(const QObject* object)
{
    return qobject_cast<const QAbstractSpinBox*>(object) || qobject_cast<const QComboBox*>(object)
        || (qobject_cast<const QAbstractSlider*>(object) && !qobject_cast<const QScrollBar*>(object));
}

} // namespace

namespace {

/// Qt gives these the focus on a wheel turn (Qt::WheelFocus), which would let the wheel
/// through: they take it by click and Tab only.
void noFocusByWheel(QWidget* widget)
{
    if (widget->focusPolicy() == Qt::WheelFocus)
        widget->setFocusPolicy(Qt::StrongFocus);
}

} // namespace

void WheelOnlyWhenFocused::install(QObject* owner)
{
    qApp->installEventFilter(new WheelOnlyWhenFocused(owner));
    // Widgets polished before: now; the others as they are polished.
    for (QWidget* widget : QApplication::allWidgets())
        if (wheelChangesValue(widget))
            noFocusByWheel(widget);
}

bool WheelOnlyWhenFocused::eventFilter(QObject* watched, QEvent* event)
{
    const QEvent::Type type = event->type();
    if (type != QEvent::Polish && type != QEvent::Wheel)
        return false;
    if (!wheelChangesValue(watched))
        return false;
    auto* widget = static_cast<QWidget*>(watched);
    if (type == QEvent::Polish) {
        noFocusByWheel(widget);
        return false;
    }
    if (widget->hasFocus())
        return false;
    // Ignored and filtered: Qt hands the wheel on to the parents, the scroll area among them.
    event->ignore();
    return true;
}

} // namespace kvtiers::ui
