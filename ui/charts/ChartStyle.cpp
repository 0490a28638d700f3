#include "ui/charts/ChartStyle.h"

#include <QBoxLayout>
#include <QFontMetrics>
#include <QHash>
#include <qcustomplot.h>

#include <algorithm>
#include <memory>

namespace kvtiers::ui::chart {

namespace {

/// QFontMetrics(font).boundingRect(0, 0, 0, height, flags, text), remembered: a pure
/// function of its arguments, so a remembered answer is the measured one. Bounded: cleared
/// when it grows past a few hundred texts (figures change at every slider step).
QRect measuredText(const QFont& font, int height, int flags, const QString& text)
{
    struct Entry {
        QFont font;
        int height;
        int flags;
        QRect rect;
    };
    static QHash<QString, QList<Entry>> cache;
    QList<Entry>& entries = cache[text];
    for (const Entry& e : std::as_const(entries))
        if (e.height == height && e.flags == flags && e.font == font)
            return e.rect;
    if (cache.size() > 512) {
        cache.clear();
        return measuredText(font, height, flags, text);
    }
    const QRect rect = QFontMetrics(font).boundingRect(0, 0, 0, height, flags, text);
    entries.append({ font, height, flags, rect });
    return rect;
}

/// QCPPlottableLegendItem with its size measured by measuredText(); drawn as before.
class LegendItem : public QCPPlottableLegendItem {
public:
    using QCPPlottableLegendItem::QCPPlottableLegendItem;

    QSize minimumOuterSizeHint() const override
    {
        // QCPPlottableLegendItem::minimumOuterSizeHint() (QCustomPlot 2.1), its text measured once.
        if (!mPlottable)
            return {};
        const QSize iconSize = mParentLegend->iconSize();
        const QRect textRect = measuredText(getFont(), iconSize.height(), Qt::TextDontClip, mPlottable->name());
        QSize result(iconSize.width() + mParentLegend->iconTextPadding() + textRect.width(),
            std::max(textRect.height(), iconSize.height()));
        result.rwidth() += mMargins.left() + mMargins.right();
        result.rheight() += mMargins.top() + mMargins.bottom();
        return result;
    }
};

} // namespace

QCPPlottableLegendItem* addToLegend(QCPAbstractPlottable* plottable, QCPLegend* legend)
{
    if (!legend || legend->parentPlot() != plottable->parentPlot() || legend->hasItemWithPlottable(plottable))
        return nullptr;
    auto* item = new LegendItem(legend, plottable);
    legend->addItem(item);
    return item;
}

QRectF textItemRect(const QCPItemText* item)
{
    if (!qFuzzyIsNull(item->rotation()))
        return QRectF(item->topLeft->pixelPosition(), item->bottomRight->pixelPosition());
    // QCPItemText::anchorPixelPosition() (QCustomPlot 2.1) for topLeft and bottomRight,
    // the same arithmetic in the same order, so the box is the anchors' to the bit.
    const QFont& font = item->selected() ? item->selectedFont() : item->font();
    const QMargins pad = item->padding();
    QRectF box = measuredText(font, 0, Qt::TextDontClip | item->textAlignment(), item->text())
                     .adjusted(-pad.left(), -pad.top(), pad.right(), pad.bottom());
    QPointF at(0, 0);
    const Qt::Alignment align = item->positionAlignment();
    if (align != Qt::Alignment() && align != (Qt::AlignLeft | Qt::AlignTop)) {
        if (align.testFlag(Qt::AlignHCenter))
            at.rx() -= box.width() / 2.0;
        else if (align.testFlag(Qt::AlignRight))
            at.rx() -= box.width();
        if (align.testFlag(Qt::AlignVCenter))
            at.ry() -= box.height() / 2.0;
        else if (align.testFlag(Qt::AlignBottom))
            at.ry() -= box.height();
    }
    box.moveTopLeft(at.toPoint());
    const QPointF pos = item->position->pixelPosition();
    return QRectF(box.topLeft() + pos, box.bottomRight() + pos);
}

void themePlot(QCustomPlot* plot, QCPTextElement* title, const QPalette& palette)
{
    plot->setBackground(palette.color(QPalette::Base));
    title->setTextColor(palette.color(QPalette::Text));
    for (QCPAxisRect* rect : plot->axisRects())
        for (QCPAxis* axis : { rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft) })
            themeAxis(axis, palette);
}

