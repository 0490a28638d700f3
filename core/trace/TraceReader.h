#pragma once
// TraceReader: a streaming reader of request traces with prefix identity, one request per
// JSONL line, in the two public formats:
//   Mooncake FAST'25 (kvcache-ai/Mooncake, FAST25-release/traces): `timestamp` (ms),
//     `input_length`, `output_length`, `hash_ids` (chained hashes of 512-token blocks);
//   Qwen-Bailian (alibaba-edu/qwen-bailian-usagetraces-anon): `chat_id`, `parent_chat_id`,
//     `timestamp` (s), `input_length`, `output_length`, `type`, `turn`, `hash_ids` (salted
//     hashes of 16-token blocks).
// Every block id is chained into a prefix key (key = mix(parent key, id)), so two requests
// share a key exactly as far as their leading ids agree, whether or not the trace's ids were
// chained already (Bailian's README does not say; for Mooncake's chained ids it is a no-op).
//
// The reader holds one line at a time: memory does not grow with the file. A malformed line
// throws InputError naming the file, the line and the field. A file may be gzip-compressed
// (told by its magic bytes); one that is neither is refused saying what it looks like
// (TraceInput).

#include "core/io/Message.h"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace kvtiers::trace {

enum class TraceFormat { Auto, Mooncake, Bailian };

/// "mooncake", "bailian" ("auto" for Auto).
const char* traceFormatName(TraceFormat format);
/// The format's own block size in tokens: Mooncake 512, Bailian 16 (0 for Auto).
int defaultBlockTokens(TraceFormat format);
/// "mooncake" or "bailian"; throws InputError naming `what` otherwise.
TraceFormat parseTraceFormat(std::string_view text, const std::string& what);

/// One request as the trace states it, with its block ids chained into prefix keys.
struct TraceRequest {
    double timeSeconds = 0; ///< arrival, seconds (Mooncake's milliseconds converted)
    std::uint64_t inputTokens = 0;
    std::uint64_t outputTokens = 0;
    std::vector<std::uint64_t> blockKeys; ///< chained prefix keys, head first
    std::int64_t chatId = -1;             ///< Bailian only
    std::int64_t parentChatId = -1;       ///< Bailian only (-1: first turn)
    std::uint64_t line = 0;               ///< 1-based line in the file

    /// Tokens in block `i`: the block size, except a shorter last block.
    std::uint64_t blockTokenCount(std::size_t i, int blockTokens) const
    {
        const std::uint64_t start = static_cast<std::uint64_t>(i) * static_cast<std::uint64_t>(blockTokens);
        if (start >= inputTokens)
            return 0;
        const std::uint64_t left = inputTokens - start;
        return left < static_cast<std::uint64_t>(blockTokens) ? left : static_cast<std::uint64_t>(blockTokens);
    }
};

namespace detail {
inline std::uint64_t splitmix64(std::uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}
} // namespace detail

/// The prefix key of a block whose parent block's key is `parent` (0 for the first block).
/// Two rounds of a bijective mixer: distinct (parent, id) pairs collide only by chance (about
/// n² / 2^65 for n keys), and the key of a block depends on its whole prefix. Inline: the
/// reader chains every block id of the trace with it.
inline std::uint64_t chainKey(std::uint64_t parent, std::uint64_t blockId)
{
    return detail::splitmix64(detail::splitmix64(parent) ^ blockId);
}

class TraceReader {
public:
    /// Reads the file at `path` in chunks, inflating it when it is gzip. Throws InputError if
    /// it is missing, a directory, not a regular file, unreadable, or neither JSON Lines nor
    /// gzip (saying what it looks like). `blockTokens` 0 takes the format's own.
    static std::unique_ptr<TraceReader> open(
        const std::string& path, TraceFormat format = TraceFormat::Auto, int blockTokens = 0);
    /// Reads text already in memory (tests, fuzzing), inflating it when it starts with gzip's
    /// magic bytes; `name` stands for the file in messages.
    static std::unique_ptr<TraceReader> fromText(
        std::string text, const std::string& name, TraceFormat format = TraceFormat::Auto, int blockTokens = 0);
    ~TraceReader();
    TraceReader(const TraceReader&) = delete;
    TraceReader& operator=(const TraceReader&) = delete;

    /// The next request, or false at the end. Throws InputError naming file, line and field.
    bool next(TraceRequest& request);

    /// The format: as given, or detected from the first request (Auto until then).
    TraceFormat format() const { return m_format; }
    /// Tokens per hashed block: as given, or the format's own once it is known.
    int blockTokens() const { return m_blockTokens; }
    const std::string& name() const { return m_name; }
    /// For progress: bytes of the file read so far (compressed ones for gzip) and its size.
    std::uint64_t bytesRead() const;
    std::uint64_t totalBytes() const { return m_total; }

private:
    TraceReader(std::string name, TraceFormat format, int blockTokens);
    bool nextLine(std::string_view& line);
    void parseLine(std::string_view line, TraceRequest& request);
    /// The line's block ids (m_ids) chained into the request's prefix keys.
    void chainBlocks(TraceRequest& request) const;
    [[noreturn]] void fail(const std::string& field, Message problem) const;

    std::string m_name;
    TraceFormat m_format;
    int m_blockTokens;
    bool m_blockTokensGiven;
    std::unique_ptr<class TraceInput> m_input; ///< null: all the text is in m_buffer
    std::vector<char> m_buffer;                ///< the current chunk; lines never outlive it
    std::size_t m_begin = 0, m_end = 0;        ///< unread part of m_buffer
    bool m_eof = false;
    std::uint64_t m_line = 0;
    std::uint64_t m_consumed = 0;
    std::uint64_t m_total = 0;
    double m_lastTime = 0;
    std::uint64_t m_lastTimeLine = 0;
    std::vector<std::uint64_t> m_ids; ///< scratch: the line's raw ids
};

} // namespace kvtiers::trace
