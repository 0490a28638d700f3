#include "MainWindow.h"

#include "ControlsPanel.h"
#include "HeadlinePanel.h"
#include "ScenarioController.h"
#include "SweepChart.h"
#include "TierChart.h"
#include "TierTableModel.h"
#include "UnitsText.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QHeaderView>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QScrollArea>
#include <QSplitter>
#include <QStatusBar>
#include <QTableView>
#include <QUndoStack>
#include <QVBoxLayout>

namespace kvtiers::ui {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("kvtiers"));
    setWindowIcon(QIcon(QStringLiteral(":/kvtiers/kvtiers.svg")));
    m_controller = new ScenarioController(this);

    m_mainSplitter = new QSplitter(Qt::Horizontal, this);
    m_mainSplitter->setObjectName(QStringLiteral("mainSplitter"));
    m_mainSplitter->setChildrenCollapsible(false);

    auto* scroll = new QScrollArea(m_mainSplitter);
    scroll->setObjectName(QStringLiteral("controlsScroll"));
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_controls = new ControlsPanel(m_controller, scroll);
    m_controls->setObjectName(QStringLiteral("controlsPanel"));
    scroll->setWidget(m_controls);
    scroll->setMinimumWidth(m_controls->minimumSizeHint().width() + 16);
    m_mainSplitter->addWidget(scroll);

    auto* right = new QWidget(m_mainSplitter);
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 6, 0);
    m_banner = new QLabel(right);
    m_banner->setObjectName(QStringLiteral("errorBanner"));
    m_banner->setWordWrap(true);
    m_banner->setAutoFillBackground(true);
    m_banner->setMargin(6);
    m_banner->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_banner->setVisible(false);
    rightLayout->addWidget(m_banner);

    m_viewSplitter = new QSplitter(Qt::Vertical, right);
    m_viewSplitter->setObjectName(QStringLiteral("viewSplitter"));
    m_viewSplitter->setChildrenCollapsible(false);
    m_headline = new HeadlinePanel(m_viewSplitter);
    m_headline->setObjectName(QStringLiteral("headlinePanel"));
    m_viewSplitter->addWidget(m_headline);

    m_chartSplitter = new QSplitter(Qt::Horizontal, m_viewSplitter);
    m_chartSplitter->setObjectName(QStringLiteral("chartSplitter"));
    m_chartSplitter->setChildrenCollapsible(false);
    m_tierChart = new TierChart(m_chartSplitter);
    m_tierChart->setObjectName(QStringLiteral("tierChart"));
    m_sweepChart = new SweepChart(m_chartSplitter);
    m_sweepChart->setObjectName(QStringLiteral("sweepChart"));
    m_chartSplitter->addWidget(m_tierChart);
    m_chartSplitter->addWidget(m_sweepChart);
    m_viewSplitter->addWidget(m_chartSplitter);

    auto* tableBox = new QWidget(m_viewSplitter);
    m_tableBox = tableBox;
    auto* tableLayout = new QVBoxLayout(tableBox);
    tableLayout->setContentsMargins(0, 0, 0, 0);
    m_tableCaption = new QLabel(tr("<b>The article's tier table</b>, with this scenario's bytes and times. "
                                   "Highlighted: the rows whose condition this scenario meets (hover for why)."),
        tableBox);
    m_tableCaption->setWordWrap(true);
    tableLayout->addWidget(m_tableCaption);
    m_tableModel = new TierTableModel(this);
    m_tableView = new QTableView(tableBox);
    m_tableView->setObjectName(QStringLiteral("tierTable"));
    m_tableView->setModel(m_tableModel);
    m_tableView->setWordWrap(true);
    m_tableView->setSelectionMode(QAbstractItemView::NoSelection);
    m_tableView->setFocusPolicy(Qt::NoFocus);
    m_tableView->verticalHeader()->setVisible(false);
    m_tableView->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    auto* header = m_tableView->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::ResizeToContents);
    for (int c : { TierTableModel::LivesThereColumn, TierTableModel::DemandGrowsColumn, TierTableModel::LimitColumn,
             TierTableModel::RestoreColumn })
        header->setSectionResizeMode(c, QHeaderView::Stretch);
    tableLayout->addWidget(m_tableView);
    tableLayout->addStretch(1);
    m_viewSplitter->addWidget(tableBox);
    m_viewSplitter->setStretchFactor(0, 0);
    m_viewSplitter->setStretchFactor(1, 1);
    m_viewSplitter->setStretchFactor(2, 0);

    rightLayout->addWidget(m_viewSplitter, 1);
    m_mainSplitter->addWidget(right);
    m_mainSplitter->setStretchFactor(0, 0);
    m_mainSplitter->setStretchFactor(1, 1);
    setCentralWidget(m_mainSplitter);
    statusBar()->setObjectName(QStringLiteral("statusBar"));

    buildMenus();
    applyBannerTheme();

    connect(m_controller, &ScenarioController::resultChanged, this, &MainWindow::updateViews);
    connect(m_controller, &ScenarioController::errorChanged, this, &MainWindow::showError);
    connect(m_controls, &ControlsPanel::inputRejected, this,
        [this](const QString& message) { statusBar()->showMessage(message, 8000); });
    connect(m_tierChart, &TierChart::scopeChanged, this, [this](TierScope scope) {
        m_sweepChart->setScope(scope);
        m_tableModel->setScope(scope);
        m_scopeActions->actions().at(static_cast<int>(scope))->setChecked(true);
    });
    connect(m_sweepChart, &SweepChart::axisChanged, this, [this](SweepAxis axis) {
        m_controller->setSweepAxis(axis);
        m_axisActions->actions().at(static_cast<int>(axis))->setChecked(true);
    });

    restoreSettings();
}

