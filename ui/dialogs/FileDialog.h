#pragma once
// FileDialog: open/save file pickers behind one wrapper, with a test seam (KeePassXC's
// habit): setNextFileName() makes the next call return that path without a dialog
// (an empty string: as if cancelled).

#include <QString>

class QWidget;

namespace kvtiers::ui {

class FileDialog {
public:
    /// The chosen path, or an empty string if cancelled.
    static QString getOpenFileName(QWidget* parent, const QString& title, const QString& filter);
    static QString getSaveFileName(
        QWidget* parent, const QString& title, const QString& suggestedName, const QString& filter);

    /// The folder the last opened file was in (remembered across runs), where the next
    /// open dialog starts; the Documents folder before any file was chosen.
    static QString lastFolder();
    /// Where the next save dialog (an export) starts: the folder of the last export, kept
    /// apart from the files opened (a trace in Downloads does not send charts there); the
    /// Pictures folder before any export, else Documents.
    static QString lastExportFolder();

    /// Test seam: the next get*FileName() returns `fileName`.
    static void setNextFileName(const QString& fileName);

private:
    static bool takeNext(QString* fileName);
    static QString remember(const QString& fileName);
    static QString rememberExport(const QString& fileName);
    static bool s_hasNext;
    static QString s_next;
};

} // namespace kvtiers::ui
