#include "ui/charts/CurveChart.h"

#include "ui/charts/ByteTicker.h"
#include "ui/charts/ChartPalette.h"
#include "ui/charts/ChartStyle.h"
#include "ui/scenario/Tier.h"
#include "ui/charts/TokenLogTicker.h"
#include "ui/text/UnitsText.h"
#include "ui/text/VariableText.h"

#include <QEvent>
#include <QVBoxLayout>

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace kvtiers::ui {

namespace {
/// Percent labels for share variables plotted on a 0..1 axis.
class ShareTicker : public QCPAxisTicker {
protected:
    QString getTickLabel(double tick, const QLocale&, QChar, int) override { return percentText(tick); }
};
/// "8 bit" labels for the KV format axis.
class BitsTicker : public QCPAxisTicker {
protected:
    QString getTickLabel(double tick, const QLocale&, QChar, int) override
    {
        return variableValueText(Variable::KvBits, tick);
    }
};

} // namespace

CurveChart::CurveChart(QWidget* parent)
    : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_plot = chart::addPlot(layout, this, QStringLiteral("curvePlot"), { 360, 240 });
    m_plot->plotLayout()->insertRow(0);
    m_title = chart::addTitle(m_plot, QString(), font());
    const std::array<Tier, 3> tiers = { Tier::Hbm, Tier::Dram, Tier::Ssd };
    for (int t = 0; t < 3; ++t) {
        m_graphs[t] = m_plot->addGraph();
        m_graphs[t]->setName(t == 2 ? tr("NVMe") : tierName(tiers[t]));
        m_graphs[t]->setSelectable(QCP::stNone);
    }
    m_marker = new QCPItemStraightLine(m_plot);
    m_markerLabel = new QCPItemText(m_plot);
    m_markerLabel->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_markerLabel->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_markerLabel->setPadding(QMargins(4, 2, 4, 2));
    m_plot->xAxis->setSubTicks(false);
    m_plot->yAxis->setSubTicks(false);
    m_plot->legend->setVisible(true);
    m_plot->legend->setBorderPen(Qt::NoPen);
    // The legend sits in a row below the axes, where it can hide no data.
    m_plot->axisRect()->insetLayout()->take(m_plot->legend);
    m_plot->plotLayout()->addElement(2, 0, m_plot->legend);
    m_plot->legend->setFillOrder(QCPLegend::foColumnsFirst);
    m_plot->legend->setMargins(QMargins(6, 2, 6, 2));
    m_plot->plotLayout()->setRowStretchFactor(0, 0.001);
    m_plot->plotLayout()->setRowStretchFactor(2, 0.001);
    applyTheme();
}

void CurveChart::setCurve(Variable variable, const std::vector<CurvePoint>& points, double currentValue, ByteUnits units)
{
    m_fleet = false;
    QVector<double> keys;
    std::array<QVector<double>, 3> values;
    for (const CurvePoint& p : points) {
        keys << p.value;
        for (int t = 0; t < 3; ++t)
            values[t] << p.demand.at(t);
    }
    draw(variable, keys, values, currentValue, units);
}

void CurveChart::setFleetCurve(
    Variable variable, const std::vector<FleetCurvePoint>& points, double currentValue, ByteUnits units)
{
    m_fleet = true;
    QVector<double> keys;
    std::array<QVector<double>, 3> values;
    const double gap = std::numeric_limits<double>::quiet_NaN();
    for (const FleetCurvePoint& p : points) {
        if (!std::isfinite(p.value))
            continue; // no position on the axis (active sequences of a fleet that cannot be sized)
        keys << p.value;
        for (int t = 0; t < 3; ++t)
            values[t] << (p.feasible ? p.demand.at(t) : gap);
    }
    draw(variable, keys, values, currentValue, units);
}

