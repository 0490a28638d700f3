#include "ui/widgets/CachedSizeDelegate.h"

#include <QWidget>

namespace kvtiers::ui {

QSize CachedSizeDelegate::sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    QStyleOptionViewItem cell = option;
    initStyleOption(&cell, index);
    // A cell with an icon or a check box is measured as Qt measures it.
    if (!cell.icon.isNull() || (cell.features & QStyleOptionViewItem::HasCheckIndicator))
        return QStyledItemDelegate::sizeHint(option, index);
    // Everything the style's measure reads of a text cell: its text, the width it wraps
    // to, its font, whether it wraps, its alignment and the widget's style.
    const QString key = cell.text + QChar(0) + QString::number(cell.rect.width()) + QChar(0) + cell.font.key()
        + QChar(0) + QString::number(static_cast<int>(cell.features)) + QChar(0)
        + QString::number(static_cast<int>(cell.displayAlignment)) + QChar(0)
        + QString::number(reinterpret_cast<quintptr>(cell.widget ? cell.widget->style() : nullptr));
    if (const auto it = m_sizes.constFind(key); it != m_sizes.constEnd())
        return *it;
    if (m_sizes.size() > 4096) // widths dragged through: forget the old ones
        m_sizes.clear();
    const QSize size = QStyledItemDelegate::sizeHint(option, index);
    m_sizes.insert(key, size);
    return size;
}

} // namespace kvtiers::ui
