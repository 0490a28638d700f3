// kvtiers entry point: a command word runs the headless CLI (no display needed);
// otherwise the desktop app starts.
#include "app/cli/CommandLine.h"
#include "app/cli/ExportCommand.h"
#include "ui/app/FirstPaintProbe.h"
#include "ui/app/Language.h"
#include "ui/app/MainWindow.h"

#include <QApplication>

#include <iostream>
#include <string>
#include <vector>

int main(int argc, char** argv)
{
    std::vector<std::string> args(argv + 1, argv + argc);
    // `export` draws charts: it needs Qt's GUI module but no display (offscreen platform).
    if (!args.empty() && args[0] == "export" && !kvtiers::cli::asksForHelp(args))
        return kvtiers::cli::runExportCommand(args, std::cout, std::cerr);
    if (kvtiers::cli::isCommandLine(args))
        return kvtiers::cli::run(args, std::cout, std::cerr);

    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("kvtiers"));
    QApplication::setOrganizationName(QStringLiteral("kvtiers"));
    QApplication::setApplicationVersion(QStringLiteral(KVTIERS_VERSION));
    // The installed desktop entry's name (resources/), so the desktop matches the window
    // to its entry and icon.
    QGuiApplication::setDesktopFileName(QStringLiteral("io.github.kvtiers.kvtiers"));
    kvtiers::ui::installTranslator(kvtiers::ui::Settings().language());
    kvtiers::ui::MainWindow window;
    kvtiers::ui::FirstPaintProbe::installIfRequested(&window);
    window.show();
    return QApplication::exec();
}
