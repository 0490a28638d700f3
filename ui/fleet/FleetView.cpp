#include "ui/fleet/FleetView.h"

#include "core/io/InputError.h"
#include "ui/charts/ByteTicker.h"
#include "ui/charts/FleetChart.h"
#include "ui/common/DisplayOptions.h"
#include "ui/dialogs/FileDialog.h"
#include "ui/dialogs/MessageBox.h"
#include "ui/fleet/FleetMixModel.h"
#include "ui/scenario/ScenarioCommand.h"
#include "ui/text/Translate.h"
#include "ui/text/UnitsText.h"

#include <QAction>
#include <QButtonGroup>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QEvent>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>
#include <QRadioButton>
#include <QTableView>
#include <QUndoCommand>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace kvtiers::ui {

namespace {

/// One undoable change of the Fleet tab's inputs (before/after). Consecutive changes of
/// the same control within ScenarioCommand's window merge, as the scenario's edits do.
class FleetCommand : public QUndoCommand {
public:
    FleetCommand(
        FleetView* view, FleetView::Inputs before, FleetView::Inputs after, const QString& text, QString mergeKey)
        : QUndoCommand(text)
        , m_view(view)
        , m_before(std::move(before))
        , m_after(std::move(after))
        , m_mergeKey(std::move(mergeKey))
    {
        m_lastEdit.start();
    }
    void undo() override { m_view->setInputs(m_before); }
    void redo() override { m_view->setInputs(m_after); }
    int id() const override { return m_mergeKey.isEmpty() ? -1 : 2; }
    bool mergeWith(const QUndoCommand* other) override
    {
        const auto* next = static_cast<const FleetCommand*>(other);
        if (next->m_mergeKey != m_mergeKey || m_lastEdit.elapsed() > ScenarioCommand::kMergeWindowMs)
            return false;
        m_after = next->m_after;
        m_lastEdit.restart();
        return true;
    }

private:
    FleetView* m_view;
    FleetView::Inputs m_before;
    FleetView::Inputs m_after;
    QString m_mergeKey;
    QElapsedTimer m_lastEdit;
};

namespace SessionKey {
const auto mix = QStringLiteral("mix");
const auto workload = QStringLiteral("workload");
const auto share = QStringLiteral("share");
const auto rate = QStringLiteral("rate");
const auto rateUnit = QStringLiteral("rate_unit");
const auto hardware = QStringLiteral("hardware");
const auto ttft = QStringLiteral("ttft_seconds");
const auto tpot = QStringLiteral("tpot_milliseconds");
const auto tokensPerDay = QStringLiteral("tokens/day");
const auto requestsPerSecond = QStringLiteral("requests/s");
} // namespace SessionKey

} // namespace

