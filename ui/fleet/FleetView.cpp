#include "ui/fleet/FleetView.h"

#include "core/analysis/FleetOptions.h"
#include "ui/charts/FleetChart.h"
#include "ui/common/DisplayOptions.h"
#include "ui/dialogs/FileDialog.h"
#include "ui/dialogs/MessageBox.h"
#include "ui/fleet/FleetMixEditor.h"
#include "ui/fleet/FleetMixModel.h"
#include "ui/fleet/FleetResultsPanel.h"
#include "ui/text/UnitsText.h"
#include "ui/widgets/PercentInput.h"
#include "ui/widgets/PercentileSpinBox.h"

#include <QAction>
#include <QComboBox>
#include <QEvent>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace kvtiers::ui {

FleetView::FleetView(FleetDocument* document, QWidget* parent)
    : QWidget(parent)
    , m_document(document)
{
    setObjectName(QStringLiteral("fleetView"));
    // The mix across the whole width (its table has many columns); under it, traffic and
    // targets over what the fleet needs in a narrow column, and the chart taking the rest,
    // so the page fits a laptop (1280 × 800) with the chart at a useful height.
    auto* layout = new QVBoxLayout(this);
    m_mixEditor = new FleetMixEditor(m_document, this);
    layout->addWidget(m_mixEditor);
    auto* body = new QHBoxLayout;
    auto* column = new QVBoxLayout;
    column->addWidget(buildInputs());
    m_results = new FleetResultsPanel(m_document, this);
    column->addWidget(m_results, 1);
    body->addLayout(column, 0);
    buildChart();
    body->addWidget(m_chart, 1);
    layout->addLayout(body, 1);

    setDisplayOptions(nullptr);
    showInputs();
    showSizing();
    connectControls();
}

FleetMixModel* FleetView::mixModel() const
{
    return m_mixEditor->model();
}

QGroupBox* FleetView::buildInputs()
{
    auto* box = new QGroupBox(this);
    m_texts([box] { box->setTitle(tr("Traffic and targets")); });
    auto* form = new QFormLayout(box);
    // Rows a little closer than the style's: split into prefill and decode pools, the
    // column holds two more rows and still fits a 720-pixel screen in Korean.
    form->setVerticalSpacing(std::min(form->verticalSpacing(), 4));
    QHBoxLayout* rateRow = buildRateRow(box);
    m_texts.formRow<FleetView>(form, QT_TR_NOOP("Total &rate:"), rateRow);
    static_cast<QLabel*>(form->labelForField(rateRow))->setBuddy(m_rateSpin);

    m_hardwareCombo = new QComboBox(box);
    m_hardwareCombo->setObjectName(QStringLiteral("fleetHardware"));
    for (const auto& [id, card] : m_document->catalog().hardware()) {
        m_hardwareCombo->addItem(qs(card.name.empty() ? id : card.name), qs(id));
        m_hardwareCombo->setItemData(m_hardwareCombo->count() - 1, qs(id), Qt::ToolTipRole);
    }
    m_texts([this] { m_hardwareCombo->setToolTip(tr("One server profile for the whole fleet.")); });
    // Card names are long ("NVIDIA H200 SXM 141GB, DGX H200 8-GPU server"): elide, don't widen.
    m_hardwareCombo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_hardwareCombo->setMinimumContentsLength(28);
    m_texts.formRow<FleetView>(form, QT_TR_NOOP("&Server profile:"), m_hardwareCombo);

    // Time units read as the core formats them ("9.42 s", "784 ms") in every language.
    m_ttftSpin = targetSpin(box, QStringLiteral("fleetTtft"), kTtftSecondsKey, 1, QStringLiteral(" s"));
    m_texts([this] {
        m_ttftSpin->setToolTip(tr("Time-to-first-token target: queue wait plus the request's own prefill, under "
                                  "Poisson arrivals, met at the percentile beside it."));
    });
    m_ttftPercentileSpin = new PercentileSpinBox(box);
    m_ttftPercentileSpin->setObjectName(QStringLiteral("fleetTtftPercentile"));
    auto* ttftRow = new QHBoxLayout;
    ttftRow->setContentsMargins(0, 0, 0, 0);
    ttftRow->addWidget(m_ttftSpin, 1);
    ttftRow->addWidget(m_ttftPercentileSpin);
    m_texts.formRow<FleetView>(form, QT_TR_NOOP("&TTFT target:"), ttftRow);
    static_cast<QLabel*>(form->labelForField(ttftRow))->setBuddy(m_ttftSpin);

    m_tpotSpin = targetSpin(box, QStringLiteral("fleetTpot"), kTpotSecondsKey, 1000, QStringLiteral(" ms"));
    m_texts([this] {
        m_tpotSpin->setToolTip(tr("Time per output token (one decode step): caps the sequences per replica."));
    });
    m_tpotPercentileSpin = new PercentileSpinBox(box);
    m_tpotPercentileSpin->setObjectName(QStringLiteral("fleetTpotPercentile"));
    auto* tpotRow = new QHBoxLayout;
    tpotRow->setContentsMargins(0, 0, 0, 0);
    tpotRow->addWidget(m_tpotSpin, 1);
    tpotRow->addWidget(m_tpotPercentileSpin);
    m_texts.formRow<FleetView>(form, QT_TR_NOOP("Time per &output token:"), tpotRow);
    static_cast<QLabel*>(form->labelForField(tpotRow))->setBuddy(m_tpotSpin);
    buildLayoutRows(form, box);
    return box;
}

