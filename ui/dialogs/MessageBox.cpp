#include "ui/dialogs/MessageBox.h"

#include <QMessageBox>

namespace kvtiers::ui {

bool MessageBox::s_hasNext = false;
bool MessageBox::s_nextYes = false;
bool MessageBox::s_nonInteractive = false;
QString MessageBox::s_last;

bool MessageBox::question(QWidget* parent, const QString& title, const QString& text)
{
    s_last = text;
    if (s_hasNext) {
        s_hasNext = false;
        return s_nextYes;
    }
    if (s_nonInteractive)
        return false;
    return QMessageBox::question(parent, title, text, QMessageBox::Yes | QMessageBox::No, QMessageBox::No)
        == QMessageBox::Yes;
}

void MessageBox::warning(QWidget* parent, const QString& title, const QString& text)
{
    s_last = text;
    if (!s_nonInteractive)
        QMessageBox::warning(parent, title, text);
}

void MessageBox::setNextAnswer(bool yes)
{
    s_hasNext = true;
    s_nextYes = yes;
}

void MessageBox::setNonInteractive(bool on)
{
    s_nonInteractive = on;
}

QString MessageBox::lastMessage()
{
    return s_last;
}

} // namespace kvtiers::ui
