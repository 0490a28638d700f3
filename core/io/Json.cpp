#include "core/io/Json.h"

#include "core/io/InputError.h"
#include "core/io/InputFile.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <vector>

namespace kvtiers {

namespace {

/// "[json.exception.out_of_range.406] number overflow ..." -> "number overflow ...".
std::string withoutLibraryPrefix(const std::string& what)
{
    if (what.starts_with("[json.exception.")) {
        const auto end = what.find("] ");
        if (end != std::string::npos)
            return what.substr(end + 2);
    }
    return what;
}

/// nlohmann's "parse error at line 3, column 5: syntax error ..." into line, column and
/// the rest, for the structured form (the English message keeps the whole text).
InputErrorDetail parseErrorDetail(InputErrorCode code, const std::string& origin, const std::string& what)
{
    InputErrorDetail d { .code = code, .where = origin };
    int line = 0;
    int column = 0;
    int consumed = 0;
    if (std::sscanf(what.c_str(), "parse error at line %d, column %d: %n", &line, &column, &consumed) == 2
        && consumed > 0) {
        d.line = line;
        d.column = column;
        d.detail = what.substr(static_cast<size_t>(consumed));
    } else {
        d.detail = what;
    }
    return d;
}

/// A problem with one field of a JSON object: "path.key: problem", said by its code.
[[noreturn]] void failField(const std::string& path, std::string_view key, InputErrorDetail d)
{
    d.where = path + "." + std::string(key);
    throw InputError(std::move(d));
}

} // namespace

Json parseStrictJson(std::string_view text, const std::string& origin)
{
    if (text.size() >= 3 && static_cast<unsigned char>(text[0]) == 0xEF && static_cast<unsigned char>(text[1]) == 0xBB
        && static_cast<unsigned char>(text[2]) == 0xBF)
        text.remove_prefix(3);
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos)
        throw InputError({ .code = InputErrorCode::FileEmpty, .where = origin });

    // One set of seen keys per open object, to refuse duplicate keys (nlohmann would
    // silently keep the last one, hiding a user's typo or a merge accident).
    std::vector<std::set<std::string>> seenKeys;
    auto callback = [&](int depth, Json::parse_event_t event, Json& parsed) -> bool {
        // `depth` counts the containers around the event: an object or array opened at
        // depth d is nesting level d + 1.
        const bool opens = event == Json::parse_event_t::object_start || event == Json::parse_event_t::array_start;
        if (depth + (opens ? 1 : 0) > kMaxJsonDepth) {
            throw InputError(
                { .code = InputErrorCode::JsonNestingTooDeep, .where = origin, .max = std::to_string(kMaxJsonDepth) });
        }
        switch (event) {
        case Json::parse_event_t::object_start:
            seenKeys.emplace_back();
            break;
        case Json::parse_event_t::object_end:
            if (!seenKeys.empty())
                seenKeys.pop_back();
            break;
        case Json::parse_event_t::key: {
            const std::string key = parsed.get<std::string>();
            if (!seenKeys.empty() && !seenKeys.back().insert(key).second)
                throw InputError({ .code = InputErrorCode::JsonDuplicateKey, .where = origin, .value = key });
            break;
        }
        case Json::parse_event_t::value:
            if (parsed.is_number_float() && !std::isfinite(parsed.get<double>()))
                throw InputError({ .code = InputErrorCode::JsonNumberTooLarge, .where = origin });
            break;
        default:
            break;
        }
        return true;
    };
    try {
        return Json::parse(text.begin(), text.end(), callback, /*allow_exceptions=*/true,
            /*ignore_comments=*/false);
    } catch (const Json::parse_error& e) {
        // nlohmann's message carries line and column; keep it, minus the library prefix.
        std::string what = e.what();
        const auto pos = what.find("parse error");
        if (pos != std::string::npos)
            what = what.substr(pos);
        // Text after a complete value ("{...} }") also fails at the last byte, but it is
        // not a truncated file: nlohmann then says it "expected end of input".
        const bool trailing = what.find("; expected end of input") != std::string::npos;
        if (e.byte >= text.size() && !trailing)
            throw InputError(parseErrorDetail(InputErrorCode::JsonTruncated, origin, what));
        throw InputError(parseErrorDetail(InputErrorCode::JsonSyntax, origin, what));
    } catch (const Json::out_of_range& e) {
        // 1e400: nlohmann refuses a number that overflows a double ("number overflow parsing '1e400'").
        const std::string why = withoutLibraryPrefix(e.what());
        throw InputError({ .code = InputErrorCode::JsonNumberTooLarge, .where = origin, .detail = why });
    } catch (const Json::exception& e) {
        const std::string why = withoutLibraryPrefix(e.what());
        throw InputError({ .code = InputErrorCode::JsonSyntax, .where = origin, .detail = why });
    }
}