QHBoxLayout* FleetView::buildRateRow(QWidget* parent)
{
    auto* rateRow = new QHBoxLayout;
    m_rateSpin = new FigureSpinBox(parent); // "100", not "100.000000000"
    m_rateSpin->setGroupSeparatorShown(true);
    m_rateSpin->setObjectName(QStringLiteral("fleetRate"));
    // As fine as the option's smallest rate (a billionth of a request per second).
    m_rateSpin->setDecimals(
        static_cast<int>(std::lround(-std::log10(FleetDocument::rateRange(RateUnit::RequestsPerSecond).first))));
    m_texts([this] { m_rateSpin->setToolTip(tr("Total traffic of the whole mix.")); });
    m_rateUnitCombo = new QComboBox(parent);
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
    return rateRow;
}

QDoubleSpinBox* FleetView::targetSpin(
    QWidget* parent, const QString& name, const char* key, double scale, const QString& unit)
{
    // The option's range in the spin box's unit (`scale` of the table's seconds), as fine
    // as its smallest value.
    const Option<FleetInput>& o = fleetOption(key);
    auto* spin = new FigureSpinBox(parent);
    spin->setObjectName(name);
    spin->setDecimals(static_cast<int>(std::lround(-std::log10(o.min * scale))));
    spin->setRange(o.min * scale, o.max * scale);
    spin->setSuffix(unit);
    return spin;
}

void FleetView::buildChart()
{
    m_chart = new FleetChart(this);
    m_chart->setObjectName(QStringLiteral("fleetChart"));
    m_chart->setCatalog(&m_document->catalog());
    m_exportAction = new QAction(m_chart);
    m_texts([this] { m_exportAction->setText(tr("&Export chart…")); });
    m_exportAction->setObjectName(QStringLiteral("fleetExportAction"));
    m_chart->addAction(m_exportAction);
    m_chart->setContextMenuPolicy(Qt::ActionsContextMenu);
}

void FleetView::connectControls()
{
    connect(m_results, &FleetResultsPanel::exportRequested, this, &FleetView::exportChart);
    connect(m_exportAction, &QAction::triggered, this, &FleetView::exportChart);
    connect(
        m_rateSpin, &QDoubleSpinBox::valueChanged, this, [this](double v) { edit([v](Inputs& in) { in.rate = v; }); });
    connect(m_rateUnitCombo, &QComboBox::currentIndexChanged, this, [this] {
        const auto unit = static_cast<RateUnit>(m_rateUnitCombo->currentData().toInt());
        edit([unit](Inputs& in) {
            // The rate kept where the new unit's range allows it (as the spin box keeps it).
            const auto [min, max] = FleetDocument::rateRange(unit);
            in.rateUnit = unit;
            in.rate = std::clamp(in.rate, min, max);
        });
    });
    connect(m_hardwareCombo, &QComboBox::currentIndexChanged, this, [this] {
        const std::string id = m_hardwareCombo->currentData().toString().toStdString();
        edit([&id](Inputs& in) { in.hardware = id; });
    });
    connect(m_ttftSpin, &QDoubleSpinBox::valueChanged, this,
        [this](double v) { edit([v](Inputs& in) { in.ttftSeconds = v; }); });
    connect(m_tpotSpin, &QDoubleSpinBox::valueChanged, this,
        [this](double v) { edit([v](Inputs& in) { in.tpotMilliseconds = v; }); });
    connect(m_ttftPercentileSpin, &QDoubleSpinBox::valueChanged, this,
        [this](double v) { edit([v](Inputs& in) { in.ttftPercentile = v; }); });
    connect(m_tpotPercentileSpin, &QDoubleSpinBox::valueChanged, this,
        [this](double v) { edit([v](Inputs& in) { in.tpotPercentile = v; }); });
    connectLayoutControls();
    connect(m_document, &FleetDocument::inputChanged, this, &FleetView::showInputs);
    connect(m_document, &FleetDocument::evaluated, this, [this] {
        showSizing();
        emit sized();
    });
}

