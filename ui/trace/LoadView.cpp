#include "ui/trace/LoadView.h"

#include "ui/dialogs/FileDialog.h"
#include "ui/dialogs/MessageBox.h"
#include "ui/export/LoadExport.h"
#include "ui/text/Translate.h"
#include "ui/text/UnitsText.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

namespace kvtiers::ui {

namespace {

namespace key = replay::replay_keys;

/// A label of sentences: wrapped, and selectable so that a figure can be copied.
QLabel* wrappingLabel(QWidget* parent, const QString& name)
{
    auto* label = new QLabel(parent);
    label->setObjectName(name);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

/// The option's help in the UI language: the fields' tooltips say what the CLI's help says.
QString helpOf(const char* optionKey)
{
    return QCoreApplication::translate("Option", replay::replayOption(optionKey).help);
}

/// A value as a field shows it: as typed on the command line.
QString fieldText(const Option<replay::ReplayInput>& o, const replay::ReplayInput& in)
{
    const std::optional<double> v = o.field.get(in);
    if (!v)
        return {};
    if (o.kind == OptionKind::Percentile)
        return *v == kMeanPercentile ? QStringLiteral("mean") : QString::number(*v, 'g', 6);
    return QString::number(*v, 'g', o.kind == OptionKind::Count ? 15 : 6);
}

/// The view's field names for rewordOptionKeys.
std::string fieldWording(std::string_view key, const void* view)
{
    return static_cast<const LoadView*>(view)->fieldName(key).toStdString();
}

} // namespace

LoadView::LoadView(LoadDocument* document, QWidget* parent)
    : QWidget(parent)
    , m_doc(document)
{
    buildControls();
    connect(m_doc, &DocumentBase::progress, m_progress, &QProgressBar::setValue);
    connect(m_doc, &DocumentBase::inputChanged, this, [this] {
        showInputs();
        refresh();
    });
    connect(m_doc, &DocumentBase::busyChanged, this, &LoadView::refresh);
    connect(m_doc, &DocumentBase::errorChanged, this, &LoadView::refresh);
    connect(m_doc, &LoadDocument::runEnded, this, &LoadView::runEnded);
    connect(m_doc, &LoadDocument::scenarioChanged, this, &LoadView::refresh);
    showInputs();
    refresh();
}

QLineEdit* LoadView::addField(const char* optionKey, int width)
{
    auto* edit = new QLineEdit(this);
    edit->setObjectName(QStringLiteral("loadField_%1").arg(QLatin1String(optionKey)));
    edit->setFixedWidth(width);
    m_fields[optionKey] = edit;
    connect(edit, &QLineEdit::editingFinished, this, [this, optionKey, edit] { commit(optionKey, edit->text()); });
    return edit;
}

QHBoxLayout* LoadView::buildCapacityRow()
{
    auto* row = new QHBoxLayout;
    row->addWidget(addLabel("fixed", nullptr));
    for (Tier t : kTiers) {
        QLineEdit* field = addField(replay::capacityKey(t), 90);
        row->addWidget(addLabel(tierKey(t), field));
        row->addWidget(field);
    }
    // Sizing searches the replica count: beside the capacities it holds fixed, where the
    // row has room in Korean too (the first row has none).
    row->addWidget(m_sizeButton);
    m_status = wrappingLabel(this, QStringLiteral("loadStatus"));
    row->addWidget(m_status, 1);
    return row;
}

void LoadView::buildControls()
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    // Rows close together: with the layout's row the page still fits a 720-pixel screen.
    layout->setSpacing(3);
    auto labelFor = [this](const std::string& name, QWidget* buddy) { return addLabel(name, buddy); };
    m_tierCombo = new QComboBox(this);
    m_tierCombo->setObjectName(QStringLiteral("loadTier"));
    m_tierCombo->addItems({ QString(), QString() });
    m_pointsSpin = new QSpinBox(this);
    m_pointsSpin->setObjectName(QStringLiteral("loadPoints"));
    const OptionSpec& points = replay::replayOption(key::kPoints);
    m_pointsSpin->setRange(static_cast<int>(points.min), static_cast<int>(points.max));
    QLineEdit* scale = addField(key::kTrafficScale, 70);
    QLineEdit* replicas = addField(key::kReplicas, 55);
    QLineEdit* seqs = addField(key::kMaxSeqs, 60);
    m_runButton = new QPushButton(this);
    m_runButton->setObjectName(QStringLiteral("loadRunButton"));
    m_sizeButton = new QPushButton(this);
    m_sizeButton->setObjectName(QStringLiteral("loadSizeButton"));
    m_exportButton = new QPushButton(this);
    m_exportButton->setObjectName(QStringLiteral("loadExportButton"));
    // Four rows, so that the tab fits a laptop's width in Korean too: what is swept with the
    // sequence limit, the targets with the run's progress, the replicas and how prefill and
    // decode share them, and the fixed capacities with sizing and the status.
    auto* row = new QHBoxLayout;
    for (QWidget* w :
        std::initializer_list<QWidget*> { labelFor("tier", m_tierCombo), m_tierCombo, labelFor("points", m_pointsSpin),
            m_pointsSpin, labelFor("scale", scale), scale, labelFor("seqs", seqs), seqs })
        row->addWidget(w);
    row->addStretch(1);
    row->addWidget(m_runButton);
    row->addWidget(m_exportButton);
    layout->addLayout(row);
    auto* targetRow = new QHBoxLayout;
    QLineEdit* ttft = addField(kTtftSecondsKey, 55);
    QLineEdit* ttftAt = addField(kTtftPercentileKey, 45);
    QLineEdit* tpot = addField(kTpotSecondsKey, 55);
    QLineEdit* tpotAt = addField(kTpotPercentileKey, 45);
    QLineEdit* tbt = addField(kTbtSecondsKey, 55);
    QLineEdit* tbtAt = addField(kTbtPercentileKey, 45);
    m_progress = new QProgressBar(this);
    m_progress->setObjectName(QStringLiteral("loadProgress"));
    m_progress->setRange(0, 1000);
    m_progress->setMaximumWidth(220);
    m_cancelButton = new QPushButton(this);
    m_cancelButton->setObjectName(QStringLiteral("loadCancelButton"));
    // One word for the three ("Targets:"), so that the row fits a laptop in Korean too.
    for (QWidget* w : std::initializer_list<QWidget*> { labelFor("targets", nullptr), labelFor("ttft", ttft), ttft,
             labelFor("ttftAt", ttftAt), ttftAt, labelFor("tpot", tpot), tpot, labelFor("tpotAt", tpotAt), tpotAt,
             labelFor("tbt", tbt), tbt, labelFor("tbtAt", tbtAt), tbtAt })
        targetRow->addWidget(w);
    targetRow->addStretch(1);
    targetRow->addWidget(m_progress);
    targetRow->addWidget(m_cancelButton);
    layout->addLayout(targetRow);
    layout->addLayout(buildLayoutRow(replicas));
    layout->addLayout(buildCapacityRow());
    m_chart = new LoadChart(this);
    m_chart->setObjectName(QStringLiteral("loadChart"));
    layout->addWidget(m_chart, 1);
    m_summary = wrappingLabel(this, QStringLiteral("loadSummary"));
    layout->addWidget(m_summary);
    wordControls();
    connect(m_runButton, &QPushButton::clicked, this, &LoadView::run);
    connect(m_sizeButton, &QPushButton::clicked, this, &LoadView::sizeForSlo);
    connect(m_cancelButton, &QPushButton::clicked, this, &LoadView::cancel);
    connect(m_exportButton, &QPushButton::clicked, this, &LoadView::exportChart);
    connect(m_tierCombo, &QComboBox::currentIndexChanged, this, [this](int index) {
        replay::ReplayInput next = m_doc->inputs();
        next.sweep = index == 1 ? replay::ReplaySweepAxis::Ssd : replay::ReplaySweepAxis::Dram;
        edit(next, key::kSweep);
    });
    connect(m_pointsSpin, &QSpinBox::valueChanged, this, [this](int value) {
        replay::ReplayInput next = m_doc->inputs();
        next.points = value;
        edit(next, key::kPoints);
    });
}

void LoadView::wordControls()
{
    m_texts([this] {
        const auto& labels = m_labels;
        labels.at("tier")->setText(tr("&Vary:"));
        m_tierCombo->setItemText(0, tr("DRAM per server"));
        m_tierCombo->setItemText(1, tr("SSD per server"));
        m_tierCombo->setToolTip(helpOf(key::kSweep));
        labels.at("points")->setText(tr("&Points:"));
        m_pointsSpin->setToolTip(helpOf(key::kPoints));
        labels.at("scale")->setText(tr("Traffic ×"));
        labels.at("replicas")->setText(tr("R&eplicas:"));
        labels.at("seqs")->setText(tr("&Sequence limit:"));
        labels.at("targets")->setText(tr("Targets:"));
        labels.at("ttft")->setText(tr("TT&FT (s):"));
        labels.at("tpot")->setText(tr("TP&OT (s):"));
        labels.at("ttftAt")->setText(tr("at"));
        labels.at("tpotAt")->setText(tr("at"));
        labels.at("tbt")->setText(tr("TB&T (s):"));
        labels.at("tbtAt")->setText(tr("at"));
        m_fields.at(kTbtSecondsKey)->setPlaceholderText(tr("none"));
        wordLayoutControls();
        labels.at("fixed")->setText(tr("Fixed capacity, blocks:"));
        for (Tier t : kTiers)
            labels.at(tierKey(t))->setText(tierText(t));
        for (const auto& [optionKey, field] : m_fields) {
            field->setToolTip(helpOf(optionKey.c_str()));
            if (replay::capacityKeyTier(optionKey))
                field->setPlaceholderText(tr("scenario's"));
        }
        m_fields.at(key::kMaxSeqs)
            ->setToolTip(tr("Sequences a replica runs at once (vLLM's max_num_seqs); empty: "
                            "the scenario's concurrency, shown greyed"));
        m_fields.at(key::kReplicas)
            ->setToolTip(tr("Replicas the trace is replayed on; empty: the scenario's, "
                            "shown greyed"));
        m_runButton->setText(tr("&Replay"));
        m_runButton->setToolTip(tr("Replay the trace under load at each capacity, in the background"));
        m_sizeButton->setText(tr("Si&ze for the SLO"));
        m_sizeButton->setToolTip(
            tr("Find the fewest replicas meeting the targets at the trace's rate: the fleet sizing's count and "
               "sequences per replica first, then replays up or down from it; the sweep then runs at the count "
               "found. Colocated replicas only"));
        m_cancelButton->setText(tr("Cancel"));
        m_exportButton->setText(tr("Export…"));
        m_exportButton->setToolTip(tr("The chart as PNG, SVG or PDF, or the sweep as a CSV table"));
    });
}

void LoadView::commit(const char* optionKey, const QString& text)
{
    replay::ReplayInput next = m_doc->inputs();
    const QString typed = text.trimmed();
    try {
        const auto tier = replay::capacityKeyTier(optionKey);
        if (tier && typed.isEmpty())
            next.options.capacityBlocks[*tier].reset(); // the scenario's own
        else if (optionKey == kTbtSecondsKey && typed.isEmpty())
            next.options.targets.tbtSeconds.reset(); // no TBT target
        else if (optionKey == kTbtPercentileKey && typed.isEmpty())
            next.options.targets.tbtPercentile.reset();
        else if (optionKey == key::kTransferOverlap && typed.isEmpty())
            next.options.transferOverlap.reset(); // the replay's default
        else if (optionKey == key::kPrefillReplicas && typed.isEmpty())
            next.options.prefillReplicas.reset();
        else if (optionKey == key::kDecodeReplicas && typed.isEmpty())
            next.options.decodeReplicas.reset();
        else if (optionKey == key::kReplicas && typed.isEmpty())
            next.options.replicas.reset();
        else if (optionKey == key::kMaxSeqs && typed.isEmpty())
            next.options.maxSeqs.reset(); // the scenario's concurrency
        else
            setOption(replay::replayOption(optionKey), next, typed.toStdString());
    } catch (const InputError& e) {
        m_typedError = rewordOptionKeys(e, &fieldWording, this);
        refresh();
        return;
    }
    edit(next, optionKey);
    showInputs(); // as the document holds it ("0.50" reads "0.5")
}

void LoadView::edit(const replay::ReplayInput& next, const char* optionKey, const QString& undoText)
{
    m_typedError.reset();
    m_exported.clear();
    m_doc->editInputs(next, undoText.isEmpty() ? tr("Change %1").arg(fieldName(optionKey)) : undoText, optionKey);
    refresh();
}

void LoadView::showInputs()
{
    const replay::ReplayInput& in = m_doc->inputs();
    const QSignalBlocker tierBlock(m_tierCombo), pointsBlock(m_pointsSpin);
    m_tierCombo->setCurrentIndex(in.sweep == replay::ReplaySweepAxis::Ssd ? 1 : 0);
    m_pointsSpin->setValue(in.pointsInForce());
    for (const auto& [optionKey, field] : m_fields)
        field->setText(fieldText(replay::replayOption(optionKey), in));
    showLayout();
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
    typeInto(kTtftSecondsKey, QString::number(seconds, 'g', 10));
}

void LoadView::setTrafficScale(double scale)
{
    typeInto(key::kTrafficScale, QString::number(scale, 'g', 10));
}

void LoadView::typeInto(const char* optionKey, const QString& text)
{
    const auto found = m_fields.find(optionKey);
    if (found == m_fields.end())
        return; // no field for that option
    QLineEdit* field = found->second;
    field->setText(text);
    emit field->editingFinished();
}

void LoadView::run()
{
    m_exported.clear();
    m_progress->setValue(0);
    m_doc->run();
    refresh();
}

void LoadView::sizeForSlo()
{
    m_exported.clear();
    m_progress->setValue(0);
    m_doc->sizeForSlo();
    refresh();
}

void LoadView::cancel()
{
    m_doc->cancelRun();
}

void LoadView::runEnded()
{
    const LoadDocument::Outcome outcome = m_doc->outcome();
    if (outcome == LoadDocument::Outcome::Done && m_doc->curve())
        m_chart->setCurve(*m_doc->curve());
    refresh();
    const QString error = outcome == LoadDocument::Outcome::Failed ? documentError() : QString();
    if (!error.isEmpty())
        emit message(error);
    emit finished(outcome == LoadDocument::Outcome::Done, error);
}

QString LoadView::documentError() const
{
    if (const auto& error = m_doc->inputError())
        return translated(rewordOptionKeys(*error, &fieldWording, this).message());
    return m_doc->errorMessage();
}

QString LoadView::statusText() const
{
    if (m_doc->isSizing())
        return tr("Sizing for the SLO: replaying %1 at replica counts from the fleet sizing's…")
            .arg(QFileInfo(m_doc->tracePath()).fileName());
    if (m_doc->isRunning())
        return tr("Replaying %1 at %n capacities…", nullptr, m_doc->inputs().pointsInForce())
            .arg(QFileInfo(m_doc->tracePath()).fileName());
    if (!m_exported.isEmpty())
        return m_exported;
    const bool cancelled = m_doc->outcome() == LoadDocument::Outcome::Cancelled;
    QString text = m_typedError ? translated(m_typedError->message()) : documentError();
    const bool failed = !text.isEmpty();
    if (text.isEmpty() && cancelled)
        text = tr("Cancelled.");
    if (m_doc->curve() && (m_doc->isStale() || failed || cancelled)) {
        const QString older = tr("Showing the replay of %1 for the earlier inputs; Replay again for the current "
                                 "ones.")
                                  .arg(m_doc->curveTraceName());
        text = text.isEmpty() ? older : text + u' ' + older;
    }
    if (text.isEmpty() && !m_doc->curve())
        text = m_doc->tracePath().isEmpty() ? tr("Open a trace first: the replay runs the trace the tab has read.")
                                            : tr("Press Replay to replay %1 under load at each capacity.")
                                                  .arg(QFileInfo(m_doc->tracePath()).fileName());
    return text;
}

void LoadView::refresh()
{
    const bool running = m_doc->isRunning();
    m_runButton->setEnabled(m_doc->canRun() && !running);
    // Sizing searches a colocated replica count: with prefill and decode split it has none.
    m_sizeButton->setEnabled(m_doc->canRun() && !running && !m_doc->inputs().options.disaggregated());
    enableLayoutControls();
    m_progress->setVisible(running);
    m_cancelButton->setVisible(running);
    m_exportButton->setEnabled(m_doc->curve().has_value());
    // Empty, the replicas and sequence limit are the scenario's: their fields say so.
    const std::optional<int> replicas = m_doc->scenarioReplicas();
    const std::optional<double> seqs = m_doc->scenarioMaxSeqs();
    m_fields.at(key::kReplicas)->setPlaceholderText(replicas ? QString::number(*replicas) : QString());
    m_fields.at(key::kMaxSeqs)->setPlaceholderText(seqs ? countText(*seqs) : QString());
    m_status->setText(statusText());
    m_summary->setText(summaryText());
}

void LoadView::exportChart()
{
    if (!m_doc->curve())
        return;
    const QString path
        = FileDialog::getSaveFileName(this, tr("Export the replay under load"), QStringLiteral("kvtiers-load.png"),
            tr("PNG image (*.png);;SVG drawing (*.svg);;PDF (*.pdf);;CSV table (*.csv)"));
    if (path.isEmpty())
        return;
    ExportOptions options;
    options.units = m_chart->units();
    m_doc->setExportOptions(options);
    const QList<DocumentExport> exports = m_doc->exports();
    const QString suffix = QFileInfo(path).suffix().toLower();
    const DocumentExport* chosen = &exports.front(); // its writer names a file type it does not write
    for (const DocumentExport& e : exports)
        if (e.formats.contains(suffix))
            chosen = &e;
    const QString error = chosen->write(path);
    if (!error.isEmpty()) {
        m_exported = error;
        refresh();
        MessageBox::warning(this, tr("Export the replay under load"), error);
        return;
    }
    m_exported = tr("Exported the replay under load to %1").arg(path);
    refresh();
    emit message(m_exported);
}

void LoadView::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange) {
        m_texts.retranslate();
        refresh();
    }
}

} // namespace kvtiers::ui
