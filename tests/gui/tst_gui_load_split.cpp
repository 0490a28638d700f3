// The Under load view's prefill/decode split and time between tokens, in the real main
// window, offscreen. A small trace (the first requests of the shipped Mooncake conversation
// trace) is replayed colocated and then split into prefill and decode replicas, with a TBT
// target: the chart's TBT series, its TBT target line, the summary's KV transfer figures
// and the CSV's columns are the core's own for the same inputs (replay::planLoadSweep and
// runReplaySweep), not figures the GUI worked out. The layout's choices and ranges are the
// replay table's, a value it refuses is told naming the field, the split is kept with the
// session, and the new words read in Korean.

#include "core/io/Csv.h"
#include "core/replay/Replay.h"
#include "core/replay/ReplayOptions.h"
#include "core/report/ReplayReport.h"
#include "tests/support/SmallTrace.h"
#include "tests/support/TestWindow.h"
#include "ui/app/Language.h"
#include "ui/app/MainWindow.h"
#include "ui/charts/LoadChart.h"
#include "ui/dialogs/MessageBox.h"
#include "ui/export/LoadExport.h"
#include "ui/scenario/ScenarioController.h"
#include "ui/text/UnitsText.h"
#include "ui/trace/LoadDocument.h"
#include "ui/trace/LoadView.h"
#include "ui/trace/TraceView.h"

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>
#include <qcustomplot.h>

#include <memory>
#include <sstream>

using namespace kvtiers;
using namespace kvtiers::ui;

namespace {

namespace key = replay::replay_keys;

constexpr int kSmallRequests = 1500;
/// At half the trace's rate the queue drains (tst_gui_replay).
constexpr double kTrafficScale = 0.5;
constexpr double kTbtTarget = 0.05;

/// Hangul: a word shown in Korean.
bool korean(const QString& text)
{
    static const QRegularExpression hangul(QStringLiteral("[\\x{AC00}-\\x{D7A3}]"));
    return text.contains(hangul);
}

} // namespace

class TestGuiLoadSplit : public QObject {
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;
    QTemporaryDir m_dir;
    QString m_small;

    TraceView* traceView() { return m_window->findChild<TraceView*>(QStringLiteral("traceView")); }
    LoadView* view() { return traceView()->loadView(); }
    LoadChart* chart() { return view()->chart(); }
    LoadDocument* doc() { return view()->document(); }
    template <typename T> T* named(const QString& name)
    {
        T* w = m_window->findChild<T*>(name);
        if (!w)
            qFatal("no widget %s", qPrintable(name));
        return w;
    }
    QLineEdit* field(const char* optionKey) { return named<QLineEdit>(QStringLiteral("loadField_%1").arg(optionKey)); }
    QComboBox* choice(const char* optionKey)
    {
        return named<QComboBox>(QStringLiteral("loadChoice_%1").arg(optionKey));
    }
    /// The label whose buddy is `buddy`.
    QLabel* labelOf(QWidget* buddy)
    {
        for (QLabel* label : view()->findChildren<QLabel*>())
            if (label->buddy() == buddy)
                return label;
        qFatal("no label");
    }

    bool openSmall()
    {
        QSignalSpy done(traceView(), &TraceView::finished);
        traceView()->openFile(m_small);
        if (!done.wait(60000) || !done.front().at(0).toBool())
            return false;
        named<QTabWidget>(QStringLiteral("viewTabs"))->setCurrentIndex(static_cast<int>(MainWindow::ViewTab::Trace));
        traceView()->showLoad();
        view()->setTrafficScale(kTrafficScale);
        return true;
    }

    bool runSweep()
    {
        QSignalSpy done(view(), &LoadView::finished);
        named<QPushButton>(QStringLiteral("loadRunButton"))->click();
        return done.wait(180000) && done.front().at(0).toBool();
    }

