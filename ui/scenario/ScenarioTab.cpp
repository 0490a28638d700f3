#include "ui/scenario/ScenarioTab.h"

#include "ui/charts/SweepChart.h"
#include "ui/charts/TierChart.h"
#include "ui/common/DisplayOptions.h"
#include "ui/common/WidgetFit.h"
#include "ui/dialogs/FileDialog.h"
#include "ui/dialogs/MessageBox.h"
#include "ui/export/TierTableExport.h"
#include "ui/scenario/ControlsPanel.h"
#include "ui/scenario/HeadlinePanel.h"
#include "ui/scenario/ScenarioController.h"
#include "ui/scenario/TierTableModel.h"
#include "ui/widgets/CachedSizeDelegate.h"
#include "ui/widgets/WrappingHeaderView.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QHeaderView>
#include <QLabel>
#include <QScrollArea>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace kvtiers::ui {

ScenarioTab::ScenarioTab(ScenarioController* controller, DisplayOptions* display, QWidget* window)
    : QObject(window)
    , m_controller(controller)
    , m_display(display)
    , m_window(window)
{
    buildControls();
    buildBanner();
    m_headline = new HeadlinePanel(window);
    m_headline->setDisplayOptions(m_display);
    m_headline->setObjectName(QStringLiteral("headlinePanel"));
    buildCharts();
    buildTable();
    // Charts over the table; the table's rows decide its height until the user drags.
    m_pageSplitter = new QSplitter(Qt::Vertical, window);
    m_pageSplitter->setObjectName(QStringLiteral("scenarioSplitter"));
    m_pageSplitter->setChildrenCollapsible(false);
    m_pageSplitter->addWidget(m_chartSplitter);
    m_pageSplitter->addWidget(m_tableBox);
    m_pageSplitter->setStretchFactor(0, 1);
    m_pageSplitter->setStretchFactor(1, 0);

    connect(m_controller, &ScenarioController::resultChanged, this, &ScenarioTab::updateViews);
    connect(m_controller, &ScenarioController::errorChanged, this, &ScenarioTab::showError);
    connect(m_controls, &ControlsPanel::inputRejected, this,
        [this](const QString& message) { emit this->message(message, 8000); });
    connect(m_controls, &ControlsPanel::inputTaken, this,
        [this](const QString& message) { emit this->message(message, 8000); });
    connectDisplayOptions();
}

void ScenarioTab::buildControls()
{
    m_controlsArea = new QScrollArea(m_window);
    m_controlsArea->setObjectName(QStringLiteral("controlsScroll"));
    m_controlsArea->setWidgetResizable(true);
    m_controlsArea->setFrameShape(QFrame::NoFrame);
    m_controlsArea->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_controls = new ControlsPanel(m_controller, m_controlsArea);
    m_controls->setDisplayOptions(m_display);
    m_controls->setObjectName(QStringLiteral("controlsPanel"));
    m_controlsArea->setWidget(m_controls);
    m_controlsArea->setMinimumWidth(m_controls->minimumSizeHint().width() + 16);
}

void ScenarioTab::buildBanner()
{
    m_banner = new QLabel(m_window);
    m_banner->setObjectName(QStringLiteral("errorBanner"));
    m_banner->setWordWrap(true);
    m_banner->setAutoFillBackground(true);
    m_banner->setMargin(6);
    m_banner->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_banner->setVisible(false);
}

void ScenarioTab::buildCharts()
{
    m_chartSplitter = new QSplitter(Qt::Horizontal, m_window);
    m_chartSplitter->setObjectName(QStringLiteral("chartSplitter"));
    m_chartSplitter->setChildrenCollapsible(false);
    m_tierChart = new TierChart(m_chartSplitter);
    m_tierChart->setObjectName(QStringLiteral("tierChart"));
    m_sweepChart = new SweepChart(m_chartSplitter);
    m_sweepChart->setObjectName(QStringLiteral("sweepChart"));
    m_chartSplitter->addWidget(m_tierChart);
    m_chartSplitter->addWidget(m_sweepChart);
}

