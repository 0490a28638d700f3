#include "ui/scenario/ControlsPanel.h"

#include "core/catalog/CardCatalog.h"
#include "core/io/InputError.h"
#include "core/scenario/Knobs.h"
#include "ui/common/DisplayOptions.h"
#include "ui/common/WidgetFit.h"
#include "ui/scenario/CardPicker.h"
#include "ui/scenario/PercentInput.h"
#include "ui/scenario/ScenarioController.h"
#include "ui/scenario/SliderField.h"
#include "ui/text/Translate.h"
#include "ui/text/UnitsText.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <vector>

namespace kvtiers::ui {

namespace {

constexpr int kContextStepsPerOctave = 100; // 1K · 2^(p/100): 128K at 700, 1M at 1000
constexpr int kConcurrencyStepsPerOctave = 50;

Json wholeNumber(double v)
{
    return static_cast<std::int64_t>(std::llround(v));
}

} // namespace

ControlsPanel::ControlsPanel(ScenarioController* controller, QWidget* parent)
    : QWidget(parent)
    , m_controller(controller)
{
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(buildPickers());
    layout->addWidget(buildMainKnobs());

    m_advancedToggle = new QToolButton(this);
    m_advancedToggle->setObjectName(QStringLiteral("advancedToggle"));
    m_texts([this] {
        m_advancedToggle->setText(tr("&Advanced"));
        m_advancedToggle->setToolTip(tr("Parallelism, allocation, sharing, offload and server capacities."));
    });
    m_advancedToggle->setCheckable(true);
    m_advancedToggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_advancedToggle->setArrowType(Qt::RightArrow);
    m_advancedToggle->setAutoRaise(true);
    layout->addWidget(m_advancedToggle);
    m_advancedPanel = buildAdvanced();
    m_advancedPanel->setVisible(false);
    layout->addWidget(m_advancedPanel);
    layout->addStretch(1);
    connect(m_advancedToggle, &QToolButton::toggled, this, &ControlsPanel::setAdvancedExpanded);

    connect(m_controller, &ScenarioController::specChanged, this, &ControlsPanel::refreshPickers);
    connect(m_controller, &ScenarioController::resultChanged, this, &ControlsPanel::refreshFromScenario);
    setDisplayOptions(nullptr);
    refreshPickers();
}

void ControlsPanel::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
}

void ControlsPanel::retranslateUi()
{
    m_texts.retranslate();
    // Values shown with words ("derived", "128K tokens") are written again in the new language.
    if (m_controller->hasResult())
        refreshFromScenario();
}

void ControlsPanel::setDisplayOptions(DisplayOptions* options)
{
    m_display = DisplayOptions::swap(m_display, options, this);
    connect(m_display, &DisplayOptions::unitsChanged, this, &ControlsPanel::refreshFromScenario);
    refreshFromScenario();
}

QSize ControlsPanel::minimumSizeHint() const
{
    QSize size = QWidget::minimumSizeHint();
    const QMargins m = layout()->contentsMargins();
    size.setWidth(std::max(size.width(), m_advancedPanel->minimumSizeHint().width() + m.left() + m.right()));
    return size;
}

bool ControlsPanel::advancedExpanded() const
{
    return m_advancedToggle->isChecked();
}

void ControlsPanel::setAdvancedExpanded(bool expanded)
{
    m_advancedToggle->setChecked(expanded);
    m_advancedToggle->setArrowType(expanded ? Qt::DownArrow : Qt::RightArrow);
    m_advancedPanel->setVisible(expanded);
    emit advancedExpandedChanged(expanded);
}

