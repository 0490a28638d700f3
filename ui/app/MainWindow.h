#pragma once
// MainWindow: the desktop app. Controls on the left; on the right the headline figures,
// the tier-occupancy and sweep charts, and the article's tier table, all views of one
// ScenarioController. Owns menus, shortcuts and persisted window state (Settings).

#include "ui/export/ChartExporter.h"
#include "ui/app/Settings.h"

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
    /// changes, installs its translator and replaces this window with a new one built in
    /// that language, showing the same scenario, geometry and view choices (the undo
    /// history starts afresh). Rebuilding rather than retranslating each widget in place
    /// keeps every widget and menu, present and future, correct with no per-widget code.
    /// Returns the window now shown (this one if nothing had to change); the replaced
    /// window hides, and closes (deleting itself) if it has Qt::WA_DeleteOnClose.
    MainWindow* switchLanguage(const QString& setting);

signals:
    /// Emitted by switchLanguage() when `next` has replaced this window.
    void replacedBy(kvtiers::ui::MainWindow* next);

protected:
    void closeEvent(QCloseEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void buildToolsMenu();
    void importModelConfig();
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
    QTabWidget* m_viewTabs = nullptr;      ///< Scenario | Fleet | Sensitivity
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
    QUndoGroup* m_undoGroup = nullptr; ///< Edit > Undo: the scenario's stack, or the Fleet tab's
    bool m_replaced = false; ///< replaced by switchLanguage(): its successor owns the settings
};

} // namespace kvtiers::ui
