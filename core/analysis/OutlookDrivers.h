#pragma once
// OutlookDrivers: every driver of an outlook year as it is in force, where each comes from,
// and the edits the Outlook tab makes to them (docs/model.md, "Outlook").
//
// Per year and workload of its mix: the context, output tokens, prefix-cache hit rate and KV
// format (knobs of core/scenario/Knobs.h, read from the scenario the year resolves), the
// model card, and the TTFT and TPOT targets with their percentiles (fleetTargetsInForce, as
// the fleet sizes them). Each says whether the outlook sets it for that year (a workload
// override, a mix entry's own target), or it is the workload card's own value, the model
// card's default, the year's default target or the built-in one. Per year: the hardware mix.
//
// An edit returns the card with one driver set, checked first against the knob table's
// range (or the year's option table, outlookYearOptions) and then against the catalog
// (validateOutlook: the model exists, output stays below context, the context within the
// model's limit). A value equal to what the year would have without the outlook's override
// takes the override away, so the cell reads as the workload card's own again.
//
// Every edit of a year's drivers is checked here, whichever front end makes it: the year's
// own drivers (tokens per day, its targets, a workload's share of requests), a workload's
// drivers, its demand in a year driven by demand, and the hardware mix. A year driven by
// demand has its tokens per day and shares as outputs: an edit of either is refused, and
// its workloads' requests a day, sessions a day and requests per session are edited instead.

#include "core/analysis/Fleet.h"
#include "core/cards/KvFormat.h"
#include "core/cards/OutlookCard.h"
#include "core/catalog/CardCatalog.h"
#include "core/io/Json.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace kvtiers {

/// The per-workload drivers the Outlook tab shows, in its column order.
enum class OutlookWorkloadField { Context, OutputTokens, Reuse, KvFormat, Model, Ttft, Tpot };
inline constexpr int kOutlookWorkloadFieldCount = 7;

/// The field's key as a year's override or mix entry writes it: "context", "output_tokens",
/// "reuse_rate", "kv_bits", "model", "ttft_s", "tpot_s".
const char* outlookWorkloadFieldKey(OutlookWorkloadField field);

/// Where a driver's value in force comes from.
enum class OutlookDriverOrigin {
    Outlook,      ///< the outlook card sets it for that year (a workload override, a mix entry's target)
    WorkloadCard, ///< the workload card's own value
    ModelCard,    ///< the model card's default (the KV format a workload card leaves unset)
    YearDefault,  ///< the year's default target
    Builtin,      ///< kvtiers' built-in default (kDefaultTargets)
};

/// A workload's demand in a year driven by demand (OutlookYear::drivenByDemand), in the
/// Outlook tab's column order: requests a day, or sessions a day × requests per session.
enum class OutlookDemandField { RequestsPerDay, SessionsPerDay, RequestsPerSession };
inline constexpr int kOutlookDemandFieldCount = 3;

/// The field's key as a mix entry writes it: "requests_per_day", "sessions_per_day",
/// "requests_per_session".
const char* outlookDemandFieldKey(OutlookDemandField field);

/// One workload's drivers in one year, every figure in force.
struct OutlookWorkloadDrivers {
    std::string workload;    ///< its id, as the mix names it
    double share = 0;        ///< its share of the year's requests
    double context = 0;      ///< tokens of KV per sequence (prompt + output)
    double outputTokens = 0; ///< tokens generated per request
    double reuseRate = 0;    ///< prefix-cache hit rate, 0 to 1
    KvFormat kv;             ///< the KV cache's element format
    std::string model;       ///< the model card's id
    /// How the model is served: TP per replica, and under expert parallelism the unit's DP
    /// attention ranks, EP and servers (the Model column shows it beside the model).
    bool expertParallel = false;
    int tp = 1, dp = 1, ep = 1, nodes = 1;
    LatencyTargets targets;   ///< every figure set (fleetTargetsInForce)
    TargetSources targetFrom; ///< where each target figure comes from
    std::array<OutlookDriverOrigin, kOutlookWorkloadFieldCount> origin {};
    /// In a year driven by demand, its requests a day (as the card gives them, or its
    /// sessions a day × requests per session) and, where the card gives sessions, those and
    /// the requests per session; all unset in a year driven by tokens.
    std::optional<double> requestsPerDay, sessionsPerDay, requestsPerSession;

