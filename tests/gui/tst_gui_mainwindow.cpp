// Drives the real MainWindow offscreen as a user would: reads the headline labels, moves
// sliders with the keyboard, types values, picks cards, and checks that the charts and
// the article's tier table move in the direction the model says.

#include "core/catalog/CardCatalog.h"
#include "core/io/InputError.h"
#include "core/io/Units.h"
#include "tests/support/TestHome.h"
#include "tests/support/TestWindow.h"
#include "ui/app/MainWindow.h"
#include "ui/charts/FleetChart.h"
#include "ui/charts/SweepChart.h"
#include "ui/charts/TierChart.h"
#include "ui/dialogs/ModelImportDialog.h"
#include "ui/fleet/FleetView.h"
#include "ui/scenario/ScenarioController.h"
#include "ui/scenario/TierTableModel.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTimer>
#include <QToolButton>
#include <QUndoStack>
#include <QWheelEvent>
#include <QtTest>
#include <qcustomplot.h>

#include <cmath>
#include <memory>

using namespace kvtiers;
using namespace kvtiers::ui;

class TestGuiMainWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();

    void defaultsShowArticleFigures();
    void contextSliderGrowsHbmKv();
    void dragRecomputesEveryStepAndIsOneUndoStep();
    void concurrencySliderGrowsHotSet();
    void reuseSliderShrinksRetainedPool();
    void requestRateSpinSizesThePool();
    void kvDtypeFp8HalvesKv();
    void typedContextAccepted();
    void modelAndHardwareUpdateEveryView();
    void overflowIsShown();
    void invalidTpShowsMessageAndUndoRecovers();
    void resetRestoresArticle();
    void settingsPersistAcrossRestart();
    void undoMenuNamesTheControlAndTheCard();
    void importedModelShowsInTheModelPicker();
    void fleetChartScrollsWithTheWheel();

private:
    template <typename T> T* find(const char* name)
    {
        auto* w = m_window->findChild<T*>(QString::fromLatin1(name));
        if (!w)
            qFatal("no widget named %s", name);
        return w;
    }
    QString text(const char* label) { return find<QLabel>(label)->text(); }
    /// Waits until the controller has evaluated since `before`.
    bool waitEvaluated(int before)
    {
        return QTest::qWaitFor([&] { return m_window->controller()->evaluationCount() > before; });
    }
    double placed(Tier tier)
    {
        auto* model = m_window->tierTableModel();
        return model->index(static_cast<int>(tier), TierTableModel::PlacedColumn)
            .data(TierTableModel::BytesRole)
            .toDouble();
    }
    void startWindow(bool fresh = true)
    {
        m_window = std::make_unique<MainWindow>();
        if (fresh)
            m_window->resize(1400, 900);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        QTRY_VERIFY(m_window->controller()->hasResult());
    }

    std::unique_ptr<MainWindow> m_window;
};

void TestGuiMainWindow::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void TestGuiMainWindow::init()
{
    kvtiers::test::clearTestHome();
    startWindow();
}

void TestGuiMainWindow::cleanup()
{
    m_window.reset();
}

