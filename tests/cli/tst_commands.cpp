// The command table (app/cli/Commands.h): every command's own options are named in its
// synopsis, every synopsis is in `kvtiers --help`, every knob flag is listed there too,
// and each command word runs its command (an unknown one is refused naming them all).

#include "app/cli/CommandLine.h"
#include "app/cli/Commands.h"
#include "core/scenario/Knobs.h"

#include <QtTest>

#include <set>
#include <sstream>
#include <string>

using namespace kvtiers;
using namespace kvtiers::cli;

namespace {

struct Run {
    int status = 0;
    std::string out;
    std::string err;
};

Run runCli(const std::vector<std::string>& args)
{
    std::ostringstream out;
    std::ostringstream err;
    Run r;
    r.status = cli::run(args, out, err);
    r.out = out.str();
    r.err = err.str();
    return r;
}

} // namespace

class TestCommands : public QObject {
    Q_OBJECT

private slots:
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
        QCOMPARE(names.size(), size_t(10));
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
        // No line of prose starts with a dot or quote that roff would read as a request.
        std::istringstream lines(page);
        const std::set<std::string> requests
            = { ".TH", ".SH", ".SS", ".SY", ".YS", ".TP", ".B", ".I", ".br", ".nh", ".ad" };
        for (std::string line; std::getline(lines, line);)
            if (line.starts_with(".") || line.starts_with("'"))
                QVERIFY2(requests.contains(line.substr(0, line.find(' '))), line.c_str());
    }
};

QTEST_MAIN(TestCommands)
#include "tst_commands.moc"
