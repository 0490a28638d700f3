#include "ui/charts/SweepChart.h"

#include "ui/charts/ByteTicker.h"
#include "ui/charts/ChartPalette.h"
#include "ui/charts/ChartStyle.h"
#include "ui/charts/TokenLogTicker.h"
#include "ui/text/UnitsText.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <cmath>

namespace kvtiers::ui {

namespace {

QString seriesName(SweepChart::Series s)
{
    switch (s) {
    case SweepChart::Series::Hbm:
        return QCoreApplication::translate("SweepChart", "HBM");
    case SweepChart::Series::Dram:
        return QCoreApplication::translate("SweepChart", "Server DRAM");
    case SweepChart::Series::Ssd:
        return QCoreApplication::translate("SweepChart", "eSSD");
    case SweepChart::Series::Overflow:
        break;
    }
    return QCoreApplication::translate("SweepChart", "overflow (fits in no tier)");
}

QColor seriesColor(SweepChart::Series s)
{
    switch (s) {
    case SweepChart::Series::Hbm:
        return chart::tierColor(Tier::Hbm);
    case SweepChart::Series::Dram:
        return chart::tierColor(Tier::Dram);
    case SweepChart::Series::Ssd:
        return chart::tierColor(Tier::Ssd);
    case SweepChart::Series::Overflow:
        break;
    }
    return chart::overflowColor();
}

double seriesBytes(const SweepPoint& p, SweepChart::Series s)
{
    switch (s) {
    case SweepChart::Series::Hbm:
        return p.tiers.hbm.used();
    case SweepChart::Series::Dram:
        return p.tiers.dram.used();
    case SweepChart::Series::Ssd:
        return p.tiers.ssd.used();
    case SweepChart::Series::Overflow:
        break;
    }
    return p.overflowBytes;
}

constexpr double kLabelGap = 4; // pixels between a label and a line it must not touch

QRectF labelRect(const QCPItemText* label)
{
    return chart::textItemRect(label);
}

bool crossesLine(const QRectF& r, const QCPItemStraightLine* line)
{
    if (!line->visible())
        return false;
    const double x = line->point1->pixelPosition().x();
    return r.left() < x + kLabelGap && r.right() > x - kLabelGap;
}

} // namespace

SweepChart::SweepChart(QWidget* parent)
    : ChartBase(parent, QStringLiteral("sweepPlot"), { 320, 260 })
{
    QCustomPlot* const p = plot();
    buildHeader();

    // Fast polylines and unantialiased fills: the stacked areas are redrawn at every
    // slider step (a UI update within half a 60 Hz frame).
    p->setPlottingHints(QCP::phCacheLabels | QCP::phFastPolylines);

    p->plotLayout()->insertRow(0);
    addTitle();
    // Why the bytes fall as context grows, in a row under the title while they do
    // (updateRateNote); out of the layout otherwise, so it takes no height.
    m_noteElement = new QCPTextElement(p, QString(), font());
    m_noteElement->setMargins(QMargins(6, 0, 6, 2));
    m_noteElement->setVisible(false);

    m_xTicker = QSharedPointer<TokenLogTicker>::create(TokenLogTicker::Labels::Tokens);
    p->xAxis->setScaleType(QCPAxis::stLogarithmic);
    p->xAxis->setTicker(m_xTicker);
    p->yAxis->setTicker(byteTicker(units()));
    p->yAxis->setSubTicks(false);

    // The legend's items measure their names once (chart::addToLegend), not at each layout.
    p->setAutoAddPlottableToLegend(false);
    QCPGraph* below = nullptr;
    for (int i = 0; i < kSeriesCount; ++i) {
        auto* g = addGraph();
        chart::addToLegend(g, p->legend);
        texts()([g, i] { g->setName(seriesName(static_cast<Series>(i))); });
        g->setSelectable(QCP::stNone);
        g->setAntialiasedFill(false);
        if (below)
            g->setChannelFillGraph(below);
        below = g;
        m_graphs[i] = g;
    }
    buildAnnotations();
    // The "now" marker on a buffered layer of its own, above the data and the axes: a
    // slider step along the swept axis leaves the curve as it was, and only this layer is
    // drawn again (a few lines and one label instead of four stacked areas and every text).
    p->addLayer(QStringLiteral("marker"), p->layer(QStringLiteral("legend")), QCustomPlot::limAbove);
    m_markerLayer = p->layer(QStringLiteral("marker"));
    m_markerLayer->setMode(QCPLayer::lmBuffered);
    m_currentLine->setLayer(m_markerLayer);
    m_currentLabel->setLayer(m_markerLayer);
    connect(p, &QCustomPlot::afterReplot, this, [this] {
        m_plottedKey = m_pendingKey;
        m_fullReplotPending = false;
    });

    // The legend goes in its own row under the plot, where it can never cover a label.
    p->legend->setVisible(true);
    auto* legendRow = new QCPLayoutGrid;
    p->plotLayout()->addElement(2, 0, legendRow);
    legendRow->addElement(0, 0, p->legend); // moves it out of the axis rect's inset layout
    p->legend->setFillOrder(QCPLegend::foColumnsFirst);
    p->legend->setWrap(4);
    p->legend->setIconSize(14, 12);
    p->plotLayout()->setRowStretchFactor(0, 0.001);
    p->plotLayout()->setRowStretchFactor(2, 0.001);
    chart::fitToWidth(p, title(), p->legend);
    chart::fitToWidth(p, m_noteElement, nullptr);
    applyTheme();

    connect(m_axisCombo, &QComboBox::currentIndexChanged, this,
        [this](int index) { setAxis(static_cast<SweepAxis>(m_axisCombo->itemData(index).toInt())); });
    connect(m_holdRateCheck, &QCheckBox::toggled, this, &SweepChart::holdsRateChanged);
    // Annotations are placed in pixels, as laid out (window resizes, exports).
    connect(p, &QCustomPlot::afterLayout, this, &SweepChart::placeLabels);
}

void SweepChart::buildHeader()
{
    auto* header = new QHBoxLayout;
    auto* axisLabel = new QLabel(this);
    m_axisCombo = new QComboBox(this);
    m_axisCombo->setObjectName(QStringLiteral("sweepAxisCombo"));
    m_axisCombo->addItem(QString(), static_cast<int>(SweepAxis::Context));
    m_axisCombo->addItem(QString(), static_cast<int>(SweepAxis::Concurrency));
    texts()([this, axisLabel] {
        axisLabel->setText(tr("S&weep:"));
        m_axisCombo->setItemText(0, tr("against context length"));
        m_axisCombo->setItemText(1, tr("against concurrency"));
        m_axisCombo->setToolTip(tr("Which knob the sweep moves, from small to large, with every other knob as set."));
    });
    axisLabel->setBuddy(m_axisCombo);
    m_holdRateCheck = new QCheckBox(this);
    m_holdRateCheck->setObjectName(QStringLiteral("sweepHoldRate"));
    texts()([this] {
        m_holdRateCheck->setText(tr("&Hold λ fixed"));
        m_holdRateCheck->setToolTip(tr("Keep the request rate λ at the current scenario's along the sweep. Unticked, "
                                       "λ is derived at each point (served sequences ÷ request duration): longer "
                                       "requests arrive less often, so the retained prefix pool (λ × reuse distance "
                                       "× prefix bytes) shrinks as context grows."));
    });
    header->addWidget(axisLabel);
    header->addWidget(m_axisCombo);
    header->addWidget(m_holdRateCheck);
    header->addStretch(1);
    chartLayout()->insertLayout(0, header);
}

void SweepChart::buildAnnotations()
{
    QCustomPlot* const p = plot();
    m_capacityLine = new QCPItemStraightLine(p);
    m_capacityLabel = new QCPItemText(p);
    m_capacityLabel->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
    m_currentLine = new QCPItemStraightLine(p);
    m_currentLabel = new QCPItemText(p);
    m_currentLabel->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_currentLabel->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_fullLine = new QCPItemStraightLine(p);
    m_clipLabel = new QCPItemText(p);
    m_clipLabel->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_clipLabel->position->setCoords(0.99, 0.01);
    m_clipLabel->setPositionAlignment(Qt::AlignRight | Qt::AlignTop);
    m_clipLabel->setTextAlignment(Qt::AlignRight);
    m_fullLabel = new QCPItemText(p);
    // placeLabels() keeps them a few pixels off the lines (a dashed line under text made
    // both unreadable).
    for (QCPItemText* label : { m_currentLabel, m_fullLabel, m_clipLabel })
        label->setPadding(QMargins(2, 1, 2, 1));
    m_fullLabel->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_fullLabel->setPositionAlignment(Qt::AlignRight | Qt::AlignTop);
}

void SweepChart::themeChanged(const QPalette& pal)
{
    QCustomPlot* const p = plot();
    const QColor text = pal.color(QPalette::Text);
    const QColor base = pal.color(QPalette::Base);
    for (int i = 0; i < kSeriesCount; ++i) {
        const QColor c = seriesColor(static_cast<Series>(i));
        m_graphs[i]->setPen(QPen(c.darker(120), 2));
        m_graphs[i]->setBrush(QBrush(c.lighter(125)));
    }
    m_capacityLine->setPen(QPen(chart::tierColor(Tier::Hbm).darker(130), 1.5, Qt::DashLine));
    m_capacityLabel->setColor(text);
    m_currentLine->setPen(QPen(text, 2));
    m_currentLabel->setColor(text);
    m_fullLine->setPen(QPen(chart::overflowColor(), 2, Qt::DashLine));
    m_fullLabel->setColor(chart::overflowColor());
    m_clipLabel->setColor(text);
    m_noteElement->setTextColor(text);
    // The annotations read over the stacked areas: a box of the base colour behind them.
    QColor box = base;
    box.setAlpha(215);
    for (QCPItemText* label : { m_currentLabel, m_fullLabel, m_clipLabel })
        label->setBrush(box);
    p->legend->setBrush(base);
    p->legend->setTextColor(text);
    p->legend->setBorderPen(Qt::NoPen);
}

void SweepChart::setAxis(SweepAxis axis)
{
    if (axis == m_axis)
        return;
    m_axis = axis;
    const int index = m_axisCombo->findData(static_cast<int>(axis));
    if (index != m_axisCombo->currentIndex())
        m_axisCombo->setCurrentIndex(index);
    emit axisChanged(axis);
}

bool SweepChart::holdsRate() const
{
    return m_holdRateCheck->isChecked();
}

void SweepChart::setHoldsRate(bool hold)
{
    m_holdRateCheck->setChecked(hold); // emits holdsRateChanged on a change
}

void SweepChart::setScope(TierScope scope)
{
    m_scope = scope;
    rebuild();
}

void SweepChart::setResult(const Scenario& scenario, const EvalResult& result, const SweepResult& sweep)
{
    m_scenario = scenario;
    m_result = result;
    m_sweep = sweep;
    m_hasResult = true;
    rebuild();
}

QString SweepChart::xText(double x) const
{
    return m_sweep.axis == SweepAxis::Context ? tr("%1 tokens").arg(tokensText(x))
                                              : tr("%1 sequences").arg(countText(x));
}

QString SweepChart::hbmFullText() const
{
    if (m_sweep.points.empty())
        return {};
    // The line marks where the running sequences' KV (the hot set) alone outgrows HBM; the
    // retained prefix pool can fill HBM well before (it yields to the hot set). Two short
    // lines: one long one ran out of the plot in exports.
    if (std::isinf(m_sweep.hbmFullAt))
        return tr("hot set fits HBM\nup to %1").arg(xText(m_sweep.points.back().x));
    if (m_sweep.hbmFullAt <= m_sweep.points.front().x)
        return tr("hot set outgrows HBM\nfrom the start");
    return tr("hot set alone fills HBM\nat %1").arg(xText(m_sweep.hbmFullAt));
}

void SweepChart::rebuild()
{
    QCustomPlot* const p = plot();
    ensureByteTicker(p->yAxis, units());
    if (!m_hasResult || m_sweep.points.empty())
        return;
    const double factor = tierScopeFactor(m_scope, m_scenario, m_result);
    const bool context = m_sweep.axis == SweepAxis::Context;
    m_xTicker->setLabels(context ? TokenLogTicker::Labels::Tokens : TokenLogTicker::Labels::Count);
    p->xAxis->setLabel(
        context ? tr("context per sequence, tokens (log scale)") : tr("active sequences per replica (log scale)"));
    const QString titleText = tr("Bytes per tier as %1 grows, %2 (stacked)")
                                  .arg(context ? tr("context") : tr("concurrency"), tierScopeName(m_scope));
    if (titleText != m_titleText) { // set only on a change: fitToWidth wraps it once
        m_titleText = titleText;
        title()->setText(titleText);
    }
    updateRateNote(context);

    const auto n = static_cast<qsizetype>(m_sweep.points.size());
    QVector<double> xs(n);
    std::array<QVector<double>, kSeriesCount> stacked;
    double top = 0;
    for (auto& v : stacked)
        v.resize(n);
    for (qsizetype i = 0; i < n; ++i) {
        const SweepPoint& p = m_sweep.points[static_cast<size_t>(i)];
        xs[i] = p.x;
        double sum = 0;
        for (int s = 0; s < kSeriesCount; ++s) {
            sum += seriesBytes(p, static_cast<Series>(s)) * factor;
            stacked[s][i] = sum;
        }
        top = std::max(top, sum);
    }
    const double hbmCap = m_result.tiers.hbm.capacity * factor;
    // Keep the current scenario readable: far beyond it, demand (mostly overflow) can be
    // 100× larger and would flatten everything else. Clip there and say so.
    const double here
        = (m_result.tiers.hbm.used() + m_result.tiers.dram.used() + m_result.tiers.ssd.used() + m_result.overflowBytes)
        * factor;
    const double readableTop = 4 * std::max(here, hbmCap);
    const bool clipped = top > readableTop * 1.08;
    const QString clipText
        = clipped ? tr("↑ clipped: demand reaches %1 at %2").arg(bytes(top), xText(xs.back())) : QString();
    const double yTop = std::max({ clipped ? readableTop : top, hbmCap, 1.0 }) * 1.08;

    // Everything drawn but the marker, as a key: when it is as last replotted, only the
    // marker moved, and only its layer is drawn again.
    QString key = titleText + u'|' + QString::number(static_cast<int>(units())) + u'|' + clipText + u'|'
        + QString::number(hbmCap, 'g', 17) + u'|' + QString::number(yTop, 'g', 17) + u'|'
        + QString::number(m_sweep.hbmFullAt, 'g', 17) + u'|' + m_rateNote;
    for (const QVector<double>* v : { &xs, &stacked[0], &stacked[1], &stacked[2], &stacked[3] })
        key += u'|' + QString::number(qHashBits(v->constData(), sizeof(double) * static_cast<size_t>(n)));
    if (key == m_plottedKey && !m_fullReplotPending) {
        placeCurrentMarker(xs.front(), xs.back());
        if (replotMarkerOnly())
            return;
    }
    m_pendingKey = key;
    m_fullReplotPending = true;
    for (int s = 0; s < kSeriesCount; ++s)
        m_graphs[s]->setData(xs, stacked[s], true);
    m_clipLabel->setVisible(clipped);
    m_clipText = clipText;
    m_clipLabel->setText(m_clipText);
    p->xAxis->setRange(xs.front(), xs.back());
    p->yAxis->setRange(0, yTop);
    p->yAxis->setLabel(tr("bytes %1").arg(tierScopeName(m_scope)));
    placeLines(xs.front(), xs.back(), hbmCap);
    refreshToolTipAfterReplot();
    requestReplot();
}

void SweepChart::updateRateNote(bool context)
{
    // A derived λ falls as context grows, and the retained pool with it: bytes can fall
    // as context grows. Say so where it happens, not leave "longer context needs less".
    const bool poolFalls = context && m_sweep.rateDerived && m_result.retainedPoolBytes > 0;
    const QString note = poolFalls ? tr("λ is derived at each point and falls as context grows (longer requests "
                                        "arrive less often), so the retained pool λ × reuse distance × prefix bytes "
                                        "falls with it. Tick \"Hold λ fixed\" to keep the current λ.")
                                   : QString();
    if (note == m_rateNote) // set only on a change: the note is wrapped to the width once
        return;
    m_rateNote = note;
    m_noteElement->setText(note);
    QCPLayoutGrid* grid = plot()->plotLayout();
    const bool shown = m_noteElement->visible();
    if (!note.isEmpty() && !shown) {
        grid->insertRow(1);
        grid->addElement(1, 0, m_noteElement);
        grid->setRowStretchFactor(1, 0.001);
    } else if (note.isEmpty() && shown) {
        grid->take(m_noteElement);
        grid->simplify();
    }
    m_noteElement->setVisible(!note.isEmpty());
}

void SweepChart::placeLines(double from, double to, double hbmCap)
{
    m_capacityLine->point1->setCoords(from, hbmCap);
    m_capacityLine->point2->setCoords(to, hbmCap);
    m_capacityLabel->position->setCoords(from * 1.1, hbmCap);
    m_capacityLabel->setText(tr("HBM capacity %1").arg(bytes(hbmCap)));

    placeCurrentMarker(from, to);
    const double logMid = std::sqrt(from * to);
    const double full = m_sweep.hbmFullAt;
    const bool fullInside = std::isfinite(full) && full > from;
    m_fullLine->setVisible(fullInside);
    m_fullLine->point1->setCoords(fullInside ? full : from, 0);
    m_fullLine->point2->setCoords(fullInside ? full : from, 1);
    m_fullLabel->position->setCoords(fullInside ? full : to, 0.15);
    m_fullSide = fullInside && full < logMid ? Qt::AlignLeft : Qt::AlignRight;
    m_fullLabel->setPositionAlignment(m_fullSide | Qt::AlignTop);
    QFont bold = font();
    bold.setBold(true);
    m_fullLabel->setFont(bold);
    m_fullLabel->setText(hbmFullText());
}

void SweepChart::placeCurrentMarker(double from, double to)
{
    m_currentX = m_sweep.axis == SweepAxis::Context ? m_scenario.workload.context : m_scenario.workload.concurrency;
    // Labels sit beside their line on the side with more room, at different heights.
    const double logMid = std::sqrt(from * to);
    m_currentLine->point1->setCoords(m_currentX, 0);
    m_currentLine->point2->setCoords(m_currentX, 1);
    m_currentLabel->position->setCoords(m_currentX, 0.08);
    m_currentSide = m_currentX > logMid ? Qt::AlignRight : Qt::AlignLeft;
    m_currentLabel->setPositionAlignment(m_currentSide | Qt::AlignTop);
    m_currentLabel->setText(tr("now: %1").arg(xText(m_currentX)));
}

QString SweepChart::fixedLabelsKey() const
{
    QString key;
    for (const QCPItemText* label : { m_fullLabel, m_clipLabel, m_capacityLabel }) {
        const QPointF at = label->position->pixelPosition();
        key += label->text() + u'@' + QString::number(at.x()) + u',' + QString::number(at.y()) + u';';
    }
    return key;
}

bool SweepChart::replotMarkerOnly()
{
    // The other labels keep clear of the marker's: where moving it would move them too,
    // the whole plot is drawn again.
    const QString before = fixedLabelsKey();
    placeLabels();
    if (fixedLabelsKey() != before)
        return false;
    m_markerLayer->replot(); // a full replot instead if the buffers are not ready
    emit markerReplotted();
    return true;
}

void SweepChart::placeLabels()
{
    QCustomPlot* const p = plot();
    const QRect area = p->axisRect()->rect();
    if (!m_hasResult || area.height() <= 0 || area.width() <= 0)
        return;
    const double fullX = m_fullLine->point1->pixelPosition().x();
    const bool fullShown = m_fullLine->visible() && fullX > area.left() && fullX < area.right();
    placeBesideLine(m_currentLabel, m_currentSide, m_currentLine, m_fullLine, area);
    if (fullShown)
        placeBesideLine(m_fullLabel, m_fullSide, m_fullLine, m_currentLine, area);

    // The capacity label starts at the left; where HBM runs short at once, the "HBM full"
    // line is there too: the label goes to the right end instead.
    m_capacityLabel->position->setCoords(
        m_capacityLine->point1->coords().x() * 1.1, m_capacityLine->point1->coords().y());
    m_capacityLabel->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
    if (crossesLine(labelRect(m_capacityLabel), m_fullLine)) {
        m_capacityLabel->position->setCoords(
            m_capacityLine->point2->coords().x() / 1.1, m_capacityLine->point2->coords().y());
        m_capacityLabel->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
    }
    if (m_clipLabel->visible())
        placeClipNote(area, fullShown, fullX);
    stackLabels(area);
}

void SweepChart::placeBesideLine(QCPItemText* label, Qt::Alignment side, const QCPItemStraightLine* own,
    const QCPItemStraightLine* other, const QRect& area)
{
    // A label stands beside its line, a gap away, on the side with more room; it turns to
    // the other side when it would cross the other vertical line.
    if (!label->visible())
        return;
    const double lineX = own->point1->pixelPosition().x();
    auto put = [&](Qt::Alignment s) {
        label->setPositionAlignment(s | Qt::AlignTop);
        const double y = label->position->pixelPosition().y();
        label->position->setPixelPosition(QPointF(lineX + (s.testFlag(Qt::AlignLeft) ? 1 : -1) * (kLabelGap + 1), y));
    };
    const Qt::Alignment flipped = side.testFlag(Qt::AlignLeft) ? Qt::AlignRight : Qt::AlignLeft;
    auto inside = [&] {
        const QRectF r = labelRect(label);
        return r.left() >= area.left() && r.right() <= area.right() + 1;
    };
    // The preferred side unless the label crosses the other line there or runs out
    // of the plot (where it would be cut); a side inside the plot before a clear one.
    put(side);
    if (inside() && !crossesLine(labelRect(label), other))
        return;
    put(flipped);
    if (inside() && !crossesLine(labelRect(label), other))
        return;
    if (inside())
        return;
    put(side);
}

void SweepChart::placeClipNote(const QRect& area, bool fullShown, double fullX)
{
    // The clip note, top right: wrapped to the room right of the "HBM full" line, or left
    // of it when the line is too close to the right edge, never past the plot's edges.
    int room = area.width() - 8;
    double x = 0.99;
    Qt::Alignment align = Qt::AlignRight | Qt::AlignTop;
    if (fullShown) {
        const int right = static_cast<int>(area.right() - fullX - 2 * kLabelGap - 0.01 * area.width());
        const int left = static_cast<int>(fullX - area.left() - 2 * kLabelGap - 4);
        const int widest = QFontMetrics(m_clipLabel->font()).horizontalAdvance(m_clipText);
        if (right >= std::min(widest, 160) || right >= left) {
            room = right;
        } else {
            room = left;
            x = (fullX - kLabelGap - 1 - area.left()) / area.width();
        }
    }
    m_clipLabel->position->setCoords(x, m_clipLabel->position->coords().y());
    m_clipLabel->setPositionAlignment(align);
    const QString text = chart::wrapText(m_clipText, m_clipLabel->font(), std::max(40, room));
    if (text != m_clipLabel->text())
        m_clipLabel->setText(text);
}

void SweepChart::stackLabels(const QRect& area)
{
    // Heights: what the labels must keep clear of is the dashed capacity line (a few
    // pixels either side) with its own label above it, then each label already placed.
    QList<QRectF> taken;
    {
        const double y = m_capacityLine->point1->pixelPosition().y();
        const QRectF label = labelRect(m_capacityLabel);
        taken << QRectF(area.left(), y - kLabelGap, area.width(), 2 * kLabelGap) << label;
    }
    auto place = [&](QCPItemText* label, double ratio) {
        if (!label->visible())
            return;
        label->position->setCoords(label->position->coords().x(), ratio);
        const QRectF at = labelRect(label);
        double top = at.top();
        for (bool moved = true; moved;) {
            moved = false;
            for (const QRectF& r : taken)
                if (QRectF(at.left(), top, at.width(), at.height()).intersects(r)) {
                    top = r.bottom() + 2;
                    moved = true;
                }
        }
        if (top + at.height() > area.bottom()) // no room below: leave it where it was asked for
            top = at.top();
        label->position->setCoords(label->position->coords().x(), (top - area.top()) / area.height());
        taken << QRectF(at.left(), top, at.width(), at.height());
    };
    place(m_clipLabel, 0.01);
    place(m_currentLabel, 0.08);
    place(m_fullLabel, 0.15);
}

SweepChart::LabelRects SweepChart::labelRects() const
{
    auto shown = [](const QCPItemText* label) { return label->visible() ? labelRect(label) : QRectF(); };
    return { plot()->axisRect()->rect(), shown(m_fullLabel), shown(m_clipLabel), shown(m_currentLabel),
        shown(m_capacityLabel) };
}

int SweepChart::pointCount() const
{
    return m_graphs[0]->dataCount();
}

double SweepChart::pointX(int index) const
{
    return m_graphs[0]->data()->at(index)->key;
}

double SweepChart::seriesValue(Series series, int index) const
{
    const int s = static_cast<int>(series);
    const double v = m_graphs[s]->data()->at(index)->value;
    return s == 0 ? v : v - m_graphs[s - 1]->data()->at(index)->value;
}

QString SweepChart::toolTipTextAt(const QPoint& pos) const
{
    if (pointCount() == 0 || !plot()->axisRect()->rect().contains(pos))
        return {};
    const double x = plot()->xAxis->pixelToCoord(pos.x());
    const auto data = m_graphs[0]->data();
    auto it = data->findBegin(x, true);
    if (it == data->constEnd())
        return {};
    const int index = static_cast<int>(it - data->constBegin());
    QString text = xText(pointX(index));
    for (int s = 0; s < kSeriesCount; ++s)
        text += u'\n' + seriesName(static_cast<Series>(s)) + QStringLiteral(": ")
            + bytes(seriesValue(static_cast<Series>(s), index));
    return text;
}

} // namespace kvtiers::ui
