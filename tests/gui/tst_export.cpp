// Exports: PNG at the requested pixel size, not blank, different for different
// scenarios; SVG and PDF with the right magic; sweep and comparison CSV with a header and
// one row per point or figure; the scenario JSON; errors as messages; and the headless
// `kvtiers export` run with no display at all. The fleet chart the same way: PNG,
// SVG, PDF, and CSV/JSON whose numbers are sizeFleet()'s. And what a new user saw go
// wrong: the SVG sweep's overflow area running over the title, annotations on the
// dashed lines, the clip note cut at the plot's edge, tier labels cut by their bars.

#include "core/analysis/Fleet.h"
#include "core/analysis/ScenarioComparison.h"
#include "core/analysis/Sweep.h"
#include "core/catalog/CardCatalog.h"
#include "core/catalog/ScenarioSpec.h"
#include "core/io/Csv.h"
#include "core/io/Json.h"
#include "core/model/Evaluation.h"
#include "core/report/ComparisonReport.h"
#include "core/report/FleetReport.h"
#include "tests/support/TestSupport.h"
#include "ui/app/Language.h"
#include "ui/charts/ChartPalette.h"
#include "ui/charts/SweepChart.h"
#include "ui/charts/TierChart.h"
#include "ui/dialogs/FileDialog.h"
#include "ui/export/ChartExporter.h"
#include "ui/scenario/ScenarioController.h"
#include "ui/text/UnitsText.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QImageReader>
#include <QPainter>
#include <QProcess>
#include <QSet>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QtTest>
#include <qcustomplot.h>

#include <optional>

using namespace kvtiers;
using namespace kvtiers::ui;

namespace {

ResolvedScenario resolved(const std::string& model, const std::string& workload, Json overrides = Json::object())
{
    ScenarioSpec spec;
    spec.model = model;
    spec.workload = workload;
    spec.overrides = std::move(overrides);
    return resolveScenario(CardCatalog::builtin(), spec);
}

/// Distinct colours, and the share of pixels that are not the background (white).
std::pair<int, double> colourStats(const QImage& image)
{
    QSet<QRgb> colours;
    qint64 ink = 0;
    const QImage img = image.convertToFormat(QImage::Format_RGB32);
    for (int y = 0; y < img.height(); y += 2) {
        const auto* line = reinterpret_cast<const QRgb*>(img.constScanLine(y));
        for (int x = 0; x < img.width(); x += 2) {
            colours.insert(line[x]);
            if (qGray(line[x]) < 245)
                ++ink;
        }
    }
    return { static_cast<int>(colours.size()), double(ink) / ((img.height() / 2.0) * (img.width() / 2.0)) };
}

QByteArray head(const QString& path, int n)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.read(n);
}

QStringList lines(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text))
        return {};
    QStringList out = QString::fromUtf8(f.readAll()).split(u'\n');
    if (!out.isEmpty() && out.last().isEmpty())
        out.removeLast();
    return out;
}

FleetResult fleet(double requestsPerSecond,
    const std::vector<std::pair<std::string, double>>& mix = { { "chat", 0.7 }, { "mooncake", 0.3 } })
{
    // The mix on one H200 server profile, sized against FleetInput's default targets.
    const FleetInput defaults;
    FleetInput in = kvtiers::test::fleetMix(mix, requestsPerSecond, defaults.targets.tpot());
    in.targets.ttftSeconds = defaults.targets.ttft();
    return sizeFleet(CardCatalog::builtin(), in);
}

/// One CSV record split into fields (RFC 4180 quoting; no line breaks inside fields).
QStringList csvFields(const QString& line)
{
    QStringList fields;
    QString field;
    bool quoted = false;
    for (qsizetype i = 0; i < line.size(); ++i) {
        const QChar c = line[i];
        if (quoted) {
            if (c == u'"' && i + 1 < line.size() && line[i + 1] == u'"') {
                field += u'"';
                ++i;
            } else if (c == u'"') {
                quoted = false;
            } else {
                field += c;
            }
        } else if (c == u'"') {
            quoted = true;
        } else if (c == u',') {
            fields << field;
            field.clear();
        } else {
            field += c;
        }
    }
    fields << field;
    return fields;
}

/// The topmost row holding at least `least` pixels of `colour` (within a small
/// tolerance), or -1.
int topRowOf(const QImage& image, const QColor& colour, int least = 3)
{
    const QImage img = image.convertToFormat(QImage::Format_RGB32);
    auto near = [&](QRgb p) {
        return std::abs(qRed(p) - colour.red()) <= 10 && std::abs(qGreen(p) - colour.green()) <= 10
            && std::abs(qBlue(p) - colour.blue()) <= 10;
    };
    for (int y = 0; y < img.height(); ++y) {
        const auto* line = reinterpret_cast<const QRgb*>(img.constScanLine(y));
        int count = 0;
        for (int x = 0; x < img.width(); ++x)
            count += near(line[x]) ? 1 : 0;
        if (count >= least)
            return y;
    }
    return -1;
}

/// The scenario a new user exported: the article's model at 128K tokens × 10 sequences,
/// swept to 2M tokens, where demand runs far above the plotted range (the "clipped" case).
struct ClippedSweep {
    ResolvedScenario rs = resolved({}, "article", Json { { "context", 131072 }, { "concurrency", 10 } });
    EvalResult result = evaluate(rs.scenario);
    SweepResult sweepResult = sweep(rs.scenario, SweepAxis::Context, 1024, 2097152, 40);
};

/// A chart widget laid out at `size` and replotted, never on screen.
template <typename Chart> void layOut(Chart& chart, QSize size)
{
    chart.setAttribute(Qt::WA_DontShowOnScreen);
    chart.resize(size);
    chart.show();
    QTest::qWait(10);
    chart.plot()->replot();
}

QRectF textRect(const QCPItemText* label)
{
    return QRectF(label->topLeft->pixelPosition(), label->bottomRight->pixelPosition());
}

} // namespace

