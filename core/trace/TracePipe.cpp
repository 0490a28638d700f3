#include "core/trace/TracePipe.h"

#include <algorithm>
#include <system_error>

namespace kvtiers::trace {

namespace {
constexpr std::size_t kBatchRequests = 4096; ///< about 50,000 blocks of a Mooncake trace
constexpr std::size_t kFirstRequests = 64;
constexpr std::size_t kBatches = 4;
} // namespace

TracePipe::TracePipe(TraceReader& reader, std::function<bool(const TraceRequest&)> keep)
    : m_reader(reader)
    , m_keep(std::move(keep))
    , m_batches(kBatches)
{
    for (Batch& b : m_batches) {
        // A batch grows to kBatchRequests as it is filled: a small trace allocates little.
        b.requests.resize(kFirstRequests);
        b.ids.resize(kFirstRequests);
        b.kept.resize(kFirstRequests);
        m_free.push_back(&b);
    }
    try {
        m_thread = std::thread([this] { produce(); });
        m_threaded = true;
    } catch (const std::system_error&) {
        m_threaded = false; // no second thread: parse in line
    }
}

TracePipe::~TracePipe()
{
    if (!m_threaded)
        return;
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
    }
    m_changed.notify_all();
    m_thread.join();
}

void TracePipe::fill(Batch& b)
{
    b.count = 0;
    b.error = nullptr;
    try {
        for (;;) {
            if (b.count == b.requests.size()) {
                if (b.count == kBatchRequests)
                    break;
                const std::size_t n = std::min(kBatchRequests, 2 * b.count);
                b.requests.resize(n);
                b.ids.resize(n);
                b.kept.resize(n);
            }
            if (!m_reader.next(b.requests[b.count]))
                break;
            b.kept[b.count] = m_keep(b.requests[b.count]) ? 1 : 0;
            ++b.count;
        }
        b.last = b.count < kBatchRequests;
    } catch (...) {
        b.error = std::current_exception();
        b.last = true;
    }
    number(b);
    b.bytesRead = m_reader.bytesRead();
    b.format = m_reader.format();
    b.blockTokens = m_reader.blockTokens();
}

void TracePipe::number(Batch& b)
{
    // The lookups are independent misses at random: ask for each line a few keys ahead.
    constexpr std::size_t kAhead = 32;
    std::size_t pr = 0, pk = 0; // the prefetch cursor: request, key
    auto prefetchNext = [&] {
        while (pr < b.count && (!b.kept[pr] || pk >= b.requests[pr].blockKeys.size())) {
            ++pr;
            pk = 0;
        }
        if (pr < b.count)
            m_index.prefetch(b.requests[pr].blockKeys[pk++]);
    };
    for (std::size_t i = 0; i < kAhead; ++i)
        prefetchNext();
    for (std::size_t r = 0; r < b.count; ++r) {
        std::vector<std::uint32_t>& ids = b.ids[r];
        ids.clear();
        if (!b.kept[r])
            continue;
        try {
            for (const std::uint64_t key : b.requests[r].blockKeys) {
                prefetchNext();
                ids.push_back(m_index.intern(key));
            }
        } catch (...) { // too many blocks: raised at this request, as the reader's errors are
            b.count = r;
            b.error = std::current_exception();
            b.last = true;
            return;
        }
    }
    reserveAhead();
}

void TracePipe::reserveAhead()
{
    // Size the table for the blocks the rest of the file projects to, at the rate of new
    // blocks per byte the last batch showed (at most four times what it holds), rather than
    // doubling it step by step: each doubling moves every entry. New blocks come ever more
    // rarely as a trace goes on, so the recent rate projects more closely than the mean.
    const std::uint64_t read = m_reader.bytesRead(), total = m_reader.totalBytes();
    const std::size_t held = m_index.size();
    if (read > m_lastRead && total > read) {
        const double perByte = static_cast<double>(held - m_lastHeld) / static_cast<double>(read - m_lastRead);
        const double projected = static_cast<double>(held) + perByte * static_cast<double>(total - read);
        m_index.reserve(static_cast<std::size_t>(std::min(projected, 4.0 * static_cast<double>(held))));
    }
    m_lastRead = read;
    m_lastHeld = held;
}

void TracePipe::produce()
{
    for (;;) {
        Batch* b = nullptr;
        {
            std::unique_lock lock(m_mutex);
            m_changed.wait(lock, [this] { return m_stop || !m_free.empty(); });
            if (m_stop)
                return;
            b = m_free.back();
            m_free.pop_back();
        }
        fill(*b);
        {
            std::lock_guard lock(m_mutex);
            m_full.push_back(b);
        }
        m_changed.notify_all();
        if (b->last)
            return;
    }
}

const TraceRequest* TracePipe::next()
{
    for (;;) {
        if (m_current && m_at < m_current->count)
            return &m_current->requests[m_at++];
        if (m_current) {
            if (m_current->error)
                std::rethrow_exception(m_current->error);
            if (m_current->last)
                return nullptr;
        }
        if (!m_threaded) {
            m_current = m_free.front();
            fill(*m_current);
            m_at = 0;
            continue;
        }
        std::unique_lock lock(m_mutex);
        if (m_current)
            m_free.push_back(m_current);
        m_changed.notify_all();
        m_changed.wait(lock, [this] { return m_fullHead < m_full.size(); });
        m_current = m_full[m_fullHead++];
        if (m_fullHead == m_full.size()) {
            m_full.clear();
            m_fullHead = 0;
        }
        m_at = 0;
    }
}

} // namespace kvtiers::trace
