// The Trace tab's "Under load" view in the real main window, offscreen. A small trace (the
// first requests of the shipped Mooncake conversation trace) is read, then replayed under
// load at several DRAM or SSD capacities in the background: the chart's points, the
// scenario's capacity and the TTFT target are the core's own figures for the same inputs
// (replay::sweepReplay), not figures the GUI worked out. The run can be cancelled, a scenario
// change during a run drops it and replays the new scenario, export writes PNG, SVG, PDF and
// the core's CSV, and the view reads in Korean. The view's ranges and defaults are the
// replay table's (the command line's), a value the table refuses is told in the UI
// language naming the field, the inputs are undone through the document and kept with the
// session (an old fraction percentile read once, with a word). Screenshots at 1280 × 800 in
// both languages go to KVTIERS_LOAD_SCREENSHOT_DIR (default: here).

#include "core/analysis/Fleet.h"
#include "core/io/Csv.h"
#include "core/io/Units.h"
#include "core/model/Warnings.h"
#include "core/replay/Replay.h"
#include "core/replay/ReplayOptions.h"
#include "core/report/ReplayReport.h"
#include "tests/support/SmallTrace.h"
#include "tests/support/SourceFiles.h"
#include "tests/support/TestHome.h"
#include "ui/app/Language.h"
#include "ui/app/MainWindow.h"
#include "ui/charts/LoadChart.h"
#include "ui/common/Document.h"
#include "ui/common/Settings.h"
#include "ui/dialogs/FileDialog.h"
#include "ui/dialogs/MessageBox.h"
#include "ui/export/LoadExport.h"
#include "ui/scenario/ScenarioController.h"
#include "ui/text/Translate.h"
#include "ui/text/UnitsText.h"
#include "ui/trace/LoadDocument.h"
#include "ui/trace/LoadView.h"
#include "ui/trace/TraceView.h"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSet>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>
#include <qcustomplot.h>

#include <memory>
#include <sstream>

using namespace kvtiers;
using namespace kvtiers::ui;

namespace {

/// Requests of the shipped trace in the small one: enough to queue and to reuse prefixes.
constexpr int kSmallRequests = 1500;
/// Its 2.9 requests/s of 14K-token prompts overload the article's one server (Llama 3.1 70B
/// on eight H200s): at half the rate the queue drains and DRAM's hits show in TTFT.
constexpr double kTrafficScale = 0.5;

} // namespace

class TestGuiReplay : public QObject {
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;
    QTemporaryDir m_dir;
    QString m_small;

    TraceView* traceView() { return m_window->findChild<TraceView*>(QStringLiteral("traceView")); }
    LoadView* view() { return traceView()->loadView(); }
    LoadChart* chart() { return view()->chart(); }
    LoadDocument* doc() { return view()->document(); }
    QLineEdit* field(const char* key)
    {
        auto* edit = m_window->findChild<QLineEdit*>(QStringLiteral("loadField_%1").arg(QLatin1String(key)));
        if (!edit)
            qFatal("no field for %s", key);
        return edit;
    }

    /// Types `text` into the field of `key`: refused, the input kept, and the status says why,
    /// naming the field (and holding `needle`).
    void expectRefused(const char* key, const QString& text, const QString& needle)
    {
        const replay::ReplayInput before = doc()->inputs();
        view()->typeInto(key, text);
        QVERIFY2(doc()->inputs() == before, qPrintable(text));
        const QString status = view()->statusText();
        QVERIFY2(status.startsWith(view()->fieldName(key) + QStringLiteral(": ")), qPrintable(status));
        QVERIFY2(status.contains(needle), qPrintable(status));
    }
    QPushButton* button(const char* name) { return m_window->findChild<QPushButton*>(QLatin1String(name)); }

    bool openSmall()
    {
        QSignalSpy done(traceView(), &TraceView::finished);
        traceView()->openFile(m_small);
        if (!done.wait(60000) || !done.front().at(0).toBool())
            return false;
        auto* tabs = m_window->findChild<QTabWidget*>(QStringLiteral("viewTabs"));
        tabs->setCurrentIndex(static_cast<int>(MainWindow::ViewTab::Trace));
        m_window->findChild<QTabWidget*>(QStringLiteral("traceViews"))->setCurrentWidget(view());
        view()->setTrafficScale(kTrafficScale);
        return true;
    }

    /// Presses Replay and waits for the sweep; true when it drew a curve.
    bool runSweep()
    {
        QSignalSpy done(view(), &LoadView::finished);
        button("loadRunButton")->click();
        return done.wait(120000) && done.front().at(0).toBool();
    }

    /// The core's sweep of the small trace for the window's current scenario.
    replay::ReplaySweep coreSweep(replay::ReplaySweepAxis axis, int points, double ttft = 2.0)
    {
        replay::ReplayOptions o;
        o.targets.ttftSeconds = ttft;
        o.trafficScale = kTrafficScale;
        const ScenarioController* c = m_window->controller();
        return kvtiers::test::loadViewSweep(m_small, c->scenario(), c->result(), o, axis, points);
    }

