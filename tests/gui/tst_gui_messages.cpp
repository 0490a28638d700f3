// The core's messages in the GUI. The core writes every message once, as an English
// template marked with QT_TRANSLATE_NOOP (core/io/Message.h); the GUI translates it
// (ui/text/Translate.h). Checked here: every template in core/ has a Korean translation
// with the same %N placeholders (so Korean may reorder them but never drop or invent a
// figure), and what a user sees: a bad card's error names the file and the field in
// Korean, and in English it is byte for byte what the CLI prints for the same card.

#include "core/catalog/CardCatalog.h"
#include "core/io/InputError.h"
#include "core/io/Json.h"
#include "core/model/Derivation.h"
#include "core/model/VllmCheck.h"
#include "core/model/VllmComparison.h"
#include "core/model/VllmLogSetup.h"
#include "core/model/Warnings.h"
#include "core/report/ResultJson.h"
#include "core/trace/TraceReader.h"
#include "tests/support/TestSupport.h"
#include "ui/app/Language.h"
#include "ui/scenario/ScenarioController.h"
#include "ui/text/Translate.h"

#include <QDirIterator>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTranslator>
#include <QtTest>

#include <set>

using namespace kvtiers;
using namespace kvtiers::ui;

namespace {

bool hasHangul(const QString& text)
{
    return std::any_of(
        text.begin(), text.end(), [](QChar c) { return c.unicode() >= 0xAC00 && c.unicode() <= 0xD7A3; });
}

struct Template {
    QString context;
    QString source;
    QString file;
};

/// A C++ string literal's text (the part between the quotes) with its escapes resolved.
QString unescaped(const QString& literal)
{
    QString out;
    for (qsizetype i = 0; i < literal.size(); ++i) {
        if (literal[i] == u'\\' && i + 1 < literal.size()) {
            const QChar c = literal[++i];
            out += c == u'n' ? QChar(u'\n') : c == u't' ? QChar(u'\t') : c;
        } else {
            out += literal[i];
        }
    }
    return out;
}

/// Every QT_TRANSLATE_NOOP("context", "source" ["more source"...]) in core/.
std::vector<Template> coreTemplates()
{
    // The macro's name is put together so that moc, which expands macros, does not see it here.
    static const QRegularExpression call(QStringLiteral("QT_TRANSLATE") + QStringLiteral("_NOOP")
        + QStringLiteral("\\(\\s*\"([^\"]+)\"\\s*,((?:\\s*\"(?:[^\"\\\\]|\\\\.)*\")+)\\s*\\)"));
    static const QRegularExpression piece(QStringLiteral("\"((?:[^\"\\\\]|\\\\.)*)\""));
    std::vector<Template> out;
    QDirIterator it(QStringLiteral(KVTIERS_SOURCE_CORE), { QStringLiteral("*.cpp"), QStringLiteral("*.h") },
        QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        QFile f(it.next());
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const QString text = QString::fromUtf8(f.readAll());
        for (auto m = call.globalMatch(text); m.hasNext();) {
            const auto match = m.next();
            QString source;
            for (auto p = piece.globalMatch(match.captured(2)); p.hasNext();)
                source += unescaped(p.next().captured(1));
            out.push_back({ match.captured(1), source, f.fileName() });
        }
    }
    return out;
}

std::set<QString> placeholders(const QString& text)
{
    static const QRegularExpression n(QStringLiteral("%(\\d+)"));
    std::set<QString> out;
    for (auto m = n.globalMatch(text); m.hasNext();)
        out.insert(m.next().captured(1));
    return out;
}

} // namespace

class TestGuiMessages : public QObject {
    Q_OBJECT
private slots:
    void cleanupTestCase() { installTranslator(kLanguageEnglish); }

    void everyCoreTemplateHasKorean()
    {
        const std::vector<Template> templates = coreTemplates();
        // The messages of InputError, the preset store, the vLLM check, the warnings and the
        // formula, and the knob labels: far more than a handful, or the scan found nothing.
        QVERIFY2(templates.size() > 150, qPrintable(QString::number(templates.size())));
        QTranslator korean;
        QVERIFY(korean.load(QStringLiteral(":/i18n/kvtiers_ko.qm")));
        std::set<QString> contexts;
        for (const Template& t : templates) {
            contexts.insert(t.context);
            const QString where = QStringLiteral("%1 [%2] %3").arg(t.file, t.context, t.source);
            const QString ko = korean.translate(t.context.toUtf8().constData(), t.source.toUtf8().constData());
            QVERIFY2(!ko.isEmpty(), qPrintable(QStringLiteral("no Korean for ") + where));
            QVERIFY2(placeholders(ko) == placeholders(t.source),
                qPrintable(QStringLiteral("placeholders differ: ") + where + QStringLiteral(" -> ") + ko));
            // A sentence, not only figures and punctuation, reads in Hangul.
            const bool hasWords = t.source.contains(QRegularExpression(QStringLiteral("[A-Za-z]{3,}")));
            if (hasWords && !t.source.contains(QStringLiteral("config.json")) && t.source != QStringLiteral("%1: %2"))
                QVERIFY2(hasHangul(ko), qPrintable(where + QStringLiteral(" -> ") + ko));
        }
        for (const char* c : { "Messages", "PresetMessages", "VllmCheck", "Knob" })
            QVERIFY2(contexts.count(QString::fromLatin1(c)), c);
    }

