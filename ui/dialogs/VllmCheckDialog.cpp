#include "ui/dialogs/VllmCheckDialog.h"

#include "core/cards/KvFormat.h"
#include "core/io/InputError.h"
#include "core/scenario/Workload.h"
#include "ui/text/Translate.h"
#include "ui/text/UnitsText.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace kvtiers::ui {

namespace {
QString twoDecimals(double v)
{
    return qs(vllmTwoDecimals(v));
}
QString signedPercent(const std::optional<double>& v)
{
    if (!v)
        return QStringLiteral("–");
    return (*v > 0 ? QStringLiteral("+") : QString()) + significantText(*v, 3) + u'%';
}
/// A card as the main pickers show it: its name, with its id as the data (and tooltip).
void addCard(QComboBox* combo, const std::string& name, const std::string& id)
{
    combo->addItem(qs(name.empty() ? id : name), qs(id));
    combo->setItemData(combo->count() - 1, qs(id), Qt::ToolTipRole);
}
} // namespace

VllmCheckDialog::VllmCheckDialog(const CardCatalog& catalog, QWidget* parent)
    : QDialog(parent)
    , m_catalog(catalog)
{
    setObjectName(QStringLiteral("vllmCheckDialog"));
    setWindowTitle(tr("Compare with a vLLM startup log"));
    auto* layout = new QVBoxLayout(this);

    auto* top = new QHBoxLayout;
    // The two halves share the width: the setup's pickers elide a long card name rather
    // than squeeze the pasted log to a sliver.
    top->addWidget(buildSetup(), 1);
    top->addWidget(buildLog(), 1);
    layout->addLayout(top, 1);

    m_errorLabel = new QLabel(this);
    m_errorLabel->setObjectName(QStringLiteral("vllmError"));
    m_errorLabel->setWordWrap(true);
    m_errorLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_errorLabel->setStyleSheet(QStringLiteral("color: #c00000;"));
    m_errorLabel->setVisible(false);
    layout->addWidget(m_errorLabel);

    // What the log stated and where the setup differs from it, above the figures.
    m_setupLabel = new QLabel(this);
    m_setupLabel->setObjectName(QStringLiteral("vllmSetupNotes"));
    m_setupLabel->setWordWrap(true);
    m_setupLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_setupLabel->setVisible(false);
    layout->addWidget(m_setupLabel);

    layout->addWidget(buildResults());

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_compareButton, &QPushButton::clicked, this, &VllmCheckDialog::compare);
    connect(m_memoryFromHardware, &QRadioButton::toggled, this, &VllmCheckDialog::updateMemoryControls);
    updateMemoryControls();
    resize(900, 620);
}

QGroupBox* VllmCheckDialog::buildSetup()
{
    auto* setupBox = new QGroupBox(tr("vLLM's setup (confirm)"), this);
    auto* form = new QFormLayout(setupBox);
    m_modelCombo = new QComboBox(setupBox);
    m_modelCombo->setObjectName(QStringLiteral("vllmModel"));
    m_modelCombo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_modelCombo->setMinimumContentsLength(20);
    for (const auto& [id, card] : m_catalog.models()) {
        m_models[id] = card;
        addCard(m_modelCombo, card.name, id);
    }
    form->addRow(tr("&Model:"), m_modelCombo);
    m_kvEdit = new QLineEdit(setupBox);
    m_kvEdit->setObjectName(QStringLiteral("vllmKvDtype"));
    m_kvEdit->setPlaceholderText(tr("model default"));
    m_kvEdit->setToolTip(tr("vLLM's --kv-cache-dtype: fp16, bf16, fp8, … (auto = the model's default)."));
    form->addRow(tr("&KV cache dtype:"), m_kvEdit);
    m_tpSpin = new QSpinBox(setupBox);
    m_tpSpin->setObjectName(QStringLiteral("vllmTp"));
    m_tpSpin->setRange(1, 1024);
    form->addRow(tr("&Tensor parallel:"), m_tpSpin);
    m_blockSpin = new QSpinBox(setupBox);
    m_blockSpin->setObjectName(QStringLiteral("vllmBlockSize"));
    m_blockSpin->setRange(1, 1 << 20);
    m_blockSpin->setValue(vllm_defaults::kBlockSize);
    m_blockSpin->setSuffix(tr(" tokens"));
    form->addRow(tr("&Block size:"), m_blockSpin);
    m_contextEdit = new QLineEdit(setupBox);
    m_contextEdit->setObjectName(QStringLiteral("vllmContext"));
    m_contextEdit->setPlaceholderText(tr("from the log, else the model's max"));
    m_contextEdit->setToolTip(tr("Tokens per request (max_model_len): 131072, 128k."));
    form->addRow(tr("&Context:"), m_contextEdit);

    addMemoryRows(form, setupBox);
    return setupBox;
}

