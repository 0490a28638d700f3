#include "ui/export/ChartExporter.h"

#include "core/catalog/CardCatalog.h"
#include "core/io/Csv.h"
#include "core/model/Warnings.h"
#include "core/report/ComparisonReport.h"
#include "core/report/FleetReport.h"
#include "core/report/ResultJson.h"
#include "core/report/SweepReport.h"
#include "ui/charts/ByteTicker.h"
#include "ui/charts/CompareChart.h"
#include "ui/charts/FleetChart.h"
#include "ui/charts/SweepChart.h"
#include "ui/charts/TierChart.h"
#include "ui/export/ReportRender.h"
#include "ui/text/UnitsText.h"

#include <QFileInfo>
#include <QFontMetricsF>
#include <QGuiApplication>
#include <QSaveFile>
#include <qcustomplot.h>

#include <memory>

namespace kvtiers::ui {

namespace {

using report::decorate;
using report::footnoteFont;
using report::kFootnoteSideMargin;
using report::offscreenChart;
using report::renderToFile;

using report::titleFont;

QString unsupported(const QString& path, const QString& allowed)
{
    return QObject::tr("%1: unsupported file type (use %2)").arg(path, allowed);
}

QString comparisonFootnote(const ScenarioComparison& c, ByteUnits units)
{
    QStringList lines;
    for (size_t i = 0; i < c.scenarios.size(); ++i)
        lines << QObject::tr("%1  %2: %3 on %4 · %5")
                     .arg(QChar(u'A' + static_cast<char16_t>(i)))
                     .arg(qs(c.labels[i]), qs(c.scenarios[i].model.name), qs(c.scenarios[i].hardware.name),
                         ChartExporter::assumptionsLine(c.scenarios[i], c.results[i]));
    // The chart's axis and labels are in the export's units: say which.
    lines << (units == ByteUnits::Decimal
            ? QObject::tr("Bytes per replica, decimal units (1 GB = 10^9 B). Differences are against A. kvtiers %1.")
            : QObject::tr("Bytes per replica, binary units (1 GiB = 2^30 B). Differences are against A. kvtiers %1."))
                 .arg(QStringLiteral(KVTIERS_VERSION));
    return lines.join(u'\n');
}

QString comparisonTitle(const ScenarioComparison& c, const QString& title)
{
    if (!title.isEmpty())
        return title;
    QStringList names;
    for (const auto& l : c.labels)
        names << qs(l);
    return names.join(QObject::tr(" vs "));
}

/// The fleet footnote's segments, in groups that each start a line: the traffic, targets
/// and sizing; one segment per workload; what the bars count, the units, the version.
QList<QStringList> fleetFootnoteGroups(const FleetResult& f, ByteUnits units)
{
    QStringList sizing;
    sizing << (f.tokensPerDay > 0 ? QObject::tr("Traffic %1 tokens/day = %2 requests/s")
                                        .arg(countText(f.tokensPerDay), countText(f.requestsPerSecond))
                                  : QObject::tr("Traffic %1 requests/s").arg(countText(f.requestsPerSecond)));
    auto at = [](double p) { return p == kMeanPercentile ? QObject::tr("mean") : qs(percentileName(p)); };
    sizing << QObject::tr("targets: time to first token %1 at %2 under Poisson load, time per output token %3 at %4")
                  .arg(secondsText(f.targets.ttft()), at(f.targets.ttftAt()), secondsText(f.targets.tpot()),
                      at(f.targets.tpotAt()));
    const QString hardware = f.entries.empty() ? QString() : qs(f.entries.front().scenario.hardware.name);
    sizing << QObject::tr("%1 in %2 of %3 (%4), HBM installed %5")
                  .arg(ChartExporter::gpusText(f.gpus), ChartExporter::serversText(f.servers),
                      ChartExporter::gpusText(f.gpusPerServer), hardware, bytesText(f.hbmInstalledBytes, units));
    // A long mix is cut short: the CSV and JSON exports list every workload.
    constexpr size_t kShown = 8;
    QStringList workloads;
    for (size_t i = 0; i < f.entries.size() && i < kShown; ++i) {
        const FleetEntryResult& e = f.entries[i];
        workloads << QObject::tr("%1, %2 of requests: %3, KV %4/token, context %5, %6 sequences per replica, "
                                 "replicas: %7 × TP %8")
                         .arg(FleetChart::workloadName(CardCatalog::builtin(), e.label, true), percentText(e.share),
                             qs(e.scenario.model.name), bytesText(e.kvBytesPerToken, units),
                             tokensText(e.scenario.workload.context), countText(e.concurrencyPerReplica),
                             countText(e.replicas), QString::number(e.perReplica.tp));
        if (e.pools)
            workloads.back() += QObject::tr(" (%1 prefill + %2 decode)")
                                    .arg(countText(e.pools->prefillReplicas), countText(e.pools->decodeReplicas));
    }
    if (f.layout) {
        // Where each pool's servers and memory go: the chart's two bars per tier.
        const DisaggregatedLayout& l = *f.layout;
        sizing << QObject::tr("prefill and decode pools: %1 prefill + %2 decode servers, first token from the %3 "
                              "replica, %4 of the KV transfer overlapping the prefill, prefix cache on the %5")
                      .arg(countText(f.prefillServers), countText(f.decodeServers),
                          l.firstToken == FirstTokenAt::Prefill ? QObject::tr("prefill") : QObject::tr("decode"),
                          percentText(l.transferOverlap),
                          l.cacheAt == PrefixCacheAt::Prefill      ? QObject::tr("prefill servers")
                              : l.cacheAt == PrefixCacheAt::Decode ? QObject::tr("decode servers")
                                                                   : QObject::tr("prefill servers, shared"));
    }
    if (f.entries.size() > kShown)
        workloads
            << QObject::tr("and %1 more (the CSV and JSON exports list every workload)").arg(f.entries.size() - kShown);
    QStringList notes;
    notes << QObject::tr("HBM: weights, active sequences and overflow (not prefixes cached in spare HBM); "
                         "DRAM and NVMe: bytes used");
    notes << (units == ByteUnits::Decimal ? QObject::tr("Decimal units (1 GB = 10^9 B)")
                                          : QObject::tr("Binary units (1 GiB = 2^30 B)"));
    notes << QStringLiteral("kvtiers %1").arg(QStringLiteral(KVTIERS_VERSION));
    return { sizing, workloads, notes };
}

/// Packs each group's segments into lines joined by " · ", breaking before a segment
/// that would take a line past `width` logical pixels in the footnote's font.
QString fleetFootnoteLines(const FleetResult& f, ByteUnits units, const QFont& plotFont, int width)
{
    const QFontMetricsF metrics(footnoteFont(plotFont));
    const double room = width - 2 * kFootnoteSideMargin;
    const QString separator = QStringLiteral(" · ");
    QStringList lines;
    for (const QStringList& group : fleetFootnoteGroups(f, units)) {
        QString line;
        for (const QString& segment : group) {
            if (!line.isEmpty() && metrics.horizontalAdvance(line + separator + segment) > room) {
                lines << line;
                line.clear();
            }
            line += (line.isEmpty() ? QString() : separator) + segment;
        }
        if (!line.isEmpty())
            lines << line;
    }
    return lines.join(u'\n');
}

/// The fleet chart, offscreen, in `units` (set before the data so the axes tick once),
/// its footnote fitted to `width`.
std::unique_ptr<FleetChart> fleetChart(const FleetResult& fleet, ByteUnits units, const QString& title, int width)
{
    auto chart = offscreenChart<FleetChart>();
    chart->setUnits(units);
    chart->setFleet(fleet);
    QString fullTitle = title;
    if (fullTitle.isEmpty()) {
        // Server names are long ("…, DGX H200 8-GPU server (datasheet)"): on a narrow
        // image the title drops it (the footnote names the server either way).
        fullTitle = ChartExporter::fleetTitle(fleet);
        if (QFontMetricsF(titleFont(chart->plot()->font())).horizontalAdvance(fullTitle) > width - 16)
            fullTitle = QObject::tr("Fleet memory for %1 requests/s").arg(countText(fleet.requestsPerSecond));
    }
    decorate(chart->plot(), fullTitle, fleetFootnoteLines(fleet, units, chart->plot()->font(), width), width);
    return chart;
}

} // namespace

bool ChartExporter::formatForPath(const QString& path, ExportFormat* format)
{
    const QString ext = QFileInfo(path).suffix().toLower();
    if (ext == u"png")
        *format = ExportFormat::Png;
    else if (ext == u"svg")
        *format = ExportFormat::Svg;
    else if (ext == u"pdf")
        *format = ExportFormat::Pdf;
    else if (ext == u"csv")
        *format = ExportFormat::Csv;
    else if (ext == u"json")
        *format = ExportFormat::Json;
    else
        return false;
    return true;
}

QString ChartExporter::writeFile(const QString& path, const QByteArray& bytes)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return QObject::tr("%1: cannot write: %2").arg(path, file.errorString());
    if (file.write(bytes) != bytes.size()) {
        const QString why = file.errorString();
        file.cancelWriting();
        return QObject::tr("%1: write failed: %2").arg(path, why);
    }
    if (!file.commit())
        return QObject::tr("%1: could not be saved: %2").arg(path, file.errorString());
    return {};
}

