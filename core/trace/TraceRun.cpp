#include "core/trace/TraceRun.h"

#include "core/io/InputError.h"
#include "core/io/Units.h"

namespace kvtiers::trace {

namespace {

using Field = OptionField<TraceRun>;

/// The trace's format: unset (Auto) or one of the choices, Mooncake first.
Field format()
{
    Field f;
    f.get = [](const TraceRun& in) {
        return in.format == TraceFormat::Auto ? std::nullopt : std::optional<double>(static_cast<int>(in.format) - 1);
    };
    f.set = [](TraceRun& in, double v) { in.format = static_cast<TraceFormat>(static_cast<int>(v) + 1); };
    return f;
}

Field blockTokens()
{
    Field f;
    f.get = [](const TraceRun& in) { return in.blockTokens ? std::optional<double>(*in.blockTokens) : std::nullopt; };
    f.set = [](TraceRun& in, double v) { in.blockTokens = static_cast<int>(v); };
    return f;
}

/// "N,N,...": capacities in blocks, each a whole number from 0 to 1e15.
Field capacities()
{
    Field f;
    f.parse = [](TraceRun& in, std::string_view text, const std::string& key) {
        in.capacities.clear();
        std::size_t start = 0;
        while (start <= text.size()) {
            const std::size_t comma = std::min(text.find(',', start), text.size());
            in.capacities.push_back(parseNumberOption(text.substr(start, comma - start), key, 0, 1e15, true));
            if (comma == text.size())
                break;
            start = comma + 1;
        }
    };
    return f;
}

Field sampleRate()
{
    Field f;
    f.get = [](const TraceRun& in) { return std::optional<double>(in.options.sampleRate); };
    f.set = [](TraceRun& in, double v) { in.options.sampleRate = v; };
    return f;
}

Field sampleDepth()
{
    Field f;
    f.get = [](const TraceRun& in) { return std::optional<double>(in.options.sampleDepth); };
    f.set = [](TraceRun& in, double v) { in.options.sampleDepth = static_cast<int>(v); };
    return f;
}

Field routing()
{
    Field f;
    f.get = [](const TraceRun& in) { return std::optional<double>(static_cast<int>(in.options.routing)); };
    f.set = [](TraceRun& in, double v) { in.options.routing = static_cast<TraceRouting>(static_cast<int>(v)); };
    return f;
}

Field trafficScale()
{
    Field f;
    f.get = [](const TraceRun& in) { return std::optional<double>(in.options.trafficScale); };
    f.set = [](TraceRun& in, double v) { in.options.trafficScale = v; };
    return f;
}

using K = OptionKind;
namespace key = trace_keys;

/// The table, built on first use (the CLI's command list reads it while statics are made).
std::span<const Option<TraceRun>> table()
{
    static const Option<TraceRun> kTable[] = {
        { { key::kFormat, "--format", K::Choice, 0, 0, "", nullptr,
              QT_TRANSLATE_NOOP("Option", "the trace's format (default: told by its first line)"), "mooncake|bailian" },
            format() },
        { { key::kBlockTokens, "--block-tokens", K::Count, 1, 1 << 20, "tokens", "N",
              QT_TRANSLATE_NOOP(
                  "Option", "tokens per hashed block (default: the format's own, Mooncake 512, Bailian 16)") },
            blockTokens() },
        { { key::kCapacityBlocks, "--capacity-blocks", K::Custom, 0, 0, "", "N,...",
              QT_TRANSLATE_NOOP("Option", "capacities in blocks the curve shows beside its own") },
            capacities() },
        { { key::kSampleRate, "--sample", K::Share, 1e-9, 1, "", "R",
              QT_TRANSLATE_NOOP("Option", "the share of prefix trees kept (SHARDS sampling)") },
            sampleRate() },
        { { key::kSampleDepth, "--sample-depth", K::Count, 1, 1e6, "", "D",
              QT_TRANSLATE_NOOP("Option", "the block whose prefix key picks a request's tree (1: the first hash id)") },
            sampleDepth() },
        { { key::kRouting, "--routing", K::Choice, 0, 0, "", nullptr,
              QT_TRANSLATE_NOOP("Option", "one cache pool, or one cache per server behind the routing"),
              "global|round-robin|prefix-aware" },
            routing() },
        { { key::kTrafficScale, "--traffic-scale", K::Number, 1e-9, 1e9, "", "K",
              QT_TRANSLATE_NOOP("Option", "traffic × K: every gap between arrivals divided by K") },
            trafficScale() },
    };
    return kTable;
}

} // namespace

std::span<const Option<TraceRun>> traceOptionTable()
{
    return table();
}

void validateTraceRun(const TraceRun& run)
{
    validateOptions(traceOptionTable(), run);
}

void validateTraceOptions(const TraceOptions& options)
{
    TraceRun run;
    run.options = options;
    validateTraceRun(run);
}

} // namespace kvtiers::trace
