// The article's tier table model: structure checked by QAbstractItemModelTester while its
// results and scope change, the article's words, live columns, which rows light up, and
// tooltips that give a (possibly elided) cell's text in full. Beside it, the tier chart's
// hover tooltip: it follows a scope or units change made while it is on show.

#include "core/catalog/CardCatalog.h"
#include "core/catalog/ScenarioSpec.h"
#include "core/model/Evaluation.h"
#include "ui/charts/TierChart.h"
#include "ui/scenario/TierTableModel.h"
#include "ui/text/UnitsText.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QToolTip>
#include <QtTest>
#include <qcustomplot.h>

using namespace kvtiers;
using namespace kvtiers::ui;

namespace {

struct Evaluated {
    Scenario scenario;
    EvalResult result;
};

Evaluated evaluateWorkload(const std::string& workload)
{
    ScenarioSpec spec;
    spec.workload = workload;
    Evaluated e { resolveScenario(CardCatalog::builtin(), spec).scenario, {} };
    e.result = evaluate(e.scenario);
    return e;
}

bool lit(const TierTableModel& model, Tier tier)
{
    return model.index(static_cast<int>(tier), 0).data(TierTableModel::ConditionMetRole).toBool();
}

} // namespace

class TestGuiTierTableModel : public QObject {
    Q_OBJECT
private slots:
    void passesModelTester()
    {
        TierTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.columnCount(), int(TierTableModel::ColumnCount));
        for (const char* w : { "article", "chat", "mooncake", "flexgen" }) {
            const Evaluated e = evaluateWorkload(w);
            model.setResult(e.scenario, e.result);
            for (TierScope s : { TierScope::PerGpu, TierScope::PerServer, TierScope::PerReplica })
                model.setScope(s);
        }
    }

    void articleWordsAndLiveColumns()
    {
        TierTableModel model;
        const Evaluated e = evaluateWorkload("article");
        model.setResult(e.scenario, e.result);
        QCOMPARE(model.headerData(TierTableModel::LivesThereColumn, Qt::Horizontal).toString(),
            QStringLiteral("What mainly lives there"));
        QCOMPARE(model.index(1, TierTableModel::DemandGrowsColumn).data().toString(),
            QStringLiteral("High cache reuse and a fast GPU link"));
        QCOMPARE(model.index(2, TierTableModel::DemandGrowsColumn).data().toString(),
            QStringLiteral("When storing and restoring is cheaper than recomputing"));
        QCOMPARE(model.index(0, TierTableModel::PlacedColumn).data().toString(), QStringLiteral("531 GiB"));
        QCOMPARE(model.index(0, TierTableModel::CapacityColumn).data().toString(), QStringLiteral("945 GiB"));
        QCOMPARE(model.index(0, TierTableModel::RestoreColumn).data().toString(), QStringLiteral("— (in place)"));
        QVERIFY(model.index(1, TierTableModel::RestoreColumn).data().toString().contains(QStringLiteral(" vs ")));

        // Per GPU is the replica divided by TP (8).
        const double replica = model.index(0, TierTableModel::PlacedColumn).data(TierTableModel::BytesRole).toDouble();
        model.setScope(TierScope::PerGpu);
        QCOMPARE(model.index(0, TierTableModel::PlacedColumn).data(TierTableModel::BytesRole).toDouble(), replica / 8);
    }

    void highlightedRows()
    {
        TierTableModel model;
        // The article: everything in HBM, no reuse.
        Evaluated e = evaluateWorkload("article");
        model.setResult(e.scenario, e.result);
        QVERIFY(lit(model, Tier::Hbm));
        QVERIFY(!lit(model, Tier::Dram));
        QVERIFY(!lit(model, Tier::Ssd));
        QVERIFY(model.index(0, 1).data(Qt::BackgroundRole).isValid());
        QVERIFY(!model.index(1, 1).data(Qt::BackgroundRole).isValid());

        // Chat: 60% reuse, restoring beats recomputing. The LRU cache keeps prefixes until its
        // horizon (docs/model.md §4), more than one GPU's share of DRAM holds, so the cache
        // reaches SSD too: both rows are lit, and lit exactly when the tier holds prefixes.
        e = evaluateWorkload("chat");
        model.setResult(e.scenario, e.result);
        QVERIFY(!lit(model, Tier::Hbm));
        QVERIFY(lit(model, Tier::Dram));
        QVERIFY(e.result.tiers.ssd.retained > 0);
        QVERIFY(lit(model, Tier::Ssd));
        QVERIFY(model.conditionText(Tier::Dram).contains(QStringLiteral("beats")));

        // Mooncake: the retained pool spills from DRAM to SSD.
        e = evaluateWorkload("mooncake");
        model.setResult(e.scenario, e.result);
        QVERIFY(lit(model, Tier::Dram));
        QVERIFY(lit(model, Tier::Ssd));
    }

    void textCellsGiveTheirTextOnHover()
    {
        // Rows have a fixed height, so a narrowed table elides the article's sentences:
        // hovering any text cell gives its text in full, then why the row is lit or not.
        TierTableModel model;
        for (const char* w : { "article", "chat", "mooncake" }) {
            const Evaluated e = evaluateWorkload(w);
            model.setResult(e.scenario, e.result);
            for (int row = 0; row < model.rowCount(); ++row) {
                const QString why = model.conditionText(static_cast<Tier>(row));
                QVERIFY(!why.isEmpty());
                for (int column : { TierTableModel::LivesThereColumn, TierTableModel::DemandGrowsColumn,
                         TierTableModel::LimitColumn, TierTableModel::RestoreColumn }) {
                    const QModelIndex cell = model.index(row, column);
                    const QString text = cell.data().toString();
                    QVERIFY(!text.isEmpty());
                    QCOMPARE(cell.data(Qt::ToolTipRole).toString(), text + QStringLiteral("\n\n") + why);
                }
                // The figures are short: their tooltip is the reason alone.
                QCOMPARE(model.index(row, TierTableModel::PlacedColumn).data(Qt::ToolTipRole).toString(), why);
            }
        }
    }

    void chartToolTipFollowsScopeAndUnits()
    {
        // Hover the eSSD bar (all free space in the article's scenario) and keep the mouse
        // still: switching the scope (Ctrl+1 in the window) or the units rewrites the
        // tooltip on show with the new figures, instead of leaving the old ones up.
        TierChart chart;
        chart.resize(900, 520);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        const Evaluated e = evaluateWorkload("article");
        QCOMPARE(e.result.tp, 8);
        chart.setResult(e.scenario, e.result);
        QCustomPlot* plot = chart.plot();
        plot->replot();
        const double replicaFree = chart.segmentValue(Tier::Ssd, Segment::Free);
        QVERIFY(replicaFree > 0);
        QCPAxisRect* ssd = plot->axisRects().at(static_cast<int>(Tier::Ssd));
        const QPoint pos(static_cast<int>(ssd->axis(QCPAxis::atBottom)->coordToPixel(1.0)),
            static_cast<int>(ssd->axis(QCPAxis::atLeft)->coordToPixel(replicaFree / 2)));
        QTest::mouseMove(plot, pos);
        QTRY_VERIFY(QToolTip::isVisible());
        const QString perReplica = QToolTip::text();
        QCOMPARE(perReplica, chart.segmentToolTip(Tier::Ssd, Segment::Free));
        QVERIFY2(perReplica.contains(bytesText(replicaFree, chart.units())), qPrintable(perReplica));

        chart.setScope(TierScope::PerGpu);
        const QString perGpu = chart.segmentToolTip(Tier::Ssd, Segment::Free);
        QVERIFY2(perGpu.contains(bytesText(replicaFree / 8, chart.units())), qPrintable(perGpu));
        QVERIFY(perGpu != perReplica);
        QTRY_COMPARE(QToolTip::text(), perGpu);
        QVERIFY(QToolTip::isVisible());
        QCOMPARE(chart.toolTipTextAt(pos), perGpu);

        // View > Units (MainWindow::setUnits) relabels the chart from its data: decimal now.
        chart.setUnits(ByteUnits::Decimal);
        const QString decimal = chart.segmentToolTip(Tier::Ssd, Segment::Free);
        QVERIFY2(decimal.contains(qs(formatBytes(replicaFree / 8, ByteUnits::Decimal))), qPrintable(decimal));
        QVERIFY(decimal.contains(QStringLiteral(" TB")) && !decimal.contains(QStringLiteral("TiB")));
        QTRY_COMPARE(QToolTip::text(), decimal);

        // Once the tooltip is gone, a change does not bring it back.
        QToolTip::hideText();
        QTRY_VERIFY(!QToolTip::isVisible());
        chart.setScope(TierScope::PerServer);
        QTest::qWait(50);
        QVERIFY(!QToolTip::isVisible());
    }
};

QTEST_MAIN(TestGuiTierTableModel)
#include "tst_gui_tiertablemodel.moc"
