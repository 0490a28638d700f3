#include "ui/charts/TraceChart.h"

#include "ui/charts/ByteTicker.h"
#include "ui/charts/ChartPalette.h"
#include "ui/charts/ChartStyle.h"
#include "ui/common/Tier.h"
#include "ui/text/UnitsText.h"

#include <QEvent>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace kvtiers::ui {

namespace {

class ShareTicker : public QCPAxisTicker {
protected:
    QString getTickLabel(double tick, const QLocale&, QChar, int) override { return percentText(tick); }
};

/// Log ticks labelled as block counts.
class BlockTicker : public QCPAxisTickerLog {
protected:
    QString getTickLabel(double tick, const QLocale&, QChar, int) override { return countText(tick); }
};

/// Log ticks on the top axis: blocks × bytes per block, labelled as bytes.
class BlockBytesTicker : public QCPAxisTickerLog {
public:
    double bytesPerBlock = 1;
    ByteUnits units = ByteUnits::Binary;

protected:
    QString getTickLabel(double tick, const QLocale&, QChar, int) override
    {
        return bytesText(tick * bytesPerBlock, units);
    }
};

const std::array<Tier, 3> kTiers = { Tier::Hbm, Tier::Dram, Tier::Ssd };
/// The band labels' top, as a share of the plot's height.
constexpr double kTopRatio = 0.02;

} // namespace

TraceChart::TraceChart(QWidget* parent)
    : ChartBase(parent, QStringLiteral("tracePlot"), { 420, 240 })
{
    QCustomPlot* const p = plot();
    p->plotLayout()->insertRow(0);
    addTitle();
    p->xAxis->setScaleType(QCPAxis::stLogarithmic);
    p->xAxis->setTicker(QSharedPointer<BlockTicker>::create());
    p->xAxis2->setScaleType(QCPAxis::stLogarithmic);
    p->xAxis2->setTicker(QSharedPointer<BlockBytesTicker>::create());
    p->xAxis2->setVisible(true);
    p->yAxis->setTicker(QSharedPointer<ShareTicker>::create());
    p->yAxis->setRange(0, 1);
    connect(p->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), p->xAxis2,
        qOverload<const QCPRange&>(&QCPAxis::setRange));
    for (Tier t : kTiers) {
        m_bands[t] = new QCPItemRect(p);
        m_bands[t]->topLeft->setTypeY(QCPItemPosition::ptAxisRectRatio);
        m_bands[t]->bottomRight->setTypeY(QCPItemPosition::ptAxisRectRatio);
        m_bands[t]->setPen(Qt::NoPen);
        m_bands[t]->setLayer(QStringLiteral("background"));
        m_bandLabels[t] = new QCPItemText(p);
        m_bandLabels[t]->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        m_bandLabels[t]->setPositionAlignment(Qt::AlignHCenter | Qt::AlignTop);
    }
    m_hit = addGraph();
    m_hit->setLineStyle(QCPGraph::lsStepLeft);
    m_tokenHit = addGraph();
    m_tokenHit->setLineStyle(QCPGraph::lsStepLeft);
    for (int k = 0; k < 2; ++k) {
        m_knees[k] = new QCPItemStraightLine(p);
        m_kneeLabels[k] = new QCPItemText(p);
        m_kneeLabels[k]->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        m_kneeLabels[k]->setPositionAlignment(Qt::AlignRight | Qt::AlignVCenter);
        m_kneeLabels[k]->setPadding(QMargins(4, 0, 4, 0));
    }
    // The legend under the axes, where it hides no band label, knee or curve.
    putLegendBelowAxes();
    p->legend->setWrap(2);
    // Band and knee labels are stacked once the plot is laid out, in pixels.
    connect(p, &QCustomPlot::afterLayout, this, &TraceChart::placeLabels);
    texts()([this] { retranslate(); }); // set again by ChartBase on a language switch
    applyTheme();
    setAnalysis(trace::TraceAnalysis {}, 0);
}