class TestExport : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void pngHasRequestedSizeAndIsNotBlank();
    void pngDiffersBetweenScenarios();
    void svgAndPdfHaveTheirMagic();
    void sweepCsvHasOneRowPerPoint();
    void comparisonCsvAndChart();
    void scenarioJson();
    void errorsAreMessages();
    void fleetPngHasRequestedSizeAndDiffers();
    void fleetSvgAndPdfHaveTheirMagic();
    void fleetCsvAndJsonAreTheCoresNumbers();
    void fleetCsvQuotesLabels();
    void fleetErrorsNameTheFile();
    void headlessExportWritesPng();
    void headlessExportCsvAndCompare();
    void headlessBadArgumentsExitTwo();
    void comparisonFootnoteInBothLanguages();
    void sweepSvgFillStaysInsideItsAxes();
    void sweepLabelsKeepOffTheDashedLines();
    void sweepClipNoteStaysInsideThePlot();
    void sweepHoldsRateOrSaysWhyBytesFall();
    void exportsRememberTheirOwnFolder();
    void sweepMarkerStepRedrawsOnlyItsLayer();
    void tierLabelsAreWholeOrHidden();
    void narrowExportsKeepTextInside();

private:
    QString path(const QString& name) const { return m_dir.filePath(name); }
    int runKvtiers(const QStringList& args, QString* err = nullptr, QString* out = nullptr);
    QTemporaryDir m_dir;
    QTemporaryDir m_data;
};

void TestExport::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY(m_data.isValid());
    qputenv("KVTIERS_DATA_DIR", m_data.path().toUtf8());
}

void TestExport::pngHasRequestedSizeAndIsNotBlank()
{
    const auto rs = resolved({}, "article");
    const EvalResult r = evaluate(rs.scenario);
    const QString file = path(QStringLiteral("tiers.png"));
    QCOMPARE(ChartExporter::exportTierChart(file, rs.scenario, r, ExportOptions { 800, 450, 2.0 }), QString());
    const QImage image(file);
    QCOMPARE(image.size(), QSize(1600, 900));
    const auto [colours, ink] = colourStats(image);
    QVERIFY2(colours > 30, qPrintable(QStringLiteral("only %1 colours").arg(colours)));
    QVERIFY2(ink > 0.05, qPrintable(QStringLiteral("only %1 of pixels inked").arg(ink)));

    // The default is 1600 × 900 at 2×.
    const QString big = path(QStringLiteral("default.png"));
    QCOMPARE(ChartExporter::exportTierChart(big, rs.scenario, r), QString());
    QCOMPARE(QImageReader(big).size(), QSize(3200, 1800));
}

void TestExport::pngDiffersBetweenScenarios()
{
    const auto a = resolved({}, "article");
    const auto b = resolved("deepseek-v2", {}, Json { { "context", 131072 }, { "concurrency", 10 }, { "kv_bits", 6 } });
    const QImage ia = ChartExporter::renderTierChart(a.scenario, evaluate(a.scenario), { 800, 450, 1.0 });
    const QImage ib = ChartExporter::renderTierChart(b.scenario, evaluate(b.scenario), { 800, 450, 1.0 });
    QCOMPARE(ia.size(), QSize(800, 450));
    QVERIFY(ia != ib);
    const SweepResult sa = sweep(a.scenario, SweepAxis::Context, 1024, 2097152, 40);
    const SweepResult sb = sweep(b.scenario, SweepAxis::Context, 1024, 2097152, 40);
    QVERIFY(ChartExporter::renderSweep(a.scenario, evaluate(a.scenario), sa, { 800, 450, 1.0 })
        != ChartExporter::renderSweep(b.scenario, evaluate(b.scenario), sb, { 800, 450, 1.0 }));
}

void TestExport::svgAndPdfHaveTheirMagic()
{
    const auto rs = resolved({}, "article");
    const EvalResult r = evaluate(rs.scenario);
    const SweepResult sr = sweep(rs.scenario, SweepAxis::Context, 1024, 2097152, 40);
    QCOMPARE(ChartExporter::exportTierChart(path(QStringLiteral("t.svg")), rs.scenario, r), QString());
    QCOMPARE(ChartExporter::exportTierChart(path(QStringLiteral("t.pdf")), rs.scenario, r), QString());
    QCOMPARE(ChartExporter::exportSweep(path(QStringLiteral("s.svg")), rs.scenario, r, sr), QString());
    QCOMPARE(ChartExporter::exportSweep(path(QStringLiteral("s.pdf")), rs.scenario, r, sr), QString());
    for (const char* name : { "t.svg", "s.svg" }) {
        const QByteArray svg = head(path(QString::fromLatin1(name)), 4096);
        QVERIFY2(svg.startsWith("<?xml"), name);
        QVERIFY2(svg.contains("<svg"), name);
        QVERIFY(QFileInfo(path(QString::fromLatin1(name))).size() > 10000);
    }
    for (const char* name : { "t.pdf", "s.pdf" }) {
        QVERIFY2(head(path(QString::fromLatin1(name)), 5) == "%PDF-", name);
        QVERIFY(QFileInfo(path(QString::fromLatin1(name))).size() > 5000);
    }
    // The footnote names the model and the hardware (SVG text is searchable).
    QFile svg(path(QStringLiteral("t.svg")));
    QVERIFY(svg.open(QIODevice::ReadOnly));
    const QByteArray all = svg.readAll();
    QVERIFY(all.contains("Llama 3.1 70B"));
    QVERIFY(all.contains("H200"));
}

void TestExport::sweepCsvHasOneRowPerPoint()
{
    const auto rs = resolved({}, "article");
    const SweepResult sr = sweep(rs.scenario, SweepAxis::Concurrency, 1, 4096, 37);
    const QString file = path(QStringLiteral("sweep.csv"));
    QCOMPARE(ChartExporter::exportSweep(file, rs.scenario, evaluate(rs.scenario), sr), QString());
    const QStringList rows = lines(file);
    QVERIFY(sr.points.size() > 20); // whole sequences: fewer than asked at the low end
    QCOMPARE(rows.size(), 1 + static_cast<int>(sr.points.size()));
    QVERIFY(rows.first().startsWith(QStringLiteral("concurrency,hbm_used_bytes,dram_used_bytes,ssd_used_bytes")));
    for (const QString& row : rows)
        QCOMPARE(row.count(u','), rows.first().count(u','));
}

