#include "ui/charts/ChartBase.h"

#include "ui/charts/ByteTicker.h"
#include "ui/charts/ChartStyle.h"
#include "ui/text/UnitsText.h"

#include <QEvent>
#include <QToolTip>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <cmath>

namespace kvtiers::ui {

namespace {

/// The part of segment a–b inside `r`, Liang–Barsky; false if none.
bool clipSegment(QPointF& a, QPointF& b, const QRectF& r)
{
    double t0 = 0, t1 = 1;
    const double dx = b.x() - a.x(), dy = b.y() - a.y();
    const double p[4] = { -dx, dx, -dy, dy };
    const double q[4] = { a.x() - r.left(), r.right() - a.x(), a.y() - r.top(), r.bottom() - a.y() };
    for (int i = 0; i < 4; ++i) {
        if (p[i] == 0) {
            if (q[i] < 0)
                return false;
            continue;
        }
        const double t = q[i] / p[i];
        if (p[i] < 0)
            t0 = std::max(t0, t);
        else
            t1 = std::min(t1, t);
        if (t0 > t1)
            return false;
    }
    const QPointF start = a;
    a = start + QPointF(dx, dy) * t0;
    b = start + QPointF(dx, dy) * t1;
    return true;
}

/// A graph that, drawn as vectors, cuts its fill and line to its axis rect by geometry.
/// On screen and in PNGs the painter's clip does that already and nothing changes; an SVG
/// generator (Qt 6.4) writes no clip paths, and a stacked area above the axis range ran
/// over the title.
class ClippedGraph : public QCPGraph {
public:
    using QCPGraph::QCPGraph;

protected:
    static bool vector(const QCPPainter* painter) { return painter->modes().testFlag(QCPPainter::pmVectorized); }

    void drawFill(QCPPainter* painter, QVector<QPointF>* lines) const override
    {
        const auto* other = dynamic_cast<const ClippedGraph*>(mChannelFillGraph.data());
        if (!vector(painter) || lineStyle() == lsImpulse || (mChannelFillGraph && !other)) {
            QCPGraph::drawFill(painter, lines);
            return;
        }
        if (painter->brush().style() == Qt::NoBrush || painter->brush().color().alpha() == 0)
            return;
        applyFillAntialiasingHint(painter);
        const QPolygonF clip = QPolygonF(QRectF(clipRect()));
        const QVector<QCPDataRange> segments = getNonNanSegments(lines, keyAxis()->orientation());
        if (!other) {
            for (const QCPDataRange& segment : segments)
                painter->drawPolygon(getFillPolygon(lines, segment).intersected(clip));
            return;
        }
        QVector<QPointF> otherLines;
        other->getLines(&otherLines, QCPDataRange(0, other->dataCount()));
        if (otherLines.isEmpty())
            return;
        const QVector<QCPDataRange> otherSegments
            = other->getNonNanSegments(&otherLines, other->keyAxis()->orientation());
        for (const auto& [mine, theirs] : getOverlappingSegments(segments, lines, otherSegments, &otherLines))
            painter->drawPolygon(getChannelFillPolygon(lines, mine, &otherLines, theirs).intersected(clip));
    }

