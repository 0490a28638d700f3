#pragma once
// Strict JSON reading for user-supplied files: duplicate keys, excessive nesting and
// non-finite or out-of-range numbers are errors, and every error names where it is
// ("llama.json: layer_groups[0].num_kv_heads: must be a positive integer").

#include <nlohmann/json.hpp>

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace kvtiers {

struct InputErrorDetail; // InputError.h

using Json = nlohmann::json;

/// Largest input file we read (cards, presets, configs). Larger ones are refused unread.
inline constexpr std::uintmax_t kMaxInputFileBytes = 16u * 1024u * 1024u;
/// Deepest nesting accepted in a user file.
inline constexpr int kMaxJsonDepth = 64;

/// Parses text as JSON, rejecting duplicate keys, a nesting deeper than kMaxJsonDepth
/// and trailing garbage. `origin` names the file in messages. A UTF-8 BOM is skipped.
Json parseStrictJson(std::string_view text, const std::string& origin);

/// Reads a whole file (refusing directories, devices and files over kMaxInputFileBytes).
std::string readInputFile(const std::string& path);

/// A view of one JSON object with its path, for typed field access with good messages.
class JsonObject {
public:
    JsonObject(const Json& json, std::string path);

    const std::string& path() const { return m_path; }
    bool has(std::string_view key) const;

    std::string requireString(std::string_view key) const;
    std::optional<std::string> optionalString(std::string_view key) const;
    /// A finite number in [min, max].
    double requireNumber(std::string_view key, double min, double max) const;
    std::optional<double> optionalNumber(std::string_view key, double min, double max) const;
    /// A whole number in [min, max] (given as a JSON integer or an integral double).
    std::int64_t requireInteger(std::string_view key, std::int64_t min, std::int64_t max) const;
    std::optional<std::int64_t> optionalInteger(std::string_view key, std::int64_t min, std::int64_t max) const;
    std::optional<bool> optionalBool(std::string_view key) const;
    JsonObject requireObject(std::string_view key) const;
    const Json& requireArray(std::string_view key) const;
    const Json& raw() const { return m_json; }

    /// Every key must be one of `allowed` (keys beginning with '_' are comments).
    void rejectUnknownKeys(std::initializer_list<std::string_view> allowed) const;
    void rejectUnknownKeys(std::span<const std::string_view> allowed) const;

    /// Throws "path.key: problem" (an InputError without a structured form).
    [[noreturn]] void fail(std::string_view key, const std::string& problem) const;
    /// Throws the problem its code says: `detail` gives the code and the figures the
    /// message quotes; its `where` is set to "path.key".
    [[noreturn]] void fail(std::string_view key, InputErrorDetail detail) const;

private:
    const Json& field(std::string_view key) const;
    double numberValue(std::string_view key, const Json& v, double min, double max) const;

    const Json& m_json;
    std::string m_path;
};

/// Exact integer up to 2^53, double beyond (or when not whole); null for ±inf/NaN.
Json bytesToJson(double bytes);
/// A finite number, or null for ±inf/NaN (JSON has no infinity).
Json numberToJson(double value);

/// Formats a double for messages: shortest form that reads back exactly.
std::string formatNumber(double value);

} // namespace kvtiers
