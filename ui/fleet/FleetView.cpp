#include "ui/fleet/FleetView.h"

#include "core/io/InputError.h"
#include "ui/charts/ByteTicker.h"
#include "ui/charts/FleetChart.h"
#include "ui/common/DisplayOptions.h"
#include "ui/common/StateCommand.h"
#include "ui/dialogs/FileDialog.h"
#include "ui/dialogs/MessageBox.h"
#include "ui/fleet/FleetMixModel.h"
#include "ui/text/Translate.h"
#include "ui/text/UnitsText.h"
#include "ui/widgets/PercentInput.h"

#include <QAction>
#include <QButtonGroup>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QRadioButton>
#include <QTableView>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>

namespace kvtiers::ui {

/// One undoable change of the Fleet tab's inputs (before/after). Consecutive changes of
/// the same control within kUndoMergeWindowMs merge, as the scenario's edits do.
using FleetCommand = StateCommand<FleetView, FleetView::Inputs, &FleetView::setInputs, 2>;

FleetView::FleetView(const CardCatalog& catalog, QWidget* parent)
    : QWidget(parent)
    , m_catalog(catalog)
{
    setObjectName(QStringLiteral("fleetView"));
    m_timer.setSingleShot(true);
    m_timer.setInterval(0);
    connect(&m_timer, &QTimer::timeout, this, &FleetView::sizeNow);

    // The mix across the whole width (its table has many columns); under it, traffic and
    // targets over what the fleet needs in a narrow column, and the chart taking the rest,
    // so the page fits a laptop (1280 × 800) with the chart at a useful height.
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(buildMix());
    auto* body = new QHBoxLayout;
    auto* column = new QVBoxLayout;
    column->addWidget(buildInputs());
    column->addWidget(buildResults(), 1);
    body->addLayout(column, 0);
    buildChart();
    body->addWidget(m_chart, 1);
    layout->addLayout(body, 1);

    connectControls();
    setDisplayOptions(nullptr);
    setExampleMix();

    // From here on every change of an input is an undo step.
    m_undoStack = new QUndoStack(this);
    m_recorded = inputs();
    connect(m_mixModel, &FleetMixModel::mixChanged, this, &FleetView::recordEdit);
    connect(m_rateSpin, &QDoubleSpinBox::valueChanged, this, &FleetView::recordEdit);
    connect(m_rateUnitCombo, &QComboBox::currentIndexChanged, this, &FleetView::recordEdit);
    connect(m_hardwareCombo, &QComboBox::currentIndexChanged, this, &FleetView::recordEdit);
    connect(m_ttftSpin, &QDoubleSpinBox::valueChanged, this, &FleetView::recordEdit);
    connect(m_tpotSpin, &QDoubleSpinBox::valueChanged, this, &FleetView::recordEdit);
}

QGroupBox* FleetView::buildInputs()
{
    auto* box = new QGroupBox(this);
    m_texts([box] { box->setTitle(tr("Traffic and targets")); });
    auto* form = new QFormLayout(box);
    auto* rateRow = new QHBoxLayout;
    m_rateSpin = new FigureSpinBox(box); // "100", not "100.000"
    m_rateSpin->setGroupSeparatorShown(true);
    m_rateSpin->setObjectName(QStringLiteral("fleetRate"));
    m_rateSpin->setRange(0.001, 1e18);
    m_rateSpin->setDecimals(3);
    m_rateSpin->setValue(100);
    m_texts([this] { m_rateSpin->setToolTip(tr("Total traffic of the whole mix.")); });
    m_rateUnitCombo = new QComboBox(box);
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

    m_hardwareCombo = new QComboBox(box);
    m_hardwareCombo->setObjectName(QStringLiteral("fleetHardware"));
    for (const auto& [id, card] : m_catalog.hardware()) {
        m_hardwareCombo->addItem(qs(card.name.empty() ? id : card.name), qs(id));
        m_hardwareCombo->setItemData(m_hardwareCombo->count() - 1, qs(id), Qt::ToolTipRole);
    }
    m_hardwareCombo->setCurrentIndex(std::max(0, m_hardwareCombo->findData(qs(CardCatalog::kDefaultHardware))));
    m_texts([this] { m_hardwareCombo->setToolTip(tr("One server profile for the whole fleet.")); });
    // Card names are long ("NVIDIA H200 SXM 141GB, DGX H200 8-GPU server"): elide, don't widen.
    m_hardwareCombo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_hardwareCombo->setMinimumContentsLength(28);
    m_texts.formRow<FleetView>(form, QT_TR_NOOP("&Server profile:"), m_hardwareCombo);

    m_ttftSpin = new QDoubleSpinBox(box);
    m_ttftSpin->setObjectName(QStringLiteral("fleetTtft"));
    m_ttftSpin->setRange(0.001, 1e6);
    m_ttftSpin->setDecimals(3);
    m_ttftSpin->setValue(2.0);
    // Time units read as the core formats them ("9.42 s", "784 ms") in every language.
    m_ttftSpin->setSuffix(QStringLiteral(" s"));
    m_texts([this] {
        m_ttftSpin->setToolTip(tr("Time-to-first-token target: queue wait plus the request's own prefill, under "
                                  "Poisson arrivals, met at the percentile beside it."));
    });
    m_ttftPercentileSpin = percentileSpin(box, QStringLiteral("fleetTtftPercentile"));
    QHBoxLayout* ttftRow = targetRow(m_ttftSpin, m_ttftPercentileSpin);
    m_texts.formRow<FleetView>(form, QT_TR_NOOP("&TTFT target:"), ttftRow);
    static_cast<QLabel*>(form->labelForField(ttftRow))->setBuddy(m_ttftSpin);
    m_tpotSpin = new QDoubleSpinBox(box);
    m_tpotSpin->setObjectName(QStringLiteral("fleetTpot"));
    m_tpotSpin->setRange(0.001, 1e6);
    m_tpotSpin->setDecimals(1);
    m_tpotSpin->setValue(50);
    m_tpotSpin->setSuffix(QStringLiteral(" ms"));
    m_texts([this] {
        m_tpotSpin->setToolTip(tr("Time per output token (one decode step): caps the sequences per replica."));
    });
    m_tpotPercentileSpin = percentileSpin(box, QStringLiteral("fleetTpotPercentile"));
    QHBoxLayout* tpotRow = targetRow(m_tpotSpin, m_tpotPercentileSpin);
    m_texts.formRow<FleetView>(form, QT_TR_NOOP("Time per &output token:"), tpotRow);
    static_cast<QLabel*>(form->labelForField(tpotRow))->setBuddy(m_tpotSpin);
    return box;
}

QDoubleSpinBox* FleetView::percentileSpin(QWidget* parent, const QString& name)
{
    // 0 reads "mean"; otherwise a percentile below 100 (MLPerf's server scenario: 99).
    auto* spin = new QDoubleSpinBox(parent);
    spin->setObjectName(name);
    spin->setRange(kMeanPercentile, 99.99);
    spin->setDecimals(2);
    spin->setValue(99);
    spin->setPrefix(QStringLiteral("p"));
    m_texts([spin] {
        spin->setSpecialValueText(tr("mean"));
        spin->setToolTip(tr("The percentile the target holds at (99: MLPerf's server scenario); at 0, the mean."));
    });
    connect(spin, &QDoubleSpinBox::valueChanged, this, &FleetView::recordEdit);
    connect(spin, &QDoubleSpinBox::valueChanged, this, &FleetView::schedule);
    return spin;
}

QHBoxLayout* FleetView::targetRow(QWidget* target, QWidget* percentile)
{
    auto* row = new QHBoxLayout;
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(target, 1);
    row->addWidget(percentile);
    return row;
}

QHBoxLayout* FleetView::buildUnitsRow(QWidget* parent)
{
    auto* row = new QHBoxLayout;
    m_binaryButton = new QRadioButton(parent);
    m_binaryButton->setObjectName(QStringLiteral("fleetBinaryUnits"));
    m_decimalButton = new QRadioButton(parent);
    m_decimalButton->setObjectName(QStringLiteral("fleetDecimalUnits"));
    m_texts([this] {
        m_binaryButton->setText(tr("GiB"));
        m_binaryButton->setToolTip(tr("Binary bytes (1 GiB = 1024³ bytes)."));
        m_decimalButton->setText(tr("GB"));
        m_decimalButton->setToolTip(tr("Decimal bytes, as memory is sold."));
    });
    m_binaryButton->setChecked(true);
    auto* group = new QButtonGroup(this);
    group->addButton(m_binaryButton);
    group->addButton(m_decimalButton);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(m_binaryButton);
    row->addWidget(m_decimalButton);
    return row;
}

QLabel* FleetView::textLabel(const char* text, QWidget* parent)
{
    auto* l = new QLabel(parent);
    m_texts([l, text] { l->setText(tr(text)); });
    return l;
}

QGroupBox* FleetView::buildResults()
{
    auto* box = new QGroupBox(this);
    m_texts([box] { box->setTitle(tr("What the fleet needs")); });
    auto* layout = new QVBoxLayout(box);
    m_errorLabel = new QLabel(box);
    m_errorLabel->setObjectName(QStringLiteral("fleetError"));
    m_errorLabel->setWordWrap(true);
    m_errorLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_errorLabel->setStyleSheet(QStringLiteral("color: #c00000; font-weight: bold;"));
    m_errorLabel->setVisible(false);
    layout->addWidget(m_errorLabel);
    layout->addLayout(buildResultGrid(box));
    layout->addStretch(1);
    m_exportStatus = new QLabel(box);
    m_exportStatus->setObjectName(QStringLiteral("fleetExportStatus"));
    m_exportStatus->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_exportStatus->setWordWrap(true);
    layout->addWidget(m_exportStatus);
    // The units and Export sit in the results' bottom row: no extra row taken from the chart.
    auto* exportRow = buildUnitsRow(box);
    exportRow->addStretch(1);
    m_exportButton = new QPushButton(box);
    m_exportButton->setObjectName(QStringLiteral("fleetExportButton"));
    m_texts([this] {
        m_exportButton->setText(tr("E&xport…"));
        m_exportButton->setToolTip(tr("The chart as PNG, SVG or PDF, or the fleet as CSV or JSON"));
    });
    exportRow->addWidget(m_exportButton);
    layout->addLayout(exportRow);
    return box;
}

QGridLayout* FleetView::buildResultGrid(QWidget* parent)
{
    auto* grid = new QGridLayout;
    auto valueLabel = [parent](const char* name) {
        auto* l = new QLabel(parent);
        l->setObjectName(QString::fromLatin1(name));
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
        l->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
        return l;
    };
    // A bold label worded from `text` (marked QT_TR_NOOP), again at each language change.
    auto head = [this, parent](const char* text) {
        QLabel* l = textLabel(text, parent);
        QFont f = l->font();
        f.setBold(true);
        l->setFont(f);
        return l;
    };
    grid->addWidget(head(QT_TR_NOOP("GPUs")), 0, 0);
    m_gpusLabel = valueLabel("fleetGpus");
    grid->addWidget(m_gpusLabel, 0, 1);
    grid->addWidget(head(QT_TR_NOOP("Servers")), 0, 2);
    m_serversLabel = valueLabel("fleetServers");
    grid->addWidget(m_serversLabel, 0, 3);
    auto* installed = head(QT_TR_NOOP("HBM installed"));
    m_texts([installed] { installed->setToolTip(tr("GPUs × HBM per GPU: what is bought, beside what is demanded.")); });
    grid->addWidget(installed, 1, 0);
    m_hbmInstalledLabel = valueLabel("fleetHbmInstalled");
    grid->addWidget(m_hbmInstalledLabel, 1, 1);

    const std::array<const char*, 3> tierHeads = { QT_TR_NOOP("HBM"), QT_TR_NOOP("DRAM"), QT_TR_NOOP("NVMe") };
    const std::array<const char*, 3> scopeHeads
        = { QT_TR_NOOP("Fleet-wide"), QT_TR_NOOP("Per server"), QT_TR_NOOP("Per GPU") };
    static const char* names[3][3] = { { "fleetHbm", "fleetDram", "fleetNvme" },
        { "perServerHbm", "perServerDram", "perServerNvme" }, { "perGpuHbm", "perGpuDram", "perGpuNvme" } };
    auto* demandHead = head(QT_TR_NOOP("Demand"));
    m_texts([demandHead] {
        demandHead->setToolTip(tr("HBM: weights, active sequences and overflow (not prefixes cached in spare HBM). "
                                  "DRAM and NVMe: bytes used."));
    });
    grid->addWidget(demandHead, 2, 0);
    for (int t = 0; t < 3; ++t) {
        auto* tierHead = head(tierHeads[t]);
        tierHead->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
        grid->addWidget(tierHead, 2, 1 + t);
    }
    for (int s = 0; s < 3; ++s) {
        grid->addWidget(textLabel(scopeHeads[s], parent), 3 + s, 0);
        for (int t = 0; t < 3; ++t) {
            m_demandLabels[s][t] = valueLabel(names[s][t]);
            grid->addWidget(m_demandLabels[s][t], 3 + s, 1 + t);
        }
    }
    grid->setColumnStretch(4, 1);
    grid->setHorizontalSpacing(12);
    return grid;
}

QWidget* FleetView::buildMix()
{
    // No frame: the picker row says what the table is, and the page keeps the height.
    auto* box = new QWidget(this);
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* pickRow = new QHBoxLayout;
    m_workloadCombo = new QComboBox(box);
    m_workloadCombo->setObjectName(QStringLiteral("fleetWorkloadPicker"));
    for (const auto& [id, card] : m_catalog.workloads())
        m_workloadCombo->addItem(tr("%1 — %2").arg(qs(id), qs(card.name)), qs(id));
    // Workload names run to a hundred characters: the picker keeps a fixed width and elides,
    // so the longest card never widens the tab past a laptop screen (full name in the list).
    m_workloadCombo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_workloadCombo->setMinimumContentsLength(32);
    m_addButton = new QPushButton(box);
    m_addButton->setObjectName(QStringLiteral("fleetAddWorkload"));
    m_removeButton = new QPushButton(box);
    m_removeButton->setObjectName(QStringLiteral("fleetRemoveWorkload"));
    auto* pickLabel = new QLabel(box);
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
    layout->addLayout(pickRow);

    m_mixModel = new FleetMixModel(this);
    m_mixTable = new QTableView(box);
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
    layout->addWidget(m_mixTable);
    connect(m_mixModel, &QAbstractItemModel::modelReset, this, &FleetView::fitMixTable);
    connect(m_mixModel, &QAbstractItemModel::rowsInserted, this, &FleetView::fitMixTable);
    connect(m_mixModel, &QAbstractItemModel::rowsRemoved, this, &FleetView::fitMixTable);
    fitMixTable();
    return box;
}

void FleetView::fitMixTable()
{
    // As tall as its rows (at least two, at most four before it scrolls): no blank rows
    // taken from the chart.
    constexpr int kMinRows = 2;
    constexpr int kMaxRows = 4;
    const int rows = std::clamp(m_mixModel->rowCount(), kMinRows, kMaxRows);
    const int height = m_mixTable->horizontalHeader()->sizeHint().height()
        + rows * m_mixTable->verticalHeader()->defaultSectionSize() + 2 * m_mixTable->frameWidth();
    m_mixTable->setFixedHeight(height);
}

void FleetView::buildChart()
{
    m_chart = new FleetChart(this);
    m_chart->setObjectName(QStringLiteral("fleetChart"));
    m_exportAction = new QAction(m_chart);
    m_texts([this] { m_exportAction->setText(tr("&Export chart…")); });
    m_exportAction->setObjectName(QStringLiteral("fleetExportAction"));
    m_chart->addAction(m_exportAction);
    m_chart->setContextMenuPolicy(Qt::ActionsContextMenu);
}

void FleetView::connectControls()
{
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
}

void FleetView::setExampleMix()
{
    // The CLI's example mix, so the view opens on an answer rather than a blank form.
    std::vector<std::pair<std::string, double>> mix;
    for (const auto& [id, share] : { std::pair<std::string, double> { "chat", 0.7 }, { "mooncake", 0.3 } })
        if (m_catalog.workloads().count(id))
            mix.emplace_back(id, share);
    if (mix.empty() && !m_catalog.workloads().empty())
        mix.emplace_back(m_catalog.workloads().begin()->first, 1.0);
    setMix(mix);
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
    in.ttftPercentile = m_ttftPercentileSpin->value();
    in.tpotPercentile = m_tpotPercentileSpin->value();
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
    if (in.ttftPercentile != m_ttftPercentileSpin->value())
        m_ttftPercentileSpin->setValue(in.ttftPercentile);
    if (in.tpotPercentile != m_tpotPercentileSpin->value())
        m_tpotPercentileSpin->setValue(in.tpotPercentile);
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
    std::string key;
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
        key = "share:" + std::to_string(row);
    } else if (is != was) {
        text = tr("Replace the traffic mix");
    } else if (now.rateUnit != before.rateUnit && now.rate != before.rate) {
        text = tr("Change request rate");
    } else if (now.rateUnit != before.rateUnit) {
        text = tr("Change the rate unit");
        key = "rateUnit";
    } else if (now.rate != before.rate) {
        text = tr("Change request rate");
        key = "rate";
    } else if (now.hardware != before.hardware) {
        const int item = m_hardwareCombo->findData(qs(now.hardware)); // its name, as the combo shows it
        text = tr("Change server profile to %1").arg(item >= 0 ? m_hardwareCombo->itemText(item) : qs(now.hardware));
        key = "hardware";
    } else if (now.ttftSeconds != before.ttftSeconds) {
        text = tr("Change TTFT target");
        key = "ttft";
    } else if (now.ttftPercentile != before.ttftPercentile) {
        text = tr("Change TTFT percentile");
        key = "ttftPercentile";
    } else if (now.tpotPercentile != before.tpotPercentile) {
        text = tr("Change time-per-output-token percentile");
        key = "tpotPercentile";
    } else {
        text = tr("Change time-per-output-token target");
        key = "tpot";
    }
    m_undoStack->push(new FleetCommand(this, before, now, text, key));
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
    in.targets = { m_ttftSpin->value(), m_ttftPercentileSpin->value(), m_tpotSpin->value() / 1000.0,
        m_tpotPercentileSpin->value() };
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
