// Presets, compare and export in the real main window, offscreen: save → restart → load
// gives identical results; export/import round trip through the dialog seams; a corrupt
// preset file is reported by name, left byte-for-byte untouched, and the others load;
// the compare view shows the DeepSeek pair's −93.3% (6-bit) and −82.2% (BF16); the File
// menu's exports write what they say. What the store reports (a bad name, a name clash, a
// read-only built-in, an unreadable file, a failed import, export or delete) reads in
// English exactly as the store (and the CLI) words it, and in Korean in Korean.

#include "core/report/ResultJson.h"
#include "ui/app/Language.h"
#include "ui/app/MainWindow.h"
#include "ui/charts/CompareChart.h"
#include "ui/dialogs/FileDialog.h"
#include "ui/dialogs/InputDialog.h"
#include "ui/dialogs/MessageBox.h"
#include "ui/presets/CompareTableModel.h"
#include "ui/presets/CompareView.h"
#include "ui/presets/PresetPanel.h"
#include "ui/scenario/ScenarioController.h"
#include "ui/text/Translate.h"
#include "ui/text/UnitsText.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QCryptographicHash>
#include <QDir>
#include <QDockWidget>
#include <QImage>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>
#include <qcustomplot.h>

#include <memory>

using namespace kvtiers;
using namespace kvtiers::ui;

namespace {
const QString kDeepSeek6 = QStringLiteral("DeepSeek-V2 (MLA, ~6-bit KV) vs DeepSeek 67B (GQA, BF16)");
const QString kDeepSeek16 = QStringLiteral("DeepSeek-V2 (MLA, BF16 KV) vs DeepSeek 67B (GQA, BF16)");

QByteArray sha(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256);
}

bool hasHangul(const QString& text)
{
    return std::any_of(
        text.begin(), text.end(), [](QChar c) { return c.unicode() >= 0xAC00 && c.unicode() <= 0xD7A3; });
}

/// The tick labels `axis` draws (QCustomPlot computes them at replot; none when hidden).
QStringList drawnTickLabels(QCPAxis* axis)
{
    axis->parentPlot()->replot(QCustomPlot::rpImmediateRefresh);
    if (!axis->visible() || !axis->tickLabels())
        return {};
    const QVector<QString> labels = axis->tickVectorLabels(); // a copy: begin() and end() of one list
    return QStringList(labels.begin(), labels.end());
}

void writeFile(const QString& path, const QByteArray& text)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text);
}
} // namespace

class TestGuiPresets : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();

    void saveRestartLoadRoundTrip();
    void exportImportRoundTrip();
    void renameDuplicateDelete();
    void builtinsAreReadOnly();
    void corruptPresetReportedAndUntouched();
    void compareViewShowsDeepSeekDeltas();
    void compareByTickingPresets();
    void fileMenuExports();
    void exportErrorIsShown();
    void storeOutcomesInBothLanguages();
    void everyPresetErrorIsWorded();
    void compareTableInBothLanguages();
    void emptyCompareChartHasNoByteTicks();

private:
    template <typename T> T* find(QObject* root, const char* name)
    {
        auto* w = root->findChild<T*>(QString::fromLatin1(name));
        if (!w)
            qFatal("no object named %s", name);
        return w;
    }
    void startWindow(bool showPresets = true)
    {
        m_window = std::make_unique<MainWindow>();
        m_window->resize(1500, 950);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        QTRY_VERIFY(m_window->controller()->hasResult());
        auto* dock = find<QDockWidget>(m_window.get(), "presetDock");
        if (showPresets && !dock->isVisible())
            find<QAction>(m_window.get(), "presetPanelAction")->trigger();
        if (showPresets)
            QTRY_VERIFY(m_window->presetPanel()->isVisible());
    }
    std::string resultJson()
    {
        m_window->controller()->flush();
        const auto* c = m_window->controller();
        return resultToJson(c->scenario(), c->result(), c->workloadId()).dump();
    }
    QString presetsDir() const { return QDir(m_data.path()).filePath(QStringLiteral("presets")); }
    QStringList listNames()
    {
        QStringList names;
        auto* list = find<QListWidget>(m_window.get(), "presetList");
        for (int i = 0; i < list->count(); ++i)
            names << list->item(i)->text();
        return names;
    }
    void click(const char* button) { QTest::mouseClick(find<QPushButton>(m_window.get(), button), Qt::LeftButton); }

    QTemporaryDir m_data;
    QTemporaryDir m_files;
    std::unique_ptr<MainWindow> m_window;
};

