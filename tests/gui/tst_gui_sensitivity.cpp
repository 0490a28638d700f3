// SensitivityView offscreen: the tornado's bars are SensitivityResult's deltas for the
// chosen tier, sorted by that tier's effect; the range spin box reaches the core; the
// scenario curve is scenarioCurve() with the current value marked. In the Fleet scope the
// bars and the curve are fleetSensitivity()'s and fleetCurve()'s, ends and curve points
// that cannot be sized are named (with the core's reason, in the UI's language); both
// charts export through the file-dialog seam as PNG (the asked pixel size, not blank),
// SVG, PDF and CSV (the core's numbers), and a failed export says which file.

#include "core/io/Csv.h"
#include "tests/support/TestHome.h"
#include "tests/support/TestSupport.h"
#include "ui/app/Language.h"
#include "ui/app/MainWindow.h"
#include "ui/charts/CurveChart.h"
#include "ui/charts/TornadoChart.h"
#include "ui/dialogs/FileDialog.h"
#include "ui/dialogs/MessageBox.h"
#include "ui/fleet/FleetView.h"
#include "ui/sensitivity/SensitivityDocument.h"
#include "ui/sensitivity/SensitivityView.h"
#include "ui/text/Translate.h"

#include <QAction>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <memory>

using namespace kvtiers;
using namespace kvtiers::ui;

class TestGuiSensitivity : public QObject {
    Q_OBJECT
private slots:
    void init();
    void cleanup();

    void tornadoBarsEqualTheCore();
    void tornadoRowLabelsNeverOverlap();
    void tierSelectorShowsThatTier();
    void rangeReachesTheCore();
    void rangeTakesTheOptionTable();
    void curveIsTheCoresCurve();
    void kvBitsCurveRunsTheFormatLadder();
    void fleetScopeShowsTheCoresFleetBars();
    void fleetCurveIsTheCoresCurve();
    void fleetMovesThatCannotBeSizedAreNamed();
    void fleetCurveGapsSpeakTheUiLanguage();
    void exportsThroughTheDialogSeam();
    void failedExportNamesTheFile();
    void mainWindowFeedsTheFleetTabsMix();

private:
    static bool hasHangul(const QString& text)
    {
        return std::any_of(
            text.begin(), text.end(), [](QChar c) { return c.unicode() >= 0xAC00 && c.unicode() <= 0xD7A3; });
    }
    /// chat and mooncake on one H200 server profile, as the Fleet tab builds a mix.
    static FleetInput fleetInput(double tpotSeconds = 0.05)
    {
        return test::fleetMix({ { "chat", 0.7 }, { "mooncake", 0.3 } }, 80, tpotSeconds);
    }
    static const FleetSensitivityBar& fleetBarOf(const FleetSensitivityResult& r, Variable v)
    {
        for (const auto& b : r.bars)
            if (b.variable == v)
                return b;
        qFatal("no bar");
    }
    void showFleet(const FleetInput& input)
    {
        m_view->setFleetInput(CardCatalog::builtin(), input);
        m_view->findChild<QComboBox*>(QStringLiteral("sensitivityScope"))->setCurrentIndex(1);
        m_view->flush();
    }
    /// Exports through the Export menu with `path` as the dialog's answer.
    void exportVia(const char* action, const QString& path)
    {
        FileDialog::setNextFileName(path);
        auto* a = m_view->findChild<QAction*>(QString::fromLatin1(action));
        QVERIFY(a);
        a->trigger();
    }

    const SensitivityBar& barOf(const SensitivityResult& r, Variable v)
    {
        for (const auto& b : r.bars)
            if (b.variable == v)
                return b;
        qFatal("no bar");
    }
    std::unique_ptr<SensitivityDocument> m_document;
    std::unique_ptr<SensitivityView> m_view;
    Scenario m_scenario;
};

void TestGuiSensitivity::init()
{
    m_scenario = test::workloadScenario("chat");
    m_document = std::make_unique<SensitivityDocument>();
    m_view = std::make_unique<SensitivityView>(m_document.get());
    m_view->resize(1300, 600);
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view.get()));
    m_view->setScenario(m_scenario);
    m_view->flush();
    QVERIFY(m_view->result());
    MessageBox::setNonInteractive(true);
}