void TestGuiMainWindow::defaultsShowArticleFigures()
{
    QCOMPARE(text("headlineKvPerToken"), QStringLiteral("320 KiB per token"));
    QCOMPARE(text("headlineKvPerRequest"), QStringLiteral("40 GiB per request"));
    QCOMPARE(text("headlineHotSet"), QStringLiteral("400 GiB for 10 sequences"));
    QVERIFY2(text("headlineFormula").contains(QStringLiteral("2 × 80 × 8 × 128 × 2 B = 327,680 B = 320 KiB")),
        qPrintable(text("headlineFormula")));
    QCOMPARE(find<QLineEdit>("contextEdit")->text(), QStringLiteral("128K"));
    QCOMPARE(find<QLineEdit>("concurrencyEdit")->text(), QStringLiteral("10"));
    QVERIFY(!find<QLabel>("errorBanner")->isVisible());

    auto* chart = find<TierChart>("tierChart");
    QCOMPARE(chart->segmentValue(Tier::Hbm, Segment::HotKv), 10 * 131072.0 * 327680.0);
    QCOMPARE(chart->overflow(), 0.0);
    auto* sweep = find<SweepChart>("sweepChart");
    QCOMPARE(sweep->pointCount(), ScenarioController::kSweepPoints);
    QCOMPARE(sweep->currentX(), 131072.0);
    QVERIFY(sweep->hbmFullText().startsWith(QStringLiteral("hot set alone fills HBM")));
    // Everything lives in HBM: the article's HBM row is the one highlighted.
    auto* model = m_window->tierTableModel();
    QVERIFY(model->index(0, 0).data(TierTableModel::ConditionMetRole).toBool());
    QVERIFY(!model->index(1, 0).data(TierTableModel::ConditionMetRole).toBool());
    QCOMPARE(model->index(0, TierTableModel::LivesThereColumn).data().toString(),
        QStringLiteral("Weights being computed on and the hottest KV"));
}

void TestGuiMainWindow::contextSliderGrowsHbmKv()
{
    auto* chart = find<TierChart>("tierChart");
    auto* slider = find<QSlider>("contextSlider");
    const double kvBefore = chart->segmentValue(Tier::Hbm, Segment::HotKv);
    const double tableBefore = placed(Tier::Hbm);
    const int before = m_window->controller()->evaluationCount();
    slider->setFocus();
    QTest::keyClick(slider, Qt::Key_PageUp); // 128K → ~190K: still fits in HBM
    QVERIFY(waitEvaluated(before));
    QTRY_VERIFY(chart->segmentValue(Tier::Hbm, Segment::HotKv) > kvBefore);
    QVERIFY(placed(Tier::Hbm) > tableBefore);
    QVERIFY(find<QLineEdit>("contextEdit")->text() != QStringLiteral("128K"));
    QVERIFY(find<SweepChart>("sweepChart")->currentX() > 131072.0);

    const int mid = m_window->controller()->evaluationCount();
    QTest::keyClick(slider, Qt::Key_PageDown);
    QTest::keyClick(slider, Qt::Key_PageDown); // below 128K
    QVERIFY(waitEvaluated(mid));
    QTRY_VERIFY(chart->segmentValue(Tier::Hbm, Segment::HotKv) < kvBefore);
    QVERIFY(placed(Tier::Hbm) < tableBefore);
}

void TestGuiMainWindow::dragRecomputesEveryStepAndIsOneUndoStep()
{
    auto* slider = find<QSlider>("contextSlider");
    auto* chart = find<TierChart>("tierChart");
    QSignalSpy evaluated(m_window->controller(), &ScenarioController::evaluated);
    const int undoBefore = m_window->controller()->undoStack()->count();
    slider->setSliderDown(true); // the hand is on the handle
    double previous = chart->segmentValue(Tier::Hbm, Segment::HotKv);
    int steps = 0;
    const int start = slider->value(); // 128K = 700
    for (int p = start - 100; p <= start + 40; p += 10) {
        if (p == start)
            continue;
        slider->setSliderPosition(p); // what a drag does: sliderMoved + valueChanged per step
        ++steps;
        QTRY_COMPARE(evaluated.count(), steps);
        const double now = chart->segmentValue(Tier::Hbm, Segment::HotKv);
        if (p > 600)
            QVERIFY(now > previous); // more context, more HBM KV at every step
        previous = now;
    }
    slider->setSliderDown(false);
    QVERIFY(steps >= 10);
    QCOMPARE(m_window->controller()->undoStack()->count(), undoBefore + 1); // one drag, one undo step
}

