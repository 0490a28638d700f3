#pragma once
// BigArray: a zero-filled array of plain values, for the trace engine's per-block tables
// (tens to hundreds of MB, read at random). A large one is mapped straight from the kernel
// (mmap gives zero pages: no pass to fill it) on 2 MiB boundaries and marked for
// transparent huge pages, so a read at random misses the TLB far less often and the table
// faults in 512 times fewer pages. It grows in place when the kernel can (mremap), without
// a copy and without the old and the new array both held at the peak. Small arrays, and
// systems without mmap, use calloc and realloc.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <type_traits>
#include <utility>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace kvtiers::trace {

template <class T> class BigArray {
    static_assert(std::is_trivially_copyable_v<T>, "BigArray holds plain values only");

public:
    BigArray() = default;
    explicit BigArray(std::size_t n) { resize(n); }
    ~BigArray() { release(); }
    BigArray(const BigArray&) = delete;
    BigArray& operator=(const BigArray&) = delete;
    BigArray(BigArray&& o) noexcept { swap(o); }
    BigArray& operator=(BigArray&& o) noexcept
    {
        BigArray(std::move(o)).swap(*this);
        return *this;
    }
    void swap(BigArray& o) noexcept
    {
        std::swap(m_data, o.m_data);
        std::swap(m_size, o.m_size);
        std::swap(m_bytes, o.m_bytes);
        std::swap(m_mapped, o.m_mapped);
    }

    std::size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    T* data() { return m_data; }
    const T* data() const { return m_data; }
    T& operator[](std::size_t i) { return m_data[i]; }
    const T& operator[](std::size_t i) const { return m_data[i]; }
    T* begin() { return m_data; }
    T* end() { return m_data + m_size; }
    const T* begin() const { return m_data; }
    const T* end() const { return m_data + m_size; }

    /// `n` elements: those kept keep their values, new ones are zero bytes.
    void resize(std::size_t n)
    {
        if (n == 0) {
            release();
            return;
        }
        if (n > static_cast<std::size_t>(-1) / sizeof(T) / 2)
            throw std::bad_alloc();
        const std::size_t bytes = n * sizeof(T);
#if defined(__linux__)
        if (bytes >= kHuge || m_mapped) {
            remap(roundUp(bytes));
            m_size = n;
            return;
        }
#endif
        void* p = std::realloc(m_data, bytes);
        if (!p)
            throw std::bad_alloc();
        m_data = static_cast<T*>(p);
        if (bytes > m_bytes)
            std::memset(reinterpret_cast<char*>(m_data) + m_bytes, 0, bytes - m_bytes);
        m_bytes = bytes;
        m_size = n;
    }
    /// Every element back to zero bytes, the size kept.
    void zero()
    {
        if (m_data)
            std::memset(static_cast<void*>(m_data), 0, m_size * sizeof(T));
    }
    /// Gives the memory back; the size is 0.
    void release()
    {
        if (m_data) {
#if defined(__linux__)
            if (m_mapped)
                ::munmap(m_data, m_bytes);
            else
#endif
                std::free(m_data);
        }
        m_data = nullptr;
        m_size = 0;
        m_bytes = 0;
        m_mapped = false;
    }

private:
    static constexpr std::size_t kHuge = std::size_t { 2 } << 20; ///< a huge page of x86-64 and arm64

    static std::size_t roundUp(std::size_t bytes)
    {
        return (bytes + kHuge - 1) / kHuge * kHuge;
    }

#if defined(__linux__)
    /// Maps `bytes` (a multiple of kHuge) on a kHuge boundary, marked for huge pages.
    static void* mapAligned(std::size_t bytes)
    {
        void* raw = ::mmap(nullptr, bytes + kHuge, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (raw == MAP_FAILED)
            throw std::bad_alloc();
        const auto at = reinterpret_cast<std::uintptr_t>(raw);
        const std::uintptr_t aligned = (at + kHuge - 1) / kHuge * kHuge;
        if (aligned > at)
            ::munmap(raw, aligned - at);
        if (const std::size_t tail = at + bytes + kHuge - (aligned + bytes))
            ::munmap(reinterpret_cast<void*>(aligned + bytes), tail);
        void* p = reinterpret_cast<void*>(aligned);
        ::madvise(p, bytes, MADV_HUGEPAGE); // a hint: without it the pages are small
        return p;
    }
    void remap(std::size_t bytes)
    {
        if (bytes == m_bytes)
            return;
        if (m_mapped) {
            void* p = ::mremap(m_data, m_bytes, bytes, MREMAP_MAYMOVE);
            if (p == MAP_FAILED)
                throw std::bad_alloc();
            if (bytes > m_bytes)
                ::madvise(p, bytes, MADV_HUGEPAGE);
            m_data = static_cast<T*>(p);
            m_bytes = bytes;
            return;
        }
        void* p = mapAligned(bytes);
        if (m_data) {
            std::memcpy(p, m_data, std::min(m_bytes, bytes));
            std::free(m_data);
        }
        m_data = static_cast<T*>(p);
        m_bytes = bytes;
        m_mapped = true;
    }
#endif

    T* m_data = nullptr;
    std::size_t m_size = 0;
    std::size_t m_bytes = 0; ///< allocated
    bool m_mapped = false;
};

} // namespace kvtiers::trace