MainWindow::~MainWindow()
{
    saveSettings();
}

void MainWindow::buildMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    // Export and presets will join here (separate issues).
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setObjectName(QStringLiteral("quitAction"));
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = m_controller->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setObjectName(QStringLiteral("undoAction"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = m_controller->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setObjectName(QStringLiteral("redoAction"));
    redo->setShortcuts(QKeySequence::Redo);
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    QAction* reset
        = edit->addAction(tr("Reset to &article defaults"), m_controller, &ScenarioController::resetToArticle);
    reset->setObjectName(QStringLiteral("resetAction"));
    reset->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    reset->setStatusTip(tr("Llama 3.1 70B, 128K context × 10 sequences, FP16 KV, one 8 × H200 server, no reuse."));

    QMenu* view = menuBar()->addMenu(tr("&View"));
    m_scopeActions = new QActionGroup(this);
    const std::array<QString, 3> scopeTexts
        = { tr("Bytes per &GPU"), tr("Bytes per &replica"), tr("Bytes per &server") };
    for (int i = 0; i < 3; ++i) {
        QAction* a = view->addAction(scopeTexts[static_cast<size_t>(i)]);
        a->setCheckable(true);
        a->setShortcut(QKeySequence(Qt::CTRL | static_cast<Qt::Key>(Qt::Key_1 + i)));
        m_scopeActions->addAction(a);
        connect(a, &QAction::triggered, this, [this, i] { m_tierChart->setScope(static_cast<TierScope>(i)); });
    }
    m_scopeActions->actions().at(static_cast<int>(m_tierChart->scope()))->setChecked(true);
    view->addSeparator();
    m_axisActions = new QActionGroup(this);
    const std::array<QString, 2> axisTexts = { tr("Sweep against &context"), tr("Sweep against c&oncurrency") };
    for (int i = 0; i < 2; ++i) {
        QAction* a = view->addAction(axisTexts[static_cast<size_t>(i)]);
        a->setCheckable(true);
        a->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | static_cast<Qt::Key>(Qt::Key_1 + i)));
        m_axisActions->addAction(a);
        connect(a, &QAction::triggered, this, [this, i] { m_sweepChart->setAxis(static_cast<SweepAxis>(i)); });
    }
    m_axisActions->actions().at(0)->setChecked(true);
    view->addSeparator();
    m_advancedAction = view->addAction(tr("&Advanced controls"));
    m_advancedAction->setCheckable(true);
    m_advancedAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A));
    connect(m_advancedAction, &QAction::toggled, m_controls, &ControlsPanel::setAdvancedExpanded);
    connect(m_controls, &ControlsPanel::advancedExpandedChanged, m_advancedAction, &QAction::setChecked);
    QAction* full = view->addAction(tr("&Full screen"));
    full->setCheckable(true);
    full->setShortcut(QKeySequence::FullScreen);
    connect(full, &QAction::toggled, this, [this](bool on) { on ? showFullScreen() : showNormal(); });

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    QAction* about = help->addAction(tr("&About kvtiers"), this, &MainWindow::showAbout);
    about->setObjectName(QStringLiteral("aboutAction"));
    about->setShortcut(QKeySequence::HelpContents);
    about->setMenuRole(QAction::AboutRole);
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt)->setMenuRole(QAction::AboutQtRole);
}

void MainWindow::updateViews()
{
    const Scenario& s = m_controller->scenario();
    const EvalResult& r = m_controller->result();
    m_headline->setResult(s, r);
    m_tierChart->setResult(s, r);
    m_sweepChart->setResult(s, r, m_controller->sweepResult());
    m_tableModel->setResult(s, r);
    fitTableHeight();
    setWindowTitle(tr("kvtiers: %1 on %2").arg(qs(s.model.name), qs(s.hardware.name)));
}

void MainWindow::fitTableHeight()
{
    // The table has three rows: give it exactly their height, the charts get the rest.
    m_tableView->resizeRowsToContents();
    int height = m_tableView->horizontalHeader()->height() + 2 * m_tableView->frameWidth();
    for (int row = 0; row < m_tableModel->rowCount(); ++row)
        height += m_tableView->rowHeight(row);
    m_tableView->setFixedHeight(height);
    const int spacing = m_tableBox->layout()->spacing();
    m_tableBox->setMaximumHeight(m_tableCaption->heightForWidth(m_tableBox->width()) + spacing + height);
}

