#pragma once
// FleetChart: the fleet's memory demand per tier (HBM, server DRAM, NVMe), each tier one
// bar stacked by workload, in its own panel with its own byte axis (NVMe is often ~10×
// HBM: one shared axis would flatten HBM). Axes tick in binary or decimal bytes. A long
// mix's legend makes the chart taller rather than its panels shorter, and the wheel over
// the chart scrolls the view it sits in. The only class of the fleet view that knows
// QCustomPlot.

#include "core/analysis/Fleet.h"
#include "core/cards/Tier.h"
#include "core/io/Units.h"
#include "ui/charts/ChartBase.h"

#include <vector>

class QCustomPlot;
class QCPAxisRect;
class QCPBars;
class QCPItemText;
class QCPLegend;
class QCPTextElement;

namespace kvtiers {
class CardCatalog;
}

namespace kvtiers::ui {

class FleetChart : public ChartBase {
    Q_OBJECT
public:
    explicit FleetChart(QWidget* parent = nullptr);

    void setFleet(const FleetResult& fleet);
    void clear();
    /// Where the legend finds each workload's card name (its user cards included); the
    /// built-in cards until set. A workload no catalog holds shows its id.
    void setCatalog(const CardCatalog* catalog) { m_catalog = catalog; }
    /// The legend's text for workload `entry`: its card's short name and its model's.
    QString entryName(int entry) const;
    /// Workload `id`'s card name in the UI language (its head only when `shortName`), or
    /// the id where `catalog` holds no such card.
    static QString workloadName(const CardCatalog& catalog, const std::string& id, bool shortName);

    // Read-only views of what is plotted, for tests.
    int workloadCount() const { return static_cast<int>(m_bars.size()); }
    /// Bytes of workload `entry` in `tier`, as plotted.
    double value(Tier tier, int entry) const;
    /// The units the tier's value axis ticks in (checks the installed ticker).
    ByteUnits axisUnits(Tier tier) const;

protected:
    void themeChanged(const QPalette& palette) override;
    void redraw() override { rebuild(); }
    /// Hands the mouse wheel to whatever scrolls the chart (the plot does not zoom).
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void buildPlot();
    void ensureBars(int count);
    void rebuild();
    /// At least the panels' minimum height plus the title and legend as laid out, so a
    /// long mix makes the chart taller (its view scrolls) instead of squashing the bars.
    void fitHeight();

    QCPLegend* m_legend = nullptr;
    PerTier<QCPAxisRect*> m_rects {};
    PerTier<QCPItemText*> m_totals {};
    std::vector<PerTier<QCPBars*>> m_bars; ///< per workload, per tier
    FleetResult m_fleet;
    bool m_hasFleet = false;
    const CardCatalog* m_catalog = nullptr;
};

} // namespace kvtiers::ui