void FleetView::showInputs()
{
    // Only what differs is set, its signals held: the control just edited already shows it
    // (and keeps what is being typed), and nothing shown is an edit.
    const Inputs& in = m_document->input();
    auto show = [](QDoubleSpinBox* spin, double value) {
        if (spin->value() != value) {
            const QSignalBlocker blocker(spin);
            spin->setValue(value);
        }
    };
    auto choose = [](QComboBox* combo, const QVariant& data) {
        const int index = combo->findData(data);
        if (index >= 0 && index != combo->currentIndex()) {
            const QSignalBlocker blocker(combo);
            combo->setCurrentIndex(index);
        }
    };
    choose(m_rateUnitCombo, static_cast<int>(in.rateUnit));
    const auto [min, max] = FleetDocument::rateRange(in.rateUnit);
    if (m_rateSpin->minimum() != min || m_rateSpin->maximum() != max) {
        const QSignalBlocker blocker(m_rateSpin);
        m_rateSpin->setRange(min, max);
    }
    show(m_rateSpin, in.rate);
    choose(m_hardwareCombo, qs(in.hardware));
    show(m_ttftSpin, in.ttftSeconds);
    show(m_tpotSpin, in.tpotMilliseconds);
    show(m_ttftPercentileSpin, in.ttftPercentile);
    show(m_tpotPercentileSpin, in.tpotPercentile);
    showLayout();
}

void FleetView::showSizing()
{
    const FleetResult* f = m_document->sizing();
    m_exportAction->setEnabled(f != nullptr);
    if (f)
        m_chart->setFleet(*f);
    else
        m_chart->clear();
}

void FleetView::setDisplayOptions(DisplayOptions* options)
{
    m_display = DisplayOptions::swap(m_display, options, this);
    m_results->setDisplayOptions(m_display);
    m_document->setDisplayOptions(m_display);
    connect(m_display, &DisplayOptions::unitsChanged, this, [this](ByteUnits units) {
        m_mixEditor->model()->setUnits(units);
        m_chart->setUnits(units);
    });
    m_mixEditor->model()->setUnits(m_display->units());
    m_chart->setUnits(m_display->units());
}

ByteUnits FleetView::units() const
{
    return m_display->units();
}

void FleetView::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange) {
        m_texts.retranslate();
        m_document->rewordError(); // the core's message, worded when it was made
    }
}

void FleetView::exportChart()
{
    m_document->flush(); // an edit still pending must be in the file
    if (!m_document->sizing()) {
        reportExport(tr("Nothing to export: the fleet cannot be sized: %1").arg(m_document->errorMessage()), true);
        return;
    }
    const QString path = FileDialog::getSaveFileName(this, tr("Export fleet"), QStringLiteral("kvtiers-fleet.png"),
        tr("PNG image (*.png);;SVG drawing (*.svg);;PDF (*.pdf);;CSV table (*.csv);;JSON (*.json)"));
    if (path.isEmpty())
        return;
    const QString error = m_document->exportTo(path);
    if (!error.isEmpty())
        reportExport(error, true);
    else
        reportExport(tr("Exported the fleet to %1").arg(path), false);
}

void FleetView::reportExport(const QString& text, bool failed)
{
    m_results->setExportStatus(text);
    emit message(text);
    if (failed)
        MessageBox::warning(this, tr("Export fleet"), text);
}

} // namespace kvtiers::ui