void TestGuiMainWindow::concurrencySliderGrowsHotSet()
{
    auto* chart = find<TierChart>("tierChart");
    auto* slider = find<QSlider>("concurrencySlider");
    const double kvBefore = chart->segmentValue(Tier::Hbm, Segment::HotKv);
    const double tableBefore = placed(Tier::Hbm);
    const QString hotSetBefore = text("headlineHotSet");
    slider->setFocus();
    QTest::keyClick(slider, Qt::Key_PageUp); // 10 → 16 sequences, still fits
    QTRY_VERIFY(chart->segmentValue(Tier::Hbm, Segment::HotKv) > kvBefore);
    QVERIFY(placed(Tier::Hbm) > tableBefore);
    QVERIFY(text("headlineHotSet") != hotSetBefore);
}

void TestGuiMainWindow::reuseSliderShrinksRetainedPool()
{
    // The chat card keeps prefixes for two minutes and offloads them: reuse fills DRAM.
    auto* workload = find<QComboBox>("workloadCombo");
    workload->setCurrentIndex(workload->findData(QStringLiteral("chat")));
    auto* chart = find<TierChart>("tierChart");
    QTRY_VERIFY(chart->segmentValue(Tier::Dram, Segment::Retained) > 0);
    QTRY_COMPARE(find<QLineEdit>("reuseEdit")->text(), QStringLiteral("60%"));
    const double retainedBefore = chart->segmentValue(Tier::Dram, Segment::Retained);
    const double tableBefore = placed(Tier::Dram);
    auto* slider = find<QSlider>("reuseSlider");
    slider->setFocus();
    QTest::keyClick(slider, Qt::Key_PageDown); // 60% → 55%
    QTRY_VERIFY(text("headlineReuse").endsWith(QStringLiteral("of 55%")));
    // The chat card's LRU prefix cache fills its DRAM share (core/model/PrefixCache): a
    // shorter reusable prefix never holds more of it.
    QVERIFY(chart->segmentValue(Tier::Dram, Segment::Retained) <= retainedBefore);
    QVERIFY(placed(Tier::Dram) <= tableBefore);
    // DRAM holds reusable prefixes and restoring beats recomputing: the DRAM row is lit.
    QVERIFY(m_window->tierTableModel()->conditionMet(Tier::Dram));
}

void TestGuiMainWindow::requestRateSpinSizesThePool()
{
    // The chat card derives λ from throughput; giving twice that rate doubles the pool.
    auto* workload = find<QComboBox>("workloadCombo");
    workload->setCurrentIndex(workload->findData(QStringLiteral("chat")));
    auto* controller = m_window->controller();
    QTRY_VERIFY(controller->result().retainedPoolBytes > 0);
    auto* spin = find<QDoubleSpinBox>("requestRateSpin");
    QCOMPARE(spin->value(), spin->minimum());
    QCOMPARE(spin->text(), QStringLiteral("derived"));
    const double derivedRate = controller->result().requestRate;
    const double derivedPool = controller->result().retainedPoolBytes;
    int before = controller->evaluationCount();
    spin->setValue(std::round(2 * derivedRate * 1000) / 1000);
    QVERIFY(waitEvaluated(before));
    QCOMPARE(controller->result().requestRate, spin->value());
    QVERIFY2(std::fabs(controller->result().retainedPoolBytes / derivedPool - spin->value() / derivedRate) < 1e-9,
        qPrintable(QString::number(controller->result().retainedPoolBytes / derivedPool)));
    QVERIFY(controller->spec().overrides.contains("request_rate_per_s"));
    // Back to "derived": the override goes, the pool returns.
    before = controller->evaluationCount();
    spin->setValue(spin->minimum());
    QVERIFY(waitEvaluated(before));
    QVERIFY(!controller->spec().overrides.contains("request_rate_per_s"));
    QCOMPARE(controller->result().retainedPoolBytes, derivedPool);
    // Undo brings the given rate back, and the spin shows it.
    m_window->controller()->undoStack()->undo();
    QTRY_VERIFY(controller->spec().overrides.contains("request_rate_per_s"));
    QTRY_VERIFY(spin->value() > 0);
}

