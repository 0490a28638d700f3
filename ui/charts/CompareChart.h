#pragma once
// CompareChart: 2–4 scenarios side by side. For each tier (HBM, server DRAM, eSSD, and
// overflow when any scenario has some) one stacked bar per scenario (A, B, C, D), all on
// ONE shared byte axis so bars compare directly across scenarios, with each bar's used
// bytes on top and a dashed capacity mark where it lies within the plotted range.
// Bytes per replica, in units(). The only QCustomPlot code of the compare view.

#include "core/analysis/ScenarioComparison.h"
#include "ui/charts/ChartBase.h"
#include "ui/common/Tier.h"

#include <array>
#include <vector>

class QCustomPlot;
class QCPAxisRect;
class QCPBars;
class QCPItemText;
class QCPTextElement;

namespace kvtiers::ui {

class CompareChart : public ChartBase {
    Q_OBJECT
public:
    explicit CompareChart(QWidget* parent = nullptr);

    void setComparison(const ScenarioComparison& comparison);
    void clear();

    /// Read-only views of what is plotted, for tests: used bytes of `tier` in scenario `index`.
    double usedBytes(Tier tier, int index) const;
    /// The top of the shared byte axis.
    double axisTop() const;
    int scenarioCount() const { return m_count; }

protected:
    void themeChanged(const QPalette& palette) override;
    void redraw() override { rebuild(); }

private:
    void buildPlot();
    void rebuild();
    // rebuild()'s parts: which tier groups show, the shared scale's top, and per bar its
    // segments, capacity mark and label.
    double barKey(int slot, int index) const;
    std::vector<int> shownGroups(QStringList* unused) const;
    double scaleTop() const;
    QCPItemText* addText(double key, double value, const QFont& font, const QColor& color);
    void addBar(int group, int index, double key, double top);
    void addGroupLabel(int group, double key);

    QCPAxisRect* m_rect = nullptr;
    QCPTextElement* m_key = nullptr;
    std::array<QCPBars*, kSegmentCount - 1> m_bars {}; ///< every segment but free
    QCPBars* m_overflowBars = nullptr;
    ScenarioComparison m_comparison;
    int m_count = 0;
};

} // namespace kvtiers::ui
