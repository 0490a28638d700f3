#include "ui/charts/LoadChart.h"

#include "core/analysis/FleetLoad.h"
#include "ui/charts/ByteTicker.h"
#include "ui/charts/ChartStyle.h"
#include "ui/text/UnitsText.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace kvtiers::ui {

namespace {

/// Log ticks labelled in seconds ("0.1", "10", "1000"): one unit down the axis, which its
/// label names, where durations would mix hours and minutes on one scale.
class SecondsTicker : public QCPAxisTickerLog {
protected:
    QString getTickLabel(double tick, const QLocale&, QChar, int) override { return significantText(tick, 3); }
};

/// Requests per second: plain figures (the axis label names the unit).
class RateTicker : public QCPAxisTicker {
protected:
    QString getTickLabel(double tick, const QLocale&, QChar, int) override { return significantText(tick, 3); }
};

QRectF boxOf(const QCPItemText* label)
{
    return QRectF(label->topLeft->pixelPosition(), label->bottomRight->pixelPosition()).normalized();
}

} // namespace

LoadChart::LoadChart(QWidget* parent)
    : ChartBase(parent, QStringLiteral("loadPlot"), { 420, 190 })
{
    QCustomPlot* const p = plot();
    p->plotLayout()->insertRow(0);
    addTitle();
    p->xAxis->setTicker(byteTicker(units()));
    p->yAxis->setScaleType(QCPAxis::stLogarithmic);
    p->yAxis->setTicker(QSharedPointer<SecondsTicker>::create());
    m_p50 = addGraph();
    m_p99 = addGraph();
    for (QCPGraph* g : { m_p50, m_p99 })
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 5));
    m_targetLine = new QCPItemStraightLine(p);
    m_targetText = new QCPItemText(p);
    m_currentLine = new QCPItemStraightLine(p);
    m_currentText = new QCPItemText(p);
    for (QCPItemText* label : { m_targetText, m_currentText }) {
        label->position->setType(QCPItemPosition::ptAbsolute);
        label->setPadding(QMargins(4, 1, 4, 1));
        label->setClipToAxisRect(false);
    }
    putLegendBelowAxes();
    // The gaps between tokens on TTFT's log axis, dashed: tens of milliseconds under
    // seconds, apart on it. A panel of their own left each panel too short to read on a
    // 720-pixel screen.
    buildTbtSeries();
    // Goodput in a panel of its own under TTFT's, on the same capacities: on one plot with
    // a second axis its line lay across the TTFT lines.
    p->plotLayout()->insertRow(2);
    m_goodputRect = new QCPAxisRect(p);
    p->plotLayout()->addElement(2, 0, m_goodputRect);
    p->plotLayout()->setRowStretchFactor(1, 2);
    p->plotLayout()->setRowStretchFactor(2, 1);
    auto* margins = new QCPMarginGroup(p);
    for (QCPAxisRect* rect : { p->axisRect(), m_goodputRect })
        rect->setMarginGroup(QCP::msLeft | QCP::msRight, margins);
    QCPAxis* goodputX = m_goodputRect->axis(QCPAxis::atBottom);
    auto rates = QSharedPointer<RateTicker>::create();
    rates->setTickCount(3); // a short panel: three labels that do not touch
    m_goodputRect->axis(QCPAxis::atLeft)->setTicker(rates);
    connect(p->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), goodputX,
        qOverload<const QCPRange&>(&QCPAxis::setRange));
    p->xAxis->setTickLabels(false); // the capacities are read off the panel below
    m_goodput = new QCPGraph(goodputX, m_goodputRect->axis(QCPAxis::atLeft));
    m_goodput->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 5));
    m_goodputCurrentLine = new QCPItemStraightLine(p);
    m_goodputCurrentLine->setClipAxisRect(m_goodputRect);
    for (QCPItemPosition* end : { m_goodputCurrentLine->point1, m_goodputCurrentLine->point2 })
        end->setAxes(goodputX, m_goodputRect->axis(QCPAxis::atLeft));
    connect(p, &QCustomPlot::afterLayout, this, &LoadChart::placeLabels);
    // Two rows of three: set once every series is in it, rearranged (setWrap alone does not).
    p->legend->setWrap(3);
    p->legend->setFillOrder(QCPLegend::foColumnsFirst, true);
    texts()([this] { retranslate(); });
    applyTheme();
    setCurve({});
}

void LoadChart::buildTbtSeries()
{
    QCustomPlot* const p = plot();
    m_tbtP50 = addGraph();
    m_tbtP99 = addGraph();
    m_requestTbt = addGraph();
    for (QCPGraph* g : { m_tbtP50, m_tbtP99 })
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssSquare, 5));
    m_requestTbt->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDiamond, 6));
    m_tbtTargetLine = new QCPItemStraightLine(p);
    m_tbtTargetText = new QCPItemText(p);
    m_tbtTargetText->position->setType(QCPItemPosition::ptAbsolute);
    m_tbtTargetText->setPadding(QMargins(4, 1, 4, 1));
    m_tbtTargetText->setClipToAxisRect(false);
}

