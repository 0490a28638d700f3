#pragma once
// ReplaySweep: a replay repeated across one axis: DRAM or SSD per server, the replica count,
// or the traffic scale (docs/trace.md, "Output tokens, prompt bands, sweeps and streaming"),
// and on the traffic scale the effective request capacity (docs/trace.md, "Effective
// request capacity").

#include "core/replay/Replay.h"

#include <optional>
#include <vector>

namespace kvtiers::replay {

enum class ReplaySweepAxis { Dram, Ssd, Replicas, Rate };
/// "dram", "ssd", "replicas" or "rate".
const char* replaySweepAxisName(ReplaySweepAxis axis);
/// The tier a capacity sweep varies (DRAM, SSD), or nullopt for the replica count and the rate.
std::optional<Tier> sweptTier(ReplaySweepAxis axis);

struct ReplaySweepPoint {
    double value = 0;    ///< blocks per server (pool) for DRAM/SSD, replicas for Replicas, traffic scale for Rate
    double bytes = 0;    ///< value × KV bytes per block (0 for Replicas)
    ReplayResult result; ///< without perRequest
};

/// How a sweep's values were chosen.
enum class SweepSpacing {
    Linear, ///< evenly from 0 (1 replica) to the top
    Log,    ///< 0, then evenly on a log scale from a tenth of the trace's knee to the top
    Given,  ///< the values asked for (--at)
    Stable, ///< replicas from the least stable count to twice it
};
/// "linear", "log", "given" or "stable".
const char* sweepSpacingName(SweepSpacing spacing);

struct ReplaySweep {
    ReplaySweepAxis axis = ReplaySweepAxis::Dram;
    double current = 0;      ///< the scenario's own value on the axis
    double currentBytes = 0; ///< the same in bytes (0 for Replicas)
    std::vector<ReplaySweepPoint> points;
    SweepSpacing spacing = SweepSpacing::Linear;
    /// DRAM/SSD: where a log sweep starts (a tenth of the knee, at least 1 block) and the
    /// knee: the capacity at which the trace's hit curve as one pool (block-weighted LRU
    /// prefix hits) reaches half its ceiling, in blocks; 0 when not computed. Sampled (SHARDS) above kExactCurveBlocks
    /// distinct blocks, at `curveSampleRate`, with `kneeErrorBlocks` the knee's spread
    /// between that rate and half of it (0 when exact).
    double logFromBlocks = 0, kneeBlocks = 0, kneeErrorBlocks = 0, curveSampleRate = 1;
    /// Replicas: the fewest whose prefill compute keeps up with the trace's arrivals (the
    /// prompt tokens the trace's one-pool cache at its ceiling would not serve); 0 when not
    /// computed.
    double leastStableReplicas = 0;
    /// Rate: the effective request capacity, the largest traffic scale at which the targets
    /// hold (ReplayResult::targetsHeld) there and at every lower point, bisected between it
    /// and the next point until they are within kCapacityTolerance of each other (0 when the
    /// lowest point fails); its requests a second (the trace's rate × the scale), and the
    /// replays the bisection ran.
    double capacityScale = 0, capacityRps = 0;
    /// The scale just past it at which the targets failed (the bisection's upper end), 0 when
    /// none failed on the widened grid.
    double failedScale = 0;
    std::vector<ReplaySweepPoint> bisection;
};

/// A rate sweep bisects until the scale that holds and the one that fails are this close
/// (relative to the one that holds).
inline constexpr double kCapacityTolerance = 0.01;
/// The trace's own rate, requests a second: (requests − 1) ÷ (last arrival − first); 0 for
/// fewer than two requests or no spread.
double traceRequestRate(const ReplayTrace& trace);

/// A log sweep starts this many times below the knee.
inline constexpr double kLogSweepBelowKnee = 10;
/// Above this many distinct blocks a sweep's hit curve comes from a sample.
inline constexpr double kExactCurveBlocks = 10e6;
/// A sampled hit curve keeps about this many distinct blocks (SHARDS at rate this ÷ distinct).
inline constexpr double kSampledCurveBlocks = 1e6;

/// Where the trace's hit curve as one pool reaches half its ceiling (the knee), in blocks.
struct HitKnee {
    double blocks = 0;
    double sampleRate = 1;  ///< 1: the exact curve
    double errorBlocks = 0; ///< sampled: the knee's spread between `sampleRate` and half of it; exact: 0
    int sampleDepth = 1;    ///< sampled: the block whose prefix key picks a request's tree
};
/// The knee of `trace`'s hit curve: exact up to `exactLimit` distinct blocks, else sampled
/// to keep about `sampledBlocks` of them (planReplaySweep passes kExactCurveBlocks and
/// kSampledCurveBlocks; a test passes smaller ones).
HitKnee hitCurveKnee(
    const ReplayTrace& trace, double exactLimit = kExactCurveBlocks, double sampledBlocks = kSampledCurveBlocks);

/// Replays at `points` (2..200) values of `axis`, as planReplaySweep chooses them.
/// `control.progress` reports over the whole sweep. Throws InputError naming the options'
/// keys (ReplayOptions.h) when the sweep and the options disagree.
ReplaySweep sweepReplay(const ReplayTrace& trace, const Scenario& scenario, const EvalResult& result,
    const ReplayOptions& options, ReplaySweepAxis axis, int points, const ReplayControl& control = {});

/// What a sweep replays at, no replay run: `at` when given (each value once, ascending);
/// else for DRAM/SSD 0 then `points` − 1 values spaced on a log scale from the trace's hit
/// knee ÷ kLogSweepBelowKnee to the larger of twice the scenario's value and the
/// trace's distinct blocks (linear from 0 when the trace has no reuse); for Replicas, from
/// the least stable count to twice it (`fromStable`), else from 1 to twice the scenario's
/// replicas; a value rounded onto another is replayed once. Throws InputError as sweepReplay.
ReplaySweep planReplaySweep(const ReplayTrace& trace, const Scenario& scenario, const EvalResult& result,
    const ReplayOptions& options, ReplaySweepAxis axis, int points, const std::vector<double>& at = {},
    bool fromStable = true);
/// A rate sweep's effective request capacity from its replayed points (runReplaySweep calls
/// it): the grid widened until a point that holds lies below one that fails (halving below
/// the lowest, stepping past the highest, at most 8 times each), then bisected between the
/// last point that holds with every point below it and the next, to kCapacityTolerance.
void findCapacity(ReplaySweep& sweep, const ReplayTrace& trace, const Scenario& scenario, const EvalResult& result,
    const ReplayOptions& options, const ReplayControl& control = {});
/// Replays every point of a planned sweep (planReplaySweep), filling its results.
void runReplaySweep(ReplaySweep& sweep, const ReplayTrace& trace, const Scenario& scenario, const EvalResult& result,
    const ReplayOptions& options, const ReplayControl& control = {});

} // namespace kvtiers::replay
