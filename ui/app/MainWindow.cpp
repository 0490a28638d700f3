#include "ui/app/MainWindow.h"

#include "core/io/InputError.h"
#include "core/io/InputFile.h"
#include "core/io/Json.h"
#include "ui/app/FieldUndo.h"
#include "ui/app/Language.h"
#include "ui/charts/TierChart.h"
#include "ui/common/DisplayOptions.h"
#include "ui/dialogs/InputDialog.h"
#include "ui/dialogs/MessageBox.h"
#include "ui/dialogs/ModelImportDialog.h"
#include "ui/fleet/FleetDocument.h"
#include "ui/fleet/FleetView.h"
#include "ui/outlook/OutlookSupplyPanel.h"
#include "ui/outlook/OutlookView.h"
#include "ui/presets/CompareView.h"
#include "ui/presets/PresetPanel.h"
#include "ui/scenario/ControlsPanel.h"
#include "ui/scenario/HeadlinePanel.h"
#include "ui/scenario/ScenarioController.h"
#include "ui/scenario/ScenarioTab.h"
#include "ui/sensitivity/SensitivityDocument.h"
#include "ui/sensitivity/SensitivityView.h"
#include "ui/text/Translate.h"
#include "ui/text/UnitsText.h"
#include "ui/trace/LoadDocument.h"
#include "ui/trace/LoadView.h"
#include "ui/trace/TraceDocument.h"
#include "ui/trace/TraceView.h"
#include "ui/widgets/FieldFocus.h"

#include <QAbstractButton>
#include <QActionGroup>
#include <QCloseEvent>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QMessageBox>
#include <QMimeData>
#include <QRegularExpression>
#include <QResizeEvent>
#include <QSaveFile>
#include <QScreen>
#include <QScrollArea>
#include <QSplitter>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QUndoGroup>
#include <QUndoStack>
#include <QUrl>
#include <QVBoxLayout>

#include <cstdio>
#include <memory>

namespace kvtiers::ui {

namespace {
/// The version of the saved dock layout: 1 since the controls are a dock with the Presets
/// panel under them. A layout saved before (the Presets panel on the right) is not
/// restored, so the panel opens under the controls and takes no width from the charts.
constexpr int kWindowStateVersion = 1;
/// A window's client area shorter than this is on a 720-pixel screen.
constexpr int kShortClientHeight = 740;
} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
{
    setObjectName(QStringLiteral("mainWindow"));
    m_texts([this] { setWindowTitle(tr("kvtiers")); });
    setWindowIcon(QIcon(QStringLiteral(":/kvtiers/kvtiers.svg")));
    setAcceptDrops(true); // a config.json, a preset or a trace: openDroppedFile()
    m_controller = new ScenarioController(this);
    m_display = new DisplayOptions(this);
    m_scenarioTab = new ScenarioTab(m_controller, m_display, this);
    connect(m_scenarioTab, &ScenarioTab::message, this, &MainWindow::showStatus);
    buildLayout();
    statusBar()->setObjectName(QStringLiteral("statusBar"));

    buildPresets();
    buildMenus();
    m_scenarioTab->applyBannerTheme(palette());
    connect(m_controller, &ScenarioController::resultChanged, this, &MainWindow::updateTitle);
    connect(m_display, &DisplayOptions::unitsChanged, this, &MainWindow::unitsChanged);

    restoreSettings();
    FieldUndo::install(this);
    WheelOnlyWhenFocused::install(this);
    for (QUndoStack* stack : { m_controller->undoStack(), m_fleetDocument->undoStack() })
        followUndo(stack);
    if (!m_controller->catalogProblems().empty()) {
        QStringList lines;
        for (const InputError& e : m_controller->catalogProblems())
            lines << translated(e.message());
        statusBar()->showMessage(tr("Skipped unreadable card file(s): %1").arg(lines.join(QStringLiteral("; "))));
    }
}

MainWindow::~MainWindow()
{
    saveSettings();
}

void MainWindow::buildLayout()
{
    // The controls on the left, in a dock with no title bar that cannot be closed or
    // floated: the Presets panel docks under them, in the same column, so opening it takes
    // no width from the charts. On the right the error banner over the headline figures
    // and the tabs; the headline keeps its height, and every tab's page scrolls rather
    // than making the window taller than the screen.
    m_controlsDock = new QDockWidget(this);
    m_controlsDock->setObjectName(QStringLiteral("controlsDock"));
    m_controlsDock->setFeatures(QDockWidget::NoDockWidgetFeatures);
    m_controlsDock->setAllowedAreas(Qt::LeftDockWidgetArea | Qt::RightDockWidgetArea);
    m_controlsDock->setTitleBarWidget(new QWidget(m_controlsDock));
    m_controlsDock->setWidget(m_scenarioTab->controlsArea());
    addDockWidget(Qt::LeftDockWidgetArea, m_controlsDock);

    auto* right = new QWidget(this);
    right->setObjectName(QStringLiteral("viewArea"));
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 6, 0);
    rightLayout->addWidget(m_scenarioTab->banner());
    m_scenarioTab->headline()->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    rightLayout->addWidget(m_scenarioTab->headline());
    buildTabs(right);
    rightLayout->addWidget(m_viewTabs, 1);
    setCentralWidget(right);
}

