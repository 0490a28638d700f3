#include "TierChart.h"

#include "ByteTicker.h"
#include "ChartPalette.h"
#include "ChartStyle.h"
#include "UnitsText.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QToolTip>
#include <QVBoxLayout>

#include <qcustomplot.h>

namespace kvtiers::ui {

namespace {
constexpr double kBarKey = 1.0;
constexpr double kBarWidth = 0.7;
/// Segments smaller than this share of the panel's range get no text label (hover instead).
constexpr double kLabelMinShare = 0.07;
} // namespace

TierChart::TierChart(QWidget* parent)
    : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* header = new QHBoxLayout;
    auto* scopeLabel = new QLabel(tr("Bytes &counted:"), this);
    m_scopeCombo = new QComboBox(this);
    m_scopeCombo->setObjectName(QStringLiteral("scopeCombo"));
    for (TierScope s : { TierScope::PerGpu, TierScope::PerReplica, TierScope::PerServer })
        m_scopeCombo->addItem(tierScopeName(s), static_cast<int>(s));
    m_scopeCombo->setCurrentIndex(static_cast<int>(m_scope));
    m_scopeCombo->setToolTip(tr("Per replica: the TP GPUs that serve one copy of the model, with their share of "
                                "the server's DRAM and NVMe (what the core computes).\nPer GPU: divided by TP.\n"
                                "Per server: per GPU × GPUs per server."));
    scopeLabel->setBuddy(m_scopeCombo);
    header->addWidget(scopeLabel);
    header->addWidget(m_scopeCombo);
    header->addStretch(1);
    layout->addLayout(header);

    m_plot = chart::addPlot(layout, this, QStringLiteral("tierPlot"), { 320, 260 }, 1);
    buildPlot();
    applyTheme();

    connect(m_scopeCombo, &QComboBox::currentIndexChanged, this,
        [this](int index) { setScope(static_cast<TierScope>(m_scopeCombo->itemData(index).toInt())); });
    connect(m_plot, &QCustomPlot::mouseMove, this, &TierChart::showToolTipAt);
}

void TierChart::buildPlot()
{
    m_plot->setAutoAddPlottableToLegend(false);
    m_plot->plotLayout()->clear(); // also deletes the default legend
    m_title = chart::addTitle(m_plot, QString(), font());

    auto* panels = new QCPLayoutGrid;
    m_plot->plotLayout()->addElement(1, 0, panels);
    const std::array<QString, kTierCount + 1> names
        = { tierName(Tier::Hbm), tierName(Tier::Dram), tierName(Tier::Ssd), tr("Overflow") };
    for (int i = 0; i <= kTierCount; ++i) {
        auto* rect = new QCPAxisRect(m_plot);
        panels->addElement(0, i, rect);
        m_rects[i] = rect;
        QCPAxis* x = rect->axis(QCPAxis::atBottom);
        QCPAxis* y = rect->axis(QCPAxis::atLeft);
        chart::setupBarPanelAxis(x, kBarKey, names[i], font());
        y->setTicker(byteTicker());
        y->setSubTicks(false);
        y->setRange(0, 1);
    }
    panels->setColumnStretchFactor(kTierCount, 0.55);

    for (int t = 0; t < kTierCount; ++t) {
        QCPAxisRect* rect = m_rects[t];
        QCPAxis* x = rect->axis(QCPAxis::atBottom);
        QCPAxis* y = rect->axis(QCPAxis::atLeft);
        QCPBars* below = nullptr;
        for (int s = 0; s < kSegmentCount; ++s) {
            auto* bars = new QCPBars(x, y);
            bars->setName(segmentName(static_cast<Segment>(s)));
            bars->setWidth(kBarWidth);
            bars->setStackingGap(0);
            bars->setSelectable(QCP::stNone);
            if (below)
                bars->moveAbove(below);
            below = bars;
            m_bars[t][s] = bars;

            auto* label = new QCPItemText(m_plot);
            label->setClipToAxisRect(true);
            label->setClipAxisRect(rect);
            label->position->setAxes(x, y);
            label->setPositionAlignment(Qt::AlignCenter);
            label->setVisible(false);
            m_labels[t][s] = label;
        }
        auto* line = new QCPItemLine(m_plot);
        line->setClipAxisRect(rect);
        line->start->setAxes(x, y);
        line->end->setAxes(x, y);
        m_capacityLines[t] = line;
        auto* capLabel = new QCPItemText(m_plot);
        capLabel->setClipAxisRect(rect);
        capLabel->position->setAxes(x, y);
        capLabel->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
        m_capacityLabels[t] = capLabel;
    }

    QCPAxisRect* overflowRect = m_rects[kTierCount];
    m_overflowBar = new QCPBars(overflowRect->axis(QCPAxis::atBottom), overflowRect->axis(QCPAxis::atLeft));
    m_overflowBar->setName(tr("overflow: fits in no tier"));
    m_overflowBar->setWidth(kBarWidth);
    m_overflowBar->setSelectable(QCP::stNone);
    m_overflowLabel = new QCPItemText(m_plot);
    m_overflowLabel->setClipAxisRect(overflowRect);
    m_overflowLabel->position->setAxes(overflowRect->axis(QCPAxis::atBottom), overflowRect->axis(QCPAxis::atLeft));
    m_overflowLabel->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);

    m_legend = new QCPLegend;
    auto* legendRow = new QCPLayoutGrid;
    m_plot->plotLayout()->addElement(2, 0, legendRow);
    legendRow->addElement(0, 0, m_legend);
    m_legend->setLayer(QStringLiteral("legend"));
    m_legend->setFillOrder(QCPLegend::foColumnsFirst);
    m_legend->setWrap(4);
    m_legend->setBorderPen(Qt::NoPen);
    m_legend->setIconSize(14, 12);
    for (int s = 0; s < kSegmentCount; ++s)
        m_bars[0][s]->addToLegend(m_legend);
    m_overflowBar->addToLegend(m_legend);
    m_plot->plotLayout()->setRowStretchFactor(0, 0.001);
    m_plot->plotLayout()->setRowStretchFactor(2, 0.001);
}

