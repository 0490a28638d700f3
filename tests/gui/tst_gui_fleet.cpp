// FleetView and FleetChart offscreen: the view's numbers are the core's (sizeFleet on the
// same input), the units switch turns GiB into GB in labels, table and chart axes, the
// mix can be edited, and bad input is shown in the view rather than thrown. Export… goes
// through the file-dialog seam, writes the chart or the core's CSV, and a failed write is
// a message naming the file. Every edit of the inputs is an undo step (the Edit menu
// follows the Fleet tab's history while that tab is shown), and the inputs outlive a
// restart, a damaged or unknown saved value being dropped with a word, never a crash.

#include "core/analysis/FleetOptions.h"
#include "core/catalog/CardCatalog.h"
#include "core/io/InputError.h"
#include "core/report/FleetReport.h"
#include "tests/support/ExampleFleet.h"
#include "tests/support/TestHome.h"
#include "ui/app/Language.h"
#include "ui/app/MainWindow.h"
#include "ui/charts/ByteTicker.h"
#include "ui/charts/FleetChart.h"
#include "ui/common/Settings.h"
#include "ui/dialogs/FileDialog.h"
#include "ui/dialogs/MessageBox.h"
#include "ui/fleet/FleetDocument.h"
#include "ui/fleet/FleetMixModel.h"
#include "ui/fleet/FleetView.h"
#include "ui/scenario/ScenarioController.h"
#include "ui/text/UnitsText.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>
#include <qcustomplot.h>

#include <memory>

using namespace kvtiers;
using namespace kvtiers::ui;

class TestGuiFleet : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();

    void labelsEqualTheCore();
    void tableAndChartEqualTheCore();
    void unitSwitchTurnsGiBIntoGB();
    void tokensPerDayIsPassedThrough();
    void addAndRemoveWorkloads();
    void impossibleTargetIsShownNotThrown();
    void modelPassesTheTester();
    void exportButtonWritesThroughTheDialogSeam();
    void exportCsvHasTheViewsNumbers();
    void exportFailureNamesTheFile();
    void exportWithoutAResultSaysWhy();
    void manyWorkloadsLookDifferent();
    void failedSizingChartHasNoByteTicks();
    void rateEditUndoesAndRedoes();
    void addedWorkloadIsUndone();
    void editMenuFollowsTheFleetTab();
    void restartRestoresTheInputs();
    void damagedSessionIsDroppedWithAWord();
    void percentilesReachTheCoreAndTheLoadIsShown();
    void controlsTakeTheOptionTable();
    void legendNamesTheWorkloadsByTheirCards();

private:
    QString text(const char* name) { return m_view->findChild<QLabel*>(QString::fromLatin1(name))->text(); }
    FleetResult core() { return sizeFleet(CardCatalog::builtin(), m_view->input()); }
    void settle()
    {
        m_view->flush();
        QVERIFY(m_view->errorMessage().isEmpty() || !m_view->result());
    }
    QPushButton* exportButton() { return m_view->findChild<QPushButton*>(QStringLiteral("fleetExportButton")); }
    std::unique_ptr<FleetDocument> m_document;
    std::unique_ptr<FleetView> m_view;
    QTemporaryDir m_dir;
};

void TestGuiFleet::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
    MessageBox::setNonInteractive(true); // errors are recorded, not shown modally
}

void TestGuiFleet::init()
{
    kvtiers::ui::test::openExampleFleet(m_document, m_view);
    if (QTest::currentTestFailed())
        return;
}

void TestGuiFleet::cleanup()
{
    m_view.reset();
    m_document.reset();
}

void TestGuiFleet::labelsEqualTheCore()
{
    const FleetResult f = core();
    QCOMPARE(m_view->result()->gpus, f.gpus);
    QCOMPARE(text("fleetGpus"), qs(formatCount(f.gpus)));
    QVERIFY(text("fleetServers").startsWith(qs(formatCount(f.servers))));
    QCOMPARE(text("fleetHbmInstalled"), qs(formatBytes(f.hbmInstalledBytes)));
    QCOMPARE(text("fleetHbm"), qs(formatBytes(f.bytes.hbm)));
    QCOMPARE(text("fleetDram"), qs(formatBytes(f.bytes.dram)));
    QCOMPARE(text("fleetNvme"), qs(formatBytes(f.bytes.ssd)));
    QCOMPARE(text("perServerHbm"), qs(formatBytes(f.perServer().hbm)));
    QCOMPARE(text("perServerDram"), qs(formatBytes(f.perServer().dram)));
    QCOMPARE(text("perServerNvme"), qs(formatBytes(f.perServer().ssd)));
    QCOMPARE(text("perGpuHbm"), qs(formatBytes(f.perGpu().hbm)));
    QCOMPARE(text("perGpuDram"), qs(formatBytes(f.perGpu().dram)));
    QCOMPARE(text("perGpuNvme"), qs(formatBytes(f.perGpu().ssd)));
    // The example fleet: 76 GPUs, the core's figure. Each replica serves only the requests its
    // prefill FLOPs allow (it was 15 when N prefills were counted as running at once), p99
    // TTFT holds under Poisson arrivals (one replica more than λ/μ gave, 69 then 68), prefill
    // pays the TP all-reduces while the cache stores every block (84), and prefill counts the
    // blocks' matrices and one LM-head row at the H200-measured MFU (76); a replica is then
    // N sequence slots behind one prefill queue, with TPOT's p99 taken over requests (82).
    QCOMPARE(text("fleetGpus"), QString::number(f.gpus));
    QCOMPARE(f.gpus, 82.0);
    QVERIFY(!m_view->findChild<QLabel*>(QStringLiteral("fleetError"))->isVisible());
    // KVTIERS_GRAB_DIR=dir: save what the user sees, for a look at layout and labels.
    if (const QString dir = qEnvironmentVariable("KVTIERS_GRAB_DIR"); !dir.isEmpty() && (QTest::qWait(100), true))
        m_view->grab().save(dir + QStringLiteral("/fleet.png"));
}

