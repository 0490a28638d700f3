#pragma once
// LoadExport: the Trace tab's "Under load" chart as a file, like every other chart: PNG, SVG
// or PDF (an offscreen LoadChart laid out at the export size, titled, with a footnote naming
// the trace, the model, the layout, the targets and the units) or CSV (the core's sweep
// table, as `kvtiers replay --sweep --csv` writes it: one row per replay, then the columns
// the chart draws beyond it: tbt_p50_s, and with prefill and decode split the KV transfer's
// transfer_mean_s, transfer_p99_s, transfer_bytes and transfer_bytes_per_s). Files go through
// ChartExporter::writeFile (QSaveFile). Returns an empty string on success, else a message
// naming the file and the problem.

#include "ui/charts/LoadChart.h"
#include "ui/export/ChartExporter.h"

#include <QCoreApplication>
#include <QString>

namespace kvtiers::ui {

class LoadExport {
    Q_DECLARE_TR_FUNCTIONS(kvtiers::ui::LoadExport)
public:
    /// `traceName`: the trace's file name; `modelName`: whose scenario was replayed.
    static QString exportLoad(const QString& path, const LoadCurve& curve, const QString& traceName,
        const QString& modelName, const ExportOptions& options = {});
    /// The sweep as CSV text (the points the chart draws; core writeReplaySweepCsv, then
    /// the columns it lacks).
    static QByteArray loadCsv(const LoadCurve& curve);
};

} // namespace kvtiers::ui