void VllmCheckDialog::addMemoryRows(QFormLayout* form, QGroupBox* setupBox)
{
    m_memoryFromLog = new QRadioButton(tr("the log's \"Available KV cache memory\""), setupBox);
    m_memoryFromLog->setObjectName(QStringLiteral("vllmMemoryFromLog"));
    m_memoryFromHardware = new QRadioButton(tr("utilisation × HBM − weights"), setupBox);
    m_memoryFromHardware->setObjectName(QStringLiteral("vllmMemoryFromHardware"));
    m_memoryFromLog->setChecked(true);
    form->addRow(tr("KV memory from:"), m_memoryFromLog);
    form->addRow(QString(), m_memoryFromHardware);
    m_hardwareCombo = new QComboBox(setupBox);
    m_hardwareCombo->setObjectName(QStringLiteral("vllmHardware"));
    m_hardwareCombo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_hardwareCombo->setMinimumContentsLength(20);
    for (const auto& [id, card] : m_catalog.hardware()) {
        m_hardware[id] = card;
        addCard(m_hardwareCombo, card.name, id);
    }
    m_hardwareCombo->setCurrentIndex(std::max(0, m_hardwareCombo->findData(qs(CardCatalog::kDefaultHardware))));
    form->addRow(tr("&Hardware:"), m_hardwareCombo);
    m_utilSpin = new QDoubleSpinBox(setupBox);
    m_utilSpin->setObjectName(QStringLiteral("vllmGpuUtil"));
    m_utilSpin->setRange(0.01, 1.0);
    m_utilSpin->setSingleStep(0.01);
    m_utilSpin->setDecimals(2);
    m_utilSpin->setValue(vllm_defaults::kGpuMemoryUtilization);
    form->addRow(tr("GPU memory &utilisation:"), m_utilSpin);
    m_batchedSpin = new QSpinBox(setupBox);
    m_batchedSpin->setObjectName(QStringLiteral("vllmMaxBatchedTokens"));
    m_batchedSpin->setRange(0, 1 << 24);
    m_batchedSpin->setSingleStep(1024);
    m_batchedSpin->setSpecialValueText(tr("vLLM's default"));
    m_batchedSpin->setToolTip(
        tr("vLLM's --max-num-batched-tokens: the chunked-prefill budget it reserves sliding-window "
           "blocks for (0: its default for the hardware)."));
    form->addRow(tr("Max &batched tokens:"), m_batchedSpin);
    m_asyncCheck = new QCheckBox(tr("&Async scheduling"), setupBox);
    m_asyncCheck->setObjectName(QStringLiteral("vllmAsyncScheduling"));
    m_asyncCheck->setToolTip(tr("vLLM's --async-scheduling: two batches in flight, so a sliding window is budgeted "
                                "with twice max_num_batched_tokens."));
    form->addRow(QString(), m_asyncCheck);
}

QGroupBox* VllmCheckDialog::buildLog()
{
    auto* logBox = new QGroupBox(tr("vLLM startup log (paste)"), this);
    auto* logLayout = new QVBoxLayout(logBox);
    m_logEdit = new QPlainTextEdit(logBox);
    m_logEdit->setObjectName(QStringLiteral("vllmLog"));
    m_logEdit->setPlaceholderText(
        tr("… GPU KV cache size: 131,072 tokens\n… Maximum concurrency for 131,072 tokens per request: 1.00x"));
    // Wrapped: a log line runs to 200 characters, and unwrapped the box showed only the
    // ends of the lines.
    m_logEdit->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    QFont mono(QStringLiteral("monospace"));
    mono.setStyleHint(QFont::Monospace);
    m_logEdit->setFont(mono);
    m_logEdit->setMinimumWidth(QFontMetrics(mono).horizontalAdvance(QLatin1Char('0')) * 40);
    logLayout->addWidget(m_logEdit);
    m_compareButton = new QPushButton(tr("&Compare"), logBox);
    m_compareButton->setObjectName(QStringLiteral("vllmCompare"));
    logLayout->addWidget(m_compareButton, 0, Qt::AlignRight);
    return logBox;
}