    void koreanReordersArguments()
    {
        // A Korean template moves its figures where Korean puts them; the same figures come out.
        installTranslator(kLanguageKorean);
        const InputErrorDetail d { .code = InputErrorCode::HfWholeNumberOutOfRange,
            .where = "config.json.num_hidden_layers",
            .value = "0",
            .min = "1",
            .max = "4096" };
        const QString ko = translated(inputErrorMessage(d));
        QVERIFY2(hasHangul(ko), qPrintable(ko));
        for (const char* figure : { "config.json.num_hidden_layers", "0", "1", "4096" })
            QVERIFY2(ko.contains(QLatin1String(figure)), qPrintable(ko));
        installTranslator(kLanguageEnglish);
        QCOMPARE(translated(inputErrorMessage(d)),
            QStringLiteral("config.json.num_hidden_layers: must be a whole number from 1 to 4096, not 0"));
    }

    void badCardInKoreanNamesFileAndField()
    {
        // A user's model card with a layer kind that does not exist, chosen in the GUI.
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("my-model.json"));
        Json card = test::builtinModel("llama-3.1-70b").toJson();
        card["id"] = "my-model";
        card["layer_groups"][0]["kind"] = "weird";
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray::fromStdString(card.dump(2)));
        f.close();

        QString shown[2];
        for (int i = 0; i < 2; ++i) {
            installTranslator(i == 0 ? kLanguageEnglish : kLanguageKorean);
            ScenarioController controller;
            ScenarioSpec spec = controller.spec();
            spec.model = path.toStdString();
            controller.edit(spec, QStringLiteral("bad card"));
            QTRY_VERIFY(!controller.errorMessage().isEmpty());
            shown[i] = controller.errorMessage();
        }
        const QString& english = shown[0];
        const QString& korean = shown[1];
        // Korean: the file and the field as the user wrote them, the sentence in Korean.
        QVERIFY2(korean.contains(path), qPrintable(korean));
        QVERIFY2(korean.contains(QStringLiteral("layer_groups[0].kind")), qPrintable(korean));
        QVERIFY2(korean.contains(QStringLiteral("\"weird\"")), qPrintable(korean));
        QVERIFY2(hasHangul(korean), qPrintable(korean));
        QVERIFY2(!korean.contains(QStringLiteral("unknown layer kind")), qPrintable(korean));
        QVERIFY2(english.contains(QStringLiteral("unknown layer kind")), qPrintable(english));

        // English: what the CLI prints for the same card, byte for byte.
        const QString binary = qEnvironmentVariable("KVTIERS_BINARY");
        if (binary.isEmpty())
            QSKIP("KVTIERS_BINARY not set (run through ctest)");
        QProcess cli;
        cli.start(binary, { QStringLiteral("eval"), QStringLiteral("--model"), path });
        QVERIFY(cli.waitForFinished(60000));
        QVERIFY(cli.exitCode() != 0);
        const QString err = QString::fromUtf8(cli.readAllStandardError()).trimmed();
        QCOMPARE(err, QStringLiteral("kvtiers: ") + english);
    }

    void warningsAndFormulaReadAsTheCli()
    {
        // The warnings and the formula: English as the CLI's functions give it, Korean in Hangul.
        const Scenario s = test::scenario("llama-3.1-70b", { { "context", 1048576 }, { "concurrency", 4096 } });
        const EvalResult r = evaluate(s);
        const std::vector<Message> warnings = warningMessageList(s, r);
        QVERIFY(warnings.size() >= 2);
        installTranslator(kLanguageEnglish);
        const std::vector<std::string> cli = warningMessages(s, r);
        QCOMPARE(warnings.size(), cli.size());
        for (size_t i = 0; i < cli.size(); ++i)
            QCOMPARE(translated(warnings[i]), QString::fromStdString(cli[i]));
        // The context warning names the model as the pickers do, by its name, not its id.
        const QString beyond = translated(warnings.front());
        QVERIFY2(beyond.contains(QString::fromStdString(s.model.name) + QStringLiteral("'s maximum"))
                && !beyond.contains(QString::fromStdString(s.model.id)),
            qPrintable(beyond));
        installTranslator(kLanguageKorean);
        for (const Message& w : warnings)
            QVERIFY2(hasHangul(translated(w)), qPrintable(translated(w)));
        const QString formula = translated(kvPerTokenMessage(deriveKvPerToken(s.model, r.kvFormat)));
        QVERIFY2(hasHangul(formula) && formula.contains(QStringLiteral("327,680 B")), qPrintable(formula));
        installTranslator(kLanguageEnglish);
    }

    void traceErrorsReadInKorean()
    {
        // The walk's truncated trace, a field of the wrong type and a missing field: in English
        // the CLI's words byte for byte (tests/cli/tst_cli_trace checks those), in Korean the
        // sentence in Hangul with the file, the line, the column and the field as they are.
        struct Case {
            std::string text;
            QString english;
            QStringList kept; ///< what the Korean quotes as it is
        };
        const Case cases[] = {
            { "{\"timestamp\": 1, \"input_length\"",
                QStringLiteral("cut.jsonl:1: not valid JSON at column 32: expected ':' after a key"),
                { QStringLiteral("cut.jsonl:1"), QStringLiteral("32"), QStringLiteral("':'") } },
            { "{\"timestamp\": \"noon\", \"input_length\": 10, \"output_length\": 1, \"hash_ids\": [1]}",
                QStringLiteral("cut.jsonl:1: field \"timestamp\": must be a number, found a string"),
                { QStringLiteral("cut.jsonl:1"), QStringLiteral("\"timestamp\"") } },
            { "{\"timestamp\": 1, \"input_length\": 10, \"output_length\": 1}",
                QStringLiteral("cut.jsonl:1: field \"hash_ids\": missing"),
                { QStringLiteral("cut.jsonl:1"), QStringLiteral("\"hash_ids\"") } },
        };
        for (const Case& c : cases) {
            Message message;
            try {
                auto reader = trace::TraceReader::fromText(c.text + "\n", "cut.jsonl");
                trace::TraceRequest request;
                reader->next(request);
                QFAIL(qPrintable(QStringLiteral("accepted: ") + QString::fromStdString(c.text)));
            } catch (const InputError& e) {
                QCOMPARE(QString::fromStdString(e.what()), c.english);
                message = e.message();
            }
            installTranslator(kLanguageEnglish);
            QCOMPARE(translated(message), c.english);
            installTranslator(kLanguageKorean);
            const QString ko = translated(message);
            QVERIFY2(hasHangul(ko), qPrintable(ko));
            for (const QString& kept : c.kept)
                QVERIFY2(ko.contains(kept), qPrintable(ko + QStringLiteral(" lacks ") + kept));
            for (const char* english : { "not valid JSON", "must be a number", "missing", "found a string" })
                QVERIFY2(!ko.contains(QLatin1String(english)), qPrintable(ko));
        }
        installTranslator(kLanguageEnglish);
    }

    void jsonParserWordsReadInKorean()
    {
        // A broken preset (or card): the parser's own words follow the file, line and column.
        // English keeps nlohmann's words byte for byte; Korean translates them too.
        const std::string text = "{\n  \"name\": \"broken\",\n  \"scenario\": {\n";
        std::string parserWords;
        try {
            const Json parsed = Json::parse(text);
            QFAIL(qPrintable(QStringLiteral("the truncated preset parsed: ") + QString::fromStdString(parsed.dump())));
        } catch (const Json::parse_error& e) {
            parserWords = e.what();
        }
        const auto at = parserWords.find("syntax error");
        QVERIFY2(at != std::string::npos, parserWords.c_str());
        parserWords = parserWords.substr(at); // "syntax error while parsing object key - unexpected end of input; ..."
        try {
            (void)parseStrictJson(text, "broken.json");
            QFAIL("a truncated preset was accepted");
        } catch (const InputError& e) {
            const std::string english = e.what();
            QVERIFY2(english.ends_with(": " + parserWords), english.c_str());
            installTranslator(kLanguageEnglish);
            QCOMPARE(translated(e.message()), QString::fromStdString(english));
            installTranslator(kLanguageKorean);
            const QString ko = translated(e.message());
            QVERIFY2(hasHangul(ko) && ko.contains(QStringLiteral("broken.json")), qPrintable(ko));
            for (const char* words : { "syntax error", "unexpected", "end of input", "expected", "object" })
                QVERIFY2(!ko.contains(QLatin1String(words)), qPrintable(ko));
        }
        installTranslator(kLanguageEnglish);
    }
};

QTEST_MAIN(TestGuiMessages)
#include "tst_gui_messages.moc"
