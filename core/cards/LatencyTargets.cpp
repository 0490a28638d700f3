#include "core/cards/LatencyTargets.h"

#include "core/io/InputError.h"
#include "core/io/Units.h"

#include <cmath>
#include <cstdlib>

namespace kvtiers {

namespace {

/// The largest target accepted, seconds (a target is a bound a person states).
constexpr double kMaxTargetSeconds = 1e9;

[[noreturn]] void refusePercentile(const std::string& where, const std::string& given)
{
    throw InputError({ .code = InputErrorCode::PercentileOutOfRange, .where = where, .value = given });
}

std::optional<double> readPercentileField(const JsonObject& o, std::string_view key)
{
    if (!o.has(key))
        return std::nullopt;
    const Json& v = o.raw().at(std::string(key));
    if (v.is_string() && v.get<std::string>() == "mean")
        return kMeanPercentile;
    // A number is a percentile (at least 1); the mean is written "mean", never 0.
    if (!v.is_number() || v.get<double>() == kMeanPercentile || !validPercentile(v.get<double>()))
        o.fail(key, { .code = InputErrorCode::PercentileOutOfRange, .value = v.dump() });
    return v.get<double>();
}

std::optional<double> readSecondsField(const JsonObject& o, std::string_view key)
{
    const auto s = o.optionalNumber(key, 0, kMaxTargetSeconds);
    if (s && !(*s > 0))
        o.fail(key, "must be above 0 seconds");
    return s;
}

} // namespace

std::string percentileName(double percentile)
{
    if (percentile == kMeanPercentile)
        return "mean";
    return "p" + formatSignificant(percentile, 4);
}

Json percentileToJson(double percentile)
{
    return percentile == kMeanPercentile ? Json("mean") : Json(percentile);
}

double parsePercentile(std::string_view text, const std::string& where)
{
    if (text == "mean")
        return kMeanPercentile;
    std::string number(text);
    if (!number.empty() && (number[0] == 'p' || number[0] == 'P'))
        number.erase(0, 1);
    char* end = nullptr;
    const double p = number.empty() ? NAN : std::strtod(number.c_str(), &end);
    if (number.empty() || end != number.c_str() + number.size() || p == kMeanPercentile || !validPercentile(p))
        refusePercentile(where, "\"" + std::string(text) + "\"");
    return p;
}

LatencyTargets LatencyTargets::orElse(const LatencyTargets& fallback) const
{
    return { ttftSeconds ? ttftSeconds : fallback.ttftSeconds,
        ttftPercentile ? ttftPercentile : fallback.ttftPercentile, tpotSeconds ? tpotSeconds : fallback.tpotSeconds,
        tpotPercentile ? tpotPercentile : fallback.tpotPercentile, tbtSeconds ? tbtSeconds : fallback.tbtSeconds,
        tbtPercentile ? tbtPercentile : fallback.tbtPercentile };
}

LatencyTargets LatencyTargets::inForce() const
{
    return orElse(kDefaultTargets);
}

double LatencyTargets::ttft() const
{
    return ttftSeconds.value_or(*kDefaultTargets.ttftSeconds);
}

double LatencyTargets::tpot() const
{
    return tpotSeconds.value_or(*kDefaultTargets.tpotSeconds);
}

double LatencyTargets::ttftAt() const
{
    return ttftPercentile.value_or(*kDefaultTargets.ttftPercentile);
}

double LatencyTargets::tpotAt() const
{
    return tpotPercentile.value_or(*kDefaultTargets.tpotPercentile);
}

double LatencyTargets::tbtAt() const
{
    return tbtPercentile.value_or(kDefaultTbtPercentile);
}

LatencyTargets readLatencyTargets(const JsonObject& o)
{
    LatencyTargets t;
    t.ttftSeconds = readSecondsField(o, kTtftSecondsKey);
    t.ttftPercentile = readPercentileField(o, kTtftPercentileKey);
    t.tpotSeconds = readSecondsField(o, kTpotSecondsKey);
    t.tpotPercentile = readPercentileField(o, kTpotPercentileKey);
    return t;
}

bool hasLatencyTargets(const JsonObject& o)
{
    return o.has(kTtftSecondsKey) || o.has(kTtftPercentileKey) || o.has(kTpotSecondsKey) || o.has(kTpotPercentileKey);
}

Json writeLatencyTargets(const LatencyTargets& t, Json into)
{
    if (t.ttftSeconds)
        into[kTtftSecondsKey] = *t.ttftSeconds;
    if (t.ttftPercentile)
        into[kTtftPercentileKey] = percentileToJson(*t.ttftPercentile);
    if (t.tpotSeconds)
        into[kTpotSecondsKey] = *t.tpotSeconds;
    if (t.tpotPercentile)
        into[kTpotPercentileKey] = percentileToJson(*t.tpotPercentile);
    if (t.tbtSeconds)
        into[kTbtSecondsKey] = *t.tbtSeconds;
    if (t.tbtPercentile)
        into[kTbtPercentileKey] = percentileToJson(*t.tbtPercentile);
    return into;
}

} // namespace kvtiers
