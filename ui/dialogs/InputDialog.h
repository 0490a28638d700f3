#pragma once
// InputDialog: asks the user for one line of text (a preset name, an export size). A
// thin wrapper over QInputDialog with a test seam (KeePassXC's habit): setNextAnswer()
// makes the next call return that answer without showing anything.

#include <QString>

#include <optional>

class QWidget;

namespace kvtiers::ui {

class InputDialog {
public:
    /// The text typed, or nullopt if the user cancelled.
    static std::optional<QString> getText(
        QWidget* parent, const QString& title, const QString& label, const QString& initial = {});

    /// Test seam: the next getText() returns `answer` (nullopt: as if cancelled).
    static void setNextAnswer(std::optional<QString> answer);

private:
    static bool s_hasNext;
    static std::optional<QString> s_next;
};

} // namespace kvtiers::ui
