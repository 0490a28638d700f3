#pragma once
// Sensitivity: what moves memory demand most. The article's closing list of
// variables to watch, each moved over a range with the others held: a tornado of
// per-tier demand changes, and scenario curves of demand against one variable.
//
// Demand per tier is per server. HBM = weights + hot set + overflow: what must be in
// HBM, met or not; prefixes cached in otherwise free HBM are opportunistic and do not
// count (they would pin HBM demand at capacity). DRAM and SSD = bytes used.
//
// A fleet tornado (fleetSensitivity) moves each variable on every workload of a traffic
// mix at once and re-sizes the fleet with sizeFleet() (Fleet.h, docs/model.md §5's roll-up):
// its bars are fleet-wide bytes per tier, GPUs and servers. Two variables mean something
// else in a fleet, because the fleet sizes concurrency itself:
//  - Active sequences: sizeFleet() gives each replica the most sequences that meet the
//    time-per-output-token (TPOT) target, so a concurrency override has no effect. The
//    fleet tornado moves the TPOT target by the range instead (a looser target lets more
//    sequences share a decode step) and reports the active sequences per replica the
//    sizing chose at each end (the replica-weighted mean over the mix).
//  - Total traffic (KnobId::Traffic, a fleet-scope knob): requests/s (or tokens/day, whichever
//    the input gives) moved by the range.
// A move the fleet cannot be sized for (sizeFleet throws InputError: a target missed, a
// bad value) is recorded on its end of the bar with sizeFleet's message, not thrown.

