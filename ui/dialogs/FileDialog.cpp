#include "ui/dialogs/FileDialog.h"

#include <QDir>
#include <QFileDialog>
#include <QStandardPaths>

namespace kvtiers::ui {

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

QString FileDialog::getOpenFileName(QWidget* parent, const QString& title, const QString& filter)
{
    QString next;
    if (takeNext(&next))
        return next;
    return QFileDialog::getOpenFileName(parent, title, QString(), filter);
}

QString FileDialog::getSaveFileName(
    QWidget* parent, const QString& title, const QString& suggestedName, const QString& filter)
{
    QString next;
    if (takeNext(&next))
        return next;
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    return QFileDialog::getSaveFileName(parent, title, QDir(dir).filePath(suggestedName), filter);
}

void FileDialog::setNextFileName(const QString& fileName)
{
    s_hasNext = true;
    s_next = fileName;
}

} // namespace kvtiers::ui
