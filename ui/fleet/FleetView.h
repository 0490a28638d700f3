#pragma once
// FleetView: the Fleet tab, a view of its document (FleetDocument): from traffic to memory
// demand. Across the top the traffic mix (FleetMixEditor); under it the traffic and
// targets, what the fleet needs (FleetResultsPanel) and a chart of each tier's demand
// stacked by workload (FleetChart). Each control shows the document's input and turns a
// change into an edit of it; the controls' ranges and defaults are the fleet's option
// table's (FleetOptions.h), so the tab accepts what `kvtiers fleet` accepts. The units
// are the app's one setting (DisplayOptions); a change re-words the last sizing. Export…
// writes the chart (PNG, SVG, PDF) or the fleet (CSV, JSON) through the document.

#include "core/analysis/Fleet.h"
#include "core/io/Units.h"
#include "ui/common/Retranslator.h"
#include "ui/export/ChartExporter.h"
#include "ui/fleet/FleetDocument.h"

#include <QWidget>

#include <optional>
#include <string>
#include <utility>
#include <vector>

class QAction;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QGroupBox;
class QHBoxLayout;
class QLabel;
class QUndoStack;

namespace kvtiers::ui {

class DisplayOptions;
class FleetChart;
class FleetMixEditor;
class FleetMixModel;
class FleetResultsPanel;

class FleetView : public QWidget {
    Q_OBJECT
public:
    using Inputs = FleetInputs;
    using RateUnit = FleetRateUnit;

    /// `document` must outlive the view.
    explicit FleetView(FleetDocument* document, QWidget* parent = nullptr);

    FleetDocument* document() const { return m_document; }

    // The document's edits (each one undo step), for tests and the window.
    void setMix(const std::vector<std::pair<std::string, double>>& mix) { m_document->setMix(mix); }
    void setRate(double value, RateUnit unit) { m_document->setRate(value, unit); }
    void setHardware(const std::string& id) { m_document->setHardware(id); }
    void setTargets(double ttftSeconds, double tpotSeconds) { m_document->setTargets(ttftSeconds, tpotSeconds); }
    void setLayout(const std::optional<DisaggregatedLayout>& layout) { m_document->setLayout(layout); }

    /// The options whose units this view shows and its radio buttons set (MainWindow's);
    /// until set, a private default (binary).
    void setDisplayOptions(DisplayOptions* options);
    ByteUnits units() const;

    // The document's state, as the view shows it.
    FleetInput input() const { return m_document->fleetInput(); }
    const Inputs& inputs() const { return m_document->input(); }
    QUndoStack* undoStack() const { return m_document->undoStack(); }
    /// The sizing shown, or nullptr while the inputs cannot be sized.
    const FleetResult* result() const { return m_document->sizing(); }
    QString errorMessage() const { return m_document->errorMessage(); }
    /// Sizes now if an edit is pending (tests, export).
    void flush() { m_document->flush(); }
    /// The document's session (Settings): its inputs as text, and restored from it.
    QString sessionText() const { return m_document->sessionText(); }
    QStringList restoreSession(const QString& text) { return m_document->restoreSession(text); }

    FleetMixModel* mixModel() const;
    FleetChart* chart() const { return m_chart; }

    /// Size and scale of exported images (the app's Export size setting).
    void setExportOptions(const ExportOptions& options) { m_document->setExportOptions(options); }
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
    /// The total rate and its unit, one form row.
    QHBoxLayout* buildRateRow(QWidget* parent);
    /// A target in seconds (or ms) with the option's range, and its percentile beside it.
    QDoubleSpinBox* targetSpin(
        QWidget* parent, const QString& name, const char* key, double scale, const QString& unit);
    /// The layout (colocated, or prefill and decode pools) and, shown only when split, its
    /// three choices, as rows of `form` (FleetLayoutRows.cpp).
    void buildLayoutRows(QFormLayout* form, QWidget* parent);
    void connectLayoutControls();
    /// The document's layout in its controls; the split's rows shown only when split.
    void showLayout();
    void buildChart();
    void connectControls();
    /// The document's input in the controls (only those that differ are set).
    void showInputs();
    /// The document's last sizing in the chart.
    void showSizing();
    /// The document's input with `change` applied, as one edit.
    template <typename Change> void edit(const Change& change)
    {
        FleetInputs next = m_document->input();
        change(next);
        m_document->change(next);
    }
    void reportExport(const QString& text, bool failed);

    FleetDocument* m_document;
    FleetMixEditor* m_mixEditor = nullptr;
    FleetResultsPanel* m_results = nullptr;
    QDoubleSpinBox* m_rateSpin = nullptr;
    QComboBox* m_rateUnitCombo = nullptr;
    QComboBox* m_hardwareCombo = nullptr;
    QDoubleSpinBox* m_ttftSpin = nullptr;
    QDoubleSpinBox* m_tpotSpin = nullptr;
    QDoubleSpinBox* m_ttftPercentileSpin = nullptr;
    QDoubleSpinBox* m_tpotPercentileSpin = nullptr;
    QFormLayout* m_form = nullptr;
    QComboBox* m_layoutCombo = nullptr;
    QComboBox* m_firstTokenCombo = nullptr;
    QDoubleSpinBox* m_overlapSpin = nullptr;
    QComboBox* m_cacheAtCombo = nullptr;
    QLabel* m_firstTokenLabel = nullptr;
    QLabel* m_cacheAtLabel = nullptr;
    QHBoxLayout* m_handoffRow = nullptr; ///< the overlap and the cache's place, shown only when split
    FleetChart* m_chart = nullptr;
    QAction* m_exportAction = nullptr;
    DisplayOptions* m_display = nullptr;
    Retranslator m_texts; ///< the view's tr() texts, set again on a language change
};

} // namespace kvtiers::ui
