#include "app/cli/ExportCommand.h"

#include "app/cli/CommandLineParsing.h"
#include "app/cli/Commands.h"
#include "core/analysis/Fleet.h"
#include "core/analysis/Outlook.h"
#include "core/analysis/ScenarioComparison.h"
#include "core/analysis/Sweep.h"
#include "core/io/InputError.h"
#include "core/io/Units.h"
#include "core/report/OutlookReport.h"
#include "core/report/ReportOptions.h"
#include "ui/export/ChartExporter.h"
#include "ui/export/OutlookExport.h"

#include <QApplication>
#include <QImageReader>

#include <algorithm>
#include <memory>
#include <optional>

namespace kvtiers::cli {

namespace {

constexpr int kExitFailed = 1;

using ui::ChartExporter;
using ui::ExportFormat;
using ui::ExportOptions;

QtMessageHandler g_qtHandler = nullptr;

/// Qt's own notes that say nothing about the export: without a desktop session (a CI job,
/// a cron script) Qt warns that XDG_RUNTIME_DIR is unset and picks a folder itself, which
/// an offscreen export never uses. Everything else goes to Qt's handler as before.
void quietExportMessages(QtMsgType type, const QMessageLogContext& context, const QString& message)
{
    if (type == QtWarningMsg && message.startsWith(QLatin1String("QStandardPaths: XDG_RUNTIME_DIR not set")))
        return;
    g_qtHandler(type, context, message);
}

/// A QApplication for drawing, on the offscreen platform: an export never shows a window,
/// so it must not need (or wait for) a display.
std::unique_ptr<QApplication> offscreenApplication()
{
    if (QCoreApplication::instance())
        return nullptr;
    qputenv("QT_QPA_PLATFORM", "offscreen");
    if (!g_qtHandler)
        g_qtHandler = qInstallMessageHandler(quietExportMessages);
    static int argc = 1;
    static char name[] = "kvtiers";
    static char* argv[] = { name, nullptr };
    auto app = std::make_unique<QApplication>(argc, argv);
    QApplication::setApplicationName(QStringLiteral("kvtiers"));
    QApplication::setOrganizationName(QStringLiteral("kvtiers"));
    return app;
}

/// `--chart compare`: 2 to 4 presets (--preset, --comparison) side by side.
QString exportCompare(const Parsed& p, const QString& path, const ExportOptions& options)
{
    const PresetStore store;
    std::vector<std::string> names = p.presets;
    QString title;
    if (const auto c = p.own.find("--comparison"); c != p.own.end()) {
        const auto& cs = store.comparisons();
        const auto it = std::find_if(cs.begin(), cs.end(), [&](const Comparison& x) { return x.name == c->second; });
        if (it == cs.end())
            throw InputError("--comparison: no comparison called \"" + c->second + "\"");
        names.insert(names.end(), it->presetNames.begin(), it->presetNames.end());
        if (p.presets.empty())
            title = QString::fromStdString(it->name);
    }
    if (names.size() < 2 || names.size() > 4)
        throw InputError("--chart compare: give 2 to 4 --preset NAME (or --comparison NAME)");
    std::vector<Scenario> scenarios;
    for (const auto& n : names)
        scenarios.push_back(resolve(withPreset(store, n, p.spec)).scenario);
    const ScenarioComparison comparison = compareScenarios(names, scenarios);
    const auto app = offscreenApplication();
    return ChartExporter::exportComparison(path, comparison, title, options);
}

/// `--chart tiers` (`tiers`) or `--chart sweep` of one scenario; .json: the scenario.
QString exportScenario(
    const Parsed& p, bool tiers, const QString& path, ExportFormat format, const ExportOptions& options)
{
    const ResolvedScenario rs = resolve(specFromFlags(p));
    const EvalResult result = evaluate(rs.scenario);
    const auto app = offscreenApplication();
    if (tiers)
        return ChartExporter::exportTierChart(path, rs.scenario, result, options, rs.workloadId);
    const auto axisIt = p.own.find("--axis");
    const SweepAxis axis = sweepAxisOption(axisIt == p.own.end() ? nullptr : &axisIt->second);
    const SweepRange range = defaultSweepRange(axis);
    const SweepResult sr = sweep(rs.scenario, axis, range.from, range.to, kSweepPoints);
    return format == ExportFormat::Json ? ChartExporter::exportScenarioJson(path, rs.scenario, result, rs.workloadId)
                                        : ChartExporter::exportSweep(path, rs.scenario, result, sr, options);
}

/// "wrote FILE (W × H px)", or the error thrown.
int written(
    const QString& error, const QString& path, ExportFormat format, const ExportOptions& options, std::ostream& out)
{
    if (!error.isEmpty())
        throw std::runtime_error(error.toStdString());
    out << "wrote " << path.toStdString();
    if (format == ExportFormat::Png)
        out << " (" << static_cast<int>(options.width * options.scale + 0.5) << " × "
            << static_cast<int>(options.height * options.scale + 0.5) << " px)";
    out << "\n";
    return kExitOk;
}

/// `--chart outlook`: the outlook's index, bytes, decomposition or tornado chart (--view);
/// .csv: the years (kvtiers outlook --csv); .json: the years, the tornado and the
/// decomposition (kvtiers outlook --json --decompose).
int exportOutlook(const Parsed& p, const QString& path, ExportFormat format, ExportOptions options, std::ostream& out)
{
    const auto own = [&](const char* flag) -> std::optional<std::string> {
        const auto it = p.own.find(flag);
        return it == p.own.end() ? std::nullopt : std::optional<std::string>(it->second);
    };
    const std::string viewName = own("--view").value_or("index");
    const auto view = ui::OutlookExport::viewFromName(viewName);
    if (!view)
        throw InputError("--view: unknown view \"" + viewName + "\" (use index, bytes, decomposition or tornado)");
    const std::string tierName = own("--tier").value_or("hbm");
    std::optional<Tier> tier;
    for (Tier t : kTiers)
        if (tierName == tierKey(t))
            tier = t;
    if (!tier)
        throw InputError("--tier: unknown tier \"" + tierName + "\" (use hbm, dram or ssd)");
    if (own("--tier") && *view != ui::OutlookExport::View::Tornado)
        throw InputError("--tier: only for --view tornado");
    const OutlookCard card
        = resolveOutlookOrPreset(own(optionFlagOf(outlookRunOptions(), "outlook").c_str()).value_or("steady"));
    const OutlookResult result = computeOutlook(cardCatalog(), card);
    QString error;
    if (format == ExportFormat::Csv) {
        error = ChartExporter::writeFile(path, QByteArray::fromStdString(outlookCsv(result)));
    } else {
        const OutlookTornado tornado = outlookTornado(cardCatalog(), card);
        std::optional<OutlookDecomposition> d;
        if (format == ExportFormat::Json || *view == ui::OutlookExport::View::Decomposition)
            d = decomposeOutlook(cardCatalog(), card);
        if (format == ExportFormat::Json) {
            error = ChartExporter::writeFile(
                path, QByteArray::fromStdString(outlookToJson(result, &tornado, &*d).dump(2) + "\n"));
        } else {
            const auto app = offscreenApplication();
            error = ui::OutlookExport::exportChart(
                path, *view, card, result, &tornado, d ? &*d : nullptr, *tier, options);
        }
    }
    return written(error, path, format, options, out);
}

int exportCommand(const std::vector<std::string>& args, std::ostream& out)
{
    // A fleet's chart takes the fleet's options and its units (FleetOptions.h, ReportOptions.h).
    const std::string unitsFlag = unitsOptionEntry().flag;
    std::vector<std::string> ownOptions = kExportCommand.options;
    ownOptions.insert(ownOptions.end(), fleetOptions().begin(), fleetOptions().end());
    ownOptions.push_back(unitsFlag);
    const Parsed p = parseArgs(args, 1, ownOptions);
    if (!p.positional.empty())
        throw InputError("export: unexpected argument \"" + p.positional[0] + "\"");
    if (p.json || p.csv)
        throw InputError(
            std::string(p.json ? "--json" : "--csv") + ": export picks the format from --out (FILE.json, FILE.csv)");
    auto own = [&](const std::string& flag) -> const std::string* {
        const auto it = p.own.find(flag);
        return it == p.own.end() ? nullptr : &it->second;
    };
    const std::string chart = own("--chart") ? *own("--chart") : "tiers";
    if (chart != "tiers" && chart != "sweep" && chart != "compare" && chart != "fleet" && chart != "outlook")
        throw InputError("--chart: unknown chart \"" + chart + "\" (use tiers, sweep, compare, fleet or outlook)");
    const std::string outlookFlag = optionFlagOf(outlookRunOptions(), "outlook");
    for (const std::string& flag : { outlookFlag, std::string("--view"), std::string("--tier") })
        if (own(flag) && chart != "outlook")
            throw InputError(flag + ": only for --chart outlook");
    if (!own("--out"))
        throw InputError("export: say where to write: --out FILE.png|.svg|.pdf|.csv|.json");
    const QString path = QString::fromStdString(*own("--out"));
    ExportFormat format {};
    if (!ChartExporter::formatForPath(path, &format))
        throw InputError(
            "--out: \"" + *own("--out") + "\" has no known extension (use .png, .svg, .pdf, .csv or .json)");
    if (format == ExportFormat::Csv && chart == "tiers")
        throw InputError("--out: .csv is for --chart sweep, compare or fleet (the tier chart exports as .png, .svg, "
                         ".pdf or .json)");
    if (format == ExportFormat::Json && chart == "compare")
        throw InputError(
            "--out: a comparison exports as .png, .svg, .pdf or .csv (kvtiers compare --json prints JSON)");

    ExportOptions options;
    if (auto* v = own("--width"))
        options.width = static_cast<int>(parseNumberOption(*v, "--width", 16, 20000, true));
    if (auto* v = own("--height"))
        options.height = static_cast<int>(parseNumberOption(*v, "--height", 16, 20000, true));
    if (auto* v = own("--scale"))
        options.scale = parseNumberOption(*v, "--scale", 0.25, 8, false);
    if (own("--axis") && chart != "sweep")
        throw InputError("--axis: only for --chart sweep");
    if (own("--comparison") && chart != "compare")
        throw InputError("--comparison: only for --chart compare");
    if (chart != "fleet")
        for (const std::string& flag : fleetOptions())
            if (own(flag))
                throw InputError(flag + ": only for --chart fleet");
    if (own(unitsFlag) && chart != "fleet")
        throw InputError(unitsFlag + ": only for --chart fleet");
    if (chart == "outlook")
        return exportOutlook(p, path, format, options, out);

    QString error;
    if (chart == "fleet") {
        const FleetInput input = fleetInputFromFlags(p);
        const ByteUnits units = unitsOption(p);
        const FleetResult fleet = sizeFleetFromFlags(input);
        const auto app = offscreenApplication();
        error = ChartExporter::exportFleet(path, fleet, units, {}, options);
    } else if (chart == "compare") {
        error = exportCompare(p, path, options);
    } else {
        error = exportScenario(p, chart == "tiers", path, format, options);
    }
    return written(error, path, format, options, out);
}

} // namespace

int runExportCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    try {
        return exportCommand(args, out);
    } catch (const InputError& e) {
        err << "kvtiers: " << e.what() << "\n";
        return kExitUsage;
    } catch (const std::exception& e) {
        err << "kvtiers: export failed: " << e.what() << "\n";
        return kExitFailed;
    }
}

} // namespace kvtiers::cli