void TestGuiPresets::initTestCase()
{
    QVERIFY(m_data.isValid());
    QVERIFY(m_files.isValid());
    // User presets go to a temporary folder, never the real home.
    qputenv("KVTIERS_DATA_DIR", m_data.path().toUtf8());
    MessageBox::setNonInteractive(true);
}

void TestGuiPresets::init()
{
    QDir(presetsDir()).removeRecursively();
}

void TestGuiPresets::cleanup()
{
    m_window.reset();
    installTranslator(kLanguageEnglish);
}

void TestGuiPresets::saveRestartLoadRoundTrip()
{
    startWindow();
    auto* c = m_window->controller();
    c->setOverride("context", 65536);
    c->setOverride("concurrency", 24);
    c->setOverride("reuse_rate", 0.4);
    c->selectHardware("h100-sxm");
    const ScenarioSpec saved = c->spec();
    const std::string expected = resultJson();

    InputDialog::setNextAnswer(QStringLiteral("My long-context run"));
    click("presetSaveButton");
    QVERIFY(listNames().contains(QStringLiteral("My long-context run")));
    QCOMPARE(QDir(presetsDir()).entryList({ QStringLiteral("*.json") }, QDir::Files).size(), 1);

    // Restart: a new window reads the store afresh.
    m_window.reset();
    startWindow();
    c = m_window->controller();
    c->resetToArticle();
    QVERIFY(resultJson() != expected);
    const int undoBefore = c->undoStack()->count();

    auto* panel = m_window->presetPanel();
    QVERIFY(panel->selectPreset(QStringLiteral("My long-context run")));
    auto* list = find<QListWidget>(m_window.get(), "presetList");
    list->scrollToItem(list->currentItem());
    const QRect rect = list->visualItemRect(list->currentItem());
    QVERIFY(list->viewport()->rect().contains(rect.center()));
    // A double-click is a press and release, then a second press reported as a double click.
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, rect.center());
    QTest::mouseDClick(list->viewport(), Qt::LeftButton, {}, rect.center());
    QVERIFY2(c->spec() == saved, (c->spec().toJson().dump() + " vs " + saved.toJson().dump()).c_str());
    QCOMPARE(resultJson(), expected);
    QCOMPARE(c->undoStack()->count(), undoBefore + 1); // one undo step
    c->undoStack()->undo();
    QVERIFY(!(c->spec() == saved));
}

void TestGuiPresets::exportImportRoundTrip()
{
    startWindow();
    auto* c = m_window->controller();
    c->selectModel("mistral-7b-v0.1");
    c->setOverride("concurrency", 64);
    const ScenarioSpec saved = c->spec();
    InputDialog::setNextAnswer(QStringLiteral("Shared"));
    click("presetSaveButton");

    const QString file = m_files.filePath(QStringLiteral("shared.json"));
    QVERIFY(m_window->presetPanel()->selectPreset(QStringLiteral("Shared")));
    FileDialog::setNextFileName(file);
    click("presetExportButton");
    QVERIFY(QFile::exists(file));

    MessageBox::setNextAnswer(true);
    click("presetDeleteButton");
    QVERIFY(!listNames().contains(QStringLiteral("Shared")));

    FileDialog::setNextFileName(file);
    click("presetImportButton");
    QVERIFY(listNames().contains(QStringLiteral("Shared")));
    const Preset* imported = m_window->presetPanel()->store().find("Shared");
    QVERIFY(imported);
    QCOMPARE(imported->spec, saved);
    QCOMPARE(m_window->presetPanel()->selectedName(), QStringLiteral("Shared"));
}

