#pragma once
// Sweep: bytes per tier as one knob moves (context or concurrency, log-spaced), with
// the point where HBM runs out. Feeds the sweep chart and `kvtiers export --chart sweep`.

#include "core/model/Evaluation.h"
#include "core/scenario/Knobs.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kvtiers {

enum class SweepAxis { Context, Concurrency };
/// The knob an axis moves.
KnobId sweepAxisKnob(SweepAxis axis);
/// The axis's name: its knob's key ("context", "concurrency").
const char* sweepAxisName(SweepAxis axis);
/// The axis of that name, or nullopt.
std::optional<SweepAxis> sweepAxisFromName(std::string_view name);

struct SweepPoint {
    double x = 0;
    PerTier<TierUse> tiers;
    double overflowBytes = 0;
    double maxConcurrency = 0;
    double tokensPerSecond = 0;
    double achievedReuse = 0;
};

struct SweepResult {
    SweepAxis axis = SweepAxis::Context;
    /// λ (requests/s per replica) was derived at each point: served sequences over the
    /// request duration, capped by the prefill bound. It falls as context grows (a longer
    /// request takes longer), and the retained pool λ × distance × prefix bytes with it,
    /// so bytes can fall as context grows. False when the scenario gives λ or the sweep
    /// held it (holdRequestRate).
    bool rateDerived = false;
    std::vector<SweepPoint> points;
    /// Smallest x at which the hot set no longer fits in HBM (+inf if it always fits
    /// within the range; the range's start if it never fits).
    double hbmFullAt = 0;
};

/// The range a sweep covers unless a user gives one: context 1K..2M tokens (past every
/// model's window), concurrency 1..4096 sequences.
struct SweepRange {
    double from = 0;
    double to = 0;
};
SweepRange defaultSweepRange(SweepAxis axis);
/// Points of a sweep unless a user gives --points: the app's chart, its exports and
/// `kvtiers sweep` alike, so a table from the command line and a chart from the app show
/// the same curve (enough for a smooth log axis).
inline constexpr int kSweepPoints = 200;

/// Evaluates `points` log-spaced values of `axis` from `from` to `to` (inclusive, whole
/// tokens or sequences). On the context axis, output tokens are capped below the context,
/// and the range ends at the model's contextLimit (16× its card's context).
SweepResult sweep(const Scenario& base, SweepAxis axis, double from, double to, int points);

/// The scenario with λ fixed at what `base` derives (unchanged if it gives λ already), so
/// a sweep of it moves one thing: `kvtiers sweep --hold-rate`, the chart's "Hold λ fixed".
Scenario holdRequestRate(const Scenario& base);

/// One sweep point: the scenario with `axis` set to `x`.
Scenario scenarioAt(const Scenario& base, SweepAxis axis, double x);

} // namespace kvtiers