void MainWindow::buildTabs(QWidget* parent)
{
    // The scenario's charts and table, the fleet view, the sensitivity view and the trace
    // view share the space under the headline figures.
    m_viewTabs = new QTabWidget(parent);
    m_viewTabs->setObjectName(QStringLiteral("viewTabs"));
    m_viewTabs->setDocumentMode(true);
    // Each view scrolls inside its tab, so its minimum size never forces the window wider
    // or taller than the screen.
    auto scrolled = [this](QWidget* page) {
        auto* area = new QScrollArea(m_viewTabs);
        area->setWidgetResizable(true);
        area->setFrameShape(QFrame::NoFrame);
        area->setWidget(page);
        return area;
    };
    m_fleetDocument = new FleetDocument(m_controller->catalog(), this);
    m_fleetView = new FleetView(m_fleetDocument);
    m_fleetView->setDisplayOptions(m_display);
    m_sensitivityDocument = new SensitivityDocument(this);
    m_sensitivityView = new SensitivityView(m_sensitivityDocument);
    m_sensitivityView->setDisplayOptions(m_display);
    // A request trace replayed against the scenario's tiers (read in the background).
    m_loadDocument = new LoadDocument(this);
    m_traceView = new TraceView(new TraceDocument(this), m_loadDocument);
    m_traceView->setObjectName(QStringLiteral("traceView"));
    m_traceView->setDisplayOptions(m_display);
    m_traceView->followScenario(m_controller);
    // Memory demand by year: an outlook's years sized as fleets.
    m_outlookView = new OutlookView(m_controller->catalog());
    m_tabPages = { scrolled(m_scenarioTab->page()), scrolled(m_fleetView), scrolled(m_sensitivityView),
        scrolled(m_traceView), scrolled(m_outlookView) };
    for (QWidget* page : m_tabPages)
        m_viewTabs->addTab(page, QString());
    m_texts([this] {
        m_viewTabs->setTabText(m_viewTabs->indexOf(tabPage(ViewTab::Scenario)), tr("Scenario"));
        m_viewTabs->setTabText(m_viewTabs->indexOf(tabPage(ViewTab::Fleet)), tr("Fleet"));
        m_viewTabs->setTabText(m_viewTabs->indexOf(tabPage(ViewTab::Sensitivity)), tr("Sensitivity"));
        m_viewTabs->setTabText(m_viewTabs->indexOf(tabPage(ViewTab::Trace)), tr("Trace"));
        m_viewTabs->setTabText(m_viewTabs->indexOf(tabPage(ViewTab::Outlook)), tr("Outlook"));
    });
    connect(m_outlookView, &OutlookView::message, this, [this](const QString& text) { showStatus(text, 10000); });
    connect(m_traceView, &TraceView::message, this, [this](const QString& text) { showStatus(text, 10000); });
    connect(m_fleetView, &FleetView::message, this, [this](const QString& text) { showStatus(text, 10000); });
    connect(m_sensitivityView, &SensitivityView::exported, this,
        [this](const QString& path) { showStatus(tr("Sensitivity: wrote %1").arg(path), 10000); });
    // The sensitivity document evaluates ~15 scenarios, and its Fleet scope sizes the Fleet
    // tab's mix ~17 times: only while its tab is shown.
    connect(m_controller, &ScenarioController::resultChanged, this, [this] {
        if (isShown(ViewTab::Sensitivity) && m_controller->hasResult())
            m_sensitivityDocument->setScenario(m_controller->scenario());
    });
    connect(m_fleetDocument, &FleetDocument::evaluated, this, [this] {
        if (isShown(ViewTab::Sensitivity))
            m_sensitivityDocument->setFleetInput(m_controller->catalog(), m_fleetDocument->fleetInput());
    });
    connect(m_viewTabs, &QTabWidget::currentChanged, this, &MainWindow::followCurrentTab);
    connect(m_traceView, &TraceView::shownViewChanged, this, &MainWindow::followCurrentTab);
}