void TestGuiPresets::renameDuplicateDelete()
{
    startWindow();
    InputDialog::setNextAnswer(QStringLiteral("First"));
    click("presetSaveButton");
    InputDialog::setNextAnswer(QStringLiteral("Second"));
    click("presetDuplicateButton");
    QVERIFY(listNames().contains(QStringLiteral("First")));
    QVERIFY(listNames().contains(QStringLiteral("Second")));
    QVERIFY(m_window->presetPanel()->selectPreset(QStringLiteral("First")));
    InputDialog::setNextAnswer(QStringLiteral("Renamed"));
    click("presetRenameButton");
    QVERIFY(!listNames().contains(QStringLiteral("First")));
    QVERIFY(listNames().contains(QStringLiteral("Renamed")));

    // Deleting asks; "No" keeps it.
    QVERIFY(m_window->presetPanel()->selectPreset(QStringLiteral("Second")));
    MessageBox::setNextAnswer(false);
    click("presetDeleteButton");
    QVERIFY(listNames().contains(QStringLiteral("Second")));
    QVERIFY(MessageBox::lastMessage().contains(QStringLiteral("Second")));
    MessageBox::setNextAnswer(true);
    click("presetDeleteButton");
    QVERIFY(!listNames().contains(QStringLiteral("Second")));

    // A bad name comes back as a message, and nothing is written.
    const int files = QDir(presetsDir()).entryList(QDir::Files).size();
    InputDialog::setNextAnswer(QStringLiteral("   "));
    click("presetSaveButton");
    QVERIFY(!MessageBox::lastMessage().isEmpty());
    QCOMPARE(QDir(presetsDir()).entryList(QDir::Files).size(), files);
}

void TestGuiPresets::builtinsAreReadOnly()
{
    startWindow();
    const QStringList names = listNames();
    QVERIFY(names.contains(QString::fromUtf8("Llama 3.1 70B, 128K × 10 (built-in)")));
    QVERIFY(m_window->presetPanel()->selectPreset(QString::fromUtf8("FlexGen: OPT-175B on one T4")));
    QVERIFY(!find<QPushButton>(m_window.get(), "presetDeleteButton")->isEnabled());
    QVERIFY(!find<QPushButton>(m_window.get(), "presetRenameButton")->isEnabled());
    QVERIFY(find<QPushButton>(m_window.get(), "presetLoadButton")->isEnabled());
    click("presetLoadButton");
    m_window->controller()->flush();
    QCOMPARE(m_window->controller()->spec().workload, std::string("flexgen"));
}

void TestGuiPresets::corruptPresetReportedAndUntouched()
{
    {
        PresetStore store;
        ScenarioSpec spec;
        spec.workload = "chat";
        QVERIFY(store.save("Good one", spec).ok());
    }
    const QString broken = QDir(presetsDir()).filePath(QStringLiteral("broken.json"));
    {
        QFile f(broken);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"schema\": \"kvtiers-preset\", \"schema_version\": 1, \"name\": \"Trunc");
    }
    const QByteArray before = sha(broken);

    startWindow(false);
    // Unreadable files are reported: the panel opens by itself and names the file.
    QTRY_VERIFY(m_window->presetPanel()->isVisible());
    auto* problems = find<QLabel>(m_window.get(), "presetProblems");
    QVERIFY(problems->isVisible());
    QVERIFY(m_window->statusBar()->currentMessage().contains(QStringLiteral("broken.json")));
    QVERIFY2(problems->text().contains(QStringLiteral("broken.json")), qPrintable(problems->text()));
    QVERIFY(listNames().contains(QStringLiteral("Good one")));

    // Working with the store does not touch the broken file.
    InputDialog::setNextAnswer(QStringLiteral("Another"));
    click("presetSaveButton");
    QVERIFY(m_window->presetPanel()->selectPreset(QStringLiteral("Good one")));
    click("presetLoadButton");
    QVERIFY(QFile::exists(broken));
    QCOMPARE(sha(broken), before);
    QVERIFY(find<QLabel>(m_window.get(), "presetProblems")->text().contains(QStringLiteral("broken.json")));
}

