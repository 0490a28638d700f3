#include "ui/charts/SweepChart.h"

#include "ui/charts/ByteTicker.h"
#include "ui/charts/ChartPalette.h"
#include "ui/charts/ChartStyle.h"
#include "ui/charts/TokenLogTicker.h"
#include "ui/text/UnitsText.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QToolTip>
#include <QVBoxLayout>

#include <qcustomplot.h>

#include <cmath>

namespace kvtiers::ui {

namespace {

QString seriesName(SweepChart::Series s)
{
    switch (s) {
    case SweepChart::Series::Hbm:
        return QCoreApplication::translate("SweepChart", "HBM");
    case SweepChart::Series::Dram:
        return QCoreApplication::translate("SweepChart", "Server DRAM");
    case SweepChart::Series::Ssd:
        return QCoreApplication::translate("SweepChart", "eSSD");
    case SweepChart::Series::Overflow:
        break;
    }
    return QCoreApplication::translate("SweepChart", "overflow (fits in no tier)");
}

QColor seriesColor(SweepChart::Series s)
{
    switch (s) {
    case SweepChart::Series::Hbm:
        return chart::tierColor(Tier::Hbm);
    case SweepChart::Series::Dram:
        return chart::tierColor(Tier::Dram);
    case SweepChart::Series::Ssd:
        return chart::tierColor(Tier::Ssd);
    case SweepChart::Series::Overflow:
        break;
    }
    return chart::overflowColor();
}

double seriesBytes(const SweepPoint& p, SweepChart::Series s)
{
    switch (s) {
    case SweepChart::Series::Hbm:
        return p.hbm.used();
    case SweepChart::Series::Dram:
        return p.dram.used();
    case SweepChart::Series::Ssd:
        return p.ssd.used();
    case SweepChart::Series::Overflow:
        break;
    }
    return p.overflowBytes;
}

} // namespace

SweepChart::SweepChart(QWidget* parent)
    : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* header = new QHBoxLayout;
    auto* axisLabel = new QLabel(tr("S&weep:"), this);
    m_axisCombo = new QComboBox(this);
    m_axisCombo->setObjectName(QStringLiteral("sweepAxisCombo"));
    m_axisCombo->addItem(tr("against context length"), static_cast<int>(SweepAxis::Context));
    m_axisCombo->addItem(tr("against concurrency"), static_cast<int>(SweepAxis::Concurrency));
    m_axisCombo->setToolTip(tr("Which knob the sweep moves, from small to large, with every other knob as set."));
    axisLabel->setBuddy(m_axisCombo);
    header->addWidget(axisLabel);
    header->addWidget(m_axisCombo);
    header->addStretch(1);
    layout->addLayout(header);

    m_plot = chart::addPlot(layout, this, QStringLiteral("sweepPlot"), { 320, 260 }, 1);
    // Fast polylines and unantialiased fills: the stacked areas are redrawn at every
    // slider step (a UI update within half a 60 Hz frame).
    m_plot->setPlottingHints(QCP::phCacheLabels | QCP::phFastPolylines);

    m_plot->plotLayout()->insertRow(0);
    m_title = chart::addTitle(m_plot, QString(), font());

    m_xTicker = QSharedPointer<TokenLogTicker>::create(TokenLogTicker::Labels::Tokens);
    m_plot->xAxis->setScaleType(QCPAxis::stLogarithmic);
    m_plot->xAxis->setTicker(m_xTicker);
    m_plot->yAxis->setTicker(byteTicker());
    m_plot->yAxis->setSubTicks(false);

    QCPGraph* below = nullptr;
    for (int i = 0; i < kSeriesCount; ++i) {
        auto* g = m_plot->addGraph();
        g->setName(seriesName(static_cast<Series>(i)));
        g->setSelectable(QCP::stNone);
        g->setAntialiasedFill(false);
        if (below)
            g->setChannelFillGraph(below);
        below = g;
        m_graphs[i] = g;
    }
    m_capacityLine = new QCPItemStraightLine(m_plot);
    m_capacityLabel = new QCPItemText(m_plot);
    m_capacityLabel->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
    m_currentLine = new QCPItemStraightLine(m_plot);
    m_currentLabel = new QCPItemText(m_plot);
    m_currentLabel->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_currentLabel->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_fullLine = new QCPItemStraightLine(m_plot);
    m_clipLabel = new QCPItemText(m_plot);
    m_clipLabel->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_clipLabel->position->setCoords(0.99, 0.01);
    m_clipLabel->setPositionAlignment(Qt::AlignRight | Qt::AlignTop);
    m_fullLabel = new QCPItemText(m_plot);
    m_fullLabel->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_fullLabel->setPositionAlignment(Qt::AlignRight | Qt::AlignTop);