    void compareWithCore(const replay::ReplaySweep& core)
    {
        QCOMPARE(chart()->pointCount(), static_cast<int>(core.points.size()));
        for (int i = 0; i < chart()->pointCount(); ++i) {
            const replay::ReplayResult& r = core.points[static_cast<size_t>(i)].result;
            QCOMPARE(chart()->capacityAt(i), core.points[static_cast<size_t>(i)].bytes);
            QCOMPARE(chart()->ttftP50At(i), r.ttft.p50);
            QCOMPARE(chart()->ttftP99At(i), r.ttft.p99);
            QCOMPARE(chart()->goodputAt(i), r.goodputRps);
        }
        QVERIFY(chart()->currentShown());
        QCOMPARE(chart()->currentLineAt(), core.currentBytes);
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        MessageBox::setNonInteractive(true);
        QVERIFY(m_dir.isValid());
        // The small test trace: the first requests of the shipped one, as they are.
        m_small = m_dir.filePath(QStringLiteral("mooncake-small.jsonl"));
        QVERIFY(kvtiers::test::writeSmallTrace(m_small, kSmallRequests));
    }

    void init()
    {
        kvtiers::test::clearTestHome();
        m_window = std::make_unique<MainWindow>();
        m_window->resize(1280,
            qEnvironmentVariableIntValue("KVTIERS_SHOT_HEIGHT") > 0
                ? qEnvironmentVariableIntValue("KVTIERS_SHOT_HEIGHT")
                : 774);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        QTRY_VERIFY(m_window->controller()->hasResult());
    }

    void cleanup()
    {
        m_window.reset();
        installTranslator(QStringLiteral("en"));
    }

    void beforeATraceItSaysWhatToDo()
    {
        QVERIFY(!button("loadRunButton")->isEnabled());
        QVERIFY(!button("loadExportButton")->isEnabled());
        QVERIFY(view()->statusText().contains(QStringLiteral("Open a trace first")));
    }

    void sweepDrawsTheCoresFigures_data()
    {
        QTest::addColumn<int>("axis");
        QTest::addColumn<int>("points");
        QTest::newRow("DRAM") << int(replay::ReplaySweepAxis::Dram) << 5;
        QTest::newRow("SSD") << int(replay::ReplaySweepAxis::Ssd) << 3;
    }

    void sweepDrawsTheCoresFigures()
    {
        QFETCH(int, axis);
        QFETCH(int, points);
        const auto sweepAxis = static_cast<replay::ReplaySweepAxis>(axis);
        QVERIFY(openSmall());
        view()->setAxis(sweepAxis);
        view()->setPoints(points);
        QSignalSpy done(view(), &LoadView::finished);
        button("loadRunButton")->click();
        // The click returns while the sweep runs in its thread: progress and Cancel show.
        QVERIFY(view()->isRunning());
        QVERIFY(m_window->findChild<QProgressBar*>(QStringLiteral("loadProgress"))->isVisibleTo(view()));
        QVERIFY(button("loadCancelButton")->isVisibleTo(view()));
        QVERIFY(done.wait(120000));
        QVERIFY2(done.front().at(0).toBool(), qPrintable(done.front().at(1).toString()));
        QVERIFY(!view()->isRunning());
        const replay::ReplaySweep core = coreSweep(sweepAxis, points);
        compareWithCore(core);
        // The figures mean something: TTFT positive, p99 at least p50, and some goodput.
        double goodput = 0;
        for (const auto& p : core.points) {
            QVERIFY(p.result.ttft.p50 > 0 && p.result.ttft.p99 >= p.result.ttft.p50);
            goodput = std::max(goodput, p.result.goodputRps);
        }
        QVERIFY(goodput > 0);
        // The target line at 2 s, labelled with its value, unit and percentile; the current
        // capacity labelled in bytes per server.
        QVERIFY(chart()->targetShown());
        QCOMPARE(chart()->targetLineAt(), 2.0);
        QCOMPARE(chart()->targetLabel(), QStringLiteral("TTFT target 2 s at p99"));
        QCOMPARE(chart()->currentLabel(),
            QStringLiteral("Scenario: %1 per server").arg(bytesText(core.currentBytes, chart()->units())));
        const QString name
            = sweepAxis == replay::ReplaySweepAxis::Dram ? QStringLiteral("DRAM") : QStringLiteral("SSD");
        QCOMPARE(chart()->capacityAxis()->label(), name + QStringLiteral(" per server"));
        // Goodput in its own panel, under TTFT's on the same capacities; TTFT in seconds.
        QCOMPARE(chart()->goodputAxis()->label(), QStringLiteral("Goodput (requests/s)"));
        QVERIFY(chart()->goodputAxis()->axisRect() != chart()->plot()->axisRect());
        QVERIFY(!chart()->plot()->yAxis2->visible());
        QCOMPARE(chart()->capacityAxis()->range(), chart()->plot()->xAxis->range());
        QCOMPARE(chart()->plot()->yAxis->label(), QStringLiteral("TTFT, TBT (s)"));
        chart()->plot()->replot();
        const QVector<double> ticks = chart()->plot()->yAxis->tickVector();
        const QVector<QString> tickLabels = chart()->plot()->yAxis->tickVectorLabels();
        QVERIFY(!ticks.isEmpty());
        for (int i = 0; i < ticks.size(); ++i)
            QCOMPARE(tickLabels.at(i), significantText(ticks.at(i), 3)); // "1000", never "16.7 min"
        QVERIFY2(
            view()->summaryText().contains(QStringLiteral("mooncake-small.jsonl")), qPrintable(view()->summaryText()));
        QVERIFY(button("loadExportButton")->isEnabled());
    }

    void targetFollowsItsControl()
    {
        QVERIFY(openSmall());
        view()->setPoints(2);
        view()->setTtftTarget(0.5);
        QVERIFY(runSweep());
        QCOMPARE(chart()->targetLineAt(), 0.5);
        QCOMPARE(chart()->targetLabel(), QStringLiteral("TTFT target 500 ms at p99"));
        compareWithCore(coreSweep(replay::ReplaySweepAxis::Dram, 2, 0.5));
    }

