// The command table (app/cli/Commands.h): every command's own options are named in its
// synopsis, every synopsis is in `kvtiers --help`, every knob flag is listed there too,
// and each command word runs its command (an unknown one is refused naming them all).

#include "app/cli/CommandLine.h"
#include "app/cli/Commands.h"
#include "core/catalog/CardCatalog.h"
#include "core/io/Json.h"
#include "core/io/Units.h"
#include "core/scenario/Knobs.h"
#include "tests/support/CliRun.h"
#include "tests/support/SourceFiles.h"

#include <QtTest>

#include <algorithm>
#include <set>
#include <sstream>
#include <string>

using namespace kvtiers;
using namespace kvtiers::cli;

namespace {

using Run = kvtiers::test::CliRun;
using kvtiers::test::runCli;

} // namespace

class TestCommands : public QObject {
    Q_OBJECT

private slots:
    /// Rates past a thousand carry separators, as every other count in the output does.
    void fleetRatesPastAThousandHaveSeparators()
    {
        const Run r = runCli({ "fleet", "--mix", "chat=1", "--rate", "10000" });
        QCOMPARE(r.status, 0);
        QVERIFY2(r.out.find("Traffic           10,000 requests/s;") != std::string::npos, r.out.c_str());
        const Run small = runCli({ "fleet", "--mix", "chat=1", "--rate", "2.5" });
        QVERIFY2(small.out.find("Traffic           2.5 requests/s;") != std::string::npos, small.out.c_str());
    }

    void everyOptionIsInItsSynopsis()
    {
        std::set<std::string> names;
        for (const Command* c : commands()) {
            QVERIFY2(names.insert(c->name).second, c->name);
            const std::string synopsis = c->synopsis;
            QVERIFY2(synopsis.find(std::string("kvtiers ") + c->name) != std::string::npos, c->name);
            for (const auto* list : { &c->options, &c->switches })
                for (const std::string& option : *list)
                    QVERIFY2(synopsis.find(option) != std::string::npos,
                        qPrintable(QString::fromStdString(std::string(c->name) + " " + option)));
        }
        QCOMPARE(names.size(), size_t(12));
    }

    void helpHoldsEverySynopsisAndKnob()
    {
        const Run h = runCli({ "--help" });
        QCOMPARE(h.status, 0);
        for (const Command* c : commands())
            QVERIFY2(h.out.find(c->synopsis) != std::string::npos, c->name);
        for (const Knob& k : knobs())
            if (k.flag)
                QVERIFY2(h.out.find(std::string("  ") + k.flag) != std::string::npos, k.flag);
    }

    void eachWordRunsItsCommand()
    {
        // list runs without a card; the others say what they miss, naming their own word.
        const Run list = runCli({ "list", "models" });
        QCOMPARE(list.status, 0);
        QVERIFY(list.out.find("llama-3.1-70b") != std::string::npos);
        const Run unknown = runCli({ "frobnicate" });
        QCOMPARE(unknown.status, 2);
        for (const Command* c : commands())
            QVERIFY2(unknown.err.find(c->name) != std::string::npos, c->name);
        const Run badOption = runCli({ "sweep", "--comparison", "x" });
        QCOMPARE(badOption.status, 2);
        QVERIFY2(badOption.err.find("--comparison: unknown option") != std::string::npos, badOption.err.c_str());
    }

    void everyCommandTakesHelp()
    {
        // `kvtiers COMMAND --help`, `-h` (also after other flags) and `kvtiers help COMMAND`
        // print that command's usage on stdout and exit 0: what a new user tries first.
        for (const Command* c : commands()) {
            const std::string name = c->name;
            for (const std::vector<std::string>& args : std::vector<std::vector<std::string>> {
                     { name, "--help" }, { name, "-h" }, { name, "--json", "-h" }, { "help", name } }) {
                const Run r = runCli(args);
                const QString what = QString::fromStdString(name + " " + args[1]);
                QVERIFY2(r.status == 0, qPrintable(what + ": " + QString::fromStdString(r.err)));
                QVERIFY2(r.err.empty(), qPrintable(what));
                QVERIFY2(r.out.starts_with("Usage:\n"), qPrintable(what));
                QVERIFY2(r.out.find(c->synopsis) != std::string::npos, qPrintable(what));
                // Its own usage only: no other command's line.
                for (const Command* other : commands())
                    if (other != c)
                        QVERIFY2(r.out.find(std::string("kvtiers ") + other->name + " ") == std::string::npos
                                || std::string(c->synopsis).find(std::string("kvtiers ") + other->name + " ")
                                    != std::string::npos,
                            qPrintable(what + " shows " + other->name));
            }
        }
        // The overrides come with the commands that take them, and not with list.
        QVERIFY(runCli({ "eval", "--help" }).out.find("  --context N") != std::string::npos);
        QVERIFY(runCli({ "list", "--help" }).out.find("--context") == std::string::npos);
        const Run unknown = runCli({ "help", "frobnicate" });
        QCOMPARE(unknown.status, 2);
        QVERIFY2(unknown.err.find("\"frobnicate\"") != std::string::npos, unknown.err.c_str());
        QCOMPARE(runCli({ "help" }).out, runCli({ "--help" }).out);
    }

