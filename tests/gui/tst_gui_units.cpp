// Decimal or binary bytes, everywhere: drives the real MainWindow offscreen.
// View > Units switches the headline figures, the tier table, the chart axes, the Fleet
// tab, the comparison and exported charts at once, keeping every view's state; the Fleet
// tab's units radios are the same setting; the choice survives a restart. A units switch
// re-words what the views hold: the scenario is not evaluated again, nor the fleet sized.
// Expected texts come from the core's formatter (kvtiers::formatBytes) on the core's own
// result.

#include "core/catalog/CardCatalog.h"
#include "core/model/Evaluation.h"
#include "tests/support/TestHome.h"
#include "ui/app/MainWindow.h"
#include "ui/charts/ByteTicker.h"
#include "ui/charts/CompareChart.h"
#include "ui/charts/SweepChart.h"
#include "ui/charts/TierChart.h"
#include "ui/common/DisplayOptions.h"
#include "ui/dialogs/FileDialog.h"
#include "ui/export/ChartExporter.h"
#include "ui/fleet/FleetView.h"
#include "ui/presets/CompareTableModel.h"
#include "ui/presets/CompareView.h"
#include "ui/scenario/ScenarioController.h"
#include "ui/scenario/TierTableModel.h"

#include <QAction>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QRadioButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include <memory>

using namespace kvtiers;
using namespace kvtiers::ui;

namespace {

QString bytes(double value, ByteUnits units)
{
    return QString::fromStdString(formatBytes(value, units));
}

/// The article's scenario evaluated by the core directly, not through the GUI.
EvalResult articleResult()
{
    return evaluate(resolveScenario(CardCatalog::builtin(), ScenarioController::articleSpec()).scenario);
}

/// Every tick label but "0" is a size in `units` ("512 GiB", "1.5 TB").
bool labelsIn(const QVector<QString>& labels, ByteUnits units)
{
    static const QRegularExpression binary(QStringLiteral("^[0-9.,]+ (B|KiB|MiB|GiB|TiB|PiB)$"));
    static const QRegularExpression decimal(QStringLiteral("^[0-9.,]+ (B|kB|MB|GB|TB|PB)$"));
    int sizes = 0;
    for (const QString& l : labels) {
        if (l == QStringLiteral("0"))
            continue;
        if (!(units == ByteUnits::Binary ? binary : decimal).match(l).hasMatch())
            return false;
        ++sizes;
    }
    return sizes >= 2;
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestGuiUnits : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();

    void defaultIsBinary();
    void menuSwitchesEveryViewAndKeepsState();
    void fleetRadioIsTheSameSetting();
    void compareViewFollows();
    void persistsIntoANewWindow();
    void exportedTierChartFollows();
    void advancedSizeFieldsFollow();
    void unitsSwitchEvaluatesNothing();

private:
    template <typename T> T* find(const char* name)
    {
        auto* w = m_window->findChild<T*>(QString::fromLatin1(name));
        if (!w)
            qFatal("no object named %s", name);
        return w;
    }
    QString text(const char* label) { return find<QLabel>(label)->text(); }
    QCPAxis* tierAxis(int panel)
    {
        return find<TierChart>("tierChart")->plot()->axisRects().at(panel)->axis(QCPAxis::atLeft);
    }
    /// The HBM panel's tick labels as drawn (ticks are computed at replot).
    QVector<QString> hbmTickLabels()
    {
        auto* plot = find<TierChart>("tierChart")->plot();
        plot->replot(QCustomPlot::rpImmediateRefresh);
        return tierAxis(0)->tickVectorLabels();
    }
    QString placedCell(Tier tier)
    {
        return m_window->tierTableModel()
            ->index(static_cast<int>(tier), TierTableModel::PlacedColumn)
            .data()
            .toString();
    }
    double placedBytes(Tier tier)
    {
        return m_window->tierTableModel()
            ->index(static_cast<int>(tier), TierTableModel::PlacedColumn)
            .data(TierTableModel::BytesRole)
            .toDouble();
    }
    ByteUnits shownUnits() { return m_window->displayOptions()->units(); }
    /// Picks View > Units > Decimal or Binary as a user would. The views re-word what they
    /// hold at once: no evaluation runs, now or queued.
    void pickUnits(ByteUnits units)
    {
        ScenarioController* controller = m_window->controller();
        const int before = controller->evaluationCount();
        QSignalSpy results(controller, &ScenarioController::resultChanged);
        find<QAction>(units == ByteUnits::Decimal ? "unitsDecimalAction" : "unitsBinaryAction")->trigger();
        QCOMPARE(shownUnits(), units);
        QCoreApplication::processEvents();
        controller->flush(); // evaluates only if something was scheduled
        QCOMPARE(controller->evaluationCount(), before);
        QCOMPARE(results.count(), 0);
    }
    void startWindow()
    {
        m_window = std::make_unique<MainWindow>();
        m_window->resize(1400, 900);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        QTRY_VERIFY(m_window->controller()->hasResult());
    }

    std::unique_ptr<MainWindow> m_window;
    EvalResult m_article;
};

void TestGuiUnits::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    m_article = articleResult();
}

