#include "ui/charts/TornadoChart.h"

#include "ui/charts/ByteTicker.h"
#include "ui/charts/ChartPalette.h"
#include "ui/charts/ChartStyle.h"
#include "ui/common/Tier.h"
#include "ui/text/UnitsText.h"
#include "ui/text/VariableText.h"

#include <QEvent>
#include <QFontMetricsF>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace kvtiers::ui {

namespace {
constexpr double kBarWidth = 0.38;

} // namespace

TornadoChart::TornadoChart(QWidget* parent)
    : ChartBase(parent, QStringLiteral("tornadoPlot"), { 360, 240 })
{
    QCustomPlot* const p = plot();
    p->plotLayout()->insertRow(0);
    addTitle();

    // Horizontal bars: the variables on the left axis, the delta on the bottom axis.
    QCPAxis* keyAxis = p->yAxis;
    QCPAxis* valueAxis = p->xAxis;
    m_lowBars = new QCPBars(keyAxis, valueAxis);
    m_highBars = new QCPBars(keyAxis, valueAxis);
    auto* group = new QCPBarsGroup(p);
    group->setSpacingType(QCPBarsGroup::stAbsolute);
    group->setSpacing(1);
    for (QCPBars* bars : { m_lowBars, m_highBars }) {
        bars->setWidth(kBarWidth);
        bars->setBarsGroup(group);
        bars->setSelectable(QCP::stNone);
    }
    texts()([this] {
        m_lowBars->setName(tr("variable moved down"));
        m_highBars->setName(tr("variable moved up"));
    });
    keyAxis->setRangeReversed(true); // first row (largest effect) at the top
    keyAxis->setTickLength(0, 0);
    keyAxis->setSubTicks(false);
    keyAxis->grid()->setVisible(false);
    valueAxis->setSubTicks(false);
    valueAxis->setTicker(byteTicker(units()));
    valueAxis->grid()->setZeroLinePen(QPen(palette().color(QPalette::Text), 1));
    putLegendBelowAxes();
    applyTheme();
    // The panel's height is known once laid out: row labels take one line or two to fit it.
    connect(p, &QCustomPlot::afterLayout, this, &TornadoChart::fitRowLabels);
}

double TornadoChart::fleetMeasureValue(const FleetDemand& d, TornadoMeasure measure)
{
    const std::optional<Tier> tier = measuredTier(measure);
    return tier ? d[*tier] : d.gpus;
}

namespace {
/// "2K → 6K tokens", "30% → 90%": a row's low and high values with their unit.
QString rangeText(Variable v, const QString& low, const QString& high)
{
    return v == Variable::Context ? TornadoChart::tr("%1 → %2 tokens").arg(low, high)
                                  : TornadoChart::tr("%1 → %2").arg(low, high);
}
} // namespace

QString TornadoChart::rowLabel(const SensitivityBar& bar) const
{
    return tr("%1\n%2").arg(variableName(bar.variable),
        rangeText(bar.variable, variableValueText(bar.variable, bar.lowValue, units()),
            variableValueText(bar.variable, bar.highValue, units())));
}

QString TornadoChart::rowLabel(const FleetSensitivityBar& bar) const
{
    auto value = [&](double v) {
        if (!std::isfinite(v))
            return QStringLiteral("–"); // that end cannot be sized
        // A fleet's active sequences are a mean over its replicas: three digits say enough.
        return bar.variable == Variable::Concurrency ? significantText(v, 3)
                                                     : variableValueText(bar.variable, v, units());
    };
    const QString range = rangeText(bar.variable, value(bar.lowValue), value(bar.highValue));
    if (bar.variable == Variable::Concurrency)
        return tr("%1\n%2 (TPOT %3 → %4)")
            .arg(variableName(bar.variable), range, secondsText(bar.lowTpotSeconds), secondsText(bar.highTpotSeconds));
    return tr("%1\n%2").arg(variableName(bar.variable), range);
}

double TornadoChart::lowDeltaAt(int row) const
{
    return m_rows.at(static_cast<size_t>(row)).low;
}

double TornadoChart::highDeltaAt(int row) const
{
    return m_rows.at(static_cast<size_t>(row)).high;
}

