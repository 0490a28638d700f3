// Issue 8: the UI in Korean and English. Drives the real MainWindow offscreen through its
// View → Language menu: Korean replaces the visible strings (menus, headline captions, the
// article's tier table in the article's own Korean words), English brings them back, and
// the scenario survives both switches. Also checks the translation itself: lrelease finds
// nothing unfinished, and lupdate finds no source string missing from the .ts.

#include "TestHome.h"
#include "Language.h"
#include "MainWindow.h"
#include "ScenarioController.h"
#include "Settings.h"
#include "TierTableModel.h"

#include <QAction>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QStatusBar>
#include <QUndoStack>
#include <QListWidget>
#include <QMenuBar>
#include <QScrollBar>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <memory>

using namespace kvtiers;
using namespace kvtiers::ui;

namespace {

/// The tier table of article.ko.txt (shared/seed), verbatim: header, then HBM, D램, eSSD.
const QStringList kKoreanHeader = { QStringLiteral("계층"), QStringLiteral("주로 놓이는 것"),
    QStringLiteral("수요가 커지는 조건"), QStringLiteral("한계") };
const QList<QStringList> kKoreanRows = {
    { QStringLiteral("HBM"), QStringLiteral("연산 중인 가중치와 가장 뜨거운 KV"),
        QStringLiteral("낮은 지연시간, 긴 문맥, 높은 동시성"), QStringLiteral("용량과 가격") },
    { QStringLiteral("서버 D램"), QStringLiteral("곧 다시 쓸 가능성이 높은 KV·프리픽스"),
        QStringLiteral("캐시 재사용률이 높고 GPU 연결이 빠를 때"), QStringLiteral("PCIe 전송 지연") },
    { QStringLiteral("eSSD"), QStringLiteral("차가운 KV·프리픽스·모델 캐시"), QStringLiteral("재계산보다 저장·복원이 쌀 때"),
        QStringLiteral("토큰 단위 실시간 접근에는 느림") },
};
/// The same table in article.en.md's words.
const QStringList kEnglishHeader = { QStringLiteral("Tier"), QStringLiteral("What mainly lives there"),
    QStringLiteral("When demand for it grows"), QStringLiteral("Limit") };
const QStringList kEnglishDramRow = { QStringLiteral("Server DRAM"),
    QStringLiteral("KV and prefixes likely to be reused soon"), QStringLiteral("High cache reuse and a fast GPU link"),
    QStringLiteral("PCIe transfer latency") };

QStringList menuTitles(const MainWindow* w)
{
    QStringList titles;
    for (const QAction* a : w->menuBar()->actions())
        titles << a->text();
    return titles;
}

bool hasLabel(const MainWindow* w, const QString& text)
{
    const auto labels = w->findChildren<QLabel*>();
    return std::any_of(labels.begin(), labels.end(), [&](const QLabel* l) { return l->text() == text; });
}

QStringList headerRow(const TierTableModel* m)
{
    QStringList cells;
    for (int c = 0; c <= TierTableModel::LimitColumn; ++c)
        cells << m->headerData(c, Qt::Horizontal).toString();
    return cells;
}

QStringList tableRow(const TierTableModel* m, int row)
{
    QStringList cells;
    for (int c = 0; c <= TierTableModel::LimitColumn; ++c)
        cells << m->index(row, c).data().toString();
    return cells;
}

double contextOf(const MainWindow* w)
{
    return w->controller()->scenario().workload.context;
}

QString lines(const QByteArray& output)
{
    return QString::fromLocal8Bit(output).trimmed();
}

bool hasHangul(const QString& text)
{
    return std::any_of(text.begin(), text.end(), [](QChar c) { return c.unicode() >= 0xAC00 && c.unicode() <= 0xD7A3; });
}

QString labelText(const MainWindow* w, const char* name)
{
    const auto* label = w->findChild<QLabel*>(QLatin1String(name));
    return label ? label->text() : QString();
}

} // namespace

