// Golden images of the exported charts: one PNG per chart kind (tiers, sweep, compare,
// fleet, tornado, fleet tornado, curve, trace), drawn by the exporters the app and
// `kvtiers export` use, at 1200 x 800 and scale 1, and compared with the recorded ones in
// tests/data/golden/png/ within a small tolerance (antialiasing may move a channel by a
// few levels; a moved bar, label or line changes far more pixels than allowed). A
// mismatch writes the actual image into the test's working folder (the build tree) and
// names it. KVTIERS_RECORD_GOLDEN=1 records the images instead (scripts/record-golden).
//
// The pixels must not depend on the machine's fonts: before Qt starts, fontconfig is given
// a configuration with no font folders at all, and the only fonts are DejaVu Sans and
// DejaVu Sans Bold kept in tests/data/fonts, added as application fonts, the regular one
// the application font. initTestCase checks that every font a chart can ask for resolves
// to them.

#include "core/analysis/Fleet.h"
#include "core/analysis/ScenarioComparison.h"
#include "core/analysis/Sensitivity.h"
#include "core/analysis/Sweep.h"
#include "core/catalog/CardCatalog.h"
#include "core/catalog/ScenarioSpec.h"
#include "core/model/Evaluation.h"
#include "core/trace/TraceAnalysis.h"
#include "core/trace/TraceReader.h"
#include "core/trace/TraceTiers.h"
#include "tests/support/SourceFiles.h"
#include "tests/support/TestSupport.h"
#include "ui/export/ChartExporter.h"
#include "ui/export/SensitivityExport.h"
#include "ui/export/TraceExport.h"
#include "ui/sensitivity/SensitivityDocument.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFontDatabase>
#include <QFontInfo>
#include <QImage>
#include <QRawFont>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cstdlib>
#include <utility>

using namespace kvtiers;
using namespace kvtiers::ui;

namespace {

/// The export size of every golden image: logical pixels at scale 1.
const ExportOptions kOptions { 1200, 800, 1.0 };
/// A channel may differ by this much (of 255) without counting...
constexpr int kChannelTolerance = 8;
/// ...and at most this share of pixels may differ by more.
constexpr double kPixelShareTolerance = 0.001;
/// The application font's size: the offscreen platform's default, pinned.
constexpr int kFontPointSize = 9;

QString goldenPath(const QString& name)
{
    return kvtiers::test::sourceDir() + QStringLiteral("/tests/data/golden/png/") + name + QStringLiteral(".png");
}

bool recording()
{
    return qEnvironmentVariable("KVTIERS_RECORD_GOLDEN") == QLatin1String("1");
}

Scenario workloadScenario(const std::string& workload)
{
    ScenarioSpec spec;
    spec.workload = workload;
    return resolveScenario(CardCatalog::builtin(), spec).scenario;
}

FleetInput fleetInput()
{
    // Two workloads on one H200 server profile, within FleetInput's default targets.
    const FleetInput defaults;
    FleetInput in = kvtiers::test::fleetMix({ { "chat", 0.7 }, { "mooncake", 0.3 } }, 20, defaults.targets.tpot());
    in.targets.ttftSeconds = defaults.targets.ttft();
    return in;
}

/// Writes chart `name` to `path` (.png); empty on success, else the exporter's message.
QString exportChart(const QString& name, const QString& path)
{
    if (name == QLatin1String("tiers")) {
        const Scenario s = workloadScenario("article");
        return ChartExporter::exportTierChart(path, s, evaluate(s), kOptions, "article");
    }
    if (name == QLatin1String("sweep")) {
        const Scenario s = workloadScenario("article");
        const SweepRange range = defaultSweepRange(SweepAxis::Context);
        const SweepResult sr = sweep(s, SweepAxis::Context, range.from, range.to, kSweepPoints);
        return ChartExporter::exportSweep(path, s, evaluate(s), sr, kOptions);
    }
    if (name == QLatin1String("compare")) {
        const std::vector<std::string> names = { "article", "chat", "mooncake" };
        std::vector<Scenario> scenarios;
        for (const auto& n : names)
            scenarios.push_back(workloadScenario(n));
        return ChartExporter::exportComparison(
            path, compareScenarios(names, scenarios), QStringLiteral("Built-in workloads"), kOptions);
    }
    if (name == QLatin1String("fleet"))
        return ChartExporter::exportFleet(
            path, sizeFleet(CardCatalog::builtin(), fleetInput()), ByteUnits::Binary, {}, kOptions);
    if (name == QLatin1String("tornado")) {
        const Scenario s = workloadScenario("article");
        return SensitivityExport::exportTornado(path, s, sensitivity(s, 0.5), Tier::Hbm, ByteUnits::Binary, kOptions);
    }
    if (name == QLatin1String("fleet-tornado")) {
        const FleetInput in = fleetInput();
        return SensitivityExport::exportFleetTornado(path, in, fleetSensitivity(CardCatalog::builtin(), in, 0.5),
            TornadoMeasure::Gpus, ByteUnits::Binary, kOptions);
    }
    if (name == QLatin1String("curve")) {
        const Scenario s = workloadScenario("article");
        const auto values = SensitivityDocument::curveValues(s, Variable::Context);
        return SensitivityExport::exportCurve(
            path, s, Variable::Context, scenarioCurve(s, Variable::Context, values), ByteUnits::Binary, kOptions);
    }
    if (name == QLatin1String("trace")) {
        const Scenario s = workloadScenario("mooncake");
        const EvalResult r = evaluate(s);
        const trace::TraceCapacity capacity = trace::traceCapacity(r, trace::TraceRouting::Global);
        const QString file
            = kvtiers::test::sourceDir() + QStringLiteral("/tests/data/traces/mooncake-conversation.jsonl");
        const auto reader = trace::TraceReader::open(file.toStdString());
        const trace::TraceAnalysis a = trace::analyzeTrace(*reader, trace::withCapacity({}, capacity));
        return TraceExport::exportTrace(path, a, a.blockTokens * capacity.kvBytesPerToken,
            QStringLiteral("mooncake-conversation.jsonl"), QString::fromStdString(s.model.name), kOptions);
    }
    return QStringLiteral("no chart called %1").arg(name);
}

struct ImageDifference {
    qint64 pixels = 0; ///< beyond the channel tolerance
    int largest = 0;   ///< largest channel difference
    QRect where;       ///< bounding box of those pixels
};

ImageDifference difference(const QImage& expected, const QImage& actual)
{
    ImageDifference d;
    const QImage e = expected.convertToFormat(QImage::Format_ARGB32);
    const QImage a = actual.convertToFormat(QImage::Format_ARGB32);
    for (int y = 0; y < e.height(); ++y) {
        const auto* el = reinterpret_cast<const QRgb*>(e.constScanLine(y));
        const auto* al = reinterpret_cast<const QRgb*>(a.constScanLine(y));
        for (int x = 0; x < e.width(); ++x) {
            const int diff = std::max({ std::abs(qRed(el[x]) - qRed(al[x])), std::abs(qGreen(el[x]) - qGreen(al[x])),
                std::abs(qBlue(el[x]) - qBlue(al[x])), std::abs(qAlpha(el[x]) - qAlpha(al[x])) });
            d.largest = std::max(d.largest, diff);
            if (diff > kChannelTolerance) {
                ++d.pixels;
                d.where |= QRect(x, y, 1, 1);
            }
        }
    }
    return d;
}

} // namespace