void TestGuiUnits::init()
{
    kvtiers::test::clearTestHome();
    startWindow();
}

void TestGuiUnits::cleanup()
{
    m_window.reset();
}

void TestGuiUnits::defaultIsBinary()
{
    QCOMPARE(shownUnits(), ByteUnits::Binary);
    QVERIFY(find<QAction>("unitsBinaryAction")->isChecked());
    QVERIFY(!find<QAction>("unitsDecimalAction")->isChecked());
    QVERIFY(find<QAction>("unitsDecimalAction")->actionGroup()->isExclusive());
    QCOMPARE(text("headlineKvPerRequest"),
        QStringLiteral("%1 per request").arg(bytes(m_article.kvBytesPerRequest, ByteUnits::Binary)));
    QVERIFY(find<QRadioButton>("fleetBinaryUnits")->isChecked());
    QVERIFY(labelsIn(hbmTickLabels(), ByteUnits::Binary));
}

void TestGuiUnits::menuSwitchesEveryViewAndKeepsState()
{
    // State that a refresh must not lose: the scope, and an edit with its undo step.
    find<QComboBox>("scopeCombo")->setCurrentIndex(0); // per GPU
    QCOMPARE(find<TierChart>("tierChart")->scope(), TierScope::PerGpu);
    auto* controller = m_window->controller();
    const int undoSteps = controller->undoStack()->count();
    const ScenarioSpec spec = controller->spec();
    const QString binaryCell = placedCell(Tier::Hbm);
    QCOMPARE(binaryCell, bytes(placedBytes(Tier::Hbm), ByteUnits::Binary));
    const QVector<QString> binaryTicks = hbmTickLabels();

    pickUnits(ByteUnits::Decimal);

    QCOMPARE(shownUnits(), ByteUnits::Decimal);
    QVERIFY(find<QAction>("unitsDecimalAction")->isChecked());
    QVERIFY(!find<QAction>("unitsBinaryAction")->isChecked());
    // Headline: the core's KV per request in decimal (the article's 40 GiB is 42.9 GB).
    QCOMPARE(text("headlineKvPerRequest"),
        QStringLiteral("%1 per request").arg(bytes(m_article.kvBytesPerRequest, ByteUnits::Decimal)));
    QCOMPARE(text("headlineKvPerToken"),
        QStringLiteral("%1 per token").arg(bytes(m_article.kvBytesPerToken, ByteUnits::Decimal)));
    QVERIFY(bytes(m_article.kvBytesPerRequest, ByteUnits::Decimal)
        != bytes(m_article.kvBytesPerRequest, ByteUnits::Binary));
    // Tier table: the same bytes, now in decimal.
    QCOMPARE(placedCell(Tier::Hbm), bytes(placedBytes(Tier::Hbm), ByteUnits::Decimal));
    QVERIFY(placedCell(Tier::Hbm) != binaryCell);
    // Tier chart: every panel's ticker, and the labels drawn.
    for (int panel = 0; panel < 4; ++panel)
        QCOMPARE(byteTickerUnits(tierAxis(panel)->ticker()), ByteUnits::Decimal);
    const QVector<QString> decimalTicks = hbmTickLabels();
    QVERIFY2(labelsIn(decimalTicks, ByteUnits::Decimal), qPrintable(QStringList(decimalTicks).join(u'|')));
    QVERIFY(decimalTicks != binaryTicks);
    // Sweep chart.
    QCOMPARE(byteTickerUnits(find<SweepChart>("sweepChart")->plot()->yAxis->ticker()), ByteUnits::Decimal);
    // Fleet and Sensitivity tabs: their radios are the same setting.
    QVERIFY(find<QRadioButton>("fleetDecimalUnits")->isChecked());
    QVERIFY(find<QLabel>("fleetHbm")->text().endsWith(QStringLiteral("B")));
    QVERIFY(!find<QLabel>("fleetHbm")->text().contains(QStringLiteral("iB")));
    QVERIFY(find<QRadioButton>("sensitivityDecimalUnits")->isChecked());

    // Nothing else changed: same spec, no undo step, same scope.
    QCOMPARE(controller->spec(), spec);
    QCOMPARE(controller->undoStack()->count(), undoSteps);
    QCOMPARE(find<TierChart>("tierChart")->scope(), TierScope::PerGpu);

    // And back.
    pickUnits(ByteUnits::Binary);
    QCOMPARE(text("headlineKvPerRequest"),
        QStringLiteral("%1 per request").arg(bytes(m_article.kvBytesPerRequest, ByteUnits::Binary)));
    QCOMPARE(placedCell(Tier::Hbm), binaryCell);
    QCOMPARE(hbmTickLabels(), binaryTicks);
    QVERIFY(find<QRadioButton>("fleetBinaryUnits")->isChecked());

    // Look at it (KVTIERS_UNITS_SCREENSHOT=file.png): the window in decimal.
    const QString shot = qEnvironmentVariable("KVTIERS_UNITS_SCREENSHOT");
    if (!shot.isEmpty()) {
        pickUnits(ByteUnits::Decimal);
        find<QComboBox>("scopeCombo")->setCurrentIndex(1); // per replica, as tst_gui_screenshot shows it
        m_window->resize(1600, 1000);
        QTest::qWait(200);
        QVERIFY(m_window->grab().save(shot));
        find<QTabWidget>("viewTabs")->setCurrentIndex(1);
        QTest::qWait(100);
        QVERIFY(m_window->grab().save(QString(shot).replace(QStringLiteral(".png"), QStringLiteral("-fleet.png"))));
    }
}

