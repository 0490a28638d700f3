#include "ui/app/MainWindow.h"

#include "core/io/InputError.h"
#include "core/io/InputFile.h"
#include "core/io/Json.h"
#include "ui/app/FieldUndo.h"
#include "ui/app/Language.h"
#include "ui/charts/CompareChart.h"
#include "ui/charts/SweepChart.h"
#include "ui/charts/TierChart.h"
#include "ui/charts/TraceChart.h"
#include "ui/common/DisplayOptions.h"
#include "ui/dialogs/FileDialog.h"
#include "ui/dialogs/InputDialog.h"
#include "ui/dialogs/MessageBox.h"
#include "ui/dialogs/ModelHelpDialog.h"
#include "ui/dialogs/ModelImportDialog.h"
#include "ui/dialogs/VllmCheckDialog.h"
#include "ui/export/TierTableExport.h"
#include "ui/fleet/FleetView.h"
#include "ui/presets/CompareView.h"
#include "ui/presets/PresetPanel.h"
#include "ui/scenario/ControlsPanel.h"
#include "ui/scenario/HeadlinePanel.h"
#include "ui/scenario/ScenarioController.h"
#include "ui/scenario/TierTableModel.h"
#include "ui/scenario/WrappingHeaderView.h"
#include "ui/sensitivity/SensitivityView.h"
#include "ui/text/Translate.h"
#include "ui/text/UnitsText.h"
#include "ui/trace/TraceView.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QRegularExpression>
#include <QSaveFile>
#include <QScreen>
#include <QScrollArea>
#include <QSplitter>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QUndoGroup>
#include <QUndoStack>
#include <QUrl>
#include <QVBoxLayout>

#include <tuple>

namespace kvtiers::ui {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
{
    setObjectName(QStringLiteral("mainWindow"));
    m_texts([this] { setWindowTitle(tr("kvtiers")); });
    setWindowIcon(QIcon(QStringLiteral(":/kvtiers/kvtiers.svg")));
    setAcceptDrops(true); // a config.json, a preset or a trace: openDroppedFile()
    m_controller = new ScenarioController(this);
    m_display = new DisplayOptions(this);

    m_mainSplitter = new QSplitter(Qt::Horizontal, this);
    m_mainSplitter->setObjectName(QStringLiteral("mainSplitter"));
    m_mainSplitter->setChildrenCollapsible(false);

