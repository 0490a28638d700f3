#include "ui/sensitivity/SensitivityView.h"

#include "core/io/InputError.h"
#include "ui/charts/ByteTicker.h"
#include "ui/charts/CurveChart.h"
#include "ui/charts/TornadoChart.h"
#include "ui/common/DisplayOptions.h"
#include "ui/common/Tier.h"
#include "ui/dialogs/FileDialog.h"
#include "ui/dialogs/MessageBox.h"
#include "ui/export/SensitivityExport.h"
#include "ui/text/Translate.h"
#include "ui/text/UnitsText.h"
#include "ui/text/VariableText.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardItemModel>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace kvtiers::ui {

namespace {

constexpr int kGpuTier = 3;

void setItemEnabled(QComboBox* combo, int index, bool enabled)
{
    if (auto* model = qobject_cast<QStandardItemModel*>(combo->model()))
        if (QStandardItem* item = model->item(index))
            item->setEnabled(enabled);
}

/// `n` values from `from` to `to`, evenly spaced on a log scale.
std::vector<double> geometric(double from, double to, int n, bool whole)
{
    std::vector<double> values;
    for (int i = 0; i < n; ++i) {
        const double v = from * std::pow(to / from, i / double(n - 1));
        values.push_back(whole ? std::round(v) : v);
    }
    return values;
}

/// The sweep of a variable around its current value `now` (scenario and fleet alike).
std::vector<double> sweepValues(Variable variable, double now)
{
    std::vector<double> values;
    switch (knob(variable).value) {
    case KnobValue::Tokens: // the context
        // From the controls' smallest context (1K tokens) up to 4× the current one (at least
        // 1M), log-spaced.
        values = geometric(knob(variable).gui.min, std::max(1048576.0, now * 4), 40, true);
        break;
    case KnobValue::Count: // active sequences
        values = geometric(knob(variable).gui.min, std::max(64.0, now * 4), 40, true);
        break;
    case KnobValue::Format:
        // The KV format ladder the article discusses: 4-bit, FP8, BF16, FP32, and between.
        values = { 4, 5, 6, 7, 8, 10, 12, 14, 16, 20, 24, 28, 32 };
        break;
    case KnobValue::Fraction:
        for (int i = 0; i <= 20; ++i)
            values.push_back(i * 0.05);
        break;
    case KnobValue::Bytes: {
        const double top = now > 0 ? now * 2 : 8 * TiB;
        for (int i = 0; i <= 32; ++i)
            values.push_back(top * i / 32.0);
        break;
    }
    case KnobValue::Number: // total traffic
        // 10% to 3× the current traffic.
        for (int i = 1; i <= 30; ++i)
            values.push_back(now * i / 10.0);
        break;
    default:
        break;
    }
    values.erase(std::unique(values.begin(), values.end()), values.end());
    return values;
}

} // namespace

SensitivityView::SensitivityView(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("sensitivityView"));
    m_timer.setSingleShot(true);
    m_timer.setInterval(0);
    connect(&m_timer, &QTimer::timeout, this, &SensitivityView::updateNow);

    auto* layout = new QVBoxLayout(this);
    // Two rows, so the page fits a laptop's width (1280 × 800): what the tornado shows and
    // the units above, the curve's variable and Export below.
    auto* tornadoRow = new QHBoxLayout;
    auto* curveRow = new QHBoxLayout;
    buildPickers(tornadoRow, curveRow);
    buildUnitsAndExport(tornadoRow, curveRow);
    layout->addLayout(tornadoRow);
    layout->addLayout(curveRow);
    buildResults(layout);

    connect(m_scopeCombo, &QComboBox::currentIndexChanged, this, &SensitivityView::scopeChanged);
    connect(m_tierCombo, &QComboBox::currentIndexChanged, this, &SensitivityView::redrawTornado);
    connect(m_rangeSpin, &QSpinBox::valueChanged, this, &SensitivityView::schedule);
    connect(m_variableCombo, &QComboBox::currentIndexChanged, this, &SensitivityView::schedule);
    connect(m_decimalButton, &QRadioButton::toggled, this,
        [this](bool decimal) { m_display->setUnits(decimal ? ByteUnits::Decimal : ByteUnits::Binary); });
    setDisplayOptions(nullptr);
}

