// OutlookView and its charts offscreen: the charts draw what computeOutlook() gives for the
// card shown; a driver edited in the table changes the card, the computation and the
// chart's data, and one undo restores all three; the exports write the thesis chart as
// PNG/SVG/PDF, the years as the core's CSV and the edited card as JSON that reads back;
// tokens per day read in SI units and shares in %, both ways; the tab fits 1280×800 and
// 994 px wide in English and Korean: headers whole, one chart per page, every tornado row
// (screenshots of each chart page written for a look when KVTIERS_SCREENSHOT_DIR is set);
// an edited outlook saved as a preset comes back whole; a year's supply share shows in its
// tooltip; the card's Korean name and notes show in the Korean UI. The tornado's rows are
// named by the core's one table, the same words as `kvtiers outlook` writes in English and
// their translations in Korean; a refused driver says why in the option table's terms.

#include "core/analysis/Outlook.h"
#include "core/catalog/CardCatalog.h"
#include "core/report/OutlookReport.h"
#include "core/scenario/Knobs.h"
#include "tests/support/TestHome.h"
#include "ui/app/Language.h"
#include "ui/app/MainWindow.h"
#include "ui/charts/OutlookChart.h"
#include "ui/charts/OutlookWaterfallChart.h"
#include "ui/outlook/OutlookSourcesPanel.h"
#include "ui/outlook/OutlookView.h"
#include "ui/outlook/OutlookWorkloadsPage.h"
#include "ui/widgets/WrappingHeaderView.h"

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHeaderView>
#include <QImage>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <map>

using namespace kvtiers;
using namespace kvtiers::ui;

