#pragma once
// TraceView: the Trace tab. Open a request trace (Mooncake or Qwen-Bailian JSONL) by the
// button, File > Open trace or by dropping the file; it is read and analysed off the GUI
// thread (a QThread) with a progress bar and Cancel. The curve, the current scenario's tiers
// and the knees are drawn by TraceChart; a summary gives the ceiling, the knees, each tier's
// share of prompt tokens and the workload the trace implies. The trace is read once: when the
// scenario's tiers or model change, only the tier cut-offs move (TraceAnalysis::recut, from
// the histograms), since the curve does not depend on the scenario. DRAM and SSD hold
// prefixes only when the scenario offloads (trace::followOffload). A bad or cancelled read
// leaves the previous analysis in place, says which file, line and field, and names the
// trace still shown. Beside the curve, the "Under load" view (LoadView) replays the trace
// read under load at several DRAM or SSD capacities.

#include "core/model/Evaluation.h"
#include "core/trace/TraceAnalysis.h"
#include "core/trace/TraceTiers.h"
#include "ui/export/ChartExporter.h"

#include <QWidget>

#include <atomic>
#include <memory>
#include <optional>

class QLabel;
class QProgressBar;
class QPushButton;
class QTabWidget;
class QThread;

namespace kvtiers::ui {

class DisplayOptions;
class LoadView;
class ScenarioController;
class TraceChart;

class TraceView : public QWidget {
    Q_OBJECT
public:
    explicit TraceView(QWidget* parent = nullptr);
    ~TraceView() override;

    /// Reads and analyses `path` in the background (cancels a read in progress).
    void openFile(const QString& path);
    /// The scenario whose tiers and KV bytes the trace is replayed against.
    void setScenario(const Scenario& scenario, const EvalResult& result);
    /// The Trace tab in the window: replays against each result of `controller`, and "Use
    /// this trace" sets the trace's workload in its scenario (one undo step) and says what
    /// it took in message(). `controller` must outlive the view.
    void followScenario(ScenarioController* controller);

    bool isReading() const { return m_thread != nullptr; }
    const trace::TraceAnalysis* analysis() const { return m_analysis ? &*m_analysis : nullptr; }
    double bytesPerBlock() const;
    TraceChart* chart() const { return m_chart; }
    /// The "Under load" view beside the curve: the trace replayed under load.
    LoadView* loadView() const { return m_loadView; }
    QString summaryText() const;
    /// The options whose units the summary shows, followed as they change; until set, a
    /// private default (binary).
    void setDisplayOptions(DisplayOptions* options);

public slots:
    void openDialog();
    void cancel();
    void exportChart();

signals:
    /// A read finished: analysed, refused (`error` says why) or cancelled.
    void finished(bool ok, const QString& error);
    void message(const QString& text);
    /// "Use this trace": the workload the analysed trace implies, as scenario overrides.
    void useWorkload(const Json& overrides, const QString& traceName);

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void start();
    /// Moves the tier cut-offs of the analysis to the current scenario's capacities.
    void recut();
    /// "file: N requests", or what the tab shows when a read failed or was cancelled.
    QString stillShowing() const;
    void done(int generation, std::optional<trace::TraceAnalysis> analysis, const QString& error, bool cancelled);
    void showAnalysis();
    void retranslate();

    QPushButton* m_openButton = nullptr;
    QPushButton* m_cancelButton = nullptr;
    QPushButton* m_exportButton = nullptr;
    QPushButton* m_useButton = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_status = nullptr;
    QLabel* m_summary = nullptr;
    TraceChart* m_chart = nullptr;
    QTabWidget* m_views = nullptr; ///< the curve and the "Under load" view
    LoadView* m_loadView = nullptr;

    QString m_path; ///< the file being read, or the one analysed
    std::optional<trace::TraceAnalysis> m_analysis;
    QString m_analysedPath;                  ///< the file m_analysis came from
    trace::TraceCapacity m_capacity;         ///< the current scenario's
    trace::TraceCapacity m_analysedCapacity; ///< what m_analysis is cut at
    trace::TraceCapacity m_readingCapacity;  ///< what the read in progress replays against
    double m_offloadRate = 0;                ///< the scenario's
    bool m_haveScenario = false;
    EvalResult m_result;
    QString m_modelName;
    QThread* m_thread = nullptr;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    int m_generation = 0;
    bool m_again = false; ///< read m_path once the current read ends (another file was asked for)
    ExportOptions m_exportOptions;
    DisplayOptions* m_display = nullptr;
};

} // namespace kvtiers::ui
