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
    const QRect area = rect.adjusted(margin, margin, -margin, -margin);
    const QStaticText& wrapped = wrappedTitle(text, area.width());
    // Centred as drawText(area, AlignCenter | TextWordWrap) centres it.
    const double top = area.top() + (area.height() - wrapped.size().height()) / 2.0;
    painter->drawStaticText(QPointF(area.left(), top), wrapped);
    painter->restore();
}

const QStaticText& WrappingHeaderView::wrappedTitle(const QString& text, int width) const
{
    const QString key = text + QChar(0) + QString::number(width) + QChar(0) + font().key();
    if (const auto it = m_titles.constFind(key); it != m_titles.constEnd())
        return *it;
    if (m_titles.size() > 512) // widths dragged through: forget the old ones
        m_titles.clear();
    QStaticText wrapped(text);
    wrapped.setTextFormat(Qt::PlainText);
    wrapped.setTextWidth(std::max(1, width));
    QTextOption option(Qt::AlignHCenter);
    option.setWrapMode(QTextOption::WordWrap);
    wrapped.setTextOption(option);
    wrapped.prepare(QTransform(), font());
    return *m_titles.insert(key, wrapped);
}

} // namespace kvtiers::ui
