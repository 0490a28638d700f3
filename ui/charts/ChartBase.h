#pragma once
// ChartBase: what every chart widget of the app shares, so a chart only draws its data.
// The base owns the QCustomPlot (named for tests), the title element, the theme (palette
// changes re-apply ChartStyle and the chart's own colours), one queued replot per
// event-loop turn however many changes ask for it, hover tooltips, the byte units the
// chart labels in, and rendering at a given size for export (PNG at a scale, or vector
// SVG/PDF through a painter, with what lies outside an axis rect cut off explicitly:
// QSvgGenerator drops clip paths). PlotJuggler's PlotWidgetBase is the model.
//
// A chart derives from ChartBase, builds its plot in its constructor (addTitle(), axes,
// plottables, items), calls applyTheme() last, and overrides
//   themeChanged()  its colours for a palette (the base has themed axes and title);
//   redraw()        draws again from the data it last got (a change of units calls it:
//                   the model is not re-evaluated);
//   toolTipTextAt() what hovering at a point of the plot shows (empty: nothing).

#include "core/io/Units.h"
#include "ui/common/Retranslator.h"

#include <QPixmap>
#include <QSize>
#include <QString>
#include <QWidget>

class QBoxLayout;
class QCPAxisRect;
class QCPGraph;
class QCPPainter;
class QCPTextElement;
class QCustomPlot;
class QMouseEvent;
class QPaintDevice;
class QVBoxLayout;

namespace kvtiers::ui {

class ChartBase : public QWidget {
    Q_OBJECT
public:
    QCustomPlot* plot() const { return m_plot; }
    QCPTextElement* title() const { return m_title; }

    /// The units byte axes and labels are in.
    ByteUnits units() const { return m_units; }
    /// Relabels the chart in `units` from its last data (redraw()); no new data needed.
    void setUnits(ByteUnits units);

    /// One replot at the next turn of the event loop, however often it is asked for.
    void requestReplot();

    /// The plot laid out and drawn at `size` logical pixels, `scale` device pixels each.
    QPixmap renderPixmap(QSize size, double scale) const;
    /// The plot laid out at `size` and drawn as vectors onto `device` (an SVG generator,
    /// a PDF writer). Plottables and items clipped to an axis rect are cut to it by
    /// geometry, so a device that ignores clipping draws nothing outside. False if no
    /// painter could start on the device.
    bool renderVector(QPaintDevice* device, QSize size) const;

    /// What hovering at `pos` (plot coordinates) shows; empty over nothing.
    virtual QString toolTipTextAt(const QPoint& pos) const;

protected:
    /// A plot named `objectName` (tests find it by that name), at least `minimumSize`.
    ChartBase(QWidget* parent, const QString& objectName, QSize minimumSize);

    /// The widget's layout: a header (combo box row) goes above the plot with insertLayout(0, …).
    QVBoxLayout* chartLayout() const { return m_layout; }
    /// A bold title in cell (0, 0) of the plot's layout (the caller frees that cell first).
    QCPTextElement* addTitle(const QString& text = {});
    /// The default legend, borderless, in row 2 of the plot's layout under the axes (where
    /// it can hide no data); rows 0 (title) and 2 keep their natural height.
    void putLegendBelowAxes();
    /// A graph on the plot's default axes whose line and fill are cut to its axis rect
    /// in vector exports.
    QCPGraph* addGraph();

    /// Themes axes and title from the palette, calls themeChanged(), and replots.
    void applyTheme();
    virtual void themeChanged(const QPalette& palette);
    virtual void redraw();
    /// bytes in units().
    QString bytes(double value) const;
    /// Puts up, or rewrites, the hover tooltip after the next replot when it quotes figures
    /// that just changed (a new scope, units or scenario under a still mouse).
    void refreshToolTipAfterReplot() { m_toolTipStale = true; }

    /// The texts a chart sets outside its plot (pickers, their labels and tooltips): each
    /// setter runs now and again when the language changes, before redraw() re-words the plot.
    Retranslator& texts() { return m_texts; }

    /// Palette and style changes re-theme; a language change re-words the pickers (texts())
    /// and redraws the plot from the data it holds, without new data.
    void changeEvent(QEvent* event) override;

private:
    void showToolTipAt(QMouseEvent* event);
    void refreshToolTip();

    QVBoxLayout* m_layout = nullptr;
    QCustomPlot* m_plot = nullptr;
    QCPTextElement* m_title = nullptr;
    ByteUnits m_units = ByteUnits::Binary;
    Retranslator m_texts;
    QString m_toolTipText;
    QPoint m_toolTipPos;
    bool m_toolTipStale = false;
};

} // namespace kvtiers::ui