    void cancelStopsASweep()
    {
        QVERIFY(openSmall());
        view()->setPoints(32);
        QSignalSpy done(view(), &LoadView::finished);
        button("loadRunButton")->click();
        QVERIFY(view()->isRunning());
        button("loadCancelButton")->click();
        QVERIFY(done.wait(120000));
        QVERIFY(!view()->isRunning());
        QVERIFY(done.front().at(1).toString().isEmpty()); // no error
        // The sweep stops before its next replay: 32 replays cannot all have run.
        QVERIFY(!done.front().at(0).toBool());
        QCOMPARE(view()->statusText(), QStringLiteral("Cancelled."));
        QVERIFY(!view()->hasCurve());
        QCOMPARE(chart()->pointCount(), 0);
        QVERIFY(button("loadRunButton")->isEnabled());
        QVERIFY(!button("loadCancelButton")->isVisibleTo(view()));
    }

    void scenarioChangeDropsTheRun()
    {
        QVERIFY(openSmall());
        view()->setPoints(4);
        QSignalSpy done(view(), &LoadView::finished);
        button("loadRunButton")->click();
        QVERIFY(view()->isRunning());
        // More DRAM per server while the sweep runs: that sweep is dropped and the new
        // scenario replayed; only its result reports.
        ScenarioController* c = m_window->controller();
        QCOMPARE(c->scenario().workload.offloadRate, 0.0); // DRAM holds no prefix yet
        c->setOverride("offload_rate", 1.0);
        c->flush();
        QVERIFY(view()->isRunning());
        QVERIFY(done.wait(120000));
        QVERIFY(done.front().at(0).toBool());
        QTest::qWait(100);
        QCOMPARE(done.count(), 1);
        const replay::ReplaySweep core = coreSweep(replay::ReplaySweepAxis::Dram, 4);
        QVERIFY(core.currentBytes > 0); // the new scenario's DRAM, not the old one's none
        compareWithCore(core);
        // A scenario change after a sweep keeps the curve and says it is older.
        c->setOverride("host_dram_bytes", 2e12);
        c->flush();
        QVERIFY(view()->hasCurve());
        QVERIFY2(view()->statusText().contains(QStringLiteral("earlier inputs")), qPrintable(view()->statusText()));
    }

    void dramRangeIsCentredOnWhatTheServerCarries()
    {
        QVERIFY(openSmall());
        ScenarioController* c = m_window->controller();
        c->setOverride("offload_rate", 1.0);
        c->flush();
        QTRY_VERIFY(!c->isBusy());
        view()->setPoints(5);
        QVERIFY(runSweep());
        const replay::ReplaySweep& sweep = chart()->curve().sweep;
        compareWithCore(coreSweep(replay::ReplaySweepAxis::Dram, 5));
        // What one server carries for prefixes at full offload: the scenario's own DRAM.
        auto reader = trace::TraceReader::open(m_small.toStdString());
        const replay::ReplayTrace t = replay::loadReplayTrace(*reader);
        replay::ReplayOptions o;
        const replay::ReplayCapacities own = replay::replayCapacities(t.blockTokens, c->scenario(), c->result(), o);
        const double carries = replay::serverCarriesBlocks(own, c->result(), Tier::Dram);
        QVERIFY(carries > 0);
        QCOMPARE(sweep.current, carries);
        QVERIFY(sweep.kneeBlocks > 0);
        // 0, then log-spaced from a tenth of the smaller of the knee and the server's to
        // twice the larger: the server's capacity in the middle of the linear axis when the
        // knee lies below it, the points dense where the hit curve bends.
        const double foot = std::max(1.0, std::round(std::min(sweep.kneeBlocks, carries) / 10));
        const double top = 2 * std::max(sweep.kneeBlocks, carries);
        QCOMPARE(sweep.points.size(), std::size_t(5));
        QCOMPARE(sweep.points.front().value, 0.0);
        QCOMPARE(sweep.points[1].value, foot);
        QCOMPARE(sweep.points.back().value, std::round(top));
        const double step = std::pow(top / foot, 1.0 / 3);
        for (std::size_t i = 2; i < sweep.points.size(); ++i)
            QVERIFY(std::abs(sweep.points[i].value - std::round(foot * std::pow(step, double(i - 1)))) <= 0.5);
        QVERIFY(sweep.points.back().value <= 2 * std::max(carries, sweep.kneeBlocks));
    }

    void refusesAScenarioThatHoldsNoSequence()
    {
        QVERIFY(openSmall());
        // Kimi K2's weights leave an H200 server nothing for KV: the Scenario tab says "does
        // not fit", and the replay refuses in its words instead of replaying for hours.
        ScenarioController* c = m_window->controller();
        c->selectModel("kimi-k2");
        c->flush();
        QTRY_VERIFY(c->hasResult() && !c->isBusy());
        QVERIFY(c->result().runsNoSequence());
        QSignalSpy done(view(), &LoadView::finished);
        button("loadRunButton")->click();
        QVERIFY(done.wait(60000));
        QVERIFY(!done.front().at(0).toBool());
        const QString error = done.front().at(1).toString();
        const QString scenarioTab = translated(doesNotFitMessage(c->scenario(), c->result()));
        QVERIFY2(error.contains(QStringLiteral("cannot hold one sequence")), qPrintable(error));
        QVERIFY2(error.contains(scenarioTab), qPrintable(error));
        QVERIFY(!view()->hasCurve());
        QVERIFY2(view()->statusText().contains(scenarioTab), qPrintable(view()->statusText()));
    }

