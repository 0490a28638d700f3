#pragma once
// SensitivityExport: the Sensitivity view's charts as files. The tornado and
// the curve, of one scenario or of a whole fleet, as PNG, SVG or PDF (an offscreen
// TornadoChart or CurveChart laid out at the export size, with a title and a footnote
// naming the scenario or the fleet, the range, the units and any move that could not be
// sized, as ChartExporter draws every other chart) or as CSV (the core's sensitivityCsv
// and curveCsv: raw bytes, a header row). Files go through ChartExporter::writeFile
// (QSaveFile). Each call returns an empty string on success, else a message naming the
// file and the problem.

#include "core/analysis/Fleet.h"
#include "core/analysis/Sensitivity.h"
#include "core/io/Units.h"
#include "ui/charts/TornadoChart.h"
#include "ui/export/ChartExporter.h"

#include <QString>

#include <vector>

namespace kvtiers::ui {

class SensitivityExport {
public:
    /// One scenario's tornado of `tier`'s demand: .png, .svg, .pdf or .csv.
    static QString exportTornado(const QString& path, const Scenario& scenario, const SensitivityResult& result,
        Tier tier, ByteUnits units = ByteUnits::Binary, const ExportOptions& options = {});
    /// A fleet's tornado of a tier's demand or its GPUs: .png, .svg, .pdf or .csv.
    static QString exportFleetTornado(const QString& path, const FleetInput& input,
        const FleetSensitivityResult& result, TornadoMeasure measure, ByteUnits units = ByteUnits::Binary,
        const ExportOptions& options = {});
    /// One scenario's curve of `variable`: .png, .svg, .pdf or .csv.
    static QString exportCurve(const QString& path, const Scenario& scenario, Variable variable,
        const std::vector<CurvePoint>& points, ByteUnits units = ByteUnits::Binary, const ExportOptions& options = {});
    /// A fleet's curve of `variable` (`fleet`: the base sizing of `input`): .png, .svg, .pdf or .csv.
    static QString exportFleetCurve(const QString& path, const FleetInput& input, const FleetResult& fleet,
        Variable variable, const std::vector<FleetCurvePoint>& points, ByteUnits units = ByteUnits::Binary,
        const ExportOptions& options = {});

    /// Titles and footnotes drawn on the exported charts.
    static QString scenarioTitle(const Scenario& scenario);
    static QString scenarioFootnote(const Scenario& scenario, const QString& method, ByteUnits units);
    static QString fleetTitle(const FleetResult& fleet);
    static QString fleetFootnote(
        const FleetInput& input, const FleetResult& fleet, const QString& method, ByteUnits units);
    /// "Each variable moved by ±50% of its value (rates: ±25 points; ...": how a tornado was
    /// made, for its footnote, in the CLI's words.
    static QString tornadoMethod(const SensitivityResult& result);
    static QString tornadoMethod(const FleetSensitivityResult& result);
};

} // namespace kvtiers::ui
