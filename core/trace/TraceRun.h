#pragma once
// TraceRun: everything `kvtiers trace` and the Trace tab take besides the trace file and the
// scenario (whose tiers and KV bytes the analysis is cut at), and its one option table
// (core/io/Options.h): the trace's format and block size, the capacities the curve must
// show, the sample, the routing and the traffic scale. The CLI builds its option list,
// synopsis, `--help` and parsing from it; the core validates a run once
// (validateTraceRun), with coded errors naming the keys.

#include "core/io/Options.h"
#include "core/trace/TraceAnalysis.h"

#include <optional>
#include <span>
#include <vector>

namespace kvtiers::trace {

struct TraceRun {
    TraceFormat format = TraceFormat::Auto; ///< Auto: told by the first request
    std::optional<int> blockTokens;         ///< unset: the format's own
    std::vector<double> capacities;         ///< capacities (blocks in all) the curve must show
    TraceOptions options;                   ///< the sample, routing and traffic scale
    bool operator==(const TraceRun&) const = default;
};

/// The options' keys (the JSON output echoes most of them).
namespace trace_keys {
inline constexpr const char* kFormat = "format";
inline constexpr const char* kBlockTokens = "block_tokens";
inline constexpr const char* kCapacityBlocks = "capacity_blocks";
inline constexpr const char* kSampleRate = "sample_rate";
inline constexpr const char* kSampleDepth = "sample_depth";
inline constexpr const char* kRouting = "routing";
inline constexpr const char* kTrafficScale = "traffic_scale";
} // namespace trace_keys

/// Every option of a trace analysis, in the order `kvtiers trace --help` lists them.
std::span<const Option<TraceRun>> traceOptionTable();

/// Checks every option of `run` against its range: the one check (validateOptions).
/// Throws InputError naming the key.
void validateTraceRun(const TraceRun& run);
/// The options of one analysis against their ranges (what analyzeTrace checks).
void validateTraceOptions(const TraceOptions& options);

} // namespace kvtiers::trace
