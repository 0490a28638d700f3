#pragma once
// SweepChart: bytes per tier as context (log axis) or concurrency (log axis) moves, as
// stacked areas HBM → DRAM → SSD → overflow, with HBM's capacity, the current value and
// the point where HBM runs out (SweepResult::hbmFullAt) marked. Data come from
// kvtiers::sweep() via the ScenarioController; the axis switch asks it for a new sweep.

#include "core/analysis/Sweep.h"
#include "core/model/Evaluation.h"
#include "core/scenario/Scenario.h"
#include "ui/charts/ChartBase.h"
#include "ui/common/TierScope.h"

#include <QSharedPointer>

#include <array>

class QComboBox;
class QCustomPlot;
class QCPGraph;
class QCPItemStraightLine;
class QCPItemText;
class QCPTextElement;

namespace kvtiers::ui {

class TokenLogTicker;

class SweepChart : public ChartBase {
    Q_OBJECT
public:
    /// The stacked series, bottom to top.
    enum class Series { Hbm = 0, Dram, Ssd, Overflow };
    static constexpr int kSeriesCount = 4;

    explicit SweepChart(QWidget* parent = nullptr);

    void setResult(const Scenario& scenario, const EvalResult& result, const SweepResult& sweep);
    void setScope(TierScope scope);
    SweepAxis axis() const { return m_axis; }
    void setAxis(SweepAxis axis);

    // Read-only views of what is plotted, for tests.
    int pointCount() const;
    /// Bytes of one series (not stacked) at point `index`, in the current scope.
    double seriesValue(Series series, int index) const;
    double pointX(int index) const;
    double currentX() const { return m_currentX; }
    double hbmFullAt() const { return m_sweep.hbmFullAt; }
    QString hbmFullText() const;
    QString toolTipTextAt(const QPoint& pos) const override;

signals:
    void axisChanged(kvtiers::SweepAxis axis);

protected:
    void themeChanged(const QPalette& palette) override;
    void redraw() override { rebuild(); }

private:
    /// The sweep-axis picker above the plot.
    void buildHeader();
    /// The capacity, "now" and "HBM full" lines and their labels, and the clip note.
    void buildAnnotations();
    void rebuild();
    /// Moves the annotations (clip note, "now", "HBM full") off the HBM capacity line and
    /// off each other, and wraps the clip note to the plot's width, as laid out.
    void placeLabels();
    void placeBesideLine(QCPItemText* label, Qt::Alignment side, const QCPItemStraightLine* own,
        const QCPItemStraightLine* other, const QRect& area);
    void placeClipNote(const QRect& area, bool fullShown, double fullX);
    /// Moves the labels down, in turn, until none covers the capacity line or another.
    void stackLabels(const QRect& area);
    QString xText(double x) const;

    QComboBox* m_axisCombo = nullptr;
    std::array<QCPGraph*, kSeriesCount> m_graphs {};
    QCPItemStraightLine* m_currentLine = nullptr;
    QCPItemText* m_currentLabel = nullptr;
    QCPItemStraightLine* m_fullLine = nullptr;
    QCPItemText* m_fullLabel = nullptr;
    QCPItemStraightLine* m_capacityLine = nullptr;
    QCPItemText* m_capacityLabel = nullptr;
    QCPItemText* m_clipLabel = nullptr;
    QString m_clipText; ///< the clip note in full, unwrapped
    QSharedPointer<TokenLogTicker> m_xTicker;

    Scenario m_scenario;
    EvalResult m_result;
    SweepResult m_sweep;
    bool m_hasResult = false;
    double m_currentX = 0;
    SweepAxis m_axis = SweepAxis::Context;
    Qt::Alignment m_currentSide = Qt::AlignLeft; ///< the side of its line each label prefers
    Qt::Alignment m_fullSide = Qt::AlignRight;
    TierScope m_scope = TierScope::PerReplica;
};

} // namespace kvtiers::ui