#include "core/analysis/Fleet.h"
#include "core/cards/Tier.h"
#include "core/io/InputError.h"
#include "core/io/Options.h"
#include "core/model/Evaluation.h"
#include "core/scenario/Knobs.h"

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace kvtiers {

/// A sensitivity variable is a knob (Knobs.h) whose entry says how the tornado moves it:
/// its key in the output is `variableKey()`, its label `sensitivity.label`, its value and
/// its clamped setter the knob's field functions.
using Variable = KnobId;

/// The tornado's default move: ±50% of each value.
inline constexpr double kDefaultSensitivityRange = 0.5;

/// What a sensitivity run takes besides its scenario or fleet: how far each variable
/// moves, and whether the tornado is a fleet's (the fleet's options then say which fleet,
/// FleetOptions.h). Its option table is `kvtiers sensitivity`'s options and the
/// Sensitivity tab's range.
struct SensitivityOptions {
    double range = kDefaultSensitivityRange; ///< ±share of each value, as movedValue() moves it
    bool fleet = false;
    bool operator==(const SensitivityOptions&) const = default;
};

namespace sensitivity_keys {
inline constexpr const char* kRange = "range";
inline constexpr const char* kFleet = "fleet";
} // namespace sensitivity_keys

std::span<const Option<SensitivityOptions>> sensitivityOptionTable();
/// The entry of `key` in the table (it must be one).
const Option<SensitivityOptions>& sensitivityOption(std::string_view key);

/// The scenario variables (the article's list): the knobs with a sensitivity sweep, of
/// workload or hardware scope, in table order.
const std::vector<Variable>& allVariables();
/// The fleet tornado's variables: the scenario's plus the fleet-scope ones (total traffic).
const std::vector<Variable>& fleetVariables();
const char* variableKey(Variable v);   ///< "context", "kv_bits", "dram_per_server", ...
const char* variableLabel(Variable v); ///< English label (the GUI translates it in context "Knob")

/// The variable's value in a scenario (a fleet knob: 0, a scenario has none).
double variableValue(const Scenario& s, Variable v);
/// The scenario with the variable set (clamped to its valid range; a fleet knob: unchanged).
Scenario withVariable(const Scenario& s, Variable v, double value);
/// Where the tornado moves `value` of `knob` by `range`, down (`direction` -1) or up (+1):
/// Relative: value × (1 ± range); Absolute: value ± range × span; Ladder: one step along
/// 4, 8, 16, 32 bits. Not clamped (withVariable clamps).
double movedValue(const Knob& knob, double value, double range, int direction);

/// Bytes demanded of each tier (`demand.dram`, `demand[tier]`).
using TierDemand = PerTier<double>;
/// One replica's demand: HBM as hbmDemand(), DRAM and SSD the bytes used.
TierDemand replicaDemand(const EvalResult& r);
TierDemand demandPerServer(const EvalResult& r, int gpusPerServer);
/// HBM that must hold weights and active sequences, one replica: used − retained + overflow.
double hbmDemand(const EvalResult& r);

struct SensitivityBar {
    Variable variable;
    double lowValue = 0, highValue = 0;
    TierDemand low, high;           ///< demand at each end
    TierDemand lowDelta, highDelta; ///< minus the base
    double effect = 0;              ///< largest |delta| over tiers and ends: the sort key
};

struct SensitivityResult {
    TierDemand base;
    /// Per server, the prefix cache the base scenario keeps in otherwise free HBM: left out
    /// of `base.hbm` (see the top of this file), counted by `eval` and the tier chart, so
    /// every front end says both figures where it shows HBM demand.
    double baseHbmPrefixCache = 0;
    double relativeRange = kDefaultSensitivityRange;
    std::vector<SensitivityBar> bars; ///< sorted by effect, largest first
};

/// Moves each variable by ±`relativeRange` (default 50%; shares are clamped to [0, 1];
/// the KV format moves one step along 4, 8, 16, 32 bits) with the others held.
SensitivityResult sensitivity(const Scenario& base, double relativeRange = kDefaultSensitivityRange);

struct CurvePoint {
    double value = 0;
    TierDemand demand;
};
/// Demand per tier as one variable takes each of `values`.
std::vector<CurvePoint> scenarioCurve(const Scenario& base, Variable v, const std::vector<double>& values);

// ---- A fleet (Fleet.h): the same questions for a traffic mix, fleet-wide.

/// Fleet-wide demand: bytes per tier (FleetResult::bytes) and what is bought.
struct FleetDemand : TierDemand {
    double gpus = 0, servers = 0;
    double sequencesPerReplica = 0; ///< active sequences per replica, mean over all replicas
};
FleetDemand fleetDemand(const FleetResult& fleet);

/// The fleet's value of a variable: the request-weighted mean over the mix for context,
/// KV bits, hit rate and offload rate; the server profile's DRAM and NVMe; the active
/// sequences per replica the sizing chose (Concurrency); total requests/s (Traffic).
double fleetVariableValue(const FleetResult& fleet, Variable v);

struct FleetSensitivityBar {
    Variable variable;
    double baseValue = 0;                           ///< fleetVariableValue() of the base fleet
    double lowValue = 0, highValue = 0;             ///< of the re-sized fleet at each end (NaN if infeasible)
    double lowTpotSeconds = 0, highTpotSeconds = 0; ///< the TPOT target at each end (moves for Concurrency)
    FleetDemand low, high;                          ///< at each end (zero if infeasible)
    FleetDemand lowDelta, highDelta;                ///< minus the base (zero if infeasible)
    bool lowFeasible = true, highFeasible = true;
    std::string lowError, highError;                  ///< sizeFleet's message when that end cannot be sized
    InputErrorDetail lowErrorDetail, highErrorDetail; ///< the same in structured form (InputError.h)
    double effect = 0;                                ///< largest |byte delta| over tiers and feasible ends
};

struct FleetSensitivityResult {
    FleetResult fleet; ///< the base sizing
    FleetDemand base;
    double relativeRange = kDefaultSensitivityRange;
    double tpotTargetSeconds = 0;          ///< the base TPOT target
    std::vector<FleetSensitivityBar> bars; ///< fleetVariables(), sorted by effect, largest first
};

/// Moves each of fleetVariables() by ±`relativeRange` on every workload of the mix at once
/// (each workload's own value; shares clamped to [0, 1]; the KV format one step along 4,
/// 8, 16, 32 bits; DRAM and NVMe per server through the hardware overrides; Concurrency
/// through the TPOT target; Traffic through the total rate) and re-sizes the fleet.
/// Throws InputError only if the base fleet cannot be sized.
FleetSensitivityResult fleetSensitivity(
    const CardCatalog& catalog, const FleetInput& input, double relativeRange = kDefaultSensitivityRange);

struct FleetCurvePoint {
    double value = 0;             ///< fleetVariableValue() of the sized fleet (the request if infeasible)
    double tpotTargetSeconds = 0; ///< the target it was sized against
    FleetDemand demand;           ///< zero if infeasible
    bool feasible = true;
    std::string error;            ///< sizeFleet's message when infeasible
    InputErrorDetail errorDetail; ///< the same in structured form (InputError.h)
};
/// Fleet-wide demand as one variable takes each of `values`, the others held. Context:
/// each workload's context is scaled so the mix's mean would be the value; KV bits, hit
/// rate, offload rate, DRAM and NVMe: every workload set to the value; Traffic: requests/s
/// (the given rate scaled to it). Concurrency: `values` are TPOT targets in seconds (the
/// fleet's handle on concurrency) and each point's value is the resulting active
/// sequences per replica (NaN if infeasible). Throws InputError only if the base fleet
/// cannot be sized.
std::vector<FleetCurvePoint> fleetCurve(
    const CardCatalog& catalog, const FleetInput& input, Variable v, const std::vector<double>& values);

} // namespace kvtiers