class TestGuiOutlook : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { test::clearTestHome(); }

    void chartsDrawTheCoresResult()
    {
        OutlookView view(CardCatalog::builtin());
        view.document()->flush();
        QVERIFY2(view.document()->hasResult(), qPrintable(view.document()->errorMessage()));
        const OutlookCard& card = CardCatalog::builtin().outlooks().at("steady");
        const OutlookResult core = computeOutlook(CardCatalog::builtin(), card);
        QCOMPARE(view.document()->card().id, std::string("steady"));
        OutlookChart* index = view.indexChart();
        OutlookChart* bytes = view.bytesChart();
        QCOMPARE(index->yearCount(), static_cast<int>(core.years.size()));
        for (int i = 0; i < index->yearCount(); ++i) {
            const OutlookYearResult& y = core.years[static_cast<size_t>(i)];
            QCOMPARE(index->plottedAt(3, i), y.tokensIndex);
            QCOMPARE(index->plottedAt(1, i), y.index.dram);
            QCOMPARE(bytes->plottedAt(0, i), y.hbmBytes);
            QCOMPARE(bytes->plottedAt(2, i), y.ssdBytes);
        }
        // The first year is the index's base; steady's tokens grow 10x by 2030.
        QCOMPARE(index->plottedAt(0, 0), 1.0);
        QCOMPARE(index->plottedAt(3, index->yearCount() - 1), 10.0);
        // Bytes are in decimal units by default (EB, as memory is sold); the card is a scenario.
        QCOMPARE(bytes->units(), ByteUnits::Decimal);
        QVERIFY(view.findChild<QLabel*>(QStringLiteral("outlookStatus"))->text().contains(QStringLiteral("scenario")));
        QVERIFY(view.tornadoChart()->rowCount() > 0);
    }

    void editedDriverChangesTheChartAndUndoRestoresIt()
    {
        OutlookView view(CardCatalog::builtin());
        view.document()->flush();
        QTableWidget* table = view.driversTable();
        QCOMPARE(table->rowCount(), 5);
        const double before = view.bytesChart()->plottedAt(0, 4);
        const double tokensBefore = view.document()->card().years[4].tokensPerDay;
        // Typing into the cell is the edit: the last year's tokens per day doubled.
        table->item(4, OutlookDriversTable::TokensColumn)->setText(QString::number(2 * tokensBefore, 'g', 6));
        QCOMPARE(view.document()->undoStack()->count(), 1);
        QCOMPARE(view.document()->card().years[4].tokensPerDay, 2 * tokensBefore);
        view.document()->flush();
        const double after = view.bytesChart()->plottedAt(0, 4);
        QVERIFY2(after > 1.5 * before, qPrintable(QStringLiteral("%1 -> %2").arg(before).arg(after)));
        QCOMPARE(view.indexChart()->plottedAt(3, 4), 20.0);
        view.document()->undoStack()->undo();
        view.document()->flush();
        QCOMPARE(view.document()->card().years[4].tokensPerDay, tokensBefore);
        QCOMPARE(view.bytesChart()->plottedAt(0, 4), before);
        QCOMPARE(
            OutlookDriversTable::parseTokens(table->item(4, OutlookDriversTable::TokensColumn)->text()), tokensBefore);
        // A share: the others are rescaled so the year's mix still sums to 1.
        const int chat = OutlookDriversTable::FirstShareColumn
            + static_cast<int>(std::find(view.driversTable()->shareWorkloads().begin(),
                                   view.driversTable()->shareWorkloads().end(), "chat")
                - view.driversTable()->shareWorkloads().begin());
        QVERIFY(view.driversTable()->editCell(0, chat, 0.2).isEmpty());
        double sum = 0;
        for (const auto& e : view.document()->card().years[0].mix)
            sum += e.share;
        QVERIFY(std::abs(sum - 1) < 1e-12);
        // Bad values are refused with a reason, and change nothing.
        QVERIFY(!view.driversTable()->editCell(0, OutlookDriversTable::TokensColumn, 0).isEmpty());
        QVERIFY(!view.driversTable()->editCell(0, chat, 1.5).isEmpty());
        QCOMPARE(view.document()->undoStack()->count(), 1); // the undone edit gave way to the share edit
    }

    /// Each tornado row's name is the label the CLI writes for its driver (outlookToJson is
    /// `kvtiers outlook --json`), for every tier's order; in Korean, the same table's words
    /// translated: the outlook's own ("OutlookDriver") and the knobs' ("Knob").
    void tornadoLabelsAreTheCommandsWords()
    {
        OutlookView view(CardCatalog::builtin());
        view.document()->flush();
        QVERIFY(view.document()->hasResult());
        const Json json = outlookToJson(view.document()->result().result, &view.document()->result().tornado);
        std::map<std::string, std::string> labels;
        for (const auto& bar : json["tornado"]["bars"])
            labels[bar["driver"].get<std::string>()] = bar["label"].get<std::string>();
        QComboBox* tier = view.chartTabs()->tierPicker();
        OutlookTornadoChart* chart = view.tornadoChart();
        int checked = 0;
        for (int t = 0; t < tier->count(); ++t) {
            tier->setCurrentIndex(t);
            QVERIFY(chart->rowCount() > 0);
            for (int r = 0; r < chart->rowCount(); ++r, ++checked) {
                QCOMPARE(chart->driverNameAt(r).toStdString(), labels.at(chart->keyAt(r)));
                QVERIFY(chart->fullLabelAt(r).startsWith(chart->driverNameAt(r) + QStringLiteral(" (")));
            }
        }
        QVERIFY(checked >= 3 * 9);
        installTranslator(QStringLiteral("ko"));
        {
            OutlookView korean(CardCatalog::builtin());
            korean.document()->flush();
            OutlookTornadoChart* ko = korean.tornadoChart();
            QStringList seen;
            for (int r = 0; r < ko->rowCount(); ++r) {
                const QString name = ko->driverNameAt(r);
                seen << name;
                if (ko->keyAt(r) == "tokens_per_day")
                    QCOMPARE(name, QCoreApplication::translate("OutlookDriver", "Tokens per day"));
                if (ko->keyAt(r) == knobKey(KnobId::ReuseRate))
                    QCOMPARE(name, QCoreApplication::translate("Knob", knob(KnobId::ReuseRate).sensitivity.label));
                QVERIFY2(name.toStdString() != labels.at(ko->keyAt(r)), qPrintable(name)); // translated
            }
            QVERIFY(!seen.isEmpty());
        }
        installTranslator(QStringLiteral("en"));
    }

    /// A driver out of its option table's range is refused in the table's terms, naming the
    /// driver, and nothing changes; the document offers the chart, the years and the card.
    /// The Sources page lists exactly the card's sources, in its order, numbered from 0; every
    /// driver cell's tooltip names the source its figure cites ("Source [i]") and says where
    /// that source is an assumption; the exported chart's footnote names the outlook, says it
    /// is a scenario and lists the sources.
    void sourcesPanelIsTheCardsAndEveryDriverCellNamesItsSource()
    {
        for (const char* id : { "steady", "efficiency", "agents-long-context" }) {
            OutlookView view(CardCatalog::builtin());
            QVERIFY(view.showOutlook(id));
            const OutlookCard& card = CardCatalog::builtin().outlooks().at(id);
            OutlookSourcesPanel* panel = view.sourcesPanel();
            QCOMPARE(panel->rowCount(), static_cast<int>(card.sources.size()));
            for (int r = 0; r < panel->rowCount(); ++r) {
                const OutlookSource& s = card.sources[static_cast<size_t>(r)];
                QCOMPARE(panel->item(r, OutlookSourcesPanel::NumberColumn)->text(), QString::number(r));
                QVERIFY(panel->item(r, OutlookSourcesPanel::TitleColumn)
                            ->text()
                            .startsWith(QString::fromStdString(s.title)));
                QCOMPARE(panel->item(r, OutlookSourcesPanel::LinkColumn)->text(), QString::fromStdString(s.url));
                QCOMPARE(
                    panel->item(r, OutlookSourcesPanel::PublisherColumn)->text(), QString::fromStdString(s.publisher));
                QCOMPARE(panel->item(r, OutlookSourcesPanel::FigureColumn)->text(), QString::fromStdString(s.note));
            }
            OutlookDriversTable* table = view.driversTable();
            for (int r = 0; r < table->rowCount(); ++r) {
                const OutlookYear& y = card.years[static_cast<size_t>(r)];
                for (int c = OutlookDriversTable::TokensColumn; c < table->columnCount(); ++c) {
                    const std::string figure = c == OutlookDriversTable::TokensColumn ? "tokens_per_day"
                        : c == OutlookDriversTable::TtftColumn                        ? kTtftSecondsKey
                        : c == OutlookDriversTable::TpotColumn                        ? kTpotSecondsKey
                                                                                      : "mix";
                    const QString tip = table->item(r, c)->toolTip();
                    const std::optional<int> index = outlookFigureSource(y, figure);
                    QVERIFY2(index, qPrintable(QStringLiteral("%1 %2 %3").arg(id).arg(y.year).arg(c)));
                    QVERIFY2(*index >= 0 && *index < panel->rowCount(), qPrintable(tip));
                    QVERIFY2(tip.startsWith(QStringLiteral("Source [%1]").arg(*index)), qPrintable(tip));
                    QCOMPARE(tip.contains(QStringLiteral("an assumption")),
                        isAssumption(card.sources[static_cast<size_t>(*index)]));
                }
            }
            const QString footnote = view.document()->exportFootnote();
            QVERIFY(footnote.contains(QStringLiteral("a scenario, not a forecast")));
            QVERIFY(footnote.contains(QString::fromStdString(card.id)));
            QVERIFY(footnote.contains(QStringLiteral("decimal units")));
            for (size_t i = 0; i < card.sources.size(); ++i)
                QVERIFY2(footnote.contains(QStringLiteral("[%1]").arg(i)), qPrintable(footnote));
        }
    }

    /// The decomposition runs on its worker after each sizing; the waterfall draws the core's
    /// factors (each step's running product multiplies to the index) and the thesis is the
    /// core's sentence.
    void waterfallDrawsTheDecomposition()
    {
        OutlookView view(CardCatalog::builtin());
        QVERIFY(view.showOutlook("efficiency"));
        view.document()->flush();
        OutlookDecompositionDocument* d = view.document()->decomposition();
        QCOMPARE(d->mode(), EvaluationMode::Worker);
        d->flush();
        QTRY_VERIFY(d->hasResult() && d->result().coalitions > 0);
        const OutlookCard& card = CardCatalog::builtin().outlooks().at("efficiency");
        const OutlookDecomposition core = decomposeOutlook(CardCatalog::builtin(), card);
        OutlookWaterfallChart* chart = view.chartTabs()->waterfallChart();
        int boxes = 1; // the index column's boxes, one per tier, counted below
        for (int g = 0; g < kOutlookGroupCount; ++g)
            boxes += core.changed[size_t(g)] ? 1 : 0;
        QCOMPARE(chart->boxCount(), boxes * 3);
        for (Tier t : kTiers) {
            const auto [first, last] = chart->stepAt(t, kOutlookGroupCount - 1);
            Q_UNUSED(first);
            QVERIFY(std::abs(last / core.index[t] - 1) < 1e-9);
            QCOMPARE(chart->stepAt(t, kOutlookGroupCount).second, core.index[t]);
        }
        QCOMPARE(view.chartTabs()->thesisLabel()->text().toStdString(), outlookThesis(core));
    }

    /// The per-workload page shows, for the year picked, each workload's traffic and intensity
    /// as the core computes them; an edit to the year's tokens per day moves them.
    void workloadsPageShowsEachWorkloadsTrafficAndIntensity()
    {
        OutlookView view(CardCatalog::builtin());
        view.document()->flush();
        OutlookWorkloadsPage* page = view.chartTabs()->workloadsPage();
        QVERIFY(page);
        QTableWidget* table = page->table();
        const OutlookResult core
            = computeOutlook(CardCatalog::builtin(), CardCatalog::builtin().outlooks().at("steady"));
        // The last year shows first; every year can be picked.
        QCOMPARE(page->yearPicker()->count(), int(core.years.size()));
        QCOMPARE(page->yearPicker()->currentText(), QString::number(core.years.back().year));
        page->yearPicker()->setCurrentIndex(0);
        const OutlookYearResult& y = core.years.front();
        QCOMPARE(table->rowCount(), int(y.workloads.size()) + 1);
        for (int r = 0; r < int(y.workloads.size()); ++r) {
            const OutlookWorkloadYear& w = y.workloads[size_t(r)];
            QCOMPARE(
                table->item(r, OutlookWorkloadsPage::ShareColumn)->text().toStdString(), outlookPercentText(w.share));
            QCOMPARE(table->item(r, OutlookWorkloadsPage::RequestsColumn)->text().toStdString(),
                formatCount(std::round(w.requestsPerDay)));
            QCOMPARE(table->item(r, OutlookWorkloadsPage::TokensColumn)->text().toStdString(),
                outlookTokensText(w.tokensPerDay));
            for (Tier t : kTiers)
                QCOMPARE(table->item(r, OutlookWorkloadsPage::HbmColumn + int(t))->text().toStdString(),
                    formatBytes(w.intensity[t], ByteUnits::Decimal));
        }
        // The last row is the year's whole: the card's tokens per day, in words (210 trillion/day).
        const int all = int(y.workloads.size());
        QCOMPARE(table->item(all, OutlookWorkloadsPage::TokensColumn)->text(), QStringLiteral("210 trillion/day"));
        QCOMPARE(table->item(all, OutlookWorkloadsPage::HbmColumn)->text().toStdString(),
            formatBytes(y.intensity.hbm, ByteUnits::Decimal));
        // Under the table, per tier, the workload that needs the most of it per token.
        double mostHbm = 0;
        for (const OutlookWorkloadYear& w : y.workloads)
            mostHbm = std::max(mostHbm, w.intensity.hbm);
        QVERIFY2(page->reading()->text().contains(QString::fromStdString(formatBytes(mostHbm, ByteUnits::Decimal))),
            qPrintable(page->reading()->text()));
        // Doubling 2026's tokens doubles every workload's tokens and requests a day; the page follows.
        const double before = y.workloads.front().requestsPerDay;
        QVERIFY(view.driversTable()->editCell(0, OutlookDriversTable::TokensColumn, 2 * y.tokensPerDay).isEmpty());
        view.document()->flush();
        QCOMPARE(page->yearPicker()->currentIndex(), 0); // the year picked stays picked
        QCOMPARE(table->item(all, OutlookWorkloadsPage::TokensColumn)->text(), QStringLiteral("420 trillion/day"));
        const OutlookWorkloadYear& edited = view.document()->result().result.years.front().workloads.front();
        QVERIFY(std::abs(edited.requestsPerDay / before - 2) < 1e-12);
        QCOMPARE(table->item(0, OutlookWorkloadsPage::RequestsColumn)->text().toStdString(),
            formatCount(std::round(edited.requestsPerDay)));
    }

    void refusedDriverNamesItAndExportsAreListed()
    {
        OutlookView view(CardCatalog::builtin());
        view.document()->flush();
        const QString error = view.driversTable()->editCell(0, OutlookDriversTable::TokensColumn, 0.5);
        QVERIFY2(error.contains(QStringLiteral("tokens per day: 0.5 is not between 1 and ")), qPrintable(error));
        const QString ttft = view.driversTable()->editCell(0, OutlookDriversTable::TtftColumn, 0);
        QVERIFY2(ttft.startsWith(QStringLiteral("TTFT target: 0 is not between")), qPrintable(ttft));
        QCOMPARE(view.document()->undoStack()->count(), 0);
        QStringList ids;
        for (const DocumentExport& e : view.document()->exports())
            ids << e.id;
        QCOMPARE(ids,
            (QStringList { QStringLiteral("outlook-chart"), QStringLiteral("outlook-bytes-chart"),
                QStringLiteral("outlook-tornado-chart"), QStringLiteral("outlook-decomposition-chart"),
                QStringLiteral("outlook-years"), QStringLiteral("outlook-card") }));
    }

    void tableReadsInUnits()
    {
        // Tokens per day in words ("T" would read as terabytes beside PB and EB) and back
        // exactly; SI units and a plain number are read as well.
        QCOMPARE(OutlookDriversTable::tokensText(2.1e14), QStringLiteral("210 trillion/day"));
        QCOMPARE(OutlookDriversTable::tokensText(2.1e15), QStringLiteral("2,100 trillion/day"));
        QCOMPARE(OutlookDriversTable::tokensText(950), QStringLiteral("950 tokens/day"));
        QCOMPARE(OutlookDriversTable::parseTokens(QStringLiteral("210 trillion/day")), 2.1e14);
        QCOMPARE(OutlookDriversTable::parseTokens(QStringLiteral("2,100 trillion/day")), 2.1e15);
        QCOMPARE(OutlookDriversTable::parseTokens(QStringLiteral("210조/일")), 2.1e14);
        QCOMPARE(OutlookDriversTable::parseTokens(QStringLiteral("210 T/day")), 2.1e14);
        QCOMPARE(OutlookDriversTable::parseTokens(QStringLiteral("2.1 P")), 2.1e15);
        QCOMPARE(OutlookDriversTable::parseTokens(QStringLiteral("1.5k")), 1500.0);
        QCOMPARE(OutlookDriversTable::parseTokens(QStringLiteral("2.1e14")), 2.1e14);
        QVERIFY(!OutlookDriversTable::parseTokens(QStringLiteral("lots")));
        QVERIFY(!OutlookDriversTable::parseTokens(QStringLiteral("2 X")));
        QCOMPARE(OutlookDriversTable::shareText(0.45), QStringLiteral("45 %"));
        QCOMPARE(OutlookDriversTable::parseShare(QStringLiteral("45 %")), 0.45);
        QCOMPARE(OutlookDriversTable::parseShare(QStringLiteral("12.5")), 0.125);

        OutlookView view(CardCatalog::builtin());
        // Shown at a laptop page's width, so each column has the room its title is fitted to.
        view.resize(900, 700);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.document()->flush();
        QTest::qWait(50);
        QTableWidget* table = view.driversTable();
        const OutlookCard& card = view.document()->card();
        for (int r = 0; r < table->rowCount(); ++r)
            QCOMPARE(table->item(r, OutlookDriversTable::TokensColumn)->text(),
                OutlookDriversTable::tokensText(card.years[static_cast<size_t>(r)].tokensPerDay));
        // steady.json: 2.1e14 tokens a day in 2026.
        QCOMPARE(table->item(0, OutlookDriversTable::TokensColumn)->text(), QStringLiteral("210 trillion/day"));
        // Shares in %, headed by the workload card's short name, its full name in the tooltip.
        const auto& workloads = view.driversTable()->shareWorkloads();
        const int chat = OutlookDriversTable::FirstShareColumn
            + static_cast<int>(std::find(workloads.begin(), workloads.end(), "chat") - workloads.begin());
        QCOMPARE(table->item(0, chat)->text(), OutlookDriversTable::shareText(card.years[0].mix.empty() ? 0 : [&] {
            for (const auto& e : card.years[0].mix)
                if (e.workload == "chat")
                    return e.share;
            return 0.0;
        }()));
        QCOMPARE(table->horizontalHeaderItem(chat)->text(), QStringLiteral("Multi-turn chat share"));
        QVERIFY(table->horizontalHeaderItem(chat)->toolTip().contains(
            QString::fromStdString(CardCatalog::builtin().workloads().at("chat").name)));
        // Typing a share in percent sets it as a fraction; a unit on tokens is read.
        table->item(0, chat)->setText(QStringLiteral("20 %"));
        for (const auto& e : view.document()->card().years[0].mix)
            if (e.workload == "chat")
                QCOMPARE(e.share, 0.2);
        table->item(1, OutlookDriversTable::TokensColumn)->setText(QStringLiteral("500 T/day"));
        QCOMPARE(view.document()->card().years[1].tokensPerDay, 5e14);
        QCOMPARE(view.document()->undoStack()->count(), 2);
        QSignalSpy messages(view.driversTable(), &OutlookDriversTable::message);
        table->item(1, OutlookDriversTable::TokensColumn)->setText(QStringLiteral("many"));
        QCOMPARE(view.document()->card().years[1].tokensPerDay, 5e14);
        QCOMPARE(table->item(1, OutlookDriversTable::TokensColumn)->text(), QStringLiteral("500 trillion/day"));
        QCOMPARE(messages.count(), 1);
        QVERIFY(messages.takeFirst().at(0).toString().contains(QStringLiteral("not a number: many")));
        // A valid edit after it clears the stale error from the status bar (an empty message).
        table->item(1, OutlookDriversTable::TokensColumn)->setText(QStringLiteral("600 T"));
        QCOMPARE(view.document()->card().years[1].tokensPerDay, 6e14);
        QCOMPARE(messages.count(), 1);
        QVERIFY(messages.takeFirst().at(0).toString().isEmpty());
    }

    void exportWritesFiles()
    {
        OutlookView view(CardCatalog::builtin());
        view.showOutlook("agents-long-context");
        view.document()->flush();
        QTemporaryDir dir;
        for (const char* name : { "o.png", "o.svg", "o.pdf", "o.csv", "o.json" }) {
            const QString path = dir.filePath(QString::fromLatin1(name));
            const QString error = view.document()->exportTo(path);
            QVERIFY2(error.isEmpty(), qPrintable(error));
            QVERIFY2(QFileInfo(path).size() > 100, name);
        }
        QImage png(dir.filePath(QStringLiteral("o.png")));
        QVERIFY(!png.isNull() && png.width() > 1000);
        QFile csv(dir.filePath(QStringLiteral("o.csv")));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(csv.readAll()).toStdString(), outlookCsv(view.document()->result().result));
        // The card written opens again as the same outlook.
        OutlookView again(CardCatalog::builtin());
        QVERIFY(again.openFile(dir.filePath(QStringLiteral("o.json"))).isEmpty());
        QCOMPARE(again.document()->card().id, std::string("agents-long-context"));
        QCOMPARE(again.document()->card().years.size(), view.document()->card().years.size());
        QVERIFY(!view.document()->exportTo(dir.filePath(QStringLiteral("o.txt"))).isEmpty());
    }

    /// An edited outlook saved as a preset, the view reset to a built-in, then the preset
    /// picked: the table and the charts come back as they were; a second save under the name
    /// is refused; a new view (a new store) lists it.
    void savedPresetComesBack()
    {
        OutlookView view(CardCatalog::builtin());
        view.document()->flush();
        QTableWidget* table = view.driversTable();
        table->item(1, OutlookDriversTable::TokensColumn)->setText(QStringLiteral("555 T"));
        QCOMPARE(view.document()->card().years[1].tokensPerDay, 5.55e14);
        view.document()->flush();
        auto snapshot = [&] {
            QStringList cells;
            for (int r = 0; r < table->rowCount(); ++r)
                for (int c = 0; c < table->columnCount(); ++c)
                    cells << table->item(r, c)->text();
            for (int i = 0; i < view.bytesChart()->yearCount(); ++i)
                for (int t = 0; t < 3; ++t)
                    cells << QString::number(view.bytesChart()->plottedAt(t, i), 'g', 17)
                          << QString::number(view.indexChart()->plottedAt(t, i), 'g', 17);
            return cells;
        };
        const QStringList edited = snapshot();
        QVERIFY(view.saveAsPreset(QStringLiteral("my 2027")).isEmpty());
        auto* picker = view.findChild<QComboBox*>(QStringLiteral("outlookPicker"));
        QVERIFY(picker->findText(QStringLiteral("Saved: my 2027")) >= 0);
        QVERIFY(view.showOutlook("steady"));
        view.document()->flush();
        QVERIFY(snapshot() != edited);
        QVERIFY(view.showPreset(QStringLiteral("my 2027")).isEmpty());
        view.document()->flush();
        QCOMPARE(snapshot(), edited);
        QCOMPARE(view.document()->card().years[1].tokensPerDay, 5.55e14);
        QCOMPARE(picker->currentData().toString(), QStringLiteral("preset:my 2027"));
        QVERIFY(view.saveAsPreset(QStringLiteral("my 2027")).contains(QStringLiteral("exists already")));
        OutlookView other(CardCatalog::builtin());
        QCOMPARE(other.document()->presetNames(), QStringList { QStringLiteral("my 2027") });
        QVERIFY(!other.showPreset(QStringLiteral("no such")).isEmpty());
        QVERIFY(other.document()->presetStore().removeOutlook("my 2027").ok());
    }

    /// A year with the industry's bit supply: its year cell's tooltip gives each tier's need
    /// as a share of it, with the caveat; the Supply page has a row per year and tier, "—"
    /// for the first year's shipments, the card's warning, and the bytes/Gb toggle gives
    /// gigabits = bytes × 8 ÷ 10⁹.
    void supplyPageAndTheYearTooltip()
    {
        OutlookView view(CardCatalog::builtin());
        const QString file
            = qEnvironmentVariable("KVTIERS_SOURCE_DIR") + QStringLiteral("/tests/data/outlooks/with-supply.json");
        QVERIFY(view.openFile(file).isEmpty());
        view.document()->flush();
        QVERIFY2(view.document()->hasResult(), qPrintable(view.document()->errorMessage()));
        const OutlookResult& r = view.document()->result().result;
        const OutlookYearResult& y = r.years[1];
        const QString tip = view.driversTable()->item(1, OutlookDriversTable::YearColumn)->toolTip();
        QVERIFY2(tip.contains(QStringLiteral("HBM %1 %").arg(QString::number(y.supply.needShare.hbm * 100, 'g', 3))),
            qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("inference serving only")), qPrintable(tip));
        OutlookSupplyPanel* page = view.supplyPanel();
        QTableWidget* t = page->table();
        QCOMPARE(t->rowCount(), 6); // two years × three tiers
        QCOMPARE(t->item(0, OutlookSupplyPanel::ShippedColumn)->text(), QStringLiteral("—"));
        QCOMPARE(t->item(3, OutlookSupplyPanel::YearColumn)->text(), QStringLiteral("2027"));
        QCOMPARE(t->item(3, OutlookSupplyPanel::ShippedShareColumn)->text(),
            QString::fromStdString(outlookPercentText(y.supply.shipmentShare.hbm)));
        QVERIFY(page->findChild<QLabel*>(QStringLiteral("outlookSupplyWarnings"))
                    ->text()
                    .contains(QStringLiteral("bits written as bytes")));
        QVERIFY(page->findChild<QLabel*>(QStringLiteral("outlookSupplyCaveat"))
                    ->text()
                    .contains(QStringLiteral("inference serving only; training, idle and non-AI demand excluded")));
        page->unitToggle()->setCurrentIndex(1);
        QVERIFY(page->gigabits());
        QCOMPARE(t->item(3, OutlookSupplyPanel::InstalledColumn)->text(),
            QStringLiteral("%1 Gb").arg(QString::number(y.supply.installed.hbm * 8 / 1e9, 'g', 4)));
    }

    /// The picker names the outlooks in the UI language, and names them again when the
    /// language changes while it is open; the outlook picked stays picked.
    void pickerNamesFollowALanguageSwitch()
    {
        const OutlookCard& card = CardCatalog::builtin().outlooks().at("efficiency");
        auto head
            = [](const std::string& name) { return QString::fromStdString(name).section(QStringLiteral(": "), 0, 0); };
        installTranslator(QStringLiteral("en"));
        OutlookView view(CardCatalog::builtin());
        QVERIFY(view.showOutlook("efficiency"));
        auto* picker = view.findChild<QComboBox*>(QStringLiteral("outlookPicker"));
        QCOMPARE(picker->currentText(), head(card.name));
        installTranslator(QStringLiteral("ko"));
        QTRY_COMPARE(picker->currentText(), head(card.translations.at("ko").name));
        QCOMPARE(picker->currentData().toString(), QStringLiteral("efficiency"));
        QCOMPARE(picker->itemText(picker->count() - 1),
            QCoreApplication::translate("kvtiers::ui::OutlookView", "Open file…"));
        installTranslator(QStringLiteral("en"));
        QTRY_COMPARE(picker->currentText(), head(card.name));
        QCOMPARE(picker->itemText(picker->count() - 1), QStringLiteral("Open file…"));
    }

    /// The card's Korean name and notes show when the UI is in Korean, the English otherwise.
    void descriptionInTheUiLanguage()
    {
        const OutlookCard& card = CardCatalog::builtin().outlooks().at("efficiency");
        installTranslator(QStringLiteral("ko"));
        {
            OutlookView view(CardCatalog::builtin());
            QVERIFY(view.showOutlook("efficiency"));
            view.document()->flush();
            auto* status = view.findChild<QLabel*>(QStringLiteral("outlookStatus"));
            QVERIFY2(status->text().contains(QString::fromStdString(card.translations.at("ko").name)),
                qPrintable(status->text()));
            QCOMPARE(status->toolTip(), QString::fromStdString(card.translations.at("ko").notes));
        }
        installTranslator(QStringLiteral("en"));
        OutlookView view(CardCatalog::builtin());
        QVERIFY(view.showOutlook("efficiency"));
        view.document()->flush();
        auto* status = view.findChild<QLabel*>(QStringLiteral("outlookStatus"));
        QVERIFY(status->text().contains(QString::fromStdString(card.name)));
        QCOMPARE(status->toolTip(), QString::fromStdString(card.notes));
    }

    /// The outlook is sized when its tab is first shown, not at the window's start: a
    /// window opened on another tab evaluates nothing there, and showing the tab sizes it.
    void theOutlookIsSizedWhenItsTabIsShown()
    {
        MainWindow window;
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto* view = window.findChild<OutlookView*>();
        QVERIFY(view);
        QTest::qWait(100);
        QCOMPARE(view->document()->evaluationCount(), 0);
        QVERIFY(!view->document()->hasResult());
        auto* tabs = window.findChild<QTabWidget*>(QStringLiteral("viewTabs"));
        tabs->setCurrentIndex(static_cast<int>(MainWindow::ViewTab::Outlook));
        QTRY_VERIFY_WITH_TIMEOUT(view->document()->hasResult(), 20000);
        QCOMPARE(view->document()->evaluationCount(), 1);
        QVERIFY(!view->document()->result().result.years.empty());
    }

    void tabFitsAndScreenshots_data()
    {
        QTest::addColumn<QString>("language");
        QTest::newRow("en") << QStringLiteral("en");
        QTest::newRow("ko") << QStringLiteral("ko");
    }

    void tabFitsAndScreenshots()
    {
        QFETCH(QString, language);
        installTranslator(language);
        MainWindow window;
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto* tabs = window.findChild<QTabWidget*>(QStringLiteral("viewTabs"));
        tabs->setCurrentIndex(static_cast<int>(MainWindow::ViewTab::Outlook));
        auto* view = window.findChild<OutlookView*>();
        QVERIFY(view);
        view->document()->flush();
        QTest::qWait(200);
        QVERIFY2(view->document()->hasResult(), qPrintable(view->document()->errorMessage()));
        // Every year's row shows in the drivers table.
        QTableWidget* table = view->driversTable();
        const int last = table->rowViewportPosition(table->rowCount() - 1) + table->rowHeight(table->rowCount() - 1);
        QVERIFY2(last <= table->viewport()->height(),
            qPrintable(QStringLiteral("%1 > %2").arg(last).arg(table->viewport()->height())));
        // Every column title is read whole (wrapped, not cut).
        auto* header = qobject_cast<WrappingHeaderView*>(table->horizontalHeader());
        QVERIFY(header);
        for (int c = 0; c < table->columnCount(); ++c)
            QVERIFY2(header->titleFits(c),
                qPrintable(QStringLiteral("%1: title %2×%3 in a section %4 wide, header %5 high")
                               .arg(table->horizontalHeaderItem(c)->text())
                               .arg(header->titleRect(c).width())
                               .arg(header->titleRect(c).height())
                               .arg(header->sectionSize(c))
                               .arg(header->height())));
        // One chart at a time, each page as wide as the table.
        QTabWidget* charts = view->chartTabs();
        // The charts, then what made each tier grow, per workload, the sources, the supply.
        QCOMPARE(charts->count(), 7);
        QCOMPARE(charts->indexOf(view->chartTabs()->workloadsPage()), 4);
        QCOMPARE(charts->indexOf(view->sourcesPanel()), 5);
        QCOMPARE(charts->indexOf(view->supplyPanel()), 6);
        QCOMPARE(charts->indexOf(view->indexChart()), 0);
        QCOMPARE(charts->indexOf(view->bytesChart()), 1);
        QVERIFY(view->indexChart()->width() >= table->width() - 20);
        // The tornado shows every driver row, its label elided to fit, whole in the tooltip.
        charts->setCurrentIndex(2);
        QTest::qWait(50);
        OutlookTornadoChart* tornado = view->tornadoChart();
        QVERIFY(tornado->rowCount()
            == static_cast<int>(std::min<size_t>(10, view->document()->result().tornado.bars.size())));
        const QFontMetrics metrics(tornado->plot()->yAxis->tickLabelFont());
        for (int r = 0; r < tornado->rowCount(); ++r) {
            QVERIFY(metrics.horizontalAdvance(tornado->shownLabelAt(r)) <= std::max(120, tornado->width() * 2 / 5));
            const QPoint at(tornado->plot()->xAxis->coordToPixel(0), tornado->plot()->yAxis->coordToPixel(r));
            QVERIFY2(
                tornado->toolTipTextAt(at).startsWith(tornado->fullLabelAt(r)), qPrintable(tornado->fullLabelAt(r)));
        }
        // No sideways scrolling, at the test size and at 994 px wide.
        auto* area = qobject_cast<QScrollArea*>(tabs->currentWidget());
        QVERIFY(area);
        for (int width : { 1280, 994 }) {
            window.resize(width, 800);
            QTest::qWait(100);
            QVERIFY2(!area->horizontalScrollBar()->isVisible(),
                qPrintable(QStringLiteral("%1 px: content needs %2, has %3")
                               .arg(width)
                               .arg(area->widget()->minimumSizeHint().width())
                               .arg(area->viewport()->width())));
        }
        window.resize(1280, 800);
        QTest::qWait(100);
        const QString dirPath = qEnvironmentVariable("KVTIERS_SCREENSHOT_DIR");
        if (!dirPath.isEmpty())
            for (int page = 0; page < charts->count(); ++page) {
                charts->setCurrentIndex(page);
                QTest::qWait(50);
                QVERIFY(window.grab().save(
                    QDir(dirPath).filePath(QStringLiteral("outlook-%1-%2.png").arg(language).arg(page))));
            }
        installTranslator(QStringLiteral("en"));
    }
};

QTEST_MAIN(TestGuiOutlook)
#include "tst_gui_outlook.moc"
