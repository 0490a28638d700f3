#pragma once
// Document: what each tab is, apart from how it is drawn. A document holds the tab's input
// as a value, its undo history, the evaluation of that input by the core, the last result,
// the error when the input does not evaluate, and what the tab can export. Its views take
// it and draw: they own no undo stack, no evaluation timer and no thread
// (docs/architecture.md, "Documents").
//
//  - Input. `input()` is the value in force. `edit()` replaces it as one undo step; edits
//    with one merge key within kUndoMergeWindowMs are one step (a slider drag). `setInput()`
//    replaces it without a step (an undo itself, a restored session, a file opened), and
//    `resetInput()` also clears the history.
//  - Evaluation, latest wins. Every change of the input schedules one evaluation of the
//    newest input: on the GUI thread after a zero-delay timer (edits in one event-loop turn
//    cost one evaluation), or, for slow work, on a worker thread. A worker run still going
//    when the input changes is cancelled and its result dropped; the newest input runs as
//    soon as it stops, so a result for inputs that have since changed is never shown.
//  - Results. `resultChanged()` after each evaluation that succeeds (the last good result is
//    kept while a later input fails); `errorChanged(message)` when the error's words change
//    (empty: it evaluates again), in the UI language; `progress(permille)` from a worker run;
//    `evaluated()` after every attempt.
//  - Session and exports: `sessionText()`/`restoreSession()` save and restore the input with
//    the app's settings; `exports()` lists the charts and data File → Export offers.
//
// DocumentBase holds what does not depend on the types (Qt's signals cannot be templates);
// Document<Input, Result> the rest. An instance implements `compute()`, which on a worker
// must read nothing but its arguments and data that outlives it unchanged (the catalog).

#include "core/io/InputError.h"
#include "ui/common/StateCommand.h"

#include <QObject>
#include <QString>
#include <QStringList>
#include <QTimer>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>

class QThread;
class QUndoStack;

namespace kvtiers::ui {

/// One thing File → Export can write from a document: a chart or a table of data.
struct DocumentExport {
    QString id;          ///< stable, for tests and settings: "fleet-chart"
    QString title;       ///< in the UI language: "Fleet demand chart"
    QStringList formats; ///< file suffixes it writes: "png", "svg", "pdf", "csv", "json"
    /// Writes to `path` (its suffix one of `formats`); empty on success, else a message naming the file.
    std::function<QString(const QString& path)> write;
};

/// How a document evaluates its input.
enum class EvaluationMode {
    GuiThread, ///< after a zero-delay timer: fast work (a scenario, a fleet, an outlook)
    Worker,    ///< on a worker thread, with progress and cancel: slow work (a replay sweep)
};

/// What a computation may poll and report: set `cancel` from any thread; `progress` takes
/// the share done (0..1) on the computing thread.
struct ComputeControl {
    const std::atomic<bool>* cancel = nullptr;
    std::function<void(double share)> progress;
    bool cancelled() const { return cancel && cancel->load(std::memory_order_relaxed); }
};

class DocumentBase : public QObject {
    Q_OBJECT
public:
    explicit DocumentBase(EvaluationMode mode, QObject* parent = nullptr);
    ~DocumentBase() override;

    QUndoStack* undoStack() const { return m_undoStack; }
    /// The message of the last evaluation that failed, in the UI language; empty when the
    /// input evaluates.
    const QString& errorMessage() const { return m_error; }
    /// The error behind errorMessage(), to word again (a language or units change).
    const std::optional<InputError>& inputError() const { return m_inputError; }
    bool isBusy() const { return m_busy; }
    /// Evaluations attempted so far.
    int evaluationCount() const { return m_evaluations; }
    EvaluationMode mode() const { return m_mode; }

    /// Evaluates now if an evaluation is pending: on the GUI thread at once; a worker run is
    /// waited for (tests, shutdown, an export). A deferred document is needed from then on.
    void flush();
    /// Evaluates nothing until needed() (or flush()): for a tab not yet shown, whose first
    /// evaluation would otherwise hold up the window's start. Changes of input meanwhile
    /// are kept; one evaluation of the newest runs once it is needed.
    void deferUntilNeeded();
    /// Ends deferUntilNeeded(): an evaluation waiting is scheduled.
    void needed();
    bool isDeferred() const { return m_deferred; }
    /// Evaluates the input again with no undo step (a card added, a units change).
    void refresh();
    /// Stops a worker run (it reports nothing) and forgets an evaluation waiting for it.
    void cancel();
    /// Words the error kept again in the UI language, emitting errorChanged() if it changed.
    void rewordError();