class TestGoldenPng : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void chart_data();
    void chart();

private:
    QTemporaryDir m_dir;
    QTemporaryDir m_data;
};

void TestGoldenPng::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY(m_data.isValid());
    // No user cards, presets or settings.
    qputenv("KVTIERS_DATA_DIR", m_data.path().toUtf8());

    // The kept fonts, and nothing else (main() gave fontconfig no folders).
    const QString fonts = kvtiers::test::sourceDir() + QStringLiteral("/tests/data/fonts/");
    QString family;
    for (const char* file : { "DejaVuSans.ttf", "DejaVuSans-Bold.ttf" }) {
        const QString path = fonts + QLatin1String(file);
        const int id = QFontDatabase::addApplicationFont(path);
        QVERIFY2(id >= 0, qPrintable(QStringLiteral("cannot load %1").arg(path)));
        family = QFontDatabase::applicationFontFamilies(id).value(0);
    }
    QCOMPARE(family, QStringLiteral("DejaVu Sans"));
    // Qt's fontconfig database always lists the generic aliases; they are checked below.
    QStringList families = QFontDatabase::families();
    families.removeIf([](const QString& f) {
        return f == QLatin1String("Sans Serif") || f == QLatin1String("Serif") || f == QLatin1String("Monospace");
    });
    QCOMPARE(families, QStringList { family });
    QFont font(family, kFontPointSize);
    QApplication::setFont(font);

    // Which fonts are actually used: the application font, its bold, and whatever family
    // a chart could name (none today; generic names as a guard) are the kept files.
    QFont bold = font;
    bold.setBold(true);
    QFont generic(QStringLiteral("Sans Serif"), kFontPointSize);
    QFont serif(QStringLiteral("Serif"), kFontPointSize);
    QFont monospace(QStringLiteral("monospace"), kFontPointSize);
    for (const auto& [f, file] : { std::pair { font, "DejaVuSans.ttf" }, std::pair { bold, "DejaVuSans-Bold.ttf" },
             std::pair { generic, "DejaVuSans.ttf" }, std::pair { serif, "DejaVuSans.ttf" },
             std::pair { monospace, "DejaVuSans.ttf" } }) {
        QFile kept(fonts + QLatin1String(file));
        QVERIFY(kept.open(QIODevice::ReadOnly));
        const QRawFont expected(kept.readAll(), f.pointSizeF());
        const QRawFont used = QRawFont::fromFont(f);
        QCOMPARE(QFontInfo(f).family(), family);
        // The "head" table holds the font's revision, checksum and dates: it tells two files apart.
        QVERIFY2(used.fontTable("head") == expected.fontTable("head"),
            qPrintable(QStringLiteral("%1 (bold %2) is not drawn with %3").arg(f.family()).arg(f.bold()).arg(file)));
    }
}