void TestGuiSensitivity::cleanup()
{
    m_view.reset();
    m_document.reset();
}

void TestGuiSensitivity::tornadoRowLabelsNeverOverlap()
{
    // Eight rows of two-line labels ("Average input context" over "2K → 6K tokens") need
    // two lines of height each; in a short panel they overlapped their neighbours. Each
    // label now fits its row's height: two lines where there is room, one where not.
    TornadoChart tornado;
    tornado.setResult(sensitivity(m_scenario, 0.5), Tier::Hbm);
    tornado.show();
    QVERIFY(QTest::qWaitForWindowExposed(&tornado));
    QCustomPlot* plot = tornado.plot();
    auto labelsFit = [&](bool* twoLines) {
        for (int i = 0; i < 3; ++i) { // a replot, and the one queued when the labels change
            QTest::qWait(50);
            plot->replot(QCustomPlot::rpImmediateRefresh);
        }
        QCPAxis* axis = plot->yAxis;
        const double rowPx = std::fabs(axis->coordToPixel(2) - axis->coordToPixel(1));
        const double line = QFontMetricsF(axis->tickLabelFont()).lineSpacing();
        const QVector<QString> labels = axis->tickVectorLabels();
        *twoLines = false;
        for (const QString& label : labels) {
            const int lines = static_cast<int>(label.count(u'\n')) + 1;
            *twoLines = *twoLines || lines == 2;
            if (lines * line > rowPx + 0.5) {
                qWarning("\"%s\": %d lines of %.1f px in a %.1f px row", qPrintable(label), lines, line, rowPx);
                return false;
            }
        }
        return labels.size() == tornado.rowCount();
    };
    bool twoLines = false;
    tornado.resize(900, 900);
    QVERIFY(labelsFit(&twoLines));
    QVERIFY(twoLines); // room for the range under the name
    tornado.resize(900, tornado.minimumHeight());
    QVERIFY(labelsFit(&twoLines));
    QVERIFY(!twoLines);
    tornado.resize(900, 900);
    QVERIFY(labelsFit(&twoLines));
    QVERIFY(twoLines);
}

void TestGuiSensitivity::tornadoBarsEqualTheCore()
{
    const SensitivityResult expected = sensitivity(m_scenario, 0.5);
    TornadoChart* tornado = m_view->tornado();
    QCOMPARE(tornado->rowCount(), static_cast<int>(expected.bars.size()));
    for (Tier tier : kTiers) {
        m_view->setTier(tier);
        double previous = 1e300;
        for (int row = 0; row < tornado->rowCount(); ++row) {
            const SensitivityBar& bar = barOf(expected, tornado->variableAt(row));
            QCOMPARE(tornado->lowDeltaAt(row), bar.lowDelta[tier]);
            QCOMPARE(tornado->highDeltaAt(row), bar.highDelta[tier]);
            // ...and each delta is the difference of the underlying evaluations.
            QCOMPARE(tornado->highDeltaAt(row), bar.high[tier] - expected.base[tier]);
            const double effect = std::max(std::fabs(tornado->lowDeltaAt(row)), std::fabs(tornado->highDeltaAt(row)));
            QVERIFY(effect <= previous);
            previous = effect;
        }
    }
    // The plotted bars themselves carry the same numbers.
    m_view->setTier(Tier::Dram);
    auto* plot = tornado->plot();
    auto* low = qobject_cast<QCPBars*>(plot->plottable(0));
    auto* high = qobject_cast<QCPBars*>(plot->plottable(1));
    QVERIFY(low && high);
    QCOMPARE(low->data()->size(), tornado->rowCount());
    for (int row = 0; row < tornado->rowCount(); ++row) {
        QCOMPARE(low->data()->at(row)->value, tornado->lowDeltaAt(row));
        QCOMPARE(high->data()->at(row)->value, tornado->highDeltaAt(row));
    }
}