QString ChartExporter::tierChartTitle(const Scenario& scenario)
{
    return QObject::tr("KV cache across HBM, DRAM and SSD: %1 on %2")
        .arg(qs(scenario.model.name), qs(scenario.hardware.name));
}

QString ChartExporter::assumptionsLine(const Scenario& s, const EvalResult& r)
{
    const auto& w = s.workload;
    return QObject::tr("context %1 tokens, %2 sequences per replica, KV %3, weights %4-bit, TP %5, reuse %6 "
                       "(achieved %7), GPUs per server: %8")
        .arg(tokensText(w.context), countText(w.concurrency), qs(r.kvFormat.name()), significantText(r.weightBits, 3),
            QString::number(r.tp), percentText(w.reuseRate), percentText(r.achievedReuse),
            QString::number(s.hardware.gpusPerServer));
}

QString ChartExporter::gpusText(double n)
{
    return n == 1 ? QObject::tr("1 GPU") : QObject::tr("%1 GPUs").arg(countText(n));
}

QString ChartExporter::serversText(double n)
{
    return n == 1 ? QObject::tr("1 server") : QObject::tr("%1 servers").arg(countText(n));
}

QString ChartExporter::replicasText(double n)
{
    return n == 1 ? QObject::tr("1 replica") : QObject::tr("%1 replicas").arg(countText(n));
}

