#pragma once
// KeyIndex: prefix keys to dense block numbers 0, 1, 2, ... in the order they are first
// seen. Open addressing on keys that are already well mixed (chainKey), so their low bits
// serve as the hash. Key and number sit together in one 12-byte entry (one cache miss per
// lookup), and the table fills to 3/4 before it doubles. The trace's parsing thread numbers
// the keys (TracePipe), so the replay thread is spared these misses.

#include "core/io/InputError.h"

#include <cstdint>
#include <limits>
#include <vector>

namespace kvtiers::trace {

class KeyIndex {
public:
    KeyIndex() { m_entries.resize(1 << 10); }

    void prefetch(std::uint64_t key) const { __builtin_prefetch(&m_entries[static_cast<std::size_t>(key) & mask()]); }

    /// The key's number; a new key gets the next one.
    std::uint32_t intern(std::uint64_t key)
    {
        const std::size_t m = mask();
        std::size_t i = static_cast<std::size_t>(key) & m;
        while (m_entries[i].value != kEmpty) {
            if (m_entries[i].key == key)
                return m_entries[i].value;
            i = (i + 1) & m;
        }
        if (m_count == std::numeric_limits<std::uint32_t>::max() - 1)
            throw InputError("trace: more than 4 billion distinct blocks; use --sample");
        m_entries[i] = { key, m_count };
        if (++m_count > m_entries.size() / 4 * 3)
            grow();
        return m_count - 1;
    }
    std::uint32_t size() const { return m_count; }

private:
    static constexpr std::uint32_t kEmpty = std::numeric_limits<std::uint32_t>::max();
#pragma pack(push, 4)
    struct Entry {
        std::uint64_t key = 0;
        std::uint32_t value = kEmpty;
    };
#pragma pack(pop)
    static_assert(sizeof(Entry) == 12);
    std::size_t mask() const
    {
        return m_entries.size() - 1;
    }
    void grow()
    {
        std::vector<Entry> entries(m_entries.size() * 2);
        const std::size_t m = entries.size() - 1;
        for (const Entry& e : m_entries) {
            if (e.value == kEmpty)
                continue;
            std::size_t i = static_cast<std::size_t>(e.key) & m;
            while (entries[i].value != kEmpty)
                i = (i + 1) & m;
            entries[i] = e;
        }
        m_entries = std::move(entries);
    }
    std::vector<Entry> m_entries;
    std::uint32_t m_count = 0;
};

} // namespace kvtiers::trace
