// The growth decomposition (Outlook.h, docs/model.md "Outlook: what made each tier grow"):
// each tier's first-to-last-year index split into one multiplicative factor per driver
// group, the Shapley value of ln(needed bytes) over the groups that change.
#include "core/analysis/Outlook.h"
#include "core/analysis/OutlookDemand.h"
#include "core/io/InputError.h"
#include "core/scenario/Knobs.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <optional>
#include <set>

namespace kvtiers {

namespace {

using G = OutlookGroup;

/// A coalition that cannot be sized has its targets relaxed ×2 up to this many times (×16).
constexpr int kMostDoublings = 4;

struct GroupText {
    G group;
    const char* key;
    const char* label;
};

// In OutlookGroup's order.
const GroupText kGroupTexts[] = {
    { G::Tokens, "tokens", QT_TRANSLATE_NOOP("OutlookGroup", "Tokens per day") },
    { G::Mix, "mix", QT_TRANSLATE_NOOP("OutlookGroup", "Workload mix") },
    { G::Context, "context_output", QT_TRANSLATE_NOOP("OutlookGroup", "Context and output") },
    { G::Reuse, "reuse_retention", QT_TRANSLATE_NOOP("OutlookGroup", "Reuse and retention") },
    { G::KvFormat, "kv_format", QT_TRANSLATE_NOOP("OutlookGroup", "KV format") },
    { G::Architecture, "architecture", QT_TRANSLATE_NOOP("OutlookGroup", "Model architecture") },
    { G::Hardware, "hardware", QT_TRANSLATE_NOOP("OutlookGroup", "Hardware per GPU") },
    { G::Targets, "targets", QT_TRANSLATE_NOOP("OutlookGroup", "Latency targets") },
};

/// A workload override key's group: the keys a workload card or outlook writes. Any other
/// knob shapes the request, with the context.
G groupOfKey(const std::string& key)
{
    static const std::pair<const char*, G> table[] = {
        { "reuse_rate", G::Reuse },
        { "reuse_distance_s", G::Reuse },
        { "reuse_gaps", G::Reuse },
        { "reuse_gap_cdf", G::Reuse },
        { "reuses_per_block", G::Reuse },
        { "offload_rate", G::Reuse },
        { "sharing", G::Reuse },
        { "cache_admission", G::Reuse },
        { "inclusive_tiers", G::Reuse },
        { "kv_bits", G::KvFormat },
        { "kv_dtype", G::KvFormat },
        { "kv_scale_bits", G::KvFormat },
        { "model", G::Architecture },
        { "gpus_per_server", G::Hardware },
        { "gpu_memory_utilization", G::Hardware },
        { "dram_per_server", G::Hardware },
        { "host_dram_bytes_per_server", G::Hardware },
        { "nvme_per_server", G::Hardware },
        { "nvme_bytes_per_server", G::Hardware },
    };
    for (const auto& [k, g] : table)
        if (key == k)
            return g;
    if (key == knobKey(KnobId::WeightBits))
        return G::Architecture; // the weights' format comes with the model
    // So does the way a model is served: its parallel layout (TP per attention rank, DP, EP)
    // and speculative decoding. A TP taken from one year with a DP from another would make
    // a layout neither year serves.
    for (KnobId id : { KnobId::Tp, KnobId::Dp, KnobId::Ep, KnobId::Nodes, KnobId::RedundantExperts, KnobId::EpOverlap,
             KnobId::SpecTokens, KnobId::SpecAcceptance })
        if (key == knobKey(id))
            return G::Architecture;
    return G::Context;
}

bool has(unsigned mask, G g)
{
    return (mask >> unsigned(g)) & 1U;
}

const OutlookMixEntry* entryOf(const OutlookYear& y, const std::string& workload)
{
    for (const OutlookMixEntry& e : y.mix)
        if (e.workload == workload)
            return &e;
    return nullptr;
}

const Json* overridesOf(const OutlookYear& y, const std::string& workload)
{
    const auto it = y.workloads.find(workload);
    return it == y.workloads.end() ? nullptr : &it->second;
}

/// ln of each tier's needed bytes; NaN where the year needs none of it.
OutlookTiers logBytes(const OutlookYearResult& r)
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    OutlookTiers out;
    const OutlookTiers b { r.hbmBytes, r.dramBytes, r.ssdBytes };
    for (Tier t : kTiers)
        out[t] = b[t] > 0 ? std::log(b[t]) : nan;
    return out;
}

/// The year with every workload's TTFT and TPOT targets in force (its own, its card's or the
/// year's) multiplied by `factor`, each set on its mix entry.
OutlookYear relaxedTargets(const CardCatalog& catalog, OutlookYear y, double factor)
{
    for (OutlookMixEntry& e : y.mix) {
        const LatencyTargets card = catalog.resolveWorkload(e.workload).targets;
        LatencyTargets t = e.targets.orElse(card).orElse(y.targets).inForce();
        t.ttftSeconds = t.ttft() * factor;
        t.tpotSeconds = t.tpot() * factor;
        e.targets = t;
    }
    return y;
}

/// "tokens + hardware": the groups of a coalition, for a message.
std::string groupList(unsigned mask)
{
    std::string out;
    for (int g = 0; g < kOutlookGroupCount; ++g)
        if (has(mask, G(g)))
            out += (out.empty() ? "" : " + ") + std::string(kGroupTexts[g].key);
    return out.empty() ? "none" : out;
}

/// Each tier's index and, per changed group `changed[i]`, its factor: the exponent of its
/// Shapley value over `v` (ln bytes per coalition, bit i of the coalition's number standing
/// for `changed[i]`). The unchanged groups keep a factor of exactly 1.
void splitByShapley(OutlookDecomposition& d, const std::vector<OutlookTiers>& v, const std::vector<int>& changed)
{
    const size_t n = changed.size();
    // Shapley weights |S|! (n - |S| - 1)! / n!, by coalition size.
    std::vector<double> weight(n);
    for (size_t k = 0; k < n; ++k)
        weight[k] = std::tgamma(double(k) + 1) * std::tgamma(double(n - k)) / std::tgamma(double(n) + 1);
    for (Tier t : kTiers) {
        d.index[t] = std::exp(v.back()[t] - v.front()[t]);
        const bool complete
            = std::all_of(v.begin(), v.end(), [&](const OutlookTiers& x) { return std::isfinite(x[t]); });
        for (int g = 0; g < kOutlookGroupCount; ++g)
            d.factor[size_t(g)][t] = complete ? 1.0 : std::numeric_limits<double>::quiet_NaN();
        if (!complete) {
            d.missing[t] = "a coalition of the decomposition needs no " + std::string(tierLabel(t));
            continue;
        }
        for (size_t i = 0; i < n; ++i) {
            double phi = 0;
            for (size_t s = 0; s < v.size(); ++s)
                if (!((s >> i) & 1U))
                    phi += weight[size_t(std::popcount(s))] * (v[s | (size_t(1) << i)][t] - v[s][t]);
            d.factor[size_t(changed[i])][t] = std::exp(phi);
        }
    }
}

} // namespace

