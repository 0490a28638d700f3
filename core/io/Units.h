#pragma once
// Units: parsing the numbers users type ("128k", "50%", "1.5e6") and formatting bytes,
// seconds and rates. Formatting happens here and nowhere else, so the CLI, the GUI and
// exported charts agree (HOUSE.md rule 7).

#include <optional>
#include <string>
#include <string_view>

namespace kvtiers {

inline constexpr double KiB = 1024.0;
inline constexpr double MiB = 1024.0 * KiB;
inline constexpr double GiB = 1024.0 * MiB;
inline constexpr double TiB = 1024.0 * GiB;
inline constexpr double PiB = 1024.0 * TiB;

/// Binary (KiB, GiB: what the article and allocators use) or decimal (GB: how memory is sold).
enum class ByteUnits { Binary, Decimal };

/// A plain finite decimal number ("131072", "0.5", "1e6"); nullopt if anything else.
std::optional<double> parsePlainNumber(std::string_view text);

/// A token count: "131072", "128k"/"128K" (×1024), "1m"/"1M" (×1024²), "1.5k".
/// Must be a whole number of tokens >= min and <= max. Throws InputError naming `what`.
double parseTokenCount(std::string_view text, const std::string& what, double min, double max);

/// A count of sequences, written the same way ("64", "1k"); its messages say sequences.
double parseSequenceCount(std::string_view text, const std::string& what, double min, double max);

/// A share: "0.5", "50%" -> 0.5. Must lie in [0, 1]. Throws InputError naming `what`.
double parseFraction(std::string_view text, const std::string& what);

/// A number with optional binary suffix for sizes: "2TiB", "512GiB", "141GB", "1e12".
double parseByteSize(std::string_view text, const std::string& what);

/// A finite number in [min, max]; `integer` requires a whole number. Throws InputError.
double parseNumberOption(std::string_view text, const std::string& what, double min, double max, bool integer);

/// "320 KiB", "40 GiB", "1.17 TiB"; decimal: "42.9 GB". Exact integer bytes below 1 KiB.
std::string formatBytes(double bytes, ByteUnits units = ByteUnits::Binary, int precision = 3);
/// "2.46 ms", "1.2 s", "840 µs", "3.1 min", "2.4 h".
std::string formatSeconds(double seconds);
/// A time a request waits or takes (TTFT, a decode step, a restore): formatSeconds up to a
/// day, "> 1 day" beyond (kLatencyBeyondADay): such a request serves no one, and "9.54e4
/// years" only looks precise.
std::string formatLatency(double seconds);
inline constexpr const char* kLatencyBeyondADay = "> 1 day";
/// "55.4 GB/s" (decimal, as links are specified).
std::string formatRate(double bytesPerSecond);
/// "131,072" with thousands separators; doubles beyond 2^53 in scientific form.
std::string formatCount(double value);
/// "128K", "1M", "4K", "1000", "266,352": whole multiples of K = 1024 and M = 1024²
/// as contexts are quoted, every other count in full.
std::string formatTokens(double tokens);
/// A number with `significant` significant digits, trailing zeros trimmed.
std::string formatSignificant(double value, int significant);
/// 3.49e9: `significant` digits and a power of ten.
std::string formatScientific(double value, int significant);

} // namespace kvtiers
