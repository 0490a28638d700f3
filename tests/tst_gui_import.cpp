// ModelImportDialog and VllmCheckDialog offscreen: a pasted Llama-3.1-8B-shaped config
// imports to the exact KV bytes per token; an incomplete config lists its missing fields
// and imports once they are filled in; the file path goes through FileDialog's
// setNextFileName seam; the vLLM dialog on a pasted startup log shows kvtiers' and vLLM's figures.

#include "CardCatalog.h"
#include "FileDialog.h"
#include "HfConfig.h"
#include "KvSizing.h"
#include "ModelImportDialog.h"
#include "TestSupport.h"
#include "Units.h"
#include "VllmCheckDialog.h"

#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QtTest>

using namespace kvtiers;
using namespace kvtiers::ui;

namespace {
QString dataPath(const char* relative)
{
    return qEnvironmentVariable("KVTIERS_SOURCE_DIR") + QStringLiteral("/tests/data/") + QString::fromLatin1(relative);
}

// Llama 3.1 8B's shape: 32 layers, 8 KV heads of 128 → 2 × 32 × 8 × 128 × 2 B = 131,072 B.
const char* const kLlama8bConfig = "{\"architectures\": [\"LlamaForCausalLM\"], \"model_type\": \"llama\", "
                                   "\"hidden_size\": 4096, \"intermediate_size\": 14336, \"num_attention_heads\": 32, "
                                   "\"num_hidden_layers\": 32, \"num_key_value_heads\": 8, \"vocab_size\": 128256, "
                                   "\"max_position_embeddings\": 131072, \"torch_dtype\": \"bfloat16\"}";
} // namespace

class TestGuiImport : public QObject {
    Q_OBJECT
private slots:
    void pastedConfigGivesExactKvBytes();
    void incompleteConfigListsFieldsThenImports();
    void openFileThroughTheSeam();
    void badJsonIsShownByName();
    void vllmDialogShowsBothFigures();
    void vllmDialogFromHardware();
};

void TestGuiImport::pastedConfigGivesExactKvBytes()
{
    ModelImportDialog dialog;
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    auto* edit = dialog.findChild<QPlainTextEdit*>(QStringLiteral("importText"));
    edit->setPlainText(QString::fromLatin1(kLlama8bConfig));
    QTest::mouseClick(dialog.findChild<QPushButton*>(QStringLiteral("importButton")), Qt::LeftButton);
    QVERIFY2(dialog.card().has_value(), qPrintable(dialog.errorMessage()));
    const ModelCard& card = *dialog.card();
    const KvSizing sizing(card, KvFormat { card.defaultKvBits, 0 }, 1, 16, Allocation::Paged);
    QCOMPARE(sizing.bytesPerToken(), 131072.0);
    const QString kv = dialog.findChild<QLabel*>(QStringLiteral("importKvPerToken"))->text();
    QVERIFY2(kv.contains(QStringLiteral("131,072 B per token")) && kv.contains(QStringLiteral("128 KiB")), qPrintable(kv));
    const QString facts = dialog.findChild<QLabel*>(QStringLiteral("importFacts"))->text();
    QVERIFY2(facts.contains(QStringLiteral("32 × full attention (8 KV heads × 128)")), qPrintable(facts));
    QVERIFY(dialog.missingFields().isEmpty());
    // The same card the CLI's --model FILE would give.
    QCOMPARE(card.paramsTotal, CardCatalog::builtin().models().at("llama-3.1-8b").paramsTotal);
}