void TestGuiFleet::tableAndChartEqualTheCore()
{
    const FleetResult f = core();
    FleetMixModel* model = m_view->mixModel();
    QCOMPARE(model->rowCount(), 2);
    FleetChart* chart = m_view->chart();
    QCOMPARE(chart->workloadCount(), 2);
    for (int i = 0; i < 2; ++i) {
        const auto& e = f.entries[static_cast<size_t>(i)];
        QCOMPARE(model->index(i, FleetMixModel::KvPerTokenColumn).data(FleetMixModel::ValueRole).toDouble(),
            e.kvBytesPerToken);
        QCOMPARE(model->index(i, FleetMixModel::KvPerTokenColumn).data().toString(),
            qs(formatBytes(e.kvBytesPerToken))); // the header says "per token"
        QCOMPARE(model->index(i, FleetMixModel::GpusColumn).data(FleetMixModel::ValueRole).toDouble(), e.gpus);
        // The model by its name, as the pickers show it; the id in the tooltip.
        QCOMPARE(model->index(i, FleetMixModel::ModelColumn).data().toString(), qs(e.scenario.model.name));
        QCOMPARE(model->index(i, FleetMixModel::ModelColumn).data(Qt::ToolTipRole).toString(), qs(e.scenario.model.id));
        QCOMPARE(chart->value(Tier::Hbm, i), e.bytes.hbm);
        QCOMPARE(chart->value(Tier::Dram, i), e.bytes.dram);
        QCOMPARE(chart->value(Tier::Ssd, i), e.bytes.ssd);
    }
    // The total rate reads as a figure: no trailing zeros ("100.000" read as a hundred
    // thousand to many), thousands separated; typed with a separator, it is taken.
    auto* rate = m_view->findChild<QDoubleSpinBox*>(QStringLiteral("fleetRate"));
    QCOMPARE(rate->text(), QStringLiteral("%1").arg(rate->value()));
    rate->setValue(1250.5);
    QCOMPARE(rate->text(), QStringLiteral("1,250.5"));
    rate->findChild<QLineEdit*>()->selectAll();
    QTest::keyClicks(rate, QStringLiteral("2,500"));
    QTest::keyClick(rate, Qt::Key_Return);
    QCOMPARE(rate->value(), 2500.0);
    QCOMPARE(rate->text(), QStringLiteral("2,500"));
    // Llama 3.1 8B and 70B: the article's 128 KiB and 320 KiB per token.
    auto* hardware = m_view->findChild<QComboBox*>(QStringLiteral("fleetHardware"));
    const std::string hardwareId = hardware->currentData().toString().toStdString();
    QCOMPARE(hardware->currentText(), qs(CardCatalog::builtin().hardware().at(hardwareId).name));
    QCOMPARE(model->index(0, FleetMixModel::ModelColumn).data().toString(), QStringLiteral("Llama 3.1 8B"));
    QCOMPARE(model->index(1, FleetMixModel::ModelColumn).data().toString(), QStringLiteral("Llama 3.1 70B"));
    QCOMPARE(f.entries[0].kvBytesPerToken, 131072.0);
    QCOMPARE(f.entries[1].kvBytesPerToken, 327680.0);
}

