#pragma once
// TraceExport: the Trace tab's chart as a file, like every other chart: PNG, SVG or PDF
// (an offscreen TraceChart laid out at the export size, titled, with a footnote naming the
// trace, the model and what a block holds) or CSV (the curve: capacity in blocks and bytes,
// prefix hit ratio by blocks and by tokens). Files go through
// ChartExporter::writeFile (QSaveFile). Returns an empty string on success, else a message
// naming the file and the problem.

#include "core/trace/TraceAnalysis.h"
#include "ui/export/ChartExporter.h"

#include <QString>

namespace kvtiers::ui {

class TraceExport {
public:
    /// `traceName`: the trace's file name; `modelName`: whose KV a block holds.
    static QString exportTrace(const QString& path, const trace::TraceAnalysis& analysis, double bytesPerBlock,
        const QString& traceName, const QString& modelName, const ExportOptions& options = {});
    /// The curve as CSV text (the rows the chart draws).
    static QByteArray curveCsv(const trace::TraceAnalysis& analysis, double bytesPerBlock);
};

} // namespace kvtiers::ui
