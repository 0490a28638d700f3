#pragma once
// FleetView: from traffic to memory demand, a thin view over sizeFleet().
// Inputs: a traffic mix (workload cards and their shares), the total rate in requests/s
// or tokens/day, one server profile, and the TTFT and time-per-output-token targets with
// the percentile each holds at (99 by default, or the mean).
// Outputs: GPUs, servers and HBM installed; HBM / DRAM / NVMe demand fleet-wide, per
// server and per GPU; the mix table with KV bytes per token per workload; and a chart of
// each tier's demand stacked by workload. Its units switch sets the DisplayOptions it is
// given (the app's one units setting), and a change of units re-words the last sizing in
// decimal (GB, as memory is sold) or binary (GiB) without sizing again. Sizing runs on the next event-loop
// turn after an edit (edits in one turn are batched); InputError is shown in the view.
// Every edit of the inputs is a step on the view's own undo stack (MainWindow's Edit menu
// follows it while the Fleet tab is shown), and the inputs are saved with the session
// (sessionText()/restoreSession(), through Settings).

#include "core/analysis/Fleet.h"
#include "core/catalog/CardCatalog.h"
#include "core/io/Units.h"
#include "ui/common/Retranslator.h"
#include "ui/export/ChartExporter.h"
#include "ui/fleet/FleetMixModel.h"

#include <QTimer>
#include <QWidget>

#include <optional>
#include <string>
#include <utility>
#include <vector>

class QAction;
class QComboBox;
class QDoubleSpinBox;
class QGridLayout;
class QGroupBox;
class QHBoxLayout;
class QLabel;
class QPushButton;
class QRadioButton;
class QTableView;
class QUndoStack;

namespace kvtiers::ui {

class DisplayOptions;
class FleetChart;
class FleetMixModel;

class FleetView : public QWidget {
    Q_OBJECT
public:
    enum class RateUnit { RequestsPerSecond = 0, TokensPerDay = 1 };

    /// The inputs, as the controls hold them: what an undo step and the session restore.
    struct Inputs {
        std::vector<FleetMixModel::Row> mix;
        double rate = 100;
        RateUnit rateUnit = RateUnit::RequestsPerSecond;
        std::string hardware;
        double ttftSeconds = 2.0;
        double tpotMilliseconds = 50;
        double ttftPercentile = 99; ///< kMeanPercentile (0): the mean
        double tpotPercentile = 99;
        bool operator==(const Inputs&) const = default;
    };

    /// `catalog` must outlive the view (the controller's catalog, or CardCatalog::builtin()).
    explicit FleetView(const CardCatalog& catalog, QWidget* parent = nullptr);

    /// Replaces the mix: (workload card id, share) pairs.
    void setMix(const std::vector<std::pair<std::string, double>>& mix);
    void setRate(double value, RateUnit unit);
    void setHardware(const std::string& id);
    void setTargets(double ttftSeconds, double tpotSeconds);
    /// The options whose units this view shows and whose units its radio buttons set
    /// (MainWindow's); until set, a private default (binary).
    void setDisplayOptions(DisplayOptions* options);
    ByteUnits units() const;

    /// What the view passes to sizeFleet() (for tests, and for an export).
    FleetInput input() const;
    Inputs inputs() const;
    /// Sets every input without an undo step (the undo commands, a restored session).
    void setInputs(const Inputs& inputs);
    /// The view's undo stack: one step per edit of its inputs; consecutive edits of one
    /// control within kUndoMergeWindowMs (ui/common/StateCommand.h) are one step.
    QUndoStack* undoStack() const { return m_undoStack; }
    /// The inputs as JSON, for Settings.
    QString sessionText() const;
    /// Restores inputs saved by sessionText() and clears the undo history. What cannot be
    /// restored (an unknown workload or server card, a damaged value) is left out, each
    /// named in the returned lines for the status bar; never throws.
    QStringList restoreSession(const QString& text);
    /// The last successful sizing (none while the inputs are invalid).
    const std::optional<FleetResult>& result() const { return m_result; }
    /// The core's message when sizing failed; empty otherwise.
    QString errorMessage() const { return m_error; }
    /// Sizes now if an edit is pending (tests, export).
    void flush();