    OutlookDriverOrigin from(OutlookWorkloadField field) const { return origin[size_t(field)]; }
};

/// The drivers of every workload of the year's mix, in the mix's order. Throws InputError
/// (naming the workload) where a scenario does not resolve against the catalog.
std::vector<OutlookWorkloadDrivers> outlookWorkloadDrivers(const CardCatalog& catalog, const OutlookYear& year);

/// The card with one of year `index`'s own drivers set: `key` a bound option of
/// outlookYearOptions (tokens_per_day, ttft_s, tpot_s, or a target's percentile) takes
/// `value` in its unit; kOutlookShareKey sets `workload`'s share of requests (added to the
/// mix if the year has none), the year's other shares rescaled to keep the sum at 1.
/// Throws InputError: coded, its `where` the option's key, for a value out of range (a
/// front end words the key); a sentence (a Message) where the year is driven by demand and
/// the edit is of its tokens or a share, which follow from its demand, or where the other
/// workloads have no share to take up the rest.
OutlookCard withOutlookYearDriver(
    const OutlookCard& card, size_t index, const std::string& key, double value, const std::string& workload = {});

/// The card with one demand driver of `workload` in year `index` set, the year's shares
/// following from the demand. Requests a day of a workload given in sessions set its
/// sessions a day (requests ÷ requests per session, which stay); sessions a day and requests
/// per session are set only where the card gives the workload in sessions. Throws
/// InputError: coded, its `where` the field's key, for a value out of the year's option
/// range (negative, zero, NaN, too large) or a product of sessions and requests per session
/// past the requests' range (`where` kOutlookRequestsPerDayKey); a sentence where the year
/// is driven by tokens, or the workload is given in requests and not sessions.
OutlookCard withOutlookDemand(const CardCatalog& catalog, const OutlookCard& card, size_t index,
    const std::string& workload, OutlookDemandField field, double value);

/// The figure a workload's demand cites in a year's sources: its own ("mix.agentic-coding")
/// where the year gives it one, else the mix's ("mix").
std::string outlookDemandFigure(const OutlookYear& year, const std::string& workload);

/// The hardware ids of every year's mix, first seen first (the Hardware page's columns).
std::vector<std::string> outlookHardwareIds(const OutlookCard& card);

/// The card with one workload driver of year `index` set: a knob field takes a number in
/// the knob's unit (tokens, a 0–1 rate, KV bits), Model a model card id (string), Ttft
/// and Tpot an object of the mix entry's target figures ({"ttft_s": 5, "ttft_percentile": 90}).
/// Throws InputError naming the field (its `where` the field's key for a range error, which
/// a front end words) or, from the catalog's check, the year and the field.
OutlookCard withOutlookWorkloadDriver(const CardCatalog& catalog, const OutlookCard& card, size_t index,
    const std::string& workload, OutlookWorkloadField field, const Json& value);

/// A workload driver as typed into the Outlook tab, as withOutlookWorkloadDriver takes it:
/// tokens as the knob reads them ("64K", "65536", "65,536", a trailing "tokens" ignored),
/// a hit rate in percent ("94.2", "94.2 %"), a KV format by name or bits ("fp8", "6bit"),
/// a model card id, a target as seconds with an optional percentile ("5", "5 s", "50 ms",
/// "5 s (p90)", "5 s p90", "0.2 s mean"). Throws a coded InputError whose `where` is the
/// field's key.
Json parseOutlookWorkloadDriver(OutlookWorkloadField field, std::string_view text);

/// The card with `hardware`'s share of year `index`'s traffic set (added if the year has
/// none) and the year's other profiles rescaled to keep the sum at 1. Throws InputError
/// (its `where` kOutlookHardwareShareKey) for a share out of [0, 1], or when the others
/// have no share to take up the rest.
OutlookCard withOutlookHardwareShare(
    const CardCatalog& catalog, const OutlookCard& card, size_t index, const std::string& hardware, double share);

/// The year's hardware share of `hardware`, 0 where it is not in the year's mix.
double outlookHardwareShare(const OutlookYear& year, const std::string& hardware);

} // namespace kvtiers
