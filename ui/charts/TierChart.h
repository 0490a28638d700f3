#pragma once
// TierChart: where the bytes go. One stacked bar per tier (HBM, server DRAM, eSSD), each
// in its own panel with its own byte axis (SSD is ~30× HBM: one shared axis would flatten
// HBM), segments weights / hot KV / shared prefixes / fragmentation / retained reuse pool
// / inclusive copies / free, a capacity marker per tier, and a fourth panel in
// unmissable red for what fits in no tier. A scope switch shows bytes per GPU, per
// replica or per server. The only class that knows QCustomPlot's bar API. Byte axes and
// labels are in units() (ChartBase::setUnits) as of the last setResult()/setScope().
// A caption wider than its panel wraps (then elides; hover shows it whole), and a hover
// tooltip on show is rewritten when the scope, units or scenario change under it.

#include "core/model/Evaluation.h"
#include "core/scenario/Scenario.h"
#include "ui/charts/ChartBase.h"
#include "ui/common/Tier.h"
#include "ui/common/TierScope.h"

#include <QFont>

#include <array>
#include <utility>

class QComboBox;
class QCustomPlot;
class QCPAxisRect;
class QCPBars;
class QCPItemLine;
class QCPItemText;
class QCPTextElement;
class QCPLegend;

namespace kvtiers::ui {

class TierChart : public ChartBase {
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
    /// True when the overflow is more than HBM's axis holds, so its panel takes a scale of
    /// its own; else it is drawn on HBM's scale. Scope-free: every scope scales both alike.
    static bool overflowHasOwnScale(const EvalResult& result);
    /// What the overflow panel's value axis says of its scale: HBM's, or its own (then
    /// without ticks); empty with no overflow.
    QString overflowScaleText() const;
    /// The top of a panel's value axis (0-2: the tiers, 3: overflow), bytes in the scope.
    double axisTop(int panel) const;
    QString segmentToolTip(Tier tier, Segment segment) const;
    /// What hovering at `pos` (plot coordinates) shows: the segment's or the overflow's
    /// tooltip, or a shortened caption's full text; empty over nothing.
    QString toolTipTextAt(const QPoint& pos) const override;
    /// A panel's caption under its bar (0-2: the tiers, 3: overflow) in full. The axis
    /// shows it wrapped onto a second line, or elided, when it is wider than the panel.
    QString caption(int panel) const { return m_captions.at(static_cast<size_t>(panel)); }
    /// The overflow's figure in full ("686 GiB"), shown over its bar or in its caption.
    QString overflowValue() const { return m_overflowValue; }
    /// The figure drawn over the overflow bar (wrapped onto two lines where it must), empty
    /// where it is not drawn: only a figure that fits whole is.
    QString shownOverflowValue() const;
    /// Where the overflow's figure is drawn, in the plot's pixels, and the panel it belongs to.
    QRectF overflowValueRect() const;
    QRect overflowPanelRect() const;

signals:
    void scopeChanged(kvtiers::ui::TierScope scope);

protected:
    void themeChanged(const QPalette& palette) override;
    void redraw() override { rebuild(); }

private:
    /// A text fitted to a width: wrapped onto at most two lines, elided past that.
    struct CaptionFit {
        QString text;
        int width = -1;
        QFont font;
        QString fitted;
    };
    static const QString& fit(CaptionFit& cache, const QString& text, const QFont& font, int width);

    void buildPlot();
    /// One tier's panel: its stacked segments and their labels, and its capacity mark.
    void buildTierPanel(int tier);
    void rebuild();
    /// The overflow panel: its bar on HBM's scale, or its own where HBM's axis is too short.
    void rebuildOverflow();
    /// Shows a segment's label only where it fits inside its segment as laid out: a label
    /// cut by the bar's or the panel's edge read "euse poo" (hover shows the figures).
    void fitSegmentLabels();
    /// Stands the overflow's figure on its bar, or inside the bar's top where above it the
    /// figure would cross the panel's top tick.
    void placeOverflowValue();
    void setCaption(int panel, const QString& text);
    void fitCaptions();
    /// One pass of fitCaptions(): true if a caption or a margin changed.
    bool fitCaptionsOnce();
    /// Widens the overflow panel's right margin just enough for its title to be drawn;
    /// true if it changed (the plot must be laid out again).
    bool keepOverflowTitle();
    QString fittedCaption(int panel) const;
    QString fittedOverflowValue() const;
    std::pair<int, int> captionSpan(int panel) const;
    double scaled(double replicaBytes) const;

    QComboBox* m_scopeCombo = nullptr;
    QCPLegend* m_legend = nullptr;
    std::array<QCPAxisRect*, kTierCount + 1> m_rects {}; ///< HBM, DRAM, SSD, overflow
    std::array<std::array<QCPBars*, kSegmentCount>, kTierCount> m_bars {};
    std::array<std::array<QCPItemText*, kSegmentCount>, kTierCount> m_labels {};
    std::array<QCPItemLine*, kTierCount> m_capacityLines {};
    std::array<QCPItemText*, kTierCount> m_capacityLabels {};
    QCPBars* m_overflowBar = nullptr;
    QCPItemText* m_overflowLabel = nullptr;
    std::array<QString, kTierCount + 1> m_captions {}; ///< each panel's caption in full
    /// Each caption's last fit: re-measured only when its text, width or font change
    /// (measuring text at every slider step is what made the tier table slow,
    /// docs/performance.md).
    mutable std::array<CaptionFit, kTierCount + 1> m_captionFits {};
    QString m_overflowValue; ///< the figure above the overflow bar, in full
    mutable CaptionFit m_overflowValueFit;
    /// Which segments are big enough for a label at all (before fitting to the layout).
    std::array<std::array<bool, kSegmentCount>, kTierCount> m_labelWanted {};

    Scenario m_scenario;
    EvalResult m_result;
    bool m_hasResult = false;
    TierScope m_scope = TierScope::PerReplica;
};

} // namespace kvtiers::ui