void TestGuiFleet::unitSwitchTurnsGiBIntoGB()
{
    const FleetResult f = core();
    QVERIFY(text("fleetHbm").contains(QStringLiteral("iB")));
    QCOMPARE(m_view->chart()->axisUnits(Tier::Hbm), ByteUnits::Binary);
    QTest::mouseClick(m_view->findChild<QRadioButton*>(QStringLiteral("fleetDecimalUnits")), Qt::LeftButton);
    QCOMPARE(m_view->units(), ByteUnits::Decimal);
    QCOMPARE(text("fleetHbm"), qs(formatBytes(f.bytes.hbm, ByteUnits::Decimal)));
    QCOMPARE(text("perGpuDram"), qs(formatBytes(f.perGpu().dram, ByteUnits::Decimal)));
    QCOMPARE(text("fleetHbmInstalled"), qs(formatBytes(f.hbmInstalledBytes, ByteUnits::Decimal)));
    QVERIFY2(!text("fleetHbm").contains(QStringLiteral("iB")), qPrintable(text("fleetHbm")));
    QCOMPARE(m_view->mixModel()->index(0, FleetMixModel::KvPerTokenColumn).data().toString(), QStringLiteral("131 kB"));
    for (Tier t : kTiers)
        QCOMPARE(m_view->chart()->axisUnits(t), ByteUnits::Decimal);
    if (const QString dir = qEnvironmentVariable("KVTIERS_GRAB_DIR"); !dir.isEmpty() && (QTest::qWait(100), true))
        m_view->grab().save(dir + QStringLiteral("/fleet-decimal.png"));
    QTest::mouseClick(m_view->findChild<QRadioButton*>(QStringLiteral("fleetBinaryUnits")), Qt::LeftButton);
    QCOMPARE(text("fleetHbm"), qs(formatBytes(f.bytes.hbm)));
    QCOMPARE(m_view->chart()->axisUnits(Tier::Ssd), ByteUnits::Binary);

    // The decimal ticker steps on 1-2-5 decades.
    ByteTicker ticker(ByteUnits::Decimal);
    QCOMPARE(ticker.stepFor(QCPRange(0, 4.5e12)), 1e12);
    QCOMPARE(ticker.stepFor(QCPRange(0, 9e11)), 2e11);
}

void TestGuiFleet::tokensPerDayIsPassedThrough()
{
    QUndoStack* undo = m_view->undoStack();
    undo->clear();
    m_view->setRate(1e11, FleetView::RateUnit::TokensPerDay);
    // A rate given with its unit is one step, undone as one.
    QCOMPARE(undo->count(), 1);
    QCOMPARE(undo->undoText(), QStringLiteral("Change request rate"));
    undo->undo();
    m_view->flush();
    QCOMPARE(m_view->input().requestsPerSecond, 100.0);
    QCOMPARE(m_view->input().tokensPerDay, 0.0);
    undo->redo();
    m_view->flush();
    const FleetInput in = m_view->input();
    QCOMPARE(in.tokensPerDay, 1e11);
    QCOMPARE(in.requestsPerSecond, 0.0);
    QVERIFY2(m_view->result(), qPrintable(m_view->errorMessage()));
    QCOMPARE(m_view->result()->gpus, core().gpus);
    QCOMPARE(text("fleetGpus"), qs(formatCount(core().gpus)));
}

void TestGuiFleet::addAndRemoveWorkloads()
{
    // The article's 128K prompts take ~9 s to prefill: give it a TTFT budget it can meet.
    m_view->setTargets(20.0, 0.05);
    m_view->flush();
    auto* picker = m_view->findChild<QComboBox*>(QStringLiteral("fleetWorkloadPicker"));
    const int index = picker->findData(QStringLiteral("article"));
    QVERIFY(index >= 0);
    picker->setCurrentIndex(index);
    QSignalSpy sized(m_view.get(), &FleetView::sized);
    QTest::mouseClick(m_view->findChild<QPushButton*>(QStringLiteral("fleetAddWorkload")), Qt::LeftButton);
    QCOMPARE(m_view->mixModel()->rowCount(), 3);
    QTRY_COMPARE(sized.count(), 1);
    QVERIFY2(m_view->result(), qPrintable(m_view->errorMessage()));
    QCOMPARE(m_view->result()->entries.size(), size_t(3));
    QCOMPARE(m_view->chart()->workloadCount(), 3);
    QCOMPARE(text("fleetHbm"), qs(formatBytes(core().bytes.hbm)));

    // Editing a share in the table re-sizes the fleet.
    QVERIFY(m_view->mixModel()->setData(m_view->mixModel()->index(2, FleetMixModel::ShareColumn), 2.0));
    m_view->flush();
    QCOMPARE(m_view->input().mix[2].share, 2.0);
    QCOMPARE(text("fleetGpus"), qs(formatCount(core().gpus)));

    auto* table = m_view->findChild<QTableView*>(QStringLiteral("fleetMixTable"));
    table->setCurrentIndex(m_view->mixModel()->index(0, 0));
    QTest::mouseClick(m_view->findChild<QPushButton*>(QStringLiteral("fleetRemoveWorkload")), Qt::LeftButton);
    m_view->flush();
    QCOMPARE(m_view->mixModel()->rowCount(), 2);
    QCOMPARE(m_view->input().mix[0].label, std::string("mooncake"));
    QCOMPARE(m_view->chart()->workloadCount(), 2);
}

void TestGuiFleet::impossibleTargetIsShownNotThrown()
{
    m_view->setTargets(2.0, 0.0001); // 0.1 ms per output token: no replica meets it
    m_view->flush();
    QVERIFY(!m_view->result());
    auto* error = m_view->findChild<QLabel*>(QStringLiteral("fleetError"));
    QVERIFY(error->isVisible());
    QVERIFY2(error->text().contains(QStringLiteral("time-per-output-token")), qPrintable(error->text()));
    QCOMPARE(text("fleetGpus"), QStringLiteral("–"));
    QCOMPARE(m_view->chart()->workloadCount(), 0);

    m_view->setMix({});
    m_view->setTargets(2.0, 0.05);
    m_view->flush();
    QVERIFY(error->text().contains(QStringLiteral("empty")));
    m_view->setMix({ { "chat", 1 } });
    m_view->flush();
    QVERIFY(m_view->result());
    QVERIFY(!error->isVisible());

    // In Korean the same reason, in Korean, with the target as the core formats it.
    installTranslator(kLanguageKorean);
    m_view->setTargets(2.0, 0.0001);
    m_view->flush();
    const QString ko = error->text();
    installTranslator(kLanguageEnglish);
    QVERIFY2(ko.contains(QStringLiteral("출력 토큰당 시간")) && ko.contains(QStringLiteral("플릿")), qPrintable(ko));
    QVERIFY2(!ko.contains(QStringLiteral("time-per-output-token")), qPrintable(ko));
    QVERIFY2(ko.contains(qs(formatSeconds(0.0001))), qPrintable(ko));
}

