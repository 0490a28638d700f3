#include "core/cards/RestorePath.h"

#include "core/cards/BuiltinCards.h"
#include "core/io/InputError.h"

#include <algorithm>
#include <map>

namespace kvtiers {

double RestorePath::copyBytes(int blockSize, double oneLayer, double allLayers) const
{
    const double tokens = copyTokens.value_or(static_cast<double>(blockSize));
    return tokens * (copyAllLayers ? allLayers : oneLayer) * copyRanks;
}

double RestorePath::bandwidth(const LinkModel& link, double bytes) const
{
    if (!(bytes > 0))
        return 0;
    // The engine reaches at most `share` of the plateau, never more than the link does
    // at this copy size, nor more than a bound outside the link (RDMA NICs).
    double wire = std::min(plateauShare * link.streamingBandwidth(), link.bandwidth(bytes));
    if (capBytesPerSecond > 0)
        wire = std::min(wire, capBytesPerSecond);
    // Its own per-copy overhead adds latency / s seconds per byte.
    return 1.0 / (1.0 / wire + copyLatencySeconds / bytes);
}

const char* tierModeName(TierMode mode)
{
    return mode == TierMode::Exclusive ? "exclusive" : "write-through";
}

RestorePath parseRestorePath(const Json& json, const std::string& origin)
{
    const JsonObject o(json, origin);
    o.rejectUnknownKeys({ "id", "name", "notes", "sources", "copy", "plateau_share", "copy_latency_s",
        "cap_bytes_per_s", "tier_mode", "overlap", "per_request_s" });
    RestorePath p;
    p.id = o.requireString("id");
    p.name = o.requireString("name");
    p.notes = o.optionalString("notes").value_or("");
    p.sources = readSources(o);
    const JsonObject copy = o.requireObject("copy");
    copy.rejectUnknownKeys({ "tokens", "layers", "ranks" });
    // tokens: a number, or "block" (the workload's KV block size).
    if (copy.has("tokens")) {
        if (copy.raw().at("tokens").is_string()) {
            if (copy.requireString("tokens") != "block")
                copy.fail("tokens", "must be a number of tokens or \"block\"");
        } else {
            p.copyTokens = copy.requireNumber("tokens", 1, 1e9);
        }
    }
    const std::string layers = copy.optionalString("layers").value_or("one");
    if (layers != "one" && layers != "all")
        copy.fail("layers", "must be \"one\" or \"all\" (one layer per copy, or every layer of a block)");
    p.copyAllLayers = layers == "all";
    p.copyRanks = copy.optionalInteger("ranks", 1, 1 << 16).value_or(1);
    p.plateauShare = o.optionalNumber("plateau_share", 0.01, 1).value_or(1);
    p.copyLatencySeconds = o.optionalNumber("copy_latency_s", 0, 1).value_or(0);
    p.capBytesPerSecond = o.optionalNumber("cap_bytes_per_s", 1e3, 1e16).value_or(0);
    p.overlap = o.optionalNumber("overlap", 0, 1).value_or(0);
    p.perRequestSeconds = o.optionalNumber("per_request_s", 0, 10).value_or(0);
    if (o.has("tier_mode")) {
        const JsonObject mode = o.requireObject("tier_mode");
        mode.rejectUnknownKeys({ "mode", "sources" });
        const std::string name = mode.requireString("mode");
        if (name == tierModeName(TierMode::WriteThrough))
            p.tierMode = TierMode::WriteThrough;
        else if (name == tierModeName(TierMode::Exclusive))
            p.tierMode = TierMode::Exclusive;
        else
            mode.fail("mode", "must be \"write-through\" or \"exclusive\"");
        p.tierModeSources = readSources(mode);
    }
    return p;
}

Json RestorePath::toJson() const
{
    Json copy = { { "layers", copyAllLayers ? "all" : "one" }, { "ranks", copyRanks } };
    copy["tokens"] = copyTokens ? Json(*copyTokens) : Json("block");
    Json j = { { "id", id }, { "name", name }, { "sources", sourcesToJson(sources) }, { "copy", copy },
        { "plateau_share", plateauShare }, { "copy_latency_s", copyLatencySeconds }, { "overlap", overlap },
        { "per_request_s", perRequestSeconds } };
    if (capBytesPerSecond > 0)
        j["cap_bytes_per_s"] = capBytesPerSecond;
    if (!notes.empty())
        j["notes"] = notes;
    if (!tierModeSources.empty())
        j["tier_mode"] = { { "mode", tierModeName(tierMode) }, { "sources", sourcesToJson(tierModeSources) } };
    return j;
}

const std::vector<RestorePath>& builtinRestorePaths()
{
    // Sorted by id, as the catalog lists them.
    static const std::vector<RestorePath> paths = [] {
        std::map<std::string, RestorePath> byId;
        for (const auto& f : builtinCardFiles()) {
            if (f.kind != "restore-paths")
                continue;
            const std::string origin = "models/restore-paths/" + std::string(f.file);
            RestorePath path = parseRestorePath(parseStrictJson(f.text, origin), origin);
            byId.insert_or_assign(path.id, std::move(path));
        }
        std::vector<RestorePath> all;
        for (auto& [id, path] : byId)
            all.push_back(std::move(path));
        return all;
    }();
    return paths;
}

const RestorePath& builtinRestorePath(const std::string& id)
{
    const auto& all = builtinRestorePaths();
    const auto it = std::find_if(all.begin(), all.end(), [&](const RestorePath& p) { return p.id == id; });
    if (it != all.end())
        return *it;
    std::string known;
    for (const RestorePath& p : all)
        known += (known.empty() ? "" : ", ") + p.id;
    throw InputError({ .code = InputErrorCode::UnknownCardId, .where = "restore_path", .value = id, .detail = known });
}

} // namespace kvtiers
