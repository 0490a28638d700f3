#pragma once
// LoadCurve: what the Trace tab's "Under load" view shows: the sweep of replays over DRAM or
// SSD (sweepReplay) and the latency targets it was replayed against. The view's document
// computes it, LoadChart draws it and LoadExport writes it, each without the others.

#include "core/cards/LatencyTargets.h"
#include "core/replay/Replay.h"

namespace kvtiers::replay {

struct LoadCurve {
    ReplaySweep sweep;
    LatencyTargets targets; ///< the targets the sweep was replayed against (its TTFT marked)
};

} // namespace kvtiers::replay
