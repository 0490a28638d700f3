// What a slider step skips must not change what it shows. The controller reuses its last
// sweep when only the swept knob moved: the reused sweep must be the one computed afresh,
// and any other change (another knob, the axis, "Hold λ fixed", a card file) must sweep
// again. The charts measure a text once and remember it: the remembered legend sizes and
// label boxes must be QCustomPlot's own, to the bit.

#include "core/analysis/Sweep.h"
#include "core/catalog/ScenarioSpec.h"
#include "core/io/Json.h"
#include "tests/support/SourceFiles.h"
#include "tests/support/TestHome.h"
#include "ui/charts/ChartStyle.h"
#include "ui/scenario/ScenarioController.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>
#include <qcustomplot.h>

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
        QCOMPARE(a.tiers.hbm.used(), b.tiers.hbm.used());
        QCOMPARE(a.tiers.dram.used(), b.tiers.dram.used());
        QCOMPARE(a.tiers.ssd.used(), b.tiers.ssd.used());
        QCOMPARE(a.overflowBytes, b.overflowBytes);
        QCOMPARE(a.tokensPerSecond, b.tokensPerSecond);
        QCOMPARE(a.achievedReuse, b.achievedReuse);
    }
}

/// Equal in every coordinate, not within QRectF's fuzzy tolerance.
bool sameBits(const QRectF& a, const QRectF& b)
{
    return a.x() == b.x() && a.y() == b.y() && a.width() == b.width() && a.height() == b.height();
}

/// A layout element's minimum size (protected in the legend item's own class).
QSize size(const QCPLayoutElement* e)
{
    return e->minimumOuterSizeHint();
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
        QVERIFY(QFile::copy(kvtiers::test::sourceDir() + QStringLiteral("/models/models/llama-3.1-70b.json"), path));
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

    void legendItemMeasuresAsQCustomPlot()
    {
        QCustomPlot plot;
        plot.resize(400, 300);
        plot.setAutoAddPlottableToLegend(false);
        for (const QString& name :
            { QStringLiteral("HBM"), QStringLiteral("overflow (fits in no tier)"), QStringLiteral("서버 DRAM") }) {
            auto* graph = plot.addGraph();
            graph->setName(name);
            QCPPlottableLegendItem* ours = chart::addToLegend(graph, plot.legend);
            QVERIFY(ours);
            QVERIFY(!chart::addToLegend(graph, plot.legend)); // once per plottable, as QCustomPlot
            auto* theirs = new QCPPlottableLegendItem(plot.legend, graph);
            QCOMPARE(size(ours), size(theirs));
            QFont bold = plot.legend->font();
            bold.setBold(true);
            bold.setPointSizeF(bold.pointSizeF() * 1.5);
            ours->setFont(bold);
            theirs->setFont(bold);
            QCOMPARE(size(ours), size(theirs));
            graph->setName(name + QStringLiteral(" renamed"));
            QCOMPARE(size(ours), size(theirs));
            delete theirs;
        }
    }

    void textItemBoxIsItsAnchors()
    {
        QCustomPlot plot;
        plot.resize(500, 400);
        plot.xAxis->setRange(0, 10);
        plot.yAxis->setRange(0, 10);
        plot.replot();
        auto* label = new QCPItemText(&plot);
        const Qt::Alignment aligns[]
            = { Qt::AlignLeft | Qt::AlignTop, Qt::AlignCenter, Qt::AlignRight | Qt::AlignBottom,
                  Qt::AlignHCenter | Qt::AlignBottom, Qt::AlignRight | Qt::AlignVCenter, Qt::Alignment() };
        const QString texts[] = { QStringLiteral("now: 128K tokens"), QStringLiteral("capacity\n141 GiB"),
            QStringLiteral("HBM 용량 141 GiB"), QString() };
        for (const Qt::Alignment align : aligns)
            for (const QString& text : texts)
                for (const QMargins& pad : { QMargins(), QMargins(2, 1, 2, 1), QMargins(5, 3, 7, 2) }) {
                    label->setPositionAlignment(align);
                    label->setTextAlignment(align == Qt::AlignCenter ? Qt::AlignHCenter : Qt::AlignLeft);
                    label->setText(text);
                    label->setPadding(pad);
                    label->position->setCoords(3.3, 7.1);
                    const QRectF anchors(label->topLeft->pixelPosition(), label->bottomRight->pixelPosition());
                    QVERIFY(sameBits(chart::textItemRect(label), anchors));
                    QVERIFY(sameBits(chart::textItemRect(label), anchors)); // remembered, the same
                }
        label->setRotation(30); // rotated: the anchors themselves
        QVERIFY(sameBits(
            chart::textItemRect(label), QRectF(label->topLeft->pixelPosition(), label->bottomRight->pixelPosition())));
    }
};

QTEST_MAIN(TestGuiSpeed)
#include "tst_gui_speed.moc"