std::uintmax_t regularFileSize(const std::string& path)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    const auto status = fs::status(path, ec);
    if (ec || !fs::exists(status))
        throw InputError({ .code = InputErrorCode::NoSuchFile, .where = path });
    if (fs::is_directory(status))
        throw InputError({ .code = InputErrorCode::IsDirectory, .where = path });
    if (!fs::is_regular_file(status))
        throw InputError({ .code = InputErrorCode::NotRegularFile, .where = path });
    const auto size = fs::file_size(path, ec);
    if (ec)
        throw InputError({ .code = InputErrorCode::CannotReadSize, .where = path, .detail = ec.message() });
    return size;
}

std::string readInputFile(const std::string& path)
{
    const auto size = regularFileSize(path);
    if (size > kMaxInputFileBytes) {
        const std::string mib = std::to_string(size / (1024 * 1024));
        const std::string limitMib = std::to_string(kMaxInputFileBytes / (1024 * 1024));
        throw InputError({ .code = InputErrorCode::FileTooLarge, .where = path, .value = mib, .max = limitMib });
    }
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw InputError({ .code = InputErrorCode::CannotOpen, .where = path });
    std::string text(static_cast<size_t>(size), '\0');
    in.read(text.data(), static_cast<std::streamsize>(size));
    if (in.gcount() != static_cast<std::streamsize>(size))
        throw InputError({ .code = InputErrorCode::CannotReadWhole, .where = path });
    return text;
}

std::string formatNumber(double value)
{
    char buf[64];
    const auto res = std::to_chars(buf, buf + sizeof buf, value);
    return std::string(buf, res.ptr);
}

JsonObject::JsonObject(const Json& json, std::string path)
    : m_json(json)
    , m_path(std::move(path))
{
    if (!m_json.is_object())
        throw InputError({ .code = InputErrorCode::ExpectedObject, .where = m_path, .detail = m_json.type_name() });
}

bool JsonObject::has(std::string_view key) const
{
    const auto it = m_json.find(std::string(key));
    return it != m_json.end() && !it->is_null();
}

void JsonObject::fail(std::string_view key, const std::string& problem) const
{
    throw InputError(m_path + "." + std::string(key) + ": " + problem);
}

void JsonObject::fail(std::string_view key, InputErrorDetail detail) const
{
    failField(m_path, key, std::move(detail));
}

const Json& JsonObject::field(std::string_view key) const
{
    const auto it = m_json.find(std::string(key));
    if (it == m_json.end() || it->is_null())
        failField(m_path, key, { .code = InputErrorCode::MissingField });
    return *it;
}

std::string JsonObject::requireString(std::string_view key) const
{
    const Json& v = field(key);
    if (!v.is_string())
        failField(m_path, key, { .code = InputErrorCode::WrongType, .value = "string", .detail = v.type_name() });
    return v.get<std::string>();
}

std::optional<std::string> JsonObject::optionalString(std::string_view key) const
{
    if (!has(key))
        return std::nullopt;
    return requireString(key);
}

double JsonObject::numberValue(std::string_view key, const Json& v, double min, double max) const
{
    if (!v.is_number())
        failField(m_path, key, { .code = InputErrorCode::WrongType, .value = "number", .detail = v.type_name() });
    const double d = v.get<double>();
    if (!std::isfinite(d))
        failField(m_path, key, { .code = InputErrorCode::NotFinite });
    if (d < min || d > max)
        failField(m_path, key,
            { .code = InputErrorCode::OutOfRange,
                .value = formatNumber(d),
                .min = formatNumber(min),
                .max = formatNumber(max) });
    return d;
}

