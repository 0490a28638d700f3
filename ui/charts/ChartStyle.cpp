#include "ui/charts/ChartStyle.h"

#include <QBoxLayout>

#include <qcustomplot.h>

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
