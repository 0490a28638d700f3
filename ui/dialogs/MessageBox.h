#pragma once
// MessageBox: questions and error messages behind one wrapper, with test seams
// (KeePassXC's habit): setNextAnswer() answers the next question without a dialog, and
// setNonInteractive(true) turns errors into a recorded lastMessage() instead of a modal box.

#include <QString>

class QWidget;

namespace kvtiers::ui {

class MessageBox {
public:
    /// Yes/No; true for Yes.
    static bool question(QWidget* parent, const QString& title, const QString& text);
    /// An error a person can act on.
    static void warning(QWidget* parent, const QString& title, const QString& text);

    /// Test seams.
    static void setNextAnswer(bool yes);
    static void setNonInteractive(bool on);
    static QString lastMessage();

private:
    static bool s_hasNext;
    static bool s_nextYes;
    static bool s_nonInteractive;
    static QString s_last;
};

} // namespace kvtiers::ui