void TestGuiPresets::compareViewShowsDeepSeekDeltas()
{
    startWindow();
    auto* view = m_window->compareView();
    QCOMPARE(view->objectName(), QStringLiteral("compareView"));
    auto* model = view->tableModel();
    QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);

    QVERIFY(view->selectComparison(kDeepSeek6));
    QVERIFY(view->comparison().has_value());
    const int row = model->row("kv_bytes_per_token");
    QVERIFY(row >= 0);
    const int rel = model->column(1, CompareTableModel::CellKind::Relative);
    QCOMPARE(model->index(row, rel).data().toString(), QString::fromUtf8("−93.3%"));
    QVERIFY(model->headerData(rel, Qt::Horizontal).toString().contains(QStringLiteral("B")));
    QCOMPARE(view->chart()->scenarioCount(), 2);
    QVERIFY(view->chart()->axisTop() >= view->chart()->usedBytes(Tier::Hbm, 0));

    QVERIFY(view->selectComparison(kDeepSeek16));
    QCOMPARE(model->index(model->row("kv_bytes_per_token"), rel).data().toString(), QString::fromUtf8("−82.2%"));
    QVERIFY(model->index(row, model->column(1, CompareTableModel::CellKind::Absolute))
                .data()
                .toString()
                .startsWith(QChar(0x2212)));

    // Shown and grabbed, as a user sees it.
    view->show();
    QVERIFY(QTest::qWaitForWindowExposed(view));
    const QString out = qEnvironmentVariable("KVTIERS_SCREENSHOT_DIR");
    if (!out.isEmpty())
        view->grab().save(QDir(out).filePath(QStringLiteral("compare-view.png")));
}

void TestGuiPresets::compareByTickingPresets()
{
    startWindow();
    auto* view = m_window->compareView();
    auto* list = find<QListWidget>(view, "comparePresetList");
    QAbstractItemModelTester tester(view->tableModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(list->count() >= 5);
    for (int i = 0; i < 5; ++i)
        list->item(i)->setCheckState(Qt::Checked);
    QCOMPARE(view->picked().size(), 4); // a fifth is refused
    QCOMPARE(list->item(4)->checkState(), Qt::Unchecked);
    QVERIFY(view->comparison().has_value());
    QCOMPARE(view->tableModel()->columnCount(), 1 + 4 + 2 * 3);
    list->item(0)->setCheckState(Qt::Unchecked);
    list->item(1)->setCheckState(Qt::Unchecked);
    list->item(2)->setCheckState(Qt::Unchecked);
    QVERIFY(!view->comparison().has_value());
    QCOMPARE(view->tableModel()->rowCount(), 0);
}

void TestGuiPresets::fileMenuExports()
{
    startWindow();
    m_window->setExportOptions(ExportOptions { 800, 450, 2.0 });
    const QString png = m_files.filePath(QStringLiteral("menu-tiers.png"));
    FileDialog::setNextFileName(png);
    find<QAction>(m_window.get(), "exportTierChartAction")->trigger();
    QCOMPARE(QImage(png).size(), QSize(1600, 900));
    QCOMPARE(find<QAction>(m_window.get(), "exportTierChartAction")->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_E));

    const QString csv = m_files.filePath(QStringLiteral("menu-sweep.csv"));
    FileDialog::setNextFileName(csv);
    find<QAction>(m_window.get(), "exportSweepAction")->trigger();
    QFile f(csv);
    QVERIFY(f.open(QIODevice::ReadOnly | QIODevice::Text));
    const QList<QByteArray> rows = f.readAll().trimmed().split('\n');
    QCOMPARE(rows.size(), 1 + ScenarioController::kSweepPoints);

    const QString json = m_files.filePath(QStringLiteral("menu-scenario.json"));
    FileDialog::setNextFileName(json);
    find<QAction>(m_window.get(), "exportJsonAction")->trigger();
    QFile j(json);
    QVERIFY(j.open(QIODevice::ReadOnly));
    QVERIFY(j.readAll().contains("\"kv_bytes_per_token\""));

    // The comparison: from the compare view, picked by the user.
    QVERIFY(m_window->compareView()->selectComparison(kDeepSeek6));
    const QString svg = m_files.filePath(QStringLiteral("menu-compare.svg"));
    FileDialog::setNextFileName(svg);
    find<QAction>(m_window.get(), "exportComparisonAction")->trigger();
    QFile s(svg);
    QVERIFY(s.open(QIODevice::ReadOnly));
    QVERIFY(s.read(5) == "<?xml");

    // Export size from the menu, via the input seam.
    InputDialog::setNextAnswer(QStringLiteral("640x360@1.5"));
    find<QAction>(m_window.get(), "exportSizeAction")->trigger();
    QCOMPARE(m_window->exportOptions().width, 640);
    QCOMPARE(m_window->exportOptions().scale, 1.5);
    const QString small = m_files.filePath(QStringLiteral("menu-small.png"));
    FileDialog::setNextFileName(small);
    find<QAction>(m_window.get(), "exportTierChartAction")->trigger();
    QCOMPARE(QImage(small).size(), QSize(960, 540));

    find<QAction>(m_window.get(), "copyChartAction")->trigger();
}

