#pragma once
// ReportRender: how every exported chart is drawn, shared by ChartExporter (tiers, sweep,
// comparison, fleet) and SensitivityExport (tornado, curves). A chart widget that is
// never shown, in a light report palette whatever the desktop's; a title row and a
// footnote row around the plot; PNG at a scale, or vector SVG/PDF at 96 units per inch;
// the bytes written through ChartExporter::writeFile (QSaveFile).

#include "ui/export/ChartExporter.h"

#include <QFont>
#include <QPalette>
#include <QString>

#include <memory>

class QCustomPlot;

namespace kvtiers::ui {
class ChartBase;
}

namespace kvtiers::ui::report {

/// Exports are read on paper and slides: always a light theme.
QPalette palette();

/// A chart widget that is never shown: laid out and drawn at the export size only.
template <typename Chart> std::unique_ptr<Chart> offscreenChart()
{
    auto chart = std::make_unique<Chart>();
    chart->setAttribute(Qt::WA_DontShowOnScreen);
    chart->setPalette(palette());
    return chart;
}

/// Side margin of the footnote, pixels (callers that lay out their own lines need it).
inline constexpr int kFootnoteSideMargin = 12;
QFont titleFont(const QFont& plotFont);
QFont footnoteFont(const QFont& plotFont);

/// `text` broken at spaces into lines no wider than `width` pixels in `font` (its own
/// line breaks kept), so a title or footnote fits a narrow export instead of being cut.
QString wrapped(const QString& text, const QFont& font, double width);

/// Adds the title on top and the footnote at the bottom of `plot`'s layout. With
/// `wrapWidth` > 0 both are wrapped to fit an export that wide.
void decorate(QCustomPlot* plot, const QString& title, const QString& footnote, int wrapWidth = 0);

/// Renders `chart` at the options' size as PNG, SVG or PDF (ChartBase::renderPixmap,
/// renderVector) and writes it to `path`; empty on success, else a message naming the file.
QString renderToFile(
    const ChartBase* chart, const QString& path, ExportFormat format, const ExportOptions& o, const QString& title);

} // namespace kvtiers::ui::report
