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
/// A split fleet's two bars per panel: the prefill pool's at kBarKey, the decode pool's here.
constexpr double kDecodeKey = 2.0;
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
        y->setTicker(byteTicker(units()));
        y->setSubTicks(false);
        y->setRange(0, 1);
        for (QCPItemText** slot : { &m_totals[t], &m_decodeTotals[t] }) {
            auto* total = new QCPItemText(p);
            total->setClipAxisRect(rect);
            total->position->setAxes(x, y);
            total->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
            *slot = total;
        }
    }
    texts()([this] { setupPanelAxes(); });

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

void FleetChart::setupPanelAxes()
{
    const bool pools = showsPools();
    for (Tier t : kTiers) {
        QCPAxis* x = m_rects[t]->axis(QCPAxis::atBottom);
        const QString tier = t == Tier::Ssd ? tr("NVMe") : tierName(t);
        chart::setupBarPanelAxis(x, kBarKey, pools ? QString() : tier, font());
        QFont bold = font();
        bold.setBold(true);
        x->setLabelFont(bold);
        x->setLabel(pools ? tier : QString());
        if (!pools)
            continue;
        auto ticker = QSharedPointer<QCPAxisTickerText>::create();
        ticker->addTick(kBarKey, tr("Prefill", "pool"));
        ticker->addTick(kDecodeKey, tr("Decode", "pool"));
        x->setTicker(ticker);
        x->setTickLabelFont(font());
        x->setRange(kBarKey - 0.55, kDecodeKey + 0.55);
    }
    // Two bars share a panel a third of the chart wide: their names and totals stand upright
    // (read bottom to top), so neither runs into its neighbour's at a laptop's width.
    for (Tier t : kTiers) {
        m_rects[t]->axis(QCPAxis::atBottom)->setTickLabelRotation(pools ? -90 : 0);
        for (QCPItemText* total : { m_totals[t], m_decodeTotals[t] }) {
            total->setRotation(pools ? -90 : 0);
            total->setPositionAlignment(pools ? Qt::AlignLeft | Qt::AlignVCenter : Qt::AlignHCenter | Qt::AlignBottom);
            total->setPadding(pools ? QMargins(4, 0, 0, 0) : QMargins());
        }
    }
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
    setupPanelAxes();
    const bool pools = showsPools();
    const int n = m_hasFleet ? static_cast<int>(m_fleet.entries.size()) : 0;
    ensureBars(n);
    for (int i = 0; i < n; ++i) {
        const FleetEntryResult& e = m_fleet.entries[static_cast<size_t>(i)];
        m_bars[static_cast<size_t>(i)].hbm->setName(entryName(i));
        for (Tier t : kTiers) {
            QCPBars* bars = m_bars[static_cast<size_t>(i)][t];
            if (pools && e.pools)
                bars->setData(QVector<double> { kBarKey, kDecodeKey },
                    QVector<double> { e.pools->prefillBytes[t], e.pools->decodeBytes[t] }, true);
            else
                bars->setData(QVector<double> { kBarKey }, QVector<double> { e.bytes[t] }, true);
        }
    }
    for (Tier t : kTiers) {
        QCPAxis* y = m_rects[t]->axis(QCPAxis::atLeft);
        const double first = !m_hasFleet ? 0 : pools ? m_fleet.prefillBytes[t] : m_fleet.bytes[t];
        const double second = pools ? m_fleet.decodeBytes[t] : 0;
        const double top = std::max(first, second);
        // Room over the tallest bar for its total: upright totals need more.
        y->setRange(0, std::max(top, 1.0) * (pools ? 1.45 : 1.15));
        // No fleet (nothing sized yet, or sizing failed), or none of this tier's bytes: no
        // byte ticks or grid, which would only count "1 B" on an empty panel.
        const bool scale = m_hasFleet && top > 0;
        y->setTicks(scale);
        y->setTickLabels(scale);
        y->grid()->setVisible(scale);
        m_totals[t]->setText(m_hasFleet ? bytes(first) : QString());
        m_totals[t]->position->setCoords(kBarKey, first);
        m_decodeTotals[t]->setText(pools ? bytes(second) : QString());
        m_decodeTotals[t]->position->setCoords(kDecodeKey, second);
    }
    if (!m_hasFleet)
        title()->setText(tr("Fleet memory demand by workload"));
    else if (pools)
        title()->setText(
            tr("Fleet memory demand by pool and workload: %1 GPUs in %2 prefill + %3 decode servers")
                .arg(countText(m_fleet.gpus), countText(m_fleet.prefillServers), countText(m_fleet.decodeServers)));
    else
        title()->setText(tr("Fleet memory demand by workload: %1 GPUs in %2 servers")
                             .arg(countText(m_fleet.gpus), countText(m_fleet.servers)));
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

double FleetChart::poolValue(Tier tier, Pool pool, int entry) const
{
    if (!showsPools() || entry < 0 || entry >= workloadCount())
        return 0;
    const double key = pool == Pool::Prefill ? kBarKey : kDecodeKey;
    const auto data = m_bars[static_cast<size_t>(entry)][tier]->data();
    const auto it = data->findBegin(key, false);
    return it != data->constEnd() && it->key == key ? it->value : 0.0;
}

QString FleetChart::totalText(Tier tier, Pool pool) const
{
    return (pool == Pool::Decode ? m_decodeTotals : m_totals)[tier]->text();
}

QStringList FleetChart::barLabels(Tier tier) const
{
    const auto ticker = m_rects[tier]->axis(QCPAxis::atBottom)->ticker().dynamicCast<QCPAxisTickerText>();
    QStringList out;
    if (ticker)
        for (const QString& label : ticker->ticks())
            if (!label.isEmpty())
                out << label;
    return out;
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
    for (Tier t : kTiers) {
        m_totals[t]->setColor(text);
        m_decodeTotals[t]->setColor(text);
    }
    for (size_t i = 0; i < m_bars.size(); ++i)
        for (Tier t : kTiers) {
            m_bars[i][t]->setBrush(workloadBrush(static_cast<int>(i), base));
            m_bars[i][t]->setPen(QPen(workloadColor(static_cast<int>(i)).darker(130)));
        }
    m_legend->setBrush(base);
    m_legend->setTextColor(text);
}

} // namespace kvtiers::ui