/// What the tornado and the curve show: scope, tier, range and the curve's variable.
void SensitivityView::buildPickers(QHBoxLayout* tornadoRow, QHBoxLayout* curveRow)
{
    auto* scopeLabel = new QLabel(this);
    m_scopeCombo = new QComboBox(this);
    m_scopeCombo->setObjectName(QStringLiteral("sensitivityScope"));
    m_scopeCombo->addItem(QString(), static_cast<int>(Scope::Scenario));
    m_scopeCombo->addItem(QString(), static_cast<int>(Scope::Fleet));
    m_texts([this, scopeLabel] {
        scopeLabel->setText(tr("&Analyse:"));
        m_scopeCombo->setItemText(0, tr("Scenario"));
        m_scopeCombo->setItemText(1, tr("Fleet"));
        m_scopeCombo->setToolTip(tr("Scenario: demand per server of the current scenario. Fleet: fleet-wide demand of "
                                    "the Fleet tab's traffic mix, each variable moved on every workload at once and "
                                    "the fleet sized again."));
    });
    scopeLabel->setBuddy(m_scopeCombo);
    auto* tierLabel = new QLabel(this);
    m_tierCombo = new QComboBox(this);
    m_tierCombo->setObjectName(QStringLiteral("sensitivityTier"));
    for (int i = 0; i <= kGpuTier; ++i)
        m_tierCombo->addItem(QString());
    m_texts([this, tierLabel] {
        tierLabel->setText(tr("&Tier:"));
        m_tierCombo->setItemText(0, tierName(Tier::Hbm));
        m_tierCombo->setItemText(1, tierName(Tier::Dram));
        m_tierCombo->setItemText(2, tr("NVMe"));
        m_tierCombo->setItemText(kGpuTier, tr("GPUs"));
        m_tierCombo->setItemData(kGpuTier, tr("GPUs the fleet needs (Fleet only)"), Qt::ToolTipRole);
    });
    setItemEnabled(m_tierCombo, kGpuTier, false);
    tierLabel->setBuddy(m_tierCombo);
    auto* rangeLabel = new QLabel(this);
    m_rangeSpin = new QSpinBox(this);
    m_rangeSpin->setObjectName(QStringLiteral("sensitivityRange"));
    m_rangeSpin->setRange(1, 100);
    m_rangeSpin->setValue(static_cast<int>(std::lround(kDefaultSensitivityRange * 100)));
    m_texts([this, rangeLabel] {
        rangeLabel->setText(tr("&Range: ±"));
        m_rangeSpin->setSuffix(tr("%"));
        m_rangeSpin->setToolTip(
            tr("Each variable is moved down and up by this share of its value, the others held. "
               "Rates move by points instead, half the range: ±50% moves a 0% reuse rate to 25% "
               "(rates stay within 0–100%). The KV format moves one step along 4, 8, 16, 32 "
               "bits. In a fleet, active sequences move through the time-per-output-token target."));
    });
    rangeLabel->setBuddy(m_rangeSpin);
    auto* variableLabel = new QLabel(this);
    m_variableCombo = new QComboBox(this);
    m_variableCombo->setObjectName(QStringLiteral("curveVariable"));
    for (Variable v : fleetVariables())
        m_variableCombo->addItem(QString(), static_cast<int>(v));
    m_texts([this, variableLabel] {
        variableLabel->setText(tr("&Curve of:"));
        for (int i = 0; i < m_variableCombo->count(); ++i)
            m_variableCombo->setItemText(i, variableName(static_cast<Variable>(m_variableCombo->itemData(i).toInt())));
    });
    setItemEnabled(m_variableCombo, m_variableCombo->findData(static_cast<int>(Variable::Traffic)), false);
    m_variableCombo->setCurrentIndex(m_variableCombo->findData(static_cast<int>(Variable::ReuseRate)));
    variableLabel->setBuddy(m_variableCombo);
    for (auto [label, field] : { std::pair<QWidget*, QWidget*> { scopeLabel, m_scopeCombo }, { tierLabel, m_tierCombo },
             { rangeLabel, m_rangeSpin } }) {
        tornadoRow->addWidget(label);
        tornadoRow->addWidget(field);
        tornadoRow->addSpacing(12);
    }
    curveRow->addWidget(variableLabel);
    curveRow->addWidget(m_variableCombo);
}