void TestExport::comparisonCsvAndChart()
{
    const auto a
        = resolved("deepseek-67b", {}, Json { { "context", 131072 }, { "concurrency", 10 }, { "kv_bits", 16 } });
    const auto b = resolved("deepseek-v2", {}, Json { { "context", 131072 }, { "concurrency", 10 }, { "kv_bits", 6 } });
    const ScenarioComparison c = compareScenarios({ "67B", "V2" }, { a.scenario, b.scenario });
    const QString csv = path(QStringLiteral("compare.csv"));
    QCOMPARE(ChartExporter::exportComparison(csv, c), QString());
    const QStringList rows = lines(csv);
    QCOMPARE(rows.size(), 2 + static_cast<int>(c.figures.size()));
    // The CLI's first line, and counts as integers.
    QVERIFY2(rows[0].startsWith(QStringLiteral("# kvtiers ")), qPrintable(rows[0]));
    const auto concurrency = std::find_if(rows.begin(), rows.end(),
        [](const QString& row) { return row.startsWith(QStringLiteral("max_concurrency,")); });
    QVERIFY(concurrency != rows.end());
    QCOMPARE(concurrency->section(u',', 2, 2), QString::number(c.figure("max_concurrency")->values[0], 'f', 0));
    const QString png = path(QStringLiteral("compare.png"));
    QCOMPARE(ChartExporter::exportComparison(png, c, QStringLiteral("DeepSeek"), { 640, 400, 2.0 }), QString());
    const QImage image(png);
    QCOMPARE(image.size(), QSize(1280, 800));
    QVERIFY(colourStats(image).first > 30);
}

void TestExport::scenarioJson()
{
    const auto rs = resolved({}, "article");
    const QString file = path(QStringLiteral("scenario.json"));
    QCOMPARE(ChartExporter::exportScenarioJson(file, rs.scenario, evaluate(rs.scenario), rs.workloadId), QString());
    QFile f(file);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const Json j = Json::parse(f.readAll().toStdString());
    QCOMPARE(j.at("kv_bytes_per_token").get<double>(), 327680.0);
    QVERIFY(j.contains("tiers"));
    QVERIFY(j.contains("assumptions"));
}

void TestExport::errorsAreMessages()
{
    const auto rs = resolved({}, "article");
    const EvalResult r = evaluate(rs.scenario);
    const QString unknown = ChartExporter::exportTierChart(path(QStringLiteral("t.doc")), rs.scenario, r);
    QVERIFY(unknown.contains(QStringLiteral("t.doc")));
    QVERIFY(!QFile::exists(path(QStringLiteral("t.doc"))));
    const QString nowhere = m_dir.filePath(QStringLiteral("no/such/folder/t.png"));
    const QString error = ChartExporter::exportTierChart(nowhere, rs.scenario, r);
    QVERIFY2(error.contains(QStringLiteral("t.png")), qPrintable(error));
    QVERIFY(!QFile::exists(nowhere));
}

void TestExport::fleetPngHasRequestedSizeAndDiffers()
{
    const FleetResult f = fleet(100);
    const QString file = path(QStringLiteral("fleet.png"));
    QCOMPARE(ChartExporter::exportFleet(file, f, ByteUnits::Binary, {}, ExportOptions { 800, 450, 2.0 }), QString());
    const QImage image(file);
    QCOMPARE(image.size(), QSize(1600, 900));
    const auto [colours, ink] = colourStats(image);
    QVERIFY2(colours > 30, qPrintable(QStringLiteral("only %1 colours").arg(colours)));
    QVERIFY2(ink > 0.05, qPrintable(QStringLiteral("only %1 of pixels inked").arg(ink)));
    QCOMPARE(QImageReader(file).size(), ChartExporter::renderFleet(f, ByteUnits::Binary, {}, { 800, 450, 2.0 }).size());

    // Another rate, another mix, other units: other pictures.
    const QImage a = ChartExporter::renderFleet(f, ByteUnits::Binary, {}, { 800, 450, 1.0 });
    QCOMPARE(a.size(), QSize(800, 450));
    QVERIFY(a != ChartExporter::renderFleet(fleet(400), ByteUnits::Binary, {}, { 800, 450, 1.0 }));
    QVERIFY(a != ChartExporter::renderFleet(fleet(100, { { "chat", 1 } }), ByteUnits::Binary, {}, { 800, 450, 1.0 }));
    QVERIFY(a != ChartExporter::renderFleet(f, ByteUnits::Decimal, {}, { 800, 450, 1.0 }));
    // KVTIERS_GRAB_DIR=dir: keep a full-size export to look at.
    if (const QString dir = qEnvironmentVariable("KVTIERS_GRAB_DIR"); !dir.isEmpty()) {
        QCOMPARE(ChartExporter::exportFleet(dir + QStringLiteral("/fleet-export.png"), f), QString());
        FleetResult many = fleet(250,
            { { "chat", 0.3 }, { "mooncake", 0.2 }, { "chat", 0.1 }, { "chat", 0.1 }, { "mooncake", 0.1 },
                { "chat", 0.1 }, { "mooncake", 0.05 }, { "chat", 0.03 }, { "chat", 0.02 } });
        for (size_t i = 0; i < many.entries.size(); ++i)
            many.entries[i].label += "-region-" + std::to_string(i);
        QCOMPARE(ChartExporter::exportFleet(
                     dir + QStringLiteral("/fleet-export-many.png"), many, ByteUnits::Decimal, {}, { 1200, 700, 1.0 }),
            QString());
        QCOMPARE(ChartExporter::exportFleet(
                     dir + QStringLiteral("/fleet-export-small.png"), f, ByteUnits::Binary, {}, { 800, 450, 1.0 }),
            QString());
    }
}

void TestExport::fleetSvgAndPdfHaveTheirMagic()
{
    const FleetResult f = fleet(100);
    const QString svgPath = path(QStringLiteral("fleet.svg"));
    const QString pdfPath = path(QStringLiteral("fleet.pdf"));
    QCOMPARE(ChartExporter::exportFleet(svgPath, f), QString());
    QCOMPARE(ChartExporter::exportFleet(pdfPath, f, ByteUnits::Decimal), QString());
    const QByteArray svgHead = head(svgPath, 4096);
    QVERIFY(svgHead.startsWith("<?xml"));
    QVERIFY(svgHead.contains("<svg"));
    QVERIFY(head(pdfPath, 5) == "%PDF-");
    QVERIFY(QFileInfo(pdfPath).size() > 5000);
    // Title and footnote: the hardware, each workload's model, the targets.
    QFile svg(svgPath);
    QVERIFY(svg.open(QIODevice::ReadOnly));
    const QString all = QString::fromUtf8(svg.readAll());
    QVERIFY(all.contains(QStringLiteral("H200")));
    for (const auto& e : f.entries)
        QVERIFY2(all.contains(qs(e.scenario.model.name)), e.scenario.model.name.c_str());
    QVERIFY(all.contains(qs(formatSeconds(f.targets.tpot()))));
    QVERIFY(all.contains(qs(formatBytes(f.bytes.hbm))));
}