void TestGuiUnits::fleetRadioIsTheSameSetting()
{
    pickUnits(ByteUnits::Decimal);
    find<QTabWidget>("viewTabs")->setCurrentIndex(1); // Fleet
    auto* binary = find<QRadioButton>("fleetBinaryUnits");
    QTRY_VERIFY(binary->isVisible());
    const int before = m_window->controller()->evaluationCount();
    QTest::mouseClick(binary, Qt::LeftButton, {}, QPoint(8, binary->height() / 2));
    QVERIFY(binary->isChecked());
    // The whole app follows: the menu, the display options, the headline; no evaluation.
    QVERIFY(find<QAction>("unitsBinaryAction")->isChecked());
    QCOMPARE(shownUnits(), ByteUnits::Binary);
    QCOMPARE(m_window->controller()->evaluationCount(), before);
    QCOMPARE(text("headlineKvPerRequest"),
        QStringLiteral("%1 per request").arg(bytes(m_article.kvBytesPerRequest, ByteUnits::Binary)));
    QCOMPARE(byteTickerUnits(tierAxis(0)->ticker()), ByteUnits::Binary);

    // The decimal radio likewise.
    auto* decimal = find<QRadioButton>("fleetDecimalUnits");
    QTest::mouseClick(decimal, Qt::LeftButton, {}, QPoint(8, decimal->height() / 2));
    QVERIFY(find<QAction>("unitsDecimalAction")->isChecked());
    QTRY_COMPARE(text("headlineKvPerRequest"),
        QStringLiteral("%1 per request").arg(bytes(m_article.kvBytesPerRequest, ByteUnits::Decimal)));

    // And the Sensitivity tab's radios: one setting for the whole app.
    find<QTabWidget>("viewTabs")->setCurrentIndex(2); // Sensitivity
    auto* sensitivityBinary = find<QRadioButton>("sensitivityBinaryUnits");
    QTRY_VERIFY(sensitivityBinary->isVisible());
    QVERIFY(find<QRadioButton>("sensitivityDecimalUnits")->isChecked());
    QTest::mouseClick(sensitivityBinary, Qt::LeftButton, {}, QPoint(8, sensitivityBinary->height() / 2));
    QVERIFY(find<QAction>("unitsBinaryAction")->isChecked());
    QCOMPARE(shownUnits(), ByteUnits::Binary);
    QVERIFY(binary->isChecked());
    QTRY_COMPARE(text("headlineKvPerRequest"),
        QStringLiteral("%1 per request").arg(bytes(m_article.kvBytesPerRequest, ByteUnits::Binary)));
}

