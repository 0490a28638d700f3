#include "core/replay/ReplicaSearch.h"

#include <algorithm>

namespace kvtiers::replay {

ReplicaSearch leastReplicasMeetingTargets(const ReplayTrace& trace, const Scenario& scenario, const EvalResult& result,
    ReplayOptions options, int start, const ReplayControl& control)
{
    const LatencyTargets targets = options.targets.inForce();
    options.keepRequests = false;
    ReplicaSearch search;
    auto meets = [&](int replicas) {
        for (const ReplicaTrial& t : search.tried)
            if (t.replicas == replicas)
                return t.meets;
        options.replicas = replicas;
        ReplayControl one;
        one.cancel = control.cancel;
        const ReplayResult r = runReplay(trace, scenario, result, options, one);
        ReplicaTrial t { replicas, r.ttftAtPercentile, r.tpotAtPercentile,
            r.ttftAtPercentile <= targets.ttft() && r.tpotAtPercentile <= targets.tpot() };
        search.tried.push_back(t);
        if (control.progress)
            control.progress(std::min(1.0, static_cast<double>(search.tried.size()) / 12));
        return t.meets;
    };
    int lo = 0, hi = 0; // lo misses (or is 0), hi meets
    start = std::clamp(start, 1, kMaxSearchedReplicas);
    if (meets(start)) {
        hi = start;
        for (int step = 1; hi > 1; step *= 2) {
            lo = std::max(0, hi - step);
            if (lo == 0 || !meets(lo))
                break;
            hi = lo;
        }
    } else {
        lo = start;
        for (int step = 1;; step *= 2) {
            if (lo >= kMaxSearchedReplicas)
                return search; // replicas 0: no count up to the limit
            hi = std::min(kMaxSearchedReplicas, lo + step);
            if (meets(hi))
                break;
            lo = hi;
        }
    }
    while (hi - lo > 1) {
        const int mid = lo + (hi - lo) / 2;
        (meets(mid) ? hi : lo) = mid;
    }
    search.replicas = hi;
    return search;
}

} // namespace kvtiers::replay
