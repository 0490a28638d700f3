// The knob table is the whole schema: a knob's key (and the key a result echoes it under,
// and its sensitivity variable key) is spelled as a string literal in at most two files of
// core/, ui/ and app/, the table (core/scenario/Knobs.cpp) being one. Everything else
// names a knob through the table (knobKey(KnobId::X), or a loop over knobs()).
//
// The scan reads each C++ file's string literals, skipping comments and the texts given to
// tr() or translate() (words shown to people, translated, not keys). A literal counts
// when it is exactly a key.

#include "core/analysis/FleetOptions.h"
#include "core/analysis/Outlook.h"
#include "core/analysis/Sensitivity.h"
#include "core/cards/OutlookCard.h"
#include "core/replay/ReplayOptions.h"
#include "core/report/ReportOptions.h"
#include "core/scenario/Knobs.h"
#include "core/trace/TraceRun.h"
#include "tests/support/SourceFiles.h"

#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QtTest>

#include <map>
#include <set>
#include <string>
#include <vector>

using namespace kvtiers;

namespace {

struct Literal {
    std::string text;
    int line = 0;
};

/// Whether the code before a literal (its line, literals shown as "") hands it to tr() or
/// translate(): then it is a text for people, not a key.
bool translated(const std::string& before)
{
    static const QRegularExpression call(
        QStringLiteral(R"((\btr|QT_TR_NOOP)\(\s*$|(\btranslate|QT_TRANSLATE_NOOP)\(\s*""\s*,\s*$)"));
    return call.match(QString::fromStdString(before)).hasMatch();
}

/// The string literals of a C++ source outside comments and tr()/translate() calls, with
/// the line each starts on. Raw strings, escapes and character literals are read as C++
/// reads them, so a quote inside one never starts a literal.
std::vector<Literal> stringLiterals(const std::string& src)
{
    std::vector<Literal> out;
    std::string before; // the current line's code so far, literals as ""
    int line = 1;
    size_t i = 0;
    auto advance = [&](size_t to) {
        for (; i < to && i < src.size(); ++i)
            if (src[i] == '\n') {
                ++line;
                before.clear();
            }
    };
    while (i < src.size()) {
        const char c = src[i];
        if (c == '/' && i + 1 < src.size() && src[i + 1] == '/') {
            advance(src.find('\n', i) == std::string::npos ? src.size() : src.find('\n', i));
        } else if (c == '/' && i + 1 < src.size() && src[i + 1] == '*') {
            const size_t end = src.find("*/", i + 2);
            advance(end == std::string::npos ? src.size() : end + 2);
        } else if (c == 'R' && i + 1 < src.size() && src[i + 1] == '"'
            && (i == 0 || !(std::isalnum(static_cast<unsigned char>(src[i - 1])) || src[i - 1] == '_'))) {
            const size_t open = src.find('(', i + 2);
            const std::string close = ")" + src.substr(i + 2, open - i - 2) + "\"";
            const size_t end = src.find(close, open);
            const int start = line;
            const std::string text = src.substr(open + 1, end - open - 1);
            if (!translated(before))
                out.push_back({ text, start });
            advance(end + close.size());
            before += "\"\"";
        } else if (c == '"' || c == '\'') {
            std::string text;
            size_t j = i + 1;
            for (; j < src.size() && src[j] != c && src[j] != '\n'; ++j) {
                if (src[j] == '\\' && j + 1 < src.size())
                    text += src[j++];
                text += src[j];
            }
            if (c == '"' && !translated(before))
                out.push_back({ text, line });
            i = j + 1;
            before += "\"\"";
        } else {
            before += c;
            advance(i + 1);
        }
    }
    return out;
}

/// Every key a knob is spelled by: its key, its echo key and its variable key.
std::set<std::string> knobKeys()
{
    std::set<std::string> keys;
    for (const Knob& k : knobs()) {
        keys.insert(k.key);
        keys.insert(k.outputKey());
        keys.insert(k.variableKey());
    }
    return keys;
}

/// Every option table's flags, each with the files of the tables that declare it.
template <typename Input>
void addFlags(
    std::span<const Option<Input>> table, const std::string& file, std::map<std::string, std::set<std::string>>& flags)
{
    for (const Option<Input>& o : table)
        if (o.flag)
            flags[o.flag].insert(file);
}

std::map<std::string, std::set<std::string>> optionFlags()
{
    std::map<std::string, std::set<std::string>> flags;
    addFlags(replay::replayOptionTable(), "core/replay/ReplayOptions.cpp", flags);
    addFlags(trace::traceOptionTable(), "core/trace/TraceRun.cpp", flags);
    addFlags(fleetOptionTable(), "core/analysis/FleetOptions.cpp", flags);
    addFlags(fleetProfilesOptionTable(), "core/analysis/FleetOptions.cpp", flags);
    addFlags(sensitivityOptionTable(), "core/analysis/Sensitivity.cpp", flags);
    addFlags(outlookRunOptions(), "core/analysis/Outlook.cpp", flags);
    addFlags(outlookYearOptions(), "core/cards/OutlookCard.cpp", flags);
    addFlags(reportOptionTable(), "core/report/ReportOptions.cpp", flags);
    return flags;
}

} // namespace

