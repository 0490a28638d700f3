#include "ui/charts/CurveChart.h"

#include "ui/charts/ByteTicker.h"
#include "ui/charts/ChartPalette.h"
#include "ui/charts/ChartStyle.h"
#include "ui/charts/TokenLogTicker.h"
#include "ui/common/Tier.h"
#include "ui/text/UnitsText.h"
#include "ui/text/VariableText.h"

#include <QEvent>
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
        return variableValueText(Variable::KvBits, tick, ByteUnits::Binary); // bits: no bytes to scale
    }
};

} // namespace

CurveChart::CurveChart(QWidget* parent)
    : ChartBase(parent, QStringLiteral("curvePlot"), { 360, 240 })
{
    QCustomPlot* const p = plot();
    p->plotLayout()->insertRow(0);
    addTitle();
    for (Tier t : kTiers) {
        m_graphs[t] = addGraph();
        texts()([this, t] { m_graphs[t]->setName(t == Tier::Ssd ? tr("NVMe") : tierName(t)); });
        m_graphs[t]->setSelectable(QCP::stNone);
    }
    m_marker = new QCPItemStraightLine(p);
    m_markerLabel = new QCPItemText(p);
    m_markerLabel->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_markerLabel->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_markerLabel->setPadding(QMargins(4, 2, 4, 2));
    m_stepLabel = new QCPItemText(p);
    m_stepLabel->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
    m_stepLabel->setVisible(false);
    p->xAxis->setSubTicks(false);
    p->yAxis->setSubTicks(false);
    putLegendBelowAxes();
    // "Demand per server as prefix-cache hit rate varies, the rest held" was cut on both
    // sides at 1280 wide: the title wraps to the plot's width.
    chart::fitToWidth(p, title(), nullptr);
    applyTheme();
}

void CurveChart::setCurve(
    Variable variable, const std::vector<CurvePoint>& points, double currentValue, ByteUnits units)
{
    m_fleet = false;
    QVector<double> keys;
    PerTier<std::vector<double>> values;
    for (const CurvePoint& p : points) {
        keys << p.value;
        for (Tier t : kTiers)
            values[t].push_back(p.demand[t]);
    }
    setCurveData(variable, keys, values, currentValue, units);
}

void CurveChart::setFleetCurve(
    Variable variable, const std::vector<FleetCurvePoint>& points, double currentValue, ByteUnits units)
{
    m_fleet = true;
    QVector<double> keys;
    PerTier<std::vector<double>> values;
    const double gap = std::numeric_limits<double>::quiet_NaN();
    for (const FleetCurvePoint& p : points) {
        if (!std::isfinite(p.value))
            continue; // no position on the axis (active sequences of a fleet that cannot be sized)
        keys << p.value;
        for (Tier t : kTiers)
            values[t].push_back(p.feasible ? p.demand[t] : gap);
    }
    setCurveData(variable, keys, values, currentValue, units);
}

void CurveChart::setCurveData(Variable variable, const QVector<double>& keys,
    const PerTier<std::vector<double>>& values, double currentValue, ByteUnits units)
{
    m_variable = variable;
    m_keys = keys;
    m_values = values;
    m_current = currentValue;
    if (units != this->units())
        setUnits(units); // draws
    else
        draw();
}

