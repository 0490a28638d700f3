#pragma once
// SensitivityView: what moves memory demand most, for one scenario (connect
// ScenarioController::resultChanged to setScenario) or for the fleet of the Fleet tab
// (connect FleetView::sized to setFleetInput). A tornado of each variable's effect on
// one tier's demand over a range the user sets (default ±50%; the KV format moves one
// step): per server for a scenario; fleet-wide, or in GPUs, for a fleet, with the mix
// re-sized at each end (ends it cannot be sized for are named). Beside it a curve of all
// three tiers as one chosen variable sweeps with the rest held, the current value marked.
// Both charts export as PNG, SVG, PDF or CSV (SensitivityExport). Thin over
// core/Sensitivity.h: sensitivity(), scenarioCurve(), fleetSensitivity() and fleetCurve()
// do the arithmetic.

#include "core/analysis/Fleet.h"
#include "core/analysis/Sensitivity.h"
#include "core/catalog/CardCatalog.h"
#include "core/io/Units.h"
#include "core/scenario/Scenario.h"
#include "ui/common/Retranslator.h"
#include "ui/export/ChartExporter.h"

#include <QTimer>
#include <QWidget>

#include <optional>
#include <vector>

class QComboBox;
class QLabel;
class QPushButton;
class QRadioButton;
class QSpinBox;

class QHBoxLayout;
class QVBoxLayout;

namespace kvtiers::ui {

class CurveChart;
class DisplayOptions;
class TornadoChart;

class SensitivityView : public QWidget {
    Q_OBJECT
public:
    /// What the charts analyse: the current scenario, or the Fleet tab's mix.
    enum class Scope { Scenario = 0, Fleet = 1 };

    explicit SensitivityView(QWidget* parent = nullptr);

    /// The scenario to analyse; recomputes on the next event-loop turn.
    void setScenario(const Scenario& scenario);
    /// The fleet to analyse in the Fleet scope (`catalog` must outlive the view); recomputes
    /// on the next event-loop turn if that scope is shown.
    void setFleetInput(const CardCatalog& catalog, const FleetInput& input);
    void setScope(Scope scope);
    Scope scope() const;
    /// Tier shown by the tornado: 0 HBM, 1 DRAM, 2 NVMe, 3 GPUs (Fleet scope only).
    void setTier(int tier);
    /// Relative range, 0.5 for ±50%.
    void setRange(double relativeRange);
    void setCurveVariable(Variable variable);
    /// The options whose units the view shows and its radio buttons set (MainWindow's,
    /// app-wide); until set, a private default (binary). A change re-words, never recomputes.
    void setDisplayOptions(DisplayOptions* options);
    /// Size and scale of exported PNG/SVG/PDF charts.
    void setExportOptions(const ExportOptions& options) { m_exportOptions = options; }

    const std::optional<SensitivityResult>& result() const { return m_result; }
    const std::vector<CurvePoint>& curve() const { return m_curve; }
    /// The fleet tornado and curve (Fleet scope; none while the fleet cannot be sized).
    const std::optional<FleetSensitivityResult>& fleetResult() const { return m_fleetResult; }
    const std::vector<FleetCurvePoint>& fleetCurve() const { return m_fleetCurve; }
    /// The values the curve sweeps for `variable`, around the scenario's current value.
    static std::vector<double> curveValues(const Scenario& scenario, Variable variable);
    /// The values a fleet curve sweeps for `variable` (fleetCurve()'s meaning: TPOT targets
    /// for Concurrency), around the fleet's current value.
    static std::vector<double> fleetCurveValues(const FleetResult& fleet, double tpotTargetSeconds, Variable variable);
    /// Recomputes now if an update is pending (tests).
    void flush();

    /// Writes the shown tornado or curve to `path` (.png, .svg, .pdf, .csv); empty on
    /// success, else a message naming the file.
    QString writeTornado(const QString& path) const;
    QString writeCurve(const QString& path) const;

    TornadoChart* tornado() const { return m_tornado; }
    CurveChart* curveChart() const { return m_curveChart; }

public slots:
    /// Ask for a file (FileDialog) and export; failures are reported (MessageBox).
    void exportTornado();
    void exportCurve();

signals:
    void updated();
    /// After a successful export.
    void exported(const QString& path);

protected:
    void changeEvent(QEvent* event) override;

private:
    /// Sets every tr() text again (combo items keep their index) and computes the shown
    /// analysis again, so its summary and charts read in the new language.
    void buildPickers(QHBoxLayout* tornadoRow, QHBoxLayout* curveRow);
    void buildUnitsAndExport(QHBoxLayout* tornadoRow, QHBoxLayout* curveRow);
    void buildResults(QVBoxLayout* layout);
    void retranslateUi();
    void schedule();
    void updateNow();
    void updateScenario();
    void updateFleet();
    /// Show the computed result in the current units (after updateScenario/updateFleet).
    void showScenario();
    void showFleet();
    void showUnits();
    void redrawTornado();
    void scopeChanged();
    void showError(const QString& message);
    void report(const QString& title, const QString& path, const QString& error);
    Variable curveVariable() const;

    QComboBox* m_scopeCombo = nullptr;
    QComboBox* m_tierCombo = nullptr;
    QSpinBox* m_rangeSpin = nullptr;
    QComboBox* m_variableCombo = nullptr;
    QRadioButton* m_decimalButton = nullptr;
    QRadioButton* m_binaryButton = nullptr;
    QPushButton* m_exportButton = nullptr;
    QLabel* m_baseLabel = nullptr;
    QLabel* m_errorLabel = nullptr;
    QLabel* m_notesLabel = nullptr;
    TornadoChart* m_tornado = nullptr;
    CurveChart* m_curveChart = nullptr;

    std::optional<Scenario> m_scenario;
    std::optional<SensitivityResult> m_result;
    std::vector<CurvePoint> m_curve;
    const CardCatalog* m_catalog = nullptr;
    std::optional<FleetInput> m_fleetInput;
    std::optional<FleetSensitivityResult> m_fleetResult;
    std::vector<FleetCurvePoint> m_fleetCurve;
    DisplayOptions* m_display = nullptr;
    ExportOptions m_exportOptions;
    QTimer m_timer;
    Retranslator m_texts; ///< the view's tr() texts, set again on a language change
};

} // namespace kvtiers::ui
