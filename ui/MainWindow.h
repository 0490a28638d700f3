#pragma once
// MainWindow: the desktop app's window (placeholder until the GUI issue lands).

#include <QMainWindow>

namespace kvtiers::ui {

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
};

} // namespace kvtiers::ui
