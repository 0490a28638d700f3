#include "ui/common/WidgetFit.h"

#include <QAbstractItemView>
#include <QComboBox>
#include <QGuiApplication>
#include <QPainter>
#include <QScreen>
#include <QStyle>
#include <QStyleOption>

#include <algorithm>

namespace kvtiers::ui {

bool ElidedLabel::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTipChange && !m_settingToolTip)
        m_ownToolTip = toolTip();
    return QLabel::event(event);
}

QSize ElidedLabel::sizeHint() const
{
    if (textFormat() != Qt::PlainText || wordWrap() || !pixmap().isNull() || text().isEmpty())
        return QLabel::sizeHint();
    ensurePolished();
    if (m_fit.margin != margin() || m_fit.margins != contentsMargins() || m_fit.font != font()) {
        const int advance = fontMetrics().horizontalAdvance(text());
        const QSize whole = QLabel::sizeHint();
        m_fit = { font(), contentsMargins(), margin(), whole.width() - advance, whole.height(), text(), advance };
    } else if (m_fit.text != text()) {
        m_fit.text = text();
        m_fit.advance = fontMetrics().horizontalAdvance(m_fit.text);
    }
    return { m_fit.advance + m_fit.extraWidth, m_fit.height };
}

QSize ElidedLabel::minimumSizeHint() const
{
    // One line that never wraps: QLabel's least size is its size.
    if (textFormat() != Qt::PlainText || wordWrap() || !pixmap().isNull())
        return QLabel::minimumSizeHint();
    return sizeHint();
}

void ElidedLabel::paintEvent(QPaintEvent* event)
{
    const QRect area = contentsRect().adjusted(margin(), margin(), -margin(), -margin());
    const QString whole = text();
    const QString shown = fontMetrics().elidedText(whole, Qt::ElideRight, area.width());
    const bool elided = shown != whole;
    if (elided != m_elided || (elided && !toolTip().startsWith(whole))) {
        m_elided = elided;
        m_settingToolTip = true;
        setToolTip(
            elided ? (m_ownToolTip.isEmpty() ? whole : whole + QStringLiteral("\n\n") + m_ownToolTip) : m_ownToolTip);
        m_settingToolTip = false;
    }
    // A selection is drawn by QLabel's text document; plain text is drawn here, without
    // laying the document out again at every change of the figure.
    if (hasSelectedText() || (!elided && (textFormat() != Qt::PlainText || wordWrap())))
        return QLabel::paintEvent(event);
    QPainter painter(this);
    drawFrame(&painter);
    QStyleOption option;
    option.initFrom(this);
    style()->drawItemText(&painter, area, QStyle::visualAlignment(layoutDirection(), alignment()), option.palette,
        isEnabled(), shown, foregroundRole());
}

WrappedLabel::WrappedLabel(QWidget* parent)
    : QLabel(parent)
{
    setWordWrap(true);
}

int WrappedLabel::heightForWidth(int width) const
{
    if (m_text != text() || m_font != font() || !pixmap().isNull()) {
        m_text = text();
        m_font = font();
        m_heights = {};
    }
    for (const auto& [w, h] : m_heights)
        if (w == width + 1)
            return h;
    const int height = QLabel::heightForWidth(width);
    m_heights[m_next] = { width + 1, height };
    m_next = (m_next + 1) % m_heights.size();
    return height;
}

void fitComboPopup(QComboBox* combo)
{
    QAbstractItemView* view = combo->view();
    view->setTextElideMode(Qt::ElideRight);
    const QFontMetrics metrics(view->font());
    int widest = 0;
    for (int i = 0; i < combo->count(); ++i) {
        const QString text = combo->itemText(i);
        widest = std::max(widest, metrics.horizontalAdvance(text));
        if (combo->itemData(i, Qt::ToolTipRole).toString().isEmpty())
            combo->setItemData(i, text, Qt::ToolTipRole);
    }
    // Text, the item's margins and a scroll bar.
    const int margins = 4 * combo->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, combo) + 24
        + combo->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, combo);
    const QScreen* screen = combo->screen() ? combo->screen() : QGuiApplication::primaryScreen();
    const int cap = screen ? screen->availableGeometry().width() * 9 / 10 : 1200;
    view->setMinimumWidth(std::min(cap, widest + margins));
}

} // namespace kvtiers::ui
