// What a new user hit, checked on the real main window offscreen: Ctrl+Z in a field,
// percent fields, MLA's replicated hot set, a replica spanning servers, the concurrency
// error's unit, "1 GPU", picker popups wide enough to tell cards apart, and a 1280×800
// window in English and Korean where no label or table header is cut without its whole
// in a tooltip. (Text drawn inside the charts, legends and bar labels, is not checked.)

#include "core/catalog/CardCatalog.h"
#include "core/io/Csv.h"
#include "core/report/ResultCsv.h"
#include "tests/support/TestHome.h"
#include "ui/app/Language.h"
#include "ui/app/MainWindow.h"
#include "ui/common/WidgetFit.h"
#include "ui/dialogs/FileDialog.h"
#include "ui/dialogs/MessageBox.h"
#include "ui/dialogs/ModelImportDialog.h"
#include "ui/scenario/ScenarioController.h"
#include "ui/trace/TraceView.h"
#include "ui/widgets/CardPicker.h"
#include "ui/widgets/PercentInput.h"
#include "ui/widgets/WrappingHeaderView.h"

#include <QAbstractItemView>
#include <QAbstractScrollArea>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMimeData>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSpinBox>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QTimer>
#include <QToolButton>
#include <QUndoStack>
#include <QtTest>
#include <qcustomplot.h>

#include <memory>

using namespace kvtiers;
using namespace kvtiers::ui;

class TestGuiDesktop : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init()
    {
        kvtiers::test::clearTestHome();
        installTranslator(kLanguageEnglish);
    }
    void cleanup()
    {
        m_window.reset();
        installTranslator(kLanguageEnglish);
    }

    void undoAndRedoWorkWhileAFieldHasFocus();
    void percentFieldsReadThirtyAlike();
    void percentRule();
    void mlaAtTp8ShowsBothHotSetFigures();
    void tpBeyondOneServerWarns();
    void concurrencyErrorSaysSequences();
    void oneGpuPerServerIsSingular();
    void pickerPopupsShowWholeNames();
    void pickersGroupByFamilyAndVendor();
    void scenarioWithoutWorkloadSaysSo();
    void f1ExplainsTheModel();
    void weightFormatIsAControl();
    void tierTableExportsAsCsv();
    void droppedFilesOpenAsWhatTheyAre();
    void fileDialogsRememberTheLastFolder();
    void nothingCutAt1280x800_data();
    void nothingCutAt1280x800();

private:
    template <typename T> T* find(const char* name)
    {
        auto* w = m_window->findChild<T*>(QString::fromLatin1(name));
        if (!w)
            qFatal("no widget named %s", name);
        return w;
    }
    void startWindow(int width = 1400, int height = 900)
    {
        m_window = std::make_unique<MainWindow>();
        m_window->resize(width, height);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        QTRY_VERIFY(m_window->controller()->hasResult());
    }
    void typeInto(QLineEdit* edit, const QString& text)
    {
        edit->setFocus();
        QTRY_VERIFY(edit->hasFocus());
        edit->selectAll();
        QTest::keyClicks(edit, text);
        QTest::keyClick(edit, Qt::Key_Return);
        m_window->controller()->flush();
    }
    QString statusText() { return m_window->statusBar()->currentMessage(); }
    std::unique_ptr<MainWindow> m_window;
};

