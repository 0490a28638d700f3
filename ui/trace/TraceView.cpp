#include "ui/trace/TraceView.h"

#include "core/io/InputError.h"
#include "core/scenario/Knobs.h"
#include "ui/charts/TraceChart.h"
#include "ui/common/DisplayOptions.h"
#include "ui/dialogs/FileDialog.h"
#include "ui/dialogs/MessageBox.h"
#include "ui/export/TraceExport.h"
#include "ui/scenario/ScenarioController.h"
#include "ui/text/Translate.h"
#include "ui/text/UnitsText.h"
#include "ui/trace/LoadDocument.h"
#include "ui/trace/LoadView.h"

#include <QDragEnterEvent>
#include <QDropEvent>
#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QTabWidget>
#include <QVBoxLayout>

#include <cmath>

namespace kvtiers::ui {

namespace {

/// The core's duration ("6.1 min") with its unit word in the UI language.
QString durationText(double seconds)
{
    QString text = secondsText(seconds);
    const qsizetype space = text.lastIndexOf(u' ');
    if (space < 0)
        return text;
    const QString unit = text.mid(space + 1);
    QString word = unit;
    if (unit == u"min")
        word = QCoreApplication::translate("kvtiers::ui::TraceView", "min");
    else if (unit == u"h")
        word = QCoreApplication::translate("kvtiers::ui::TraceView", "h");
    else if (unit == u"days")
        word = QCoreApplication::translate("kvtiers::ui::TraceView", "days");
    else if (unit == u"years")
        word = QCoreApplication::translate("kvtiers::ui::TraceView", "years");
    return text.left(space + 1) + word;
}

} // namespace

TraceView::TraceView(TraceDocument* document, LoadDocument* load, QWidget* parent)
    : QWidget(parent)
    , m_doc(document)
    , m_load(load)
{
    setAcceptDrops(true);
    auto* layout = new QVBoxLayout(this);
    auto* row = new QHBoxLayout;
    m_openButton = new QPushButton(this);
    m_openButton->setObjectName(QStringLiteral("traceOpenButton"));
    m_progress = new QProgressBar(this);
    m_progress->setObjectName(QStringLiteral("traceProgress"));
    m_progress->setRange(0, 1000);
    m_progress->setVisible(false);
    m_cancelButton = new QPushButton(this);
    m_cancelButton->setObjectName(QStringLiteral("traceCancelButton"));
    m_cancelButton->setVisible(false);
    m_exportButton = new QPushButton(this);
    m_exportButton->setObjectName(QStringLiteral("traceExportButton"));
    m_exportButton->setEnabled(false);
    m_useButton = new QPushButton(this);
    m_useButton->setObjectName(QStringLiteral("traceUseButton"));
    m_useButton->setEnabled(false);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("traceStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    row->addWidget(m_openButton);
    row->addWidget(m_progress, 1);
    row->addWidget(m_cancelButton);
    row->addWidget(m_status, 2);
    row->addWidget(m_useButton);
    row->addWidget(m_exportButton);
    layout->addLayout(row);
    // Two views of the trace read: its hit-ratio curve, and its replay under load.
    m_views = new QTabWidget(this);
    m_views->setObjectName(QStringLiteral("traceViews"));
    m_views->setDocumentMode(true); // no frame round the page: its height goes to the charts
    auto* curvePage = new QWidget(m_views);
    auto* curveLayout = new QVBoxLayout(curvePage);
    m_chart = new TraceChart(curvePage);
    m_chart->setObjectName(QStringLiteral("traceChart"));
    curveLayout->addWidget(m_chart, 1);
    m_summary = new QLabel(curvePage);
    m_summary->setObjectName(QStringLiteral("traceSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    curveLayout->addWidget(m_summary);
    m_loadView = new LoadView(m_load, m_views);
    m_loadView->setObjectName(QStringLiteral("traceLoadView"));
    m_views->addTab(curvePage, QString());
    m_views->addTab(m_loadView, QString());
    layout->addWidget(m_views, 1);
    connect(m_loadView, &LoadView::message, this, &TraceView::message);
    connect(m_views, &QTabWidget::currentChanged, this, &TraceView::shownViewChanged);
    connect(m_openButton, &QPushButton::clicked, this, &TraceView::openDialog);
    connect(m_cancelButton, &QPushButton::clicked, this, &TraceView::cancel);
    connect(m_exportButton, &QPushButton::clicked, this, &TraceView::exportChart);
    connect(m_useButton, &QPushButton::clicked, this, [this] {
        if (const trace::TraceAnalysis* a = analysis())
            emit useWorkload(trace::traceWorkloadOverrides(*a), QFileInfo(m_doc->analysedPath()).fileName());
    });
    connect(m_doc, &DocumentBase::progress, m_progress, &QProgressBar::setValue);
    connect(m_doc, &DocumentBase::busyChanged, this, &TraceView::showStatus);
    connect(m_doc, &TraceDocument::analysisChanged, this, &TraceView::showAnalysis);
    connect(m_doc, &TraceDocument::readEnded, this, &TraceView::readEnded);
    setDisplayOptions(nullptr);
    retranslate();
}

void TraceView::setDisplayOptions(DisplayOptions* options)
{
    m_display = DisplayOptions::swap(m_display, options, this);
    // The chart relabels from the curve it holds, and the analysis already made is
    // re-worded: no trace is read or replayed again.
    connect(m_display, &DisplayOptions::unitsChanged, this, [this](ByteUnits units) {
        m_chart->setUnits(units);
        m_loadView->chart()->setUnits(units);
        followUnits();
    });
    connect(m_display, &DisplayOptions::unitsChanged, this, &TraceView::showAnalysis);
    followUnits();
}

void TraceView::followUnits()
{
    ExportOptions options;
    options.units = m_chart->units(); // exports show bytes as the charts on screen do
    m_doc->setExportOptions(options);
    m_load->setExportOptions(options);
}

bool TraceView::showsLoad() const
{
    return m_views->currentWidget() == m_loadView;
}

void TraceView::showLoad()
{
    m_views->setCurrentWidget(m_loadView);
}

void TraceView::followScenario(ScenarioController* controller)
{
    connect(controller, &ScenarioController::resultChanged, this,
        [this, controller] { setScenario(controller->scenario(), controller->result()); });
    // "Use this trace": the trace's workload replaces those knobs, as one undo step.
    connect(this, &TraceView::useWorkload, controller, [this, controller](const Json& overrides, const QString& name) {
        ScenarioSpec next = controller->spec();
        for (auto it = overrides.begin(); it != overrides.end(); ++it)
            next.overrides[it.key()] = it.value();
        // The replay keeps every evicted block in DRAM, then SSD (an LRU hierarchy): the
        // scenario offloads all of them too, or its lower tiers would hold nothing.
        next.overrides[knob(KnobId::OffloadRate).key] = 1.0;
        controller->edit(next, tr("Use the trace %1").arg(name));
        const auto figure = [&](KnobId id) { return overrides.value(knob(id).key, 0.0); };
        emit message(tr("From %1: reuse ceiling %2, context %3 tokens, output %4 tokens, its reuse-gap table, and "
                        "offload rate 100% (the replay keeps every evicted block in DRAM, then SSD)")
                         .arg(name, percentText(figure(KnobId::ReuseRate)), countText(figure(KnobId::Context)),
                             countText(figure(KnobId::OutputTokens))));
    });
}

void TraceView::openDialog()
{
    const QString path = FileDialog::getOpenFileName(
        this, tr("Open a request trace"), tr("Request traces (*.jsonl *.json *.txt);;All files (*)"));
    if (!path.isEmpty())
        openFile(path);
}

void TraceView::openFile(const QString& path)
{
    m_exported.clear();
    m_progress->setValue(0);
    m_doc->openFile(path);
    showStatus();
}

void TraceView::setScenario(const Scenario& scenario, const EvalResult& result)
{
    // The document cuts the trace kept at the scenario's tiers; the Under load view replays
    // with its settings.
    m_doc->setScenario(scenario, result);
    m_load->setScenario(scenario, result);
    m_summary->setText(summaryText());
}

QString TraceView::stillShowing() const
{
    return analysis() ? tr("Still showing %1.").arg(QFileInfo(m_doc->analysedPath()).fileName()) : QString();
}

void TraceView::cancel()
{
    m_doc->cancelRead();
}

void TraceView::readEnded()
{
    const TraceDocument::Outcome outcome = m_doc->outcome();
    if (outcome == TraceDocument::Outcome::Done)
        m_load->setTrace(m_doc->analysedPath());
    showStatus();
    if (outcome == TraceDocument::Outcome::Failed)
        emit message(m_doc->errorMessage());
    emit finished(outcome == TraceDocument::Outcome::Done,
        outcome == TraceDocument::Outcome::Failed ? m_doc->errorMessage() : QString());
}

void TraceView::showStatus()
{
    const bool reading = m_doc->isReading();
    m_progress->setVisible(reading);
    m_cancelButton->setVisible(reading);
    if (reading) {
        m_status->setText(tr("Reading %1…").arg(QFileInfo(m_doc->path()).fileName()));
        return;
    }
    if (!m_exported.isEmpty()) {
        m_status->setText(m_exported);
        return;
    }
    // The chart and "Use this trace" still belong to the previous trace when a read failed
    // or was cancelled: say which.
    const TraceDocument::Outcome outcome = m_doc->outcome();
    const trace::TraceAnalysis* a = analysis();
    if (outcome == TraceDocument::Outcome::Failed || outcome == TraceDocument::Outcome::Cancelled) {
        const QString what = outcome == TraceDocument::Outcome::Cancelled ? tr("Cancelled.") : m_doc->errorMessage();
        m_status->setText(a ? joinSentences(what, stillShowing()) : what);
    } else if (a) {
        m_status->setText(
            tr("%1: %2 requests")
                .arg(QFileInfo(m_doc->analysedPath()).fileName(), countText(static_cast<double>(a->requests))));
    } else {
        m_status->clear();
    }
}

QString TraceView::summaryText() const
{
    if (!analysis())
        return tr("No trace open. Open a Mooncake or Qwen-Bailian trace (Open trace… above, File > Open trace or "
                  "Ctrl+O, or drop the file here) to see how much of its prompts an LRU prefix cache of each size "
                  "serves, and what the scenario's HBM, DRAM and SSD serve.");
    const trace::TraceAnalysis& a = *analysis();
    const double perBlock = bytesPerBlock();
    const ByteUnits units = m_display->units();
    const double k90 = a.capacityForShareOfCeiling(0.9), k99 = a.capacityForShareOfCeiling(0.99);
    const double requests = static_cast<double>(a.requests);
    const auto saved = trace::ttftSavedPerRequest(m_doc->evalResult(), a);
    const double prompt = a.promptTokens > 0 ? a.promptTokens : 1;
    QString text
        = tr("%1 requests, %2 block references, %3 distinct blocks of %4 tokens (%5 each) over %6. "
             "Reuse ceiling: %7 of prompt blocks, %8 of prompt tokens. 90% of it needs %9 blocks (%10), 99% %11 "
             "blocks (%12).")
              .arg(countText(requests), countText(static_cast<double>(a.blockReferences)),
                  countText(static_cast<double>(a.uniqueBlocks)), QString::number(a.blockTokens),
                  bytesText(perBlock, units), durationText(a.durationSeconds()), percentText(a.hitRatioInfinite()),
                  percentText(a.tokenHitRatioInfinite()), countText(k90), bytesText(k90 * perBlock, units))
              .arg(countText(k99), bytesText(k99 * perBlock, units));
    text += QLatin1Char('\n')
        + tr("Prompt tokens served by HBM %1 (TTFT saved %2 per request), DRAM %3 (%4), SSD %5 (%6); recomputed %7.")
              .arg(percentText(a.tiers.tokens.hbm / prompt), durationText(saved.hbm),
                  percentText(a.tiers.tokens.dram / prompt), durationText(saved.dram),
                  percentText(a.tiers.tokens.ssd / prompt), durationText(saved.ssd),
                  percentText(a.tiers.missTokens / prompt));
    // What the DRAM and SSD bands assume, in the scenario's own terms.
    const double offloadRate = m_doc->offloadRate();
    if (!(offloadRate > 0))
        text += QLatin1Char('\n')
            + tr("The scenario offloads nothing (offload rate 0%): DRAM and SSD hold no prefix, as in its tier "
                 "table, so only HBM serves the trace. Set an offload rate, or use this trace, to see the lower "
                 "tiers.");
    else if (offloadRate < 1)
        text += QLatin1Char('\n')
            + tr("DRAM and SSD are replayed as if every evicted block were offloaded; the scenario offloads %1 of "
                 "them, so their shares here are an upper bound.")
                  .arg(percentText(offloadRate));
    text += QLatin1Char('\n')
        + tr("Workload: %1 requests/s, prompt %2 tokens and output %3 tokens on average.")
              .arg(significantText(a.requestRatePerSecond(), 4), countText(std::round(a.promptTokens / requests)),
                  countText(std::round(a.outputTokens / requests)));
    return text;
}

void TraceView::showAnalysis()
{
    const trace::TraceAnalysis* a = analysis();
    m_exportButton->setEnabled(a != nullptr);
    m_useButton->setEnabled(a != nullptr);
    m_summary->setText(summaryText());
    if (a)
        m_chart->setAnalysis(*a, bytesPerBlock());
}

void TraceView::exportChart()
{
    if (!analysis())
        return;
    const QString path
        = FileDialog::getSaveFileName(this, tr("Export trace curve"), QStringLiteral("kvtiers-trace.png"),
            tr("PNG image (*.png);;SVG drawing (*.svg);;PDF (*.pdf);;CSV table (*.csv)"));
    if (path.isEmpty())
        return;
    followUnits();
    const QList<DocumentExport> exports = m_doc->exports();
    const QString suffix = QFileInfo(path).suffix().toLower();
    const DocumentExport* chosen = &exports.front(); // its writer names a file type it does not write
    for (const DocumentExport& e : exports)
        if (e.formats.contains(suffix))
            chosen = &e;
    const QString error = chosen->write(path);
    m_exported = error.isEmpty() ? tr("Exported the trace curve to %1").arg(path) : error;
    showStatus();
    if (!error.isEmpty()) {
        MessageBox::warning(this, tr("Export trace curve"), error);
        return;
    }
    emit message(m_exported);
}

void TraceView::dragEnterEvent(QDragEnterEvent* event)
{
    if (event->mimeData()->hasUrls() && event->mimeData()->urls().size() == 1
        && event->mimeData()->urls().front().isLocalFile())
        event->acceptProposedAction();
}

void TraceView::dropEvent(QDropEvent* event)
{
    const auto urls = event->mimeData()->urls();
    if (urls.size() == 1 && urls.front().isLocalFile()) {
        event->acceptProposedAction();
        openFile(urls.front().toLocalFile());
    }
}

void TraceView::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslate();
}

void TraceView::retranslate()
{
    m_openButton->setText(tr("&Open trace…"));
    m_openButton->setToolTip(tr("A Mooncake (FAST'25) or Qwen-Bailian request trace, one JSON request per line"));
    m_cancelButton->setText(tr("Cancel"));
    m_exportButton->setText(tr("E&xport…"));
    m_useButton->setText(tr("&Use this trace"));
    m_useButton->setToolTip(tr("Set the scenario's reuse rate, context, output tokens and reuse-gap table from the "
                               "trace, and offload every evicted block as the replay does (one undo step); the "
                               "request rate stays the replica's own"));
    m_exportButton->setToolTip(tr("The curve as PNG, SVG or PDF, or as a CSV table"));
    m_views->setTabText(0, tr("Hit-ratio curve"));
    m_views->setTabText(1, tr("Under load"));
    m_summary->setText(summaryText());
    // A trace already read is drawn and counted again in the new language, not read again.
    if (analysis())
        m_chart->setAnalysis(*analysis(), bytesPerBlock());
    showStatus();
}

} // namespace kvtiers::ui