/// The units radios (the shared display option) and the export menu.
void SensitivityView::buildUnitsAndExport(QHBoxLayout* tornadoRow, QHBoxLayout* curveRow)
{
    m_binaryButton = new QRadioButton(this);
    m_binaryButton->setObjectName(QStringLiteral("sensitivityBinaryUnits"));
    m_decimalButton = new QRadioButton(this);
    m_decimalButton->setObjectName(QStringLiteral("sensitivityDecimalUnits"));
    m_texts([this] {
        m_binaryButton->setText(tr("GiB"));
        m_decimalButton->setText(tr("GB"));
        m_decimalButton->setToolTip(tr("Decimal bytes, as memory is sold."));
    });
    m_binaryButton->setChecked(true);
    auto* unitsGroup = new QButtonGroup(this);
    unitsGroup->addButton(m_binaryButton);
    unitsGroup->addButton(m_decimalButton);
    m_exportButton = new QPushButton(this);
    m_exportButton->setObjectName(QStringLiteral("sensitivityExport"));
    auto* exportMenu = new QMenu(m_exportButton);
    QAction* tornadoAction = exportMenu->addAction(QString(), this, &SensitivityView::exportTornado);
    tornadoAction->setObjectName(QStringLiteral("exportTornadoAction"));
    QAction* curveAction = exportMenu->addAction(QString(), this, &SensitivityView::exportCurve);
    curveAction->setObjectName(QStringLiteral("exportCurveAction"));
    m_texts([this, tornadoAction, curveAction] {
        m_exportButton->setText(tr("&Export…"));
        m_exportButton->setToolTip(tr("Save the tornado or the curve as PNG, SVG, PDF or CSV."));
        tornadoAction->setText(tr("&Tornado chart…"));
        curveAction->setText(tr("&Curve…"));
    });
    m_exportButton->setMenu(exportMenu);
    tornadoRow->addStretch(1);
    tornadoRow->addWidget(m_binaryButton);
    tornadoRow->addWidget(m_decimalButton);
    curveRow->addStretch(1);
    curveRow->addWidget(m_exportButton);
}

/// The base scenario's line, the error and notes, and the two charts side by side.
void SensitivityView::buildResults(QVBoxLayout* layout)
{
    m_baseLabel = new QLabel(this);
    m_baseLabel->setObjectName(QStringLiteral("sensitivityBase"));
    m_baseLabel->setWordWrap(true);
    layout->addWidget(m_baseLabel);
    m_errorLabel = new QLabel(this);
    m_errorLabel->setObjectName(QStringLiteral("sensitivityError"));
    m_errorLabel->setWordWrap(true);
    m_errorLabel->setStyleSheet(QStringLiteral("color: #c00000; font-weight: bold;"));
    m_errorLabel->setVisible(false);
    layout->addWidget(m_errorLabel);
    m_notesLabel = new QLabel(this);
    m_notesLabel->setObjectName(QStringLiteral("sensitivityNotes"));
    m_notesLabel->setWordWrap(true);
    m_notesLabel->setTextFormat(Qt::PlainText);
    m_notesLabel->setVisible(false);
    layout->addWidget(m_notesLabel);

    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->setChildrenCollapsible(false);
    m_tornado = new TornadoChart(splitter);
    m_tornado->setObjectName(QStringLiteral("tornadoChart"));
    m_curveChart = new CurveChart(splitter);
    m_curveChart->setObjectName(QStringLiteral("curveChart"));
    splitter->addWidget(m_tornado);
    splitter->addWidget(m_curveChart);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    layout->addWidget(splitter, 1);
}

void SensitivityView::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
}

void SensitivityView::retranslateUi()
{
    m_texts.retranslate();
    // The summary, the notes and the charts are worded when computed: compute again (on
    // the next turn, the scope, tier, range and curve variable kept) if there was anything.
    if (m_scenario || m_fleetInput)
        schedule();
}

void SensitivityView::setScenario(const Scenario& scenario)
{
    m_scenario = scenario;
    schedule();
}