QString ChartExporter::footnote(const Scenario& s, const EvalResult& r, ByteUnits units)
{
    const auto& w = s.workload;
    QString line1
        = QObject::tr("Model: %1 · Hardware: %2 (%3 per server, %4) · Context %5 tokens "
                      "(%6 output) · %7 active sequences per replica")
              .arg(qs(s.model.name), qs(s.hardware.name), gpusText(s.hardware.gpusPerServer), serversText(w.servers),
                  tokensText(w.context), countText(w.outputTokens), countText(w.concurrency));
    QString line2 = QObject::tr("KV %1 · weights %2-bit · TP %3 · reuse %4 requested, %5 achieved · sharing %6 · "
                                "offload %7 · %8 allocation, blocks of %9 · GPU memory utilisation %10%11%12")
                        .arg(qs(r.kvFormat.name()), significantText(r.weightBits, 3), QString::number(r.tp),
                            percentText(w.reuseRate), percentText(r.achievedReuse), significantText(w.sharing, 4),
                            percentText(w.offloadRate),
                            w.allocation == Allocation::Paged ? QObject::tr("paged", "allocation policy")
                                                              : QObject::tr("contiguous", "allocation policy"),
                            QString::number(w.blockSize), percentText(w.gpuMemoryUtilization),
                            w.streaming ? QObject::tr(" · streaming") : QString(),
                            w.inclusiveTiers ? QObject::tr(" · inclusive tiers") : QString());
    // The chart's axes and labels are in the export's units: say which.
    QString line3 = (units == ByteUnits::Decimal
            ? QObject::tr("Decimal units (1 GB = 10^9 B) · KV per token %1, per request %2, hot set %3 · "
                          "kvtiers %4")
            : QObject::tr("Binary units (1 GiB = 2^30 B) · KV per token %1, per request %2, hot set %3 · "
                          "kvtiers %4"))
                        .arg(bytesText(r.kvBytesPerToken, units), bytesText(r.kvBytesPerRequest, units),
                            bytesText(r.hotSetBytes, units), QStringLiteral(KVTIERS_VERSION));
    // MLA at TP > 1: the bars hold TP copies of the hot set; the app's note goes with them.
    if (mlaLatentReplicated(s, r))
        line3 += u'\n'
            + QObject::tr("MLA: the hot set is %1 per copy and %2 on the replica, as the bars show: vLLM keeps the "
                          "latent KV whole on each of the %3 TP GPUs.")
                  .arg(bytesText(r.hotSetBytes, units), bytesText(r.hotSetAllocatedBytes, units), countText(r.tp));
    // The overflow panel's scale, as its axis says it (the tiers each have their own).
    if (r.overflowBytes > 0)
        line3 += u'\n'
            + (TierChart::overflowHasOwnScale(r)
                    ? QObject::tr("Overflow: %1 per replica fits in no tier; more than HBM holds, it is drawn on a "
                                  "scale of its own.")
                    : QObject::tr("Overflow: %1 per replica fits in no tier; it is drawn on HBM's scale."))
                  .arg(bytesText(r.overflowBytes, units));
    return line1 + u'\n' + line2 + u'\n' + line3;
}