QWidget* ControlsPanel::buildPickers()
{
    auto* box = new QGroupBox(this);
    m_texts([box] { box->setTitle(tr("Scenario")); });
    auto* form = new QFormLayout(box);
    const CardCatalog& catalog = m_controller->catalog();

    m_workloadCombo = makeCardPicker(QStringLiteral("workloadCombo"), this);
    for (const auto& [id, card] : catalog.workloads())
        m_workloadCombo->addItem(qs(card.name), qs(id));
    // A preset or a session made from knobs alone has no workload card: say so rather
    // than leave the box blank.
    m_texts([this] { m_workloadCombo->lineEdit()->setPlaceholderText(tr("none (knobs set one by one)")); });
    m_texts([this] {
        m_workloadCombo->setToolTip(
            tr("A workload card is a whole scenario: model, hardware and every knob, each from a "
               "named source. Choosing one resets the controls to it."));
    });
    m_modelCombo = makeCardPicker(QStringLiteral("modelCombo"), this);
    {
        std::map<QString, std::vector<QString>> familyNames;
        for (const auto& [id, card] : catalog.models())
            familyNames[qs(card.family)].push_back(qs(card.name));
        std::vector<PickerEntry> entries;
        for (const auto& [id, card] : catalog.models())
            entries.push_back({ familyLabel(qs(card.family), familyNames[qs(card.family)]), qs(card.name), qs(id) });
        fillGroupedPicker(m_modelCombo, entries);
    }
    m_texts([this] {
        m_modelCombo->setToolTip(tr("The model's shape decides KV bytes per token: layers, KV heads, head dimension, "
                                    "attention kind (GQA, sliding window, MLA, state layers)."));
    });
    m_hardwareCombo = makeCardPicker(QStringLiteral("hardwareCombo"), this);
    {
        std::vector<PickerEntry> entries;
        for (const auto& [id, card] : catalog.hardware())
            entries.push_back({ vendorLabel(qs(card.name)), qs(card.name), qs(id) });
        fillGroupedPicker(m_hardwareCombo, entries);
    }
    m_texts([this] {
        m_hardwareCombo->setToolTip(tr("One GPU type in one server profile: HBM and bandwidth per GPU, host DRAM, NVMe "
                                       "and the GPU↔host link per server."));
    });
    for (QComboBox* combo : { m_workloadCombo, m_modelCombo, m_hardwareCombo })
        fitComboPopup(combo);
    m_texts.formRow<ControlsPanel>(form, QT_TR_NOOP("&Workload:"), m_workloadCombo);
    m_texts.formRow<ControlsPanel>(form, QT_TR_NOOP("&Model:"), m_modelCombo);
    m_texts.formRow<ControlsPanel>(form, QT_TR_NOOP("&Hardware:"), m_hardwareCombo);

    connect(m_workloadCombo, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (index >= 0)
            m_controller->selectWorkload(pickerId(m_workloadCombo, index));
    });
    connect(m_modelCombo, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (index >= 0 && !isPickerHeader(m_modelCombo, index))
            m_controller->selectModel(pickerId(m_modelCombo, index));
    });
    connect(m_hardwareCombo, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (index >= 0 && !isPickerHeader(m_hardwareCombo, index))
            m_controller->selectHardware(pickerId(m_hardwareCombo, index));
    });
    return box;
}

