#include "core/analysis/Fleet.h"

#include "core/analysis/DecodeStretch.h"
#include "core/analysis/FleetOptions.h"
#include "core/analysis/Sensitivity.h"
#include "core/io/Csv.h"
#include "core/io/InputError.h"
#include "core/io/Units.h"
#include "core/model/Warnings.h"
#include "core/scenario/Knobs.h"

#include <cmath>
#include <cstdio>
#include <sstream>

namespace kvtiers {

double concurrencyForTarget(const Scenario& base, double tpotSeconds)
{
    EvalOptions fast;
    fast.breakEven = false;
    Scenario s = base;
    auto meets = [&](double n) {
        s.workload.concurrency = n;
        const EvalResult r = evaluate(s, fast);
        const bool fits = base.workload.streaming || !(r.warnings & WarnHotSetOverflows);
        // TPOT as a request sees it: the step averaged over its growing context.
        return fits && r.decodeStepSeconds > 0 && meanTpotSeconds(s, r) <= tpotSeconds;
    };
    if (!meets(1))
        return 0;
    // The decode step and the hot set grow with N: find the last N that meets both.
    double lo = 1, hi = 2;
    while (hi <= limits::kMaxConcurrency && meets(hi)) {
        lo = hi;
        hi *= 2;
    }
    hi = std::min(hi, limits::kMaxConcurrency);
    while (hi - lo > 1) {
        const double mid = std::floor((lo + hi) / 2);
        (meets(mid) ? lo : hi) = mid;
    }
    return lo;
}

double FleetSizingMemo::concurrency(const ScenarioSpec& spec, const Scenario& scenario, double tpotSeconds)
{
    char bits[40];
    std::snprintf(bits, sizeof bits, "%a", tpotSeconds); // exact: the hexadecimal form of the double
    const Json canonical = { { "spec", spec.toJson() }, { "model", scenario.model.id },
        { "hardware", scenario.hardware.id }, { "knobs", writeKnobs(scenario.workload) }, { "tpot_s", bits } };
    const std::string key = canonical.dump();
    {
        std::lock_guard lock(m_mutex);
        if (auto it = m_concurrency.find(key); it != m_concurrency.end()) {
            ++m_hits;
            return it->second;
        }
    }
    // Searched outside the lock: two threads may search the same key once each, with the
    // same answer.
    const double n = concurrencyForTarget(scenario, tpotSeconds);
    std::lock_guard lock(m_mutex);
    ++m_misses;
    m_concurrency.emplace(key, n);
    return n;
}

size_t FleetSizingMemo::hits() const
{
    std::lock_guard lock(m_mutex);
    return m_hits;
}

size_t FleetSizingMemo::misses() const
{
    std::lock_guard lock(m_mutex);
    return m_misses;
}

namespace {

using Targets = LatencyTargets;

} // namespace

std::optional<DisaggregatedLayout> FleetInput::layout() const
{
    if (!disaggregated)
        return std::nullopt;
    DisaggregatedLayout l;
    l.firstToken = firstTokenAt.value_or(l.firstToken);
    l.transferOverlap = transferOverlap.value_or(l.transferOverlap);
    l.cacheAt = cacheAt.value_or(l.cacheAt);
    return l;
}

const char* targetSourceName(TargetSource source)
{
    switch (source) {
    case TargetSource::Flag:
        return "flag";
    case TargetSource::MixEntry:
        return "mix entry";
    case TargetSource::WorkloadCard:
        return "workload card";
    case TargetSource::Fleet:
        return "fleet";
    case TargetSource::Default:
        break;
    }
    return "default";
}

LatencyTargets fleetTargetsInForce(const FleetEntry& entry, const LatencyTargets& card, const LatencyTargets& fleet,
    bool fleetOverridesCard, TargetSources* sources)
{
    const TargetSource entrySource = fleetOverridesCard ? TargetSource::Flag : TargetSource::MixEntry;
    const TargetSource fleetSource = fleetOverridesCard ? TargetSource::Flag : TargetSource::Fleet;
    // The sets in line, first to last: each unset figure falls to the next.
    std::vector<std::pair<const LatencyTargets*, TargetSource>> line { { &entry.targets, entrySource } };
    if (fleetOverridesCard)
        line.insert(line.end(), { { &fleet, fleetSource }, { &card, TargetSource::WorkloadCard } });
    else
        line.insert(line.end(), { { &card, TargetSource::WorkloadCard }, { &fleet, fleetSource } });
    LatencyTargets out;
    for (const auto& [set, source] : line)
        out = out.orElse(*set);
    if (sources) {
        auto from = [&](std::optional<double> LatencyTargets::*figure) {
            for (const auto& [set, source] : line)
                if ((set->*figure).has_value())
                    return source;
            return TargetSource::Default;
        };
        *sources = { from(&LatencyTargets::ttftSeconds), from(&LatencyTargets::ttftPercentile),
            from(&LatencyTargets::tpotSeconds), from(&LatencyTargets::tpotPercentile) };
    }
    return out.inForce();
}

namespace {

/// Targets in force (every figure set) that sizing can use: seconds above 0 and finite,
/// percentiles as validPercentile. Throws InputError naming `label`.
void checkTargets(const Targets& t, const std::string& label)
{
    if (!(t.ttft() > 0) || !(t.tpot() > 0) || !std::isfinite(t.ttft()) || !std::isfinite(t.tpot()))
        throw InputError({ .code = InputErrorCode::FleetTargetsNotPositive, .where = "fleet" });
    if (t.hasTbt() && !(*t.tbtSeconds > 0 && std::isfinite(*t.tbtSeconds)))
        throw InputError({ .code = InputErrorCode::FleetTargetsNotPositive, .where = "fleet" });
    for (double p : { t.ttftAt(), t.tpotAt(), t.tbtAt() })
        if (!validPercentile(p))
            throw InputError(
                { .code = InputErrorCode::PercentileOutOfRange, .where = label, .value = formatSignificant(p, 6) });
}

/// Whether `replicas` meet both targets: TTFT through both queues, and TPOT with the
/// prefills' chunks stretching the decode steps (DecodeStretch.h), which only more
/// replicas (fewer prefills each) shorten.
bool meetsTtft(const FleetEntryResult& er, const Targets& t, double replicas)
{
    const double step = er.load.tpot.mean; // the unstretched mean TPOT, before sizing
    const double stretch = prefillDecodeStretchSeconds(er.scenario, er.perReplica, step);
    const double rate = er.requestsPerSecond / replicas;
    const double tpot = t.tpotAt() == kMeanPercentile
        ? stretchedTpotSeconds(step, stretch, rate)
        : stretchedTpotQuantileSeconds(
            step, stretch, rate, std::max(0.0, er.scenario.workload.outputTokens - 1), t.tpotAt());
    if (stretch > 0 && !(tpot <= t.tpot()))
        return false;
    if (t.hasTbt() && stretch > 0
        && !(stretchedTbtQuantileSeconds(step, stretch, prefillChunks(er.scenario, er.perReplica), rate,
                 std::max(0.0, er.scenario.workload.outputTokens - 1), t.tbtAt())
            <= *t.tbtSeconds))
        return false;
    // An unstable queue misses any target: no exact M/D/c of the other needs solving.
    if (!ReplicaQueue::stabilityAt(er.scenario, er.perReplica, er.requestsPerSecond, replicas, er.load.tpot.mean)
             .both())
        return false;
    return ReplicaQueue(er.scenario, er.perReplica, er.requestsPerSecond, replicas, er.load.tpot.mean)
               .ttftAt(t.ttftAt())
        <= t.ttft();
}

/// The queue that sets `replicas` (the fewest meeting the targets): the one that misses
/// the TTFT target with a replica fewer; both missing, the one further from it; neither
/// (the count is the stability floor, or TPOT missed: the prefills' load stretched the
/// decodes), the prefill queue.
LoadBinding bindingAt(const FleetEntryResult& er, const Targets& t, double replicas)
{
    if (replicas <= 1)
        return LoadBinding::Prefill;
    // An unstable queue's TTFT is infinite: the slots bind when theirs alone is, with no
    // queue solved to say so.
    const ReplicaQueue::Stability stable
        = ReplicaQueue::stabilityAt(er.scenario, er.perReplica, er.requestsPerSecond, replicas - 1, er.load.tpot.mean);
    if (!stable.both())
        return stable.prefillQueue ? LoadBinding::Slots : LoadBinding::Prefill;
    const ReplicaQueue fewer(er.scenario, er.perReplica, er.requestsPerSecond, replicas - 1, er.load.tpot.mean);
    const double prefill = fewer.ttftAt(LoadBinding::Prefill, t.ttftAt());
    const double slots = fewer.ttftAt(LoadBinding::Slots, t.ttftAt());
    return slots > t.ttft() && slots > prefill ? LoadBinding::Slots : LoadBinding::Prefill;
}

/// The fewest replicas, at least `floor`, on which both queues are stable. `floor` is
/// λ·E[S]/c's count at the unstretched TPOT; prefills stretch the decode steps (and so a
/// slot's hold) more on fewer replicas, so the stable count can lie above it. Stability
/// only grows with replicas: a doubling search, then bisection, with nothing solved.
double leastStable(const FleetEntryResult& er, double floor)
{
    auto stable = [&](double r) {
        return ReplicaQueue::stabilityAt(er.scenario, er.perReplica, er.requestsPerSecond, r, er.load.tpot.mean).both();
    };
    double lo = floor - 1, hi = floor, step = 1; // lo unstable (or below the floor)
    for (int i = 0; i <= 60 && !stable(hi); ++i) {
        lo = hi;
        hi += step;
        step *= 2;
    }
    if (!stable(hi))
        return floor; // no stable count in reach: the replica search says why
    while (hi - lo > 1) {
        const double mid = std::floor((lo + hi) / 2);
        (stable(mid) ? hi : lo) = mid;
    }
    return hi;
}

/// The fewest replicas (at least `least`) whose TTFT at its percentile meets the target:
/// TTFT falls as replicas are added, so a doubling search, then bisection.
double replicasByDoubling(const FleetEntryResult& er, const Targets& t, double least)
{
    auto meets = [&](double r) { return meetsTtft(er, t, r); };
    double lo = least - 1, hi = least, step = 1; // lo fails (or is below the least)
    for (int i = 0; !meets(hi); ++i) {
        if (i > 60)
            throw InputError({ .code = InputErrorCode::FleetTtftAboveTarget,
                .where = "fleet",
                .value = er.label,
                .min = formatSeconds(idleTtftAt(er.scenario, er.perReplica, t.ttftAt())),
                .max = formatSeconds(t.ttft()) });
        lo = hi;
        hi += step;
        step *= 2;
    }
    while (hi - lo > 1) {
        const double mid = std::floor((lo + hi) / 2);
        (meets(mid) ? hi : lo) = mid;
    }
    return hi;
}

/// The same fewest replicas, found with fewer exact TTFTs: a doubling search and bisection
/// on Allen–Cunneen's closed form (TtftEstimate, microseconds each) lands on or next to
/// the answer, then exact checks walk from there, doubling their steps, and bisect. TTFT
/// falls as replicas are added, so every search that ends on a count that meets the target
/// above one that does not (or on `least`) finds the same count; the exact TTFTs of those
/// two counts decide it, as in replicasByDoubling.
double replicasForTtft(const FleetEntryResult& er, const Targets& t, double least, const TtftEstimate& estimate)
{
    double guess = least;
    {
        double lo = least - 1, hi = least, step = 1;
        for (int i = 0; i <= 60 && !(estimate.at(hi, t.ttftAt()) <= t.ttft()); ++i) {
            lo = hi;
            hi += step;
            step *= 2;
        }
        while (hi - lo > 1) {
            const double mid = std::floor((lo + hi) / 2);
            (estimate.at(mid, t.ttftAt()) <= t.ttft() ? hi : lo) = mid;
        }
        guess = hi;
    }
    auto meets = [&](double r) { return meetsTtft(er, t, r); };
    double lo = 0, hi = 0; // lo fails (or is below the least), hi meets
    if (meets(guess)) {
        hi = guess;
        for (double step = 1;; step *= 2) {
            lo = std::max(least - 1, hi - step);
            if (lo < least || !meets(lo))
                break;
            hi = lo;
        }
    } else {
        lo = guess;
        for (double step = 1;; step *= 2) {
            if (step > 0x1p60) // beyond any fleet: the doubling search says why
                return replicasByDoubling(er, t, least);
            hi = lo + step;
            if (meets(hi))
                break;
            lo = hi;
        }
    }
    while (hi - lo > 1) {
        const double mid = std::floor((lo + hi) / 2);
        (meets(mid) ? hi : lo) = mid;
    }
    return hi;
}

} // namespace

/// A workload served by a prefill pool and a decode pool (FleetPools.h), `er` at the
/// decode pool's concurrency.
FleetEntryResult sizePooledEntry(FleetEntryResult er, const DisaggregatedLayout& layout)
{
    PoolSizing pools = sizePools(er.scenario, er.perReplica, er.targets, er.requestsPerSecond, layout, er.label);
    er.replicas = pools.prefillReplicas + pools.decodeReplicas;
    er.gpus = pools.prefillGpus + pools.decodeGpus;
    er.replicaRequestsPerSecond = pools.decodeReplicas > 0 ? er.requestsPerSecond / pools.decodeReplicas : 0.0;
    for (Tier t : kTiers)
        er.bytes[t] = pools.prefillBytes[t] + pools.decodeBytes[t];
    er.kvBytesPerToken = er.perReplica.kvBytesPerToken;
    // The two queues a request waits in: the prefill pool's and the decode pool's slots.
    er.load = LoadFigures::of(pools.prefillQueue, pools.decodeSlots, LoadBinding::Prefill);
    LoadFigures& l = er.load;
    l.ttft = pools.ttft;
    l.tpot = pools.tpot;
    er.pools = std::move(pools);
    return er;
}

/// One workload of the mix sized alone: the most sequences per replica that meet the TPOT
/// target (fewer when prefill binds), then the fewest replicas whose TTFT at its
/// percentile meets its target under load. Throws InputError when a target cannot be met.
FleetEntryResult sizeEntry(const FleetInput& in, const FleetEntry& entry, double share, double requestsPerSecond,
    const Scenario& scenario, const LatencyTargets& cardTargets, FleetSizingMemo* memo)
{
    FleetEntryResult er;
    const Targets t = fleetTargetsInForce(entry, cardTargets, in.targets, in.targetsOverrideCards, &er.targetSources);
    checkTargets(t, "fleet: " + entry.label);
    er.label = entry.label;
    er.share = share;
    er.requestsPerSecond = requestsPerSecond * er.share;
    er.scenario = scenario;
    er.targets = t;
    // Every gap is at least a decode step: a TBT target tighter than TPOT's bounds it too.
    const double stepTarget = t.hasTbt() ? std::min(t.tpot(), *t.tbtSeconds) : t.tpot();
    er.concurrencyPerReplica
        = memo ? memo->concurrency(entry.spec, er.scenario, stepTarget) : concurrencyForTarget(er.scenario, stepTarget);
    if (er.concurrencyPerReplica < 1)
        throw InputError({ .code = InputErrorCode::FleetTpotUnreachable,
            .where = "fleet",
            .value = er.label,
            .max = formatSeconds(stepTarget) });
    er.scenario.workload.concurrency = er.concurrencyPerReplica;
    er.perReplica = evaluate(er.scenario);
    er.rateLimit = er.perReplica.rateLimit;
    if (const auto layout = in.layout())
        return sizePooledEntry(std::move(er), *layout);
    // A workload that gives its own request rate is evaluated at it, not at a share of the
    // fleet's: a restore link that rate loads to 100% or more has no steady TTFT to size for.
    if (er.scenario.workload.requestRate && (er.perReplica.warnings & WarnLinkOverloaded))
        for (const WarningNote& n : warningNotes(er.scenario, er.perReplica))
            if (n.flag == WarnLinkOverloaded)
                throw InputError({ .code = InputErrorCode::FleetEntryInvalid,
                    .where = "fleet",
                    .value = er.label,
                    .parts = { { .code = InputErrorCode::Uncoded,
                        .detail = "its own request rate (" + formatSignificant(*er.scenario.workload.requestRate, 4)
                            + " req/s per replica) loads " + n.model + " to " + formatSignificant(n.value * 100, 3)
                            + "% of its bandwidth: restores queue without bound; give a lower "
                              "request_rate_per_s" } } });
    // When prefill binds, a replica never has N sequences in flight: Little's law gives
    // λ × request duration of them. Size HBM (and the decode step) for those.
    if (er.perReplica.rateLimit == RateLimit::Prefill) {
        const double inFlight = std::max(1.0, std::ceil(er.perReplica.requestRate * er.perReplica.requestSeconds));
        if (inFlight < er.concurrencyPerReplica) {
            er.concurrencyPerReplica = inFlight;
            er.scenario.workload.concurrency = inFlight;
            er.perReplica = evaluate(er.scenario);
        }
    }
    const double idle = idleTtftAt(er.scenario, er.perReplica, t.ttftAt());
    if (idle > t.ttft())
        throw InputError({ .code = InputErrorCode::FleetTtftAboveTarget,
            .where = "fleet",
            .value = er.label,
            .min = formatSeconds(idle),
            .max = formatSeconds(t.ttft()) });
    er.replicaRequestsPerSecond = er.perReplica.requestRate;
    const double tpot = meanTpotSeconds(er.scenario, er.perReplica);
    er.load.tpot = { tpot, tpot, tpot, tpot };
    if (er.requestsPerSecond > 0) {
        // Stable first: utilisation λ·E[S]/c below 1 in both queues.
        const TtftEstimate estimate(er.scenario, er.perReplica, er.requestsPerSecond, tpot);
        const double least = leastStable(er, std::floor(estimate.utilization(1)) + 1);
        er.replicas = replicasForTtft(er, t, least, estimate);
        // Under expert parallelism a replica is one attention rank: units come whole.
        if (er.scenario.expertParallel()) {
            const double ranks = er.perReplica.unit.dp;
            er.replicas = std::ceil(er.replicas / ranks) * ranks;
        }
        er.load = ReplicaQueue(er.scenario, er.perReplica, er.requestsPerSecond, er.replicas, tpot)
                      .figures(bindingAt(er, t, er.replicas));
    }
    er.gpus = er.replicas * er.perReplica.tp;
    const TierDemand perReplica = replicaDemand(er.perReplica);
    for (Tier t : kTiers)
        er.bytes[t] = er.replicas * perReplica[t];
    er.kvBytesPerToken = er.perReplica.kvBytesPerToken;
    return er;
}

FleetEntryResult sizeScenario(const Scenario& scenario, const LatencyTargets& targets, double requestsPerSecond,
    const std::optional<DisaggregatedLayout>& layout)
{
    FleetInput in;
    if (layout) {
        in.disaggregated = true;
        in.firstTokenAt = layout->firstToken;
        in.transferOverlap = layout->transferOverlap;
        in.cacheAt = layout->cacheAt;
    }
    in.targets = targets;
    in.targetsOverrideCards = true;
    FleetEntry entry;
    entry.label = scenario.model.name;
    return sizeEntry(in, entry, 1, requestsPerSecond, scenario, {}, nullptr);
}

namespace {

/// Each pool of a disaggregated fleet on servers of its own: their counts and demand.
void countPoolServers(FleetResult& out)
{
    double prefillGpus = 0, decodeGpus = 0;
    for (const auto& e : out.entries) {
        prefillGpus += e.pools->prefillGpus;
        decodeGpus += e.pools->decodeGpus;
        for (Tier t : kTiers) {
            out.prefillBytes[t] += e.pools->prefillBytes[t];
            out.decodeBytes[t] += e.pools->decodeBytes[t];
        }
    }
    out.prefillServers = std::ceil(prefillGpus / out.gpusPerServer);
    out.decodeServers = std::ceil(decodeGpus / out.gpusPerServer);
    out.servers = out.prefillServers + out.decodeServers;
    // What a pool's servers cannot hold: the sizing counts each pool's demand on its own
    // servers, whatever they install (a prefix cache of the whole traffic, say).
    const HardwareCard& hw = out.entries.front().scenario.hardware;
    for (const bool decode : { false, true }) {
        const PerTier<double> perServer = decode ? out.perDecodeServer() : out.perPrefillServer();
        for (const Tier t : { Tier::Dram, Tier::Ssd }) {
            const double installed = t == Tier::Dram ? hw.hostDramBytes : hw.nvmeBytes;
            if (perServer[t] > installed)
                out.warnings.push_back({ decode, t, perServer[t], installed });
        }
    }
}

} // namespace

FleetResult sizeFleet(const CardCatalog& catalog, const FleetInput& in, FleetSizingMemo* memo)
{
    if (memo && memo->catalog() != &catalog)
        memo = nullptr; // remembered against another catalog
    constexpr size_t kMaxMix = 64;
    if (in.mix.empty())
        throw InputError({ .code = InputErrorCode::FleetMixEmpty, .where = "fleet" });
    if (in.mix.size() > kMaxMix)
        throw InputError(
            { .code = InputErrorCode::FleetMixTooLarge, .where = "fleet", .max = std::to_string(kMaxMix) });
    checkTargets(in.targets.inForce(), "fleet");
    validateFleetInput(in); // the option table's ranges, for an input from the CLI, the GUI or a file alike
    double shareSum = 0;
    for (const auto& e : in.mix) {
        if (!(e.share >= 0) || !std::isfinite(e.share))
            throw InputError({ .code = InputErrorCode::FleetShareInvalid, .where = "fleet", .value = e.label });
        shareSum += e.share;
    }
    if (!(shareSum > 0))
        throw InputError({ .code = InputErrorCode::FleetSharesZero, .where = "fleet" });

    FleetResult out;
    std::vector<ResolvedScenario> resolved;
    std::vector<LatencyTargets> cardTargets;
    double tokensPerRequest = 0;
    for (const auto& e : in.mix) {
        try {
            resolved.push_back(resolveScenario(catalog, e.spec));
            cardTargets.push_back(e.spec.workload.empty()           ? LatencyTargets {}
                    : catalog.workloads().contains(e.spec.workload) ? catalog.workloads().at(e.spec.workload).targets
                                                                    : catalog.resolveWorkload(e.spec.workload).targets);
        } catch (const InputError& err) {
            InputErrorDetail d { .code = InputErrorCode::FleetEntryInvalid, .where = "fleet", .value = e.label };
            // The workload's own error; one without a code is carried as its English.
            d.parts.push_back(err.detail().code != InputErrorCode::Uncoded
                    ? err.detail()
                    : InputErrorDetail { .code = InputErrorCode::Uncoded, .detail = err.what() });
            throw InputError(std::move(d));
        }
        tokensPerRequest += e.share / shareSum * resolved.back().scenario.workload.context;
    }
    out.gpusPerServer = resolved.front().scenario.hardware.gpusPerServer;
    const auto& first = resolved.front().scenario.hardware;
    for (size_t i = 1; i < resolved.size(); ++i) {
        const auto& hw = resolved[i].scenario.hardware;
        if (hw.id != first.id || hw.gpusPerServer != first.gpusPerServer || hw.hostDramBytes != first.hostDramBytes
            || hw.nvmeBytes != first.nvmeBytes)
            throw InputError({ .code = InputErrorCode::FleetServersDiffer,
                .where = "fleet",
                .value = in.mix.front().label,
                .min = first.id,
                .max = in.mix[i].label,
                .detail = hw.id });
    }

    if (in.requestsPerSecond > 0 && in.tokensPerDay > 0)
        throw InputError({ .code = InputErrorCode::FleetTrafficTwice, .where = "fleet" });
    out.requestsPerSecond
        = in.requestsPerSecond > 0 ? in.requestsPerSecond : in.tokensPerDay / 86400.0 / tokensPerRequest;
    if (!(out.requestsPerSecond > 0) || !std::isfinite(out.requestsPerSecond) || out.requestsPerSecond > 1e15)
        throw InputError({ .code = InputErrorCode::FleetTrafficInvalid, .where = "fleet" });

    for (size_t i = 0; i < in.mix.size(); ++i) {
        FleetEntryResult er = sizeEntry(in, in.mix[i], in.mix[i].share / shareSum, out.requestsPerSecond,
            resolved[i].scenario, cardTargets[i], memo);
        out.gpus += er.gpus;
        for (Tier t : kTiers)
            out.bytes[t] += er.bytes[t];
        out.entries.push_back(std::move(er));
    }
    out.servers = std::ceil(out.gpus / out.gpusPerServer);
    if ((out.layout = in.layout()))
        countPoolServers(out);
    out.hbmInstalledBytes = out.gpus * resolved.front().scenario.hardware.hbmBytes;
    out.tokensPerDay = in.requestsPerSecond > 0 ? 0 : in.tokensPerDay;
    out.targets = in.targets.inForce();
    fleetTargetsInForce({}, {}, in.targets, in.targetsOverrideCards, &out.targetSources);
    return out;
}

FleetProfilesResult sizeFleetProfiles(const CardCatalog& catalog, const FleetInput& input,
    const std::vector<FleetProfile>& profiles, FleetSizingMemo* memo)
{
    constexpr size_t kMaxProfiles = 32;
    if (profiles.empty() || profiles.size() > kMaxProfiles)
        throw InputError("fleet: hardware: give 1 to " + std::to_string(kMaxProfiles) + " server profiles, not "
            + std::to_string(profiles.size()));
    double sum = 0;
    for (const auto& p : profiles) {
        if (!(p.share >= 0) || !std::isfinite(p.share))
            throw InputError("fleet: hardware " + p.hardware + ": a share must be a number from 0 to 1");
        sum += p.share;
    }
    if (std::abs(sum - 1) > 1e-9)
        throw InputError("fleet: hardware: the shares sum to " + formatSignificant(sum, 10) + ", not 1");
    FleetProfilesResult out;
    out.profiles = profiles;
    for (const auto& p : profiles) {
        if (p.share == 0)
            continue; // no traffic: no fleet
        FleetInput in = input;
        for (auto& e : in.mix)
            e.spec.hardware = p.hardware;
        in.requestsPerSecond *= p.share;
        in.tokensPerDay *= p.share;
        FleetResult f;
        try {
            f = sizeFleet(catalog, in, memo);
        } catch (const InputError& e) {
            throw InputError("hardware " + p.hardware + ": " + e.what());
        }
        const HardwareCard& hw = f.entries.front().scenario.hardware;
        out.requestsPerSecond += f.requestsPerSecond;
        out.gpus += f.gpus;
        out.servers += f.servers;
        for (Tier t : kTiers)
            out.bytes[t] += f.bytes[t];
        out.installedBytes.hbm += f.hbmInstalledBytes;
        out.installedBytes.dram += f.servers * hw.hostDramBytes;
        out.installedBytes.ssd += f.servers * hw.nvmeBytes;
        out.fleets.push_back(std::move(f));
    }
    return out;
}

} // namespace kvtiers
