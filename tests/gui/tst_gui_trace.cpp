// The Trace tab in the real main window, offscreen: File > Open trace goes through the
// file-dialog seam, the shipped Mooncake trace is read in the background, and the chart,
// bands, knees and summary carry the core's figures for the window's scenario, whose DRAM and
// SSD hold prefixes only when it offloads. A scenario change moves the cut-offs without
// reading the file again, to what a replay at the new capacities gives; a bad trace says
// which line and field, keeps the previous curve and names it; Cancel stops a read; "Use
// this trace" leaves a scenario that keeps prefixes in DRAM; Export writes the chart and CSV.

#include "core/trace/TraceAnalysis.h"
#include "core/trace/TraceTiers.h"
#include "tests/support/SourceFiles.h"
#include "tests/support/TestWindow.h"
#include "ui/app/MainWindow.h"
#include "ui/charts/TraceChart.h"
#include "ui/dialogs/FileDialog.h"
#include "ui/dialogs/MessageBox.h"
#include "ui/scenario/ScenarioController.h"
#include "ui/text/UnitsText.h"
#include "ui/trace/TraceView.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QPushButton>
#include <QSet>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>
#include <qcustomplot.h>

#include <memory>

using namespace kvtiers;
using namespace kvtiers::ui;

namespace {

QString shipped()
{
    return kvtiers::test::sourceDir() + QStringLiteral("/tests/data/traces/mooncake-conversation.jsonl");
}

} // namespace

class TestGuiTrace : public QObject {
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;
    TraceView* view() { return m_window->findChild<TraceView*>(QStringLiteral("traceView")); }

    /// The core's analysis of the shipped trace at the window's current scenario.
    trace::TraceAnalysis coreAnalysis()
    {
        const EvalResult& r = m_window->controller()->result();
        const double offload = m_window->controller()->scenario().workload.offloadRate;
        auto reader = trace::TraceReader::open(shipped().toStdString());
        return trace::analyzeTrace(*reader,
            trace::withCapacity(
                {}, trace::followOffload(trace::traceCapacity(r, trace::TraceRouting::Global), offload)));
    }

    QString status() { return m_window->findChild<QLabel*>(QStringLiteral("traceStatus"))->text(); }

    bool openShipped()
    {
        QSignalSpy done(view(), &TraceView::finished);
        FileDialog::setNextFileName(shipped());
        m_window->findChild<QAction*>(QStringLiteral("openTraceAction"))->trigger();
        return done.wait(60000) && done.front().at(0).toBool();
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        MessageBox::setNonInteractive(true);
    }

    void init() { QVERIFY(kvtiers::test::openTestWindow(m_window)); }

    void cleanup() { m_window.reset(); }

    void fileDialogsStartInAFolderThatExists()
    {
        // With no folder remembered (a fresh home) the dialogs start in Documents where it
        // exists, else the home folder: a missing folder's name ("Documents") would be filled
        // in as the file name to open.
        QVERIFY2(QFileInfo(FileDialog::lastFolder()).isDir(), qPrintable(FileDialog::lastFolder()));
        QVERIFY2(QFileInfo(FileDialog::lastExportFolder()).isDir(), qPrintable(FileDialog::lastExportFolder()));
    }

