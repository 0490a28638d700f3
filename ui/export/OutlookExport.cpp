#include "ui/export/OutlookExport.h"

#include "ui/charts/OutlookChart.h"
#include "ui/charts/OutlookWaterfallChart.h"
#include "ui/common/Tier.h"
#include "ui/export/ReportRender.h"

namespace kvtiers::ui {

namespace {

QString qs(const std::string& s)
{
    return QString::fromStdString(s);
}

/// Decorates and renders one offscreen chart.
template <typename Chart>
QString render(
    Chart& chart, const QString& path, const QString& title, const QString& footnote, const ExportOptions& options)
{
    ExportFormat format {};
    if (!ChartExporter::formatForPath(path, &format) || format == ExportFormat::Csv || format == ExportFormat::Json)
        return OutlookExport::tr("%1: an outlook chart exports as .png, .svg or .pdf").arg(path);
    report::decorate(chart.plot(), title, footnote, options.width);
    return report::renderToFile(&chart, path, format, options, title);
}

} // namespace

std::optional<OutlookExport::View> OutlookExport::viewFromName(std::string_view name)
{
    if (name == "index")
        return View::Index;
    if (name == "bytes")
        return View::Bytes;
    if (name == "decomposition")
        return View::Decomposition;
    if (name == "tornado")
        return View::Tornado;
    return std::nullopt;
}

QString OutlookExport::footnote(const OutlookCard& c)
{
    QStringList sources, assumptions;
    for (size_t i = 0; i < c.sources.size(); ++i) {
        const OutlookSource& s = c.sources[i];
        if (isAssumption(s)) {
            assumptions << QStringLiteral("[%1]").arg(i);
            continue;
        }
        const std::string by = s.publisher.empty() ? s.title : s.publisher;
        sources << QStringLiteral("[%1] %2%3").arg(i).arg(qs(by), s.date.empty() ? QString() : qs(", " + s.date));
    }
    return tr("Outlook %1, a scenario, not a forecast: every figure follows from the card's inputs. Needed bytes "
              "per tier as an index of %2 (unitless); decimal units (1 PB = 10^15 B). Sources: %3. Assumptions: "
              "%4. kvtiers %5.")
        .arg(qs(c.id), QString::number(c.years.empty() ? 0 : c.years.front().year), sources.join(QStringLiteral("; ")),
            assumptions.isEmpty() ? tr("none") : assumptions.join(QStringLiteral(", ")),
            QStringLiteral(KVTIERS_VERSION));
}

QString OutlookExport::exportChart(const QString& path, View view, const OutlookCard& card, const OutlookResult& result,
    const OutlookTornado* tornado, const OutlookDecomposition* decomposition, Tier tier, const ExportOptions& options)
{
    const QString name = qs(card.name);
    const QString note = footnote(card);
    switch (view) {
    case View::Index:
    case View::Bytes: {
        auto chart = report::offscreenChart<OutlookChart>();
        // The mode is fixed at construction: the bytes view is its own chart.
        if (view == View::Bytes)
            chart = std::make_unique<OutlookChart>(OutlookChart::Mode::Bytes);
        chart->setAttribute(Qt::WA_DontShowOnScreen);
        chart->setPalette(report::palette());
        chart->setResult(result);
        const QString title = view == View::Index
            ? tr("%1: a scenario, not a forecast").arg(name)
            : tr("%1: bytes needed per tier (a scenario, not a forecast)").arg(name);
        return render(*chart, path, title, note, options);
    }
    case View::Decomposition: {
        if (!decomposition)
            return tr("%1: the decomposition is not computed yet").arg(path);
        auto chart = report::offscreenChart<OutlookWaterfallChart>();
        chart->setDecomposition(*decomposition);
        return render(*chart, path,
            tr("%1: what made each tier grow, %2 to %3 (a scenario, not a forecast)")
                .arg(name)
                .arg(decomposition->firstYear)
                .arg(decomposition->lastYear),
            note, options);
    }
    case View::Tornado: {
        if (!tornado)
            return tr("%1: the tornado is not computed yet").arg(path);
        auto chart = report::offscreenChart<OutlookTornadoChart>();
        chart->setTornado(*tornado, tier);
        return render(*chart, path,
            tr("%1: what moves %2 in %3 (a scenario, not a forecast)").arg(name, tierName(tier)).arg(tornado->year),
            note, options);
    }
    }
    return {};
}

} // namespace kvtiers::ui
