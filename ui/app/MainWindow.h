#pragma once
// MainWindow: the desktop app. Controls on the left; on the right the headline figures,
// the tier-occupancy and sweep charts, and the article's tier table, all views of one
// ScenarioController. Owns menus, shortcuts and persisted window state (Settings).

#include "ui/common/Retranslator.h"
#include "ui/common/Settings.h"
#include "ui/export/ChartExporter.h"

#include <QMainWindow>
#include <QTimer>

class QAction;
class QActionGroup;
class QLabel;
class QSplitter;
class QTableView;
class QTabWidget;
class QUndoGroup;

namespace kvtiers::ui {

class CompareView;
class DisplayOptions;
class FleetView;
class SensitivityView;
class TraceView;
class ControlsPanel;
class PresetPanel;
class HeadlinePanel;
class ScenarioController;
class SweepChart;
class TierChart;
class TierTableModel;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    /// The scenario state behind every view (read it, or connect to its signals, in tests).
    ScenarioController* controller() const { return m_controller; }
    TierTableModel* tierTableModel() const { return m_tableModel; }
    PresetPanel* presetPanel() const { return m_presetPanel; }
    CompareView* compareView() const { return m_compareView; }
    /// Size and scale of exported charts (File > Export size…); default 1600 × 900 at 2×.
    const ExportOptions& exportOptions() const { return m_exportOptions; }
    void setExportOptions(const ExportOptions& options);
    /// Units, tier scope and sweep axis: one object every view observes, saved in Settings.
    DisplayOptions* displayOptions() const { return m_display; }
    /// Shows bytes in `units` in every view (View > Units, the Fleet and Sensitivity tabs'
    /// radio buttons: one setting, DisplayOptions), keeping every view's state, and stores
    /// the choice. Nothing is evaluated again: each view re-words the result it holds.
    void setUnits(ByteUnits units);

    /// Stores the UI language setting ("", "en" or "ko"; Language.h) and, if the language
    /// changes, installs its translator: every widget retranslates itself in place
    /// (changeEvent(LanguageChange) → retranslateUi()), so the scenario, the undo history,
    /// the current tab and every view's inputs stay as they are. Returns once done.
    void switchLanguage(const QString& setting);

    /// A file dropped on the window, or given by path: a Hugging Face config.json is
    /// imported as a model, a kvtiers preset is imported into the Presets panel, and
    /// anything else is opened as a request trace in the Trace tab. Returns false (with a
    /// status message naming the file) when the file cannot be read as any of them.
    bool openDroppedFile(const QString& path);

protected:
    void closeEvent(QCloseEvent* event) override;
    void changeEvent(QEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    /// Sets every tr() text again (menus, actions, tabs, dock, caption) and redraws what is
    /// worded from the last result, without evaluating it again.
    void retranslateUi();
    void buildToolsMenu();
    void importModelConfig();
    /// The import dialog, showing `path` read in when it is not empty.
    void importModelConfigFile(const QString& path);
    void buildMenus();
    void updateViews();
    void showError(const QString& message);
    void showAbout();
    void restoreSettings();
    void saveSettings();
    void applyBannerTheme();
    void connectDisplayOptions();
    void unitsChanged(ByteUnits units);
    void fitTableHeight();
    // Presets, compare and export.
    void buildPresetsAndExport();
    void exportTierChart();
    void exportSweep();
    void exportComparison();
    void exportScenarioJson();
    void copyChartToClipboard();
    void chooseExportSize();
    void reportExport(const QString& error, const QString& what, const QString& path);

    Settings m_settings;
    DisplayOptions* m_display = nullptr; ///< units, scope, sweep axis: every view observes it
    ScenarioController* m_controller = nullptr;
    ControlsPanel* m_controls = nullptr;
    HeadlinePanel* m_headline = nullptr;
    TierChart* m_tierChart = nullptr;
    SweepChart* m_sweepChart = nullptr;
    TierTableModel* m_tableModel = nullptr;
    QTableView* m_tableView = nullptr;
    QLabel* m_banner = nullptr;
    QLabel* m_tableCaption = nullptr;
    QWidget* m_tableBox = nullptr;
    QTimer* m_fitTableTimer = nullptr; ///< row heights are refitted after a drag, not at every step
    bool m_tableFitted = false;
    QSplitter* m_mainSplitter = nullptr;
    QSplitter* m_viewSplitter = nullptr;
    QSplitter* m_chartSplitter = nullptr;
    QTabWidget* m_viewTabs = nullptr; ///< Scenario | Fleet | Sensitivity
    FleetView* m_fleetView = nullptr;
    SensitivityView* m_sensitivityView = nullptr;
    TraceView* m_traceView = nullptr;
    QActionGroup* m_scopeActions = nullptr;
    QActionGroup* m_axisActions = nullptr;
    QAction* m_advancedAction = nullptr;
    PresetPanel* m_presetPanel = nullptr;
    CompareView* m_compareView = nullptr;
    ExportOptions m_exportOptions;
    QActionGroup* m_languageActions = nullptr;
    QActionGroup* m_unitsActions = nullptr; ///< View > Units: decimal, binary
    Retranslator m_texts;                   ///< this window's own tr() texts, set again on a language change
    QUndoGroup* m_undoGroup = nullptr;      ///< Edit > Undo: the scenario's stack, or the Fleet tab's
};

} // namespace kvtiers::ui
