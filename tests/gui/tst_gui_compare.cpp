// The Compare dialog on a laptop screen: its frame fits the screen's available area (at
// 1280 × 800 a 1200 × 800 dialog put Export and Close below the edge), both buttons are
// shown inside it, the table gives max concurrency its unit (sequences), and no two labels
// of the comparison chart overlap (the A and B bars stand side by side).

#include "core/catalog/CardCatalog.h"
#include "core/catalog/PresetStore.h"
#include "ui/app/Language.h"
#include "ui/charts/CompareChart.h"
#include "ui/presets/CompareTableModel.h"
#include "ui/presets/CompareView.h"

#include <QComboBox>
#include <QPushButton>
#include <QScreen>
#include <QTemporaryDir>
#include <QtTest>
#include <qcustomplot.h>

using namespace kvtiers;
using namespace kvtiers::ui;

namespace {

QRectF textRect(const QCPItemText* label)
{
    return QRectF(label->topLeft->pixelPosition(), label->bottomRight->pixelPosition());
}

} // namespace

class TestGuiCompare : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(m_presets.isValid()); }

    void dialogFitsTheScreenWithBothButtons()
    {
        PresetStore store(m_presets.path().toStdString());
        CompareView view(&store, &CardCatalog::builtin());
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const QRect room = view.screen()->availableGeometry();
        // Whatever the screen (offscreen: its own size), the dialog asks for no more than it
        // has, less a title bar; and 1200 × 800 is never exceeded.
        QVERIFY2(view.height() <= room.height() - 64 && view.width() <= room.width(),
            qPrintable(QStringLiteral("%1×%2 on %3×%4")
                           .arg(view.width())
                           .arg(view.height())
                           .arg(room.width())
                           .arg(room.height())));
        QVERIFY(view.width() <= 1200 && view.height() <= 800);
        QVERIFY(room.contains(view.frameGeometry()));
        const auto buttons = view.findChildren<QPushButton*>();
        QPushButton* exportButton = view.findChild<QPushButton*>(QStringLiteral("compareExportButton"));
        QVERIFY(exportButton);
        QPushButton* close = nullptr;
        for (QPushButton* b : buttons)
            if (b != exportButton && b->parentWidget() == exportButton->parentWidget())
                close = b;
        QVERIFY(close);
        for (QPushButton* b : { exportButton, close }) {
            QVERIFY(b->isVisible());
            const QRect inView(b->mapTo(&view, QPoint(0, 0)), b->size());
            QVERIFY2(view.rect().contains(inView), qPrintable(b->text()));
        }
    }

    void maxConcurrencyHasItsUnitAndLabelsKeepApart()
    {
        PresetStore store(m_presets.path().toStdString());
        CompareView view(&store, &CardCatalog::builtin());
        view.resize(1200, 700);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        auto* combo = view.findChild<QComboBox*>(QStringLiteral("comparisonCombo"));
        QVERIFY(combo && combo->count() > 1);
        for (int i = 1; i < combo->count(); ++i) {
            QVERIFY(view.selectComparison(combo->itemText(i)));
            CompareTableModel* model = view.tableModel();
            bool found = false;
            for (int r = 0; r < model->rowCount(); ++r) {
                if (model->index(r, CompareTableModel::FigureColumn).data().toString()
                    != QLatin1String("Max concurrency"))
                    continue;
                found = true;
                const QString value
                    = model->index(r, model->column(0, CompareTableModel::CellKind::Value)).data().toString();
                QVERIFY2(value.endsWith(QLatin1String(" sequences")), qPrintable(value));
            }
            QVERIFY(found);
            QCustomPlot* plot = view.chart()->plot();
            plot->replot(QCustomPlot::rpImmediateRefresh);
            QList<QCPItemText*> labels;
            for (int k = 0; k < plot->itemCount(); ++k)
                if (auto* t = qobject_cast<QCPItemText*>(plot->item(k)); t && t->visible() && !t->text().isEmpty())
                    labels << t;
            for (int a = 0; a < labels.size(); ++a)
                for (int b = a + 1; b < labels.size(); ++b)
                    QVERIFY2(!textRect(labels[a]).intersects(textRect(labels[b])),
                        qPrintable(QStringLiteral("%1: \"%2\" over \"%3\"")
                                       .arg(combo->itemText(i), labels[a]->text(), labels[b]->text())));
        }
    }

private:
    QTemporaryDir m_presets;
};

QTEST_MAIN(TestGuiCompare)
#include "tst_gui_compare.moc"
