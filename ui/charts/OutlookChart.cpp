#include "ui/charts/OutlookChart.h"

#include "core/model/ComputeModel.h"
#include "ui/charts/ByteTicker.h"
#include "ui/charts/ChartPalette.h"
#include "ui/text/Translate.h"

#include <QFontMetrics>
#include <QResizeEvent>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace kvtiers::ui {

namespace {
QColor seriesColor(int series, const QPalette& palette)
{
    if (series == 3)
        return palette.color(QPalette::Text);
    return chart::tierColor(kTiers[static_cast<size_t>(series)]);
}

} // namespace

OutlookChart::OutlookChart(Mode mode, QWidget* parent)
    : ChartBase(parent, mode == Mode::Index ? QStringLiteral("outlookIndexPlot") : QStringLiteral("outlookBytesPlot"),
        { 200, 200 })
    , m_mode(mode)
{
    QCustomPlot* const p = plot();
    p->plotLayout()->insertRow(0);
    addTitle();
    for (int s = 0; s < seriesCount(); ++s) {
        m_graphs[static_cast<size_t>(s)] = addGraph();
        m_graphs[static_cast<size_t>(s)]->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 5));
    }
    auto years = QSharedPointer<QCPAxisTickerFixed>::create();
    years->setTickStep(1);
    years->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    p->xAxis->setTicker(years);
    p->xAxis->setNumberFormat(QStringLiteral("f"));
    p->xAxis->setNumberPrecision(0);
    p->xAxis->setSubTicks(false);
    if (m_mode == Mode::Bytes)
        p->yAxis->setTicker(byteTicker(units()));
    putLegendBelowAxes();
    p->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    p->legend->setWrap(4);
    applyTheme();
}

QString OutlookChart::seriesName(int series) const
{
    switch (series) {
    case 0:
        return tr("HBM");
    case 1:
        return tr("DRAM");
    case 2:
        return tr("SSD");
    default:
        return tr("tokens per day");
    }
}

double OutlookChart::valueAt(int series, int i) const
{
    const OutlookYearResult& y = m_result.years.at(static_cast<size_t>(i));
    if (m_mode == Mode::Index)
        return series == 3 ? y.tokensIndex : y.index[kTiers[static_cast<size_t>(series)]];
    const PerTier<double> needed { y.hbmBytes, y.dramBytes, y.ssdBytes };
    return needed[kTiers[static_cast<size_t>(series)]];
}

double OutlookChart::plottedAt(int series, int i) const
{
    const QCPGraph* g = m_graphs.at(static_cast<size_t>(series));
    if (!g || i >= g->dataCount())
        return std::nan("");
    return (g->data()->constBegin() + i)->value;
}

void OutlookChart::setResult(const OutlookResult& result, ByteUnits units)
{
    m_result = result;
    setUnits(units); // redraws
    redraw();
}

void OutlookChart::redraw()
{
    QCustomPlot* const p = plot();
    title()->setText(m_mode == Mode::Index
            ? tr("Each tier's needed bytes and tokens per day, relative to %1")
                  .arg(m_result.years.empty() ? QString() : QString::number(m_result.years.front().year))
            : tr("Bytes each tier needs, per year (%1)")
                  .arg(units() == ByteUnits::Decimal ? tr("decimal: EB") : tr("binary: EiB")));
    if (m_mode == Mode::Bytes)
        ensureByteTicker(p->yAxis, units());
    p->yAxis->setLabel(m_mode == Mode::Index ? tr("index (first year = 1)") : tr("needed bytes"));
    p->xAxis->setLabel(tr("year (a scenario, not a forecast)"));
    double top = 0;
    for (int s = 0; s < seriesCount(); ++s) {
        QCPGraph* g = m_graphs[static_cast<size_t>(s)];
        g->setName(seriesName(s));
        QVector<double> x, y;
        for (int i = 0; i < yearCount(); ++i) {
            const double v = valueAt(s, i);
            x.push_back(m_result.years[static_cast<size_t>(i)].year);
            y.push_back(std::isfinite(v) ? v : 0);
            top = std::max(top, y.back());
        }
        g->setData(x, y, true);
    }
    if (yearCount() > 0)
        p->xAxis->setRange(m_result.years.front().year - 0.3, m_result.years.back().year + 0.3);
    p->yAxis->setRange(0, top > 0 ? top * 1.08 : 1);
    requestReplot();
}

