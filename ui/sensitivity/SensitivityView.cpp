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

void setItemEnabled(QComboBox* combo, int index, bool enabled)
{
    if (auto* model = qobject_cast<QStandardItemModel*>(combo->model()))
        if (QStandardItem* item = model->item(index))
            item->setEnabled(enabled);
}

/// The tier combo's items, in its order.
constexpr TornadoMeasure kMeasures[]
    = { TornadoMeasure::Hbm, TornadoMeasure::Dram, TornadoMeasure::Ssd, TornadoMeasure::Gpus };

} // namespace

SensitivityView::SensitivityView(SensitivityDocument* document, QWidget* parent)
    : QWidget(parent)
    , m_document(document)
{
    setObjectName(QStringLiteral("sensitivityView"));
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
    setDisplayOptions(nullptr);
    showInputs();
    showAnalysis();
    connectControls();
}

void SensitivityView::connectControls()
{
    connect(m_scopeCombo, &QComboBox::currentIndexChanged, this,
        [this] { m_document->setScope(static_cast<Scope>(m_scopeCombo->currentData().toInt())); });
    connect(m_tierCombo, &QComboBox::currentIndexChanged, this,
        [this](int index) { m_document->setMeasure(kMeasures[std::clamp(index, 0, 3)]); });
    connect(m_rangeSpin, &QSpinBox::valueChanged, this, [this](int percent) { m_document->setRange(percent / 100.0); });
    connect(m_variableCombo, &QComboBox::currentIndexChanged, this,
        [this] { m_document->setCurveVariable(static_cast<Variable>(m_variableCombo->currentData().toInt())); });
    connect(m_decimalButton, &QRadioButton::toggled, this,
        [this](bool decimal) { m_display->setUnits(decimal ? ByteUnits::Decimal : ByteUnits::Binary); });
    connect(m_document, &SensitivityDocument::inputChanged, this, &SensitivityView::showInputs);
    connect(m_document, &SensitivityDocument::evaluated, this, &SensitivityView::showAnalysis);
    connect(m_document, &SensitivityDocument::errorChanged, this, &SensitivityView::showAnalysis);
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
    for (TornadoMeasure m : kMeasures)
        m_tierCombo->addItem(QString(), static_cast<int>(m));
    m_texts([this, tierLabel] {
        tierLabel->setText(tr("&Tier:"));
        for (int i = 0; i < m_tierCombo->count(); ++i) {
            const std::optional<Tier> tier = measuredTier(kMeasures[i]);
            m_tierCombo->setItemText(i, !tier ? tr("GPUs") : *tier == Tier::Ssd ? tr("NVMe") : tierName(*tier));
        }
        m_tierCombo->setItemData(m_tierCombo->findData(static_cast<int>(TornadoMeasure::Gpus)),
            tr("GPUs the fleet needs (Fleet only)"), Qt::ToolTipRole);
    });
    tierLabel->setBuddy(m_tierCombo);
    auto* rangeLabel = new QLabel(this);
    m_rangeSpin = new QSpinBox(this);
    m_rangeSpin->setObjectName(QStringLiteral("sensitivityRange"));
    // In percent, the bounds of `kvtiers sensitivity --range` (its option table's).
    const auto& range = sensitivityOption(sensitivity_keys::kRange);
    m_rangeSpin->setRange(
        static_cast<int>(std::lround(range.min * 100)), static_cast<int>(std::lround(range.max * 100)));
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
    if (event->type() == QEvent::LanguageChange) {
        // The summary and the notes are worded when shown: show the analysis again.
        m_texts.retranslate();
        m_document->rewordError();
        showAnalysis();
    }
}

void SensitivityView::setDisplayOptions(DisplayOptions* options)
{
    m_display = DisplayOptions::swap(m_display, options, this);
    m_document->setDisplayOptions(m_display);
    connect(m_display, &DisplayOptions::unitsChanged, this, &SensitivityView::showUnits);
    showUnits();
}