    void manPageFollowsTheTables()
    {
        const std::string page = manPage();
        QVERIFY(page.starts_with(".TH KVTIERS \"1\""));
        // One synopsis entry (.SY) per usage line of every command, plus the bare `kvtiers`.
        int usages = 1;
        for (const Command* c : commands()) {
            const std::string lead = std::string("kvtiers ") + c->name;
            const std::string synopsis = c->synopsis;
            for (size_t pos = 0; (pos = synopsis.find(lead, pos)) != std::string::npos; pos += lead.size())
                if (pos == 0 || synopsis[pos - 1] == ' ')
                    ++usages;
            QVERIFY2(page.find(".SY \"" + lead + "\"\n") != std::string::npos, c->name);
            QVERIFY2(page.find("\\fB" + lead + "\\fR") != std::string::npos, c->name);
        }
        int sy = 0;
        for (size_t pos = 0; (pos = page.find("\n.SY ", pos)) != std::string::npos; ++pos)
            ++sy;
        QCOMPARE(sy, usages);
        // Every knob flag is a tag of its own (.TP): its text starts on the next line, so
        // a long option never runs into it.
        for (const Knob& k : knobs()) {
            if (!k.flag)
                continue;
            std::string flag;
            for (const char ch : std::string(k.flag))
                flag += ch == '-' ? std::string("\\-") : std::string(1, ch);
            const std::string tag = ".TP\n\\fB\\%" + flag + "\\fR";
            const size_t at = page.find(tag);
            QVERIFY2(at != std::string::npos, k.flag);
            const size_t eol = page.find('\n', at + 4);
            const size_t next = page.find('\n', eol + 1);
            const std::string text = page.substr(eol + 1, next - eol - 1);
            std::string words = text;
            for (const std::string& mark : { std::string("\\%"), std::string("\\") })
                for (size_t pos; (pos = words.find(mark)) != std::string::npos;)
                    words.erase(pos, mark.size());
            const std::string help = k.help;
            QVERIFY2(words.starts_with(help.substr(0, help.find_first_of("\n-"))),
                (std::string(k.flag) + ": " + text).c_str());
        }
        // troff reads bytes: a character beyond ASCII (the × of sizes) is written \[uXXXX].
        QVERIFY(std::none_of(page.begin(), page.end(), [](char ch) { return static_cast<unsigned char>(ch) >= 0x80; }));
        QVERIFY(page.find("1600 \\%\\[u00D7] \\%900") != std::string::npos);
        // No line of prose starts with a dot or quote that roff would read as a request.
        std::istringstream lines(page);
        const std::set<std::string> requests
            = { ".TH", ".SH", ".SS", ".SY", ".YS", ".TP", ".B", ".I", ".br", ".nh", ".ad" };
        for (std::string line; std::getline(lines, line);)
            if (line.starts_with(".") || line.starts_with("'"))
                QVERIFY2(requests.contains(line.substr(0, line.find(' '))), line.c_str());
    }

