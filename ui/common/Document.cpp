#include "ui/common/Document.h"

#include "ui/text/Translate.h"

#include <QCoreApplication>
#include <QThread>
#include <QUndoStack>

#include <algorithm>
#include <utility>

namespace kvtiers::ui {

void pushUndoCommand(QUndoStack* stack, QUndoCommand* command)
{
    stack->push(command);
}

void clearUndoStack(QUndoStack* stack)
{
    stack->clear();
}

DocumentBase::DocumentBase(EvaluationMode mode, QObject* parent)
    : QObject(parent)
    , m_mode(mode)
    , m_undoStack(new QUndoStack(this))
{
    m_timer.setSingleShot(true);
    m_timer.setInterval(0);
    connect(&m_timer, &QTimer::timeout, this, [this] {
        if (m_mode == EvaluationMode::GuiThread)
            evaluateOnGuiThread();
        else
            launchWorker();
    });
}

DocumentBase::~DocumentBase()
{
    if (m_thread) {
        m_cancel->store(true);
        m_thread->wait();
        delete m_thread;
    }
}

void DocumentBase::schedule()
{
    if (m_deferred) {
        m_deferredWaiting = true;
        return;
    }
    // Restarting a pending zero timer keeps one evaluation: the newest input's.
    m_timer.start();
}

void DocumentBase::deferUntilNeeded()
{
    if (m_deferred)
        return;
    m_deferred = true;
    if (m_timer.isActive()) {
        m_timer.stop();
        m_deferredWaiting = true;
    }
}

void DocumentBase::needed()
{
    if (!m_deferred)
        return;
    m_deferred = false;
    if (std::exchange(m_deferredWaiting, false))
        schedule();
}

void DocumentBase::refresh()
{
    schedule();
}

QString DocumentBase::internalError(const char* what)
{
    // Not expected from the core, but a GUI must show it rather than die.
    return QCoreApplication::translate("Document", "Internal error: %1").arg(QString::fromUtf8(what));
}

void DocumentBase::setError(const std::optional<InputError>& error, const QString& other)
{
    m_inputError = error;
    m_otherError = other;
    const QString words = error ? translated(error->message()) : other;
    if (words != m_error) {
        m_error = words;
        emit errorChanged(m_error);
    }
}

void DocumentBase::rewordError()
{
    setError(m_inputError, m_otherError);
}

void DocumentBase::evaluateOnGuiThread()
{
    Stored stored;
    std::optional<InputError> error;
    QString other;
    try {
        stored = makeJob()(ComputeControl {});
    } catch (const InputError& e) {
        error = e;
    } catch (const std::exception& e) {
        other = internalError(e.what());
    }
    ++m_evaluations;
    setError(error, other);
    if (stored) {
        stored();
        emit resultChanged();
    }
    emit evaluated();
}

void DocumentBase::launchWorker()
{
    if (m_thread) {
        // The running evaluation stops at its next poll and reports nothing; the newest
        // input runs when it has stopped.
        m_cancel->store(true);
        m_pending = true;
        return;
    }
    m_pending = false;
    const int generation = ++m_generation;
    auto cancelFlag = std::make_shared<std::atomic<bool>>(false);
    m_cancel = cancelFlag;
    setBusy(true);
    emit progress(0);
    Job job = makeJob();
    m_thread = QThread::create([this, job = std::move(job), cancelFlag, generation] {
        int lastPermille = -1;
        ComputeControl control;
        control.cancel = cancelFlag.get();
        control.progress = [this, &lastPermille, generation](double share) {
            const int permille = static_cast<int>(1000 * std::clamp(share, 0.0, 1.0));
            if (permille == lastPermille)
                return;
            lastPermille = permille;
            QMetaObject::invokeMethod(
                this,
                [this, permille, generation] {
                    if (generation == m_generation)
                        emit progress(permille);
                },
                Qt::QueuedConnection);
        };
        Stored stored;
        std::optional<InputError> error;
        QString other;
        try {
            stored = job(control);
        } catch (const InputError& e) {
            error = e;
        } catch (const std::exception& e) {
            other = QString::fromUtf8(e.what());
        }
        const bool cancelled = cancelFlag->load();
        QMetaObject::invokeMethod(
            this,
            [this, generation, stored = std::move(stored), error = std::move(error), other, cancelled]() mutable {
                workerEnded(generation, cancelled ? Stored() : std::move(stored), error, other, cancelled);
            },
            Qt::QueuedConnection);
    });
    m_thread->start();
}

void DocumentBase::workerEnded(
    int generation, Stored stored, const std::optional<InputError>& error, const QString& other, bool wasCancelled)
{
    m_thread->wait();
    delete m_thread;
    m_thread = nullptr;
    if (m_pending) {
        // The input changed while this ran: its result is dropped, the newest runs.
        launchWorker();
        return;
    }
    setBusy(false);
    if (generation != m_generation)
        return;
    if (wasCancelled) {
        emit cancelled();
        return;
    }
    ++m_evaluations;
    setError(error, other.isEmpty() ? QString() : internalError(other.toUtf8().constData()));
    if (stored) {
        stored();
        emit resultChanged();
    }
    emit evaluated();
}

void DocumentBase::setBusy(bool busy)
{
    if (busy == m_busy)
        return;
    m_busy = busy;
    emit busyChanged(busy);
}

void DocumentBase::cancel()
{
    m_timer.stop();
    m_pending = false;
    if (m_cancel)
        m_cancel->store(true);
}

void DocumentBase::flush()
{
    needed();
    if (m_timer.isActive()) {
        m_timer.stop();
        if (m_mode == EvaluationMode::GuiThread) {
            evaluateOnGuiThread();
            return;
        }
        launchWorker();
    }
    // A worker run (and any run it hands over to) reports through queued calls: wait for them.
    while (m_thread) {
        m_thread->wait();
        QCoreApplication::sendPostedEvents(this);
    }
}

} // namespace kvtiers::ui
