#pragma once
// TraceChart: a trace's LRU hit-ratio curve (core/trace, docs/model.md §4 "From a trace"): prefix
// hit ratio and token hit ratio against cache capacity, on a log axis in blocks (bottom) and
// in bytes of the current model's KV (top). The scenario's tiers are bands (HBM, DRAM, SSD at
// cumulative capacities) each labelled with the share of prompt tokens it serves; the knees
// (90% and 99% of the reuse ceiling) are marked. The legend sits under the plot, and the
// knee labels are stacked under the band labels, so no label covers another.

#include "core/trace/TraceAnalysis.h"
#include "ui/charts/ChartBase.h"

#include <array>
#include <vector>

class QCustomPlot;
class QCPGraph;
class QCPItemRect;
class QCPItemStraightLine;
class QCPItemText;
class QCPTextElement;

namespace kvtiers::ui {

class TraceChart : public ChartBase {
    Q_OBJECT
public:
    explicit TraceChart(QWidget* parent = nullptr);

    /// Draws `analysis`; a block is `bytesPerBlock` bytes of KV.
    void setAnalysis(const trace::TraceAnalysis& analysis, double bytesPerBlock);

    // What is plotted (for tests).
    int pointCount() const;
    double capacityAt(int i) const; ///< blocks
    double hitRatioAt(int i) const;
    double tokenHitRatioAt(int i) const;
    /// The tier bands' cumulative end (blocks in all) and label; empty bands are hidden.
    double bandEnd(Tier tier) const { return m_bandEnd[tier]; }
    QString bandLabel(Tier tier) const;
    bool bandVisible(Tier tier) const;
    /// The knees: capacities reaching 90% and 99% of the ceiling.
    double knee(int i) const { return m_knee[static_cast<size_t>(i)]; }

protected:
    void themeChanged(const QPalette& palette) override;
    void redraw() override;

private:
    void retranslate();
    /// The knee labels, their bytes in units().
    void labelKnees();
    /// The tier bands' labels: the tier's name and the share of prompt tokens it serves.
    void labelBands();
    /// Stacks the band labels and then the knee labels so that none covers another
    /// (after each layout, in pixels).
    void placeLabels();

    QCPGraph* m_hit = nullptr;
    QCPGraph* m_tokenHit = nullptr;
    PerTier<QCPItemRect*> m_bands {};
    PerTier<QCPItemText*> m_bandLabels {};
    PerTier<double> m_bandEnd {};
    PerTier<double> m_bandShare {}; ///< prompt tokens each tier serves, as a share
    std::array<QCPItemStraightLine*, 2> m_knees {};
    std::array<QCPItemText*, 2> m_kneeLabels {};
    std::array<double, 2> m_knee {};
    double m_bytesPerBlock = 0;
};

} // namespace kvtiers::ui