void TestGuiUnits::compareViewFollows()
{
    CompareView* view = m_window->compareView();
    QVERIFY(view->selectComparison(QStringLiteral("DeepSeek-V2 (MLA, ~6-bit KV) vs DeepSeek 67B (GQA, BF16)")));
    QVERIFY(view->comparison());
    const QStringList picked = view->picked();
    auto* axis = view->chart()->plot()->axisRects().at(0)->axis(QCPAxis::atLeft);
    QCOMPARE(byteTickerUnits(axis->ticker()), ByteUnits::Binary);
    // A byte figure in the table: A's value cell.
    CompareTableModel* model = view->tableModel();
    int row = -1;
    for (int r = 0; r < model->rowCount() && row < 0; ++r)
        if (model->index(r, CompareTableModel::FirstScenarioColumn).data().toString().endsWith(QStringLiteral("GiB")))
            row = r;
    QVERIFY(row >= 0);
    const QModelIndex cell = model->index(row, CompareTableModel::FirstScenarioColumn);
    const double raw = cell.data(CompareTableModel::RawValueRole).toDouble();

    pickUnits(ByteUnits::Decimal);
    QCOMPARE(byteTickerUnits(axis->ticker()), ByteUnits::Decimal);
    QCOMPARE(
        model->index(row, CompareTableModel::FirstScenarioColumn).data().toString(), bytes(raw, ByteUnits::Decimal));
    QCOMPARE(view->picked(), picked); // the picks are kept
}

void TestGuiUnits::persistsIntoANewWindow()
{
    pickUnits(ByteUnits::Decimal);
    m_window.reset(); // quit
    startWindow();    // a new window's options start binary: the setting must win
    QCOMPARE(shownUnits(), ByteUnits::Decimal);
    QVERIFY(find<QAction>("unitsDecimalAction")->isChecked());
    QVERIFY(find<QRadioButton>("fleetDecimalUnits")->isChecked());
    QTRY_COMPARE(text("headlineKvPerRequest"),
        QStringLiteral("%1 per request").arg(bytes(m_article.kvBytesPerRequest, ByteUnits::Decimal)));
    QCOMPARE(byteTickerUnits(tierAxis(0)->ticker()), ByteUnits::Decimal);

    // Back to binary, and that persists too.
    pickUnits(ByteUnits::Binary);
    m_window.reset();
    startWindow();
    QCOMPARE(shownUnits(), ByteUnits::Binary);
    QVERIFY(find<QAction>("unitsBinaryAction")->isChecked());
}

void TestGuiUnits::exportedTierChartFollows()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    m_window->setExportOptions(ExportOptions { 800, 450, 1.0 });
    auto exportTo = [&](const QString& name) {
        const QString path = dir.filePath(name);
        FileDialog::setNextFileName(path);
        find<QAction>("exportTierChartAction")->trigger();
        return readAll(path);
    };
    const QByteArray binaryPng = exportTo(QStringLiteral("binary.png"));
    QVERIFY(binaryPng.startsWith("\x89PNG"));
    pickUnits(ByteUnits::Decimal);
    const QByteArray decimalPng = exportTo(QStringLiteral("decimal.png"));
    QVERIFY(decimalPng.startsWith("\x89PNG"));
    QVERIFY(decimalPng != binaryPng);
    // The footnote says which units the chart is in.
    const ScenarioController* c = m_window->controller();
    const ByteUnits exported = m_window->exportOptions().units;
    QCOMPARE(exported, ByteUnits::Decimal);
    QVERIFY(ChartExporter::footnote(c->scenario(), c->result(), exported).contains(QStringLiteral("Decimal units")));
    QVERIFY(ChartExporter::footnote(c->scenario(), c->result(), exported)
                .contains(bytes(m_article.kvBytesPerRequest, ByteUnits::Decimal)));
    pickUnits(ByteUnits::Binary);
    QCOMPARE(exportTo(QStringLiteral("binary-again.png")), binaryPng); // same drawing, byte for byte
}

