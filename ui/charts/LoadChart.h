#pragma once
// LoadChart: a trace replayed under load (core/replay, docs/trace.md) at several capacities of
// one tier per server, DRAM or SSD: TTFT at the median and the 99th percentile in the upper
// panel (seconds, logarithmic: a queue that builds up spans decades), and goodput (requests
// per second meeting both latency targets) in a panel of its own below, against the tier's
// capacity per server in bytes. The scenario's own capacity is a vertical line and the TTFT target a
// horizontal one, each labelled with its value and unit. The legend sits under the plot,
// and the two labels are placed after layout so that neither covers the other.

#include "core/replay/LoadCurve.h"
#include "ui/charts/ChartBase.h"

class QCPAxis;
class QCPAxisRect;
class QCPGraph;
class QCPItemStraightLine;
class QCPItemText;

namespace kvtiers::ui {

using replay::LoadCurve;

class LoadChart : public ChartBase {
    Q_OBJECT
public:
    explicit LoadChart(QWidget* parent = nullptr);

    void setCurve(const LoadCurve& curve);
    const LoadCurve& curve() const { return m_curve; }

    // What is plotted (for tests).
    int pointCount() const;
    double capacityAt(int i) const; ///< bytes per server (or per pool)
    double ttftP50At(int i) const;
    double ttftP99At(int i) const;
    double goodputAt(int i) const;
    QCPAxis* capacityAxis() const; ///< the capacity axis under the goodput panel
    QCPAxis* goodputAxis() const;  ///< the goodput panel's value axis
    bool currentShown() const;
    double currentLineAt() const; ///< bytes per server
    bool targetShown() const;
    double targetLineAt() const; ///< seconds
    QString currentLabel() const;
    QString targetLabel() const;

    QString toolTipTextAt(const QPoint& pos) const override;

    /// The swept tier's name in the UI language ("DRAM", "SSD").
    static QString tierName(replay::ReplaySweepAxis axis);

protected:
    void themeChanged(const QPalette& palette) override;
    void redraw() override;

private:
    void retranslate();
    void labelLines();
    /// Puts the target's label above its line (below it when that would leave the plot or
    /// touch the capacity label), and the capacity label beside its line, inside the plot.
    void placeLabels();

    LoadCurve m_curve;
    QCPGraph* m_p50 = nullptr;
    QCPGraph* m_p99 = nullptr;
    QCPGraph* m_goodput = nullptr;
    QCPAxisRect* m_goodputRect = nullptr;
    QCPItemStraightLine* m_goodputCurrentLine = nullptr;
    QCPItemStraightLine* m_currentLine = nullptr;
    QCPItemText* m_currentText = nullptr;
    QCPItemStraightLine* m_targetLine = nullptr;
    QCPItemText* m_targetText = nullptr;
};

} // namespace kvtiers::ui
