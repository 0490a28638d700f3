#include "MainWindow.h"

#include <QLabel>

namespace kvtiers::ui {

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent)
{
    setWindowTitle(tr("kvtiers"));
    setCentralWidget(new QLabel(tr("kvtiers"), this));
}

} // namespace kvtiers::ui