FleetView::FleetView(const CardCatalog& catalog, QWidget* parent)
    : QWidget(parent)
    , m_catalog(catalog)
{
    setObjectName(QStringLiteral("fleetView"));
    m_timer.setSingleShot(true);
    m_timer.setInterval(0);
    connect(&m_timer, &QTimer::timeout, this, &FleetView::sizeNow);

    auto* layout = new QVBoxLayout(this);

    // --- Traffic and targets, and the headline results, side by side.
    auto* top = new QHBoxLayout;
    auto* inputs = new QGroupBox(this);
    m_texts([inputs] { inputs->setTitle(tr("Traffic and targets")); });
    auto* form = new QFormLayout(inputs);
    auto* rateRow = new QHBoxLayout;
    m_rateSpin = new QDoubleSpinBox(inputs);
    m_rateSpin->setObjectName(QStringLiteral("fleetRate"));
    m_rateSpin->setRange(0.001, 1e18);
    m_rateSpin->setDecimals(3);
    m_rateSpin->setValue(100);
    m_texts([this] { m_rateSpin->setToolTip(tr("Total traffic of the whole mix.")); });
    m_rateUnitCombo = new QComboBox(inputs);
    m_rateUnitCombo->setObjectName(QStringLiteral("fleetRateUnit"));
    m_rateUnitCombo->addItem(QString(), static_cast<int>(RateUnit::RequestsPerSecond));
    m_rateUnitCombo->addItem(QString(), static_cast<int>(RateUnit::TokensPerDay));
    m_texts([this] {
        m_rateUnitCombo->setItemText(0, tr("requests/s"));
        m_rateUnitCombo->setItemText(1, tr("tokens/day"));
        m_rateUnitCombo->setToolTip(tr("Tokens/day counts prompt + output tokens of all workloads."));
    });
    rateRow->addWidget(m_rateSpin, 1);
    rateRow->addWidget(m_rateUnitCombo);
    m_texts.formRow<FleetView>(form, QT_TR_NOOP("Total &rate:"), rateRow);
    static_cast<QLabel*>(form->labelForField(rateRow))->setBuddy(m_rateSpin);

    m_hardwareCombo = new QComboBox(inputs);
    m_hardwareCombo->setObjectName(QStringLiteral("fleetHardware"));
    for (const auto& [id, card] : m_catalog.hardware())
        m_hardwareCombo->addItem(tr("%1 — %2").arg(qs(id), qs(card.name)), qs(id));
    m_hardwareCombo->setCurrentIndex(std::max(0, m_hardwareCombo->findData(qs(CardCatalog::kDefaultHardware))));
    m_texts([this] { m_hardwareCombo->setToolTip(tr("One server profile for the whole fleet.")); });
    // Card names are long ("NVIDIA H200 SXM 141GB, DGX H200 8-GPU server"): elide, don't widen.
    m_hardwareCombo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_hardwareCombo->setMinimumContentsLength(28);
    m_texts.formRow<FleetView>(form, QT_TR_NOOP("&Server profile:"), m_hardwareCombo);

    m_ttftSpin = new QDoubleSpinBox(inputs);
    m_ttftSpin->setObjectName(QStringLiteral("fleetTtft"));
    m_ttftSpin->setRange(0.001, 1e6);
    m_ttftSpin->setDecimals(3);
    m_ttftSpin->setValue(2.0);
    // Time units read as the core formats them ("9.42 s", "784 ms") in every language.
    m_ttftSpin->setSuffix(QStringLiteral(" s"));
    m_texts(
        [this] { m_ttftSpin->setToolTip(tr("Time-to-first-token target, checked per workload on an idle replica.")); });
    m_texts.formRow<FleetView>(form, QT_TR_NOOP("&TTFT target:"), m_ttftSpin);
    m_tpotSpin = new QDoubleSpinBox(inputs);
    m_tpotSpin->setObjectName(QStringLiteral("fleetTpot"));
    m_tpotSpin->setRange(0.001, 1e6);
    m_tpotSpin->setDecimals(1);
    m_tpotSpin->setValue(50);
    m_tpotSpin->setSuffix(QStringLiteral(" ms"));
    m_texts([this] {
        m_tpotSpin->setToolTip(tr("Time per output token (one decode step): caps the sequences per replica."));
    });
    m_texts.formRow<FleetView>(form, QT_TR_NOOP("Time per &output token:"), m_tpotSpin);

    auto* unitsRow = new QHBoxLayout;
    m_binaryButton = new QRadioButton(inputs);
    m_binaryButton->setObjectName(QStringLiteral("fleetBinaryUnits"));
    m_decimalButton = new QRadioButton(inputs);
    m_decimalButton->setObjectName(QStringLiteral("fleetDecimalUnits"));
    m_texts([this] {
        m_binaryButton->setText(tr("&Binary (GiB)"));
        m_decimalButton->setText(tr("&Decimal (GB, as memory is sold)"));
    });
    m_binaryButton->setChecked(true);
    auto* unitsGroup = new QButtonGroup(this);
    unitsGroup->addButton(m_binaryButton);
    unitsGroup->addButton(m_decimalButton);
    unitsRow->addWidget(m_binaryButton);
    unitsRow->addWidget(m_decimalButton);
    unitsRow->addStretch(1);
    m_texts.formRow<FleetView>(form, QT_TR_NOOP("Units:"), unitsRow);
    inputs->setMaximumWidth(inputs->sizeHint().width());
    top->addWidget(inputs, 0);

    auto* results = new QGroupBox(this);
    m_texts([results] { results->setTitle(tr("What the fleet needs")); });
    auto* resultsLayout = new QVBoxLayout(results);
    m_errorLabel = new QLabel(results);
    m_errorLabel->setObjectName(QStringLiteral("fleetError"));
    m_errorLabel->setWordWrap(true);
    m_errorLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_errorLabel->setStyleSheet(QStringLiteral("color: #c00000; font-weight: bold;"));
    m_errorLabel->setVisible(false);
    resultsLayout->addWidget(m_errorLabel);
    auto* grid = new QGridLayout;
    auto bold = [](QLabel* l) {
        QFont f = l->font();
        f.setBold(true);
        l->setFont(f);
        return l;
    };
    auto valueLabel = [&](const char* name) {
        auto* l = new QLabel(results);
        l->setObjectName(QString::fromLatin1(name));
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
        l->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
        return l;
    };
    // A label worded from `text` (marked QT_TR_NOOP), again at each language change.
    auto label = [&](const char* text) {
        auto* l = new QLabel(results);
        m_texts([l, text] { l->setText(tr(text)); });
        return l;
    };
    grid->addWidget(bold(label(QT_TR_NOOP("GPUs"))), 0, 0);
    m_gpusLabel = valueLabel("fleetGpus");
    grid->addWidget(m_gpusLabel, 0, 1);
    grid->addWidget(bold(label(QT_TR_NOOP("Servers"))), 0, 2);
    m_serversLabel = valueLabel("fleetServers");
    grid->addWidget(m_serversLabel, 0, 3);
    auto* installed = bold(label(QT_TR_NOOP("HBM installed")));
    m_texts([installed] { installed->setToolTip(tr("GPUs × HBM per GPU: what is bought, beside what is demanded.")); });
    grid->addWidget(installed, 1, 0);
    m_hbmInstalledLabel = valueLabel("fleetHbmInstalled");
    grid->addWidget(m_hbmInstalledLabel, 1, 1);

    const std::array<const char*, 3> tierHeads = { QT_TR_NOOP("HBM"), QT_TR_NOOP("DRAM"), QT_TR_NOOP("NVMe") };
    const std::array<const char*, 3> scopeHeads
        = { QT_TR_NOOP("Fleet-wide"), QT_TR_NOOP("Per server"), QT_TR_NOOP("Per GPU") };
    static const char* names[3][3] = { { "fleetHbm", "fleetDram", "fleetNvme" },
        { "perServerHbm", "perServerDram", "perServerNvme" }, { "perGpuHbm", "perGpuDram", "perGpuNvme" } };
    auto* demandHead = bold(label(QT_TR_NOOP("Demand")));
    m_texts([demandHead] {
        demandHead->setToolTip(tr("HBM: weights, active sequences and overflow (not prefixes cached in spare HBM). "
                                  "DRAM and NVMe: bytes used."));
    });
    grid->addWidget(demandHead, 2, 0);
    for (int t = 0; t < 3; ++t) {
        auto* head = bold(label(tierHeads[t]));
        head->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
        grid->addWidget(head, 2, 1 + t);
    }
    for (int s = 0; s < 3; ++s) {
        grid->addWidget(label(scopeHeads[s]), 3 + s, 0);
        for (int t = 0; t < 3; ++t) {
            m_demandLabels[s][t] = valueLabel(names[s][t]);
            grid->addWidget(m_demandLabels[s][t], 3 + s, 1 + t);
        }
    }
    grid->setColumnStretch(4, 1);
    grid->setHorizontalSpacing(18);
    resultsLayout->addLayout(grid);
    resultsLayout->addStretch(1);
    // Export sits in the results' spare corner: no extra row taken from the chart.
    auto* exportRow = new QHBoxLayout;
    m_exportStatus = new QLabel(results);
    m_exportStatus->setObjectName(QStringLiteral("fleetExportStatus"));
    m_exportStatus->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_exportStatus->setWordWrap(true);
    m_exportButton = new QPushButton(results);
    m_exportButton->setObjectName(QStringLiteral("fleetExportButton"));
    m_texts([this] {
        m_exportButton->setText(tr("E&xport…"));
        m_exportButton->setToolTip(tr("The chart as PNG, SVG or PDF, or the fleet as CSV or JSON"));
    });
    exportRow->addWidget(m_exportStatus, 1);
    exportRow->addWidget(m_exportButton, 0, Qt::AlignBottom);
    resultsLayout->addLayout(exportRow);
    top->addWidget(results, 1);
    layout->addLayout(top);

    // --- The traffic mix.
    auto* mixBox = new QGroupBox(this);
    m_texts([mixBox] { mixBox->setTitle(tr("Traffic mix")); });
    auto* mixLayout = new QVBoxLayout(mixBox);
    auto* pickRow = new QHBoxLayout;
    m_workloadCombo = new QComboBox(mixBox);
    m_workloadCombo->setObjectName(QStringLiteral("fleetWorkloadPicker"));
    for (const auto& [id, card] : m_catalog.workloads())
        m_workloadCombo->addItem(tr("%1 — %2").arg(qs(id), qs(card.name)), qs(id));
    m_addButton = new QPushButton(mixBox);
    m_addButton->setObjectName(QStringLiteral("fleetAddWorkload"));
    m_removeButton = new QPushButton(mixBox);
    m_removeButton->setObjectName(QStringLiteral("fleetRemoveWorkload"));
    auto* pickLabel = new QLabel(mixBox);
    m_texts([this, pickLabel] {
        m_addButton->setText(tr("&Add workload"));
        m_removeButton->setText(tr("&Remove selected"));
        pickLabel->setText(tr("&Workload:"));
    });
    pickLabel->setBuddy(m_workloadCombo);
    pickRow->addWidget(pickLabel);
    pickRow->addWidget(m_workloadCombo, 1);
    pickRow->addWidget(m_addButton);
    pickRow->addWidget(m_removeButton);
    mixLayout->addLayout(pickRow);

    m_mixModel = new FleetMixModel(this);
    m_mixTable = new QTableView(mixBox);
    m_mixTable->setObjectName(QStringLiteral("fleetMixTable"));
    m_mixTable->setModel(m_mixModel);
    m_mixTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_mixTable->setSelectionMode(QAbstractItemView::SingleSelection);
    m_mixTable->verticalHeader()->setVisible(false);
    m_mixTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_mixTable->horizontalHeader()->setStretchLastSection(false);
    m_mixTable->setEditTriggers(
        QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed | QAbstractItemView::AnyKeyPressed);
    m_texts([this] { m_mixTable->setToolTip(tr("Double-click a share to edit it.")); });
    m_mixTable->setMinimumHeight(100);
    m_mixTable->setMaximumHeight(170);
    mixLayout->addWidget(m_mixTable);
    layout->addWidget(mixBox);

    m_chart = new FleetChart(this);
    m_chart->setObjectName(QStringLiteral("fleetChart"));
    layout->addWidget(m_chart, 1);
    m_exportAction = new QAction(m_chart);
    m_texts([this] { m_exportAction->setText(tr("&Export chart…")); });
    m_exportAction->setObjectName(QStringLiteral("fleetExportAction"));
    m_chart->addAction(m_exportAction);
    m_chart->setContextMenuPolicy(Qt::ActionsContextMenu);

    connect(m_addButton, &QPushButton::clicked, this, &FleetView::addSelectedWorkload);
    connect(m_removeButton, &QPushButton::clicked, this, &FleetView::removeSelectedRow);
    connect(m_exportButton, &QPushButton::clicked, this, &FleetView::exportChart);
    connect(m_exportAction, &QAction::triggered, this, &FleetView::exportChart);
    connect(m_mixModel, &FleetMixModel::mixChanged, this, &FleetView::schedule);
    connect(m_rateSpin, &QDoubleSpinBox::valueChanged, this, &FleetView::schedule);
    connect(m_rateUnitCombo, &QComboBox::currentIndexChanged, this, &FleetView::schedule);
    connect(m_hardwareCombo, &QComboBox::currentIndexChanged, this, &FleetView::schedule);
    connect(m_ttftSpin, &QDoubleSpinBox::valueChanged, this, &FleetView::schedule);
    connect(m_tpotSpin, &QDoubleSpinBox::valueChanged, this, &FleetView::schedule);
    connect(m_decimalButton, &QRadioButton::toggled, this,
        [this](bool decimal) { m_display->setUnits(decimal ? ByteUnits::Decimal : ByteUnits::Binary); });
    setDisplayOptions(nullptr);

    // The CLI's example mix, so the view opens on an answer rather than a blank form.
    std::vector<std::pair<std::string, double>> mix;
    for (const auto& [id, share] : { std::pair<std::string, double> { "chat", 0.7 }, { "mooncake", 0.3 } })
        if (m_catalog.workloads().count(id))
            mix.emplace_back(id, share);
    if (mix.empty() && !m_catalog.workloads().empty())
        mix.emplace_back(m_catalog.workloads().begin()->first, 1.0);
    setMix(mix);

    // From here on every change of an input is an undo step.
    m_undoStack = new QUndoStack(this);
    m_recorded = FleetView::inputs(); // not the "inputs" group box above
    connect(m_mixModel, &FleetMixModel::mixChanged, this, &FleetView::recordEdit);
    connect(m_rateSpin, &QDoubleSpinBox::valueChanged, this, &FleetView::recordEdit);
    connect(m_rateUnitCombo, &QComboBox::currentIndexChanged, this, &FleetView::recordEdit);
    connect(m_hardwareCombo, &QComboBox::currentIndexChanged, this, &FleetView::recordEdit);
    connect(m_ttftSpin, &QDoubleSpinBox::valueChanged, this, &FleetView::recordEdit);
    connect(m_tpotSpin, &QDoubleSpinBox::valueChanged, this, &FleetView::recordEdit);
}