void TestGuiMainWindow::kvDtypeFp8HalvesKv()
{
    auto* chart = find<TierChart>("tierChart");
    const double kvBefore = chart->segmentValue(Tier::Hbm, Segment::HotKv);
    const double tableBefore = placed(Tier::Hbm);
    auto* combo = find<QComboBox>("kvDtypeCombo");
    combo->setFocus();
    // Keyboard selection, as a user would: bf16 → fp16 → fp8.
    QTest::keyClick(combo, Qt::Key_Down);
    QTest::keyClick(combo, Qt::Key_Down);
    QCOMPARE(combo->currentText(), QStringLiteral("fp8"));
    QTRY_COMPARE(chart->segmentValue(Tier::Hbm, Segment::HotKv), kvBefore / 2);
    QCOMPARE(text("headlineKvPerToken"), QStringLiteral("160 KiB per token"));
    QCOMPARE(placed(Tier::Hbm), tableBefore - kvBefore / 2);

    // Custom bits: 4 bits is a quarter of fp16.
    combo->setCurrentIndex(combo->count() - 1);
    auto* bits = find<QDoubleSpinBox>("kvBitsSpin");
    QTRY_VERIFY(bits->isEnabled());
    bits->setValue(4);
    QTRY_COMPARE(chart->segmentValue(Tier::Hbm, Segment::HotKv), kvBefore / 4);
}

void TestGuiMainWindow::typedContextAccepted()
{
    auto* edit = find<QLineEdit>("contextEdit");
    edit->setFocus();
    edit->selectAll();
    QTest::keyClicks(edit, QStringLiteral("64k"));
    QTest::keyClick(edit, Qt::Key_Return);
    QTRY_COMPARE(text("headlineKvPerRequest"), QStringLiteral("20 GiB per request"));
    QCOMPARE(find<QSlider>("contextSlider")->value(), 600); // 64K = 1K · 2^6

    // Nonsense is refused with the core's message, and nothing changes.
    edit->selectAll();
    QTest::keyClicks(edit, QStringLiteral("lots"));
    QTest::keyClick(edit, Qt::Key_Return);
    QTRY_VERIFY(m_window->statusBar()->currentMessage().contains(QStringLiteral("context")));
    QCOMPARE(edit->text(), QStringLiteral("64K"));
    QCOMPARE(text("headlineKvPerRequest"), QStringLiteral("20 GiB per request"));
}

void TestGuiMainWindow::modelAndHardwareUpdateEveryView()
{
    auto* chart = find<TierChart>("tierChart");
    auto* sweep = find<SweepChart>("sweepChart");
    const double weightsBefore = chart->segmentValue(Tier::Hbm, Segment::Weights);
    const double sweepBefore = sweep->seriesValue(SweepChart::Series::Hbm, 100);
    const double tableBefore = placed(Tier::Hbm);

    auto* model = find<QComboBox>("modelCombo");
    model->setFocus();
    model->lineEdit()->selectAll();
    QTest::keyClicks(model->lineEdit(), QStringLiteral("Llama 3.1 8B"));
    QTest::keyClick(model->lineEdit(), Qt::Key_Return);
    QTRY_COMPARE(m_window->controller()->scenario().model.id, std::string("llama-3.1-8b"));
    QTRY_COMPARE(text("headlineKvPerToken"), QStringLiteral("128 KiB per token"));
    QVERIFY(chart->segmentValue(Tier::Hbm, Segment::Weights) < weightsBefore);
    QVERIFY(sweep->seriesValue(SweepChart::Series::Hbm, 100) < sweepBefore);
    QVERIFY(placed(Tier::Hbm) < tableBefore);
    QVERIFY(text("headlineFormula").contains(QStringLiteral("2 × 32 × 8 × 128 × 2 B")));

    const double capBefore = chart->capacity(Tier::Hbm);
    const QVariant tableCapBefore
        = m_window->tierTableModel()->index(0, TierTableModel::CapacityColumn).data(TierTableModel::BytesRole);
    auto* hardware = find<QComboBox>("hardwareCombo");
    hardware->setCurrentIndex(hardware->findData(QStringLiteral("h100-sxm")));
    QTRY_VERIFY(chart->capacity(Tier::Hbm) < capBefore); // 80 GB instead of 141 GB per GPU
    QVERIFY(
        m_window->tierTableModel()->index(0, TierTableModel::CapacityColumn).data(TierTableModel::BytesRole).toDouble()
        < tableCapBefore.toDouble());
    QVERIFY(m_window->windowTitle().contains(QStringLiteral("H100")));
}