void TestGuiFleet::modelPassesTheTester()
{
    QAbstractItemModelTester tester(m_view->mixModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    m_view->mixModel()->addRow("chat", 0.5);
    m_view->flush();
    m_view->mixModel()->removeRow(0);
    m_view->flush();
}

void TestGuiFleet::exportButtonWritesThroughTheDialogSeam()
{
    m_view->setExportOptions({ 640, 360, 1.5 });
    QSignalSpy messages(m_view.get(), &FleetView::message);
    const QString png = m_dir.filePath(QStringLiteral("view.png"));
    QVERIFY(exportButton()->isEnabled());
    FileDialog::setNextFileName(png);
    QTest::mouseClick(exportButton(), Qt::LeftButton);
    const QImage image(png);
    QCOMPARE(image.size(), QSize(960, 540));
    QCOMPARE(messages.count(), 1);
    QVERIFY2(messages.first().first().toString().contains(png), qPrintable(messages.first().first().toString()));
    QVERIFY(m_view->findChild<QLabel*>(QStringLiteral("fleetExportStatus"))->text().contains(png));

    // The chart's context menu exports the same way, in the view's units.
    QTest::mouseClick(m_view->findChild<QRadioButton*>(QStringLiteral("fleetDecimalUnits")), Qt::LeftButton);
    auto* action = m_view->findChild<QAction*>(QStringLiteral("fleetExportAction"));
    QVERIFY(action);
    QVERIFY(m_view->chart()->actions().contains(action));
    const QString svg = m_dir.filePath(QStringLiteral("view.svg"));
    FileDialog::setNextFileName(svg);
    action->trigger();
    QFile file(svg);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    QVERIFY(bytes.startsWith("<?xml"));
    QVERIFY(bytes.contains(formatBytes(m_view->result()->bytes.hbm, ByteUnits::Decimal).c_str()));

    // Cancelling the dialog writes nothing and says nothing.
    FileDialog::setNextFileName(QString());
    QTest::mouseClick(exportButton(), Qt::LeftButton);
    QCOMPARE(messages.count(), 2);
}

void TestGuiFleet::exportCsvHasTheViewsNumbers()
{
    // An edit still pending when Export is clicked is in the file.
    m_view->setRate(250, FleetView::RateUnit::RequestsPerSecond);
    const QString csv = m_dir.filePath(QStringLiteral("view.csv"));
    FileDialog::setNextFileName(csv);
    QTest::mouseClick(exportButton(), Qt::LeftButton);
    const FleetResult f = core();
    QCOMPARE(f.requestsPerSecond, 250.0);
    QFile file(csv);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll().toStdString(), fleetCsv(f));
    QCOMPARE(m_view->result()->gpus, f.gpus);
}

void TestGuiFleet::exportFailureNamesTheFile()
{
    // A directory where the file should go.
    QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("occupied.png")));
    const QString target = m_dir.filePath(QStringLiteral("occupied.png"));
    QSignalSpy messages(m_view.get(), &FleetView::message);
    FileDialog::setNextFileName(target);
    QTest::mouseClick(exportButton(), Qt::LeftButton);
    QVERIFY2(MessageBox::lastMessage().contains(QStringLiteral("occupied.png")), qPrintable(MessageBox::lastMessage()));
    QCOMPARE(messages.count(), 1);
    QCOMPARE(messages.first().first().toString(), MessageBox::lastMessage());
    QCOMPARE(m_view->findChild<QLabel*>(QStringLiteral("fleetExportStatus"))->text(), MessageBox::lastMessage());
    QVERIFY(QFileInfo(target).isDir());
}

void TestGuiFleet::exportWithoutAResultSaysWhy()
{
    m_view->setTargets(2.0, 0.0001); // no replica meets 0.1 ms per output token
    m_view->flush();
    QVERIFY(!exportButton()->isEnabled());
    QVERIFY(!m_view->findChild<QAction*>(QStringLiteral("fleetExportAction"))->isEnabled());
    const QString never = m_dir.filePath(QStringLiteral("never.png"));
    FileDialog::setNextFileName(never);
    m_view->exportChart();                  // e.g. from a menu: says why instead of doing nothing
    FileDialog::setNextFileName(QString()); // the seam was not consumed: clear it
    QVERIFY2(MessageBox::lastMessage().contains(QStringLiteral("time-per-output-token")),
        qPrintable(MessageBox::lastMessage()));
    QVERIFY(!QFile::exists(never));
}