const char* outlookGroupKey(OutlookGroup group)
{
    return kGroupTexts[int(group)].key;
}

const char* outlookGroupLabel(OutlookGroup group)
{
    return kGroupTexts[int(group)].label;
}

OutlookGroup outlookGroupOfKey(const std::string& key)
{
    return groupOfKey(key);
}

OutlookYear outlookCoalitionYear(const OutlookYear& first, const OutlookYear& last, unsigned fromLast)
{
    const auto pick = [&](G g) -> const OutlookYear& { return has(fromLast, g) ? last : first; };
    OutlookYear y;
    y.year = last.year;
    y.tokensPerDay = pick(G::Tokens).tokensPerDay;
    y.hardware = pick(G::Hardware).hardware;
    y.mlaVariantShare = pick(G::Architecture).mlaVariantShare; // which model serves, not the mix
    y.hybridVariantShare = pick(G::Architecture).hybridVariantShare;
    y.targets = pick(G::Targets).targets;
    for (const OutlookMixEntry& e : pick(G::Mix).mix) {
        const OutlookMixEntry* t = entryOf(pick(G::Targets), e.workload);
        y.mix.push_back({ e.workload, e.share, t ? t->targets : LatencyTargets {} });
        // Each override key from the year its group is taken from; a key that year leaves
        // out is the workload card's own value.
        std::set<std::string> keys;
        for (const Json* o : { overridesOf(first, e.workload), overridesOf(last, e.workload) })
            if (o)
                for (const auto& [k, v] : o->items())
                    keys.insert(k);
        Json overrides = Json::object();
        for (const std::string& k : keys)
            if (const Json* o = overridesOf(pick(groupOfKey(k)), e.workload); o && o->contains(k))
                overrides[k] = o->at(k);
        if (!overrides.empty())
            y.workloads[e.workload] = std::move(overrides);
    }
    return y;
}