void TestGuiMainWindow::overflowIsShown()
{
    auto* edit = find<QLineEdit>("concurrencyEdit");
    edit->setFocus();
    edit->selectAll();
    QTest::keyClicks(edit, QStringLiteral("4096"));
    QTest::keyClick(edit, Qt::Key_Return);
    auto* chart = find<TierChart>("tierChart");
    QTRY_VERIFY(chart->overflow() > 100 * 1024.0 * 1024 * 1024 * 1024); // ~159 TiB fits nowhere
    QCOMPARE(chart->capacity(Tier::Hbm),
        chart->segmentValue(Tier::Hbm, Segment::Weights) + chart->segmentValue(Tier::Hbm, Segment::HotKv)
            + chart->segmentValue(Tier::Hbm, Segment::Fragmentation));
    auto* sweep = find<SweepChart>("sweepChart");
    QVERIFY(sweep->seriesValue(SweepChart::Series::Overflow, sweep->pointCount() - 1) > 0);
    QVERIFY(find<QWidget>("warningsBar")->isVisible());
    QVERIFY(find<QLabel>("warningsLabel")->text().contains(QStringLiteral("HBM")));
}

void TestGuiMainWindow::invalidTpShowsMessageAndUndoRecovers()
{
    auto* tp = find<QSpinBox>("tpSpin");
    tp->setValue(3); // 8 KV heads are not divisible by 3
    auto* banner = find<QLabel>("errorBanner");
    QTRY_VERIFY(banner->isVisible());
    QVERIFY2(banner->text().contains(QStringLiteral("tp")), qPrintable(banner->text()));
    QVERIFY(!m_window->statusBar()->currentMessage().isEmpty());
    // The last good figures stay up.
    QCOMPARE(text("headlineKvPerToken"), QStringLiteral("320 KiB per token"));

    m_window->setFocus();
    QTest::keySequence(m_window.get(), QKeySequence::Undo);
    QTRY_VERIFY(!banner->isVisible());
    QCOMPARE(tp->value(), 8);
}

void TestGuiMainWindow::resetRestoresArticle()
{
    find<QSpinBox>("tpSpin")->setValue(4);
    QTRY_COMPARE(m_window->controller()->scenario().tp(), 4);
    auto* reset = find<QAction>("resetAction");
    reset->trigger();
    QTRY_COMPARE(m_window->controller()->scenario().tp(), 8);
    QCOMPARE(m_window->controller()->spec(), ScenarioController::articleSpec());
    QTRY_COMPARE(text("headlineHotSet"), QStringLiteral("400 GiB for 10 sequences"));
}