void TestExport::fleetCsvAndJsonAreTheCoresNumbers()
{
    const FleetResult f = fleet(100);
    const QString csv = path(QStringLiteral("fleet.csv"));
    QCOMPARE(ChartExporter::exportFleet(csv, f, ByteUnits::Decimal), QString());
    const QStringList rows = lines(csv);
    QCOMPARE(rows.size(), 1 + static_cast<int>(f.entries.size()) + 1);
    const QStringList header = csvFields(rows.first());
    for (const QString& row : rows)
        QCOMPARE(csvFields(row).size(), header.size());
    auto column = [&](int row, const char* name) {
        const int c = static_cast<int>(header.indexOf(QString::fromLatin1(name)));
        return c < 0 ? QString() : csvFields(rows[row])[c];
    };
    for (int i = 0; i < static_cast<int>(f.entries.size()); ++i) {
        const FleetEntryResult& e = f.entries[static_cast<size_t>(i)];
        QCOMPARE(column(1 + i, "label"), qs(e.label));
        QCOMPARE(column(1 + i, "model"), qs(e.scenario.model.id));
        // Raw bytes whatever the chart's units: exact integers, equal to the core's.
        QCOMPARE(column(1 + i, "hbm_bytes").toDouble(), e.bytes.hbm);
        QCOMPARE(column(1 + i, "dram_bytes").toDouble(), e.bytes.dram);
        QCOMPARE(column(1 + i, "ssd_bytes").toDouble(), e.bytes.ssd);
        QCOMPARE(column(1 + i, "kv_bytes_per_token").toDouble(), e.kvBytesPerToken);
        QCOMPARE(column(1 + i, "replicas").toDouble(), e.replicas);
        QCOMPARE(column(1 + i, "gpus").toDouble(), e.gpus);
        QCOMPARE(column(1 + i, "concurrency_per_replica").toDouble(), e.concurrencyPerReplica);
        QCOMPARE(column(1 + i, "share").toDouble(), e.share);
        QCOMPARE(column(1 + i, "requests_per_s").toDouble(), e.requestsPerSecond);
    }
    const int total = static_cast<int>(rows.size()) - 1;
    QCOMPARE(column(total, "label"), QStringLiteral("total"));
    QCOMPARE(column(total, "gpus").toDouble(), f.gpus);
    QCOMPARE(column(total, "hbm_bytes").toDouble(), f.bytes.hbm);
    QCOMPARE(column(total, "dram_bytes").toDouble(), f.bytes.dram);
    QCOMPARE(column(total, "ssd_bytes").toDouble(), f.bytes.ssd);
    QCOMPARE(column(total, "requests_per_s").toDouble(), f.requestsPerSecond);
    QVERIFY(!column(total, "hbm_bytes").contains(u'e')); // exact, not 1.2e+12

    const QString json = path(QStringLiteral("fleet.json"));
    QCOMPARE(ChartExporter::exportFleet(json, f), QString());
    QFile jf(json);
    QVERIFY(jf.open(QIODevice::ReadOnly));
    const Json j = Json::parse(jf.readAll().toStdString());
    QCOMPARE(j, fleetToJson(f));
    QCOMPARE(j.at("gpus").get<double>(), f.gpus);
    QCOMPARE(j.at("tpot_target_s").get<double>(), 0.05);
}

void TestExport::fleetCsvQuotesLabels()
{
    FleetResult f = fleet(100);
    f.entries[0].label = "chat, \"short\" prompts";
    const QStringList rows = QString::fromStdString(fleetCsv(f)).split(u'\n', Qt::SkipEmptyParts);
    QVERIFY2(rows[1].startsWith(QStringLiteral("\"chat, \"\"short\"\" prompts\",")), qPrintable(rows[1]));
    const QStringList fields = csvFields(rows[1]);
    QCOMPARE(fields.size(), csvFields(rows[0]).size());
    QCOMPARE(fields[0], QStringLiteral("chat, \"short\" prompts"));

    // A label a spreadsheet would run as a formula is written as text (OWASP's leading
    // apostrophe), in every table the core writes: fleet, comparison and, through the
    // same helper, the sensitivity tables.
    f.entries[0].label = "=HYPERLINK(\"http://x\",\"y\")";
    const QStringList defused = QString::fromStdString(fleetCsv(f)).split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(csvFields(defused[1])[0], QStringLiteral("'=HYPERLINK(\"http://x\",\"y\")"));
    for (const char* text : { "+1", "-1", "@SUM(A1)", "\tx", "\rx" })
        QCOMPARE(csvFields(QString::fromStdString(csvText(text))).value(0), QLatin1Char('\'') + QLatin1String(text));
    QCOMPARE(csvText("chat"), std::string("chat"));
    QCOMPARE(csvText("a\rb"), std::string("\"a\rb\""));
    const auto a = resolved("llama-3.1-8b", {}, Json::object());
    const ScenarioComparison c = compareScenarios({ "=1+1", "b, c" }, { a.scenario, a.scenario });
    const QString header = QString::fromStdString(comparisonCsv(c)).section(u'\n', 0, 0);
    QCOMPARE(csvFields(header).mid(2, 2), QStringList({ QStringLiteral("'=1+1"), QStringLiteral("b, c") }));
    // Negative figures are numbers, not text: they keep their sign.
    QCOMPARE(csvNumber(-2.5), std::string("-2.5"));
    QCOMPARE(csvNumber(std::numeric_limits<double>::infinity()), std::string());
}

void TestExport::fleetErrorsNameTheFile()
{
    const FleetResult f = fleet(100);
    // A directory where the file should go: nothing can be written there.
    QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("taken.png")));
    const QString error = ChartExporter::exportFleet(path(QStringLiteral("taken.png")), f);
    QVERIFY2(error.contains(QStringLiteral("taken.png")), qPrintable(error));
    const QString csvError = ChartExporter::exportFleet(m_dir.filePath(QStringLiteral("no/such/fleet.csv")), f);
    QVERIFY2(csvError.contains(QStringLiteral("fleet.csv")), qPrintable(csvError));
    const QString unknown = ChartExporter::exportFleet(path(QStringLiteral("fleet.doc")), f);
    QVERIFY2(
        unknown.contains(QStringLiteral("fleet.doc")) && unknown.contains(QStringLiteral(".csv")), qPrintable(unknown));
    QVERIFY(!QFile::exists(path(QStringLiteral("fleet.doc"))));
}