bool MainWindow::isShown(ViewTab tab) const
{
    return m_viewTabs->currentWidget() == tabPage(tab);
}

void MainWindow::showTab(ViewTab tab)
{
    m_viewTabs->setCurrentWidget(tabPage(tab));
}

void MainWindow::followCurrentTab()
{
    if (isShown(ViewTab::Sensitivity)) {
        if (m_controller->hasResult())
            m_sensitivityDocument->setScenario(m_controller->scenario());
        m_sensitivityDocument->setFleetInput(m_controller->catalog(), m_fleetDocument->fleetInput());
    }
    // The scenario's figures and warnings above the tabs that use the scenario only: the
    // Fleet and Outlook tabs size mixes of their own, and on a 720-pixel screen the headline
    // took a third of the height their charts need.
    m_scenarioTab->headline()->setVisible(!isShown(ViewTab::Fleet) && !isShown(ViewTab::Outlook));
    // Ctrl+Z on the Fleet tab undoes the last Fleet edit; elsewhere the last scenario edit.
    if (m_undoGroup)
        m_undoGroup->setActiveStack(isShown(ViewTab::Fleet)           ? m_fleetView->undoStack()
                : isShown(ViewTab::Outlook)                           ? m_outlookView->document()->undoStack()
                : isShown(ViewTab::Trace) && m_traceView->showsLoad() ? m_loadDocument->undoStack()
                                                                      : m_controller->undoStack());
}

TierTableModel* MainWindow::tierTableModel() const
{
    return m_scenarioTab->tableModel();
}

void MainWindow::buildPresets()
{
    // Presets: a dock on the right, toggled from the View menu.
    m_presetDock = new QDockWidget(this);
    QDockWidget* dock = m_presetDock;
    m_texts([dock] { dock->setWindowTitle(tr("Presets")); });
    dock->setObjectName(QStringLiteral("presetDock"));
    m_presetPanel = new PresetPanel(m_controller, dock);
    dock->setWidget(m_presetPanel);
    addDockWidget(Qt::LeftDockWidgetArea, dock);
    splitDockWidget(m_controlsDock, dock, Qt::Vertical);
    // Hidden until asked for (View > Presets panel, or any preset action): the charts
    // need the width. The window state restores it as the user left it.
    dock->hide();
    m_compareView = new CompareView(&m_presetPanel->store(), &m_controller->catalog(), this);
    m_compareView->setExportOptions(m_exportOptions);
    m_compareView->setDisplayOptions(m_display);
    connect(m_presetPanel, &PresetPanel::message, this, [this](const QString& text) { showStatus(text, 10000); });
    connect(m_compareView, &CompareView::message, this, [this](const QString& text) { showStatus(text, 10000); });
    connect(m_presetPanel, &PresetPanel::presetsChanged, m_compareView, &CompareView::refresh);
    connect(m_presetPanel, &PresetPanel::compareRequested, this, [this] {
        m_compareView->show();
        m_compareView->raise();
    });
    connect(m_presetPanel, &PresetPanel::message, dock, [dock] {
        if (!dock->isVisible())
            dock->show();
    });
    if (!m_presetPanel->store().problems().empty()) {
        const QStringList& lines = m_presetPanel->problemTexts();
        statusBar()->showMessage(tr("Skipped unreadable preset file(s): %1").arg(lines.join(QStringLiteral("; "))));
        // After the window state is restored: unreadable files are never hidden away.
        QTimer::singleShot(0, dock, [dock] { dock->show(); });
    }
}

