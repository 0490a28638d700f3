#include "ui/export/SensitivityExport.h"

#include "core/report/SensitivityReport.h"
#include "ui/charts/ByteTicker.h"
#include "ui/charts/CurveChart.h"
#include "ui/charts/TornadoChart.h"
#include "ui/export/ReportRender.h"
#include "ui/text/Translate.h"
#include "ui/text/UnitsText.h"
#include "ui/text/VariableText.h"

#include <QFontMetricsF>
#include <QLayout>
#include <qcustomplot.h>

#include <memory>

namespace kvtiers::ui {

namespace {

using report::offscreenChart;
using report::renderToFile;

/// A tornado laid out at the export size first: it fits its value axis to its width.
std::unique_ptr<TornadoChart> offscreenTornado(const ExportOptions& o)
{
    auto chart = offscreenChart<TornadoChart>();
    chart->resize(o.width, o.height);
    if (QLayout* layout = chart->layout())
        layout->activate();
    return chart;
}

/// Title and footnote, wrapped to the export's width.
void decorate(QCustomPlot* plot, const QString& title, const QString& footnote, const ExportOptions& o)
{
    report::decorate(plot, title, footnote, o.width);
}

/// The format `path` asks for if it is one of PNG, SVG, PDF or CSV.
bool chartFormat(const QString& path, ExportFormat* format)
{
    return ChartExporter::formatForPath(path, format) && *format != ExportFormat::Json;
}

QString unsupported(const QString& path)
{
    return QObject::tr("%1: unsupported file type (use .png, .svg, .pdf or .csv)").arg(path);
}

QString unitsNote(ByteUnits units)
{
    return units == ByteUnits::Decimal ? QObject::tr("Decimal units (1 GB = 10^9 B)")
                                       : QObject::tr("Binary units (1 GiB = 2^30 B)");
}

/// "chat 70%, mooncake 30%".
QString mixText(const FleetResult& fleet)
{
    QStringList parts;
    for (const auto& e : fleet.entries)
        parts << QStringLiteral("%1 %2").arg(qs(e.label), percentText(e.share));
    return parts.join(QStringLiteral(", "));
}

/// One footnote line per end of a bar the fleet could not be sized for (at most three).
QStringList infeasibleLines(const FleetSensitivityResult& result)
{
    QStringList lines;
    for (const auto& b : result.bars) {
        if (!b.lowFeasible)
            lines << QObject::tr("%1, moved down: cannot be sized: %2")
                         .arg(variableName(b.variable), translated(inputErrorMessage(b.lowErrorDetail, b.lowError)));
        if (!b.highFeasible)
            lines << QObject::tr("%1, moved up: cannot be sized: %2")
                         .arg(variableName(b.variable), translated(inputErrorMessage(b.highErrorDetail, b.highError)));
    }
    if (lines.size() > 3) {
        const auto more = lines.size() - 2;
        lines = lines.mid(0, 2);
        lines << QObject::tr("... and %1 more ends that cannot be sized").arg(more);
    }
    return lines;
}

QString curveMethod(Variable variable, bool fleet)
{
    if (!fleet)
        return QObject::tr("Demand per server as %1 varies, the rest held.").arg(variableName(variable).toLower());
    if (variable == Variable::Concurrency)
        return QObject::tr("Fleet-wide demand as the time-per-output-token target varies (it sets the active "
                           "sequences per replica), the rest held; gaps: the fleet cannot be sized there.");
    return QObject::tr("Fleet-wide demand as %1 varies on every workload at once, the rest held; gaps: the fleet "
                       "cannot be sized there.")
        .arg(variableName(variable).toLower());
}

} // namespace

namespace {

/// The rates among `bars` (a prefix-cache hit rate, an offload rate, a share) move by
/// absolute points, range × the knob's span, since ±50% of a 0% rate is no move at all:
/// "rates: ±25 points; " when they all move alike, else one "name: ±N points; " each, as
/// the CLI's sensitivity says it. Empty without rates.
template <class Bars> QString rateMovesText(const Bars& bars, double range)
{
    QList<QPair<QString, double>> rates;
    for (const auto& bar : bars)
        if (const Knob& k = knob(bar.variable); k.sensitivity.sweep == KnobSweep::Absolute)
            rates.append({ variableName(bar.variable), range * k.sensitivity.span * 100 });
    if (rates.isEmpty())
        return {};
    const bool same
        = std::all_of(rates.begin(), rates.end(), [&](const auto& r) { return r.second == rates.front().second; });
    if (same)
        return QObject::tr("rates: ±%1 points; ").arg(significantText(rates.front().second, 3));
    QString text;
    for (const auto& [name, points] : rates)
        text += QObject::tr("%1: ±%2 points; ").arg(name, significantText(points, 3));
    return text;
}

} // namespace

QString SensitivityExport::tornadoMethod(const SensitivityResult& result)
{
    return QObject::tr("Each variable moved by ±%1 of its value (%2KV format: one step along 4, 8, 16, 32 bits), "
                       "the rest held.")
        .arg(percentText(result.relativeRange), rateMovesText(result.bars, result.relativeRange));
}

QString SensitivityExport::tornadoMethod(const FleetSensitivityResult& result)
{
    return QObject::tr("Each variable moved by ±%1 of its value on every workload of the mix at once (%2KV format: "
                       "one step along 4, 8, 16, 32 bits; active sequences: through the TPOT target), the rest held, "
                       "and the fleet sized again.")
        .arg(percentText(result.relativeRange), rateMovesText(result.bars, result.relativeRange));
}

QString SensitivityExport::scenarioTitle(const Scenario& scenario)
{
    return QObject::tr("Sensitivity of KV memory demand: %1 on %2")
        .arg(qs(scenario.model.name), qs(scenario.hardware.name));
}

QString SensitivityExport::scenarioFootnote(const Scenario& scenario, const QString& method, ByteUnits units)
{
    EvalOptions o;
    o.breakEven = false;
    const EvalResult result = evaluate(scenario, o);
    const QString line1
        = QObject::tr("Model: %1 · Hardware: %2 (%3 per server, DRAM %4, NVMe %5 per server)")
              .arg(qs(scenario.model.name), qs(scenario.hardware.name),
                  ChartExporter::gpusText(scenario.hardware.gpusPerServer))
              .arg(bytesText(scenario.hardware.hostDramBytes, units), bytesText(scenario.hardware.nvmeBytes, units));
    const QString line2 = ChartExporter::assumptionsLine(scenario, result);
    const QString line3 = QObject::tr("%1 HBM counts weights, hot set and overflow. %2 · kvtiers %3")
                              .arg(method, unitsNote(units), QStringLiteral(KVTIERS_VERSION));
    return line1 + u'\n' + line2 + u'\n' + line3;
}

QString SensitivityExport::fleetTitle(const FleetResult& fleet)
{
    return QObject::tr("Fleet sensitivity: %1 at %2 requests/s")
        .arg(mixText(fleet), significantText(fleet.requestsPerSecond, 4));
}

QString SensitivityExport::fleetFootnote(
    const FleetInput& input, const FleetResult& fleet, const QString& method, ByteUnits units)
{
    QStringList workloads;
    for (const auto& e : fleet.entries)
        workloads << QObject::tr("%1: %2, KV %3/token, %4 sequences × %5")
                         .arg(qs(e.label), qs(e.scenario.model.name), bytesText(e.kvBytesPerToken, units),
                             countText(e.concurrencyPerReplica), ChartExporter::replicasText(e.replicas));
    const QString line1 = workloads.join(QStringLiteral(" · "));
    const QString hardware = fleet.entries.empty() ? QString() : qs(fleet.entries.front().scenario.hardware.name);
    const QString line2 = QObject::tr("Server: %1 · Targets: TTFT %2, time per output token %3 · Base: %4 in %5 of %6; "
                                      "fleet-wide HBM %7, DRAM %8, NVMe %9")
                              .arg(hardware, secondsText(input.targets.ttft()), secondsText(input.targets.tpot()),
                                  ChartExporter::gpusText(fleet.gpus), ChartExporter::serversText(fleet.servers),
                                  ChartExporter::gpusText(fleet.gpusPerServer), bytesText(fleet.bytes.hbm, units),
                                  bytesText(fleet.bytes.dram, units), bytesText(fleet.bytes.ssd, units));
    const QString line3
        = QObject::tr("%1 %2 · kvtiers %3").arg(method, unitsNote(units), QStringLiteral(KVTIERS_VERSION));
    return line1 + u'\n' + line2 + u'\n' + line3;
}

QString SensitivityExport::exportTornado(const QString& path, const Scenario& scenario, const SensitivityResult& result,
    Tier tier, ByteUnits units, const ExportOptions& options)
{
    ExportFormat format {};
    if (!chartFormat(path, &format))
        return unsupported(path);
    if (format == ExportFormat::Csv)
        return ChartExporter::writeFile(path, QByteArray::fromStdString(sensitivityCsv(result)));
    auto chart = offscreenTornado(options);
    chart->setResult(result, tier, units);
    const QString title = scenarioTitle(scenario);
    decorate(chart->plot(), title, scenarioFootnote(scenario, tornadoMethod(result), units), options);
    return renderToFile(chart.get(), path, format, options, title);
}

QString SensitivityExport::exportFleetTornado(const QString& path, const FleetInput& input,
    const FleetSensitivityResult& result, TornadoMeasure measure, ByteUnits units, const ExportOptions& options)
{
    ExportFormat format {};
    if (!chartFormat(path, &format))
        return unsupported(path);
    if (format == ExportFormat::Csv)
        return ChartExporter::writeFile(path, QByteArray::fromStdString(sensitivityCsv(result)));
    auto chart = offscreenTornado(options);
    chart->setFleetResult(result, measure, units);
    const QString title = fleetTitle(result.fleet);
    QString note = fleetFootnote(input, result.fleet, tornadoMethod(result), units);
    for (const QString& line : infeasibleLines(result))
        note += u'\n' + line;
    decorate(chart->plot(), title, note, options);
    return renderToFile(chart.get(), path, format, options, title);
}

QString SensitivityExport::exportCurve(const QString& path, const Scenario& scenario, Variable variable,
    const std::vector<CurvePoint>& points, ByteUnits units, const ExportOptions& options)
{
    ExportFormat format {};
    if (!chartFormat(path, &format))
        return unsupported(path);
    if (format == ExportFormat::Csv)
        return ChartExporter::writeFile(path, QByteArray::fromStdString(curveCsv(variable, points)));
    auto chart = offscreenChart<CurveChart>();
    chart->setCurve(variable, points, variableValue(scenario, variable), units);
    const QString title = scenarioTitle(scenario);
    decorate(chart->plot(), title, scenarioFootnote(scenario, curveMethod(variable, false), units), options);
    return renderToFile(chart.get(), path, format, options, title);
}

QString SensitivityExport::exportFleetCurve(const QString& path, const FleetInput& input, const FleetResult& fleet,
    Variable variable, const std::vector<FleetCurvePoint>& points, ByteUnits units, const ExportOptions& options)
{
    ExportFormat format {};
    if (!chartFormat(path, &format))
        return unsupported(path);
    if (format == ExportFormat::Csv)
        return ChartExporter::writeFile(path, QByteArray::fromStdString(curveCsv(variable, points)));
    auto chart = offscreenChart<CurveChart>();
    chart->setFleetCurve(variable, points, fleetVariableValue(fleet, variable), units);
    const QString title = fleetTitle(fleet);
    decorate(chart->plot(), title, fleetFootnote(input, fleet, curveMethod(variable, true), units), options);
    return renderToFile(chart.get(), path, format, options, title);
}

} // namespace kvtiers::ui
