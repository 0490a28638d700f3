#include "ui/charts/ChartStyle.h"

#include <QBoxLayout>
#include <QFontMetrics>
#include <qcustomplot.h>

#include <algorithm>
#include <memory>

namespace kvtiers::ui::chart {

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