void MainWindow::followUndo(QUndoStack* stack)
{
    // The status bar said what the undone step did ("From trace.jsonl: reuse ceiling…"):
    // an undo or redo says what it took back or did again instead. A new step pushed
    // also moves the index, but it grows the count, and says its own message.
    auto last = std::make_shared<std::pair<int, int>>(stack->index(), stack->count());
    connect(stack, &QUndoStack::indexChanged, this, [this, stack, last](int index) {
        const auto [before, count] = *last;
        *last = { index, stack->count() };
        if (stack->count() != count)
            return;
        if (index < before)
            showStatus(tr("Undone: %1").arg(stack->text(index)), 8000);
        else if (index > before)
            showStatus(tr("Redone: %1").arg(stack->text(index - 1)), 8000);
    });
}

void MainWindow::showStatus(const QString& text, int timeoutMs)
{
    if (text.isEmpty())
        statusBar()->clearMessage();
    else
        statusBar()->showMessage(text, timeoutMs);
}

void MainWindow::switchLanguage(const QString& setting)
{
    m_settings.setLanguage(setting);
    m_settings.sync();
    for (QAction* a : m_languageActions->actions()) // also when called other than from the menu
        a->setChecked(a->data().toString() == setting);
    if (resolvedLanguage(setting) == installedLanguage())
        return;
    installTranslator(setting);
    // Qt posts LanguageChange to each window; deliver it now, so every widget (this one
    // first, then its children) has retranslated itself when the menu action returns.
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
}

void MainWindow::retranslateUi()
{
    m_texts.retranslate();
    m_scenarioTab->retranslateUi();
    updateTitle(); // after the bare title set above
}

void MainWindow::updateTitle()
{
    if (!m_controller->hasResult())
        return;
    const Scenario& s = m_controller->scenario();
    setWindowTitle(tr("kvtiers: %1 on %2").arg(qs(s.model.name), qs(s.hardware.name)));
}

void MainWindow::resizeEvent(QResizeEvent* event)
{
    QMainWindow::resizeEvent(event);
    // On a 720-pixel screen (a client area under 740 px) the per-token formula folds into
    // its figure's tooltip, so the Trace tab's charts keep their height without scrolling.
    m_scenarioTab->headline()->setFormulaShown(event->size().height() >= kShortClientHeight);
}

void MainWindow::changeEvent(QEvent* event)
{
    QMainWindow::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        m_scenarioTab->applyBannerTheme(palette());
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
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
        // A laptop's screen (1280 × 800, 1366 × 768, 1920 × 1080 at 150%) is used whole
        // from the first start; tests size their windows themselves.
        if ((avail.width() < 1600 || avail.height() < 1000) && !QStandardPaths::isTestModeEnabled())
            setWindowState(windowState() | Qt::WindowMaximized);
    }
    if (!restoreState(m_settings.windowState(), kWindowStateVersion))
        resizeDocks({ m_controlsDock }, { m_scenarioTab->controlsArea()->minimumWidth() + 4 }, Qt::Horizontal);
    m_scenarioTab->restorePageState(m_settings.scenarioSplitterState());
    if (!m_scenarioTab->charts()->restoreState(m_settings.chartSplitterState()))
        m_scenarioTab->charts()->setSizes({ 600, 600 });
    if (auto spec = m_settings.lastScenario())
        m_controller->setInput(*spec);
    QStringList problems = m_fleetView->restoreSession(m_settings.fleetSession());
    problems << m_loadDocument->restoreSession(m_settings.loadSession());
    if (!problems.isEmpty())
        statusBar()->showMessage(problems.join(QStringLiteral("; ")), 15000);
    m_display->load(m_settings);
    m_advancedAction->setChecked(m_settings.advancedExpanded());
    if (const QString states = qEnvironmentVariable("KVTIERS_WINDOW_STATES"); !states.isEmpty())
        QTimer::singleShot(0, this, [this, states] { enterStates(states.split(u',', Qt::SkipEmptyParts)); });
}