void TestGuiSensitivity::tierSelectorShowsThatTier()
{
    auto* combo = m_view->findChild<QComboBox*>(QStringLiteral("sensitivityTier"));
    combo->setCurrentIndex(0);
    const SensitivityResult expected = sensitivity(m_scenario, 0.5);
    // HBM: the prefix-cache hit rate does not move HBM demand; context does.
    TornadoChart* tornado = m_view->tornado();
    QVERIFY(tornado->variableAt(0) != Variable::ReuseRate);
    combo->setCurrentIndex(1);
    // DRAM: the bar whose DRAM demand moves most, whichever moves the other tiers most.
    const auto dramEffect
        = [](const SensitivityBar& b) { return std::max(std::fabs(b.lowDelta.dram), std::fabs(b.highDelta.dram)); };
    const auto dramLargest = std::max_element(expected.bars.begin(), expected.bars.end(),
        [&](const SensitivityBar& a, const SensitivityBar& b) { return dramEffect(a) < dramEffect(b); });
    QCOMPARE(std::max(std::fabs(tornado->lowDeltaAt(0)), std::fabs(tornado->highDeltaAt(0))), dramEffect(*dramLargest));
    const QString base = m_view->findChild<QLabel*>(QStringLiteral("sensitivityBase"))->text();
    QVERIFY(base.contains(QStringLiteral("HBM")));
    // The model and hardware by name, as the pickers show them, not by id.
    QVERIFY2(base.startsWith(QString::fromStdString(m_scenario.model.name) + QStringLiteral(" on ")
                 + QString::fromStdString(m_scenario.hardware.name)),
        qPrintable(base));
    QVERIFY2(!base.contains(QString::fromStdString(m_scenario.model.id)), qPrintable(base));
}

void TestGuiSensitivity::rangeReachesTheCore()
{
    auto* spin = m_view->findChild<QSpinBox*>(QStringLiteral("sensitivityRange"));
    QCOMPARE(spin->value(), 50);
    spin->setValue(20);
    m_view->flush();
    const SensitivityResult expected = sensitivity(m_scenario, 0.2);
    const SensitivityBar& bar = barOf(*m_view->result(), Variable::Context);
    QCOMPARE(bar.lowValue, barOf(expected, Variable::Context).lowValue);
    QCOMPARE(bar.highDelta.dram, barOf(expected, Variable::Context).highDelta.dram);
}

void TestGuiSensitivity::rangeTakesTheOptionTable()
{
    // The range box takes what `kvtiers sensitivity --range` takes, in percent, and opens on
    // its default: both from the sensitivity options' table.
    const Option<SensitivityOptions>& range = sensitivityOption(sensitivity_keys::kRange);
    auto* spin = m_view->findChild<QSpinBox*>(QStringLiteral("sensitivityRange"));
    QCOMPARE(spin->minimum(), qRound(range.min * 100));
    QCOMPARE(spin->maximum(), qRound(range.max * 100));
    QCOMPARE(spin->value(), qRound(*optionDefault(range) * 100));
    QCOMPARE(m_document->input().range, *optionDefault(range));
    // Its ends reach the core as the CLI's would.
    spin->setValue(spin->maximum());
    m_view->flush();
    QCOMPARE(m_view->result()->relativeRange, range.max);
    spin->setValue(spin->minimum());
    m_view->flush();
    QCOMPARE(m_view->result()->relativeRange, range.min);
}

void TestGuiSensitivity::curveIsTheCoresCurve()
{
    m_view->setCurveVariable(Variable::ReuseRate);
    m_view->flush();
    const auto values = SensitivityDocument::curveValues(m_scenario, Variable::ReuseRate);
    QCOMPARE(values.front(), 0.0);
    QVERIFY(values.back() >= 0.9);
    const auto expected = scenarioCurve(m_scenario, Variable::ReuseRate, values);
    CurveChart* chart = m_view->curveChart();
    QCOMPARE(chart->pointCount(), static_cast<int>(expected.size()));
    for (int i = 0; i < chart->pointCount(); ++i) {
        QCOMPARE(chart->keyAt(i), expected[static_cast<size_t>(i)].value);
        QCOMPARE(chart->valueAt(Tier::Hbm, i), expected[static_cast<size_t>(i)].demand.hbm);
        QCOMPARE(chart->valueAt(Tier::Dram, i), expected[static_cast<size_t>(i)].demand.dram);
        QCOMPARE(chart->valueAt(Tier::Ssd, i), expected[static_cast<size_t>(i)].demand.ssd);
    }
    QCOMPARE(chart->currentValue(), m_scenario.workload.reuseRate);
    // KVTIERS_GRAB_DIR=dir: save what the user sees, for a look at layout and labels.
    if (const QString dir = qEnvironmentVariable("KVTIERS_GRAB_DIR"); !dir.isEmpty() && (QTest::qWait(100), true))
        m_view->grab().save(dir + QStringLiteral("/sensitivity.png"));
}

