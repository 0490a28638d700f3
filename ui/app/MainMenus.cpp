// MainWindow's menus: File, Edit, View, Tools and Help. The actions call the tabs' own
// controllers (the Scenario tab's exports, the Trace tab's open) or the shell's.
#include "ui/app/Language.h"
#include "ui/app/MainWindow.h"
#include "ui/common/DisplayOptions.h"
#include "ui/common/Document.h"
#include "ui/dialogs/FileDialog.h"
#include "ui/dialogs/MessageBox.h"
#include "ui/dialogs/ModelHelpDialog.h"
#include "ui/dialogs/VllmCheckDialog.h"
#include "ui/fleet/FleetDocument.h"
#include "ui/fleet/FleetView.h"
#include "ui/outlook/OutlookDocument.h"
#include "ui/outlook/OutlookView.h"
#include "ui/presets/CompareView.h"
#include "ui/presets/PresetPanel.h"
#include "ui/scenario/ControlsPanel.h"
#include "ui/scenario/ScenarioController.h"
#include "ui/scenario/ScenarioTab.h"
#include "ui/sensitivity/SensitivityDocument.h"
#include "ui/trace/LoadDocument.h"
#include "ui/trace/TraceDocument.h"
#include "ui/trace/TraceView.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QDockWidget>
#include <QFileInfo>
#include <QMenuBar>
#include <QStatusBar>
#include <QUndoGroup>
#include <QUndoStack>

#include <array>
#include <tuple>

namespace kvtiers::ui {

void MainWindow::buildMenus()
{
    buildFileMenu();
    buildEditMenu();
    buildViewMenu();
    buildToolsMenu();
    buildHelpMenu();
    connectMenuChoices();
}

void MainWindow::buildFileMenu()
{
    QMenu* file = menuBar()->addMenu(QString());
    m_texts([file] { file->setTitle(tr("&File")); });
    QAction* openTrace = file->addAction(QString(), this, [this] {
        showTab(ViewTab::Trace);
        m_traceView->openDialog();
    });
    openTrace->setObjectName(QStringLiteral("openTraceAction"));
    openTrace->setShortcut(QKeySequence::Open); // Ctrl+O: a trace is the one file the app opens
    m_texts([openTrace] { openTrace->setText(tr("Open &trace…")); });
    addFileActions(file);
    file->addSeparator();
    QAction* quit = file->addAction(QString(), this, &QWidget::close);
    m_texts([quit] { quit->setText(tr("&Quit")); });
    quit->setObjectName(QStringLiteral("quitAction"));
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);
}

void MainWindow::addFileActions(QMenu* file)
{
    auto add = [&](const char* text, const char* name, const QKeySequence& key, auto slot) {
        auto* a = new QAction(this);
        m_texts([a, text] { a->setText(tr(text)); });
        a->setObjectName(QString::fromLatin1(name));
        if (!key.isEmpty())
            a->setShortcut(key);
        connect(a, &QAction::triggered, this, slot);
        file->addAction(a);
        return a;
    };
    auto showPresets = [this] {
        m_presetDock->show();
        m_presetDock->raise();
    };
    auto showCompare = [this] {
        m_compareView->show();
        m_compareView->raise();
    };
    ScenarioTab* tab = m_scenarioTab;
    add(QT_TR_NOOP("Save scenario as &preset…"), "savePresetAction", QKeySequence(Qt::CTRL | Qt::Key_S),
        [this, showPresets] {
            showPresets();
            m_presetPanel->saveCurrent();
        });
    add(QT_TR_NOOP("&Import preset…"), "importPresetAction", QKeySequence(), [this, showPresets] {
        showPresets();
        m_presetPanel->importFile();
    });
    add(QT_TR_NOOP("Co&mpare presets…"), "compareAction", QKeySequence(Qt::CTRL | Qt::Key_K), showCompare);
    file->addSeparator();
    add(QT_TR_NOOP("&Export tier chart…"), "exportTierChartAction", QKeySequence(Qt::CTRL | Qt::Key_E),
        [tab] { tab->exportTierChart(); });
    add(QT_TR_NOOP("Export s&weep…"), "exportSweepAction", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E),
        [tab] { tab->exportSweep(); });
    add(QT_TR_NOOP("Export &comparison…"), "exportComparisonAction", QKeySequence(), [this, showCompare] {
        showCompare();
        if (!m_compareView->comparison()) {
            statusBar()->showMessage(tr("Pick 2 to 4 presets (or a built-in comparison), then export."), 10000);
            return;
        }
        m_compareView->exportComparison();
    });
    add(QT_TR_NOOP("Export scenario &JSON…"), "exportJsonAction", QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_E),
        [tab] { tab->exportScenarioJson(); });
    add(QT_TR_NOOP("Export tier &table (CSV)…"), "exportTierTableAction", QKeySequence(),
        [tab] { tab->exportTierTable(); });
    add(QT_TR_NOOP("Copy chart to clip&board"), "copyChartAction", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C),
        [tab] { tab->copyTierChart(); });
    addDocumentExports(file);
    add(QT_TR_NOOP("Export si&ze…"), "exportSizeAction", QKeySequence(), &MainWindow::chooseExportSize);
}

