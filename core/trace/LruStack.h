#pragma once
// LruStack: Mattson's LRU stack distances (Mattson et al., "Evaluation techniques for
// storage hierarchies", IBM Systems Journal 1970) in O(log n) per reference, with a Fenwick
// tree over access times: each block holds a mark at the time of its last touch, and its
// distance is the number of marks at or after that time. An LRU cache of C blocks holds a
// block exactly when its distance is at most C, for every C at once.
//
// Times are slots in the tree; when the slots run out they are renumbered in order, so
// memory grows with the blocks held, not with the references seen.

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

private:
    void compact();
    std::uint64_t marksUpTo(std::uint32_t slot) const; ///< marks in slots [0, slot]
    void add(std::uint32_t slot, int delta);

    std::vector<std::uint32_t> m_tree;  ///< Fenwick tree over slots, 1-based
    std::vector<std::uint32_t> m_owner; ///< slot -> block + 1 (0: free)
    std::vector<std::uint32_t> m_slot;  ///< block -> slot + 1 (0: never touched)
    std::uint32_t m_next = 0;           ///< the next free slot
    std::uint32_t m_live = 0;
};

} // namespace kvtiers::trace
