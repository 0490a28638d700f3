#include "core/io/Csv.h"

#include "core/io/ResultJson.h"

#include <cmath>

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
    return std::isfinite(value) ? bytesToJson(value).dump() : std::string();
}

} // namespace kvtiers
