#include "ui/trace/TraceDocument.h"

#include "ui/export/TraceExport.h"
#include "ui/text/UnitsText.h"

#include <QFileInfo>

namespace kvtiers::ui {

namespace {

bool sameCapacity(const trace::TraceCapacity& a, const trace::TraceCapacity& b)
{
    return a.kvBytesPerToken == b.kvBytesPerToken && a.caches == b.caches && a.bytesPerCache == b.bytesPerCache;
}

} // namespace

TraceDocument::TraceDocument(QObject* parent)
    : Document(EvaluationMode::Worker, TraceReadInput {}, parent)
{
    connect(this, &DocumentBase::inputChanged, this, [this] {
        if (!input().path.isEmpty())
            m_readAsked = true;
    });
    connect(this, &DocumentBase::evaluated, this, [this] {
        if (m_launchedRead)
            ended(errorMessage().isEmpty() ? Outcome::Done : Outcome::Failed);
    });
    connect(this, &DocumentBase::cancelled, this, [this] {
        if (m_launchedRead)
            ended(Outcome::Cancelled);
    });
}

void TraceDocument::openFile(const QString& path)
{
    setInput({ path, m_capacity, ++m_openings });
}

void TraceDocument::cancelRead()
{
    const bool waiting = m_readAsked && !(isBusy() && m_launchedRead); // no read of its own will report
    cancel();
    if (waiting) {
        // Stopped before its worker started: reported once the caller has returned, as a
        // worker's end is.
        m_readAsked = false;
        QMetaObject::invokeMethod(
            this, [this] { ended(Outcome::Cancelled); }, Qt::QueuedConnection);
    }
}

void TraceDocument::setScenario(const Scenario& scenario, const EvalResult& result)
{
    m_result = result;
    m_modelName = qs(scenario.model.name);
    m_offloadRate = scenario.workload.offloadRate;
    m_capacity = trace::followOffload(trace::traceCapacity(result, trace::TraceRouting::Global), m_offloadRate);
    m_haveScenario = true;
    // The curve is the trace's own; only the cut-offs (and the TTFT saved) follow the
    // scenario. A read in progress is cut again when it ends.
    if (m_analysis && recut())
        emit analysisChanged();
}

bool TraceDocument::recut()
{
    if (!m_haveScenario || sameCapacity(m_capacity, m_analysedCapacity))
        return false;
    m_analysis->recutBytes(m_capacity.bytesPerCache, m_capacity.kvBytesPerToken);
    m_analysedCapacity = m_capacity;
    return true;
}

DocumentBase::Job TraceDocument::makeJob()
{
    m_launchedRead = !input().path.isEmpty();
    m_readAsked = false;
    return Document::makeJob();
}

TraceRead TraceDocument::compute(const TraceReadInput& in, const ComputeControl& control)
{
    TraceRead read;
    read.input = in;
    if (in.path.isEmpty())
        return read;
    auto reader = trace::TraceReader::open(in.path.toStdString());
    read.analysis = std::make_shared<trace::TraceAnalysis>(trace::analyzeTrace(
        *reader, trace::withCapacity({}, in.capacity), [&control](std::uint64_t done, std::uint64_t total) {
            if (control.progress && total > 0)
                control.progress(static_cast<double>(done) / static_cast<double>(total));
            return !control.cancelled();
        }));
    return read;
}

void TraceDocument::stored(const TraceRead& read)
{
    if (!read.analysis)
        return;
    m_analysis = read.analysis;
    m_analysedPath = read.input.path;
    m_analysedCapacity = read.input.capacity;
    recut(); // the scenario moved while the trace was read
    emit analysisChanged();
}

void TraceDocument::ended(Outcome outcome)
{
    m_launchedRead = false;
    m_outcome = outcome;
    emit readEnded();
}

double TraceDocument::bytesPerBlock() const
{
    return m_analysis ? m_analysis->blockTokens * m_analysedCapacity.kvBytesPerToken : 0.0;
}

QList<DocumentExport> TraceDocument::exports() const
{
    if (!m_analysis)
        return {};
    // The analysis shown (not a copy: a long trace's histograms are large), with the block's
    // bytes and the names as they are now.
    const std::shared_ptr<const trace::TraceAnalysis> analysis = m_analysis;
    const double perBlock = bytesPerBlock();
    const QString traceName = QFileInfo(m_analysedPath).fileName(), model = m_modelName;
    const ExportOptions options = m_exportOptions;
    auto write = [=](const QString& path) {
        return TraceExport::exportTrace(path, *analysis, perBlock, traceName, model, options);
    };
    return { { QStringLiteral("trace-chart"), tr("Trace hit-ratio curve chart"),
                 { QStringLiteral("png"), QStringLiteral("svg"), QStringLiteral("pdf") }, write },
        { QStringLiteral("trace-csv"), tr("Trace hit-ratio curve table"), { QStringLiteral("csv") }, write } };
}

} // namespace kvtiers::ui
