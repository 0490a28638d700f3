#pragma once
// SensitivityDocument: the Sensitivity tab's document (ui/common/Document.h): what moves
// memory demand most, for the scenario the Scenario tab shows or for the Fleet tab's mix.
// Its input is what the tab analyses (its scope, and the scenario or the fleet it follows,
// each set as a whole when the tab it comes from changes) and how (the tornado's measure,
// the range, the curve's variable); the range takes its bounds and default from the
// sensitivity options' table (Sensitivity.h), `kvtiers sensitivity --range`'s. An
// evaluation, on the GUI thread as before (about 15 scenarios, or 17 fleet sizings),
// gives the tornado and the curve: sensitivity() and scenarioCurve(), or
// fleetSensitivity() and fleetCurve(). A change of the measure only redraws: the last
// analysis is kept. Its settings are not undo steps (the tab analyses; it edits nothing).
// Exports: the tornado and the curve as PNG, SVG, PDF or CSV (SensitivityExport).

#include "core/analysis/Fleet.h"
#include "core/analysis/Sensitivity.h"
#include "core/catalog/CardCatalog.h"
#include "ui/charts/TornadoChart.h"
#include "ui/common/Document.h"
#include "ui/export/ChartExporter.h"

#include <QPointer>

#include <memory>
#include <optional>
#include <vector>

namespace kvtiers::ui {

class DisplayOptions;

/// What the tab analyses: the current scenario, or the Fleet tab's mix.
enum class SensitivityScope { Scenario = 0, Fleet = 1 };

struct SensitivityInput {
    SensitivityScope scope = SensitivityScope::Scenario;
    TornadoMeasure measure = TornadoMeasure::Hbm; ///< Gpus in the Fleet scope only
    double range = SensitivityOptions {}.range;   ///< ±share, sensitivityOptionTable()'s range
    Variable curveVariable = Variable::ReuseRate; ///< Traffic in the Fleet scope only
    /// The scenario followed, as the Scenario tab last evaluated it (a new one each time).
    std::shared_ptr<const Scenario> scenario;
    /// The Fleet tab's input followed (a new one each time it is sized).
    std::shared_ptr<const FleetInput> fleet;
    bool operator==(const SensitivityInput&) const = default;
};

/// One analysis: of the scenario (scope Scenario) or of the fleet.
struct SensitivityOutcome {
    SensitivityInput input;                  ///< what it analysed (its measure aside, which only picks what is drawn)
    std::optional<SensitivityResult> result; ///< the scenario's tornado (none before a scenario)
    std::vector<CurvePoint> curve;
    std::optional<FleetSensitivityResult> fleetResult; ///< the fleet's
    std::vector<FleetCurvePoint> fleetCurve;
};

class SensitivityDocument : public Document<SensitivityInput, SensitivityOutcome> {
    Q_OBJECT
public:
    explicit SensitivityDocument(QObject* parent = nullptr);

    // What the tab follows (no undo step; analysed again).
    void setScenario(const Scenario& scenario);
    /// The fleet to analyse in the Fleet scope (`catalog` must outlive the document).
    void setFleetInput(const CardCatalog& catalog, const FleetInput& input);
    // How it analyses (no undo step). Leaving the Fleet scope leaves its measure (GPUs)
    // and its curve variable (total traffic) too.
    void setScope(SensitivityScope scope);
    void setMeasure(TornadoMeasure measure);
    void setRange(double relativeRange);
    void setCurveVariable(Variable variable);

    /// The analysis shown: of the input in force, or nullptr while it fails (errorMessage()).
    const SensitivityOutcome* analysis() const;

    /// The values the curve sweeps for `variable`, around the scenario's current value.
    static std::vector<double> curveValues(const Scenario& scenario, Variable variable);
    /// The values a fleet curve sweeps for `variable` (fleetCurve()'s meaning: TPOT targets
    /// for Concurrency), around the fleet's current value.
    static std::vector<double> fleetCurveValues(const FleetResult& fleet, double tpotTargetSeconds, Variable variable);

    /// The app's units, which exports draw in; until set, binary.
    void setDisplayOptions(DisplayOptions* options);
    void setExportOptions(const ExportOptions& options) { m_exportOptions = options; }
    /// Writes the tornado (in the input's measure) or the curve to `path` (.png, .svg,
    /// .pdf, .csv); empty on success, else a message naming the file.
    QString writeTornado(const QString& path) const;
    QString writeCurve(const QString& path) const;

    QList<DocumentExport> exports() const override;

protected:
    SensitivityOutcome compute(const SensitivityInput& input, const ComputeControl& control) override;

private:
    SensitivityOutcome analyseScenario(const SensitivityInput& input) const;
    SensitivityOutcome analyseFleet(const SensitivityInput& input) const;
    ByteUnits units() const;

    const CardCatalog* m_catalog = nullptr;
    QPointer<DisplayOptions> m_display;
    ExportOptions m_exportOptions;
};

} // namespace kvtiers::ui