void ScenarioTab::buildTable()
{
    m_tableBox = new QWidget(m_window);
    auto* layout = new QVBoxLayout(m_tableBox);
    layout->setContentsMargins(0, 0, 0, 0);
    m_tableCaption = new WrappedLabel(m_tableBox);
    m_texts([this] {
        m_tableCaption->setText(tr("<b>The article's tier table</b>, with this scenario's bytes and times. "
                                   "Highlighted: the rows whose condition this scenario meets (hover for why)."));
    });
    m_tableCaption->setWordWrap(true);
    layout->addWidget(m_tableCaption);
    m_tableModel = new TierTableModel(this);
    m_tableModel->setDisplayOptions(m_display);
    m_tableView = new QTableView(m_tableBox);
    m_tableView->setObjectName(QStringLiteral("tierTable"));
    m_tableView->setModel(m_tableModel);
    m_tableView->setItemDelegate(new CachedSizeDelegate(m_tableView));
    m_tableView->setWordWrap(true);
    m_tableView->setSelectionMode(QAbstractItemView::NoSelection);
    m_tableView->setFocusPolicy(Qt::NoFocus);
    m_tableView->verticalHeader()->setVisible(false);
    // Row heights are fitted by fitTableHeight(), deferred while a slider is dragged:
    // measuring the wrapped article text at every step cost more than the charts.
    m_tableView->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_fitTableTimer = new QTimer(this);
    m_fitTableTimer->setSingleShot(true);
    m_fitTableTimer->setInterval(150);
    connect(m_fitTableTimer, &QTimer::timeout, this, &ScenarioTab::fitTableHeight);
    // The article's long column titles wrap in narrow columns instead of being clipped.
    auto* header = new WrappingHeaderView(m_tableView);
    m_tableView->setHorizontalHeader(header);
    header->setSectionResizeMode(QHeaderView::ResizeToContents);
    for (int c : { TierTableModel::LivesThereColumn, TierTableModel::DemandGrowsColumn, TierTableModel::LimitColumn,
             TierTableModel::RestoreColumn })
        header->setSectionResizeMode(c, QHeaderView::Stretch);
    layout->addWidget(m_tableView, 1);
}

void ScenarioTab::connectDisplayOptions()
{
    // The charts' own pickers set the options; the options set the charts (and the
    // window's menus). DisplayOptions emits only on a change, so nothing comes back around.
    connect(m_tierChart, &TierChart::scopeChanged, m_display, &DisplayOptions::setScope);
    connect(m_sweepChart, &SweepChart::axisChanged, m_display, &DisplayOptions::setSweepAxis);
    connect(m_sweepChart, &SweepChart::holdsRateChanged, m_controller, &ScenarioController::setSweepHoldsRate);
    connect(m_display, &DisplayOptions::scopeChanged, this, [this](TierScope scope) {
        m_tierChart->setScope(scope);
        m_sweepChart->setScope(scope);
    });
    connect(m_display, &DisplayOptions::sweepAxisChanged, this, [this](SweepAxis axis) {
        m_sweepChart->setAxis(axis);
        m_controller->setSweepAxis(axis); // a sweep along the other axis: computed, not re-worded
    });
    // The charts relabel from the data they hold: no evaluation.
    connect(m_display, &DisplayOptions::unitsChanged, this, [this](ByteUnits units) {
        m_tierChart->setUnits(units);
        m_sweepChart->setUnits(units);
        m_controller->rewordError(); // the banner's sizes, if the scenario does not evaluate
    });
}

void ScenarioTab::updateViews()
{
    const Scenario& s = m_controller->scenario();
    const EvalResult& r = m_controller->result();
    m_headline->setResult(s, r);
    m_tierChart->setResult(s, r);
    m_sweepChart->setResult(s, r, m_controller->sweepResult());
    m_tableModel->setResult(s, r);
    if (m_tableFitted) {
        m_fitTableTimer->start();
    } else {
        fitTableHeight();
        m_tableFitted = true;
    }
}

void ScenarioTab::retranslateUi()
{
    m_texts.retranslate();
    // Text computed from the result (the headline, the charts, the table's live columns)
    // is drawn again from the last result, which is not evaluated again. An error banner
    // names the core's error, which only an evaluation words anew.
    announceRetranslated(m_tableModel);
    if (m_controller->hasResult())
        updateViews();
    if (!m_controller->errorMessage().isEmpty())
        m_controller->refresh();
}

bool ScenarioTab::restorePageState(const QByteArray& state)
{
    m_pageRestored = !state.isEmpty() && m_pageSplitter->restoreState(state);
    return m_pageRestored;
}

void ScenarioTab::fitTableHeight()
{
    m_tableView->resizeRowsToContents();
    int height = m_tableView->horizontalHeader()->height() + 2 * m_tableView->frameWidth();
    for (int row = 0; row < m_tableModel->rowCount(); ++row)
        height += m_tableView->rowHeight(row);
    // Never taller than its rows; shorter (with a scroll bar) only where the user drags it.
    m_tableView->setMaximumHeight(height);
    const int spacing = m_tableBox->layout()->spacing();
    const int wanted = m_tableCaption->heightForWidth(m_tableBox->width()) + spacing + height;
    m_tableBox->setMaximumHeight(wanted);
    if (!m_tableFitted && !m_pageRestored) {
        const int total = m_pageSplitter->height();
        m_pageSplitter->setSizes({ std::max(total - wanted, 400), wanted });
    }
}

