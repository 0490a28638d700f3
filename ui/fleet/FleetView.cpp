#include "ui/fleet/FleetView.h"

#include "ui/charts/ByteTicker.h"
#include "ui/dialogs/FileDialog.h"
#include "ui/charts/FleetChart.h"
#include "ui/fleet/FleetMixModel.h"
#include "core/io/InputError.h"
#include "ui/dialogs/MessageBox.h"
#include "ui/text/Translate.h"
#include "ui/text/UnitsText.h"

#include <QAction>
#include <QButtonGroup>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QRadioButton>
#include <QTableView>
#include <QVBoxLayout>

namespace kvtiers::ui {

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
    auto* inputs = new QGroupBox(tr("Traffic and targets"), this);
    auto* form = new QFormLayout(inputs);
    auto* rateRow = new QHBoxLayout;
    m_rateSpin = new QDoubleSpinBox(inputs);
    m_rateSpin->setObjectName(QStringLiteral("fleetRate"));
    m_rateSpin->setRange(0.001, 1e18);
    m_rateSpin->setDecimals(3);
    m_rateSpin->setValue(100);
    m_rateSpin->setToolTip(tr("Total traffic of the whole mix."));
    m_rateUnitCombo = new QComboBox(inputs);
    m_rateUnitCombo->setObjectName(QStringLiteral("fleetRateUnit"));
    m_rateUnitCombo->addItem(tr("requests/s"), static_cast<int>(RateUnit::RequestsPerSecond));
    m_rateUnitCombo->addItem(tr("tokens/day"), static_cast<int>(RateUnit::TokensPerDay));
    m_rateUnitCombo->setToolTip(tr("Tokens/day counts prompt + output tokens of all workloads."));
    rateRow->addWidget(m_rateSpin, 1);
    rateRow->addWidget(m_rateUnitCombo);
    form->addRow(tr("Total &rate:"), rateRow);
    static_cast<QLabel*>(form->labelForField(rateRow))->setBuddy(m_rateSpin);

    m_hardwareCombo = new QComboBox(inputs);
    m_hardwareCombo->setObjectName(QStringLiteral("fleetHardware"));
    for (const auto& [id, card] : m_catalog.hardware())
        m_hardwareCombo->addItem(tr("%1 — %2").arg(qs(id), qs(card.name)), qs(id));
    m_hardwareCombo->setCurrentIndex(std::max(0, m_hardwareCombo->findData(qs(CardCatalog::kDefaultHardware))));
    m_hardwareCombo->setToolTip(tr("One server profile for the whole fleet."));
    // Card names are long ("NVIDIA H200 SXM 141GB, DGX H200 8-GPU server"): elide, don't widen.
    m_hardwareCombo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_hardwareCombo->setMinimumContentsLength(28);
    form->addRow(tr("&Server profile:"), m_hardwareCombo);

    m_ttftSpin = new QDoubleSpinBox(inputs);
    m_ttftSpin->setObjectName(QStringLiteral("fleetTtft"));
    m_ttftSpin->setRange(0.001, 1e6);
    m_ttftSpin->setDecimals(3);
    m_ttftSpin->setValue(2.0);
    // Time units read as the core formats them ("9.42 s", "784 ms") in every language.
    m_ttftSpin->setSuffix(QStringLiteral(" s"));
    m_ttftSpin->setToolTip(tr("Time-to-first-token target, checked per workload on an idle replica."));
    form->addRow(tr("&TTFT target:"), m_ttftSpin);
    m_tpotSpin = new QDoubleSpinBox(inputs);
    m_tpotSpin->setObjectName(QStringLiteral("fleetTpot"));
    m_tpotSpin->setRange(0.001, 1e6);
    m_tpotSpin->setDecimals(1);
    m_tpotSpin->setValue(50);
    m_tpotSpin->setSuffix(QStringLiteral(" ms"));
    m_tpotSpin->setToolTip(tr("Time per output token (one decode step): caps the sequences per replica."));
    form->addRow(tr("Time per &output token:"), m_tpotSpin);

    auto* unitsRow = new QHBoxLayout;
    m_binaryButton = new QRadioButton(tr("&Binary (GiB)"), inputs);
    m_binaryButton->setObjectName(QStringLiteral("fleetBinaryUnits"));
    m_decimalButton = new QRadioButton(tr("&Decimal (GB, as memory is sold)"), inputs);
    m_decimalButton->setObjectName(QStringLiteral("fleetDecimalUnits"));
    m_binaryButton->setChecked(true);
    auto* unitsGroup = new QButtonGroup(this);
    unitsGroup->addButton(m_binaryButton);
    unitsGroup->addButton(m_decimalButton);
    unitsRow->addWidget(m_binaryButton);
    unitsRow->addWidget(m_decimalButton);
    unitsRow->addStretch(1);
    form->addRow(tr("Units:"), unitsRow);
    inputs->setMaximumWidth(inputs->sizeHint().width());
    top->addWidget(inputs, 0);

    auto* results = new QGroupBox(tr("What the fleet needs"), this);
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
    grid->addWidget(bold(new QLabel(tr("GPUs"), results)), 0, 0);
    m_gpusLabel = valueLabel("fleetGpus");
    grid->addWidget(m_gpusLabel, 0, 1);
    grid->addWidget(bold(new QLabel(tr("Servers"), results)), 0, 2);
    m_serversLabel = valueLabel("fleetServers");
    grid->addWidget(m_serversLabel, 0, 3);
    auto* installed = bold(new QLabel(tr("HBM installed"), results));
    installed->setToolTip(tr("GPUs × HBM per GPU: what is bought, beside what is demanded."));
    grid->addWidget(installed, 1, 0);
    m_hbmInstalledLabel = valueLabel("fleetHbmInstalled");
    grid->addWidget(m_hbmInstalledLabel, 1, 1);

