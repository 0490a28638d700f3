// What a slider step skips must not change what it shows. The controller reuses its last
// sweep when only the swept knob moved: the reused sweep must be the one computed afresh,
// and any other change (another knob, the axis, "Hold λ fixed", a card file) must sweep
// again.

#include "core/analysis/Sweep.h"
#include "core/catalog/ScenarioSpec.h"
#include "core/io/Json.h"
#include "tests/support/TestHome.h"
#include "ui/scenario/ScenarioController.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace kvtiers;
using namespace kvtiers::ui;

namespace {

/// The sweep the controller's scenario gets when computed from nothing kept.
SweepResult freshSweep(const ScenarioController& c, bool hold)
{
    const Scenario s = resolveScenario(c.catalog(), c.spec()).scenario;
    const SweepRange range = defaultSweepRange(c.sweepAxis());
    return sweep(hold ? holdRequestRate(s) : s, c.sweepAxis(), range.from, range.to, kSweepPoints);
}

void compareSweeps(const SweepResult& shown, const SweepResult& fresh)
{
    QCOMPARE(shown.axis, fresh.axis);
    QCOMPARE(shown.rateDerived, fresh.rateDerived);
    QCOMPARE(shown.hbmFullAt, fresh.hbmFullAt);
    QCOMPARE(shown.points.size(), fresh.points.size());
    for (size_t i = 0; i < shown.points.size(); ++i) {
        const SweepPoint &a = shown.points[i], &b = fresh.points[i];
        QCOMPARE(a.x, b.x);
        QCOMPARE(a.hbm.used(), b.hbm.used());
        QCOMPARE(a.dram.used(), b.dram.used());
        QCOMPARE(a.ssd.used(), b.ssd.used());
        QCOMPARE(a.overflowBytes, b.overflowBytes);
        QCOMPARE(a.tokensPerSecond, b.tokensPerSecond);
        QCOMPARE(a.achievedReuse, b.achievedReuse);
    }
}

} // namespace

class TestGuiSpeed : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { test::clearTestHome(); }

    void sweepReusedOnlyWhenTheSweptKnobMoves()
    {
        ScenarioController c;
        c.flush();
        QVERIFY(c.hasResult());
        QCOMPARE(c.sweepCount(), 1);

        // Context steps, as a slider drag makes them: evaluated each time, swept once.
        for (double context : { 32768.0, 65536.0, 200000.0 }) {
            c.setOverride("context", Json(context));
            c.flush();
            QCOMPARE(c.scenario().workload.context, context);
            compareSweeps(c.sweepResult(), freshSweep(c, false));
        }
        QCOMPARE(c.sweepCount(), 1);
        QCOMPARE(c.evaluationCount(), 4);

        // Another knob changes every point.
        c.setOverride("concurrency", Json(3));
        c.flush();
        QCOMPARE(c.sweepCount(), 2);
        compareSweeps(c.sweepResult(), freshSweep(c, false));

        // Along concurrency, concurrency steps reuse and context steps do not.
        c.setSweepAxis(SweepAxis::Concurrency);
        c.flush();
        QCOMPARE(c.sweepCount(), 3);
        c.setOverride("concurrency", Json(5));
        c.flush();
        QCOMPARE(c.sweepCount(), 3);
        compareSweeps(c.sweepResult(), freshSweep(c, false));
        c.setOverride("context", Json(16384));
        c.flush();
        QCOMPARE(c.sweepCount(), 4);
        compareSweeps(c.sweepResult(), freshSweep(c, false));
    }

    void heldRateSweepsAgainWhenTheRateMoves()
    {
        // The article derives λ from the context: held, it differs at each context.
        ScenarioController c;
        c.setSweepHoldsRate(true);
        c.flush();
        QVERIFY(!c.scenario().workload.requestRate.has_value());
        const int before = c.sweepCount();
        c.setOverride("context", Json(65536));
        c.flush();
        QCOMPARE(c.sweepCount(), before + 1);
        compareSweeps(c.sweepResult(), freshSweep(c, true));
    }

    void cardFileIsSweptEveryTime()
    {
        // A card file is read at every evaluation and may have been edited since.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("model.json"));
        QVERIFY(QFile::copy(
            qEnvironmentVariable("KVTIERS_SOURCE_DIR") + QStringLiteral("/models/models/llama-3.1-70b.json"), path));
        ScenarioController c;
        c.selectModel(path.toStdString());
        c.flush();
        QVERIFY2(c.errorMessage().isEmpty(), qPrintable(c.errorMessage()));
        const int before = c.sweepCount();
        c.setOverride("context", Json(65536));
        c.flush();
        QCOMPARE(c.sweepCount(), before + 1);

        // A card added to the catalog may replace the one an id names.
        ScenarioController d;
        d.flush();
        const int sweeps = d.sweepCount();
        QFile card(path);
        QVERIFY(card.open(QIODevice::ReadOnly));
        d.addUserCard(CardKind::Model, card.readAll().toStdString(), path.toStdString());
        d.setOverride("context", Json(65536));
        d.flush();
        QCOMPARE(d.sweepCount(), sweeps + 1);
    }
};

QTEST_MAIN(TestGuiSpeed)
#include "tst_gui_speed.moc"