void TierChart::applyTheme()
{
    const QPalette pal = palette();
    const QColor text = pal.color(QPalette::Text);
    const QColor base = pal.color(QPalette::Base);
    QColor gridColor = pal.color(QPalette::Mid);
    chart::themePlot(m_plot, m_title, pal);
    for (int t = 0; t < kTierCount; ++t) {
        for (int s = 0; s < kSegmentCount; ++s) {
            const QColor fill = chart::segmentColor(static_cast<Segment>(s), pal);
            m_bars[t][s]->setBrush(fill);
            m_bars[t][s]->setPen(QPen(static_cast<Segment>(s) == Segment::Free ? gridColor : fill.darker(130)));
            m_labels[t][s]->setColor(chart::textOn(fill));
        }
        m_capacityLines[t]->setPen(QPen(text, 2, Qt::DashLine));
        m_capacityLabels[t]->setColor(text);
    }
    m_overflowBar->setBrush(QBrush(chart::overflowColor()));
    m_overflowBar->setPen(QPen(chart::overflowColor().darker(150), 2));
    m_legend->setBrush(base);
    m_legend->setTextColor(text);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void TierChart::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange)
        applyTheme();
}

void TierChart::setScope(TierScope scope)
{
    if (scope != m_scope) {
        m_scope = scope;
        const int index = m_scopeCombo->findData(static_cast<int>(scope));
        if (index != m_scopeCombo->currentIndex())
            m_scopeCombo->setCurrentIndex(index);
        rebuild();
        emit scopeChanged(scope);
    }
}

void TierChart::setResult(const Scenario& scenario, const EvalResult& result)
{
    m_scenario = scenario;
    m_result = result;
    m_hasResult = true;
    rebuild();
}

double TierChart::scaled(double replicaBytes) const
{
    return replicaBytes * tierScopeFactor(m_scope, m_scenario, m_result);
}

