#include "core/io/InputError.h"
#include "core/io/Message.h"
#include "core/trace/TraceReader.h"

#include <QtGlobal>

// The trace formats' names and block sizes, and the chained prefix key (declared in
// TraceReader.h; kept apart so the reader's file holds only the reading).

namespace kvtiers::trace {

namespace {

constexpr MessageContext say { "Messages" };

std::uint64_t splitmix64(std::uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

} // namespace

const char* traceFormatName(TraceFormat format)
{
    switch (format) {
    case TraceFormat::Mooncake:
        return "mooncake";
    case TraceFormat::Bailian:
        return "bailian";
    case TraceFormat::Auto:
        break;
    }
    return "auto";
}

int defaultBlockTokens(TraceFormat format)
{
    switch (format) {
    case TraceFormat::Mooncake:
        return 512; // FAST25-release README: 512-token blocks
    case TraceFormat::Bailian:
        return 16; // qwen-bailian-usagetraces-anon README: 16-token blocks
    case TraceFormat::Auto:
        break;
    }
    return 0;
}

TraceFormat parseTraceFormat(std::string_view text, const std::string& what)
{
    if (text == "mooncake")
        return TraceFormat::Mooncake;
    if (text == "bailian")
        return TraceFormat::Bailian;
    throw InputError(say(QT_TRANSLATE_NOOP("Messages", "%1: unknown trace format %2 (use mooncake or bailian)"),
        { what, "\"" + std::string(text) + "\"" }));
}

std::uint64_t chainKey(std::uint64_t parent, std::uint64_t blockId)
{
    // Two rounds of a bijective mixer: distinct (parent, id) pairs collide only by chance
    // (about n² / 2^65 for n keys), and the key of a block depends on its whole prefix.
    return splitmix64(splitmix64(parent) ^ blockId);
}

} // namespace kvtiers::trace
