#pragma once
// TraceDocument: the Trace tab as a document (ui/common/Document.h). Its input is the trace
// file opened and the tiers it is first cut at; its result the trace's analysis
// (trace::analyzeTrace: the LRU hit-ratio curve and the tiers' split), read on a worker
// thread with progress and cancel, latest wins: a file opened while another is read
// replaces it. The curve does not depend on the scenario, so a scenario change does not read
// the trace again: the analysis kept is cut at the new tiers (TraceAnalysis::recutBytes, from
// its histograms). A read that fails or is cancelled leaves the last analysis in place,
// with the file it came from; errorMessage() says why, naming the file, line and field.

#include "core/model/Evaluation.h"
#include "core/scenario/Scenario.h"
#include "core/trace/TraceAnalysis.h"
#include "core/trace/TraceTiers.h"
#include "ui/common/Document.h"
#include "ui/export/ChartExporter.h"

#include <memory>

namespace kvtiers::ui {

/// What one read takes: the file, and the tiers to cut it at.
struct TraceReadInput {
    QString path; ///< empty: no trace opened
    trace::TraceCapacity capacity;
    int opening = 0; ///< counts files opened: the same file opened again is read again
    bool operator==(const TraceReadInput& other) const
    {
        return path == other.path && opening == other.opening && capacity.caches == other.capacity.caches
            && capacity.kvBytesPerToken == other.capacity.kvBytesPerToken
            && capacity.bytesPerCache == other.capacity.bytesPerCache;
    }
};

/// One read's analysis (null when there was no file), and what it was read with.
struct TraceRead {
    std::shared_ptr<trace::TraceAnalysis> analysis;
    TraceReadInput input;
};

class TraceDocument : public Document<TraceReadInput, TraceRead> {
    Q_OBJECT
public:
    explicit TraceDocument(QObject* parent = nullptr);

    /// Reads and analyses `path` in the background (a read in progress is dropped).
    void openFile(const QString& path);
    /// Stops the read in progress; readEnded() follows.
    void cancelRead();
    /// The scenario whose tiers and KV bytes the trace is cut at.
    void setScenario(const Scenario& scenario, const EvalResult& result);

    /// A read asked for or in progress.
    bool isReading() const { return m_readAsked || (isBusy() && m_launchedRead); }
    /// The file being read (or the last one asked for).
    const QString& path() const { return input().path; }
    /// The analysis shown (null before the first read), cut at the current scenario's tiers.
    const trace::TraceAnalysis* analysis() const { return m_analysis.get(); }
    /// The file it came from.
    const QString& analysedPath() const { return m_analysedPath; }
    double bytesPerBlock() const;
    const EvalResult& evalResult() const { return m_result; }
    bool hasScenario() const { return m_haveScenario; }
    const QString& modelName() const { return m_modelName; }
    double offloadRate() const { return m_offloadRate; }

    /// How the last read asked for ended.
    enum class Outcome { None, Done, Failed, Cancelled };
    Outcome outcome() const { return m_outcome; }

    void setExportOptions(const ExportOptions& options) { m_exportOptions = options; }
    QList<DocumentExport> exports() const override;

signals:
    /// A read asked for ended: outcome() says how, errorMessage() why it failed.
    void readEnded();
    /// The analysis shown changed: a new read, or the same one cut at other tiers.
    void analysisChanged();

protected:
    TraceRead compute(const TraceReadInput& input, const ComputeControl& control) override;
    void stored(const TraceRead& read) override;
    Job makeJob() override;

private:
    void ended(Outcome outcome);
    /// Cuts the analysis at the current scenario's tiers, if they differ from its own (true).
    bool recut();

    std::shared_ptr<trace::TraceAnalysis> m_analysis;
    QString m_analysedPath;
    trace::TraceCapacity m_analysedCapacity; ///< what m_analysis is cut at
    trace::TraceCapacity m_capacity;         ///< the current scenario's
    bool m_haveScenario = false;
    EvalResult m_result;
    QString m_modelName;
    double m_offloadRate = 0;
    int m_openings = 0;
    bool m_readAsked = false;
    bool m_launchedRead = false;
    Outcome m_outcome = Outcome::None;
    ExportOptions m_exportOptions;
};

} // namespace kvtiers::ui