int TestExport::runKvtiers(const QStringList& args, QString* err, QString* out)
{
    const QString binary = qEnvironmentVariable("KVTIERS_BINARY");
    if (binary.isEmpty())
        return -100;
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    // No display of any kind: the export must bring its own (offscreen) platform.
    env.remove(QStringLiteral("QT_QPA_PLATFORM"));
    env.remove(QStringLiteral("DISPLAY"));
    env.remove(QStringLiteral("WAYLAND_DISPLAY"));
    env.insert(QStringLiteral("KVTIERS_DATA_DIR"), m_data.path());
    env.insert(QStringLiteral("XDG_RUNTIME_DIR"), m_data.path()); // else Qt warns on stderr
    process.setProcessEnvironment(env);
    process.start(binary, args);
    if (!process.waitForFinished(120000))
        return -101;
    if (err)
        *err = QString::fromUtf8(process.readAllStandardError());
    if (out)
        *out = QString::fromUtf8(process.readAllStandardOutput());
    return process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -102;
}

void TestExport::headlessExportWritesPng()
{
    if (qEnvironmentVariableIsEmpty("KVTIERS_BINARY"))
        QSKIP("KVTIERS_BINARY not set (run through ctest)");
    const QString png = path(QStringLiteral("headless.png"));
    QString err, out;
    QCOMPARE(runKvtiers({ QStringLiteral("export"), QStringLiteral("--workload"), QStringLiteral("article"),
                            QStringLiteral("--chart"), QStringLiteral("tiers"), QStringLiteral("--out"), png,
                            QStringLiteral("--width"), QStringLiteral("800"), QStringLiteral("--height"),
                            QStringLiteral("450"), QStringLiteral("--scale"), QStringLiteral("2") },
                 &err, &out),
        0);
    QVERIFY2(err.isEmpty(), qPrintable(err));
    const QImage image(png);
    QCOMPARE(image.size(), QSize(1600, 900));
    QVERIFY(colourStats(image).first > 30);

    // A built-in preset with an eval override on top, as SVG.
    const QString svg = path(QStringLiteral("headless.svg"));
    QCOMPARE(runKvtiers(
                 { QStringLiteral("export"), QStringLiteral("--preset"), QString::fromUtf8("Llama 3.1 70B, 128K × 10"),
                     QStringLiteral("--kv-dtype"), QStringLiteral("fp8"), QStringLiteral("--out"), svg },
                 &err),
        0);
    QVERIFY2(head(svg, 5) == "<?xml", qPrintable(err));
}

void TestExport::headlessExportCsvAndCompare()
{
    if (qEnvironmentVariableIsEmpty("KVTIERS_BINARY"))
        QSKIP("KVTIERS_BINARY not set (run through ctest)");
    QString err;
    const QString csv = path(QStringLiteral("headless-sweep.csv"));
    QCOMPARE(runKvtiers({ QStringLiteral("export"), QStringLiteral("--workload"), QStringLiteral("article"),
                            QStringLiteral("--chart"), QStringLiteral("sweep"), QStringLiteral("--out"), csv },
                 &err),
        0);
    QCOMPARE(lines(csv).size(), 1 + ScenarioController::kSweepPoints);
    QVERIFY(lines(csv).first().startsWith(QStringLiteral("context,")));

    const QString pdf = path(QStringLiteral("headless-compare.pdf"));
    QCOMPARE(runKvtiers({ QStringLiteral("export"), QStringLiteral("--chart"), QStringLiteral("compare"),
                            QStringLiteral("--comparison"),
                            QStringLiteral("DeepSeek-V2 (MLA, ~6-bit KV) vs DeepSeek 67B (GQA, BF16)"),
                            QStringLiteral("--out"), pdf },
                 &err),
        0);
    QVERIFY2(head(pdf, 5) == "%PDF-", qPrintable(err));

    const QString ccsv = path(QStringLiteral("headless-compare.csv"));
    QCOMPARE(runKvtiers(
                 { QStringLiteral("export"), QStringLiteral("--chart"), QStringLiteral("compare"),
                     QStringLiteral("--preset"), QStringLiteral("DeepSeek 67B (GQA, BF16)"), QStringLiteral("--preset"),
                     QStringLiteral("DeepSeek-V2 (MLA, BF16 KV)"), QStringLiteral("--out"), ccsv },
                 &err),
        0);
    QVERIFY(lines(ccsv).size() > 5);
    QVERIFY(lines(ccsv).join(u'\n').contains(QStringLiteral("kv_bytes_per_token")));
}

void TestExport::headlessBadArgumentsExitTwo()
{
    if (qEnvironmentVariableIsEmpty("KVTIERS_BINARY"))
        QSKIP("KVTIERS_BINARY not set (run through ctest)");
    struct Case {
        QStringList args;
        QString mentions;
    };
    const QString png = path(QStringLiteral("never.png"));
    const QList<Case> cases = {
        { { QStringLiteral("--chart"), QStringLiteral("pie"), QStringLiteral("--out"), png },
            QStringLiteral("--chart") },
        { { QStringLiteral("--chart"), QStringLiteral("tiers") }, QStringLiteral("--out") },
        { { QStringLiteral("--out"), path(QStringLiteral("x.doc")) }, QStringLiteral("--out") },
        { { QStringLiteral("--out"), png, QStringLiteral("--width"), QStringLiteral("0") }, QStringLiteral("--width") },
        { { QStringLiteral("--out"), png, QStringLiteral("--scale"), QStringLiteral("abc") },
            QStringLiteral("--scale") },
        { { QStringLiteral("--out"), png, QStringLiteral("--preset"), QStringLiteral("nope") },
            QStringLiteral("--preset") },
        { { QStringLiteral("--workload"), QStringLiteral("article"), QStringLiteral("--out"), png,
              QStringLiteral("--tp"), QStringLiteral("3") },
            QStringLiteral("tp") },
        { { QStringLiteral("--workload"), QStringLiteral("nope"), QStringLiteral("--out"), png },
            QStringLiteral("nope") },
        { { QStringLiteral("--chart"), QStringLiteral("compare"), QStringLiteral("--out"), png },
            QStringLiteral("--preset") },
        { { QStringLiteral("--chart"), QStringLiteral("tiers"), QStringLiteral("--out"),
              path(QStringLiteral("t.csv")) },
            QStringLiteral(".csv") },
    };
    for (const Case& c : cases) {
        QString err;
        const int rc = runKvtiers(QStringList { QStringLiteral("export") } + c.args, &err);
        QVERIFY2(rc == 2, qPrintable(c.args.join(u' ') + QStringLiteral(" -> ") + QString::number(rc) + u' ' + err));
        QCOMPARE(err.trimmed().count(u'\n'), 0);
        QVERIFY2(err.contains(c.mentions), qPrintable(err));
    }
    QVERIFY(!QFile::exists(png));
}

