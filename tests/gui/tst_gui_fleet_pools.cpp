// The Fleet tab split into prefill and decode pools, through its real controls: the chart's
// two bars per tier and the results' per-pool rows are the core's sizing of the same input
// (sizeFleet with the layout, core/analysis/FleetPools.h); moving the prefix cache moves
// its DRAM and NVMe from one pool's bar to the other's, and a pool holding more per server than a
// server installs is warned about; each choice is one undo step; the
// layout outlives a restart (a bad saved word dropped and named); the chart exports with
// the pools, and the CSV, whose rows have no pools, is refused with a reason.

#include "core/analysis/FleetOptions.h"
#include "core/catalog/CardCatalog.h"
#include "core/io/Units.h"
#include "tests/support/ExampleFleet.h"
#include "ui/charts/FleetChart.h"
#include "ui/dialogs/MessageBox.h"
#include "ui/export/ChartExporter.h"
#include "ui/fleet/FleetDocument.h"
#include "ui/fleet/FleetMixModel.h"
#include "ui/fleet/FleetView.h"
#include "ui/text/UnitsText.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLabel>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>
#include <qcustomplot.h>

#include <cmath>
#include <memory>

using namespace kvtiers;
using namespace kvtiers::ui;

namespace {
constexpr Tier kAll[] = { Tier::Hbm, Tier::Dram, Tier::Ssd };
const char* const kTierNames[] = { "Hbm", "Dram", "Nvme" };
} // namespace

class TestGuiFleetPools : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();

    void splitDrawsTwoBarsPerTierFromTheCore();
    void resultsShowEachPoolPerServer();
    void cacheMovesWithItsPool();
    void choicesAreUndoSteps();
    void colocatedAgainHidesTheChoices();
    void layoutOutlivesARestart();
    void exportsDrawThePoolsAndRefuseTheCsv();

private:
    template <typename W> W* child(const char* name) { return m_view->findChild<W*>(QString::fromLatin1(name)); }
    QString text(const QString& name) { return m_view->findChild<QLabel*>(name)->text(); }
    FleetResult core() { return sizeFleet(CardCatalog::builtin(), m_view->input()); }
    /// Chooses `index` in combo `name` as a user does, and lets the document size it.
    void choose(const char* name, int index)
    {
        auto* combo = child<QComboBox>(name);
        QVERIFY(combo);
        combo->setCurrentIndex(index);
        m_view->flush();
        QVERIFY2(m_view->result(), qPrintable(m_view->errorMessage()));
    }
    /// The chart's bars and totals are `f`'s pools, workload by workload.
    void chartShows(const FleetResult& f);
    std::unique_ptr<FleetDocument> m_document;
    std::unique_ptr<FleetView> m_view;
    QTemporaryDir m_dir;
};

void TestGuiFleetPools::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
    MessageBox::setNonInteractive(true);
}

void TestGuiFleetPools::init()
{
    kvtiers::ui::test::openExampleFleet(m_document, m_view);
    if (QTest::currentTestFailed())
        return;
    choose("fleetLayout", 1); // "Prefill + decode pools"
}

void TestGuiFleetPools::cleanup()
{
    m_view.reset();
    m_document.reset();
}

void TestGuiFleetPools::chartShows(const FleetResult& f)
{
    const FleetChart* chart = m_view->chart();
    QVERIFY(chart->showsPools());
    QCOMPARE(chart->workloadCount(), static_cast<int>(f.entries.size()));
    for (int i = 0; i < chart->workloadCount(); ++i) {
        const FleetEntryResult& e = f.entries[static_cast<size_t>(i)];
        QVERIFY(e.pools);
        for (Tier t : kAll) {
            QCOMPARE(chart->poolValue(t, FleetChart::Pool::Prefill, i), e.pools->prefillBytes[t]);
            QCOMPARE(chart->poolValue(t, FleetChart::Pool::Decode, i), e.pools->decodeBytes[t]);
        }
    }
    for (Tier t : kAll) {
        QCOMPARE(chart->totalText(t, FleetChart::Pool::Prefill), qs(formatBytes(f.prefillBytes[t])));
        QCOMPARE(chart->totalText(t, FleetChart::Pool::Decode), qs(formatBytes(f.decodeBytes[t])));
        QCOMPARE(chart->barLabels(t), (QStringList { QStringLiteral("Prefill"), QStringLiteral("Decode") }));
    }
}