void TestGuiFleet::manyWorkloadsLookDifferent()
{
    // A mix of 15 workloads: the seven colours come round twice more, each round with a
    // hatch of its own, so no two workloads' bars (or legend keys) are drawn alike.
    FleetInput in;
    for (int i = 0; i < 15; ++i) {
        FleetEntry e;
        e.label = "w" + std::to_string(i);
        e.spec.workload = i % 2 ? "chat" : "mooncake";
        e.spec.hardware = "h200-sxm";
        in.mix.push_back(e);
    }
    in.requestsPerSecond = 30;
    in.targets.ttftSeconds = 30;
    in.targets.tpotSeconds = 0.1;
    FleetChart chart;
    chart.resize(900, 500);
    try {
        chart.setFleet(sizeFleet(CardCatalog::builtin(), in));
    } catch (const InputError& e) {
        QFAIL(e.what());
    }
    QCOMPARE(chart.workloadCount(), 15);
    // Each workload's HBM bar, drawn into a small image: fifteen different pictures.
    const auto plot = chart.findChild<QCustomPlot*>();
    QVERIFY(plot);
    QList<QImage> swatches;
    for (int i = 0; i < plot->plottableCount(); ++i) {
        auto* bars = qobject_cast<QCPBars*>(plot->plottable(i));
        if (!bars || bars->keyAxis()->axisRect() != plot->axisRect(0) || bars->name().isEmpty())
            continue;
        QImage swatch(24, 24, QImage::Format_ARGB32);
        swatch.fill(Qt::white);
        QPainter painter(&swatch);
        painter.fillRect(swatch.rect(), bars->brush());
        painter.end();
        QVERIFY2(!swatches.contains(swatch), qPrintable(bars->name()));
        swatches << swatch;
    }
    QCOMPARE(swatches.size(), 15);
    if (const QString dir = qEnvironmentVariable("KVTIERS_GRAB_DIR"); !dir.isEmpty())
        chart.grab().save(dir + QStringLiteral("/fleet-many.png"));
}

void TestGuiFleet::failedSizingChartHasNoByteTicks()
{
    // The tick labels a panel's value axis draws (computed at replot; none when hidden).
    auto drawn = [this](int tier) {
        QCustomPlot* plot = m_view->chart()->plot();
        plot->replot(QCustomPlot::rpImmediateRefresh);
        QCPAxis* axis = plot->axisRect(tier)->axis(QCPAxis::atLeft);
        if (!axis->visible() || !axis->tickLabels())
            return QStringList();
        const QVector<QString> labels = axis->tickVectorLabels(); // a copy: begin() and end() of one list
        return QStringList(labels.begin(), labels.end());
    };
    QCOMPARE(m_view->chart()->plot()->axisRectCount(), 3);
    for (int t = 0; t < 3; ++t) {
        const QStringList ticks = drawn(t);
        QVERIFY(ticks.size() >= 2);
        for (const QString& tick : ticks)
            QVERIFY2(tick == u'0' || tick.endsWith(u'B'), qPrintable(tick));
    }

    // Sizing fails: an empty chart, without the "1 B" ticks that measure nothing.
    m_view->setTargets(2.0, 0.0001);
    m_view->flush();
    QVERIFY(!m_view->result());
    for (int t = 0; t < 3; ++t)
        QVERIFY2(drawn(t).isEmpty(), qPrintable(drawn(t).join(u' ')));
    // Still none after a units switch redraws it.
    m_view->chart()->setUnits(ByteUnits::Decimal);
    m_view->chart()->setUnits(ByteUnits::Binary);
    for (int t = 0; t < 3; ++t)
        QVERIFY(drawn(t).isEmpty());
    if (const QString dir = qEnvironmentVariable("KVTIERS_GRAB_DIR"); !dir.isEmpty() && (QTest::qWait(100), true))
        m_view->grab().save(dir + QStringLiteral("/fleet-failed.png"));

    // Sized again: the byte ticks are back.
    m_view->setTargets(2.0, 0.05);
    m_view->flush();
    QVERIFY(m_view->result());
    for (int t = 0; t < 3; ++t)
        QVERIFY(drawn(t).size() >= 2);

    // A tier the fleet puts nothing in (the article's prompts are never reused, so no DRAM
    // or NVMe) reads "0 B" over an empty panel, not "0" and "1 B" ticks.
    m_view->setMix({ { "article", 1.0 } });
    m_view->setRate(1, FleetView::RateUnit::RequestsPerSecond);
    m_view->setTargets(30.0, 0.05);
    m_view->flush();
    QVERIFY2(m_view->result(), qPrintable(m_view->errorMessage()));
    QCOMPARE(m_view->result()->bytes.dram, 0.0);
    QVERIFY(drawn(0).size() >= 2);
    QVERIFY2(drawn(1).isEmpty(), qPrintable(drawn(1).join(u' ')));
}