    const std::array<QString, 3> tierHeads = { tr("HBM"), tr("DRAM"), tr("NVMe") };
    const std::array<QString, 3> scopeHeads = { tr("Fleet-wide"), tr("Per server"), tr("Per GPU") };
    static const char* names[3][3] = { { "fleetHbm", "fleetDram", "fleetNvme" },
        { "perServerHbm", "perServerDram", "perServerNvme" }, { "perGpuHbm", "perGpuDram", "perGpuNvme" } };
    auto* demandHead = bold(new QLabel(tr("Demand"), results));
    demandHead->setToolTip(tr("HBM: weights, active sequences and overflow (not prefixes cached in spare HBM). "
                              "DRAM and NVMe: bytes used."));
    grid->addWidget(demandHead, 2, 0);
    for (int t = 0; t < 3; ++t) {
        auto* head = bold(new QLabel(tierHeads[t], results));
        head->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
        grid->addWidget(head, 2, 1 + t);
    }
    for (int s = 0; s < 3; ++s) {
        grid->addWidget(new QLabel(scopeHeads[s], results), 3 + s, 0);
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
    m_exportButton = new QPushButton(tr("E&xport…"), results);
    m_exportButton->setObjectName(QStringLiteral("fleetExportButton"));
    m_exportButton->setToolTip(tr("The chart as PNG, SVG or PDF, or the fleet as CSV or JSON"));
    exportRow->addWidget(m_exportStatus, 1);
    exportRow->addWidget(m_exportButton, 0, Qt::AlignBottom);
    resultsLayout->addLayout(exportRow);
    top->addWidget(results, 1);
    layout->addLayout(top);

    // --- The traffic mix.
    auto* mixBox = new QGroupBox(tr("Traffic mix"), this);
    auto* mixLayout = new QVBoxLayout(mixBox);
    auto* pickRow = new QHBoxLayout;
    m_workloadCombo = new QComboBox(mixBox);
    m_workloadCombo->setObjectName(QStringLiteral("fleetWorkloadPicker"));
    for (const auto& [id, card] : m_catalog.workloads())
        m_workloadCombo->addItem(tr("%1 — %2").arg(qs(id), qs(card.name)), qs(id));
    m_addButton = new QPushButton(tr("&Add workload"), mixBox);
    m_addButton->setObjectName(QStringLiteral("fleetAddWorkload"));
    m_removeButton = new QPushButton(tr("&Remove selected"), mixBox);
    m_removeButton->setObjectName(QStringLiteral("fleetRemoveWorkload"));
    auto* pickLabel = new QLabel(tr("&Workload:"), mixBox);
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
    m_mixTable->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed
        | QAbstractItemView::AnyKeyPressed);
    m_mixTable->setToolTip(tr("Double-click a share to edit it."));
    m_mixTable->setMinimumHeight(100);
    m_mixTable->setMaximumHeight(170);
    mixLayout->addWidget(m_mixTable);
    layout->addWidget(mixBox);

    m_chart = new FleetChart(this);
    m_chart->setObjectName(QStringLiteral("fleetChart"));
    layout->addWidget(m_chart, 1);
    m_exportAction = new QAction(tr("&Export chart…"), m_chart);
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
        [this](bool decimal) { setUnits(decimal ? ByteUnits::Decimal : ByteUnits::Binary); });

    // The CLI's example mix, so the view opens on an answer rather than a blank form.
    std::vector<std::pair<std::string, double>> mix;
    for (const auto& [id, share] : { std::pair<std::string, double> { "chat", 0.7 }, { "mooncake", 0.3 } })
        if (m_catalog.workloads().count(id))
            mix.emplace_back(id, share);
    if (mix.empty() && !m_catalog.workloads().empty())
        mix.emplace_back(m_catalog.workloads().begin()->first, 1.0);
    setMix(mix);
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
    m_rateUnitCombo->setCurrentIndex(m_rateUnitCombo->findData(static_cast<int>(unit)));
    m_rateSpin->setValue(value);
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

void FleetView::setUnits(ByteUnits units)
{
    if (units == m_units)
        return;
    m_units = units;
    (units == ByteUnits::Decimal ? m_decimalButton : m_binaryButton)->setChecked(true);
    m_mixModel->setUnits(units);
    m_chart->setUnits(units);
    showResult();
    emit unitsChanged(units);
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
    m_hbmInstalledLabel->setText(bytesText(f.hbmInstalledBytes, m_units));
    const double values[3][3] = { { f.hbmBytes, f.dramBytes, f.ssdBytes },
        { f.hbmPerServer(), f.dramPerServer(), f.ssdPerServer() }, { f.hbmPerGpu(), f.dramPerGpu(), f.ssdPerGpu() } };
    for (int s = 0; s < 3; ++s)
        for (int t = 0; t < 3; ++t)
            m_demandLabels[s][t]->setText(bytesText(values[s][t], m_units));
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
    const QString error = ChartExporter::exportFleet(path, *m_result, m_units, {}, m_exportOptions);
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