FleetView::Inputs FleetView::inputs() const
{
    Inputs in;
    in.mix = m_mixModel->rows();
    in.rate = m_rateSpin->value();
    in.rateUnit = static_cast<RateUnit>(m_rateUnitCombo->currentData().toInt());
    in.hardware = m_hardwareCombo->currentData().toString().toStdString();
    in.ttftSeconds = m_ttftSpin->value();
    in.tpotMilliseconds = m_tpotSpin->value();
    return in;
}

void FleetView::setInputs(const Inputs& in)
{
    // Only what differs is set: the step just pushed for an edit finds the controls
    // already showing it, and the table keeps its selection.
    m_applying = true;
    if (in.mix != m_mixModel->rows())
        m_mixModel->setRows(in.mix);
    const int unit = m_rateUnitCombo->findData(static_cast<int>(in.rateUnit));
    if (unit >= 0 && unit != m_rateUnitCombo->currentIndex())
        m_rateUnitCombo->setCurrentIndex(unit);
    if (in.rate != m_rateSpin->value())
        m_rateSpin->setValue(in.rate);
    const int hardware = m_hardwareCombo->findData(qs(in.hardware));
    if (hardware >= 0 && hardware != m_hardwareCombo->currentIndex())
        m_hardwareCombo->setCurrentIndex(hardware);
    if (in.ttftSeconds != m_ttftSpin->value())
        m_ttftSpin->setValue(in.ttftSeconds);
    if (in.tpotMilliseconds != m_tpotSpin->value())
        m_tpotSpin->setValue(in.tpotMilliseconds);
    m_applying = false;
    m_recorded = inputs();
}