    auto* scroll = new QScrollArea(m_mainSplitter);
    scroll->setObjectName(QStringLiteral("controlsScroll"));
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_controls = new ControlsPanel(m_controller, scroll);
    m_controls->setDisplayOptions(m_display);
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
    m_headline->setDisplayOptions(m_display);
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
    // The scenario's charts, the fleet view and the sensitivity view share the space
    // under the headline figures.
    m_viewTabs = new QTabWidget(m_viewSplitter);
    m_viewTabs->setObjectName(QStringLiteral("viewTabs"));
    m_viewTabs->setDocumentMode(true);
    m_viewTabs->addTab(m_chartSplitter, QString());
    // Each view scrolls inside its tab, so its minimum size never forces the window wider.
    auto scrolled = [this](QWidget* page) {
        auto* area = new QScrollArea(m_viewTabs);
        area->setWidgetResizable(true);
        area->setFrameShape(QFrame::NoFrame);
        area->setWidget(page);
        return area;
    };
    m_fleetView = new FleetView(m_controller->catalog());
    m_fleetView->setDisplayOptions(m_display);
    m_viewTabs->addTab(scrolled(m_fleetView), QString());
    m_sensitivityView = new SensitivityView;
    m_sensitivityView->setDisplayOptions(m_display);
    m_viewTabs->addTab(scrolled(m_sensitivityView), QString());
    // A request trace replayed against the scenario's tiers (read in the background).
    m_traceView = new TraceView;
    m_traceView->setObjectName(QStringLiteral("traceView"));
    m_traceView->setDisplayOptions(m_display);
    m_viewTabs->addTab(scrolled(m_traceView), QString());
    m_texts([this] {
        m_viewTabs->setTabText(0, tr("Scenario"));
        m_viewTabs->setTabText(1, tr("Fleet"));
        m_viewTabs->setTabText(2, tr("Sensitivity"));
        m_viewTabs->setTabText(3, tr("Trace"));
    });
    connect(
        m_traceView, &TraceView::message, this, [this](const QString& text) { statusBar()->showMessage(text, 10000); });
    // "Use this trace": the trace's workload replaces those knobs, as one undo step.
    connect(m_traceView, &TraceView::useWorkload, this, [this](const Json& overrides, const QString& traceName) {
        ScenarioSpec next = m_controller->spec();
        for (auto it = overrides.begin(); it != overrides.end(); ++it)
            next.overrides[it.key()] = it.value();
        m_controller->editSpec(next, tr("Use the trace %1").arg(traceName));
        statusBar()->showMessage(
            tr("From %1: reuse ceiling %2, context %3 tokens, output %4 tokens, and its reuse-gap table")
                .arg(traceName, percentText(overrides.value("reuse_rate", 0.0)),
                    countText(overrides.value("context", 0.0)), countText(overrides.value("output_tokens", 0.0))),
            10000);
    });
    m_viewSplitter->addWidget(m_viewTabs);
    // The sensitivity view evaluates ~15 scenarios: only while it is shown.
    auto feedSensitivity = [this] {
        if (m_viewTabs->currentIndex() == 2 && m_controller->hasResult())
            m_sensitivityView->setScenario(m_controller->scenario());
    };
    connect(m_controller, &ScenarioController::resultChanged, this, feedSensitivity);
    connect(m_viewTabs, &QTabWidget::currentChanged, this, feedSensitivity);
    // Its Fleet scope analyses the Fleet tab's mix (~17 sizings): also only while shown.
    auto feedFleetSensitivity = [this] {
        if (m_viewTabs->currentIndex() == 2)
            m_sensitivityView->setFleetInput(m_controller->catalog(), m_fleetView->input());
    };
    connect(m_fleetView, &FleetView::sized, this, feedFleetSensitivity);
    connect(
        m_fleetView, &FleetView::message, this, [this](const QString& text) { statusBar()->showMessage(text, 10000); });
    connect(m_viewTabs, &QTabWidget::currentChanged, this, feedFleetSensitivity);
    // Ctrl+Z on the Fleet tab undoes the last Fleet edit; elsewhere the last scenario edit.
    connect(m_viewTabs, &QTabWidget::currentChanged, this, [this] {
        if (!m_undoGroup)
            return;
        const bool fleet = m_viewTabs->currentWidget() && m_viewTabs->currentWidget()->isAncestorOf(m_fleetView);
        m_undoGroup->setActiveStack(fleet ? m_fleetView->undoStack() : m_controller->undoStack());
    });
    connect(m_sensitivityView, &SensitivityView::exported, this,
        [this](const QString& path) { statusBar()->showMessage(tr("Sensitivity: wrote %1").arg(path), 10000); });

    auto* tableBox = new QWidget(m_viewSplitter);
    m_tableBox = tableBox;
    auto* tableLayout = new QVBoxLayout(tableBox);
    tableLayout->setContentsMargins(0, 0, 0, 0);
    m_tableCaption = new QLabel(tableBox);
    m_texts([this] {
        m_tableCaption->setText(tr("<b>The article's tier table</b>, with this scenario's bytes and times. "
                                   "Highlighted: the rows whose condition this scenario meets (hover for why)."));
    });
    m_tableCaption->setWordWrap(true);
    tableLayout->addWidget(m_tableCaption);
    m_tableModel = new TierTableModel(this);
    m_tableModel->setDisplayOptions(m_display);
    m_tableView = new QTableView(tableBox);
    m_tableView->setObjectName(QStringLiteral("tierTable"));
    m_tableView->setModel(m_tableModel);
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
    connect(m_fitTableTimer, &QTimer::timeout, this, &MainWindow::fitTableHeight);
    // The article's long column titles wrap in narrow columns instead of being clipped.
    auto* header = new WrappingHeaderView(m_tableView);
    m_tableView->setHorizontalHeader(header);
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
    buildPresetsAndExport();
    applyBannerTheme();

