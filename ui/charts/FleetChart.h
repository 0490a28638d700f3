#pragma once
// FleetChart: the fleet's memory demand per tier (HBM, server DRAM, NVMe), each tier one
// bar stacked by workload, in its own panel with its own byte axis (NVMe is often ~10×
// HBM: one shared axis would flatten HBM). Axes tick in binary or decimal bytes. The
// only class of the fleet view that knows QCustomPlot.

#include "core/scenario/Fleet.h"
#include "core/io/Units.h"

#include <QWidget>

#include <array>
#include <vector>

class QCustomPlot;
class QCPAxisRect;
class QCPBars;
class QCPItemText;
class QCPLegend;
class QCPTextElement;

namespace kvtiers::ui {

class FleetChart : public QWidget {
    Q_OBJECT
public:
    explicit FleetChart(QWidget* parent = nullptr);

    void setFleet(const FleetResult& fleet);
    void clear();
    void setUnits(ByteUnits units);
    ByteUnits units() const { return m_units; }

    // Read-only views of what is plotted, for tests.
    int workloadCount() const { return static_cast<int>(m_bars.size()); }
    /// Bytes of workload `entry` in tier `tier` (0 HBM, 1 DRAM, 2 NVMe), as plotted.
    double value(int tier, int entry) const;
    /// The units the tier's value axis ticks in (checks the installed ticker).
    ByteUnits axisUnits(int tier) const;
    QCustomPlot* plot() const { return m_plot; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void buildPlot();
    void ensureBars(int count);
    void rebuild();
    void applyTheme();

    QCustomPlot* m_plot = nullptr;
    QCPTextElement* m_title = nullptr;
    QCPLegend* m_legend = nullptr;
    std::array<QCPAxisRect*, 3> m_rects {};
    std::array<QCPItemText*, 3> m_totals {};
    std::vector<std::array<QCPBars*, 3>> m_bars; ///< per workload, per tier
    FleetResult m_fleet;
    bool m_hasFleet = false;
    ByteUnits m_units = ByteUnits::Binary;
};

} // namespace kvtiers::ui
