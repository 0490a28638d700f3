#pragma once
// LoadChart: a trace replayed under load (core/replay, docs/trace.md) at several capacities of
// one tier per server, DRAM or SSD: TTFT at the median and the 99th percentile in the upper
// panel (seconds, logarithmic: a queue that builds up spans decades), with the time between
// tokens dashed on the same axis (every gap between two output tokens, pooled, at p50 and
// p99, and the requests' TBT as Mooncake measures one at the TBT target's percentile;
// docs/trace.md, "Token intervals"), and goodput (requests per second meeting the latency
// targets) in a panel of its own below, against the tier's capacity per server in bytes. The
// scenario's own capacity is a vertical line and the TTFT and TBT targets horizontal ones
// (TBT's only when one is set), each labelled with its value and unit. The legend sits under
// the plot, and the labels are placed after layout so that none covers another.

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
    double tbtP50At(int i) const;     ///< seconds, every gap pooled
    double tbtP99At(int i) const;     ///< seconds, every gap pooled
    double requestTbtAt(int i) const; ///< seconds, requests' TBT at the target's percentile
    int tbtPointCount() const;
    QCPAxis* tbtAxis() const; ///< TBT's value axis (TTFT's)
    bool tbtTargetShown() const;
    double tbtTargetLineAt() const; ///< seconds
    QString tbtTargetLabel() const;
    QString requestTbtName() const; ///< the requests' TBT series' legend name
    QCPAxis* capacityAxis() const;  ///< the capacity axis under the goodput panel
    QCPAxis* goodputAxis() const;   ///< the goodput panel's value axis
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
    /// The TBT series and target line on TTFT's axes (setTbtCurve fills them).
    void buildTbtSeries();
    void labelLines();
    /// Puts the target's label above its line (below it when that would leave the plot or
    /// touch the capacity label), and the capacity label beside its line, inside the plot.
    void placeLabels();
    /// The TBT series and target line, `low` and `high` widened to their figures.
    void setTbtCurve(const QVector<double>& keys, double& low, double& high);

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
    QCPGraph* m_tbtP50 = nullptr;
    QCPGraph* m_tbtP99 = nullptr;
    QCPGraph* m_requestTbt = nullptr;
    QCPItemStraightLine* m_tbtTargetLine = nullptr;
    QCPItemText* m_tbtTargetText = nullptr;
};

} // namespace kvtiers::ui
