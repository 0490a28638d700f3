#pragma once
// OutlookView: memory demand by year (the Outlook tab), a thin view over computeOutlook()
// and outlookTornado() (core/analysis/Outlook.h). An outlook picker (the built-in cards and
// any outlook file), the card's status (always a scenario, not a forecast), an editable
// table of the years' drivers (tokens per day in SI units, default TTFT and TPOT targets, and
// each workload's share of requests in %, headed by the workload's short name), then one chart
// at a time, each at the tab's full width: the thesis chart (each tier's needed bytes and tokens
// per day as an index against the first year), each tier's needed bytes per year in
// decimal units (EB, as memory is sold) and the last year's tornado for a chosen tier.
// Every edit of the table is a step on the view's own undo stack (MainWindow's Edit menu
// follows it while the tab is shown). Exports: the thesis chart as PNG/SVG/PDF, the years
// as CSV (core outlookCsv), and the edited outlook as a card file that opens again. The
// edited outlook saves as a named preset (PresetStore's saved outlooks), which the picker
// lists and loads back. Where a year gives the industry's bit supply, its year cell's
// tooltip gives each tier's share of it. The card's name and notes show in the UI's
// language where the card translates them.

#include "core/analysis/Outlook.h"
#include "core/catalog/CardCatalog.h"
#include "core/catalog/PresetStore.h"
#include "ui/common/Retranslator.h"
#include "ui/export/ChartExporter.h"

#include <QTimer>
#include <QWidget>

#include <optional>
#include <string>
#include <vector>

class QComboBox;
class QLabel;
class QPushButton;
class QTableWidget;
class QTabWidget;
class QTableWidgetItem;
class QUndoStack;

namespace kvtiers::ui {

class OutlookChart;
class OutlookTornadoChart;

class OutlookView : public QWidget {
    Q_OBJECT
public:
    /// `catalog` must outlive the view.
    explicit OutlookView(const CardCatalog& catalog, QWidget* parent = nullptr);

    /// Shows a built-in outlook by id (clears the undo history). False if unknown.
    bool showOutlook(const std::string& id);
    /// Reads an outlook file and shows it; empty on success, else the reader's message.
    QString openFile(const QString& path);
    /// Saves the outlook as edited under `name` in the preset store (never over another
    /// file); empty on success, else the store's message.
    QString saveAsPreset(const QString& name);
    /// Shows a saved outlook by name (clears the undo history); empty on success, else why not.
    QString showPreset(const QString& name);
    /// The saved outlooks' names, as the picker lists them.
    QStringList presetNames() const;
    /// The preset store the view saves to and reads from (its folder: PresetStore's default).
    PresetStore& presetStore() { return m_presets; }
    /// The outlook as edited.
    const OutlookCard& card() const { return m_card; }
    /// Sets the outlook without an undo step (undo/redo, a new pick).
    void setCard(const OutlookCard& card);
    /// Edits the driver in the table's cell (row = year index, column as the table's);
    /// an undo step when the value is valid and changes the card. Empty on success.
    QString editDriver(int row, int column, double value);

    QUndoStack* undoStack() const { return m_undoStack; }
    /// Computes now if an edit is pending (tests, export).
    void flush();
    const std::optional<OutlookResult>& result() const { return m_result; }
    const std::optional<OutlookTornado>& tornado() const { return m_tornado; }
    QString errorMessage() const { return m_error; }

    OutlookChart* indexChart() const { return m_indexChart; }
    OutlookChart* bytesChart() const { return m_bytesChart; }
    OutlookTornadoChart* tornadoChart() const { return m_tornadoChart; }
    QTableWidget* driversTable() const { return m_table; }
    /// The charts, one page each: growth index, bytes per year, what moves each tier.
    QTabWidget* chartTabs() const { return m_chartTabs; }

    /// Tokens per day as the table shows them, in SI units ("210 T/day" for 2.1e14).
    static QString tokensText(double tokensPerDay);
    /// Reads what a user types for tokens per day: a plain number ("2.1e14", "210000000000000")
    /// or one with an SI unit, with or without "/day" ("210 T", "210T/day", "1.5 P/day").
    static std::optional<double> parseTokens(const QString& text);
    /// A share as the table shows it ("45 %" for 0.45), and what a user types for one: a
    /// number of percent, with or without "%" ("45", "45 %", "12.5%").
    static QString shareText(double share);
    static std::optional<double> parseShare(const QString& text);

    void setExportOptions(const ExportOptions& options) { m_exportOptions = options; }
    /// Writes the thesis chart (png/svg/pdf), the years (csv) or the outlook card (json) to
    /// `path`; empty on success, else a message naming the file.
    QString exportTo(const QString& path) const;

    /// Columns of the drivers table: year, tokens per day, TTFT, TPOT, then one share per workload.
    enum Column { YearColumn = 0, TokensColumn = 1, TtftColumn = 2, TpotColumn = 3, FirstShareColumn = 4 };
    /// The workloads whose shares the table shows, in column order.
    const std::vector<std::string>& shareWorkloads() const { return m_workloads; }

signals:
    /// After every computation, successful or not.
    void computed();
    /// A line for the status bar.
    void message(const QString& text);

protected:
    void changeEvent(QEvent* event) override;

private:
    QWidget* buildHeader();
    QTabWidget* buildCharts();
    QString workloadTitle(const std::string& id) const;
    void buildTable();
    void fillTable();
    void fitTableHeight();
    void fitHeaderTitles();
    void pickChanged(int index);
    void fillPicker();
    void saveWithDialog();
    void showSupplyShares();
    void cellEdited(QTableWidgetItem* item);
    void schedule();
    void computeNow();
    void exportWithDialog();
    void retranslateUi();

    const CardCatalog& m_catalog;
    PresetStore m_presets;
    OutlookCard m_card;
    std::vector<std::string> m_workloads;
    std::optional<OutlookResult> m_result;
    std::optional<OutlookTornado> m_tornado;
    QString m_error;
    QTimer m_timer;
    bool m_filling = false;
    ExportOptions m_exportOptions;
    Retranslator m_texts;

    QComboBox* m_picker = nullptr;
    QComboBox* m_tierPicker = nullptr;
    QLabel* m_status = nullptr;
    QPushButton* m_export = nullptr;
    QPushButton* m_savePreset = nullptr;
    QTableWidget* m_table = nullptr;
    QStringList m_headerTitles; ///< each column's whole title; a word too wide for its column is elided
    QTabWidget* m_chartTabs = nullptr;
    OutlookChart* m_indexChart = nullptr;
    OutlookChart* m_bytesChart = nullptr;
    OutlookTornadoChart* m_tornadoChart = nullptr;
    QUndoStack* m_undoStack = nullptr;
};

} // namespace kvtiers::ui
