#include "SensitivityExport.h"

#include "CurveChart.h"
#include "DecimalByteTicker.h"
#include "TornadoChart.h"
#include "UnitsText.h"
#include "VariableText.h"

#include <QBuffer>
#include <QFontMetricsF>
#include <QLayout>
#include <QPageSize>
#include <QPdfWriter>
#include <QSvgGenerator>

#include <qcustomplot.h>

#include <memory>

namespace kvtiers::ui {

namespace {

// The drawing below follows ChartExporter's (a light report palette, a title row and a
// footnote row, vector SVG/PDF at 96 units per inch), whose helpers are private to it.

/// Exports are read on paper and slides: always a light theme, whatever the desktop's.
QPalette reportPalette()
{
    QPalette pal;
    for (auto role : { QPalette::Base, QPalette::Window, QPalette::Button })
        pal.setColor(role, Qt::white);
    for (auto role : { QPalette::Text, QPalette::WindowText, QPalette::ButtonText })
        pal.setColor(role, QColor(0x20, 0x20, 0x20));
    pal.setColor(QPalette::Mid, QColor(0xb0, 0xb0, 0xb0));
    pal.setColor(QPalette::PlaceholderText, QColor(0x70, 0x70, 0x70));
    return pal;
}

/// A chart widget that is never shown: laid out and drawn at the export size only.
template <typename Chart> std::unique_ptr<Chart> offscreenChart()
{
    auto chart = std::make_unique<Chart>();
    chart->setAttribute(Qt::WA_DontShowOnScreen);
    chart->setPalette(reportPalette());
    return chart;
}

/// A tornado laid out at the export size first: it fits its value axis to its width.
std::unique_ptr<TornadoChart> offscreenTornado(const ExportOptions& o)
{
    auto chart = offscreenChart<TornadoChart>();
    chart->resize(o.width, o.height);
    if (QLayout* layout = chart->layout())
        layout->activate();
    return chart;
}

/// `text` broken at spaces into lines no wider than `width` pixels in `font` (its own
/// line breaks kept), so a title or footnote fits a narrow export instead of being cut.
QString wrapped(const QString& text, const QFont& font, double width)
{
    const QFontMetricsF metrics(font);
    QStringList out;
    for (const QString& paragraph : text.split(u'\n')) {
        QString line;
        for (const QString& word : paragraph.split(u' ')) {
            const QString candidate = line.isEmpty() ? word : line + u' ' + word;
            if (!line.isEmpty() && metrics.horizontalAdvance(candidate) > width) {
                out << line;
                line = word;
            } else {
                line = candidate;
            }
        }
        out << line;
    }
    return out.join(u'\n');
}

/// Adds the report title on top and the footnote at the bottom of `plot`'s layout, both
/// wrapped to the export's width.
void decorate(QCustomPlot* plot, const QString& title, const QString& footnote, const ExportOptions& o)
{
    QCPLayoutGrid* layout = plot->plotLayout();
    QFont titleFont = plot->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.45);
    titleFont.setBold(true);
    layout->insertRow(0);
    auto* titleElement = new QCPTextElement(plot, wrapped(title, titleFont, o.width - 24), titleFont);
    titleElement->setTextColor(QColor(0x10, 0x10, 0x10));
    titleElement->setMargins(QMargins(8, 10, 8, 2));
    layout->addElement(0, 0, titleElement);

