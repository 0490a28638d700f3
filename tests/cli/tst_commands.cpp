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
};

QTEST_MAIN(TestCommands)
#include "tst_commands.moc"
