#pragma once
// CurveChart: a scenario curve: demand per server in each tier (HBM, DRAM,
// NVMe) as one variable sweeps with the others held, e.g. DRAM as the prefix-cache hit
// rate goes from 0 to 90%, or HBM as KV moves from 16 to 8 to 4 bits; or a fleet's
// demand in each tier, fleet-wide, as the variable moves on every workload of the mix
// (points the fleet cannot be sized for leave a gap). The current value of the variable
// is marked. Points come from scenarioCurve() or fleetCurve().

#include "core/analysis/Sensitivity.h"
#include "core/cards/Tier.h"
#include "core/io/Units.h"
#include "ui/charts/ChartBase.h"

#include <QVector>

#include <vector>

class QCustomPlot;
class QCPGraph;
class QCPItemStraightLine;
class QCPItemText;
class QCPTextElement;

namespace kvtiers::ui {

class CurveChart : public ChartBase {
    Q_OBJECT
public:
    explicit CurveChart(QWidget* parent = nullptr);

    void setCurve(Variable variable, const std::vector<CurvePoint>& points, double currentValue,
        ByteUnits units = ByteUnits::Binary);
    /// Fleet-wide demand; infeasible points are NaN (a gap in the lines).
    void setFleetCurve(Variable variable, const std::vector<FleetCurvePoint>& points, double currentValue,
        ByteUnits units = ByteUnits::Binary);

    // What is plotted (for tests).
    int pointCount() const;
    /// Demand of `tier` at point `i`.
    double valueAt(Tier tier, int i) const;
    double keyAt(int i) const;
    double currentValue() const { return m_current; }
    /// Where the prefix cache switches on: demand in a tier steps from 0 at a hit rate of
    /// 0% (nothing reused, nothing kept) to the next point's; the chart marks the step and
    /// its tooltip says why in one sentence. Empty when the curve has no such step.
    QString stepNote() const;
    /// The step's right end (the first hit rate above 0), or NaN without a step.
    double stepAt() const;
    QString toolTipTextAt(const QPoint& pos) const override;

protected:
    void themeChanged(const QPalette& palette) override;
    void redraw() override { draw(); }

private:
    /// Keeps the curve and draws it in `units`.
    void setCurveData(Variable variable, const QVector<double>& keys, const PerTier<std::vector<double>>& values,
        double currentValue, ByteUnits units);
    /// Draws the curve last set, in units().
    void draw();

    Variable m_variable = Variable::Context;
    QVector<double> m_keys;
    PerTier<std::vector<double>> m_values;
    PerTier<QCPGraph*> m_graphs {};
    QCPItemStraightLine* m_marker = nullptr;
    QCPItemText* m_markerLabel = nullptr;
    QCPItemText* m_stepLabel = nullptr; ///< "ⓘ" at the top of the cache's step
    double m_current = 0;
    bool m_fleet = false;
};

} // namespace kvtiers::ui
