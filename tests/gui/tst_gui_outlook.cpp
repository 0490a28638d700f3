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
#include "tests/support/SourceFiles.h"
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
#include <QTabBar>
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

    /// An outlook driven by demand (agent-adoption): the traffic table shows each year's tokens
    /// as the core resolves them from the requests, and its tokens and shares are not edited
    /// there: an edit is refused saying why, and the card does not change.
    void demandYearsShowTheirTokensAndRefuseTokenEdits()
    {
        OutlookView view(CardCatalog::builtin());
        QVERIFY(view.showOutlook("agent-adoption"));
        view.document()->flush();
        QVERIFY2(view.document()->hasResult(), qPrintable(view.document()->errorMessage()));
        const OutlookCard& card = CardCatalog::builtin().outlooks().at("agent-adoption");
        QVERIFY(card.years.front().drivenByDemand());
        const OutlookResult core = computeOutlook(CardCatalog::builtin(), card);
        QTableWidget* table = view.driversTable();
        for (int r = 0; r < table->rowCount(); ++r) {
            QTableWidgetItem* tokens = table->item(r, OutlookDriversTable::TokensColumn);
            QCOMPARE(tokens->text(), OutlookDriversTable::tokensText(core.years[size_t(r)].tokensPerDay));
            QVERIFY(!(tokens->flags() & Qt::ItemIsEditable));
            QVERIFY(tokens->toolTip().contains(QStringLiteral("driven by demand")));
        }
        QCOMPARE(view.document()->result().result.years.front().tokensPerDay, core.years.front().tokensPerDay);
        const QString refused = view.driversTable()->editCell(0, OutlookDriversTable::TokensColumn, 1e15);
        QVERIFY2(refused.contains(QStringLiteral("driven by each workload's requests")), qPrintable(refused));
        QVERIFY(view.document()->card().years == card.years);
        QCOMPARE(view.document()->undoStack()->count(), 0);
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
        // Needed beside provisioned, and their ratio, as the core gives them.
        QCOMPARE(t->item(3, OutlookSupplyPanel::NeededColumn)->text(),
            QString::fromStdString(formatBytes(y.hbmBytes, ByteUnits::Decimal)));
        QCOMPARE(t->item(5, OutlookSupplyPanel::ProvisionedRatioColumn)->text(),
            QStringLiteral("%1×").arg(QString::fromStdString(formatSignificant(y.provisionedOverNeeded.ssd, 3))));
        page->unitToggle()->setCurrentIndex(1);
        QVERIFY(page->gigabits());
        QCOMPARE(t->item(3, OutlookSupplyPanel::InstalledColumn)->text(),
            QStringLiteral("%1 Gb").arg(QString::number(y.supply.installed.hbm * 8 / 1e9, 'g', 4)));
        // HBM by generation: a row per year and generation, the first year shipping "—".
        page->viewToggle()->setCurrentIndex(1);
        int rows = 0;
        for (const OutlookYearResult& each : r.years)
            rows += static_cast<int>(each.generations.size());
        QCOMPARE(t->rowCount(), rows);
        QCOMPARE(t->item(0, OutlookSupplyPanel::GenerationColumn)->text(),
            QString::fromStdString(r.years[0].generations[0].generation));
        QCOMPARE(t->item(0, OutlookSupplyPanel::GenShippedColumn)->text(), QStringLiteral("—"));
        const OutlookGenerationShare& g = y.generations[0];
        QCOMPARE(t->item(static_cast<int>(r.years[0].generations.size()), OutlookSupplyPanel::GenShippedColumn)->text(),
            QStringLiteral("%1 Gb").arg(QString::number(*g.shipments * 8 / 1e9, 'g', 4)));
        page->viewToggle()->setCurrentIndex(0);
        QCOMPARE(t->rowCount(), 6);
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

    /// The Workloads pages show what makes `efficiency` efficiency: every workload driver its
    /// card sets for a year (read from the card's file here, not from the UI) is bold, shows
    /// the card's value and names the source the year cites; `steady` sets none, so the same
    /// cells read the workload cards' own values. The two outlooks' Traffic pages are alike,
    /// their Workloads pages are not.
    void efficiencyShowsTheDriversItsCardSets()
    {
        QFile file(test::sourceFile(QStringLiteral("models/outlooks/efficiency.json")));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const Json json = parseStrictJson(file.readAll().toStdString(), "efficiency.json");
        OutlookView efficiency(CardCatalog::builtin());
        QVERIFY(efficiency.showOutlook("efficiency"));
        OutlookView steady(CardCatalog::builtin());
        QVERIFY(steady.showOutlook("steady"));
        const auto column = [](const std::string& key) {
            for (int f = 0; f < kOutlookWorkloadFieldCount; ++f)
                if (key == outlookWorkloadFieldKey(OutlookWorkloadField(f)))
                    return OutlookWorkloadTable::columnOf(OutlookWorkloadField(f));
            // How the model is served shows in the Model column, beside the model.
            for (KnobId id : { KnobId::Tp, KnobId::Dp, KnobId::Ep, KnobId::Nodes })
                if (key == knobKey(id))
                    return OutlookWorkloadTable::columnOf(OutlookWorkloadField::Model);
            return -1;
        };
        int marked = 0, differing = 0;
        const Json& years = json["years"];
        for (size_t r = 0; r < years.size(); ++r) {
            const int year = years[r]["year"].get<int>();
            const std::string cites = QStringLiteral("Set by this outlook for %1: Source [%2]")
                                          .arg(year)
                                          .arg(years[r]["sources"].value("workloads", -1))
                                          .toStdString();
            if (!years[r].contains("workloads"))
                continue;
            for (const auto& [workload, overrides] : years[r]["workloads"].items()) {
                QVERIFY(efficiency.showWorkloadDrivers(workload));
                QVERIFY(steady.showWorkloadDrivers(workload));
                OutlookWorkloadTable* table = efficiency.workloadTable();
                QCOMPARE(table->workload(), workload);
                QVERIFY(table->isVisibleTo(&efficiency) && !efficiency.driversTable()->isVisibleTo(&efficiency));
                for (const auto& [key, value] : overrides.items()) {
                    const int c = column(key);
                    QVERIFY2(c >= 0, key.c_str());
                    QTableWidgetItem* cell = table->item(int(r), c);
                    QTableWidgetItem* plain = steady.workloadTable()->item(int(r), c);
                    QVERIFY2(cell->font().bold(), qPrintable(cell->text()));
                    QVERIFY(!plain->font().bold());
                    QVERIFY2(cell->toolTip().toStdString().starts_with(cites), qPrintable(cell->toolTip()));
                    QVERIFY2(plain->toolTip().startsWith(QStringLiteral("The workload card's own value")),
                        qPrintable(plain->toolTip()));
                    if (key == "kv_bits")
                        QCOMPARE(cell->text().toStdString(), (KvFormat { value.get<double>(), 0 }.name()));
                    else if (key == "reuse_rate")
                        QCOMPARE(cell->text(), OutlookDriversTable::shareText(value.get<double>()));
                    else if (key == "model")
                        QCOMPARE(cell->data(Qt::UserRole).toString().toStdString(), value.get<std::string>());
                    else if (key == "context")
                        QCOMPARE(cell->text(), OutlookWorkloadTable::tokensCellText(value.get<double>()));
                    else if (key == knobKey(KnobId::Dp))
                        QVERIFY2(cell->text().contains(QStringLiteral(" × EP ")), qPrintable(cell->text()));
                    ++marked;
                    differing += cell->text() != plain->text() ? 1 : 0;
                }
            }
        }
        QVERIFY(marked >= 20);
        QCOMPARE(differing, marked); // each value the card sets differs from the workload card's own
        // Where efficiency sets nothing (2026), its cells are steady's, and none is bold.
        for (const std::string& w : efficiency.document()->shareWorkloads()) {
            QVERIFY(efficiency.showWorkloadDrivers(w));
            QVERIFY(steady.showWorkloadDrivers(w));
            for (int c = OutlookWorkloadTable::ShareColumn; c < efficiency.workloadTable()->columnCount(); ++c) {
                QCOMPARE(efficiency.workloadTable()->item(0, c)->text(), steady.workloadTable()->item(0, c)->text());
                QCOMPARE(efficiency.workloadTable()->item(0, c)->font().bold(),
                    c >= OutlookWorkloadTable::columnOf(OutlookWorkloadField::Ttft)
                        && efficiency.workloadTable()->item(0, c)->toolTip().startsWith(QStringLiteral("Set by")));
            }
        }
        // The Traffic pages are alike row for row: what differs is on the Workloads pages.
        for (int r = 0; r < steady.driversTable()->rowCount(); ++r)
            for (int c = 0; c < steady.driversTable()->columnCount(); ++c)
                QCOMPARE(efficiency.driversTable()->item(r, c)->text(), steady.driversTable()->item(r, c)->text());
    }

    /// Agentic coding's own targets (its mix entry's, 5 s TTFT at p90 in steady.json) show on
    /// its page, set by the outlook; chat, whose card sets none, is sized for the year's
    /// default, and its cells say so.
    void eachWorkloadShowsTheTargetsItIsSizedFor()
    {
        QFile file(test::sourceFile(QStringLiteral("models/outlooks/steady.json")));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const Json json = parseStrictJson(file.readAll().toStdString(), "steady.json");
        OutlookView view(CardCatalog::builtin());
        QVERIFY(view.showOutlook("steady"));
        QVERIFY(view.showWorkloadDrivers("agentic-coding"));
        OutlookWorkloadTable* table = view.workloadTable();
        const int ttft = OutlookWorkloadTable::columnOf(OutlookWorkloadField::Ttft);
        const int tpot = OutlookWorkloadTable::columnOf(OutlookWorkloadField::Tpot);
        for (int r = 0; r < table->rowCount(); ++r) {
            const Json& own = json["years"][size_t(r)]["mix"]["agentic-coding"];
            QCOMPARE(table->item(r, ttft)->text(),
                OutlookWorkloadTable::targetText(own["ttft_s"].get<double>(), own["ttft_percentile"].get<double>()));
            QCOMPARE(table->item(r, ttft)->text(), QStringLiteral("5 s (p90)"));
            QCOMPARE(table->item(r, tpot)->text(),
                OutlookWorkloadTable::targetText(own["tpot_s"].get<double>(), own["tpot_percentile"].get<double>()));
            QVERIFY(table->item(r, ttft)->font().bold());
            QVERIFY(table->item(r, ttft)->toolTip().startsWith(QStringLiteral("Set by this outlook")));
        }
        QVERIFY(view.showWorkloadDrivers("chat"));
        for (int r = 0; r < table->rowCount(); ++r) {
            const Json& year = json["years"][size_t(r)];
            QCOMPARE(table->item(r, ttft)->text(),
                OutlookWorkloadTable::targetText(year["ttft_s"].get<double>(), year["ttft_percentile"].get<double>()));
            QVERIFY(!table->item(r, ttft)->font().bold());
            QVERIFY2(table->item(r, ttft)->toolTip().startsWith(QStringLiteral("The year's default target")),
                qPrintable(table->item(r, ttft)->toolTip()));
        }
    }

    /// Editing a workload's context, KV format and model and a hardware share in the real
    /// view: each is one undo step that changes the card and the sized outlook in the
    /// direction it must, and Undo restores the card and the figures exactly.
    void editingWorkloadAndHardwareDriversResizesAndUndoRestores()
    {
        OutlookView view(CardCatalog::builtin());
        QVERIFY(view.showOutlook("steady"));
        OutlookDocument* doc = view.document();
        doc->flush();
        const OutlookCard original = doc->card();
        const OutlookYearResult before = doc->result().result.years[4];
        const auto undoAll = [&] {
            while (doc->undoStack()->canUndo())
                doc->undoStack()->undo();
            doc->flush();
            QVERIFY(doc->card() == original);
            const OutlookYearResult& again = doc->result().result.years[4];
            QCOMPARE(again.hbmBytes, before.hbmBytes);
            QCOMPARE(again.dramBytes, before.dramBytes);
            QCOMPARE(again.ssdBytes, before.ssdBytes);
            QCOMPARE(again.gpus, before.gpus);
        };
        QVERIFY(view.showWorkloadDrivers("agentic-coding"));
        OutlookWorkloadTable* table = view.workloadTable();
        const int context = OutlookWorkloadTable::columnOf(OutlookWorkloadField::Context);
        // A longer agentic context (96K tokens, agents-long-context's 2030 figure): at the same
        // tokens per day, fewer requests (tokens ÷ the mix's mean context per request), each
        // keeping more KV in DRAM.
        const auto meanContext = [&] {
            double sum = 0;
            for (const OutlookWorkloadDrivers& d : outlookWorkloadDrivers(CardCatalog::builtin(), doc->card().years[4]))
                sum += d.share * d.context;
            return sum;
        };
        const auto dramPerAgenticRequest = [](const OutlookYearResult& y) {
            double bytes = 0, rate = 0;
            for (const FleetResult& f : y.fleets)
                for (const FleetEntryResult& e : f.entries)
                    if (e.label == "agentic-coding") {
                        bytes += e.bytes.dram;
                        rate += e.requestsPerSecond;
                    }
            return bytes / rate;
        };
        const double meanBefore = meanContext();
        table->item(4, context)->setText(QStringLiteral("96K"));
        QCOMPARE(doc->undoStack()->count(), 1);
        QCOMPARE(doc->card().years[4].workloads.at("agentic-coding").at("context").get<double>(), 98304.0);
        QCOMPARE(table->item(4, context)->text(), QStringLiteral("96K tokens"));
        QVERIFY(table->item(4, context)->font().bold());
        doc->flush();
        QVERIFY2(doc->errorMessage().isEmpty(), qPrintable(doc->errorMessage()));
        const OutlookYearResult& longer = doc->result().result.years[4];
        QVERIFY2(std::abs(longer.requestsPerSecond / before.requestsPerSecond - meanBefore / meanContext()) < 1e-9,
            qPrintable(QStringLiteral("%1 against %2")
                           .arg(longer.requestsPerSecond / before.requestsPerSecond, 0, 'g', 12)
                           .arg(meanBefore / meanContext(), 0, 'g', 12)));
        QVERIFY(longer.requestsPerSecond < before.requestsPerSecond);
        QVERIFY2(dramPerAgenticRequest(longer) > dramPerAgenticRequest(before),
            qPrintable(
                QStringLiteral("%1 -> %2").arg(dramPerAgenticRequest(before)).arg(dramPerAgenticRequest(longer))));
        undoAll();
        QCOMPARE(table->item(4, context)->text(), OutlookWorkloadTable::tokensCellText(49152));
        // FP8 KV halves each token's KV: HBM and DRAM need less.
        const int kv = OutlookWorkloadTable::columnOf(OutlookWorkloadField::KvFormat);
        QCOMPARE(table->item(4, kv)->text(), QStringLiteral("bf16"));
        table->item(4, kv)->setData(Qt::UserRole, QStringLiteral("fp8")); // what the format pick sets
        QCOMPARE(doc->undoStack()->count(), 1);
        QCOMPARE(doc->card().years[4].workloads.at("agentic-coding").at("kv_bits").get<double>(), 8.0);
        doc->flush();
        QVERIFY(doc->result().result.years[4].dramBytes < before.dramBytes);
        QVERIFY(doc->result().result.years[4].hbmBytes < before.hbmBytes);
        QVERIFY(doc->result().result.years[4].ssdBytes <= before.ssdBytes); // 2030's NVMe is full either way
        undoAll();
        // Kimi K2 (MLA, 70,272 B of KV a token; 1 TB of FP8 weights) for GLM-4.5 (376,832 B;
        // 710 GB of BF16 weights): each agentic token keeps less KV, each replica more weights.
        const auto agenticKvPerToken = [](const OutlookYearResult& y) {
            for (const FleetResult& f : y.fleets)
                for (const FleetEntryResult& e : f.entries)
                    if (e.label == "agentic-coding")
                        return e.kvBytesPerToken;
            return 0.0;
        };
        const int model = OutlookWorkloadTable::columnOf(OutlookWorkloadField::Model);
        table->item(4, model)->setData(Qt::UserRole, QStringLiteral("kimi-k2")); // what the model pick sets
        QCOMPARE(doc->undoStack()->count(), 1);
        QCOMPARE(doc->card().years[4].workloads.at("agentic-coding").at("model").get<std::string>(), "kimi-k2");
        QCOMPARE(table->item(4, model)->text(), doc->modelName("kimi-k2"));
        QVERIFY(table->item(4, model)->font().bold());
        doc->flush();
        QVERIFY(doc->errorMessage().isEmpty());
        const OutlookYearResult& kimi = doc->result().result.years[4];
        QVERIFY(agenticKvPerToken(kimi) > 0 && agenticKvPerToken(kimi) < agenticKvPerToken(before) / 4);
        QVERIFY(kimi.hbmBytes > before.hbmBytes);
        undoAll();
        // Every B300 (288 GB HBM, faster) in 2030 replaced by MI355X: shares still sum to 1.
        view.showHardwareDrivers();
        OutlookHardwareTable* hardware = view.hardwareTable();
        QVERIFY(hardware->isVisibleTo(&view) && !table->isVisibleTo(&view));
        const auto& ids = hardware->hardwareIds();
        const int h200 = OutlookHardwareTable::FirstHardwareColumn
            + static_cast<int>(std::find(ids.begin(), ids.end(), "h200-sxm") - ids.begin());
        QCOMPARE(hardware->item(0, h200)->text(),
            OutlookDriversTable::shareText(outlookHardwareShare(original.years[0], "h200-sxm")));
        const OutlookYearResult first = doc->result().result.years[0];
        // 2026 all on H200s (141 GB each) instead of the card's mix with B200s and TPUs: more GPUs.
        hardware->item(0, h200)->setText(QStringLiteral("100 %"));
        QCOMPARE(doc->undoStack()->count(), 1);
        QCOMPARE(outlookHardwareShare(doc->card().years[0], "h200-sxm"), 1.0);
        QCOMPARE(outlookHardwareShare(doc->card().years[0], "b200"), 0.0);
        doc->flush();
        QVERIFY2(doc->result().result.years[0].gpus > first.gpus,
            qPrintable(QStringLiteral("%1 -> %2").arg(first.gpus).arg(doc->result().result.years[0].gpus)));
        // Less of it, with no other profile holding a share to take up the rest: refused, and
        // the way out is said; giving B200 half takes it from H200.
        QSignalSpy messages(&view, &OutlookView::message);
        hardware->item(0, h200)->setText(QStringLiteral("50"));
        QCOMPARE(messages.count(), 1);
        QVERIFY2(messages.at(0).at(0).toString().contains(QStringLiteral("raise another profile's share")),
            qPrintable(messages.at(0).at(0).toString()));
        QCOMPARE(hardware->item(0, h200)->text(), QStringLiteral("100 %"));
        const int b200 = OutlookHardwareTable::FirstHardwareColumn
            + static_cast<int>(std::find(ids.begin(), ids.end(), "b200") - ids.begin());
        hardware->item(0, b200)->setText(QStringLiteral("50"));
        QCOMPARE(outlookHardwareShare(doc->card().years[0], "h200-sxm"), 0.5);
        QCOMPARE(outlookHardwareShare(doc->card().years[0], "b200"), 0.5);
        QCOMPARE(doc->undoStack()->count(), 2);
        undoAll();
        QCOMPARE(hardware->item(0, h200)->text(),
            OutlookDriversTable::shareText(outlookHardwareShare(original.years[0], "h200-sxm")));
    }

    /// A value refused says which driver and which year, and the cell shows the value in
    /// force again; nothing changes.
    void refusedWorkloadAndHardwareValuesNameTheDriverAndYear()
    {
        OutlookView view(CardCatalog::builtin());
        QVERIFY(view.showOutlook("steady"));
        OutlookDocument* doc = view.document();
        QSignalSpy messages(&view, &OutlookView::message);
        QVERIFY(view.showWorkloadDrivers("agentic-coding"));
        OutlookWorkloadTable* table = view.workloadTable();
        const int context = OutlookWorkloadTable::columnOf(OutlookWorkloadField::Context);
        const QString shown = table->item(1, context)->text();
        const QString name = doc->workloadName("agentic-coding");
        const struct {
            int column;
            QString typed, says;
        } refused[] = {
            { context, QStringLiteral("0"), QStringLiteral("context of %1").arg(name) },
            { context, QStringLiteral("abc"), QStringLiteral("context of %1").arg(name) },
            { OutlookWorkloadTable::columnOf(OutlookWorkloadField::OutputTokens), QStringLiteral("1M"),
                QStringLiteral("output") },
            { OutlookWorkloadTable::columnOf(OutlookWorkloadField::Reuse), QStringLiteral("150 %"),
                QStringLiteral("prefix reuse of %1").arg(name) },
            { OutlookWorkloadTable::columnOf(OutlookWorkloadField::Ttft), QStringLiteral("soon"),
                QStringLiteral("TTFT target of %1").arg(name) },
        };
        for (const auto& r : refused) {
            const QString before = table->item(1, r.column)->text();
            messages.clear();
            table->item(1, r.column)->setText(r.typed);
            QCOMPARE(messages.count(), 1);
            const QString message = messages.at(0).at(0).toString();
            QVERIFY2(
                message.startsWith(QStringLiteral("Outlook 2027: ")) && message.contains(r.says), qPrintable(message));
            QCOMPARE(table->item(1, r.column)->text(), before);
        }
        QCOMPARE(table->item(1, context)->text(), shown);
        QCOMPARE(doc->undoStack()->count(), 0);
        QVERIFY(doc->card() == CardCatalog::builtin().outlooks().at("steady"));
        // A hardware share past 100 %, or none at all typed.
        view.showHardwareDrivers();
        OutlookHardwareTable* hardware = view.hardwareTable();
        for (const QString& typed : { QStringLiteral("150 %"), QStringLiteral("-5"), QStringLiteral("most") }) {
            messages.clear();
            hardware->item(2, OutlookHardwareTable::FirstHardwareColumn)->setText(typed);
            QCOMPARE(messages.count(), 1);
            const QString message = messages.at(0).at(0).toString();
            QVERIFY2(message.startsWith(QStringLiteral("Outlook 2028: share of ")), qPrintable(message));
            QCOMPARE(hardware->item(2, OutlookHardwareTable::FirstHardwareColumn)->text(),
                OutlookDriversTable::shareText(outlookHardwareShare(doc->card().years[2], hardware->hardwareIds()[0])));
        }
        QCOMPARE(doc->undoStack()->count(), 0);
    }

    /// Every page of drivers fits the tab on a 1280 × 720 screen (the Outlook page is 878 ×
    /// 627 there, tst_gui_layout): all its years shown, no scroll bar, rows one line tall, the
    /// charts keeping room; the tab bar names Traffic, each workload and Hardware. With
    /// KVTIERS_SCREENSHOT_DIR set, each page is written there for a look (efficiency's).
    void everyDriverPageFitsAt1280x720()
    {
        OutlookView view(CardCatalog::builtin());
        QVERIFY(view.showOutlook("efficiency"));
        view.resize(878, 627);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.document()->flush();
        const QString shots = qEnvironmentVariable("KVTIERS_SCREENSHOT_DIR");
        QTabBar* pages = view.driverPages();
        QCOMPARE(pages->count(), static_cast<int>(view.document()->shareWorkloads().size()) + 2);
        QCOMPARE(pages->tabText(0), QStringLiteral("Traffic"));
        QCOMPARE(pages->tabText(pages->count() - 1), QStringLiteral("Hardware"));
        // Every page's tab in view at once, none scrolled away.
        QVERIFY2(pages->tabRect(0).left() >= 0 && pages->tabRect(pages->count() - 1).right() < pages->width(),
            qPrintable(QStringLiteral("tabs end at %1 of %2")
                           .arg(pages->tabRect(pages->count() - 1).right())
                           .arg(pages->width())));
        for (int p = 0; p < pages->count(); ++p) {
            pages->setCurrentIndex(p);
            QTest::qWait(30);
            QTableWidget* table = p == 0  ? static_cast<QTableWidget*>(view.driversTable())
                : p == pages->count() - 1 ? static_cast<QTableWidget*>(view.hardwareTable())
                                          : static_cast<QTableWidget*>(view.workloadTable());
            QVERIFY(table->isVisible());
            QCOMPARE(table->rowCount(), 5);
            for (int r = 0; r < table->rowCount(); ++r) {
                QVERIFY2(table->rowHeight(r) <= 2 * table->fontMetrics().height(),
                    qPrintable(
                        QStringLiteral("%1, row %2: %3 px").arg(pages->tabText(p)).arg(r).arg(table->rowHeight(r))));
                QVERIFY2(table->visualRect(table->model()->index(r, 0)).bottom() < table->viewport()->height(),
                    qPrintable(pages->tabText(p)));
            }
            QVERIFY(!table->verticalScrollBar()->isVisible() && !table->horizontalScrollBar()->isVisible());
            if (!shots.isEmpty())
                QVERIFY(view.grab().save(QDir(shots).filePath(QStringLiteral("outlook-drivers-%1.png").arg(p))));
            QVERIFY2(view.chartTabs()->height() >= 250, qPrintable(QString::number(view.chartTabs()->height())));
        }
    }

    /// agent-adoption is driven by demand: agentic coding's page shows its sessions a day and
    /// requests per session as the card gives them, bold and citing the source the year gives
    /// its demand, and its requests a day as their product. Its sessions in 2028 typed doubled
    /// are one undo step; the card holds them, the year's tokens and HBM are what the core
    /// sizes for the edited card, and the Traffic page's tokens follow. One undo restores the
    /// card, the tokens and HBM exactly. Chat, given in requests a day, has them edited alike.
    void editingDemandResizesTheYearAndUndoRestoresIt()
    {
        const CardCatalog& catalog = CardCatalog::builtin();
        OutlookView view(catalog);
        QVERIFY(view.showOutlook("agent-adoption"));
        OutlookDocument* doc = view.document();
        doc->flush();
        QVERIFY2(doc->hasResult() && doc->errorMessage().isEmpty(), qPrintable(doc->errorMessage()));
        const OutlookCard original = doc->card();
        const OutlookResult before = doc->result().result;
        const OutlookYear& y2028 = original.years[2];
        QCOMPARE(y2028.year, 2028);
        const auto entryOf = [](const OutlookYear& y, const std::string& workload) {
            return *std::find_if(
                y.mix.begin(), y.mix.end(), [&](const OutlookMixEntry& e) { return e.workload == workload; });
        };
        const OutlookMixEntry agentic = entryOf(y2028, "agentic-coding");
        QVERIFY(agentic.sessionsPerDay && agentic.requestsPerSession);
        QVERIFY(view.showWorkloadDrivers("agentic-coding"));
        OutlookWorkloadTable* table = view.workloadTable();
        const int requests = OutlookWorkloadTable::columnOf(OutlookDemandField::RequestsPerDay);
        const int sessions = OutlookWorkloadTable::columnOf(OutlookDemandField::SessionsPerDay);
        const int turns = OutlookWorkloadTable::columnOf(OutlookDemandField::RequestsPerSession);
        QCOMPARE(OutlookWorkloadTable::parseCount(table->item(2, sessions)->text()), agentic.sessionsPerDay);
        QCOMPARE(OutlookWorkloadTable::parseCount(table->item(2, turns)->text()), agentic.requestsPerSession);
        QCOMPARE(table->item(2, requests)->text(), OutlookWorkloadTable::countCellText(agentic.demandRequestsPerDay()));
        const QString cites = QStringLiteral("Set by this outlook for 2028: Source [%1]")
                                  .arg(*outlookFigureSource(y2028, "mix.agentic-coding"));
        for (int c : { sessions, turns }) {
            QVERIFY(table->item(2, c)->font().bold());
            QVERIFY2(table->item(2, c)->toolTip().startsWith(cites), qPrintable(table->item(2, c)->toolTip()));
        }
        QVERIFY(!table->item(2, requests)->font().bold());
        // Its shares are outputs, shown on the Traffic page: this page gives their room to the demand.
        QVERIFY(table->isColumnHidden(OutlookWorkloadTable::ShareColumn));
        QVERIFY(
            table->item(2, requests)->toolTip().startsWith(QStringLiteral("Sessions a day × requests per session")));
        for (int c : { requests, sessions, turns })
            QVERIFY(table->item(2, c)->flags() & Qt::ItemIsEditable);
        // Typed as the cell writes counts: sessions doubled.
        const double doubled = 2 * *agentic.sessionsPerDay;
        table->item(2, sessions)->setText(OutlookWorkloadTable::countCellText(doubled));
        QCOMPARE(doc->undoStack()->count(), 1);
        QCOMPARE(doc->undoStack()->text(0),
            QStringLiteral("Outlook 2028: sessions per day of %1").arg(doc->workloadName("agentic-coding")));
        QCOMPARE(entryOf(doc->card().years[2], "agentic-coding").sessionsPerDay, std::optional<double>(doubled));
        QCOMPARE(entryOf(doc->card().years[2], "agentic-coding").requestsPerSession, agentic.requestsPerSession);
        doc->flush();
        QVERIFY2(doc->errorMessage().isEmpty(), qPrintable(doc->errorMessage()));
        const OutlookResult core = computeOutlook(catalog, doc->card());
        const OutlookYearResult& now = doc->result().result.years[2];
        QCOMPARE(now.tokensPerDay, core.years[2].tokensPerDay);
        QCOMPARE(now.hbmBytes, core.years[2].hbmBytes);
        QVERIFY(now.tokensPerDay > before.years[2].tokensPerDay);
        QVERIFY2(now.hbmBytes > before.years[2].hbmBytes,
            qPrintable(QStringLiteral("%1 -> %2").arg(before.years[2].hbmBytes).arg(now.hbmBytes)));
        QCOMPARE(doc->result().result.years[1].tokensPerDay, before.years[1].tokensPerDay);
        QCOMPARE(view.driversTable()->item(2, OutlookDriversTable::TokensColumn)->text(),
            OutlookDriversTable::tokensText(core.years[2].tokensPerDay));
        QCOMPARE(table->item(2, sessions)->text(), OutlookWorkloadTable::countCellText(doubled));
        doc->undoStack()->undo();
        doc->flush();
        QVERIFY(doc->card() == original);
        QCOMPARE(doc->result().result.years[2].tokensPerDay, before.years[2].tokensPerDay);
        QCOMPARE(doc->result().result.years[2].hbmBytes, before.years[2].hbmBytes);
        QCOMPARE(view.driversTable()->item(2, OutlookDriversTable::TokensColumn)->text(),
            OutlookDriversTable::tokensText(before.years[2].tokensPerDay));
        QCOMPARE(OutlookWorkloadTable::parseCount(table->item(2, sessions)->text()), agentic.sessionsPerDay);
        // Chat is given in requests a day: they are bold and edited; it has no sessions.
        QVERIFY(view.showWorkloadDrivers("chat"));
        QVERIFY(table->item(2, requests)->font().bold());
        for (int c : { sessions, turns }) {
            QCOMPARE(table->item(2, c)->text(), QStringLiteral("—"));
            QVERIFY(!(table->item(2, c)->flags() & Qt::ItemIsEditable));
        }
        table->item(2, requests)->setText(QStringLiteral("25 billion"));
        QCOMPARE(entryOf(doc->card().years[2], "chat").requestsPerDay, std::optional<double>(2.5e10));
        doc->flush();
        QCOMPARE(doc->result().result.years[2].hbmBytes, computeOutlook(catalog, doc->card()).years[2].hbmBytes);
        doc->undoStack()->undo();
        QVERIFY(doc->card() == original);
    }

    /// A demand figure refused shows the core's message, its key worded as the driver's
    /// name and the year named, and the cell the value in force again; the card does not
    /// change. A year driven by tokens shows "—" in the demand cells, read-only, saying why.
    void refusedDemandShowsTheCoresMessage()
    {
        const CardCatalog& catalog = CardCatalog::builtin();
        OutlookView view(catalog);
        QVERIFY(view.showOutlook("agent-adoption"));
        OutlookDocument* doc = view.document();
        const OutlookCard original = doc->card();
        QSignalSpy messages(&view, &OutlookView::message);
        QVERIFY(view.showWorkloadDrivers("agentic-coding"));
        OutlookWorkloadTable* table = view.workloadTable();
        const QString name = doc->workloadName("agentic-coding");
        const struct {
            OutlookDemandField field;
            QString typed;
            double value;
        } refused[] = {
            { OutlookDemandField::SessionsPerDay, QStringLiteral("-5"), -5 },
            { OutlookDemandField::SessionsPerDay, QStringLiteral("0"), 0 },
            { OutlookDemandField::SessionsPerDay, QStringLiteral("2e16"), 2e16 },
            { OutlookDemandField::RequestsPerSession, QStringLiteral("0.5"), 0.5 },
            { OutlookDemandField::RequestsPerDay, QStringLiteral("-1 bn"), -1e9 },
        };
        for (const auto& r : refused) {
            QTableWidgetItem* cell = table->item(2, OutlookWorkloadTable::columnOf(r.field));
            const QString shown = cell->text();
            messages.clear();
            cell->setText(r.typed);
            QCOMPARE(messages.count(), 1);
            QString says;
            try {
                withOutlookDemand(catalog, original, 2, "agentic-coding", r.field, r.value);
            } catch (const InputError& e) {
                says = QString::fromStdString(e.what());
            }
            QVERIFY2(says.startsWith(QString::fromLatin1(outlookDemandFieldKey(r.field))), qPrintable(says));
            says.replace(
                QString::fromLatin1(outlookDemandFieldKey(r.field)), OutlookDocument::demandDriverName(r.field, name));
            QCOMPARE(messages.at(0).at(0).toString(), QStringLiteral("Outlook 2028: ") + says);
            QCOMPARE(table->item(2, OutlookWorkloadTable::columnOf(r.field))->text(), shown);
        }
        messages.clear();
        table->item(2, OutlookWorkloadTable::columnOf(OutlookDemandField::SessionsPerDay))
            ->setText(QStringLiteral("soon"));
        QCOMPARE(messages.count(), 1);
        QCOMPARE(messages.at(0).at(0).toString(),
            QStringLiteral("Outlook 2028: sessions per day of %1: not a number: soon").arg(name));
        QCOMPARE(doc->undoStack()->count(), 0);
        QVERIFY(doc->card() == original);
        // agent-adoption with 2026 driven by tokens (a share per workload): that year's demand
        // cells read "—", read-only, saying why; 2028's still show the card's demand.
        Json mixed = outlookCardToJson(original);
        Json& first = mixed["years"][0];
        const std::map<std::string, double> shares { { "chat", 0.4 }, { "code-completion", 0.2 },
            { "agentic-coding", 0.1 }, { "rag-long", 0.1 }, { "reasoning", 0.2 } };
        for (auto& [workload, entry] : first["mix"].items()) {
            for (const char* key :
                { kOutlookRequestsPerDayKey, kOutlookSessionsPerDayKey, kOutlookRequestsPerSessionKey })
                entry.erase(key);
            entry["share"] = shares.at(workload);
        }
        first["tokens_per_day"] = 1e14;
        first["sources"].erase("mix.agentic-coding");
        first["sources"]["tokens_per_day"] = first["sources"]["mix"];
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("mixed.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QByteArray::fromStdString(mixed.dump(2)));
        file.close();
        const QString opened = view.openFile(path);
        QVERIFY2(opened.isEmpty(), qPrintable(opened));
        QVERIFY(view.showWorkloadDrivers("agentic-coding"));
        for (int f = 0; f < kOutlookDemandFieldCount; ++f) {
            const int c = OutlookWorkloadTable::columnOf(OutlookDemandField(f));
            QVERIFY(!table->isColumnHidden(c));
            QTableWidgetItem* cell = table->item(0, c);
            QCOMPARE(cell->text(), QStringLiteral("—"));
            QVERIFY(!(cell->flags() & Qt::ItemIsEditable));
            QVERIFY(!cell->font().bold());
            QVERIFY2(cell->toolTip().startsWith(QStringLiteral("2026 is driven by tokens per day")),
                qPrintable(cell->toolTip()));
            QVERIFY(table->item(2, c)->flags() & Qt::ItemIsEditable);
        }
        QVERIFY(!table->isColumnHidden(OutlookWorkloadTable::ShareColumn));
        // steady is driven by tokens alone: the demand's columns give their room to the rest.
        QVERIFY(view.showOutlook("steady"));
        QVERIFY(view.showWorkloadDrivers("agentic-coding"));
        for (int f = 0; f < kOutlookDemandFieldCount; ++f)
            QVERIFY(table->isColumnHidden(OutlookWorkloadTable::columnOf(OutlookDemandField(f))));
    }
};

QTEST_MAIN(TestGuiOutlook)
#include "tst_gui_outlook.moc"