QString LoadChart::tierName(replay::ReplaySweepAxis axis)
{
    return axis == replay::ReplaySweepAxis::Ssd ? tr("SSD") : tr("DRAM");
}

void LoadChart::setCurve(const LoadCurve& curve)
{
    m_curve = curve;
    QCustomPlot* const p = plot();
    QVector<double> keys, p50, p99, goodput;
    double low = std::numeric_limits<double>::infinity(), high = 0, best = 0;
    for (const replay::ReplaySweepPoint& point : curve.sweep.points) {
        const replay::ReplayResult& r = point.result;
        keys << point.bytes;
        p50 << r.ttft.p50;
        p99 << r.ttft.p99;
        goodput << r.goodputRps;
        for (double t : { r.ttft.p50, r.ttft.p99 })
            if (t > 0) {
                low = std::min(low, t);
                high = std::max(high, t);
            }
        best = std::max(best, r.goodputRps);
    }
    m_p50->setData(keys, p50, true);
    m_p99->setData(keys, p99, true);
    m_goodput->setData(keys, goodput, true);
    setTbtCurve(keys, low, high);
    const double ttftTarget = curve.targets.ttft();
    const bool target = ttftTarget > 0;
    if (target) {
        low = std::min(low, ttftTarget);
        high = std::max(high, ttftTarget);
    }
    if (!(high > 0)) {
        low = 0.1;
        high = 10;
    }
    // A third of a decade's margin below and a half above: the labels above the target line
    // and the top of the p99 curve keep clear of the plot's edge, and the TBT lines under
    // TTFT's get what height a short plot has.
    p->yAxis->setRange(std::pow(10, std::log10(low) - 0.3), std::pow(10, std::log10(high) + 0.5));
    m_goodputRect->axis(QCPAxis::atLeft)->setRange(0, best > 0 ? best * 1.2 : 1);
    const bool current = !curve.sweep.points.empty();
    const double currentBytes = curve.sweep.currentBytes;
    double right = keys.isEmpty() ? 1e12 : keys.back();
    if (current)
        right = std::max(right, currentBytes);
    const double left = keys.isEmpty() ? 0 : std::min(keys.front(), current ? currentBytes : keys.front());
    const double pad = (right - left) * 0.04 + (right == left ? 1e9 : 0);
    p->xAxis->setRange(left - pad, right + pad);
    m_currentLine->setVisible(current);
    m_currentText->setVisible(current);
    m_currentLine->point1->setCoords(currentBytes, 1);
    m_currentLine->point2->setCoords(currentBytes, 2);
    m_goodputCurrentLine->setVisible(current);
    m_goodputCurrentLine->point1->setCoords(currentBytes, 0);
    m_goodputCurrentLine->point2->setCoords(currentBytes, 1);
    m_targetLine->setVisible(target);
    m_targetText->setVisible(target);
    m_targetLine->point1->setCoords(0, ttftTarget);
    m_targetLine->point2->setCoords(1, ttftTarget);
    redraw();
    refreshToolTipAfterReplot();
    requestReplot();
}

void LoadChart::setTbtCurve(const QVector<double>& keys, double& low, double& high)
{
    QVector<double> p50, p99, request;
    for (const replay::ReplaySweepPoint& point : m_curve.sweep.points) {
        const replay::ReplayResult& r = point.result;
        p50 << r.tbt.p50;
        p99 << r.tbt.p99;
        request << r.tbtAtPercentile;
        for (double t : { r.tbt.p50, r.tbt.p99, r.tbtAtPercentile })
            if (t > 0) { // one output token a request: no gap to plot
                low = std::min(low, t);
                high = std::max(high, t);
            }
    }
    m_tbtP50->setData(keys, p50, true);
    m_tbtP99->setData(keys, p99, true);
    m_requestTbt->setData(keys, request, true);
    const bool target = m_curve.targets.hasTbt();
    const double tbtTarget = target ? *m_curve.targets.tbtSeconds : 1;
    if (target) {
        low = std::min(low, tbtTarget);
        high = std::max(high, tbtTarget);
    }
    m_tbtTargetLine->setVisible(target);
    m_tbtTargetText->setVisible(target);
    m_tbtTargetLine->point1->setCoords(0, tbtTarget);
    m_tbtTargetLine->point2->setCoords(1, tbtTarget);
}

void LoadChart::redraw()
{
    ensureByteTicker(plot()->xAxis, units());
    ensureByteTicker(m_goodputRect->axis(QCPAxis::atBottom), units());
    retranslate();
    labelLines();
}