    FleetMixModel* mixModel() const { return m_mixModel; }
    FleetChart* chart() const { return m_chart; }

    /// Size and scale of exported images (the app's Export size setting).
    void setExportOptions(const ExportOptions& options) { m_exportOptions = options; }
    /// Asks for a file (FileDialog) and writes the chart (png/svg/pdf) or the fleet
    /// (csv/json) in the view's units. A failure is a MessageBox naming the file.
    void exportChart();

signals:
    /// Emitted after every sizing attempt, successful or not.
    void sized();
    /// A line for the status bar (export written or failed).
    void message(const QString& text);

protected:
    void changeEvent(QEvent* event) override;

private:
    // The constructor's parts, in the order they are built.
    QGroupBox* buildInputs();
    QHBoxLayout* buildUnitsRow(QWidget* parent);
    /// A target's percentile: p0.01–p99.99, or "mean" at 0.
    QDoubleSpinBox* percentileSpin(QWidget* parent, const QString& name);
    /// A target and its percentile side by side, one form row.
    static QHBoxLayout* targetRow(QWidget* target, QWidget* percentile);
    QGroupBox* buildResults();
    QGridLayout* buildResultGrid(QWidget* parent);
    QWidget* buildMix();
    /// Sets the mix table's height to its rows (two to four), so none hides and none is blank.
    void fitMixTable();
    void buildChart();
    void connectControls();
    void setExampleMix();
    /// A label worded from `text` (marked QT_TR_NOOP), again at each language change.
    QLabel* textLabel(const char* text, QWidget* parent);
    /// Sets every tr() text again and words the last sizing anew (not sized again).
    void retranslateUi();
    void schedule();
    void sizeNow();
    void showResult();
    void showUnits();
    /// Pushes an undo step for the controls' change since the last step (none while
    /// setInputs() applies one).
    void recordEdit();
    void addSelectedWorkload();
    void removeSelectedRow();
    void reportExport(const QString& text, bool failed);

    const CardCatalog& m_catalog;
    FleetMixModel* m_mixModel = nullptr;
    QTableView* m_mixTable = nullptr;
    QComboBox* m_workloadCombo = nullptr;
    QPushButton* m_addButton = nullptr;
    QPushButton* m_removeButton = nullptr;
    QDoubleSpinBox* m_rateSpin = nullptr;
    QComboBox* m_rateUnitCombo = nullptr;
    QComboBox* m_hardwareCombo = nullptr;
    QDoubleSpinBox* m_ttftSpin = nullptr;
    QDoubleSpinBox* m_tpotSpin = nullptr;
    QDoubleSpinBox* m_ttftPercentileSpin = nullptr;
    QDoubleSpinBox* m_tpotPercentileSpin = nullptr;
    QRadioButton* m_binaryButton = nullptr;
    QRadioButton* m_decimalButton = nullptr;
    QLabel* m_errorLabel = nullptr;
    QLabel* m_gpusLabel = nullptr;
    QLabel* m_serversLabel = nullptr;
    QLabel* m_hbmInstalledLabel = nullptr;
    /// [scope][tier]: scope 0 fleet, 1 per server, 2 per GPU; tier 0 HBM, 1 DRAM, 2 NVMe.
    QLabel* m_demandLabels[3][3] = {};
    FleetChart* m_chart = nullptr;
    QPushButton* m_exportButton = nullptr;
    QAction* m_exportAction = nullptr;
    QLabel* m_exportStatus = nullptr;
    ExportOptions m_exportOptions;

    std::optional<FleetResult> m_result;
    QString m_error;
    DisplayOptions* m_display = nullptr;
    QTimer m_timer;
    Retranslator m_texts; ///< the view's tr() texts, set again on a language change
    QUndoStack* m_undoStack = nullptr;
    Inputs m_recorded;       ///< the inputs as of the last undo step
    bool m_applying = false; ///< setInputs() is moving the controls: not an edit
};

} // namespace kvtiers::ui
