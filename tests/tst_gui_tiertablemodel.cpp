// The article's tier table model: structure checked by QAbstractItemModelTester while its
// results and scope change, the article's words, live columns, and which rows light up.

#include "CardCatalog.h"
#include "Evaluation.h"
#include "ScenarioSpec.h"
#include "TierTableModel.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QtTest>

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

        // Chat: 60% reuse kept in DRAM, restoring beats recomputing.
        e = evaluateWorkload("chat");
        model.setResult(e.scenario, e.result);
        QVERIFY(!lit(model, Tier::Hbm));
        QVERIFY(lit(model, Tier::Dram));
        QVERIFY(!lit(model, Tier::Ssd));
        QVERIFY(model.conditionText(Tier::Dram).contains(QStringLiteral("beats")));

        // Mooncake: the retained pool spills from DRAM to SSD.
        e = evaluateWorkload("mooncake");
        model.setResult(e.scenario, e.result);
        QVERIFY(lit(model, Tier::Dram));
        QVERIFY(lit(model, Tier::Ssd));
    }
};

QTEST_MAIN(TestGuiTierTableModel)
#include "tst_gui_tiertablemodel.moc"