    connect(m_controller, &ScenarioController::resultChanged, this, &MainWindow::updateViews);
    connect(m_controller, &ScenarioController::errorChanged, this, &MainWindow::showError);
    connect(m_controls, &ControlsPanel::inputRejected, this,
        [this](const QString& message) { statusBar()->showMessage(message, 8000); });
    connect(m_controls, &ControlsPanel::inputTaken, this,
        [this](const QString& message) { statusBar()->showMessage(message, 8000); });
    connectDisplayOptions();

    restoreSettings();
    FieldUndo::install(this);
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
    // Text computed from the result (the headline, the charts, the table's live columns,
    // the window title) is drawn again from the last result, which is not evaluated again.
    // An error banner names the core's error, which only an evaluation words anew.
    announceRetranslated(m_tableModel);
    if (m_controller->hasResult())
        updateViews();
    if (!m_controller->errorMessage().isEmpty())
        m_controller->refresh();
}

void MainWindow::buildMenus()
{
    QMenu* file = menuBar()->addMenu(QString());
    m_texts([file] { file->setTitle(tr("&File")); });
    QAction* openTrace = file->addAction(QString(), this, [this] {
        m_viewTabs->setCurrentIndex(m_viewTabs->indexOf(m_traceView->parentWidget()->parentWidget()));
        m_traceView->openDialog();
    });
    openTrace->setObjectName(QStringLiteral("openTraceAction"));
    m_texts([openTrace] { openTrace->setText(tr("Open &trace…")); });
    file->addSeparator();
    QAction* quit = file->addAction(QString(), this, &QWidget::close);
    m_texts([quit] { quit->setText(tr("&Quit")); });
    quit->setObjectName(QStringLiteral("quitAction"));
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);

    QMenu* edit = menuBar()->addMenu(QString());
    m_texts([edit] { edit->setTitle(tr("&Edit")); });
    // Not QUndoStack::createUndoAction: its "prefix + text" puts the verb first in every
    // language; a whole tr() sentence ("&Undo %1") lets Korean put it last. An '&' in a
    // step's text (a preset name) is doubled so it shows instead of making a mnemonic.
    // Two histories, one Edit menu: the Fleet tab's inputs have their own stack, active
    // while that tab is shown; every other tab edits the scenario (docs/architecture.md).
    m_undoGroup = new QUndoGroup(this);
    m_undoGroup->addStack(m_controller->undoStack());
    m_undoGroup->addStack(m_fleetView->undoStack());
    m_undoGroup->setActiveStack(m_controller->undoStack());
    QUndoGroup* stack = m_undoGroup;
    auto stepText = [](const QString& bare, const QString& withStep, const QString& step) {
        return step.isEmpty() ? bare : withStep.arg(QString(step).replace(QLatin1Char('&'), QStringLiteral("&&")));
    };
    QAction* undo = new QAction(this);
    undo->setObjectName(QStringLiteral("undoAction"));
    undo->setShortcut(QKeySequence::Undo);
    auto undoText
        = [undo, stepText](const QString& step) { undo->setText(stepText(tr("&Undo"), tr("&Undo %1"), step)); };
    m_texts([undoText, stack] { undoText(stack->undoText()); });
    undo->setEnabled(stack->canUndo());
    connect(stack, &QUndoGroup::undoTextChanged, undo, undoText);
    connect(stack, &QUndoGroup::canUndoChanged, undo, &QAction::setEnabled);
    connect(undo, &QAction::triggered, stack, &QUndoGroup::undo);
    QAction* redo = new QAction(this);
    redo->setObjectName(QStringLiteral("redoAction"));
    redo->setShortcuts(QKeySequence::Redo);
    auto redoText
        = [redo, stepText](const QString& step) { redo->setText(stepText(tr("&Redo"), tr("&Redo %1"), step)); };
    m_texts([redoText, stack] { redoText(stack->redoText()); });
    redo->setEnabled(stack->canRedo());
    connect(stack, &QUndoGroup::redoTextChanged, redo, redoText);
    connect(stack, &QUndoGroup::canRedoChanged, redo, &QAction::setEnabled);
    connect(redo, &QAction::triggered, stack, &QUndoGroup::redo);
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    QAction* reset = edit->addAction(QString(), m_controller, &ScenarioController::resetToArticle);
    reset->setObjectName(QStringLiteral("resetAction"));
    reset->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    m_texts([reset] {
        reset->setText(tr("Reset to &article defaults"));
        reset->setStatusTip(tr("Llama 3.1 70B, 128K context × 10 sequences, FP16 KV, one 8 × H200 server, no reuse."));
    });