    void offloadZeroServesNoDramHitAndSaysWhatItAssumes()
    {
        QVERIFY(openSmall());
        ScenarioController* c = m_window->controller();
        QCOMPARE(c->scenario().workload.offloadRate, 0.0); // the article offloads nothing
        view()->setPoints(3);
        QVERIFY(runSweep());
        const LoadCurve& curve = chart()->curve();
        // The scenario's own point is the sweep's 0: DRAM holds nothing there and serves no hit.
        QCOMPARE(chart()->currentLineAt(), 0.0);
        QCOMPARE(curve.sweep.points.front().bytes, 0.0);
        QCOMPARE(curve.sweep.points.front().result.hitShare.dram, 0.0);
        QVERIFY(curve.sweep.points.back().result.hitShare.dram > 0); // the others: offloaded, as it says
        QVERIFY2(view()->summaryText().contains(QStringLiteral("offloads nothing (offload rate 0%)")),
            qPrintable(view()->summaryText()));
        QVERIFY(view()->summaryText().contains(QStringLiteral("assume every evicted block is offloaded to DRAM")));
        // Offloading all of it, the sweep is what the scenario does: nothing assumed.
        c->setOverride("offload_rate", 1.0);
        c->flush();
        QTRY_VERIFY(!c->isBusy());
        QVERIFY(runSweep());
        QVERIFY(!view()->summaryText().contains(QStringLiteral("offload")));
    }

    void overloadIsSaidWithTheReplaysFigures()
    {
        QVERIFY(openSmall());
        view()->setTrafficScale(1); // 2.9 requests/s of 14K-token prompts: more than one server serves
        view()->setPoints(2);
        QVERIFY(runSweep());
        const LoadCurve& curve = chart()->curve();
        // Offered: the trace's requests over its first to last arrival; served: the replay's
        // requests over its first arrival to last completion.
        auto reader = trace::TraceReader::open(m_small.toStdString());
        const replay::ReplayTrace t = replay::loadReplayTrace(*reader);
        const double offered = static_cast<double>(t.requests.size()) / t.requests.back().arrival;
        QCOMPARE(curve.offeredRps, offered);
        const replay::ReplayResult& r = curve.sweep.points.front().result;
        const double served = static_cast<double>(r.requests) / r.durationSeconds;
        QVERIFY2(served < 0.9 * offered, qPrintable(QString::number(served)));
        const QString note = QStringLiteral("requests/s offered, %1 served at %2 per server")
                                 .arg(significantText(served, 2), bytesText(0, chart()->units()));
        QVERIFY2(view()->summaryText().contains(QStringLiteral("Overloaded at ")), qPrintable(view()->summaryText()));
        QVERIFY2(view()->summaryText().contains(significantText(offered, 2) + u' ' + note),
            qPrintable(view()->summaryText()));
        // At a quarter of the rate the replica keeps up: no note.
        view()->setTrafficScale(0.25);
        QVERIFY(runSweep());
        QVERIFY2(!view()->summaryText().contains(QStringLiteral("Overloaded")), qPrintable(view()->summaryText()));
    }

    void replicasAndSequenceLimitFollowTheScenarioUnlessTyped()
    {
        QVERIFY(openSmall());
        ScenarioController* c = m_window->controller();
        const double concurrency = std::max(1.0, std::floor(c->scenario().workload.concurrency));
        // Empty, the fields show the scenario's figures greyed, and the replay takes them.
        QCOMPARE(field(replay::replay_keys::kMaxSeqs)->text(), QString());
        QCOMPARE(field(replay::replay_keys::kMaxSeqs)->placeholderText(), countText(concurrency));
        QCOMPARE(field(replay::replay_keys::kReplicas)->placeholderText(), QStringLiteral("1"));
        view()->setPoints(2);
        QVERIFY(runSweep());
        QCOMPARE(chart()->curve().sweep.points.front().result.maxSeqs, concurrency);
        QVERIFY2(view()->summaryText().contains(
                     QStringLiteral("each running at most %1 sequences at once (the scenario's concurrency)")
                         .arg(countText(concurrency))),
            qPrintable(view()->summaryText()));
        // The scenario's concurrency moves the limit.
        c->setOverride("concurrency", 8);
        c->flush();
        QTRY_COMPARE(field(replay::replay_keys::kMaxSeqs)->placeholderText(), QStringLiteral("8"));
        // Typed, they stand, and the summary says so.
        view()->typeInto(replay::replay_keys::kMaxSeqs, QStringLiteral("4"));
        view()->typeInto(replay::replay_keys::kReplicas, QStringLiteral("2"));
        QVERIFY(runSweep());
        const replay::ReplayResult& r = chart()->curve().sweep.points.front().result;
        QCOMPARE(r.maxSeqs, 4.0);
        QCOMPARE(r.replicas, 2);
        QVERIFY2(view()->summaryText().contains(QStringLiteral("Replicas replayed: 2, each running at most 4 "
                                                               "sequences at once (as typed).")),
            qPrintable(view()->summaryText()));
        // Emptied, the scenario's again.
        view()->typeInto(replay::replay_keys::kMaxSeqs, QString());
        QVERIFY(!doc()->inputs().options.maxSeqs.has_value());
    }