class TestGuiI18n : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        kvtiers::test::clearTestHome();
        installTranslator(kLanguageEnglish);
    }

    void settingsResolve()
    {
        QCOMPARE(resolvedLanguage(kLanguageKorean), kLanguageKorean);
        QCOMPARE(resolvedLanguage(kLanguageEnglish), kLanguageEnglish);
        const QString system = resolvedLanguage(kLanguageSystem);
        QVERIFY(system == kLanguageEnglish || system == kLanguageKorean);
    }

    void switchToKoreanAndBackKeepsScenario()
    {
        auto first = std::make_unique<MainWindow>();
        first->resize(1400, 900);
        first->show();
        QVERIFY(QTest::qWaitForWindowExposed(first.get()));
        QTRY_VERIFY(first->controller()->hasResult());

        // English to start with.
        QCOMPARE(menuTitles(first.get()).mid(0, 2), (QStringList { QStringLiteral("&File"), QStringLiteral("&Edit") }));
        QVERIFY(hasLabel(first.get(), QStringLiteral("KV per token")));
        QCOMPARE(headerRow(first->tierTableModel()), kEnglishHeader);
        QCOMPARE(tableRow(first->tierTableModel(), 1), kEnglishDramRow);

        // A scenario the user has made: 64K context.
        first->controller()->setOverride("context", Json(65536));
        QTRY_COMPARE(contextOf(first.get()), 65536.0);

        // View → Language → 한국어.
        auto* korean = first->findChild<QAction*>(QStringLiteral("languageKoreanAction"));
        QVERIFY(korean);
        QSignalSpy replaced(first.get(), &MainWindow::replacedBy);
        korean->trigger();
        QCOMPARE(replaced.count(), 1);
        std::unique_ptr<MainWindow> ko(replaced.at(0).at(0).value<MainWindow*>());
        QVERIFY(ko && ko.get() != first.get());
        QVERIFY(ko->testAttribute(Qt::WA_DeleteOnClose)); // the app's windows delete themselves
        ko->setAttribute(Qt::WA_DeleteOnClose, false); // here the test owns it
        QVERIFY(!first->isVisible());
        QVERIFY(QTest::qWaitForWindowExposed(ko.get()));
        QTRY_VERIFY(ko->controller()->hasResult());
        QCOMPARE(installedLanguage(), kLanguageKorean);
        QCOMPARE(Settings().language(), kLanguageKorean);

        const QStringList titles = menuTitles(ko.get());
        QVERIFY2(titles.contains(QStringLiteral("파일(&F)")), qPrintable(titles.join(u'|')));
        QVERIFY2(titles.contains(QStringLiteral("보기(&V)")), qPrintable(titles.join(u'|')));
        QVERIFY(!titles.contains(QStringLiteral("&File")));
        QVERIFY(hasLabel(ko.get(), QStringLiteral("토큰당 KV")));
        QVERIFY(hasLabel(ko.get(), QStringLiteral("최대 동시 처리 요청 수")));
        QVERIFY(!hasLabel(ko.get(), QStringLiteral("KV per token")));
        QCOMPARE(headerRow(ko->tierTableModel()), kKoreanHeader);
        for (int row = 0; row < 3; ++row)
            QCOMPARE(tableRow(ko->tierTableModel(), row), kKoreanRows.at(row));
        QVERIFY(ko->findChild<QAction*>(QStringLiteral("languageKoreanAction"))->isChecked());
        // The scenario came along.
        QCOMPARE(contextOf(ko.get()), 65536.0);
        QCOMPARE(ko->controller()->spec().overrides.value("context", 0.0), 65536.0);

        // And back to English.
        QSignalSpy replacedAgain(ko.get(), &MainWindow::replacedBy);
        ko->findChild<QAction*>(QStringLiteral("languageEnglishAction"))->trigger();
        QCOMPARE(replacedAgain.count(), 1);
        auto* enRaw = replacedAgain.at(0).at(0).value<MainWindow*>();
        QVERIFY(enRaw);
        std::unique_ptr<MainWindow> en(enRaw);
        en->setAttribute(Qt::WA_DeleteOnClose, false);
        QVERIFY(!ko->isVisible());
        QTRY_VERIFY(en->controller()->hasResult());
        QCOMPARE(installedLanguage(), kLanguageEnglish);
        QCOMPARE(menuTitles(en.get()).mid(0, 2), (QStringList { QStringLiteral("&File"), QStringLiteral("&Edit") }));
        QVERIFY(hasLabel(en.get(), QStringLiteral("KV per token")));
        QCOMPARE(headerRow(en->tierTableModel()), kEnglishHeader);
        QCOMPARE(tableRow(en->tierTableModel(), 1), kEnglishDramRow);
        QCOMPARE(contextOf(en.get()), 65536.0);
        QCOMPARE(Settings().language(), kLanguageEnglish);

        // Choosing the language already shown keeps the window.
        QSignalSpy none(en.get(), &MainWindow::replacedBy);
        QCOMPARE(en->switchLanguage(kLanguageEnglish), en.get());
        QCOMPARE(none.count(), 0);
        ko.reset(); // hidden, replaced: must not write its stale state over the settings
        QCOMPARE(Settings().language(), kLanguageEnglish);
    }

    void coreTextIsKoreanInKorean()
    {
        // What the core words in English (the per-token formula, the warnings, a scenario
        // the validation refuses) reads in Korean in the Korean window.
        installTranslator(kLanguageKorean);
        auto w = std::make_unique<MainWindow>();
        w->resize(1400, 900);
        w->show();
        QVERIFY(QTest::qWaitForWindowExposed(w.get()));
        QTRY_VERIFY(w->controller()->hasResult());
        w->controller()->resetToArticle(); // the article's scenario, whatever the settings held
        QTRY_COMPARE(contextOf(w.get()), 131072.0);

        // The presets dock: the built-ins' Korean names fit its width, no sideways scrolling.
        auto* dock = w->findChild<QDockWidget*>(QStringLiteral("presetDock"));
        QVERIFY(dock);
        dock->show();
        auto* list = w->findChild<QListWidget*>(QStringLiteral("presetList"));
        QVERIFY(list && list->count() > 0);
        QTRY_VERIFY(list->isVisible());
        QVERIFY(list->item(0)->text().contains(QStringLiteral("기본 제공")));
        // Also when the user narrows the dock.
        for (int width : { 360, 170 }) {
            w->resizeDocks({ dock }, { width }, Qt::Horizontal);
            QTest::qWait(50);
            QVERIFY(!list->horizontalScrollBar()->isVisible());
            for (int i = 0; i < list->count(); ++i) {
                const QRect r = list->visualItemRect(list->item(i));
                QVERIFY2(r.right() < list->viewport()->width(), qPrintable(list->item(i)->text()));
            }
        }
        if (qEnvironmentVariableIsSet("KVTIERS_SCREENSHOT_PRESETS"))
            QVERIFY(w->grab().save(qEnvironmentVariable("KVTIERS_SCREENSHOT_PRESETS")));

        const QString formula = labelText(w.get(), "headlineFormula");
        QVERIFY2(formula.contains(QStringLiteral("토큰당")), qPrintable(formula));
        QVERIFY2(!formula.contains(QStringLiteral("per token")), qPrintable(formula));
        QVERIFY2(formula.contains(QStringLiteral("2 × 80 × 8 × 128 × 2 B = 327,680 B = 320 KiB")), qPrintable(formula));

        // 4096 sequences × 128K context on the article's model: the hot set overflows HBM.
        w->controller()->setOverride("concurrency", Json(4096));
        QTRY_COMPARE(w->controller()->scenario().workload.concurrency, 4096.0);
        auto* warnings = w->findChild<QLabel*>(QStringLiteral("warningsLabel"));
        QVERIFY(warnings);
        QTRY_VERIFY(warnings->isVisible());
        QVERIFY2(hasHangul(warnings->text()), qPrintable(warnings->text()));
        QVERIFY2(!warnings->text().contains(QStringLiteral("does not fit")), qPrintable(warnings->text()));
        QVERIFY2(warnings->text().contains(QStringLiteral("4,096")), qPrintable(warnings->text()));

        // TP 3 does not fit 8 GPUs: the banner says so in Korean.
        w->controller()->setOverride("tp", Json(3));
        auto* banner = w->findChild<QLabel*>(QStringLiteral("errorBanner"));
        QVERIFY(banner);
        QTRY_VERIFY(banner->isVisible());
        QVERIFY2(hasHangul(banner->text()), qPrintable(banner->text()));
        QVERIFY2(!banner->text().contains(QStringLiteral("does not fit")), qPrintable(banner->text()));
        QVERIFY2(banner->text().contains(QStringLiteral("3")) && banner->text().contains(QStringLiteral("8")),
            qPrintable(banner->text()));

        // A context typed wrong: the status bar explains in Korean, and the field keeps its value.
        auto* context = w->findChild<QLineEdit*>(QStringLiteral("contextEdit"));
        QVERIFY(context);
        w->controller()->undoStack()->undo(); // back to a valid TP
        QTRY_VERIFY(!banner->isVisible());
        const QString before = context->text();
        context->setFocus();
        context->selectAll();
        QTest::keyClicks(context, QStringLiteral("lots"));
        QTest::keyClick(context, Qt::Key_Return);
        QTRY_VERIFY(w->statusBar()->currentMessage().contains(QStringLiteral("\"lots\"")));
        const QString status = w->statusBar()->currentMessage();
        QVERIFY2(hasHangul(status), qPrintable(status));
        QVERIFY2(!status.contains(QStringLiteral("is not a token count")), qPrintable(status));
        QCOMPARE(context->text(), before);

        w.reset();
        installTranslator(kLanguageEnglish);
    }

    void lreleaseFindsNothingUnfinished()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QProcess p;
        p.start(QStringLiteral(KVTIERS_LRELEASE),
            { QStringLiteral(KVTIERS_TS_FILE), QStringLiteral("-qm"), dir.filePath(QStringLiteral("ko.qm")) });
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        const QString out = lines(p.readAllStandardOutput() + p.readAllStandardError());
        const auto m = QRegularExpression(QStringLiteral(R"(Generated (\d+) translation\(s\) \((\d+) finished and (\d+) unfinished\))"))
                           .match(out);
        QVERIFY2(m.hasMatch(), qPrintable(out));
        QVERIFY2(m.captured(1).toInt() > 200, qPrintable(out));
        QCOMPARE(m.captured(2), m.captured(1));
        QVERIFY2(m.captured(3) == QLatin1String("0"), qPrintable(out));
        const auto ignored = QRegularExpression(QStringLiteral(R"(Ignored (\d+) untranslated source text)")).match(out);
        QVERIFY2(!ignored.hasMatch() || ignored.captured(1) == QLatin1String("0"), qPrintable(out));
    }

    void lupdateFindsNoNewString()
    {
        // Every tr() in ui/ must already be in the .ts (a string added without a
        // translation fails here; fix with `cmake --build <dir> --target update_translations`).
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString copy = dir.filePath(QStringLiteral("kvtiers_ko.ts"));
        QVERIFY(QFile::copy(QStringLiteral(KVTIERS_TS_FILE), copy));
        QProcess p;
        p.start(QStringLiteral(KVTIERS_LUPDATE),
            { QStringLiteral(KVTIERS_SOURCE_UI), QStringLiteral("-extensions"), QStringLiteral("cpp,h"),
                QStringLiteral("-no-obsolete"), QStringLiteral("-ts"), copy });
        QVERIFY(p.waitForFinished(120000));
        QCOMPARE(p.exitCode(), 0);
        const QString out = lines(p.readAllStandardOutput() + p.readAllStandardError());
        const auto m = QRegularExpression(QStringLiteral(R"(Found (\d+) source text\(s\) \((\d+) new and (\d+) already existing\))"))
                           .match(out);
        QVERIFY2(m.hasMatch(), qPrintable(out));
        QVERIFY2(m.captured(2) == QLatin1String("0"), qPrintable(QStringLiteral("untranslated strings in ui/:\n") + out));
    }
};

QTEST_MAIN(TestGuiI18n)
#include "tst_gui_i18n.moc"