void TestGuiFleet::rateEditUndoesAndRedoes()
{
    QUndoStack* undo = m_view->undoStack();
    undo->clear();
    auto* rate = m_view->findChild<QDoubleSpinBox*>(QStringLiteral("fleetRate"));
    QCOMPARE(rate->value(), 100.0);
    rate->setValue(250);
    rate->setValue(260); // the same control at once: one step
    QCOMPARE(undo->count(), 1);
    QCOMPARE(undo->undoText(), QStringLiteral("Change request rate"));
    undo->undo();
    QCOMPARE(rate->value(), 100.0);
    m_view->flush();
    QCOMPARE(m_view->input().requestsPerSecond, 100.0);
    QCOMPARE(text("fleetGpus"), qs(formatCount(core().gpus)));
    QVERIFY(undo->canRedo());
    undo->redo();
    QCOMPARE(rate->value(), 260.0);
    m_view->flush();
    QCOMPARE(m_view->input().requestsPerSecond, 260.0);
    QCOMPARE(m_view->result()->gpus, core().gpus);

    // Another control is another step, named for it.
    m_view->findChild<QDoubleSpinBox*>(QStringLiteral("fleetTtft"))->setValue(5);
    QCOMPARE(undo->count(), 2);
    QCOMPARE(undo->undoText(), QStringLiteral("Change TTFT target"));
    // The server profile's step names the hardware by its name, as the combo shows it.
    auto* hardware = m_view->findChild<QComboBox*>(QStringLiteral("fleetHardware"));
    hardware->setCurrentIndex(hardware->findData(QStringLiteral("b200")));
    QCOMPARE(undo->count(), 3);
    QCOMPARE(undo->undoText(),
        QStringLiteral("Change server profile to %1").arg(qs(CardCatalog::builtin().hardware().at("b200").name)));
}

void TestGuiFleet::addedWorkloadIsUndone()
{
    QUndoStack* undo = m_view->undoStack();
    undo->clear();
    auto* picker = m_view->findChild<QComboBox*>(QStringLiteral("fleetWorkloadPicker"));
    picker->setCurrentIndex(picker->findData(QStringLiteral("article")));
    QTest::mouseClick(m_view->findChild<QPushButton*>(QStringLiteral("fleetAddWorkload")), Qt::LeftButton);
    QCOMPARE(m_view->mixModel()->rowCount(), 3);
    QCOMPARE(undo->undoText(), QStringLiteral("Add workload article"));
    undo->undo();
    QCOMPARE(m_view->mixModel()->rowCount(), 2);
    QCOMPARE(m_view->mixModel()->rows().back().workload, std::string("mooncake"));
    undo->redo();
    QCOMPARE(m_view->mixModel()->rowCount(), 3);

    // A share typed in the table, and a removal, each one step with its words.
    QVERIFY(m_view->mixModel()->setData(m_view->mixModel()->index(0, FleetMixModel::ShareColumn), 2.0));
    QCOMPARE(undo->undoText(), QStringLiteral("Change the share of chat"));
    m_view->mixModel()->removeRow(1);
    QCOMPARE(undo->undoText(), QStringLiteral("Remove workload mooncake"));
    undo->undo();
    QCOMPARE(m_view->mixModel()->rows()[1].workload, std::string("mooncake"));
    undo->undo();
    QCOMPARE(m_view->mixModel()->rows()[0].share, 0.7);
}

void TestGuiFleet::editMenuFollowsTheFleetTab()
{
    m_view.reset();
    kvtiers::test::clearTestHome();
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_VERIFY(window.controller()->hasResult());
    auto* fleet = window.findChild<FleetView*>(QStringLiteral("fleetView"));
    auto* undo = window.findChild<QAction*>(QStringLiteral("undoAction"));
    auto* tabs = window.findChild<QTabWidget*>(QStringLiteral("viewTabs"));
    const ScenarioSpec spec = window.controller()->spec();

    tabs->setCurrentIndex(1); // Fleet
    fleet->findChild<QDoubleSpinBox*>(QStringLiteral("fleetRate"))->setValue(321);
    QVERIFY(undo->isEnabled());
    QCOMPARE(undo->text(), QStringLiteral("&Undo Change request rate"));
    undo->trigger();
    QCOMPARE(fleet->inputs().rate, 100.0);
    QCOMPARE(window.controller()->spec(), spec); // the scenario is untouched

    // On the Scenario tab the menu is the scenario's again: nothing to undo there yet.
    fleet->findChild<QDoubleSpinBox*>(QStringLiteral("fleetRate"))->setValue(321);
    tabs->setCurrentIndex(0);
    QVERIFY(!undo->isEnabled());
    tabs->setCurrentIndex(1);
    QVERIFY(undo->isEnabled());
}

