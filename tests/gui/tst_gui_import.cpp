// ModelImportDialog and VllmCheckDialog offscreen: a pasted Llama-3.1-8B-shaped config
// imports to the exact KV bytes per token; an incomplete config lists its missing fields
// and imports once they are filled in; the file path goes through FileDialog's
// setNextFileName seam; the import's errors read in the UI language (in English the core's
// text, in Korean Korean naming the same fields); the vLLM dialog on a pasted startup log
// shows kvtiers' and vLLM's figures, and its explanation, notes and errors in the UI language
// (in English the CLI's text, for every sentence and note kind).

#include "core/cards/HfConfig.h"
#include "core/catalog/CardCatalog.h"
#include "core/io/Units.h"
#include "core/model/KvSizing.h"
#include "tests/support/SourceFiles.h"
#include "tests/support/TestSupport.h"
#include "ui/app/Language.h"
#include "ui/dialogs/FileDialog.h"
#include "ui/dialogs/ModelImportDialog.h"
#include "ui/dialogs/VllmCheckDialog.h"
#include "ui/text/Translate.h"
#include "ui/text/UnitsText.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <optional>
#include <set>

using namespace kvtiers;
using namespace kvtiers::ui;

namespace {
QString dataPath(const char* relative)
{
    return kvtiers::test::sourceDir() + QStringLiteral("/tests/data/") + QString::fromLatin1(relative);
}

// Llama 3.1 8B's shape: 32 layers, 8 KV heads of 128 → 2 × 32 × 8 × 128 × 2 B = 131,072 B.
bool hasHangul(const QString& text)
{
    return std::any_of(
        text.begin(), text.end(), [](QChar c) { return c.unicode() >= 0xAC00 && c.unicode() <= 0xD7A3; });
}

/// The core's message for what importing `json` (named `origin`) gets wrong; empty if it imports.
QString coreImportError(const Json& json, const std::string& origin)
{
    try {
        importHfConfig(json, origin);
    } catch (const InputError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

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
    void nestedConfigSaysItsKey();
    void absentKvHeadsAreAsked();
    void configJsonIsNamedByItsFolder();
    void badJsonIsShownByName();
    void importErrorsInTheUiLanguage();
    void cleanup() { installTranslator(kLanguageEnglish); }
    void vllmDialogShowsBothFigures();
    void vllmDialogFromHardware();
    void vllmDialogTakesTheLogsSetup();
    void vllmSetupNotesInBothLanguages();
    void vllmDialogShowsVllmsBudgetBesideSteadyState();
    void vllmTextInEnglishIsTheCoresText();
    void vllmTextInKoreanIsKorean();
    void vllmDialogInKorean();
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
    QVERIFY2(
        kv.contains(QStringLiteral("131,072 B per token")) && kv.contains(QStringLiteral("128 KiB")), qPrintable(kv));
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
    // A word where a number belongs: named by field, the core's coded message, in English
    // and in Korean; the other typed values survive.
    dialog.setMissingFieldValue(QStringLiteral("intermediate_size"), QStringLiteral("lots"));
    QVERIFY(!dialog.importText());
    QCOMPARE(dialog.errorMessage(), QStringLiteral("intermediate_size: \"lots\" is not a number"));
    installTranslator(kLanguageKorean);
    QVERIFY(!dialog.importText());
    const QString ko = dialog.errorMessage();
    installTranslator(kLanguageEnglish);
    QVERIFY2(hasHangul(ko) && ko.contains(QStringLiteral("intermediate_size")), qPrintable(ko));
    dialog.setMissingFieldValue(QStringLiteral("intermediate_size"), QString());
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

void TestGuiImport::nestedConfigSaysItsKey()
{
    // The reviewer's reference file: Qwen2.5-72B's fields under "fields". Read there, said
    // so: 8 KV heads, 327,680 B per token, the built-in card's 72.7B parameters.
    installTranslator(kLanguageEnglish);
    ModelImportDialog dialog;
    dialog.show();
    QVERIFY(dialog.loadFile(dataPath("hf/qwen2.5-72b-nested.json")));
    QVERIFY(dialog.missingFields().isEmpty());
    const ModelCard& card = *dialog.card();
    QCOMPARE(card.groups.at(0).numKvHeads, std::int64_t(8));
    QCOMPARE(KvSizing(card, KvFormat { 16, 0 }, 1, 16, Allocation::Paged).bytesPerToken(), 327680.0);
    QCOMPARE(card.paramsTotal, CardCatalog::builtin().models().at("qwen2.5-72b").paramsTotal);
    QCOMPARE(card.name, std::string("Qwen/Qwen2.5-72B"));
    auto* said = dialog.findChild<QLabel*>(QStringLiteral("importAssumptions"));
    QVERIFY(said->isVisible());
    QVERIFY2(said->text().contains(QStringLiteral("read under &quot;fields&quot;")), qPrintable(said->text()));
    QVERIFY2(dialog.findChild<QLabel*>(QStringLiteral("importKvPerToken"))->text().contains(QStringLiteral("327,680")),
        qPrintable(dialog.findChild<QLabel*>(QStringLiteral("importKvPerToken"))->text()));
}

void TestGuiImport::absentKvHeadsAreAsked()
{
    // The reviewer's walk: six shape fields missing, and num_key_value_heads too. The dialog
    // asks for all seven; typed in (8 KV heads) the card is Qwen2.5-72B's: 327,680 B per
    // token and 72.7B parameters, not the MHA guess of 2,621,440 B and 82.1B.
    installTranslator(kLanguageEnglish);
    Json nested = parseStrictJson(readInputFile(dataPath("hf/qwen2.5-72b-nested.json").toStdString()), "x");
    const std::vector<std::pair<const char*, const char*>> typed = { { "num_hidden_layers", "80" },
        { "num_attention_heads", "64" }, { "hidden_size", "8192" }, { "vocab_size", "152064" },
        { "max_position_embeddings", "131072" }, { "intermediate_size", "29568" }, { "num_key_value_heads", "8" } };
    for (const auto& [field, value] : typed)
        nested["fields"].erase(field);
    for (const bool giveKvHeads : { true, false }) {
        ModelImportDialog dialog;
        dialog.show();
        dialog.findChild<QPlainTextEdit*>(QStringLiteral("importText"))
            ->setPlainText(QString::fromStdString(nested.dump(2)));
        QVERIFY(!dialog.importText());
        QStringList expected;
        for (const auto& [field, value] : typed)
            expected << QStringLiteral("fields.") + QLatin1String(field);
        QCOMPARE(dialog.missingFields(), expected);
        auto* kvEdit = dialog.findChild<QLineEdit*>(QStringLiteral("missing_fields.num_key_value_heads"));
        QVERIFY(kvEdit);
        QVERIFY2(kvEdit->placeholderText().contains(QStringLiteral("MHA")), qPrintable(kvEdit->placeholderText()));
        for (const auto& [field, value] : typed)
            if (giveKvHeads || QLatin1String(field) != QLatin1String("num_key_value_heads"))
                dialog.setMissingFieldValue(QStringLiteral("fields.") + QLatin1String(field), QLatin1String(value));
        QVERIFY2(dialog.importText(), qPrintable(dialog.errorMessage()));
        const ModelCard& card = *dialog.card();
        const double perToken = KvSizing(card, KvFormat { 16, 0 }, 1, 16, Allocation::Paged).bytesPerToken();
        auto* said = dialog.findChild<QLabel*>(QStringLiteral("importAssumptions"));
        if (giveKvHeads) {
            QCOMPARE(card.groups.at(0).numKvHeads, std::int64_t(8));
            QCOMPARE(perToken, 327680.0);
            QCOMPARE(card.paramsTotal, CardCatalog::builtin().models().at("qwen2.5-72b").paramsTotal);
            QVERIFY(dialog.missingFields().isEmpty());
            QVERIFY(!said->text().contains(QStringLiteral("KV heads")));
        } else {
            // Left empty: Transformers' default, said openly beside the card, the field still asked.
            QCOMPARE(card.groups.at(0).numKvHeads, std::int64_t(64));
            QCOMPARE(perToken, 2621440.0);
            QVERIFY(said->isVisible());
            QVERIFY2(said->text().contains(QStringLiteral("assuming 64 KV heads")), qPrintable(said->text()));
            QCOMPARE(dialog.missingFields(), QStringList { QStringLiteral("fields.num_key_value_heads") });
            // In Korean too.
            installTranslator(kLanguageKorean);
            QVERIFY(dialog.importText());
            QVERIFY2(hasHangul(said->text()) && said->text().contains(QStringLiteral("64")), qPrintable(said->text()));
            installTranslator(kLanguageEnglish);
        }
    }
}

void TestGuiImport::configJsonIsNamedByItsFolder()
{
    // A file called config.json takes its folder's name; never "config".
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("Qwen2.5-72B")));
    const QString path = dir.path() + QStringLiteral("/Qwen2.5-72B/config.json");
    QVERIFY(QFile::copy(dataPath("hf/qwen2.5-72b.json"), path));
    ModelImportDialog dialog;
    QVERIFY2(dialog.loadFile(path), qPrintable(dialog.errorMessage()));
    QCOMPARE(dialog.card()->name, std::string("Qwen2.5-72B"));
    QCOMPARE(dialog.card()->id, std::string("qwen2.5-72b"));
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
    QVERIFY(dialog.findChild<QLabel*>(QStringLiteral("importOrigin"))
                ->text()
                .contains(QStringLiteral("llama-3.1-70b.json")));
    // Cancel (an empty name) leaves the card alone.
    FileDialog::setNextFileName(QString());
    QTest::mouseClick(dialog.findChild<QPushButton*>(QStringLiteral("importOpenButton")), Qt::LeftButton);
    QVERIFY(dialog.card().has_value());
}

void TestGuiImport::badJsonIsShownByName()
{
    ModelImportDialog dialog;
    dialog.findChild<QPlainTextEdit*>(QStringLiteral("importText"))
        ->setPlainText(QStringLiteral("{\"model_type\": \"llama\","));
    QVERIFY(!dialog.importText());
    QVERIFY2(dialog.errorMessage().startsWith(QStringLiteral("pasted text")), qPrintable(dialog.errorMessage()));
    dialog.findChild<QPlainTextEdit*>(QStringLiteral("importText"))
        ->setPlainText(QStringLiteral("{\"model_type\": \"llama\", \"num_hidden_layers\": \"many\"}"));
    QVERIFY(!dialog.importText());
    QVERIFY2(dialog.errorMessage().contains(QStringLiteral("num_hidden_layers")), qPrintable(dialog.errorMessage()));
    // Valid JSON but not an object: said so, with no missing-field form.
    dialog.findChild<QPlainTextEdit*>(QStringLiteral("importText"))->setPlainText(QStringLiteral("[32, 4096]"));
    QVERIFY(!dialog.importText());
    QCOMPARE(dialog.errorMessage(), QStringLiteral("pasted text: a config.json must be a JSON object"));
    QVERIFY(dialog.missingFields().isEmpty());
}

void TestGuiImport::importErrorsInTheUiLanguage()
{
    // What the core says (and the CLI prints) about three inputs: a config.json lacking
    // five fields, pasted text lacking three with two invalid values, and a kvtiers card
    // whose layer kind is unknown.
    const QString path = dataPath("hf/incomplete.json");
    const QString fileEnglish
        = coreImportError(parseStrictJson(readInputFile(path.toStdString()), "incomplete.json"), "incomplete.json");
    const QStringList fileFields = { QStringLiteral("num_hidden_layers"), QStringLiteral("num_attention_heads"),
        QStringLiteral("vocab_size"), QStringLiteral("max_position_embeddings"), QStringLiteral("intermediate_size") };
    QVERIFY(fileEnglish.startsWith(QStringLiteral("incomplete.json: cannot import this config.json: missing ")));

    const QString pasted = QStringLiteral("{\"model_type\": \"llama\", \"hidden_size\": 4096, "
                                          "\"num_hidden_layers\": 32, \"num_attention_heads\": 32, "
                                          "\"num_key_value_heads\": 64, \"attention_bias\": \"no\"}");
    const QString pastedEnglish = coreImportError(Json::parse(pasted.toStdString()), "pasted text");
    QVERIFY2(pastedEnglish.contains(QStringLiteral("; num_key_value_heads: is larger than num_attention_heads (32); "
                                                   "attention_bias: must be true or false, not \"no\"")),
        qPrintable(pastedEnglish));

    Json card = CardCatalog::builtin().models().at("llama-3.1-8b").toJson();
    card["layer_groups"][0]["kind"] = "linear";
    const QString cardEnglish = test::inputErrorOf([&] { parseModelCard(card, "pasted text"); });
    QVERIFY(cardEnglish.contains(QStringLiteral("unknown layer kind \"linear\"")));

    for (const QString& language : { kLanguageEnglish, kLanguageKorean }) {
        installTranslator(language);
        ModelImportDialog dialog;
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        auto* error = dialog.findChild<QLabel*>(QStringLiteral("importError"));
        auto* edit = dialog.findChild<QPlainTextEdit*>(QStringLiteral("importText"));
        auto* importButton = dialog.findChild<QPushButton*>(QStringLiteral("importButton"));

        // Pasted text with missing fields and invalid values.
        edit->setPlainText(pasted);
        QTest::mouseClick(importButton, Qt::LeftButton);
        QVERIFY(!dialog.card().has_value());
        QVERIFY(error->isVisible());
        QCOMPARE(error->text(), dialog.errorMessage());
        if (language == kLanguageEnglish) {
            QCOMPARE(error->text(), pastedEnglish);
        } else {
            QVERIFY2(hasHangul(error->text()) && error->text() != pastedEnglish, qPrintable(error->text()));
            // Named as pasted text in Korean too, not "pasted text".
            QVERIFY2(error->text().startsWith(QStringLiteral("붙여 넣은 텍스트: ")), qPrintable(error->text()));
            for (const char* named : { "vocab_size", "max_position_embeddings", "intermediate_size",
                     "num_key_value_heads", "(32)", "attention_bias", "\"no\"" })
                QVERIFY2(error->text().contains(QLatin1String(named)),
                    qPrintable(error->text() + QStringLiteral(" lacks ") + QLatin1String(named)));
        }

        // A kvtiers card whose layer kind is unknown: the card's own check.
        edit->setPlainText(QString::fromStdString(card.dump()));
        QTest::mouseClick(importButton, Qt::LeftButton);
        QVERIFY(!dialog.card().has_value());
        if (language == kLanguageEnglish)
            QCOMPARE(error->text(), cardEnglish);
        else
            QVERIFY2(hasHangul(error->text()) && error->text().contains(QStringLiteral("\"linear\""))
                    && !error->text().contains(QStringLiteral("pasted text")),
                qPrintable(error->text()));

        // Pasted text that imports: the same card in both languages, the one the core gives
        // for "pasted text" (its notes and sources stay the core's English).
        edit->setPlainText(QString::fromLatin1(kLlama8bConfig));
        QTest::mouseClick(importButton, Qt::LeftButton);
        QVERIFY2(dialog.card().has_value(), qPrintable(dialog.errorMessage()));
        QVERIFY(dialog.card()->toJson() == importHfConfig(Json::parse(kLlama8bConfig), "pasted text").toJson());

        // The file, opened as a user opens it.
        FileDialog::setNextFileName(path);
        QTest::mouseClick(dialog.findChild<QPushButton*>(QStringLiteral("importOpenButton")), Qt::LeftButton);
        QVERIFY(!dialog.card().has_value());
        QCOMPARE(dialog.missingFields(), fileFields);
        if (language == kLanguageEnglish) {
            QCOMPARE(error->text(), fileEnglish);
        } else {
            QVERIFY2(hasHangul(error->text()) && error->text() != fileEnglish, qPrintable(error->text()));
            QVERIFY2(error->text().startsWith(QStringLiteral("incomplete.json: ")), qPrintable(error->text()));
            for (const QString& f : fileFields)
                QVERIFY2(error->text().contains(f), qPrintable(error->text() + QStringLiteral(" lacks ") + f));
        }
        if (const QString dir = qEnvironmentVariable("KVTIERS_GRAB_DIR"); !dir.isEmpty() && (QTest::qWait(100), true))
            dialog.grab().save(dir + QStringLiteral("/import-missing-%1.png").arg(language));
    }
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
    // The paste box was about 150 px wide beside the setup: it now takes a fair share.
    const int logWidth = dialog.findChild<QPlainTextEdit*>(QStringLiteral("vllmLog"))->width();
    QVERIFY2(logWidth * 3 >= dialog.width(), qPrintable(QStringLiteral("%1 of %2").arg(logWidth).arg(dialog.width())));
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

void TestGuiImport::vllmDialogTakesTheLogsSetup()
{
    // The reviewer's case: the scenario is Llama 3.1 70B at TP 8; the log ran
    // Qwen2.5-72B-Instruct at TP 4 and 32K. Compare fills the form from the log, says so, and
    // the figures agree exactly: 88.12 GiB / 1,310,720 B = 72,187 blocks = 1,154,992 tokens,
    // 72,187 / 2,048 = 35.25×.
    installTranslator(kLanguageEnglish);
    VllmCheckDialog dialog(CardCatalog::builtin());
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    dialog.setScenario(test::scenario("llama-3.1-70b", Json { { "tp", 8 } }, "h200-sxm"));
    dialog.setLogText(QString::fromStdString(readInputFile(dataPath("vllm/qwen2.5-72b-tp4-32k.log").toStdString())));
    QTest::mouseClick(dialog.findChild<QPushButton*>(QStringLiteral("vllmCompare")), Qt::LeftButton);
    QVERIFY2(dialog.comparison().has_value(), qPrintable(dialog.errorMessage()));
    auto text = [&](const char* name) { return dialog.findChild<QLabel*>(QString::fromLatin1(name))->text(); };
    QCOMPARE(dialog.findChild<QComboBox*>(QStringLiteral("vllmModel"))->currentData().toString(),
        QStringLiteral("qwen2.5-72b"));
    // The pickers show names, as the main window's do; the id is the data.
    QCOMPARE(dialog.findChild<QComboBox*>(QStringLiteral("vllmModel"))->currentText(),
        qs(CardCatalog::builtin().models().at("qwen2.5-72b").name));
    QCOMPARE(dialog.findChild<QComboBox*>(QStringLiteral("vllmHardware"))->currentText(),
        qs(CardCatalog::builtin().hardware().at("h200-sxm").name));
    QCOMPARE(dialog.findChild<QSpinBox*>(QStringLiteral("vllmTp"))->value(), 4);
    QCOMPARE(dialog.comparison()->predicted.context, 32768.0);
    QCOMPARE(text("kvtiersTokens"), QStringLiteral("1,154,992"));
    QCOMPARE(text("vllmTokens"), QStringLiteral("1,154,992"));
    QVERIFY2(text("kvtiersConcurrency").startsWith(QStringLiteral("35.25×")), qPrintable(text("kvtiersConcurrency")));
    QVERIFY2(text("vllmExplanation").startsWith(QStringLiteral("<b>Agrees</b>")), qPrintable(text("vllmExplanation")));
    const QString notes = text("vllmSetupNotes");
    QVERIFY2(notes.contains(QStringLiteral("From the log: model Qwen/Qwen2.5-72B-Instruct = qwen2.5-72b")),
        qPrintable(notes));
    QVERIFY2(notes.contains(QStringLiteral("The log says TP 4 (line 8); the scenario has TP 8: kvtiers compares at "
                                           "the log&#x27;s 4."))
            || notes.contains(QStringLiteral("The log says TP 4 (line 8); the scenario has TP 8: kvtiers compares at "
                                             "the log's 4.")),
        qPrintable(notes));
    QVERIFY(dialog.findChild<QLabel*>(QStringLiteral("vllmSetupNotes"))->isVisibleTo(&dialog));
    // The memory row's difference is its two cells': vLLM's 88.1 GiB less kvtiers' 88.1 GiB.
    const VllmComparison& c = *dialog.comparison();
    QCOMPARE(*c.kvMemoryDiffBytes, *c.vllmKvMemoryBytes - c.predicted.kvMemoryBytes);
    QCOMPARE(text("kvMemoryDiff"), bytesText(*c.kvMemoryDiffBytes, ByteUnits::Binary));
    QCOMPARE(text("vllmKvMemory"), text("kvtiersKvMemory"));

    // The user sets TP 8 again: the same log does not refill the form; the check warns and
    // names the setup, not memory, and the row still reads vLLM − kvtiers (88.1 − 88.1 = 0 B).
    dialog.findChild<QSpinBox*>(QStringLiteral("vllmTp"))->setValue(8);
    QVERIFY(dialog.compare());
    QCOMPARE(dialog.findChild<QSpinBox*>(QStringLiteral("vllmTp"))->value(), 8);
    QVERIFY(!dialog.comparison()->agrees);
    const QString warned = text("vllmSetupNotes");
    QVERIFY2(warned.contains(QStringLiteral("this check uses TP 8")), qPrintable(warned));
    QVERIFY2(
        text("vllmExplanation").contains(QStringLiteral("do not fit this setup")), qPrintable(text("vllmExplanation")));
    QVERIFY(!text("vllmExplanation").contains(QStringLiteral("did not give")));
    QCOMPARE(text("kvMemoryDiff"), bytesText(0, ByteUnits::Binary));
    // Taken from the log; the base model's card; the model and max_model_len replacing the
    // scenario's; TP 8 against the log's 4.
    QCOMPARE(dialog.setupNotes().size(), size_t(5));
    QCOMPARE(dialog.setupNotes()[3].kind, VllmSetupNote::Kind::DiffersFromLog);
}

void TestGuiImport::vllmDialogFromHardware()
{
    VllmCheckDialog dialog(CardCatalog::builtin());
    dialog.setScenario(test::scenario("llama-3.1-70b", Json { { "tp", 8 } }, "h200-sxm"));
    dialog.setLogText(QStringLiteral("INFO [kv_cache_utils.py:849] GPU KV cache size: 2,530,464 tokens\n"));
    // No "Available KV cache memory" line: the log source is refused by name...
    QVERIFY(!dialog.compare());
    QVERIFY2(
        dialog.errorMessage().contains(QStringLiteral("Available KV cache memory")), qPrintable(dialog.errorMessage()));
    // ...and the hardware source works.
    dialog.findChild<QRadioButton*>(QStringLiteral("vllmMemoryFromHardware"))->setChecked(true);
    QVERIFY2(dialog.compare(), qPrintable(dialog.errorMessage()));
    QVERIFY(dialog.comparison()->tokensDiffPercent.has_value());
    // An empty log is an error, not a crash.
    dialog.setLogText(QString());
    QVERIFY(!dialog.compare());
    QVERIFY(!dialog.findChild<QLabel*>(QStringLiteral("vllmError"))->text().isEmpty());
}

void TestGuiImport::vllmDialogShowsVllmsBudgetBesideSteadyState()
{
    // Mistral 7B (every layer a 4,096-token sliding window) at 32,768 tokens, 40 GiB of KV,
    // 8,192 batched tokens. vLLM's SlidingWindowSpec (vllm/v1/kv_cache_interface.py) budgets
    // cdiv(min(4095 + 8192, 32768), 16) + 1 = 769 blocks per request; 40 GiB hold 20,480
    // blocks of 32 layers × 16 tokens × 8 KV heads × 128 × 2 × 2 B: 20480 / 769 = 26.63×.
    // kvtiers' steady state keeps cdiv(4095 + 16, 16) = 257 blocks: 20480 / 257 = 79.69×.
    installTranslator(kLanguageEnglish);
    VllmCheckDialog dialog(CardCatalog::builtin());
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    dialog.setScenario(test::scenario("mistral-7b-v0.1", Json { { "context", 32768 }, { "tp", 1 } }, "h200-sxm"));
    dialog.findChild<QSpinBox*>(QStringLiteral("vllmMaxBatchedTokens"))->setValue(8192);
    // vLLM's own lines for the memory and the token capacity; no concurrency line, so the
    // 26.6× below can only be kvtiers' prediction of it.
    dialog.setLogText(QStringLiteral("INFO [gpu_worker.py:298] Available KV cache memory: 40.00 GiB\n"
                                     "INFO [kv_cache_utils.py:849] GPU KV cache size: 327,680 tokens\n"));
    QTest::mouseClick(dialog.findChild<QPushButton*>(QStringLiteral("vllmCompare")), Qt::LeftButton);
    QVERIFY2(dialog.comparison().has_value(), qPrintable(dialog.errorMessage()));
    auto text = [&](const char* name) { return dialog.findChild<QLabel*>(QString::fromLatin1(name))->text(); };
    const QString vllm = text("vllmPredictedConcurrency");
    QVERIFY2(
        vllm.contains(QStringLiteral("Maximum concurrency for 32,768 tokens per request: 26.63x")), qPrintable(vllm));
    QVERIFY2(
        vllm.contains(QStringLiteral("8,192")) && vllm.contains(QString::fromLatin1(kVllmVersion)), qPrintable(vllm));
    const QString steady = text("kvtiersSteadyConcurrency");
    QVERIFY2(steady.startsWith(QStringLiteral("79.69× at 32,768 tokens")), qPrintable(steady));
    QVERIFY2(text("kvtiersConcurrency").startsWith(QStringLiteral("79.69×")), qPrintable(text("kvtiersConcurrency")));
    // One line on why, from the core, with the setup's figures in vLLM's formula.
    const QString why = text("vllmBudgetWhy");
    QCOMPARE(why, translated(vllmBudgetMessage(dialog.comparison()->predicted)));
    QVERIFY2(
        why.contains(QStringLiteral("cdiv(min(4,096 − 1 + 8,192, 32,768), 16) + 1 = 769 blocks")), qPrintable(why));
    QVERIFY2(why.contains(QStringLiteral("257 blocks")), qPrintable(why));
    QCOMPARE(dialog.comparison()->predicted.vllmBlocksPerRequest, 769.0);
    // In Korean the reason reads in Korean, with the same figures.
    installTranslator(kLanguageKorean);
    QVERIFY(dialog.compare());
    const QString ko = translated(vllmBudgetMessage(dialog.comparison()->predicted));
    QVERIFY2(hasHangul(ko) && ko.contains(QStringLiteral("769")) && ko.contains(QStringLiteral("257")), qPrintable(ko));
    installTranslator(kLanguageEnglish);

    // Async scheduling keeps two batches in flight (vLLM's VllmConfig.max_concurrent_batches),
    // so the window is budgeted with 2 × 8,192 tokens: cdiv(min(4095 + 16384, 32768), 16) + 1
    // = 1,281 blocks, and 20480 / 1281 = 15.99×. The steady state does not move.
    auto* async = dialog.findChild<QCheckBox*>(QStringLiteral("vllmAsyncScheduling"));
    QVERIFY(async);
    async->setChecked(true);
    QVERIFY(dialog.compare());
    QCOMPARE(dialog.comparison()->predicted.vllmBlocksPerRequest, 1281.0);
    const QString asyncLine = text("vllmPredictedConcurrency");
    QVERIFY2(asyncLine.contains(QStringLiteral("per request: 15.99x")) && asyncLine.contains(QStringLiteral("async")),
        qPrintable(asyncLine));
    QVERIFY2(text("kvtiersSteadyConcurrency").startsWith(QStringLiteral("79.69×")),
        qPrintable(text("kvtiersSteadyConcurrency")));
}

namespace {

VllmSetup vllmSetup(double kvBytes, int tp = 1, double context = 0)
{
    VllmSetup s;
    s.kv = KvFormat { 16, 0 };
    s.tp = tp;
    s.blockSize = 16;
    s.context = context;
    s.kvMemoryBytes = kvBytes;
    return s;
}

/// Comparisons that, together, say every kind of explanation sentence: a real H200
/// log against the log's own memory, u × HBM − weights, and made-up logs.
std::vector<VllmComparison> vllmComparisons()
{
    const auto& models = CardCatalog::builtin().models();
    const ModelCard& llama = models.at("llama-3.1-70b");
    const ModelCard& gemma = models.at("gemma-2-27b");
    const HardwareCard& h200 = CardCatalog::builtin().hardware().at("h200-sxm");
    const VllmLog log
        = parseVllmLog(readInputFile(dataPath("vllm/llama-3.1-70b-tp8-h200.log").toStdString()), "h200.log");
    VllmLog noAvailable = log;
    noAvailable.availableKvBytes.reset();
    const VllmLog qwen
        = parseVllmLog(readInputFile(dataPath("vllm/qwen2.5-72b-tp4-32k.log").toStdString()), "qwen.log");
    const double fromHbm = vllmKvMemory(llama, h200, 0.9, 8, 0, 16);
    const VllmHbmContext hbm { h200.hbmBytes, llama.paramsTotal * 2 / 8, 0, 0.9 };

    VllmLog twice; // vLLM had twice the worked example's 131,072 tokens
    twice.kvCacheTokens = 262144;
    VllmLog twiceNamed = twice; // and the 80 GiB its tokens need, as its own line
    twiceNamed.availableKvBytes = 80 * GiB;
    twiceNamed.availableLine = 3;
    auto concurrencyLog = [](double x, std::optional<double> available) {
        VllmLog l;
        l.concurrencyTokens = 131072;
        l.concurrency = x;
        l.availableKvBytes = available;
        l.availableLine = available ? 2 : 0;
        return l;
    };
    VllmLog rounded; // three blocks more than kvtiers: within the log's rounding
    rounded.kvCacheTokens = 131072 + 48;
    const double gemmaTokens = predictVllm(gemma, vllmSetup(10 * GiB, 1, 8192)).tokens;
    VllmLog gemmaLog; // the same tokens, a lower concurrency (sliding windows)
    gemmaLog.kvCacheTokens = gemmaTokens;
    gemmaLog.concurrencyTokens = 8192;
    gemmaLog.concurrency = 4.4;
    VllmLog gemmaShort;
    gemmaShort.kvCacheTokens = 20000;
    // Newer vLLM's token line, int(max concurrency × max_model_len), for Mistral's windows.
    const ModelCard& mistral = models.at("mistral-7b-v0.1");
    const VllmPrediction mistralPredicted = predictVllm(mistral, vllmSetup(40 * GiB, 1, 32768));
    VllmLog newer;
    newer.kvCacheTokens = mistralPredicted.capacityTokens;
    newer.concurrencyTokens = 32768;
    newer.concurrency = std::round(mistralPredicted.vllmMaxConcurrency * 100) / 100;

    return {
        compareWithVllm(llama, vllmSetup(*log.availableKvBytes, 8), log),        // matches exactly
        compareWithVllm(llama, vllmSetup(*log.availableKvBytes, 8, 65536), log), // the log's context
        compareWithVllm(llama, vllmSetup(fromHbm, 8), noAvailable, hbm),         // the gap is a reserve
        compareWithVllm(llama, vllmSetup(fromHbm, 8), log, hbm),                 // ... and the log names its memory
        compareWithVllm(llama, vllmSetup(fromHbm, 8), noAvailable),              // no hardware to say more
        // A hardware context without its HBM size (only through the API): no utilisation to offer.
        compareWithVllm(
            llama, vllmSetup(fromHbm, 8), noAvailable, VllmHbmContext { 0, hbm.weightsBytesPerGpu, 0, 0.9 }),
        compareWithVllm(llama, vllmSetup(40 * GiB), twice), // vLLM had more
        compareWithVllm(
            llama, vllmSetup(40 * GiB), twice, VllmHbmContext { h200.hbmBytes, llama.paramsTotal * 2, 0, 0.9 }),
        compareWithVllm(llama, vllmSetup(40 * GiB), twiceNamed),
        compareWithVllm(llama, vllmSetup(40 * GiB), concurrencyLog(0.5, std::nullopt)),
        compareWithVllm(llama, vllmSetup(40 * GiB), concurrencyLog(1.5, std::nullopt)),
        compareWithVllm(llama, vllmSetup(40 * GiB), concurrencyLog(0.5, 50 * GiB)),
        compareWithVllm(llama, vllmSetup(40 * GiB), concurrencyLog(1.5, 50 * GiB)),
        compareWithVllm(llama, vllmSetup(40 * GiB), rounded),
        compareWithVllm(gemma, vllmSetup(10 * GiB, 1, 8192), gemmaLog),   // concurrency differs
        compareWithVllm(gemma, vllmSetup(10 * GiB, 1, 8192), gemmaShort), // a hybrid
        compareWithVllm(mistral, vllmSetup(40 * GiB, 1, 32768), newer),   // newer vLLM's token line
        // Qwen2.5-72B's TP 4 log checked as Llama 3.1 70B at TP 8: the setup differs.
        compareWithVllm(llama, vllmSetup(*qwen.availableKvBytes, 8), qwen),
        // A log with no figure (parseVllmLog refuses one; only through the API).
        compareWithVllm(llama, vllmSetup(40 * GiB), VllmLog {}),
    };
}

/// Predictions that, together, note every kind: Jamba's state layers raise the block,
/// Gemma 3's groups are padded, and cards whose pages do not divide the largest one.
std::vector<VllmPrediction> vllmNotedPredictions()
{
    const std::string gemma3 = dataPath("hf/gemma-3-27b-it.json").toStdString();
    const ModelCard gemma3Card = importHfConfig(parseStrictJson(readInputFile(gemma3), gemma3), gemma3);
    const Json fullGroup
        = { { "kind", "full" }, { "layers", 4 }, { "num_kv_heads", 8 }, { "k_head_dim", 128 }, { "v_head_dim", 128 } };
    return {
        predictVllm(CardCatalog::builtin().models().at("jamba-v0.1"), vllmSetup(20 * GiB, 1, 65536)),
        predictVllm(gemma3Card, vllmSetup(20 * GiB, 1, 32768)),
        predictVllm(test::modelVariant("gemma-2-27b", [](Json& j) { j["layer_groups"][0]["num_kv_heads"] = 6; }),
            vllmSetup(10 * GiB, 1, 8192)),
        predictVllm(test::modelVariant("gemma-2-27b", [](Json& j) { j["layer_groups"][1]["num_kv_heads"] = 6; }),
            vllmSetup(10 * GiB, 1, 8192)),
        predictVllm(test::modelVariant("deepseek-v3", [&](Json& j) { j["layer_groups"].push_back(fullGroup); }),
            vllmSetup(40 * GiB, 1, 8192)),
    };
}

} // namespace

void TestGuiImport::vllmTextInEnglishIsTheCoresText()
{
    installTranslator(kLanguageEnglish);
    std::set<VllmSentence::Kind> sentenceKinds;
    for (const VllmComparison& c : vllmComparisons()) {
        QVERIFY(!c.sentences.empty());
        for (const VllmSentence& s : c.sentences) {
            sentenceKinds.insert(s.kind);
            QCOMPARE(translated(vllmSentenceMessage(s)), QString::fromStdString(vllmSentenceText(s)));
        }
        QStringList joined;
        for (const VllmSentence& s : c.sentences)
            joined << translated(vllmSentenceMessage(s));
        QCOMPARE(joined.join(u' '), QString::fromStdString(c.explanation));
    }
    // Every kind, up to the last (NoFigure), was said.
    for (int k = 0; k <= static_cast<int>(VllmSentence::Kind::NoFigure); ++k)
        QVERIFY2(sentenceKinds.count(static_cast<VllmSentence::Kind>(k)),
            qPrintable(QStringLiteral("sentence kind %1 not said").arg(k)));

    std::set<VllmNote::Kind> noteKinds;
    std::set<std::string> paddedKinds;
    for (const VllmPrediction& p : vllmNotedPredictions()) {
        QVERIFY(!p.notes.empty());
        for (const VllmNote& n : p.notes) {
            noteKinds.insert(n.kind);
            if (n.kind == VllmNote::Kind::PagePadded)
                paddedKinds.insert(n.layerKind);
            QCOMPARE(translated(vllmNoteMessage(n)), QString::fromStdString(vllmNoteText(n)));
        }
    }
    for (int k = 0; k <= static_cast<int>(VllmNote::Kind::PaddingLayers); ++k)
        QVERIFY2(noteKinds.count(static_cast<VllmNote::Kind>(k)),
            qPrintable(QStringLiteral("note kind %1 not noted").arg(k)));
    QCOMPARE(paddedKinds, (std::set<std::string> { "full", "sliding", "mla" }));
}

namespace {

/// Setup notes of every kind: the reviewer's log against scenarios that match it, differ
/// from it, or name a model no card (or two cards) match.
std::vector<VllmSetupNote> vllmAllSetupNotes()
{
    const auto& models = CardCatalog::builtin().models();
    const VllmLog qwen
        = parseVllmLog(readInputFile(dataPath("vllm/qwen2.5-72b-tp4-32k.log").toStdString()), "qwen.log");
    const VllmSetupValues llama8
        = { .modelId = "llama-3.1-70b", .tp = 8, .blockSize = 16, .kv = KvFormat { 16, 0 }, .context = 131072 };
    std::vector<VllmSetupNote> all = vllmSetupNotes(qwen, models, llama8, vllmSetupFromLog(qwen, models, llama8));
    for (const VllmSetupNote& n : vllmSetupNotes(qwen, models, llama8, llama8))
        all.push_back(n);
    const VllmLog unknown = parseVllmLog("with config: model='acme/x-13b'\nGPU KV cache size: 1 tokens\n", "x");
    for (const VllmSetupNote& n : vllmSetupNotes(unknown, models, llama8, llama8))
        all.push_back(n);
    // Two cards with the same source: the log's id matches both.
    std::map<std::string, ModelCard> twins = { { "a", models.at("qwen2.5-72b") }, { "b", models.at("qwen2.5-72b") } };
    twins["a"].id = "a";
    twins["b"].id = "b";
    const VllmLog base = parseVllmLog("with config: model='Qwen/Qwen2.5-72B'\nGPU KV cache size: 1 tokens\n", "x");
    for (const VllmSetupNote& n : vllmSetupNotes(base, twins, VllmSetupValues { .modelId = "a" }, { .modelId = "a" }))
        all.push_back(n);
    return all;
}

} // namespace

void TestGuiImport::vllmSetupNotesInBothLanguages()
{
    std::set<VllmSetupNote::Kind> kinds;
    const std::vector<VllmSetupNote> notes = vllmAllSetupNotes();
    installTranslator(kLanguageEnglish);
    for (const VllmSetupNote& n : notes) {
        kinds.insert(n.kind);
        QCOMPARE(translated(vllmSetupMessage(n)), QString::fromStdString(vllmSetupText(n)));
    }
    for (int k = 0; k <= static_cast<int>(VllmSetupNote::Kind::ModelBaseName); ++k)
        QVERIFY2(kinds.count(static_cast<VllmSetupNote::Kind>(k)), qPrintable(QStringLiteral("kind %1").arg(k)));
    installTranslator(kLanguageKorean);
    for (const VllmSetupNote& n : notes) {
        const QString ko = translated(vllmSetupMessage(n));
        QVERIFY2(ko != QString::fromStdString(vllmSetupText(n)) && hasHangul(ko), qPrintable(ko));
    }
    installTranslator(kLanguageEnglish);
}

void TestGuiImport::vllmTextInKoreanIsKorean()
{
    installTranslator(kLanguageKorean);
    for (const VllmComparison& c : vllmComparisons()) {
        for (const VllmSentence& s : c.sentences) {
            const QString ko = translated(vllmSentenceMessage(s));
            QVERIFY2(ko != QString::fromStdString(vllmSentenceText(s)) && hasHangul(ko), qPrintable(ko));
        }
    }
    for (const VllmPrediction& p : vllmNotedPredictions()) {
        for (const VllmNote& n : p.notes) {
            const QString ko = translated(vllmNoteMessage(n));
            QVERIFY2(ko != QString::fromStdString(vllmNoteText(n)) && hasHangul(ko), qPrintable(ko));
        }
    }
}

void TestGuiImport::vllmDialogInKorean()
{
    // Jamba from u × HBM − weights against a made-up log: the figures differ, the model is a
    // hybrid and its block size is raised, so the label carries several sentences and a note.
    const QString logText = QStringLiteral("INFO [kv_cache_utils.py:849] GPU KV cache size: 100,000 tokens\n"
                                           "INFO [kv_cache_utils.py:853] Maximum concurrency for 65,536 tokens per "
                                           "request: 1.00x\n");
    for (const QString& language : { kLanguageEnglish, kLanguageKorean }) {
        installTranslator(language);
        VllmCheckDialog dialog(CardCatalog::builtin());
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        dialog.setScenario(test::scenario("jamba-v0.1", Json { { "context", 65536 } }, "h200-sxm"));
        dialog.findChild<QRadioButton*>(QStringLiteral("vllmMemoryFromHardware"))->setChecked(true);
        dialog.setLogText(logText);
        QTest::mouseClick(dialog.findChild<QPushButton*>(QStringLiteral("vllmCompare")), Qt::LeftButton);
        QVERIFY2(dialog.comparison().has_value(), qPrintable(dialog.errorMessage()));
        const VllmComparison& c = *dialog.comparison();
        QVERIFY(!c.agrees);
        QVERIFY(c.sentences.size() >= 3);
        QVERIFY(!c.predicted.notes.empty());
        const QString label = dialog.findChild<QLabel*>(QStringLiteral("vllmExplanation"))->text();
        if (language == kLanguageEnglish) {
            // The CLI's explanation and notes, word for word.
            QString expected
                = QStringLiteral("<b>Differs.</b> ") + QString::fromStdString(c.explanation).toHtmlEscaped();
            for (const VllmNote& n : c.predicted.notes)
                expected += QStringLiteral("<br>Note: ") + QString::fromStdString(vllmNoteText(n)).toHtmlEscaped();
            QCOMPARE(label, expected);
        } else {
            if (const QString dir = qEnvironmentVariable("KVTIERS_GRAB_DIR");
                !dir.isEmpty() && (QTest::qWait(100), true))
                dialog.grab().save(dir + QStringLiteral("/vllm-ko.png"));
            QVERIFY2(hasHangul(label), qPrintable(label));
            // No English sentence: none of the core's sentences or notes, nor its heading.
            for (const VllmSentence& s : c.sentences) {
                const QString english = QString::fromStdString(vllmSentenceText(s)).toHtmlEscaped();
                QVERIFY2(!label.contains(english), qPrintable(english));
            }
            for (const VllmNote& n : c.predicted.notes) {
                const QString english = QString::fromStdString(vllmNoteText(n)).toHtmlEscaped();
                QVERIFY2(!label.contains(english), qPrintable(english));
            }
            for (const char* word : { "Differs", "Note:", " need about ", "gap is memory", "hybrid for vLLM" })
                QVERIFY2(!label.contains(QLatin1String(word)), qPrintable(label));
        }

        // A log line that cannot be read, and a log with no KV line: the core's message in
        // English, the same facts (the line, its text) in Korean.
        for (const QString& bad :
            { QStringLiteral("a\nGPU KV cache size: lots of tokens"), QStringLiteral("no KV here") }) {
            dialog.setLogText(bad);
            QVERIFY(!dialog.compare());
            const QString shown = dialog.findChild<QLabel*>(QStringLiteral("vllmError"))->text();
            QCOMPARE(shown, dialog.errorMessage());
            const QString english = test::inputErrorOf([&] { parseVllmLog(bad.toStdString(), "vLLM log"); });
            QVERIFY(!english.isEmpty());
            if (language == kLanguageEnglish) {
                QCOMPARE(shown, english);
            } else {
                QVERIFY2(hasHangul(shown) && shown != english, qPrintable(shown));
                if (bad.contains(QLatin1String("lots")))
                    QVERIFY2(shown.contains(QStringLiteral(":2:")) && shown.contains(QStringLiteral("lots of tokens")),
                        qPrintable(shown));
            }
        }
    }
    installTranslator(kLanguageEnglish);
}

QTEST_MAIN(TestGuiImport)
#include "tst_gui_import.moc"