QString ChartExporter::fleetTitle(const FleetResult& f)
{
    const QString hardware = f.entries.empty() ? QString() : qs(f.entries.front().scenario.hardware.name);
    return QObject::tr("Fleet memory for %1 requests/s on %2").arg(countText(f.requestsPerSecond), hardware);
}

QString ChartExporter::fleetFootnote(const FleetResult& f, ByteUnits units, int width)
{
    return fleetFootnoteLines(f, units, QGuiApplication::font(), width);
}

QImage ChartExporter::renderTierChart(const Scenario& scenario, const EvalResult& result, const ExportOptions& o)
{
    auto chart = offscreenChart<TierChart>();
    chart->setUnits(o.units);
    chart->setResult(scenario, result);
    decorate(chart->plot(), tierChartTitle(scenario), footnote(scenario, result, o.units), o.width);
    return chart->renderPixmap({ o.width, o.height }, o.scale).toImage();
}

QImage ChartExporter::renderSweep(
    const Scenario& scenario, const EvalResult& result, const SweepResult& sweep, const ExportOptions& o)
{
    auto chart = offscreenChart<SweepChart>();
    chart->setUnits(o.units);
    chart->setAxis(sweep.axis);
    chart->setResult(scenario, result, sweep);
    decorate(chart->plot(), tierChartTitle(scenario), footnote(scenario, result, o.units), o.width);
    return chart->renderPixmap({ o.width, o.height }, o.scale).toImage();
}

QImage ChartExporter::renderFleet(
    const FleetResult& fleet, ByteUnits units, const QString& title, const ExportOptions& o)
{
    const auto chart = fleetChart(fleet, units, title, o.width);
    return chart->renderPixmap({ o.width, o.height }, o.scale).toImage();
}

