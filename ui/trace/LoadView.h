#pragma once
// LoadView: the Trace tab's "Under load" view. The trace the tab has read is replayed under
// load (core/replay, docs/trace.md) with the current scenario's settings at several DRAM or
// SSD capacities per server, as `kvtiers replay --sweep dram|ssd` does, and LoadChart draws
// TTFT at p50 and p99 and goodput against the capacity, the scenario's own capacity and the
// TTFT target marked. The sweep runs off the GUI thread (ReplayWorker) with a progress bar
// and Cancel; a scenario or trace change during a run drops that run and starts again with
// the new inputs, so what is drawn always belongs to the scenario it names. Export writes
// the chart as PNG, SVG or PDF, or the sweep as CSV (LoadExport).

#include "core/model/Evaluation.h"
#include "core/scenario/Scenario.h"
#include "ui/charts/LoadChart.h"
#include "ui/common/Retranslator.h"

#include <QWidget>

#include <optional>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace kvtiers::ui {

class ReplayWorker;
struct ReplayJob;

class LoadView : public QWidget {
    Q_OBJECT
public:
    explicit LoadView(QWidget* parent = nullptr);
    ~LoadView() override;

    /// The trace to replay (the one the tab has just read); a run in progress starts again on it.
    void setTrace(const QString& path);
    /// The scenario whose settings the replay takes; a run in progress starts again with it.
    void setScenario(const Scenario& scenario, const EvalResult& result);

    LoadChart* chart() const { return m_chart; }
    bool isRunning() const;
    /// The sweep drawn: set once a run finishes for the current trace and scenario.
    bool hasCurve() const { return m_shown.has_value(); }
    QString statusText() const;
    QString summaryText() const;

    // The inputs, for tests and the layout check.
    void setAxis(replay::ReplaySweepAxis axis);
    void setPoints(int points);
    void setTtftTarget(double seconds);
    void setTrafficScale(double scale);
    /// The job run() would start now (the trace, the scenario and the inputs above).
    ReplayJob job() const;

public slots:
    void run();
    void cancel();
    void exportChart();

signals:
    /// A run ended: drawn (ok), refused (`error` says why) or cancelled (both empty).
    void finished(bool ok, const QString& error);
    void message(const QString& text);

protected:
    void changeEvent(QEvent* event) override;

private:
    void buildControls();
    /// The labels', buttons' and tooltips' texts, set again on a language change.
    void wordControls(QLabel* tierLabel, QLabel* pointsLabel, QLabel* ttftLabel, QLabel* tpotLabel, QLabel* scaleLabel);
    void connectControls();
    void done(const LoadCurve& curve);
    void failed(const QString& error);
    void cancelled();
    void setRunning(bool running);
    void showCurve();
    /// Inputs changed: a run in progress starts again; a curve drawn stays, named as older.
    void inputsChanged();

    QComboBox* m_tierCombo = nullptr;
    QSpinBox* m_pointsSpin = nullptr;
    QDoubleSpinBox* m_ttftSpin = nullptr;
    QDoubleSpinBox* m_tpotSpin = nullptr;
    QDoubleSpinBox* m_scaleSpin = nullptr;
    QPushButton* m_runButton = nullptr;
    QPushButton* m_cancelButton = nullptr;
    QPushButton* m_exportButton = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_status = nullptr;
    QLabel* m_summary = nullptr;
    LoadChart* m_chart = nullptr;
    ReplayWorker* m_worker = nullptr;
    Retranslator m_texts;

    QString m_tracePath;
    std::optional<Scenario> m_scenario;
    EvalResult m_result;
    std::optional<LoadCurve> m_shown; ///< the last finished sweep
    QString m_shownTrace;             ///< the trace it replayed
    QString m_shownModel;             ///< whose scenario it replayed
    bool m_stale = false;             ///< the scenario or trace moved since it was drawn
    enum class Outcome { None, Done, Failed, Cancelled } m_outcome = Outcome::None;
    QString m_error;
};

} // namespace kvtiers::ui