    /// The core's sweep of the small trace with `o`, at the view's traffic scale.
    replay::ReplaySweep coreSweep(replay::ReplayOptions o, int points)
    {
        o.trafficScale = kTrafficScale;
        const ScenarioController* c = m_window->controller();
        return kvtiers::test::loadViewSweep(
            m_small, c->scenario(), c->result(), o, replay::ReplaySweepAxis::Dram, points);
    }

    /// The TBT panel draws the core's figures, point by point.
    void compareTbt(const replay::ReplaySweep& core)
    {
        QCOMPARE(chart()->tbtPointCount(), static_cast<int>(core.points.size()));
        for (int i = 0; i < chart()->tbtPointCount(); ++i) {
            const replay::ReplayResult& r = core.points[static_cast<size_t>(i)].result;
            QCOMPARE(chart()->capacityAt(i), core.points[static_cast<size_t>(i)].bytes);
            QCOMPARE(chart()->ttftP99At(i), r.ttft.p99);
            QCOMPARE(chart()->tbtP50At(i), r.tbt.p50);
            QCOMPARE(chart()->tbtP99At(i), r.tbt.p99);
            QCOMPARE(chart()->requestTbtAt(i), r.tbtAtPercentile);
            QCOMPARE(chart()->goodputAt(i), r.goodputRps);
            QVERIFY(r.tbt.p50 > 0 && r.tbt.p99 >= r.tbt.p50); // gaps were measured
        }
    }

    /// Split, every control in reach at 1280 px: the Trace tab does not scroll sideways.
    void fitsALaptop(const QString& language)
    {
        auto* area = qobject_cast<QScrollArea*>(traceView()->parentWidget()->parentWidget());
        QVERIFY(area);
        QTRY_VERIFY2(!area->horizontalScrollBar()->isVisible(),
            qPrintable(QStringLiteral("%1: the Trace tab needs %2 px, has %3")
                           .arg(language)
                           .arg(area->widget()->minimumSizeHint().width())
                           .arg(area->viewport()->width())));
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        MessageBox::setNonInteractive(true);
        QVERIFY(m_dir.isValid());
        m_small = m_dir.filePath(QStringLiteral("mooncake-small.jsonl"));
        QVERIFY(kvtiers::test::writeSmallTrace(m_small, kSmallRequests));
    }

    void init()
    {
        // 1280 px wide: a laptop's screen, where every control must be in reach.
        QVERIFY(kvtiers::test::openTestWindow(m_window, QSize(1280, 774)));
    }

    void cleanup()
    {
        m_window.reset();
        installTranslator(QStringLiteral("en"));
    }

    void colocatedDrawsTbtWithNoTargetLine()
    {
        QVERIFY(openSmall());
        view()->setPoints(2);
        QCOMPARE(named<QComboBox>(QStringLiteral("loadLayout"))->currentIndex(), 0);
        // Colocated: the split's controls do not apply, and are not shown.
        QVERIFY(!field(key::kPrefillReplicas)->isVisibleTo(view()));
        QVERIFY(!choice(key::kCacheAt)->isVisibleTo(view()));
        QVERIFY(field(key::kReplicas)->isVisibleTo(view()));
        QVERIFY(runSweep());
        compareTbt(coreSweep({}, 2));
        QVERIFY(!chart()->tbtTargetShown()); // no TBT target unless one is typed
        // On TTFT's log axis, in seconds, dashed beside its solid lines.
        QCOMPARE(chart()->tbtAxis()->label(), QStringLiteral("TTFT, TBT (s)"));
        QCOMPARE(chart()->requestTbtName(), QStringLiteral("Request TBT p99 (Mooncake)"));
        QVERIFY2(!view()->summaryText().contains(QStringLiteral("KV transfer")), qPrintable(view()->summaryText()));
    }