    // The legend goes in its own row under the plot, where it can never cover a label.
    m_plot->legend->setVisible(true);
    auto* legendRow = new QCPLayoutGrid;
    m_plot->plotLayout()->addElement(2, 0, legendRow);
    legendRow->addElement(0, 0, m_plot->legend); // moves it out of the axis rect's inset layout
    m_plot->legend->setFillOrder(QCPLegend::foColumnsFirst);
    m_plot->legend->setWrap(4);
    m_plot->legend->setIconSize(14, 12);
    m_plot->plotLayout()->setRowStretchFactor(0, 0.001);
    m_plot->plotLayout()->setRowStretchFactor(2, 0.001);
    chart::fitToWidth(m_plot, m_title, m_plot->legend);
    applyTheme();

    connect(m_axisCombo, &QComboBox::currentIndexChanged, this,
        [this](int index) { setAxis(static_cast<SweepAxis>(m_axisCombo->itemData(index).toInt())); });
    connect(m_plot, &QCustomPlot::mouseMove, this, &SweepChart::showToolTipAt);
}

void SweepChart::applyTheme()
{
    const QPalette pal = palette();
    const QColor text = pal.color(QPalette::Text);
    const QColor base = pal.color(QPalette::Base);
    chart::themePlot(m_plot, m_title, pal);
    for (int i = 0; i < kSeriesCount; ++i) {
        const QColor c = seriesColor(static_cast<Series>(i));
        m_graphs[i]->setPen(QPen(c.darker(120), 2));
        m_graphs[i]->setBrush(QBrush(c.lighter(125)));
    }
    m_capacityLine->setPen(QPen(chart::tierColor(Tier::Hbm).darker(130), 1.5, Qt::DashLine));
    m_capacityLabel->setColor(text);
    m_currentLine->setPen(QPen(text, 2));
    m_currentLabel->setColor(text);
    m_fullLine->setPen(QPen(chart::overflowColor(), 2, Qt::DashLine));
    m_fullLabel->setColor(chart::overflowColor());
    m_clipLabel->setColor(text);
    m_plot->legend->setBrush(base);
    m_plot->legend->setTextColor(text);
    m_plot->legend->setBorderPen(Qt::NoPen);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void SweepChart::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange)
        applyTheme();
}

void SweepChart::setAxis(SweepAxis axis)
{
    if (axis == m_axis)
        return;
    m_axis = axis;
    const int index = m_axisCombo->findData(static_cast<int>(axis));
    if (index != m_axisCombo->currentIndex())
        m_axisCombo->setCurrentIndex(index);
    emit axisChanged(axis);
}

void SweepChart::setScope(TierScope scope)
{
    m_scope = scope;
    rebuild();
}

void SweepChart::setResult(const Scenario& scenario, const EvalResult& result, const SweepResult& sweep)
{
    m_scenario = scenario;
    m_result = result;
    m_sweep = sweep;
    m_hasResult = true;
    rebuild();
}

QString SweepChart::xText(double x) const
{
    return m_sweep.axis == SweepAxis::Context ? tr("%1 tokens").arg(tokensText(x))
                                              : tr("%1 sequences").arg(countText(x));
}

QString SweepChart::hbmFullText() const
{
    if (m_sweep.points.empty())
        return {};
    if (std::isinf(m_sweep.hbmFullAt))
        return tr("HBM never runs out up to %1").arg(xText(m_sweep.points.back().x));
    if (m_sweep.hbmFullAt <= m_sweep.points.front().x)
        return tr("HBM is short from the start");
    return tr("HBM full at %1").arg(xText(m_sweep.hbmFullAt));
}