    QMenu* view = menuBar()->addMenu(QString());
    m_texts([view] { view->setTitle(tr("&View")); });
    m_scopeActions = new QActionGroup(this);
    const std::array<const char*, 3> scopeTexts
        = { QT_TR_NOOP("Bytes per &GPU"), QT_TR_NOOP("Bytes per &replica"), QT_TR_NOOP("Bytes per &server") };
    for (int i = 0; i < 3; ++i) {
        QAction* a = view->addAction(QString());
        m_texts([a, text = scopeTexts[static_cast<size_t>(i)]] { a->setText(tr(text)); });
        a->setCheckable(true);
        a->setShortcut(QKeySequence(Qt::CTRL | static_cast<Qt::Key>(Qt::Key_1 + i)));
        m_scopeActions->addAction(a);
        connect(a, &QAction::triggered, this, [this, i] { m_display->setScope(static_cast<TierScope>(i)); });
    }
    m_scopeActions->actions().at(static_cast<int>(m_display->scope()))->setChecked(true);
    view->addSeparator();
    m_axisActions = new QActionGroup(this);
    const std::array<const char*, 2> axisTexts
        = { QT_TR_NOOP("Sweep against &context"), QT_TR_NOOP("Sweep against c&oncurrency") };
    for (int i = 0; i < 2; ++i) {
        QAction* a = view->addAction(QString());
        m_texts([a, text = axisTexts[static_cast<size_t>(i)]] { a->setText(tr(text)); });
        a->setCheckable(true);
        a->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | static_cast<Qt::Key>(Qt::Key_1 + i)));
        m_axisActions->addAction(a);
        connect(a, &QAction::triggered, this, [this, i] { m_display->setSweepAxis(static_cast<SweepAxis>(i)); });
    }
    m_axisActions->actions().at(static_cast<int>(m_display->sweepAxis()))->setChecked(true);
    view->addSeparator();
    m_advancedAction = view->addAction(QString());
    m_texts([this] { m_advancedAction->setText(tr("&Advanced controls")); });
    m_advancedAction->setCheckable(true);
    m_advancedAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A));
    connect(m_advancedAction, &QAction::toggled, m_controls, &ControlsPanel::setAdvancedExpanded);
    connect(m_controls, &ControlsPanel::advancedExpandedChanged, m_advancedAction, &QAction::setChecked);
    QAction* full = view->addAction(QString());
    m_texts([full] { full->setText(tr("&Full screen")); });
    full->setCheckable(true);
    full->setShortcut(QKeySequence::FullScreen);
    connect(full, &QAction::toggled, this, [this](bool on) { on ? showFullScreen() : showNormal(); });
    view->addSeparator();
    // Decimal or binary bytes, everywhere. Binary is the default: the article
    // states its figures in binary units (320 KiB per token, 40 GiB per request).
    QMenu* units = view->addMenu(QString());
    m_texts([units] { units->setTitle(tr("&Units")); });
    units->setObjectName(QStringLiteral("unitsMenu"));
    m_unitsActions = new QActionGroup(this);
    const std::array<std::tuple<const char*, const char*, ByteUnits>, 2> unitChoices = { {
        { QT_TR_NOOP("&Decimal (GB, TB — as memory is sold)"), "unitsDecimalAction", ByteUnits::Decimal },
        { QT_TR_NOOP("&Binary (GiB, TiB — as allocators count)"), "unitsBinaryAction", ByteUnits::Binary },
    } };
    for (const auto& [text, name, choice] : unitChoices) {
        QAction* a = units->addAction(QString());
        m_texts([a, text = text] { a->setText(tr(text)); });
        a->setObjectName(QString::fromLatin1(name));
        a->setCheckable(true);
        a->setChecked(choice == m_display->units());
        m_unitsActions->addAction(a);
        connect(a, &QAction::triggered, this, [this, choice = choice] { m_display->setUnits(choice); });
    }
    // Language names are written in their own language, never translated.
    QMenu* language = view->addMenu(QString());
    m_texts([language] { language->setTitle(tr("&Language")); });
    language->setObjectName(QStringLiteral("languageMenu"));
    m_languageActions = new QActionGroup(this);
    const std::array<std::pair<QString, const char*>, 3> languages = { {
        { QString(), "languageSystemAction" },
        { QStringLiteral("&English"), "languageEnglishAction" },
        { QStringLiteral("한국어(&K)"), "languageKoreanAction" },
    } };
    const std::array<QString, 3> languageSettings = { kLanguageSystem, kLanguageEnglish, kLanguageKorean };
    for (size_t i = 0; i < languages.size(); ++i) {
        QAction* a = language->addAction(languages[i].first);
        if (languageSettings[i] == kLanguageSystem)
            m_texts([a] { a->setText(tr("&System language")); });
        a->setObjectName(QString::fromLatin1(languages[i].second));
        a->setCheckable(true);
        a->setChecked(m_settings.language() == languageSettings[i]);
        m_languageActions->addAction(a);
        a->setData(languageSettings[i]);
        const QString setting = languageSettings[i];
        connect(a, &QAction::triggered, this, [this, setting] { switchLanguage(setting); });
    }

    buildToolsMenu();
    QMenu* help = menuBar()->addMenu(QString());
    m_texts([help] { help->setTitle(tr("&Help")); });
    QAction* howItWorks = help->addAction(QString(), this, [this] { ModelHelpDialog::showFor(this); });
    m_texts([howItWorks] { howItWorks->setText(tr("&How kvtiers computes this")); });
    howItWorks->setObjectName(QStringLiteral("modelHelpAction"));
    howItWorks->setShortcut(QKeySequence::HelpContents);
    help->addSeparator();
    QAction* about = help->addAction(QString(), this, &MainWindow::showAbout);
    m_texts([about] { about->setText(tr("&About kvtiers")); });
    about->setObjectName(QStringLiteral("aboutAction"));
    about->setMenuRole(QAction::AboutRole);
    QAction* aboutQt = help->addAction(QString(), qApp, &QApplication::aboutQt);
    aboutQt->setMenuRole(QAction::AboutQtRole);
    m_texts([aboutQt] { aboutQt->setText(tr("About &Qt")); });
}