    void drawLinePlot(QCPPainter* painter, const QVector<QPointF>& lines) const override
    {
        if (!vector(painter) || lineStyle() == lsImpulse) {
            QCPGraph::drawLinePlot(painter, lines);
            return;
        }
        // Half a pen's width of slack: a line along the rect's edge keeps its full stroke.
        const double slack = painter->pen().widthF() / 2;
        const QRectF rect = QRectF(clipRect()).adjusted(-slack, -slack, slack, slack);
        QVector<QPointF> piece;
        auto flush = [&] {
            if (piece.size() > 1)
                QCPGraph::drawLinePlot(painter, piece);
            piece.clear();
        };
        for (int i = 1; i < lines.size(); ++i) {
            QPointF a = lines[i - 1], b = lines[i];
            const bool finite
                = std::isfinite(a.x()) && std::isfinite(a.y()) && std::isfinite(b.x()) && std::isfinite(b.y());
            if (!finite || !clipSegment(a, b, rect)) {
                flush();
                continue;
            }
            if (piece.isEmpty() || piece.back() != a) {
                flush();
                piece << a;
            }
            piece << b;
        }
        flush();
    }
};

} // namespace

ChartBase::ChartBase(QWidget* parent, const QString& objectName, QSize minimumSize)
    : QWidget(parent)
{
    m_layout = new QVBoxLayout(this);
    m_layout->setContentsMargins(0, 0, 0, 0);
    m_plot = chart::addPlot(m_layout, this, objectName, minimumSize, 1);
    connect(m_plot, &QCustomPlot::mouseMove, this, &ChartBase::showToolTipAt);
    connect(m_plot, &QCustomPlot::afterReplot, this, [this] {
        if (m_toolTipStale) {
            m_toolTipStale = false;
            refreshToolTip();
        }
    });
}

QCPTextElement* ChartBase::addTitle(const QString& text)
{
    m_title = chart::addTitle(m_plot, text, font());
    return m_title;
}

void ChartBase::putLegendBelowAxes()
{
    QCPLegend* legend = m_plot->legend;
    legend->setVisible(true);
    legend->setBorderPen(Qt::NoPen);
    m_plot->axisRect()->insetLayout()->take(legend);
    m_plot->plotLayout()->addElement(2, 0, legend);
    legend->setFillOrder(QCPLegend::foColumnsFirst);
    legend->setMargins(QMargins(6, 2, 6, 2));
    m_plot->plotLayout()->setRowStretchFactor(0, 0.001);
    m_plot->plotLayout()->setRowStretchFactor(2, 0.001);
}

QCPGraph* ChartBase::addGraph()
{
    return new ClippedGraph(m_plot->xAxis, m_plot->yAxis);
}

void ChartBase::setUnits(ByteUnits units)
{
    if (units == m_units)
        return;
    m_units = units;
    redraw();
    refreshToolTipAfterReplot();
    requestReplot();
}

QString ChartBase::bytes(double value) const
{
    return bytesText(value, m_units);
}

void ChartBase::requestReplot()
{
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void ChartBase::applyTheme()
{
    const QPalette pal = palette();
    if (m_title)
        chart::themePlot(m_plot, m_title, pal);
    else
        m_plot->setBackground(pal.color(QPalette::Base));
    themeChanged(pal);
    requestReplot();
}

void ChartBase::themeChanged(const QPalette&) { }

void ChartBase::redraw() { }

QString ChartBase::toolTipTextAt(const QPoint&) const
{
    return {};
}

void ChartBase::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange)
        applyTheme();
    if (event->type() == QEvent::LanguageChange) {
        m_texts.retranslate();
        redraw();
        refreshToolTipAfterReplot();
        requestReplot();
    }
}

QPixmap ChartBase::renderPixmap(QSize size, double scale) const
{
    return m_plot->toPixmap(size.width(), size.height(), scale);
}

bool ChartBase::renderVector(QPaintDevice* device, QSize size) const
{
    QCPPainter painter;
    if (!painter.begin(device))
        return false;
    painter.setMode(QCPPainter::pmVectorized);
    painter.setMode(QCPPainter::pmNoCaching);
    m_plot->toPainter(&painter, size.width(), size.height());
    painter.end();
    return true;
}

void ChartBase::showToolTipAt(QMouseEvent* event)
{
    m_toolTipPos = event->position().toPoint();
    m_toolTipText = toolTipTextAt(m_toolTipPos);
    if (m_toolTipText.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(m_plot->mapToGlobal(m_toolTipPos), m_toolTipText, m_plot);
}

void ChartBase::refreshToolTip()
{
    // Only the tooltip this chart put up, and only while it is still up.
    if (m_toolTipText.isEmpty() || !QToolTip::isVisible() || QToolTip::text() != m_toolTipText)
        return;
    m_toolTipText = toolTipTextAt(m_toolTipPos);
    if (m_toolTipText.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(m_plot->mapToGlobal(m_toolTipPos), m_toolTipText, m_plot);
}

} // namespace kvtiers::ui
