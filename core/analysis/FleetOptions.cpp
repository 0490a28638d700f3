#include "core/analysis/FleetOptions.h"

#include "core/cards/LatencyTargets.h"
#include "core/io/InputError.h"
#include "core/io/Units.h"

#include <algorithm>
#include <optional>

namespace kvtiers {

namespace {

std::string inQuotes(std::string_view text)
{
    return "\"" + std::string(text) + "\"";
}

/// `text` split at commas, empty items kept (the caller says what is wrong with one).
std::vector<std::string_view> commaItems(std::string_view text)
{
    std::vector<std::string_view> items;
    size_t start = 0;
    while (true) {
        const size_t comma = std::min(text.find(',', start), text.size());
        items.push_back(text.substr(start, comma - start));
        if (comma == text.size())
            return items;
        start = comma + 1;
    }
}

/// "NAME=VALUE" split at its first '='; throws InputError naming `key` when it is not one.
std::pair<std::string, std::string> nameValue(std::string_view item, const std::string& key, const char* form)
{
    const size_t eq = item.find('=');
    if (item.empty() || eq == 0 || eq == std::string_view::npos || eq + 1 == item.size())
        throw InputError(
            { .code = InputErrorCode::UnknownChoice, .where = key, .value = inQuotes(item), .detail = form });
    return { std::string(item.substr(0, eq)), std::string(item.substr(eq + 1)) };
}

/// A mix entry's own targets after its share: "ttft=S", "ttft-percentile=P", "tpot=S",
/// "tpot-percentile=P", ':'-separated, in any order; seconds in the fleet targets' range.
void parseEntryTargets(std::string_view text, const std::string& where, FleetEntry& e)
{
    size_t start = 0;
    while (start < text.size()) {
        const size_t colon = std::min(text.find(':', start), text.size());
        const std::string_view item = text.substr(start, colon - start);
        start = colon + 1;
        const size_t eq = item.find('=');
        const std::string name(item.substr(0, eq));
        const std::string value(eq == std::string_view::npos ? std::string_view() : item.substr(eq + 1));
        const std::string at = where + ":" + name;
        auto seconds = [&](const char* targetKey) {
            const Option<FleetInput>& o = fleetOption(targetKey);
            return parseNumberOption(value, at, o.min, o.max, false);
        };
        if (name == "ttft")
            e.targets.ttftSeconds = seconds(kTtftSecondsKey);
        else if (name == "tpot")
            e.targets.tpotSeconds = seconds(kTpotSecondsKey);
        else if (name == "ttft-percentile")
            e.targets.ttftPercentile = parsePercentile(value, at);
        else if (name == "tpot-percentile")
            e.targets.tpotPercentile = parsePercentile(value, at);
        else
            throw InputError({ .code = InputErrorCode::UnknownKey,
                .where = where,
                .value = name,
                .detail = "ttft, ttft-percentile, tpot, tpot-percentile" });
    }
}

void parseMix(FleetInput& in, std::string_view text, const std::string& key)
{
    in.mix = parseFleetMix(text, key);
}

/// "WORKLOAD.KEY=VALUE,...": a knob override for one workload of the mix (a number, or the
/// text as written: chat.kv_dtype=fp8), or its model card (chat.model=ID).
void parseWorkloadOverrides(FleetInput& in, std::string_view text, const std::string& key)
{
    if (text.empty())
        throw InputError({ .code = InputErrorCode::MissingField, .where = key });
    for (std::string_view item : commaItems(text)) {
        const auto [name, value] = nameValue(item, key, "WORKLOAD.KEY=VALUE");
        const size_t dot = name.find('.');
        if (dot == std::string::npos || dot == 0 || dot + 1 == name.size())
            throw InputError({ .code = InputErrorCode::UnknownChoice,
                .where = key,
                .value = inQuotes(name),
                .detail = "WORKLOAD.KEY (e.g. chat.context)" });
        const std::string id = name.substr(0, dot), field = name.substr(dot + 1);
        bool found = false;
        for (FleetEntry& e : in.mix)
            if (e.label == id) {
                const std::optional<double> number = parsePlainNumber(value);
                if (field == "model") // the model card, not a knob
                    e.spec.model = value;
                else
                    e.spec.overrides[field] = number ? Json(*number) : Json(value);
                found = true;
            }
        if (!found) {
            std::string labels;
            for (const FleetEntry& e : in.mix)
                labels += (labels.empty() ? "" : "|") + e.label;
            throw InputError(
                { .code = InputErrorCode::UnknownChoice, .where = key, .value = inQuotes(id), .detail = labels });
        }
    }
}

/// "ID=SHARE,...": each server profile and its share of the traffic (0 to 1).
void parseHardwareMix(FleetProfilesInput& in, std::string_view text, const std::string& key)
{
    if (text.empty())
        throw InputError({ .code = InputErrorCode::MissingField, .where = key });
    in.profiles.clear();
    for (std::string_view item : commaItems(text)) {
        const auto [id, share] = nameValue(item, key, "ID=SHARE");
        in.profiles.push_back({ id, parseNumberOption(share, key + " " + id, 0, 1, false) });
    }
}

using Field = OptionField<FleetInput>;

/// A traffic figure: 0 is "not given" (the other one is), so the table reads it as unset.
template <double FleetInput::*Member> Field traffic()
{
    Field f;
    f.get = [](const FleetInput& in) { return in.*Member != 0 ? std::optional<double>(in.*Member) : std::nullopt; };
    f.set = [](FleetInput& in, double v) { in.*Member = v; };
    return f;
}

/// A latency target: set as given, read as in force (kDefaultTargets where unset), so the
/// table's default is the default target.
template <std::optional<double> LatencyTargets::*Member, double (LatencyTargets::*InForce)() const> Field target()
{
    Field f;
    f.get = [](const FleetInput& in) { return std::optional<double>((in.targets.*InForce)()); };
    f.set = [](FleetInput& in, double v) { in.targets.*Member = v; };
    return f;
}

/// A field of the fleet's input as the table carries it.
template <auto Member> Field plain()
{
    Field f;
    f.get = [](const FleetInput& in) { return optionNumber(in.*Member); };
    f.set = [](FleetInput& in, double v) { optionAssign(in.*Member, v); };
    return f;
}

/// The TBT target: no default stands in for it (LatencyTargets.h).
template <std::optional<double> LatencyTargets::*Member> Field unsetTarget()
{
    Field f;
    f.get = [](const FleetInput& in) { return in.targets.*Member; };
    f.set = [](FleetInput& in, double v) { in.targets.*Member = v; };
    return f;
}

/// The layout: colocated (0) or disaggregated (1).
Field layout()
{
    Field f;
    f.get = [](const FleetInput& in) { return std::optional<double>(in.disaggregated ? 1 : 0); };
    f.set = [](FleetInput& in, double v) { in.disaggregated = v != 0; };
    return f;
}

template <void (*Parse)(FleetInput&, std::string_view, const std::string&)> Field custom()
{
    Field f;
    f.parse = Parse;
    return f;
}

using K = OptionKind;
namespace key = fleet_keys;

} // namespace

std::vector<FleetEntry> parseFleetMix(std::string_view text, const std::string& key)
{
    std::vector<FleetEntry> mix;
    const std::vector<std::string_view> items = commaItems(text);
    for (size_t i = 0; i < items.size(); ++i) {
        const std::string_view item = items[i];
        if (item.empty())
            throw InputError(
                { .code = InputErrorCode::MissingField, .where = key + " entry " + std::to_string(i + 1) });
        FleetEntry e;
        // ID[=SHARE][:ttft=S][:ttft-percentile=P][:tpot=S][:tpot-percentile=P]
        const size_t colon = std::min(item.find(':'), item.size());
        const std::string_view head = item.substr(0, colon);
        const size_t eq = head.find('=');
        e.label = std::string(head.substr(0, eq));
        const std::string where = key + " " + e.label;
        e.share = eq == std::string_view::npos ? 1.0 : parseNumberOption(head.substr(eq + 1), where, 0, 1e9, false);
        if (colon < item.size())
            parseEntryTargets(item.substr(colon + 1), where, e);
        e.spec.workload = e.label;
        mix.push_back(std::move(e));
    }
    return mix;
}

std::span<const Option<FleetInput>> fleetOptionTable()
{
    // Built on first use: the CLI's command list reads it while statics are made.
    static const Option<FleetInput> kTable[] = {
        { { key::kMix, "--mix", K::Custom, 0, 0, "", "ID=SHARE[,ID=SHARE...]",
              QT_TRANSLATE_NOOP("Option",
                  "the traffic mix: workload ids or files and their shares of requests (normalised; 1 if left out); "
                  "an entry may carry its own targets: ID=SHARE:ttft=S:ttft-percentile=P:tpot=S:tpot-percentile=P") },
            custom<&parseMix>() },
        { { key::kRequestsPerSecond, "--rate", K::Number, 1e-9, 1e15, "requests/s", "REQ_PER_S",
              QT_TRANSLATE_NOOP("Option", "total traffic of the whole mix, in requests per second") },
            traffic<&FleetInput::requestsPerSecond>() },
        { { key::kTokensPerDay, "--tokens-per-day", K::Number, 1, 1e24, "tokens/day", "N",
              QT_TRANSLATE_NOOP("Option",
                  "total traffic as prompt + output tokens per day of all workloads, instead of requests per second") },
            traffic<&FleetInput::tokensPerDay>() },
        { { kTtftSecondsKey, "--ttft", K::Number, 1e-6, 1e6, "s", "S",
              QT_TRANSLATE_NOOP("Option",
                  "time-to-first-token target: queue wait plus the request's own prefill, under Poisson arrivals") },
            target<&LatencyTargets::ttftSeconds, &LatencyTargets::ttft>() },
        { { kTtftPercentileKey, "--ttft-percentile", K::Percentile, 0, 0, "", "P|mean",
              QT_TRANSLATE_NOOP("Option", "the percentile the TTFT target holds at: 99, 99.9 or mean") },
            target<&LatencyTargets::ttftPercentile, &LatencyTargets::ttftAt>() },
        { { kTpotSecondsKey, "--tpot", K::Number, 1e-6, 1e6, "s", "S",
              QT_TRANSLATE_NOOP(
                  "Option", "time-per-output-token target (one decode step): caps the sequences per replica") },
            target<&LatencyTargets::tpotSeconds, &LatencyTargets::tpot>() },
        { { kTpotPercentileKey, "--tpot-percentile", K::Percentile, 0, 0, "", "P|mean",
              QT_TRANSLATE_NOOP("Option", "the percentile the TPOT target holds at: 99, 99.9 or mean") },
            target<&LatencyTargets::tpotPercentile, &LatencyTargets::tpotAt>() },
        { { kTbtSecondsKey, "--tbt", K::Number, 1e-6, 1e6, "s", "S",
              QT_TRANSLATE_NOOP("Option",
                  "time-between-tokens target: a request's TBT as Mooncake measures it (the mean of its longest 10% "
                  "of token gaps) at --tbt-percentile; none by default") },
            unsetTarget<&LatencyTargets::tbtSeconds>() },
        { { kTbtPercentileKey, "--tbt-percentile", K::Percentile, 0, 0, "", "P",
              QT_TRANSLATE_NOOP("Option", "the percentile over requests the TBT target holds at") },
            target<&LatencyTargets::tbtPercentile, &LatencyTargets::tbtAt>() },
        { { key::kLayout, "--layout", K::Choice, 0, 0, "", nullptr,
              QT_TRANSLATE_NOOP("Option",
                  "colocated: each replica prefills and decodes; disaggregated: a prefill pool and a decode pool per "
                  "workload, the KV sent between them over the scale-out network, each pool sized for its own "
                  "target"),
              "colocated|disaggregated" },
            layout() },
        { { key::kFirstToken, "--first-token", K::Choice, 0, 0, "", nullptr,
              QT_TRANSLATE_NOOP("Option",
                  "disaggregated: the replica that emits the first token (default: decode, after the transfer)"),
              "prefill|decode" },
            plain<&FleetInput::firstTokenAt>() },
        { { key::kTransferOverlap, "--transfer-overlap", K::Number, 0, 1, "", "F",
              QT_TRANSLATE_NOOP("Option",
                  "disaggregated: the share of the KV transfer streamed layer by layer during the prefill (0: all "
                  "after it, the default; 1: every layer as it is computed)") },
            plain<&FleetInput::transferOverlap>() },
        { { key::kCacheAt, "--cache-at", K::Choice, 0, 0, "", nullptr,
              QT_TRANSLATE_NOOP("Option",
                  "disaggregated: where the DRAM/SSD prefix cache lives: each prefill server's own (the default), "
                  "the decode servers', or one pool across the prefill servers (shared); a hit off the prefill "
                  "server crosses the scale-out network"),
              "prefill|decode|shared" },
            plain<&FleetInput::cacheAt>() },
        { { key::kWorkloadOverrides, "--set", K::Custom, 0, 0, "", "ID.KEY=VALUE[,...]",
              QT_TRANSLATE_NOOP("Option",
                  "one workload's override (chat.context=8k, chat.kv_dtype=fp8) or model card (chat.model=ID)") },
            custom<&parseWorkloadOverrides>() },
    };
    return kTable;
}

const Option<FleetInput>& fleetOption(std::string_view key)
{
    if (const Option<FleetInput>* o = findOption(fleetOptionTable(), key))
        return *o;
    throw InputError("fleet: no option \"" + std::string(key) + "\""); // a caller's slip, not a user's
}

std::span<const Option<FleetInput>> fleetLayoutOptionTable()
{
    static const std::vector<Option<FleetInput>> kTable = [] {
        std::vector<Option<FleetInput>> out;
        for (const char* k : { key::kLayout, key::kFirstToken, key::kTransferOverlap, key::kCacheAt })
            out.push_back(fleetOption(k));
        return out;
    }();
    return kTable;
}

void validateFleetInput(const FleetInput& input)
{
    validateOptions(fleetOptionTable(), input);
    checkLayoutChoices(input);
}

void checkLayoutChoices(const FleetInput& input)
{
    // The layout's choices mean nothing to a colocated fleet: refused, not ignored.
    if (!input.disaggregated)
        for (const auto& [given, k] : { std::pair { input.firstTokenAt.has_value(), key::kFirstToken },
                 std::pair { input.transferOverlap.has_value(), key::kTransferOverlap },
                 std::pair { input.cacheAt.has_value(), key::kCacheAt } })
            if (given)
                throw InputError({ .code = InputErrorCode::OptionNeeds, .where = k, .value = key::kLayout });
}

std::span<const Option<FleetProfilesInput>> fleetProfilesOptionTable()
{
    static const Option<FleetProfilesInput> kTable[] = {
        { { key::kHardwareMix, "--hardware-mix", K::Custom, 0, 0, "", "ID=SHARE[,...]",
              QT_TRANSLATE_NOOP("Option",
                  "one fleet per server profile (hardware id or file), the traffic split by share (shares add up "
                  "to 1), the figures summed") },
            { .parse = &parseHardwareMix } },
    };
    return kTable;
}

} // namespace kvtiers
