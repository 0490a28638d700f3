#include "core/cards/KvFormat.h"

#include "core/io/InputError.h"
#include "core/io/Json.h"
#include "core/io/Units.h"

#include <algorithm>
#include <cctype>

namespace kvtiers {

std::string KvFormat::name() const
{
    std::string n;
    if (bits == 32)
        n = "fp32";
    else if (bits == 16)
        n = "bf16"; // fp16 and bf16 occupy the same bytes; bf16 is the common KV default
    else if (bits == 8)
        n = "fp8";
    else if (bits == 4)
        n = "int4";
    else
        n = formatNumber(bits).append("bit");
    if (scaleBits > 0) {
        // Appended piecewise: GCC 12 warns falsely (-Wrestrict, PR 105329) on "+" + string.
        n.append("+").append(formatNumber(scaleBits)).append("b scale");
    }
    return n;
}

KvFormat parseKvDtype(std::string_view text, const std::string& what)
{
    std::string s(text);
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    struct Named {
        std::string_view name;
        double bits;
    };
    static constexpr Named kNamed[] = {
        { "fp32", 32 },
        { "float32", 32 },
        { "bf16", 16 },
        { "bfloat16", 16 },
        { "fp16", 16 },
        { "float16", 16 },
        { "half", 16 },
        { "fp8", 8 },
        { "fp8_e4m3", 8 },
        { "fp8_e5m2", 8 },
        { "int8", 8 },
        { "int4", 4 },
        { "fp4", 4 },
        { "nvfp4", 4 },
    };
    for (const auto& n : kNamed)
        if (s == n.name)
            return KvFormat { n.bits, 0.0 };
    std::string digits = s;
    for (std::string_view suffix : { "bits", "bit", "b" }) {
        if (digits.size() > suffix.size() && digits.ends_with(suffix)) {
            digits.erase(digits.size() - suffix.size()); // erase: GCC 12 takes resize for a growth and warns
            break;
        }
    }
    const auto value = parsePlainNumber(digits);
    if (!value)
        throw InputError({ .code = InputErrorCode::UnknownKvDtype, .where = what, .value = std::string(text) });
    if (!(*value > 0) || *value > kMaxKvBits)
        throw InputError({ .code = InputErrorCode::KvBitsImpossible, .where = what, .value = std::string(text) });
    return KvFormat { *value, 0.0 };
}

} // namespace kvtiers
