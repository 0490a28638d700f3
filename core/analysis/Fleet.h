#pragma once
// Fleet: from traffic to memory demand (docs/model.md §5's roll-up). A traffic mix
// of workloads, each with its share of requests, at a total rate, served within latency
// targets: how many replicas, GPUs and servers, and how many bytes of HBM, DRAM and NVMe
// the fleet demands, split by workload.
//
// Sizing, per workload i with request rate λ_i = share_i × total:
//   N_i  = the largest concurrency per replica whose decode step meets the
//          time-per-output-token target and whose hot set fits in HBM (FlexGen-style
//          streaming scenarios are not capped by HBM);
//   μ_i  = min(N_i / request duration(N_i), 1 / (prefill + blocking restore + O × step / N_i)):
//          requests/s one replica serves, bound by its decode slots (Little's law) or its
//          prefill FLOPs, whichever binds (EvalResult::rateLimit);
//          when prefill binds, N_i shrinks to the μ_i × duration sequences in flight;
//   R_i  = the fewest replicas whose TTFT at the workload's percentile meets its target
//          under Poisson arrivals, its replicas behind one central FCFS queue (FleetLoad.h:
//          c = R_i servers when prefill binds, R_i × N_i when decode slots bind; the wait
//          from Queueing.h); at least enough that utilisation stays below 1;
//   GPUs = Σ R_i × TP_i; servers = ceil(GPUs / GPUs per server);
//   bytes per tier = Σ R_i × (bytes one replica uses at N_i); HBM counts weights, hot
//   set and overflow, not prefixes cached opportunistically in free HBM (Sensitivity.h).
// Service times and hit shares are those of a replica at the rate it can serve (the
// fullest cache, the fewest hits). TPOT is the decode step at N_i, one value for every
// request (the step with a prefill chunk is not modelled), so its percentiles equal its
// mean. A workload whose TTFT at its percentile misses the target even on an idle fleet
// (no wait) is an error naming it.

#include "core/analysis/FleetLoad.h"
#include "core/cards/Tier.h"
#include "core/catalog/CardCatalog.h"
#include "core/catalog/ScenarioSpec.h"
#include "core/model/Evaluation.h"

#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace kvtiers {

struct FleetEntry {
    std::string label;
    ScenarioSpec spec;
    double share = 1; ///< share of requests, normalised over the mix
    /// This workload's own targets, each figure optional (fleetTargetsInForce): a 128K
    /// article request and a 4K chat turn cannot share one TTFT target.
    LatencyTargets targets {};
    bool operator==(const FleetEntry&) const = default;
};

struct FleetInput {
    std::vector<FleetEntry> mix;
    double requestsPerSecond = 0; ///< total; or give tokensPerDay
    double tokensPerDay = 0;      ///< prompt + output tokens per day, all workloads
    /// The fleet's targets as the user gave them (flags, the Fleet tab); each figure unset
    /// falls to kDefaultTargets (2 s TTFT, 50 ms TPOT, both at p99).
    LatencyTargets targets {};
    bool operator==(const FleetInput&) const = default;
};

/// The targets a workload is sized for, every figure set: the entry's own, else its
/// workload card's, else the fleet's, else kDefaultTargets. The fleet's stand behind the
/// card's, so a fleet-wide target is a default that a card's own target overrides.
LatencyTargets fleetTargetsInForce(const FleetEntry& entry, const LatencyTargets& card, const LatencyTargets& fleet);

struct FleetEntryResult {
    std::string label;
    Scenario scenario;     ///< at the sized concurrency
    EvalResult perReplica; ///< one replica at that concurrency
    double share = 0;      ///< normalised
    double requestsPerSecond = 0;
    double concurrencyPerReplica = 0;
    double replicaRequestsPerSecond = 0;
    RateLimit rateLimit = RateLimit::DecodeSlots; ///< what bounds replicaRequestsPerSecond
    double replicas = 0;
    double gpus = 0;
    PerTier<double> bytes; ///< this workload's part of the fleet's demand (HBM as hbmDemand counts it)
    double kvBytesPerToken = 0;
    /// The targets this workload was sized for (fleetTargetsInForce), every figure set.
    LatencyTargets targets;
    LoadFigures load; ///< utilisation, waits, TTFT and TPOT at the sized replicas
};