void TestGuiDesktop::undoAndRedoWorkWhileAFieldHasFocus()
{
    startWindow();
    auto* context = find<QLineEdit>("contextEdit");
    typeInto(context, QStringLiteral("32k"));
    QTRY_COMPARE(m_window->controller()->scenario().workload.context, 32768.0);
    QVERIFY(context->hasFocus());
    // The cursor is still in the field: Ctrl+Z undoes the scenario edit.
    QTest::keyClick(context, Qt::Key_Z, Qt::ControlModifier);
    QTRY_COMPARE(m_window->controller()->scenario().workload.context, 131072.0);
    QVERIFY(context->hasFocus());
    QTRY_COMPARE(context->text(), QStringLiteral("128K"));
    QTest::keyClick(context, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    QTRY_COMPARE(m_window->controller()->scenario().workload.context, 32768.0);

    // Typing not yet committed is the field's own to undo first.
    context->selectAll();
    QTest::keyClicks(context, QStringLiteral("64k"));
    QTest::keyClick(context, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(m_window->controller()->scenario().workload.context, 32768.0);
    QVERIFY(context->text() != QStringLiteral("64k"));

    // A spin box: the value committed with Enter, then Ctrl+Z in it.
    m_window->controller()->undoStack()->clear();
    auto* tp = find<QSpinBox>("tpSpin");
    tp->setVisible(true);
    tp->setFocus();
    QTRY_VERIFY(tp->hasFocus());
    tp->selectAll();
    QTest::keyClicks(tp, QStringLiteral("4"));
    QTest::keyClick(tp, Qt::Key_Return);
    QTRY_COMPARE(m_window->controller()->scenario().tp(), 4);
    QTest::keyClick(tp, Qt::Key_Z, Qt::ControlModifier);
    QTRY_COMPARE(m_window->controller()->scenario().tp(), 8);
}

void TestGuiDesktop::percentRule()
{
    QCOMPARE(readPercentInput(QStringLiteral("30"), "reuse"), 0.3);
    QCOMPARE(readPercentInput(QStringLiteral("30%"), "reuse"), 0.3);
    QCOMPARE(readPercentInput(QStringLiteral(" 30 % "), "reuse"), 0.3);
    QCOMPARE(readPercentInput(QStringLiteral("0.3"), "reuse"), 0.3);
    QCOMPARE(readPercentInput(QStringLiteral("1"), "reuse"), 1.0);
    QCOMPARE(readPercentInput(QStringLiteral("0.5%"), "reuse"), 0.005);
    QVERIFY_THROWS_EXCEPTION(InputError, readPercentInput(QStringLiteral("150"), "reuse"));
    QVERIFY_THROWS_EXCEPTION(InputError, readPercentInput(QStringLiteral("abc"), "reuse"));
}

void TestGuiDesktop::percentFieldsReadThirtyAlike()
{
    startWindow();
    auto* reuse = find<QLineEdit>("reuseEdit");
    for (const QString& typed : { QStringLiteral("30"), QStringLiteral("30%"), QStringLiteral("0.3") }) {
        m_window->controller()->resetToArticle();
        m_window->controller()->flush();
        typeInto(reuse, typed);
        QTRY_COMPARE(m_window->controller()->scenario().workload.reuseRate, 0.3);
        QCOMPARE(reuse->text(), QStringLiteral("30%"));
        QVERIFY2(
            statusText().contains(QStringLiteral("“") + typed + QStringLiteral("” as 30%")), qPrintable(statusText()));
    }
    // Out of range: refused, with the reason.
    typeInto(reuse, QStringLiteral("150"));
    QVERIFY2(statusText().contains(QStringLiteral("150%")), qPrintable(statusText()));
    QCOMPARE(m_window->controller()->scenario().workload.reuseRate, 0.3);

    // The offload spin box reads the same way.
    m_window->findChild<QWidget*>(QStringLiteral("advancedPanel"))->setVisible(true);
    auto* offload = find<QDoubleSpinBox>("offloadRateSpin");
    auto* offloadEdit = offload->findChild<QLineEdit*>();
    for (const QString& typed : { QStringLiteral("30"), QStringLiteral("0.3"), QStringLiteral("30%") }) {
        find<QLineEdit>("contextEdit")->setFocus(); // a focused spin box is not overwritten
        m_window->controller()->setOverride("offload_rate", 1.0);
        m_window->controller()->flush();
        QTRY_COMPARE(offload->value(), 100.0);
        typeInto(offloadEdit, typed);
        QTRY_COMPARE(m_window->controller()->scenario().workload.offloadRate, 0.3);
        QVERIFY2(statusText().contains(QStringLiteral("as 30%")), qPrintable(statusText()));
    }
}

void TestGuiDesktop::mlaAtTp8ShowsBothHotSetFigures()
{
    startWindow();
    m_window->controller()->selectModel("deepseek-v2");
    m_window->controller()->setOverride("tp", 8);
    m_window->controller()->flush();
    QTRY_COMPARE(m_window->controller()->scenario().model.id, std::string("deepseek-v2"));
    const EvalResult& r = m_window->controller()->result();
    QVERIFY(r.hotSetAllocatedBytes > 7 * r.hotSetBytes);
    // Several warnings fold into one line; the user opens the rest.
    QTRY_VERIFY(find<QWidget>("warningsBar")->isVisible());
    if (auto* more = find<QToolButton>("warningsToggle"); more->isVisible())
        more->click();
    auto* notes = find<QLabel>("warningsLabel");
    QTRY_VERIFY(notes->isVisible());
    QVERIFY2(notes->text().contains(QStringLiteral("per copy")), qPrintable(notes->text()));
    QVERIFY2(notes->text().contains(QStringLiteral("8 TP GPUs")), qPrintable(notes->text()));
    // At TP 1 there is one copy: no note.
    m_window->controller()->setOverride("tp", 1);
    m_window->controller()->flush();
    QTRY_VERIFY(!notes->text().contains(QStringLiteral("per copy")));
}

void TestGuiDesktop::tpBeyondOneServerWarns()
{
    startWindow();
    m_window->controller()->selectHardware("gh200");
    m_window->controller()->flush();
    QTRY_COMPARE(m_window->controller()->scenario().hardware.id, std::string("gh200"));
    QVERIFY(m_window->controller()->scenario().tp() > m_window->controller()->scenario().hardware.gpusPerServer);
    auto* notes = find<QLabel>("warningsLabel");
    QTRY_VERIFY(notes->isVisible());
    QVERIFY2(notes->text().contains(QStringLiteral("one replica spans 8 servers")), qPrintable(notes->text()));
    m_window->controller()->setOverride("tp", 1);
    m_window->controller()->flush();
    QTRY_VERIFY(!notes->text().contains(QStringLiteral("spans")));
}

void TestGuiDesktop::concurrencyErrorSaysSequences()
{
    startWindow();
    typeInto(find<QLineEdit>("concurrencyEdit"), QStringLiteral("2e13"));
    QVERIFY2(statusText().contains(QStringLiteral("sequences")), qPrintable(statusText()));
    QVERIFY2(!statusText().contains(QStringLiteral("tokens")), qPrintable(statusText()));
    typeInto(find<QLineEdit>("concurrencyEdit"), QStringLiteral("1.5"));
    QVERIFY2(statusText().contains(QStringLiteral("whole number of sequences")), qPrintable(statusText()));
}

void TestGuiDesktop::oneGpuPerServerIsSingular()
{
    startWindow();
    m_window->controller()->selectHardware("gh200");
    m_window->controller()->setOverride("tp", 1);
    m_window->controller()->flush();
    auto* scope = find<QComboBox>("scopeCombo");
    scope->setCurrentIndex(2); // per server
    auto* plot = find<QWidget>("tierChart")->findChild<QCustomPlot*>();
    QVERIFY(plot);
    QString title;
    QTRY_VERIFY([&] {
        auto* t = qobject_cast<QCPTextElement*>(plot->plotLayout()->element(0, 0));
        title = t ? t->text() : QString();
        return title.contains(QStringLiteral("per server"));
    }());
    QVERIFY2(title.contains(QStringLiteral("(1 GPU)")), qPrintable(title));
}

void TestGuiDesktop::pickerPopupsShowWholeNames()
{
    startWindow();
    auto* hardware = find<QComboBox>("hardwareCombo");
    QAbstractItemView* view = hardware->view();
    QCOMPARE(view->textElideMode(), Qt::ElideRight);
    const QFontMetrics metrics(view->font());
    for (int i = 0; i < hardware->count(); ++i) {
        QVERIFY2(
            view->minimumWidth() > metrics.horizontalAdvance(hardware->itemText(i)), qPrintable(hardware->itemText(i)));
        // The tooltip is the whole name; an announced card's adds a line saying so.
        const QString tip = hardware->itemData(i, Qt::ToolTipRole).toString();
        if (hardware->itemText(i).endsWith(QStringLiteral("(announced)")))
            QVERIFY2(tip.startsWith(hardware->itemText(i) + u'\n') && tip.contains(QStringLiteral("Announced")),
                qPrintable(tip));
        else
            QCOMPARE(tip, hardware->itemText(i));
    }
}

void TestGuiDesktop::pickersGroupByFamilyAndVendor()
{
    startWindow();
    // The header a card sits under: the nearest header row above it.
    const auto groupOf = [](QComboBox* combo, const QString& id) {
        for (int i = combo->findData(id); i >= 0; --i)
            if (isPickerHeader(combo, i))
                return combo->itemText(i);
        return QString();
    };
    auto* hardware = find<QComboBox>("hardwareCombo");
    QCOMPARE(groupOf(hardware, QStringLiteral("mi355x")), QStringLiteral("AMD"));
    QCOMPARE(groupOf(hardware, QStringLiteral("gb300-nvl72")), QStringLiteral("NVIDIA"));
    // Grouped by the card's vendor; a card built on an announcement says so in its row.
    QCOMPARE(groupOf(hardware, QStringLiteral("tpu7x")), QStringLiteral("Google"));
    QCOMPARE(groupOf(hardware, QStringLiteral("trainium3")), QStringLiteral("AWS"));
    QVERIFY(hardware->itemText(hardware->findData(QStringLiteral("vr-nvl72"))).endsWith(QStringLiteral("(announced)")));
    QVERIFY(!hardware->itemText(hardware->findData(QStringLiteral("tpu7x"))).contains(QStringLiteral("announced")));
    auto* model = find<QComboBox>("modelCombo");
    QCOMPARE(groupOf(model, QStringLiteral("deepseek-v3")), QStringLiteral("DeepSeek"));
    QCOMPARE(groupOf(model, QStringLiteral("glm-4.5-air")), QStringLiteral("GLM"));
    QCOMPARE(groupOf(model, QStringLiteral("mixtral-8x7b")), QStringLiteral("Mistral"));
    QCOMPARE(groupOf(model, QStringLiteral("qwen3-next-80b-a3b")), QStringLiteral("Qwen"));

    // Every card is listed once, under a header; a header is not a card and cannot be picked.
    const CardCatalog& catalog = CardCatalog::builtin();
    int headers = 0;
    for (int i = 0; i < model->count(); ++i) {
        if (isPickerHeader(model, i)) {
            ++headers;
            QVERIFY(!(model->model()->flags(model->model()->index(i, 0)) & Qt::ItemIsEnabled));
            QVERIFY(model->itemData(i).toString().isEmpty());
        }
    }
    QCOMPARE(model->count() - headers, static_cast<int>(catalog.models().size()));
    QVERIFY(headers >= 10); // Llama, Qwen, DeepSeek, Gemma, Mistral, GLM, gpt-oss, ...

    // Typing completes over the cards, never a header.
    model->setFocus();
    model->lineEdit()->selectAll();
    QTest::keyClicks(model->lineEdit(), QStringLiteral("Kimi"));
    QAbstractItemModel* completions = model->completer()->completionModel();
    QTRY_VERIFY(completions->rowCount() >= 1);
    for (int r = 0; r < completions->rowCount(); ++r)
        QVERIFY2(completions->index(r, 0).data().toString() != QStringLiteral("Kimi"), "a header was offered");
    const QString kimi = QString::fromStdString(catalog.models().at("kimi-k2").name);
    QTest::keyClicks(model->lineEdit(), kimi.mid(4));
    QTest::keyClick(model->lineEdit(), Qt::Key_Return);
    QTRY_COMPARE(m_window->controller()->scenario().model.id, std::string("kimi-k2"));

    // The arrow keys step over headers: from the last AMD card down is the first NVIDIA one.
    hardware->setCurrentIndex(hardware->findData(QStringLiteral("mi355x")));
    QTRY_COMPARE(m_window->controller()->scenario().hardware.id, std::string("mi355x"));
    hardware->setFocus();
    QTest::keyClick(hardware, Qt::Key_Down);
    QVERIFY(!isPickerHeader(hardware, hardware->currentIndex()));
    QTRY_VERIFY(m_window->controller()->scenario().hardware.id != "mi355x");
    QVERIFY(!m_window->controller()->scenario().hardware.id.empty());
}

void TestGuiDesktop::scenarioWithoutWorkloadSaysSo()
{
    startWindow();
    ScenarioSpec spec;
    spec.model = "llama-3.1-8b";
    spec.hardware = "h100-sxm";
    m_window->controller()->setInput(spec);
    auto* workload = find<QComboBox>("workloadCombo");
    QTRY_COMPARE(m_window->controller()->scenario().model.id, std::string("llama-3.1-8b"));
    QCOMPARE(workload->currentIndex(), -1);
    QVERIFY(workload->lineEdit()->text().isEmpty());
    QCOMPARE(workload->lineEdit()->placeholderText(), QStringLiteral("none (knobs set one by one)"));
}

void TestGuiDesktop::f1ExplainsTheModel()
{
    startWindow();
    auto* action = find<QAction>("modelHelpAction");
    QCOMPARE(action->shortcut(), QKeySequence(QKeySequence::HelpContents));
    QVERIFY(find<QAction>("aboutAction")->shortcut().isEmpty());
    action->trigger();
    auto* browser = find<QTextBrowser>("modelHelpBrowser");
    QTRY_VERIFY(browser->isVisible());
    const QString text = browser->toPlainText();
    // docs/model.md as compiled in: its sections and a formula with its source.
    QVERIFY2(text.contains(QStringLiteral("The model, as implemented")), qPrintable(text.left(300)));
    QVERIFY(text.contains(QStringLiteral("Placement across tiers")));
    QVERIFY(text.contains(QStringLiteral("SlidingWindowSpec")));
    // Rendered, not shown as Markdown source.
    QVERIFY(!text.contains(QStringLiteral("## 1. Inputs")));
    // A second F1 brings back the same dialog.
    action->trigger();
    QCOMPARE(m_window->findChildren<QTextBrowser*>(QStringLiteral("modelHelpBrowser")).size(), 1);
}

void TestGuiDesktop::weightFormatIsAControl()
{
    startWindow();
    auto* model = find<QComboBox>("modelCombo");
    model->setCurrentIndex(model->findData(QStringLiteral("deepseek-v3")));
    QTRY_COMPARE(m_window->controller()->scenario().model.id, std::string("deepseek-v3"));
    auto* weights = find<QComboBox>("weightBitsCombo");
    // DeepSeek-V3 ships FP8 weights (its config's quantization_config): 8 bits, marked.
    QCOMPARE(weights->currentData().toDouble(), 8.0);
    QCOMPARE(weights->currentText(), QStringLiteral("8-bit (checkpoint)"));
    const double weightBytes8 = m_window->controller()->result().weightsBytes;
    weights->setCurrentIndex(weights->findData(4.0));
    QTRY_COMPARE(m_window->controller()->scenario().weightBits(), 4.0);
    // Half the bits, half the weight bytes.
    QCOMPARE(m_window->controller()->result().weightsBytes, weightBytes8 / 2); // the whole model
    QCOMPARE(find<QAction>("undoAction")->text(), QStringLiteral("&Undo Change weight bits"));
    m_window->controller()->undoStack()->undo();
    QTRY_COMPARE(weights->currentData().toDouble(), 8.0);
    // gpt-oss ships MXFP4 experts beside BF16 layers (4.46 bits blended): its own item.
    model->setCurrentIndex(model->findData(QStringLiteral("gpt-oss-120b")));
    QTRY_COMPARE(m_window->controller()->scenario().model.id, std::string("gpt-oss-120b"));
    QVERIFY2(weights->currentText().endsWith(QStringLiteral("(checkpoint)")), qPrintable(weights->currentText()));
}

void TestGuiDesktop::tierTableExportsAsCsv()
{
    startWindow();
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("tiers.csv"));
    FileDialog::setNextFileName(path);
    find<QAction>("exportTierTableAction")->trigger();
    QFile file(path);
    QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(path));
    const QStringList lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    const Scenario& s = m_window->controller()->scenario();
    const EvalResult& r = m_window->controller()->result();
    // What the table shows: the version, the cards by name, the scenario as a preset stores it.
    QVERIFY2(lines.value(0).startsWith(QStringLiteral("# kvtiers ")), qPrintable(lines.value(0)));
    QCOMPARE(lines.value(1), QStringLiteral("# ") + QString::fromStdString(s.model.name + " on " + s.hardware.name));
    QVERIFY(lines.value(2).startsWith(QStringLiteral("# scenario: {")));
    // Then the core's table, byte for byte.
    QCOMPARE(lines.mid(3).join(QLatin1Char('\n')) + QLatin1Char('\n'), QString::fromStdString(tierTableCsv(r)));
    QVERIFY(lines.value(4).startsWith(QStringLiteral("hbm,") + QString::fromStdString(csvNumber(r.tiers.hbm.used()))));
    QVERIFY(m_window->statusBar()->currentMessage().contains(path));
}

