#pragma once
// LoadCurve: what the Trace tab's "Under load" view shows: the sweep of replays over DRAM or
// SSD (sweepReplay), the latency targets it was replayed against, and what the view says
// about it (the rate the trace offers, the scenario's offload rate and where the sequence
// limit came from). The view's document computes it, LoadChart draws it and LoadExport
// writes it, each without the others.

#include "core/cards/LatencyTargets.h"
#include "core/replay/Replay.h"

#include <vector>

namespace kvtiers::replay {

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

} // namespace kvtiers::replay
