#include "core/trace/TracePipe.h"

#include <system_error>

namespace kvtiers::trace {

namespace {
constexpr std::size_t kBatchRequests = 512;
constexpr std::size_t kBatches = 4;
} // namespace

TracePipe::TracePipe(TraceReader& reader, std::function<bool(const TraceRequest&)> keep)
    : m_reader(reader)
    , m_keep(std::move(keep))
    , m_batches(kBatches)
{
    for (Batch& b : m_batches) {
        b.requests.resize(kBatchRequests);
        b.ids.resize(kBatchRequests);
        b.kept.resize(kBatchRequests);
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
        while (b.count < b.requests.size() && m_reader.next(b.requests[b.count])) {
            const TraceRequest& req = b.requests[b.count];
            std::vector<std::uint32_t>& ids = b.ids[b.count];
            ids.clear();
            b.kept[b.count] = m_keep(req) ? 1 : 0;
            if (b.kept[b.count]) {
                // The lookups are independent misses: ask for all the lines first.
                for (const std::uint64_t key : req.blockKeys)
                    m_index.prefetch(key);
                for (const std::uint64_t key : req.blockKeys)
                    ids.push_back(m_index.intern(key));
            }
            ++b.count;
        }
        b.last = b.count < b.requests.size();
    } catch (...) {
        b.error = std::current_exception();
        b.last = true;
    }
    b.bytesRead = m_reader.bytesRead();
    b.format = m_reader.format();
    b.blockTokens = m_reader.blockTokens();
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