QGroupBox* VllmCheckDialog::buildResults()
{
    auto* resultBox = new QGroupBox(tr("kvtiers next to vLLM"), this);
    auto* grid = new QGridLayout(resultBox);
    auto head = [&](const QString& text, int row, int col) {
        auto* l = new QLabel(text, resultBox);
        QFont f = l->font();
        f.setBold(true);
        l->setFont(f);
        if (col > 0)
            l->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
        grid->addWidget(l, row, col);
    };
    auto cell = [&](const char* name, int row, int col) {
        auto* l = new QLabel(QStringLiteral("–"), resultBox);
        l->setObjectName(QString::fromLatin1(name));
        l->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
        grid->addWidget(l, row, col);
        return l;
    };
    head(tr("kvtiers"), 0, 1);
    head(tr("vLLM's log"), 0, 2);
    head(tr("Difference"), 0, 3);
    head(tr("GPU KV cache size (tokens)"), 1, 0);
    head(tr("Maximum concurrency"), 2, 0);
    head(tr("KV memory per GPU"), 3, 0);
    m_kvtiersTokens = cell("kvtiersTokens", 1, 1);
    m_vllmTokens = cell("vllmTokens", 1, 2);
    m_tokensDiff = cell("tokensDiff", 1, 3);
    m_kvtiersConcurrency = cell("kvtiersConcurrency", 2, 1);
    m_vllmConcurrency = cell("vllmConcurrency", 2, 2);
    m_concurrencyDiff = cell("concurrencyDiff", 2, 3);
    m_kvtiersMemory = cell("kvtiersKvMemory", 3, 1);
    m_vllmMemory = cell("vllmKvMemory", 3, 2);
    m_memoryDiff = cell("kvMemoryDiff", 3, 3);
    // What vLLM would print for this setup beside kvtiers' steady state, and why they differ.
    auto line = [&](const char* name, int row) {
        auto* l = new QLabel(QStringLiteral("–"), resultBox);
        l->setObjectName(QString::fromLatin1(name));
        l->setWordWrap(true);
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
        grid->addWidget(l, row, 1, 1, 3);
        return l;
    };
    head(tr("vLLM would print"), 4, 0);
    head(tr("kvtiers' steady state"), 5, 0);
    m_vllmPredicted = line("vllmPredictedConcurrency", 4);
    m_kvtiersSteady = line("kvtiersSteadyConcurrency", 5);
    m_budgetWhy = new QLabel(resultBox);
    m_budgetWhy->setObjectName(QStringLiteral("vllmBudgetWhy"));
    m_budgetWhy->setWordWrap(true);
    m_budgetWhy->setTextInteractionFlags(Qt::TextSelectableByMouse);
    grid->addWidget(m_budgetWhy, 6, 0, 1, 4);
    m_explanation = new QLabel(resultBox);
    m_explanation->setObjectName(QStringLiteral("vllmExplanation"));
    m_explanation->setWordWrap(true);
    m_explanation->setTextInteractionFlags(Qt::TextSelectableByMouse);
    grid->addWidget(m_explanation, 7, 0, 1, 4);
    grid->setColumnStretch(0, 1);
    return resultBox;
}

void VllmCheckDialog::updateMemoryControls()
{
    const bool hw = m_memoryFromHardware->isChecked();
    m_hardwareCombo->setEnabled(hw);
    m_utilSpin->setEnabled(hw);
}

void VllmCheckDialog::addModel(const ModelCard& model)
{
    m_models[model.id] = model;
    if (m_modelCombo->findData(qs(model.id)) < 0)
        addCard(m_modelCombo, model.name, model.id);
    m_modelCombo->setCurrentIndex(m_modelCombo->findData(qs(model.id)));
}

void VllmCheckDialog::setScenario(const Scenario& scenario)
{
    addModel(scenario.model);
    m_kvEdit->setText(qs(scenario.kvFormat().name()));
    m_tpSpin->setValue(scenario.tp());
    m_blockSpin->setValue(scenario.workload.blockSize);
    m_contextEdit->setText(tokensText(scenario.workload.context));
    m_utilSpin->setValue(scenario.workload.gpuMemoryUtilization);
    m_hardware[scenario.hardware.id] = scenario.hardware;
    if (m_hardwareCombo->findData(qs(scenario.hardware.id)) < 0)
        addCard(m_hardwareCombo, scenario.hardware.name, scenario.hardware.id);
    m_hardwareCombo->setCurrentIndex(m_hardwareCombo->findData(qs(scenario.hardware.id)));
    m_scenarioValues = { .modelId = scenario.model.id,
        .tp = scenario.tp(),
        .blockSize = scenario.workload.blockSize,
        .kv = scenario.kvFormat(),
        .context = scenario.workload.context };
}

