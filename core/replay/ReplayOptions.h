#pragma once
// ReplayOptions: everything `kvtiers replay` and the Trace tab's "Under load" view take
// besides the trace and the scenario (ReplayInput), and its one option table
// (core/io/Options.h): each option's key, CLI flag, kind, range, unit, translatable help and
// field. The CLI builds its option list, synopsis, `--help` and parsing from it; the GUI its
// ranges and defaults; the core validates an input once (validateReplayInput), whoever
// built it, with coded errors that name option keys. A tier's fixed capacity is an option
// of its own ("capacity_blocks.dram"), set on the command line through the one
// `capacity_blocks` list (hbm=N,dram=N,ssd=N).

#include "core/io/Options.h"
#include "core/replay/ReplaySweep.h"
#include "core/scenario/Knobs.h"

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace kvtiers::replay {

/// The sweep's points when none are given.
inline constexpr int kDefaultReplayPoints = 9;

struct ReplayInput {
    trace::TraceFormat format = trace::TraceFormat::Auto; ///< Auto: told by the first request
    std::optional<int> blockTokens;                       ///< unset: the format's own
    ReplayOptions options;
    std::optional<ReplaySweepAxis> sweep; ///< unset: one replay
    std::optional<int> points;            ///< replays in a sweep; unset: kDefaultReplayPoints
    int pointsInForce() const { return points.value_or(kDefaultReplayPoints); }
    std::vector<double> at; ///< a sweep's values, as given (empty: chosen by planReplaySweep)
    bool operator==(const ReplayInput&) const = default;
};

/// The options' keys, which coded errors name (a result echoes most of them).
namespace replay_keys {
inline constexpr const char* kFormat = "format";
inline constexpr const char* kBlockTokens = "block_tokens";
inline constexpr const char* kReplicas = "replicas";
inline constexpr const char* kRouting = "routing";
inline constexpr const char* kTrafficScale = "traffic_scale";
inline constexpr const char* kCapacityBlocks = "capacity_blocks";
inline constexpr const char* kTierMode = "tiers";
inline constexpr const char* kMaxBatchedTokens = "max_num_batched_tokens";
inline constexpr const char* kMaxSeqs = "max_num_seqs";
inline constexpr const char* kSeed = "seed";
inline constexpr const char* kMaxRequestSteps = "max_request_steps";
inline constexpr const char* kBalanceSeconds = "balance_threshold_s";
inline constexpr const char* kSweep = "sweep";
inline constexpr const char* kPoints = "points";
inline constexpr const char* kAt = "at";
inline constexpr const char* kPrefillReplicas = "prefill_replicas";
inline constexpr const char* kDecodeReplicas = "decode_replicas";
inline constexpr const char* kFirstToken = "first_token";
inline constexpr const char* kTransferOverlap = "transfer_overlap";
inline constexpr const char* kCacheAt = "cache_at";
/// The workload knob's key (KnobId::OutputTokens): a replay's override of the trace's outputs.
inline const char* outputTokens()
{
    return knobKey(KnobId::OutputTokens);
}
} // namespace replay_keys

/// "capacity_blocks.hbm", ".dram", ".ssd": the key of a tier's fixed capacity.
const char* capacityKey(Tier tier);
/// The tier of a capacity key, or nullopt for any other key.
std::optional<Tier> capacityKeyTier(std::string_view key);

/// Every option of a replay, in the order `kvtiers replay --help` lists them.
std::span<const Option<ReplayInput>> replayOptionTable();
/// The entry of `key` in the table (it must be one).
const Option<ReplayInput>& replayOption(std::string_view key);

/// Validates the input once: each option against its range (validateOptions), then the
/// rules between options: points and values (at) need a sweep and exclude each other; a
/// swept tier is not also fixed; a sweep of the replica count is not also given one, and
/// its values are whole and at least 1; at most 200 values. Throws InputError (coded,
/// naming keys).
void validateReplayInput(const ReplayInput& input);
/// The options of one replay against their ranges (what runReplay checks).
void validateReplayOptions(const ReplayOptions& options);

} // namespace kvtiers::replay