void OutlookChart::themeChanged(const QPalette& palette)
{
    for (int s = 0; s < seriesCount(); ++s) {
        QPen pen(seriesColor(s, palette), s == 3 ? 2.5 : 2);
        if (s == 3)
            pen.setStyle(Qt::DashLine);
        m_graphs[static_cast<size_t>(s)]->setPen(pen);
    }
}

QString OutlookChart::toolTipTextAt(const QPoint& pos) const
{
    if (yearCount() == 0)
        return {};
    const double x = plot()->xAxis->pixelToCoord(pos.x());
    const int i = std::clamp(static_cast<int>(std::lround(x - m_result.years.front().year)), 0, yearCount() - 1);
    const OutlookYearResult& y = m_result.years[static_cast<size_t>(i)];
    if (std::abs(x - y.year) > 0.4)
        return {};
    QString text = tr("%1 (a scenario)").arg(y.year);
    for (int s = 0; s < seriesCount(); ++s)
        text += QStringLiteral("\n")
            + tr("%1: %2").arg(
                seriesName(s), m_mode == Mode::Index ? QString::number(valueAt(s, i), 'f', 2) : bytes(valueAt(s, i)));
    return text;
}

namespace {
constexpr double kTornadoBarWidth = 0.38;
constexpr int kMaxRows = 10; ///< the largest effects; the rest move the tier less
} // namespace

OutlookTornadoChart::OutlookTornadoChart(QWidget* parent)
    : ChartBase(parent, QStringLiteral("outlookTornadoPlot"), { 200, 200 })
{
    QCustomPlot* const p = plot();
    p->plotLayout()->insertRow(0);
    addTitle();
    m_lowBars = new QCPBars(p->yAxis, p->xAxis);
    m_highBars = new QCPBars(p->yAxis, p->xAxis);
    auto* group = new QCPBarsGroup(p);
    group->setSpacingType(QCPBarsGroup::stAbsolute);
    group->setSpacing(1);
    for (QCPBars* bars : { m_lowBars, m_highBars }) {
        bars->setWidth(kTornadoBarWidth);
        bars->setBarsGroup(group);
        bars->setSelectable(QCP::stNone);
    }
    p->yAxis->setRangeReversed(true);
    p->yAxis->setTickLength(0, 0);
    p->yAxis->setSubTicks(false);
    p->yAxis->grid()->setVisible(false);
    p->xAxis->setSubTicks(false);
    p->xAxis->setTicker(byteTicker(units()));
    putLegendBelowAxes();
    applyTheme();
}

QString OutlookTornadoChart::driverNameAt(int row) const
{
    const OutlookTornadoBar& bar = m_rows.at(static_cast<size_t>(row));
    return QString::fromStdString(outlookDriverLabel(bar.driver, bar.workloadName, &translatedText));
}

QString OutlookTornadoChart::rowLabel(const OutlookTornadoBar& bar) const
{
    const QString name = QString::fromStdString(outlookDriverLabel(bar.driver, bar.workloadName, &translatedText));
    // Tokens per day in the UI language's words ("1,050 trillion/day", 조); the other ends as
    // the core wrote them.
    const bool tokens = bar.driver == OutlookDriver::Tokens;
    const auto tokensText = [](double v) { return QString::fromStdString(outlookTokensText(v, &translatedText)); };
    QString label = tr("%1 (%2 → %3)")
                        .arg(name, tokens ? tokensText(bar.lowValue) : QString::fromStdString(bar.lowText),
                            tokens ? tokensText(bar.highValue) : QString::fromStdString(bar.highText));
    if (!bar.lowFeasible || !bar.highFeasible)
        label += QStringLiteral(" ") + tr("(an end cannot be sized)");
    return label;
}