void CurveChart::draw(Variable variable, const QVector<double>& keys, const std::array<QVector<double>, 3>& values,
    double currentValue, ByteUnits units)
{
    m_current = currentValue;
    double top = 1;
    for (const auto& tier : values)
        for (double v : tier)
            if (std::isfinite(v))
                top = std::max(top, v);
    for (int t = 0; t < 3; ++t)
        m_graphs[t]->setData(keys, values[t], true);

    QCPAxis* x = m_plot->xAxis;
    const bool logScale = variable == Variable::Context || variable == Variable::Concurrency;
    x->setScaleType(logScale ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    switch (variable) {
    case Variable::Context:
        x->setTicker(QSharedPointer<TokenLogTicker>::create(TokenLogTicker::Labels::Tokens));
        break;
    case Variable::Concurrency:
        x->setTicker(QSharedPointer<TokenLogTicker>::create(TokenLogTicker::Labels::Count));
        break;
    case Variable::KvBits:
        x->setTicker(QSharedPointer<BitsTicker>::create());
        break;
    case Variable::ReuseRate:
    case Variable::OffloadRate:
        x->setTicker(QSharedPointer<ShareTicker>::create());
        break;
    case Variable::DramPerServer:
    case Variable::NvmePerServer:
        x->setTicker(byteTicker(units));
        break;
    case Variable::Traffic:
        x->setTicker(QSharedPointer<QCPAxisTicker>::create());
        break;
    }
    if (!keys.isEmpty()) {
        double lo = std::min(keys.front(), currentValue), hi = std::max(keys.back(), currentValue);
        if (logScale) {
            x->setRange(lo / 1.15, hi * 1.15);
        } else {
            const double pad = std::max((hi - lo) * 0.03, 1e-9);
            x->setRange(lo - pad, hi + pad);
        }
    }
    x->setLabel(variable == Variable::Context ? tr("%1 (tokens)").arg(variableName(variable)) : variableName(variable));
    m_plot->yAxis->setTicker(byteTicker(units));
    m_plot->yAxis->setRange(0, top * 1.12);
    m_plot->yAxis->setLabel(m_fleet ? tr("fleet-wide demand") : tr("demand per server"));
    m_marker->point1->setCoords(currentValue, 0);
    m_marker->point2->setCoords(currentValue, 1);
    m_markerLabel->position->setTypeX(QCPItemPosition::ptPlotCoords);
    m_markerLabel->position->setCoords(currentValue, 0.02);
    m_markerLabel->setText(variable == Variable::Context
            ? tr("now: %1 tokens").arg(variableValueText(variable, currentValue))
            : tr("now: %1").arg(variableValueText(variable, currentValue)));
    m_title->setText(m_fleet
            ? tr("Fleet-wide demand as %1 varies").arg(variableName(variable).toLower())
            : tr("Demand per server as %1 varies, the rest held").arg(variableName(variable).toLower()));
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

int CurveChart::pointCount() const
{
    return m_graphs[0]->dataCount();
}

double CurveChart::valueAt(int tier, int i) const
{
    return m_graphs[static_cast<size_t>(tier)]->data()->at(i)->value;
}

double CurveChart::keyAt(int i) const
{
    return m_graphs[0]->data()->at(i)->key;
}

void CurveChart::applyTheme()
{
    const QPalette pal = palette();
    const QColor text = pal.color(QPalette::Text);
    const QColor base = pal.color(QPalette::Base);
    chart::themePlot(m_plot, m_title, pal);
    const std::array<Tier, 3> tiers = { Tier::Hbm, Tier::Dram, Tier::Ssd };
    for (int t = 0; t < 3; ++t)
        m_graphs[t]->setPen(QPen(chart::tierColor(tiers[t]), 2.5));
    m_marker->setPen(QPen(text, 1.5, Qt::DashLine));
    m_markerLabel->setColor(text);
    m_plot->legend->setBrush(base);
    m_plot->legend->setTextColor(text);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void CurveChart::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange)
        applyTheme();
}

} // namespace kvtiers::ui
