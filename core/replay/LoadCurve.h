#pragma once
// LoadCurve: what the Trace tab's "Under load" view shows: the sweep of replays over DRAM or
// SSD (sweepReplay), the latency targets it was replayed against, and what the view says
// about it (the rate the trace offers, the scenario's offload rate and where the sequence
// limit came from). The view's document computes it, LoadChart draws it and LoadExport
// writes it, each without the others.

#include "core/cards/LatencyTargets.h"
#include "core/replay/ReplaySweep.h"
#include "core/replay/ReplicaSearch.h"
#include "core/trace/TraceTiers.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

namespace kvtiers::replay {

/// "Size for the SLO": the fleet sizing's answer for the trace's offered rate (its queueing
/// model, with the scenario's lengths), and the replay's own least count from there.
struct SloSizing {
    double offeredRps = 0;        ///< the rate sized for
    double fleetReplicas = 0;     ///< the fleet sizing's replicas at that rate
    double fleetSequences = 0;    ///< and its sequences per replica (the TPOT target's)
    double replayedSequences = 0; ///< the sequence limit the search replayed with
    ReplicaSearch search;         ///< the replay's least count meeting the targets
    bool operator==(const SloSizing&) const = default;
};

struct LoadCurve {
    ReplaySweep sweep;
    LatencyTargets targets; ///< the targets the sweep was replayed against (its TTFT marked)
    /// The requests per second the trace offers as replayed: its requests over its first to
    /// last arrival, divided by the traffic scale's gaps (0 for a trace of one instant).
    double offeredRps = 0;
    /// The scenario's offload rate: the sweep replays the swept tier as holding every
    /// evicted block, which the scenario does only at 1 (at 0 its own point is the sweep's 0).
    double offloadRate = 1;
    /// The sequence limit came from the scenario's concurrency (not typed by the user).
    bool maxSeqsFromScenario = false;
    /// The sizing that set the replicas replayed ("Size for the SLO"), when one did.
    std::optional<SloSizing> sizing;
};

/// A replay served fewer requests per second than this share of the offered rate: its
/// queue grew while the trace arrived and drained after it. A replay that keeps up ends
/// one request's latency after the last arrival, which on a trace of minutes is a few
/// percent of its span.
inline constexpr double kOverloadedServedShare = 0.9;

/// Requests completed per second of the replay (first arrival to last completion).
inline double servedRps(const ReplayResult& r)
{
    return r.durationSeconds > 0 ? static_cast<double>(r.requests) / r.durationSeconds : 0;
}

/// The replay could not keep up with the offered rate (kOverloadedServedShare).
inline bool overloaded(const ReplayResult& r, double offeredRps)
{
    return offeredRps > 0 && servedRps(r) < kOverloadedServedShare * offeredRps;
}

/// The indices of the sweep's points that could not keep up, in sweep order.
inline std::vector<std::size_t> overloadedPoints(const LoadCurve& curve)
{
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < curve.sweep.points.size(); ++i)
        if (overloaded(curve.sweep.points[i].result, curve.offeredRps))
            out.push_back(i);
    return out;
}

/// The bytes of `tier` one server (or the pool, with Global routing) carries for prefixes
/// when it offloads: usable DRAM or SSD less the weights and active sequences, as the
/// Trace tab cuts it (trace::traceCapacity), whatever the scenario's offload rate.
inline double serverCarriesBlocks(const ReplayCapacities& own, const EvalResult& result, Tier tier)
{
    const trace::TraceCapacity tc = trace::traceCapacity(result, trace::TraceRouting::RoundRobin);
    const double perCache = own.pooled ? own.servers : 1;
    return own.kvBytesPerBlock > 0 ? std::floor(tc.bytesPerCache[tier] / own.kvBytesPerBlock) * perCache : 0;
}

/// What the Under load view sweeps DRAM or SSD over: 0, then `points` − 1 capacities
/// log-spaced from a tenth of the smaller of the trace's knee (planReplaySweep's) and what
/// a server carries (serverCarriesBlocks) to twice the larger: on the chart's linear axis
/// the server's own capacity sits in the middle unless the trace's knee lies beyond it, and
/// the log spacing puts points where the hit curve bends. The core's plan runs to the
/// trace's distinct blocks (28 TiB for a day of Mooncake), past anything a server holds.
/// Falls back to the core's plan without a knee, a capacity or a tier (Replicas).
inline ReplaySweep planLoadSweep(const ReplayTrace& trace, const Scenario& scenario, const EvalResult& result,
    const ReplayOptions& options, ReplaySweepAxis axis, int points)
{
    ReplaySweep plan = planReplaySweep(trace, scenario, result, options, axis, points);
    const std::optional<Tier> tier = sweptTier(axis);
    if (!tier || plan.kneeBlocks <= 0)
        return plan;
    const ReplayCapacities own = replayCapacities(trace.blockTokens, scenario, result, options);
    const double carries = serverCarriesBlocks(own, result, *tier);
    if (!(carries > 0))
        return plan;
    const double foot = std::max(1.0, std::round(std::min(plan.kneeBlocks, carries) / kLogSweepBelowKnee));
    const double top = 2 * std::max(plan.kneeBlocks, carries);
    std::vector<double> at { 0 };
    for (int i = 1; i < points; ++i)
        at.push_back(points == 2 ? top : std::round(foot * std::pow(top / foot, (i - 1.0) / (points - 2))));
    ReplaySweep sweep = planReplaySweep(trace, scenario, result, options, axis, points, at);
    sweep.spacing = SweepSpacing::Log;
    sweep.logFromBlocks = foot;
    sweep.kneeBlocks = plan.kneeBlocks;
    sweep.kneeErrorBlocks = plan.kneeErrorBlocks;
    sweep.curveSampleRate = plan.curveSampleRate;
    return sweep;
}

} // namespace kvtiers::replay