void TestGuiMainWindow::settingsPersistAcrossRestart()
{
    auto* edit = find<QLineEdit>("contextEdit");
    edit->setFocus();
    edit->selectAll();
    QTest::keyClicks(edit, QStringLiteral("32k"));
    QTest::keyClick(edit, Qt::Key_Return);
    QTRY_COMPARE(text("headlineKvPerRequest"), QStringLiteral("10 GiB per request"));
    find<QComboBox>("scopeCombo")->setCurrentIndex(0); // per GPU
    m_window->resize(1300, 850);
    QTRY_COMPARE(m_window->size(), QSize(1300, 850));
    const QSize size = m_window->size();
    auto* controls = find<QDockWidget>("controlsDock");
    m_window->resizeDocks({ controls }, { 450 }, Qt::Horizontal);
    QTest::qWait(50); // let the layout settle
    const int controlsWidth = controls->width();
    QVERIFY(controlsWidth > 400);

    m_window.reset(); // quit
    startWindow(false);
    QCOMPARE(find<QLineEdit>("contextEdit")->text(), QStringLiteral("32K"));
    QCOMPARE(text("headlineKvPerRequest"), QStringLiteral("10 GiB per request"));
    QCOMPARE(find<TierChart>("tierChart")->scope(), TierScope::PerGpu);
    QCOMPARE(find<QDockWidget>("controlsDock")->width(), controlsWidth);
    QCOMPARE(m_window->size(), size);
}

void TestGuiMainWindow::undoMenuNamesTheControlAndTheCard()
{
    // Edit › Undo names the step in the controls' words and the card by its name, never a
    // JSON key or a card id; Redo likewise; the shortcuts stay.
    QMenu* edit = nullptr;
    for (QAction* a : m_window->menuBar()->actions())
        if (a->text() == QStringLiteral("&Edit"))
            edit = a->menu();
    QVERIFY(edit);
    auto* undo = find<QAction>("undoAction");
    auto* redo = find<QAction>("redoAction");
    QVERIFY(edit->actions().contains(undo) && edit->actions().contains(redo));
    QCOMPARE(undo->shortcut(), QKeySequence(QKeySequence::Undo));
    QCOMPARE(redo->shortcuts(), QKeySequence::keyBindings(QKeySequence::Redo));
    QCOMPARE(undo->text(), QStringLiteral("&Undo"));
    QVERIFY(!undo->isEnabled());
    QCOMPARE(redo->text(), QStringLiteral("&Redo"));
    QVERIFY(!redo->isEnabled());

    auto* workload = find<QComboBox>("workloadCombo");
    workload->setCurrentIndex(workload->findData(QStringLiteral("chat")));
    const QString chat = QString::fromStdString(CardCatalog::builtin().workloads().at("chat").name);
    QTRY_COMPARE(undo->text(), QStringLiteral("&Undo Load workload ") + chat);
    QVERIFY(undo->isEnabled());
    QTRY_COMPARE(find<QLineEdit>("reuseEdit")->text(), QStringLiteral("60%")); // the card's, shown

    auto* slider = find<QSlider>("reuseSlider");
    slider->setFocus();
    QTest::keyClick(slider, Qt::Key_PageDown);
    QTRY_COMPARE(undo->text(), QStringLiteral("&Undo Change reuse rate"));

    auto* model = find<QComboBox>("modelCombo");
    model->setCurrentIndex(model->findData(QStringLiteral("llama-3.1-70b")));
    const QString llama = QString::fromStdString(CardCatalog::builtin().models().at("llama-3.1-70b").name);
    QTRY_COMPARE(undo->text(), QStringLiteral("&Undo Choose model ") + llama);

    find<QToolButton>("advancedToggle")->setChecked(true);
    auto* dram = find<QLineEdit>("dramPerServerEdit");
    QTRY_VERIFY(dram->isVisible());
    dram->setFocus();
    dram->selectAll();
    QTest::keyClicks(dram, QStringLiteral("1TB"));
    QTest::keyClick(dram, Qt::Key_Return);
    QTRY_COMPARE(undo->text(), QStringLiteral("&Undo Change DRAM per server"));

    undo->trigger();
    QTRY_COMPARE(redo->text(), QStringLiteral("&Redo Change DRAM per server"));
    // The status bar says what was taken back, not what the step had said.
    QCOMPARE(m_window->statusBar()->currentMessage(), QStringLiteral("Undone: Change DRAM per server"));
    QVERIFY(redo->isEnabled());
    QCOMPARE(undo->text(), QStringLiteral("&Undo Choose model ") + llama);
    redo->trigger();
    QTRY_COMPARE(undo->text(), QStringLiteral("&Undo Change DRAM per server"));
    QCOMPARE(m_window->statusBar()->currentMessage(), QStringLiteral("Redone: Change DRAM per server"));
    QCOMPARE(redo->text(), QStringLiteral("&Redo"));
    QVERIFY(!redo->isEnabled());

    // A typed context the core refuses: the status bar shows the core's own English text.
    QString core;
    try {
        parseTokenCount("lots", "context", 1, limits::kMaxContext);
    } catch (const InputError& e) {
        core = QString::fromStdString(e.what());
    }
    QVERIFY(core.startsWith(QStringLiteral("context: ")));
    auto* context = find<QLineEdit>("contextEdit");
    context->setFocus();
    context->selectAll();
    QTest::keyClicks(context, QStringLiteral("lots"));
    QTest::keyClick(context, Qt::Key_Return);
    QTRY_COMPARE(m_window->statusBar()->currentMessage(), core);
}

