#include "core/trace/LruStack.h"

#include <algorithm>

namespace kvtiers::trace {

namespace {

constexpr unsigned kGroupShift = 9; ///< level 0 counts marks per 512 slots (8 words)
constexpr unsigned kFanShift = 6;   ///< each level above counts 64 of the level below

/// Bits set in `x` (std::popcount calls libgcc unless the build targets POPCNT).
inline std::uint64_t ones(std::uint64_t x)
{
    x -= (x >> 1) & 0x5555555555555555ull;
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (x * 0x0101010101010101ull) >> 56;
}

/// Grows `v` to hold index `i`, by half again, not double: the arrays are per block.
template <class V> void growFor(V& v, std::size_t i)
{
    if (i >= v.size())
        v.resize(std::max<std::size_t>(i + 1, v.size() + v.size() / 2 + 1024));
}

} // namespace

std::uint64_t LruStack::marksBefore(std::uint32_t slot) const
{
    const std::size_t word = slot >> 6;
    std::uint64_t sum = ones(m_bits[word] & ((std::uint64_t { 1 } << (slot & 63)) - 1));
    for (std::size_t w = word & ~std::size_t { 7 }; w < word; ++w)
        sum += ones(m_bits[w]);
    std::size_t index = slot >> kGroupShift;
    for (const auto& level : m_counts) {
        std::uint32_t partial = 0;
        for (std::size_t i = index & ~std::size_t { 63 }; i < index; ++i)
            partial += level[i];
        sum += partial;
        index >>= kFanShift;
    }
    return sum;
}

void LruStack::flip(std::uint32_t slot, bool on)
{
    const std::uint64_t bit = std::uint64_t { 1 } << (slot & 63);
    if (on)
        m_bits[slot >> 6] |= bit;
    else
        m_bits[slot >> 6] &= ~bit;
    std::size_t index = slot >> kGroupShift;
    for (auto& level : m_counts) {
        level[index] += on ? 1u : ~0u;
        index >>= kFanShift;
    }
}

std::uint64_t LruStack::distance(std::uint32_t block) const
{
    if (block >= m_blocks.size() || m_blocks[block].slot == 0)
        return 0;
    return m_live - marksBefore(m_blocks[block].slot - 1);
}

void LruStack::touch(std::uint32_t block)
{
    growFor(m_blocks, block);
    if (m_blocks[block].slot != 0) {
        const std::uint32_t old = m_blocks[block].slot - 1;
        flip(old, false);
        m_owner[old] = 0;
    } else {
        ++m_live;
    }
    if (m_next >= m_slots)
        compact();
    const std::uint32_t slot = m_next++;
    m_owner[slot] = block + 1;
    m_blocks[block].slot = slot + 1;
    flip(slot, true);
}

void LruStack::compact()
{
    // Renumber the live marks 0..live-1 in time order, in place (a mark only moves down),
    // and leave half as many slots free again: the O(slots) rebuild is paid for by at
    // least live / 2 touches, amortised O(1).
    std::uint32_t j = 0;
    for (std::uint32_t s = 0; s < m_next; ++s)
        if (m_owner[s] != 0) {
            m_owner[j] = m_owner[s];
            m_blocks[m_owner[s] - 1].slot = j + 1;
            ++j;
        }
    m_next = j;
    const std::size_t wanted = std::max<std::size_t>(static_cast<std::size_t>(m_live) + m_live / 2 + 1, 4096);
    m_slots = static_cast<std::uint32_t>(std::min<std::size_t>(wanted, 0xFFFFFFF0u));
    m_owner.resize(m_slots); // exactly: no doubling
    std::fill(m_owner.begin() + j, m_owner.end(), 0u);
    rebuildCounts();
}

void LruStack::rebuildCounts()
{
    // Slots 0..next-1 are marked, the rest free.
    m_bits.resize((static_cast<std::size_t>(m_slots) + 63) / 64);
    m_bits.zero();
    for (std::uint32_t w = 0; w < m_next / 64; ++w)
        m_bits[w] = ~std::uint64_t { 0 };
    if (m_next % 64)
        m_bits[m_next / 64] = (std::uint64_t { 1 } << (m_next % 64)) - 1;
    m_counts.clear();
    std::size_t entries = (static_cast<std::size_t>(m_slots) >> kGroupShift) + 1;
    std::size_t span = std::size_t { 1 } << kGroupShift;
    for (;;) {
        std::vector<std::uint32_t> level(entries, 0);
        for (std::size_t i = 0; i < entries; ++i) {
            const std::size_t from = i * span;
            level[i] = static_cast<std::uint32_t>(from >= m_next ? 0 : std::min<std::size_t>(span, m_next - from));
        }
        m_counts.push_back(std::move(level));
        if (entries <= 64)
            break;
        entries = (entries >> kFanShift) + 1;
        span <<= kFanShift;
    }
}

} // namespace kvtiers::trace