void TestGuiDesktop::droppedFilesOpenAsWhatTheyAre()
{
    startWindow();
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    auto write = [&](const QString& name, const QByteArray& text) {
        QFile f(dir.filePath(name));
        f.open(QIODevice::WriteOnly);
        f.write(text);
        return f.fileName();
    };

    // A preset, dropped as a desktop drops it: imported and selected in the Presets panel.
    const QString preset = write(QStringLiteral("mine.json"),
        R"({"schema": "kvtiers-preset", "schema_version": 1, "name": "Dropped 8B", "scenario": {"model": "llama-3.1-8b"}})");
    QMimeData mime;
    mime.setUrls({ QUrl::fromLocalFile(preset) });
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(m_window.get(), &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(m_window.get(), &drop);
    auto* list = find<QListWidget>("presetList");
    QTRY_VERIFY(!list->findItems(QStringLiteral("Dropped 8B"), Qt::MatchExactly).isEmpty());
    QVERIFY(QFile::exists(preset)); // the user's file is read, never moved

    // A trace: the Trace tab opens on it.
    const QString trace = write(QStringLiteral("tiny.jsonl"),
        "{\"timestamp\": 0, \"input_length\": 1024, \"output_length\": 10, \"hash_ids\": [1, 2]}\n"
        "{\"timestamp\": 1000, \"input_length\": 1024, \"output_length\": 10, \"hash_ids\": [1, 2]}\n");
    QVERIFY(m_window->openDroppedFile(trace));
    auto* tabs = find<QTabWidget>("viewTabs");
    QTRY_VERIFY(tabs->currentWidget()->findChild<TraceView*>(QStringLiteral("traceView")) != nullptr);

    // A config.json: the import dialog opens with it read in.
    const QString config = write(QStringLiteral("config.json"),
        R"({"architectures": ["LlamaForCausalLM"], "model_type": "llama", "hidden_size": 4096, "intermediate_size": 14336,
            "num_attention_heads": 32, "num_hidden_layers": 32, "num_key_value_heads": 8, "vocab_size": 128256,
            "max_position_embeddings": 131072, "torch_dtype": "bfloat16"})");
    bool sawCard = false;
    QTimer::singleShot(0, m_window.get(), [&] {
        if (auto* dialog = m_window->findChild<ModelImportDialog*>()) {
            sawCard = dialog->card().has_value();
            dialog->reject();
        } else if (QWidget* modal = QApplication::activeModalWidget()) {
            modal->close();
        }
    });
    QVERIFY(m_window->openDroppedFile(config));
    QVERIFY(sawCard);

    // Something else: refused with the file named, nothing imported.
    const QString other = write(QStringLiteral("other.json"), R"({"hello": 1})");
    const int presets = list->count();
    MessageBox::setNonInteractive(true);
    QVERIFY(!m_window->openDroppedFile(other));
    QVERIFY(MessageBox::lastMessage().contains(QStringLiteral("JSON Lines")));
    QVERIFY(m_window->statusBar()->currentMessage().contains(other));
    QCOMPARE(list->count(), presets);
    QVERIFY(!m_window->openDroppedFile(dir.filePath(QStringLiteral("missing.json"))));
    QVERIFY(m_window->statusBar()->currentMessage().contains(QStringLiteral("missing.json")));
}

