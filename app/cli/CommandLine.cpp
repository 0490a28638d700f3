#include "app/cli/CommandLine.h"

#include "app/cli/CommandLineParsing.h"
#include "app/cli/Commands.h"
#include "core/io/Csv.h"
#include "core/io/InputError.h"
#include "core/scenario/Knobs.h"

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

namespace kvtiers::cli {

namespace {

const char* const kUsage = R"(kvtiers: how much HBM, server DRAM and SSD an LLM deployment really needs.

Usage:
  kvtiers                         start the desktop app
)";

const char* const kUsageFooter = R"(  --model also takes a Hugging Face config.json, imported as a model card.
  kvtiers --help | --version
)";

const char* const kUsageTail = R"(
Without --hardware the default is one 8-GPU H200 SXM server at TP 8.
Exit status: 0 ok, 2 bad usage or input (one line on stderr says what).
)";

std::string usage()
{
    std::string text = kUsage;
    for (const Command* c : commands())
        text += c->synopsis;
    text += kUsageFooter;
    text += "\nOverrides (each replaces the workload card's value):\n" + knobHelp() + kUsageTail;
    return text;
}

/// "list, eval, ... or vllm-check": the command words, for the unknown-command message.
std::string commandList()
{
    std::string text;
    const auto& all = commands();
    for (size_t i = 0; i < all.size(); ++i)
        text += (i == 0 ? "" : i + 1 == all.size() ? " or " : ", ") + std::string(all[i]->name);
    return text;
}

} // namespace

const Command kExportCommand = { "export",
    R"(  kvtiers export --chart tiers|sweep|compare|fleet --out FILE.png|.svg|.pdf|.csv|.json
                 [--preset NAME | --workload ID | eval options] [--axis context|concurrency]
                 [--width W --height H --scale S]   (default 1600 x 900 at 2x)
                 compare takes 2-4 --preset NAME or --comparison NAME; fleet takes the fleet
                 options (--mix, --rate|--tokens-per-day, --ttft, --tpot, --hardware, overrides)
                 and --units binary|decimal; .csv: sweep, compare or fleet table; .json: the
                 scenario with all results (fleet: as kvtiers fleet --json). Needs no display.
)",
    { "--chart", "--out", "--width", "--height", "--scale", "--axis", "--comparison", "--units" }, nullptr };

const std::vector<const Command*>& commands()
{
    static const std::vector<const Command*> all = { &kListCommand, &kEvalCommand, &kSweepCommand, &kCompareCommand,
        &kFleetCommand, &kSensitivityCommand, &kPresetCommand, &kExportCommand, &kVllmCheckCommand, &kTraceCommand };
    return all;
}

namespace {

/// The arguments as a shell would take them back: "kvtiers sweep --workload chat ...".
std::string commandLineText(const std::vector<std::string>& args)
{
    std::string line = "kvtiers";
    for (const std::string& a : args) {
        const bool plain = !a.empty()
            && a.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                   "0123456789-_.,=:/+%@")
                == std::string::npos;
        line += ' ';
        if (plain) {
            line += a;
            continue;
        }
        line += '\'';
        for (char ch : a)
            line += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
        line += '\'';
    }
    return line;
}

} // namespace

bool isCommandLine(const std::vector<std::string>& args)
{
    // Qt's own arguments (-platform, -style, ...) start with one dash and go to the GUI.
    if (args.empty())
        return false;
    const std::string& a = args[0];
    return a.empty() || a[0] != '-' || a == "--help" || a == "-h" || a == "--version" || a.starts_with("--");
}

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    try {
        if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
            out << usage();
            return kExitOk;
        }
        if (args[0] == "--version") {
            out << "kvtiers " << KVTIERS_VERSION << "\n";
            return kExitOk;
        }
        for (const Command* c : commands()) {
            if (!c->run || args[0] != c->name)
                continue;
            if (std::find(args.begin(), args.end(), "--csv") == args.end())
                return c->run(*c, args, out);
            // A table on its own does not say what it shows: it starts with the command
            // that made it, which names the cards and every knob given.
            std::ostringstream table;
            const int rc = c->run(*c, args, table);
            if (rc == kExitOk)
                out << csvPreamble({ std::string("kvtiers ") + KVTIERS_VERSION + ": " + commandLineText(args) });
            out << table.str();
            return rc;
        }
        throw InputError("unknown command \"" + args[0] + "\" (use " + commandList() + "; see kvtiers --help)");
    } catch (const InputError& e) {
        err << "kvtiers: " << e.what() << "\n";
        return kExitUsage;
    } catch (const std::exception& e) {
        err << "kvtiers: internal error: " << e.what() << "\n";
        return 1;
    }
}

} // namespace kvtiers::cli