void FleetView::recordEdit()
{
    if (m_applying)
        return;
    const Inputs now = inputs();
    const Inputs& before = m_recorded;
    if (now == before)
        return;
    // The step's words name what changed (Edit > Undo <text>); the merge key keeps a
    // spin box's run of steps, or a share typed digit by digit, one step.
    QString text;
    QString key;
    const auto& was = before.mix;
    const auto& is = now.mix;
    auto sameIds = [](const auto& a, const auto& b) {
        return std::equal(a.begin(), a.end(), b.begin(), b.end(),
            [](const auto& x, const auto& y) { return x.workload == y.workload; });
    };
    if (is.size() == was.size() + 1 && std::equal(was.begin(), was.end(), is.begin())) {
        text = tr("Add workload %1").arg(qs(is.back().workload));
    } else if (is.size() + 1 == was.size()) {
        size_t gone = 0;
        while (gone < is.size() && is[gone] == was[gone])
            ++gone;
        text = tr("Remove workload %1").arg(qs(was[gone].workload));
    } else if (is != was && sameIds(is, was)) {
        size_t row = 0;
        while (is[row] == was[row])
            ++row;
        text = tr("Change the share of %1").arg(qs(is[row].workload));
        key = QStringLiteral("share:%1").arg(row);
    } else if (is != was) {
        text = tr("Replace the traffic mix");
    } else if (now.rateUnit != before.rateUnit && now.rate != before.rate) {
        text = tr("Change request rate");
    } else if (now.rateUnit != before.rateUnit) {
        text = tr("Change the rate unit");
        key = QStringLiteral("rateUnit");
    } else if (now.rate != before.rate) {
        text = tr("Change request rate");
        key = QStringLiteral("rate");
    } else if (now.hardware != before.hardware) {
        text = tr("Change server profile to %1").arg(qs(now.hardware));
        key = QStringLiteral("hardware");
    } else if (now.ttftSeconds != before.ttftSeconds) {
        text = tr("Change TTFT target");
        key = QStringLiteral("ttft");
    } else {
        text = tr("Change time-per-output-token target");
        key = QStringLiteral("tpot");
    }
    m_undoStack->push(new FleetCommand(this, before, now, text, key));
}

