#pragma once
// FieldFocus: how a form's fields share the keyboard and the wheel with the window.
// - A field holds typing of its own (text not yet committed as a value) only while its
//   text differs from the value it shows; otherwise the window may show another value in
//   it (an undo, a preset) even while it has the focus.
// - Spin boxes, combos and sliders take the mouse wheel only when they have the focus,
//   as scrolling forms in Qt applications do: a wheel turned over a scrolled panel scrolls
//   it and never changes the number under the pointer.

#include <QObject>

class QLineEdit;

namespace kvtiers::ui {

/// True while `edit` holds typing of its own (text not yet committed as a value): a spin
/// box's or an editable combo's text differing from its value or item, or a plain line
/// edit's `modified` flag (the window's fields clear it when they take a value).
bool hasUncommittedTyping(const QLineEdit* edit);

/// Watches every widget of the application: spin boxes, combos and sliders (never scroll
/// bars) stop taking the wheel by focus, and while unfocused leave the wheel to the panel
/// that scrolls them. Installed once on the application, owned by `owner`.
class WheelOnlyWhenFocused : public QObject {
    Q_OBJECT
public:
    static void install(QObject* owner);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    using QObject::QObject;
};

} // namespace kvtiers::ui
