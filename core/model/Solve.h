#pragma once
// Solve: where a non-increasing function last stays at or above zero on a bracket. The
// model solves two such equations on every evaluation: the LRU cache's characteristic
// time (occupancy reaches capacity) and the request rate a replica serves (the rate meets
// its own prefill bound), the second around the first. Bisection to 1e-12 took about 40
// steps each, nested: most of an evaluation. Regula falsi with the Illinois modification
// (Dowell and Jarratt, BIT 11, 1971) converges superlinearly on these smooth functions and
// keeps the bracket, so the answer is the same to the tolerance in a handful of steps.

#include <algorithm>
#include <cmath>

namespace kvtiers {

/// The largest x in [lo, hi] with g(x) ≥ 0, to `relTol` × hi, for g non-increasing with
/// g(lo) = glo ≥ 0 > g(hi) = ghi. Returns the feasible end of the final bracket. A step
/// where interpolation gives nothing finite (an infinite end) bisects instead.
template <typename G> double lastNonNegative(G&& g, double lo, double hi, double glo, double ghi, double relTol = 1e-12)
{
    int kept = 0; // +1: the last step moved lo (hi was kept), −1: it moved hi
    for (int i = 0; i < 200 && hi - lo > relTol * hi; ++i) {
        double x = lo + glo * (hi - lo) / (glo - ghi);
        if (!std::isfinite(x))
            x = 0.5 * (lo + hi);
        // At least half the tolerance from either end: once one end sits on the root (a
        // linear g lands there in one step), the next step closes the bracket instead of
        // creeping towards it from the far side.
        const double tol = relTol * hi;
        x = std::clamp(x, lo + 0.5 * tol, hi - 0.5 * tol);
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