void SweepChart::rebuild()
{
    ensureByteTicker(m_plot->yAxis, displayUnits()); // follows View > Units
    if (!m_hasResult || m_sweep.points.empty())
        return;
    const double factor = tierScopeFactor(m_scope, m_scenario, m_result);
    const bool context = m_sweep.axis == SweepAxis::Context;
    m_xTicker->setLabels(context ? TokenLogTicker::Labels::Tokens : TokenLogTicker::Labels::Count);
    m_plot->xAxis->setLabel(
        context ? tr("context per sequence, tokens (log scale)") : tr("active sequences per replica (log scale)"));
    m_title->setText(tr("Bytes per tier as %1 grows, %2 (stacked)")
                         .arg(context ? tr("context") : tr("concurrency"), tierScopeName(m_scope)));

    const auto n = static_cast<qsizetype>(m_sweep.points.size());
    QVector<double> xs(n);
    std::array<QVector<double>, kSeriesCount> stacked;
    for (auto& v : stacked)
        v.resize(n);
    double top = 0;
    for (qsizetype i = 0; i < n; ++i) {
        const SweepPoint& p = m_sweep.points[static_cast<size_t>(i)];
        xs[i] = p.x;
        double sum = 0;
        for (int s = 0; s < kSeriesCount; ++s) {
            sum += seriesBytes(p, static_cast<Series>(s)) * factor;
            stacked[s][i] = sum;
        }
        top = std::max(top, sum);
    }
    for (int s = 0; s < kSeriesCount; ++s)
        m_graphs[s]->setData(xs, stacked[s], true);

    const double hbmCap = m_result.hbm.capacity * factor;
    // Keep the current scenario readable: far beyond it, demand (mostly overflow) can be
    // 100× larger and would flatten everything else. Clip there and say so.
    const double here
        = (m_result.hbm.used() + m_result.dram.used() + m_result.ssd.used() + m_result.overflowBytes) * factor;
    const double readableTop = 4 * std::max(here, hbmCap);
    const bool clipped = top > readableTop * 1.08;
    m_clipLabel->setVisible(clipped);
    if (clipped)
        m_clipLabel->setText(tr("↑ clipped: demand reaches %1 at %2").arg(bytesText(top), xText(xs.back())));
    top = std::max({ clipped ? readableTop : top, hbmCap, 1.0 });
    m_plot->xAxis->setRange(xs.front(), xs.back());
    m_plot->yAxis->setRange(0, top * 1.08);
    m_plot->yAxis->setLabel(tr("bytes %1").arg(tierScopeName(m_scope)));

    m_capacityLine->point1->setCoords(xs.front(), hbmCap);
    m_capacityLine->point2->setCoords(xs.back(), hbmCap);
    m_capacityLabel->position->setCoords(xs.front() * 1.1, hbmCap);
    m_capacityLabel->setText(tr("HBM capacity %1").arg(bytesText(hbmCap)));

    m_currentX = context ? m_scenario.workload.context : m_scenario.workload.concurrency;
    // Labels sit beside their line on the side with more room, at different heights.
    const double logMid = std::sqrt(xs.front() * xs.back());
    m_currentLine->point1->setCoords(m_currentX, 0);
    m_currentLine->point2->setCoords(m_currentX, 1);
    m_currentLabel->position->setCoords(m_currentX, 0.08);
    m_currentLabel->setPositionAlignment(
        m_currentX > logMid ? (Qt::AlignRight | Qt::AlignTop) : (Qt::AlignLeft | Qt::AlignTop));
    m_currentLabel->setText(u' ' + tr("now: %1").arg(xText(m_currentX)) + u' ');

    const double full = m_sweep.hbmFullAt;
    const bool fullInside = std::isfinite(full) && full > xs.front();
    m_fullLine->setVisible(fullInside);
    m_fullLine->point1->setCoords(fullInside ? full : xs.front(), 0);
    m_fullLine->point2->setCoords(fullInside ? full : xs.front(), 1);
    m_fullLabel->position->setCoords(fullInside ? full : xs.back(), 0.15);
    m_fullLabel->setPositionAlignment(
        fullInside && full < logMid ? (Qt::AlignLeft | Qt::AlignTop) : (Qt::AlignRight | Qt::AlignTop));
    QFont bold = font();
    bold.setBold(true);
    m_fullLabel->setFont(bold);
    m_fullLabel->setText(u' ' + hbmFullText() + u' ');
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

int SweepChart::pointCount() const
{
    return m_graphs[0]->dataCount();
}

double SweepChart::pointX(int index) const
{
    return m_graphs[0]->data()->at(index)->key;
}

double SweepChart::seriesValue(Series series, int index) const
{
    const int s = static_cast<int>(series);
    const double v = m_graphs[s]->data()->at(index)->value;
    return s == 0 ? v : v - m_graphs[s - 1]->data()->at(index)->value;
}

void SweepChart::showToolTipAt(QMouseEvent* event)
{
    const QPointF pos = event->position();
    if (pointCount() == 0 || !m_plot->axisRect()->rect().contains(pos.toPoint())) {
        QToolTip::hideText();
        return;
    }
    const double x = m_plot->xAxis->pixelToCoord(pos.x());
    const auto data = m_graphs[0]->data();
    auto it = data->findBegin(x, true);
    if (it == data->constEnd())
        return;
    const int index = static_cast<int>(it - data->constBegin());
    QString text = xText(pointX(index));
    for (int s = 0; s < kSeriesCount; ++s)
        text += u'\n' + seriesName(static_cast<Series>(s)) + QStringLiteral(": ")
            + bytesText(seriesValue(static_cast<Series>(s), index));
    QToolTip::showText(m_plot->mapToGlobal(pos.toPoint()), text, m_plot);
}

} // namespace kvtiers::ui
