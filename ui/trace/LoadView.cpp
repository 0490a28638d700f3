#include "ui/trace/LoadView.h"

#include "ui/dialogs/FileDialog.h"
#include "ui/dialogs/MessageBox.h"
#include "ui/export/LoadExport.h"
#include "ui/text/UnitsText.h"
#include "ui/trace/ReplayWorker.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace kvtiers::ui {

namespace {

/// A label of sentences: wrapped, and selectable so that a figure can be copied.
QLabel* wrappingLabel(QWidget* parent, const QString& name)
{
    auto* label = new QLabel(parent);
    label->setObjectName(name);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

} // namespace

LoadView::LoadView(QWidget* parent)
    : QWidget(parent)
{
    m_worker = new ReplayWorker(this);
    buildControls();
    connect(m_worker, &ReplayWorker::progress, m_progress, &QProgressBar::setValue);
    connect(m_worker, &ReplayWorker::finished, this, &LoadView::done);
    connect(m_worker, &ReplayWorker::failed, this, &LoadView::failed);
    connect(m_worker, &ReplayWorker::cancelled, this, &LoadView::cancelled);
    showCurve();
}

LoadView::~LoadView() = default; // the worker, a child, cancels and waits for its thread

void LoadView::buildControls()
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* row = new QHBoxLayout;
    auto* tierLabel = new QLabel(this);
    m_tierCombo = new QComboBox(this);
    m_tierCombo->setObjectName(QStringLiteral("loadTier"));
    m_tierCombo->addItems({ QString(), QString() });
    tierLabel->setBuddy(m_tierCombo);
    auto* pointsLabel = new QLabel(this);
    m_pointsSpin = new QSpinBox(this);
    m_pointsSpin->setObjectName(QStringLiteral("loadPoints"));
    m_pointsSpin->setRange(2, 32);
    m_pointsSpin->setValue(ReplayJob {}.points);
    pointsLabel->setBuddy(m_pointsSpin);
    auto* ttftLabel = new QLabel(this);
    m_ttftSpin = new QDoubleSpinBox(this);
    m_ttftSpin->setObjectName(QStringLiteral("loadTtft"));
    m_ttftSpin->setRange(0.01, 600);
    m_ttftSpin->setDecimals(2);
    m_ttftSpin->setValue(replay::ReplayOptions {}.targets.ttft());
    m_ttftSpin->setSuffix(QStringLiteral(" s"));
    ttftLabel->setBuddy(m_ttftSpin);
    auto* tpotLabel = new QLabel(this);
    m_tpotSpin = new QDoubleSpinBox(this);
    m_tpotSpin->setObjectName(QStringLiteral("loadTpot"));
    m_tpotSpin->setRange(1, 5000);
    m_tpotSpin->setDecimals(0);
    m_tpotSpin->setValue(replay::ReplayOptions {}.targets.tpot() * 1000);
    m_tpotSpin->setSuffix(QStringLiteral(" ms"));
    tpotLabel->setBuddy(m_tpotSpin);
    auto* scaleLabel = new QLabel(this);
    m_scaleSpin = new QDoubleSpinBox(this);
    m_scaleSpin->setObjectName(QStringLiteral("loadTrafficScale"));
    m_scaleSpin->setRange(0.001, 100);
    m_scaleSpin->setDecimals(3);
    m_scaleSpin->setValue(replay::ReplayOptions {}.trafficScale);
    m_scaleSpin->setPrefix(QStringLiteral("× "));
    scaleLabel->setBuddy(m_scaleSpin);
    m_runButton = new QPushButton(this);
    m_runButton->setObjectName(QStringLiteral("loadRunButton"));
    m_cancelButton = new QPushButton(this);
    m_cancelButton->setObjectName(QStringLiteral("loadCancelButton"));
    m_cancelButton->setVisible(false);
    m_exportButton = new QPushButton(this);
    m_exportButton->setObjectName(QStringLiteral("loadExportButton"));
    m_progress = new QProgressBar(this);
    m_progress->setObjectName(QStringLiteral("loadProgress"));
    m_progress->setRange(0, 1000);
    m_progress->setVisible(false);
    m_progress->setMaximumWidth(220);
    // Two rows, so that the tab fits a laptop's width in Korean too: what is swept, and the
    // targets with the run's progress.
    for (QWidget* w :
        std::initializer_list<QWidget*> { tierLabel, m_tierCombo, pointsLabel, m_pointsSpin, scaleLabel, m_scaleSpin })
        row->addWidget(w);
    row->addStretch(1);
    row->addWidget(m_runButton);
    row->addWidget(m_exportButton);
    layout->addLayout(row);
    auto* targetRow = new QHBoxLayout;
    m_status = wrappingLabel(this, QStringLiteral("loadStatus"));
    for (QWidget* w : std::initializer_list<QWidget*> { ttftLabel, m_ttftSpin, tpotLabel, m_tpotSpin, m_progress })
        targetRow->addWidget(w);
    targetRow->addWidget(m_cancelButton);
    targetRow->addWidget(m_status, 1);
    layout->addLayout(targetRow);
    m_chart = new LoadChart(this);
    m_chart->setObjectName(QStringLiteral("loadChart"));
    layout->addWidget(m_chart, 1);
    m_summary = wrappingLabel(this, QStringLiteral("loadSummary"));
    layout->addWidget(m_summary);