VllmSetupValues VllmCheckDialog::formValues() const
{
    VllmSetupValues v;
    v.modelId = m_modelCombo->currentData().toString().toStdString();
    v.tp = m_tpSpin->value();
    v.blockSize = m_blockSpin->value();
    const auto model = m_models.find(v.modelId);
    const QString kv = m_kvEdit->text().trimmed();
    try {
        if (kv.isEmpty() || kv == QStringLiteral("auto")) {
            if (model != m_models.end())
                v.kv = KvFormat { model->second.defaultKvBits, 0 };
        } else {
            v.kv = parseKvDtype(kv.toStdString(), "kv_cache_dtype");
        }
        const QString context = m_contextEdit->text().trimmed();
        if (!context.isEmpty())
            v.context = parseTokenCount(context.toStdString(), "context", 1, limits::kMaxContext);
    } catch (const InputError&) {
        // compare() reports the field; here a value that does not read is "not given".
    }
    return v;
}

void VllmCheckDialog::fillFromLog(const VllmLog& log)
{
    const QString text = m_logEdit->toPlainText();
    if (text == m_filledFrom)
        return; // the user may have changed the form since: keep what they set
    m_filledFrom = text;
    const VllmSetupValues v = vllmSetupFromLog(log, m_models, formValues());
    if (const int i = m_modelCombo->findData(qs(v.modelId)); i >= 0)
        m_modelCombo->setCurrentIndex(i);
    if (v.tp > 0)
        m_tpSpin->setValue(v.tp);
    if (v.blockSize > 0)
        m_blockSpin->setValue(v.blockSize);
    if (log.kvCacheDtype && v.kv)
        m_kvEdit->setText(qs(v.kv->name()));
    if (v.context > 0)
        m_contextEdit->setText(tokensText(v.context));
}

void VllmCheckDialog::showSetupNotes()
{
    QStringList lines;
    for (const VllmSetupNote& n : m_setupNotes) {
        const QString text = translated(vllmSetupMessage(n)).toHtmlEscaped();
        lines << (!vllmSetupWarns(n)
                ? text
                : QStringLiteral("<span style=\"color:#b35900;\"><b>%1</b> %2</span>").arg(tr("Warning:"), text));
    }
    m_setupLabel->setText(lines.join(QStringLiteral("<br>")));
    m_setupLabel->setVisible(!lines.isEmpty());
}

void VllmCheckDialog::setLogText(const QString& text)
{
    m_logEdit->setPlainText(text);
}

bool VllmCheckDialog::compare()
{
    m_comparison.reset();
    m_setupNotes.clear();
    auto fail = [this](const QString& message) {
        showError(message);
        showSetupNotes();
        showComparison();
        return false;
    };
    try {
        // The log's name starts its error messages ("vLLM log:12: cannot read …").
        const VllmLog log = parseVllmLog(m_logEdit->toPlainText().toStdString(), tr("vLLM log").toStdString());
        fillFromLog(log);
        const std::string modelId = m_modelCombo->currentData().toString().toStdString();
        const auto modelIt = m_models.find(modelId);
        if (modelIt == m_models.end())
            return fail(tr("choose a model"));
        const ModelCard& model = modelIt->second;
        m_setupNotes = vllmSetupNotes(log, m_models, m_scenarioValues, formValues());

        VllmSetup setup;
        const QString kv = m_kvEdit->text().trimmed();
        setup.kv = kv.isEmpty() || kv == QStringLiteral("auto")
            ? KvFormat { model.defaultKvBits, 0 }
            : parseKvDtype(kv.toStdString(), tr("KV cache dtype").toStdString());
        setup.tp = m_tpSpin->value();
        setup.blockSize = m_blockSpin->value();
        const QString context = m_contextEdit->text().trimmed();
        if (!context.isEmpty())
            setup.context = parseTokenCount(context.toStdString(), tr("context").toStdString(), 1, limits::kMaxContext);
        else if (log.concurrencyTokens)
            setup.context = *log.concurrencyTokens; // vLLM's max_model_len, as it printed it

        const HardwareCard& hw = m_hardware.at(m_hardwareCombo->currentData().toString().toStdString());
        setup.maxNumBatchedTokens
            = m_batchedSpin->value() > 0 ? m_batchedSpin->value() : defaultMaxNumBatchedTokens(&hw);
        setup.asyncScheduling = m_asyncCheck->isChecked();
        std::optional<VllmHbmContext> hbm;
        if (m_memoryFromHardware->isChecked()) {
            const double u = m_utilSpin->value();
            setup.kvMemoryBytes = vllmKvMemory(model, hw, u, setup.tp, 0, model.weightBits);
            hbm = VllmHbmContext { hw.hbmBytes, model.paramsTotal * model.weightBits / 8.0 / setup.tp, 0, u };
        } else {
            if (!log.availableKvBytes)
                return fail(tr("the log has no \"Available KV cache memory\" line: choose \"utilisation × HBM − "
                               "weights\" and the hardware"));
            setup.kvMemoryBytes = *log.availableKvBytes;
        }
        m_comparison = compareWithVllm(model, setup, log, hbm);
    } catch (const InputError& e) {
        return fail(translated(e.message()));
    } catch (const std::exception& e) {
        return fail(qs(e.what()));
    }
    m_error.clear();
    m_errorLabel->setVisible(false);
    showSetupNotes();
    showComparison();
    return true;
}

