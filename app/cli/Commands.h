#pragma once
// Commands: one entry per `kvtiers` command, each defined in its own file
// (app/cli/<Name>Command.cpp). An entry's option table is what the command parses
// (parseArgs' own options) and its synopsis is its part of `kvtiers --help`, side by
// side, so the help cannot drift from the parser.

#include <ostream>
#include <string>
#include <vector>

namespace kvtiers::cli {

struct Command {
    const char* name;                 ///< the command word: "eval"
    std::string synopsis;             ///< its lines in `kvtiers --help` (a table's synopsis built in)
    std::vector<std::string> options; ///< its own flags, each taking a value
    int (*run)(const Command& command, const std::vector<std::string>& args, std::ostream& out);
    std::vector<std::string> switches {}; ///< its own flags that take no value (--async-scheduling)
    /// Its option tables' lines for `COMMAND --help` (optionHelp), where it reads a table.
    std::string (*optionLines)() = nullptr;
};

extern const Command kListCommand;
extern const Command kEvalCommand;
extern const Command kSweepCommand;
extern const Command kTraceCommand;
extern const Command kReplayCommand;
extern const Command kCompareCommand;
extern const Command kPresetCommand;
extern const Command kVllmCheckCommand;
extern const Command kFleetCommand;
extern const Command kSensitivityCommand;
extern const Command kOutlookCommand;
/// `kvtiers export` needs the GUI library; its entry here gives its synopsis and
/// options, and app/cli/ExportCommand runs it.
extern const Command kExportCommand;

/// Every command, in the order `kvtiers --help` lists them.
const std::vector<const Command*>& commands();

} // namespace kvtiers::cli
