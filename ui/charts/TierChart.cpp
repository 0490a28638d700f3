#include "ui/charts/TierChart.h"

#include "ui/charts/ByteTicker.h"
#include "ui/charts/ChartPalette.h"
#include "ui/charts/ChartStyle.h"
#include "ui/text/UnitsText.h"

#include <QComboBox>
#include <QEvent>
#include <QFontMetrics>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace kvtiers::ui {

namespace {
constexpr double kBarKey = 1.0;
constexpr double kBarWidth = 0.7;
/// Segments smaller than this share of the panel's range get no text label (hover instead).
constexpr double kLabelMinShare = 0.07;
/// A caption wider than its panel wraps onto at most this many lines, the last elided:
/// three keep "945 GiB of 945 GiB used" whole in a panel a quarter of a laptop's chart wide.
constexpr int kCaptionMaxLines = 3;

/// `text` broken at spaces into lines no wider than `width`, at most `maxLines` of them;
/// a line that still does not fit (one long word, or the rest) ends in an ellipsis.
QString wrapped(const QString& text, const QFontMetrics& metrics, int width, int maxLines)
{
    if (width <= 0 || metrics.horizontalAdvance(text) <= width)
        return text;
    QStringList lines;
    QString line;
    const QStringList words = text.split(u' ', Qt::SkipEmptyParts);
    for (const QString& word : words) {
        const QString longer = line.isEmpty() ? word : line + u' ' + word;
        if (line.isEmpty() || metrics.horizontalAdvance(longer) <= width) {
            line = longer;
        } else {
            lines << line;
            line = word;
        }
    }
    lines << line;
    if (lines.size() > maxLines) {
        const QString rest = lines.mid(maxLines - 1).join(u' ');
        lines = lines.mid(0, maxLines - 1);
        lines << rest;
    }
    // Only a line wider than `width` is elided: elidedText() measures in fractions and cut
    // "945 GiB of 945 GiB" that horizontalAdvance() had just found to fit.
    for (QString& l : lines)
        if (metrics.horizontalAdvance(l) > width)
            l = metrics.elidedText(l, Qt::ElideRight, width);
    return lines.join(u'\n');
}
} // namespace

TierChart::TierChart(QWidget* parent)
    : ChartBase(parent, QStringLiteral("tierPlot"), { 320, 260 })
{
    auto* header = new QHBoxLayout;
    auto* scopeLabel = new QLabel(this);
    m_scopeCombo = new QComboBox(this);
    m_scopeCombo->setObjectName(QStringLiteral("scopeCombo"));
    for (TierScope s : { TierScope::PerGpu, TierScope::PerReplica, TierScope::PerServer })
        m_scopeCombo->addItem(QString(), static_cast<int>(s));
    m_scopeCombo->setCurrentIndex(static_cast<int>(m_scope));
    texts()([this, scopeLabel] {
        scopeLabel->setText(tr("Bytes &counted:"));
        for (int i = 0; i < m_scopeCombo->count(); ++i)
            m_scopeCombo->setItemText(i, tierScopeName(static_cast<TierScope>(m_scopeCombo->itemData(i).toInt())));
        m_scopeCombo->setToolTip(tr("Per replica: the TP GPUs that serve one copy of the model, with their share of "
                                    "the server's DRAM and NVMe (what the core computes).\nPer GPU: divided by TP.\n"
                                    "Per server: per GPU × GPUs per server."));
    });
    scopeLabel->setBuddy(m_scopeCombo);
    header->addWidget(scopeLabel);
    header->addWidget(m_scopeCombo);
    header->addStretch(1);
    chartLayout()->insertLayout(0, header);

    buildPlot();
    applyTheme();

    connect(m_scopeCombo, &QComboBox::currentIndexChanged, this,
        [this](int index) { setScope(static_cast<TierScope>(m_scopeCombo->itemData(index).toInt())); });
    // Captions and segment labels are fitted to the panels as laid out (window resizes, exports).
    connect(plot(), &QCustomPlot::afterLayout, this, &TierChart::fitCaptions);
    connect(plot(), &QCustomPlot::afterLayout, this, &TierChart::fitSegmentLabels);
}

