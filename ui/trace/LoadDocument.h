#pragma once
// LoadDocument: the Trace tab's "Under load" view as a document (ui/common/Document.h). Its
// input is the view's inputs (replay::ReplayInput: what is swept, the points, the targets,
// the traffic and fixed capacities, whose ranges and defaults are the replay table's) and
// the trace and scenario a replay was asked for; its result is the core's sweep of replays
// (replay::sweepReplay), computed on a worker thread with progress and cancel, latest wins.
//
// A replay runs when asked (run()): reading and replaying a trace takes seconds, and the
// scenario changes on another tab as a slider moves. While one runs, a change of the trace,
// the scenario or an input replays again with the change; once the trace has been replayed,
// an edit of an input replays the current trace and scenario with it. A curve drawn for
// other inputs stays, and isStale() says so. The trace is read once per file opened and
// kept for the next runs (read on the worker, shared with later runs, never with two at
// once).

#include "core/model/Evaluation.h"
#include "core/replay/LoadCurve.h"
#include "core/replay/ReplayOptions.h"
#include "core/scenario/Scenario.h"
#include "ui/common/Document.h"
#include "ui/export/ChartExporter.h"

#include <memory>
#include <optional>

namespace kvtiers::ui {

using replay::LoadCurve;

class LoadedTrace;

/// The trace and the scenario a replay runs on, as they were when it was asked for.
struct LoadContext {
    QString tracePath;
    Scenario scenario;
    EvalResult result; ///< evaluate(scenario)
    /// The file read once, shared by the runs of one trace opened.
    std::shared_ptr<LoadedTrace> trace;
};

/// What one evaluation takes: the view's inputs, and the trace and scenario of the run
/// asked for (null until the first one).
struct ReplayJobInput {
    replay::ReplayInput replay;
    std::shared_ptr<const LoadContext> context;
    /// Size for the SLO instead of sweeping: the fleet sizing, then the replay's least count.
    bool sizeForSlo = false;
    /// The sizing that chose `replay`'s replicas, carried into the sweep it asked for.
    std::optional<replay::SloSizing> sized;
    bool operator==(const ReplayJobInput& other) const
    {
        return replay == other.replay && context == other.context && sizeForSlo == other.sizeForSlo
            && sized == other.sized;
    }
};

class LoadDocument : public Document<ReplayJobInput, LoadCurve> {
    Q_OBJECT
public:
    explicit LoadDocument(QObject* parent = nullptr);
    ~LoadDocument() override;

    /// The view's inputs where nothing else sets them: the table's defaults, sweeping DRAM.
    static replay::ReplayInput defaultInputs();

    /// The trace the tab has read (read afresh by the next run, even if the same file).
    void setTrace(const QString& path);
    /// The scenario whose settings the replays take.
    void setScenario(const Scenario& scenario, const EvalResult& result);
    /// The sequences a replica runs at once where the user typed none: the scenario's
    /// concurrency (per replica), whole, at least 1.
    static double scenarioMaxSeqs(const Scenario& scenario);
    /// The same for the current scenario, and the replicas a replay of it runs on (unset
    /// before a scenario, or for one whose replicas the replay refuses).
    std::optional<double> scenarioMaxSeqs() const;
    std::optional<int> scenarioReplicas() const;
    /// A trace and a scenario are known: run() can replay.
    bool canRun() const { return m_latest != nullptr; }
    const QString& tracePath() const { return m_tracePath; }

    /// Replays the current trace and scenario with the inputs in force.
    void run();
    /// Sizes the replicas for the targets at the trace's offered rate: the fleet sizing's
    /// count (and sequences per replica, unless a limit was typed) as the start, then the
    /// replay's least count meeting the targets (replay::leastReplicasMeetingTargets). The
    /// replicas and sequence limit found are set as one undo step, which replays the sweep
    /// at them; its curve carries the sizing.
    void sizeForSlo();
    /// The replay asked for sizes for the SLO (sizeForSlo()).
    bool isSizing() const { return isRunning() && (m_runAsked ? input().sizeForSlo : m_launchedInput.sizeForSlo); }
    /// Stops the replay asked for or running; runEnded() follows (Cancelled).
    void cancelRun();
    /// The view's inputs, edited as one undo step (merged with the last of one `mergeKey`).
    void editInputs(const replay::ReplayInput& next, const QString& undoText, const std::string& mergeKey = {});
    const replay::ReplayInput& inputs() const { return input().replay; }

    /// A replay asked for, or running (not an evaluation of inputs alone).
    bool isRunning() const { return m_runAsked || (isBusy() && m_launchedRun); }
    /// The last replay that finished, and what it replayed.
    const std::optional<LoadCurve>& curve() const { return m_curve; }
    QString curveTraceName() const;
    QString curveModelName() const;
    /// The curve was replayed with other inputs, or another trace or scenario.
    bool isStale() const;

    /// How the last replay asked for ended.
    enum class Outcome { None, Done, Failed, Cancelled };
    Outcome outcome() const { return m_outcome; }

    /// The options exports are written with (units and size).
    void setExportOptions(const ExportOptions& options) { m_exportOptions = options; }

    QString sessionText() const override;
    QStringList restoreSession(const QString& text) override;
    QList<DocumentExport> exports() const override;

signals:
    /// A replay asked for ended: outcome() says how; errorMessage() why it failed.
    void runEnded();
    /// setScenario() was called: the scenario's replicas and sequence limit may differ.
    void scenarioChanged();

protected:
    LoadCurve compute(const ReplayJobInput& input, const ComputeControl& control) override;
    void stored(const LoadCurve& curve) override;
    Job makeJob() override;

private:
    void contextChanged();
    /// Replaces the input (no undo step), asking for a run when it has a context.
    void apply(const ReplayJobInput& next);
    void ended(Outcome outcome);
    /// The sizing's evaluation (sizeForSlo()): a curve with no points and its sizing.
    static LoadCurve sizeFor(const LoadContext& context, const replay::ReplayTrace& trace,
        replay::ReplayOptions options, const replay::ReplayControl& control);

    QString m_tracePath;
    std::shared_ptr<LoadedTrace> m_trace;
    std::optional<Scenario> m_scenario;
    EvalResult m_result;
    std::shared_ptr<const LoadContext> m_latest; ///< the trace and scenario as they are now
    bool m_runAsked = false;                     ///< a run waits for its evaluation to start
    bool m_launchedRun = false;                  ///< the evaluation in flight replays
    ReplayJobInput m_launchedInput;
    std::optional<LoadCurve> m_curve;
    ReplayJobInput m_curveInput; ///< what m_curve replayed
    Outcome m_outcome = Outcome::None;
    ExportOptions m_exportOptions;
};

} // namespace kvtiers::ui