void SensitivityView::showInputs()
{
    // The controls follow the input, their signals held: nothing shown is a change.
    const SensitivityInput& in = m_document->input();
    const bool fleet = in.scope == Scope::Fleet;
    auto choose = [](QComboBox* combo, int data) {
        const int index = combo->findData(data);
        if (index >= 0 && index != combo->currentIndex()) {
            const QSignalBlocker blocker(combo);
            combo->setCurrentIndex(index);
        }
    };
    // GPUs and total traffic belong to a fleet.
    setItemEnabled(m_tierCombo, m_tierCombo->findData(static_cast<int>(TornadoMeasure::Gpus)), fleet);
    setItemEnabled(m_variableCombo, m_variableCombo->findData(static_cast<int>(Variable::Traffic)), fleet);
    choose(m_scopeCombo, static_cast<int>(in.scope));
    choose(m_tierCombo, static_cast<int>(in.measure));
    choose(m_variableCombo, static_cast<int>(in.curveVariable));
    if (const int percent = static_cast<int>(std::lround(in.range * 100)); percent != m_rangeSpin->value()) {
        const QSignalBlocker blocker(m_rangeSpin);
        m_rangeSpin->setValue(percent);
    }
    redrawTornado(); // a new measure is drawn at once, from the analysis held
}

const SensitivityResult* SensitivityView::result() const
{
    const SensitivityOutcome* a = m_document->analysis();
    return a && a->result ? &*a->result : nullptr;
}

const std::vector<CurvePoint>& SensitivityView::curve() const
{
    static const std::vector<CurvePoint> none;
    const SensitivityOutcome* a = m_document->analysis();
    return a ? a->curve : none;
}

const FleetSensitivityResult* SensitivityView::fleetResult() const
{
    const SensitivityOutcome* a = m_document->analysis();
    return a && a->fleetResult ? &*a->fleetResult : nullptr;
}

const std::vector<FleetCurvePoint>& SensitivityView::fleetCurve() const
{
    static const std::vector<FleetCurvePoint> none;
    const SensitivityOutcome* a = m_document->analysis();
    return a ? a->fleetCurve : none;
}

void SensitivityView::showUnits()
{
    {
        const QSignalBlocker b1(m_decimalButton), b2(m_binaryButton);
        (m_display->units() == ByteUnits::Decimal ? m_decimalButton : m_binaryButton)->setChecked(true);
    }
    showAnalysis(); // the analysis held, re-worded: nothing is evaluated again
}

void SensitivityView::showError(const QString& message)
{
    m_errorLabel->setText(message);
    m_errorLabel->setVisible(true);
    m_notesLabel->setVisible(false);
    m_baseLabel->clear();
    const ByteUnits units = m_display->units();
    if (scope() == Scope::Fleet) {
        m_tornado->setFleetResult(FleetSensitivityResult {}, m_document->input().measure, units);
        m_curveChart->setFleetCurve(m_document->input().curveVariable, {}, 0, units);
    }
}

void SensitivityView::showAnalysis()
{
    const SensitivityOutcome* a = m_document->analysis();
    if (!m_document->errorMessage().isEmpty()) {
        showError(m_document->errorMessage());
    } else if (a && a->fleetResult) {
        m_errorLabel->setVisible(false);
        showFleet(*a);
    } else if (a && a->result) {
        m_errorLabel->setVisible(false);
        m_notesLabel->setVisible(false);
        showScenario(*a);
    }
    emit updated();
}