void TestGuiSensitivity::kvBitsCurveRunsTheFormatLadder()
{
    auto* combo = m_view->findChild<QComboBox*>(QStringLiteral("curveVariable"));
    combo->setCurrentIndex(combo->findData(static_cast<int>(Variable::KvBits)));
    m_view->flush();
    CurveChart* chart = m_view->curveChart();
    QCOMPARE(chart->currentValue(), 16.0);
    int at4 = -1, at8 = -1, at16 = -1;
    for (int i = 0; i < chart->pointCount(); ++i) {
        if (chart->keyAt(i) == 4)
            at4 = i;
        if (chart->keyAt(i) == 8)
            at8 = i;
        if (chart->keyAt(i) == 16)
            at16 = i;
    }
    QVERIFY(at4 >= 0 && at8 >= 0 && at16 >= 0);
    // Fewer KV bits never need more HBM.
    QVERIFY(chart->valueAt(Tier::Hbm, at4) <= chart->valueAt(Tier::Hbm, at8));
    QVERIFY(chart->valueAt(Tier::Hbm, at8) <= chart->valueAt(Tier::Hbm, at16));
    if (const QString dir = qEnvironmentVariable("KVTIERS_GRAB_DIR"); !dir.isEmpty() && (QTest::qWait(100), true))
        m_view->grab().save(dir + QStringLiteral("/sensitivity-kvbits.png"));
}

void TestGuiSensitivity::fleetScopeShowsTheCoresFleetBars()
{
    const FleetInput input = fleetInput();
    showFleet(input);
    QCOMPARE(m_view->scope(), SensitivityView::Scope::Fleet);
    QVERIFY(m_view->fleetResult());
    const FleetSensitivityResult expected = fleetSensitivity(CardCatalog::builtin(), input, 0.5);
    TornadoChart* tornado = m_view->tornado();
    QVERIFY(tornado->isFleet());
    QCOMPARE(tornado->rowCount(), static_cast<int>(fleetVariables().size()));
    auto* tierCombo = m_view->findChild<QComboBox*>(QStringLiteral("sensitivityTier"));
    auto* tierModel = qobject_cast<QStandardItemModel*>(tierCombo->model());
    QVERIFY(tierModel->item(3)->isEnabled()); // GPUs: a fleet only
    for (TornadoMeasure measure :
        { TornadoMeasure::Hbm, TornadoMeasure::Dram, TornadoMeasure::Ssd, TornadoMeasure::Gpus }) {
        m_view->setTier(measure);
        double previous = 1e300;
        for (int row = 0; row < tornado->rowCount(); ++row) {
            const FleetSensitivityBar& bar = fleetBarOf(expected, tornado->variableAt(row));
            QVERIFY(tornado->lowFeasibleAt(row) && tornado->highFeasibleAt(row));
            QCOMPARE(tornado->lowDeltaAt(row), TornadoChart::fleetMeasureValue(bar.lowDelta, measure));
            QCOMPARE(tornado->highDeltaAt(row), TornadoChart::fleetMeasureValue(bar.highDelta, measure));
            const double effect = std::max(std::fabs(tornado->lowDeltaAt(row)), std::fabs(tornado->highDeltaAt(row)));
            QVERIFY(effect <= previous);
            previous = effect;
        }
    }
    // The plotted bars carry the same numbers; the base line names the fleet's GPUs.
    m_view->setTier(Tier::Hbm);
    auto* high = qobject_cast<QCPBars*>(tornado->plot()->plottable(1));
    for (int row = 0; row < tornado->rowCount(); ++row)
        QCOMPARE(high->data()->at(row)->value, tornado->highDeltaAt(row));
    const QString base = m_view->findChild<QLabel*>(QStringLiteral("sensitivityBase"))->text();
    QVERIFY2(base.contains(QStringLiteral("%1 GPUs").arg(expected.base.gpus)), qPrintable(base));
    QVERIFY2(base.contains(
                 QString::fromStdString(CardCatalog::builtin().hardware().at(input.mix.front().spec.hardware).name)),
        qPrintable(base));
    QVERIFY(tornado->rowLabelAt(0).contains(QStringLiteral("→")));
    // Back to the scenario: its own bars, and no GPU tier.
    m_view->setTier(TornadoMeasure::Gpus);
    m_view->setScope(SensitivityView::Scope::Scenario);
    m_view->flush();
    QVERIFY(!tornado->isFleet());
    QVERIFY(!tierModel->item(3)->isEnabled());
    QCOMPARE(tierCombo->currentIndex(), 0);
    QCOMPARE(tornado->rowCount(), static_cast<int>(allVariables().size()));
}

