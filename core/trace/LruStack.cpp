#include "core/trace/LruStack.h"

#include <algorithm>

namespace kvtiers::trace {

std::uint64_t LruStack::marksUpTo(std::uint32_t slot) const
{
    std::uint64_t sum = 0;
    for (std::size_t i = static_cast<std::size_t>(slot) + 1; i > 0; i &= i - 1)
        sum += m_tree[i];
    return sum;
}

void LruStack::add(std::uint32_t slot, int delta)
{
    for (std::size_t i = static_cast<std::size_t>(slot) + 1; i < m_tree.size(); i += i & (~i + 1))
        m_tree[i] += static_cast<std::uint32_t>(delta);
}

std::uint64_t LruStack::distance(std::uint32_t block) const
{
    if (block >= m_slot.size() || m_slot[block] == 0)
        return 0;
    const std::uint32_t slot = m_slot[block] - 1;
    return m_live - marksUpTo(slot) + 1;
}

void LruStack::touch(std::uint32_t block)
{
    if (block >= m_slot.size())
        m_slot.resize(std::max<std::size_t>(static_cast<std::size_t>(block) + 1, m_slot.size() * 2), 0);
    if (m_slot[block] != 0) {
        const std::uint32_t old = m_slot[block] - 1;
        add(old, -1);
        m_owner[old] = 0;
    } else {
        ++m_live;
    }
    if (m_next >= m_owner.size())
        compact();
    const std::uint32_t slot = m_next++;
    m_owner[slot] = block + 1;
    m_slot[block] = slot + 1;
    add(slot, +1);
}

void LruStack::compact()
{
    // Renumber the live marks 0..live-1 in time order and leave as many slots free again,
    // so the O(slots) rebuild is paid for by at least `live` touches: amortised O(1).
    const std::size_t slots = std::max<std::size_t>(2 * static_cast<std::size_t>(m_live) + 2, 1024);
    std::vector<std::uint32_t> owner(slots, 0);
    std::uint32_t j = 0;
    for (std::uint32_t s = 0; s < m_next; ++s)
        if (m_owner[s] != 0) {
            owner[j] = m_owner[s];
            m_slot[m_owner[s] - 1] = j + 1;
            ++j;
        }
    m_owner = std::move(owner);
    m_next = j;
    // Linear-time Fenwick build from the marks.
    m_tree.assign(slots + 1, 0);
    for (std::size_t i = 1; i <= j; ++i)
        m_tree[i] = 1;
    for (std::size_t i = 1; i <= slots; ++i) {
        const std::size_t parent = i + (i & (~i + 1));
        if (parent <= slots)
            m_tree[parent] += m_tree[i];
    }
}

} // namespace kvtiers::trace