QString OutlookTornadoChart::fullLabelAt(int row) const
{
    return rowLabel(m_rows.at(static_cast<size_t>(row)));
}

QString OutlookTornadoChart::shownLabelAt(int row) const
{
    return m_shownLabels.value(row);
}

QString OutlookTornadoChart::toolTipTextAt(const QPoint& pos) const
{
    if (m_rows.empty())
        return {};
    const double y = plot()->yAxis->pixelToCoord(pos.y());
    const int row = static_cast<int>(std::lround(y));
    if (row < 0 || row >= rowCount() || std::abs(y - row) > 0.45)
        return {};
    const OutlookTornadoBar& b = m_rows[static_cast<size_t>(row)];
    QString text = fullLabelAt(row);
    if (b.lowFeasible)
        text += QStringLiteral("\n") + tr("moved down: %1").arg(bytes(b.lowDelta[m_tier]));
    if (b.highFeasible)
        text += QStringLiteral("\n") + tr("moved up: %1").arg(bytes(b.highDelta[m_tier]));
    return text;
}

void OutlookTornadoChart::resizeEvent(QResizeEvent* event)
{
    ChartBase::resizeEvent(event);
    if (event->size().width() != event->oldSize().width() && !m_rows.empty())
        redraw();
}

void OutlookTornadoChart::setTornado(const OutlookTornado& tornado, Tier tier, ByteUnits units)
{
    m_tier = tier;
    m_year = tornado.year;
    m_rows = tornado.sortedFor(m_tier);
    if (m_rows.size() > static_cast<size_t>(kMaxRows))
        m_rows.resize(static_cast<size_t>(kMaxRows));
    setUnits(units);
    redraw();
}

void OutlookTornadoChart::redraw()
{
    QCustomPlot* const p = plot();
    const QString tierName = m_tier == Tier::Hbm ? tr("HBM") : m_tier == Tier::Dram ? tr("DRAM") : tr("SSD");
    title()->setText(tr("What moves %1 in %2 most").arg(tierName).arg(m_year));
    m_lowBars->setName(tr("driver moved down"));
    m_highBars->setName(tr("driver moved up"));
    ensureByteTicker(p->xAxis, units());
    p->xAxis->setLabel(tr("change in the %1 the year needs").arg(tierName));
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    QVector<double> keys, low, high;
    double extent = 0;
    // Labels take at most about two fifths of the width, so the bars keep the rest.
    const QFontMetrics metrics(p->yAxis->tickLabelFont());
    m_labelWidth = std::max(120, width() * 2 / 5);
    m_shownLabels.clear();
    for (size_t i = 0; i < m_rows.size(); ++i) {
        const OutlookTornadoBar& b = m_rows[i];
        const double k = static_cast<double>(i);
        m_shownLabels << metrics.elidedText(rowLabel(b), Qt::ElideMiddle, m_labelWidth);
        ticker->addTick(k, m_shownLabels.back());
        keys.push_back(k);
        low.push_back(b.lowFeasible ? b.lowDelta[m_tier] : 0);
        high.push_back(b.highFeasible ? b.highDelta[m_tier] : 0);
        extent = std::max({ extent, std::abs(low.back()), std::abs(high.back()) });
    }
    p->yAxis->setTicker(ticker);
    m_lowBars->setData(keys, low, true);
    m_highBars->setData(keys, high, true);
    p->yAxis->setRange(-0.6, std::max<double>(0.6, static_cast<double>(m_rows.size()) - 0.4));
    const double e = extent > 0 ? extent * 1.1 : 1;
    p->xAxis->setRange(-e, e);
    requestReplot();
}

void OutlookTornadoChart::themeChanged(const QPalette& palette)
{
    const QColor low(0x56, 0xB4, 0xE9), high(0xE6, 0x9F, 0x00);
    m_lowBars->setBrush(low);
    m_lowBars->setPen(QPen(low.darker(130)));
    m_highBars->setBrush(high);
    m_highBars->setPen(QPen(high.darker(130)));
    plot()->xAxis->grid()->setZeroLinePen(QPen(palette.color(QPalette::Text), 1));
}

} // namespace kvtiers::ui