QWidget* ControlsPanel::buildMainKnobs()
{
    auto* box = new QGroupBox(this);
    m_texts([box] { box->setTitle(tr("Workload")); });
    auto* form = new QFormLayout(box);
    form->setRowWrapPolicy(QFormLayout::WrapAllRows);

    SliderField::Mapping context;
    context.minPosition = 0;
    context.maxPosition = 11 * kContextStepsPerOctave; // 1K .. 2M tokens
    context.toValue = [](int p) { return std::round(1024.0 * std::exp2(double(p) / kContextStepsPerOctave)); };
    context.toPosition = [](double v) {
        return static_cast<int>(std::lround(kContextStepsPerOctave * std::log2(std::max(v, 1.0) / 1024.0)));
    };
    context.format = [](double v) { return tokensText(v); };
    context.parse = [](const QString& t) { // named in the language shown when it is typed
        return parseTokenCount(t.toStdString(), tr("context").toStdString(), 1, limits::kMaxContext);
    };
    context.ticks = { { 2 * kContextStepsPerOctave, QStringLiteral("4K") },
        { 5 * kContextStepsPerOctave, QStringLiteral("32K") }, { 7 * kContextStepsPerOctave, QStringLiteral("128K") },
        { 10 * kContextStepsPerOctave, QStringLiteral("1M") } };
    m_context = new SliderField(context, box);
    m_context->slider()->setObjectName(QStringLiteral("contextSlider"));
    m_context->edit()->setObjectName(QStringLiteral("contextEdit"));
    m_texts([this] {
        const QString contextTip = tr("Context: tokens of KV each active sequence holds (prompt + output). The "
                                      "article's \"128K-context request\" is 131,072 tokens. Type 128k, 1M or 131072.");
        m_context->setToolTip(contextTip);
        m_context->slider()->setToolTip(contextTip);
        m_context->edit()->setToolTip(contextTip);
    });
    m_texts.formRow<ControlsPanel>(form, QT_TR_NOOP("&Context per sequence (tokens):"), m_context);
    connect(m_context, &SliderField::valueEdited, this,
        [this](double v) { m_controller->setOverride(knob(KnobId::Context).key, wholeNumber(v)); });

    SliderField::Mapping conc;
    conc.minPosition = 0;
    conc.maxPosition = 14 * kConcurrencyStepsPerOctave; // 1 .. 16384 sequences
    conc.toValue = [](int p) { return std::round(std::exp2(double(p) / kConcurrencyStepsPerOctave)); };
    conc.toPosition = [](double v) {
        return static_cast<int>(std::lround(kConcurrencyStepsPerOctave * std::log2(std::max(v, 1.0))));
    };
    conc.format = [](double v) { return countText(v); };
    conc.parse = [](const QString& t) {
        return parseSequenceCount(t.toStdString(), tr("concurrency").toStdString(), 1, limits::kMaxConcurrency);
    };
    conc.ticks = { { 0, QStringLiteral("1") }, { 3 * kConcurrencyStepsPerOctave, QStringLiteral("8") },
        { 6 * kConcurrencyStepsPerOctave, QStringLiteral("64") },
        { 9 * kConcurrencyStepsPerOctave, QStringLiteral("512") },
        { 12 * kConcurrencyStepsPerOctave, QStringLiteral("4096") } };
    m_concurrency = new SliderField(conc, box);
    m_concurrency->slider()->setObjectName(QStringLiteral("concurrencySlider"));
    m_concurrency->edit()->setObjectName(QStringLiteral("concurrencyEdit"));
    m_texts([this] {
        const QString concTip = tr("Concurrency: sequences decoding at once on one replica (TP GPUs). The article "
                                   "keeps ten 128K requests at once.");
        m_concurrency->slider()->setToolTip(concTip);
        m_concurrency->edit()->setToolTip(concTip);
    });
    m_texts.formRow<ControlsPanel>(form, QT_TR_NOOP("Co&ncurrent sequences per replica:"), m_concurrency);
    connect(m_concurrency, &SliderField::valueEdited, this,
        [this](double v) { m_controller->setOverride(knob(KnobId::Concurrency).key, wholeNumber(v)); });

    auto* kvRow = new QWidget(box);
    auto* kvLayout = new QHBoxLayout(kvRow);
    kvLayout->setContentsMargins(0, 0, 0, 0);
    m_kvDtypeCombo = new QComboBox(kvRow);
    m_kvDtypeCombo->setObjectName(QStringLiteral("kvDtypeCombo"));
    for (const char* name : { "fp32", "bf16", "fp16", "fp8", "int8", "int4" })
        m_kvDtypeCombo->addItem(QString::fromLatin1(name), QString::fromLatin1(name));
    m_kvDtypeCombo->addItem(QString(), QString());
    m_texts([this] {
        m_kvDtypeCombo->setItemText(m_kvDtypeCombo->count() - 1, tr("custom bits"));
        m_kvDtypeCombo->setToolTip(tr("KV cache element format: bytes per element in the formula. FP16/BF16 = 2 B; "
                                      "FP8/INT8 halve the KV bytes, INT4 quarters them."));
    });
    m_kvBitsSpin = new QDoubleSpinBox(kvRow);
    m_kvBitsSpin->setObjectName(QStringLiteral("kvBitsSpin"));
    m_kvBitsSpin->setRange(0.5, kMaxKvBits);
    m_kvBitsSpin->setDecimals(2);
    m_kvBitsSpin->setSingleStep(0.5);
    m_kvBitsSpin->setKeyboardTracking(false);
    m_kvBitsSpin->setEnabled(false);
    m_texts([this] {
        m_kvBitsSpin->setSuffix(tr(" bits"));
        m_kvBitsSpin->setToolTip(tr("Bits per KV element for custom formats (e.g. 6 for DeepSeek-V2's 6-bit KV)."));
    });
    kvLayout->addWidget(m_kvDtypeCombo, 1);
    kvLayout->addWidget(m_kvBitsSpin);
    m_texts.formRow<ControlsPanel>(form, QT_TR_NOOP("&KV cache format:"), kvRow);
    connect(m_kvDtypeCombo, &QComboBox::currentIndexChanged, this, [this] { applyKvChoice(); });
    connect(m_kvBitsSpin, &QDoubleSpinBox::valueChanged, this, [this] { applyKvChoice(); });

    SliderField::Mapping reuse;
    reuse.minPosition = 0;
    reuse.maxPosition = 100;
    reuse.toValue = [](int p) { return p / 100.0; };
    reuse.toPosition = [](double v) { return static_cast<int>(std::lround(v * 100)); };
    reuse.format = [](double v) { return percentText(v); };
    reuse.parse = [](const QString& t) { return readPercentInput(t, tr("reuse rate").toStdString()); };
    reuse.taken = [](const QString& typed, double v) { return percentTakenText(tr("Reuse rate"), typed, v); };
    reuse.ticks = { { 0, QStringLiteral("0%") }, { 50, QStringLiteral("50%") }, { 100, QStringLiteral("100%") } };
    m_reuse = new SliderField(reuse, box);
    m_reuse->slider()->setObjectName(QStringLiteral("reuseSlider"));
    m_reuse->edit()->setObjectName(QStringLiteral("reuseEdit"));
    m_texts([this] {
        const QString reuseTip = tr("Prefix cache hit rate: the share of prompt tokens served from cache instead of "
                                    "recomputed. High reuse is what makes DRAM a warm cache (the article). Keeping "
                                    "prefixes needs a reuse distance and an offload rate (Advanced).");
        m_reuse->slider()->setToolTip(reuseTip);
        m_reuse->edit()->setToolTip(reuseTip);
    });
    m_texts.formRow<ControlsPanel>(form, QT_TR_NOOP("&Reuse rate (prefix hits):"), m_reuse);
    connect(m_reuse, &SliderField::valueEdited, this,
        [this](double v) { m_controller->setOverride(knob(KnobId::ReuseRate).key, v); });

    for (SliderField* field : { m_context, m_concurrency, m_reuse }) {
        connect(field, &SliderField::inputRejected, this, &ControlsPanel::inputRejected);
        connect(field, &SliderField::inputTaken, this, &ControlsPanel::inputTaken);
    }
    return box;
}

