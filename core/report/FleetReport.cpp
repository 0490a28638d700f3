#include "core/report/FleetReport.h"

#include "core/io/Csv.h"
#include "core/report/ResultJson.h"
#include "core/scenario/Knobs.h"

#include <ostream>
#include <sstream>

namespace kvtiers {

namespace {

Json spreadToJson(const LatencySpread& s)
{
    return { { "mean", numberToJson(s.mean) }, { "p50", numberToJson(s.p50) }, { "p90", numberToJson(s.p90) },
        { "p99", numberToJson(s.p99) } };
}

void csvSpread(std::ostream& out, const LatencySpread& s)
{
    out << ',' << csvNumber(s.mean) << ',' << csvNumber(s.p50) << ',' << csvNumber(s.p90) << ',' << csvNumber(s.p99);
}

/// ",HBM,DRAM,SSD": one column per tier, in the tiers' order.
void csvTiers(std::ostream& out, const PerTier<double>& bytes)
{
    for (Tier t : kTiers)
        out << ',' << csvNumber(bytes[t]);
}

/// Where each target figure came from, under the figures' own keys.
Json targetSourcesToJson(const TargetSources& s)
{
    return { { kTtftSecondsKey, targetSourceName(s.ttft) }, { kTtftPercentileKey, targetSourceName(s.ttftAt) },
        { kTpotSecondsKey, targetSourceName(s.tpot) }, { kTpotPercentileKey, targetSourceName(s.tpotAt) } };
}

/// The suffix every tier's bytes take in JSON: "hbm_bytes".
const std::string kBytesSuffix = "_bytes";

} // namespace

namespace {

const char* const kApproximationNote = "M/D/c too large to solve exactly: Allen-Cunneen's c_s = 0 form stands in";

Json queueToJson(const QueueFigures& q)
{
    Json j = { { "stable", q.stable }, { "queue_servers", bytesToJson(q.servers) },
        { "utilization", numberToJson(q.utilization) },
        { "service_s", { { "mean", numberToJson(q.serviceSeconds) }, { "cs2", numberToJson(q.serviceCs2) } } } };
    if (!q.stable)
        return j;
    j["wait_probability"] = numberToJson(q.waitProbability);
    j["queue_wait_s"] = spreadToJson(q.queueWait);
    j["wait_model"] = q.exactDeterministicEnd ? "exact" : kApproximationNote;
    return j;
}

} // namespace

Json loadToJson(const LoadFigures& l)
{
    Json j = { { "stable", l.stable }, { "utilization", numberToJson(l.utilization) },
        { "queue_servers", bytesToJson(l.servers) },
        { "service_s", { { "mean", numberToJson(l.serviceSeconds) }, { "cs2", numberToJson(l.serviceCs2) } } },
        { "binding", loadBindingName(l.binding) }, { "prefill_queue", queueToJson(l.prefillQueue) },
        { "slot_queue", queueToJson(l.slotQueue) },
        { "queues_note",
            "prefill queue: one server per replica, service = own prefill + blocking restore (decodes share its "
            "chunked steps and add no time); slot queue: one server per sequence slot, service = own prefill + "
            "output tokens x mean TPOT; TTFT at a percentile is the larger of the two queues'" } };
    if (!l.stable)
        return j;
    j.update({ { "wait_probability", numberToJson(l.waitProbability) }, { "queue_wait_s", spreadToJson(l.queueWait) },
        { "ttft_s", spreadToJson(l.ttft) }, { "tpot_s", spreadToJson(l.tpot) },
        { "tpot_note",
            "each request's mean over its growing context: the decode step at the sized concurrency with every "
            "sequence at prompt + (output + 1)/2 tokens; every request has the same lengths, so the percentiles "
            "equal the mean" } });
    if (!l.exactDeterministicEnd)
        j["wait_note"] = kApproximationNote;
    return j;
}

/// A workload's two pools (disaggregated prefill and decode).
Json poolsToJson(const PoolSizing& p)
{
    auto pool = [](double replicas, double gpus, const PerTier<double>& bytes) {
        Json j = { { "replicas", bytesToJson(replicas) }, { "gpus", bytesToJson(gpus) } };
        j.update(tiersJson(bytes, bytesToJson, kBytesSuffix));
        return j;
    };
    Json prefill = pool(p.prefillReplicas, p.prefillGpus, p.prefillBytes);
    prefill["prompts_held_per_replica"] = numberToJson(p.prefillInFlight);
    prefill["queue"] = queueToJson(p.prefillQueue);
    prefill["nic_utilization"] = numberToJson(p.nicUtilization);
    Json decode = pool(p.decodeReplicas, p.decodeGpus, p.decodeBytes);
    decode["concurrency_per_replica"] = bytesToJson(p.decodeConcurrency);
    decode["sequences_held_per_replica"] = numberToJson(p.decodeInFlight);
    decode["step_s"] = numberToJson(p.decodeStepSeconds);
    decode["slots"] = queueToJson(p.decodeSlots);
    return { { "prefill", prefill }, { "decode", decode },
        { "transfer",
            { { "bytes_per_request", bytesToJson(p.handoff.bytes) },
                { "bytes_per_gpu", bytesToJson(p.handoff.bytesPerGpu) }, { "seconds", numberToJson(p.handoff.seconds) },
                { "latency_s", numberToJson(p.handoff.latencySeconds) },
                { "after_prefill_s", numberToJson(p.handoffSeconds) },
                { "bytes_per_s", numberToJson(p.networkBytesPerSecond) } } },
        { "ttft_s", spreadToJson(p.ttft) }, { "tpot_s", spreadToJson(p.tpot) }, { "tbt_s", spreadToJson(p.tbt) } };
}

Json layoutToJson(const DisaggregatedLayout& l)
{
    return { { "layout", "disaggregated" }, { "first_token", firstTokenAtName(l.firstToken) },
        { "transfer_overlap", numberToJson(l.transferOverlap) }, { "cache_at", prefixCacheAtName(l.cacheAt) } };
}

std::string fleetWarningText(const FleetPoolWarning& w, ByteUnits units)
{
    return std::string(w.decodePool ? "decode" : "prefill") + " servers: " + (w.tier == Tier::Ssd ? "NVMe" : "DRAM")
        + " demand " + formatBytes(w.perServerBytes, units) + " per server, more than the "
        + formatBytes(w.installedBytes, units) + " one installs";
}

Json fleetToJson(const FleetResult& f)
{
    Json entries = Json::array();
    for (const auto& e : f.entries)
        entries.push_back({
            { "label", e.label },
            { "model", e.scenario.model.id },
            { "share", e.share },
            { "requests_per_s", numberToJson(e.requestsPerSecond) },
            { "concurrency_per_replica", bytesToJson(e.concurrencyPerReplica) },
            { "replica_requests_per_s", numberToJson(e.replicaRequestsPerSecond) },
            { "replica_rate_limit", rateLimitName(e.rateLimit) },
            { "replicas", bytesToJson(e.replicas) },
            { "gpus", bytesToJson(e.gpus) },
            { "kv_bytes_per_token", bytesToJson(e.kvBytesPerToken) },
            { "ttft_target_s", numberToJson(e.targets.ttft()) },
            { "ttft_percentile", percentileToJson(e.targets.ttftAt()) },
            { "tpot_target_s", numberToJson(e.targets.tpot()) },
            { "tpot_percentile", percentileToJson(e.targets.tpotAt()) },
            { "targets_source", targetSourcesToJson(e.targetSources) },
        });
    // Each workload's load, and its SSD tier's writes: this workload's replicas together, and
    // drive writes per day on a server of its replicas (docs/model.md §5, "Writes and link load").
    for (std::size_t i = 0; i < f.entries.size(); ++i) {
        entries[i].update(tiersJson(f.entries[i].bytes, bytesToJson, kBytesSuffix));
        entries[i].update(loadToJson(f.entries[i].load));
        const EvalResult& p = f.entries[i].perReplica;
        const double perReplica = p.replicasPerServer > 0 ? p.ssdWriteBytesPerSecond / p.replicasPerServer : 0.0;
        entries[i]["ssd_write_bytes_per_s"] = numberToJson(f.entries[i].replicas * perReplica);
        entries[i]["ssd_drive_writes_per_day"] = numberToJson(p.ssdDriveWritesPerDay);
        if (f.entries[i].pools)
            entries[i]["pools"] = poolsToJson(*f.entries[i].pools);
    }
    Json out = { { "requests_per_s", numberToJson(f.requestsPerSecond) }, { "gpus", bytesToJson(f.gpus) },
        { knobKey(KnobId::Servers), bytesToJson(f.servers) }, { knobKey(KnobId::GpusPerServer), f.gpusPerServer },
        { "hbm_installed_bytes", bytesToJson(f.hbmInstalledBytes) },
        { "ttft_target_s", numberToJson(f.targets.ttft()) }, { "tpot_target_s", numberToJson(f.targets.tpot()) },
        { "ttft_percentile", percentileToJson(f.targets.ttftAt()) },
        { "tpot_percentile", percentileToJson(f.targets.tpotAt()) },
        { "targets_source", targetSourcesToJson(f.targetSources) },
        { "queue", "one central FCFS queue per workload, Poisson arrivals" },
        { "fleet", tiersJson(f.bytes, bytesToJson, kBytesSuffix) },
        { "per_server", tiersJson(f.perServer(), bytesToJson, kBytesSuffix) },
        { "per_gpu", tiersJson(f.perGpu(), bytesToJson, kBytesSuffix) }, { "workloads", entries } };
    if (f.targets.hasTbt()) {
        out["tbt_target_s"] = numberToJson(*f.targets.tbtSeconds);
        out["tbt_percentile"] = percentileToJson(f.targets.tbtAt());
    }
    if (f.layout) {
        out.update(layoutToJson(*f.layout));
        out["prefill_servers"] = bytesToJson(f.prefillServers);
        out["decode_servers"] = bytesToJson(f.decodeServers);
        out["per_prefill_server"] = tiersJson(f.perPrefillServer(), bytesToJson, kBytesSuffix);
        out["per_decode_server"] = tiersJson(f.perDecodeServer(), bytesToJson, kBytesSuffix);
        Json warnings = Json::array();
        for (const FleetPoolWarning& w : f.warnings)
            warnings.push_back({ { "pool", w.decodePool ? "decode" : "prefill" }, { "tier", tierKey(w.tier) },
                { "per_server_bytes", bytesToJson(w.perServerBytes) },
                { "installed_bytes", bytesToJson(w.installedBytes) }, { "message", fleetWarningText(w) } });
        out["warnings"] = warnings;
    }
    return out;
}

Json fleetProfilesToJson(const FleetProfilesResult& r)
{
    Json profiles = Json::array();
    size_t f = 0;
    for (const auto& p : r.profiles) {
        Json one = { { "hardware", p.hardware }, { "share", p.share } };
        if (p.share > 0)
            one["fleet"] = fleetToJson(r.fleets[f++]);
        profiles.push_back(std::move(one));
    }
    return { { "requests_per_s", numberToJson(r.requestsPerSecond) }, { "gpus", bytesToJson(r.gpus) },
        { knobKey(KnobId::Servers), bytesToJson(r.servers) },
        // What is bought: the SSD tier's drives are NVMe, and its key says so.
        { "hbm_installed_bytes", bytesToJson(r.installedBytes.hbm) },
        { "dram_installed_bytes", bytesToJson(r.installedBytes.dram) },
        { "nvme_installed_bytes", bytesToJson(r.installedBytes.ssd) },
        { "fleet", tiersJson(r.bytes, bytesToJson, kBytesSuffix) }, { "profiles", profiles } };
}

std::string fleetCsv(const FleetResult& f)
{
    std::ostringstream out;
    out << "label,model,share,requests_per_s,concurrency_per_replica,replica_requests_per_s,replicas,tp,gpus,"
           "hbm_bytes,dram_bytes,ssd_bytes,kv_bytes_per_token,utilization,wait_probability,"
           "queue_wait_mean_s,queue_wait_p50_s,queue_wait_p90_s,queue_wait_p99_s,"
           "ttft_mean_s,ttft_p50_s,ttft_p90_s,ttft_p99_s,tpot_mean_s,tpot_p50_s,tpot_p90_s,tpot_p99_s\n";
    double shares = 0, replicas = 0;
    for (const auto& e : f.entries) {
        out << csvText(e.label) << ',' << csvText(e.scenario.model.id) << ',' << csvNumber(e.share) << ','
            << csvNumber(e.requestsPerSecond) << ',' << csvNumber(e.concurrencyPerReplica) << ','
            << csvNumber(e.replicaRequestsPerSecond) << ',' << csvNumber(e.replicas) << ','
            << csvNumber(e.perReplica.tp) << ',' << csvNumber(e.gpus);
        csvTiers(out, e.bytes);
        out << ',' << csvNumber(e.kvBytesPerToken) << ',' << csvNumber(e.load.utilization) << ','
            << csvNumber(e.load.waitProbability);
        csvSpread(out, e.load.queueWait);
        csvSpread(out, e.load.ttft);
        csvSpread(out, e.load.tpot);
        out << '\n';
        shares += e.share;
        replicas += e.replicas;
    }
    out << "total,," << csvNumber(shares) << ',' << csvNumber(f.requestsPerSecond) << ",,," << csvNumber(replicas)
        << ",," << csvNumber(f.gpus);
    csvTiers(out, f.bytes);
    out << ",,,,,,,,,,,,,,,\n"; // KV per token and the load columns do not add up
    return out.str();
}

} // namespace kvtiers
