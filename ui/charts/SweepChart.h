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

class QCheckBox;
class QComboBox;
class QCustomPlot;
class QCPGraph;
class QCPLayer;
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
    /// "Hold λ fixed": the sweep keeps the scenario's request rate instead of deriving it
    /// at each point (the controller computes the sweep; the chart only asks).
    bool holdsRate() const;
    void setHoldsRate(bool hold);
    /// Why bytes fall as context grows, under the title, when λ is derived and a retained
    /// pool exists; empty otherwise.
    QString rateNote() const { return m_rateNote; }

    // Read-only views of what is plotted, for tests.
    int pointCount() const;
    /// Bytes of one series (not stacked) at point `index`, in the current scope.
    double seriesValue(Series series, int index) const;
    double pointX(int index) const;
    double currentX() const { return m_currentX; }
    double hbmFullAt() const { return m_sweep.hbmFullAt; }
    QString hbmFullText() const;
    /// Where the annotations are drawn, in pixels, as last laid out: the plot area, then
    /// the "HBM full", clip, "now" and capacity labels (an empty rect for a hidden one).
    struct LabelRects {
        QRect area;
        QRectF full, clip, current, capacity;
    };
    LabelRects labelRects() const;
    QString toolTipTextAt(const QPoint& pos) const override;

signals:
    void axisChanged(kvtiers::SweepAxis axis);
    void holdsRateChanged(bool hold);
    /// Only the "now" marker moved, and only its layer was drawn again (no full replot,
    /// so no QCustomPlot::afterReplot): the chart on screen is up to date.
    void markerReplotted();

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
    /// Draws only the marker layer when nothing else of the plot changed since the last
    /// full replot; false when a full replot is needed.
    bool replotMarkerOnly();
    /// The "now" line and label at the scenario's value on the swept axis.
    void placeCurrentMarker(double from, double to);
    /// The capacity, "now" and "HBM full" lines and labels over the sweep's range.
    void placeLines(double from, double to, double hbmCap);
    /// Why the bytes fall as context grows, under the title, when they do; set on a change.
    void updateRateNote(bool context);
    /// Every label's place and text, but the marker's: what a marker move must not change.
    QString fixedLabelsKey() const;

    QComboBox* m_axisCombo = nullptr;
    QCheckBox* m_holdRateCheck = nullptr;
    QCPTextElement* m_noteElement = nullptr; ///< the rate note, under the title
    QString m_rateNote;
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
    /// The "now" line and label on a buffered layer of their own: a slider step on the
    /// swept axis moves only them, and redraws only that layer.
    QCPLayer* m_markerLayer = nullptr;
    QString m_plottedKey; ///< everything but the marker, as last fully replotted
    QString m_pendingKey; ///< the same for what rebuild() just set
    bool m_fullReplotPending = true;
    QString m_titleText; ///< the title as set, before wrapping (set only on a change)

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
