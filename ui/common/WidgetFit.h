#pragma once
// WidgetFit: keeping text whole when space is short. A picker's popup as wide as its
// longest name (so two cards that differ only at the end can be told apart), with any
// name that still cannot fit elided at its end and whole in a tooltip.

#include <QLabel>

#include <array>
#include <utility>

class QComboBox;

namespace kvtiers::ui {

/// A one-line label that, when its width cuts the text, draws it elided at the end and
/// puts the whole text first in its tooltip (before the tooltip it was given). text()
/// stays the whole text.
///
/// Its size hints are measured from the font (one line of plain text) rather than laid out
/// as a text document the way a selectable QLabel does: a figure that changes at every
/// slider step re-measured itself three times per step through QTextDocument.
class ElidedLabel : public QLabel {
    Q_OBJECT
public:
    using QLabel::QLabel;
    /// True when the last paint had to elide.
    bool isElided() const { return m_elided; }
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;

private:
    QString m_ownToolTip; ///< the tooltip given from outside
    bool m_elided = false;
    bool m_settingToolTip = false;
    /// QLabel's own hint for one text, against the font's advance of that text: the
    /// frame, margins and the document's rounding, taken once per font and margins.
    mutable struct {
        QFont font;
        QMargins margins;
        int margin = -1;
        int extraWidth = 0;
        int height = 0;
        QString text; ///< the text last measured, and its advance
        int advance = 0;
    } m_fit;
};

/// A word-wrapped label that remembers its height for a width until its text or font
/// changes. QLabel lays its text out anew at every heightForWidth, and a layout asks again
/// whenever anything beside the label changed size: at every slider step for the formula
/// and warnings under the headline figures.
class WrappedLabel : public QLabel {
    Q_OBJECT
public:
    explicit WrappedLabel(QWidget* parent = nullptr);
    int heightForWidth(int width) const override;

private:
    mutable QString m_text; ///< the text and font the heights below are for
    mutable QFont m_font;
    mutable std::array<std::pair<int, int>, 4> m_heights {}; ///< (width + 1, height); 0: empty
    mutable size_t m_next = 0;
};

/// Widens `combo`'s popup list to its longest item (at most the screen's width), elides
/// at the end what still does not fit, and gives every item its full text as tooltip
/// (an item's own tooltip is kept). Call again after adding items.
void fitComboPopup(QComboBox* combo);

} // namespace kvtiers::ui
