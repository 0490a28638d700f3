#pragma once
// ChartStyle: what every QCustomPlot chart of the app sets the same way, in one place:
// axis pens and labels from the palette (readable in light and dark themes), and the
// x axis of a one-bar panel (the tier panels of the tier, fleet and compare charts).

#include <QFont>
#include <QPalette>
#include <QRectF>
#include <QSize>
#include <QString>

class QBoxLayout;
class QCPAbstractPlottable;
class QCPAxis;
class QCPItemText;
class QCPLegend;
class QCPPlottableLegendItem;
class QCPTextElement;
class QCustomPlot;
class QWidget;

namespace kvtiers::ui::chart {

/// Base, tick and sub-tick pens and label colours in the palette's text colour; a dotted
/// grid in its mid colour.
void themeAxis(QCPAxis* axis, const QPalette& palette);

/// The palette's base as the plot's background, its text colour for `title`, and
/// themeAxis on the bottom and left axes of every axis rect of the plot.
void themePlot(QCustomPlot* plot, QCPTextElement* title, const QPalette& palette);

/// The chart widget's plot, added to `layout` (with `stretch`) as a child of `owner`:
/// named `objectName` for tests, at least `minimumSize`, caching its tick labels.
QCustomPlot* addPlot(QBoxLayout* layout, QWidget* owner, const QString& objectName, QSize minimumSize, int stretch = 0);

/// A bold title in cell (0, 0) of the plot's layout (the caller frees that cell first).
QCPTextElement* addTitle(QCustomPlot* plot, const QString& text, const QFont& font);

/// Keeps `title` and `legend` (either may be null) readable in a narrow plot: before each
/// replot the title wraps at spaces onto as many lines as the plot's width needs, and
/// the legend takes as many columns (at most `maxColumns`) as its widest entry allows,
/// adding rows instead of cutting entries off. Set the title's text without line breaks.
void fitToWidth(QCustomPlot* plot, QCPTextElement* title, QCPLegend* legend, int maxColumns = 4);

/// `text` broken at spaces into lines no wider than `width` pixels in `font` (a word
/// wider than that keeps its own line).
QString wrapText(const QString& text, const QFont& font, int width);

/// Adds `plottable` to `legend` as QCPAbstractPlottable::addToLegend() does, with an item
/// that measures its text once per name and font instead of at every layout (the legends
/// are laid out again at each slider step). Null if the plottable is in the legend already.
QCPPlottableLegendItem* addToLegend(QCPAbstractPlottable* plottable, QCPLegend* legend);
/// The box a text item covers in pixels, as its topLeft and bottomRight anchors give it,
/// with the text measured once per text, font and alignment (placing labels asks for a
/// box many times per layout). A rotated item falls back to its anchors.
QRectF textItemRect(const QCPItemText* item);
/// A panel's x axis showing one bar at `key`: the panel's name as its only tick label,
/// in bold, with no tick marks and no grid.
void setupBarPanelAxis(QCPAxis* x, double key, const QString& name, const QFont& font);

} // namespace kvtiers::ui::chart
