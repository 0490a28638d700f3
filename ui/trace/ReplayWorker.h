#pragma once
// ReplayWorker: runs a sweep of trace replays (core/replay) off the GUI thread, in a QThread
// as the Trace tab reads its trace, and reports progress, the curve, an error or a
// cancellation back on the GUI thread. The trace is read whole once (replay::loadReplayTrace)
// and kept for the next sweep of the same file. A start() while a sweep runs cancels that
// sweep and runs the new job as soon as the old one has stopped: only the newest job
// reports, so a result for inputs that have since changed is never shown. The destructor
// cancels and waits.

#include "core/model/Evaluation.h"
#include "core/scenario/Scenario.h"
#include "ui/charts/LoadChart.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

class QThread;

namespace kvtiers::ui {

/// One sweep: the trace, the scenario whose settings the replays take, and the sweep's inputs
/// (the replay's own defaults where the view has no control: central routing, the restore
/// path's tier mode, vLLM's batch limits, seed 1).
struct ReplayJob {
    QString tracePath;
    Scenario scenario;
    EvalResult result; ///< evaluate(scenario)
    replay::ReplaySweepAxis axis = replay::ReplaySweepAxis::Dram;
    int points = 8;
    replay::ReplayOptions options;
};

class ReplayWorker : public QObject {
    Q_OBJECT
public:
    explicit ReplayWorker(QObject* parent = nullptr);
    ~ReplayWorker() override;

    /// Runs `job` in the background; a sweep in progress is cancelled and its result dropped.
    void start(const ReplayJob& job);
    /// Stops the sweep in progress (it reports cancelled()) and forgets a job waiting for it.
    void cancel();
    bool isRunning() const { return m_thread != nullptr; }
    /// Drops the trace kept from the last sweep: the next one reads its file again.
    void forgetTrace()
    {
        m_trace.reset();
        m_tracePath.clear();
        ++m_traceEpoch; // a sweep running now does not hand its trace back
    }

    /// The sweep of `job` over `trace`, on the calling thread: what the worker runs (core
    /// replay::sweepReplay). Throws InputError or replay::ReplayCancelled.
    static LoadCurve sweep(
        const replay::ReplayTrace& trace, const ReplayJob& job, const replay::ReplayControl& control = {});
    /// The trace of `path`, read whole (core replay::loadReplayTrace).
    static replay::ReplayTrace load(const QString& path, const replay::ReplayControl& control = {});

signals:
    void progress(int permille);
    void finished(const kvtiers::ui::LoadCurve& curve);
    void failed(const QString& error);
    void cancelled();

private:
    void launch(const ReplayJob& job);
    struct Outcome {
        std::optional<LoadCurve> curve;
        std::shared_ptr<const replay::ReplayTrace> trace; ///< read for this job, or the one given
        QString tracePath;                                ///< the job's
        int traceEpoch = 0;                               ///< m_traceEpoch when it started
        QString error;
        bool cancelled = false;
    };
    void ended(int generation, Outcome outcome);

    QThread* m_thread = nullptr;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    std::optional<ReplayJob> m_next; ///< started once the running sweep has stopped
    int m_generation = 0;
    /// The trace last read, kept so that a new sweep of the same file does not read it again.
    std::shared_ptr<const replay::ReplayTrace> m_trace;
    QString m_tracePath;
    int m_traceEpoch = 0;
};

} // namespace kvtiers::ui