void TierChart::buildPlot()
{
    QCustomPlot* const p = plot();
    p->setAutoAddPlottableToLegend(false);
    p->plotLayout()->clear(); // also deletes the default legend
    addTitle();

    auto* panels = new QCPLayoutGrid;
    p->plotLayout()->addElement(1, 0, panels);
    for (int i = 0; i <= kTierCount; ++i) {
        auto* rect = new QCPAxisRect(p);
        panels->addElement(0, i, rect);
        m_rects[i] = rect;
        QCPAxis* x = rect->axis(QCPAxis::atBottom);
        QCPAxis* y = rect->axis(QCPAxis::atLeft);
        texts()([this, x, i] {
            chart::setupBarPanelAxis(
                x, kBarKey, i < kTierCount ? tierName(static_cast<Tier>(i)) : tr("Overflow"), font());
        });
        y->setTicker(byteTicker(units()));
        y->setSubTicks(false);
        y->setRange(0, 1);
    }
    panels->setColumnStretchFactor(kTierCount, 0.55);
    // Bars start at the same height whatever their captions: one wrapped onto a second
    // line deepens every panel's bottom margin, not only its own.
    auto* bottoms = new QCPMarginGroup(p);
    for (QCPAxisRect* rect : m_rects)
        rect->setMarginGroup(QCP::msBottom, bottoms);

    for (int t = 0; t < kTierCount; ++t)
        buildTierPanel(t);

    QCPAxisRect* overflowRect = m_rects[kTierCount];
    m_overflowBar = new QCPBars(overflowRect->axis(QCPAxis::atBottom), overflowRect->axis(QCPAxis::atLeft));
    texts()([this] { m_overflowBar->setName(tr("overflow: fits in no tier")); });
    m_overflowBar->setWidth(kBarWidth);
    m_overflowBar->setSelectable(QCP::stNone);
    m_overflowLabel = new QCPItemText(p);
    // Not clipped: fittedOverflowValue() keeps it as narrow as the panel, and two lines
    // may need more room above the bar than a short panel leaves.
    m_overflowLabel->setClipToAxisRect(false);
    m_overflowLabel->position->setAxes(overflowRect->axis(QCPAxis::atBottom), overflowRect->axis(QCPAxis::atLeft));
    m_overflowLabel->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);

    m_legend = new QCPLegend;
    auto* legendRow = new QCPLayoutGrid;
    p->plotLayout()->addElement(2, 0, legendRow);
    legendRow->addElement(0, 0, m_legend);
    m_legend->setLayer(QStringLiteral("legend"));
    m_legend->setFillOrder(QCPLegend::foColumnsFirst);
    m_legend->setWrap(4);
    m_legend->setBorderPen(Qt::NoPen);
    m_legend->setIconSize(14, 12);
    for (int s = 0; s < kSegmentCount; ++s)
        chart::addToLegend(m_bars[0][s], m_legend);
    chart::addToLegend(m_overflowBar, m_legend);
    p->plotLayout()->setRowStretchFactor(0, 0.001);
    p->plotLayout()->setRowStretchFactor(2, 0.001);
    chart::fitToWidth(p, title(), m_legend);
}