void VllmCheckDialog::showComparison()
{
    const QString none = QStringLiteral("–");
    if (!m_comparison) {
        for (QLabel* l : { m_kvtiersTokens, m_vllmTokens, m_tokensDiff, m_kvtiersConcurrency, m_vllmConcurrency,
                 m_concurrencyDiff, m_kvtiersMemory, m_vllmMemory, m_memoryDiff, m_vllmPredicted, m_kvtiersSteady })
            l->setText(none);
        m_budgetWhy->clear();
        m_explanation->clear();
        return;
    }
    const VllmComparison& c = *m_comparison;
    const VllmPrediction& p = c.predicted;
    m_kvtiersTokens->setText(countText(p.tokens));
    // Only "# GPU blocks" in the log: the tokens they hold, said so, so the row's
    // difference compares two figures that are both shown.
    m_vllmTokens->setText(!c.vllmTokens ? none
            : c.vllmTokensFromBlocks
            ? tr("%1 (from %2 blocks)").arg(countText(*c.vllmTokens), countText(c.log.gpuBlocks.value_or(0)))
            : countText(*c.vllmTokens));
    m_tokensDiff->setText(signedPercent(c.tokensDiffPercent));
    m_kvtiersConcurrency->setText(tr("%1× at %2 tokens").arg(twoDecimals(p.maxConcurrency), countText(p.context)));
    m_vllmConcurrency->setText(c.log.concurrency
            ? tr("%1× at %2 tokens")
                  .arg(twoDecimals(*c.log.concurrency), countText(c.log.concurrencyTokens.value_or(0)))
            : none);
    m_concurrencyDiff->setText(signedPercent(c.concurrencyDiffPercent));
    m_kvtiersMemory->setText(bytesText(p.kvMemoryBytes, m_units));
    // vLLM's figure (its own line, else what its tokens imply) and vLLM's less kvtiers'.
    m_vllmMemory->setText(!c.vllmKvMemoryBytes ? none
            : c.vllmKvMemoryImplied            ? tr("%1 (implied)").arg(bytesText(*c.vllmKvMemoryBytes, m_units))
                                               : bytesText(*c.vllmKvMemoryBytes, m_units));
    m_memoryDiff->setText(c.kvMemoryDiffBytes ? bytesText(*c.kvMemoryDiffBytes, m_units) : none);
    // vLLM's own line, quoted as it prints it, with what it assumed; kvtiers' steady state;
    // and the core's one sentence on why they differ.
    // The async budget is newer vLLM's, so that line names no version.
    const QString printed = qs(vllmConcurrencyLine(p.context, p.vllmMaxConcurrency));
    m_vllmPredicted->setText(p.asyncScheduling ? tr("%1 (newer vLLM with async scheduling, max_num_batched_tokens %2)")
                                                     .arg(printed, countText(p.maxNumBatchedTokens))
                                               : tr("%1 (vLLM %2, max_num_batched_tokens %3)")
                                                     .arg(printed, qs(kVllmVersion), countText(p.maxNumBatchedTokens)));
    m_kvtiersSteady->setText(tr("%1× at %2 tokens").arg(twoDecimals(p.maxConcurrency), countText(p.context)));
    m_budgetWhy->setText(translated(vllmBudgetMessage(p)));
    // The core's explanation and notes in the UI language.
    QStringList sentences;
    for (const VllmSentence& s : c.sentences)
        sentences << translated(vllmSentenceMessage(s));
    QString text = (c.agrees ? tr("<b>Agrees</b> within block rounding. ") : tr("<b>Differs.</b> "))
        + sentences.join(u' ').toHtmlEscaped();
    for (const VllmNote& note : p.notes)
        text += QStringLiteral("<br>") + tr("Note: %1").arg(translated(vllmNoteMessage(note)).toHtmlEscaped());
    m_explanation->setText(text);
}

void VllmCheckDialog::showError(const QString& message)
{
    m_error = message;
    m_errorLabel->setText(message);
    m_errorLabel->setVisible(true);
}

} // namespace kvtiers::ui
