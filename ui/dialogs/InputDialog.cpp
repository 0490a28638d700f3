#include "ui/dialogs/InputDialog.h"

#include <QInputDialog>

namespace kvtiers::ui {

bool InputDialog::s_hasNext = false;
std::optional<QString> InputDialog::s_next;

std::optional<QString> InputDialog::getText(
    QWidget* parent, const QString& title, const QString& label, const QString& initial)
{
    if (s_hasNext) {
        s_hasNext = false;
        return std::exchange(s_next, std::nullopt);
    }
    bool ok = false;
    const QString text = QInputDialog::getText(parent, title, label, QLineEdit::Normal, initial, &ok);
    if (!ok)
        return std::nullopt;
    return text;
}

void InputDialog::setNextAnswer(std::optional<QString> answer)
{
    s_hasNext = true;
    s_next = std::move(answer);
}

} // namespace kvtiers::ui
