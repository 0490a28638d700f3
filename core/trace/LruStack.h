#pragma once
// LruStack: Mattson's LRU stack distances (Mattson et al., "Evaluation techniques for
// storage hierarchies", IBM Systems Journal 1970). Each block holds a mark at the slot of
// its last touch (slots are handed out in time order), and its distance is the number of
// marks at or after that slot. An LRU cache of C blocks holds a block exactly when its
// distance is at most C, for every C at once.
//
// The marks are a bitmap under a counting tree of fanout 64 (counts of 512 slots, then of
// 64 of those, ...): a distance reads one line of the bitmap and a few small, cache-resident
// count arrays, and the touch that follows updates the same line and counts. (A Fenwick
// tree, used before, walks two different paths of about 23 scattered nodes at 3.7 million
// blocks.) When the slots run out they are renumbered in order, so memory grows with the
// blocks held, not with the references seen.

#include "core/trace/BigArray.h"

#include <cstdint>
#include <vector>

namespace kvtiers::trace {

class LruStack {
public:
    /// 1 + the number of distinct blocks touched since `block` was last touched; 0 if it
    /// never was (an infinite distance: a miss at every capacity).
    std::uint64_t distance(std::uint32_t block) const;
    /// Makes `block` the most recently used.
    void touch(std::uint32_t block);
    /// Distinct blocks touched so far.
    std::uint64_t size() const { return m_live; }
    /// Hints the memory `block`'s next distance() and touch() read (a prefetch).
    void prefetch(std::uint32_t block) const
    {
        if (block < m_blocks.size())
            __builtin_prefetch(&m_blocks[block]);
    }
    /// A number the caller keeps with each block, beside its slot (one cache line for both):
    /// 0 until set. The trace replay keeps the block's last request there.
    std::uint32_t tag(std::uint32_t block) const { return block < m_blocks.size() ? m_blocks[block].tag : 0; }
    void setTag(std::uint32_t block, std::uint32_t tag) { m_blocks[block].tag = tag; }

private:
    void compact();
    void rebuildCounts();
    std::uint64_t marksBefore(std::uint32_t slot) const; ///< marks in slots [0, slot)
    void flip(std::uint32_t slot, bool on);

    struct Block {
        std::uint32_t slot = 0; ///< slot + 1 (0: never touched)
        std::uint32_t tag = 0;
    };
    // The per-block and per-slot arrays are BigArrays: zero pages, huge pages, grown in place.
    BigArray<std::uint64_t> m_bits;                   ///< one bit per slot: a block's last touch
    std::vector<std::vector<std::uint32_t>> m_counts; ///< level l: marks per 512 * 64^l slots
    BigArray<std::uint32_t> m_owner;                  ///< slot -> block + 1 (0: free)
    BigArray<Block> m_blocks;
    std::uint32_t m_slots = 0; ///< slots in use before renumbering
    std::uint32_t m_next = 0;  ///< the next free slot
    std::uint32_t m_live = 0;
};

} // namespace kvtiers::trace