void MainWindow::showError(const QString& message)
{
    m_banner->setText(message.isEmpty() ? QString() : tr("This scenario cannot be evaluated: %1").arg(message));
    m_banner->setVisible(!message.isEmpty());
    if (message.isEmpty())
        statusBar()->clearMessage();
    else
        statusBar()->showMessage(message);
}

void MainWindow::applyBannerTheme()
{
    // An error must stand out in any theme: a red tint chosen against the window colour.
    const bool dark = palette().color(QPalette::Window).lightnessF() < 0.5;
    QPalette pal = m_banner->palette();
    pal.setColor(QPalette::Window, dark ? QColor(0x5c, 0x1a, 0x1a) : QColor(0xfd, 0xe7, 0xe9));
    pal.setColor(QPalette::WindowText, dark ? QColor(0xff, 0xd7, 0xd7) : QColor(0x5c, 0x00, 0x11));
    m_banner->setPalette(pal);
}

void MainWindow::changeEvent(QEvent* event)
{
    QMainWindow::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyBannerTheme();
}

void MainWindow::showAbout()
{
    auto sourceList = [](const std::vector<Source>& sources) {
        QString html;
        for (const auto& src : sources) {
            html += QStringLiteral("<li>%1").arg(qs(src.title).toHtmlEscaped());
            if (!src.url.empty() && src.url.rfind("http", 0) == 0)
                html += QStringLiteral(" <a href=\"%1\">%1</a>").arg(qs(src.url).toHtmlEscaped());
            html += QStringLiteral("</li>");
        }
        return html;
    };
    QString text = tr("<h3>kvtiers %1</h3><p>How much HBM, server DRAM and SSD an LLM inference deployment "
                      "needs: the KV working set and its reuse, not the token count, decide memory demand.</p>")
                       .arg(QStringLiteral(KVTIERS_VERSION));
    text += tr("<p><b>Sources named by the article</b></p><ul><li>Meta Llama 3.1 model specification</li>"
               "<li>NVIDIA TensorRT-LLM KV cache reuse and offloading documentation</li>"
               "<li>The Mooncake paper</li><li>The FlexGen paper</li><li>The DeepSeek-V2 paper</li>"
               "<li>The vLLM PagedAttention paper</li></ul>");
    if (m_controller->hasResult()) {
        const Scenario& s = m_controller->scenario();
        text += tr("<p><b>This scenario's cards</b></p><p>%1</p><ul>%2</ul><p>%3</p><ul>%4</ul>")
                    .arg(qs(s.model.name).toHtmlEscaped(), sourceList(s.model.sources),
                        qs(s.hardware.name).toHtmlEscaped(), sourceList(s.hardware.sources));
        const auto& workloads = m_controller->catalog().workloads();
        if (auto it = workloads.find(m_controller->workloadId()); it != workloads.end())
            text += tr("<p>%1</p><ul>%2</ul>").arg(qs(it->second.name).toHtmlEscaped(), sourceList(it->second.sources));
    }
    QMessageBox::about(this, tr("About kvtiers"), text);
}

void MainWindow::restoreSettings()
{
    if (!restoreGeometry(m_settings.windowGeometry())) {
        const QRect avail = screen() ? screen()->availableGeometry() : QRect(0, 0, 1600, 1000);
        resize(std::min(1600, avail.width() * 9 / 10), std::min(1000, avail.height() * 9 / 10));
    }
    restoreState(m_settings.windowState());
    if (!m_mainSplitter->restoreState(m_settings.mainSplitterState()))
        m_mainSplitter->setSizes({ m_controls->minimumSizeHint().width() + 20, 1200 });
    if (!m_viewSplitter->restoreState(m_settings.viewSplitterState()))
        m_viewSplitter->setSizes({ 150, 620, 180 });
    if (!m_chartSplitter->restoreState(m_settings.chartSplitterState()))
        m_chartSplitter->setSizes({ 600, 600 });
    if (auto spec = m_settings.lastScenario())
        m_controller->applySpec(*spec);
    const int scope = m_settings.tierScope();
    if (scope >= 0 && scope <= 2)
        m_tierChart->setScope(static_cast<TierScope>(scope));
    const int axis = m_settings.sweepAxis();
    if (axis == 0 || axis == 1)
        m_sweepChart->setAxis(static_cast<SweepAxis>(axis));
    m_advancedAction->setChecked(m_settings.advancedExpanded());
}

void MainWindow::saveSettings()
{
    m_settings.setWindowGeometry(saveGeometry());
    m_settings.setWindowState(saveState());
    m_settings.setMainSplitterState(m_mainSplitter->saveState());
    m_settings.setViewSplitterState(m_viewSplitter->saveState());
    m_settings.setChartSplitterState(m_chartSplitter->saveState());
    m_settings.setLastScenario(m_controller->spec());
    m_settings.setTierScope(static_cast<int>(m_tierChart->scope()));
    m_settings.setSweepAxis(static_cast<int>(m_sweepChart->axis()));
    m_settings.setAdvancedExpanded(m_controls->advancedExpanded());
    m_settings.sync();
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    saveSettings();
    QMainWindow::closeEvent(event);
}

} // namespace kvtiers::ui
