#include "ui/charts/CompareChart.h"

#include "ui/charts/ByteTicker.h"
#include "ui/charts/ChartPalette.h"
#include "ui/charts/ChartStyle.h"
#include "ui/text/UnitsText.h"

#include <QEvent>
#include <qcustomplot.h>

#include <algorithm>

namespace kvtiers::ui {

namespace {
constexpr double kBarWidth = 0.8;

QString letter(int index)
{
    return QString(QChar(u'A' + static_cast<char16_t>(index)));
}
} // namespace

CompareChart::CompareChart(QWidget* parent)
    : ChartBase(parent, QStringLiteral("comparePlot"), { 360, 260 })
{
    buildPlot();
    applyTheme();
}

void CompareChart::buildPlot()
{
    QCustomPlot* const p = plot();
    p->setAutoAddPlottableToLegend(false);
    p->plotLayout()->clear();
    addTitle(tr("Bytes per replica, one shared scale"));
    m_key = new QCPTextElement(p, QString(), font());
    p->plotLayout()->addElement(1, 0, m_key);
    m_rect = new QCPAxisRect(p);
    p->plotLayout()->addElement(2, 0, m_rect);
    QCPAxis* x = m_rect->axis(QCPAxis::atBottom);
    QCPAxis* y = m_rect->axis(QCPAxis::atLeft);
    x->setTickLength(0, 0);
    x->setSubTicks(false);
    x->grid()->setVisible(false);
    y->setTicker(byteTicker(units()));
    y->setSubTicks(false);
    texts()([y] { y->setLabel(tr("bytes per replica")); });

    QCPBars* below = nullptr;
    for (int s = 0; s < kSegmentCount - 1; ++s) {
        auto* bars = new QCPBars(x, y);
        texts()([bars, s] { bars->setName(segmentName(static_cast<Segment>(s))); });
        bars->setWidth(kBarWidth);
        bars->setStackingGap(0);
        bars->setSelectable(QCP::stNone);
        if (below)
            bars->moveAbove(below);
        below = bars;
        m_bars[static_cast<size_t>(s)] = bars;
    }
    m_overflowBars = new QCPBars(x, y);
    texts()([this] { m_overflowBars->setName(tr("overflow: fits in no tier")); });
    m_overflowBars->setWidth(kBarWidth);
    m_overflowBars->setSelectable(QCP::stNone);

    auto* legend = new QCPLegend;
    auto* legendRow = new QCPLayoutGrid;
    p->plotLayout()->addElement(3, 0, legendRow);
    legendRow->addElement(0, 0, legend);
    legend->setLayer(QStringLiteral("legend"));
    legend->setFillOrder(QCPLegend::foColumnsFirst);
    legend->setWrap(4);
    legend->setBorderPen(Qt::NoPen);
    legend->setIconSize(14, 12);
    for (QCPBars* b : m_bars)
        b->addToLegend(legend);
    m_overflowBars->addToLegend(legend);
    for (int r : { 0, 1, 3 })
        p->plotLayout()->setRowStretchFactor(r, 0.001);
}

void CompareChart::themeChanged(const QPalette& pal)
{
    QCustomPlot* const p = plot();
    const QColor text = pal.color(QPalette::Text);
    m_key->setTextColor(text);
    for (int s = 0; s < kSegmentCount - 1; ++s) {
        const QColor fill = chart::segmentColor(static_cast<Segment>(s), pal);
        m_bars[static_cast<size_t>(s)]->setBrush(fill);
        m_bars[static_cast<size_t>(s)]->setPen(QPen(fill.darker(130)));
    }
    m_overflowBars->setBrush(chart::overflowColor());
    m_overflowBars->setPen(QPen(chart::overflowColor().darker(150), 2));
    for (int i = 0; i < p->plotLayout()->elementCount(); ++i)
        if (auto* grid = qobject_cast<QCPLayoutGrid*>(p->plotLayout()->elementAt(i)))
            if (auto* legend = qobject_cast<QCPLegend*>(grid->elementAt(0))) {
                legend->setTextColor(text);
                legend->setBrush(pal.color(QPalette::Base));
            }
    rebuild();
}

void CompareChart::setComparison(const ScenarioComparison& comparison)
{
    m_comparison = comparison;
    m_count = static_cast<int>(comparison.results.size());
    rebuild();
}

void CompareChart::clear()
{
    m_comparison = {};
    m_count = 0;
    rebuild();
}

double CompareChart::usedBytes(Tier tier, int index) const
{
    if (index < 0 || index >= m_count)
        return 0;
    return tierUse(m_comparison.results[static_cast<size_t>(index)], tier).used();
}

double CompareChart::axisTop() const
{
    return m_rect->axis(QCPAxis::atLeft)->range().upper;
}

void CompareChart::rebuild()
{
    QCustomPlot* const p = plot();
    p->clearItems();
    QCPAxis* x = m_rect->axis(QCPAxis::atBottom);
    QCPAxis* y = m_rect->axis(QCPAxis::atLeft);
    ensureByteTicker(y, units());
    const int n = m_count;
    // Nothing picked: no byte ticks or grid ("1 B … 5 B" would measure nothing) and no
    // bar slots, only the hint in the key row.
    y->setTicks(n > 0);
    y->setTickLabels(n > 0);
    y->grid()->setVisible(n > 0);
    for (QCPBars* b : m_bars)
        b->data()->clear();
    m_overflowBars->data()->clear();
    if (n == 0) {
        x->setTicker(QSharedPointer<QCPAxisTickerText>::create());
        title()->setText(tr("Bytes per replica, one shared scale"));
        m_key->setText(tr("Pick 2 to 4 presets to compare"));
        requestReplot();
        return;
    }
    QStringList unused;
    const std::vector<int> shown = shownGroups(&unused);
    const int groups = static_cast<int>(shown.size());
    title()->setText(unused.isEmpty()
            ? tr("Bytes per replica, one shared scale")
            : tr("Bytes per replica, one shared scale (%1: unused in every scenario)").arg(unused.join(tr(" and "))));
    const double top = scaleTop();
    y->setRange(0, top);
    x->setRange(-0.7, barKey(groups - 1, n - 1) + 0.7);

    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (int slot = 0; slot < groups; ++slot) {
        const int g = shown[static_cast<size_t>(slot)];
        for (int i = 0; i < n; ++i) {
            ticker->addTick(barKey(slot, i), letter(i));
            addBar(g, i, barKey(slot, i), top);
        }
        addGroupLabel(g, barKey(slot, 0) + (n - 1) / 2.0);
    }
    x->setTicker(ticker);
    QStringList key;
    for (int i = 0; i < n; ++i)
        key << QStringLiteral("%1 = %2").arg(letter(i), qs(m_comparison.labels[static_cast<size_t>(i)]));
    m_key->setText(key.join(n > 2 ? QStringLiteral("\n") : QStringLiteral("      ")));
    requestReplot();
}

double CompareChart::barKey(int slot, int index) const
{
    // Bars of a tier sit side by side; groups are one bar-width apart.
    return slot * (m_count + 1) + index;
}

std::vector<int> CompareChart::shownGroups(QStringList* unused) const
{
    // Groups: HBM always; DRAM and SSD when some scenario uses them (an empty group on a
    // shared scale only pushes the bars together); overflow when some scenario has any.
    std::vector<int> shown { 0 };
    for (int t = 1; t < kTierCount; ++t) {
        const bool any = std::any_of(m_comparison.results.begin(), m_comparison.results.end(),
            [t](const EvalResult& r) { return tierUse(r, static_cast<Tier>(t)).used() > 0; });
        if (any)
            shown.push_back(t);
        else
            *unused << tierName(static_cast<Tier>(t));
    }
    if (std::any_of(m_comparison.results.begin(), m_comparison.results.end(),
            [](const EvalResult& r) { return r.overflowBytes > 0; }))
        shown.push_back(kTierCount);
    return shown;
}

double CompareChart::scaleTop() const
{
    double maxUsed = 1;
    for (const auto& r : m_comparison.results)
        maxUsed = std::max({ maxUsed, r.tiers.hbm.used(), r.tiers.dram.used(), r.tiers.ssd.used(), r.overflowBytes });
    // Capacities are marked when they fall within 1.6× the largest bar: one shared scale
    // must not be flattened by a 30 TB SSD nobody uses.
    double top = maxUsed;
    for (const auto& r : m_comparison.results)
        for (int t = 0; t < kTierCount; ++t) {
            const double cap = tierUse(r, static_cast<Tier>(t)).capacity;
            if (cap > 0 && cap <= 1.6 * maxUsed)
                top = std::max(top, cap);
        }
    return top * 1.18;
}

QCPItemText* CompareChart::addText(double key, double value, const QFont& font, const QColor& color)
{
    auto* item = new QCPItemText(plot());
    item->setClipAxisRect(m_rect);
    item->position->setAxes(m_rect->axis(QCPAxis::atBottom), m_rect->axis(QCPAxis::atLeft));
    item->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
    item->position->setCoords(key, value);
    item->setFont(font);
    item->setColor(color);
    return item;
}

void CompareChart::addBar(int group, int index, double key, double top)
{
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    const QColor text = palette().color(QPalette::Text);
    const EvalResult& r = m_comparison.results[static_cast<size_t>(index)];
    if (group == kTierCount) {
        m_overflowBars->addData(key, r.overflowBytes);
        addText(key, r.overflowBytes, small, chart::overflowColor())->setText(bytes(r.overflowBytes));
        return;
    }
    const TierUse& use = tierUse(r, static_cast<Tier>(group));
    for (int s = 0; s < kSegmentCount - 1; ++s)
        m_bars[static_cast<size_t>(s)]->addData(key, segmentBytes(use, static_cast<Segment>(s)));
    const double used = use.used();
    const bool nearCapacity = std::abs(use.capacity - used) < 0.07 * top;
    if (use.capacity > 0 && use.capacity <= top) {
        auto* line = new QCPItemLine(plot());
        line->setClipAxisRect(m_rect);
        line->start->setAxes(m_rect->axis(QCPAxis::atBottom), m_rect->axis(QCPAxis::atLeft));
        line->end->setAxes(m_rect->axis(QCPAxis::atBottom), m_rect->axis(QCPAxis::atLeft));
        line->start->setCoords(key - kBarWidth / 2 - 0.05, use.capacity);
        line->end->setCoords(key + kBarWidth / 2 + 0.05, use.capacity);
        line->setPen(QPen(text, 1.5, Qt::DashLine));
        QCPItemText* cap = addText(key, use.capacity, small, text);
        // Two short lines, not one long one: the A and B bars stand side by side, and their
        // labels must not run into each other.
        cap->setText(tr("capacity\n%1").arg(bytes(use.capacity)));
        cap->setVisible(!nearCapacity);
    }
    addText(key, used, small, text)
        ->setText(
            nearCapacity && use.capacity > 0 ? tr("%1\nof %2").arg(bytes(used), bytes(use.capacity)) : bytes(used));
}

void CompareChart::addGroupLabel(int group, double key)
{
    const QStringList groupNames = { tierName(Tier::Hbm), tierName(Tier::Dram), tierName(Tier::Ssd), tr("Overflow") };
    QFont bold = font();
    bold.setBold(true);
    auto* label = new QCPItemText(plot());
    label->setClipAxisRect(m_rect);
    label->position->setAxisRect(m_rect);
    label->position->setAxes(m_rect->axis(QCPAxis::atBottom), m_rect->axis(QCPAxis::atLeft));
    label->position->setTypeX(QCPItemPosition::ptPlotCoords);
    label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    label->position->setCoords(key, 0.02);
    label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignTop);
    label->setFont(bold);
    label->setColor(group == kTierCount ? chart::overflowColor() : palette().color(QPalette::Text));
    label->setText(groupNames.at(group));
}

} // namespace kvtiers::ui