void TestGuiMainWindow::importedModelShowsInTheModelPicker()
{
    // Tools › Import config.json › OK: the model picker shows the imported model by name
    // (its data the saved card file), not a blank, and picking it again after another model
    // brings the file back.
    QTemporaryDir data;
    QVERIFY(data.isValid());
    qputenv("KVTIERS_DATA_DIR", data.path().toUtf8());
    const QString config
        = QStringLiteral("{\"_name_or_path\": \"acme/Tiered-7B\", \"architectures\": [\"MistralForCausalLM\"], "
                         "\"model_type\": \"mistral\", \"hidden_size\": 4096, "
                         "\"intermediate_size\": 14336, \"num_attention_heads\": 32, \"num_hidden_layers\": 32, "
                         "\"num_key_value_heads\": 8, \"vocab_size\": 32000, \"max_position_embeddings\": 32768, "
                         "\"torch_dtype\": \"bfloat16\"}");
    const QString importError = kvtiers::test::importConfigThroughDialog(m_window.get(), config);
    QVERIFY2(importError.isEmpty(), qPrintable(importError));

    // The card is saved in the user's card folder and the scenario names it by id.
    const std::string id = m_window->controller()->spec().model;
    const QString cardFile
        = data.path() + QStringLiteral("/cards/") + QString::fromStdString(id) + QStringLiteral(".json");
    QVERIFY2(QFileInfo::exists(cardFile), qPrintable(cardFile));
    QTRY_COMPARE(m_window->controller()->scenario().model.id, id);
    const QString name = QString::fromStdString(m_window->controller()->scenario().model.name);
    QCOMPARE(name, QStringLiteral("acme/Tiered-7B"));
    auto* model = find<QComboBox>("modelCombo");
    QTRY_COMPARE(model->currentText(), name);
    QCOMPARE(model->currentData().toString(), QString::fromStdString(id));
    QCOMPARE(model->lineEdit()->text(), name);
    QCOMPARE(find<QAction>("undoAction")->text(), QStringLiteral("&Undo Import ") + name);
    // KVTIERS_GRAB_DIR=dir: save what the user sees.
    if (const QString dir = qEnvironmentVariable("KVTIERS_GRAB_DIR"); !dir.isEmpty() && (QTest::qWait(100), true))
        m_window->grab().save(dir + QStringLiteral("/imported-model.png"));

    // Another model, then the imported one again from the picker.
    model->setCurrentIndex(model->findData(QStringLiteral("llama-3.1-8b")));
    QTRY_COMPARE(m_window->controller()->spec().model, std::string("llama-3.1-8b"));
    QCOMPARE(model->findText(name), model->findData(QString::fromStdString(id))); // listed once
    model->setCurrentIndex(model->findData(QString::fromStdString(id)));
    QTRY_COMPARE(m_window->controller()->spec().model, id);
    QCOMPARE(find<QAction>("undoAction")->text(), QStringLiteral("&Undo Choose model ") + name);
    QCOMPARE(model->currentText(), name);
    QVERIFY(!find<QLabel>("errorBanner")->isVisible());

    // Undo back to a built-in model, and the imported one is still shown when redone.
    m_window->controller()->undoStack()->undo();
    QTRY_COMPARE(model->currentData().toString(), QStringLiteral("llama-3.1-8b"));
    m_window->controller()->undoStack()->redo();
    QTRY_COMPARE(model->currentText(), name);

    // After a restart, on another model, the imported one is still in the picker.
    model->setCurrentIndex(model->findData(QStringLiteral("llama-3.1-8b")));
    QTRY_COMPARE(m_window->controller()->spec().model, std::string("llama-3.1-8b"));
    m_window.reset();
    startWindow(false);
    model = find<QComboBox>("modelCombo");
    const int index = model->findData(QString::fromStdString(id));
    QVERIFY2(index >= 0, "the imported model left the picker after a restart");
    QCOMPARE(model->itemText(index), name);
    model->setCurrentIndex(index);
    QTRY_COMPARE(m_window->controller()->scenario().model.name, name.toStdString());
    qunsetenv("KVTIERS_DATA_DIR");
}