void TestGuiUnits::advancedSizeFieldsFollow()
{
    // Advanced > DRAM and NVMe per server show the card's sizes in the chosen units, and
    // switching units is not an edit: no override, no undo step.
    const Scenario& s = m_window->controller()->scenario();
    const int undoSteps = m_window->controller()->undoStack()->count();
    const ScenarioSpec spec = m_window->controller()->spec();
    auto* dram = find<QLineEdit>("dramPerServerEdit");
    auto* nvme = find<QLineEdit>("nvmePerServerEdit");
    QCOMPARE(dram->text(), QString::fromStdString(formatBytes(s.hardware.hostDramBytes, ByteUnits::Binary, 4)));
    QVERIFY2(dram->text().endsWith(QLatin1String("TiB")), qPrintable(dram->text()));
    pickUnits(ByteUnits::Decimal);
    QCOMPARE(dram->text(), QString::fromStdString(formatBytes(s.hardware.hostDramBytes, ByteUnits::Decimal, 4)));
    QCOMPARE(nvme->text(), QString::fromStdString(formatBytes(s.hardware.nvmeBytes, ByteUnits::Decimal, 4)));
    QVERIFY2(dram->text().endsWith(QLatin1String(" TB")), qPrintable(dram->text()));
    QCOMPARE(m_window->controller()->undoStack()->count(), undoSteps);
    QVERIFY(m_window->controller()->spec().overrides == spec.overrides);
    // Typing a size in the other units still works: 1.5TiB with decimal shown.
    dram->setFocus();
    dram->selectAll();
    QTest::keyClicks(dram, QStringLiteral("1.5TiB"));
    QTest::keyClick(dram, Qt::Key_Return);
    QTRY_COMPARE(m_window->controller()->scenario().hardware.hostDramBytes, 1.5 * 1099511627776.0);
}

void TestGuiUnits::unitsSwitchEvaluatesNothing()
{
    // Units are how numbers are shown, not what is computed: a switch from the menu, the
    // Fleet tab or the Sensitivity tab neither evaluates the scenario nor sizes the fleet.
    ScenarioController* controller = m_window->controller();
    auto* fleet = find<FleetView>("fleetView");
    fleet->flush();
    QVERIFY(fleet->result());
    const int evaluations = controller->evaluationCount();
    QSignalSpy results(controller, &ScenarioController::resultChanged);
    QSignalSpy evaluated(controller, &ScenarioController::evaluated);
    QSignalSpy sized(fleet, &FleetView::sized);
    QSignalSpy changes(m_window->displayOptions(), &DisplayOptions::unitsChanged);
    const QString binaryHbm = find<QLabel>("fleetHbm")->text();

    pickUnits(ByteUnits::Decimal);
    find<QRadioButton>("fleetBinaryUnits")->click();
    find<QRadioButton>("sensitivityDecimalUnits")->click();
    m_window->setUnits(ByteUnits::Decimal); // no change: nothing emitted
    QTest::qWait(50);
    controller->flush();
    fleet->flush();

    QCOMPARE(changes.count(), 3);
    QCOMPARE(controller->evaluationCount(), evaluations);
    QCOMPARE(results.count(), 0);
    QCOMPARE(evaluated.count(), 0);
    QCOMPARE(sized.count(), 0);
    // And yet every view shows the new units, from what it held.
    QCOMPARE(text("headlineKvPerRequest"),
        QStringLiteral("%1 per request").arg(bytes(m_article.kvBytesPerRequest, ByteUnits::Decimal)));
    QCOMPARE(find<QLabel>("fleetHbm")->text(), bytes(fleet->result()->bytes.hbm, ByteUnits::Decimal));
    QVERIFY(find<QLabel>("fleetHbm")->text() != binaryHbm);
    QVERIFY(find<QRadioButton>("fleetDecimalUnits")->isChecked());
    QVERIFY(find<QAction>("unitsDecimalAction")->isChecked());
}

QTEST_MAIN(TestGuiUnits)
#include "tst_gui_units.moc"