double JsonObject::requireNumber(std::string_view key, double min, double max) const
{
    return numberValue(key, field(key), min, max);
}

std::optional<double> JsonObject::optionalNumber(std::string_view key, double min, double max) const
{
    if (!has(key))
        return std::nullopt;
    return requireNumber(key, min, max);
}

std::int64_t JsonObject::requireInteger(std::string_view key, std::int64_t min, std::int64_t max) const
{
    const Json& v = field(key);
    if (v.is_number_unsigned()) {
        // A non-negative integer read from text is stored unsigned: check both bounds.
        const auto u = v.get<std::uint64_t>();
        if (u > static_cast<std::uint64_t>(max) || static_cast<std::int64_t>(u) < min)
            failField(m_path, key,
                { .code = InputErrorCode::OutOfRange,
                    .value = std::to_string(u),
                    .min = std::to_string(min),
                    .max = std::to_string(max) });
        return static_cast<std::int64_t>(u);
    }
    if (v.is_number_integer()) {
        const auto i = v.get<std::int64_t>();
        if (i < min || i > max)
            failField(m_path, key,
                { .code = InputErrorCode::OutOfRange,
                    .value = std::to_string(i),
                    .min = std::to_string(min),
                    .max = std::to_string(max) });
        return i;
    }
    const double d = numberValue(key, v, static_cast<double>(min), static_cast<double>(max));
    if (d != std::floor(d))
        failField(m_path, key, { .code = InputErrorCode::NotWholeNumber, .value = formatNumber(d) });
    return static_cast<std::int64_t>(d);
}

std::optional<std::int64_t> JsonObject::optionalInteger(std::string_view key, std::int64_t min, std::int64_t max) const
{
    if (!has(key))
        return std::nullopt;
    return requireInteger(key, min, max);
}

std::optional<bool> JsonObject::optionalBool(std::string_view key) const
{
    if (!has(key))
        return std::nullopt;
    const Json& v = field(key);
    if (!v.is_boolean())
        failField(m_path, key, { .code = InputErrorCode::WrongType, .value = "boolean", .detail = v.type_name() });
    return v.get<bool>();
}

JsonObject JsonObject::requireObject(std::string_view key) const
{
    const Json& v = field(key);
    if (!v.is_object())
        failField(m_path, key, { .code = InputErrorCode::WrongType, .value = "object", .detail = v.type_name() });
    return JsonObject(v, m_path + "." + std::string(key));
}

const Json& JsonObject::requireArray(std::string_view key) const
{
    const Json& v = field(key);
    if (!v.is_array())
        failField(m_path, key, { .code = InputErrorCode::WrongType, .value = "array", .detail = v.type_name() });
    return v;
}

void JsonObject::rejectUnknownKeys(std::initializer_list<std::string_view> allowed) const
{
    rejectUnknownKeys(std::span<const std::string_view>(allowed.begin(), allowed.size()));
}

void JsonObject::rejectUnknownKeys(std::span<const std::string_view> allowed) const
{
    for (auto it = m_json.begin(); it != m_json.end(); ++it) {
        const std::string& key = it.key();
        if (!key.empty() && key[0] == '_')
            continue;
        bool known = false;
        for (auto a : allowed)
            known = known || a == key;
        if (!known) {
            std::string list;
            for (auto a : allowed)
                list += (list.empty() ? "" : ", ") + std::string(a);
            throw InputError({ .code = InputErrorCode::UnknownKey, .where = m_path, .value = key, .detail = list });
        }
    }
}

Json bytesToJson(double bytes)
{
    if (!std::isfinite(bytes))
        return nullptr;
    if (bytes == std::floor(bytes) && std::fabs(bytes) <= 9007199254740992.0)
        return static_cast<std::int64_t>(bytes);
    return bytes;
}

Json numberToJson(double value)
{
    if (!std::isfinite(value))
        return nullptr;
    return value;
}

} // namespace kvtiers