void TestGuiPresets::exportErrorIsShown()
{
    startWindow();
    const QString bad = m_files.filePath(QStringLiteral("missing-folder/x.png"));
    FileDialog::setNextFileName(bad);
    find<QAction>(m_window.get(), "exportTierChartAction")->trigger();
    QVERIFY(MessageBox::lastMessage().contains(QStringLiteral("x.png")));
    QVERIFY(m_window->statusBar()->currentMessage().contains(QStringLiteral("x.png")));
}

void TestGuiPresets::storeOutcomesInBothLanguages()
{
    const QByteArray truncated("{\"schema\": \"kvtiers-preset\", \"schema_version\": 1, \"name\": \"Tru");
    // A preset a colleague sent whose scenario does not resolve (TP 3 on 8-GPU servers).
    const QString sent = m_files.filePath(QStringLiteral("tp-three.json"));
    writeFile(sent,
        "{\"schema\": \"kvtiers-preset\", \"schema_version\": 1, \"name\": \"tp three\", "
        "\"scenario\": {\"workload\": \"article\", \"overrides\": {\"tp\": 3}}}");
    const std::string builtin = "FlexGen: OPT-175B on one T4";

    for (const QString& language : { kLanguageEnglish, kLanguageKorean }) {
        const bool english = language == kLanguageEnglish;
        // An unreadable file in the folder, next to nothing else.
        QDir(presetsDir()).removeRecursively();
        QVERIFY(QDir().mkpath(presetsDir()));
        const QString broken = QDir(presetsDir()).filePath(QStringLiteral("broken.json"));
        writeFile(broken, truncated);
        const QByteArray before = sha(broken);

        installTranslator(language);
        startWindow(false);
        QTRY_VERIFY(m_window->presetPanel()->isVisible()); // it opens by itself to show the file
        PresetPanel* panel = m_window->presetPanel();
        auto* bar = m_window->statusBar();

        // The skipped file: listed in the panel and the status bar.
        QCOMPARE(panel->store().problems().size(), size_t(1));
        const QString reason = QString::fromStdString(panel->store().problems().front().reason);
        QCOMPARE(panel->problemTexts().size(), qsizetype(1));
        const QString problem = panel->problemTexts().front();
        QVERIFY2(find<QLabel>(m_window.get(), "presetProblems")->text().contains(problem.toHtmlEscaped()),
            qPrintable(find<QLabel>(m_window.get(), "presetProblems")->text()));
        QVERIFY2(bar->currentMessage().contains(problem), qPrintable(bar->currentMessage()));
        if (english) {
            QCOMPARE(problem, reason);
        } else {
            QVERIFY2(hasHangul(problem) && problem != reason, qPrintable(problem));
            QVERIFY2(problem.contains(broken), qPrintable(problem));
        }

        // Each failure: the message box and the status bar say the same; in English it is
        // the store's own sentence (asked of a second store on the same folder, which fails
        // the same way and writes nothing).
        auto shows = [&](const Status& expected, const char* what) {
            QVERIFY2(!expected.ok(), what);
            const QString shown = MessageBox::lastMessage();
            QCOMPARE(bar->currentMessage(), shown);
            if (english) {
                QCOMPARE(shown, QString::fromStdString(expected.error));
            } else {
                QVERIFY2(hasHangul(shown), qPrintable(QStringLiteral("%1: %2").arg(QLatin1String(what), shown)));
                QVERIFY2(shown != QString::fromStdString(expected.error), qPrintable(shown));
            }
        };
        const ScenarioSpec spec = m_window->controller()->spec();

        InputDialog::setNextAnswer(QStringLiteral("Mine"));
        click("presetSaveButton");
        QVERIFY(listNames().contains(QStringLiteral("Mine")));
        PresetStore reference;

        // A bad name: only spaces, then too long.
        InputDialog::setNextAnswer(QStringLiteral("   "));
        click("presetSaveButton");
        shows(reference.save("", spec), "empty name");
        QVERIFY(panel->selectPreset(QStringLiteral("Mine")));
        const QString longName(81, u'L');
        InputDialog::setNextAnswer(longName);
        click("presetRenameButton");
        shows(reference.rename("Mine", longName.toStdString()), "long name");
        if (!english)
            QVERIFY2(MessageBox::lastMessage().contains(QStringLiteral("80")), qPrintable(MessageBox::lastMessage()));

        // A name clash: a copy of "Mine" called "Mine".
        QVERIFY(panel->selectPreset(QStringLiteral("Mine")));
        InputDialog::setNextAnswer(QStringLiteral("Mine"));
        click("presetDuplicateButton");
        shows(reference.duplicate("Mine", "Mine"), "name clash");
        QVERIFY(MessageBox::lastMessage().contains(QStringLiteral("\"Mine\"")));

        // A read-only built-in: saving over it is refused (rename and delete are disabled).
        InputDialog::setNextAnswer(QString::fromStdString(builtin));
        click("presetSaveButton");
        shows(reference.save(builtin, spec), "built-in");
        QVERIFY(MessageBox::lastMessage().contains(QString::fromStdString(builtin)));

        // Failed imports: a scenario that does not resolve, then a name the store has.
        FileDialog::setNextFileName(sent);
        click("presetImportButton");
        shows(reference.importFile(sent.toStdString()), "import of a bad scenario");
        QVERIFY(MessageBox::lastMessage().contains(sent));
        const QString mine = m_files.filePath(QStringLiteral("mine.json"));
        QVERIFY(panel->selectPreset(QStringLiteral("Mine")));
        FileDialog::setNextFileName(mine);
        click("presetExportButton");
        QVERIFY(QFile::exists(mine));
        FileDialog::setNextFileName(mine);
        click("presetImportButton");
        shows(reference.importFile(mine.toStdString()), "import of a name the store has");

        // A failed export: onto a folder.
        QVERIFY(panel->selectPreset(QStringLiteral("Mine")));
        FileDialog::setNextFileName(m_files.path());
        click("presetExportButton");
        shows(reference.exportFile("Mine", m_files.path().toStdString()), "export onto a folder");
        QVERIFY(MessageBox::lastMessage().contains(m_files.path()));

        // A failed delete: the file went away behind the panel's back.
        const QString mineFile = QString::fromStdString(panel->store().find("Mine")->file);
        QVERIFY(QFile::remove(mineFile));
        QVERIFY(panel->selectPreset(QStringLiteral("Mine")));
        MessageBox::setNextAnswer(true);
        click("presetDeleteButton");
        shows(reference.remove("Mine"), "delete");
        QVERIFY(MessageBox::lastMessage().contains(mineFile));

        // None of it touched the unreadable file.
        QVERIFY(QFile::exists(broken));
        QCOMPARE(sha(broken), before);
        m_window.reset();
        QFile::remove(mine);
    }
}

