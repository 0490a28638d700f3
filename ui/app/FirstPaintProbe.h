#pragma once
// FirstPaintProbe: for the cold-start benchmark. Watches a window and, at its
// first paint, prints "painted" on stdout and quits the application, so a harness can
// time process start to first painted window. Enabled by KVTIERS_EXIT_AFTER_FIRST_PAINT.

#include <QObject>

namespace kvtiers::ui {

class FirstPaintProbe : public QObject {
    Q_OBJECT
public:
    /// Installs the probe on `window` if KVTIERS_EXIT_AFTER_FIRST_PAINT is set.
    static void installIfRequested(QWidget* window);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    using QObject::QObject;
    bool m_done = false;
};

} // namespace kvtiers::ui