void TestExport::comparisonFootnoteInBothLanguages()
{
    const auto a
        = resolved("deepseek-67b", {}, Json { { "context", 131072 }, { "concurrency", 10 }, { "kv_bits", 16 } });
    const auto b = resolved("deepseek-v2", {}, Json { { "context", 131072 }, { "concurrency", 10 }, { "kv_bits", 6 } });
    const ScenarioComparison c = compareScenarios({ "67B", "V2" }, { a.scenario, b.scenario });
    // The words drawn in an SVG export (its text, XML entities resolved).
    auto drawnText = [&](const QString& language) {
        installTranslator(language);
        const QString file = path(QStringLiteral("footnote-%1.svg").arg(language));
        const QString error = ChartExporter::exportComparison(file, c, QStringLiteral("DeepSeek"), { 2400, 700, 1.0 });
        installTranslator(kLanguageEnglish);
        QFile f(file);
        if (!error.isEmpty() || !f.open(QIODevice::ReadOnly))
            return error;
        QString svg = QString::fromUtf8(f.readAll());
        svg.replace(QStringLiteral("&quot;"), QStringLiteral("\""))
            .replace(QStringLiteral("&apos;"), QStringLiteral("'"));
        svg.replace(QStringLiteral("&lt;"), QStringLiteral("<")).replace(QStringLiteral("&gt;"), QStringLiteral(">"));
        return svg.replace(QStringLiteral("&amp;"), QStringLiteral("&"));
    };
    const QString english = drawnText(kLanguageEnglish);
    const QString korean = drawnText(kLanguageKorean);
    for (const auto& s : c.scenarios) {
        const QString model = QString::fromStdString(s.model.name);
        const QString hardware = QString::fromStdString(s.hardware.name);
        // English: "A  67B: DeepSeek 67B on NVIDIA H200 … · …", as before.
        QVERIFY2(english.contains(QStringLiteral("%1 on %2").arg(model, hardware)), qPrintable(model));
        // Korean: the same names, without the English "on" between them.
        QVERIFY2(korean.contains(model) && korean.contains(hardware), qPrintable(hardware));
        QVERIFY2(!korean.contains(QStringLiteral(" on ") + hardware), qPrintable(hardware));
    }
    QVERIFY(english.contains(QStringLiteral("A  67B: ")) && korean.contains(QStringLiteral("A  67B: ")));
}

void TestExport::sweepSvgFillStaysInsideItsAxes()
{
    // PNG and PDF clip the stacked areas to the axes; QSvgGenerator writes no clip paths,
    // so the SVG's overflow area used to run up over the title. Rendered back to pixels,
    // the SVG's red fill must start no higher than the PNG's (the axes' top).
    const ClippedSweep s;
    const ExportOptions options { 900, 560, 1.0 };
    const QString png = path(QStringLiteral("clipped-sweep.png"));
    const QString svg = path(QStringLiteral("clipped-sweep.svg"));
    QCOMPARE(ChartExporter::exportSweep(png, s.rs.scenario, s.result, s.sweepResult, options), QString());
    QCOMPARE(ChartExporter::exportSweep(svg, s.rs.scenario, s.result, s.sweepResult, options), QString());
    QSvgRenderer renderer(svg);
    QVERIFY(renderer.isValid());
    QImage fromSvg(options.width, options.height, QImage::Format_RGB32);
    fromSvg.fill(Qt::white);
    QPainter painter(&fromSvg);
    renderer.render(&painter, QRectF(0, 0, options.width, options.height));
    painter.end();
    const QColor fill = chart::overflowColor().lighter(125);
    const int pngTop = topRowOf(QImage(png), fill);
    const int svgTop = topRowOf(fromSvg, fill);
    QVERIFY2(pngTop > 40, qPrintable(QString::number(pngTop))); // below the title rows
    QVERIFY2(svgTop >= pngTop - 2,
        qPrintable(QStringLiteral("SVG fill starts at row %1, the axes at row %2").arg(svgTop).arg(pngTop)));
    // The line above the area (its darker pen) stays inside too.
    const QColor line = chart::overflowColor().darker(120);
    const int pngLine = topRowOf(QImage(png), line, 1);
    const int svgLine = topRowOf(fromSvg, line, 1);
    QVERIFY2(svgLine >= pngLine - 3, qPrintable(QStringLiteral("%1 < %2").arg(svgLine).arg(pngLine)));
    if (const QString dir = qEnvironmentVariable("KVTIERS_GRAB_DIR"); !dir.isEmpty())
        fromSvg.save(dir + QStringLiteral("/clipped-sweep-svg.png"));
}

void TestExport::sweepLabelsKeepOffTheDashedLines()
{
    // Every annotation lies whole inside the axes and clears the dashed "HBM full" line
    // (x; where there is room beside it) and the dashed HBM capacity line (y) by a few
    // pixels, at a wide and a narrow size, on both sweep axes.
    const ClippedSweep s;
    const std::vector<SweepResult> sweeps = { s.sweepResult, sweep(s.rs.scenario, SweepAxis::Concurrency, 1, 4096, 37),
        sweep(resolved({}, "article").scenario, SweepAxis::Context, 1024, 2097152, 40) };
    for (const QSize size : { QSize(1000, 560), QSize(560, 420) })
        for (const SweepResult& sr : sweeps) {
            SweepChart chart;
            chart.setAxis(sr.axis);
            chart.setResult(s.rs.scenario, s.result, sr);
            layOut(chart, size);
            QCustomPlot* plot = chart.plot();
            std::optional<double> fullX, capacityY;
            for (int i = 0; i < plot->itemCount(); ++i)
                if (auto* line = qobject_cast<QCPItemStraightLine*>(plot->item(i));
                    line && line->visible() && line->pen().style() == Qt::DashLine) {
                    const QPointF a = line->point1->pixelPosition(), b = line->point2->pixelPosition();
                    if (qFuzzyCompare(a.x(), b.x()))
                        fullX = a.x();
                    else
                        capacityY = a.y();
                }
            QVERIFY(capacityY);
            const QString where = QStringLiteral("%1×%2, %3 axis")
                                      .arg(size.width())
                                      .arg(size.height())
                                      .arg(sr.axis == SweepAxis::Context ? u"context" : u"concurrency");
            int labels = 0;
            for (int i = 0; i < plot->itemCount(); ++i) {
                auto* label = qobject_cast<QCPItemText*>(plot->item(i));
                if (!label || !label->visible() || label->text().isEmpty())
                    continue;
                ++labels;
                const QRectF r = textRect(label);
                const QString what = where
                    + QStringLiteral(": \"%1\" at %2,%3 %4×%5")
                          .arg(label->text())
                          .arg(r.left())
                          .arg(r.top())
                          .arg(r.width())
                          .arg(r.height());
                // Whole: inside the axes, where nothing cuts it.
                const QRect axes = plot->axisRect()->rect();
                QVERIFY2(r.left() >= axes.left() - 0.5 && r.right() <= axes.right() + 1.5, qPrintable(what));
                if (fullX && *fullX - 3 > axes.left() + r.width() && *fullX + 3 + r.width() < axes.right())
                    QVERIFY2(r.right() <= *fullX - 3 || r.left() >= *fullX + 3, qPrintable(what));
                // The capacity label stands on its own line; the others keep off it.
                if (!label->text().startsWith(QStringLiteral("HBM capacity")))
                    QVERIFY2(r.bottom() <= *capacityY - 3 || r.top() >= *capacityY + 3, qPrintable(what));
            }
            QVERIFY(labels >= 3);
        }
}

