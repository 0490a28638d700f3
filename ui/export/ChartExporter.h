#pragma once
// ChartExporter: every export in one place. Charts (tiers, sweep, comparison) are drawn
// by a dedicated offscreen chart widget laid out at the requested size and rendered at
// the requested scale (crisp text, never an upscaled screen grab), with a title and a
// footnote naming the model, hardware and key assumptions so a chart stands alone in a
// report, in the units the options name. PNG, SVG (QSvgGenerator) and PDF (QPdfWriter); the sweep, the comparison table
// and the fleet as CSV; the scenario with all its results, and the fleet, as JSON. Every file goes through
// QSaveFile (HOUSE.md rule 6). Works without a display (QT_QPA_PLATFORM=offscreen).

#include "core/analysis/Fleet.h"
#include "core/analysis/ScenarioComparison.h"
#include "core/analysis/Sweep.h"
#include "core/io/Units.h"
#include "core/model/Evaluation.h"
#include "core/scenario/Scenario.h"

#include <QImage>
#include <QString>

namespace kvtiers::ui {

struct ExportOptions {
    int width = 1600; ///< logical layout size (PNG pixels = width × scale)
    int height = 900;
    double scale = 2.0; ///< PNG only; SVG/PDF are vector
    /// Bytes on the tier, sweep and comparison charts' axes, labels and footnotes (the
    /// fleet export takes its units as an argument).
    ByteUnits units = ByteUnits::Binary;
};

enum class ExportFormat { Png, Svg, Pdf, Csv, Json };

class ChartExporter {
public:
    /// The format a file name asks for (by extension), or false if none.
    static bool formatForPath(const QString& path, ExportFormat* format);

    /// Each returns an empty string on success, else a message naming the file and the problem.
    /// Tier chart: png/svg/pdf, or json (the scenario with all results).
    static QString exportTierChart(const QString& path, const Scenario& scenario, const EvalResult& result,
        const ExportOptions& options = {}, const std::string& workloadId = {});
    /// Sweep chart: png/svg/pdf, or csv (one row per point).
    static QString exportSweep(const QString& path, const Scenario& scenario, const EvalResult& result,
        const SweepResult& sweep, const ExportOptions& options = {});
    /// Comparison: png/svg/pdf, or csv (core comparisonCsv). `title`: e.g. the comparison's name.
    static QString exportComparison(const QString& path, const ScenarioComparison& comparison,
        const QString& title = {}, const ExportOptions& options = {});
    /// Fleet chart: png/svg/pdf with the axes and totals in `units`, csv (core
    /// fleetCsv: raw bytes) or json (core fleetToJson). `title`: empty for fleetTitle().
    static QString exportFleet(const QString& path, const FleetResult& fleet, ByteUnits units = ByteUnits::Binary,
        const QString& title = {}, const ExportOptions& options = {});
    /// The scenario with all results (core resultToJson).
    static QString exportScenarioJson(
        const QString& path, const Scenario& scenario, const EvalResult& result, const std::string& workloadId = {});

    /// Rendered images (clipboard, tests): width × scale by height × scale pixels.
    static QImage renderTierChart(
        const Scenario& scenario, const EvalResult& result, const ExportOptions& options = {});
    static QImage renderSweep(const Scenario& scenario, const EvalResult& result, const SweepResult& sweep,
        const ExportOptions& options = {});
    static QImage renderFleet(const FleetResult& fleet, ByteUnits units = ByteUnits::Binary, const QString& title = {},
        const ExportOptions& options = {});

    /// Titles and the footnote drawn on exported charts.
    static QString tierChartTitle(const Scenario& scenario);
    static QString footnote(const Scenario& scenario, const EvalResult& result, ByteUnits units = ByteUnits::Binary);
    /// The fleet chart's title (traffic and server profile) and footnote (targets, the
    /// sizing and each workload's model, share, KV per token and replicas), its lines
    /// broken to fit `width` logical pixels of the application font.
    static QString fleetTitle(const FleetResult& fleet);
    static QString fleetFootnote(const FleetResult& fleet, ByteUnits units, int width = ExportOptions {}.width);
    /// One line of assumptions: context, concurrency, KV format, TP, reuse, hardware.
    static QString assumptionsLine(const Scenario& scenario, const EvalResult& result);
    /// Counts with their noun, singular for one as the CLI writes them: "1 GPU", "8 GPUs",
    /// "1 server", "1 replica".
    static QString gpusText(double n);
    static QString serversText(double n);
    static QString replicasText(double n);

    /// Writes `bytes` to `path` through QSaveFile; empty on success.
    static QString writeFile(const QString& path, const QByteArray& bytes);
};

} // namespace kvtiers::ui