void TestGuiSensitivity::fleetCurveIsTheCoresCurve()
{
    const FleetInput input = fleetInput();
    showFleet(input);
    for (Variable v : { Variable::KvBits, Variable::Traffic, Variable::Concurrency }) {
        m_view->setCurveVariable(v);
        m_view->flush();
        const FleetResult base = sizeFleet(CardCatalog::builtin(), input);
        const auto expected = fleetCurve(
            CardCatalog::builtin(), input, v, SensitivityDocument::fleetCurveValues(base, input.targets.tpot(), v));
        QCOMPARE(m_view->fleetCurve().size(), expected.size());
        CurveChart* chart = m_view->curveChart();
        QCOMPARE(chart->pointCount(), static_cast<int>(expected.size()));
        for (int i = 0; i < chart->pointCount(); ++i) {
            QVERIFY(expected[static_cast<size_t>(i)].feasible);
            QCOMPARE(chart->keyAt(i), expected[static_cast<size_t>(i)].value);
            QCOMPARE(chart->valueAt(Tier::Hbm, i), expected[static_cast<size_t>(i)].demand.hbm);
            QCOMPARE(chart->valueAt(Tier::Dram, i), expected[static_cast<size_t>(i)].demand.dram);
        }
        QCOMPARE(chart->currentValue(), fleetVariableValue(base, v));
    }
    if (const QString dir = qEnvironmentVariable("KVTIERS_GRAB_DIR"); !dir.isEmpty() && (QTest::qWait(100), true))
        m_view->grab().save(dir + QStringLiteral("/sensitivity-fleet.png"));
}

void TestGuiSensitivity::fleetMovesThatCannotBeSizedAreNamed()
{
    // A TPOT target just above mooncake's one-sequence decode step: at -50% the fleet
    // cannot be sized; the view says so instead of failing.
    Scenario one = test::scenario({}, { { "concurrency", 1 } }, "h200-sxm", "mooncake");
    Scenario chat = test::scenario({}, { { "concurrency", 1 } }, "h200-sxm", "chat");
    const double step = std::max(evaluate(one).decodeStepSeconds, evaluate(chat).decodeStepSeconds);
    showFleet(fleetInput(step * 1.2));
    QVERIFY(m_view->fleetResult());
    TornadoChart* tornado = m_view->tornado();
    int row = 0;
    while (tornado->variableAt(row) != Variable::Concurrency)
        ++row;
    QVERIFY(!tornado->lowFeasibleAt(row));
    QVERIFY(tornado->highFeasibleAt(row));
    QCOMPARE(tornado->lowDeltaAt(row), 0.0);
    auto* notes = m_view->findChild<QLabel*>(QStringLiteral("sensitivityNotes"));
    QVERIFY(notes->isVisible());
    const FleetSensitivityBar& bar = fleetBarOf(*m_view->fleetResult(), Variable::Concurrency);
    QVERIFY2(notes->text().contains(QString::fromStdString(bar.lowError)), qPrintable(notes->text()));
    QVERIFY(notes->text().contains(QStringLiteral("cannot be sized")));
    if (const QString dir = qEnvironmentVariable("KVTIERS_GRAB_DIR"); !dir.isEmpty()) {
        m_view->setTier(TornadoMeasure::Gpus);
        QTest::qWait(100);
        m_view->grab().save(dir + QStringLiteral("/sensitivity-fleet-infeasible.png"));
    }
    // A fleet that cannot be sized at all: the error, no bars, no crash.
    showFleet(fleetInput(step * 0.5));
    QVERIFY(!m_view->fleetResult());
    auto* error = m_view->findChild<QLabel*>(QStringLiteral("sensitivityError"));
    QVERIFY(error->isVisible());
    QVERIFY2(error->text().contains(QStringLiteral("time-per-output-token")), qPrintable(error->text()));
    QCOMPARE(tornado->rowCount(), 0);
}