    wordControls(tierLabel, pointsLabel, ttftLabel, tpotLabel, scaleLabel);
    connectControls();
}

void LoadView::wordControls(
    QLabel* tierLabel, QLabel* pointsLabel, QLabel* ttftLabel, QLabel* tpotLabel, QLabel* scaleLabel)
{
    m_texts([=, this] {
        tierLabel->setText(tr("&Vary:"));
        m_tierCombo->setItemText(0, tr("DRAM per server"));
        m_tierCombo->setItemText(1, tr("SSD per server"));
        m_tierCombo->setToolTip(tr("The tier whose capacity per server the sweep varies; the other tiers keep the "
                                   "scenario's"));
        pointsLabel->setText(tr("&Points:"));
        m_pointsSpin->setToolTip(tr("Replays in the sweep, evenly spaced from none of the tier up to twice the "
                                    "scenario's capacity or the trace's distinct blocks, whichever is more"));
        ttftLabel->setText(tr("TT&FT target:"));
        m_ttftSpin->setToolTip(tr("Time-to-first-token target (queue wait, restore and prefill): the horizontal "
                                  "line, and half of what goodput counts"));
        tpotLabel->setText(tr("TP&OT target:"));
        m_tpotSpin->setToolTip(tr("Time-per-output-token target: the other half of what goodput counts"));
        scaleLabel->setText(tr("Traffic:"));
        m_scaleSpin->setToolTip(tr("Traffic scale: every gap between arrivals divided by this factor"));
        m_runButton->setText(tr("&Replay"));
        m_runButton->setToolTip(tr("Replay the trace under load at each capacity, in the background"));
        m_cancelButton->setText(tr("Cancel"));
        m_exportButton->setText(tr("Export…"));
        m_exportButton->setToolTip(tr("The chart as PNG, SVG or PDF, or the sweep as a CSV table"));
    });
}

void LoadView::connectControls()
{
    connect(m_runButton, &QPushButton::clicked, this, &LoadView::run);
    connect(m_cancelButton, &QPushButton::clicked, this, &LoadView::cancel);
    connect(m_exportButton, &QPushButton::clicked, this, &LoadView::exportChart);
    connect(m_tierCombo, &QComboBox::currentIndexChanged, this, &LoadView::inputsChanged);
    connect(m_pointsSpin, &QSpinBox::valueChanged, this, &LoadView::inputsChanged);
    for (QDoubleSpinBox* spin : { m_ttftSpin, m_tpotSpin, m_scaleSpin })
        connect(spin, &QDoubleSpinBox::valueChanged, this, &LoadView::inputsChanged);
}

void LoadView::setAxis(replay::ReplaySweepAxis axis)
{
    m_tierCombo->setCurrentIndex(axis == replay::ReplaySweepAxis::Ssd ? 1 : 0);
}

void LoadView::setPoints(int points)
{
    m_pointsSpin->setValue(points);
}

void LoadView::setTtftTarget(double seconds)
{
    m_ttftSpin->setValue(seconds);
}

void LoadView::setTrafficScale(double scale)
{
    m_scaleSpin->setValue(scale);
}

bool LoadView::isRunning() const
{
    return m_worker->isRunning();
}

void LoadView::setTrace(const QString& path)
{
    // A trace read again may have changed on disk: the worker reads it afresh.
    m_tracePath = path;
    m_worker->forgetTrace();
    inputsChanged();
}

void LoadView::setScenario(const Scenario& scenario, const EvalResult& result)
{
    m_scenario = scenario;
    m_result = result;
    inputsChanged();
}

ReplayJob LoadView::job() const
{
    ReplayJob job;
    job.tracePath = m_tracePath;
    if (m_scenario)
        job.scenario = *m_scenario;
    job.result = m_result;
    job.axis = m_tierCombo->currentIndex() == 1 ? replay::ReplaySweepAxis::Ssd : replay::ReplaySweepAxis::Dram;
    job.points = m_pointsSpin->value();
    job.options.targets.ttftSeconds = m_ttftSpin->value();
    job.options.targets.tpotSeconds = m_tpotSpin->value() / 1000;
    job.options.trafficScale = m_scaleSpin->value();
    job.options.keepRequests = false;
    return job;
}

