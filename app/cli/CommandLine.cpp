#include "app/cli/CommandLine.h"

#include "app/cli/CommandLineParsing.h"
#include "app/cli/Commands.h"
#include "core/analysis/Outlook.h"
#include "core/io/Csv.h"
#include "core/io/InputError.h"
#include "core/scenario/Knobs.h"

#include <algorithm>
#include <cstdio>
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
  kvtiers COMMAND --help | -h, kvtiers help COMMAND: that command's usage
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

/// `kvtiers COMMAND --help`: the command's lines of `kvtiers --help`, and the overrides
/// where the command takes them.
std::string commandUsage(const Command& c)
{
    const std::string synopsis = c.synopsis;
    std::string text = "Usage:\n" + synopsis;
    if (c.optionLines)
        text += "\nOptions:\n" + c.optionLines();
    if (synopsis.find("overrides") != std::string::npos || synopsis.find("eval options") != std::string::npos)
        text += "\nOverrides (each replaces the workload card's value):\n" + knobHelp();
    text += "\nkvtiers --help lists every command; man kvtiers explains them.\n";
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

/// `kvtiers outlook`'s flag for `key`, as its option table spells it.
std::string outlookFlagOf(std::string_view key)
{
    return optionFlagOf(outlookRunOptions(), key);
}

const Command kExportCommand = { "export",
    R"(  kvtiers export --chart tiers|sweep|compare|fleet|outlook --out FILE.png|.svg|.pdf|.csv|.json
                 [--preset NAME | --workload ID | eval options] [--axis context|concurrency]
                 [--width W --height H --scale S]   (default 1600 × 900 at 2×)
                 compare takes 2-4 --preset NAME or --comparison NAME; fleet takes the options
                 of kvtiers fleet on one server profile (--hardware) and overrides; .csv: sweep,
                 compare or fleet table; .json: the scenario with all results (fleet: as kvtiers
                 fleet --json). Needs no display.
                 outlook takes )"
        + outlookFlagOf("outlook") + R"( ID|FILE|SAVED (default steady) and --view index|bytes|
                 decomposition|tornado (default index; tornado: --tier hbm|dram|ssd); .csv: its
                 years as kvtiers outlook --csv; .json: as kvtiers outlook --json )"
        + outlookFlagOf("decompose") + R"(.
)",
    { "--chart", "--out", "--width", "--height", "--scale", "--axis", "--comparison", outlookFlagOf("outlook"),
        "--view", "--tier" },
    nullptr };

const std::vector<const Command*>& commands()
{
    static const std::vector<const Command*> all = { &kListCommand, &kEvalCommand, &kSweepCommand, &kCompareCommand,
        &kFleetCommand, &kOutlookCommand, &kSensitivityCommand, &kPresetCommand, &kExportCommand, &kVllmCheckCommand,
        &kTraceCommand, &kReplayCommand };
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

/// Text as roff reads it: backslashes and dashes escaped, and every word marked \% so no
/// option or value is hyphenated across lines (which also keeps a leading dot literal).
std::string roff(const std::string& text)
{
    std::string out;
    bool wordStart = true;
    for (size_t i = 0; i < text.size(); ++i) {
        const char ch = text[i];
        if (wordStart && ch != ' ')
            out += "\\%";
        wordStart = ch == ' ';
        const auto byte = static_cast<unsigned char>(ch);
        if (byte >= 0xC0 && byte < 0xF0 && i + 1 < text.size()) {
            // A UTF-8 character (the × of sizes): groff's \[uXXXX], since troff reads bytes.
            const int extra = byte >= 0xE0 ? 2 : 1;
            unsigned code = byte & (extra == 2 ? 0x0Fu : 0x1Fu);
            for (int k = 0; k < extra && i + 1 < text.size(); ++k)
                code = (code << 6) | (static_cast<unsigned char>(text[++i]) & 0x3Fu);
            char hex[16];
            std::snprintf(hex, sizeof hex, "\\[u%04X]", code);
            out += hex;
        } else if (ch == '\\')
            out += "\\e";
        else if (ch == '-')
            out += "\\-";
        else
            out += ch;
    }
    return out;
}

std::string trimmed(const std::string& line)
{
    const size_t first = line.find_first_not_of(' ');
    return first == std::string::npos ? std::string() : line.substr(first);
}

/// One command's synopsis, read apart: each usage ("kvtiers NAME ...", with its
/// continuation lines that start with "[" or "|") and the prose lines that explain it.
struct SynopsisParts {
    std::vector<std::string> usages; ///< without the leading "kvtiers NAME "
    std::string prose;
};

SynopsisParts synopsisParts(const Command& c)
{
    SynopsisParts parts;
    const std::string lead = std::string("kvtiers ") + c.name;
    std::istringstream lines(c.synopsis);
    std::string line;
    bool inUsage = false;
    while (std::getline(lines, line)) {
        const std::string text = trimmed(line);
        if (text.starts_with(lead)) {
            parts.usages.push_back(trimmed(text.substr(lead.size())));
            inUsage = true;
        } else if (inUsage && (text.starts_with("[") || text.starts_with("|"))) {
            parts.usages.back() += " " + text;
        } else if (!text.empty()) {
            parts.prose += (parts.prose.empty() ? "" : " ") + text;
            inUsage = false;
        }
    }
    return parts;
}

/// The man page's SYNOPSIS (one usage per line) or COMMANDS (each command with its usage
/// and what it does).
std::string manCommands(bool synopsis)
{
    std::string text = synopsis ? ".SH SYNOPSIS\n.SY kvtiers\n.YS\n" : ".SH COMMANDS\n";
    for (const Command* c : commands()) {
        const SynopsisParts parts = synopsisParts(*c);
        for (const std::string& u : parts.usages) {
            if (synopsis) {
                text += ".SY \"kvtiers " + std::string(c->name) + "\"\n" + roff(u) + "\n.YS\n";
                continue;
            }
            text += (&u == &parts.usages.front() ? ".TP\n" : ".br\n");
            text += "\\fBkvtiers " + std::string(c->name) + "\\fR " + roff(u) + "\n";
        }
        if (!synopsis && !parts.prose.empty())
            text += ".br\n" + roff(parts.prose) + "\n";
    }
    return text;
}

} // namespace

