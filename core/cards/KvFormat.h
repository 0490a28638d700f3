#pragma once
// KvFormat: how one KV-cache element is stored: bits per element plus per-element scale
// overhead (per-block or per-token scales of quantized formats). docs/model.md §1–2:
// e = (bits + scale_bits) / 8 bytes per element.

#include <string>
#include <string_view>

namespace kvtiers {

struct KvFormat {
    double bits = 16.0;     ///< bits per element (fp16 16, fp8 8, int4 4, "6bit" 6)
    double scaleBits = 0.0; ///< scale overhead, bits per element (e.g. 32-bit scale / 128 = 0.25)

    double bytesPerElement() const { return (bits + scaleBits) / 8.0; }
    /// "fp16", "fp8", "6bit", "6.5bit"...: the canonical name for this many bits.
    std::string name() const;
    bool operator==(const KvFormat&) const = default;
};

/// Largest bit width accepted for one element.
inline constexpr double kMaxKvBits = 64.0;

/// Parses a dtype the way users write it: fp32, bf16, fp16, fp8 (also fp8_e4m3, fp8_e5m2),
/// int8, int4, or "<N>bit" / "<N>bits" / "<N>" with 0 < N <= 64 (fractions allowed: "6.5bit").
/// Throws InputError naming `what` (an option or field) and listing the accepted forms.
KvFormat parseKvDtype(std::string_view text, const std::string& what);

} // namespace kvtiers