QString ChartExporter::exportTierChart(const QString& path, const Scenario& scenario, const EvalResult& result,
    const ExportOptions& options, const std::string& workloadId)
{
    ExportFormat format {};
    if (!formatForPath(path, &format) || format == ExportFormat::Csv)
        return unsupported(path, QStringLiteral(".png, .svg, .pdf or .json"));
    if (format == ExportFormat::Json)
        return exportScenarioJson(path, scenario, result, workloadId);
    auto chart = offscreenChart<TierChart>();
    chart->setUnits(options.units);
    chart->setResult(scenario, result);
    const QString title = tierChartTitle(scenario);
    decorate(chart->plot(), title, footnote(scenario, result, options.units), options.width);
    return renderToFile(chart.get(), path, format, options, title);
}

QString ChartExporter::exportSweep(const QString& path, const Scenario& scenario, const EvalResult& result,
    const SweepResult& sweep, const ExportOptions& options)
{
    ExportFormat format {};
    if (!formatForPath(path, &format) || format == ExportFormat::Json)
        return unsupported(path, QStringLiteral(".png, .svg, .pdf or .csv"));
    if (format == ExportFormat::Csv)
        return writeFile(path, QByteArray::fromStdString(sweepCsv(sweep)));
    auto chart = offscreenChart<SweepChart>();
    chart->setUnits(options.units);
    chart->setAxis(sweep.axis);
    chart->setResult(scenario, result, sweep);
    const QString title = tierChartTitle(scenario);
    decorate(chart->plot(), title, footnote(scenario, result, options.units), options.width);
    return renderToFile(chart.get(), path, format, options, title);
}

QString ChartExporter::exportComparison(
    const QString& path, const ScenarioComparison& comparison, const QString& title, const ExportOptions& options)
{
    ExportFormat format {};
    if (!formatForPath(path, &format) || format == ExportFormat::Json)
        return unsupported(path, QStringLiteral(".png, .svg, .pdf or .csv"));
    if (format == ExportFormat::Csv)
        // The CLI's first line: what wrote it, and from what.
        return writeFile(path,
            QByteArray::fromStdString(csvPreamble({ std::string("kvtiers ") + KVTIERS_VERSION + ": comparison "
                                          + comparisonTitle(comparison, title).toStdString() })
                + comparisonCsv(comparison)));
    auto chart = offscreenChart<CompareChart>();
    chart->setUnits(options.units);
    chart->setComparison(comparison);
    const QString fullTitle = comparisonTitle(comparison, title);
    decorate(chart->plot(), fullTitle, comparisonFootnote(comparison, options.units), options.width);
    return renderToFile(chart.get(), path, format, options, fullTitle);
}

QString ChartExporter::exportFleet(
    const QString& path, const FleetResult& fleet, ByteUnits units, const QString& title, const ExportOptions& options)
{
    ExportFormat format {};
    if (!formatForPath(path, &format))
        return unsupported(path, QStringLiteral(".png, .svg, .pdf, .csv or .json"));
    if (format == ExportFormat::Csv && fleet.layout)
        return QObject::tr("%1: a fleet split into prefill and decode pools exports as .png, .svg, .pdf or .json "
                           "(the CSV's one row per workload has no columns for two pools)")
            .arg(path);
    if (format == ExportFormat::Csv)
        return writeFile(path, QByteArray::fromStdString(fleetCsv(fleet)));
    if (format == ExportFormat::Json)
        return writeFile(path, QByteArray::fromStdString(fleetToJson(fleet).dump(2) + "\n"));
    const auto chart = fleetChart(fleet, units, title, options.width);
    return renderToFile(chart.get(), path, format, options, title.isEmpty() ? fleetTitle(fleet) : title);
}

QString ChartExporter::exportScenarioJson(
    const QString& path, const Scenario& scenario, const EvalResult& result, const std::string& workloadId)
{
    if (!path.endsWith(QStringLiteral(".json"), Qt::CaseInsensitive))
        return unsupported(path, QStringLiteral(".json"));
    return writeFile(path, QByteArray::fromStdString(resultToJson(scenario, result, workloadId).dump(2) + "\n"));
}

} // namespace kvtiers::ui
