#pragma once
// FleetChart: the fleet's memory demand per tier (HBM, server DRAM, NVMe), each tier one
// bar stacked by workload, in its own panel with its own byte axis (NVMe is often ~10×
// HBM: one shared axis would flatten HBM). A fleet split into prefill and decode pools
// (FleetPools.h) shows two bars per tier, the prefill pool's and the decode pool's, each
// stacked by workload and topped by its total: where the DRAM/SSD prefix cache lives is
// where its bar stands. Axes tick in binary or decimal bytes. A long
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

    /// The two bars of a split fleet.
    enum class Pool { Prefill, Decode };

    // Read-only views of what is plotted, for tests.
    int workloadCount() const { return static_cast<int>(m_bars.size()); }
    /// Bytes of workload `entry` in `tier`, as plotted (a colocated fleet's one bar).
    double value(Tier tier, int entry) const;
    /// Whether the bars are the two pools' (the fleet is split).
    bool showsPools() const { return m_hasFleet && m_fleet.layout.has_value(); }
    /// Bytes of workload `entry` in `tier` in `pool`'s bar, as plotted (0 when colocated).
    double poolValue(Tier tier, Pool pool, int entry) const;
    /// The total written over a bar: the colocated fleet's (`pool` ignored) or the pool's.
    QString totalText(Tier tier, Pool pool = Pool::Prefill) const;
    /// The tick labels under `tier`'s panel, left to right.
    QStringList barLabels(Tier tier) const;
    /// The units the tier's value axis ticks in (checks the installed ticker).
    ByteUnits axisUnits(Tier tier) const;

protected:
    void themeChanged(const QPalette& palette) override;
    void redraw() override { rebuild(); }
    /// Hands the mouse wheel to whatever scrolls the chart (the plot does not zoom).
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void buildPlot();
    /// Each panel's bottom axis: the tier's name under one bar, or "Prefill" and "Decode"
    /// under the pools' two with the tier's name as the axis label.
    void setupPanelAxes();
    void ensureBars(int count);
    void rebuild();
    /// At least the panels' minimum height plus the title and legend as laid out, so a
    /// long mix makes the chart taller (its view scrolls) instead of squashing the bars.
    void fitHeight();

    QCPLegend* m_legend = nullptr;
    PerTier<QCPAxisRect*> m_rects {};
    PerTier<QCPItemText*> m_totals {};       ///< over the one bar, or the prefill pool's
    PerTier<QCPItemText*> m_decodeTotals {}; ///< over the decode pool's bar
    std::vector<PerTier<QCPBars*>> m_bars;   ///< per workload, per tier
    FleetResult m_fleet;
    bool m_hasFleet = false;
    const CardCatalog* m_catalog = nullptr;
};

} // namespace kvtiers::ui
