#pragma once
// ReplayCache: one tier's prefix cache in a replay: an LRU of block keys with a capacity in
// blocks. A block held by a running request (HBM only) is pinned: findable, but outside the
// LRU and its capacity until its last holder releases it. Keys are looked up through a hash
// map but never iterated from it: eviction order is the list's, so replays are deterministic.

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace kvtiers::replay {

class BlockLru {
public:
    /// `capacity` in blocks (fractions floor); may change with setCapacity.
    explicit BlockLru(double capacity = 0);

    bool contains(std::uint64_t key) const { return m_index.count(key) != 0; }
    /// Blocks in the LRU (pinned ones not counted).
    std::uint64_t size() const { return m_listed; }
    std::uint64_t capacity() const { return m_capacity; }
    void setCapacity(double capacity);

    /// Inserts or moves `key` to the most recent end (unpinned keys only).
    void touch(std::uint64_t key);
    /// Removes `key` if present and unpinned.
    void erase(std::uint64_t key);
    /// Adds a holder: the key leaves the LRU (inserted if new).
    void pin(std::uint64_t key);
    /// Drops a holder; the last one returns the key to the most recent end.
    void unpin(std::uint64_t key);
    /// Evicts least recent keys beyond the capacity, appending them to `evicted` in order.
    void evictOverflow(std::vector<std::uint64_t>& evicted);

private:
    struct Slot {
        std::uint64_t key = 0;
        std::uint32_t prev = kNone, next = kNone;
        std::uint32_t pins = 0;
    };
    static constexpr std::uint32_t kNone = 0xffffffffu;
    std::uint32_t slotOf(std::uint64_t key); ///< existing or new (unlisted, unpinned)
    void unlink(std::uint32_t s);
    void pushFront(std::uint32_t s);
    void release(std::uint32_t s);

    std::unordered_map<std::uint64_t, std::uint32_t> m_index;
    std::vector<Slot> m_slots;
    std::vector<std::uint32_t> m_free;
    std::uint32_t m_head = kNone, m_tail = kNone; ///< head: most recent
    std::uint64_t m_listed = 0;
    std::uint64_t m_capacity = 0;
};

} // namespace kvtiers::replay
