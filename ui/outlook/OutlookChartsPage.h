#pragma once
// OutlookChartsPage: the Outlook tab's charts, one page each at the tab's full width, drawn
// from the document's last result: the thesis (each tier's needed bytes and tokens per day
// as an index against the first year), each tier's needed bytes per year in decimal units
// (EB, as memory is sold), the last year's driver tornado for the tier picked above it, and
// what made each tier grow: the decomposition's waterfall under its one-sentence thesis; and
// per workload, a year's traffic and each tier's needed bytes per million tokens a day.

#include <QTabWidget>

class QComboBox;
class QLabel;

namespace kvtiers::ui {

class OutlookChart;
class OutlookDocument;
class OutlookTornadoChart;
class OutlookWaterfallChart;
class OutlookWorkloadsPage;

class OutlookChartsPage : public QTabWidget {
    Q_OBJECT
public:
    explicit OutlookChartsPage(OutlookDocument* document, QWidget* parent = nullptr);

    OutlookChart* indexChart() const { return m_indexChart; }
    OutlookChart* bytesChart() const { return m_bytesChart; }
    OutlookTornadoChart* tornadoChart() const { return m_tornadoChart; }
    /// The growth decomposition's waterfall and the one-sentence thesis above it.
    OutlookWaterfallChart* waterfallChart() const { return m_waterfallChart; }
    QLabel* thesisLabel() const { return m_thesis; }
    /// Per workload, for a year picked: requests and tokens a day, and each tier's intensity.
    OutlookWorkloadsPage* workloadsPage() const { return m_workloadsPage; }
    /// The tornado's tier picker (HBM, DRAM, SSD: kTiers' order).
    QComboBox* tierPicker() const { return m_tierPicker; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();
    void showResult();
    void showTornado();
    void showDecomposition();

    OutlookDocument* m_document;
    OutlookChart* m_indexChart = nullptr;
    OutlookChart* m_bytesChart = nullptr;
    OutlookTornadoChart* m_tornadoChart = nullptr;
    QComboBox* m_tierPicker = nullptr;
    QLabel* m_tierLabel = nullptr;
    OutlookWaterfallChart* m_waterfallChart = nullptr;
    QLabel* m_thesis = nullptr;
    OutlookWorkloadsPage* m_workloadsPage = nullptr;
};

} // namespace kvtiers::ui