    void sizeForTheSloFindsTheCountTheReplayMeets()
    {
        QVERIFY(openSmall());
        view()->setTrafficScale(1); // 2.9 requests/s: one server is overloaded (above)
        view()->setTtftTarget(30);  // the article's 14K-token prompts on 70B: seconds each
        view()->setPoints(2);
        QSignalSpy done(view(), &LoadView::finished);
        button("loadSizeButton")->click();
        QVERIFY(doc()->isSizing());
        // Two runs end: the sizing, then the sweep at the count it found.
        QTRY_VERIFY_WITH_TIMEOUT(done.count() >= 2, 300000);
        QVERIFY(done.at(0).at(0).toBool() && done.at(1).at(0).toBool());
        const LoadCurve& curve = chart()->curve();
        QVERIFY(curve.sizing.has_value());
        const replay::SloSizing& z = *curve.sizing;
        const int found = z.search.replicas;
        QVERIFY(found > 1); // one replica is overloaded
        QCOMPARE(doc()->inputs().options.replicas, std::optional<int>(found));
        QCOMPARE(doc()->inputs().options.maxSeqs, std::optional<double>(z.replayedSequences));
        for (const replay::ReplaySweepPoint& p : curve.sweep.points)
            QCOMPARE(p.result.replicas, found);
        // The fleet's own figures for the trace's rate are the start.
        const ScenarioController* c = m_window->controller();
        LatencyTargets targets;
        targets.ttftSeconds = 30;
        const FleetEntryResult fleet = sizeScenario(c->scenario(), targets.inForce(), curve.offeredRps);
        QCOMPARE(z.fleetReplicas, fleet.replicas);
        QCOMPARE(z.fleetSequences, fleet.concurrencyPerReplica);
        QCOMPARE(z.replayedSequences, fleet.concurrencyPerReplica);
        QCOMPARE(z.search.tried.front().replicas, static_cast<int>(fleet.replicas));
        // The core's replay meets both targets at the count found and misses them one below.
        auto reader = trace::TraceReader::open(m_small.toStdString());
        const replay::ReplayTrace t = replay::loadReplayTrace(*reader);
        replay::ReplayOptions o;
        o.targets.ttftSeconds = 30;
        o.trafficScale = 1;
        o.keepRequests = false;
        o.maxSeqs = z.replayedSequences;
        auto meets = [&](int replicas) {
            o.replicas = replicas;
            const replay::ReplayResult r = replay::runReplay(t, c->scenario(), c->result(), o);
            return r.ttftAtPercentile <= 30 && r.tpotAtPercentile <= o.targets.inForce().tpot();
        };
        QVERIFY(meets(found));
        QVERIFY(!meets(found - 1));
        QVERIFY2(
            view()->summaryText().contains(QStringLiteral("Sized for the SLO at ")), qPrintable(view()->summaryText()));
        QVERIFY2(
            view()->summaryText().contains(QStringLiteral("on %1 replicas at the scenario's capacities").arg(found)),
            qPrintable(view()->summaryText()));
        // One undo step, named, puts the inputs back as they were.
        QCOMPARE(doc()->undoStack()->undoText(), QStringLiteral("Size for the SLO"));
        doc()->undoStack()->undo();
        QVERIFY(!doc()->inputs().options.replicas.has_value());
        QVERIFY(!doc()->inputs().options.maxSeqs.has_value());
    }

    void exportWritesEveryFormat()
    {
        QVERIFY(openSmall());
        view()->setPoints(3);
        QVERIFY(runSweep());
        QTemporaryDir dir;
        for (const char* name : { "load.png", "load.svg", "load.pdf", "load.csv" }) {
            const QString path = dir.filePath(QString::fromLatin1(name));
            FileDialog::setNextFileName(path);
            button("loadExportButton")->click();
            QVERIFY2(QFileInfo(path).size() > 0, name);
        }
        const QImage png(dir.filePath(QStringLiteral("load.png")));
        QVERIFY(!png.isNull());
        QCOMPARE(png.size(), QSize(3200, 1800)); // ExportOptions: 1600 × 900 at scale 2
        QFile svg(dir.filePath(QStringLiteral("load.svg")));
        QVERIFY(svg.open(QIODevice::ReadOnly));
        QVERIFY(svg.readAll().contains("TTFT target 2 s at p99"));
        QFile pdf(dir.filePath(QStringLiteral("load.pdf")));
        QVERIFY(pdf.open(QIODevice::ReadOnly));
        QVERIFY(pdf.read(5) == "%PDF-");
        // The CSV is the core's sweep table, as `kvtiers replay --sweep dram --csv` writes it
        // (the TBT median the chart draws among its columns; colocated: no transfer columns).
        QFile csv(dir.filePath(QStringLiteral("load.csv")));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        std::ostringstream core;
        const replay::ReplaySweep sweep = coreSweep(replay::ReplaySweepAxis::Dram, 3);
        replay::writeReplaySweepCsv(core, sweep);
        const QByteArray written = csv.readAll();
        QCOMPARE(written, QByteArray::fromStdString(core.str()));
        const QList<QByteArray> header = written.split('\n').front().split(',');
        QCOMPARE(header.count("tbt_p50_s"), 1);
        QVERIFY(!header.contains("transfer_mean_s"));
        // An unknown extension is refused with the file named.
        const QString bad = dir.filePath(QStringLiteral("load.xyz"));
        QVERIFY(LoadExport::exportLoad(bad, chart()->curve(), QString(), QString()).startsWith(bad));
    }

