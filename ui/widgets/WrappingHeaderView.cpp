#include "ui/widgets/WrappingHeaderView.h"

#include <QPainter>
#include <QStyleOptionHeader>

#include <algorithm>

namespace kvtiers::ui {

WrappingHeaderView::WrappingHeaderView(QWidget* parent)
    : QHeaderView(Qt::Horizontal, parent)
{
    // A column resized changes how its title wraps, so the header's height.
    connect(this, &QHeaderView::sectionResized, this, [this] { updateGeometry(); });
}

QString WrappingHeaderView::title(int logicalIndex) const
{
    return model() ? model()->headerData(logicalIndex, orientation(), Qt::DisplayRole).toString() : QString();
}

QRect WrappingHeaderView::titleRect(int logicalIndex) const
{
    const int margin = style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, this);
    const int width = std::max(1, sectionSize(logicalIndex) - 2 * margin);
    return fontMetrics().boundingRect(QRect(0, 0, width, 100000), textFlags(), title(logicalIndex));
}

bool WrappingHeaderView::titleFits(int logicalIndex) const
{
    const int margin = style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, this);
    return titleRect(logicalIndex).width() <= sectionSize(logicalIndex) - 2 * margin
        && titleRect(logicalIndex).height() + 2 * margin <= height();
}

QSize WrappingHeaderView::sizeHint() const
{
    QSize hint = QHeaderView::sizeHint();
    if (!model())
        return hint;
    const int margin = style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, this);
    for (int i = 0; i < count(); ++i)
        if (!isSectionHidden(i))
            hint.setHeight(std::max(hint.height(), titleRect(i).height() + 2 * margin + 2));
    return hint;
}

void WrappingHeaderView::paintSection(QPainter* painter, const QRect& rect, int logicalIndex) const
{
    if (!rect.isValid())
        return;
    QStyleOptionHeader option;
    initStyleOption(&option);
    initStyleOptionForIndex(&option, logicalIndex);
    option.rect = rect;
    const QString text = title(logicalIndex);

    option.text.clear(); // the frame and background from the style, the title wrapped here
    style()->drawControl(QStyle::CE_Header, &option, painter, this);
    const int margin = style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, this);
    painter->save();
    // Fusion's header drawing leaves an empty clip behind; the title belongs to the section.
    painter->setClipRect(rect);
    painter->setPen(option.palette.color(QPalette::ButtonText));
    painter->drawText(rect.adjusted(margin, margin, -margin, -margin), textFlags(), text);
    painter->restore();
}

} // namespace kvtiers::ui
