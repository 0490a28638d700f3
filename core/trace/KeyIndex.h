#pragma once
// KeyIndex: prefix keys to dense block numbers 0, 1, 2, ... in the order they are first
// seen. Open addressing on keys that are already well mixed (chainKey), so their low bits
// serve as the hash. Key and number sit together in one 12-byte entry (one cache miss per
// lookup), and the table fills to 3/4 before it doubles. The table is a BigArray (zero
// pages from the kernel, huge pages: an entry's number is stored plus one, so zero bytes
// are an empty entry). The trace's parsing thread numbers the keys (TracePipe), so the
// replay thread is spared these misses.

#include "core/io/InputError.h"
#include "core/trace/BigArray.h"

#include <cstdint>
#include <limits>

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
        while (m_entries[i].number != 0) {
            if (m_entries[i].key == key)
                return m_entries[i].number - 1;
            i = (i + 1) & m;
        }
        if (m_count == std::numeric_limits<std::uint32_t>::max() - 1)
            throw InputError("trace: more than 4 billion distinct blocks; use --sample");
        m_entries[i] = { key, ++m_count };
        if (m_count > m_entries.size() / 4 * 3)
            grow();
        return m_count - 1;
    }
    std::uint32_t size() const { return m_count; }
    /// Sizes the table for `keys` keys up front, so that it need not grow (and move every
    /// entry, a cache miss each) until they are all in.
    void reserve(std::size_t keys)
    {
        std::size_t n = m_entries.size();
        while (keys > n / 4 * 3)
            n *= 2;
        if (n > m_entries.size())
            rehash(n);
    }

private:
#pragma pack(push, 4)
    struct Entry {
        std::uint64_t key;
        std::uint32_t number; ///< the block's number + 1; 0: an empty entry
    };
#pragma pack(pop)
    static_assert(sizeof(Entry) == 12);
    std::size_t mask() const
    {
        return m_entries.size() - 1;
    }
    void grow()
    {
        rehash(m_entries.size() * 2);
    }
    void rehash(std::size_t size)
    {
        BigArray<Entry> entries(size);
        const std::size_t m = entries.size() - 1;
        for (const Entry& e : m_entries) {
            if (e.number == 0)
                continue;
            std::size_t i = static_cast<std::size_t>(e.key) & m;
            while (entries[i].number != 0)
                i = (i + 1) & m;
            entries[i] = e;
        }
        m_entries = std::move(entries);
    }
    BigArray<Entry> m_entries;
    std::uint32_t m_count = 0;
};

} // namespace kvtiers::trace
