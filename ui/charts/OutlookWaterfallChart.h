#pragma once
// OutlookWaterfallChart: what made each tier grow from an outlook's first year to its last
// (decomposeOutlook, core/analysis/Outlook.h). One step per driver group, left to right, then
// the index: for each tier (HBM, DRAM, SSD side by side) a box from the running product
// before the group to the product after it, on a log axis, so a factor of 2 is as tall
// wherever it falls. A group that does not change has no box; the last column is the index.

#include "core/analysis/Outlook.h"
#include "ui/charts/ChartBase.h"

#include <vector>

class QCPItemRect;

namespace kvtiers::ui {

class OutlookWaterfallChart : public ChartBase {
    Q_OBJECT
public:
    explicit OutlookWaterfallChart(QWidget* parent = nullptr);

    void setDecomposition(const OutlookDecomposition& decomposition);
    const OutlookDecomposition& decomposition() const { return m_decomposition; }
    /// The step drawn for `tier` at column `column` (a group's index; kOutlookGroupCount:
    /// the index): the running product before and after it. Both 1 where none is drawn.
    std::pair<double, double> stepAt(Tier tier, int column) const;
    /// How many boxes are drawn (tests).
    int boxCount() const { return int(m_boxes.size()); }

protected:
    void redraw() override;
    void themeChanged(const QPalette& palette) override;

private:
    OutlookDecomposition m_decomposition;
    bool m_hasData = false;
    std::vector<QCPItemRect*> m_boxes;
};

} // namespace kvtiers::ui