void TestGuiSensitivity::fleetCurveGapsSpeakTheUiLanguage()
{
    // A TPOT target just above the slowest one-sequence decode step: the concurrency curve
    // sweeps the target from a quarter to four times that, so its low end cannot be sized.
    // The note names the first gap with the core's reason: the core's sentence in English,
    // a Korean one in Korean (not the English sentence inside a Korean frame).
    Scenario one = test::scenario({}, { { "concurrency", 1 } }, "h200-sxm", "mooncake");
    Scenario chat = test::scenario({}, { { "concurrency", 1 } }, "h200-sxm", "chat");
    const double step = std::max(evaluate(one).decodeStepSeconds, evaluate(chat).decodeStepSeconds);
    const FleetInput input = fleetInput(step * 1.2);
    auto* notes = m_view->findChild<QLabel*>(QStringLiteral("sensitivityNotes"));
    QVERIFY(notes);
    const auto curveNote = [&] {
        const QStringList lines = notes->text().split(u'\n');
        return lines.isEmpty() ? QString() : lines.last();
    };
    for (const QString& language : { kLanguageEnglish, kLanguageKorean }) {
        installTranslator(language);
        showFleet(input);
        m_view->setCurveVariable(Variable::Concurrency);
        m_view->flush();
        const auto& curve = m_view->fleetCurve();
        const auto gap = std::find_if(curve.begin(), curve.end(), [](const auto& p) { return !p.feasible; });
        QVERIFY(gap != curve.end());
        QVERIFY(!gap->error.empty());
        QVERIFY(gap->errorDetail.code != InputErrorCode::Uncoded); // worded by the UI, not what()
        QVERIFY(notes->isVisible());
        const QString note = curveNote();
        const QString english = QString::fromStdString(gap->error);
        if (language == kLanguageEnglish) {
            QVERIFY2(note.startsWith(QStringLiteral("Curve: gaps where the fleet cannot be sized")), qPrintable(note));
            QVERIFY2(note.endsWith(QStringLiteral("e.g. ") + english), qPrintable(note));
        } else {
            const QString reason = translated(inputErrorMessage(gap->errorDetail, gap->error));
            QVERIFY2(reason != english && hasHangul(reason), qPrintable(reason));
            QVERIFY2(!note.contains(english), qPrintable(note));
            QVERIFY2(note.endsWith(reason), qPrintable(note));
            QVERIFY2(hasHangul(note), qPrintable(note));
        }
    }
    installTranslator(kLanguageEnglish);
}