    void openByMenuShowsTheCoresCurve()
    {
        QVERIFY(view());
        // Before a trace, the top axis (blocks as the model's bytes) would count "0 B" at
        // every tick: it is hidden until there is a curve to size.
        QVERIFY(!view()->chart()->plot()->xAxis2->visible());
        QVERIFY(openShipped());
        QVERIFY(view()->chart()->plot()->xAxis2->visible());
        auto* tabs = m_window->findChild<QTabWidget*>(QStringLiteral("viewTabs"));
        QCOMPARE(tabs->tabText(tabs->currentIndex()), QStringLiteral("Trace"));
        const trace::TraceAnalysis a = coreAnalysis();
        const trace::TraceAnalysis* shown = view()->analysis();
        QVERIFY(shown);
        QCOMPARE(shown->uniqueBlocks, std::uint64_t(182790));
        TraceChart* chart = view()->chart();
        QVERIFY(chart->pointCount() > 100);
        for (int i = 0; i < chart->pointCount(); i += 37) {
            QCOMPARE(chart->hitRatioAt(i), a.hitRatio(chart->capacityAt(i)));
            QCOMPARE(chart->tokenHitRatioAt(i), a.tokenHitRatio(chart->capacityAt(i)));
        }
        QCOMPARE(chart->hitRatioAt(chart->pointCount() - 1), a.hitRatioInfinite());
        // Knees at 90% and 99% of the ceiling; bands at the tiers' cumulative capacities.
        QCOMPARE(chart->knee(0), a.capacityForShareOfCeiling(0.9));
        QCOMPARE(chart->knee(1), a.capacityForShareOfCeiling(0.99));
        double cumulative = 0;
        for (Tier t : kTiers) {
            cumulative += a.tierBlocks[t];
            QCOMPARE(chart->bandEnd(t), cumulative);
            QVERIFY2(chart->bandLabel(t).contains(percentText(a.tiers.tokens[t] / a.promptTokens)),
                qPrintable(chart->bandLabel(t)));
        }
        QVERIFY(chart->bandVisible(Tier::Hbm));
        // The article's scenario offloads nothing: its tier table puts 0 B in DRAM, and so
        // does the trace tab, and says why.
        QCOMPARE(m_window->controller()->scenario().workload.offloadRate, 0.0);
        QCOMPARE(shown->tierBlocks.dram, 0.0);
        QCOMPARE(shown->tiers.tokens.dram, 0.0);
        QCOMPARE(shown->tiers.tokens.ssd, 0.0);
        const QString summary = m_window->findChild<QLabel*>(QStringLiteral("traceSummary"))->text();
        QVERIFY2(summary.contains(QStringLiteral("offloads nothing")), qPrintable(summary));
        QVERIFY2(summary.contains(percentText(a.hitRatioInfinite())), qPrintable(summary));
        QVERIFY(summary.contains(countText(a.capacityForShareOfCeiling(0.9))));
        QVERIFY(summary.contains(percentText(a.tiers.missTokens / a.promptTokens)));
    }

    void useThisTraceSetsTheWorkload()
    {
        // "Use this trace" sets the scenario's reuse ceiling, context, output and reuse-gap
        // table from the trace, as one undo step; the evaluation then reports that ceiling.
        QVERIFY(openShipped());
        const trace::TraceAnalysis core = coreAnalysis();
        auto* use = m_window->findChild<QPushButton*>(QStringLiteral("traceUseButton"));
        QVERIFY(use && use->isEnabled());
        ScenarioController* c = m_window->controller();
        const int undoBefore = c->undoStack()->count();
        use->click();
        c->flush();
        const Json& o = c->spec().overrides;
        QCOMPARE(o.at("reuse_rate").get<double>(), core.tokenHitRatioInfinite());
        // Mooncake's conversation trace: 12,035 prompt and 343 output tokens per request on
        // average (FAST'25, Table 2); the shipped 12,031 requests give the same to the token.
        const auto n = static_cast<double>(core.requests);
        QCOMPARE(o.at("output_tokens").get<std::int64_t>(), std::llround(core.outputTokens / n));
        QCOMPARE(o.at("context").get<std::int64_t>(),
            std::llround(core.promptTokens / n) + std::llround(core.outputTokens / n));
        QCOMPARE(o.at("output_tokens").get<std::int64_t>(), std::int64_t(343));
        QCOMPARE(o.at("context").get<std::int64_t>(), std::int64_t(12035 + 343));
        QVERIFY(o.at("reuse_gap_cdf").size() > 5);
        // The replay keeps evicted blocks below HBM: so does the scenario, and DRAM fills
        // (no "Nothing fills DRAM: set an offload rate").
        QCOMPARE(o.at("offload_rate").get<double>(), 1.0);
        QVERIFY(c->result().tiers.dram.retained > 0);
        QVERIFY2(c->errorMessage().isEmpty(), qPrintable(c->errorMessage()));
        QCOMPARE(c->result().requestedReuse, core.tokenHitRatioInfinite());
        QCOMPARE(c->undoStack()->count(), undoBefore + 1);
        c->undoStack()->undo();
        c->flush();
        QVERIFY(!c->spec().overrides.contains("reuse_gap_cdf"));
    }

