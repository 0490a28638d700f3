#include "ui/export/TraceExport.h"

#include "core/io/Csv.h"
#include "ui/charts/ByteTicker.h"
#include "ui/charts/TraceChart.h"
#include "ui/export/ReportRender.h"
#include "ui/text/UnitsText.h"

#include <QFileInfo>
#include <QObject>

namespace kvtiers::ui {

QByteArray TraceExport::curveCsv(const trace::TraceAnalysis& a, double bytesPerBlock)
{
    std::string out = "capacity_blocks,capacity_bytes,hit_ratio,token_hit_ratio\n";
    for (double c : a.curveCapacities(400))
        out += csvNumber(c) + "," + csvNumber(c * bytesPerBlock) + "," + csvNumber(a.hitRatio(c)) + ","
            + csvNumber(a.tokenHitRatio(c)) + "\n";
    return QByteArray::fromStdString(out);
}

QString TraceExport::exportTrace(const QString& path, const trace::TraceAnalysis& a, double bytesPerBlock,
    const QString& traceName, const QString& modelName, const ExportOptions& options)
{
    ExportFormat format {};
    if (!ChartExporter::formatForPath(path, &format) || format == ExportFormat::Json)
        return QObject::tr("%1: unsupported file type (use %2)").arg(path, QStringLiteral(".png, .svg, .pdf or .csv"));
    if (format == ExportFormat::Csv)
        return ChartExporter::writeFile(path, curveCsv(a, bytesPerBlock));
    auto chart = report::offscreenChart<TraceChart>();
    chart->setUnits(options.units);
    chart->setAnalysis(a, bytesPerBlock);
    const QString title = QObject::tr("LRU prefix-cache hit ratio of %1").arg(traceName);
    const QString footnote
        = QObject::tr("%1 requests, %2 block references, %3 distinct blocks of %4 tokens; a block is %5 of %6 KV. "
                      "Reuse ceiling %7 of prompt blocks. Bands: the scenario's tiers with the share of prompt "
                      "tokens each serves. kvtiers %8.")
              .arg(countText(static_cast<double>(a.requests)), countText(static_cast<double>(a.blockReferences)),
                  countText(static_cast<double>(a.uniqueBlocks)), QString::number(a.blockTokens),
                  bytesText(bytesPerBlock, options.units), modelName, percentText(a.hitRatioInfinite()),
                  QStringLiteral(KVTIERS_VERSION));
    report::decorate(chart->plot(), title, footnote, options.width);
    return report::renderToFile(chart.get(), path, format, options, title);
}

} // namespace kvtiers::ui
