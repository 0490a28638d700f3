// SensitivityView offscreen: the tornado's bars are SensitivityResult's deltas for the
// chosen tier, sorted by that tier's effect; the range spin box reaches the core; the
// scenario curve is scenarioCurve() with the current value marked.

#include "CurveChart.h"
#include "SensitivityView.h"
#include "TestSupport.h"
#include "TornadoChart.h"

#include <QComboBox>
#include <QLabel>
#include <QSpinBox>
#include <QtTest>

#include <qcustomplot.h>

#include <memory>

using namespace kvtiers;
using namespace kvtiers::ui;

class TestGuiSensitivity : public QObject {
    Q_OBJECT
private slots:
    void init();
    void cleanup();

    void tornadoBarsEqualTheCore();
    void tierSelectorShowsThatTier();
    void rangeReachesTheCore();
    void curveIsTheCoresCurve();
    void kvBitsCurveRunsTheFormatLadder();

private:
    const SensitivityBar& barOf(const SensitivityResult& r, Variable v)
    {
        for (const auto& b : r.bars)
            if (b.variable == v)
                return b;
        qFatal("no bar");
    }
    std::unique_ptr<SensitivityView> m_view;
    Scenario m_scenario;
};

void TestGuiSensitivity::init()
{
    m_scenario = test::workloadScenario("chat");
    m_view = std::make_unique<SensitivityView>();
    m_view->resize(1300, 600);
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view.get()));
    m_view->setScenario(m_scenario);
    m_view->flush();
    QVERIFY(m_view->result().has_value());
}

void TestGuiSensitivity::cleanup()
{
    m_view.reset();
}

void TestGuiSensitivity::tornadoBarsEqualTheCore()
{
    const SensitivityResult expected = sensitivity(m_scenario, 0.5);
    TornadoChart* tornado = m_view->tornado();
    QCOMPARE(tornado->rowCount(), static_cast<int>(expected.bars.size()));
    for (int tier = 0; tier < 3; ++tier) {
        m_view->setTier(tier);
        double previous = 1e300;
        for (int row = 0; row < tornado->rowCount(); ++row) {
            const SensitivityBar& bar = barOf(expected, tornado->variableAt(row));
            QCOMPARE(tornado->lowDeltaAt(row), TornadoChart::tierValue(bar.lowDelta, tier));
            QCOMPARE(tornado->highDeltaAt(row), TornadoChart::tierValue(bar.highDelta, tier));
            // ...and each delta is the difference of the underlying evaluations.
            QCOMPARE(tornado->highDeltaAt(row), TornadoChart::tierValue(bar.high, tier) - TornadoChart::tierValue(expected.base, tier));
            const double effect = std::max(std::fabs(tornado->lowDeltaAt(row)), std::fabs(tornado->highDeltaAt(row)));
            QVERIFY(effect <= previous);
            previous = effect;
        }
    }
    // The plotted bars themselves carry the same numbers.
    m_view->setTier(1);
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
    QCOMPARE(tornado->variableAt(0), expected.bars.front().variable); // DRAM's largest is the overall largest here
    QVERIFY(m_view->findChild<QLabel*>(QStringLiteral("sensitivityBase"))->text().contains(QStringLiteral("HBM")));
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

void TestGuiSensitivity::curveIsTheCoresCurve()
{
    m_view->setCurveVariable(Variable::ReuseRate);
    m_view->flush();
    const auto values = SensitivityView::curveValues(m_scenario, Variable::ReuseRate);
    QCOMPARE(values.front(), 0.0);
    QVERIFY(values.back() >= 0.9);
    const auto expected = scenarioCurve(m_scenario, Variable::ReuseRate, values);
    CurveChart* chart = m_view->curveChart();
    QCOMPARE(chart->pointCount(), static_cast<int>(expected.size()));
    for (int i = 0; i < chart->pointCount(); ++i) {
        QCOMPARE(chart->keyAt(i), expected[static_cast<size_t>(i)].value);
        QCOMPARE(chart->valueAt(0, i), expected[static_cast<size_t>(i)].demand.hbm);
        QCOMPARE(chart->valueAt(1, i), expected[static_cast<size_t>(i)].demand.dram);
        QCOMPARE(chart->valueAt(2, i), expected[static_cast<size_t>(i)].demand.ssd);
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
    QVERIFY(chart->valueAt(0, at4) <= chart->valueAt(0, at8));
    QVERIFY(chart->valueAt(0, at8) <= chart->valueAt(0, at16));
    if (const QString dir = qEnvironmentVariable("KVTIERS_GRAB_DIR"); !dir.isEmpty() && (QTest::qWait(100), true))
        m_view->grab().save(dir + QStringLiteral("/sensitivity-kvbits.png"));
}

QTEST_MAIN(TestGuiSensitivity)
#include "tst_gui_sensitivity.moc"