    void scenarioChangeMovesTheCutsWithoutReading()
    {
        QVERIFY(openShipped());
        const double before = view()->analysis()->tierBlocks.dram;
        QSignalSpy done(view(), &TraceView::finished);
        ScenarioController* c = m_window->controller();
        for (const auto& [key, value] : { std::pair { "offload_rate", 1.0 }, std::pair { "host_dram_bytes", 8e12 },
                 std::pair { "context", 65536.0 } }) {
            c->setOverride(key, value);
            c->flush();
            QVERIFY(!view()->isReading());                 // the file is not read again
            const trace::TraceAnalysis a = coreAnalysis(); // a replay from the file, for comparison
            for (Tier t : kTiers) {
                QCOMPARE(view()->analysis()->tierBlocks[t], a.tierBlocks[t]);
                QCOMPARE(view()->analysis()->tiers.tokens[t], a.tiers.tokens[t]);
                QCOMPARE(view()->analysis()->tiers.blocks[t], a.tiers.blocks[t]);
            }
            QCOMPARE(view()->analysis()->tiers.missTokens, a.tiers.missTokens);
            QCOMPARE(view()->chart()->bandLabel(Tier::Dram).contains(percentText(a.tiers.tokens.dram / a.promptTokens)),
                true);
        }
        QVERIFY(view()->analysis()->tierBlocks.dram != before);
        QCOMPARE(done.count(), 0);
    }

    void recutEqualsAReplay_data()
    {
        QTest::addColumn<int>("routing");
        QTest::addColumn<int>("caches");
        QTest::addColumn<double>("sample");
        QTest::newRow("global") << int(trace::TraceRouting::Global) << 1 << 1.0;
        QTest::newRow("round-robin 4") << int(trace::TraceRouting::RoundRobin) << 4 << 1.0;
        QTest::newRow("prefix-aware 3") << int(trace::TraceRouting::PrefixAware) << 3 << 1.0;
    }

    void recutEqualsAReplay()
    {
        // The tier split from the histograms equals a replay's at any capacities, block and
        // token counts alike, whatever the routing.
        QFETCH(int, routing);
        QFETCH(int, caches);
        QFETCH(double, sample);
        trace::TraceOptions o;
        o.routing = static_cast<trace::TraceRouting>(routing);
        o.caches = caches;
        o.sampleRate = sample;
        o.tierBlocks = { 3000, 20000, 60000 };
        auto reader = trace::TraceReader::open(shipped().toStdString());
        trace::TraceAnalysis cut = trace::analyzeTrace(*reader, o);
        for (const PerTier<double> blocks : { PerTier<double> { 0, 0, 0 }, { 100, 0, 0 }, { 1000, 5000, 0 },
                 { 500, 0, 40000 }, { 10000, 30000, 1e6 }, { 3000, 20000, 60000 } }) {
            o.tierBlocks = blocks;
            auto again = trace::TraceReader::open(shipped().toStdString());
            const trace::TraceAnalysis replay = trace::analyzeTrace(*again, o);
            cut.recut(blocks);
            for (Tier t : kTiers) {
                QCOMPARE(cut.tiers.tokens[t], replay.tiers.tokens[t]);
                QCOMPARE(cut.tiers.blocks[t], replay.tiers.blocks[t]);
            }
            QCOMPARE(cut.tiers.missTokens, replay.tiers.missTokens);
            QCOMPARE(cut.tiers.missBlocks, replay.tiers.missBlocks);
        }
    }