void TraceChart::setAnalysis(const trace::TraceAnalysis& a, double bytesPerBlock)
{
    QCustomPlot* const p = plot();
    m_bytesPerBlock = bytesPerBlock;
    static_cast<BlockBytesTicker*>(p->xAxis2->ticker().data())->bytesPerBlock = bytesPerBlock;
    QVector<double> keys, hit, tokenHit;
    const bool empty = a.blockReferences == 0 || a.prefixCum.empty();
    if (!empty)
        for (double c : a.curveCapacities(400)) {
            keys << c;
            hit << a.hitRatio(c);
            tokenHit << a.tokenHitRatio(c);
        }
    m_hit->setData(keys, hit, true);
    m_tokenHit->setData(keys, tokenHit, true);
    // The top axis turns blocks into the current model's bytes: with no trace, or no model
    // to size a block, it would count "0 B" at every tick, so it is not shown.
    p->xAxis2->setVisible(!empty && bytesPerBlock > 0);
    const double top = keys.isEmpty() ? 1000 : std::max(keys.back(), 10.0);
    double cumulative = 0;
    for (Tier t : kTiers) {
        const double from = cumulative;
        cumulative += empty ? 0 : a.tierBlocks[t] * a.caches;
        m_bandEnd[t] = cumulative;
        const bool shown = cumulative > from && cumulative >= 1;
        m_bands[t]->setVisible(shown);
        m_bandLabels[t]->setVisible(shown);
        const double left = std::max(from, 0.5);
        m_bands[t]->topLeft->setCoords(left, 0);
        m_bands[t]->bottomRight->setCoords(cumulative, 1);
        m_bandShare[t] = a.promptTokens > 0 ? a.tiers.tokens[t] / a.promptTokens : 0;
        m_bandLabels[t]->position->setCoords(std::sqrt(left * cumulative), kTopRatio);
    }
    const double ceiling = empty ? 0 : a.hitRatioInfinite();
    const double shares[2] = { 0.9, 0.99 };
    for (int k = 0; k < 2; ++k) {
        m_knee[k] = empty || ceiling <= 0 ? 0 : a.capacityForShareOfCeiling(shares[k]);
        const bool shown = m_knee[k] >= 1;
        m_knees[k]->setVisible(shown);
        m_kneeLabels[k]->setVisible(shown);
        m_knees[k]->point1->setCoords(m_knee[k], 0);
        m_knees[k]->point2->setCoords(m_knee[k], 1);
        // The knees sit near the right end of the curve: their labels read leftwards from
        // the line, high in the plot where the rising curve has not yet reached, under the
        // band labels (placeLabels()).
        m_kneeLabels[k]->position->setCoords(m_knee[k], k == 0 ? 0.20 : 0.12);
    }
    labelKnees();
    labelBands();
    // Shares on a 0–100% axis, cut a little above the ceiling so the curve fills the plot.
    p->yAxis->setRange(0, ceiling > 0 ? std::min(1.0, std::ceil(ceiling * 1.25 * 10) / 10) : 1.0);
    p->xAxis->setRange(1, std::max(top, cumulative) * 1.5);
    requestReplot();
}

