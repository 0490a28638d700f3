#pragma once
// TornadoChart: what moves one tier's demand most. One row per variable of the
// article's list, two horizontal bars from zero: the change in the tier's demand per
// server (one scenario) or fleet-wide (a fleet; also the GPU count) when the variable is
// moved down (low end) and up (high end), the others held. Rows are sorted by the effect
// on the shown tier, largest at the top. An end the fleet cannot be sized for has no bar
// and says so. Data come straight from SensitivityResult or FleetSensitivityResult
// (core/Sensitivity.h); this class only draws them.

#include "core/analysis/Sensitivity.h"
#include "core/cards/Tier.h"
#include "core/io/Units.h"
#include "ui/charts/ChartBase.h"

#include <optional>
#include <vector>

class QCustomPlot;
class QCPBars;
class QCPItemText;
class QCPTextElement;

namespace kvtiers::ui {

/// What a tornado's bars measure: one tier's demand, or (a fleet) the GPUs it needs.
enum class TornadoMeasure { Hbm, Dram, Ssd, Gpus };

/// The measure of a tier's demand.
constexpr TornadoMeasure tornadoMeasure(Tier tier)
{
    return tier == Tier::Hbm ? TornadoMeasure::Hbm : tier == Tier::Dram ? TornadoMeasure::Dram : TornadoMeasure::Ssd;
}

/// The tier a measure reads, or nullopt for GPUs.
constexpr std::optional<Tier> measuredTier(TornadoMeasure measure)
{
    switch (measure) {
    case TornadoMeasure::Hbm:
        return Tier::Hbm;
    case TornadoMeasure::Dram:
        return Tier::Dram;
    case TornadoMeasure::Ssd:
        return Tier::Ssd;
    case TornadoMeasure::Gpus:
        break;
    }
    return std::nullopt;
}

class TornadoChart : public ChartBase {
    Q_OBJECT
public:
    explicit TornadoChart(QWidget* parent = nullptr);

    /// Demand per server of `tier`.
    void setResult(const SensitivityResult& result, Tier tier, ByteUnits units = ByteUnits::Binary);
    /// Fleet-wide bytes of a tier, or the GPUs.
    void setFleetResult(
        const FleetSensitivityResult& result, TornadoMeasure measure, ByteUnits units = ByteUnits::Binary);

    // What is plotted, top row first (for tests and tooltips).
    int rowCount() const { return static_cast<int>(m_rows.size()); }
    Variable variableAt(int row) const { return m_rows.at(static_cast<size_t>(row)).variable; }
    double lowDeltaAt(int row) const;
    double highDeltaAt(int row) const;
    /// False where that end of the row could not be sized (a fleet only); its delta is 0.
    bool lowFeasibleAt(int row) const { return m_rows.at(static_cast<size_t>(row)).lowFeasible; }
    bool highFeasibleAt(int row) const { return m_rows.at(static_cast<size_t>(row)).highFeasible; }
    QString rowLabelAt(int row) const { return m_rows.at(static_cast<size_t>(row)).label; }
    bool isFleet() const { return m_fleet; }

    /// A fleet's figure that `measure` reads: a tier's bytes, or the GPUs.
    static double fleetMeasureValue(const FleetDemand& d, TornadoMeasure measure);
    /// "Average input context (64K → 192K)": a row's label with its low and high values.
    QString rowLabel(const SensitivityBar& bar) const;
    /// A fleet row's label; active sequences also name the TPOT targets that set them.
    QString rowLabel(const FleetSensitivityBar& bar) const;

protected:
    void themeChanged(const QPalette& palette) override;
    void redraw() override;
    void resizeEvent(QResizeEvent* event) override;

private:
    /// One row as drawn: deltas on the shown tier.
    struct Row {
        Variable variable;
        QString label;
        double low = 0, high = 0;
        bool lowFeasible = true, highFeasible = true;
        size_t bar = 0; ///< index in m_bars or m_fleetBars (draw() sorts the rows)
    };
    void draw();
    /// Rewrites each row's label from its bar in units() and the UI language.
    void relabelRows();
    /// A row's label as drawn: two lines, or one where rows are too short for two.
    QString shownLabel(const Row& row) const;
    /// The key axis' ticks: each row's shownLabel().
    void setRowTicks();
    /// Chooses one-line or two-line row labels for the laid-out panel's height.
    void fitRowLabels();
    /// Sets the value axis so the longest bar and its label fit the plot's current width.
    void fitValueRange();
    /// The value axis' label: the tier and its base value, in units().
    void setAxisLabel();

    QCPBars* m_lowBars = nullptr;
    QCPBars* m_highBars = nullptr;
    std::vector<QCPItemText*> m_valueLabels;
    std::vector<Row> m_rows;
    std::vector<SensitivityBar> m_bars;           ///< a scenario's rows, as given (m_fleet false)
    std::vector<FleetSensitivityBar> m_fleetBars; ///< a fleet's rows, as given (m_fleet true)
    TornadoMeasure m_measure = TornadoMeasure::Hbm;
    bool m_fleet = false;
    bool m_oneLineLabels = false; ///< rows too short for two-line labels (fitRowLabels)
    double m_extent = 1;          ///< the largest |delta| shown
    double m_base = 0;            ///< the shown tier's base value (bytes, or GPUs)
    double m_baseServers = 0;     ///< a fleet's servers at the base
};

} // namespace kvtiers::ui
