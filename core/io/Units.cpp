#include "core/io/Units.h"

#include "core/io/InputError.h"
#include "core/io/Json.h"

#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace kvtiers {

namespace {

std::string_view trim(std::string_view s)
{
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
        s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
        s.remove_suffix(1);
    return s;
}

std::string quoted(std::string_view text)
{
    std::string q = "\"";
    for (char c : text.substr(0, 64))
        q += std::isprint(static_cast<unsigned char>(c)) ? c : '?';
    if (text.size() > 64)
        q += "...";
    return q + "\"";
}

} // namespace

std::optional<double> parsePlainNumber(std::string_view text)
{
    text = trim(text);
    if (text.empty() || text.size() > 64)
        return std::nullopt;
    if (text.front() == '+')
        text.remove_prefix(1);
    double value = 0;
    const auto res = std::from_chars(text.data(), text.data() + text.size(), value);
    if (res.ec == std::errc::result_out_of_range)
        return std::numeric_limits<double>::infinity(); // callers reject as out of range
    if (res.ec != std::errc() || res.ptr != text.data() + text.size())
        return std::nullopt;
    if (std::isnan(value))
        return std::nullopt;
    return value;
}

double parseNumberOption(std::string_view text, const std::string& what, double min, double max, bool integer)
{
    const auto v = parsePlainNumber(text);
    if (!v)
        throw InputError({ .code = InputErrorCode::NotANumber, .where = what, .value = quoted(text) });
    if (!std::isfinite(*v) || *v < min || *v > max)
        throw InputError({ .code = InputErrorCode::ValueOutOfRange,
            .where = what,
            .value = quoted(text),
            .min = formatCount(min),
            .max = formatCount(max) });
    if (integer && *v != std::floor(*v))
        throw InputError({ .code = InputErrorCode::ValueNotWhole, .where = what, .value = quoted(text) });
    return *v;
}

namespace {

/// Tokens or sequences: "131072", "128k", "1M". `unit` ("tokens", "sequences") words
/// the messages and is their detail, so a front end words them the same way.
double parseCount(std::string_view text, const std::string& what, double min, double max, const std::string& unit)
{
    const bool tokens = unit == "tokens";
    std::string_view t = trim(text);
    double multiplier = 1.0;
    if (!t.empty()) {
        const char last = static_cast<char>(std::tolower(static_cast<unsigned char>(t.back())));
        if (last == 'k' || last == 'm' || last == 'g') {
            multiplier = last == 'k' ? 1024.0 : last == 'm' ? 1024.0 * 1024.0 : 1024.0 * 1024.0 * 1024.0;
            t.remove_suffix(1);
        }
    }
    const auto v = parsePlainNumber(t);
    if (!v)
        throw InputError({ .code = InputErrorCode::NotATokenCount,
            .where = what,
            .value = quoted(text),
            .detail = tokens ? "" : unit });
    const double count = *v * multiplier;
    if (!std::isfinite(count) || count < min || count > max)
        throw InputError({ .code = InputErrorCode::ValueOutOfRange,
            .where = what,
            .value = quoted(text),
            .min = formatCount(min),
            .max = formatCount(max),
            .detail = unit });
    if (count != std::floor(count))
        throw InputError({ .code = InputErrorCode::NotWholeTokens,
            .where = what,
            .value = quoted(text),
            .detail = tokens ? "" : unit });
    return count;
}

} // namespace

double parseTokenCount(std::string_view text, const std::string& what, double min, double max)
{
    return parseCount(text, what, min, max, "tokens");
}

double parseSequenceCount(std::string_view text, const std::string& what, double min, double max)
{
    return parseCount(text, what, min, max, "sequences");
}

double parseFraction(std::string_view text, const std::string& what)
{
    std::string_view t = trim(text);
    double scale = 1.0;
    if (!t.empty() && t.back() == '%') {
        scale = 0.01;
        t.remove_suffix(1);
    }
    const auto v = parsePlainNumber(t);
    if (!v)
        throw InputError({ .code = InputErrorCode::NotAShare, .where = what, .value = quoted(text) });
    const double f = *v * scale;
    if (!(f >= 0.0 && f <= 1.0))
        throw InputError({ .code = InputErrorCode::ShareOutOfRange, .where = what, .value = quoted(text) });
    return f;
}

double parseByteSize(std::string_view text, const std::string& what)
{
    std::string_view t = trim(text);
    struct Suffix {
        std::string_view s;
        double mult;
    };
    static constexpr Suffix kSuffixes[] = {
        { "PiB", PiB },
        { "TiB", TiB },
        { "GiB", GiB },
        { "MiB", MiB },
        { "KiB", KiB },
        { "PB", 1e15 },
        { "TB", 1e12 },
        { "GB", 1e9 },
        { "MB", 1e6 },
        { "kB", 1e3 },
        { "KB", 1e3 },
        { "B", 1.0 },
    };
    double mult = 1.0;
    for (const auto& s : kSuffixes) {
        if (t.size() > s.s.size() && t.ends_with(s.s)) {
            mult = s.mult;
            t.remove_suffix(s.s.size());
            break;
        }
    }
    const auto v = parsePlainNumber(t);
    if (!v)
        throw InputError({ .code = InputErrorCode::NotASize, .where = what, .value = quoted(text) });
    const double bytes = *v * mult;
    if (!std::isfinite(bytes) || bytes < 0 || bytes > 1e21)
        throw InputError({ .code = InputErrorCode::ValueOutOfRange,
            .where = what,
            .value = quoted(text),
            .min = "0",
            .max = formatCount(1e21),
            .detail = "bytes" });
    return bytes;
}