void TestGuiDesktop::fileDialogsRememberTheLastFolder()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(FileDialog::lastFolder() != dir.path());
    FileDialog::setNextFileName(dir.filePath(QStringLiteral("sweep.png")));
    QCOMPARE(FileDialog::getSaveFileName(nullptr, QStringLiteral("Export"), QStringLiteral("x.png"), QString()),
        dir.filePath(QStringLiteral("sweep.png")));
    QCOMPARE(FileDialog::lastFolder(), dir.path());
    // A folder since removed: the next dialog opens in Documents again.
    const QString gone = dir.path();
    dir.remove();
    QVERIFY(FileDialog::lastFolder() != gone);
}

void TestGuiDesktop::nothingCutAt1280x800_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("en") << kLanguageEnglish;
    QTest::newRow("ko") << kLanguageKorean;
}

void TestGuiDesktop::nothingCutAt1280x800()
{
    QFETCH(QString, language);
    installTranslator(language);
    startWindow(1280, 800);
    m_window->setWindowState(Qt::WindowNoState);
    m_window->resize(1280, 800);
    QTest::qWait(200);
    if (const QString dir = qEnvironmentVariable("KVTIERS_GRAB_DIR"); !dir.isEmpty())
        m_window->grab().save(dir + QStringLiteral("/desktop-1280x800-") + language + QStringLiteral(".png"));
    QVERIFY(m_window->width() <= 1280);

    // Every one-line label shows its whole text, or is elided with the whole in its tooltip.
    auto cutLabels = [this] {
        QStringList cut;
        for (QLabel* label : m_window->findChildren<QLabel*>()) {
            if (!label->isVisibleTo(m_window.get()) || label->wordWrap() || label->textFormat() == Qt::RichText
                || Qt::mightBeRichText(label->text()) || label->text().isEmpty() || label->text().contains(u'\n'))
                continue;
            // What is drawn: a mnemonic's '&' is not ("&&" is one '&').
            QString shown = label->text();
            shown.replace(QStringLiteral("&&"), QStringLiteral("\x01")).remove(u'&').replace(u'\x01', u'&');
            const int need = label->fontMetrics().horizontalAdvance(shown);
            if (need <= label->contentsRect().width())
                continue;
            auto* elided = qobject_cast<ElidedLabel*>(label);
            if (elided && elided->toolTip().contains(label->text()))
                continue;
            cut << QStringLiteral("%1 \"%2\" (%3 px in %4)")
                       .arg(label->objectName(), label->text())
                       .arg(need)
                       .arg(label->contentsRect().width());
        }
        return cut;
    };
    const QStringList cut = cutLabels();
    QVERIFY2(cut.isEmpty(), qPrintable(cut.join(QStringLiteral("; "))));

    // Every other tab too: no label cut, and no panel that scrolls sideways (a row of
    // controls wider than the window).
    auto* tabs = find<QTabWidget>("viewTabs");
    for (int tab = 1; tab < tabs->count(); ++tab) {
        tabs->setCurrentIndex(tab);
        QTest::qWait(300);
        if (const QString dir = qEnvironmentVariable("KVTIERS_GRAB_DIR"); !dir.isEmpty())
            m_window->grab().save(QStringLiteral("%1/desktop-1280x800-%2-tab%3.png").arg(dir, language).arg(tab));
        const QStringList tabCut = cutLabels();
        QVERIFY2(tabCut.isEmpty(),
            qPrintable(tabs->tabText(tab) + QStringLiteral(": ") + tabCut.join(QStringLiteral("; "))));
        for (QAbstractScrollArea* area : tabs->currentWidget()->findChildren<QAbstractScrollArea*>()) {
            if (!area->isVisibleTo(m_window.get()) || qobject_cast<QAbstractItemView*>(area))
                continue;
            QVERIFY2(!area->horizontalScrollBar()->isVisible(),
                qPrintable(QStringLiteral("%1: %2 scrolls sideways (%3 px of content in %4)")
                               .arg(tabs->tabText(tab), area->objectName())
                               .arg(area->horizontalScrollBar()->maximum() + area->viewport()->width())
                               .arg(area->viewport()->width())));
        }
    }
    tabs->setCurrentIndex(0);
    QTest::qWait(100);

    // The headline's figures are read whole, not elided: they take more rows instead.
    for (QLabel* value : m_window->findChildren<QLabel*>(QRegularExpression(QStringLiteral("^headline[A-Z]")))) {
        if (value->objectName() == QLatin1String("headlineFormula"))
            continue;
        QVERIFY2(value->fontMetrics().horizontalAdvance(value->text()) <= value->contentsRect().width(),
            qPrintable(
                QStringLiteral("%1 \"%2\" in %3 px").arg(value->objectName(), value->text()).arg(value->width())));
    }
    // The tier table's titles wrap in their columns (Fusion would clip a centred title on
    // both sides): each fits its column's width and the header's height.
    auto* header = qobject_cast<WrappingHeaderView*>(find<QTableView>("tierTable")->horizontalHeader());
    QVERIFY(header);
    for (int c = 0; c < header->count(); ++c)
        QVERIFY2(header->titleFits(c),
            qPrintable(QStringLiteral("header \"%1\" in %2 × %3 px")
                           .arg(header->model()->headerData(c, Qt::Horizontal).toString())
                           .arg(header->sectionSize(c))
                           .arg(header->height())));

    // A text drawn on a chart lies whole inside its panel or is not drawn.
    for (const char* name : { "tierPlot", "sweepPlot" }) {
        auto* plot = find<QCustomPlot>(name);
        plot->replot();
        for (int i = 0; i < plot->itemCount(); ++i) {
            auto* text = qobject_cast<QCPItemText*>(plot->item(i));
            if (!text || !text->visible() || text->text().isEmpty() || !text->clipToAxisRect() || !text->clipAxisRect())
                continue;
            const QRectF box(text->topLeft->pixelPosition(), text->bottomRight->pixelPosition());
            QVERIFY2(QRectF(text->clipAxisRect()->rect()).adjusted(-1, -1, 1, 1).contains(box),
                qPrintable(QStringLiteral("%1: \"%2\" is cut by its panel").arg(QLatin1String(name), text->text())));
        }
    }

    // The charts' titles and legend entries are drawn whole: a title wraps onto more lines
    // and a legend takes more rows rather than running past the plot's edge.
    for (const char* name : { "tierPlot", "sweepPlot" }) {
        auto* plot = find<QCustomPlot>(name);
        plot->replot();
        for (int i = 0; i < plot->plotLayout()->elementCount(); ++i) {
            auto* title = qobject_cast<QCPTextElement*>(plot->plotLayout()->elementAt(i));
            if (!title)
                continue;
            const QFontMetrics metrics(title->font());
            for (const QString& line : title->text().split(u'\n'))
                QVERIFY2(metrics.horizontalAdvance(line) <= plot->width(),
                    qPrintable(QStringLiteral("%1 title line \"%2\" is %3 px in %4")
                                   .arg(QLatin1String(name), line)
                                   .arg(metrics.horizontalAdvance(line))
                                   .arg(plot->width())));
        }
        QCPLegend* legend = nullptr;
        for (QCPLayoutElement* e : plot->plotLayout()->elements(true))
            if (auto* l = qobject_cast<QCPLegend*>(e))
                legend = l;
        QVERIFY(legend);
        for (int i = 0; i < legend->itemCount(); ++i) {
            // A grid squeezed below its entries' widths clips their text at the right.
            QCPAbstractLegendItem* item = legend->item(i);
            const QRect r = item->outerRect();
            QVERIFY2(r.left() >= 0 && r.right() <= plot->width() && r.width() >= item->minimumOuterSizeHint().width(),
                qPrintable(QStringLiteral("%1 legend entry %2 is %3 px wide at %4..%5 in %6 px; it needs %7")
                               .arg(QLatin1String(name))
                               .arg(i)
                               .arg(r.width())
                               .arg(r.left())
                               .arg(r.right())
                               .arg(plot->width())
                               .arg(item->minimumOuterSizeHint().width())));
        }
    }
}

QTEST_MAIN(TestGuiDesktop)
#include "tst_gui_desktop.moc"
