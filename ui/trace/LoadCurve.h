#pragma once
// LoadCurve: what the Trace tab's "Under load" view shows: the core's sweep of replays over
// DRAM or SSD (replay::sweepReplay) and the latency targets it was replayed against. The
// view's document computes it, LoadChart draws it and LoadExport writes it, each without
// the others.

#include "core/cards/LatencyTargets.h"
#include "core/replay/Replay.h"

namespace kvtiers::ui {

struct LoadCurve {
    replay::ReplaySweep sweep;
    LatencyTargets targets; ///< the targets the sweep was replayed against (its TTFT marked)
};

} // namespace kvtiers::ui