void TestGuiImport::incompleteConfigListsFieldsThenImports()
{
    ModelImportDialog dialog;
    dialog.resize(640, 720);
    dialog.show();
    QVERIFY(dialog.loadFile(dataPath("hf/incomplete.json")) == false);
    QVERIFY(!dialog.card().has_value());
    const QStringList expected = { QStringLiteral("num_hidden_layers"), QStringLiteral("num_attention_heads"),
        QStringLiteral("vocab_size"), QStringLiteral("max_position_embeddings"), QStringLiteral("intermediate_size") };
    QCOMPARE(dialog.missingFields(), expected);
    auto* error = dialog.findChild<QLabel*>(QStringLiteral("importError"));
    QVERIFY(error->isVisible());
    for (const QString& f : expected) {
        QVERIFY2(error->text().contains(f), qPrintable(error->text()));
        QVERIFY(dialog.findChild<QLineEdit*>(QStringLiteral("missing_") + f));
    }
    // Fill all but one: still missing exactly that one, the typed values kept.
    QTest::keyClicks(dialog.findChild<QLineEdit*>(QStringLiteral("missing_num_hidden_layers")), QStringLiteral("32"));
    dialog.setMissingFieldValue(QStringLiteral("num_attention_heads"), QStringLiteral("32"));
    dialog.setMissingFieldValue(QStringLiteral("vocab_size"), QStringLiteral("128256"));
    dialog.setMissingFieldValue(QStringLiteral("max_position_embeddings"), QStringLiteral("131072"));
    QVERIFY(!dialog.importText());
    QCOMPARE(dialog.missingFields(), QStringList { QStringLiteral("intermediate_size") });
    // KVTIERS_GRAB_DIR=dir: save what the user sees, for a look at layout and labels.
    if (const QString dir = qEnvironmentVariable("KVTIERS_GRAB_DIR"); !dir.isEmpty() && (QTest::qWait(100), true))
        dialog.grab().save(dir + QStringLiteral("/import-missing.png"));
    QVERIFY(dialog.errorMessage().contains(QStringLiteral("intermediate_size")));
    dialog.setMissingFieldValue(QStringLiteral("intermediate_size"), QStringLiteral("14336"));
    QTest::mouseClick(dialog.findChild<QPushButton*>(QStringLiteral("importButton")), Qt::LeftButton);
    QVERIFY2(dialog.card().has_value(), qPrintable(dialog.errorMessage()));
    QVERIFY(dialog.missingFields().isEmpty());
    QVERIFY(!error->isVisible());
    if (const QString dir = qEnvironmentVariable("KVTIERS_GRAB_DIR"); !dir.isEmpty() && (QTest::qWait(100), true))
        dialog.grab().save(dir + QStringLiteral("/import-done.png"));
    const KvSizing sizing(*dialog.card(), KvFormat { 16, 0 }, 1, 16, Allocation::Paged);
    QCOMPARE(sizing.bytesPerToken(), 131072.0);
    QCOMPARE(dialog.card()->paramsTotal, CardCatalog::builtin().models().at("llama-3.1-8b").paramsTotal);
}

void TestGuiImport::openFileThroughTheSeam()
{
    ModelImportDialog dialog;
    dialog.show();
    FileDialog::setNextFileName(dataPath("hf/llama-3.1-70b.json"));
    QTest::mouseClick(dialog.findChild<QPushButton*>(QStringLiteral("importOpenButton")), Qt::LeftButton);
    QVERIFY2(dialog.card().has_value(), qPrintable(dialog.errorMessage()));
    const KvSizing sizing(*dialog.card(), KvFormat { 16, 0 }, 1, 16, Allocation::Paged);
    QCOMPARE(sizing.bytesPerToken(), 327680.0);
    QVERIFY(dialog.findChild<QLabel*>(QStringLiteral("importOrigin"))->text().contains(QStringLiteral("llama-3.1-70b.json")));
    // Cancel (an empty name) leaves the card alone.
    FileDialog::setNextFileName(QString());
    QTest::mouseClick(dialog.findChild<QPushButton*>(QStringLiteral("importOpenButton")), Qt::LeftButton);
    QVERIFY(dialog.card().has_value());
}

void TestGuiImport::badJsonIsShownByName()
{
    ModelImportDialog dialog;
    dialog.findChild<QPlainTextEdit*>(QStringLiteral("importText"))->setPlainText(QStringLiteral("{\"model_type\": \"llama\","));
    QVERIFY(!dialog.importText());
    QVERIFY2(dialog.errorMessage().startsWith(QStringLiteral("pasted text")), qPrintable(dialog.errorMessage()));
    dialog.findChild<QPlainTextEdit*>(QStringLiteral("importText"))
        ->setPlainText(QStringLiteral("{\"model_type\": \"llama\", \"num_hidden_layers\": \"many\"}"));
    QVERIFY(!dialog.importText());
    QVERIFY2(dialog.errorMessage().contains(QStringLiteral("num_hidden_layers")), qPrintable(dialog.errorMessage()));
}

