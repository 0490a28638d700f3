#include "ui/export/LoadExport.h"

#include "core/analysis/FleetLoad.h"
#include "core/report/ReplayReport.h"
#include "ui/export/ReportRender.h"
#include "ui/text/UnitsText.h"

#include <sstream>

namespace kvtiers::ui {

QByteArray LoadExport::loadCsv(const LoadCurve& curve)
{
    // As `kvtiers replay --sweep ... --csv` writes it: TBT's median and, split, the KV
    // transfer included.
    std::ostringstream out;
    replay::writeReplaySweepCsv(out, curve.sweep);
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
    const QString title = tr("%1 under load: TTFT, TBT and goodput against %2 per server")
                              .arg(traceName, LoadChart::tierName(curve.sweep.axis));
    const QString units = options.units == ByteUnits::Decimal ? QObject::tr("Decimal units (1 GB = 10^9 B)")
                                                              : QObject::tr("Binary units (1 GiB = 2^30 B)");
    const replay::ReplayResult* first = curve.sweep.points.empty() ? nullptr : &curve.sweep.points.front().result;
    const QString layout = first && first->prefillReplicas > 0
        ? tr("%1 prefill + %2 decode replicas").arg(first->prefillReplicas).arg(first->decodeReplicas)
        : tr("%n colocated replicas", nullptr, first ? first->replicas : 0);
    const QString tbt = curve.targets.hasTbt()
        ? tr("TBT target %1 at %2 of requests' TBT (the mean of each one's "
             "longest 10% of gaps)")
              .arg(secondsText(*curve.targets.tbtSeconds), qs(percentileName(curve.targets.tbtAt())))
        : tr("no TBT target");
    const QString footnote
        = tr("%1's scenario on %2, each point a replay of every request at its timestamp; the other tiers as the "
             "scenario has them. Scenario's %3: %4 per server. TTFT target %5 at %6; TPOT target %7 at %8; %9; "
             "goodput counts requests per second meeting them. %10. kvtiers %11.")
              .arg(modelName, layout, LoadChart::tierName(curve.sweep.axis),
                  bytesText(curve.sweep.currentBytes, options.units), secondsText(curve.targets.ttft()),
                  qs(percentileName(curve.targets.ttftAt())), secondsText(curve.targets.tpot()),
                  qs(percentileName(curve.targets.tpotAt())), tbt)
              .arg(units, QStringLiteral(KVTIERS_VERSION));
    report::decorate(chart->plot(), title, footnote, options.width);
    return report::renderToFile(chart.get(), path, format, options, title);
}

} // namespace kvtiers::ui