    void splitDrawsTheCoresTbtAndTransfer()
    {
        QVERIFY(openSmall());
        view()->setPoints(3);
        view()->typeInto(kTbtSecondsKey, QStringLiteral("0.05"));
        view()->setSplit(1, 2);
        choice(key::kFirstToken)->setCurrentIndex(static_cast<int>(replay::FirstTokenAt::Prefill));
        emit choice(key::kFirstToken)->activated(static_cast<int>(replay::FirstTokenAt::Prefill));
        view()->typeInto(key::kTransferOverlap, QStringLiteral("0.5"));
        // Split: the replica count and sizing give way to the two pools.
        QVERIFY(field(key::kPrefillReplicas)->isVisibleTo(view()));
        QVERIFY(!field(key::kReplicas)->isVisibleTo(view()));
        QVERIFY(!named<QPushButton>(QStringLiteral("loadSizeButton"))->isEnabled());
        QVERIFY(runSweep());
        replay::ReplayOptions o;
        o.targets.tbtSeconds = kTbtTarget;
        o.prefillReplicas = 1;
        o.decodeReplicas = 2;
        o.firstTokenAt = replay::FirstTokenAt::Prefill;
        o.transferOverlap = 0.5;
        const replay::ReplaySweep core = coreSweep(o, 3);
        compareTbt(core);
        // The TBT target: a line at its value, labelled with its unit and percentile.
        QVERIFY(chart()->tbtTargetShown());
        QCOMPARE(chart()->tbtTargetLineAt(), kTbtTarget);
        QCOMPARE(chart()->tbtTargetLabel(), QStringLiteral("TBT target 50 ms at p99"));
        // The pointer over the first point reads its TBT figures, with their units.
        chart()->plot()->replot(QCustomPlot::rpImmediateRefresh);
        const QPoint over(static_cast<int>(chart()->plot()->xAxis->coordToPixel(core.points.front().bytes)),
            chart()->plot()->axisRect()->rect().center().y());
        const replay::ReplayResult& first = core.points.front().result;
        const QString tip = chart()->toolTipTextAt(over);
        QVERIFY2(tip.contains(QStringLiteral("TBT p50 %1, p99 %2, requests' TBT p99 %3")
                                  .arg(secondsText(first.tbt.p50), secondsText(first.tbt.p99),
                                      secondsText(first.tbtAtPercentile))),
            qPrintable(tip));
        // The transfer at the point nearest the scenario's own capacity, in the core's figures.
        const replay::ReplaySweepPoint* at = &core.points.front();
        for (const replay::ReplaySweepPoint& p : core.points)
            if (std::abs(p.value - core.current) < std::abs(at->value - core.current))
                at = &p;
        const replay::ReplayResult& r = at->result;
        QCOMPARE(r.prefillReplicas, 1);
        QVERIFY(r.transferBytes > 0 && r.transferSeconds.p99 > 0);
        const QString summary = view()->summaryText();
        QVERIFY2(summary.contains(QStringLiteral("Replicas replayed: 1 prefill + 2 decode")), qPrintable(summary));
        const QString transfer
            = QStringLiteral("KV transfer at %1 per server: mean %2, p99 %3 a request; %4 sent in all, %5 over the "
                             "replay (%6 of the prefill NICs' time).")
                  .arg(bytesText(at->bytes, chart()->units()), secondsText(r.transferSeconds.mean),
                      secondsText(r.transferSeconds.p99), bytesText(r.transferBytes, chart()->units()),
                      rateText(r.transferBytes / r.durationSeconds), percentText(r.scaleOut.mean));
        QVERIFY2(summary.contains(transfer), qPrintable(summary + QStringLiteral("\n---\n") + transfer));
        QVERIFY2(summary.contains(QStringLiteral("the first token from the prefill replica; 50% of each KV transfer")),
            qPrintable(summary));
        // Back to colocated: one undo step that clears the pools.
        view()->setColocated();
        QVERIFY(!doc()->inputs().options.disaggregated());
        QVERIFY(field(key::kReplicas)->isVisibleTo(view()));
    }

