#pragma once
// Sensitivity: what moves memory demand most (issue 9). The article's closing list of
// variables to watch, each moved over a range with the others held: a tornado of
// per-tier demand changes, and scenario curves of demand against one variable.
//
// Demand per tier is per server. HBM = weights + hot set + overflow: what must be in
// HBM, met or not; prefixes cached in otherwise free HBM are opportunistic and do not
// count (they would pin HBM demand at capacity). DRAM and SSD = bytes used.

#include "Evaluation.h"

#include <string>
#include <vector>

namespace kvtiers {

enum class Variable {
    Context,        ///< average input context (tokens per sequence)
    Concurrency,    ///< active sequences per replica
    KvBits,         ///< KV bytes per token, through the element format
    ReuseRate,      ///< prefix-cache hit rate
    OffloadRate,    ///< HBM→host offload rate
    DramPerServer,  ///< host DRAM per server
    NvmePerServer,  ///< local NVMe per server
};

const std::vector<Variable>& allVariables();
const char* variableKey(Variable v);   ///< "context", "kv_bits", ...
const char* variableLabel(Variable v); ///< English label

/// The variable's value in a scenario.
double variableValue(const Scenario& s, Variable v);
/// The scenario with the variable set (clamped to its valid range).
Scenario withVariable(const Scenario& s, Variable v, double value);

struct TierDemand {
    double hbm = 0, dram = 0, ssd = 0;
};
TierDemand demandPerServer(const EvalResult& r, int gpusPerServer);
/// HBM that must hold weights and active sequences, one replica: used − retained + overflow.
double hbmDemand(const EvalResult& r);

struct SensitivityBar {
    Variable variable;
    double lowValue = 0, highValue = 0;
    TierDemand low, high;     ///< demand at each end
    TierDemand lowDelta, highDelta; ///< minus the base
    double effect = 0;        ///< largest |delta| over tiers and ends: the sort key
};

struct SensitivityResult {
    TierDemand base;
    std::vector<SensitivityBar> bars; ///< sorted by effect, largest first
};

/// Moves each variable by ±`relativeRange` (default 50%; shares are clamped to [0, 1];
/// the KV format moves one step along 4, 8, 16, 32 bits) with the others held.
SensitivityResult sensitivity(const Scenario& base, double relativeRange = 0.5);

struct CurvePoint {
    double value = 0;
    TierDemand demand;
};
/// Demand per tier as one variable takes each of `values`.
std::vector<CurvePoint> scenarioCurve(const Scenario& base, Variable v, const std::vector<double>& values);

} // namespace kvtiers