QWidget* ControlsPanel::buildAdvanced()
{
    auto* panel = new QWidget(this);
    panel->setObjectName(QStringLiteral("advancedPanel"));
    auto* form = new QFormLayout(panel);
    form->setContentsMargins(8, 0, 0, 0);

    auto intSpin = [&](const QString& name, int min, int max, const char* label, const char* tip, KnobId id) {
        const std::string key = knob(id).key;
        auto* spin = new QSpinBox(panel);
        spin->setObjectName(name);
        spin->setRange(min, max);
        spin->setKeyboardTracking(false);
        m_texts([spin, tip] { spin->setToolTip(tr(tip)); });
        m_texts.formRow<ControlsPanel>(form, label, spin);
        connect(spin, &QSpinBox::valueChanged, this, [this, key](int v) { m_controller->setOverride(key, v); });
        return spin;
    };
    auto realSpin = [&](const QString& name, double min, double max, int decimals, const QString& suffix,
                        const char* label, const char* tip, KnobId id, double scale) {
        const std::string key = knob(id).key;
        auto* spin = new QDoubleSpinBox(panel);
        spin->setObjectName(name);
        spin->setRange(min, max);
        spin->setDecimals(decimals);
        spin->setSuffix(suffix);
        spin->setKeyboardTracking(false);
        m_texts([spin, tip] { spin->setToolTip(tr(tip)); });
        m_texts.formRow<ControlsPanel>(form, label, spin);
        connect(spin, &QDoubleSpinBox::valueChanged, this,
            [this, key, scale](double v) { m_controller->setOverride(key, v / scale); });
        return spin;
    };

    m_weightBitsCombo = new QComboBox(panel);
    m_weightBitsCombo->setObjectName(QStringLiteral("weightBitsCombo"));
    m_texts([this] {
        m_weightBitsCombo->setToolTip(
            tr("Bits per weight: sets the weights' share of HBM, and 8- and 4-bit weights run "
               "at the GPU's FP8 or FP4 FLOP/s where it has them. The model card's own "
               "checkpoint format is marked."));
    });
    m_texts.formRow<ControlsPanel>(form, QT_TR_NOOP("&Weights:"), m_weightBitsCombo);
    connect(m_weightBitsCombo, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (index >= 0)
            m_controller->setOverride(knob(KnobId::WeightBits).key, m_weightBitsCombo->itemData(index).toDouble());
    });
    m_tpSpin = intSpin(QStringLiteral("tpSpin"), 1, 1024, QT_TR_NOOP("&Tensor parallel (TP):"),
        QT_TR_NOOP("GPUs that together hold one copy of the model (a replica). Must divide the KV heads "
                   "and fit in a server."),
        KnobId::Tp);
    m_blockSizeSpin
        = intSpin(QStringLiteral("blockSizeSpin"), 1, limits::kMaxBlock, QT_TR_NOOP("KV &block size (tokens):"),
            QT_TR_NOOP("PagedAttention page size. Sequences round up to whole blocks (fragmentation); "
                       "small blocks also make DRAM/SSD restores slower (small transfers)."),
            KnobId::BlockSize);
    m_allocationCombo = new QComboBox(panel);
    m_allocationCombo->setObjectName(QStringLiteral("allocationCombo"));
    m_allocationCombo->addItem(QString(), QStringLiteral("paged"));
    m_allocationCombo->addItem(QString(), QStringLiteral("contiguous"));
    m_texts([this] {
        m_allocationCombo->setItemText(0, tr("paged (vLLM)"));
        m_allocationCombo->setItemText(1, tr("contiguous (reserve max context)"));
        m_allocationCombo->setToolTip(tr("Paged: allocate blocks as tokens arrive. Contiguous: every sequence reserves "
                                         "the model's maximum context up front (pre-PagedAttention systems)."));
    });
    m_texts.formRow<ControlsPanel>(form, QT_TR_NOOP("A&llocation:"), m_allocationCombo);
    connect(m_allocationCombo, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_controller->setOverride(
            knob(KnobId::Allocation).key, m_allocationCombo->itemData(index).toString().toStdString());
    });
    m_restorePathCombo = new QComboBox(panel);
    m_restorePathCombo->setObjectName(QStringLiteral("restorePathCombo"));
    for (const auto& [id, path] : CardCatalog::builtin().restorePaths())
        m_restorePathCombo->addItem(qs(id), qs(id));
    m_texts([this] {
        m_restorePathCombo->setToolTip(tr("How the engine moves KV back from DRAM or SSD into HBM: what one copy holds "
                                          "sets how much of the link it uses (vllm-offload: one copy per block across "
                                          "all layers; per-block-copy: one copy per block and layer)."));
    });
    m_texts.formRow<ControlsPanel>(form, QT_TR_NOOP("Restore pat&h:"), m_restorePathCombo);
    connect(m_restorePathCombo, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_controller->setOverride(
            knob(KnobId::RestorePath).key, m_restorePathCombo->itemData(index).toString().toStdString());
    });
    m_sharingSpin = realSpin(QStringLiteral("sharingSpin"), 1, 1e6, 1, QString(), QT_TR_NOOP("Prefix &sharing:"),
        QT_TR_NOOP("Active sequences sharing one cached prefix (a system prompt, a document): the "
                   "shared part is held once. 1 = no sharing."),
        KnobId::Sharing, 1);
    // Seconds read " s" in every language, as in every time the core formats ("9.42 s").
    m_reuseDistanceSpin
        = realSpin(QStringLiteral("reuseDistanceSpin"), 0, 1e7, 1, QStringLiteral(" s"), QT_TR_NOOP("Reuse &distance:"),
            QT_TR_NOOP("Seconds a reusable prefix must be kept until its next hit. By Little's law "
                       "the retained pool is request rate × distance × prefix bytes."),
            KnobId::ReuseDistance, 1);
    // λ: derived from throughput unless given. The spin's minimum (−1) reads "derived".
    m_requestRateSpin = new QDoubleSpinBox(panel);
    m_requestRateSpin->setObjectName(QStringLiteral("requestRateSpin"));
    m_requestRateSpin->setRange(-1, 1e6);
    m_requestRateSpin->setDecimals(3);
    m_requestRateSpin->setKeyboardTracking(false);
    m_texts([this] {
        m_requestRateSpin->setSuffix(tr(" req/s"));
        m_requestRateSpin->setSpecialValueText(tr("derived"));
        m_requestRateSpin->setToolTip(tr("Requests per second arriving at one replica: λ of the retained reuse pool "
                                         "(λ × reuse distance × prefix bytes). \"derived\" uses served sequences ÷ "
                                         "request duration, so a faster replica also brings more traffic."));
    });
    m_texts.formRow<ControlsPanel>(form, QT_TR_NOOP("Re&quest rate (λ):"), m_requestRateSpin);
    connect(m_requestRateSpin, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        if (v >= 0) {
            m_controller->setOverride(knob(KnobId::RequestRate).key, v);
        } else if (m_controller->spec().overrides.contains(knob(KnobId::RequestRate).key)) {
            ScenarioSpec next = m_controller->spec();
            next.overrides.erase(knob(KnobId::RequestRate).key);
            m_controller->editSpec(next, tr("Derive the request rate")); // its own undo step
        }
    });
    // Percent fields read "30", "30%" and "0.3" alike (PercentInput) and say what they took.
    auto percentSpin
        = [&](const QString& name, double min, const char* what, const char* label, const char* tip, KnobId id) {
              const std::string key = knob(id).key;
              auto* spin = new PercentSpinBox(QString(), panel);
              spin->setObjectName(name);
              spin->setMinimum(min);
              spin->setDecimals(0);
              m_texts([spin, what, tip] {
                  spin->setWhat(tr(what));
                  spin->setToolTip(tr(tip));
              });
              m_texts.formRow<ControlsPanel>(form, label, spin);
              connect(spin, &QDoubleSpinBox::valueChanged, this,
                  [this, key](double v) { m_controller->setOverride(key, v / 100); });
              connect(spin, &PercentSpinBox::taken, this, &ControlsPanel::inputTaken);
              return spin;
          };
    m_offloadRateSpin
        = percentSpin(QStringLiteral("offloadRateSpin"), 0, QT_TR_NOOP("Offload rate"), QT_TR_NOOP("&Offload rate:"),
            QT_TR_NOOP("Share of evicted reusable KV blocks copied from HBM to host DRAM/SSD instead of "
                       "dropped (the article's HBM→host offload rate). Type 30, 30% or 0.3."),
            KnobId::OffloadRate);
    m_gpuUtilSpin = percentSpin(QStringLiteral("gpuUtilSpin"), 1, QT_TR_NOOP("GPU memory utilisation"),
        QT_TR_NOOP("GPU memory &utilisation:"),
        QT_TR_NOOP("Share of HBM the engine may use (vLLM gpu_memory_utilization, default 90%). Type 90, 90% or 0.9."),
        KnobId::GpuMemoryUtilization);
    m_outputTokensSpin = intSpin(QStringLiteral("outputTokensSpin"), 0, 1 << 30, QT_TR_NOOP("O&utput tokens:"),
        QT_TR_NOOP("Tokens generated per request; the prompt is context − output."), KnobId::OutputTokens);
    m_gpusPerServerSpin = intSpin(QStringLiteral("gpusPerServerSpin"), 1, 1024, QT_TR_NOOP("&GPUs per server:"),
        QT_TR_NOOP("GPUs sharing one server's DRAM and NVMe."), KnobId::GpusPerServer);

    auto byteEdit = [&](const QString& name, const char* label, const char* tip, KnobId id) {
        const std::string key = knob(id).key;
        auto* edit = new QLineEdit(panel);
        edit->setObjectName(name);
        m_texts([edit, tip] { edit->setToolTip(tr(tip)); });
        m_texts.formRow<ControlsPanel>(form, label, edit);
        connect(edit, &QLineEdit::editingFinished, this,
            [this, edit, key, id] { setByteOverride(edit, key, QCoreApplication::translate("Knob", knob(id).label)); });
        return edit;
    };
    m_dramPerServerEdit = byteEdit(QStringLiteral("dramPerServerEdit"), QT_TR_NOOP("&DRAM per server:"),
        QT_TR_NOOP("Host DRAM installed per server, e.g. 2TB or 1.5TiB. A share of it (the "
                   "card's usable fraction) can hold offloaded KV."),
        KnobId::HostDram);
    m_nvmePerServerEdit = byteEdit(QStringLiteral("nvmePerServerEdit"), QT_TR_NOOP("&NVMe per server:"),
        QT_TR_NOOP("Local NVMe per server, e.g. 30.72TB: the cold tier for retained prefixes."), KnobId::Nvme);

    m_inclusiveCheck = new QCheckBox(panel);
    m_inclusiveCheck->setObjectName(QStringLiteral("inclusiveCheck"));
    m_texts([this] {
        m_inclusiveCheck->setText(tr("&Inclusive tiers"));
        m_inclusiveCheck->setToolTip(tr("DRAM also keeps copies of prefixes resident in HBM (inclusive), instead of "
                                        "holding only what HBM evicted (exclusive)."));
    });
    form->addRow(m_inclusiveCheck);
    connect(m_inclusiveCheck, &QCheckBox::toggled, this,
        [this](bool on) { m_controller->setOverride(knob(KnobId::InclusiveTiers).key, on); });
    m_streamingCheck = new QCheckBox(panel);
    m_streamingCheck->setObjectName(QStringLiteral("streamingCheck"));
    m_texts([this] {
        m_streamingCheck->setText(tr("&Streaming (FlexGen)"));
        m_streamingCheck->setToolTip(tr("What does not fit in HBM streams from DRAM/SSD on every decode step, as "
                                        "FlexGen does: it fits, but at about a token per second."));
    });
    form->addRow(m_streamingCheck);
    connect(m_streamingCheck, &QCheckBox::toggled, this,
        [this](bool on) { m_controller->setOverride(knob(KnobId::Streaming).key, on); });
    return panel;
}