void TestGuiFleetPools::splitDrawsTwoBarsPerTierFromTheCore()
{
    const FleetResult f = core();
    QVERIFY(m_view->inputs().disaggregated);
    QVERIFY(f.layout);
    QCOMPARE(
        *f.layout, DisaggregatedLayout {}); // the CLI's defaults: first token at decode, overlap 0, cache on prefill
    chartShows(f);
    // The mix's table gives each workload's pools as P + D (their sum as its value).
    FleetMixModel* model = m_view->mixModel();
    for (int i = 0; i < model->rowCount(); ++i) {
        const PoolSizing& pools = *f.entries[static_cast<size_t>(i)].pools;
        const QModelIndex cell = model->index(i, FleetMixModel::ReplicasColumn);
        QCOMPARE(cell.data().toString(),
            QStringLiteral("%1 + %2").arg(countText(pools.prefillReplicas), countText(pools.decodeReplicas)));
        QCOMPARE(cell.data(FleetMixModel::ValueRole).toDouble(), pools.prefillReplicas + pools.decodeReplicas);
    }
    // The pools' bars add up to the fleet's demand, tier by tier.
    for (Tier t : kAll)
        QVERIFY(std::abs(f.prefillBytes[t] + f.decodeBytes[t] - f.bytes[t]) <= 1e-9 * std::max(1.0, f.bytes[t]));
    // Both pools hold weights in HBM; the prefix cache (DRAM) sits on the prefill servers.
    QVERIFY(f.prefillBytes.hbm > 0 && f.decodeBytes.hbm > 0);
    QVERIFY(f.prefillBytes.dram > 0);
    QCOMPARE(f.decodeBytes.dram, 0.0);
    QVERIFY(m_view->chart()->title()->text().contains(
        QStringLiteral("%1 prefill + %2 decode servers").arg(countText(f.prefillServers), countText(f.decodeServers))));
    // KVTIERS_GRAB_DIR=dir: save what the user sees.
    if (const QString dir = qEnvironmentVariable("KVTIERS_GRAB_DIR"); !dir.isEmpty() && (QTest::qWait(100), true))
        m_view->grab().save(dir + QStringLiteral("/fleet-pools.png"));
}

void TestGuiFleetPools::resultsShowEachPoolPerServer()
{
    const FleetResult f = core();
    QCOMPARE(text(QStringLiteral("fleetServers")),
        QStringLiteral("%1 prefill + %2 decode × %3 GPUs")
            .arg(countText(f.prefillServers), countText(f.decodeServers))
            .arg(f.gpusPerServer));
    QCOMPARE(f.servers, f.prefillServers + f.decodeServers);
    for (size_t i = 0; i < 3; ++i) {
        const QString tier = QString::fromLatin1(kTierNames[i]);
        QLabel* prefill = m_view->findChild<QLabel*>(QStringLiteral("perPrefillServer") + tier);
        QVERIFY(prefill && prefill->isVisible());
        QCOMPARE(prefill->text(), qs(formatBytes(f.perPrefillServer()[kAll[i]])));
        QCOMPARE(text(QStringLiteral("perDecodeServer") + tier), qs(formatBytes(f.perDecodeServer()[kAll[i]])));
        QCOMPARE(f.perPrefillServer()[kAll[i]], f.prefillBytes[kAll[i]] / f.prefillServers);
    }
}