void themeAxis(QCPAxis* axis, const QPalette& palette)
{
    const QColor text = palette.color(QPalette::Text);
    axis->setBasePen(QPen(text));
    axis->setTickPen(QPen(text));
    axis->setSubTickPen(QPen(text));
    axis->setTickLabelColor(text);
    axis->setLabelColor(text);
    axis->grid()->setPen(QPen(palette.color(QPalette::Mid), 0, Qt::DotLine));
}

QCustomPlot* addPlot(QBoxLayout* layout, QWidget* owner, const QString& objectName, QSize minimumSize, int stretch)
{
    auto* plot = new QCustomPlot(owner);
    plot->setObjectName(objectName);
    plot->setMinimumSize(minimumSize);
    plot->setPlottingHints(QCP::phCacheLabels);
    layout->addWidget(plot, stretch);
    return plot;
}

QCPTextElement* addTitle(QCustomPlot* plot, const QString& text, const QFont& font)
{
    QFont bold = font;
    bold.setBold(true);
    auto* title = new QCPTextElement(plot, text, bold);
    plot->plotLayout()->addElement(0, 0, title);
    return title;
}

QString wrapText(const QString& text, const QFont& font, int width)
{
    const QFontMetrics metrics(font);
    QStringList lines;
    QString line;
    for (const QString& word : text.split(u' ', Qt::SkipEmptyParts)) {
        const QString candidate = line.isEmpty() ? word : line + u' ' + word;
        if (!line.isEmpty() && metrics.horizontalAdvance(candidate) > width) {
            lines << line;
            line = word;
        } else {
            line = candidate;
        }
    }
    if (!line.isEmpty())
        lines << line;
    return lines.join(u'\n');
}

void fitToWidth(QCustomPlot* plot, QCPTextElement* title, QCPLegend* legend, int maxColumns)
{
    // What the title was last wrapped to, at which width and in which font: a slider step
    // replots with the same title, and measuring it word by word each time cost more than
    // drawing it.
    struct Wrapped {
        QString text;
        QFont font;
        int width = -1;
    };
    auto last = std::make_shared<Wrapped>();
    QObject::connect(plot, &QCustomPlot::beforeReplot, plot, [plot, title, legend, maxColumns, last] {
        const int width = plot->width() - 16; // the layout's margins
        if (width <= 0)
            return;
        if (title && !(title->text() == last->text && width == last->width && title->font() == last->font)) {
            QString full = title->text();
            full.replace(u'\n', u' ');
            const QString wrapped = wrapText(full, title->font(), width);
            if (wrapped != title->text())
                title->setText(wrapped);
            *last = { wrapped, title->font(), width };
        }
        if (legend && legend->itemCount() > 0) {
            int widest = 1;
            for (int i = 0; i < legend->itemCount(); ++i)
                if (QCPAbstractLegendItem* item = legend->item(i))
                    widest = std::max(widest, item->minimumOuterSizeHint().width());
            const int spacing = legend->columnSpacing();
            const int columns = std::clamp((width + spacing) / (widest + spacing), 1, maxColumns);
            if (legend->wrap() != columns) {
                legend->setWrap(columns);
                legend->setFillOrder(legend->fillOrder(), true);
            }
        }
    });
}

void setupBarPanelAxis(QCPAxis* x, double key, const QString& name, const QFont& font)
{
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    ticker->addTick(key, name);
    x->setTicker(ticker);
    x->setRange(key - 0.55, key + 0.55);
    x->setTickLength(0, 0);
    x->setSubTicks(false);
    x->grid()->setVisible(false);
    QFont bold = font;
    bold.setBold(true);
    x->setTickLabelFont(bold);
}

} // namespace kvtiers::ui::chart