    void fileChangedSinceItWasReadNamesTheLine()
    {
        // The tab read a good trace; the file then changed on disk. The replay reads it again,
        // and says which file, line and field are wrong instead of drawing anything.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("changing.jsonl"));
        QVERIFY(QFile::copy(m_small, path));
        const QString kept = m_small;
        m_small = path;
        const bool opened = openSmall();
        m_small = kept;
        QVERIFY(opened);
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write("{\"timestamp\": 0, \"input_length\": 600, \"output_length\": 1, \"hash_ids\": [1, 2]}\n"
                "{\"timestamp\": 1, \"input_length\": 600, \"output_length\": 1, \"hash_ids\": [1, \"x\"]}\n");
        f.close();
        QSignalSpy done(view(), &LoadView::finished);
        button("loadRunButton")->click();
        QVERIFY(done.wait(60000));
        QVERIFY(!done.front().at(0).toBool());
        const QString error = done.front().at(1).toString();
        QVERIFY2(error.contains(QStringLiteral("changing.jsonl:2:")) && error.contains(QStringLiteral("\"hash_ids\"")),
            qPrintable(error));
        QCOMPARE(view()->statusText(), error);
        QVERIFY(!view()->hasCurve());
        QVERIFY(button("loadRunButton")->isEnabled());
    }

    void readsInKorean()
    {
        QVERIFY(openSmall());
        view()->setPoints(3);
        QVERIFY(runSweep());
        installTranslator(QStringLiteral("ko"));
        QTest::qWait(50);
        auto* views = m_window->findChild<QTabWidget*>(QStringLiteral("traceViews"));
        QCOMPARE(views->tabText(1), QStringLiteral("부하 상태"));
        QCOMPARE(button("loadRunButton")->text(), QStringLiteral("재생(&R)"));
        QCOMPARE(chart()->capacityAxis()->label(), QStringLiteral("서버당 D램"));
        QCOMPARE(chart()->targetLabel(), QStringLiteral("TTFT 목표 2 s (p99)"));
        QVERIFY2(chart()->title()->text().contains(QStringLiteral("첫 토큰")), qPrintable(chart()->title()->text()));
        QVERIFY2(view()->summaryText().contains(QStringLiteral("재생")), qPrintable(view()->summaryText()));
        QVERIFY2(view()->summaryText().contains(QStringLiteral("오프로드율 0%")), qPrintable(view()->summaryText()));
        QCOMPARE(chart()->goodputAxis()->label(), QStringLiteral("굿풋(요청/초)"));
        // The figures stay the core's.
        compareWithCore(coreSweep(replay::ReplaySweepAxis::Dram, 3));
    }

    void rangesAndDefaultsAreTheCommandLines()
    {
        // Every input of the view takes what `kvtiers replay` takes, and starts where it
        // starts: the range and default of each are the replay table's.
        auto* points = m_window->findChild<QSpinBox*>(QStringLiteral("loadPoints"));
        const Option<replay::ReplayInput>& pointsOption = replay::replayOption("points");
        QCOMPARE(double(points->minimum()), pointsOption.min);
        QCOMPARE(double(points->maximum()), pointsOption.max);
        QCOMPARE(points->minimum(), 2);
        QCOMPARE(points->maximum(), 200);
        QCOMPARE(std::optional<double>(points->value()), optionDefault(pointsOption));
        QCOMPARE(points->value(), 9);
        LoadDocument* doc = view()->document();
        // The targets start where the Fleet tab's do (both the one kDefaultTargets: 2 s and
        // 50 ms at p99), read off the two tabs' controls in this window.
        auto* fleetTtft = m_window->findChild<QDoubleSpinBox*>(QStringLiteral("fleetTtft"));
        auto* fleetTpot = m_window->findChild<QDoubleSpinBox*>(QStringLiteral("fleetTpot"));
        QVERIFY(fleetTtft && fleetTpot);
        QCOMPARE(field(kTtftSecondsKey)->text().toDouble(), fleetTtft->value());
        QCOMPARE(field(kTpotSecondsKey)->text().toDouble() * 1000, fleetTpot->value());
        QCOMPARE(fleetTpot->value(), kDefaultTargets.tpot() * 1000);
        const char* fields[] = { "traffic_scale", kTtftSecondsKey, kTpotSecondsKey, kTtftPercentileKey,
            kTpotPercentileKey, "capacity_blocks.hbm", "capacity_blocks.dram", "capacity_blocks.ssd" };
        for (const char* key : fields) {
            const Option<replay::ReplayInput>& o = replay::replayOption(key);
            const QString name = QString::fromLatin1(key);
            // The default shown is the table's: 1, 2 s, 0.05 s, p99, and no fixed capacity.
            const std::optional<double> def = optionDefault(o);
            replay::ReplayInput shown;
            setOption(o, shown, field(key)->text().toStdString().empty() ? "0" : field(key)->text().toStdString());
            if (def)
                QVERIFY2(o.field.get(shown) == def, qPrintable(name));
            else
                QVERIFY2(field(key)->text().isEmpty(), qPrintable(name));
            QCOMPARE(field(key)->toolTip(), QCoreApplication::translate("Option", o.help));
            if (o.kind == OptionKind::Percentile) {
                view()->typeInto(key, QStringLiteral("99.9"));
                QCOMPARE(o.field.get(doc->inputs()), std::optional<double>(99.9));
                view()->typeInto(key, QStringLiteral("mean"));
                QCOMPARE(o.field.get(doc->inputs()), std::optional<double>(kMeanPercentile));
                // Below 1 is a fraction meant as a percentile: refused, as the CLI refuses it.
                expectRefused(key, QStringLiteral("0.99"), QStringLiteral("99 for p99"));
                continue;
            }
            // The ends of the table's range are taken; just past them is refused.
            for (double v : { o.min, o.max }) {
                view()->typeInto(key, QString::fromStdString(formatSignificant(v, 15)));
                QVERIFY2(o.field.get(doc->inputs()) == std::optional<double>(v), qPrintable(name));
                QVERIFY2(!view()->statusText().contains(view()->fieldName(key)), qPrintable(view()->statusText()));
            }
            const QString past = QString::fromStdString(formatSignificant(o.max * 10, 6));
            expectRefused(key, past, past);
            if (o.min > 0)
                expectRefused(key, QString::fromStdString(formatSignificant(o.min / 10, 6)), QString());
        }
        // Each capacity field left empty is the scenario's own again.
        view()->typeInto("capacity_blocks.dram", QString());
        QVERIFY(!doc->inputs().options.capacityBlocks.dram);
    }

