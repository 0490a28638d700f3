#include "core/io/InputError.h"
#include "core/io/Message.h"
#include "core/trace/TraceReader.h"

#include <QtGlobal>

// The trace formats' names and block sizes (declared in TraceReader.h; kept apart so the
// reader's file holds only the reading).

namespace kvtiers::trace {

namespace {

constexpr MessageContext say { "Messages" };

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

} // namespace kvtiers::trace