void TornadoChart::setResult(const SensitivityResult& result, Tier tier, ByteUnits units)
{
    m_fleet = false;
    m_measure = tornadoMeasure(tier);
    m_rows.clear();
    m_bars = result.bars;
    m_fleetBars.clear();
    for (const SensitivityBar& b : result.bars)
        m_rows.push_back({ b.variable, QString(), b.lowDelta[tier], b.highDelta[tier], true, true, m_rows.size() });
    m_base = result.base[tier];
    if (units != this->units())
        setUnits(units); // draws
    else
        redraw();
}

void TornadoChart::setFleetResult(const FleetSensitivityResult& result, TornadoMeasure measure, ByteUnits units)
{
    m_fleet = true;
    m_measure = measure;
    m_rows.clear();
    m_fleetBars = result.bars;
    m_bars.clear();
    for (const FleetSensitivityBar& b : result.bars)
        m_rows.push_back({ b.variable, QString(), b.lowFeasible ? fleetMeasureValue(b.lowDelta, measure) : 0.0,
            b.highFeasible ? fleetMeasureValue(b.highDelta, measure) : 0.0, b.lowFeasible, b.highFeasible,
            m_rows.size() });
    m_base = fleetMeasureValue(result.base, measure);
    m_baseServers = result.base.servers;
    if (units != this->units())
        setUnits(units); // draws
    else
        redraw();
}

void TornadoChart::relabelRows()
{
    for (Row& row : m_rows)
        row.label = m_fleet ? rowLabel(m_fleetBars.at(row.bar)) : rowLabel(m_bars.at(row.bar));
}

void TornadoChart::redraw()
{
    const std::optional<Tier> tier = measuredTier(m_measure);
    if (!m_fleet)
        title()->setText(tr("What moves %1 demand per server most").arg(tierName(tier.value_or(Tier::Hbm))));
    else
        title()->setText(!tier ? tr("What moves the fleet's GPU count most")
                               : tr("What moves the fleet's %1 demand most").arg(tierName(*tier)));
    relabelRows();
    setAxisLabel();
    draw();
}

void TornadoChart::setAxisLabel()
{
    const std::optional<Tier> measured = measuredTier(m_measure);
    const QString tier = tierName(measured.value_or(Tier::Hbm));
    if (!m_fleet)
        plot()->xAxis->setLabel(tr("change in %1 per server (base %2)").arg(tier, bytes(m_base)));
    else if (!measured)
        plot()->xAxis->setLabel(
            tr("change in GPUs (base %1 GPUs in %2 servers)").arg(countText(m_base), countText(m_baseServers)));
    else
        plot()->xAxis->setLabel(tr("change in fleet-wide %1 (base %2)").arg(tier, bytes(m_base)));
}