void ControlsPanel::setByteOverride(QLineEdit* edit, const std::string& key, const QString& what)
{
    if (!edit->isModified())
        return;
    edit->setModified(false);
    try {
        const double bytes = parseByteSize(edit->text().toStdString(), what.toStdString());
        m_controller->setOverride(key, bytes);
    } catch (const InputError& e) {
        emit inputRejected(translated(e.message()));
        refreshFromScenario();
    }
}

void ControlsPanel::applyKvChoice()
{
    const QString dtype = m_kvDtypeCombo->currentData().toString();
    m_kvBitsSpin->setEnabled(dtype.isEmpty());
    if (dtype.isEmpty())
        m_controller->setOverride(knob(KnobId::KvBits).key, m_kvBitsSpin->value(), { knob(KnobId::KvDtype).key });
    else
        m_controller->setOverride(knob(KnobId::KvDtype).key, dtype.toStdString(), { knob(KnobId::KvBits).key });
}

void ControlsPanel::refreshPickers()
{
    const ScenarioSpec& spec = m_controller->spec();
    const bool has = m_controller->hasResult();
    const std::string resolvedModel = has ? m_controller->scenario().model.id : "";
    const std::string resolvedHardware = has ? m_controller->scenario().hardware.id : "";
    showCard(m_workloadCombo, CardKind::Workload, spec.workload);
    showCard(m_modelCombo, CardKind::Model, !spec.model.empty() ? spec.model : resolvedModel);
    showCard(m_hardwareCombo, CardKind::Hardware, !spec.hardware.empty() ? spec.hardware : resolvedHardware);
}

