#pragma once
// PresetPanel: the user's named scenarios. Lists built-in presets (read-only, marked)
// and the user's own from a PresetStore; saves the current scenario under a name; loads
// one with a double-click (or Load) as one undo step; renames, duplicates, deletes (after
// asking), imports and exports preset files. Files the store could not read are listed
// by name and reason, never silently skipped. Dialogs go through the InputDialog,
// FileDialog and MessageBox seams so tests can drive every action.

#include "core/catalog/PresetStore.h"
#include "ui/common/Retranslator.h"

#include <QStringList>
#include <QWidget>

#include <memory>

class QLabel;
class QListWidget;
class QListWidgetItem;
class QPushButton;

namespace kvtiers::ui {

class ScenarioController;

class PresetPanel : public QWidget {
    Q_OBJECT
public:
    explicit PresetPanel(ScenarioController* controller, QWidget* parent = nullptr);
    ~PresetPanel() override;

    const PresetStore& store() const { return *m_store; }
    /// Re-reads the store's folder and updates the list and the problems.
    void reload();
    /// Selects the preset of that name in the list; false if it is not there.
    bool selectPreset(const QString& name);
    QString selectedName() const;
    /// Why each file the last reload skipped was skipped, one line each, in the UI
    /// language (PresetStore::problems(), each translated).
    const QStringList& problemTexts() const { return m_problemTexts; }

    // The actions (also behind the panel's buttons).
    void saveCurrent();
    void loadSelected();
    void renameSelected();
    void duplicateSelected();
    void deleteSelected();
    void importFile();
    /// Imports the preset file at `path` and selects it (a dropped file, File → Import).
    void importPath(const QString& path);
    void exportSelected();

signals:
    /// A line for the status bar (what was done, or what went wrong).
    void message(const QString& text);
    /// The store's contents changed (saved, renamed, ... or reloaded).
    void presetsChanged();
    void compareRequested();

protected:
    void changeEvent(QEvent* event) override;

private:
    /// Sets the buttons' texts again and lists the presets again in the new language.
    void retranslateUi();
    /// Lists the store's presets and problems; `announce`: also emits message() for the
    /// problems and presetsChanged().
    void showPresets(bool announce);
    void updateButtons();
    /// Shows a failed status in the UI language (the store's message, translated); true if it succeeded.
    bool report(const Status& status, const QString& action);
    const Preset* selectedPreset() const;

    ScenarioController* m_controller;
    std::unique_ptr<PresetStore> m_store;
    QListWidget* m_list = nullptr;
    QLabel* m_problems = nullptr;
    QStringList m_problemTexts;
    Retranslator m_texts; ///< the panel's tr() texts, set again on a language change
    QPushButton* m_load = nullptr;
    QPushButton* m_rename = nullptr;
    QPushButton* m_duplicate = nullptr;
    QPushButton* m_delete = nullptr;
    QPushButton* m_export = nullptr;
};

} // namespace kvtiers::ui