void TestGuiPresets::everyPresetErrorIsWorded()
{
    // Outcomes the panel cannot be driven to (a disk that fails mid-write, an unexpected
    // exception) are worded too: every code, with every figure it quotes, in both languages.
    PresetErrorDetail d;
    d.name = "Mine";
    d.file = "/data/presets/mine.json";
    d.reason = "No space left on device";
    d.where = "/data/presets/mine.json.name";
    d.nameProblem = PresetError::NameTooLong;
    d.limit = 80;
    d.input = { .code = InputErrorCode::FileEmpty, .where = "/data/presets/mine.json" };
    for (const QString& language : { kLanguageEnglish, kLanguageKorean }) {
        installTranslator(language);
        for (int c = static_cast<int>(PresetError::None) + 1; c < static_cast<int>(PresetError::EndOfCodes_); ++c) {
            d.code = static_cast<PresetError>(c);
            const QString text = translated(presetErrorMessage(d));
            QVERIFY2(!text.isEmpty(), qPrintable(QString::number(c)));
            if (language == kLanguageKorean)
                QVERIFY2(hasHangul(text), qPrintable(QStringLiteral("%1: %2").arg(c).arg(text)));
        }
        d.code = PresetError::None;
        QVERIFY(translated(presetErrorMessage(d)).isEmpty());
    }
    // A carried InputError without a structured form: its English, as it is.
    const Status uncoded = Status::failure({ .code = PresetError::FileInvalid,
        .file = "x.json",
        .input = { .code = InputErrorCode::Uncoded, .detail = "x.json: something new" } });
    QCOMPARE(uncoded.error, std::string("x.json: something new"));
    QCOMPARE(translated(uncoded.message()), QStringLiteral("x.json: something new"));
    QVERIFY(translated(Status {}.message()).isEmpty());
}