    void layoutTakesTheTablesChoicesAndRanges()
    {
        QVERIFY(openSmall());
        // The choices are the table's, in its order.
        for (const char* optionKey : { key::kFirstToken, key::kCacheAt }) {
            const QStringList names = QString::fromLatin1(replay::replayOption(optionKey).choices).split(u'|');
            QCOMPARE(choice(optionKey)->count(), names.size());
            for (int i = 0; i < names.size(); ++i)
                QCOMPARE(choice(optionKey)->itemData(i).toString(), names[i]);
        }
        // The replay's defaults shown where nothing is chosen: the first token from decode,
        // the cache on the prefill servers, no overlap.
        QCOMPARE(choice(key::kFirstToken)->currentData().toString(), QStringLiteral("decode"));
        QCOMPARE(choice(key::kCacheAt)->currentData().toString(), QStringLiteral("prefill"));
        QCOMPARE(field(key::kTransferOverlap)->placeholderText(), QStringLiteral("0"));
        // Splitting halves the replicas in force, at least one a pool.
        view()->typeInto(key::kReplicas, QStringLiteral("5"));
        named<QComboBox>(QStringLiteral("loadLayout"))->setCurrentIndex(1);
        emit named<QComboBox>(QStringLiteral("loadLayout"))->activated(1);
        QCOMPARE(doc()->inputs().options.prefillReplicas, std::optional<int>(2));
        QCOMPARE(doc()->inputs().options.decodeReplicas, std::optional<int>(3));
        QVERIFY(!doc()->inputs().options.replicas);
        QCOMPARE(field(key::kPrefillReplicas)->text(), QStringLiteral("2"));
        // Out of the table's range: refused, naming the field.
        const replay::ReplayInput before = doc()->inputs();
        view()->typeInto(key::kTransferOverlap, QStringLiteral("1.5"));
        QVERIFY(doc()->inputs() == before);
        QVERIFY2(
            view()->statusText().startsWith(QStringLiteral("Transfer overlap: ")), qPrintable(view()->statusText()));
        view()->typeInto(key::kPrefillReplicas, QStringLiteral("0"));
        QVERIFY(doc()->inputs() == before);
        QVERIFY2(
            view()->statusText().startsWith(QStringLiteral("Prefill replicas: ")), qPrintable(view()->statusText()));
        view()->typeInto(kTbtSecondsKey, QStringLiteral("-1"));
        QVERIFY2(view()->statusText().startsWith(QStringLiteral("TBT target: ")), qPrintable(view()->statusText()));
        // A cache location picked is the option set; the session keeps the split.
        choice(key::kCacheAt)->setCurrentIndex(static_cast<int>(replay::PrefixCacheAt::Shared));
        emit choice(key::kCacheAt)->activated(static_cast<int>(replay::PrefixCacheAt::Shared));
        QVERIFY(doc()->inputs().options.cacheAt == replay::PrefixCacheAt::Shared);
        view()->typeInto(kTbtSecondsKey, QStringLiteral("0.04"));
        LoadDocument restored;
        QVERIFY(restored.restoreSession(doc()->sessionText()).isEmpty());
        QCOMPARE(restored.inputs().options.prefillReplicas, std::optional<int>(2));
        QCOMPARE(restored.inputs().options.decodeReplicas, std::optional<int>(3));
        QVERIFY(restored.inputs().options.cacheAt == replay::PrefixCacheAt::Shared);
        QCOMPARE(restored.inputs().options.targets.tbtSeconds, std::optional<double>(0.04));
        // Emptied, the TBT target is gone.
        view()->typeInto(kTbtSecondsKey, QString());
        QVERIFY(!doc()->inputs().options.targets.tbtSeconds);
    }

