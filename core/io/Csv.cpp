#include "core/io/Csv.h"

#include <cmath>
#include <cstdio>

namespace kvtiers {

std::string csvText(std::string_view text)
{
    std::string field;
    if (!text.empty() && std::string_view("=+-@\t\r").find(text.front()) != std::string_view::npos)
        field = "'";
    field += text;
    if (field.find_first_of(",\"\r\n") == std::string::npos)
        return field;
    std::string quoted = "\"";
    for (char c : field)
        quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
    return quoted + '"';
}

std::string csvNumber(double value)
{
    if (!std::isfinite(value))
        return {};
    const double a = std::fabs(value);
    constexpr double kExactInteger = 9007199254740992.0; // 2^53
    // A million or more is a byte or token count: its fraction is model noise, not data.
    if (a < kExactInteger && (a >= 1e6 || value == std::floor(value))) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.0f", std::round(value));
        return buf;
    }
    // Twelve significant digits: 0.37499999999999994 is written 0.375.
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.12g", value);
    return buf;
}

std::string csvPreamble(const std::vector<std::string>& lines)
{
    std::string out;
    for (const std::string& line : lines) {
        out += "# ";
        for (char c : line)
            out += c == '\n' || c == '\r' ? ' ' : c;
        out += '\n';
    }
    return out;
}

} // namespace kvtiers
