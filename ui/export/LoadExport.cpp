#include "ui/export/LoadExport.h"

#include "core/analysis/FleetLoad.h"
#include "core/report/ReplayReport.h"
#include "ui/export/ReportRender.h"
#include "ui/text/UnitsText.h"

#include <sstream>

namespace kvtiers::ui {

QByteArray LoadExport::loadCsv(const LoadCurve& curve)
{
    std::ostringstream out;
    replay::writeReplaySweepCsv(out, curve.sweep); // as `kvtiers replay --sweep --csv` writes it
    return QByteArray::fromStdString(out.str());
}

QString LoadExport::exportLoad(const QString& path, const LoadCurve& curve, const QString& traceName,
    const QString& modelName, const ExportOptions& options)
{
    ExportFormat format {};
    if (!ChartExporter::formatForPath(path, &format) || format == ExportFormat::Json)
        return QObject::tr("%1: unsupported file type (use %2)").arg(path, QStringLiteral(".png, .svg, .pdf or .csv"));
    if (format == ExportFormat::Csv)
        return ChartExporter::writeFile(path, loadCsv(curve));
    auto chart = report::offscreenChart<LoadChart>();
    chart->setUnits(options.units);
    chart->setCurve(curve);
    const QString title = tr("%1 under load: TTFT and goodput against %2 per server")
                              .arg(traceName, LoadChart::tierName(curve.sweep.axis));
    const QString units = options.units == ByteUnits::Decimal ? QObject::tr("Decimal units (1 GB = 10^9 B)")
                                                              : QObject::tr("Binary units (1 GiB = 2^30 B)");
    const QString footnote
        = tr("%1's scenario, each point a replay of every request at its timestamp; the other tiers as the "
             "scenario has them. Scenario's %2: %3 per server. TTFT target %4 at %5; goodput counts requests per "
             "second meeting both targets. %6. kvtiers %7.")
              .arg(modelName, LoadChart::tierName(curve.sweep.axis), bytesText(curve.sweep.currentBytes, options.units),
                  secondsText(curve.targets.ttft()), qs(percentileName(curve.targets.ttftAt())), units,
                  QStringLiteral(KVTIERS_VERSION));
    report::decorate(chart->plot(), title, footnote, options.width);
    return report::renderToFile(chart.get(), path, format, options, title);
}

} // namespace kvtiers::ui
