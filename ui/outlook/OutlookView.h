#pragma once
// OutlookView: memory demand by year (the Outlook tab), the view of an OutlookDocument
// (OutlookDocument.h: the card as edited, its undo history, the sizing of its years and the
// last year's tornado). From the top: an outlook picker (the built-in cards, the saved
// outlooks, any outlook file), the card's status (always a scenario, not a forecast; its
// notes in the tooltip, in the UI's language where the card translates them), Save as
// preset and Export; the drivers, one page at a time under a tab bar: Traffic (tokens per
// day, the year's default targets, the workload mix: OutlookDriversTable), one page per
// workload of the mix (its context, output, reuse, KV format, model and targets, and in a year
// driven by demand its requests and sessions a day: OutlookWorkloadTable) and Hardware (the
// hardware mix: OutlookHardwareTable); then the charts, one page at a time (OutlookChartsPage),
// with the card's sources (OutlookSourcesPanel) and the Supply page (needed, provisioned and
// shipped per tier or per HBM generation: OutlookSupplyPanel). MainWindow's Edit menu follows
// the document's undo stack while the tab is shown. Export writes what the document's exports() offer.

#include "core/catalog/CardCatalog.h"
#include "ui/common/Retranslator.h"
#include "ui/outlook/OutlookChartsPage.h"
#include "ui/outlook/OutlookDocument.h"
#include "ui/outlook/OutlookDriversTable.h"
#include "ui/outlook/OutlookHardwareTable.h"
#include "ui/outlook/OutlookSourcesPanel.h"
#include "ui/outlook/OutlookSupplyPanel.h"
#include "ui/outlook/OutlookWorkloadTable.h"

#include <QWidget>

#include <string>
#include <vector>

class QComboBox;
class QLabel;
class QPushButton;
class QTabBar;

namespace kvtiers::ui {

class OutlookView : public QWidget {
    Q_OBJECT
public:
    /// `catalog` must outlive the view.
    explicit OutlookView(const CardCatalog& catalog, QWidget* parent = nullptr);

    OutlookDocument* document() const { return m_document; }

    /// Shows a built-in outlook by id (clears the undo history) and picks it. False if unknown.
    bool showOutlook(const std::string& id);
    /// Reads an outlook file and shows it; empty on success, else the reader's message.
    QString openFile(const QString& path);
    /// Saves the outlook as edited under `name` and picks it; empty on success, else why not.
    QString saveAsPreset(const QString& name);
    /// Shows a saved outlook by name (clears the undo history) and picks it; empty on success.
    QString showPreset(const QString& name);

    OutlookDriversTable* driversTable() const { return m_table; }
    /// The drivers' pages: Traffic (driversTable), one per workload (workloadTable showing
    /// it), Hardware (hardwareTable).
    QTabBar* driverPages() const { return m_driverPages; }
    OutlookWorkloadTable* workloadTable() const { return m_workloadTable; }
    OutlookHardwareTable* hardwareTable() const { return m_hardwareTable; }
    /// Shows the Workloads page of `workload` (an id of the mix); false if it is not in it.
    bool showWorkloadDrivers(const std::string& workload);
    void showHardwareDrivers();
    /// The charts, one page each: growth index, bytes per year, what moves each tier.
    OutlookChartsPage* chartTabs() const { return m_charts; }
    OutlookChart* indexChart() const { return m_charts->indexChart(); }
    OutlookChart* bytesChart() const { return m_charts->bytesChart(); }
    OutlookTornadoChart* tornadoChart() const { return m_charts->tornadoChart(); }
    /// The card's sources, a page beside the charts.
    OutlookSourcesPanel* sourcesPanel() const { return m_sources; }
    OutlookSupplyPanel* supplyPanel() const { return m_supply; }

signals:
    /// A line for the status bar.
    void message(const QString& text);

protected:
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    QWidget* buildHeader();
    void fillPicker();
    void pickPreset(const QString& name);
    void pickChanged(int index);
    void saveWithDialog();
    void exportWithDialog();
    void showStatus();
    QWidget* buildDrivers();
    void fillDriverPages();
    void driverPageChanged(int index);

    OutlookDocument* m_document;
    Retranslator m_texts;
    QComboBox* m_picker = nullptr;
    QLabel* m_status = nullptr;
    QPushButton* m_export = nullptr;
    QPushButton* m_savePreset = nullptr;
    OutlookDriversTable* m_table = nullptr;
    QTabBar* m_driverPages = nullptr;
    OutlookWorkloadTable* m_workloadTable = nullptr;
    OutlookHardwareTable* m_hardwareTable = nullptr;
    std::vector<std::string> m_pageWorkloads; ///< the workload of each Workloads tab, in order
    OutlookChartsPage* m_charts = nullptr;
    OutlookSourcesPanel* m_sources = nullptr;
    OutlookSupplyPanel* m_supply = nullptr;
};

} // namespace kvtiers::ui
