#pragma once
// CachedSizeDelegate: an item delegate that remembers the size each cell's text asked for,
// by text, width and font. Fitting a table's rows to wrapped text lays every cell's text
// out again; in the tier table most cells are the article's fixed sentences, and only a
// few figures change when a slider moves, so the rest are measured once per width.

#include <QHash>
#include <QStyledItemDelegate>

namespace kvtiers::ui {

class CachedSizeDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;

private:
    mutable QHash<QString, QSize> m_sizes; ///< by the cell's text, width, font and layout
};

} // namespace kvtiers::ui