void LoadView::inputsChanged()
{
    // What is drawn was replayed with other inputs: a run in progress is dropped and
    // started again; a finished curve stays, and the status says it is older.
    if (m_shown)
        m_stale = true;
    if (m_worker->isRunning())
        m_worker->start(job());
    showCurve();
}

void LoadView::run()
{
    if (m_tracePath.isEmpty() || !m_scenario)
        return;
    m_outcome = Outcome::None;
    m_progress->setValue(0);
    setRunning(true);
    m_worker->start(job());
    showCurve();
}

void LoadView::cancel()
{
    m_worker->cancel();
}

void LoadView::setRunning(bool running)
{
    m_progress->setVisible(running);
    m_cancelButton->setVisible(running);
}

void LoadView::done(const LoadCurve& curve)
{
    setRunning(false);
    m_outcome = Outcome::Done;
    m_shown = curve;
    m_shownTrace = QFileInfo(m_tracePath).fileName();
    m_shownModel = m_scenario ? qs(m_scenario->model.name) : QString();
    m_stale = false;
    m_chart->setCurve(curve);
    showCurve();
    emit finished(true, QString());
}

void LoadView::failed(const QString& error)
{
    setRunning(false);
    m_outcome = Outcome::Failed;
    m_error = error;
    showCurve();
    emit message(error);
    emit finished(false, error);
}

void LoadView::cancelled()
{
    setRunning(false);
    m_outcome = Outcome::Cancelled;
    showCurve();
    emit finished(false, QString());
}

QString LoadView::statusText() const
{
    if (m_worker->isRunning())
        return tr("Replaying %1 at %n capacities…", nullptr, job().points).arg(QFileInfo(m_tracePath).fileName());
    QString text;
    if (m_outcome == Outcome::Failed)
        text = m_error;
    else if (m_outcome == Outcome::Cancelled)
        text = tr("Cancelled.");
    if (m_shown && (m_stale || m_outcome == Outcome::Failed || m_outcome == Outcome::Cancelled)) {
        const QString older = tr("Showing the replay of %1 for the earlier inputs; Replay again for the current "
                                 "ones.")
                                  .arg(m_shownTrace);
        text = text.isEmpty() ? older : text + u' ' + older;
    }
    if (text.isEmpty() && !m_shown)
        text = m_tracePath.isEmpty()
            ? tr("Open a trace first: the replay runs the trace the tab has read.")
            : tr("Press Replay to replay %1 under load at each capacity.").arg(QFileInfo(m_tracePath).fileName());
    return text;
}

QString LoadView::summaryText() const
{
    if (!m_shown)
        return tr("Each point replays every request of the trace at its timestamp on the scenario's replicas "
                  "(queueing, restores over the links, chunked prefill, decode), as kvtiers replay --sweep does; "
                  "goodput counts the requests per second that meet both targets.");
    return tr("%1 replayed with %2's scenario at %n capacities of %3 per server; the other tiers as the scenario "
              "has them. Goodput counts requests per second meeting both targets.",
        nullptr, static_cast<int>(m_shown->sweep.points.size()))
        .arg(m_shownTrace, m_shownModel, LoadChart::tierName(m_shown->sweep.axis));
}

void LoadView::showCurve()
{
    const bool ready = !m_tracePath.isEmpty() && m_scenario.has_value();
    m_runButton->setEnabled(ready && !m_worker->isRunning());
    m_exportButton->setEnabled(m_shown.has_value());
    m_status->setText(statusText());
    m_summary->setText(summaryText());
}

void LoadView::exportChart()
{
    if (!m_shown)
        return;
    const QString path
        = FileDialog::getSaveFileName(this, tr("Export the replay under load"), QStringLiteral("kvtiers-load.png"),
            tr("PNG image (*.png);;SVG drawing (*.svg);;PDF (*.pdf);;CSV table (*.csv)"));
    if (path.isEmpty())
        return;
    ExportOptions options;
    options.units = m_chart->units();
    const QString error = LoadExport::exportLoad(path, *m_shown, m_shownTrace, m_shownModel, options);
    if (!error.isEmpty()) {
        m_status->setText(error);
        MessageBox::warning(this, tr("Export the replay under load"), error);
        return;
    }
    const QString done = tr("Exported the replay under load to %1").arg(path);
    m_status->setText(done);
    emit message(done);
}

void LoadView::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange) {
        m_texts.retranslate();
        showCurve();
    }
}

} // namespace kvtiers::ui
