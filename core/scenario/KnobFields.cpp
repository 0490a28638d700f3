#include "core/scenario/KnobFields.h"

#include "core/io/InputError.h"
#include "core/scenario/Scenario.h"

#include <string>
#include <vector>

namespace kvtiers::knob_fields {

Json echoNumber(const Knob& k, double v)
{
    switch (k.value) {
    case KnobValue::Tokens:
    case KnobValue::Count:
    case KnobValue::Bytes:
        return bytesToJson(v);
    default:
        return v;
    }
}

double clampToKnob(const Knob& k, double v)
{
    if (k.value == KnobValue::Tokens || k.value == KnobValue::Count)
        v = std::round(v);
    return std::clamp(v, k.min, k.max);
}

namespace {

/// A card gives either the KV format's name or its bits, not both.
void rejectDtypeWithBits(const JsonObject& o)
{
    const char* dtype = knobKey(KnobId::KvDtype);
    if (o.has(dtype) && o.has(knobKey(KnobId::KvBits)))
        o.fail(dtype, { .code = InputErrorCode::KvDtypeAndBits });
}

PlacementShares readShares(const JsonObject& o)
{
    o.rejectUnknownKeys({ "hbm", "dram", "ssd" });
    PlacementShares s { o.optionalNumber("hbm", 0, 1).value_or(0), o.optionalNumber("dram", 0, 1).value_or(0),
        o.optionalNumber("ssd", 0, 1).value_or(0) };
    if (std::fabs(s.hbm + s.dram + s.ssd - 1.0) > 1e-6) {
        const std::string sum = formatNumber(s.hbm + s.dram + s.ssd);
        throw InputError({ .code = InputErrorCode::SharesDoNotAddUp, .where = o.path(), .value = sum });
    }
    return s;
}

Json sharesToJson(const PlacementShares& s)
{
    return { { "hbm", s.hbm }, { "dram", s.dram }, { "ssd", s.ssd } };
}

/// One row of a gap table: [seconds, cumulative share], in range and after `previous`.
GapPoint readGapRow(const JsonObject& o, const Json& r, const std::string& row, const GapPoint* previous)
{
    if (!r.is_array() || r.size() != 2 || !r[0].is_number() || !r[1].is_number())
        o.fail(row, "must be [seconds, cumulative share], two numbers");
    const GapPoint p { r[0].get<double>(), r[1].get<double>() };
    if (!(p.seconds > 0 && p.seconds <= limits::kMaxSeconds))
        o.fail(row,
            { .code = InputErrorCode::GapSecondsOutOfRange,
                .value = formatNumber(p.seconds),
                .min = "0",
                .max = "1e9" });
    if (!(p.share >= 0 && p.share <= 1))
        o.fail(row,
            { .code = InputErrorCode::GapShareOutOfRange, .value = formatNumber(p.share), .min = "0", .max = "1" });
    if (previous && (p.seconds <= previous->seconds || p.share < previous->share))
        o.fail(row, "rows must be in increasing seconds with a cumulative share that never falls");
    return p;
}

/// [[seconds, cumulative share], ...]: seconds increasing, shares non-decreasing in [0, 1],
/// the last share above 0. Each problem names its row.
std::vector<GapPoint> readGapCdf(const JsonObject& o, const char* key)
{
    constexpr size_t kMaxRows = 100000;
    const Json& rows = o.requireArray(key);
    if (rows.empty() || rows.size() > kMaxRows)
        o.fail(key, "needs 1 to " + std::to_string(kMaxRows) + " rows of [seconds, cumulative share]");
    std::vector<GapPoint> cdf;
    for (size_t i = 0; i < rows.size(); ++i)
        cdf.push_back(readGapRow(
            o, rows[i], std::string(key) + "[" + std::to_string(i) + "]", cdf.empty() ? nullptr : &cdf.back()));
    if (!(cdf.back().share > 0))
        o.fail(key, "the last cumulative share must be above 0 (no reuse at any gap)");
    return cdf;
}

KvFormat kvInEffect(const Scenario& s)
{
    return s.kvFormat();
}

} // namespace

KnobField kvBits()
{
    KnobField f;
    f.read = [](const JsonObject& o, const Knob& k, KnobTarget& t) {
        rejectDtypeWithBits(o);
        if (auto v = readKnobNumber(o, k))
            t.params.kv = KvFormat { *v, 0 };
    };
    f.write = [](const WorkloadParams& p) { return p.kv ? Json(p.kv->bits) : Json(nullptr); };
    f.value = [](const Scenario& s) { return std::optional<double>(kvInEffect(s).bits); };
    f.setValue = [](Scenario& s, const Knob& k, double v) {
        KvFormat format = kvInEffect(s);
        format.bits = clampToKnob(k, v);
        s.workload.kv = format;
    };
    f.echo = [](const Scenario& s, const Knob&) { return Json(kvInEffect(s).bits); };
    return f;
}

KnobField kvDtype()
{
    KnobField f;
    f.read = [](const JsonObject& o, const Knob& k, KnobTarget& t) {
        rejectDtypeWithBits(o);
        if (auto v = o.optionalString(k.key))
            t.params.kv = parseKvDtype(*v, o.path() + "." + k.key);
    };
    f.echo = [](const Scenario& s, const Knob&) { return Json(kvInEffect(s).name()); };
    return f;
}

KnobField kvScaleBits()
{
    KnobField f;
    f.read = [](const JsonObject& o, const Knob& k, KnobTarget& t) {
        if (auto v = readKnobNumber(o, k)) {
            KvFormat format = t.params.kv.value_or(KvFormat {});
            if (!t.params.kv)
                o.fail(k.key, { .code = InputErrorCode::KvScaleBitsAlone });
            format.scaleBits = *v;
            t.params.kv = format;
        }
    };
    f.write
        = [](const WorkloadParams& p) { return p.kv && p.kv->scaleBits > 0 ? Json(p.kv->scaleBits) : Json(nullptr); };
    f.value = [](const Scenario& s) { return std::optional<double>(kvInEffect(s).scaleBits); };
    f.setValue = [](Scenario& s, const Knob& k, double v) {
        KvFormat format = kvInEffect(s);
        format.scaleBits = clampToKnob(k, v);
        s.workload.kv = format;
    };
    f.echo = [](const Scenario& s, const Knob&) { return Json(kvInEffect(s).scaleBits); };
    return f;
}

KnobField context()
{
    KnobField f = bind<&WorkloadParams::context>();
    // A context must leave room for a prompt of at least one token.
    f.setValue = [](Scenario& s, const Knob& k, double v) {
        s.workload.context = std::clamp(
            std::round(v), std::max(k.min, s.workload.outputTokens + 1), std::min(k.max, contextLimit(s.model)));
    };
    return f;
}

KnobField allocation()
{
    KnobField f;
    f.read = [](const JsonObject& o, const Knob& k, KnobTarget& t) {
        if (auto v = o.optionalString(k.key)) {
            if (*v == allocationName(Allocation::Paged))
                t.params.allocation = Allocation::Paged;
            else if (*v == allocationName(Allocation::Contiguous))
                t.params.allocation = Allocation::Contiguous;
            else
                o.fail(k.key, { .code = InputErrorCode::UnknownAllocation, .value = *v });
        }
    };
    f.write = [](const WorkloadParams& p) { return Json(allocationName(p.allocation)); };
    f.echo = [](const Scenario& s, const Knob&) { return Json(allocationName(s.workload.allocation)); };
    return f;
}

KnobField restorePath()
{
    KnobField f;
    f.read = [](const JsonObject& o, const Knob& k, KnobTarget& t) {
        if (auto v = o.optionalString(k.key)) {
            if (v->empty())
                o.fail(k.key, "must name a restore path (an id or a card file)");
            t.params.restorePath = *v;
        }
    };
    f.write = [](const WorkloadParams& p) { return p.restorePath ? Json(*p.restorePath) : Json(nullptr); };
    f.echo = [](const Scenario& s, const Knob&) { return Json(s.restorePath.id); };
    return f;
}

KnobField reuseGapCdf()
{
    KnobField f;
    f.read = [](const JsonObject& o, const Knob& k, KnobTarget& t) {
        if (o.has(k.key))
            t.params.reuseGapCdf = readGapCdf(o, k.key);
    };
    f.write = [](const WorkloadParams& p) {
        if (p.reuseGapCdf.empty())
            return Json(nullptr);
        Json rows = Json::array();
        for (const auto& g : p.reuseGapCdf)
            rows.push_back({ g.seconds, g.share });
        return rows;
    };
    f.echo
        = [](const Scenario& s, const Knob&) { return Json(s.workload.reuseGapCdf.empty() ? "exponential" : "table"); };
    return f;
}

namespace {

template <std::optional<PlacementShares> WorkloadParams::*M> KnobField placement()
{
    KnobField f;
    f.read = [](const JsonObject& o, const Knob& k, KnobTarget& t) {
        if (o.has(k.key))
            t.params.*M = readShares(o.requireObject(k.key));
    };
    f.write = [](const WorkloadParams& p) { return p.*M ? sharesToJson(*(p.*M)) : Json(nullptr); };
    return f;
}

} // namespace

KnobField weightsPlacement()
{
    return placement<&WorkloadParams::weightsPlacement>();
}

KnobField kvPlacement()
{
    return placement<&WorkloadParams::kvPlacement>();
}

KnobField servers()
{
    KnobField f = bind<&WorkloadParams::servers>();
    // A card may write 2.0; a fraction gets its own message.
    f.read = [](const JsonObject& o, const Knob& k, KnobTarget& t) {
        if (auto v = o.optionalNumber(k.key, k.min, k.max)) {
            if (*v != std::floor(*v))
                o.fail(k.key, { .code = InputErrorCode::ServersNotWhole });
            t.params.servers = *v;
        }
    };
    return f;
}

KnobField hostLinkBandwidth()
{
    // The link's bandwidth for large copies: the card's curve (or peak) scaled to it.
    KnobField f;
    f.read = [](const JsonObject& o, const Knob& k, KnobTarget& t) {
        if (auto v = readKnobNumber(o, k); v && t.hardware)
            t.hardware->link.scaleTo(*v);
    };
    f.value = [](const Scenario& s) { return std::optional<double>(s.hardware.link.streamingBandwidth()); };
    f.setValue = [](Scenario& s, const Knob& k, double v) { s.hardware.link.scaleTo(clampToKnob(k, v)); };
    f.echo = [](const Scenario& s, const Knob& k) { return echoNumber(k, s.hardware.link.streamingBandwidth()); };
    return f;
}

} // namespace kvtiers::knob_fields