void TestGuiImport::vllmDialogShowsBothFigures()
{
    VllmCheckDialog dialog(CardCatalog::builtin());
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    // The scenario prefills model, KV format, TP and block size.
    dialog.setScenario(test::scenario("llama-3.1-70b", Json { { "tp", 8 } }, "h200-sxm"));
    QCOMPARE(dialog.findChild<QLineEdit*>(QStringLiteral("vllmKvDtype"))->text(), QStringLiteral("bf16"));
    dialog.setLogText(QString::fromStdString(readInputFile(dataPath("vllm/llama-3.1-70b-tp8-h200.log").toStdString())));
    QTest::mouseClick(dialog.findChild<QPushButton*>(QStringLiteral("vllmCompare")), Qt::LeftButton);
    QVERIFY2(dialog.comparison().has_value(), qPrintable(dialog.errorMessage()));
    const VllmComparison& c = *dialog.comparison();
    auto text = [&](const char* name) { return dialog.findChild<QLabel*>(QString::fromLatin1(name))->text(); };
    QCOMPARE(text("vllmTokens"), QStringLiteral("2,530,464"));
    QCOMPARE(text("kvtiersTokens"), QString::fromStdString(formatCount(c.predicted.tokens)));
    QVERIFY2(text("vllmConcurrency").startsWith(QStringLiteral("19.31×")), qPrintable(text("vllmConcurrency")));
    QVERIFY(text("kvtiersConcurrency").contains(QStringLiteral("131,072 tokens")));
    QVERIFY(text("tokensDiff") != QStringLiteral("–"));
    QVERIFY(!text("vllmExplanation").isEmpty());
    if (const QString dir = qEnvironmentVariable("KVTIERS_GRAB_DIR"); !dir.isEmpty() && (QTest::qWait(100), true))
        dialog.grab().save(dir + QStringLiteral("/vllm.png"));
    QVERIFY(text("vllmExplanation").contains(QString::fromStdString(c.explanation).toHtmlEscaped().left(20)));
    // Same as the core on the same inputs (KV memory from the log's line).
    const ModelCard& model = CardCatalog::builtin().models().at("llama-3.1-70b");
    VllmSetup setup;
    setup.kv = KvFormat { 16, 0 };
    setup.tp = 8;
    setup.blockSize = 16;
    setup.context = 131072;
    setup.kvMemoryBytes = *c.log.availableKvBytes;
    QCOMPARE(c.predicted.tokens, predictVllm(model, setup).tokens);
}

void TestGuiImport::vllmDialogFromHardware()
{
    VllmCheckDialog dialog(CardCatalog::builtin());
    dialog.setScenario(test::scenario("llama-3.1-70b", Json { { "tp", 8 } }, "h200-sxm"));
    dialog.setLogText(QStringLiteral("INFO [kv_cache_utils.py:849] GPU KV cache size: 2,530,464 tokens\n"));
    // No "Available KV cache memory" line: the log source is refused by name...
    QVERIFY(!dialog.compare());
    QVERIFY2(dialog.errorMessage().contains(QStringLiteral("Available KV cache memory")), qPrintable(dialog.errorMessage()));
    // ...and the hardware source works.
    dialog.findChild<QRadioButton*>(QStringLiteral("vllmMemoryFromHardware"))->setChecked(true);
    QVERIFY2(dialog.compare(), qPrintable(dialog.errorMessage()));
    QVERIFY(dialog.comparison()->tokensDiffPercent.has_value());
    // An empty log is an error, not a crash.
    dialog.setLogText(QString());
    QVERIFY(!dialog.compare());
    QVERIFY(!dialog.findChild<QLabel*>(QStringLiteral("vllmError"))->text().isEmpty());
}

QTEST_MAIN(TestGuiImport)
#include "tst_gui_import.moc"