QString FleetView::sessionText() const
{
    const Inputs in = inputs();
    QJsonArray mix;
    for (const auto& row : in.mix)
        mix.append(QJsonObject { { SessionKey::workload, qs(row.workload) }, { SessionKey::share, row.share } });
    const QJsonObject o { { SessionKey::mix, mix }, { SessionKey::rate, in.rate },
        { SessionKey::rateUnit,
            in.rateUnit == RateUnit::TokensPerDay ? SessionKey::tokensPerDay : SessionKey::requestsPerSecond },
        { SessionKey::hardware, qs(in.hardware) }, { SessionKey::ttft, in.ttftSeconds },
        { SessionKey::tpot, in.tpotMilliseconds } };
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

QStringList FleetView::restoreSession(const QString& text)
{
    QStringList problems;
    if (text.isEmpty())
        return problems; // nothing saved yet: the example mix stays
    const QJsonDocument doc = QJsonDocument::fromJson(text.toUtf8());
    if (!doc.isObject()) {
        problems << tr("Fleet: the saved inputs could not be read; the example mix is shown.");
        return problems;
    }
    const QJsonObject o = doc.object();
    Inputs in = inputs();
    // A number is taken only if it is one the control accepts; anything else keeps the
    // control's value, with a word in the status bar.
    auto number = [&](const QString& key, const QDoubleSpinBox* spin, double* out) {
        if (!o.contains(key))
            return;
        const double v = o.value(key).toDouble(std::nan(""));
        if (std::isfinite(v) && v >= spin->minimum() && v <= spin->maximum())
            *out = v;
        else
            problems << tr("Fleet: ignored the saved value of %1").arg(key);
    };
    number(SessionKey::rate, m_rateSpin, &in.rate);
    number(SessionKey::ttft, m_ttftSpin, &in.ttftSeconds);
    number(SessionKey::tpot, m_tpotSpin, &in.tpotMilliseconds);
    const QString unit = o.value(SessionKey::rateUnit).toString();
    if (unit == SessionKey::tokensPerDay)
        in.rateUnit = RateUnit::TokensPerDay;
    else if (unit == SessionKey::requestsPerSecond)
        in.rateUnit = RateUnit::RequestsPerSecond;
    else if (o.contains(SessionKey::rateUnit))
        problems << tr("Fleet: ignored the saved value of %1").arg(SessionKey::rateUnit);
    if (o.contains(SessionKey::hardware)) {
        const std::string id = o.value(SessionKey::hardware).toString().toStdString();
        if (m_catalog.hardware().count(id))
            in.hardware = id;
        else
            problems << tr("Fleet: the saved server profile %1 is not a hardware card; kept %2")
                            .arg(qs(id), qs(in.hardware));
    }
    if (o.contains(SessionKey::mix)) {
        in.mix.clear();
        for (const QJsonValue& v : o.value(SessionKey::mix).toArray()) {
            const std::string id = v.toObject().value(SessionKey::workload).toString().toStdString();
            const double share = v.toObject().value(SessionKey::share).toDouble(std::nan(""));
            if (!m_catalog.workloads().count(id))
                problems << tr("Fleet: dropped the saved workload %1: no such workload card").arg(qs(id));
            else if (!std::isfinite(share) || share < 0)
                problems
                    << tr("Fleet: dropped the saved workload %1: its share is not a number of 0 or more").arg(qs(id));
            else
                in.mix.push_back({ id, share });
        }
    }
    setInputs(in);
    m_undoStack->clear(); // a restored session starts its own history
    return problems;
}

void FleetView::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
}

