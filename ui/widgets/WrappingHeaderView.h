#pragma once
// WrappingHeaderView: a horizontal table header whose titles wrap onto more lines when a
// column is narrower than its title, and which grows to the tallest title, so a header
// is read whole at any width rather than clipped on both sides (Fusion clips a centred
// header label instead of eliding it). The tier table uses it for the article's long
// column titles, in Korean as in English.

#include <QHash>
#include <QHeaderView>
#include <QStaticText>

namespace kvtiers::ui {

class WrappingHeaderView : public QHeaderView {
    Q_OBJECT
public:
    explicit WrappingHeaderView(QWidget* parent = nullptr);

    QSize sizeHint() const override;
    /// Whether section `logicalIndex`'s title fits its width once wrapped (every word fits).
    bool titleFits(int logicalIndex) const;
    /// The box section `logicalIndex`'s title takes once wrapped to the section's width.
    QRect titleRect(int logicalIndex) const;

protected:
    void paintSection(QPainter* painter, const QRect& rect, int logicalIndex) const override;

private:
    QString title(int logicalIndex) const;
    int textFlags() const { return Qt::AlignCenter | Qt::TextWordWrap; }
    /// A title wrapped to `width`, laid out once per text, width and font: the header is
    /// painted again whenever the table's figures move its columns.
    const QStaticText& wrappedTitle(const QString& text, int width) const;

    mutable QHash<QString, QStaticText> m_titles; ///< by text, width and font
};

} // namespace kvtiers::ui
