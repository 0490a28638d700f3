#pragma once
// TracePipe: a trace's requests parsed ahead on a second thread, so parsing runs beside the
// replay on another core. The same thread numbers the blocks of the requests a filter keeps
// (KeyIndex: a hash-table lookup, a cache miss at random per block, which would otherwise
// be the replay's largest cost). Requests come in order in batches that are used again
// (their vectors keep their capacity); an error is raised by next() at the request where
// the reader met it, exactly as a reader read in line would. Without a second thread
// (std::thread failing to start) it reads in line.

#include "core/trace/KeyIndex.h"
#include "core/trace/TraceReader.h"

#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace kvtiers::trace {

class TracePipe {
public:
    /// `keep` (called on the parsing thread) says which requests get their blocks numbered.
    TracePipe(TraceReader& reader, std::function<bool(const TraceRequest&)> keep);
    ~TracePipe(); ///< stops the parser and joins it
    TracePipe(const TracePipe&) = delete;
    TracePipe& operator=(const TracePipe&) = delete;

    /// The next request, or null at the end; rethrows the reader's error where it came.
    const TraceRequest* next();
    /// The block numbers of the request next() gave last; null when `keep` left it out.
    const std::vector<std::uint32_t>* ids() const
    {
        return m_current->kept[m_at - 1] ? &m_current->ids[m_at - 1] : nullptr;
    }
    /// Those of the request after it, when it is already parsed and kept; else null.
    const std::vector<std::uint32_t>* peekIds() const
    {
        return m_current && m_at < m_current->count && m_current->kept[m_at] ? &m_current->ids[m_at] : nullptr;
    }
    /// Distinct blocks numbered; final once next() has returned null.
    std::uint32_t distinctBlocks() const { return m_index.size(); }
    /// As the reader says after the request next() gave last.
    std::uint64_t bytesRead() const { return m_current ? m_current->bytesRead : 0; }
    TraceFormat format() const { return m_current ? m_current->format : TraceFormat::Auto; }
    int blockTokens() const { return m_current ? m_current->blockTokens : 0; }

private:
    struct Batch {
        std::vector<TraceRequest> requests;
        std::vector<std::vector<std::uint32_t>> ids; ///< per request: its blocks' numbers
        std::vector<char> kept;                      ///< per request: kept by the filter
        std::size_t count = 0;
        bool last = false;
        std::exception_ptr error;
        std::uint64_t bytesRead = 0;
        TraceFormat format = TraceFormat::Auto;
        int blockTokens = 0;
    };
    void fill(Batch& batch);
    void number(Batch& batch); ///< the kept requests' blocks, numbered
    void reserveAhead();
    void produce();

    TraceReader& m_reader;
    std::function<bool(const TraceRequest&)> m_keep;
    KeyIndex m_index;             ///< used by the parsing thread only, until the end
    std::uint64_t m_lastRead = 0; ///< bytes read at the end of the last batch
    std::size_t m_lastHeld = 0;   ///< blocks numbered then
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