    void badTraceKeepsTheCurveAndNamesTheLine()
    {
        QVERIFY(openShipped());
        QTemporaryDir dir;
        const QString bad = dir.path() + QStringLiteral("/bad.jsonl");
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"timestamp\": 0, \"input_length\": 600, \"output_length\": 1, \"hash_ids\": [1, 2]}\n"
                "{\"timestamp\": 1, \"input_length\": 600, \"output_length\": 1, \"hash_ids\": [1, \"x\"]}\n");
        f.close();
        QSignalSpy done(view(), &TraceView::finished);
        view()->openFile(bad);
        QVERIFY(done.wait(60000));
        const QString error = done.front().at(1).toString();
        QVERIFY2(error.contains(QStringLiteral("bad.jsonl:2:")) && error.contains(QStringLiteral("\"hash_ids\"")),
            qPrintable(error));
        // The chart still shows the shipped trace: the status says so.
        // Two sentences: the error ends with its own full stop before the next one starts.
        QVERIFY2(!error.endsWith(u'.'), qPrintable(error));
        QCOMPARE(status(), error + QStringLiteral(". Still showing mooncake-conversation.jsonl."));
        QCOMPARE(view()->analysis()->uniqueBlocks, std::uint64_t(182790)); // nothing half-loaded
    }

    void cancelStopsARead()
    {
        QSignalSpy done(view(), &TraceView::finished);
        view()->openFile(shipped());
        QVERIFY(view()->isReading());
        view()->cancel();
        QVERIFY(done.wait(60000));
        // Either cancelled in time, or the small trace was read before the flag was seen.
        QVERIFY(!view()->isReading());
        QVERIFY(done.front().at(1).toString().isEmpty());
        if (!done.front().at(0).toBool())
            QCOMPARE(status(), QStringLiteral("Cancelled.")); // nothing shown before
    }

    void cancelAfterATraceNamesIt()
    {
        QVERIFY(openShipped());
        QSignalSpy done(view(), &TraceView::finished);
        view()->openFile(shipped());
        view()->cancel();
        QVERIFY(done.wait(60000));
        if (!done.front().at(0).toBool())
            QCOMPARE(status(), QStringLiteral("Cancelled. Still showing mooncake-conversation.jsonl."));
        else
            QVERIFY(status().startsWith(QStringLiteral("mooncake-conversation.jsonl: ")));
    }

    void emptyTabSaysHowToOpen()
    {
        const QString summary = m_window->findChild<QLabel*>(QStringLiteral("traceSummary"))->text();
        QVERIFY2(summary.contains(QStringLiteral("Ctrl+O")) && summary.contains(QStringLiteral("drop the file")),
            qPrintable(summary));
        // Ctrl+O opens a trace.
        auto* open = m_window->findChild<QAction*>(QStringLiteral("openTraceAction"));
        QVERIFY(open);
        QCOMPARE(open->shortcut(), QKeySequence(QKeySequence::Open));
    }

    /// The window with the Trace tab and the shipped trace, 1600 × 1000, saved as
    /// KVTIERS_TRACE_SCREENSHOT (default: trace-screenshot.png here): docs/screenshot-trace.png.
    void screenshot()
    {
        m_window->resize(1600, 1000);
        QVERIFY(openShipped());
        QTest::qWait(50);
        const QImage shot = m_window->grab().toImage();
        QCOMPARE(shot.size(), QSize(1600, 1000) * m_window->devicePixelRatio());
        // The chart painted something besides its background.
        const QImage plot = view()->chart()->grab().toImage();
        QSet<QRgb> colours;
        for (int y = 0; y < plot.height(); y += 7)
            for (int x = 0; x < plot.width(); x += 7)
                colours.insert(plot.pixel(x, y));
        QVERIFY2(colours.size() > 5, qPrintable(QString::number(colours.size())));
        QString path = qEnvironmentVariable("KVTIERS_TRACE_SCREENSHOT");
        if (path.isEmpty())
            path = QDir::current().filePath(QStringLiteral("trace-screenshot.png"));
        QVERIFY2(shot.save(path), qPrintable(path));
    }

    void exportWritesChartAndCsv()
    {
        QVERIFY(openShipped());
        QTemporaryDir dir;
        for (const char* name : { "trace.png", "trace.svg", "trace.csv" }) {
            const QString path = dir.path() + QLatin1Char('/') + QString::fromLatin1(name);
            FileDialog::setNextFileName(path);
            m_window->findChild<QPushButton*>(QStringLiteral("traceExportButton"))->click();
            QVERIFY2(QFile::exists(path), name);
        }
        QVERIFY(!QImage(dir.path() + QStringLiteral("/trace.png")).isNull());
        QFile csv(dir.path() + QStringLiteral("/trace.csv"));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = csv.readAll().trimmed().split('\n');
        QCOMPARE(lines.front(), QByteArray("capacity_blocks,capacity_bytes,hit_ratio,token_hit_ratio"));
        const QList<QByteArray> last = lines.back().split(',');
        QCOMPARE(last[2].toDouble(), view()->analysis()->hitRatioInfinite());
    }
};

QTEST_MAIN(TestGuiTrace)
#include "tst_gui_trace.moc"