void LoadChart::labelLines()
{
    m_currentText->setText(tr("Scenario: %1 per server").arg(bytes(m_curve.sweep.currentBytes)));
    m_targetText->setText(tr("TTFT target %1 at %2")
                              .arg(secondsText(m_curve.targets.ttft()), qs(percentileName(m_curve.targets.ttftAt()))));
    if (m_curve.targets.hasTbt())
        m_tbtTargetText->setText(
            tr("TBT target %1 at %2")
                .arg(secondsText(*m_curve.targets.tbtSeconds), qs(percentileName(m_curve.targets.tbtAt()))));
}

void LoadChart::placeLabels()
{
    const QRect area = plot()->axisRect()->rect();
    if (area.height() <= 0)
        return;
    // The capacity label: at the top of the plot, to the right of its line, or to its
    // left when it would run past the plot's right edge.
    if (m_currentText->visible()) {
        const double x = plot()->xAxis->coordToPixel(m_curve.sweep.currentBytes);
        m_currentText->position->setCoords(x, area.top() + 3);
        const double width = boxOf(m_currentText).width();
        const bool fitsRight = x + width <= area.right();
        m_currentText->setPositionAlignment((fitsRight ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignTop);
        const double clamped = fitsRight ? x : std::max<double>(x, area.left() + width);
        m_currentText->position->setCoords(clamped, area.top() + 3);
    }
    // The target's label: at the plot's left, above its line; below it when that would
    // leave the plot or meet the capacity label.
    if (m_targetText->visible()) {
        const double y = plot()->yAxis->coordToPixel(m_curve.targets.ttft());
        const QRectF capacity = m_currentText->visible() ? boxOf(m_currentText) : QRectF();
        m_targetText->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
        m_targetText->position->setCoords(area.left() + 2, y - 1);
        QRectF box = boxOf(m_targetText);
        if (box.top() < area.top() || (!capacity.isNull() && box.intersects(capacity))) {
            m_targetText->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
            m_targetText->position->setCoords(area.left() + 2, y + 1);
            box = boxOf(m_targetText);
            if (!capacity.isNull() && box.intersects(capacity))
                m_targetText->position->setCoords(area.left() + 2, capacity.bottom() + 1);
        }
    }
    // The TBT target's label: at the plot's right, above its line; below it when that would
    // leave the plot or meet another label.
    if (m_tbtTargetText->visible() && m_curve.targets.hasTbt()) {
        const double y = plot()->yAxis->coordToPixel(*m_curve.targets.tbtSeconds);
        auto meets = [this](const QRectF& box) {
            for (const QCPItemText* other : { m_currentText, m_targetText })
                if (other->visible() && box.intersects(boxOf(other)))
                    return true;
            return false;
        };
        m_tbtTargetText->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
        m_tbtTargetText->position->setCoords(area.right() - 2, y - 1);
        const QRectF above = boxOf(m_tbtTargetText);
        if (above.top() < area.top() || meets(above)) {
            m_tbtTargetText->setPositionAlignment(Qt::AlignRight | Qt::AlignTop);
            m_tbtTargetText->position->setCoords(area.right() - 2, y + 1);
        }
    }
}

QString LoadChart::toolTipTextAt(const QPoint& pos) const
{
    if (m_curve.sweep.points.empty()
        || !(plot()->axisRect()->rect().contains(pos) || m_goodputRect->rect().contains(pos)))
        return {};
    // The replay nearest the pointer along the capacity axis.
    const replay::ReplaySweepPoint* nearest = nullptr;
    double distance = std::numeric_limits<double>::infinity();
    for (const replay::ReplaySweepPoint& point : m_curve.sweep.points) {
        const double d = std::abs(plot()->xAxis->coordToPixel(point.bytes) - pos.x());
        if (d < distance) {
            distance = d;
            nearest = &point;
        }
    }
    const replay::ReplayResult& r = nearest->result;
    return tr("%1 %2 per server: TTFT p50 %3, p99 %4; TBT p50 %5, p99 %6, requests' TBT %7 %8; goodput %9 "
              "requests/s (%10 of requests meet the targets)")
        .arg(tierName(m_curve.sweep.axis), bytes(nearest->bytes), secondsText(r.ttft.p50), secondsText(r.ttft.p99),
            secondsText(r.tbt.p50), secondsText(r.tbt.p99), qs(percentileName(m_curve.targets.tbtAt())),
            secondsText(r.tbtAtPercentile), significantText(r.goodputRps, 3))
        .arg(percentText(r.sloAttainment));
}

int LoadChart::pointCount() const
{
    return m_p99->dataCount();
}

double LoadChart::capacityAt(int i) const
{
    return m_p99->data()->at(i)->key;
}

double LoadChart::ttftP50At(int i) const
{
    return m_p50->data()->at(i)->value;
}

double LoadChart::ttftP99At(int i) const
{
    return m_p99->data()->at(i)->value;
}

double LoadChart::goodputAt(int i) const
{
    return m_goodput->data()->at(i)->value;
}

double LoadChart::tbtP50At(int i) const
{
    return m_tbtP50->data()->at(i)->value;
}

double LoadChart::tbtP99At(int i) const
{
    return m_tbtP99->data()->at(i)->value;
}

double LoadChart::requestTbtAt(int i) const
{
    return m_requestTbt->data()->at(i)->value;
}

int LoadChart::tbtPointCount() const
{
    return m_tbtP99->dataCount();
}

QCPAxis* LoadChart::tbtAxis() const
{
    return plot()->yAxis;
}

bool LoadChart::tbtTargetShown() const
{
    return m_tbtTargetLine->visible();
}

double LoadChart::tbtTargetLineAt() const
{
    return m_tbtTargetLine->point1->coords().y();
}

QString LoadChart::tbtTargetLabel() const
{
    return m_tbtTargetText->text();
}

QString LoadChart::requestTbtName() const
{
    return m_requestTbt->name();
}

QCPAxis* LoadChart::capacityAxis() const
{
    return m_goodputRect->axis(QCPAxis::atBottom);
}

QCPAxis* LoadChart::goodputAxis() const
{
    return m_goodputRect->axis(QCPAxis::atLeft);
}

bool LoadChart::currentShown() const
{
    return m_currentLine->visible();
}

double LoadChart::currentLineAt() const
{
    return m_currentLine->point1->coords().x();
}

bool LoadChart::targetShown() const
{
    return m_targetLine->visible();
}

double LoadChart::targetLineAt() const
{
    return m_targetLine->point1->coords().y();
}

QString LoadChart::currentLabel() const
{
    return m_currentText->text();
}

QString LoadChart::targetLabel() const
{
    return m_targetText->text();
}

void LoadChart::retranslate()
{
    QCustomPlot* const p = plot();
    const QString tier = tierName(m_curve.sweep.axis);
    title()->setText(
        tr("Time to first token, time between tokens and goodput against %1 per server (trace replayed under load)")
            .arg(tier));
    m_goodputRect->axis(QCPAxis::atBottom)->setLabel(tr("%1 per server").arg(tier));
    p->yAxis->setLabel(tr("TTFT, TBT (s)"));
    m_goodputRect->axis(QCPAxis::atLeft)->setLabel(tr("Goodput (requests/s)"));
    m_p50->setName(tr("TTFT p50"));
    m_p99->setName(tr("TTFT p99"));
    m_goodput->setName(m_curve.targets.hasTbt() ? tr("Goodput: requests/s meeting the three targets")
                                                : tr("Goodput: requests/s meeting both targets"));
    m_tbtP50->setName(tr("TBT p50 (all gaps)"));
    m_tbtP99->setName(tr("TBT p99 (all gaps)"));
    m_requestTbt->setName(tr("Request TBT %1 (Mooncake)").arg(qs(percentileName(m_curve.targets.tbtAt()))));
}

void LoadChart::themeChanged(const QPalette& pal)
{
    m_p50->setPen(QPen(QColor(0x56, 0xB4, 0xE9), 2));
    m_p99->setPen(QPen(QColor(0x00, 0x72, 0xB2), 2));
    m_goodput->setPen(QPen(QColor(0x00, 0x9E, 0x73), 2, Qt::DashLine));
    const QColor text = pal.color(QPalette::Text);
    m_targetLine->setPen(QPen(QColor(0xD5, 0x5E, 0x00), 1.5, Qt::DashLine));
    m_targetText->setColor(QColor(0xD5, 0x5E, 0x00));
    m_currentLine->setPen(QPen(text, 1, Qt::DotLine));
    m_goodputCurrentLine->setPen(QPen(text, 1, Qt::DotLine));
    m_tbtP50->setPen(QPen(QColor(0xCC, 0x79, 0xA7), 2, Qt::DashLine));
    m_tbtP99->setPen(QPen(QColor(0x88, 0x22, 0x55), 2, Qt::DashLine));
    m_requestTbt->setPen(QPen(QColor(0xE6, 0x9F, 0x00), 2, Qt::DashDotLine));
    m_tbtTargetLine->setPen(QPen(QColor(0xD5, 0x5E, 0x00), 1.5, Qt::DotLine));
    m_tbtTargetText->setColor(QColor(0xD5, 0x5E, 0x00));
    m_currentText->setColor(text);
    QColor base = pal.color(QPalette::Base);
    base.setAlpha(200);
    for (QCPItemText* label : { m_targetText, m_currentText, m_tbtTargetText })
        label->setBrush(base);
}

} // namespace kvtiers::ui
