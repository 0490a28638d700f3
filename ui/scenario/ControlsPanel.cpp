#include "ui/scenario/ControlsPanel.h"

#include "core/catalog/CardCatalog.h"
#include "core/io/InputError.h"
#include "core/io/Units.h"
#include "core/scenario/Knobs.h"
#include "ui/common/DisplayOptions.h"
#include "ui/common/WidgetFit.h"
#include "ui/scenario/ScenarioController.h"
#include "ui/text/CardText.h"
#include "ui/text/Translate.h"
#include "ui/text/UnitsText.h"
#include "ui/widgets/CardPicker.h"
#include "ui/widgets/FieldFocus.h"
#include "ui/widgets/PercentInput.h"
#include "ui/widgets/SliderField.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QGroupBox>
#include <QLineEdit>
#include <QLocale>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

namespace kvtiers::ui {

namespace {

/// The override a control writes for `v`: whole for tokens and counts, as cards write them.
Json overrideValue(const Knob& k, double v)
{
    if (k.value == KnobValue::Tokens || k.value == KnobValue::Count)
        return static_cast<std::int64_t>(std::llround(v));
    return v;
}

/// A control's object name: the entry's stem and the widget's kind ("tp" + "Spin").
QString widgetName(const Knob& k, const char* kind)
{
    return QString::fromLatin1(k.gui.name) + QLatin1String(kind);
}

/// The knob table's texts, translated in the "Knob" context they are marked in.
struct KnobText {
    static QString tr(const char* text) { return QCoreApplication::translate("Knob", text); }
};

QString tipOf(const Knob& k)
{
    return k.tip ? KnobText::tr(k.tip) : QString::fromUtf8(k.help ? k.help : "");
}

/// Marks each hardware card that stands on a vendor's announcement, not a shipping product's
/// data sheet, in its picker row and its tooltip (the row's data stays the card's id).
void markAnnouncedHardware(QComboBox* combo, const CardCatalog& catalog)
{
    for (const auto& [id, card] : catalog.hardware()) {
        const int row = card.announced() ? combo->findData(qs(id)) : -1;
        if (row < 0)
            continue;
        const QString text = ControlsPanel::tr("%1 (announced)").arg(qs(card.name));
        combo->setItemText(row, text);
        combo->setItemData(row,
            ControlsPanel::tr("%1\nAnnounced, not shipping: its figures are the vendor's announced ones, which may "
                              "change before it ships (the card's sources give each one's kind and date).")
                .arg(text),
            Qt::ToolTipRole);
    }
}

} // namespace

ControlsPanel::ControlsPanel(ScenarioController* controller, QWidget* parent)
    : QWidget(parent)
    , m_controller(controller)
{
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(buildPickers());
    auto* workload = new QGroupBox(this);
    m_texts([workload] { workload->setTitle(tr("Workload")); });
    auto* workloadForm = new QFormLayout(workload);
    workloadForm->setRowWrapPolicy(QFormLayout::WrapAllRows);
    addKnobRows(workloadForm, KnobSection::Workload);
    layout->addWidget(workload);

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
    m_advancedPanel = new QWidget(this);
    m_advancedPanel->setObjectName(QStringLiteral("advancedPanel"));
    auto* advancedForm = new QFormLayout(m_advancedPanel);
    advancedForm->setContentsMargins(8, 0, 0, 0);
    addKnobRows(advancedForm, KnobSection::Advanced);
    // A choice as wide as its longest item ("paged (vLLM)", a long restore path) made the
    // column, and so the window, wider: the box keeps a dozen characters and its popup
    // opens as wide as the items (fitComboPopup), after every re-wording.
    const QList<QComboBox*> choices = m_advancedPanel->findChildren<QComboBox*>();
    for (QComboBox* combo : choices) {
        combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        combo->setMinimumContentsLength(12);
    }
    m_texts([choices] {
        for (QComboBox* combo : choices)
            fitComboPopup(combo);
    });
    m_advancedPanel->setVisible(false);
    layout->addWidget(m_advancedPanel);
    layout->addStretch(1);
    connect(m_advancedToggle, &QToolButton::toggled, this, &ControlsPanel::setAdvancedExpanded);

    connect(m_controller, &ScenarioController::inputChanged, this, &ControlsPanel::refreshPickers);
    connect(m_controller, &ScenarioController::resultChanged, this, [this] {
        // A new result shows the values in force in every field: none stays marked for an
        // entry refused before it.
        for (QWidget* field : findChildren<QWidget*>())
            if (inputMarked(field))
                markInput(field, QString());
        refreshFromScenario();
    });
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
        m_workloadCombo->addItem(cardText(card.name), qs(id));
    m_texts([this] { // a workload's name is card text, in the UI language where it has one
        const auto& workloads = m_controller->catalog().workloads();
        for (int i = 0; i < m_workloadCombo->count(); ++i)
            if (const auto it = workloads.find(m_workloadCombo->itemData(i).toString().toStdString());
                it != workloads.end())
                m_workloadCombo->setItemText(i, cardText(it->second.name));
    });
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
            entries.push_back({ qs(card.vendor), qs(card.name), qs(id) });
        fillGroupedPicker(m_hardwareCombo, entries);
    }
    // A card that stands on a vendor's announcement says so in its row and its tooltip.
    m_texts([this] { markAnnouncedHardware(m_hardwareCombo, m_controller->catalog()); });
    m_texts([this] {
        m_hardwareCombo->setToolTip(tr("One GPU type in one server profile: HBM and bandwidth per GPU, host DRAM, NVMe "
                                       "and the GPU↔host link per server."));
    });
    for (QComboBox* combo : { m_workloadCombo, m_modelCombo, m_hardwareCombo }) {
        fitComboPopup(combo);
        settleTypedPick(combo, [this, combo](const QString& refused) { reportInput(combo, refused); });
    }
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

void ControlsPanel::addKnobRows(QFormLayout* form, KnobSection section)
{
    std::vector<const Knob*> rows;
    for (const Knob& k : knobs())
        if (k.gui.control != KnobControl::None && k.gui.section == section)
            rows.push_back(&k);
    std::stable_sort(rows.begin(), rows.end(), [](const Knob* a, const Knob* b) { return a->gui.row < b->gui.row; });
    for (const Knob* k : rows) {
        QWidget* control = buildControl(*k, form->parentWidget());
        if (k->gui.control == KnobControl::Toggle)
            form->addRow(control); // a check box says its own label
        else
            m_texts.formRow<KnobText>(form, k->gui.label, control);
    }
}

QWidget* ControlsPanel::buildControl(const Knob& k, QWidget* parent)
{
    switch (k.id) { // the controls with something of their own
    case KnobId::KvBits:
        return buildKvFormat(k, parent);
    case KnobId::WeightBits:
        return buildWeights(k, parent);
    case KnobId::AttentionBits:
    case KnobId::ActivationBits:
        return buildPrecision(k, parent);
    case KnobId::RestorePath:
        return buildRestorePath(k, parent);
    case KnobId::RequestRate:
        return buildRequestRate(k, parent);
    default:
        break;
    }
    switch (k.gui.control) {
    case KnobControl::LogSlider:
    case KnobControl::Slider:
        return buildSlider(k, parent);
    case KnobControl::SpinBox:
        return buildWholeSpin(k, parent);
    case KnobControl::Field:
        return k.value == KnobValue::Fraction ? buildPercentSpin(k, parent) : buildNumberSpin(k, parent);
    case KnobControl::Bytes:
        return buildBytesEdit(k, parent);
    case KnobControl::Combo:
        return buildChoice(k, parent);
    case KnobControl::Toggle:
        return buildToggle(k, parent);
    case KnobControl::None:
        break;
    }
    return nullptr;
}

namespace {

/// How a typed field reads its knob: tokens ("4k"), whole numbers or numbers, named in
/// messages by the knob's label in the UI language.
TypedReader typedReader(const Knob& k)
{
    return [k = &k](const QString& typed) {
        const std::string text = typed.toStdString();
        const std::string what = KnobText::tr(k->label).toStdString();
        if (k->value == KnobValue::Tokens)
            return parseTokenCount(text, what, k->min, k->max);
        return parseNumberOption(text, what, k->min, k->max, k->value == KnobValue::Count);
    };
}

} // namespace

void ControlsPanel::setTip(QWidget* widget, const Knob& k)
{
    m_texts([widget, k = &k] { widget->setToolTip(tipOf(*k)); });
}

template <typename Spin> void ControlsPanel::showInSpin(Spin* spin, const Knob& k, double scale)
{
    m_shows.push_back([spin, k = &k, scale](const Scenario& s) {
        // A focused field keeps only typing of its own: after an undo, a redo or a refused
        // entry it shows the value in force like every other field.
        if (spin->hasFocus() && hasUncommittedTyping(spin->template findChild<QLineEdit*>()))
            return;
        const std::optional<double> v = k->field.value(s);
        const QSignalBlocker block(spin);
        if constexpr (std::is_same_v<Spin, QSpinBox>)
            spin->setValue(v ? static_cast<int>(std::llround(*v * scale)) : spin->minimum());
        else
            spin->setValue(v ? *v * scale : spin->minimum());
    });
}

QWidget* ControlsPanel::buildSlider(const Knob& k, QWidget* parent)
{
    auto* field = new SliderField(SliderField::mappingFor(k), parent);
    field->setObjectNames(QString::fromLatin1(k.gui.name));
    m_texts([field, k = &k] { field->setToolTips(tipOf(*k)); });
    connect(field, &SliderField::valueEdited, this,
        [this, k = &k](double v) { m_controller->setOverride(k->key, overrideValue(*k, v)); });
    connect(
        field, &SliderField::inputRejected, this, [this, field](const QString& m) { reportInput(field->edit(), m); });
    connect(
        field, &SliderField::inputTaken, this, [this, field](const QString& m) { reportInput(field->edit(), {}, m); });
    m_shows.push_back([field, k = &k](const Scenario& s) {
        if (const auto v = k->field.value(s))
            field->setValue(*v);
    });
    return field;
}

QWidget* ControlsPanel::buildWholeSpin(const Knob& k, QWidget* parent)
{
    if (k.max > std::numeric_limits<int>::max()) // output tokens: whole numbers beyond an int
        return buildNumberSpin(k, parent);
    auto* spin = new TypedWholeSpinBox(typedReader(k), parent);
    spin->setObjectName(widgetName(k, "Spin"));
    spin->setRange(static_cast<int>(k.min), static_cast<int>(k.max)); // the knob's range: a card's value shows
    setTip(spin, k);
    connect(spin, &TypedWholeSpinBox::rejected, this, [this, spin](const QString& m) { reportInput(spin, m); });
    connect(spin, &TypedWholeSpinBox::accepted, this, [this, spin] { reportInput(spin, {}); });
    connect(spin, &QSpinBox::valueChanged, this, [this, k = &k](int v) { m_controller->setOverride(k->key, v); });
    showInSpin(spin, k);
    return spin;
}

QWidget* ControlsPanel::buildPercentSpin(const Knob& k, QWidget* parent)
{
    // Percent fields read "30", "30%" and "0.3" alike (PercentInput) and say what they took.
    auto* spin = new PercentSpinBox(QString(), parent);
    spin->setObjectName(widgetName(k, "Spin"));
    spin->setRange(k.min * 100, k.max * 100);
    spin->setDecimals(k.gui.decimals);
    m_texts([spin, k = &k] {
        spin->setWhat(KnobText::tr(k->label));
        spin->setToolTip(tipOf(*k));
    });
    connect(spin, &QDoubleSpinBox::valueChanged, this,
        [this, key = std::string(k.key)](double v) { m_controller->setOverride(key, v / 100); });
    connect(spin, &PercentSpinBox::taken, this, [this, spin](const QString& m) { reportInput(spin, {}, m); });
    connect(spin, &TypedSpinBox::rejected, this, [this, spin](const QString& m) { reportInput(spin, m); });
    showInSpin(spin, k, 100);
    return spin;
}

QDoubleSpinBox* ControlsPanel::makeNumberSpin(const Knob& k, QWidget* parent)
{
    auto* spin = new TypedSpinBox(typedReader(k), parent);
    spin->setObjectName(widgetName(k, "Spin"));
    spin->setRange(k.min, k.max); // the knob's range: a card's value shows as it is
    spin->setDecimals(k.gui.decimals);
    connect(spin, &TypedSpinBox::rejected, this, [this, spin](const QString& m) { reportInput(spin, m); });
    connect(spin, &TypedSpinBox::accepted, this, [this, spin] { reportInput(spin, {}); });
    m_texts([spin, k = &k] {
        spin->setToolTip(tipOf(*k));
        if (k->gui.suffix)
            spin->setSuffix(KnobText::tr(k->gui.suffix));
    });
    showInSpin(spin, k);
    return spin;
}

QWidget* ControlsPanel::buildNumberSpin(const Knob& k, QWidget* parent)
{
    QDoubleSpinBox* spin = makeNumberSpin(k, parent);
    connect(spin, &QDoubleSpinBox::valueChanged, this,
        [this, k = &k](double v) { m_controller->setOverride(k->key, overrideValue(*k, v)); });
    return spin;
}

QWidget* ControlsPanel::buildBytesEdit(const Knob& k, QWidget* parent)
{
    auto* edit = new QLineEdit(parent);
    edit->setObjectName(widgetName(k, "Edit"));
    setTip(edit, k);
    // A rate (the host link's B/s) shows and reads "/s" after its size.
    const char* per = k.perSecond();
    auto show = [this, edit, k = &k, per](const Scenario& s) {
        edit->setText(qs(formatBytes(k->field.value(s).value_or(0), m_display->units(), 4) + per));
    };
    connect(edit, &QLineEdit::editingFinished, this, [this, edit, k = &k, show] {
        // Refused: the value in effect again, as every field does.
        if (!setByteOverride(edit, *k) && m_controller->hasResult())
            show(m_controller->scenario());
    });
    m_shows.push_back([edit, show](const Scenario& s) {
        if (!edit->hasFocus() || !edit->isModified())
            show(s);
    });
    return edit;
}

QWidget* ControlsPanel::buildChoice(const Knob& k, QWidget* parent)
{
    auto* combo = new QComboBox(parent);
    combo->setObjectName(widgetName(k, "Combo"));
    for (const QString& choice : QString::fromUtf8(k.choices ? k.choices : "").split(u'|', Qt::SkipEmptyParts))
        combo->addItem(QString(), choice);
    m_texts([combo, k = &k] {
        for (int i = 0; i < combo->count(); ++i)
            combo->setItemText(i, k->gui.items ? KnobText::tr(k->gui.items[i]) : combo->itemData(i).toString());
        combo->setToolTip(tipOf(*k));
    });
    connect(combo, &QComboBox::currentIndexChanged, this, [this, combo, key = std::string(k.key)](int index) {
        m_controller->setOverride(key, combo->itemData(index).toString().toStdString());
    });
    m_shows.push_back([combo, k = &k](const Scenario& s) {
        const QSignalBlocker block(combo);
        combo->setCurrentIndex(combo->findData(qs(k->field.echo(s, *k).get<std::string>())));
    });
    return combo;
}

QWidget* ControlsPanel::buildToggle(const Knob& k, QWidget* parent)
{
    auto* check = new QCheckBox(parent);
    check->setObjectName(widgetName(k, "Check"));
    m_texts([check, k = &k] {
        check->setText(KnobText::tr(k->gui.label));
        check->setToolTip(tipOf(*k));
    });
    connect(check, &QCheckBox::toggled, this,
        [this, key = std::string(k.key)](bool on) { m_controller->setOverride(key, on); });
    m_shows.push_back([check, k = &k](const Scenario& s) {
        const QSignalBlocker block(check);
        check->setChecked(k->field.value(s).value_or(0) != 0);
    });
    return check;
}

QWidget* ControlsPanel::buildKvFormat(const Knob& k, QWidget* parent)
{
    auto* row = new QWidget(parent);
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    m_kvDtypeCombo = new QComboBox(row);
    m_kvDtypeCombo->setObjectName(widgetName(k, "Combo"));
    for (const char* name : { "fp32", "bf16", "fp16", "fp8", "int8", "int4" })
        m_kvDtypeCombo->addItem(QString::fromLatin1(name), QString::fromLatin1(name));
    m_kvDtypeCombo->addItem(QString(), QString());
    m_texts([this] { m_kvDtypeCombo->setItemText(m_kvDtypeCombo->count() - 1, tr("custom bits")); });
    setTip(m_kvDtypeCombo, k);
    m_kvBitsSpin = new QDoubleSpinBox(row);
    m_kvBitsSpin->setObjectName(QStringLiteral("kvBitsSpin"));
    m_kvBitsSpin->setRange(k.gui.min, k.gui.max);
    m_kvBitsSpin->setDecimals(2);
    m_kvBitsSpin->setSingleStep(0.5);
    m_kvBitsSpin->setKeyboardTracking(false);
    m_kvBitsSpin->setEnabled(false);
    m_texts([this] {
        m_kvBitsSpin->setSuffix(tr(" bits"));
        m_kvBitsSpin->setToolTip(tr("Bits per KV element for custom formats (e.g. 6 for DeepSeek-V2's 6-bit KV)."));
    });
    layout->addWidget(m_kvDtypeCombo, 1);
    layout->addWidget(m_kvBitsSpin);
    connect(m_kvDtypeCombo, &QComboBox::currentIndexChanged, this, [this] { applyKvChoice(); });
    connect(m_kvBitsSpin, &QDoubleSpinBox::valueChanged, this, [this] { applyKvChoice(); });
    m_shows.push_back([this](const Scenario& s) { showKvFormat(s); });
    return row;
}

QWidget* ControlsPanel::buildWeights(const Knob& k, QWidget* parent)
{
    auto* combo = new QComboBox(parent);
    combo->setObjectName(widgetName(k, "Combo"));
    setTip(combo, k);
    connect(combo, &QComboBox::currentIndexChanged, this, [this, combo, key = std::string(k.key)](int index) {
        if (index >= 0)
            m_controller->setOverride(key, combo->itemData(index).toDouble());
    });
    // 16, 8 and 4 bits, and the checkpoint's own format (MXFP4's 4.25 bits) when it is
    // none of those; the checkpoint's item says so.
    m_shows.push_back([combo](const Scenario& s) {
        const QSignalBlocker block(combo);
        std::vector<double> choices = { 16, 8, 4 };
        for (double bits : { s.model.weightBits, s.weightBits() })
            if (std::find(choices.begin(), choices.end(), bits) == choices.end())
                choices.push_back(bits);
        std::sort(choices.begin(), choices.end(), std::greater<>());
        combo->clear();
        for (double bits : choices) {
            combo->addItem(QString(), bits);
            combo->setItemData(combo->count() - 1, bits == s.model.weightBits, kCheckpointRole);
        }
        wordBits(combo);
        combo->setCurrentIndex(combo->findData(s.weightBits()));
    });
    m_texts([combo] { wordBits(combo); }); // "16-bit" in the language switched to
    return combo;
}

void ControlsPanel::wordBits(QComboBox* combo)
{
    for (int i = 0; i < combo->count(); ++i) {
        const QString text = tr("%1-bit").arg(QLocale().toString(combo->itemData(i).toDouble(), 'g', 4));
        combo->setItemText(i, combo->itemData(i, kCheckpointRole).toBool() ? tr("%1 (checkpoint)").arg(text) : text);
    }
}

QWidget* ControlsPanel::buildPrecision(const Knob& k, QWidget* parent)
{
    auto* combo = new QComboBox(parent);
    combo->setObjectName(widgetName(k, "Combo"));
    setTip(combo, k);
    connect(combo, &QComboBox::currentIndexChanged, this, [this, combo, key = std::string(k.key)](int index) {
        if (index >= 0)
            m_controller->setOverride(key, combo->itemData(index).toDouble());
    });
    // BF16, FP8 and FP4, and the value in effect when it is none of those (a card's 6 bits).
    m_shows.push_back([combo, k = &k](const Scenario& s) {
        const QSignalBlocker block(combo);
        const double now = k->field.value(s).value_or(16);
        if (combo->findData(now) < 0 || combo->count() > 3) {
            std::vector<double> choices = { 16, 8, 4 };
            if (std::find(choices.begin(), choices.end(), now) == choices.end())
                choices.push_back(now);
            std::sort(choices.begin(), choices.end(), std::greater<>());
            combo->clear();
            for (double bits : choices)
                combo->addItem(QString(), bits);
            wordBits(combo);
        }
        combo->setCurrentIndex(combo->findData(now));
    });
    m_texts([combo] { wordBits(combo); });
    return combo;
}

QWidget* ControlsPanel::buildRestorePath(const Knob& k, QWidget* parent)
{
    auto* combo = new QComboBox(parent);
    combo->setObjectName(widgetName(k, "Combo"));
    for (const auto& [id, path] : CardCatalog::builtin().restorePaths())
        combo->addItem(qs(id), qs(id));
    m_texts([combo] { // the card's name (its head), the whole name and the id in the item's tooltip
        const auto& paths = CardCatalog::builtin().restorePaths();
        for (int i = 0; i < combo->count(); ++i)
            if (const auto it = paths.find(combo->itemData(i).toString().toStdString()); it != paths.end()) {
                combo->setItemText(i, cardShortText(it->second.name));
                combo->setItemData(
                    i, tr("%1 (card %2)").arg(cardText(it->second.name), qs(it->first)), Qt::ToolTipRole);
            }
    });
    setTip(combo, k);
    connect(combo, &QComboBox::currentIndexChanged, this, [this, combo, key = std::string(k.key)](int index) {
        m_controller->setOverride(key, combo->itemData(index).toString().toStdString());
    });
    m_shows.push_back([combo](const Scenario& s) {
        const QSignalBlocker block(combo);
        int index = combo->findData(qs(s.restorePath.id));
        if (index < 0) { // a card file: listed under its name while in use
            combo->addItem(s.restorePath.name.empty() ? qs(s.restorePath.id) : cardText(s.restorePath.name),
                qs(s.workload.restorePath.value_or(s.restorePath.id)));
            index = combo->count() - 1;
        }
        combo->setCurrentIndex(index);
    });
    return combo;
}

QWidget* ControlsPanel::buildRequestRate(const Knob& k, QWidget* parent)
{
    // λ: derived from throughput unless given. The spin's minimum (−1) reads "derived".
    QDoubleSpinBox* spin = makeNumberSpin(k, parent);
    spin->setMinimum(-1);
    m_texts([spin] { spin->setSpecialValueText(tr("derived")); });
    connect(spin, &QDoubleSpinBox::valueChanged, this, [this, key = std::string(k.key)](double v) {
        if (v >= 0) {
            m_controller->setOverride(key, v);
        } else if (m_controller->spec().overrides.contains(key)) {
            ScenarioSpec next = m_controller->spec();
            next.overrides.erase(key);
            m_controller->edit(next, tr("Derive the request rate")); // its own undo step
        }
    });
    return spin;
}

bool ControlsPanel::setByteOverride(QLineEdit* edit, const Knob& k)
{
    if (!edit->isModified())
        return true;
    edit->setModified(false);
    double bytes = 0;
    try {
        bytes = parseKnobValue(k, edit->text().trimmed().toStdString(), KnobText::tr(k.label).toStdString())
                    .get<double>();
    } catch (const InputError& e) {
        reportInput(edit, translated(e.message()));
        return false;
    }
    reportInput(edit, {});
    m_controller->setOverride(k.key, bytes);
    return true;
}

void ControlsPanel::reportInput(QWidget* field, const QString& rejected, const QString& taken)
{
    markInput(field, rejected);
    if (!rejected.isEmpty()) {
        m_inputErrorShown = true;
        emit inputRejected(rejected);
    } else if (!taken.isEmpty() || std::exchange(m_inputErrorShown, false)) {
        m_inputErrorShown = false;
        emit inputTaken(taken); // an empty text clears the stale message about bad input
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
    for (const auto& show : m_shows)
        show(s);
}

void ControlsPanel::showKvFormat(const Scenario& s)
{
    const QSignalBlocker b1(m_kvDtypeCombo), b2(m_kvBitsSpin);
    const KvFormat kv = s.kvFormat();
    const auto& o = m_controller->spec().overrides;
    const char* dtypeKey = knobKey(KnobId::KvDtype);
    int index = -1;
    if (o.contains(dtypeKey) && o[dtypeKey].is_string())
        index = m_kvDtypeCombo->findData(qs(o[dtypeKey].get<std::string>()));
    if (index < 0 && !o.contains(knobKey(KnobId::KvBits))) {
        const QString current = m_kvDtypeCombo->currentData().toString();
        const QString byBits = kv.bits == 32 ? QStringLiteral("fp32")
            : kv.bits == 16                  ? (current == QStringLiteral("fp16") ? current : QStringLiteral("bf16"))
            : kv.bits == 8                   ? (current == QStringLiteral("int8") ? current : QStringLiteral("fp8"))
            : kv.bits == 4                   ? QStringLiteral("int4")
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

} // namespace kvtiers::ui