void SensitivityView::setFleetInput(const CardCatalog& catalog, const FleetInput& input)
{
    m_catalog = &catalog;
    m_fleetInput = input;
    if (scope() == Scope::Fleet)
        schedule();
}

void SensitivityView::setScope(Scope scope)
{
    m_scopeCombo->setCurrentIndex(m_scopeCombo->findData(static_cast<int>(scope)));
}

SensitivityView::Scope SensitivityView::scope() const
{
    return static_cast<Scope>(m_scopeCombo->currentData().toInt());
}

void SensitivityView::scopeChanged()
{
    const bool fleet = scope() == Scope::Fleet;
    setItemEnabled(m_tierCombo, kGpuTier, fleet);
    const int traffic = m_variableCombo->findData(static_cast<int>(Variable::Traffic));
    setItemEnabled(m_variableCombo, traffic, fleet);
    if (!fleet && m_tierCombo->currentIndex() == kGpuTier)
        m_tierCombo->setCurrentIndex(0);
    if (!fleet && m_variableCombo->currentIndex() == traffic)
        setCurveVariable(Variable::ReuseRate);
    schedule();
}

void SensitivityView::setTier(int tier)
{
    m_tierCombo->setCurrentIndex(std::clamp(tier, 0, scope() == Scope::Fleet ? kGpuTier : 2));
}

void SensitivityView::setRange(double relativeRange)
{
    m_rangeSpin->setValue(static_cast<int>(std::lround(relativeRange * 100)));
}

void SensitivityView::setCurveVariable(Variable variable)
{
    m_variableCombo->setCurrentIndex(m_variableCombo->findData(static_cast<int>(variable)));
}

void SensitivityView::setDisplayOptions(DisplayOptions* options)
{
    m_display = DisplayOptions::swap(m_display, options, this);
    connect(m_display, &DisplayOptions::unitsChanged, this, &SensitivityView::showUnits);
    showUnits();
}

void SensitivityView::showUnits()
{
    {
        const QSignalBlocker b1(m_decimalButton), b2(m_binaryButton);
        (m_display->units() == ByteUnits::Decimal ? m_decimalButton : m_binaryButton)->setChecked(true);
    }
    if (m_timer.isActive())
        return; // an update is due anyway, in the new units
    // The results already computed, re-worded: no scenario is evaluated again.
    if (scope() == Scope::Fleet) {
        if (m_fleetResult)
            showFleet();
    } else if (m_result) {
        showScenario();
    }
}

std::vector<double> SensitivityView::curveValues(const Scenario& scenario, Variable variable)
{
    if (variable == Variable::Traffic)
        return {}; // a scenario has no traffic
    return sweepValues(variable, variableValue(scenario, variable));
}

std::vector<double> SensitivityView::fleetCurveValues(
    const FleetResult& fleet, double tpotTargetSeconds, Variable variable)
{
    // A fleet's concurrency is set by its TPOT target: sweep the target from a quarter to
    // four times the current one (fleetCurve() reports the sequences each allows).
    if (variable == Variable::Concurrency)
        return geometric(tpotTargetSeconds / 4, tpotTargetSeconds * 4, 33, false);
    return sweepValues(variable, fleetVariableValue(fleet, variable));
}

void SensitivityView::flush()
{
    if (m_timer.isActive()) {
        m_timer.stop();
        updateNow();
    }
}

void SensitivityView::schedule()
{
    m_timer.start();
}

Variable SensitivityView::curveVariable() const
{
    return static_cast<Variable>(m_variableCombo->currentData().toInt());
}

void SensitivityView::showError(const QString& message)
{
    m_errorLabel->setText(message);
    m_errorLabel->setVisible(true);
    m_notesLabel->setVisible(false);
    m_baseLabel->clear();
}

void SensitivityView::updateNow()
{
    if (scope() == Scope::Fleet)
        updateFleet();
    else
        updateScenario();
}