std::string manPage()
{
    std::string page = ".TH KVTIERS \"1\" \"\" \"kvtiers " KVTIERS_VERSION "\" \"User Commands\"\n"
                       ".nh\n.ad l\n"
                       ".SH NAME\nkvtiers \\- how much HBM, server DRAM and SSD an LLM deployment really needs\n";
    page += manCommands(true);
    page += ".SH DESCRIPTION\nWithout arguments, kvtiers starts the desktop app. With a command, it prints "
            "the same figures for scripts: a readable summary, a table (\\fB\\-\\-csv\\fR) or one JSON object "
            "(\\fB\\-\\-json\\fR). Without \\fB\\-\\-hardware\\fR the default is one 8\\-GPU H200 SXM server "
            "at TP 8.\n";
    page += manCommands(false);
    page += ".SH OPTIONS\n.TP\n\\fB\\-\\-model\\fR \\fIID\\fR|\\fIFILE\\fR\nthe model card, by id (kvtiers list "
            "models) or file; a Hugging Face config.json is imported as a model card\n"
            ".TP\n\\fB\\-\\-hardware\\fR \\fIID\\fR|\\fIFILE\\fR\nthe hardware card (kvtiers list hardware)\n"
            ".TP\n\\fB\\-\\-workload\\fR \\fIID\\fR|\\fIFILE\\fR\nthe workload card (kvtiers list workloads)\n"
            ".TP\n\\fB\\-\\-preset\\fR \\fINAME\\fR\na saved preset as the starting point; flags override it\n"
            ".TP\n\\fB\\-h\\fR, \\fB\\-\\-help\\fR\nthe usage: of kvtiers, or after a command, of that command\n"
            ".TP\n\\fB\\-\\-version\\fR\nthe version\n"
            ".SS Overrides\nEach replaces the workload card's value.\n";
    for (const Knob& k : knobs()) {
        if (!k.flag)
            continue;
        std::string help = k.help;
        std::replace(help.begin(), help.end(), '\n', ' ');
        page += ".TP\n\\fB" + roff(k.flag) + "\\fR" + (k.valueName ? " \\fI" + roff(k.valueName) + "\\fR" : "") + "\n"
            + roff(help) + "\n";
    }
    page += ".SH EXIT STATUS\n"
        + roff("0 ok; 1 a runtime failure (a file that could not be written); 2 bad usage or input, with one line "
               "on standard error that names the option and the problem.")
        + "\n.SH ENVIRONMENT\n.TP\n.B KVTIERS_DATA_DIR\n"
        + roff("the folder of the user's own cards and presets (default: ~/.local/share/kvtiers)")
        + "\n.SH FILES\n.TP\n.I /usr/share/kvtiers/models\n"
        + roff("the installed data cards (models, hardware, workloads), each citing its sources") + "\n";
    return page;
}

bool asksForHelp(const std::vector<std::string>& args)
{
    return args.size() > 1
        && std::any_of(args.begin() + 1, args.end(), [](const std::string& a) { return a == "--help" || a == "-h"; });
}

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
        if (args.empty() || args[0] == "--help" || args[0] == "-h" || (args[0] == "help" && args.size() == 1)) {
            out << usage();
            return kExitOk;
        }
        // `kvtiers help COMMAND` and `kvtiers COMMAND --help` (or -h): that command's usage.
        const bool helpWord = args[0] == "help";
        const std::string& word = helpWord ? args[1] : args[0];
        if (helpWord && args.size() > 2)
            throw InputError("help: give one command (kvtiers help " + word + ")");
        if (helpWord || asksForHelp(args)) {
            for (const Command* c : commands())
                if (word == c->name) {
                    out << commandUsage(*c);
                    return kExitOk;
                }
            throw InputError("no command \"" + word + "\" to explain (use " + commandList() + ")");
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