    void badCapacityIsToldInKorean()
    {
        installTranslator(QStringLiteral("ko"));
        QTest::qWait(20);
        const std::optional<double> before = doc()->inputs().options.capacityBlocks.dram;
        view()->typeInto("capacity_blocks.dram", QStringLiteral("-5"));
        const QString status = view()->statusText();
        // The core's message in Korean, naming the field as the view labels it; no flag.
        QCOMPARE(view()->fieldName("capacity_blocks.dram"), QStringLiteral("고정 D램"));
        QVERIFY2(status.startsWith(QStringLiteral("고정 D램: \"-5\"은(는) 0~")), qPrintable(status));
        QVERIFY2(status.endsWith(QStringLiteral(" 범위를 벗어납니다")), qPrintable(status));
        QVERIFY2(!status.contains(QStringLiteral("--")) && !status.contains(QStringLiteral("capacity_blocks")),
            qPrintable(status));
        QCOMPARE(m_window->findChild<QLabel*>(QStringLiteral("loadStatus"))->text(), status);
        QVERIFY(doc()->inputs().options.capacityBlocks.dram == before); // not taken
        view()->typeInto("capacity_blocks.dram", QStringLiteral("abc"));
        QVERIFY2(view()->statusText().startsWith(QStringLiteral("고정 D램: ")), qPrintable(view()->statusText()));
        // A conflict between inputs is the core's too: a DRAM sweep with DRAM fixed.
        view()->typeInto("capacity_blocks.dram", QStringLiteral("5000"));
        QTRY_VERIFY(!doc()->errorMessage().isEmpty());
        QVERIFY2(view()->statusText().startsWith(QStringLiteral("변화: ")), qPrintable(view()->statusText()));
        QVERIFY2(view()->statusText().contains(QStringLiteral("고정 D램")), qPrintable(view()->statusText()));
        view()->setAxis(replay::ReplaySweepAxis::Ssd);
        QTRY_VERIFY(doc()->errorMessage().isEmpty());
    }

    void undoGoesThroughTheDocument()
    {
        QVERIFY(openSmall());
        auto* points = m_window->findChild<QSpinBox*>(QStringLiteral("loadPoints"));
        QCOMPARE(points->value(), 9);
        // Steps of the spin box within the merge window are one undo step.
        points->setValue(10);
        points->setValue(11);
        view()->typeInto(kTtftSecondsKey, QStringLiteral("0.5"));
        QCOMPARE(doc()->undoStack()->count(), 3); // traffic (openSmall), points, TTFT
        auto* undo = m_window->findChild<QAction*>(QStringLiteral("undoAction"));
        QVERIFY(undo->isEnabled());
        QVERIFY2(undo->text().contains(QStringLiteral("TTFT")), qPrintable(undo->text()));
        undo->trigger();
        QCOMPARE(field(kTtftSecondsKey)->text(), QStringLiteral("2"));
        undo->trigger();
        QCOMPARE(points->value(), 9);
        QCOMPARE(doc()->inputs().pointsInForce(), 9);
        // On the hit-ratio curve, Edit > Undo is the scenario's again.
        m_window->findChild<QTabWidget*>(QStringLiteral("traceViews"))->setCurrentIndex(0);
        QVERIFY2(!undo->text().contains(QStringLiteral("Traffic")), qPrintable(undo->text()));
    }