void TestGuiSensitivity::exportsThroughTheDialogSeam()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    // KVTIERS_EXPORT_DIR=dir: keep the files, for a look at them.
    const QString out = qEnvironmentVariable("KVTIERS_EXPORT_DIR", dir.path());
    m_view->setExportOptions({ 800, 500, 1.5 });
    QSignalSpy exported(m_view.get(), &SensitivityView::exported);
    auto checkPng = [](const QString& path) {
        QImage image(path);
        QVERIFY2(!image.isNull(), qPrintable(path));
        QCOMPARE(image.size(), QSize(1200, 750));
        // Not blank: text and bars in several colours over the white page.
        QSet<QRgb> colours;
        for (int y = 0; y < image.height(); y += 7)
            for (int x = 0; x < image.width(); x += 7)
                colours.insert(image.pixel(x, y));
        QVERIFY2(colours.size() > 8, qPrintable(QStringLiteral("%1 colours").arg(colours.size())));
    };
    auto head = [](const QString& path, int n) {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.read(n) : QByteArray();
    };
    auto csvRows = [](const QString& path) {
        QFile f(path);
        f.open(QIODevice::ReadOnly | QIODevice::Text);
        QList<QStringList> rows;
        for (const QString& line : QString::fromUtf8(f.readAll()).split(u'\n', Qt::SkipEmptyParts))
            rows << line.split(u',');
        return rows;
    };

    // The scenario: tornado and curve.
    exportVia("exportTornadoAction", out + QStringLiteral("/tornado.png"));
    checkPng(out + QStringLiteral("/tornado.png"));
    exportVia("exportCurveAction", out + QStringLiteral("/curve.png"));
    checkPng(out + QStringLiteral("/curve.png"));
    exportVia("exportTornadoAction", out + QStringLiteral("/tornado.csv"));
    auto rows = csvRows(out + QStringLiteral("/tornado.csv"));
    QCOMPARE(rows.size(), static_cast<qsizetype>(m_view->result()->bars.size() + 1));
    const int lowDram = static_cast<int>(rows[0].indexOf(QStringLiteral("low_delta_dram_bytes")));
    QVERIFY(lowDram > 0);
    for (size_t i = 0; i < m_view->result()->bars.size(); ++i)
        QCOMPARE(rows[static_cast<int>(i) + 1][lowDram],
            QString::fromStdString(csvNumber(m_view->result()->bars[i].lowDelta.dram)));
    exportVia("exportCurveAction", out + QStringLiteral("/curve.csv"));
    rows = csvRows(out + QStringLiteral("/curve.csv"));
    QCOMPARE(rows.size(), static_cast<qsizetype>(m_view->curve().size() + 1));
    for (size_t i = 0; i < m_view->curve().size(); ++i)
        QCOMPARE(rows[static_cast<int>(i) + 1][3],
            QString::fromStdString(csvNumber(m_view->curve()[i].demand.ssd))); // whole bytes

    // The fleet: PNG, SVG, PDF and CSV.
    showFleet(fleetInput());
    m_view->setTier(Tier::Dram);
    exportVia("exportTornadoAction", out + QStringLiteral("/fleet-tornado.png"));
    checkPng(out + QStringLiteral("/fleet-tornado.png"));
    exportVia("exportTornadoAction", out + QStringLiteral("/fleet-tornado.svg"));
    const QByteArray svg = head(out + QStringLiteral("/fleet-tornado.svg"), 4096);
    QVERIFY2(svg.startsWith("<?xml") && svg.contains("<svg"), svg.left(80).constData());
    exportVia("exportTornadoAction", out + QStringLiteral("/fleet-tornado.pdf"));
    QCOMPARE(head(out + QStringLiteral("/fleet-tornado.pdf"), 5), QByteArray("%PDF-"));
    exportVia("exportTornadoAction", out + QStringLiteral("/fleet-tornado.csv"));
    rows = csvRows(out + QStringLiteral("/fleet-tornado.csv"));
    const FleetSensitivityResult expected = fleetSensitivity(CardCatalog::builtin(), fleetInput(), 0.5);
    QCOMPARE(rows.size(), static_cast<qsizetype>(expected.bars.size() + 1));
    const int highHbm = static_cast<int>(rows[0].indexOf(QStringLiteral("high_delta_hbm_bytes")));
    const int lowGpus = static_cast<int>(rows[0].indexOf(QStringLiteral("low_delta_gpus")));
    QVERIFY(highHbm > 0 && lowGpus > 0);
    for (size_t i = 0; i < expected.bars.size(); ++i) {
        QCOMPARE(rows[static_cast<int>(i) + 1][0], QString::fromLatin1(variableKey(expected.bars[i].variable)));
        QCOMPARE(
            rows[static_cast<int>(i) + 1][highHbm], QString::fromStdString(csvNumber(expected.bars[i].highDelta.hbm)));
        QCOMPARE(
            rows[static_cast<int>(i) + 1][lowGpus], QString::fromStdString(csvNumber(expected.bars[i].lowDelta.gpus)));
    }
    m_view->setCurveVariable(Variable::Context);
    exportVia("exportCurveAction", out + QStringLiteral("/fleet-curve.png"));
    checkPng(out + QStringLiteral("/fleet-curve.png"));
    exportVia("exportCurveAction", out + QStringLiteral("/fleet-curve.csv"));
    rows = csvRows(out + QStringLiteral("/fleet-curve.csv"));
    QCOMPARE(rows.size(), static_cast<qsizetype>(m_view->fleetCurve().size() + 1));
    QCOMPARE(rows[0][0], QStringLiteral("context"));
    for (size_t i = 0; i < m_view->fleetCurve().size(); ++i)
        if (m_view->fleetCurve()[i].feasible)
            QCOMPARE(rows[static_cast<int>(i) + 1][2],
                QString::fromStdString(csvNumber(m_view->fleetCurve()[i].demand.hbm)));
    QCOMPARE(exported.count(), 10);
    if (const QString grab = qEnvironmentVariable("KVTIERS_GRAB_DIR"); !grab.isEmpty() && (QTest::qWait(100), true))
        m_view->grab().save(grab + QStringLiteral("/sensitivity-fleet-dram.png"));
}