void MainWindow::updateViews()
{
    const Scenario& s = m_controller->scenario();
    const EvalResult& r = m_controller->result();
    m_headline->setResult(s, r);
    m_tierChart->setResult(s, r);
    m_sweepChart->setResult(s, r, m_controller->sweepResult());
    m_tableModel->setResult(s, r);
    m_traceView->setScenario(s, r);
    if (m_tableFitted) {
        m_fitTableTimer->start();
    } else {
        fitTableHeight();
        m_tableFitted = true;
    }
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
    if (const QStringList problems = m_fleetView->restoreSession(m_settings.fleetSession()); !problems.isEmpty())
        statusBar()->showMessage(problems.join(QStringLiteral("; ")), 15000);
    m_display->load(m_settings);
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
    m_settings.setFleetSession(m_fleetView->sessionText());
    m_display->save(m_settings);
    m_settings.setAdvancedExpanded(m_controls->advancedExpanded());
    m_settings.sync();
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    saveSettings();
    QMainWindow::closeEvent(event);
}

void MainWindow::buildPresetsAndExport()
{
    // Presets: a dock on the right, toggled from the View menu.
    auto* dock = new QDockWidget(this);
    m_texts([dock] { dock->setWindowTitle(tr("Presets")); });
    dock->setObjectName(QStringLiteral("presetDock"));
    m_presetPanel = new PresetPanel(m_controller, dock);
    dock->setWidget(m_presetPanel);
    addDockWidget(Qt::RightDockWidgetArea, dock);
    // Hidden until asked for (View > Presets panel, or any preset action): the charts
    // need the width. The window state restores it as the user left it.
    dock->hide();
    m_compareView = new CompareView(&m_presetPanel->store(), &m_controller->catalog(), this);
    m_compareView->setExportOptions(m_exportOptions);
    m_compareView->setDisplayOptions(m_display);
    connect(m_presetPanel, &PresetPanel::message, this,
        [this](const QString& text) { statusBar()->showMessage(text, 10000); });
    connect(m_compareView, &CompareView::message, this,
        [this](const QString& text) { statusBar()->showMessage(text, 10000); });
    connect(m_presetPanel, &PresetPanel::presetsChanged, m_compareView, &CompareView::refresh);
    connect(m_presetPanel, &PresetPanel::compareRequested, this, [this] {
        m_compareView->show();
        m_compareView->raise();
    });
    auto showPresets = [this, dock] {
        dock->show();
        dock->raise();
    };
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

    auto menuTitled = [this](const QString& title) -> QMenu* {
        for (QMenu* m : menuBar()->findChildren<QMenu*>(QString(), Qt::FindDirectChildrenOnly))
            if (m->title() == title)
                return m;
        return nullptr;
    };
    QMenu* file = menuTitled(tr("&File"));
    if (!file)
        file = menuBar()->addMenu(tr("&File"));
    QAction* before = nullptr;
    if (auto* quit = findChild<QAction*>(QStringLiteral("quitAction"))) {
        const auto actions = file->actions();
        const auto at = actions.indexOf(quit);
        before = at > 0 && actions.at(at - 1)->isSeparator() ? actions.at(at - 1) : quit;
    }
    auto add = [&](const char* text, const char* name, const QKeySequence& key, auto slot) {
        auto* a = new QAction(this);
        m_texts([a, text] { a->setText(tr(text)); });
        a->setObjectName(QString::fromLatin1(name));
        if (!key.isEmpty())
            a->setShortcut(key);
        connect(a, &QAction::triggered, this, slot);
        file->insertAction(before, a);
        return a;
    };
    add(QT_TR_NOOP("Save scenario as &preset…"), "savePresetAction", QKeySequence(Qt::CTRL | Qt::Key_S),
        [this, showPresets] {
            showPresets();
            m_presetPanel->saveCurrent();
        });
    add(QT_TR_NOOP("&Import preset…"), "importPresetAction", QKeySequence(), [this, showPresets] {
        showPresets();
        m_presetPanel->importFile();
    });
    add(QT_TR_NOOP("Co&mpare presets…"), "compareAction", QKeySequence(Qt::CTRL | Qt::Key_K), [this] {
        m_compareView->show();
        m_compareView->raise();
    });
    file->insertSeparator(before);
    add(QT_TR_NOOP("&Export tier chart…"), "exportTierChartAction", QKeySequence(Qt::CTRL | Qt::Key_E),
        &MainWindow::exportTierChart);
    add(QT_TR_NOOP("Export s&weep…"), "exportSweepAction", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E),
        &MainWindow::exportSweep);
    add(QT_TR_NOOP("Export &comparison…"), "exportComparisonAction", QKeySequence(), &MainWindow::exportComparison);
    add(QT_TR_NOOP("Export scenario &JSON…"), "exportJsonAction", QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_E),
        &MainWindow::exportScenarioJson);
    add(QT_TR_NOOP("Export tier &table (CSV)…"), "exportTierTableAction", QKeySequence(), [this] {
        const QString what = tr("Export tier table");
        if (!m_controller->hasResult())
            return reportExport(tr("Nothing to export: the scenario does not evaluate."), what, {});
        const QString path = FileDialog::getSaveFileName(
            this, what, QStringLiteral("kvtiers-tier-table.csv"), tr("CSV, one row per tier (*.csv)"));
        if (!path.isEmpty())
            reportExport(
                exportTierTableCsv(path, m_controller->spec(), m_controller->scenario(), m_controller->result()), what,
                path);
    });
    add(QT_TR_NOOP("Copy chart to clip&board"), "copyChartAction", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C),
        &MainWindow::copyChartToClipboard);
    add(QT_TR_NOOP("Export si&ze…"), "exportSizeAction", QKeySequence(), &MainWindow::chooseExportSize);

    QAction* toggle = dock->toggleViewAction();
    m_texts([toggle] { toggle->setText(tr("&Presets panel")); });
    toggle->setObjectName(QStringLiteral("presetPanelAction"));
    toggle->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    if (QMenu* view = menuTitled(tr("&View"))) {
        view->addSeparator();
        view->addAction(toggle);
    }
}

