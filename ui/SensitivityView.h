#pragma once
// SensitivityView: what moves memory demand most (issue 9), for one scenario given by the
// caller (connect ScenarioController::resultChanged to setScenario). A tornado of each
// variable's effect on one tier's demand per server over a range the user sets (default
// ±50%; the KV format moves one step), and a scenario curve of all three tiers as one
// chosen variable sweeps with the rest held, the current value marked. Thin over
// core/Sensitivity.h: sensitivity() and scenarioCurve() do the arithmetic.

#include "Scenario.h"
#include "Sensitivity.h"
#include "Units.h"

#include <QTimer>
#include <QWidget>

#include <optional>
#include <vector>

class QComboBox;
class QLabel;
class QRadioButton;
class QSpinBox;

namespace kvtiers::ui {

class CurveChart;
class TornadoChart;

class SensitivityView : public QWidget {
    Q_OBJECT
public:
    explicit SensitivityView(QWidget* parent = nullptr);

    /// The scenario to analyse; recomputes on the next event-loop turn.
    void setScenario(const Scenario& scenario);
    /// Tier shown by the tornado: 0 HBM, 1 DRAM, 2 NVMe.
    void setTier(int tier);
    /// Relative range, 0.5 for ±50%.
    void setRange(double relativeRange);
    void setCurveVariable(Variable variable);
    void setUnits(ByteUnits units);

    const std::optional<SensitivityResult>& result() const { return m_result; }
    const std::vector<CurvePoint>& curve() const { return m_curve; }
    /// The values the curve sweeps for `variable`, around the scenario's current value.
    static std::vector<double> curveValues(const Scenario& scenario, Variable variable);
    /// Recomputes now if an update is pending (tests).
    void flush();

    TornadoChart* tornado() const { return m_tornado; }
    CurveChart* curveChart() const { return m_curveChart; }

signals:
    void updated();

private:
    void schedule();
    void updateNow();
    void redrawTornado();

    QComboBox* m_tierCombo = nullptr;
    QSpinBox* m_rangeSpin = nullptr;
    QComboBox* m_variableCombo = nullptr;
    QRadioButton* m_decimalButton = nullptr;
    QRadioButton* m_binaryButton = nullptr;
    QLabel* m_baseLabel = nullptr;
    QLabel* m_errorLabel = nullptr;
    TornadoChart* m_tornado = nullptr;
    CurveChart* m_curveChart = nullptr;

    std::optional<Scenario> m_scenario;
    std::optional<SensitivityResult> m_result;
    std::vector<CurvePoint> m_curve;
    ByteUnits m_units = ByteUnits::Binary;
    QTimer m_timer;
};

} // namespace kvtiers::ui
