#pragma once
// TraceCommand: `kvtiers trace FILE`, a request trace (Mooncake or Qwen-Bailian JSONL)
// replayed against an LRU prefix cache: the exact hit-ratio curve, the share of prompt
// tokens each tier of the scenario's hardware serves, and the workload the trace implies.
// Takes the eval options (--model, --hardware, --servers, ...) for bytes and tiers.

#include <ostream>
#include <string>
#include <vector>

namespace kvtiers::cli {

/// The command's usage lines, for `kvtiers --help`.
extern const char* const kTraceUsage;

/// Runs `trace` (args[0] == "trace"). Throws InputError on bad usage or a bad trace line.
int runTraceCommand(const std::vector<std::string>& args, std::ostream& out);

} // namespace kvtiers::cli