void FleetView::retranslateUi()
{
    m_texts.retranslate();
    // The last sizing is worded again, not sized again: only the core's error message
    // is worded when it is made, so an error is sized (and so worded) anew.
    announceRetranslated(m_mixModel);
    if (m_error.isEmpty())
        showResult();
    else
        schedule();
}

void FleetView::setMix(const std::vector<std::pair<std::string, double>>& mix)
{
    std::vector<FleetMixModel::Row> rows;
    for (const auto& [id, share] : mix)
        rows.push_back({ id, share });
    m_mixModel->setRows(std::move(rows));
}

void FleetView::setRate(double value, RateUnit unit)
{
    // The unit and the value are one figure: one undo step, named for the rate.
    m_applying = true;
    m_rateUnitCombo->setCurrentIndex(m_rateUnitCombo->findData(static_cast<int>(unit)));
    m_rateSpin->setValue(value);
    m_applying = false;
    recordEdit();
}

void FleetView::setHardware(const std::string& id)
{
    const int index = m_hardwareCombo->findData(qs(id));
    if (index >= 0)
        m_hardwareCombo->setCurrentIndex(index);
}

void FleetView::setTargets(double ttftSeconds, double tpotSeconds)
{
    m_ttftSpin->setValue(ttftSeconds);
    m_tpotSpin->setValue(tpotSeconds * 1000.0);
}