void TestGuiPresets::compareTableInBothLanguages()
{
    const QChar minus(0x2212);
    for (const QString& language : { kLanguageEnglish, kLanguageKorean }) {
        const bool english = language == kLanguageEnglish;
        installTranslator(language);
        startWindow(false);
        CompareView* view = m_window->compareView();
        CompareTableModel* model = view->tableModel();
        QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(view->selectComparison(kDeepSeek6));
        const ScenarioComparison& c = *view->comparison();
        QCOMPARE(model->rowCount(), 12);
        QCOMPARE(model->rowCount(), static_cast<int>(c.figures.size()));

        // The Figure column: in English the core's label (what the CLI and the CSV print),
        // in Korean Korean words for every figure.
        for (int r = 0; r < model->rowCount(); ++r) {
            const ComparedFigure& f = c.figures[static_cast<size_t>(r)];
            const QModelIndex cell = model->index(r, CompareTableModel::FigureColumn);
            const QString shown = cell.data().toString();
            QCOMPARE(cell.data(Qt::ToolTipRole).toString(), shown);
            QCOMPARE(cell.data(CompareTableModel::FigureKeyRole).toString(), QString::fromStdString(f.key));
            if (english)
                QCOMPARE(shown, QString::fromStdString(f.label));
            else
                QVERIFY2(hasHangul(shown), qPrintable(QStringLiteral("%1: %2").arg(qs(f.key), shown)));
        }

        // Differences: the sign sits on the number, whichever side the unit goes
        // ("−55.18 tok/s", Korean "초당 −55.18토큰", never "−초당 55.18토큰").
        const int absolute = model->column(1, CompareTableModel::CellKind::Absolute);
        const int relative = model->column(1, CompareTableModel::CellKind::Relative);
        for (int r = 0; r < model->rowCount(); ++r) {
            const QString text = model->index(r, absolute).data().toString();
            const qsizetype sign = std::max(text.indexOf(minus), text.indexOf(u'+'));
            if (sign >= 0)
                QVERIFY2(sign + 1 < text.size() && text.at(sign + 1).isDigit(), qPrintable(text));
        }
        const int tokens = model->row("tokens_per_second");
        QVERIFY(tokens >= 0);
        const double delta = c.figures[static_cast<size_t>(tokens)].absolute[1];
        QVERIFY(delta != 0);
        const QString tokensDelta = model->index(tokens, absolute).data().toString();
        const QString signedNumber
            = (delta < 0 ? QString(minus) : QStringLiteral("+")) + qs(formatSignificant(std::fabs(delta), 4));
        QVERIFY2(tokensDelta.contains(signedNumber), qPrintable(tokensDelta));
        if (english)
            QCOMPARE(tokensDelta, signedNumber + QStringLiteral(" tok/s"));

        // The headers: B − A (the difference) and B vs A (relative) read differently.
        const QString absoluteHeader = model->headerData(absolute, Qt::Horizontal).toString();
        const QString relativeHeader = model->headerData(relative, Qt::Horizontal).toString();
        if (english) {
            QCOMPARE(absoluteHeader, QStringLiteral("B %1 A").arg(minus));
            QCOMPARE(relativeHeader, QStringLiteral("B vs A"));
        } else {
            QVERIFY2(!absoluteHeader.trimmed().endsWith(minus), qPrintable(absoluteHeader));
            QVERIFY2(relativeHeader.contains(u'%'), qPrintable(relativeHeader));
            QVERIFY2(hasHangul(relativeHeader), qPrintable(relativeHeader));
        }
        QVERIFY(absoluteHeader.contains(u'B') && relativeHeader.contains(u'B'));
        QVERIFY(absoluteHeader != relativeHeader);

        // KVTIERS_GRAB_DIR=dir: save what the user sees, for a look at the words.
        if (const QString dir = qEnvironmentVariable("KVTIERS_GRAB_DIR"); !dir.isEmpty()) {
            view->show();
            QVERIFY(QTest::qWaitForWindowExposed(view));
            QTest::qWait(100);
            view->grab().save(QDir(dir).filePath(QStringLiteral("compare-table-%1.png").arg(language)));
            find<QTableView>(view, "compareTable")->scrollToBottom();
            QTest::qWait(50);
            view->grab().save(QDir(dir).filePath(QStringLiteral("compare-table-%1-end.png").arg(language)));
        }
        m_window.reset();
    }
}

