#pragma once
// Tier: the three memory tiers a server has, as a hardware card describes them (HBM on the
// GPU, server DRAM, NVMe SSD), and PerTier<T>, one value per tier under the tier's own name.
// Every figure kept per tier is a PerTier: code names a tier (`bytes.dram`) or loops over
// kTiers (`for (Tier t : kTiers) sum += bytes[t]`), never an index into an array.
//
// TokenSource adds "recomputed" to the three: where a prompt token's KV came from (a hit in
// one of the tiers, or computed again), and PerSource<T> holds one value per source.

#include <array>

namespace kvtiers {

enum class Tier { Hbm, Dram, Ssd };

/// The tiers from the fastest to the slowest: the order placement fills them, lookups
/// search them and every table lists them.
inline constexpr std::array<Tier, 3> kTiers = { Tier::Hbm, Tier::Dram, Tier::Ssd };

/// "hbm", "dram", "ssd": the key JSON, CSV and card fields write a tier under.
constexpr const char* tierKey(Tier tier)
{
    switch (tier) {
    case Tier::Hbm:
        return "hbm";
    case Tier::Dram:
        return "dram";
    case Tier::Ssd:
        break;
    }
    return "ssd";
}

/// "HBM", "DRAM", "SSD": the tier as English text names it (the GUI translates its own).
constexpr const char* tierLabel(Tier tier)
{
    switch (tier) {
    case Tier::Hbm:
        return "HBM";
    case Tier::Dram:
        return "DRAM";
    case Tier::Ssd:
        break;
    }
    return "SSD";
}

/// One T per tier. An aggregate: `PerTier<double> {hbm, dram, ssd}`.
template <typename T> struct PerTier {
    T hbm {}, dram {}, ssd {};

    constexpr T& operator[](Tier tier) { return tier == Tier::Hbm ? hbm : tier == Tier::Dram ? dram : ssd; }
    constexpr const T& operator[](Tier tier) const { return tier == Tier::Hbm ? hbm : tier == Tier::Dram ? dram : ssd; }
    /// `f` applied to each tier's value: `bytes.map([](double b) { return b / 2; })`.
    template <typename F> constexpr auto map(F f) const -> PerTier<decltype(f(hbm))>
    {
        return { f(hbm), f(dram), f(ssd) };
    }
    constexpr bool operator==(const PerTier&) const = default;
};

/// Where a prompt token's KV came from: a hit in a tier, or recomputed.
enum class TokenSource { Hbm, Dram, Ssd, Recomputed };

inline constexpr std::array<TokenSource, 4> kTokenSources
    = { TokenSource::Hbm, TokenSource::Dram, TokenSource::Ssd, TokenSource::Recomputed };

/// The source of a hit in `tier`.
constexpr TokenSource sourceOf(Tier tier)
{
    return tier == Tier::Hbm ? TokenSource::Hbm : tier == Tier::Dram ? TokenSource::Dram : TokenSource::Ssd;
}

/// "hbm", "dram", "ssd", "recomputed".
constexpr const char* tokenSourceKey(TokenSource source)
{
    return source == TokenSource::Recomputed ? "recomputed"
        : source == TokenSource::Hbm         ? "hbm"
        : source == TokenSource::Dram        ? "dram"
                                             : "ssd";
}

/// One T per token source.
template <typename T> struct PerSource {
    T hbm {}, dram {}, ssd {}, recomputed {};

    constexpr T& operator[](TokenSource s)
    {
        return s == TokenSource::Hbm ? hbm : s == TokenSource::Dram ? dram : s == TokenSource::Ssd ? ssd : recomputed;
    }
    constexpr const T& operator[](TokenSource s) const
    {
        return s == TokenSource::Hbm ? hbm : s == TokenSource::Dram ? dram : s == TokenSource::Ssd ? ssd : recomputed;
    }
    constexpr T& operator[](Tier tier) { return (*this)[sourceOf(tier)]; }
    constexpr const T& operator[](Tier tier) const { return (*this)[sourceOf(tier)]; }
    /// The sum over the four sources.
    constexpr T total() const { return hbm + dram + ssd + recomputed; }
    constexpr bool operator==(const PerSource&) const = default;
};

} // namespace kvtiers
