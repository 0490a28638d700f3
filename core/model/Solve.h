#pragma once
// Solve: where a non-increasing function last stays at or above zero on a bracket. The
// model solves two such equations on every evaluation: the LRU cache's characteristic
// time (occupancy reaches capacity) and the request rate a replica serves (the rate meets
// its own prefill bound), the second around the first. Bisection to 1e-12 took about 40
// steps each, nested: most of an evaluation. Regula falsi with the Illinois modification
// (Dowell and Jarratt, BIT 11, 1971) converges superlinearly on these smooth functions and
// keeps the bracket, so the answer is the same to the tolerance in a handful of steps.

#include <cmath>

namespace kvtiers {

/// The largest x in [lo, hi] with g(x) ≥ 0, to `relTol` × hi, for g non-increasing with
/// g(lo) = glo ≥ 0 > g(hi) = ghi. Returns the feasible end of the final bracket. Steps
/// where interpolation gives nothing finite strictly inside the bracket (an infinite end,
/// a flat stretch) bisect instead.
template <typename G>
double lastNonNegative(G&& g, double lo, double hi, double glo, double ghi, double relTol = 1e-12)
{
    int kept = 0; // +1: the last step moved lo (hi was kept), −1: it moved hi
    for (int i = 0; i < 200 && hi - lo > relTol * hi; ++i) {
        double x = lo + glo * (hi - lo) / (glo - ghi);
        if (!std::isfinite(x) || !(x > lo && x < hi))
            x = 0.5 * (lo + hi);
        const double gx = g(x);
        if (gx >= 0) {
            lo = x;
            glo = gx;
            if (kept == 1)
                ghi *= 0.5; // the same end kept twice: weight it less (Illinois)
            kept = 1;
        } else {
            hi = x;
            ghi = gx;
            if (kept == -1)
                glo *= 0.5;
            kept = -1;
        }
    }
    return lo;
}

} // namespace kvtiers
