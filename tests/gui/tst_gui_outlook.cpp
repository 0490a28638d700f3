// OutlookView and its charts offscreen: the charts draw what computeOutlook() gives for the
// card shown; a driver edited in the table changes the card, the computation and the
// chart's data, and one undo restores all three; the exports write the thesis chart as
// PNG/SVG/PDF, the years as the core's CSV and the edited card as JSON that reads back;
// the tab fits 1280×800 in English and Korean (screenshots written for a look).

#include "core/analysis/Outlook.h"
#include "core/catalog/CardCatalog.h"
#include "tests/support/TestHome.h"
#include "ui/app/Language.h"
#include "ui/app/MainWindow.h"
#include "ui/charts/OutlookChart.h"
#include "ui/outlook/OutlookView.h"

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QLabel>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace kvtiers;
using namespace kvtiers::ui;

class TestGuiOutlook : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { test::clearTestHome(); }

    void chartsDrawTheCoresResult()
    {
        OutlookView view(CardCatalog::builtin());
        view.flush();
        QVERIFY2(view.result().has_value(), qPrintable(view.errorMessage()));
        const OutlookCard& card = CardCatalog::builtin().outlooks().at("steady");
        const OutlookResult core = computeOutlook(CardCatalog::builtin(), card);
        QCOMPARE(view.card().id, std::string("steady"));
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
        view.flush();
        QTableWidget* table = view.driversTable();
        QCOMPARE(table->rowCount(), 5);
        const double before = view.bytesChart()->plottedAt(0, 4);
        const double tokensBefore = view.card().years[4].tokensPerDay;
        // Typing into the cell is the edit: the last year's tokens per day doubled.
        table->item(4, OutlookView::TokensColumn)->setText(QString::number(2 * tokensBefore, 'g', 6));
        QCOMPARE(view.undoStack()->count(), 1);
        QCOMPARE(view.card().years[4].tokensPerDay, 2 * tokensBefore);
        view.flush();
        const double after = view.bytesChart()->plottedAt(0, 4);
        QVERIFY2(after > 1.5 * before, qPrintable(QStringLiteral("%1 -> %2").arg(before).arg(after)));
        QCOMPARE(view.indexChart()->plottedAt(3, 4), 20.0);
        view.undoStack()->undo();
        view.flush();
        QCOMPARE(view.card().years[4].tokensPerDay, tokensBefore);
        QCOMPARE(view.bytesChart()->plottedAt(0, 4), before);
        QCOMPARE(table->item(4, OutlookView::TokensColumn)->text().toDouble(), tokensBefore);
        // A share: the others are rescaled so the year's mix still sums to 1.
        const int chat = OutlookView::FirstShareColumn
            + static_cast<int>(std::find(view.shareWorkloads().begin(), view.shareWorkloads().end(), "chat")
                - view.shareWorkloads().begin());
        QVERIFY(view.editDriver(0, chat, 0.2).isEmpty());
        double sum = 0;
        for (const auto& e : view.card().years[0].mix)
            sum += e.share;
        QVERIFY(std::abs(sum - 1) < 1e-12);
        // Bad values are refused with a reason, and change nothing.
        QVERIFY(!view.editDriver(0, OutlookView::TokensColumn, 0).isEmpty());
        QVERIFY(!view.editDriver(0, chat, 1.5).isEmpty());
        QCOMPARE(view.undoStack()->count(), 1); // the undone edit gave way to the share edit
    }

    void exportWritesFiles()
    {
        OutlookView view(CardCatalog::builtin());
        view.showOutlook("agents-long-context");
        view.flush();
        QTemporaryDir dir;
        for (const char* name : { "o.png", "o.svg", "o.pdf", "o.csv", "o.json" }) {
            const QString path = dir.filePath(QString::fromLatin1(name));
            const QString error = view.exportTo(path);
            QVERIFY2(error.isEmpty(), qPrintable(error));
            QVERIFY2(QFileInfo(path).size() > 100, name);
        }
        QImage png(dir.filePath(QStringLiteral("o.png")));
        QVERIFY(!png.isNull() && png.width() > 1000);
        QFile csv(dir.filePath(QStringLiteral("o.csv")));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(csv.readAll()).toStdString(), outlookCsv(*view.result()));
        // The card written opens again as the same outlook.
        OutlookView again(CardCatalog::builtin());
        QVERIFY(again.openFile(dir.filePath(QStringLiteral("o.json"))).isEmpty());
        QCOMPARE(again.card().id, std::string("agents-long-context"));
        QCOMPARE(again.card().years.size(), view.card().years.size());
        QVERIFY(!view.exportTo(dir.filePath(QStringLiteral("o.txt"))).isEmpty());
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
        view->flush();
        QTest::qWait(200);
        QVERIFY2(view->result().has_value(), qPrintable(view->errorMessage()));
        // Every year's row shows in the drivers table.
        QTableWidget* table = view->driversTable();
        const int last = table->rowViewportPosition(table->rowCount() - 1) + table->rowHeight(table->rowCount() - 1);
        QVERIFY2(last <= table->viewport()->height(),
            qPrintable(QStringLiteral("%1 > %2").arg(last).arg(table->viewport()->height())));
        const QString dirPath = qEnvironmentVariable("KVTIERS_SCREENSHOT_DIR");
        if (!dirPath.isEmpty())
            QVERIFY(window.grab().save(QDir(dirPath).filePath(QStringLiteral("outlook-%1.png").arg(language))));
        installTranslator(QStringLiteral("en"));
    }
};

QTEST_MAIN(TestGuiOutlook)
#include "tst_gui_outlook.moc"