void ScenarioTab::showError(const QString& message)
{
    m_banner->setText(message.isEmpty() ? QString() : tr("This scenario cannot be evaluated: %1").arg(message));
    m_banner->setVisible(!message.isEmpty());
    emit this->message(message, 0);
}

void ScenarioTab::applyBannerTheme(const QPalette& window)
{
    const bool dark = window.color(QPalette::Window).lightnessF() < 0.5;
    QPalette pal = m_banner->palette();
    pal.setColor(QPalette::Window, dark ? QColor(0x5c, 0x1a, 0x1a) : QColor(0xfd, 0xe7, 0xe9));
    pal.setColor(QPalette::WindowText, dark ? QColor(0xff, 0xd7, 0xd7) : QColor(0x5c, 0x00, 0x11));
    m_banner->setPalette(pal);
}

void ScenarioTab::reportExport(const QString& error, const QString& what, const QString& path)
{
    if (!error.isEmpty()) {
        emit message(error, 10000);
        MessageBox::warning(m_window, what, error);
        return;
    }
    emit message(tr("%1: wrote %2").arg(what, path), 10000);
}

void ScenarioTab::exportTierChart()
{
    if (!m_controller->hasResult())
        return reportExport(tr("Nothing to export: the scenario does not evaluate."), tr("Export tier chart"), {});
    const QString path
        = FileDialog::getSaveFileName(m_window, tr("Export tier chart"), QStringLiteral("kvtiers-tiers.png"),
            tr("PNG image (*.png);;SVG drawing (*.svg);;PDF (*.pdf);;Scenario and results, JSON (*.json)"));
    if (path.isEmpty())
        return;
    reportExport(ChartExporter::exportTierChart(path, m_controller->scenario(), m_controller->result(), m_exportOptions,
                     m_controller->workloadId()),
        tr("Export tier chart"), path);
}

void ScenarioTab::exportSweep()
{
    if (!m_controller->hasResult())
        return reportExport(tr("Nothing to export: the scenario does not evaluate."), tr("Export sweep"), {});
    const QString path = FileDialog::getSaveFileName(m_window, tr("Export sweep"), QStringLiteral("kvtiers-sweep.png"),
        tr("PNG image (*.png);;SVG drawing (*.svg);;PDF (*.pdf);;CSV, one row per point (*.csv)"));
    if (path.isEmpty())
        return;
    reportExport(ChartExporter::exportSweep(path, m_controller->scenario(), m_controller->result(),
                     m_controller->sweepResult(), m_exportOptions),
        tr("Export sweep"), path);
}

void ScenarioTab::exportScenarioJson()
{
    if (!m_controller->hasResult())
        return reportExport(tr("Nothing to export: the scenario does not evaluate."), tr("Export scenario"), {});
    const QString path = FileDialog::getSaveFileName(
        m_window, tr("Export scenario JSON"), QStringLiteral("kvtiers-scenario.json"), tr("JSON (*.json)"));
    if (path.isEmpty())
        return;
    reportExport(ChartExporter::exportScenarioJson(
                     path, m_controller->scenario(), m_controller->result(), m_controller->workloadId()),
        tr("Export scenario JSON"), path);
}

void ScenarioTab::exportTierTable()
{
    const QString what = tr("Export tier table");
    if (!m_controller->hasResult())
        return reportExport(tr("Nothing to export: the scenario does not evaluate."), what, {});
    const QString path = FileDialog::getSaveFileName(
        m_window, what, QStringLiteral("kvtiers-tier-table.csv"), tr("CSV, one row per tier (*.csv)"));
    if (!path.isEmpty())
        reportExport(exportTierTableCsv(path, m_controller->spec(), m_controller->scenario(), m_controller->result()),
            what, path);
}

void ScenarioTab::copyTierChart()
{
    if (!m_controller->hasResult())
        return;
    ExportOptions clip = m_exportOptions;
    clip.scale = 1.0;
    QGuiApplication::clipboard()->setImage(
        ChartExporter::renderTierChart(m_controller->scenario(), m_controller->result(), clip));
    emit message(tr("Copied the tier chart (%1 × %2) to the clipboard").arg(clip.width).arg(clip.height), 8000);
}

} // namespace kvtiers::ui
