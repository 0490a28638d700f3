#pragma once
// WidgetFit: keeping text whole when space is short. A picker's popup as wide as its
// longest name (so two cards that differ only at the end can be told apart), with any
// name that still cannot fit elided at its end and whole in a tooltip.

#include <QLabel>

class QComboBox;

namespace kvtiers::ui {

/// A one-line label that, when its width cuts the text, draws it elided at the end and
/// puts the whole text first in its tooltip (before the tooltip it was given). text()
/// stays the whole text.
class ElidedLabel : public QLabel {
    Q_OBJECT
public:
    using QLabel::QLabel;
    /// True when the last paint had to elide.
    bool isElided() const { return m_elided; }

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;

private:
    QString m_ownToolTip; ///< the tooltip given from outside
    bool m_elided = false;
    bool m_settingToolTip = false;
};

/// Widens `combo`'s popup list to its longest item (at most the screen's width), elides
/// at the end what still does not fit, and gives every item its full text as tooltip
/// (an item's own tooltip is kept). Call again after adding items.
void fitComboPopup(QComboBox* combo);

} // namespace kvtiers::ui