void TestGuiFleetPools::cacheMovesWithItsPool()
{
    const FleetResult onPrefill = core();
    choose("fleetCacheAt", static_cast<int>(PrefixCacheAt::Decode));
    QCOMPARE(m_view->inputs().layout.cacheAt, PrefixCacheAt::Decode);
    const FleetResult onDecode = core();
    chartShows(onDecode);
    // The traffic's reused prefixes are the same bytes wherever they live: the DRAM and NVMe
    // leave the prefill pool's bar for the decode pool's.
    QCOMPARE(onDecode.prefillBytes.dram, 0.0);
    QCOMPARE(onDecode.prefillBytes.ssd, 0.0);
    for (Tier t : { Tier::Dram, Tier::Ssd })
        QVERIFY2(std::abs(onDecode.decodeBytes[t] - onPrefill.prefillBytes[t]) <= 1e-6 * onPrefill.prefillBytes[t],
            qPrintable(QStringLiteral("%1 against %2").arg(onDecode.decodeBytes[t]).arg(onPrefill.prefillBytes[t])));
    // Per decode server the cache is the decode pool's few servers' share: more per server,
    // more DRAM than an H200 server installs, and the results say so (the core's warning).
    QVERIFY(onDecode.perDecodeServer().dram > onPrefill.perPrefillServer().dram);
    QVERIFY(onPrefill.warnings.empty());
    QVERIFY(!onDecode.warnings.empty());
    const FleetPoolWarning& w = onDecode.warnings.front();
    QVERIFY(w.decodePool);
    QCOMPARE(w.tier, Tier::Dram);
    QCOMPARE(w.perServerBytes, onDecode.perDecodeServer().dram);
    auto* warnings = m_view->findChild<QLabel*>(QStringLiteral("fleetWarnings"));
    QVERIFY(warnings && warnings->isVisible());
    QVERIFY2(
        warnings->text().startsWith(QStringLiteral("Decode servers: DRAM demand %1 per server, more than the %2 "
                                                   "one installs")
                                        .arg(qs(formatBytes(w.perServerBytes)), qs(formatBytes(w.installedBytes)))),
        qPrintable(warnings->text()));
    QCOMPARE(warnings->text().count(u'\n') + 1, static_cast<int>(onDecode.warnings.size()));
    choose("fleetCacheAt", static_cast<int>(PrefixCacheAt::Prefill));
    QVERIFY(!warnings->isVisible());
}

void TestGuiFleetPools::choicesAreUndoSteps()
{
    QUndoStack* undo = m_view->undoStack();
    QCOMPARE(undo->undoText(), QStringLiteral("Split prefill and decode"));
    choose("fleetFirstToken", static_cast<int>(FirstTokenAt::Prefill));
    QCOMPARE(undo->undoText(), QStringLiteral("Change where the first token comes from"));
    QCOMPARE(core().layout->firstToken, FirstTokenAt::Prefill);
    auto* overlap = child<QDoubleSpinBox>("fleetTransferOverlap");
    overlap->setValue(50); // percent
    m_view->flush();
    QCOMPARE(m_view->inputs().layout.transferOverlap, 0.5);
    QCOMPARE(m_view->result()->layout->transferOverlap, 0.5);
    QCOMPARE(undo->undoText(), QStringLiteral("Change the transfer overlap"));
    undo->undo();
    undo->undo();
    m_view->flush();
    QCOMPARE(m_view->inputs().layout, DisaggregatedLayout {});
    QCOMPARE(child<QComboBox>("fleetFirstToken")->currentIndex(), static_cast<int>(FirstTokenAt::Decode));
    QCOMPARE(overlap->value(), 0.0);
    undo->undo(); // colocated again
    m_view->flush();
    QVERIFY(!m_view->inputs().disaggregated);
    QVERIFY(!m_view->chart()->showsPools());
    QCOMPARE(child<QComboBox>("fleetLayout")->currentIndex(), 0);
}