void ControlsPanel::showCard(QComboBox* combo, CardKind kind, const std::string& ref)
{
    if (!ref.empty() && combo->findData(qs(ref)) < 0) {
        // A card file is listed under its card's name, so the picker shows what is in
        // use; picking it again uses the file.
        const QString name = m_controller->cardName(kind, ref);
        if (!name.isEmpty()) {
            addCardFileItem(combo, name, qs(ref), kind != CardKind::Workload ? tr("Card files") : QString());
            fitComboPopup(combo);
        }
    }
    selectPickerId(combo, ref);
}

void ControlsPanel::refreshFromScenario()
{
    refreshPickers();
    if (!m_controller->hasResult())
        return;
    const Scenario& s = m_controller->scenario();
    if (!m_controller->spec().model.empty())
        renameCardFileItem(m_modelCombo, qs(s.model.name));
    if (!m_controller->spec().hardware.empty())
        renameCardFileItem(m_hardwareCombo, qs(s.hardware.name));
    const WorkloadParams& w = s.workload;
    m_context->setValue(w.context);
    m_concurrency->setValue(w.concurrency);
    m_reuse->setValue(w.reuseRate);

    {
        const QSignalBlocker b1(m_kvDtypeCombo), b2(m_kvBitsSpin);
        const KvFormat kv = s.kvFormat();
        const auto& o = m_controller->spec().overrides;
        int index = -1;
        if (o.contains("kv_dtype") && o["kv_dtype"].is_string())
            index = m_kvDtypeCombo->findData(qs(o["kv_dtype"].get<std::string>()));
        if (index < 0 && !(o.contains("kv_bits"))) {
            const QString current = m_kvDtypeCombo->currentData().toString();
            const QString byBits = kv.bits == 32 ? QStringLiteral("fp32")
                : kv.bits == 16 ? (current == QStringLiteral("fp16") ? current : QStringLiteral("bf16"))
                : kv.bits == 8  ? (current == QStringLiteral("int8") ? current : QStringLiteral("fp8"))
                : kv.bits == 4  ? QStringLiteral("int4")
                                : QString();
            if (!byBits.isEmpty())
                index = m_kvDtypeCombo->findData(byBits);
        }
        if (index < 0)
            index = m_kvDtypeCombo->count() - 1; // custom bits
        m_kvDtypeCombo->setCurrentIndex(index);
        m_kvBitsSpin->setValue(kv.bits);
        m_kvBitsSpin->setEnabled(index == m_kvDtypeCombo->count() - 1);
    }

    auto setSpin = [](auto* spin, auto value) {
        if (spin->hasFocus())
            return;
        const QSignalBlocker block(spin);
        spin->setValue(value);
    };
    setSpin(m_tpSpin, s.tp());
    setSpin(m_blockSizeSpin, w.blockSize);
    {
        // 16, 8 and 4 bits, and the checkpoint's own format (MXFP4's 4.25 bits) when it
        // is none of those; the checkpoint's item says so.
        const QSignalBlocker block(m_weightBitsCombo);
        std::vector<double> choices = { 16, 8, 4 };
        for (double bits : { s.model.weightBits, s.weightBits() })
            if (std::find(choices.begin(), choices.end(), bits) == choices.end())
                choices.push_back(bits);
        std::sort(choices.begin(), choices.end(), std::greater<>());
        m_weightBitsCombo->clear();
        for (double bits : choices) {
            const QString text = tr("%1-bit").arg(QLocale().toString(bits, 'g', 4));
            m_weightBitsCombo->addItem(bits == s.model.weightBits ? tr("%1 (checkpoint)").arg(text) : text, bits);
        }
        m_weightBitsCombo->setCurrentIndex(m_weightBitsCombo->findData(s.weightBits()));
    }
    {
        const QSignalBlocker block(m_allocationCombo);
        m_allocationCombo->setCurrentIndex(w.allocation == Allocation::Paged ? 0 : 1);
    }
    {
        const QSignalBlocker block(m_restorePathCombo);
        int index = m_restorePathCombo->findData(qs(s.restorePath.id));
        if (index < 0) { // a card file: listed under its id while in use
            m_restorePathCombo->addItem(qs(s.restorePath.id), qs(w.restorePath.value_or(s.restorePath.id)));
            index = m_restorePathCombo->count() - 1;
        }
        m_restorePathCombo->setCurrentIndex(index);
    }
    setSpin(m_sharingSpin, w.sharing);
    setSpin(m_reuseDistanceSpin, w.reuseDistanceSeconds);
    setSpin(m_requestRateSpin, w.requestRate ? *w.requestRate : -1.0);
    setSpin(m_offloadRateSpin, w.offloadRate * 100);
    setSpin(m_gpuUtilSpin, w.gpuMemoryUtilization * 100);
    setSpin(m_outputTokensSpin, static_cast<int>(std::min(w.outputTokens, double(1 << 30))));
    setSpin(m_gpusPerServerSpin, s.hardware.gpusPerServer);
    if (!m_dramPerServerEdit->hasFocus())
        m_dramPerServerEdit->setText(qs(formatBytes(s.hardware.hostDramBytes, m_display->units(), 4)));
    if (!m_nvmePerServerEdit->hasFocus())
        m_nvmePerServerEdit->setText(qs(formatBytes(s.hardware.nvmeBytes, m_display->units(), 4)));
    {
        const QSignalBlocker b1(m_inclusiveCheck), b2(m_streamingCheck);
        m_inclusiveCheck->setChecked(w.inclusiveTiers);
        m_streamingCheck->setChecked(w.streaming);
    }
}

} // namespace kvtiers::ui
