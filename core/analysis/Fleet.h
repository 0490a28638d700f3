#pragma once
// Fleet: from traffic to memory demand (docs/model.md §5's roll-up). A traffic mix
// of workloads, each with its share of requests, at a total rate, served within latency
// targets: how many replicas, GPUs and servers, and how many bytes of HBM, DRAM and NVMe
// the fleet demands, split by workload.
//
// Sizing, per workload i with request rate λ_i = share_i × total:
//   N_i  = the largest concurrency per replica whose mean TPOT (the decode step over a
//          request's growing context, meanTpotSeconds) meets the time-per-output-token
//          target and whose hot set fits in HBM at full context (FlexGen-style streaming
//          scenarios are not capped by HBM); when the evaluation finds prefill bounds the
//          replica's rate (EvalResult::rateLimit), N_i shrinks to the μ_i × duration
//          sequences in flight (Little's law), which size its HBM;
//   R_i  = the larger of the fewest replicas whose prefill queue (c = R_i, S = prefill +
//          blocking restore) and the fewest whose slot queue (c = R_i × N_i, S = prefill +
//          O × mean TPOT) meet the TTFT target at its percentile under Poisson arrivals
//          (FleetLoad.h; the wait from Queueing.h); at least enough that both queues'
//          utilisation stays below 1. The result names the queue that binds;
//   GPUs = Σ R_i × TP_i; servers = ceil(GPUs / GPUs per server);
//   bytes per tier = Σ R_i × (bytes one replica uses at N_i); HBM counts weights, hot
//   set and overflow, not prefixes cached opportunistically in free HBM (Sensitivity.h).
// Service times and hit shares are those of a replica at the rate it can serve (the
// fullest cache, the fewest hits). Every request of a workload has the same lengths, so
// TPOT's percentiles over requests equal its mean. A workload whose TTFT at its percentile
// misses the target even on an idle fleet (no wait) is an error naming it.

#include "core/analysis/FleetLoad.h"
#include "core/analysis/FleetPools.h"
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
    /// The fleet's targets (flags, the Fleet tab, an outlook year); each figure unset
    /// falls to kDefaultTargets (2 s TTFT, 50 ms TPOT, both at p99).
    LatencyTargets targets {};
    /// Whether `targets` were given on the command line: then each figure set overrides
    /// the workload cards' (a flag the user typed wins over a file's default); otherwise
    /// the fleet's figures stand behind the cards' (an outlook year, the Fleet tab).
    bool targetsOverrideCards = false;
    /// Disaggregated prefill and decode (FleetPools.h): every workload served by a prefill
    /// pool and a decode pool, each sized against its own targets. The three choices, unset,
    /// stand as DisaggregatedLayout's defaults; they are refused on a colocated fleet.
    bool disaggregated = false;
    std::optional<FirstTokenAt> firstTokenAt;
    std::optional<double> transferOverlap;
    std::optional<PrefixCacheAt> cacheAt;
    /// The layout in force when disaggregated.
    std::optional<DisaggregatedLayout> layout() const;
    bool operator==(const FleetInput&) const = default;
};

/// Where a target figure in force came from.
enum class TargetSource { Flag, MixEntry, WorkloadCard, Fleet, Default };
/// "flag", "mix entry", "workload card", "fleet", "default".
const char* targetSourceName(TargetSource source);

/// The source of each of the four figures of a LatencyTargets in force.
struct TargetSources {
    TargetSource ttft = TargetSource::Default, ttftAt = TargetSource::Default;
    TargetSource tpot = TargetSource::Default, tpotAt = TargetSource::Default;
    bool operator==(const TargetSources&) const = default;
};

/// The targets a workload is sized for, every figure set: the entry's own, else its
/// workload card's, else the fleet's, else kDefaultTargets; with `fleetOverridesCard`
/// (targets given as flags) the fleet's come before the card's. `sources`, if given,
/// receives where each figure came from (an entry's or the fleet's figure is a "flag"
/// when `fleetOverridesCard`).
LatencyTargets fleetTargetsInForce(const FleetEntry& entry, const LatencyTargets& card, const LatencyTargets& fleet,
    bool fleetOverridesCard = false, TargetSources* sources = nullptr);

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
    TargetSources targetSources; ///< where each of them came from
    LoadFigures load;            ///< utilisation, waits, TTFT and TPOT at the sized replicas
    /// Disaggregated: the two pools (replicas and gpus above are their sums; the concurrency
    /// is the decode pool's; load's two queues are the prefill pool's and the decode slots').
    std::optional<PoolSizing> pools;
};

/// A disaggregated fleet's pool whose DRAM or SSD demand per server is more than one of its
/// servers installs (the hardware card's host DRAM or NVMe): the pool's servers cannot hold
/// what the sizing counts on them.
struct FleetPoolWarning {
    bool decodePool = false; ///< the decode pool's servers, else the prefill pool's
    Tier tier = Tier::Dram;  ///< Dram or Ssd
    double perServerBytes = 0;
    double installedBytes = 0; ///< per server
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
    double tokensPerDay = 0;     ///< as given (0 when the traffic was given in requests/s)
    LatencyTargets targets;      ///< the fleet's, every figure set (FleetInput's in force)
    TargetSources targetSources; ///< each of them a flag, the fleet's or the default
    /// Disaggregated: the layout, each pool's servers (a pool's GPUs fill servers of their
    /// own: servers = the two pools' sum) and each pool's demand, summed over the workloads.
    std::optional<DisaggregatedLayout> layout;
    double prefillServers = 0, decodeServers = 0;
    PerTier<double> prefillBytes, decodeBytes;
    /// Disaggregated: each pool's tier whose demand per server is above what a server installs.
    std::vector<FleetPoolWarning> warnings;
    /// A pool's demand per server of that pool (0 for a pool of none).
    PerTier<double> perPrefillServer() const
    {
        return prefillBytes.map([&](double b) { return prefillServers > 0 ? b / prefillServers : 0; });
    }
    PerTier<double> perDecodeServer() const
    {
        return decodeBytes.map([&](double b) { return decodeServers > 0 ? b / decodeServers : 0; });
    }
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

/// One scenario sized alone, as the fleet sizes each workload of its mix: the most
/// sequences per replica meeting the TPOT target, then the fewest replicas meeting both
/// targets at `requestsPerSecond`; with `layout`, two pools (FleetPools.h). `targets` must
/// set every TTFT/TPOT figure. Throws InputError as
/// sizeFleet does for a target that cannot be met.
FleetEntryResult sizeScenario(const Scenario& scenario, const LatencyTargets& targets, double requestsPerSecond,
    const std::optional<DisaggregatedLayout>& layout = std::nullopt);

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
