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

    /// The folder the last chosen file was in (remembered across runs), where the next
    /// dialog opens; the Documents folder before any file was chosen.
    static QString lastFolder();

    /// Test seam: the next get*FileName() returns `fileName`.
    static void setNextFileName(const QString& fileName);

private:
    static bool takeNext(QString* fileName);
    static QString remember(const QString& fileName);
    static bool s_hasNext;
    static QString s_next;
};

} // namespace kvtiers::ui