void MainWindow::enterStates(QStringList states)
{
    // Each state in turn, once the one before has settled; after each, a line on stderr
    // (scripts/check-window reads it to look at the window under a real window manager).
    if (states.isEmpty())
        return;
    const QString state = states.takeFirst();
    auto next = [this, state, states] {
        QTimer::singleShot(700, this, [this, state, states] {
            const QSize min = minimumSizeHint().expandedTo(minimumSize());
            std::fprintf(stderr, "kvtiers-window-state %s min %dx%d size %dx%d maximized %d\n", qPrintable(state),
                min.width(), min.height(), width(), height(), isMaximized() ? 1 : 0);
            std::fflush(stderr);
            enterStates(states);
        });
    };
    if (state == QLatin1String("presets")) {
        m_presetDock->show();
    } else if (state == QLatin1String("warnings")) {
        ScenarioSpec spec = m_controller->spec();
        spec.model = "kimi-k2"; // four warnings on an H200 server (the GUI walk's case)
        spec.hardware = "h200-sxm";
        m_controller->edit(spec, QStringLiteral("Kimi K2"));
    } else if (state == QLatin1String("ko") || state == QLatin1String("en")) {
        switchLanguage(state);
    } else if (state.startsWith(QLatin1String("workload="))) {
        ScenarioSpec spec; // a built-in workload card by id, as the workload pick sets it
        spec.workload = state.mid(9).toStdString();
        m_controller->edit(spec, state.mid(9));
    } else if (state == QLatin1String("advanced")) {
        m_scenarioTab->controls()->setAdvancedExpanded(true);
    } else if (state.startsWith(QLatin1String("tab="))) {
        const QStringList names = { QStringLiteral("scenario"), QStringLiteral("fleet"), QStringLiteral("sensitivity"),
            QStringLiteral("trace"), QStringLiteral("outlook") };
        m_viewTabs->setCurrentIndex(std::max(0, static_cast<int>(names.indexOf(state.mid(4)))));
    } else if (state.startsWith(QLatin1String("fleet=split"))) {
        showSplitFleet(state.endsWith(QLatin1String(":decode")));
    } else if (state.startsWith(QLatin1String("outlook="))) {
        m_outlookView->showOutlook(state.mid(8).toStdString()); // a built-in outlook by id
    } else if (state.startsWith(QLatin1String("outlookpage="))) {
        m_outlookView->chartTabs()->setCurrentIndex(state.mid(12).toInt()); // one of its chart pages
    } else if (state.startsWith(QLatin1String("supplyview="))) {
        m_outlookView->supplyPanel()->viewToggle()->setCurrentIndex(state.mid(11).toInt()); // tiers or generations
    } else if (state.startsWith(QLatin1String("loadinput="))) {
        // "loadinput=KEY:TEXT": typed into the Under load view's field of option KEY.
        const QString input = state.mid(10);
        const qsizetype colon = input.indexOf(u':');
        m_traceView->loadView()->typeInto(qPrintable(input.left(colon)), input.mid(colon + 1));
    } else if (state == QLatin1String("load") || state.startsWith(QLatin1String("load="))) {
        // The Under load view replayed (after "trace=PATH"); "load=P+D" with prefill and
        // decode split into P and D replicas.
        showTab(ViewTab::Trace);
        m_traceView->showLoad();
        LoadView* load = m_traceView->loadView();
        if (const QStringList split = state.mid(5).split(u'+'); split.size() == 2)
            load->setSplit(split[0].toInt(), split[1].toInt());
        auto* once = new QObject(this);
        connect(load, &LoadView::finished, once, [once, next] {
            delete once;
            next();
        });
        load->run();
        return;
    } else if (state.startsWith(QLatin1String("trace="))) {
        // Reads the trace, then presses "Use this trace".
        showTab(ViewTab::Trace);
        auto* once = new QObject(this);
        connect(m_traceView, &TraceView::finished, once, [this, once, next](bool ok) {
            delete once;
            if (auto* use = m_traceView->findChild<QAbstractButton*>(QStringLiteral("traceUseButton")); ok && use)
                use->click();
            next();
        });
        m_traceView->openFile(state.mid(6));
        return;
    }
    next();
}

