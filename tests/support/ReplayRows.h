#pragma once
// The DRAM sizes the replay's monotonicity checks have always taken, shared by the tests
// that hold the replay to them with and without restore costs.

#include "core/model/Evaluation.h"
#include "core/replay/Replay.h"
#include "core/replay/ReplayChecks.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace kvtiers::test {

/// 7 DRAM sizes per server, evenly from 0 to the larger of twice the scenario's DRAM and
/// the trace's distinct blocks. (The default sweep is log-spaced around the knee; at its
/// smallest sizes the p99 can rise a little, see docs/trace.md, "Limits".)
inline std::vector<double> evenDramRows(
    const replay::ReplayTrace& t, const Scenario& s, const EvalResult& r, const replay::ReplayOptions& o)
{
    const double top = std::max(
        2 * replay::replayCapacities(t.blockTokens, s, r, o).blocks.dram, static_cast<double>(t.uniqueBlocks));
    std::vector<double> at;
    for (int i = 0; i < 7; ++i)
        at.push_back(std::floor(top * i / 6));
    return at;
}

} // namespace kvtiers::test
