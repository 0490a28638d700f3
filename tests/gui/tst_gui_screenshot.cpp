// Renders the default main window offscreen at 1600×1000 and saves it as a PNG
// (KVTIERS_SCREENSHOT, default screenshot.png in the test's directory): a smoke test that
// the window builds and paints, and the picture for the README. KVTIERS_SCREENSHOT_WORKLOAD
// picks another workload card, KVTIERS_SCREENSHOT_OVERRIDES adds overrides (JSON), and
// KVTIERS_SCREENSHOT_LANGUAGE=ko renders the Korean UI (docs/screenshot-ko.png).

#include "tests/support/TestHome.h"
#include "ui/app/Language.h"
#include "ui/app/MainWindow.h"
#include "ui/scenario/ScenarioController.h"

#include <QApplication>
#include <QPalette>
#include <QSignalSpy>
#include <QtTest>

using namespace kvtiers;
using namespace kvtiers::ui;

class TestGuiScreenshot : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void grabDefaultWindow()
    {
        // Start from defaults, not whatever an earlier run left in the settings.
        kvtiers::test::clearTestHome();
        if (qEnvironmentVariableIsSet("KVTIERS_SCREENSHOT_DARK")) {
            // A dark palette, to check that every view reads from palette roles.
            QApplication::setStyle(QStringLiteral("Fusion"));
            QPalette dark;
            dark.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2b));
            dark.setColor(QPalette::WindowText, QColor(0xe8, 0xe8, 0xe8));
            dark.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
            dark.setColor(QPalette::AlternateBase, QColor(0x33, 0x33, 0x33));
            dark.setColor(QPalette::Text, QColor(0xe8, 0xe8, 0xe8));
            dark.setColor(QPalette::Button, QColor(0x35, 0x35, 0x35));
            dark.setColor(QPalette::ButtonText, QColor(0xe8, 0xe8, 0xe8));
            dark.setColor(QPalette::Highlight, QColor(0x3d, 0x8e, 0xe6));
            dark.setColor(QPalette::Mid, QColor(0x55, 0x55, 0x55));
            dark.setColor(QPalette::PlaceholderText, QColor(0xa0, 0xa0, 0xa0));
            dark.setColor(QPalette::ToolTipBase, QColor(0x4a, 0x42, 0x20));
            dark.setColor(QPalette::ToolTipText, QColor(0xf0, 0xf0, 0xf0));
            QApplication::setPalette(dark);
        }
        if (qEnvironmentVariableIsSet("KVTIERS_SCREENSHOT_LANGUAGE"))
            installTranslator(qEnvironmentVariable("KVTIERS_SCREENSHOT_LANGUAGE"));
        MainWindow window;
        ScenarioController* c = window.controller();
        const QString workload = qEnvironmentVariable("KVTIERS_SCREENSHOT_WORKLOAD");
        if (!workload.isEmpty() || qEnvironmentVariableIsSet("KVTIERS_SCREENSHOT_OVERRIDES")) {
            ScenarioSpec spec;
            spec.workload = workload.isEmpty() ? "article" : workload.toStdString();
            const QByteArray o = qgetenv("KVTIERS_SCREENSHOT_OVERRIDES");
            if (!o.isEmpty())
                spec.overrides = Json::parse(o.toStdString());
            c->setInput(spec);
        }
        window.resize(1600, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_VERIFY(c->hasResult() || !c->errorMessage().isEmpty());
        QTest::qWait(200); // let queued replots and layouts settle
        const QPixmap shot = window.grab();
        QVERIFY(!shot.isNull());
        QString path = qEnvironmentVariable("KVTIERS_SCREENSHOT");
        if (path.isEmpty())
            path = QDir::current().filePath(QStringLiteral("screenshot.png"));
        QVERIFY2(shot.save(path), qPrintable(path));
        qInfo("saved %s", qPrintable(path));
    }
};

QTEST_MAIN(TestGuiScreenshot)
#include "tst_gui_screenshot.moc"
