#pragma once
// MainWindow: the desktop app's shell. It lays out the Scenario tab's controls on the left
// (a fixed dock, with the Presets panel docked under them) and, on the right, the headline
// figures over the view tabs (Scenario, with the article's tier table under its charts,
// Fleet, Sensitivity, Trace); each tab wires its own views to the one ScenarioController.
// Every tab's page scrolls, so the window's minimum size stays within a laptop's screen in
// every state. The window owns the menus (MainMenus.cpp), the presets dock, the status
// bar, the display options and the persisted window state (Settings).

#include "ui/common/Retranslator.h"
#include "ui/common/Settings.h"
#include "ui/export/ChartExporter.h"

#include <QMainWindow>

#include <array>

class QAction;
class QActionGroup;
class QDockWidget;
class QMenu;
class QTabWidget;
class QUndoGroup;
class QUndoStack;

namespace kvtiers::ui {

class CompareView;
class DisplayOptions;
class DocumentBase;
struct DocumentExport;
class FleetDocument;
class FleetView;
class OutlookView;
class PresetPanel;
class ScenarioController;
class ScenarioTab;
class SensitivityDocument;
class SensitivityView;
class TierTableModel;
class LoadDocument;
class TraceView;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    /// The tabs under the headline figures, in their order.
    enum class ViewTab { Scenario, Fleet, Sensitivity, Trace, Outlook };

    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    /// The scenario state behind every view (read it, or connect to its signals, in tests).
    ScenarioController* controller() const { return m_controller; }
    TierTableModel* tierTableModel() const;
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
    void resizeEvent(QResizeEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void buildLayout();
    void buildTabs(QWidget* parent);
    void buildPresets();
    /// Feeds the tab shown what only it computes, and points Edit > Undo at its history.
    void followCurrentTab();
    QWidget* tabPage(ViewTab tab) const { return m_tabPages[static_cast<size_t>(tab)]; }
    bool isShown(ViewTab tab) const;
    void showTab(ViewTab tab);
    /// Sets every tr() text again (menus, actions, tabs, dock, caption) and redraws what is
    /// worded from the last result, without evaluating it again.
    void retranslateUi();
    void updateTitle();
    void showStatus(const QString& text, int timeoutMs);
    /// An undo or redo on `stack` says in the status bar which step it took back or did again.
    void followUndo(QUndoStack* stack);
    void showAbout();
    void restoreSettings();
    /// The Fleet tab with every workload split into prefill and decode pools, the prefix
    /// cache on the prefill servers or (`cacheAtDecode`) the decode servers.
    void showSplitFleet(bool cacheAtDecode);
    /// Enters `states` one after another ("presets", "warnings", "ko", "en", "tab=fleet",
    /// "outlook=ID", "outlookpage=N", "workload=ID", "advanced" (the Advanced controls
    /// open), "trace=PATH" then "Use this trace", "loadinput=KEY:TEXT" (typed into an Under
    /// load field), "load" or "load=P+D" (Under load replayed, split P + D), "fleet=split" (the
    /// Fleet tab split into prefill and decode pools; "fleet=split:decode" with the prefix
    /// cache on the decode servers)), each announced on
    /// stderr with the window's minimum and actual size once settled. Read from
    /// KVTIERS_WINDOW_STATES at start, for scripts/check-window and screenshots: a test seam,
    /// not a user option.
    void enterStates(QStringList states);
    void saveSettings();
    void unitsChanged(ByteUnits units);
    void chooseExportSize();
    /// The import dialog (Tools > Import config.json), showing `path` read in when it is
    /// not empty (a dropped file).
    void importModelConfigFile(const QString& path);

    // The menus (MainMenus.cpp).
    void buildMenus();
    void buildFileMenu();
    void addFileActions(QMenu* file);
    /// File > Export from <tab>: one submenu per tab document, filled as it opens with
    /// what the document's exports() offers then.
    void addDocumentExports(QMenu* file);
    void fillExportMenu(QMenu* menu, DocumentBase* document);
    /// Asks where to write `entry` (its formats as the dialog's filters) and writes it.
    void exportFromDocument(const DocumentExport& entry);
    void buildEditMenu();
    void buildViewMenu();
    void addViewChoices(QMenu* view);
    void buildUnitsMenu(QMenu* view);
    void buildLanguageMenu(QMenu* view);
    void buildToolsMenu();
    void buildHelpMenu();
    /// The menus' checked choices follow the display options, however they were set.
    void connectMenuChoices();

    Settings m_settings;
    DisplayOptions* m_display = nullptr; ///< units, scope, sweep axis: every view observes it
    ScenarioController* m_controller = nullptr;
    ScenarioTab* m_scenarioTab = nullptr;
    QDockWidget* m_controlsDock = nullptr; ///< the controls' column, fixed on the left
    QTabWidget* m_viewTabs = nullptr;
    std::array<QWidget*, 5> m_tabPages = {}; ///< each ViewTab's page
    FleetView* m_fleetView = nullptr;
    FleetDocument* m_fleetDocument = nullptr; ///< the Fleet tab's inputs, sizing and undo history
    OutlookView* m_outlookView = nullptr;
    SensitivityView* m_sensitivityView = nullptr;
    SensitivityDocument* m_sensitivityDocument = nullptr; ///< what the Sensitivity tab analyses, and its analysis
    TraceView* m_traceView = nullptr;
    LoadDocument* m_loadDocument = nullptr; ///< the Trace tab's Under load view's document
    QDockWidget* m_presetDock = nullptr;
    PresetPanel* m_presetPanel = nullptr;
    CompareView* m_compareView = nullptr;
    ExportOptions m_exportOptions;
    QActionGroup* m_scopeActions = nullptr;
    QActionGroup* m_axisActions = nullptr;
    QAction* m_advancedAction = nullptr;
    QActionGroup* m_unitsActions = nullptr; ///< View > Units: decimal, binary
    QActionGroup* m_languageActions = nullptr;
    QUndoGroup* m_undoGroup = nullptr; ///< Edit > Undo: the scenario's stack, or the Fleet tab's
    Retranslator m_texts;              ///< this window's own tr() texts, set again on a language change
};

} // namespace kvtiers::ui