void TestGuiMainWindow::fleetChartScrollsWithTheWheel()
{
    // A long mix on a laptop (1280 × 720): the chart keeps its bars readable and grows
    // taller, the Fleet tab gets a vertical scrollbar, and the wheel over the chart scrolls
    // it (the plot used to take every wheel event, zooming nothing). At 1600 × 1000 the
    // chart, beside the inputs, now fits the page.
    startWindow();
    m_window->resize(1280, 720);
    find<QTabWidget>("viewTabs")->setCurrentIndex(1);
    auto* view = m_window->findChild<FleetView*>();
    QVERIFY(view);
    // The CLI's example mix, sixty-four rows of it (the most a mix holds): more than the Fleet tab's full height holds.
    std::vector<std::pair<std::string, double>> mix;
    for (int i = 0; i < 64; ++i)
        mix.emplace_back(i % 2 ? "mooncake" : "chat", 1.0 / 64);
    view->setMix(mix);
    FleetChart* chart = view->chart();
    QTRY_VERIFY2_WITH_TIMEOUT(chart->workloadCount() == 64, qPrintable(find<QLabel>("fleetError")->text()), 10000);
    QScrollArea* area = nullptr;
    for (QWidget* w = view->parentWidget(); w && !area; w = w->parentWidget())
        area = qobject_cast<QScrollArea*>(w);
    QVERIFY(area);
    QScrollBar* bar = area->verticalScrollBar();
    QTRY_VERIFY(bar->maximum() > 0);
    QVERIFY(bar->isVisible());
    QCOMPARE(bar->value(), 0);
    // The panels keep at least their minimum height under a legend of 64 entries.
    QVERIFY(chart->plot()->axisRect(0)->rect().height() >= 100);

    QCustomPlot* plot = chart->plot();
    const QPoint at(plot->width() / 2, 20);
    QWheelEvent down(
        at, plot->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(plot, &down);
    QTRY_VERIFY(bar->value() > 0);
    const int scrolled = bar->value();
    QWheelEvent up(
        at, plot->mapToGlobal(at), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(plot, &up);
    QTRY_VERIFY(bar->value() < scrolled);
    if (const QString dir = qEnvironmentVariable("KVTIERS_GRAB_DIR"); !dir.isEmpty())
        m_window->grab().save(dir + QStringLiteral("/fleet-scroll.png"));
}

QTEST_MAIN(TestGuiMainWindow)
#include "tst_gui_mainwindow.moc"