void TierChart::buildTierPanel(int t)
{
    QCustomPlot* const p = plot();
    QCPAxisRect* rect = m_rects[t];
    QCPAxis* x = rect->axis(QCPAxis::atBottom);
    QCPAxis* y = rect->axis(QCPAxis::atLeft);
    QCPBars* below = nullptr;
    for (int s = 0; s < kSegmentCount; ++s) {
        auto* bars = new QCPBars(x, y);
        texts()([bars, s] { bars->setName(segmentName(static_cast<Segment>(s))); });
        bars->setWidth(kBarWidth);
        bars->setStackingGap(0);
        bars->setSelectable(QCP::stNone);
        if (below)
            bars->moveAbove(below);
        below = bars;
        m_bars[t][s] = bars;

        auto* label = new QCPItemText(p);
        label->setClipToAxisRect(true);
        label->setClipAxisRect(rect);
        label->position->setAxes(x, y);
        label->setPositionAlignment(Qt::AlignCenter);
        label->setVisible(false);
        m_labels[t][s] = label;
    }
    auto* line = new QCPItemLine(p);
    line->setClipAxisRect(rect);
    line->start->setAxes(x, y);
    line->end->setAxes(x, y);
    m_capacityLines[t] = line;
    auto* capLabel = new QCPItemText(p);
    capLabel->setClipAxisRect(rect);
    capLabel->position->setAxes(x, y);
    capLabel->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
    m_capacityLabels[t] = capLabel;
}

void TierChart::themeChanged(const QPalette& pal)
{
    const QColor text = pal.color(QPalette::Text);
    const QColor base = pal.color(QPalette::Base);
    QColor gridColor = pal.color(QPalette::Mid);
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
    for (QCPAxisRect* rect : m_rects)
        ensureByteTicker(rect->axis(QCPAxis::atLeft), units());
    if (!m_hasResult)
        return;
    const EvalResult::Unit& u = m_result.unit;
    const QString unit = m_scope == TierScope::PerGpu ? tr("per GPU")
        : m_scope == TierScope::PerReplica && u.expertParallel
        ? tr("per attention rank (TP %1) of DP %2, EP %3").arg(u.tp).arg(u.dp).arg(u.ep)
        : m_scope == TierScope::PerReplica
        ? (m_result.tp == 1 ? tr("per replica (1 GPU)") : tr("per replica (%1 GPUs)").arg(m_result.tp))
        : m_scenario.hardware.gpusPerServer == 1 ? tr("per server (1 GPU)")
                                                 : tr("per server (%1 GPUs)").arg(m_scenario.hardware.gpusPerServer);
    title()->setText(tr("Where the bytes go, %1").arg(unit));

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
            m_labelWanted[t][s] = big;
            label->setVisible(big);
            if (big) {
                label->setFont(labelFont);
                label->setText(segmentShortName(segment) + u'\n' + bytes(v));
                label->position->setCoords(kBarKey, base + v / 2);
            }
            base += v;
        }
        m_capacityLines[t]->start->setCoords(kBarKey - 0.42, cap);
        m_capacityLines[t]->end->setCoords(kBarKey + 0.42, cap);
        m_capacityLabels[t]->setFont(labelFont);
        m_capacityLabels[t]->setText(tr("capacity\n%1").arg(bytes(cap)));
        m_capacityLabels[t]->position->setCoords(kBarKey, std::max(cap, used));
        setCaption(t, tr("%1 of %2 used").arg(bytes(used), bytes(cap)));
    }

    rebuildOverflow();
    refreshToolTipAfterReplot(); // a tooltip on show quotes the old figures
    requestReplot();
}