    void traceSaysWhichScenarioItAssumed()
    {
        // Without --workload or --preset the tiers come from neutral knobs, not the app's
        // article scenario: the text says so and names them, the JSON flags it.
        const std::string trace
            = kvtiers::test::sourceDir().toStdString() + "/tests/data/traces/mooncake-conversation.jsonl";
        const Run bare = runCli({ "trace", trace });
        QCOMPARE(bare.status, 0);
        QVERIFY2(bare.out.find("Scenario          assumed (no --workload or --preset given; the app starts from "
                               "--workload article):\n                  llama-3.1-70b (no --model given) on h200-sxm "
                               "(no --hardware given), TP 8,\n                  context 128K tokens, 1 active "
                               "sequence per replica, offload 0%\n")
                != std::string::npos,
            bare.out.c_str());
        // One block is "1 block"; the neutral scenario's curve starts there.
        QVERIFY2(bare.out.find("\n1 block          ") != std::string::npos, bare.out.c_str());
        const Run given = runCli({ "trace", trace, "--workload", "article" });
        QCOMPARE(given.status, 0);
        QVERIFY2(given.out.find("assumed") == std::string::npos, given.out.c_str());
        QVERIFY(runCli({ "trace", trace, "--json" }).out.find("\"scenario_assumed\": true") != std::string::npos);
        QVERIFY(runCli({ "trace", trace, "--preset", "Llama 3.1 70B, 128K × 10", "--json" })
                    .out.find("\"scenario_assumed\": false")
            != std::string::npos);
        // A rate past a thousand reads with separators, as every other count does.
        const Run fast = runCli({ "trace", trace, "--traffic-scale", "5000" });
        QVERIFY2(fast.out.find("Workload          17,007 requests/s") != std::string::npos, fast.out.c_str());
    }

    void docsStateTodaysCatalogAndFigures()
    {
        // The README and the metainfo give the card counts and the screenshot's figures;
        // they are checked here against the built-in catalog and the model, so a new card
        // or a changed formula cannot leave them stale.
        const QString root = kvtiers::test::sourceDir();
        auto read = [&](const QString& path) {
            QFile f(root + QLatin1Char('/') + path);
            return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
        };
        const QString readme = read(QStringLiteral("README.md"));
        const QString metainfo = read(QStringLiteral("resources/io.github.kvtiers.kvtiers.metainfo.xml"));
        QVERIFY(!readme.isEmpty() && !metainfo.isEmpty());
        const CardCatalog& c = CardCatalog::builtin();
        const QString models = QStringLiteral("%1 model cards").arg(c.models().size());
        const QString hardware = QStringLiteral("%1 hardware cards").arg(c.hardware().size());
        const QString workloads = QStringLiteral("%1 workload cards").arg(c.workloads().size());
        for (const QString& text : { readme, metainfo })
            for (const QString& figure : { models, hardware })
                QVERIFY2(text.contains(figure), qPrintable(figure));
        QVERIFY2(readme.contains(workloads), qPrintable(workloads));
        QCOMPARE(c.models().size(), size_t(43));   // 35 models and the outlook's 8 MLA and hybrid variants
        QCOMPARE(c.hardware().size(), size_t(26)); // 20 and the six accelerators ahead (docs/cards.md)

        // The main screenshot's caption: the command it names gives the figures it quotes.
        const QString command = QStringLiteral("kvtiers eval --workload article --reuse 50% --reuse-distance 300 "
                                               "--offload-rate 100%");
        QVERIFY2(readme.contains(command), qPrintable(command));
        const Run eval = runCli({ "eval", "--workload", "article", "--reuse", "50%", "--reuse-distance", "300",
            "--offload-rate", "100%", "--json" });
        QCOMPARE(eval.status, 0);
        const Json j = Json::parse(eval.out);
        const QString caption
            = QStringLiteral("restoring (%1 from DRAM) with recomputing (%2)")
                  .arg(QString::fromStdString(formatSeconds(j["restore_seconds"]["dram"].get<double>())),
                      QString::fromStdString(formatSeconds(j["recompute_seconds"].get<double>())));
        QVERIFY2(readme.contains(caption), qPrintable(caption));

        // The command-line example's output block is what that command prints today.
        const Run example = runCli(
            { "eval", "--model", "llama-3.1-70b", "--context", "128k", "--concurrency", "10", "--kv-dtype", "fp16" });
        QVERIFY(
            readme.contains(QStringLiteral("build/kvtiers eval --model llama-3.1-70b --context 128k --concurrency 10 "
                                           "--kv-dtype fp16")));
        for (const char* head : { "KV per token ", "KV per request ", "Hot set ", "Max concurrency " }) {
            const size_t at = example.out.find(std::string("\n") + head);
            QVERIFY2(at != std::string::npos, head);
            const std::string line = example.out.substr(at + 1, example.out.find('\n', at + 1) - at - 1);
            QVERIFY2(readme.contains(QString::fromStdString("\n" + line + "\n")), line.c_str());
        }
    }
};

QTEST_MAIN(TestCommands)
#include "tst_commands.moc"
