#pragma once
// The GUI tests' main window as a user first sees it: the test's home emptied (no settings,
// no presets), the window shown at 1400 × 900 (room for every tab's content), exposed, and
// holding its first result. Tests that drive the real window start from here.

#include "tests/support/TestHome.h"
#include "ui/app/MainWindow.h"
#include "ui/scenario/ScenarioController.h"

#include <QSize>
#include <QtTest>

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

} // namespace kvtiers::test
