#include "core/analysis/Sweep.h"

#include "core/io/Csv.h"
#include "core/io/InputError.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

namespace kvtiers {

KnobId sweepAxisKnob(SweepAxis axis)
{
    return axis == SweepAxis::Context ? KnobId::Context : KnobId::Concurrency;
}

const char* sweepAxisName(SweepAxis axis)
{
    return knobKey(sweepAxisKnob(axis));
}

std::optional<SweepAxis> sweepAxisFromName(std::string_view name)
{
    for (SweepAxis axis : { SweepAxis::Context, SweepAxis::Concurrency })
        if (name == sweepAxisName(axis))
            return axis;
    return std::nullopt;
}

Scenario scenarioAt(const Scenario& base, SweepAxis axis, double x)
{
    Scenario s = base;
    if (axis == SweepAxis::Context) {
        s.workload.context = x;
        if (s.workload.outputTokens >= x)
            s.workload.outputTokens = x - 1;
    } else {
        s.workload.concurrency = x;
    }
    return s;
}

Scenario holdRequestRate(const Scenario& base)
{
    if (base.workload.requestRate)
        return base;
    EvalOptions o;
    o.breakEven = false;
    Scenario held = base;
    held.workload.requestRate = evaluate(base, o).requestRate;
    return held;
}

namespace {

bool hotSetFits(const Scenario& base, SweepAxis axis, double x)
{
    EvalOptions o;
    o.breakEven = false;
    const EvalResult r = evaluate(scenarioAt(base, axis, x), o);
    return !(r.warnings & WarnHotSetOverflows);
}

} // namespace

SweepRange defaultSweepRange(SweepAxis axis)
{
    return axis == SweepAxis::Context ? SweepRange { 1024, 2097152 } : SweepRange { 1, 4096 };
}

SweepResult sweep(const Scenario& base, SweepAxis axis, double from, double to, int points)
{
    if (!(from >= 1) || !(to >= from) || points < 2 || points > 100000)
        throw InputError("sweep: needs 1 <= from <= to and 2 to 100000 points");
    if (axis == SweepAxis::Context) { // no scenario runs past 16× the card's context
        to = std::min(to, contextLimit(base.model));
        from = std::min(from, to);
    }
    SweepResult result;
    result.axis = axis;
    result.rateDerived = !base.workload.requestRate.has_value();
    result.points.reserve(static_cast<size_t>(points));
    Scenario s = base;
    EvalOptions o;
    o.breakEven = false;
    const double logFrom = std::log(from), logTo = std::log(to);
    double lastX = -1;
    for (int i = 0; i < points; ++i) {
        double x = std::round(std::exp(logFrom + (logTo - logFrom) * i / (points - 1)));
        if (i == points - 1)
            x = to;
        if (x <= lastX)
            continue; // small ranges: rounding to whole tokens repeats values
        lastX = x;
        if (axis == SweepAxis::Context) {
            s.workload.context = x;
            s.workload.outputTokens = std::min(base.workload.outputTokens, x - 1);
        } else {
            s.workload.concurrency = x;
        }
        const EvalResult r = evaluate(s, o);
        result.points.push_back({ x, r.tiers, r.overflowBytes, r.maxConcurrency, r.tokensPerSecond, r.achievedReuse });
    }
    // Where HBM runs out: the hot set grows monotonically in both axes, so bisect
    // between the last point that fits and the first that does not.
    if (!hotSetFits(base, axis, from)) {
        result.hbmFullAt = from;
    } else if (hotSetFits(base, axis, to)) {
        result.hbmFullAt = std::numeric_limits<double>::infinity();
    } else {
        double lo = from, hi = to;
        while (hi - lo > 1) {
            const double mid = std::floor((lo + hi) / 2);
            (hotSetFits(base, axis, mid) ? lo : hi) = mid;
        }
        result.hbmFullAt = hi;
    }
    return result;
}

} // namespace kvtiers
