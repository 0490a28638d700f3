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
    if (!elided)
        return QLabel::paintEvent(event);
    QPainter painter(this);
    QStyleOption option;
    option.initFrom(this);
    style()->drawItemText(&painter, area, QStyle::visualAlignment(layoutDirection(), alignment()), option.palette,
        isEnabled(), shown, foregroundRole());
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
