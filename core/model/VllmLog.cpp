#include "core/model/VllmLog.h"

#include "core/io/InputError.h"
#include "core/io/Units.h"

#include <algorithm>
#include <cctype>

namespace kvtiers {

namespace {

std::string trimmed(std::string_view s)
{
    const auto b = s.find_first_not_of(" \t\r");
    if (b == std::string_view::npos)
        return {};
    const auto e = s.find_last_not_of(" \t\r");
    std::string out(s.substr(b, e - b + 1));
    if (out.size() > 160)
        out = out.substr(0, 157) + "...";
    return out;
}

/// Reads a number with optional thousands separators at `pos`; advances `pos`.
std::optional<double> numberAt(std::string_view line, size_t& pos)
{
    while (pos < line.size() && (line[pos] == ' ' || line[pos] == '\t'))
        ++pos;
    std::string digits;
    size_t i = pos;
    while (i < line.size()
        && (std::isdigit(static_cast<unsigned char>(line[i])) || line[i] == ',' || line[i] == '.' || line[i] == '_')) {
        if (line[i] != ',' && line[i] != '_')
            digits += line[i];
        ++i;
    }
    while (!digits.empty() && digits.back() == '.') // a sentence's full stop
        digits.pop_back();
    auto v = parsePlainNumber(digits);
    if (!v || *v < 0)
        return std::nullopt;
    pos = i;
    return v;
}

/// One line of the log, read into `log` where it is one of the KV lines.
class LogLine {
public:
    LogLine(std::string_view line, int lineNo, const std::string& origin, VllmLog& log)
        : m_line(line)
        , m_lineNo(lineNo)
        , m_origin(origin)
        , m_log(log)
    {
    }

    void read()
    {
        readTokens();
        readConcurrency();
        readMemory();
        readBlocks();
    }

private:
    /// Where the text after `label` starts, or npos when the line has no `label`.
    size_t after(std::string_view label) const
    {
        const auto at = m_line.find(label);
        return at == std::string_view::npos ? at : at + label.size();
    }

    [[noreturn]] void fail(const std::string& what) const
    {
        const std::string quoted = trimmed(m_line);
        throw InputError({ .code = InputErrorCode::VllmLogUnreadable,
            .where = m_origin,
            .value = what,
            .detail = quoted,
            .line = m_lineNo });
    }

    void readTokens()
    {
        size_t pos = after("GPU KV cache size:");
        if (pos == std::string_view::npos)
            return;
        const auto v = numberAt(m_line, pos);
        if (!v || m_line.substr(pos).find("token") == std::string_view::npos)
            fail("the token count");
        m_log.kvCacheTokens = *v;
        m_log.kvCacheLine = m_lineNo;
    }

    void readConcurrency()
    {
        size_t pos = after("Maximum concurrency for");
        if (pos == std::string_view::npos)
            return;
        const auto tokens = numberAt(m_line, pos);
        if (!tokens)
            fail("the tokens per request");
        const auto colon = m_line.find(':', pos);
        if (colon == std::string_view::npos)
            fail("the concurrency");
        size_t cpos = colon + 1;
        const auto x = numberAt(m_line, cpos);
        if (!x)
            fail("the concurrency");
        m_log.concurrencyTokens = *tokens;
        m_log.concurrency = *x;
        m_log.concurrencyLine = m_lineNo;
    }

    void readMemory()
    {
        size_t pos = after("Available KV cache memory:");
        if (pos == std::string_view::npos)
            return;
        const auto v = numberAt(m_line, pos);
        if (!v)
            fail("the memory size");
        while (pos < m_line.size() && m_line[pos] == ' ')
            ++pos;
        const std::string_view unit = m_line.substr(pos, 3);
        double scale = GiB;
        if (unit.starts_with("GiB"))
            scale = GiB;
        else if (unit.starts_with("MiB"))
            scale = MiB;
        else if (unit.starts_with("TiB"))
            scale = TiB;
        else if (unit.starts_with("GB"))
            scale = 1e9;
        else if (unit.starts_with("MB"))
            scale = 1e6;
        else
            fail("the memory unit");
        m_log.availableKvBytes = *v * scale;
        m_log.availableLine = m_lineNo;
    }

    void readBlocks()
    {
        size_t pos = after("# GPU blocks:");
        if (pos == std::string_view::npos)
            return;
        const auto v = numberAt(m_line, pos);
        if (!v)
            fail("the block count");
        m_log.gpuBlocks = *v;
        m_log.gpuBlocksLine = m_lineNo;
    }

    std::string_view m_line;
    int m_lineNo;
    const std::string& m_origin;
    VllmLog& m_log;
};

} // namespace

VllmLog parseVllmLog(std::string_view text, const std::string& origin)
{
    VllmLog log;
    int lineNo = 0;
    size_t start = 0;
    while (start <= text.size()) {
        const size_t end = std::min(text.find('\n', start), text.size());
        LogLine(text.substr(start, end - start), ++lineNo, origin, log).read();
        if (end >= text.size())
            break;
        start = end + 1;
    }
    if (!log.kvCacheTokens && !log.concurrency && !log.gpuBlocks)
        throw InputError({ .code = InputErrorCode::VllmLogNoKvLine, .where = origin });
    return log;
}

} // namespace kvtiers