OutlookDecomposition decomposeOutlook(
    const CardCatalog& catalog, const OutlookCard& given, const std::atomic<bool>* cancel)
{
    validateOutlook(catalog, given);
    // The groups split tokens from the mix: a year driven by demand is resolved to its tokens
    // and shares first, so its growth in requests × context shows as tokens and mix.
    const OutlookCard card = outlookTokenView(catalog, given);
    const OutlookYear& first = card.years.front();
    const OutlookYear& last = card.years.back();
    OutlookDecomposition d;
    d.firstYear = first.year;
    d.lastYear = last.year;
    // The groups that change: a coalition of one group that differs from the first year.
    const OutlookYear none = outlookCoalitionYear(first, last, 0);
    std::vector<int> changed;
    for (int g = 0; g < kOutlookGroupCount; ++g) {
        d.changed[size_t(g)] = !(outlookCoalitionYear(first, last, 1U << g) == none);
        if (d.changed[size_t(g)])
            changed.push_back(g);
    }
    // ln(bytes) for every coalition of the changed groups (an unchanged group is a null
    // player: its Shapley value is 0, and the others' are the same without it).
    const size_t n = changed.size();
    std::vector<OutlookTiers> v(size_t(1) << n);
    FleetSizingMemo memo(catalog);
    for (size_t s = 0; s < v.size(); ++s) {
        if (cancel && cancel->load())
            throw InputError("outlook: the decomposition was cancelled");
        unsigned mask = 0;
        for (size_t i = 0; i < n; ++i)
            if ((s >> i) & 1U)
                mask |= 1U << unsigned(changed[i]);
        // A coalition whose targets no replica of its hardware can meet (the last year's
        // context on the first year's GPUs) is sized with every target relaxed by the least
        // power of two that lets it size: the fleet that serves that traffic as fast as the
        // hardware can. One that still cannot be sized (a model that does not fit the first
        // year's GPUs) is served on the last year's hardware. The first and last years
        // themselves are never changed, so the factors still multiply to the index.
        const auto trySize = [&](unsigned groups) -> std::optional<std::pair<OutlookTiers, double>> {
            const OutlookYear y = outlookCoalitionYear(first, last, groups);
            for (int doubling = 0; doubling <= kMostDoublings; ++doubling) {
                const double factor = std::ldexp(1.0, doubling);
                try {
                    return std::pair { logBytes(sizeOutlookYear(catalog,
                                           doubling == 0 ? y : relaxedTargets(catalog, y, factor), &memo,
                                           card.variants)),
                        factor };
                } catch (const InputError&) {
                    if (s == 0 || s + 1 == v.size())
                        throw; // the card's own years: their error is the card's
                }
            }
            return std::nullopt;
        };
        auto sized = trySize(mask);
        bool onLastHardware = false;
        if (!sized && !has(mask, G::Hardware)) {
            sized = trySize(mask | (1U << unsigned(G::Hardware)));
            onLastHardware = true;
        }
        if (!sized)
            throw InputError("outlook " + card.id + ": decomposition: " + std::to_string(last.year) + " with "
                + groupList(mask) + " from " + std::to_string(last.year) + " and the rest from "
                + std::to_string(first.year) + " cannot be sized, even with its targets ×"
                + std::to_string(1 << kMostDoublings) + " on either year's hardware");
        v[s] = sized->first;
        if (sized->second > 1 || onLastHardware)
            d.relaxed.push_back({ mask, sized->second, onLastHardware });
    }
    d.coalitions = int(v.size());
    splitByShapley(d, v, changed);
    return d;
}

} // namespace kvtiers
