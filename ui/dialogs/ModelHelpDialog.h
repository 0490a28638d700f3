#pragma once
// ModelHelpDialog: Help → "How kvtiers computes this" (F1). Shows docs/model.md, the
// model as implemented with each formula and its source, compiled into the binary so the
// installed app explains itself without the repository. Web links open in the browser;
// the page's references to files of the repository stay text.

#include <QDialog>

namespace kvtiers::ui {

class ModelHelpDialog : public QDialog {
    Q_OBJECT
public:
    explicit ModelHelpDialog(QWidget* parent = nullptr);

    /// Shows the one dialog of `parent`, creating it the first time.
    static ModelHelpDialog* showFor(QWidget* parent);
};

} // namespace kvtiers::ui