void TraceChart::placeLabels()
{
    // In pixels of the laid-out plot: each band label at the top, moved down under any
    // label to its left that it would touch (narrow bands side by side); then the knee
    // labels, 99% first, each on its own line under all of them, reading leftwards from
    // their line unless that would leave the plot.
    const QRect area = plot()->axisRect()->rect();
    if (area.height() <= 0)
        return;
    auto box = [](QCPItemText* label) {
        return QRectF(label->topLeft->pixelPosition(), label->bottomRight->pixelPosition()).normalized();
    };
    auto moveTo = [&](QCPItemText* label, double topPixel) {
        const double anchorOffset = label->position->pixelPosition().y() - box(label).top();
        label->position->setCoords(
            label->position->coords().x(), (topPixel + anchorOffset - area.top()) / area.height());
    };
    QList<QRectF> placed;
    double below = area.top();
    for (Tier t : kTiers) {
        QCPItemText* label = m_bandLabels[t];
        if (!label->visible())
            continue;
        label->position->setCoords(label->position->coords().x(), kTopRatio);
        double top = box(label).top();
        for (bool moved = true; moved;) {
            moved = false;
            const QRectF at = box(label).translated(0, top - box(label).top());
            for (const QRectF& other : std::as_const(placed))
                if (at.intersects(other)) {
                    top = other.bottom() + 1;
                    moved = true;
                }
        }
        moveTo(label, top);
        placed.append(box(label));
        below = std::max(below, box(label).bottom());
    }
    for (int k : { 1, 0 }) {
        QCPItemText* label = m_kneeLabels[static_cast<size_t>(k)];
        if (!label->visible())
            continue;
        const double x = plot()->xAxis->coordToPixel(m_knee[static_cast<size_t>(k)]);
        const double width = box(label).width();
        label->setPositionAlignment((x - width < area.left() ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignVCenter);
        moveTo(label, below + 3);
        below = box(label).bottom();
    }
}

void TraceChart::labelKnees()
{
    const double shares[2] = { 0.9, 0.99 };
    for (int k = 0; k < 2; ++k)
        m_kneeLabels[k]->setText(
            tr("%1 of ceiling: %2 blocks, %3")
                .arg(percentText(shares[k]), countText(m_knee[k]), bytes(m_knee[k] * m_bytesPerBlock)));
}

void TraceChart::redraw()
{
    static_cast<BlockBytesTicker*>(plot()->xAxis2->ticker().data())->units = units();
    labelKnees();
    labelBands();
}

void TraceChart::labelBands()
{
    for (Tier t : kTiers)
        m_bandLabels[t]->setText(QStringLiteral("%1\n%2").arg(tierName(t), percentText(m_bandShare[t])));
}

int TraceChart::pointCount() const
{
    return m_hit->dataCount();
}

double TraceChart::capacityAt(int i) const
{
    return m_hit->data()->at(i)->key;
}

double TraceChart::hitRatioAt(int i) const
{
    return m_hit->data()->at(i)->value;
}

double TraceChart::tokenHitRatioAt(int i) const
{
    return m_tokenHit->data()->at(i)->value;
}

QString TraceChart::bandLabel(Tier tier) const
{
    return m_bandLabels[tier]->text();
}

bool TraceChart::bandVisible(Tier tier) const
{
    return m_bands[tier]->visible();
}

void TraceChart::retranslate()
{
    QCustomPlot* const p = plot();
    title()->setText(tr("Prefix-cache hit ratio against capacity (LRU, from the trace)"));
    p->xAxis->setLabel(tr("Cache capacity (blocks of the trace)"));
    p->xAxis2->setLabel(tr("Cache capacity (KV bytes of the current model)"));
    p->yAxis->setLabel(tr("Hit ratio"));
    m_hit->setName(tr("Prefix hit ratio (blocks)"));
    m_tokenHit->setName(tr("Prefix hit ratio (tokens)"));
}

void TraceChart::themeChanged(const QPalette& pal)
{
    QCustomPlot* const p = plot();
    chart::themeAxis(p->xAxis2, pal);
    m_hit->setPen(QPen(QColor(0x00, 0x72, 0xB2), 2));
    m_tokenHit->setPen(QPen(QColor(0xD5, 0x5E, 0x00), 1.5, Qt::DashLine));
    const QColor text = pal.color(QPalette::Text);
    for (Tier t : kTiers) {
        QColor c = chart::tierColor(t);
        c.setAlpha(40);
        m_bands[t]->setBrush(c);
        m_bandLabels[t]->setColor(text);
    }
    for (int k = 0; k < 2; ++k) {
        m_knees[k]->setPen(QPen(text, 1, k == 0 ? Qt::DashLine : Qt::DotLine));
        m_kneeLabels[k]->setColor(text);
    }
}

} // namespace kvtiers::ui
