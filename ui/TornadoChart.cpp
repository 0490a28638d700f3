#include "TornadoChart.h"

#include "ChartPalette.h"
#include "ChartStyle.h"
#include "DecimalByteTicker.h"
#include "Tier.h"
#include "UnitsText.h"
#include "VariableText.h"

#include <QEvent>
#include <QVBoxLayout>

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace kvtiers::ui {

namespace {
constexpr double kBarWidth = 0.38;

} // namespace

TornadoChart::TornadoChart(QWidget* parent)
    : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_plot = new QCustomPlot(this);
    m_plot->setObjectName(QStringLiteral("tornadoPlot"));
    m_plot->setMinimumSize(360, 240);
    layout->addWidget(m_plot);
    m_plot->setPlottingHints(QCP::phCacheLabels);
    m_plot->plotLayout()->insertRow(0);
    m_title = chart::addTitle(m_plot, QString(), font());

    // Horizontal bars: the variables on the left axis, the delta on the bottom axis.
    QCPAxis* keyAxis = m_plot->yAxis;
    QCPAxis* valueAxis = m_plot->xAxis;
    m_lowBars = new QCPBars(keyAxis, valueAxis);
    m_highBars = new QCPBars(keyAxis, valueAxis);
    auto* group = new QCPBarsGroup(m_plot);
    group->setSpacingType(QCPBarsGroup::stAbsolute);
    group->setSpacing(1);
    for (QCPBars* bars : { m_lowBars, m_highBars }) {
        bars->setWidth(kBarWidth);
        bars->setBarsGroup(group);
        bars->setSelectable(QCP::stNone);
    }
    m_lowBars->setName(tr("variable moved down"));
    m_highBars->setName(tr("variable moved up"));
    keyAxis->setRangeReversed(true); // first row (largest effect) at the top
    keyAxis->setTickLength(0, 0);
    keyAxis->setSubTicks(false);
    keyAxis->grid()->setVisible(false);
    valueAxis->setSubTicks(false);
    valueAxis->setTicker(byteTicker(ByteUnits::Binary));
    valueAxis->grid()->setZeroLinePen(QPen(palette().color(QPalette::Text), 1));
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

double TornadoChart::tierValue(const TierDemand& d, int tier)
{
    return tier == 0 ? d.hbm : tier == 1 ? d.dram : d.ssd;
}

QString TornadoChart::rowLabel(const SensitivityBar& bar)
{
    return tr("%1\n%2 → %3")
        .arg(variableName(bar.variable), variableValueText(bar.variable, bar.lowValue),
            variableValueText(bar.variable, bar.highValue));
}

double TornadoChart::lowDeltaAt(int row) const
{
    return tierValue(m_rows.at(static_cast<size_t>(row)).lowDelta, m_tier);
}

double TornadoChart::highDeltaAt(int row) const
{
    return tierValue(m_rows.at(static_cast<size_t>(row)).highDelta, m_tier);
}

void TornadoChart::setResult(const SensitivityResult& result, int tier, ByteUnits units)
{
    m_tier = std::clamp(tier, 0, 2);
    m_rows = result.bars;
    // Sorted by the effect on this tier (the core sorts by the largest over all tiers).
    auto effect = [this](const SensitivityBar& b) {
        return std::max(std::fabs(tierValue(b.lowDelta, m_tier)), std::fabs(tierValue(b.highDelta, m_tier)));
    };
    std::stable_sort(m_rows.begin(), m_rows.end(),
        [&](const SensitivityBar& a, const SensitivityBar& b) { return effect(a) > effect(b); });

    QVector<double> keys, lows, highs;
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    double extent = 1;
    for (size_t i = 0; i < m_rows.size(); ++i) {
        const double key = static_cast<double>(i + 1);
        keys << key;
        lows << tierValue(m_rows[i].lowDelta, m_tier);
        highs << tierValue(m_rows[i].highDelta, m_tier);
        ticker->addTick(key, rowLabel(m_rows[i]));
        extent = std::max({ extent, std::fabs(lows.back()), std::fabs(highs.back()) });
    }
    m_lowBars->setData(keys, lows, true);
    m_highBars->setData(keys, highs, true);
    m_plot->yAxis->setTicker(ticker);
    m_plot->yAxis->setRange(0.4, static_cast<double>(m_rows.size()) + 0.6);
    m_plot->xAxis->setTicker(byteTicker(units));
    // Symmetric around zero, with room for the value labels at the bar ends.
    m_plot->xAxis->setRange(-extent * 1.35, extent * 1.35);

    while (m_valueLabels.size() < 2 * m_rows.size()) {
        auto* label = new QCPItemText(m_plot);
        label->setClipToAxisRect(true);
        m_valueLabels.push_back(label);
    }
    QFont labelFont = font();
    labelFont.setPointSizeF(labelFont.pointSizeF() * 0.85);
    const QColor text = palette().color(QPalette::Text);
    for (size_t i = 0; i < m_valueLabels.size(); ++i) {
        QCPItemText* label = m_valueLabels[i];
        const size_t row = i / 2;
        const bool high = i % 2 == 1;
        if (row >= m_rows.size()) {
            label->setVisible(false);
            continue;
        }
        const double v = high ? highs[static_cast<int>(row)] : lows[static_cast<int>(row)];
        const double key = static_cast<double>(row + 1) + (high ? 1 : -1) * (kBarWidth / 2 + 0.005);
        label->setVisible(true);
        label->setFont(labelFont);
        label->setColor(text);
        label->position->setCoords(v, key);
        label->setPositionAlignment((v < 0 ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter);
        label->setPadding(QMargins(3, 0, 3, 0));
        label->setText(std::fabs(v) < 0.5 ? QStringLiteral("0") : (v > 0 ? QStringLiteral("+") : QString()) + bytesText(v, units));
    }
    m_title->setText(tr("What moves %1 demand per server most").arg(tierName(static_cast<Tier>(m_tier))));
    m_plot->xAxis->setLabel(tr("change in %1 per server (base %2)")
                                .arg(tierName(static_cast<Tier>(m_tier)), bytesText(tierValue(result.base, m_tier), units)));
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void TornadoChart::applyTheme()
{
    const QPalette pal = palette();
    const QColor text = pal.color(QPalette::Text);
    const QColor base = pal.color(QPalette::Base);
    m_plot->setBackground(base);
    m_title->setTextColor(text);
    for (QCPAxis* axis : { m_plot->xAxis, m_plot->yAxis }) {
        chart::themeAxis(axis, pal);
    }
    m_plot->xAxis->grid()->setZeroLinePen(QPen(text, 1));
    // Okabe–Ito blue for "moved down", vermillion for "moved up".
    m_lowBars->setBrush(QColor(0x56, 0xB4, 0xE9));
    m_lowBars->setPen(QPen(QColor(0x56, 0xB4, 0xE9).darker(140)));
    m_highBars->setBrush(QColor(0xD5, 0x5E, 0x00));
    m_highBars->setPen(QPen(QColor(0xD5, 0x5E, 0x00).darker(140)));
    m_plot->legend->setBrush(base);
    m_plot->legend->setTextColor(text);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void TornadoChart::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange)
        applyTheme();
}

} // namespace kvtiers::ui