void TornadoChart::draw()
{
    QCustomPlot* const p = plot();
    // Sorted by the effect on this tier (the core sorts by the largest over all tiers).
    auto effect = [](const Row& r) { return std::max(std::fabs(r.low), std::fabs(r.high)); };
    std::stable_sort(m_rows.begin(), m_rows.end(), [&](const Row& a, const Row& b) { return effect(a) > effect(b); });
    const bool counts = m_fleet && m_measure == TornadoMeasure::Gpus;

    QVector<double> keys, lows, highs;
    double extent = counts ? 1 : 1024;
    for (size_t i = 0; i < m_rows.size(); ++i) {
        const double key = static_cast<double>(i + 1);
        keys << key;
        lows << m_rows[i].low;
        highs << m_rows[i].high;
        extent = std::max({ extent, std::fabs(lows.back()), std::fabs(highs.back()) });
    }
    m_lowBars->setData(keys, lows, true);
    m_highBars->setData(keys, highs, true);
    setRowTicks();
    p->yAxis->setRange(0.4, static_cast<double>(m_rows.size()) + 0.6);
    p->xAxis->setTicker(counts ? QSharedPointer<QCPAxisTicker>::create() : byteTicker(units()));
    m_extent = extent;

    while (m_valueLabels.size() < 2 * m_rows.size()) {
        auto* label = new QCPItemText(p);
        label->setClipToAxisRect(true);
        m_valueLabels.push_back(label);
    }
    QFont labelFont = font();
    labelFont.setPointSizeF(labelFont.pointSizeF() * 0.85);
    QFont infeasibleFont = labelFont;
    infeasibleFont.setItalic(true);
    const QColor text = palette().color(QPalette::Text);
    auto valueText = [&](double v) {
        const QString sign = v > 0 ? QStringLiteral("+") : QString();
        if (counts)
            return std::fabs(v) < 0.5 ? QStringLiteral("0") : sign + countText(v);
        return std::fabs(v) < 0.5 ? QStringLiteral("0") : sign + bytes(v);
    };
    for (size_t i = 0; i < m_valueLabels.size(); ++i) {
        QCPItemText* label = m_valueLabels[i];
        const size_t row = i / 2;
        const bool high = i % 2 == 1;
        if (row >= m_rows.size()) {
            label->setVisible(false);
            continue;
        }
        const bool feasible = high ? m_rows[row].highFeasible : m_rows[row].lowFeasible;
        const double v = high ? highs[static_cast<int>(row)] : lows[static_cast<int>(row)];
        const double key = static_cast<double>(row + 1) + (high ? 1 : -1) * (kBarWidth / 2 + 0.005);
        label->setVisible(true);
        label->setFont(feasible ? labelFont : infeasibleFont);
        label->setColor(text);
        label->position->setCoords(v, key);
        label->setPositionAlignment((v < 0 ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter);
        label->setPadding(QMargins(3, 0, 3, 0));
        label->setText(
            feasible ? valueText(v) : (high ? tr("moved up: cannot be sized") : tr("moved down: cannot be sized")));
    }
    fitValueRange();
}

QString TornadoChart::shownLabel(const Row& row) const
{
    return m_oneLineLabels ? QString(row.label).replace(u'\n', QStringLiteral("  ")) : row.label;
}

void TornadoChart::setRowTicks()
{
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (size_t i = 0; i < m_rows.size(); ++i)
        ticker->addTick(static_cast<double>(i + 1), shownLabel(m_rows[i]));
    plot()->yAxis->setTicker(ticker);
}

void TornadoChart::fitRowLabels()
{
    // A row label is two lines (the variable, then its range) where a row is tall enough
    // for two; in a short panel two-line labels would overlap their neighbours, so each
    // takes one line and the bars give up some width instead.
    if (m_rows.empty())
        return;
    const double rowHeight = plot()->axisRect()->height() / (static_cast<double>(m_rows.size()) + 0.2);
    const bool oneLine = rowHeight < 2 * QFontMetricsF(plot()->yAxis->tickLabelFont()).lineSpacing() + 2;
    if (oneLine == m_oneLineLabels)
        return;
    m_oneLineLabels = oneLine;
    setRowTicks();
    fitValueRange();
}

void TornadoChart::fitValueRange()
{
    // Symmetric around zero, with room for the value labels at the bar ends: the axis
    // rect is about the plot's width less the row labels; each half must hold the longest
    // bar plus its label (a narrow panel needs a wider range than a wide export).
    QCustomPlot* const p = plot();
    const QFontMetricsF rowMetrics(p->yAxis->tickLabelFont());
    double rowLabels = 0;
    for (const Row& row : m_rows)
        for (const QString& line : shownLabel(row).split(u'\n'))
            rowLabels = std::max(rowLabels, rowMetrics.horizontalAdvance(line));
    double valueLabels = 0;
    for (size_t i = 0; i < m_valueLabels.size() && i < 2 * m_rows.size(); ++i) {
        const QFontMetricsF metrics(m_valueLabels[i]->font());
        valueLabels = std::max(valueLabels, metrics.horizontalAdvance(m_valueLabels[i]->text()) + 10);
    }
    const double half = (p->width() - rowLabels - 40) / 2;
    const double factor = half > 2 * valueLabels ? std::max(1.15, half / (half - valueLabels)) : 2.0;
    p->xAxis->setRange(-m_extent * factor, m_extent * factor);
    requestReplot();
}

void TornadoChart::resizeEvent(QResizeEvent* event)
{
    ChartBase::resizeEvent(event);
    fitValueRange();
}

void TornadoChart::themeChanged(const QPalette& pal)
{
    QCustomPlot* const p = plot();
    const QColor text = pal.color(QPalette::Text);
    const QColor base = pal.color(QPalette::Base);
    p->xAxis->grid()->setZeroLinePen(QPen(text, 1));
    // Okabe–Ito blue for "moved down", vermillion for "moved up".
    m_lowBars->setBrush(QColor(0x56, 0xB4, 0xE9));
    m_lowBars->setPen(QPen(QColor(0x56, 0xB4, 0xE9).darker(140)));
    m_highBars->setBrush(QColor(0xD5, 0x5E, 0x00));
    m_highBars->setPen(QPen(QColor(0xD5, 0x5E, 0x00).darker(140)));
    p->legend->setBrush(base);
    p->legend->setTextColor(text);
}

} // namespace kvtiers::ui