void TestExport::sweepHoldsRateOrSaysWhyBytesFall()
{
    // The README's scenario (50% reuse kept 300 s, every evicted block offloaded): with λ
    // derived, total bytes fall as context grows, because longer requests arrive less often
    // and the retained pool is λ × distance × prefix bytes. The chart says so; holding λ
    // makes the pool grow with the prefix instead.
    const ResolvedScenario rs = resolved(
        {}, "article", Json { { "reuse_rate", 0.5 }, { "reuse_distance_s", 300.0 }, { "offload_rate", 1.0 } });
    const EvalResult result = evaluate(rs.scenario);
    auto total = [](const SweepPoint& p) {
        return p.tiers.hbm.used() + p.tiers.dram.used() + p.tiers.ssd.used() + p.overflowBytes;
    };
    const SweepResult derived = sweep(rs.scenario, SweepAxis::Context, 1024, 65536, 20);
    QVERIFY(derived.rateDerived);
    QVERIFY2(total(derived.points.back()) < 0.9 * total(derived.points.front()),
        qPrintable(QStringLiteral("%1 → %2").arg(total(derived.points.front())).arg(total(derived.points.back()))));

    const Scenario held = holdRequestRate(rs.scenario);
    QVERIFY(held.workload.requestRate.has_value());
    QCOMPARE(*held.workload.requestRate, result.requestRate);                         // the scenario's own λ
    QVERIFY(holdRequestRate(held).workload.requestRate == held.workload.requestRate); // a given λ stays
    const SweepResult fixed = sweep(held, SweepAxis::Context, 1024, 65536, 20);
    QVERIFY(!fixed.rateDerived);
    for (const SweepPoint& p : fixed.points) // the pool grows with the prefix, to the tiers' capacity
        QVERIFY2(total(p) >= 0.97 * total(fixed.points.front()), qPrintable(QString::number(p.x)));
    QVERIFY(total(fixed.points.back()) > total(fixed.points.front()));

    SweepChart chart;
    chart.setResult(rs.scenario, result, derived);
    layOut(chart, QSize(900, 520));
    QVERIFY(chart.rateNote().contains(QStringLiteral("falls as context grows")));
    // The note is drawn: some text element of the plot carries it (wrapped to the width).
    bool shown = false;
    for (int i = 0; i < chart.plot()->plotLayout()->elementCount(); ++i)
        if (auto* t = qobject_cast<QCPTextElement*>(chart.plot()->plotLayout()->elementAt(i)))
            shown |= t->text().simplified() == chart.rateNote();
    QVERIFY(shown);
    chart.setResult(held, evaluate(held), fixed);
    QVERIFY(chart.rateNote().isEmpty());
    // On the concurrency axis λ does not fall with context: no note.
    chart.setResult(rs.scenario, result, sweep(rs.scenario, SweepAxis::Concurrency, 1, 64, 8));
    QVERIFY(chart.rateNote().isEmpty());

    // The chart's checkbox asks for a held sweep; the controller computes one.
    QSignalSpy asked(&chart, &SweepChart::holdsRateChanged);
    chart.setHoldsRate(true);
    QCOMPARE(asked.count(), 1);
    QVERIFY(chart.holdsRate());
}

void TestExport::exportsRememberTheirOwnFolder()
{
    // A save (an export) starts where the last export went, whatever was opened since; an
    // open dialog starts where the last file was opened.
    QTemporaryDir exports, traces;
    FileDialog::setNextFileName(exports.filePath(QStringLiteral("sweep.png")));
    QVERIFY(!FileDialog::getSaveFileName(nullptr, QStringLiteral("Export"), QStringLiteral("x.png"), {}).isEmpty());
    QCOMPARE(FileDialog::lastExportFolder(), exports.path());
    FileDialog::setNextFileName(traces.filePath(QStringLiteral("trace.jsonl")));
    QVERIFY(!FileDialog::getOpenFileName(nullptr, QStringLiteral("Open"), {}).isEmpty());
    QCOMPARE(FileDialog::lastFolder(), traces.path());
    QCOMPARE(FileDialog::lastExportFolder(), exports.path());
    // A folder since removed: exports start in Pictures (or Documents) again.
    const QString gone = exports.path();
    exports.remove();
    QVERIFY(FileDialog::lastExportFolder() != gone);
}

void TestExport::sweepMarkerStepRedrawsOnlyItsLayer()
{
    // A context step leaves the context sweep as it was: only the "now" marker's layer is
    // drawn again, not the whole plot; a change of the data replots it all.
    const ResolvedScenario rs = resolved({}, "article");
    Scenario s = rs.scenario;
    SweepChart chart;
    chart.setResult(s, evaluate(s), sweep(s, SweepAxis::Context, 1024, 2097152, 40));
    layOut(chart, QSize(900, 520));
    QSignalSpy full(chart.plot(), &QCustomPlot::afterReplot);
    QSignalSpy marker(&chart, &SweepChart::markerReplotted);
    s.workload.context = std::round(s.workload.context * 1.05);
    chart.setResult(s, evaluate(s), sweep(s, SweepAxis::Context, 1024, 2097152, 40));
    QTest::qWait(20);
    QCOMPARE(marker.count(), 1);
    QCOMPARE(full.count(), 0);
    QCOMPARE(chart.currentX(), s.workload.context);
    s.workload.concurrency *= 2; // more sequences: another curve
    chart.setResult(s, evaluate(s), sweep(s, SweepAxis::Context, 1024, 2097152, 40));
    QTest::qWait(20);
    QCOMPARE(marker.count(), 1);
    QVERIFY(full.count() >= 1);
}

