#include "ui/dialogs/FileDialog.h"

#include "ui/common/Settings.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QStandardPaths>

namespace kvtiers::ui {

namespace {

/// The Documents folder where it exists, else the home folder: a dialog started in a folder
/// that does not exist fills its name ("Documents") in as the file name.
QString documentsOrHome()
{
    const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    return !documents.isEmpty() && QFileInfo(documents).isDir() ? documents : QDir::homePath();
}

} // namespace

bool FileDialog::s_hasNext = false;
QString FileDialog::s_next;

bool FileDialog::takeNext(QString* fileName)
{
    if (!s_hasNext)
        return false;
    s_hasNext = false;
    *fileName = std::exchange(s_next, QString());
    return true;
}

QString FileDialog::lastFolder()
{
    const QString folder = Settings().lastFolder();
    if (!folder.isEmpty() && QFileInfo(folder).isDir())
        return folder;
    return documentsOrHome();
}

QString FileDialog::lastExportFolder()
{
    const QString folder = Settings().lastExportFolder();
    if (!folder.isEmpty() && QFileInfo(folder).isDir())
        return folder;
    const QString pictures = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation);
    if (!pictures.isEmpty() && QFileInfo(pictures).isDir())
        return pictures;
    return documentsOrHome();
}

QString FileDialog::rememberExport(const QString& fileName)
{
    if (!fileName.isEmpty())
        Settings().setLastExportFolder(QFileInfo(fileName).absolutePath());
    return remember(fileName); // an open dialog may start there too; exports keep their own
}

QString FileDialog::remember(const QString& fileName)
{
    if (!fileName.isEmpty())
        Settings().setLastFolder(QFileInfo(fileName).absolutePath());
    return fileName;
}

QString FileDialog::getOpenFileName(QWidget* parent, const QString& title, const QString& filter)
{
    QString next;
    if (takeNext(&next))
        return remember(next);
    return remember(QFileDialog::getOpenFileName(parent, title, lastFolder(), filter));
}

QString FileDialog::getSaveFileName(
    QWidget* parent, const QString& title, const QString& suggestedName, const QString& filter)
{
    QString next;
    if (takeNext(&next))
        return rememberExport(next);
    return rememberExport(
        QFileDialog::getSaveFileName(parent, title, QDir(lastExportFolder()).filePath(suggestedName), filter));
}

void FileDialog::setNextFileName(const QString& fileName)
{
    s_hasNext = true;
    s_next = fileName;
}

} // namespace kvtiers::ui