    void csvCarriesTbtAndTransfer()
    {
        QVERIFY(openSmall());
        view()->setPoints(4);
        view()->typeInto(kTbtSecondsKey, QStringLiteral("0.05"));
        view()->setSplit(1, 1);
        QVERIFY(runSweep());
        const QList<QByteArray> lines = LoadExport::loadCsv(chart()->curve()).split('\n');
        const QList<QByteArray> header = lines[0].split(',');
        const qsizetype p50 = header.indexOf("tbt_p50_s"), mean = header.indexOf("transfer_mean_s");
        QVERIFY(p50 > 0 && mean > p50);
        QCOMPARE(header.count("tbt_p50_s"), 1); // the core writes it; the export adds nothing
        QCOMPARE(header.count("transfer_mean_s"), 1);
        QVERIFY(header.contains("tbt_p99_s") && header.contains("tbt_at_percentile_s")
            && header.contains("transfer_bytes_per_s"));
        // The command's table first, as it writes it.
        std::ostringstream cli;
        replay::writeReplaySweepCsv(cli, chart()->curve().sweep);
        QVERIFY(lines[1].startsWith(QByteArray::fromStdString(cli.str()).split('\n')[1]));
        for (int i = 0; i < 2; ++i) {
            const replay::ReplayResult& r = chart()->curve().sweep.points[static_cast<size_t>(i)].result;
            const QList<QByteArray> row = lines[i + 1].split(',');
            QCOMPARE(row[p50].toStdString(), csvNumber(r.tbt.p50));
            QCOMPARE(row[mean].toStdString(), csvNumber(r.transferSeconds.mean));
            QCOMPARE(row[header.indexOf("transfer_bytes")].toStdString(), csvNumber(r.transferBytes));
        }
        // The chart files: written, the footnote naming the split (kept in
        // KVTIERS_LOAD_SCREENSHOT_DIR when set, to be looked at).
        const QString kept = qEnvironmentVariable("KVTIERS_LOAD_SCREENSHOT_DIR");
        const QDir dir(kept.isEmpty() ? m_dir.path() : kept);
        for (const QString& suffix : { QStringLiteral("png"), QStringLiteral("svg"), QStringLiteral("pdf") }) {
            const QString path = dir.filePath(QStringLiteral("split.") + suffix);
            QCOMPARE(
                LoadExport::exportLoad(path, chart()->curve(), QStringLiteral("t"), QStringLiteral("m")), QString());
            QVERIFY(QFileInfo(path).size() > 1000);
        }
        QFile svg(dir.filePath(QStringLiteral("split.svg")));
        QVERIFY(svg.open(QIODevice::ReadOnly));
        const QByteArray drawing = svg.readAll();
        QVERIFY(drawing.contains("1 prefill + 1 decode replicas"));
        QVERIFY(drawing.contains("TBT target 50 ms at p99 of requests"));
    }

    void readsInKorean()
    {
        QVERIFY(openSmall());
        view()->setPoints(2);
        view()->typeInto(kTbtSecondsKey, QStringLiteral("0.05"));
        view()->setSplit(1, 1);
        installTranslator(QStringLiteral("ko"));
        QVERIFY(runSweep());
        for (QWidget* w : std::initializer_list<QWidget*> { named<QComboBox>(QStringLiteral("loadLayout")),
                 field(key::kPrefillReplicas), field(key::kDecodeReplicas), choice(key::kFirstToken),
                 field(key::kTransferOverlap), choice(key::kCacheAt), field(kTbtSecondsKey) })
            QVERIFY2(korean(labelOf(w)->text()), qPrintable(labelOf(w)->text()));
        for (QComboBox* combo :
            { named<QComboBox>(QStringLiteral("loadLayout")), choice(key::kFirstToken), choice(key::kCacheAt) })
            for (int i = 0; i < combo->count(); ++i)
                QVERIFY2(korean(combo->itemText(i)), qPrintable(combo->itemText(i)));
        QVERIFY2(korean(chart()->tbtTargetLabel()), qPrintable(chart()->tbtTargetLabel()));
        QVERIFY2(korean(chart()->requestTbtName()), qPrintable(chart()->requestTbtName()));
        QVERIFY2(korean(chart()->tbtAxis()->label()), qPrintable(chart()->tbtAxis()->label()));
        const QStringList notes = view()->summaryText().split(u'\n');
        for (const QString& line : notes)
            QVERIFY2(korean(line), qPrintable(line));
        fitsALaptop(QStringLiteral("ko"));
        installTranslator(QStringLiteral("en"));
        fitsALaptop(QStringLiteral("en"));
    }
};

QTEST_MAIN(TestGuiLoadSplit)
#include "tst_gui_load_split.moc"