void TierChart::rebuildOverflow()
{
    const double over = scaled(m_result.overflowBytes);
    m_overflowBar->setData(QVector<double> { kBarKey }, QVector<double> { over }, true);
    m_overflowBar->setPen(over > 0 ? QPen(chart::overflowColor().darker(150), 2) : QPen(Qt::NoPen));
    QCPAxis* oy = m_rects[kTierCount]->axis(QCPAxis::atLeft);
    QCPAxis* ox = m_rects[kTierCount]->axis(QCPAxis::atBottom);
    QFont overFont = font();
    overFont.setBold(over > 0);
    m_overflowLabel->setFont(overFont);
    if (over > 0) {
        // Overflow is hot KV that HBM could not hold: drawn on HBM's scale, so 22.6 GiB
        // next to 945 GiB looks its size. Only past HBM's axis does it get a scale of its
        // own; the value axis says which.
        const double hbmTop = m_rects[0]->axis(QCPAxis::atLeft)->range().upper;
        const bool ownScale = overflowHasOwnScale(m_result);
        // On a scale of its own its axis says so instead of ticking a scale that reads
        // against no other panel (ticks and a title together narrowed the panel until its
        // caption ran off the plot); the figure over the bar gives the size.
        oy->setRange(0, ownScale ? over * 1.14 : hbmTop);
        oy->setTickLabels(!ownScale);
        m_overflowValue = bytes(over);
        m_overflowLabel->setText(fittedOverflowValue());
        m_overflowLabel->setColor(chart::overflowColor());
        m_overflowLabel->position->setCoords(kBarKey, over);
        setCaption(kTierCount, tr("fits in no tier!"));
        oy->setLabel(ownScale ? tr("own scale") : tr("HBM's scale"));
        ox->setLabelColor(chart::overflowColor());
    } else {
        oy->setRange(0, 1);
        oy->setTickLabels(false);
        m_overflowValue = tr("none");
        m_overflowLabel->setText(fittedOverflowValue());
        m_overflowLabel->setColor(palette().color(QPalette::PlaceholderText));
        m_overflowLabel->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
        m_overflowLabel->position->setCoords(kBarKey, 0.05);
        setCaption(kTierCount, tr("everything fits"));
        oy->setLabel(QString());
        ox->setLabelColor(palette().color(QPalette::Text));
    }
}

bool TierChart::overflowHasOwnScale(const EvalResult& result)
{
    const TierUse& hbm = tierUse(result, Tier::Hbm);
    return result.overflowBytes > std::max(hbm.capacity, hbm.used());
}

QString TierChart::overflowScaleText() const
{
    return m_rects[kTierCount]->axis(QCPAxis::atLeft)->label();
}

void TierChart::fitSegmentLabels()
{
    // A label must lie inside its panel (the panel's edge cut "reuse pool" to "euse poo"),
    // and inside its bar's width unless its colour also reads on the panel's background
    // (white text beside a bar would vanish on a light theme).
    const QColor readsOnBase = chart::textOn(palette().color(QPalette::Base));
    for (int t = 0; t < kTierCount; ++t) {
        QCPAxis* x = m_rects[t]->axis(QCPAxis::atBottom);
        const QRectF panel = QRectF(m_rects[t]->rect()).adjusted(-0.5, -0.5, 0.5, 0.5);
        const double left = x->coordToPixel(kBarKey - kBarWidth / 2) - 0.5;
        const double right = x->coordToPixel(kBarKey + kBarWidth / 2) + 0.5;
        for (int s = 0; s < kSegmentCount; ++s) {
            QCPItemText* label = m_labels[t][s];
            if (!m_labelWanted[t][s])
                continue;
            const QRectF text = chart::textItemRect(label);
            const bool inBar = text.left() >= left && text.right() <= right;
            label->setVisible(panel.contains(text) && (inBar || label->color() == readsOnBase));
        }
        // The capacity above the dashed line likewise: whole or not at all (a narrow
        // panel cut "945 GiB" to "5 G"); the caption below and the tooltip still give it.
        QCPItemText* capacity = m_capacityLabels[t];
        capacity->setVisible(panel.contains(chart::textItemRect(capacity)));
    }
    placeOverflowValue();
}

void TierChart::placeOverflowValue()
{
    // "none" sits at the panel's foot; a figure stands on its bar while the panel has room
    // above the bar for it, else it reads inside the bar's top in the colour that reads on
    // the bar (on HBM's scale, 686 GiB beside a 945 GiB axis crossed the top tick).
    const double over = overflow();
    if (over <= 0)
        return;
    const QCPAxisRect* rect = m_rects[kTierCount];
    const double barTop = rect->axis(QCPAxis::atLeft)->coordToPixel(over);
    const double height = chart::textItemRect(m_overflowLabel).height();
    const bool above = barTop - height >= rect->rect().top();
    m_overflowLabel->setPositionAlignment(Qt::AlignHCenter | (above ? Qt::AlignBottom : Qt::AlignTop));
    m_overflowLabel->setColor(above ? chart::overflowColor() : chart::textOn(chart::overflowColor()));
}

