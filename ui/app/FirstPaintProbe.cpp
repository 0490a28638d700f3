#include "ui/app/FirstPaintProbe.h"

#include <QCoreApplication>
#include <QEvent>
#include <QTimer>
#include <QWidget>

#include <cstdio>

namespace kvtiers::ui {

void FirstPaintProbe::installIfRequested(QWidget* window)
{
    if (!qEnvironmentVariableIsSet("KVTIERS_EXIT_AFTER_FIRST_PAINT"))
        return;
    window->installEventFilter(new FirstPaintProbe(window));
}

bool FirstPaintProbe::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::Paint && !m_done) {
        m_done = true;
        // Let this paint finish, then report and leave.
        QTimer::singleShot(0, this, [] {
            std::puts("painted");
            std::fflush(stdout);
            QCoreApplication::quit();
        });
    }
    return QObject::eventFilter(watched, event);
}

} // namespace kvtiers::ui