void TestExport::sweepClipNoteStaysInsideThePlot()
{
    // In a narrow chart the "clipped" note ran out of the plot on the left and was cut.
    const ClippedSweep s;
    for (const QSize size : { QSize(360, 320), QSize(480, 360), QSize(1000, 560) }) {
        SweepChart chart;
        chart.setResult(s.rs.scenario, s.result, s.sweepResult);
        layOut(chart, size);
        QCPItemText* note = nullptr;
        for (int i = 0; i < chart.plot()->itemCount(); ++i)
            if (auto* label = qobject_cast<QCPItemText*>(chart.plot()->item(i));
                label && label->text().contains(QStringLiteral("clipped")))
                note = label;
        QVERIFY(note);
        QVERIFY(note->visible());
        const QRectF r = textRect(note);
        const QRect axes = chart.plot()->axisRect()->rect();
        QVERIFY2(r.left() >= axes.left() - 0.5 && r.right() <= axes.right() + 1.5,
            qPrintable(QStringLiteral("%1 px wide: note from %2 to %3, axes from %4 to %5")
                           .arg(size.width())
                           .arg(r.left())
                           .arg(r.right())
                           .arg(axes.left())
                           .arg(axes.right())));
        QVERIFY(r.top() >= axes.top() - 0.5);
        // Nothing of the note is lost: wrapped, not shortened.
        QString text = note->text();
        text.replace(u'\n', u' ');
        QVERIFY(text.contains(QStringLiteral("2M tokens")));
    }
}

void TestExport::tierLabelsAreWholeOrHidden()
{
    // A segment label wider than its panel used to be cut by the panel's edge ("euse poo"
    // for "reuse pool"), and white text beside a dark bar vanished. Now every label shown
    // lies whole inside its panel, one in white inside its bar, and a narrow chart hides
    // some that a wide one shows (hover tells their figures). The chat card keeps a reuse
    // pool in DRAM, a narrow segment.
    const auto rs = resolved({}, "chat");
    const EvalResult r = evaluate(rs.scenario);
    auto shownLabels = [&](QSize size, bool* allWhole) {
        TierChart chart;
        chart.setResult(rs.scenario, r);
        layOut(chart, size);
        QCustomPlot* plot = chart.plot();
        int shown = 0;
        *allWhole = true;
        for (int i = 0; i < plot->itemCount(); ++i) {
            auto* label = qobject_cast<QCPItemText*>(plot->item(i));
            if (!label || !label->visible() || !label->clipToAxisRect() || label->text().isEmpty())
                continue;
            const QRectF text = textRect(label);
            const QRectF axes = label->clipAxisRect()->rect();
            if (!axes.adjusted(-0.5, -0.5, 0.5, 0.5).contains(text)) {
                qWarning("cut by its panel: %s", qPrintable(label->text()));
                *allWhole = false;
            }
            if (label->positionAlignment() != Qt::AlignCenter)
                continue; // capacity marks stand above their line
            // A segment label in white (on a dark segment): inside its bar.
            QCPAxis* x = label->position->keyAxis();
            const double left = x->coordToPixel(1.0 - 0.35), right = x->coordToPixel(1.0 + 0.35);
            if (label->color() == QColor(Qt::white) && (text.left() < left - 0.5 || text.right() > right + 0.5)) {
                qWarning("cut by its bar: %s", qPrintable(label->text()));
                *allWhole = false;
            }
            ++shown;
        }
        if (const QString dir = qEnvironmentVariable("KVTIERS_GRAB_DIR"); !dir.isEmpty())
            chart.grab().save(dir + QStringLiteral("/tier-labels-%1.png").arg(size.width()));
        return shown;
    };
    bool whole = false;
    const int wide = shownLabels({ 1400, 600 }, &whole);
    QVERIFY(whole);
    const int narrow = shownLabels({ 520, 420 }, &whole);
    QVERIFY(whole);
    QVERIFY2(narrow < wide, qPrintable(QStringLiteral("%1 labels narrow, %2 wide").arg(narrow).arg(wide)));
    QVERIFY(wide >= 4);
}

namespace {
/// Columns of `image` within `band` pixels of its left or right edge that hold dark ink
/// (text or lines): a title or footnote wider than the image is cut there.
int inkAtSideEdges(const QImage& image, int band = 4)
{
    int dark = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x : { 0, 1, 2, 3, image.width() - 4, image.width() - 3, image.width() - 2, image.width() - 1 })
            if ((x < band || x >= image.width() - band) && qGray(image.pixel(x, y)) < 128)
                ++dark;
    return dark;
}
} // namespace

void TestExport::narrowExportsKeepTextInside()
{
    // At 800 px the article's title ("Where the bytes go in HBM, DRAM and SSD: Llama 3.1
    // 70B on NVIDIA H200 SXM 141GB, DGX H200 8-GPU server…") and its footnote lines are
    // wider than the image: they wrap onto more lines, and no ink reaches the image's edges.
    const auto a = resolved({}, "article");
    const EvalResult r = evaluate(a.scenario);
    const ExportOptions narrow { 800, 500, 1.0 };
    QCOMPARE(inkAtSideEdges(ChartExporter::renderTierChart(a.scenario, r, narrow)), 0);
    const SweepResult sr = sweep(a.scenario, SweepAxis::Context, 1024, 2097152, 40);
    QCOMPARE(inkAtSideEdges(ChartExporter::renderSweep(a.scenario, r, sr, narrow)), 0);
    QCOMPARE(inkAtSideEdges(ChartExporter::renderFleet(fleet(100), ByteUnits::Binary, {}, { 640, 480, 1.0 })), 0);
    // The default size keeps its one-line title: wrapping only starts where text would be cut.
    QCOMPARE(inkAtSideEdges(ChartExporter::renderTierChart(a.scenario, r, {})), 0);
}

QTEST_MAIN(TestExport)
#include "tst_export.moc"
