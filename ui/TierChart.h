#pragma once
// TierChart: where the bytes go. One stacked bar per tier (HBM, server DRAM, eSSD), each
// in its own panel with its own byte axis (SSD is ~30× HBM: one shared axis would flatten
// HBM), segments weights / hot KV / shared prefixes / fragmentation / retained reuse pool
// / inclusive copies / free, a capacity marker per tier, and a fourth panel in
// unmissable red for what fits in no tier. A scope switch shows bytes per GPU, per
// replica or per server. The only class that knows QCustomPlot's bar API. Byte axes and
// labels are in the display units (DisplayUnits.h) as of the last setResult()/setScope().

#include "Evaluation.h"
#include "Scenario.h"
#include "Tier.h"
#include "TierScope.h"

#include <QWidget>

#include <array>

class QComboBox;
class QCustomPlot;
class QCPAxisRect;
class QCPBars;
class QCPItemLine;
class QCPItemText;
class QCPTextElement;
class QCPLegend;
class QMouseEvent;

namespace kvtiers::ui {

class TierChart : public QWidget {
    Q_OBJECT
public:
    explicit TierChart(QWidget* parent = nullptr);

    void setResult(const Scenario& scenario, const EvalResult& result);
    TierScope scope() const { return m_scope; }
    void setScope(TierScope scope);

    // Read-only views of what is plotted (bytes in the current scope), for tests and tooltips.
    double segmentValue(Tier tier, Segment segment) const;
    double capacity(Tier tier) const;
    double overflow() const;
    QString segmentToolTip(Tier tier, Segment segment) const;
    QCustomPlot* plot() const { return m_plot; }

signals:
    void scopeChanged(kvtiers::ui::TierScope scope);

protected:
    void changeEvent(QEvent* event) override;

private:
    void buildPlot();
    void rebuild();
    void applyTheme();
    void showToolTipAt(QMouseEvent* event);
    double scaled(double replicaBytes) const;

    QComboBox* m_scopeCombo = nullptr;
    QCustomPlot* m_plot = nullptr;
    QCPTextElement* m_title = nullptr;
    QCPLegend* m_legend = nullptr;
    std::array<QCPAxisRect*, kTierCount + 1> m_rects {}; ///< HBM, DRAM, SSD, overflow
    std::array<std::array<QCPBars*, kSegmentCount>, kTierCount> m_bars {};
    std::array<std::array<QCPItemText*, kSegmentCount>, kTierCount> m_labels {};
    std::array<QCPItemLine*, kTierCount> m_capacityLines {};
    std::array<QCPItemText*, kTierCount> m_capacityLabels {};
    QCPBars* m_overflowBar = nullptr;
    QCPItemText* m_overflowLabel = nullptr;

    Scenario m_scenario;
    EvalResult m_result;
    bool m_hasResult = false;
    TierScope m_scope = TierScope::PerReplica;
};

} // namespace kvtiers::ui
