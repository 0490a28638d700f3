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

/// Runs a command; returns the process exit status (0 ok, 1 runtime failure, 2 bad usage).
int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

} // namespace kvtiers::cli
