#pragma once
// CommandLine: the headless front end (`kvtiers list|eval|sweep ...`). Same numbers as
// the GUI, for scripts: a readable summary or one JSON object. Bad input: exit status 2
// and one line on stderr naming the option and the problem; never a crash.

#include <ostream>
#include <string>
#include <vector>

namespace kvtiers::cli {

/// True if `args` (without argv[0]) ask for a command-line action rather than the GUI.
bool isCommandLine(const std::vector<std::string>& args);

/// True if a command's arguments ask for its usage: `kvtiers eval --help` (or -h).
bool asksForHelp(const std::vector<std::string>& args);

/// The manual page, kvtiers(1), in roff: its synopsis and commands from the command table
/// and its overrides from the knob table, so it says what `kvtiers --help` says.
std::string manPage();

/// Runs a command; returns the process exit status (0 ok, 1 runtime failure, 2 bad usage).
int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

} // namespace kvtiers::cli