QString TierChart::shownOverflowValue() const
{
    return m_overflowLabel->visible() ? m_overflowLabel->text() : QString();
}

QRectF TierChart::overflowValueRect() const
{
    return chart::textItemRect(m_overflowLabel);
}

QRect TierChart::overflowPanelRect() const
{
    return m_rects[kTierCount]->rect();
}

double TierChart::axisTop(int panel) const
{
    return m_rects.at(static_cast<size_t>(panel))->axis(QCPAxis::atLeft)->range().upper;
}

void TierChart::setCaption(int panel, const QString& text)
{
    m_captions[static_cast<size_t>(panel)] = text;
    // Fitted to the last layout's width; fitCaptions() corrects it if the layout moves.
    m_rects[static_cast<size_t>(panel)]->axis(QCPAxis::atBottom)->setLabel(fittedCaption(panel));
}

std::pair<int, int> TierChart::captionSpan(int panel) const
{
    // A caption is centred under its bar. It may reach halfway across the gap (the axis
    // labels' margin) to the next panel's bar, and the plot's edges at the ends.
    const auto index = static_cast<size_t>(panel);
    const QRect inner = m_rects[index]->rect();
    const int left
        = panel == 0 ? m_rects[index]->outerRect().left() : (m_rects[index - 1]->rect().right() + inner.left()) / 2;
    const int right = panel == kTierCount ? m_rects[index]->outerRect().right()
                                          : (inner.right() + m_rects[index + 1]->rect().left()) / 2;
    return { left, right };
}

QString TierChart::fittedCaption(int panel) const
{
    const QCPAxisRect* rect = m_rects[static_cast<size_t>(panel)];
    const auto [left, right] = captionSpan(panel);
    const int centre = rect->rect().center().x();
    const int width = 2 * std::min(centre - left, right - centre);
    const QString& text = m_captions[static_cast<size_t>(panel)];
    // Before the first layout the panels have no width yet: show the caption whole.
    if (rect->rect().width() <= 0)
        return text;
    return fit(m_captionFits[static_cast<size_t>(panel)], text, rect->axis(QCPAxis::atBottom)->labelFont(), width);
}

QString TierChart::fittedOverflowValue() const
{
    // The figure sits above a bar about as wide as itself: number and unit on two lines
    // when it is wider than its panel.
    const int width = m_rects[kTierCount]->rect().width();
    if (width <= 0)
        return m_overflowValue;
    return fit(m_overflowValueFit, m_overflowValue, m_overflowLabel->font(), width - 2);
}

const QString& TierChart::fit(CaptionFit& cache, const QString& text, const QFont& font, int width)
{
    if (cache.width != width || cache.text != text || cache.font != font)
        cache = { text, width, font, wrapped(text, QFontMetrics(font), width, kCaptionMaxLines) };
    return cache.fitted;
}

void TierChart::fitCaptions()
{
    // A caption that gained or lost a line changes the bottom margin, and the overflow
    // title's margin the panels' widths, which the captions and the figure are fitted to:
    // lay out again until nothing moves (two passes at most in practice). A change left for
    // the next replot stayed on screen, as the idle window has none: at 1280 × 720 the
    // "Overflow" title was left out.
    QCPLayout* layout = plot()->plotLayout();
    for (int pass = 0; pass < 4 && fitCaptionsOnce(); ++pass)
        for (auto phase : { QCPLayoutElement::upPreparation, QCPLayoutElement::upMargins, QCPLayoutElement::upLayout })
            layout->update(phase);
}

