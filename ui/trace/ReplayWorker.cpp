#include "ui/trace/ReplayWorker.h"

#include "core/io/InputError.h"
#include "core/trace/TraceAnalysis.h"
#include "ui/text/Translate.h"

#include <QThread>

#include <algorithm>

namespace kvtiers::ui {

ReplayWorker::ReplayWorker(QObject* parent)
    : QObject(parent)
{
}

ReplayWorker::~ReplayWorker()
{
    if (m_thread) {
        m_cancel->store(true);
        m_thread->wait();
        delete m_thread;
    }
}

void ReplayWorker::start(const ReplayJob& job)
{
    if (m_thread) {
        // The running sweep stops at its next replay and reports nothing; this job follows.
        m_cancel->store(true);
        m_next = job;
        return;
    }
    launch(job);
}

void ReplayWorker::cancel()
{
    m_next.reset();
    if (m_cancel)
        m_cancel->store(true);
}

replay::ReplayTrace ReplayWorker::load(const QString& path, const replay::ReplayControl& control)
{
    auto reader = trace::TraceReader::open(path.toStdString());
    return replay::loadReplayTrace(*reader, control);
}

LoadCurve ReplayWorker::sweep(
    const replay::ReplayTrace& trace, const ReplayJob& job, const replay::ReplayControl& control)
{
    LoadCurve curve;
    curve.sweep = replay::sweepReplay(trace, job.scenario, job.result, job.options, job.axis, job.points, control);
    curve.targets = job.options.targets.inForce();
    return curve;
}

void ReplayWorker::launch(const ReplayJob& job)
{
    const int generation = ++m_generation;
    auto cancelFlag = std::make_shared<std::atomic<bool>>(false);
    m_cancel = cancelFlag;
    emit progress(0);
    // The trace read for the last job, if it is this job's file: the thread only reads it.
    std::shared_ptr<const replay::ReplayTrace> known = job.tracePath == m_tracePath ? m_trace : nullptr;
    m_thread = QThread::create([this, job, known, cancelFlag, generation, epoch = m_traceEpoch] {
        Outcome outcome;
        outcome.trace = known;
        outcome.tracePath = job.tracePath;
        outcome.traceEpoch = epoch;
        auto lastPermille = std::make_shared<int>(-1);
        // Reading takes the first tenth of the bar when the file must be read, the sweep the rest.
        const double readShare = known ? 0.0 : 0.1;
        auto report = [this, lastPermille](double share) {
            const int permille = static_cast<int>(1000 * std::clamp(share, 0.0, 1.0));
            if (permille == *lastPermille)
                return;
            *lastPermille = permille;
            QMetaObject::invokeMethod(
                this, [this, permille] { emit progress(permille); }, Qt::QueuedConnection);
        };
        try {
            replay::ReplayControl control;
            control.cancel = cancelFlag.get();
            if (!outcome.trace) {
                control.progress = [&](double share) { report(share * readShare); };
                outcome.trace = std::make_shared<const replay::ReplayTrace>(load(job.tracePath, control));
            }
            control.progress = [&](double share) { report(readShare + share * (1 - readShare)); };
            outcome.curve = sweep(*outcome.trace, job, control);
        } catch (const replay::ReplayCancelled&) {
            outcome.cancelled = true;
        } catch (const trace::TraceCancelled&) {
            outcome.cancelled = true;
        } catch (const InputError& e) {
            outcome.error = translated(e.message()); // in the UI language where it has a structured form
        } catch (const std::exception& e) {
            outcome.error = QString::fromStdString(e.what());
        }
        QMetaObject::invokeMethod(
            this, [this, generation, outcome = std::move(outcome)]() mutable { ended(generation, std::move(outcome)); },
            Qt::QueuedConnection);
    });
    m_thread->start();
}

void ReplayWorker::ended(int generation, Outcome outcome)
{
    m_thread->wait();
    delete m_thread;
    m_thread = nullptr;
    if (outcome.trace && outcome.traceEpoch == m_traceEpoch) {
        // Read once: the next sweep of this file starts replaying at once.
        m_trace = std::move(outcome.trace);
        m_tracePath = outcome.tracePath;
    }
    if (m_next) {
        // Inputs changed while this sweep ran: its result is dropped, the newest job runs.
        const ReplayJob next = *m_next;
        m_next.reset();
        launch(next);
        return;
    }
    if (generation != m_generation)
        return;
    if (outcome.cancelled)
        emit cancelled();
    else if (!outcome.error.isEmpty())
        emit failed(outcome.error);
    else if (outcome.curve)
        emit finished(*outcome.curve);
}

} // namespace kvtiers::ui
