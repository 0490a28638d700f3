#pragma once
// KeyIndex: prefix keys to dense block numbers 0, 1, 2, ... in the order they are first
// seen. Open addressing (linear probing) on keys that are already well mixed (chainKey), so
// a key's high bits place it: its home is key * size / 2^64 (Lemire's multiply-shift), which
// takes a table of any size, not only powers of two. Key and number sit together in one
// 12-byte entry (one cache miss per lookup); the table fills to 3/4 before it doubles, or is
// sized up front (reserve) for the keys expected. The table is a BigArray (zero
// pages from the kernel, huge pages: an entry's number is stored plus one, so zero bytes
// are an empty entry). The trace's parsing thread numbers the keys (TracePipe), so the
// replay thread is spared these misses.

#include "core/io/InputError.h"
#include "core/trace/BigArray.h"

#include <QtGlobal>

#include <algorithm>
#include <cstdint>
#include <limits>

namespace kvtiers::trace {

class KeyIndex {
public:
    KeyIndex() { m_entries.resize(1 << 10); }

    void prefetch(std::uint64_t key) const { __builtin_prefetch(&m_entries[home(key)]); }

    /// The key's number; a new key gets the next one.
    std::uint32_t intern(std::uint64_t key)
    {
        const std::size_t n = m_entries.size();
        std::size_t i = home(key);
        while (m_entries[i].number != 0) {
            if (m_entries[i].key == key)
                return m_entries[i].number - 1;
            if (++i == n)
                i = 0;
        }
        if (m_count == std::numeric_limits<std::uint32_t>::max() - 1)
            throw InputError(Message { "Messages",
                QT_TRANSLATE_NOOP(
                    "Messages", "trace: more than 4 billion distinct blocks (analyse a sample of them)") });
        m_entries[i] = { key, ++m_count };
        if (m_count > m_entries.size() / 4 * 3)
            grow();
        return m_count - 1;
    }
    std::uint32_t size() const { return m_count; }
    /// Sizes the table for `keys` keys when they would fill it past 3/4: to 2/3 full, and
    /// at least half again, so that it need not double step by step (moving every entry
    /// each time), and a projection a little short of the final count does not force
    /// another step.
    void reserve(std::size_t keys)
    {
        const std::size_t n = m_entries.size();
        if (keys <= n / 4 * 3)
            return;
        rehash(std::max(keys / 2 * 3 + 4, n + n / 2));
    }
    /// Entries in the table (for tests).
    std::size_t capacity() const { return m_entries.size(); }

private:
#pragma pack(push, 4)
    struct Entry {
        std::uint64_t key;
        std::uint32_t number; ///< the block's number + 1; 0: an empty entry
    };
#pragma pack(pop)
    static_assert(sizeof(Entry) == 12);
    /// Where `key`'s probe starts: key * size / 2^64.
    std::size_t home(std::uint64_t key) const
    {
        __extension__ using Wide = unsigned __int128;
        return static_cast<std::size_t>((static_cast<Wide>(key) * m_entries.size()) >> 64);
    }
    void grow()
    {
        rehash(m_entries.size() * 2);
    }
    void rehash(std::size_t size)
    {
        // Homes keep the keys' order, so the entries move in order too: near-sequential writes.
        BigArray<Entry> old = std::move(m_entries);
        m_entries.resize(size);
        for (const Entry& e : old) {
            if (e.number == 0)
                continue;
            std::size_t i = home(e.key);
            while (m_entries[i].number != 0)
                if (++i == size)
                    i = 0;
            m_entries[i] = e;
        }
    }
    BigArray<Entry> m_entries;
    std::uint32_t m_count = 0;
};

} // namespace kvtiers::trace
