// kvtiers entry point: a command word runs the headless CLI (no display needed);
// otherwise the desktop app starts.
#include "CommandLine.h"
#include "MainWindow.h"

#include <QApplication>

#include <iostream>
#include <string>
#include <vector>

int main(int argc, char** argv)
{
    std::vector<std::string> args(argv + 1, argv + argc);
    if (kvtiers::cli::isCommandLine(args))
        return kvtiers::cli::run(args, std::cout, std::cerr);

    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("kvtiers"));
    QApplication::setOrganizationName(QStringLiteral("kvtiers"));
    QApplication::setApplicationVersion(QStringLiteral(KVTIERS_VERSION));
    kvtiers::ui::MainWindow window;
    window.show();
    return QApplication::exec();
}