void SensitivityView::showScenario(const SensitivityOutcome& a)
{
    const Scenario& s = *a.input.scenario;
    const Variable variable = a.input.curveVariable;
    const ByteUnits units = m_display->units();
    const TierDemand& b = a.result->base;
    const int gpus = s.hardware.gpusPerServer;
    m_baseLabel->setText((gpus == 1 ? tr("%1 on %2, per server (1 GPU): HBM %3, DRAM %4, NVMe %5.")
                                          .arg(qs(s.model.name), qs(s.hardware.name))
                                    : tr("%1 on %2, per server (%3 GPUs): HBM %4, DRAM %5, NVMe %6.")
                                          .arg(qs(s.model.name), qs(s.hardware.name))
                                          .arg(gpus))
                             .arg(bytesText(b.hbm, units), bytesText(b.dram, units), bytesText(b.ssd, units))
        + (a.result->baseHbmPrefixCache > 0
                // Both figures, labelled: the Scenario tab's tier chart counts the cache too.
                ? u' '
                    + tr("HBM demand leaves out the prefix cache kept in free HBM (%1): with it HBM holds %2, as the "
                         "Scenario tab's tier chart shows.")
                          .arg(bytesText(a.result->baseHbmPrefixCache, units),
                              bytesText(b.hbm + a.result->baseHbmPrefixCache, units))
                : QString()));
    redrawTornado();
    m_curveChart->setCurve(variable, a.curve, variableValue(s, variable), units);
}

QStringList SensitivityView::fleetNotes(const SensitivityOutcome& a) const
{
    QStringList notes;
    for (const auto& bar : a.fleetResult->bars) {
        if (!bar.lowFeasible)
            notes << tr("%1, moved down: cannot be sized: %2")
                         .arg(variableName(bar.variable),
                             translated(inputErrorMessage(bar.lowErrorDetail, bar.lowError)));
        if (!bar.highFeasible)
            notes << tr("%1, moved up: cannot be sized: %2")
                         .arg(variableName(bar.variable),
                             translated(inputErrorMessage(bar.highErrorDetail, bar.highError)));
    }
    const auto& curve = a.fleetCurve;
    const auto gaps = std::count_if(curve.begin(), curve.end(), [](const auto& p) { return !p.feasible; });
    if (gaps > 0) {
        const auto first = std::find_if(curve.begin(), curve.end(), [](const auto& p) { return !p.feasible; });
        notes << tr("Curve: gaps where the fleet cannot be sized (%1 of %2 points), e.g. %3")
                     .arg(gaps)
                     .arg(curve.size())
                     .arg(translated(inputErrorMessage(first->errorDetail, first->error)));
    }
    return notes;
}

void SensitivityView::showFleet(const SensitivityOutcome& a)
{
    const Variable variable = a.input.curveVariable;
    const ByteUnits units = m_display->units();
    const FleetResult& f = a.fleetResult->fleet;
    const FleetDemand& b = a.fleetResult->base;
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
    const QStringList notes = fleetNotes(a);
    m_notesLabel->setText(notes.join(u'\n'));
    m_notesLabel->setVisible(!notes.isEmpty());
    redrawTornado();
    m_curveChart->setFleetCurve(variable, a.fleetCurve, fleetVariableValue(f, variable), units);
}

void SensitivityView::redrawTornado()
{
    const SensitivityOutcome* a = m_document->analysis();
    if (!a)
        return;
    const TornadoMeasure measure = m_document->input().measure;
    if (a->fleetResult)
        m_tornado->setFleetResult(*a->fleetResult, measure, m_display->units());
    else if (a->result)
        m_tornado->setResult(*a->result, measuredTier(measure).value_or(Tier::Ssd), m_display->units());
}

void SensitivityView::exportTornado()
{
    flush();
    const QString title = tr("Export tornado chart");
    const QString path = FileDialog::getSaveFileName(this, title,
        scope() == Scope::Fleet ? QStringLiteral("kvtiers-fleet-tornado.png") : QStringLiteral("kvtiers-tornado.png"),
        tr("PNG image (*.png);;SVG drawing (*.svg);;PDF (*.pdf);;CSV, one row per variable (*.csv)"));
    if (!path.isEmpty())
        report(title, path, m_document->writeTornado(path));
}

void SensitivityView::exportCurve()
{
    flush();
    const QString title = tr("Export curve");
    const QString path = FileDialog::getSaveFileName(this, title,
        scope() == Scope::Fleet ? QStringLiteral("kvtiers-fleet-curve.png") : QStringLiteral("kvtiers-curve.png"),
        tr("PNG image (*.png);;SVG drawing (*.svg);;PDF (*.pdf);;CSV, one row per point (*.csv)"));
    if (!path.isEmpty())
        report(title, path, m_document->writeCurve(path));
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