    void sessionKeepsTheInputsAndReadsAnOldPercentileOnce()
    {
        view()->setPoints(12);
        view()->setAxis(replay::ReplaySweepAxis::Ssd);
        view()->typeInto(kTpotSecondsKey, QStringLiteral("0.08"));
        view()->typeInto("capacity_blocks.hbm", QStringLiteral("4000"));
        m_window->close(); // saves the session
        m_window = std::make_unique<MainWindow>();
        QCOMPARE(doc()->inputs().pointsInForce(), 12);
        QVERIFY(doc()->inputs().sweep == replay::ReplaySweepAxis::Ssd);
        QCOMPARE(doc()->inputs().options.targets.tpotSeconds, std::optional<double>(0.08));
        QCOMPARE(doc()->inputs().options.capacityBlocks.hbm, std::optional<double>(4000));
        QCOMPARE(field("capacity_blocks.hbm")->text(), QStringLiteral("4000"));
        QVERIFY(!doc()->undoStack()->canUndo()); // a restored session starts its own history
        // A session of the old form: a percentile as a fraction. Read as p99, said once.
        m_window.reset();
        {
            Settings settings;
            settings.setLoadSession(QStringLiteral(R"({"ttft_percentile": 0.99, "tpot_percentile": 0.9})"));
            settings.sync();
        }
        m_window = std::make_unique<MainWindow>();
        QCOMPARE(doc()->inputs().options.targets.ttftPercentile, std::optional<double>(99));
        QCOMPARE(doc()->inputs().options.targets.tpotPercentile, std::optional<double>(90));
        QCOMPARE(field(kTtftPercentileKey)->text(), QStringLiteral("99"));
        const QString said = m_window->statusBar()->currentMessage();
        QVERIFY2(said.contains(QStringLiteral("0.99")) && said.contains(QStringLiteral("p99"))
                && said.contains(QStringLiteral("p90")),
            qPrintable(said));
        m_window->close();
        m_window = std::make_unique<MainWindow>();
        QVERIFY2(!m_window->statusBar()->currentMessage().contains(QStringLiteral("percentile")),
            qPrintable(m_window->statusBar()->currentMessage()));
        QCOMPARE(doc()->inputs().options.targets.ttftPercentile, std::optional<double>(99));
        QVERIFY(doc()->restoreSession(QStringLiteral("not json")).size() == 1);
    }

    void exportsAreListedByTheDocuments()
    {
        QVERIFY(doc()->exports().isEmpty());
        QVERIFY(openSmall());
        QCOMPARE(traceView()->document()->exports().size(), 2);
        view()->setPoints(2);
        QVERIFY(runSweep());
        const QList<DocumentExport> exports = doc()->exports();
        QCOMPARE(exports.size(), 2);
        QCOMPARE(exports[0].id, QStringLiteral("load-chart"));
        QCOMPARE(exports[0].formats, (QStringList { "png", "svg", "pdf" }));
        QCOMPARE(exports[1].formats, QStringList { "csv" });
        QTemporaryDir dir;
        const QString csv = dir.filePath(QStringLiteral("sweep.csv"));
        QVERIFY(exports[1].write(csv).isEmpty());
        QFile f(csv);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), LoadExport::loadCsv(*doc()->curve()));
        // File > Export from Under load lists the same two, as the window's menu opens.
        auto* menu = m_window->findChild<QMenu*>(QStringLiteral("exportLoadMenu"));
        QVERIFY(menu);
        emit menu->aboutToShow();
        QVERIFY(menu->findChild<QAction*>(QStringLiteral("export-load-chart")));
        QVERIFY(menu->findChild<QAction*>(QStringLiteral("export-load-csv")));
    }

    /// The window at 1280 × 800 (client 1280 × 774; KVTIERS_SHOT_HEIGHT=694 for a 1280 × 720
    /// screen) on the Under load view, in English and Korean, saved as load-en.png and
    /// load-ko.png in KVTIERS_LOAD_SCREENSHOT_DIR.
    void screenshots_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<double>("offload");
        QTest::addColumn<double>("traffic");
        QTest::newRow("en") << QStringLiteral("en") << 1.0 << kTrafficScale;
        QTest::newRow("ko") << QStringLiteral("ko") << 1.0 << kTrafficScale;
        // The article as it opens (offload 0%) at the trace's own rate: the notes on what is
        // assumed and on the overload show.
        QTest::newRow("en-overloaded") << QStringLiteral("en") << 0.0 << 1.0;
        QTest::newRow("ko-overloaded") << QStringLiteral("ko") << 0.0 << 1.0;
    }

    void screenshots()
    {
        QFETCH(QString, language);
        QFETCH(double, offload);
        QFETCH(double, traffic);
        installTranslator(language);
        // A scenario that keeps prefixes in DRAM, so its capacity is marked where it is.
        m_window->controller()->setOverride("offload_rate", offload);
        m_window->controller()->flush();
        QVERIFY(openSmall());
        view()->setTrafficScale(traffic);
        view()->setPoints(6);
        QVERIFY(runSweep());
        QTest::qWait(100);
        const QImage shot = m_window->grab().toImage();
        const QImage plot = chart()->grab().toImage();
        QSet<QRgb> colours;
        for (int y = 0; y < plot.height(); y += 5)
            for (int x = 0; x < plot.width(); x += 5)
                colours.insert(plot.pixel(x, y));
        QVERIFY2(colours.size() > 5, qPrintable(QString::number(colours.size())));
        // Every control in reach at 1280 px, in Korean too: the Trace tab does not scroll sideways.
        auto* area = qobject_cast<QScrollArea*>(
            m_window->findChild<QWidget*>(QStringLiteral("traceView"))->parentWidget()->parentWidget());
        QVERIFY(area);
        QVERIFY2(!area->horizontalScrollBar()->isVisible(),
            qPrintable(QStringLiteral("%1: the Trace tab needs %2 px, has %3")
                           .arg(language)
                           .arg(area->widget()->minimumSizeHint().width())
                           .arg(area->viewport()->width())));
        QString dir = qEnvironmentVariable("KVTIERS_LOAD_SCREENSHOT_DIR");
        if (dir.isEmpty())
            dir = QDir::currentPath();
        const QString path
            = QDir(dir).filePath(QStringLiteral("load-%1.png").arg(QString::fromLatin1(QTest::currentDataTag())));
        QVERIFY2(shot.save(path), qPrintable(path));
    }
};

QTEST_MAIN(TestGuiReplay)
#include "tst_gui_replay.moc"