void CurveChart::draw()
{
    QCustomPlot* const p = plot();
    const Variable variable = m_variable;
    const QVector<double>& keys = m_keys;
    const PerTier<std::vector<double>>& values = m_values;
    const double currentValue = m_current;
    const ByteUnits units = this->units();
    double top = 1;
    for (Tier t : kTiers)
        for (double v : values[t])
            if (std::isfinite(v))
                top = std::max(top, v);
    for (Tier t : kTiers)
        m_graphs[t]->setData(keys, QVector<double>(values[t].begin(), values[t].end()), true);

    QCPAxis* x = p->xAxis;
    const bool logScale = knob(variable).gui.control == KnobControl::LogSlider;
    x->setScaleType(logScale ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    switch (knob(variable).value) {
    case KnobValue::Tokens:
        x->setTicker(QSharedPointer<TokenLogTicker>::create(TokenLogTicker::Labels::Tokens));
        break;
    case KnobValue::Count:
        x->setTicker(QSharedPointer<TokenLogTicker>::create(TokenLogTicker::Labels::Count));
        break;
    case KnobValue::Format:
        x->setTicker(QSharedPointer<BitsTicker>::create());
        break;
    case KnobValue::Fraction:
        x->setTicker(QSharedPointer<ShareTicker>::create());
        break;
    case KnobValue::Bytes:
        x->setTicker(byteTicker(units));
        break;
    default:
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
    p->yAxis->setTicker(byteTicker(units));
    p->yAxis->setRange(0, top * 1.12);
    p->yAxis->setLabel(m_fleet ? tr("fleet-wide demand") : tr("demand per server"));
    m_marker->point1->setCoords(currentValue, 0);
    m_marker->point2->setCoords(currentValue, 1);
    m_markerLabel->position->setTypeX(QCPItemPosition::ptPlotCoords);
    m_markerLabel->position->setCoords(currentValue, 0.02);
    m_markerLabel->setText(variable == Variable::Context
            ? tr("now: %1 tokens").arg(variableValueText(variable, currentValue, units))
            : tr("now: %1").arg(variableValueText(variable, currentValue, units)));
    const double step = stepAt();
    m_stepLabel->setVisible(std::isfinite(step));
    if (std::isfinite(step)) {
        double jump = 0;
        for (Tier t : kTiers)
            jump = std::max(jump, values[t][1]);
        m_stepLabel->position->setCoords(step, jump);
        m_stepLabel->setText(tr("ⓘ cache on"));
    }
    refreshToolTipAfterReplot();
    title()->setText(m_fleet
            ? tr("Fleet-wide demand as %1 varies").arg(variableName(variable).toLower())
            : tr("Demand per server as %1 varies, the rest held").arg(variableName(variable).toLower()));
    requestReplot();
}

double CurveChart::stepAt() const
{
    // The model's switch, read off the points: at a hit rate of 0 the cache keeps nothing
    // (PrefixCache.cpp: nothing reusable, no room wanted), at the next point it keeps
    // every stored block up to its horizon.
    if (m_variable != Variable::ReuseRate || m_keys.size() < 2 || m_keys[0] != 0)
        return std::numeric_limits<double>::quiet_NaN();
    for (Tier t : { Tier::Dram, Tier::Ssd })
        if (m_values[t][0] == 0 && m_values[t][1] > 0)
            return m_keys[1];
    return std::numeric_limits<double>::quiet_NaN();
}

QString CurveChart::stepNote() const
{
    if (!std::isfinite(stepAt()))
        return {};
    return tr("At 0% nothing is reused and the cache keeps nothing, but at any hit rate above 0 it keeps every "
              "stored block for its horizon, blocks never used again included, so demand steps up at once; past the "
              "step, more hits leave fewer of those one-time blocks to hold.");
}

QString CurveChart::toolTipTextAt(const QPoint& pos) const
{
    // Over the step (from 0 to the first hit rate above it): why it is there.
    const double step = stepAt();
    if (!std::isfinite(step) || !plot()->axisRect()->rect().contains(pos))
        return {};
    const double x = plot()->xAxis->pixelToCoord(pos.x());
    const double slack = (plot()->xAxis->range().upper - plot()->xAxis->range().lower) * 0.02;
    return x <= step + slack ? stepNote() : QString();
}

int CurveChart::pointCount() const
{
    return m_graphs.hbm->dataCount();
}

double CurveChart::valueAt(Tier tier, int i) const
{
    return m_graphs[tier]->data()->at(i)->value;
}

double CurveChart::keyAt(int i) const
{
    return m_graphs.hbm->data()->at(i)->key;
}

void CurveChart::themeChanged(const QPalette& pal)
{
    QCustomPlot* const p = plot();
    const QColor text = pal.color(QPalette::Text);
    const QColor base = pal.color(QPalette::Base);
    for (Tier t : kTiers)
        m_graphs[t]->setPen(QPen(chart::tierColor(t), 2.5));
    m_marker->setPen(QPen(text, 1.5, Qt::DashLine));
    m_markerLabel->setColor(text);
    m_stepLabel->setColor(text);
    p->legend->setBrush(base);
    p->legend->setTextColor(text);
}

} // namespace kvtiers::ui
