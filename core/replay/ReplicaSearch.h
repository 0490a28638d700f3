#pragma once
// ReplicaSearch: the fewest replicas at which a replay of a trace meets its latency
// targets (TTFT and TPOT at their percentiles over the trace's requests), found by
// replaying: from a starting count (the fleet sizing's, for the Under load view's "size
// for the SLO"), stepping down while the targets hold or up while they do not, doubling
// the step, then bisecting. A replay's TTFT and TPOT percentiles fall as replicas are
// added on a trace replayed with one routing and fixed capacities per server, which the
// search takes as given: it replays each count once and reports what it replayed.

#include "core/replay/Replay.h"

#include <vector>

namespace kvtiers::replay {

struct ReplicaTrial {
    int replicas = 0;
    double ttftSeconds = 0; ///< at the targets' TTFT percentile
    double tpotSeconds = 0; ///< at the targets' TPOT percentile
    bool meets = false;
    bool operator==(const ReplicaTrial&) const = default;
};

struct ReplicaSearch {
    int replicas = 0;                ///< the fewest found meeting the targets; 0: none up to the limit
    std::vector<ReplicaTrial> tried; ///< every count replayed, in the order replayed
    bool operator==(const ReplicaSearch&) const = default;
};

/// The most replicas a search replays before it gives up (a trace no count serves).
inline constexpr int kMaxSearchedReplicas = 4096;

/// Replays `trace` at replica counts from `start` (options.replicas is replaced) until it
/// has the fewest meeting `options.targets` in force; replicas 0 when even
/// kMaxSearchedReplicas miss them. Throws InputError (options the replay refuses) and
/// ReplayCancelled. `control.progress` reports each replay as a share of an estimated
/// dozen.
ReplicaSearch leastReplicasMeetingTargets(const ReplayTrace& trace, const Scenario& scenario, const EvalResult& result,
    ReplayOptions options, int start, const ReplayControl& control = {});

} // namespace kvtiers::replay