void TestGuiFleetPools::colocatedAgainHidesTheChoices()
{
    for (const char* name : { "fleetFirstToken", "fleetTransferOverlap", "fleetCacheAt" })
        QVERIFY2(child<QWidget>(name)->isVisible(), name);
    choose("fleetLayout", 0);
    for (const char* name : { "fleetFirstToken", "fleetTransferOverlap", "fleetCacheAt" })
        QVERIFY2(!child<QWidget>(name)->isVisible(), name);
    QVERIFY(!m_view->findChild<QLabel*>(QStringLiteral("perPrefillServerDram"))->isVisible());
    // One bar per tier again, the colocated fleet's, and the core's.
    const FleetResult f = core();
    QVERIFY(!f.layout);
    QVERIFY(!m_view->chart()->showsPools());
    for (int i = 0; i < m_view->chart()->workloadCount(); ++i)
        QCOMPARE(m_view->chart()->value(Tier::Dram, i), f.entries[static_cast<size_t>(i)].bytes.dram);
    QCOMPARE(m_view->chart()->barLabels(Tier::Dram), QStringList { QStringLiteral("Server DRAM") });
}

void TestGuiFleetPools::layoutOutlivesARestart()
{
    choose("fleetCacheAt", static_cast<int>(PrefixCacheAt::Shared));
    const QString saved = m_view->sessionText();
    FleetDocument again(CardCatalog::builtin());
    QVERIFY(again.restoreSession(saved).isEmpty());
    QCOMPARE(again.input(), m_view->inputs());
    // A word the layout does not know is dropped and named; the rest is kept.
    QString damaged = saved;
    damaged.replace(QStringLiteral("\"shared\""), QStringLiteral("\"moon\""));
    damaged.replace(QStringLiteral("\"transfer_overlap\":0"), QStringLiteral("\"transfer_overlap\":7"));
    FleetDocument third(CardCatalog::builtin());
    const QStringList problems = third.restoreSession(damaged);
    QCOMPARE(problems.size(), 2);
    QVERIFY(problems.join(u' ').contains(QStringLiteral("cache_at")));
    QVERIFY(problems.join(u' ').contains(QStringLiteral("transfer_overlap")));
    QVERIFY(third.input().disaggregated);
    QCOMPARE(third.input().layout.cacheAt, PrefixCacheAt::Prefill);
}

void TestGuiFleetPools::exportsDrawThePoolsAndRefuseTheCsv()
{
    const QString base = m_dir.filePath(QStringLiteral("pools"));
    for (const char* suffix : { ".png", ".svg", ".pdf", ".json" }) {
        const QString path = base + QLatin1String(suffix);
        QCOMPARE(m_document->exportTo(path), QString());
        QVERIFY2(QFile(path).size() > 0, qPrintable(path));
    }
    QFile svg(base + QStringLiteral(".svg"));
    QVERIFY(svg.open(QIODevice::ReadOnly));
    const QByteArray drawing = svg.readAll();
    QVERIFY(drawing.contains("Prefill") && drawing.contains("Decode"));
    QFile json(base + QStringLiteral(".json"));
    QVERIFY(json.open(QIODevice::ReadOnly));
    QVERIFY(json.readAll().contains("\"pools\""));
    // The footnote names the pools' servers and the layout's choices.
    const FleetResult f = core();
    QVERIFY(ChartExporter::fleetFootnote(f, ByteUnits::Binary, 4000)
                .contains(QStringLiteral("%1 prefill + %2 decode servers, first token from the decode replica")
                              .arg(countText(f.prefillServers), countText(f.decodeServers))));
    const QString csv = base + QStringLiteral(".csv");
    const QString refused = m_document->exportTo(csv);
    QVERIFY(refused.startsWith(csv));
    QVERIFY(refused.contains(QStringLiteral(".json")));
    QVERIFY(!QFile::exists(csv));
    for (const DocumentExport& e : m_document->exports())
        QVERIFY(!e.formats.contains(QStringLiteral("csv")));
}

QTEST_MAIN(TestGuiFleetPools)
#include "tst_gui_fleet_pools.moc"