void MainWindow::setExportOptions(const ExportOptions& options)
{
    m_exportOptions = options;
    m_exportOptions.units = m_tierChart->units(); // exports show bytes as the charts do
    m_compareView->setExportOptions(m_exportOptions);
    m_fleetView->setExportOptions(m_exportOptions);
    m_sensitivityView->setExportOptions(m_exportOptions);
}

void MainWindow::setUnits(ByteUnits units)
{
    m_display->setUnits(units);
}

void MainWindow::connectDisplayOptions()
{
    // The charts' own pickers set the options; the options set the charts, the menus and
    // the tier table. DisplayOptions emits only on a change, so nothing comes back around.
    connect(m_tierChart, &TierChart::scopeChanged, m_display, &DisplayOptions::setScope);
    connect(m_sweepChart, &SweepChart::axisChanged, m_display, &DisplayOptions::setSweepAxis);
    connect(m_display, &DisplayOptions::scopeChanged, this, [this](TierScope scope) {
        m_tierChart->setScope(scope);
        m_sweepChart->setScope(scope);
        m_scopeActions->actions().at(static_cast<int>(scope))->setChecked(true);
    });
    connect(m_display, &DisplayOptions::sweepAxisChanged, this, [this](SweepAxis axis) {
        m_sweepChart->setAxis(axis);
        m_controller->setSweepAxis(axis); // a sweep along the other axis: computed, not re-worded
        m_axisActions->actions().at(static_cast<int>(axis))->setChecked(true);
    });
    connect(m_display, &DisplayOptions::unitsChanged, this, &MainWindow::unitsChanged);
}

