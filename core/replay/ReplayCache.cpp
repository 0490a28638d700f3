#include "core/replay/ReplayCache.h"

#include <cmath>

namespace kvtiers::replay {

namespace {
std::uint64_t wholeBlocks(double capacity)
{
    if (!(capacity > 0))
        return 0;
    return capacity >= 1.8e19 ? UINT64_MAX : static_cast<std::uint64_t>(std::floor(capacity));
}
} // namespace

BlockLru::BlockLru(double capacity)
    : m_capacity(wholeBlocks(capacity))
{
}

void BlockLru::setCapacity(double capacity)
{
    m_capacity = wholeBlocks(capacity);
}

std::uint32_t BlockLru::slotOf(std::uint64_t key)
{
    auto [it, added] = m_index.try_emplace(key, kNone);
    if (!added)
        return it->second;
    std::uint32_t s;
    if (!m_free.empty()) {
        s = m_free.back();
        m_free.pop_back();
    } else {
        s = static_cast<std::uint32_t>(m_slots.size());
        m_slots.emplace_back();
    }
    m_slots[s] = Slot { key, kNone, kNone, 0 };
    it->second = s;
    return s;
}

void BlockLru::unlink(std::uint32_t s)
{
    Slot& x = m_slots[s];
    if (x.prev != kNone)
        m_slots[x.prev].next = x.next;
    else
        m_head = x.next;
    if (x.next != kNone)
        m_slots[x.next].prev = x.prev;
    else
        m_tail = x.prev;
    x.prev = x.next = kNone;
    --m_listed;
}

void BlockLru::pushFront(std::uint32_t s)
{
    Slot& x = m_slots[s];
    x.prev = kNone;
    x.next = m_head;
    if (m_head != kNone)
        m_slots[m_head].prev = s;
    m_head = s;
    if (m_tail == kNone)
        m_tail = s;
    ++m_listed;
}

void BlockLru::release(std::uint32_t s)
{
    m_index.erase(m_slots[s].key);
    m_free.push_back(s);
}

void BlockLru::touch(std::uint64_t key)
{
    auto it = m_index.find(key);
    if (it == m_index.end()) {
        pushFront(slotOf(key));
        return;
    }
    const std::uint32_t s = it->second;
    if (m_slots[s].pins > 0 || m_head == s)
        return;
    unlink(s);
    pushFront(s);
}

void BlockLru::erase(std::uint64_t key)
{
    auto it = m_index.find(key);
    if (it == m_index.end())
        return;
    const std::uint32_t s = it->second;
    if (m_slots[s].pins > 0)
        return;
    unlink(s);
    release(s);
}

void BlockLru::pin(std::uint64_t key)
{
    const bool existed = contains(key);
    const std::uint32_t s = slotOf(key);
    if (existed && m_slots[s].pins == 0)
        unlink(s);
    ++m_slots[s].pins;
}

void BlockLru::unpin(std::uint64_t key)
{
    auto it = m_index.find(key);
    if (it == m_index.end())
        return;
    const std::uint32_t s = it->second;
    if (m_slots[s].pins == 0)
        return;
    if (--m_slots[s].pins == 0)
        pushFront(s);
}

void BlockLru::evictOverflow(std::vector<std::uint64_t>& evicted)
{
    while (m_listed > m_capacity && m_tail != kNone) {
        const std::uint32_t s = m_tail;
        evicted.push_back(m_slots[s].key);
        unlink(s);
        release(s);
    }
}

} // namespace kvtiers::replay
