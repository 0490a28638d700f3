#pragma once
// The GUI tests' main window as a user first sees it: the test's home emptied (no settings,
// no presets), the window shown at 1400 × 900 (room for every tab's content), exposed, and
// holding its first result. Tests that drive the real window start from here; the import
// dialog driven as a user drives it.

#include "tests/support/TestHome.h"
#include "ui/app/MainWindow.h"
#include "ui/dialogs/ModelImportDialog.h"
#include "ui/scenario/ScenarioController.h"

#include <QAction>
#include <QApplication>
#include <QDialogButtonBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSize>
#include <QTimer>
#include <QtTest>

#include <functional>
#include <memory>

namespace kvtiers::test {

/// Opens a fresh main window into `window` (replacing any); false if it was never exposed
/// or computed no result within five seconds. Use as QVERIFY(openTestWindow(m_window)).
[[nodiscard]] inline bool openTestWindow(std::unique_ptr<ui::MainWindow>& window, QSize size = QSize(1400, 900))
{
    window.reset();
    clearTestHome();
    window = std::make_unique<ui::MainWindow>();
    window->resize(size);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()))
        return false;
    ui::MainWindow* w = window.get();
    return QTest::qWaitFor([w] { return w->controller()->hasResult(); }, 5000);
}

/// Drives Tools > Import config.json as a user does: pastes `config`, presses Import, lets
/// `look` read the dialog and type into it (it may press Import again: importButton), then
/// presses OK if the dialog holds a card, else closes it. Returns the dialog's error after
/// the last import; "the import dialog did not open" if it never did.
inline QString importConfigThroughDialog(
    ui::MainWindow* window, const QString& config, const std::function<void(ui::ModelImportDialog*)>& look = {})
{
    QString error = QStringLiteral("the import dialog did not open");
    QTimer::singleShot(0, window, [&] {
        auto* dialog = window->findChild<ui::ModelImportDialog*>();
        if (!dialog) {
            if (QWidget* modal = QApplication::activeModalWidget())
                modal->close();
            return;
        }
        dialog->findChild<QPlainTextEdit*>(QStringLiteral("importText"))->setPlainText(config);
        QTest::mouseClick(dialog->findChild<QPushButton*>(QStringLiteral("importButton")), Qt::LeftButton);
        if (look)
            look(dialog);
        error = dialog->errorMessage();
        QPushButton* ok = dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
        if (dialog->card() && ok && ok->isEnabled())
            QTest::mouseClick(ok, Qt::LeftButton);
        else
            dialog->reject();
    });
    window->findChild<QAction*>(QStringLiteral("importConfigAction"))->trigger();
    return error;
}

} // namespace kvtiers::test