void MainWindow::unitsChanged(ByteUnits units)
{
    // The views holding DisplayOptions re-word their own results; here the menu, the
    // setting and the charts.
    m_unitsActions->actions().at(units == ByteUnits::Decimal ? 0 : 1)->setChecked(true);
    m_settings.setDisplayUnits(units);
    // The charts relabel from the data they hold; exports follow. No evaluation.
    for (ChartBase* chart : { static_cast<ChartBase*>(m_tierChart), static_cast<ChartBase*>(m_sweepChart),
             static_cast<ChartBase*>(m_compareView->chart()), static_cast<ChartBase*>(m_traceView->chart()) })
        chart->setUnits(units);
    setExportOptions(m_exportOptions);
    m_controller->rewordError(); // the banner's sizes, if the scenario does not evaluate
}

void MainWindow::reportExport(const QString& error, const QString& what, const QString& path)
{
    if (!error.isEmpty()) {
        statusBar()->showMessage(error, 10000);
        MessageBox::warning(this, what, error);
        return;
    }
    statusBar()->showMessage(tr("%1: wrote %2").arg(what, path), 10000);
}

void MainWindow::exportTierChart()
{
    if (!m_controller->hasResult())
        return reportExport(tr("Nothing to export: the scenario does not evaluate."), tr("Export tier chart"), {});
    const QString path = FileDialog::getSaveFileName(this, tr("Export tier chart"), QStringLiteral("kvtiers-tiers.png"),
        tr("PNG image (*.png);;SVG drawing (*.svg);;PDF (*.pdf);;Scenario and results, JSON (*.json)"));
    if (path.isEmpty())
        return;
    reportExport(ChartExporter::exportTierChart(path, m_controller->scenario(), m_controller->result(), m_exportOptions,
                     m_controller->workloadId()),
        tr("Export tier chart"), path);
}