std::string formatSignificant(double value, int significant)
{
    if (!std::isfinite(value))
        return std::isnan(value) ? "n/a" : (value > 0 ? "inf" : "-inf");
    if (value == 0)
        return "0";
    const int magnitude = static_cast<int>(std::floor(std::log10(std::fabs(value))));
    const int decimals = std::max(0, significant - 1 - magnitude);
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, value);
    std::string s = buf;
    if (s.find('.') != std::string::npos) {
        while (!s.empty() && s.back() == '0')
            s.pop_back();
        if (!s.empty() && s.back() == '.')
            s.pop_back();
    }
    return s;
}

/// 3.49e9: `significant` digits and a power of ten, for figures too large to read in full.
std::string formatScientific(double value, int significant)
{
    if (!std::isfinite(value) || value == 0)
        return formatSignificant(value, significant);
    const int exponent = static_cast<int>(std::floor(std::log10(std::fabs(value))));
    return formatSignificant(value / std::pow(10.0, exponent), significant) + "e" + std::to_string(exponent);
}

std::string formatBytes(double bytes, ByteUnits units, int precision)
{
    if (!std::isfinite(bytes))
        return "n/a";
    static constexpr std::array<const char*, 9> kBinary
        = { "B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB", "ZiB", "YiB" };
    static constexpr std::array<const char*, 9> kDecimal = { "B", "kB", "MB", "GB", "TB", "PB", "EB", "ZB", "YB" };
    const double base = units == ByteUnits::Binary ? 1024.0 : 1000.0;
    const auto& names = units == ByteUnits::Binary ? kBinary : kDecimal;
    double v = std::fabs(bytes);
    size_t i = 0;
    while (v >= base && i + 1 < names.size()) {
        v /= base;
        ++i;
    }
    const std::string sign = bytes < 0 ? "-" : "";
    if (i == 0)
        return sign + formatSignificant(std::round(v), 16) + " B";
    if (v >= 10000) // beyond yottabytes: 1.2e5 YiB, not a string of digits
        return sign + formatScientific(v, precision) + " " + names[i];
    return sign + formatSignificant(v, precision) + " " + names[i];
}

std::string formatSeconds(double seconds)
{
    if (!std::isfinite(seconds))
        return seconds > 0 ? "never" : "n/a";
    const double a = std::fabs(seconds);
    if (a == 0)
        return "0 s";
    if (a < 1e-6)
        return formatSignificant(seconds * 1e9, 3) + " ns";
    if (a < 1e-3)
        return formatSignificant(seconds * 1e6, 3) + " µs";
    if (a < 1)
        return formatSignificant(seconds * 1e3, 3) + " ms";
    if (a < 120)
        return formatSignificant(seconds, 3) + " s";
    if (a < 7200)
        return formatSignificant(seconds / 60, 3) + " min";
    if (a < 48 * 3600)
        return formatSignificant(seconds / 3600, 3) + " h";
    if (a < 1000 * 86400)
        return formatSignificant(seconds / 86400, 3) + " days";
    const double years = seconds / (365.25 * 86400);
    if (std::fabs(years) < 10000)
        return formatSignificant(years, 3) + " years";
    return formatScientific(years, 3) + " years";
}

std::string formatLatency(double seconds)
{
    return std::isfinite(seconds) && seconds > 86400 ? kLatencyBeyondADay : formatSeconds(seconds);
}

std::string formatRate(double bytesPerSecond)
{
    return formatBytes(bytesPerSecond, ByteUnits::Decimal, 3) + "/s";
}

std::string formatCount(double value)
{
    if (!std::isfinite(value))
        return "n/a";
    if (std::fabs(value) >= 9007199254740992.0)
        return formatScientific(value, 4);
    if (value != std::floor(value))
        return formatSignificant(value, 4);
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.0f", std::fabs(value));
    std::string digits = buf, out;
    for (size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0)
            out += ',';
        out += digits[i];
    }
    return (value < 0 ? "-" : "") + out;
}

std::string formatTokens(double tokens)
{
    // Whole multiples of 1K and 1M as contexts are quoted (128K = 131,072, 1M); every
    // other count in full digits: a rounded binary "260K" or "93.1G" reads as a decimal
    // figure it is not.
    static constexpr std::array<std::pair<double, const char*>, 2> kUnits = { { { 1048576.0, "M" }, { 1024.0, "K" } } };
    if (!std::isfinite(tokens))
        return formatCount(tokens);
    for (const auto& [unit, name] : kUnits)
        if (tokens >= unit && std::fmod(tokens, unit) == 0 && tokens / unit < 1024)
            return formatSignificant(tokens / unit, 6) + name;
    return formatCount(std::round(tokens));
}

} // namespace kvtiers
