#include "ui/charts/FleetChart.h"

#include "core/catalog/CardCatalog.h"
#include "ui/charts/ByteTicker.h"
#include "ui/charts/ChartPalette.h"
#include "ui/charts/ChartStyle.h"
#include "ui/common/Tier.h"
#include "ui/text/CardText.h"
#include "ui/text/UnitsText.h"

#include <QAbstractScrollArea>
#include <QCoreApplication>
#include <QEvent>
#include <QPainter>
#include <QPixmap>
#include <qcustomplot.h>

#include <algorithm>

namespace kvtiers::ui {

namespace {
constexpr double kBarKey = 1.0;
constexpr double kBarWidth = 0.6;

/// Okabe–Ito colours (colour-vision-safe) for the first seven workloads of the mix.
/// A mix may hold 64, so each further round of the seven colours carries a hatch of its
/// own (lines in the chart's base colour over the fill): no two workloads look alike, on
/// screen, in a PNG or in a vector export.
constexpr std::array<QRgb, 7> kWorkloadColors
    = { 0x0072B2, 0xE69F00, 0x009E73, 0xCC79A7, 0x56B4E9, 0xD55E00, 0xF0E442 };

QColor workloadColor(int i)
{
    return QColor(kWorkloadColors[static_cast<size_t>(std::max(0, i)) % kWorkloadColors.size()]);
}

QBrush workloadBrush(int i, const QColor& base)
{
    static const std::array<Qt::BrushStyle, 10> hatches
        = { Qt::SolidPattern, Qt::BDiagPattern, Qt::FDiagPattern, Qt::HorPattern, Qt::VerPattern, Qt::DiagCrossPattern,
              Qt::CrossPattern, Qt::Dense6Pattern, Qt::Dense5Pattern, Qt::Dense4Pattern };
    const Qt::BrushStyle hatch
        = hatches[(static_cast<size_t>(std::max(0, i)) / kWorkloadColors.size()) % hatches.size()];
    if (hatch == Qt::SolidPattern)
        return QBrush(workloadColor(i));
    QPixmap tile(12, 12);
    tile.fill(workloadColor(i));
    QPainter painter(&tile);
    painter.fillRect(tile.rect(), QBrush(base, hatch));
    painter.end();
    return QBrush(tile);
}

} // namespace

namespace {
constexpr int kMinimumHeight = 240;
/// The panels' least height: below this the bars and their tick labels stop reading.
constexpr int kPanelsMinimumHeight = 170;
} // namespace

FleetChart::FleetChart(QWidget* parent)
    : ChartBase(parent, QStringLiteral("fleetPlot"), { 320, kMinimumHeight })
{
    buildPlot();
    applyTheme();
    plot()->installEventFilter(this);
}

bool FleetChart::eventFilter(QObject* watched, QEvent* event)
{
    // QCustomPlot takes every wheel event, zooming or not. This plot does not zoom: the
    // wheel scrolls the scroll area the chart sits in (its viewport turns the event into
    // a scroll), or goes on to the parents unaccepted.
    if (watched == plot() && event->type() == QEvent::Wheel && !plot()->interactions().testFlag(QCP::iRangeZoom)) {
        for (QWidget* w = parentWidget(); w; w = w->parentWidget())
            if (auto* area = qobject_cast<QAbstractScrollArea*>(w)) {
                QCoreApplication::sendEvent(area->viewport(), event);
                return true;
            }
        event->ignore();
        return true;
    }
    return ChartBase::eventFilter(watched, event);
}

void FleetChart::fitHeight()
{
    QCustomPlot* const p = plot();
    int rest = 0; // title and legend rows at their natural height
    for (int row : { 0, 2 })
        if (QCPLayoutElement* element = p->plotLayout()->element(row, 0))
            rest += element->minimumOuterSizeHint().height();
    const int height = std::max(kMinimumHeight, kPanelsMinimumHeight + rest + 12);
    if (p->minimumHeight() != height)
        p->setMinimumHeight(height);
}

void FleetChart::buildPlot()
{
    QCustomPlot* const p = plot();
    p->setAutoAddPlottableToLegend(false);
    p->plotLayout()->clear();
    addTitle(tr("Fleet memory demand by workload"));

    auto* panels = new QCPLayoutGrid;
    p->plotLayout()->addElement(1, 0, panels);
    int column = 0;
    for (Tier t : kTiers) {
        auto* rect = new QCPAxisRect(p);
        panels->addElement(0, column++, rect);
        m_rects[t] = rect;
        QCPAxis* x = rect->axis(QCPAxis::atBottom);
        QCPAxis* y = rect->axis(QCPAxis::atLeft);
        texts()(
            [this, x, t] { chart::setupBarPanelAxis(x, kBarKey, t == Tier::Ssd ? tr("NVMe") : tierName(t), font()); });
        y->setTicker(byteTicker(units()));
        y->setSubTicks(false);
        y->setRange(0, 1);
        auto* total = new QCPItemText(p);
        total->setClipAxisRect(rect);
        total->position->setAxes(x, y);
        total->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
        m_totals[t] = total;
    }

    // The legend keeps its natural width, centred between two empty cells: spread over
    // the whole row, two entries sat at the far ends, away from each other.
    m_legend = new QCPLegend;
    auto* legendRow = new QCPLayoutGrid;
    p->plotLayout()->addElement(2, 0, legendRow);
    legendRow->addElement(0, 0, new QCPLayoutElement(p));
    legendRow->addElement(0, 1, m_legend);
    legendRow->addElement(0, 2, new QCPLayoutElement(p));
    legendRow->setColumnSpacing(0);
    m_legend->setSizeConstraintRect(QCPLayoutElement::scrOuterRect);
    m_legend->setLayer(QStringLiteral("legend"));
    m_legend->setFillOrder(QCPLegend::foColumnsFirst);
    m_legend->setWrap(4);
    m_legend->setBorderPen(Qt::NoPen);
    m_legend->setIconSize(14, 12);
    // At 1,000 requests/s the title ran past both edges: it wraps to the plot's width. The
    // legend takes as many columns as the width holds (its entries name workload and model,
    // and two on one row ran past the right edge at 1280 pixels), then keeps that width and
    // the height its rows need.
    chart::fitToWidth(p, title(), m_legend);
    connect(p, &QCustomPlot::beforeReplot, this, [this] {
        m_legend->setMaximumSize(m_legend->minimumOuterSizeHint().width(), QWIDGETSIZE_MAX);
        fitHeight();
    });
    p->plotLayout()->setRowStretchFactor(0, 0.001);
    p->plotLayout()->setRowStretchFactor(2, 0.001);
}

void FleetChart::ensureBars(int count)
{
    // Bars are created once per workload slot and reused; only a longer mix adds more.
    while (static_cast<int>(m_bars.size()) > count) {
        for (Tier t : kTiers)
            plot()->removePlottable(m_bars.back()[t]);
        m_bars.pop_back();
    }
    while (static_cast<int>(m_bars.size()) < count) {
        PerTier<QCPBars*> slot {};
        for (Tier t : kTiers) {
            auto* bars = new QCPBars(m_rects[t]->axis(QCPAxis::atBottom), m_rects[t]->axis(QCPAxis::atLeft));
            bars->setWidth(kBarWidth);
            bars->setStackingGap(0);
            bars->setSelectable(QCP::stNone);
            if (!m_bars.empty())
                bars->moveAbove(m_bars.back()[t]);
            slot[t] = bars;
        }
        slot.hbm->addToLegend(m_legend);
        m_bars.push_back(slot);
    }
    themeChanged(palette());
}

void FleetChart::setFleet(const FleetResult& fleet)
{
    m_fleet = fleet;
    m_hasFleet = true;
    rebuild();
}

void FleetChart::clear()
{
    m_hasFleet = false;
    m_fleet = {};
    rebuild();
}

QString FleetChart::entryName(int entry) const
{
    const FleetEntryResult& e = m_fleet.entries.at(static_cast<size_t>(entry));
    const QString workload = workloadName(m_catalog ? *m_catalog : CardCatalog::builtin(), e.label, true);
    return tr("%1 (%2)").arg(workload, qs(e.scenario.model.name));
}

QString FleetChart::workloadName(const CardCatalog& catalog, const std::string& id, bool shortName)
{
    const auto card = catalog.workloads().find(id);
    if (card == catalog.workloads().end())
        return qs(id);
    return shortName ? cardShortText(card->second.name) : cardText(card->second.name);
}

void FleetChart::rebuild()
{
    for (Tier t : kTiers)
        ensureByteTicker(m_rects[t]->axis(QCPAxis::atLeft), units());
    const int n = m_hasFleet ? static_cast<int>(m_fleet.entries.size()) : 0;
    ensureBars(n);
    for (int i = 0; i < n; ++i) {
        const FleetEntryResult& e = m_fleet.entries[static_cast<size_t>(i)];
        m_bars[static_cast<size_t>(i)].hbm->setName(entryName(i));
        for (Tier t : kTiers)
            m_bars[static_cast<size_t>(i)][t]->setData(
                QVector<double> { kBarKey }, QVector<double> { e.bytes[t] }, true);
    }
    for (Tier t : kTiers) {
        QCPAxis* y = m_rects[t]->axis(QCPAxis::atLeft);
        const double total = m_hasFleet ? m_fleet.bytes[t] : 0;
        y->setRange(0, std::max(total, 1.0) * 1.15);
        // No fleet (nothing sized yet, or sizing failed), or none of this tier's bytes: no
        // byte ticks or grid, which would only count "1 B" on an empty panel.
        const bool scale = m_hasFleet && total > 0;
        y->setTicks(scale);
        y->setTickLabels(scale);
        y->grid()->setVisible(scale);
        m_totals[t]->setText(m_hasFleet ? bytes(total) : QString());
        m_totals[t]->position->setCoords(kBarKey, total);
    }
    title()->setText(m_hasFleet ? tr("Fleet memory demand by workload: %1 GPUs in %2 servers")
                                      .arg(countText(m_fleet.gpus), countText(m_fleet.servers))
                                : tr("Fleet memory demand by workload"));
    fitHeight();
    requestReplot();
}

double FleetChart::value(Tier tier, int entry) const
{
    if (entry < 0 || entry >= workloadCount())
        return 0;
    const auto data = m_bars[static_cast<size_t>(entry)][tier]->data();
    return data->isEmpty() ? 0.0 : data->constBegin()->value;
}

ByteUnits FleetChart::axisUnits(Tier tier) const
{
    const auto ticker = m_rects[tier]->axis(QCPAxis::atLeft)->ticker();
    return byteTickerUnits(ticker);
}

void FleetChart::themeChanged(const QPalette& pal)
{
    const QColor text = pal.color(QPalette::Text);
    const QColor base = pal.color(QPalette::Base);
    for (Tier t : kTiers)
        m_totals[t]->setColor(text);
    for (size_t i = 0; i < m_bars.size(); ++i)
        for (Tier t : kTiers) {
            m_bars[i][t]->setBrush(workloadBrush(static_cast<int>(i), base));
            m_bars[i][t]->setPen(QPen(workloadColor(static_cast<int>(i)).darker(130)));
        }
    m_legend->setBrush(base);
    m_legend->setTextColor(text);
}

} // namespace kvtiers::ui