void MainWindow::exportSweep()
{
    if (!m_controller->hasResult())
        return reportExport(tr("Nothing to export: the scenario does not evaluate."), tr("Export sweep"), {});
    const QString path = FileDialog::getSaveFileName(this, tr("Export sweep"), QStringLiteral("kvtiers-sweep.png"),
        tr("PNG image (*.png);;SVG drawing (*.svg);;PDF (*.pdf);;CSV, one row per point (*.csv)"));
    if (path.isEmpty())
        return;
    reportExport(ChartExporter::exportSweep(path, m_controller->scenario(), m_controller->result(),
                     m_controller->sweepResult(), m_exportOptions),
        tr("Export sweep"), path);
}

void MainWindow::exportComparison()
{
    m_compareView->show();
    m_compareView->raise();
    if (!m_compareView->comparison()) {
        statusBar()->showMessage(tr("Pick 2 to 4 presets (or a built-in comparison), then export."), 10000);
        return;
    }
    m_compareView->exportComparison();
}

void MainWindow::exportScenarioJson()
{
    if (!m_controller->hasResult())
        return reportExport(tr("Nothing to export: the scenario does not evaluate."), tr("Export scenario"), {});
    const QString path = FileDialog::getSaveFileName(
        this, tr("Export scenario JSON"), QStringLiteral("kvtiers-scenario.json"), tr("JSON (*.json)"));
    if (path.isEmpty())
        return;
    reportExport(ChartExporter::exportScenarioJson(
                     path, m_controller->scenario(), m_controller->result(), m_controller->workloadId()),
        tr("Export scenario JSON"), path);
}

void MainWindow::copyChartToClipboard()
{
    if (!m_controller->hasResult())
        return;
    ExportOptions clip = m_exportOptions;
    clip.scale = 1.0;
    QGuiApplication::clipboard()->setImage(
        ChartExporter::renderTierChart(m_controller->scenario(), m_controller->result(), clip));
    statusBar()->showMessage(
        tr("Copied the tier chart (%1 × %2) to the clipboard").arg(clip.width).arg(clip.height), 8000);
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

} // namespace kvtiers::ui

namespace kvtiers::ui {

void MainWindow::buildToolsMenu()
{
    QMenu* tools = menuBar()->addMenu(QString());
    QAction* import = tools->addAction(QString(), this, &MainWindow::importModelConfig);
    import->setObjectName(QStringLiteral("importConfigAction"));
    QAction* vllm = tools->addAction(QString(), this, [this] {
        VllmCheckDialog dialog(m_controller->catalog(), this);
        dialog.setUnits(m_display->units());
        if (m_controller->hasResult())
            dialog.setScenario(m_controller->scenario());
        dialog.exec();
    });
    vllm->setObjectName(QStringLiteral("vllmCheckAction"));
    m_texts([tools, import, vllm] {
        tools->setTitle(tr("&Tools"));
        import->setText(tr("&Import config.json…"));
        import->setShortcut(QKeySequence(tr("Ctrl+I")));
        vllm->setText(tr("Compare with a &vLLM log…"));
    });
}

void MainWindow::importModelConfig()
{
    importModelConfigFile(QString());
}

void MainWindow::importModelConfigFile(const QString& configPath)
{
    ModelImportDialog dialog(this);
    dialog.setUnits(m_display->units());
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
    m_controller->editSpec(spec, tr("Import %1").arg(QString::fromStdString(card.name)));
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
    if (path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive)) {
        // A JSON object says what it is: a preset names its schema, a config.json its
        // architecture. Reading one here only to look; the importer reads it again and
        // reports its own errors with line and field.
        QFile file(path);
        const Json json = file.open(QIODevice::ReadOnly) && file.size() < 64 * 1024 * 1024
            ? Json::parse(file.readAll().toStdString(), nullptr, false)
            : Json();
        if (json.is_object() && json.value("schema", "") == "kvtiers-preset") {
            if (auto* dock = findChild<QDockWidget*>(QStringLiteral("presetDock")))
                dock->show();
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
    m_viewTabs->setCurrentIndex(m_viewTabs->indexOf(m_traceView->parentWidget()->parentWidget()));
    m_traceView->openFile(path);
    return true;
}

} // namespace kvtiers::ui