void MainWindow::showSplitFleet(bool cacheAtDecode)
{
    showTab(ViewTab::Fleet);
    DisaggregatedLayout layout;
    if (cacheAtDecode)
        layout.cacheAt = PrefixCacheAt::Decode;
    m_fleetView->setLayout(layout);
}

void MainWindow::saveSettings()
{
    m_settings.setWindowGeometry(saveGeometry());
    m_settings.setWindowState(saveState(kWindowStateVersion));
    m_settings.setScenarioSplitterState(m_scenarioTab->page()->saveState());
    m_settings.setChartSplitterState(m_scenarioTab->charts()->saveState());
    m_settings.setLastScenario(m_controller->spec());
    m_settings.setFleetSession(m_fleetView->sessionText());
    m_settings.setLoadSession(m_loadDocument->sessionText());
    m_display->save(m_settings);
    m_settings.setAdvancedExpanded(m_scenarioTab->controls()->advancedExpanded());
    m_settings.sync();
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    saveSettings();
    QMainWindow::closeEvent(event);
}

void MainWindow::setExportOptions(const ExportOptions& options)
{
    m_exportOptions = options;
    m_exportOptions.units = m_scenarioTab->tierChart()->units(); // exports show bytes as the charts do
    m_scenarioTab->setExportOptions(m_exportOptions);
    m_compareView->setExportOptions(m_exportOptions);
    m_fleetView->setExportOptions(m_exportOptions);
    m_sensitivityView->setExportOptions(m_exportOptions);
}

void MainWindow::setUnits(ByteUnits units)
{
    m_display->setUnits(units);
}

void MainWindow::unitsChanged(ByteUnits units)
{
    // The views holding DisplayOptions re-word their own results and relabel their charts
    // (no evaluation); here the setting, and the exports, which follow the charts.
    m_settings.setDisplayUnits(units);
    setExportOptions(m_exportOptions);
}

void MainWindow::chooseExportSize()
{
    const QString current
        = QStringLiteral("%1x%2@%3").arg(m_exportOptions.width).arg(m_exportOptions.height).arg(m_exportOptions.scale);
    const auto answer = InputDialog::getText(this, tr("Export size"),
        tr("Chart size and scale as WIDTHxHEIGHT@SCALE (e.g. 1600x900@2 gives a 3200 × 1800 px PNG):"), current);
    if (!answer)
        return;
    static const QRegularExpression re(QStringLiteral("^\\s*(\\d+)\\s*[x×]\\s*(\\d+)\\s*(?:@\\s*([0-9.]+))?\\s*$"));
    const auto m = re.match(*answer);
    ExportOptions o;
    bool ok = m.hasMatch();
    if (ok) {
        o.width = m.captured(1).toInt();
        o.height = m.captured(2).toInt();
        o.scale = m.captured(3).isEmpty() ? 1.0 : m.captured(3).toDouble(&ok);
    }
    if (!ok || o.width < 16 || o.height < 16 || o.width > 20000 || o.height > 20000 || o.scale < 0.25 || o.scale > 8) {
        const QString msg
            = tr("Export size \"%1\": use WIDTHxHEIGHT@SCALE, 16 to 20000 pixels, scale 0.25 to 8").arg(*answer);
        statusBar()->showMessage(msg, 10000);
        MessageBox::warning(this, tr("Export size"), msg);
        return;
    }
    setExportOptions(o);
    statusBar()->showMessage(tr("Charts export at %1 × %2, scale %3").arg(o.width).arg(o.height).arg(o.scale), 8000);
}