    /// The input as text for the app's settings; empty: nothing to save.
    virtual QString sessionText() const { return {}; }
    /// Restores an input saved by sessionText() and clears the history. What cannot be
    /// restored is left out, each named in the returned lines; never throws.
    virtual QStringList restoreSession(const QString&) { return {}; }
    /// What File → Export offers from this document now (empty while it has no result).
    virtual QList<DocumentExport> exports() const { return {}; }

signals:
    /// The input changed (at once; evaluation follows).
    void inputChanged();
    void resultChanged();
    void errorChanged(const QString& message);
    void progress(int permille);
    void busyChanged(bool busy);
    /// After every evaluation attempt, successful or not (not after a cancelled one).
    void evaluated();
    /// A worker run was cancelled by cancel(): it reports nothing else.
    void cancelled();

protected:
    /// Schedules an evaluation of the newest input.
    void schedule();
    /// The work of one evaluation, as a closure over a copy of the input: run on the GUI
    /// thread or a worker. It returns the closure that stores the result on the GUI thread.
    using Stored = std::function<void()>;
    using Job = std::function<Stored(const ComputeControl&)>;
    virtual Job makeJob() = 0;
    /// Records an evaluation's error (InputError, or any other exception as an internal
    /// error); clears it when `error` is empty. Emits errorChanged() on a change of words.
    void setError(const std::optional<InputError>& error, const QString& other = {});

private:
    void evaluateOnGuiThread();
    void launchWorker();
    void workerEnded(
        int generation, Stored stored, const std::optional<InputError>& error, const QString& other, bool wasCancelled);
    void setBusy(bool busy);

    EvaluationMode m_mode;
    QUndoStack* m_undoStack = nullptr;
    QTimer m_timer; ///< the zero-delay timer of latest-wins evaluation
    QThread* m_thread = nullptr;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    bool m_pending = false;         ///< a worker evaluation waits for the running one to stop
    bool m_deferred = false;        ///< deferUntilNeeded() in force
    bool m_deferredWaiting = false; ///< an evaluation was asked for while deferred
    int m_generation = 0;
    bool m_busy = false;
    int m_evaluations = 0;
    QString m_error;
    std::optional<InputError> m_inputError;
    QString m_otherError; ///< a non-InputError's text, kept as it was

protected:
    /// Emitted for a computation's exception that is not an InputError.
    static QString internalError(const char* what);
};

template <typename Input, typename Result> class Document : public DocumentBase {
public:
    explicit Document(EvaluationMode mode, Input input = {}, QObject* parent = nullptr)
        : DocumentBase(mode, parent)
        , m_input(std::move(input))
    {
        schedule();
    }

    const Input& input() const { return m_input; }
    bool hasResult() const { return m_result.has_value(); }
    /// The last result (valid once hasResult()): of the input in force, unless a later one
    /// failed (errorMessage()) or is still being evaluated (isBusy()).
    const Result& result() const { return *m_result; }
    const std::optional<Result>& optionalResult() const { return m_result; }

    /// Replaces the input as one undo step named `undoText`. Edits with the same non-empty
    /// `mergeKey` within kUndoMergeWindowMs merge into one step. No step when it is equal.
    void edit(const Input& next, const QString& undoText, const std::string& mergeKey = {})
    {
        if (next == m_input)
            return;
        pushUndo(new Command(this, m_input, next, undoText, mergeKey));
    }
    /// Replaces the input without an undo step.
    void setInput(const Input& input)
    {
        m_input = input;
        emit inputChanged();
        schedule();
    }
    /// Replaces the input and clears the history (a new file, a restored session).
    void resetInput(const Input& input)
    {
        clearUndo();
        setInput(input);
    }

protected:
    /// The result of `input`, or a thrown InputError. On a worker it polls `control.cancel`.
    virtual Result compute(const Input& input, const ComputeControl& control) = 0;
    /// Called on the GUI thread with each new result before resultChanged().
    virtual void stored(const Result&) { }

    Job makeJob() override
    {
        return [this, input = m_input](const ComputeControl& control) -> Stored {
            auto result = std::make_shared<Result>(compute(input, control));
            return [this, result] {
                m_result = std::move(*result);
                stored(*m_result);
            };
        };
    }

private:
    using Command = StateCommand<Document, Input, &Document::setInput, 1>;
    void pushUndo(QUndoCommand* command);
    void clearUndo();

    Input m_input;
    std::optional<Result> m_result;
};

/// Pushes on the document's stack (DocumentBase cannot name QUndoStack's members here
/// without its header; the template's users include it through Document.cpp's helpers).
void pushUndoCommand(QUndoStack* stack, QUndoCommand* command);
void clearUndoStack(QUndoStack* stack);

template <typename Input, typename Result> void Document<Input, Result>::pushUndo(QUndoCommand* command)
{
    pushUndoCommand(undoStack(), command);
}

template <typename Input, typename Result> void Document<Input, Result>::clearUndo()
{
    clearUndoStack(undoStack());
}

} // namespace kvtiers::ui