void MainWindow::addDocumentExports(QMenu* file)
{
    // The other tabs' charts and data, each from its document: what it offers depends on
    // what it holds (no trace read, nothing to export), so a submenu is filled as it opens.
    file->addSeparator();
    const std::array<std::tuple<const char*, const char*, DocumentBase*>, 5> documents { {
        { QT_TR_NOOP("Export from &Fleet"), "exportFleetMenu", m_fleetDocument },
        { QT_TR_NOOP("Export from Se&nsitivity"), "exportSensitivityMenu", m_sensitivityDocument },
        { QT_TR_NOOP("Export from T&race"), "exportTraceMenu", m_traceView->document() },
        { QT_TR_NOOP("Export from &Under load"), "exportLoadMenu", m_loadDocument },
        { QT_TR_NOOP("Export from &Outlook"), "exportOutlookMenu", m_outlookView->document() },
    } };
    for (const auto& [title, name, document] : documents) {
        QMenu* menu = file->addMenu(QString());
        menu->setObjectName(QString::fromLatin1(name));
        m_texts([menu, title = title] { menu->setTitle(tr(title)); });
        connect(menu, &QMenu::aboutToShow, this, [this, menu, document = document] { fillExportMenu(menu, document); });
    }
    file->addSeparator();
}

void MainWindow::fillExportMenu(QMenu* menu, DocumentBase* document)
{
    menu->clear();
    if (document->mode() == EvaluationMode::GuiThread)
        document->flush(); // an edit just made is in what it exports
    const QList<DocumentExport> exports = document->exports();
    if (exports.isEmpty()) {
        menu->addAction(tr("Nothing to export yet"))->setEnabled(false);
        return;
    }
    for (const DocumentExport& entry : exports) {
        QAction* action = menu->addAction(tr("%1…").arg(entry.title));
        action->setObjectName(QStringLiteral("export-") + entry.id);
        connect(action, &QAction::triggered, this, [this, entry] { exportFromDocument(entry); });
    }
}

void MainWindow::exportFromDocument(const DocumentExport& entry)
{
    QStringList filters;
    for (const QString& format : entry.formats) {
        if (format == u"png")
            filters << tr("PNG image (*.png)");
        else if (format == u"svg")
            filters << tr("SVG drawing (*.svg)");
        else if (format == u"pdf")
            filters << tr("PDF (*.pdf)");
        else if (format == u"csv")
            filters << tr("CSV table (*.csv)");
        else
            filters << tr("%1 file (*.%2)").arg(format.toUpper(), format);
    }
    const QString suggested = QStringLiteral("kvtiers-%1.%2").arg(entry.id, entry.formats.value(0));
    const QString path = FileDialog::getSaveFileName(this, entry.title, suggested, filters.join(QStringLiteral(";;")));
    if (path.isEmpty())
        return;
    const QString suffix = QFileInfo(path).suffix().toLower();
    const QString error = entry.formats.contains(suffix)
        ? entry.write(path)
        : tr("%1: %2 is written as %3, not .%4")
              .arg(path, entry.title, entry.formats.join(QStringLiteral(", ")), suffix);
    if (!error.isEmpty()) {
        MessageBox::warning(this, entry.title, error);
        return;
    }
    showStatus(tr("Exported %1 to %2").arg(entry.title, path), 10000);
}

void MainWindow::buildEditMenu()
{
    QMenu* edit = menuBar()->addMenu(QString());
    m_texts([edit] { edit->setTitle(tr("&Edit")); });
    // Not QUndoStack::createUndoAction: its "prefix + text" puts the verb first in every
    // language; a whole tr() sentence ("&Undo %1") lets Korean put it last. An '&' in a
    // step's text (a preset name) is doubled so it shows instead of making a mnemonic.
    // Two histories, one Edit menu: the Fleet tab's inputs have their own stack, active
    // while that tab is shown; every other tab edits the scenario (docs/architecture.md).
    m_undoGroup = new QUndoGroup(this);
    m_undoGroup->addStack(m_controller->undoStack());
    m_undoGroup->addStack(m_fleetDocument->undoStack());
    m_undoGroup->addStack(m_outlookView->document()->undoStack());
    m_undoGroup->addStack(m_loadDocument->undoStack());
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
}