void TestGuiFleet::restartRestoresTheInputs()
{
    m_view.reset();
    kvtiers::test::clearTestHome();
    FleetView::Inputs saved;
    {
        MainWindow window;
        auto* fleet = window.findChild<FleetView*>(QStringLiteral("fleetView"));
        fleet->setMix({ { "chat", 0.25 }, { "article", 0.75 } });
        fleet->setRate(2e10, FleetView::RateUnit::TokensPerDay);
        fleet->setTargets(12.5, 0.07);
        fleet->findChild<QDoubleSpinBox*>(QStringLiteral("fleetTtftPercentile"))->setValue(90);
        fleet->findChild<QDoubleSpinBox*>(QStringLiteral("fleetTpotPercentile"))->setValue(kMeanPercentile);
        saved = fleet->inputs();
        QCOMPARE(saved.ttftPercentile, 90.0);
        QCOMPARE(saved.rateUnit, FleetView::RateUnit::TokensPerDay);
    } // quit: the inputs are saved
    MainWindow window;
    auto* fleet = window.findChild<FleetView*>(QStringLiteral("fleetView"));
    QCOMPARE(fleet->inputs(), saved);
    QCOMPARE(fleet->input().tokensPerDay, 2e10);
    QCOMPARE(fleet->input().mix.size(), size_t(2));
    QCOMPARE(fleet->input().mix[1].label, std::string("article"));
    QCOMPARE(fleet->input().targets.tpot(), 0.07);
    QCOMPARE(fleet->input().targets.ttftAt(), 90.0);
    QCOMPARE(fleet->input().targets.tpotAt(), kMeanPercentile);
    QCOMPARE(fleet->undoStack()->count(), 0); // a restored session starts its own history
}

void TestGuiFleet::damagedSessionIsDroppedWithAWord()
{
    m_view.reset();
    kvtiers::test::clearTestHome();
    {
        Settings settings;
        settings.setFleetSession(QStringLiteral(
            R"({"mix":[{"workload":"chat","share":1},{"workload":"no-such-workload","share":2},)"
            R"({"workload":"mooncake","share":"x"}],"rate":-5,"rate_unit":"furlongs","hardware":"abacus",)"
            R"("ttft_seconds":3})"));
        settings.sync();
    }
    {
        MainWindow window;
        auto* fleet = window.findChild<FleetView*>(QStringLiteral("fleetView"));
        const FleetView::Inputs in = fleet->inputs();
        QCOMPARE(in.mix.size(), size_t(1));
        QCOMPARE(in.mix[0].workload, std::string("chat"));
        QCOMPARE(in.rate, 100.0); // -5 is not a rate: the default stays
        QCOMPARE(in.rateUnit, FleetView::RateUnit::RequestsPerSecond);
        QCOMPARE(in.hardware, std::string(CardCatalog::kDefaultHardware));
        QCOMPARE(in.ttftSeconds, 3.0);
        const QString status = window.statusBar()->currentMessage();
        QVERIFY2(status.contains(QStringLiteral("no-such-workload")), qPrintable(status));
        QVERIFY2(status.contains(QStringLiteral("abacus")), qPrintable(status));
    }
    // Not JSON at all: the example mix, and a word.
    {
        Settings settings;
        settings.setFleetSession(QStringLiteral("{{not json"));
        settings.sync();
    }
    MainWindow window;
    auto* fleet = window.findChild<FleetView*>(QStringLiteral("fleetView"));
    QCOMPARE(fleet->inputs().mix.size(), size_t(2));
    QVERIFY(!window.statusBar()->currentMessage().isEmpty());
}

void TestGuiFleet::percentilesReachTheCoreAndTheLoadIsShown()
{
    auto* ttftP = m_view->findChild<QDoubleSpinBox*>(QStringLiteral("fleetTtftPercentile"));
    auto* tpotP = m_view->findChild<QDoubleSpinBox*>(QStringLiteral("fleetTpotPercentile"));
    QVERIFY(ttftP && tpotP);
    // MLPerf's server scenario: 99th percentiles unless told otherwise.
    QCOMPARE(m_view->input().targets.ttftAt(), 99.0);
    QCOMPARE(m_view->input().targets.tpotAt(), 99.0);
    ttftP->setValue(90);
    settle();
    QCOMPARE(m_view->input().targets.ttftAt(), 90.0);
    QCOMPARE(m_view->result()->entries[0].targets.ttftAt(), 90.0);
    QCOMPARE(m_view->undoStack()->undoText(), QStringLiteral("Change TTFT percentile"));
    ttftP->setValue(kMeanPercentile);
    QCOMPARE(ttftP->text(), QStringLiteral("mean"));
    settle();
    QCOMPARE(m_view->input().targets.ttftAt(), kMeanPercentile);
    // The table's load columns are the core's figures for the same input.
    const FleetResult f = sizeFleet(CardCatalog::builtin(), m_view->input());
    FleetMixModel* model = m_view->mixModel();
    for (int i = 0; i < 2; ++i) {
        const LoadFigures& l = f.entries[static_cast<size_t>(i)].load;
        QVERIFY(l.utilization > 0 && l.utilization < 1);
        QCOMPARE(
            model->index(i, FleetMixModel::UtilizationColumn).data(FleetMixModel::ValueRole).toDouble(), l.utilization);
        QCOMPARE(model->index(i, FleetMixModel::UtilizationColumn).data().toString(), percentText(l.utilization));
        QCOMPARE(
            model->index(i, FleetMixModel::WaitP99Column).data(FleetMixModel::ValueRole).toDouble(), l.queueWait.p99);
        QCOMPARE(model->index(i, FleetMixModel::TtftP99Column).data().toString(), secondsText(l.ttft.p99));
    }
    QCOMPARE(model->headerData(FleetMixModel::TtftP99Column, Qt::Horizontal).toString(), QStringLiteral("p99 TTFT"));
    // The inputs still fit the 1280×800 window's tab.
    QVERIFY2(
        m_view->minimumSizeHint().height() <= 760, qPrintable(QString::number(m_view->minimumSizeHint().height())));
}

