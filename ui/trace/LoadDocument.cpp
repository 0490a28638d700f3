#include "ui/trace/LoadDocument.h"

#include "core/analysis/Fleet.h"
#include "core/io/Message.h"
#include "core/io/Units.h"
#include "core/model/Warnings.h"
#include "core/trace/TraceReader.h"
#include "ui/export/LoadExport.h"
#include "ui/text/UnitsText.h"

#include <QFileInfo>

#include <algorithm>
#include <cmath>
#include <mutex>

namespace kvtiers::ui {

namespace {

constexpr MessageContext say { "Messages" };

/// Refuses a scenario whose replicas hold no sequence, in the Scenario tab's words: a replay
/// would run its requests one at a time past HBM and plot hours.
void refuseWhatCannotRun(const LoadContext& c)
{
    if (c.result.runsNoSequence())
        throw InputError(say(QT_TRANSLATE_NOOP("Messages",
                                 "%1 cannot hold one sequence, so there is nothing to "
                                 "replay: %2"),
            { c.scenario.model.name, MessageArg({ doesNotFitMessage(c.scenario, c.result) }, "") }));
}

/// The requests per second `trace` offers at `trafficScale` (as the Trace tab counts them:
/// requests over the first to last arrival).
double offeredRps(const replay::ReplayTrace& trace, double trafficScale)
{
    const double span = trace.requests.empty() ? 0 : trace.requests.back().arrival / trafficScale;
    return span > 0 ? static_cast<double>(trace.requests.size()) / span : 0;
}

} // namespace

/// A trace file read whole once, on the first run that needs it, and kept for the later
/// runs of the same trace opened. A run reads it on its worker; the lock keeps a run that
/// follows a cancelled one from seeing half a trace (a read cancelled or refused keeps
/// nothing).
class LoadedTrace {
public:
    explicit LoadedTrace(QString path)
        : m_path(path.toStdString())
    {
    }
    bool isRead() const
    {
        std::lock_guard lock(m_mutex);
        return m_trace != nullptr;
    }
    /// The trace, read now if it was not yet. Throws InputError or a cancellation.
    std::shared_ptr<const replay::ReplayTrace> get(const replay::ReplayControl& control)
    {
        std::lock_guard lock(m_mutex);
        if (!m_trace) {
            auto reader = trace::TraceReader::open(m_path);
            m_trace = std::make_shared<const replay::ReplayTrace>(replay::loadReplayTrace(*reader, control));
        }
        return m_trace;
    }

private:
    std::string m_path;
    mutable std::mutex m_mutex;
    std::shared_ptr<const replay::ReplayTrace> m_trace;
};

LoadDocument::LoadDocument(QObject* parent)
    : Document(EvaluationMode::Worker, ReplayJobInput { defaultInputs(), nullptr, false, std::nullopt }, parent)
{
    // Any change to an input that has a trace and scenario replays: running from now on.
    connect(this, &DocumentBase::inputChanged, this, [this] {
        if (input().context)
            m_runAsked = true;
    });
    connect(this, &DocumentBase::evaluated, this, [this] {
        if (m_launchedRun)
            ended(errorMessage().isEmpty() ? Outcome::Done : Outcome::Failed);
    });
    connect(this, &DocumentBase::cancelled, this, [this] {
        if (m_launchedRun)
            ended(Outcome::Cancelled);
    });
}

LoadDocument::~LoadDocument() = default; // the base cancels and waits for its worker first

replay::ReplayInput LoadDocument::defaultInputs()
{
    replay::ReplayInput in;
    in.sweep = replay::ReplaySweepAxis::Dram;
    in.points = in.pointsInForce();
    in.options.keepRequests = false;
    return in;
}

double LoadDocument::scenarioMaxSeqs(const Scenario& scenario)
{
    return std::max(1.0, std::floor(scenario.workload.concurrency));
}

std::optional<double> LoadDocument::scenarioMaxSeqs() const
{
    if (!m_scenario)
        return std::nullopt;
    return scenarioMaxSeqs(*m_scenario);
}

std::optional<int> LoadDocument::scenarioReplicas() const
{
    if (!m_scenario)
        return std::nullopt;
    replay::ReplayOptions options;
    options.routing = inputs().options.routing;
    try {
        return replay::replayCapacities(1, *m_scenario, m_result, options).replicas;
    } catch (const InputError&) {
        return std::nullopt;
    }
}

void LoadDocument::setTrace(const QString& path)
{
    m_tracePath = path;
    m_trace = std::make_shared<LoadedTrace>(path);
    contextChanged();
}

void LoadDocument::setScenario(const Scenario& scenario, const EvalResult& result)
{
    m_scenario = scenario;
    m_result = result;
    contextChanged();
    emit scenarioChanged();
}

void LoadDocument::contextChanged()
{
    if (m_tracePath.isEmpty() || !m_scenario)
        return;
    m_latest = std::make_shared<const LoadContext>(LoadContext { m_tracePath, *m_scenario, m_result, m_trace });
    // A replay in progress is dropped and runs again on the new trace or scenario; one
    // already drawn stays, older than them.
    if (isRunning())
        setInput({ inputs(), m_latest, false, std::nullopt });
}

void LoadDocument::run()
{
    if (m_latest)
        setInput({ inputs(), m_latest, false, std::nullopt });
}

void LoadDocument::sizeForSlo()
{
    if (m_latest)
        setInput({ inputs(), m_latest, true, std::nullopt });
}

void LoadDocument::cancelRun()
{
    const bool waiting = m_runAsked && !(isBusy() && m_launchedRun); // no run of its own will report
    cancel();
    if (waiting) {
        // Stopped before its worker started, so nothing else will report it: reported once
        // the caller has returned, as a worker's end is.
        m_runAsked = false;
        QMetaObject::invokeMethod(
            this, [this] { ended(Outcome::Cancelled); }, Qt::QueuedConnection);
    }
}

void LoadDocument::editInputs(const replay::ReplayInput& next, const QString& undoText, const std::string& mergeKey)
{
    // Once replayed, the inputs replay the trace and scenario as they are now.
    edit({ next, input().context ? m_latest : nullptr, false, std::nullopt }, undoText, mergeKey);
}

DocumentBase::Job LoadDocument::makeJob()
{
    m_launchedRun = input().context != nullptr;
    m_launchedInput = input();
    m_runAsked = false;
    return Document::makeJob();
}

LoadCurve LoadDocument::compute(const ReplayJobInput& in, const ComputeControl& control)
{
    replay::validateReplayInput(in.replay); // a conflict shows at once, before any run
    if (!in.context)
        return {};
    const LoadContext& c = *in.context;
    refuseWhatCannotRun(c);
    // Reading takes the first tenth of the bar when the file must be read, the sweep the rest.
    const double readShare = c.trace->isRead() ? 0.0 : 0.1;
    replay::ReplayControl rc;
    rc.cancel = control.cancel;
    if (control.progress)
        rc.progress = [&](double share) { control.progress(share * readShare); };
    const std::shared_ptr<const replay::ReplayTrace> trace = c.trace->get(rc);
    if (control.progress)
        rc.progress = [&](double share) { control.progress(readShare + share * (1 - readShare)); };
    replay::ReplayOptions options = in.replay.options;
    options.keepRequests = false;
    if (in.sizeForSlo)
        return sizeFor(c, *trace, options, rc);
    LoadCurve curve;
    curve.sizing = in.sized;
    // A replica runs as many sequences as the scenario's concurrency, unless one was typed.
    curve.maxSeqsFromScenario = !options.maxSeqs.has_value();
    if (curve.maxSeqsFromScenario)
        options.maxSeqs = scenarioMaxSeqs(c.scenario);
    curve.sweep = replay::planLoadSweep(*trace, c.scenario, c.result, options,
        in.replay.sweep.value_or(replay::ReplaySweepAxis::Dram), in.replay.pointsInForce());
    replay::runReplaySweep(curve.sweep, *trace, c.scenario, c.result, options, rc);
    curve.targets = options.targets.inForce();
    curve.offeredRps = offeredRps(*trace, options.trafficScale);
    curve.offloadRate = c.scenario.workload.offloadRate;
    return curve;
}

LoadCurve LoadDocument::sizeFor(const LoadContext& c, const replay::ReplayTrace& trace, replay::ReplayOptions options,
    const replay::ReplayControl& control)
{
    replay::SloSizing sizing;
    sizing.offeredRps = offeredRps(trace, options.trafficScale);
    const FleetEntryResult fleet = sizeScenario(c.scenario, options.targets.inForce(), sizing.offeredRps);
    sizing.fleetReplicas = fleet.replicas;
    sizing.fleetSequences = fleet.concurrencyPerReplica;
    if (!options.maxSeqs)
        options.maxSeqs = fleet.concurrencyPerReplica; // the sequences the fleet sized for
    sizing.replayedSequences = *options.maxSeqs;
    const int start = static_cast<int>(std::clamp(fleet.replicas, 1.0, double(replay::kMaxSearchedReplicas)));
    sizing.search = replay::leastReplicasMeetingTargets(trace, c.scenario, c.result, options, start, control);
    if (sizing.search.replicas == 0)
        throw InputError(say(QT_TRANSLATE_NOOP("Messages",
                                 "the replay misses the targets even on %1 replicas: the trace asks more than "
                                 "any count of this scenario's replicas serves within them"),
            { formatCount(replay::kMaxSearchedReplicas) }));
    LoadCurve curve;
    curve.sizing = sizing;
    return curve;
}

void LoadDocument::stored(const LoadCurve& curve)
{
    if (!m_launchedRun)
        return; // the inputs alone were checked: no replay to keep
    if (m_launchedInput.sizeForSlo) {
        // Found: the count (and the sequence limit it was replayed with) as one undo step,
        // which replays the sweep there once this evaluation has ended.
        const replay::SloSizing sizing = *curve.sizing;
        QMetaObject::invokeMethod(
            this,
            [this, sizing] {
                replay::ReplayInput next = inputs();
                next.options.replicas = sizing.search.replicas;
                next.options.maxSeqs = sizing.replayedSequences;
                edit({ next, m_latest, false, sizing }, tr("Size for the SLO"));
            },
            Qt::QueuedConnection);
        return;
    }
    m_curve = curve;
    m_curveInput = m_launchedInput;
}

void LoadDocument::ended(Outcome outcome)
{
    m_launchedRun = false;
    m_outcome = outcome;
    emit runEnded();
}

bool LoadDocument::isStale() const
{
    return m_curve && (m_curveInput.context != m_latest || m_curveInput.replay != inputs());
}

QString LoadDocument::curveTraceName() const
{
    return m_curve && m_curveInput.context ? QFileInfo(m_curveInput.context->tracePath).fileName() : QString();
}

QString LoadDocument::curveModelName() const
{
    return m_curve && m_curveInput.context ? qs(m_curveInput.context->scenario.model.name) : QString();
}

QList<DocumentExport> LoadDocument::exports() const
{
    if (!m_curve)
        return {};
    const LoadCurve curve = *m_curve;
    const QString traceName = curveTraceName(), model = curveModelName();
    const ExportOptions options = m_exportOptions;
    auto write = [=](const QString& path) { return LoadExport::exportLoad(path, curve, traceName, model, options); };
    return { { QStringLiteral("load-chart"), tr("Replay under load chart"),
                 { QStringLiteral("png"), QStringLiteral("svg"), QStringLiteral("pdf") }, write },
        { QStringLiteral("load-csv"), tr("Replay under load sweep table"), { QStringLiteral("csv") }, write } };
}

} // namespace kvtiers::ui