bool TierChart::fitCaptionsOnce()
{
    bool changed = false;
    // The overflow's figure stands over its bar when it fits there whole; where the panel is
    // too narrow for it (English at 1280 × 720 drew "…" twice), the caption gives it.
    if (overflow() > 0) {
        const bool whole = !fittedOverflowValue().contains(QChar(0x2026));
        m_overflowLabel->setVisible(whole);
        m_captions[kTierCount] = whole ? tr("fits in no tier!") : tr("%1 fit in no tier!").arg(m_overflowValue);
    } else {
        m_overflowLabel->setVisible(true);
    }
    for (int panel = 0; panel <= kTierCount; ++panel) {
        QCPAxis* x = m_rects[static_cast<size_t>(panel)]->axis(QCPAxis::atBottom);
        const QString fitted = fittedCaption(panel);
        if (x->label() != fitted) {
            x->setLabel(fitted);
            changed = true;
        }
    }
    // The overflow figure is an item, not part of the layout: no new layout for it.
    if (const QString value = fittedOverflowValue(); m_overflowLabel->text() != value)
        m_overflowLabel->setText(value);
    return keepOverflowTitle() || changed;
}

bool TierChart::keepOverflowTitle()
{
    // QCustomPlot leaves out a tick label that would cross the plot's edge: the narrow
    // overflow panel, last on the right, lost its "Overflow" title so. Its right margin is
    // what puts the bar's centre, (inner left + outer right - margin) / 2, at least half
    // the title's width inside the plot's right edge.
    QCPAxisRect* rect = m_rects[kTierCount];
    QCPAxis* x = rect->axis(QCPAxis::atBottom);
    const int half = QFontMetrics(x->tickLabelFont()).horizontalAdvance(tr("Overflow")) / 2 + 2;
    const QMargins margins = rect->minimumMargins();
    // At least a few pixels, so that its grid lines stop short of the image's edge.
    constexpr int kEdge = 8;
    const int right = std::max(
        kEdge, rect->rect().left() + rect->outerRect().right() + 2 * half - 2 * plot()->viewport().right() + 2);
    if (right == margins.right())
        return false;
    rect->setMinimumMargins(QMargins(margins.left(), margins.top(), right, margins.bottom()));
    return true;
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
    QString text = tr("%1 · %2: %3").arg(tierName(tier), segmentName(segment), bytes(v));
    if (cap > 0)
        text += tr(" (%1 of capacity)").arg(percentText(v / cap));
    return text + u'\n' + segmentDescription(segment);
}

QString TierChart::toolTipTextAt(const QPoint& pos) const
{
    for (int t = 0; t <= kTierCount; ++t) {
        QCPAxisRect* rect = m_rects[static_cast<size_t>(t)];
        const QRect inner = rect->rect();
        const auto [left, right] = captionSpan(t);
        // Under the bar: the caption, in full if the axis shows it shortened.
        if (pos.y() > inner.bottom() && pos.y() <= rect->outerRect().bottom() && pos.x() >= left && pos.x() <= right) {
            const QString& full = m_captions[static_cast<size_t>(t)];
            return rect->axis(QCPAxis::atBottom)->label() == full ? QString() : full;
        }
        if (!inner.contains(pos))
            continue;
        const double key = rect->axis(QCPAxis::atBottom)->pixelToCoord(pos.x());
        const double value = rect->axis(QCPAxis::atLeft)->pixelToCoord(pos.y());
        if (std::abs(key - kBarKey) > kBarWidth / 2 || value < 0)
            return {};
        if (t == kTierCount)
            return tr("Overflow: %1 fits in no tier (hot KV and weights that must be resident but have no room).")
                .arg(bytes(overflow()));
        double base = 0;
        for (int s = 0; s < kSegmentCount; ++s) {
            const double v = segmentValue(static_cast<Tier>(t), static_cast<Segment>(s));
            if (value >= base && value < base + v)
                return segmentToolTip(static_cast<Tier>(t), static_cast<Segment>(s));
            base += v;
        }
        return {};
    }
    return {};
}

} // namespace kvtiers::ui