void TierChart::rebuild()
{
    // The display units may have changed since the tickers were installed (View > Units).
    for (QCPAxisRect* rect : m_rects)
        ensureByteTicker(rect->axis(QCPAxis::atLeft), displayUnits());
    if (!m_hasResult)
        return;
    const QString unit = m_scope == TierScope::PerGpu ? tr("per GPU")
        : m_scope == TierScope::PerReplica
        ? (m_result.tp == 1 ? tr("per replica (1 GPU)") : tr("per replica (%1 GPUs)").arg(m_result.tp))
        : tr("per server (%1 GPUs)").arg(m_scenario.hardware.gpusPerServer);
    m_title->setText(tr("Where the bytes go, %1").arg(unit));

    QFont labelFont = font();
    labelFont.setPointSizeF(labelFont.pointSizeF() * 0.9);
    for (int t = 0; t < kTierCount; ++t) {
        const TierUse& use = tierUse(m_result, static_cast<Tier>(t));
        const double cap = scaled(use.capacity);
        const double used = scaled(use.used());
        const double top = std::max({ cap, used, 1.0 }) * 1.14;
        QCPAxis* y = m_rects[t]->axis(QCPAxis::atLeft);
        y->setRange(0, top);
        double base = 0;
        for (int s = 0; s < kSegmentCount; ++s) {
            const auto segment = static_cast<Segment>(s);
            const double v = scaled(segmentBytes(use, segment));
            m_bars[t][s]->setData(QVector<double> { kBarKey }, QVector<double> { v }, true);
            QCPItemText* label = m_labels[t][s];
            const bool big = v >= kLabelMinShare * top;
            label->setVisible(big);
            if (big) {
                label->setFont(labelFont);
                label->setText(segmentShortName(segment) + u'\n' + bytesText(v));
                label->position->setCoords(kBarKey, base + v / 2);
            }
            base += v;
        }
        m_capacityLines[t]->start->setCoords(kBarKey - 0.42, cap);
        m_capacityLines[t]->end->setCoords(kBarKey + 0.42, cap);
        m_capacityLabels[t]->setFont(labelFont);
        m_capacityLabels[t]->setText(tr("capacity\n%1").arg(bytesText(cap)));
        m_capacityLabels[t]->position->setCoords(kBarKey, std::max(cap, used));
        m_rects[t]->axis(QCPAxis::atBottom)->setLabel(tr("%1 of %2 used").arg(bytesText(used), bytesText(cap)));
    }

    const double over = scaled(m_result.overflowBytes);
    m_overflowBar->setData(QVector<double> { kBarKey }, QVector<double> { over }, true);
    m_overflowBar->setPen(over > 0 ? QPen(chart::overflowColor().darker(150), 2) : QPen(Qt::NoPen));
    QCPAxis* oy = m_rects[kTierCount]->axis(QCPAxis::atLeft);
    QCPAxis* ox = m_rects[kTierCount]->axis(QCPAxis::atBottom);
    QFont overFont = font();
    overFont.setBold(over > 0);
    m_overflowLabel->setFont(overFont);
    if (over > 0) {
        oy->setRange(0, over * 1.14);
        oy->setTickLabels(true);
        m_overflowLabel->setText(bytesText(over));
        m_overflowLabel->setColor(chart::overflowColor());
        m_overflowLabel->position->setCoords(kBarKey, over);
        ox->setLabel(tr("fits in no tier!"));
        ox->setLabelColor(chart::overflowColor());
    } else {
        oy->setRange(0, 1);
        oy->setTickLabels(false);
        m_overflowLabel->setText(tr("none"));
        m_overflowLabel->setColor(palette().color(QPalette::PlaceholderText));
        m_overflowLabel->position->setCoords(kBarKey, 0.05);
        ox->setLabel(tr("everything fits"));
        ox->setLabelColor(palette().color(QPalette::Text));
    }
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

double TierChart::segmentValue(Tier tier, Segment segment) const
{
    const auto data = m_bars[static_cast<int>(tier)][static_cast<int>(segment)]->data();
    return data->isEmpty() ? 0.0 : data->constBegin()->value;
}

double TierChart::capacity(Tier tier) const
{
    return m_capacityLines[static_cast<int>(tier)]->start->coords().y();
}

double TierChart::overflow() const
{
    const auto data = m_overflowBar->data();
    return data->isEmpty() ? 0.0 : data->constBegin()->value;
}

QString TierChart::segmentToolTip(Tier tier, Segment segment) const
{
    const double v = segmentValue(tier, segment);
    const double cap = capacity(tier);
    QString text = tr("%1 · %2: %3").arg(tierName(tier), segmentName(segment), bytesText(v));
    if (cap > 0)
        text += tr(" (%1 of capacity)").arg(percentText(v / cap));
    return text + u'\n' + segmentDescription(segment);
}

void TierChart::showToolTipAt(QMouseEvent* event)
{
    const QPointF pos = event->position();
    for (int t = 0; t <= kTierCount; ++t) {
        QCPAxisRect* rect = m_rects[t];
        if (!rect->rect().contains(pos.toPoint()))
            continue;
        const double key = rect->axis(QCPAxis::atBottom)->pixelToCoord(pos.x());
        const double value = rect->axis(QCPAxis::atLeft)->pixelToCoord(pos.y());
        if (std::abs(key - kBarKey) > kBarWidth / 2 || value < 0)
            break;
        QString text;
        if (t == kTierCount) {
            text = tr("Overflow: %1 fits in no tier (hot KV and weights that must be resident but have no room).")
                       .arg(bytesText(overflow()));
        } else {
            double base = 0;
            for (int s = 0; s < kSegmentCount; ++s) {
                const double v = segmentValue(static_cast<Tier>(t), static_cast<Segment>(s));
                if (value >= base && value < base + v) {
                    text = segmentToolTip(static_cast<Tier>(t), static_cast<Segment>(s));
                    break;
                }
                base += v;
            }
        }
        if (!text.isEmpty()) {
            QToolTip::showText(m_plot->mapToGlobal(pos.toPoint()), text, m_plot);
            return;
        }
        break;
    }
    QToolTip::hideText();
}

} // namespace kvtiers::ui
