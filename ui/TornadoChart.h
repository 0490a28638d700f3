#pragma once
// TornadoChart: what moves one tier's demand most (issue 9). One row per variable of the
// article's list, two horizontal bars from zero: the change in the tier's demand per
// server when the variable is moved down (low end) and up (high end), the others held.
// Rows are sorted by the effect on the shown tier, largest at the top. Data come straight
// from SensitivityResult (core/Sensitivity.h); this class only draws them.

#include "Sensitivity.h"
#include "Units.h"

#include <QWidget>

#include <vector>

class QCustomPlot;
class QCPBars;
class QCPItemText;
class QCPTextElement;

namespace kvtiers::ui {

class TornadoChart : public QWidget {
    Q_OBJECT
public:
    explicit TornadoChart(QWidget* parent = nullptr);

    /// `tier`: 0 HBM, 1 DRAM, 2 NVMe.
    void setResult(const SensitivityResult& result, int tier, ByteUnits units = ByteUnits::Binary);

    // What is plotted, top row first (for tests and tooltips).
    int rowCount() const { return static_cast<int>(m_rows.size()); }
    Variable variableAt(int row) const { return m_rows.at(static_cast<size_t>(row)).variable; }
    double lowDeltaAt(int row) const;
    double highDeltaAt(int row) const;
    QCustomPlot* plot() const { return m_plot; }

    /// The per-tier delta of a bar (0 HBM, 1 DRAM, 2 NVMe).
    static double tierValue(const TierDemand& d, int tier);
    /// "Average input context (64K → 192K)": a row's label with its low and high values.
    static QString rowLabel(const SensitivityBar& bar);

protected:
    void changeEvent(QEvent* event) override;

private:
    void applyTheme();

    QCustomPlot* m_plot = nullptr;
    QCPTextElement* m_title = nullptr;
    QCPBars* m_lowBars = nullptr;
    QCPBars* m_highBars = nullptr;
    std::vector<QCPItemText*> m_valueLabels;
    std::vector<SensitivityBar> m_rows;
    int m_tier = 0;
};

} // namespace kvtiers::ui
