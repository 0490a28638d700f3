#pragma once
// MainWindow: the desktop app. Controls on the left; on the right the headline figures,
// the tier-occupancy and sweep charts, and the article's tier table, all views of one
// ScenarioController. Owns menus, shortcuts and persisted window state (Settings).

#include "Settings.h"

#include <QMainWindow>

class QAction;
class QActionGroup;
class QLabel;
class QSplitter;
class QTableView;

namespace kvtiers::ui {

class ControlsPanel;
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

protected:
    void closeEvent(QCloseEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void buildMenus();
    void updateViews();
    void showError(const QString& message);
    void showAbout();
    void restoreSettings();
    void saveSettings();
    void applyBannerTheme();
    void fitTableHeight();

    Settings m_settings;
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
    QSplitter* m_mainSplitter = nullptr;
    QSplitter* m_viewSplitter = nullptr;
    QSplitter* m_chartSplitter = nullptr;
    QActionGroup* m_scopeActions = nullptr;
    QActionGroup* m_axisActions = nullptr;
    QAction* m_advancedAction = nullptr;
};

} // namespace kvtiers::ui