void MainWindow::buildViewMenu()
{
    QMenu* view = menuBar()->addMenu(QString());
    m_texts([view] { view->setTitle(tr("&View")); });
    addViewChoices(view);
    view->addSeparator();
    ControlsPanel* controls = m_scenarioTab->controls();
    m_advancedAction = view->addAction(QString());
    m_texts([this] { m_advancedAction->setText(tr("&Advanced controls")); });
    m_advancedAction->setCheckable(true);
    m_advancedAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A));
    connect(m_advancedAction, &QAction::toggled, controls, &ControlsPanel::setAdvancedExpanded);
    connect(controls, &ControlsPanel::advancedExpandedChanged, m_advancedAction, &QAction::setChecked);
    QAction* full = view->addAction(QString());
    m_texts([full] { full->setText(tr("&Full screen")); });
    full->setCheckable(true);
    full->setShortcut(QKeySequence::FullScreen);
    connect(full, &QAction::toggled, this, [this](bool on) { on ? showFullScreen() : showNormal(); });
    // Next and previous tab from anywhere, a table or a text box included: window-wide
    // shortcuts run before the focused widget sees the key.
    for (const int step : { +1, -1 }) {
        QAction* move = view->addAction(QString());
        move->setObjectName(step > 0 ? QStringLiteral("nextTabAction") : QStringLiteral("previousTabAction"));
        m_texts([move, step] { move->setText(step > 0 ? tr("&Next tab") : tr("P&revious tab")); });
        move->setShortcuts(step > 0 ? QList<QKeySequence> { QKeySequence(Qt::CTRL | Qt::Key_Tab),
                               QKeySequence(Qt::CTRL | Qt::Key_PageDown) }
                                    : QList<QKeySequence> { QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Backtab),
                                        QKeySequence(Qt::CTRL | Qt::Key_PageUp) });
        move->setShortcutContext(Qt::WindowShortcut);
        connect(move, &QAction::triggered, this, [this, step] {
            const int count = m_viewTabs->count();
            m_viewTabs->setCurrentIndex((m_viewTabs->currentIndex() + step + count) % count);
        });
    }
    // Each tab by its number, Alt+1 to Alt+5 (as browsers and terminals number theirs): a
    // letter mnemonic on the tabs would clash with the controls' own (every letter of
    // "Fleet", "Trace" and "Outlook" already opens a field or a menu), and a clash only
    // cycles focus. The tabs' tooltips give the keys.
    for (int i = 0; i < m_viewTabs->count(); ++i) {
        QAction* go = view->addAction(QString());
        go->setObjectName(QStringLiteral("showTab%1Action").arg(i + 1));
        go->setShortcut(QKeySequence(Qt::ALT | static_cast<Qt::Key>(Qt::Key_1 + i)));
        go->setShortcutContext(Qt::WindowShortcut);
        m_texts([this, go, i] {
            const QString name = m_viewTabs->tabText(i).remove(u'&');
            go->setText(tr("Show %1").arg(name));
            m_viewTabs->setTabToolTip(i, tr("%1 (%2)").arg(name, go->shortcut().toString(QKeySequence::NativeText)));
        });
        connect(go, &QAction::triggered, this, [this, i] { m_viewTabs->setCurrentIndex(i); });
    }
    view->addSeparator();
    buildUnitsMenu(view);
    buildLanguageMenu(view);

    QAction* toggle = m_presetDock->toggleViewAction();
    m_texts([toggle] { toggle->setText(tr("&Presets panel")); });
    toggle->setObjectName(QStringLiteral("presetPanelAction"));
    toggle->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    view->addSeparator();
    view->addAction(toggle);
}

void MainWindow::addViewChoices(QMenu* view)
{
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
}

void MainWindow::buildUnitsMenu(QMenu* view)
{
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
}

void MainWindow::buildLanguageMenu(QMenu* view)
{
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
}

void MainWindow::connectMenuChoices()
{
    connect(m_display, &DisplayOptions::scopeChanged, this,
        [this](TierScope scope) { m_scopeActions->actions().at(static_cast<int>(scope))->setChecked(true); });
    connect(m_display, &DisplayOptions::sweepAxisChanged, this,
        [this](SweepAxis axis) { m_axisActions->actions().at(static_cast<int>(axis))->setChecked(true); });
    connect(m_display, &DisplayOptions::unitsChanged, this, [this](ByteUnits units) {
        m_unitsActions->actions().at(units == ByteUnits::Decimal ? 0 : 1)->setChecked(true);
    });
}

void MainWindow::buildToolsMenu()
{
    QMenu* tools = menuBar()->addMenu(QString());
    QAction* import = tools->addAction(QString(), this, [this] { importModelConfigFile(QString()); });
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

void MainWindow::buildHelpMenu()
{
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

} // namespace kvtiers::ui