void SensitivityView::updateScenario()
{
    m_notesLabel->setVisible(false);
    if (!m_scenario)
        return;
    const Variable variable = curveVariable();
    try {
        m_result = sensitivity(*m_scenario, m_rangeSpin->value() / 100.0);
        m_curve = scenarioCurve(*m_scenario, variable, curveValues(*m_scenario, variable));
        m_errorLabel->setVisible(false);
    } catch (const std::exception& e) {
        // evaluate() accepts any validated scenario; this is a guard, not a path.
        m_result.reset();
        m_curve.clear();
        showError(qs(e.what()));
        emit updated();
        return;
    }
    showScenario();
}

void SensitivityView::showScenario()
{
    const Variable variable = curveVariable();
    const ByteUnits units = m_display->units();
    const TierDemand& b = m_result->base;
    const int gpus = m_scenario->hardware.gpusPerServer;
    m_baseLabel->setText((gpus == 1 ? tr("%1 on %2, per server (1 GPU): HBM %3, DRAM %4, NVMe %5.")
                                          .arg(qs(m_scenario->model.name), qs(m_scenario->hardware.name))
                                    : tr("%1 on %2, per server (%3 GPUs): HBM %4, DRAM %5, NVMe %6.")
                                          .arg(qs(m_scenario->model.name), qs(m_scenario->hardware.name))
                                          .arg(gpus))
                             .arg(bytesText(b.hbm, units), bytesText(b.dram, units), bytesText(b.ssd, units)));
    redrawTornado();
    m_curveChart->setCurve(variable, m_curve, variableValue(*m_scenario, variable), units);
    emit updated();
}

void SensitivityView::updateFleet()
{
    const Variable variable = curveVariable();
    m_fleetResult.reset();
    m_fleetCurve.clear();
    auto clearCharts = [&] {
        m_tornado->setFleetResult(FleetSensitivityResult {}, m_tierCombo->currentIndex(), m_display->units());
        m_curveChart->setFleetCurve(variable, {}, 0, m_display->units());
    };
    if (!m_fleetInput || !m_catalog) {
        showError(tr("No fleet yet: build a traffic mix on the Fleet tab."));
        clearCharts();
        emit updated();
        return;
    }
    try {
        m_fleetResult = fleetSensitivity(*m_catalog, *m_fleetInput, m_rangeSpin->value() / 100.0);
        m_fleetCurve = kvtiers::fleetCurve(*m_catalog, *m_fleetInput, variable,
            fleetCurveValues(m_fleetResult->fleet, m_fleetInput->targets.tpot(), variable));
        m_errorLabel->setVisible(false);
    } catch (const InputError& e) {
        m_fleetResult.reset();
        m_fleetCurve.clear();
        showError(tr("The fleet cannot be sized: %1").arg(translated(e.message())));
        clearCharts();
        emit updated();
        return;
    } catch (const std::exception& e) {
        // Anything else from the core is a bug, but the view must not take the app down.
        m_fleetResult.reset();
        m_fleetCurve.clear();
        showError(tr("Internal error: %1").arg(qs(e.what())));
        clearCharts();
        emit updated();
        return;
    }
    showFleet();
}

void SensitivityView::showFleet()
{
    const Variable variable = curveVariable();
    const ByteUnits units = m_display->units();
    const FleetResult& f = m_fleetResult->fleet;
    const FleetDemand& b = m_fleetResult->base;
    QStringList mix;
    for (const auto& e : f.entries)
        mix << tr("%1 %2").arg(qs(e.label), percentText(e.share));
    m_baseLabel->setText(
        tr("Fleet of %1 at %2 requests/s on %3: %4 GPUs in %5 servers; fleet-wide HBM %6, DRAM %7, "
           "NVMe %8; %9 active sequences per replica.")
            .arg(mix.join(QStringLiteral(", ")), significantText(f.requestsPerSecond, 4),
                f.entries.empty() ? QString() : qs(f.entries.front().scenario.hardware.name), countText(b.gpus),
                countText(b.servers), bytesText(b.hbm, units), bytesText(b.dram, units), bytesText(b.ssd, units),
                significantText(b.sequencesPerReplica, 3)));
    // Name every move the fleet cannot be sized for, with the core's reason.
    QStringList notes;
    for (const auto& bar : m_fleetResult->bars) {
        if (!bar.lowFeasible)
            notes << tr("%1, moved down: cannot be sized: %2")
                         .arg(variableName(bar.variable),
                             translated(inputErrorMessage(bar.lowErrorDetail, bar.lowError)));
        if (!bar.highFeasible)
            notes << tr("%1, moved up: cannot be sized: %2")
                         .arg(variableName(bar.variable),
                             translated(inputErrorMessage(bar.highErrorDetail, bar.highError)));
    }
    const auto gaps
        = std::count_if(m_fleetCurve.begin(), m_fleetCurve.end(), [](const auto& p) { return !p.feasible; });
    if (gaps > 0) {
        const auto first
            = std::find_if(m_fleetCurve.begin(), m_fleetCurve.end(), [](const auto& p) { return !p.feasible; });
        notes << tr("Curve: gaps where the fleet cannot be sized (%1 of %2 points), e.g. %3")
                     .arg(gaps)
                     .arg(m_fleetCurve.size())
                     .arg(translated(inputErrorMessage(first->errorDetail, first->error)));
    }
    m_notesLabel->setText(notes.join(u'\n'));
    m_notesLabel->setVisible(!notes.isEmpty());
    redrawTornado();
    m_curveChart->setFleetCurve(variable, m_fleetCurve, fleetVariableValue(f, variable), units);
    emit updated();
}

