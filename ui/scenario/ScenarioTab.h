#pragma once
// ScenarioTab: the Scenario tab's widgets and their wiring, as one controller over the
// ScenarioController. It builds the controls (in their scroll area), the error banner, the
// headline figures and the tab's page: the tier and sweep charts over the article's tier
// table, in a splitter whose state the window keeps. It feeds them every result, follows
// the DisplayOptions in its charts, and runs the File menu's scenario exports. The window
// only lays the pieces out (the controls on the left; banner, headline and tabs on the
// right) and shows message() in its status bar.

#include "ui/common/Retranslator.h"
#include "ui/export/ChartExporter.h"

#include <QObject>

class QLabel;
class QPalette;
class QScrollArea;
class QSplitter;
class QTableView;
class QTimer;

namespace kvtiers::ui {

class ControlsPanel;
class DisplayOptions;
class HeadlinePanel;
class ScenarioController;
class SweepChart;
class TierChart;
class TierTableModel;

class ScenarioTab : public QObject {
    Q_OBJECT
public:
    /// `window` parents the widgets until they are laid out, and every dialog the exports
    /// open. `controller` and `display` must outlive the tab.
    ScenarioTab(ScenarioController* controller, DisplayOptions* display, QWidget* window);

    // The pieces the window lays out.
    QScrollArea* controlsArea() const { return m_controlsArea; }
    ControlsPanel* controls() const { return m_controls; }
    QLabel* banner() const { return m_banner; }
    HeadlinePanel* headline() const { return m_headline; }
    /// The Scenario tab's page: the charts over the caption and the article's tier table.
    QSplitter* page() const { return m_pageSplitter; }
    /// The tier and sweep charts side by side.
    QSplitter* charts() const { return m_chartSplitter; }
    /// The caption and the article's tier table, under the charts.
    QWidget* tableBox() const { return m_tableBox; }
    /// Restores the page's split between charts and table (QSplitter::saveState); false when
    /// `state` is empty or unreadable, and then the table gets the height its rows need at
    /// the first result.
    bool restorePageState(const QByteArray& state);
    TierChart* tierChart() const { return m_tierChart; }
    SweepChart* sweepChart() const { return m_sweepChart; }
    TierTableModel* tableModel() const { return m_tableModel; }

    /// Size and scale of the exported charts (the window's Export size setting).
    void setExportOptions(const ExportOptions& options) { m_exportOptions = options; }
    /// Sets every tr() text again and redraws what is worded from the last result, without
    /// evaluating it again; an error banner, worded by the core, is evaluated anew.
    void retranslateUi();
    /// An error must stand out in any theme: a red tint chosen against `window`'s colour.
    void applyBannerTheme(const QPalette& window);

    // The File menu's scenario exports: each asks for a file and says in message() what it
    // wrote (a failure also in a message box).
    void exportTierChart();
    void exportSweep();
    void exportScenarioJson();
    void exportTierTable();
    /// The tier chart at the export size, scale 1, as an image on the clipboard.
    void copyTierChart();

signals:
    /// A line for the status bar, shown `timeoutMs` (0: until replaced); empty clears it.
    void message(const QString& text, int timeoutMs);

private:
    void buildControls();
    void buildBanner();
    void buildCharts();
    void buildTable();
    void connectDisplayOptions();
    void updateViews();
    /// The table has three rows: it never grows taller than they need (the charts take
    /// the rest), and scrolls when the user's split gives it less.
    void fitTableHeight();
    void showError(const QString& message);
    /// Says what an export wrote to `path`, or shows `error`.
    void reportExport(const QString& error, const QString& what, const QString& path);

    ScenarioController* m_controller;
    DisplayOptions* m_display;
    QWidget* m_window;
    QScrollArea* m_controlsArea = nullptr;
    ControlsPanel* m_controls = nullptr;
    QLabel* m_banner = nullptr;
    HeadlinePanel* m_headline = nullptr;
    QSplitter* m_pageSplitter = nullptr;
    QSplitter* m_chartSplitter = nullptr;
    TierChart* m_tierChart = nullptr;
    SweepChart* m_sweepChart = nullptr;
    QWidget* m_tableBox = nullptr;
    QLabel* m_tableCaption = nullptr;
    TierTableModel* m_tableModel = nullptr;
    QTableView* m_tableView = nullptr;
    QTimer* m_fitTableTimer = nullptr; ///< row heights are refitted after a drag, not at every step
    bool m_tableFitted = false;
    bool m_pageRestored = false; ///< the user's split was restored: the first fit keeps it
    ExportOptions m_exportOptions;
    Retranslator m_texts; ///< the tab's own tr() texts, set again on a language change
};

} // namespace kvtiers::ui