struct FleetResult {
    std::vector<FleetEntryResult> entries;
    double requestsPerSecond = 0;
    double gpus = 0;
    double servers = 0;
    int gpusPerServer = 1;
    PerTier<double> bytes;        ///< fleet-wide demand (used)
    double hbmInstalledBytes = 0; ///< GPUs × HBM per GPU: what is bought
    /// The inputs it was sized for, so a result (an export) can state its assumptions.
    double tokensPerDay = 0; ///< as given (0 when the traffic was given in requests/s)
    LatencyTargets targets;  ///< the fleet's, every figure set (FleetInput's in force)
    /// The demand of one server, and of one GPU (0 for a fleet of none).
    PerTier<double> perServer() const
    {
        return bytes.map([&](double b) { return servers > 0 ? b / servers : 0; });
    }
    PerTier<double> perGpu() const
    {
        return bytes.map([&](double b) { return gpus > 0 ? b / gpus : 0; });
    }
};

/// Remembers concurrencyForTarget() across sizings against one catalog: the search depends
/// only on the resolved scenario and the TPOT target, not on the traffic, so an outlook's
/// years and its tornado's ends repeat it. The key is a canonical text of the scenario
/// (its spec as JSON, whose objects keep their keys sorted, the resolved model and
/// hardware ids and the resolved workload knobs) and the target's exact bits. Owned by one
/// computation (an outlook, a tornado), never global; safe to share between threads.
class FleetSizingMemo {
public:
    explicit FleetSizingMemo(const CardCatalog& catalog)
        : m_catalog(&catalog)
    {
    }
    /// concurrencyForTarget(scenario, tpotSeconds), computed once per key.
    double concurrency(const ScenarioSpec& spec, const Scenario& scenario, double tpotSeconds);
    const CardCatalog* catalog() const { return m_catalog; }
    size_t hits() const;
    size_t misses() const;

private:
    const CardCatalog* m_catalog;
    mutable std::mutex m_mutex;
    std::map<std::string, double> m_concurrency;
    size_t m_hits = 0, m_misses = 0;
};

/// Sizes the fleet. All entries must resolve to the same GPUs per server (one server
/// profile). Throws InputError naming the entry or the target that cannot be met.
/// `memo`, if given and made for `catalog`, remembers the concurrency searches.
FleetResult sizeFleet(const CardCatalog& catalog, const FleetInput& input, FleetSizingMemo* memo = nullptr);

/// A server profile of a fleet on several: a hardware id (or file) and its share of the
/// traffic (every workload's requests split by it). Shares sum to 1 ± 1e-9.
struct FleetProfile {
    std::string hardware;
    double share = 1;
};

/// A fleet on several server profiles: one fleet per profile, sized alone, and the sums.
struct FleetProfilesResult {
    std::vector<FleetProfile> profiles;
    std::vector<FleetResult> fleets; ///< one per profile with a share above 0, in that order
    double requestsPerSecond = 0, gpus = 0, servers = 0;
    PerTier<double> bytes; ///< needed
    /// What is bought: GPUs × HBM per GPU, servers × host DRAM and servers × NVMe per server.
    PerTier<double> installedBytes;
};

/// Sizes `input` once per profile: each entry's spec gets the profile's hardware (an
/// entry's own hardware is replaced), the traffic (requests/s or tokens/day) is scaled by
/// the profile's share, and the figures are summed. Throws InputError naming the profile.
FleetProfilesResult sizeFleetProfiles(const CardCatalog& catalog, const FleetInput& input,
    const std::vector<FleetProfile>& profiles, FleetSizingMemo* memo = nullptr);

/// The largest concurrency (≥ 1) whose decode step meets `tpotSeconds` and whose hot set
/// fits (unless streaming); 0 if even one sequence misses the target.
double concurrencyForTarget(const Scenario& scenario, double tpotSeconds);

} // namespace kvtiers
