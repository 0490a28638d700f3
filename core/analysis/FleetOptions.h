#pragma once
// FleetOptions: a fleet's inputs as option tables (core/io/Options.h), one per input type:
//  - FleetInput: the traffic mix (with each entry's own targets and overrides), the
//    traffic as requests/s or tokens/day, and the fleet's latency targets;
//  - FleetProfilesInput: the server profiles a fleet is split over (`kvtiers fleet` only).
// Each entry gives the option's key, CLI flag, kind, range, unit, translatable help and
// field. The CLI builds its option lists, synopsis, `--help` and parsing from them
// (`fleet`, `sensitivity --fleet`, `export --chart fleet`); the Fleet tab its ranges and
// defaults; sizeFleet() validates an input against them once (validateFleetInput),
// whoever built it, with coded errors that name the option's key. An error about one
// entry of a list names the list's key, the entry and what in it is wrong
// ("mix chat:ttft"), which the CLI words with the list's flag ("--mix chat:ttft").

#include "core/analysis/Fleet.h"
#include "core/io/Options.h"

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace kvtiers {

/// The keys of the fleet's options that are not latency targets (those take
/// LatencyTargets' keys: kTtftSecondsKey, kTtftPercentileKey, kTpotSecondsKey,
/// kTpotPercentileKey, kTbtSecondsKey, kTbtPercentileKey).
namespace fleet_keys {
inline constexpr const char* kMix = "mix";
inline constexpr const char* kRequestsPerSecond = "requests_per_s";
inline constexpr const char* kTokensPerDay = "tokens_per_day";
inline constexpr const char* kWorkloadOverrides = "workload_overrides";
inline constexpr const char* kHardwareMix = "hardware_mix";
inline constexpr const char* kLayout = "layout";
inline constexpr const char* kFirstToken = "first_token";
inline constexpr const char* kTransferOverlap = "transfer_overlap";
inline constexpr const char* kCacheAt = "cache_at";
} // namespace fleet_keys

/// Every option of a fleet, in the order `kvtiers fleet --help` lists them. The mix comes
/// before the per-workload overrides, which name its entries.
std::span<const Option<FleetInput>> fleetOptionTable();
/// The entry of `key` in the table (it must be one).
const Option<FleetInput>& fleetOption(std::string_view key);

/// The layout's options alone (layout, first token, transfer overlap, cache location), as
/// the fleet's table has them: `eval` reads a disaggregated layout with them.
std::span<const Option<FleetInput>> fleetLayoutOptionTable();
/// Refuses a layout's choice given without `--layout disaggregated`, naming it.
void checkLayoutChoices(const FleetInput& input);

/// Checks every option of `input` against its range (validateOptions over the table):
/// sizeFleet() calls it. Throws InputError naming the option's key.
void validateFleetInput(const FleetInput& input);

/// The server profiles a fleet is split over: one fleet per profile, sized alone
/// (sizeFleetProfiles); none: one fleet on the entries' own hardware.
struct FleetProfilesInput {
    std::vector<FleetProfile> profiles;
    bool operator==(const FleetProfilesInput&) const = default;
};

std::span<const Option<FleetProfilesInput>> fleetProfilesOptionTable();

/// The mix as text: "ID[=SHARE][:ttft=S][:ttft-percentile=P][:tpot=S][:tpot-percentile=P],..."
/// (a share defaults to 1). Each entry's label and workload card are its ID; its targets'
/// ranges are the fleet's targets'. Throws InputError naming `key` and the entry.
std::vector<FleetEntry> parseFleetMix(std::string_view text, const std::string& key);

} // namespace kvtiers
