#pragma once
// TracePipe: a trace's requests parsed ahead on a second thread, so parsing (about half the
// work) runs beside the replay on another core. Requests come in order in batches that are
// used again (their block-key vectors keep their capacity); a parse error is raised by
// next() at the request where the reader met it, exactly as a reader read in line would.
// Without a second thread (std::thread failing to start) it reads in line.

#include "core/trace/TraceReader.h"

#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace kvtiers::trace {

class TracePipe {
public:
    explicit TracePipe(TraceReader& reader);
    ~TracePipe(); ///< stops the parser and joins it
    TracePipe(const TracePipe&) = delete;
    TracePipe& operator=(const TracePipe&) = delete;

    /// The next request, or null at the end; rethrows the reader's error where it came.
    const TraceRequest* next();
    /// The request after the one next() gave last, when it is already parsed; else null.
    const TraceRequest* peek() const
    {
        return m_current && m_at < m_current->count ? &m_current->requests[m_at] : nullptr;
    }
    /// As the reader says after the request next() gave last.
    std::uint64_t bytesRead() const { return m_current ? m_current->bytesRead : 0; }
    TraceFormat format() const { return m_current ? m_current->format : TraceFormat::Auto; }
    int blockTokens() const { return m_current ? m_current->blockTokens : 0; }

private:
    struct Batch {
        std::vector<TraceRequest> requests;
        std::size_t count = 0;
        bool last = false;
        std::exception_ptr error;
        std::uint64_t bytesRead = 0;
        TraceFormat format = TraceFormat::Auto;
        int blockTokens = 0;
    };
    void fill(Batch& batch);
    void produce();

    TraceReader& m_reader;
    std::vector<Batch> m_batches;
    std::vector<Batch*> m_free, m_full; ///< m_full in order: front first
    std::size_t m_fullHead = 0;
    Batch* m_current = nullptr;
    std::size_t m_at = 0;
    bool m_stop = false;
    bool m_threaded = false;
    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::thread m_thread;
};

} // namespace kvtiers::trace
