#pragma once
// OutlookChart: an outlook's years as lines (core/analysis/Outlook.h). Two views of the
// same result: the thesis (each tier's needed bytes and the tokens per day as an index
// against the first year, so a tier growing faster or slower than tokens shows at a
// glance) and the absolute bytes each tier needs per year, in the chart's units (decimal
// by default: EB, as memory is sold). The chart only draws what computeOutlook() gave.
// OutlookTornadoChart, below, draws the last year's driver tornado for one tier.

#include "core/analysis/Outlook.h"
#include "ui/charts/ChartBase.h"

#include <array>
#include <vector>

class QCPBars;
class QCPGraph;

namespace kvtiers::ui {

class OutlookChart : public ChartBase {
    Q_OBJECT
public:
    enum class Mode { Index, Bytes };

    explicit OutlookChart(Mode mode = Mode::Index, QWidget* parent = nullptr);

    void setResult(const OutlookResult& result, ByteUnits units = ByteUnits::Decimal);
    Mode mode() const { return m_mode; }

    // What is plotted (tests): the line of `series` (0 HBM, 1 DRAM, 2 SSD, 3 tokens; the
    // bytes view has no tokens line) at year index `i`.
    int yearCount() const { return static_cast<int>(m_result.years.size()); }
    int seriesCount() const { return m_mode == Mode::Index ? 4 : 3; }
    double valueAt(int series, int i) const;
    /// The plotted graph's own data point (what QCustomPlot holds), to check it follows valueAt().
    double plottedAt(int series, int i) const;

    QString toolTipTextAt(const QPoint& pos) const override;

protected:
    void themeChanged(const QPalette& palette) override;
    void redraw() override;

private:
    QString seriesName(int series) const;

    Mode m_mode;
    OutlookResult m_result;
    std::array<QCPGraph*, 4> m_graphs {};
};

/// OutlookTornadoChart: which driver moves one tier's needed bytes most in an outlook's
/// last year (outlookTornado). One row per driver, two horizontal bars from zero, the change
/// when the driver is moved down and up with the others held, the largest effect at the
/// top; an end that cannot be sized has no bar and says so. A label longer than about two
/// fifths of the chart's width is elided; its full text is in the tooltip.
class OutlookTornadoChart : public ChartBase {
    Q_OBJECT
public:
    explicit OutlookTornadoChart(QWidget* parent = nullptr);

    void setTornado(const OutlookTornado& tornado, Tier tier, ByteUnits units = ByteUnits::Decimal);

    // What is plotted, top row first (tests).
    int rowCount() const { return static_cast<int>(m_rows.size()); }
    std::string keyAt(int row) const { return m_rows.at(static_cast<size_t>(row)).key; }
    double lowDeltaAt(int row) const { return m_rows.at(static_cast<size_t>(row)).lowDelta[m_tier]; }
    double highDeltaAt(int row) const { return m_rows.at(static_cast<size_t>(row)).highDelta[m_tier]; }
    /// Row `row`'s driver as named in the UI language: the core's label (outlookDriverLabel)
    /// through the translations, the same words as `kvtiers outlook` in English.
    QString driverNameAt(int row) const;
    /// Row `row`'s label whole (the driver's name and its ends), and as the axis shows it (elided to fit).
    QString fullLabelAt(int row) const;
    QString shownLabelAt(int row) const;

    QString toolTipTextAt(const QPoint& pos) const override;

protected:
    void themeChanged(const QPalette& palette) override;
    void redraw() override;
    void resizeEvent(QResizeEvent* event) override;

private:
    QString rowLabel(const OutlookTornadoBar& bar) const;

    QCPBars* m_lowBars = nullptr;
    QCPBars* m_highBars = nullptr;
    std::vector<OutlookTornadoBar> m_rows;
    QStringList m_shownLabels;
    int m_labelWidth = 0; ///< the width the labels were elided to
    Tier m_tier = Tier::Hbm;
    int m_year = 0;
};

} // namespace kvtiers::ui
