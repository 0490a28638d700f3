#pragma once
// TraceView: the Trace tab, the view of its document (TraceDocument). Open a request trace
// (Mooncake or Qwen-Bailian JSONL) by the button, File > Open trace or by dropping the file;
// the document reads and analyses it on its worker, with a progress bar and Cancel here. The
// curve, the current scenario's tiers and the knees are drawn by TraceChart; a summary gives
// the ceiling, the knees, each tier's share of prompt tokens and the workload the trace
// implies. The trace is read once: when the scenario's tiers or model change, only the tier
// cut-offs move, since the curve does not depend on the scenario. DRAM and SSD hold
// prefixes only when the scenario offloads (trace::followOffload). A bad or cancelled read
// leaves the previous analysis in place, says which file, line and field, and names the
// trace still shown. Beside the curve, the "Under load" view (LoadView, of LoadDocument)
// replays the trace read under load at several DRAM or SSD capacities.

#include "core/io/Json.h"
#include "ui/trace/TraceDocument.h"

#include <QWidget>

class QLabel;
class QProgressBar;
class QPushButton;
class QTabWidget;

namespace kvtiers::ui {

class DisplayOptions;
class LoadDocument;
class LoadView;
class ScenarioController;
class TraceChart;

class TraceView : public QWidget {
    Q_OBJECT
public:
    /// The views of `document` and, beside its curve, of `load`: both must outlive it.
    TraceView(TraceDocument* document, LoadDocument* load, QWidget* parent = nullptr);

    /// Reads and analyses `path` in the background (cancels a read in progress).
    void openFile(const QString& path);
    /// The scenario whose tiers and KV bytes the trace is replayed against.
    void setScenario(const Scenario& scenario, const EvalResult& result);
    /// The Trace tab in the window: replays against each result of `controller`, and "Use
    /// this trace" sets the trace's workload in its scenario (one undo step) and says what
    /// it took in message(). `controller` must outlive the view.
    void followScenario(ScenarioController* controller);

    TraceDocument* document() const { return m_doc; }
    bool isReading() const { return m_doc->isReading(); }
    const trace::TraceAnalysis* analysis() const { return m_doc->analysis(); }
    double bytesPerBlock() const { return m_doc->bytesPerBlock(); }
    TraceChart* chart() const { return m_chart; }
    /// The "Under load" view beside the curve: the trace replayed under load.
    LoadView* loadView() const { return m_loadView; }
    /// The "Under load" view is the one shown (its inputs are what Edit > Undo undoes).
    bool showsLoad() const;
    /// Shows the Under load view.
    void showLoad();
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
    /// The curve or the "Under load" view was brought to the front.
    void shownViewChanged();

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    /// "Still showing file." when a read failed or was cancelled over an analysis.
    QString stillShowing() const;
    void readEnded();
    /// The status line as the document stands.
    void showStatus();
    void showAnalysis();
    void retranslate();
    /// The export options with the chart's units, given to both documents.
    void followUnits();

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
    TraceDocument* m_doc;
    LoadDocument* m_load;
    QString m_exported; ///< the last export's outcome, shown until the next read
    DisplayOptions* m_display = nullptr;
};

} // namespace kvtiers::ui
