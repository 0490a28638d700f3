#pragma once
// The CLI run in process, as the binary would run it: arguments in, exit status and both
// streams out.

#include "app/cli/CommandLine.h"

#include <sstream>
#include <string>
#include <vector>

namespace kvtiers::test {

struct CliRun {
    int status = -1;
    std::string out, err;
};

inline CliRun runCli(const std::vector<std::string>& args)
{
    std::ostringstream out, err;
    CliRun r;
    r.status = cli::run(args, out, err);
    r.out = out.str();
    r.err = err.str();
    return r;
}

} // namespace kvtiers::test