void FleetView::setDisplayOptions(DisplayOptions* options)
{
    m_display = DisplayOptions::swap(m_display, options, this);
    connect(m_display, &DisplayOptions::unitsChanged, this, &FleetView::showUnits);
    showUnits();
}

ByteUnits FleetView::units() const
{
    return m_display->units();
}

void FleetView::showUnits()
{
    const ByteUnits units = m_display->units();
    {
        const QSignalBlocker b1(m_decimalButton), b2(m_binaryButton);
        (units == ByteUnits::Decimal ? m_decimalButton : m_binaryButton)->setChecked(true);
    }
    m_mixModel->setUnits(units);
    m_chart->setUnits(units);
    showResult(); // the last sizing, re-worded: nothing is sized again
}

FleetInput FleetView::input() const
{
    FleetInput in;
    const std::string hardware = m_hardwareCombo->currentData().toString().toStdString();
    for (const auto& row : m_mixModel->rows()) {
        FleetEntry e;
        e.label = row.workload;
        e.share = row.share;
        e.spec.workload = row.workload;
        e.spec.hardware = hardware; // one server profile for the whole mix
        in.mix.push_back(std::move(e));
    }
    const auto unit = static_cast<RateUnit>(m_rateUnitCombo->currentData().toInt());
    (unit == RateUnit::TokensPerDay ? in.tokensPerDay : in.requestsPerSecond) = m_rateSpin->value();
    in.ttftTargetSeconds = m_ttftSpin->value();
    in.tpotTargetSeconds = m_tpotSpin->value() / 1000.0;
    return in;
}