void TestGuiFleet::controlsTakeTheOptionTable()
{
    // The Fleet tab accepts what `kvtiers fleet` accepts and opens on its defaults: each
    // control's range and first value are the fleet option table's (FleetOptions.h), the
    // table the CLI parses, validates and writes its --help from.
    FleetDocument document(CardCatalog::builtin());
    FleetView view(&document);
    auto spin = [&](const char* name) { return view.findChild<QDoubleSpinBox*>(QString::fromLatin1(name)); };
    auto sameRange = [](const QDoubleSpinBox* box, const Option<FleetInput>& o, double scale) {
        QCOMPARE(box->minimum(), o.min * scale);
        QCOMPARE(box->maximum(), o.max * scale);
    };
    // The rate in requests/s, and in tokens/day once that is its unit.
    sameRange(spin("fleetRate"), fleetOption(fleet_keys::kRequestsPerSecond), 1);
    QVERIFY(!optionDefault(fleetOption(fleet_keys::kRequestsPerSecond))); // the CLI asks for a rate: no default
    QCOMPARE(spin("fleetRate")->value(), FleetInputs::kExampleRate);
    auto* unit = view.findChild<QComboBox*>(QStringLiteral("fleetRateUnit"));
    unit->setCurrentIndex(unit->findData(static_cast<int>(FleetRateUnit::TokensPerDay)));
    sameRange(spin("fleetRate"), fleetOption(fleet_keys::kTokensPerDay), 1);
    QCOMPARE(document.fleetInput().tokensPerDay, spin("fleetRate")->value());
    // The targets: seconds, and milliseconds for the time per output token.
    const Option<FleetInput>& ttft = fleetOption(kTtftSecondsKey);
    const Option<FleetInput>& tpot = fleetOption(kTpotSecondsKey);
    sameRange(spin("fleetTtft"), ttft, 1);
    sameRange(spin("fleetTpot"), tpot, 1000);
    QCOMPARE(spin("fleetTtft")->value(), *optionDefault(ttft));
    QCOMPARE(spin("fleetTpot")->value(), *optionDefault(tpot) * 1000);
    QCOMPARE(*optionDefault(ttft), kDefaultTargets.ttft()); // the default the core sizes for
    QCOMPARE(*optionDefault(tpot), kDefaultTargets.tpot());
    // The percentiles: the table's default, and the same values taken and refused: 1 to
    // below 100 or the mean, never a fraction (0.99 meant as p99).
    for (const char* key : { kTtftPercentileKey, kTpotPercentileKey }) {
        const Option<FleetInput>& o = fleetOption(key);
        QDoubleSpinBox* box = spin(key == kTtftPercentileKey ? "fleetTtftPercentile" : "fleetTpotPercentile");
        QCOMPARE(box->value(), *optionDefault(o));
        for (const char* typed : { "1", "90", "99.9", "99.99", "0.99", "0.5", "100" }) {
            bool cliTakes = true;
            try {
                readOptionValue(o, typed);
            } catch (const InputError&) {
                cliTakes = false;
            }
            QString text = QString::fromLatin1(typed);
            int pos = 0;
            const bool guiTakes = box->validate(text, pos) == QValidator::Acceptable;
            QVERIFY2(guiTakes == cliTakes, typed);
        }
        QCOMPARE(readOptionValue(o, "mean"), kMeanPercentile);
        QCOMPARE(box->minimum(), kMeanPercentile);
        QCOMPARE(box->specialValueText(), QStringLiteral("mean"));
        // Stepping down from the lowest percentile reaches the mean, never 0.99.
        box->setValue(kMinPercentile);
        box->stepBy(-1);
        QCOMPARE(box->value(), kMeanPercentile);
        box->stepBy(1);
        QCOMPARE(box->value(), kMinPercentile);
    }
}

void TestGuiFleet::legendNamesTheWorkloadsByTheirCards()
{
    // The legend names each workload as the mix table does, by its card's name (the part
    // before its colon), with its model: "Multi-turn chat (Llama 3.1 8B)", not "chat (...)".
    auto* chart = m_view->findChild<FleetChart*>(QStringLiteral("fleetChart"));
    QVERIFY(chart);
    const FleetResult f = core();
    QCOMPARE(chart->workloadCount(), static_cast<int>(f.entries.size()));
    for (int i = 0; i < chart->workloadCount(); ++i) {
        const std::string& id = f.entries[static_cast<size_t>(i)].label;
        const std::string& card = CardCatalog::builtin().workloads().at(id).name;
        const std::string head = card.substr(0, card.find(": "));
        QCOMPARE(chart->entryName(i), qs(head + " (" + f.entries[static_cast<size_t>(i)].scenario.model.name + ")"));
        QVERIFY2(!chart->entryName(i).startsWith(qs(id + " (")), qPrintable(chart->entryName(i)));
    }
}

QTEST_MAIN(TestGuiFleet)
#include "tst_gui_fleet.moc"
