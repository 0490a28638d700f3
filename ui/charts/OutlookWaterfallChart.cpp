#include "ui/charts/OutlookWaterfallChart.h"

#include "ui/charts/ChartPalette.h"

#include <QCoreApplication>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace kvtiers::ui {

namespace {

/// Each tier's box sits at its column's centre plus this offset, this wide.
constexpr double kTierOffset[] = { -0.27, 0, 0.27 };
constexpr double kBoxWidth = 0.24;

} // namespace

OutlookWaterfallChart::OutlookWaterfallChart(QWidget* parent)
    : ChartBase(parent, QStringLiteral("outlookWaterfallPlot"), { 200, 200 })
{
    QCustomPlot* const p = plot();
    p->plotLayout()->insertRow(0);
    addTitle();
    p->yAxis->setScaleType(QCPAxis::stLogarithmic);
    p->yAxis->setTicker(QSharedPointer<QCPAxisTickerLog>::create());
    p->yAxis->setNumberFormat(QStringLiteral("gb"));
    // A legend of the three tiers: empty graphs carrying their colours.
    for (Tier t : kTiers) {
        QCPGraph* g = addGraph();
        g->setLineStyle(QCPGraph::lsNone);
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssSquare, 9));
        Q_UNUSED(t);
    }
    putLegendBelowAxes();
    p->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    p->legend->setWrap(3);
    applyTheme();
}

void OutlookWaterfallChart::setDecomposition(const OutlookDecomposition& decomposition)
{
    m_decomposition = decomposition;
    m_hasData = true;
    redraw();
}

std::pair<double, double> OutlookWaterfallChart::stepAt(Tier tier, int column) const
{
    const OutlookDecomposition& d = m_decomposition;
    if (column >= kOutlookGroupCount)
        return { 1.0, d.index[tier] };
    double before = 1;
    for (int g = 0; g < column; ++g)
        before *= d.factor[size_t(g)][tier];
    return { before, before * d.factor[size_t(column)][tier] };
}

void OutlookWaterfallChart::redraw()
{
    QCustomPlot* const p = plot();
    const OutlookDecomposition& d = m_decomposition;
    title()->setText(
        tr("What made each tier grow from %1 to %2 (factors multiply to the index)").arg(d.firstYear).arg(d.lastYear));
    p->yAxis->setLabel(tr("running product of the factors (log scale)"));
    for (QCPItemRect* box : m_boxes)
        p->removeItem(box);
    m_boxes.clear();
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    double low = 1, high = 1;
    for (int column = 0; column <= kOutlookGroupCount; ++column) {
        const bool index = column == kOutlookGroupCount;
        ticker->addTick(column,
            index ? tr("Index") : QCoreApplication::translate("OutlookGroup", outlookGroupLabel(OutlookGroup(column))));
        if (!m_hasData || (!index && !d.changed[size_t(column)]))
            continue;
        for (Tier t : kTiers) {
            const auto [before, after] = stepAt(t, column);
            if (!std::isfinite(before) || !std::isfinite(after) || !(before > 0) || !(after > 0))
                continue;
            auto* box = new QCPItemRect(p);
            box->setClipToAxisRect(true);
            const double x = column + kTierOffset[size_t(t)];
            box->topLeft->setCoords(x - kBoxWidth / 2, std::max(before, after));
            box->bottomRight->setCoords(x + kBoxWidth / 2, std::min(before, after));
            const QColor c = chart::tierColor(t);
            box->setPen(QPen(c.darker(130)));
            box->setBrush(after >= before ? QBrush(c) : QBrush(c, Qt::BDiagPattern));
            m_boxes.push_back(box);
            low = std::min({ low, before, after });
            high = std::max({ high, before, after });
        }
    }
    p->xAxis->setTicker(ticker);
    p->xAxis->setTickLabelRotation(-30);
    p->xAxis->setRange(-0.6, kOutlookGroupCount + 0.6);
    p->yAxis->setRange(low / 1.25, high * 1.25);
    int g = 0;
    for (Tier t : kTiers)
        p->graph(g++)->setName(QString::fromUtf8(tierLabel(t)));
    requestReplot();
}

void OutlookWaterfallChart::themeChanged(const QPalette&)
{
    int g = 0;
    for (Tier t : kTiers) {
        QCPGraph* graph = plot()->graph(g++);
        graph->setPen(QPen(chart::tierColor(t)));
        graph->setBrush(QBrush(chart::tierColor(t)));
        graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssSquare, chart::tierColor(t), chart::tierColor(t), 9));
    }
}

} // namespace kvtiers::ui
