#pragma once
// LatencyTargets: the one shape of a latency target set, wherever one is stated or used: a
// workload card's `targets`, a fleet mix entry's own, a fleet's, an outlook year's and its
// mix entries', the replay's options, and every result that says what it was sized for.
//
// A target is seconds at a percentile, for the time to the first token (TTFT) and the time
// per output token (TPOT). Each of the four figures may be left unset, and `orElse` fills
// the unset ones from the next set in line; `ttft()`, `tpot()` and the percentiles read a
// figure in force, the built-in default (kDefaultTargets) where nothing in line set it.
// A third target, the time between tokens (TBT: every gap between two of a request's output
// tokens, where TPOT is a request's mean gap), holds only where one is set: no default
// stands in for it, and only the replay measures it (docs/trace.md, "Token intervals").
//
// A percentile is written as people write one, in every command, file and result: 99 for
// p99, 99.9, or "mean". The same unit everywhere: a value below 1 (0.99) is refused, since
// it is almost surely a fraction meant as a percentile.

#include "core/io/Json.h"

#include <optional>
#include <string>
#include <string_view>

namespace kvtiers {

/// A percentile that stands for the mean (written "mean").
inline constexpr double kMeanPercentile = 0;
/// The range a percentile lies in: [kMinPercentile, 100), or kMeanPercentile.
inline constexpr double kMinPercentile = 1;

/// Whether `p` is a percentile a target may hold: the mean, or 1 ≤ p < 100.
constexpr bool validPercentile(double p)
{
    return p == kMeanPercentile || (p >= kMinPercentile && p < 100);
}

/// "p99", "p99.9" or "mean".
std::string percentileName(double percentile);
/// 99 or "mean", as JSON writes a percentile.
Json percentileToJson(double percentile);
/// A percentile as typed: "99", "99.9", "p99" or "mean". Throws InputError naming `where`
/// and saying to write 0–100 (99 for p99) or "mean".
double parsePercentile(std::string_view text, const std::string& where);

struct LatencyTargets {
    std::optional<double> ttftSeconds;    ///< time to first token, s (> 0)
    std::optional<double> ttftPercentile; ///< validPercentile
    std::optional<double> tpotSeconds;    ///< time per output token, s (> 0)
    std::optional<double> tpotPercentile; ///< validPercentile
    std::optional<double> tbtSeconds;     ///< time between tokens, s (> 0); unset: no TBT target
    /// validPercentile, over requests' TBT as Mooncake measures one (the mean of its longest
    /// 10% of gaps; docs/trace.md, "Token intervals")
    std::optional<double> tbtPercentile;

    /// Each unset figure taken from `fallback`.
    LatencyTargets orElse(const LatencyTargets& fallback) const;
    /// Every figure set: this one's where set, else the default's.
    LatencyTargets inForce() const;

    double ttft() const;
    double tpot() const;
    double ttftAt() const; ///< TTFT's percentile in force
    double tpotAt() const; ///< TPOT's percentile in force
    bool hasTbt() const { return tbtSeconds.has_value(); }
    double tbtAt() const; ///< TBT's percentile in force (kDefaultTbtPercentile where unset)

    bool empty() const
    {
        return !ttftSeconds && !ttftPercentile && !tpotSeconds && !tpotPercentile && !tbtSeconds && !tbtPercentile;
    }
    bool operator==(const LatencyTargets&) const = default;
};

/// The targets where nothing else sets them: 2 s TTFT and 50 ms TPOT, both at p99 (MLPerf
/// Inference's server scenario states its limits as 99th percentiles; its Llama 2 70B
/// interactive scenario sets 2 s to the first token).
inline const LatencyTargets kDefaultTargets { 2.0, 99, 0.05, 99, std::nullopt, std::nullopt };
/// A TBT target's percentile where none is given (a TBT target itself has no default).
inline constexpr double kDefaultTbtPercentile = 99;

/// The JSON keys of the four figures.
inline constexpr const char* kTtftSecondsKey = "ttft_s";
inline constexpr const char* kTtftPercentileKey = "ttft_percentile";
inline constexpr const char* kTpotSecondsKey = "tpot_s";
inline constexpr const char* kTpotPercentileKey = "tpot_percentile";
inline constexpr const char* kTbtSecondsKey = "tbt_s";
inline constexpr const char* kTbtPercentileKey = "tbt_percentile";

/// The four TTFT/TPOT figures from `object` (other keys, TBT's among them while only the
/// replay measures it, are the caller's to allow or refuse):
/// seconds above 0 and at most 1e9, percentiles as validPercentile ("mean" or a number).
/// Throws InputError naming the field.
LatencyTargets readLatencyTargets(const JsonObject& object);
/// Whether `object` holds any of the four keys.
bool hasLatencyTargets(const JsonObject& object);
/// The figures set, written into `into` (an object) under their keys.
Json writeLatencyTargets(const LatencyTargets& targets, Json into = Json::object());

} // namespace kvtiers