void FleetView::flush()
{
    if (m_timer.isActive()) {
        m_timer.stop();
        sizeNow();
    }
}

void FleetView::schedule()
{
    m_timer.start();
}

void FleetView::sizeNow()
{
    try {
        m_result = sizeFleet(m_catalog, input());
        m_error.clear();
    } catch (const InputError& e) {
        m_result.reset();
        m_error = translated(e.message());
    } catch (const std::exception& e) {
        // Anything else from the core is a bug, but the view must not take the app down.
        m_result.reset();
        m_error = tr("Internal error: %1").arg(qs(e.what()));
    }
    showResult();
    emit sized();
}

void FleetView::showResult()
{
    m_errorLabel->setVisible(!m_error.isEmpty());
    m_errorLabel->setText(m_error);
    m_mixModel->setResult(m_result);
    m_exportButton->setEnabled(m_result.has_value());
    m_exportAction->setEnabled(m_result.has_value());
    const QString none = QStringLiteral("–");
    if (!m_result) {
        m_gpusLabel->setText(none);
        m_serversLabel->setText(none);
        m_hbmInstalledLabel->setText(none);
        for (auto& scope : m_demandLabels)
            for (QLabel* l : scope)
                l->setText(none);
        m_chart->clear();
        return;
    }
    const FleetResult& f = *m_result;
    m_gpusLabel->setText(countText(f.gpus));
    m_serversLabel->setText(tr("%1 × %2 GPUs").arg(countText(f.servers)).arg(f.gpusPerServer));
    m_hbmInstalledLabel->setText(bytesText(f.hbmInstalledBytes, units()));
    const double values[3][3] = { { f.hbmBytes, f.dramBytes, f.ssdBytes },
        { f.hbmPerServer(), f.dramPerServer(), f.ssdPerServer() }, { f.hbmPerGpu(), f.dramPerGpu(), f.ssdPerGpu() } };
    for (int s = 0; s < 3; ++s)
        for (int t = 0; t < 3; ++t)
            m_demandLabels[s][t]->setText(bytesText(values[s][t], units()));
    m_chart->setFleet(f);
}

void FleetView::exportChart()
{
    flush(); // an edit still pending must be in the file
    if (!m_result) {
        reportExport(tr("Nothing to export: the fleet cannot be sized: %1").arg(m_error), true);
        return;
    }
    const QString path = FileDialog::getSaveFileName(this, tr("Export fleet"), QStringLiteral("kvtiers-fleet.png"),
        tr("PNG image (*.png);;SVG drawing (*.svg);;PDF (*.pdf);;CSV table (*.csv);;JSON (*.json)"));
    if (path.isEmpty())
        return;
    const QString error = ChartExporter::exportFleet(path, *m_result, units(), {}, m_exportOptions);
    if (!error.isEmpty())
        reportExport(error, true);
    else
        reportExport(tr("Exported the fleet to %1").arg(path), false);
}

void FleetView::reportExport(const QString& text, bool failed)
{
    m_exportStatus->setText(text);
    emit message(text);
    if (failed)
        MessageBox::warning(this, tr("Export fleet"), text);
}

void FleetView::addSelectedWorkload()
{
    const QString id = m_workloadCombo->currentData().toString();
    if (!id.isEmpty())
        m_mixModel->addRow(id.toStdString(), 1.0);
}

void FleetView::removeSelectedRow()
{
    const QModelIndex current = m_mixTable->currentIndex();
    m_mixModel->removeRow(current.isValid() ? current.row() : m_mixModel->rowCount() - 1);
}

} // namespace kvtiers::ui