void MainWindow::importModelConfigFile(const QString& configPath)
{
    ModelImportDialog dialog(this);
    dialog.setUnits(m_display->units());
    {
        std::vector<std::pair<std::string, std::string>> builtin;
        for (const auto& [id, card] : controller()->catalog().models())
            builtin.emplace_back(id, card.name);
        dialog.setBuiltinModels(std::move(builtin));
    }
    if (!configPath.isEmpty())
        dialog.loadFile(configPath);
    if (dialog.exec() != QDialog::Accepted || !dialog.card())
        return;
    // The imported card is kept in the user's card folder, which the catalog reads at
    // start-up: it stays in the model picker, under its id, after a restart.
    const ModelCard& card = *dialog.card();
    const QString dir = QString::fromStdString(CardCatalog::userCardDirectory());
    const QString path = dir + QStringLiteral("/") + QString::fromStdString(card.id) + QStringLiteral(".json");
    QSaveFile file(path);
    const std::string text = card.toJson().dump(2) + "\n";
    if (!QDir().mkpath(dir) || !file.open(QIODevice::WriteOnly)
        || file.write(text.data(), static_cast<qint64>(text.size())) != static_cast<qint64>(text.size())
        || !file.commit()) {
        MessageBox::warning(this, tr("Import config.json"),
            tr("The imported model could not be saved to %1: %2").arg(path, file.errorString()));
        return;
    }
    try {
        m_controller->addUserCard(CardKind::Model, text, path.toStdString());
    } catch (const InputError& e) {
        MessageBox::warning(this, tr("Import config.json"), translated(e.message()));
        return;
    }
    ScenarioSpec spec = m_controller->spec();
    const bool sameCard = spec.model == card.id;
    spec.model = card.id;
    m_controller->edit(spec, tr("Import %1").arg(QString::fromStdString(card.name)));
    if (sameCard)
        m_controller->refresh(); // the card in use was replaced: evaluate it again
    statusBar()->showMessage(tr("Imported %1 (saved as %2)").arg(QString::fromStdString(card.name), path), 8000);
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.size() == 1 && urls.front().isLocalFile())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.size() != 1 || !urls.front().isLocalFile())
        return;
    event->acceptProposedAction();
    // After the drop returns: the import dialog is modal, and the drag source waits.
    const QString path = urls.front().toLocalFile();
    QTimer::singleShot(0, this, [this, path] { openDroppedFile(path); });
}

bool MainWindow::openDroppedFile(const QString& path)
{
    const QString what = tr("Open %1").arg(QFileInfo(path).fileName());
    try {
        regularFileSize(path.toStdString());
    } catch (const InputError& e) {
        statusBar()->showMessage(translated(e.message()), 10000);
        return false;
    }
    if (!path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive)) {
        showTab(ViewTab::Trace);
        m_traceView->openFile(path);
        return true;
    }
    // A JSON object says what it is: a preset names its schema, a config.json its
    // architecture. Reading one here only to look; the importer reads it again and
    // reports its own errors with line and field.
    QFile file(path);
    const Json json = file.open(QIODevice::ReadOnly) && file.size() < 64 * 1024 * 1024
        ? Json::parse(file.readAll().toStdString(), nullptr, false)
        : Json();
    if (json.is_object() && json.value("schema", "") == "kvtiers-preset") {
        m_presetDock->show();
        m_presetPanel->importPath(path);
        return true;
    }
    if (json.is_object()
        && (json.contains("model_type") || json.contains("architectures") || json.contains("num_hidden_layers")
            || json.contains("text_config"))) {
        importModelConfigFile(path);
        return true;
    }
    statusBar()->showMessage(
        tr("%1: not a Hugging Face config.json nor a kvtiers preset (a trace is JSON Lines, one request per line)")
            .arg(path),
        10000);
    MessageBox::warning(this, what,
        tr("%1 is not a Hugging Face config.json nor a kvtiers preset. Request traces are JSON Lines files "
           "(.jsonl), one request per line.")
            .arg(path));
    return false;
}

} // namespace kvtiers::ui