class TestKnobKeys : public QObject {
    Q_OBJECT
private slots:
    void scannerReadsLiteralsAsCppDoes()
    {
        const std::string src = "// \"reuse_rate\" in a comment\n"
                                "/* \"reuse_rate\"\n   \"context\" */ auto a = \"reuse_rate\";\n"
                                "auto b = tr(\"context\"); auto c = translate(\"Knob\", \"context\");\n"
                                "auto d = R\"x(\"tp\" )\" )x\"; char q = '\"'; auto e = \"a\\\"b\";\n"
                                "auto f = QT_TRANSLATE_NOOP(\"Knob\", \"servers\"); auto g = {\"tp\", \"servers\"};\n";
        std::vector<std::string> texts;
        std::vector<int> lines;
        for (const Literal& l : stringLiterals(src)) {
            texts.push_back(l.text);
            lines.push_back(l.line);
        }
        const std::vector<std::string> expected
            = { "reuse_rate", "Knob", "\"tp\" )\" ", "a\\\"b", "Knob", "tp", "servers" };
        QCOMPARE(texts, expected);
        QCOMPARE(lines, (std::vector<int> { 3, 4, 5, 5, 6, 6, 6 }));
    }

    void everyKeyIsSpelledInAtMostTwoFiles()
    {
        const QString root = kvtiers::test::sourceDir();
        QVERIFY2(!root.isEmpty(), "KVTIERS_SOURCE_DIR is not set");
        const std::set<std::string> keys = knobKeys();
        std::map<std::string, std::map<std::string, std::vector<int>>> where; // key -> file -> lines
        for (const char* dir : { "core", "ui", "app" }) {
            QDirIterator it(root + QLatin1Char('/') + QLatin1String(dir),
                { QStringLiteral("*.cpp"), QStringLiteral("*.h") }, QDir::Files, QDirIterator::Subdirectories);
            while (it.hasNext()) {
                const QString path = it.next();
                QFile file(path);
                QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(path));
                const std::string relative = QDir(root).relativeFilePath(path).toStdString();
                for (const Literal& l : stringLiterals(file.readAll().toStdString()))
                    if (keys.contains(l.text))
                        where[l.text][relative].push_back(l.line);
            }
        }
        // The table spells every key: the scan sees what it should.
        for (const std::string& key : keys)
            QVERIFY2(where[key].contains("core/scenario/Knobs.cpp"), key.c_str());

        QStringList problems;
        for (const auto& [key, files] : where) {
            if (files.size() <= 2)
                continue;
            QString text = QStringLiteral("\"%1\" is spelled in %2 files (name it through the knob table):")
                               .arg(QString::fromStdString(key))
                               .arg(files.size());
            for (const auto& [file, lines] : files)
                for (int line : lines)
                    text += QStringLiteral("\n    %1:%2").arg(QString::fromStdString(file)).arg(line);
            problems << text;
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    }

    /// A command without a table whose own, different option has a table flag's spelling:
    /// one constant in its file, which this list names with the reason.
    static bool ownOption(const std::string& file, const std::string& flag)
    {
        // `kvtiers sweep --points`: the scenario sweep's point count (2 to 100,000), not the
        // replay sweep's number of replays.
        return file == "app/cli/SweepCommand.cpp" && flag == "--points";
    }

    void everyOptionFlagIsSpelledOnlyInItsTable()
    {
        // A command's options come from the core's option tables (core/io/Options.h): the
        // synopsis, the help, the parsing and every message name a flag through its table,
        // so a flag appears in product code only in the tables that declare it.
        const QString root = kvtiers::test::sourceDir();
        struct Flag {
            std::string text;
            std::set<std::string> tables;
            QRegularExpression word; ///< the flag as a word: "--points", "--points: ...", not "--points-x"
        };
        std::vector<Flag> flags;
        for (const auto& [flag, tables] : optionFlags())
            flags.push_back({ flag, tables,
                QRegularExpression(QStringLiteral("(^|[^-\\w])%1(?![-\\w])")
                                       .arg(QRegularExpression::escape(QString::fromStdString(flag)))) });
        QVERIFY(flags.size() > 20);
        QStringList problems;
        std::map<std::string, int> ownSpellings; ///< a command's own option: spelled once in its file
        for (const char* dir : { "core", "ui", "app" }) {
            QDirIterator it(root + QLatin1Char('/') + QLatin1String(dir),
                { QStringLiteral("*.cpp"), QStringLiteral("*.h") }, QDir::Files, QDirIterator::Subdirectories);
            while (it.hasNext()) {
                const QString path = it.next();
                QFile file(path);
                QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(path));
                const std::string relative = QDir(root).relativeFilePath(path).toStdString();
                for (const Literal& l : stringLiterals(file.readAll().toStdString()))
                    for (const Flag& f : flags)
                        if (l.text.find(f.text) != std::string::npos && !f.tables.contains(relative)
                            && !(ownOption(relative, f.text) && ++ownSpellings[relative + f.text] == 1)
                            && f.word.match(QString::fromStdString(l.text)).hasMatch())
                            problems << QStringLiteral("%1:%2: spells %3, which its option table declares")
                                            .arg(QString::fromStdString(relative))
                                            .arg(l.line)
                                            .arg(QString::fromStdString(f.text));
            }
        }
        // QTest cuts a long message: each problem gets a line of its own.
        for (const QString& problem : problems)
            qWarning("%s", qPrintable(problem));
        QVERIFY2(problems.isEmpty(),
            qPrintable(QStringLiteral("%1 flags spelled outside their tables").arg(problems.size())));
    }
};

QTEST_APPLESS_MAIN(TestKnobKeys)
#include "tst_knob_keys.moc"