    QFont noteFont = plot->font();
    noteFont.setPointSizeF(noteFont.pointSizeF() * 0.95);
    const int row = layout->rowCount();
    layout->insertRow(row);
    auto* note = new QCPTextElement(plot, wrapped(footnote, noteFont, o.width - 32), noteFont);
    note->setTextFlags(Qt::AlignLeft | Qt::AlignVCenter);
    note->setTextColor(QColor(0x38, 0x38, 0x38));
    note->setMargins(QMargins(12, 6, 12, 8));
    layout->addElement(row, 0, note);
    // Title and footnote take their natural height; the chart gets the rest.
    for (int r = 0; r < layout->rowCount(); ++r)
        layout->setRowStretchFactor(r, r == 0 || r == row ? 0.001 : layout->rowStretchFactors().at(r));
}

/// The chart as PNG, SVG or PDF bytes, written to `path`.
QString renderToFile(
    QCustomPlot* plot, const QString& path, ExportFormat format, const ExportOptions& o, const QString& title)
{
    if (o.width < 16 || o.height < 16 || o.width > 20000 || o.height > 20000)
        return QObject::tr("%1: size %2 × %3 is outside 16 to 20000").arg(path).arg(o.width).arg(o.height);
    if (!(o.scale >= 0.25 && o.scale <= 8))
        return QObject::tr("%1: scale %2 is outside 0.25 to 8").arg(path).arg(o.scale);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    auto vector = [&](QPaintDevice* device) {
        QCPPainter painter;
        if (!painter.begin(device))
            return false;
        painter.setMode(QCPPainter::pmVectorized);
        painter.setMode(QCPPainter::pmNoCaching);
        plot->toPainter(&painter, o.width, o.height);
        painter.end();
        return true;
    };
    switch (format) {
    case ExportFormat::Png: {
        const QImage image = plot->toPixmap(o.width, o.height, o.scale).toImage();
        if (image.isNull() || !image.save(&buffer, "PNG"))
            return QObject::tr("%1: could not render the PNG image").arg(path);
        break;
    }
    case ExportFormat::Svg: {
        QSvgGenerator generator;
        generator.setOutputDevice(&buffer);
        generator.setSize(QSize(o.width, o.height));
        generator.setViewBox(QRect(0, 0, o.width, o.height));
        generator.setTitle(title);
        generator.setDescription(QObject::tr("Exported by kvtiers %1").arg(QStringLiteral(KVTIERS_VERSION)));
        if (!vector(&generator))
            return QObject::tr("%1: could not start the SVG").arg(path);
        break;
    }
    case ExportFormat::Pdf: {
        // 96 units per inch, as on screen, so text keeps its size relative to the chart.
        QPdfWriter writer(&buffer);
        writer.setCreator(QStringLiteral("kvtiers %1").arg(QStringLiteral(KVTIERS_VERSION)));
        writer.setTitle(title);
        writer.setResolution(96);
        writer.setPageMargins(QMarginsF(0, 0, 0, 0));
        writer.setPageSize(QPageSize(
            QSizeF(o.width * 72.0 / 96.0, o.height * 72.0 / 96.0), QPageSize::Point, QString(), QPageSize::ExactMatch));
        if (!vector(&writer))
            return QObject::tr("%1: could not start the PDF").arg(path);
        break;
    }
    case ExportFormat::Csv:
    case ExportFormat::Json:
        return QObject::tr("%1: a chart is exported as .png, .svg or .pdf").arg(path);
    }
    buffer.close();
    return ChartExporter::writeFile(path, bytes);
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
            lines << QObject::tr("%1, moved down: cannot be sized: %2").arg(variableName(b.variable), qs(b.lowError));
        if (!b.highFeasible)
            lines << QObject::tr("%1, moved up: cannot be sized: %2").arg(variableName(b.variable), qs(b.highError));
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

QString SensitivityExport::tornadoMethod(double relativeRange, bool fleet)
{
    if (fleet)
        return QObject::tr("Each variable moved by ±%1 on every workload of the mix at once (KV format: one step "
                           "along 4, 8, 16, 32 bits; active sequences: through the TPOT target; shares within "
                           "0–100%), the rest held, and the fleet sized again.")
            .arg(percentText(relativeRange));
    return QObject::tr("Each variable moved by ±%1 (KV format: one step along 4, 8, 16, 32 bits; shares within "
                       "0–100%), the rest held.")
        .arg(percentText(relativeRange));
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
        = QObject::tr("Model: %1 · Hardware: %2 (%3 GPUs per server, DRAM %4, NVMe %5 per server)")
              .arg(qs(scenario.model.name), qs(scenario.hardware.name))
              .arg(scenario.hardware.gpusPerServer)
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
        workloads << QObject::tr("%1: %2, KV %3/token, %4 sequences × %5 replicas")
                         .arg(qs(e.label), qs(e.scenario.model.name), bytesText(e.kvBytesPerToken, units),
                             countText(e.concurrencyPerReplica), countText(e.replicas));
    const QString line1 = workloads.join(QStringLiteral(" · "));
    const QString hardware = fleet.entries.empty() ? QString() : qs(fleet.entries.front().scenario.hardware.name);
    const QString line2
        = QObject::tr("Server: %1 · Targets: TTFT %2, time per output token %3 · Base: %4 GPUs in %5 servers of %6; "
                      "fleet-wide HBM %7, DRAM %8, NVMe %9")
              .arg(hardware, secondsText(input.ttftTargetSeconds), secondsText(input.tpotTargetSeconds),
                  countText(fleet.gpus), countText(fleet.servers), QString::number(fleet.gpusPerServer),
                  bytesText(fleet.hbmBytes, units), bytesText(fleet.dramBytes, units),
                  bytesText(fleet.ssdBytes, units));
    const QString line3
        = QObject::tr("%1 %2 · kvtiers %3").arg(method, unitsNote(units), QStringLiteral(KVTIERS_VERSION));
    return line1 + u'\n' + line2 + u'\n' + line3;
}

QString SensitivityExport::exportTornado(const QString& path, const Scenario& scenario, const SensitivityResult& result,
    int tier, ByteUnits units, const ExportOptions& options)
{
    ExportFormat format {};
    if (!chartFormat(path, &format))
        return unsupported(path);
    if (format == ExportFormat::Csv)
        return ChartExporter::writeFile(path, QByteArray::fromStdString(sensitivityCsv(result)));
    auto chart = offscreenTornado(options);
    chart->setResult(result, tier, units);
    const QString title = scenarioTitle(scenario);
    decorate(
        chart->plot(), title, scenarioFootnote(scenario, tornadoMethod(result.relativeRange, false), units), options);
    return renderToFile(chart->plot(), path, format, options, title);
}

QString SensitivityExport::exportFleetTornado(const QString& path, const FleetInput& input,
    const FleetSensitivityResult& result, int tier, ByteUnits units, const ExportOptions& options)
{
    ExportFormat format {};
    if (!chartFormat(path, &format))
        return unsupported(path);
    if (format == ExportFormat::Csv)
        return ChartExporter::writeFile(path, QByteArray::fromStdString(sensitivityCsv(result)));
    auto chart = offscreenTornado(options);
    chart->setFleetResult(result, tier, units);
    const QString title = fleetTitle(result.fleet);
    QString note = fleetFootnote(input, result.fleet, tornadoMethod(result.relativeRange, true), units);
    for (const QString& line : infeasibleLines(result))
        note += u'\n' + line;
    decorate(chart->plot(), title, note, options);
    return renderToFile(chart->plot(), path, format, options, title);
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
    return renderToFile(chart->plot(), path, format, options, title);
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
    return renderToFile(chart->plot(), path, format, options, title);
}

} // namespace kvtiers::ui