void TestGuiSensitivity::failedExportNamesTheFile()
{
    const QString path = QStringLiteral("/nonexistent-dir-kvtiers/tornado.png");
    QSignalSpy exported(m_view.get(), &SensitivityView::exported);
    exportVia("exportTornadoAction", path);
    QVERIFY2(MessageBox::lastMessage().contains(path), qPrintable(MessageBox::lastMessage()));
    const QString odd = QStringLiteral("/tmp/kvtiers-tornado.txt");
    exportVia("exportCurveAction", odd);
    QVERIFY2(MessageBox::lastMessage().contains(odd), qPrintable(MessageBox::lastMessage()));
    QVERIFY(!QFile::exists(odd));
    QCOMPARE(exported.count(), 0);
    // Cancelled: nothing happens.
    exportVia("exportTornadoAction", QString());
    QCOMPARE(exported.count(), 0);
}

void TestGuiSensitivity::mainWindowFeedsTheFleetTabsMix()
{
    // The real window: the Sensitivity tab's Fleet scope analyses the Fleet tab's mix, and
    // follows its edits while shown.
    QStandardPaths::setTestModeEnabled(true);
    kvtiers::test::clearTestHome();
    MainWindow window;
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto* tabs = window.findChild<QTabWidget*>(QStringLiteral("viewTabs"));
    auto* fleetView = window.findChild<FleetView*>();
    auto* view = window.findChild<SensitivityView*>(QStringLiteral("sensitivityView"));
    QVERIFY(tabs && fleetView && view);
    fleetView->setMix({ { "chat", 0.7 }, { "mooncake", 0.3 } });
    fleetView->setHardware("h200-sxm");
    fleetView->setRate(80, FleetView::RateUnit::RequestsPerSecond);
    fleetView->setTargets(30, 0.05);
    fleetView->flush();
    tabs->setCurrentIndex(2);
    view->setScope(SensitivityView::Scope::Fleet);
    view->flush();
    QVERIFY(view->fleetResult());
    const FleetSensitivityResult expected = fleetSensitivity(CardCatalog::builtin(), fleetView->input(), 0.5);
    QCOMPARE(view->fleetResult()->base.gpus, expected.base.gpus);
    QCOMPARE(view->fleetResult()->base.dram, expected.base.dram);
    QCOMPARE(view->fleetResult()->bars.size(), expected.bars.size());
    for (size_t i = 0; i < expected.bars.size(); ++i)
        QCOMPARE(view->fleetResult()->bars[i].highDelta.hbm, expected.bars[i].highDelta.hbm);
    fleetView->setRate(160, FleetView::RateUnit::RequestsPerSecond);
    fleetView->flush();
    view->flush();
    QCOMPARE(view->fleetResult()->fleet.requestsPerSecond, 160.0);
    if (const QString dir = qEnvironmentVariable("KVTIERS_GRAB_DIR"); !dir.isEmpty() && (QTest::qWait(100), true))
        window.grab().save(dir + QStringLiteral("/sensitivity-mainwindow.png"));
}

QTEST_MAIN(TestGuiSensitivity)
#include "tst_gui_sensitivity.moc"