void TestGuiPresets::emptyCompareChartHasNoByteTicks()
{
    startWindow(false);
    CompareView* view = m_window->compareView();
    view->show();
    QVERIFY(QTest::qWaitForWindowExposed(view));
    QCustomPlot* plot = view->chart()->plot();
    QCPAxis* bytes = plot->axisRects().at(0)->axis(QCPAxis::atLeft);
    QCPAxis* scenarios = plot->axisRects().at(0)->axis(QCPAxis::atBottom);
    auto isByteLabel = [](const QString& label) { return label == u'0' || label.endsWith(u'B'); };

    // Nothing picked: no "1 B … 5 B" on the value axis, no "0 … 5" under it.
    QVERIFY(!view->comparison());
    QCOMPARE(drawnTickLabels(bytes), QStringList());
    QCOMPARE(drawnTickLabels(scenarios), QStringList());

    // A comparison: byte ticks and A/B under the bars.
    QVERIFY(view->selectComparison(kDeepSeek6));
    const QStringList ticks = drawnTickLabels(bytes);
    QVERIFY(ticks.size() >= 2);
    QVERIFY2(std::all_of(ticks.begin(), ticks.end(), isByteLabel), qPrintable(ticks.join(u' ')));
    QVERIFY(drawnTickLabels(scenarios).contains(QStringLiteral("B")));

    // Unpicked again, and after a units switch redraws the empty chart: nothing again.
    view->setPicked({});
    QVERIFY(!view->comparison());
    QCOMPARE(drawnTickLabels(bytes), QStringList());
    view->redisplay();
    QCOMPARE(drawnTickLabels(bytes), QStringList());
    QCOMPARE(drawnTickLabels(scenarios), QStringList());
    if (const QString dir = qEnvironmentVariable("KVTIERS_GRAB_DIR"); !dir.isEmpty())
        view->grab().save(QDir(dir).filePath(QStringLiteral("compare-empty.png")));
}

QTEST_MAIN(TestGuiPresets)
#include "tst_gui_presets.moc"