void TestGoldenPng::chart_data()
{
    QTest::addColumn<QString>("name");
    for (const char* name : { "tiers", "sweep", "compare", "fleet", "tornado", "fleet-tornado", "curve", "trace" })
        QTest::newRow(name) << QString::fromLatin1(name);
}

void TestGoldenPng::chart()
{
    QFETCH(QString, name);
    const QString file = m_dir.filePath(name + QStringLiteral(".png"));
    const QString error = exportChart(name, file);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const QImage actual(file);
    QCOMPARE(actual.size(), QSize(kOptions.width, kOptions.height));

    const QString golden = goldenPath(name);
    if (recording()) {
        QVERIFY(QDir().mkpath(QFileInfo(golden).path()));
        QFile::remove(golden);
        QVERIFY2(QFile::copy(file, golden), qPrintable(QStringLiteral("cannot write %1").arg(golden)));
        qInfo("recorded %s", qPrintable(golden));
        return;
    }
    const QImage expected(golden);
    QVERIFY2(!expected.isNull(),
        qPrintable(QStringLiteral("%1: no golden image (record it with scripts/record-golden)").arg(golden)));

    const ImageDifference d = expected.size() == actual.size() ? difference(expected, actual) : ImageDifference {};
    const double share = double(d.pixels) / (double(actual.width()) * actual.height());
    if (expected.size() != actual.size() || share > kPixelShareTolerance) {
        const QString kept = QDir::current().absoluteFilePath(QStringLiteral("golden-actual-%1.png").arg(name));
        QFile::remove(kept);
        QFile::copy(file, kept);
        QFAIL(qPrintable(expected.size() != actual.size()
                ? QStringLiteral("%1: %2 x %3, the golden %4 is %5 x %6; the actual image is %7")
                      .arg(name)
                      .arg(actual.width())
                      .arg(actual.height())
                      .arg(golden)
                      .arg(expected.width())
                      .arg(expected.height())
                      .arg(kept)
                : QStringLiteral("%1: %2 pixels (%3%) differ by more than %4/255 from %5 (at most %6% may), within "
                                 "x %7..%8, y %9..%10; the actual image is %11")
                      .arg(name)
                      .arg(d.pixels)
                      .arg(share * 100, 0, 'f', 3)
                      .arg(kChannelTolerance)
                      .arg(golden)
                      .arg(kPixelShareTolerance * 100)
                      .arg(d.where.left())
                      .arg(d.where.right())
                      .arg(d.where.top())
                      .arg(d.where.bottom())
                      .arg(kept)));
    }
}

int main(int argc, char** argv)
{
    // fontconfig reads its configuration once, when Qt's font database starts: one with no
    // font folders leaves the kept fonts (added in initTestCase) as the only ones.
    QTemporaryDir fontconfig;
    if (!fontconfig.isValid())
        qFatal("cannot make a folder for the fontconfig configuration");
    QFile conf(fontconfig.filePath(QStringLiteral("fonts.conf")));
    if (!conf.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(conf.fileName()));
    conf.write(QStringLiteral("<?xml version=\"1.0\"?>\n<!DOCTYPE fontconfig SYSTEM \"fonts.dtd\">\n"
                              "<fontconfig><cachedir>%1</cachedir></fontconfig>\n")
                   .arg(fontconfig.filePath(QStringLiteral("cache")).toHtmlEscaped())
                   .toUtf8());
    conf.close();
    qputenv("FONTCONFIG_FILE", conf.fileName().toUtf8());
    qputenv("QT_QPA_PLATFORM", "offscreen");
    // Numbers on the charts as scripts/record-golden recorded them, whatever the user's locale.
    qputenv("LC_ALL", "C.UTF-8");
    QStandardPaths::setTestModeEnabled(true);

    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("kvtiers"));
    QApplication::setOrganizationName(QStringLiteral("kvtiers"));
    TestGoldenPng test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_golden_png.moc"