void SensitivityView::redrawTornado()
{
    if (scope() == Scope::Fleet) {
        if (m_fleetResult)
            m_tornado->setFleetResult(*m_fleetResult, m_tierCombo->currentIndex(), m_display->units());
    } else if (m_result) {
        m_tornado->setResult(*m_result, m_tierCombo->currentIndex(), m_display->units());
    }
}

QString SensitivityView::writeTornado(const QString& path) const
{
    const int tier = m_tierCombo->currentIndex();
    if (scope() == Scope::Fleet) {
        if (!m_fleetResult || !m_fleetInput)
            return tr("%1: nothing to export: the fleet cannot be sized").arg(path);
        return SensitivityExport::exportFleetTornado(
            path, *m_fleetInput, *m_fleetResult, tier, m_display->units(), m_exportOptions);
    }
    if (!m_result || !m_scenario)
        return tr("%1: nothing to export: no scenario yet").arg(path);
    return SensitivityExport::exportTornado(path, *m_scenario, *m_result, tier, m_display->units(), m_exportOptions);
}

QString SensitivityView::writeCurve(const QString& path) const
{
    const Variable variable = curveVariable();
    if (scope() == Scope::Fleet) {
        if (!m_fleetResult || !m_fleetInput)
            return tr("%1: nothing to export: the fleet cannot be sized").arg(path);
        return SensitivityExport::exportFleetCurve(
            path, *m_fleetInput, m_fleetResult->fleet, variable, m_fleetCurve, m_display->units(), m_exportOptions);
    }
    if (!m_result || !m_scenario)
        return tr("%1: nothing to export: no scenario yet").arg(path);
    return SensitivityExport::exportCurve(path, *m_scenario, variable, m_curve, m_display->units(), m_exportOptions);
}

void SensitivityView::exportTornado()
{
    flush();
    const QString title = tr("Export tornado chart");
    const QString path = FileDialog::getSaveFileName(this, title,
        scope() == Scope::Fleet ? QStringLiteral("kvtiers-fleet-tornado.png") : QStringLiteral("kvtiers-tornado.png"),
        tr("PNG image (*.png);;SVG drawing (*.svg);;PDF (*.pdf);;CSV, one row per variable (*.csv)"));
    if (!path.isEmpty())
        report(title, path, writeTornado(path));
}

void SensitivityView::exportCurve()
{
    flush();
    const QString title = tr("Export curve");
    const QString path = FileDialog::getSaveFileName(this, title,
        scope() == Scope::Fleet ? QStringLiteral("kvtiers-fleet-curve.png") : QStringLiteral("kvtiers-curve.png"),
        tr("PNG image (*.png);;SVG drawing (*.svg);;PDF (*.pdf);;CSV, one row per point (*.csv)"));
    if (!path.isEmpty())
        report(title, path, writeCurve(path));
}

void SensitivityView::report(const QString& title, const QString& path, const QString& error)
{
    if (!error.isEmpty()) {
        MessageBox::warning(this, title, error);
        return;
    }
    emit exported(path);
}

} // namespace kvtiers::ui
