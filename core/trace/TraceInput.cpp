#include "core/trace/TraceInput.h"

#include "core/io/InputError.h"
#include "core/io/Message.h"

#include <QtGlobal>

#include <cstdio>
#include <cstring>
#include <vector>
#include <zlib.h>

namespace kvtiers::trace {

namespace {

constexpr MessageContext say { "TraceInput" };
constexpr std::size_t kCompressedChunk = 1 << 18;

bool startsWith(std::string_view s, std::string_view magic)
{
    return s.size() >= magic.size() && s.substr(0, magic.size()) == magic;
}

/// A plain file, read through stdio.
class FileInput : public TraceInput {
public:
    FileInput(std::FILE* file, std::string name)
        : m_file(file)
        , m_name(std::move(name))
    {
    }
    ~FileInput() override { std::fclose(m_file); }
    std::size_t read(char* into, std::size_t n) override
    {
        const std::size_t got = std::fread(into, 1, n, m_file);
        if (got == 0 && std::ferror(m_file))
            throw InputError({ .code = InputErrorCode::CannotReadWhole, .where = m_name });
        m_position += got;
        return got;
    }
    std::uint64_t position() const override { return m_position; }

private:
    std::FILE* m_file;
    std::string m_name;
    std::uint64_t m_position = 0;
};

/// Bytes in memory.
class MemoryInput : public TraceInput {
public:
    explicit MemoryInput(std::string bytes)
        : m_bytes(std::move(bytes))
    {
    }
    std::size_t read(char* into, std::size_t n) override
    {
        const std::size_t got = std::min(n, m_bytes.size() - m_at);
        std::memcpy(into, m_bytes.data() + m_at, got);
        m_at += got;
        return got;
    }
    std::uint64_t position() const override { return m_at; }

private:
    std::string m_bytes;
    std::size_t m_at = 0;
};

/// gzip members inflated one after another from another input (RFC 1952).
class GzipInput : public TraceInput {
public:
    GzipInput(std::unique_ptr<TraceInput> raw, std::string name)
        : m_raw(std::move(raw))
        , m_name(std::move(name))
        , m_in(kCompressedChunk)
    {
        if (inflateInit2(&m_z, 16 + MAX_WBITS) != Z_OK)
            throw InputError(say(QT_TRANSLATE_NOOP("TraceInput", "%1: zlib could not start"), { m_name }));
    }
    ~GzipInput() override { inflateEnd(&m_z); }
    bool compressed() const override { return true; }
    std::uint64_t position() const override { return m_raw->position() - m_z.avail_in; }

    std::size_t read(char* into, std::size_t n) override
    {
        m_z.next_out = reinterpret_cast<Bytef*>(into);
        m_z.avail_out = static_cast<uInt>(std::min<std::size_t>(n, 1u << 30));
        while (m_z.avail_out > 0 && !m_done) {
            if (m_z.avail_in == 0 && !refill()) {
                if (m_inMember)
                    fail(QT_TRANSLATE_NOOP("TraceInput", "%1: the gzip data ends early (a truncated file?)"));
                m_done = true;
                break;
            }
            const int rc = inflate(&m_z, Z_NO_FLUSH);
            if (rc == Z_STREAM_END) {
                // Another member may follow (gzip -c a b > c); padding zeros end the file.
                m_inMember = false;
                if (m_z.avail_in == 0 && !refill()) {
                    m_done = true;
                    break;
                }
                if (m_z.next_in[0] == 0) {
                    m_done = true;
                    break;
                }
                inflateReset(&m_z);
                m_inMember = true;
            } else if (rc == Z_DATA_ERROR || rc == Z_NEED_DICT) {
                fail(QT_TRANSLATE_NOOP("TraceInput", "%1: the gzip data is corrupt (%2)"), m_z.msg ? m_z.msg : "");
            } else if (rc == Z_MEM_ERROR) {
                fail(QT_TRANSLATE_NOOP("TraceInput", "%1: out of memory while inflating the gzip data"));
            }
        }
        return static_cast<std::size_t>(reinterpret_cast<char*>(m_z.next_out) - into);
    }

private:
    bool refill()
    {
        const std::size_t got = m_raw->read(m_in.data(), m_in.size());
        m_z.next_in = reinterpret_cast<Bytef*>(m_in.data());
        m_z.avail_in = static_cast<uInt>(got);
        return got > 0;
    }
    [[noreturn]] void fail(const char* what, std::string detail = {}) const
    {
        throw InputError(say(what, { m_name, std::move(detail) }));
    }

    std::unique_ptr<TraceInput> m_raw;
    std::string m_name;
    std::vector<char> m_in;
    z_stream m_z {};
    bool m_inMember = true; ///< inside a member: its end must still come
    bool m_done = false;
};

/// Reads up to `n` bytes from the start of `input` into a string, and gives them back
/// through a reader that replays them first.
class HeadInput : public TraceInput {
public:
    HeadInput(std::unique_ptr<TraceInput> inner, std::string head)
        : m_inner(std::move(inner))
        , m_head(std::move(head))
    {
    }
    std::size_t read(char* into, std::size_t n) override
    {
        if (m_at < m_head.size()) {
            const std::size_t got = std::min(n, m_head.size() - m_at);
            std::memcpy(into, m_head.data() + m_at, got);
            m_at += got;
            return got;
        }
        return m_inner->read(into, n);
    }
    std::uint64_t position() const override { return m_inner->position(); }
    bool compressed() const override { return m_inner->compressed(); }

private:
    std::unique_ptr<TraceInput> m_inner;
    std::string m_head;
    std::size_t m_at = 0;
};

std::string readHead(TraceInput& in, std::size_t n)
{
    std::string head(n, '\0');
    std::size_t got = 0;
    while (got < n) {
        const std::size_t k = in.read(head.data() + got, n - got);
        if (k == 0)
            break;
        got += k;
    }
    head.resize(got);
    return head;
}

/// Wraps `input` so its first bytes are checked for JSON Lines.
std::unique_ptr<TraceInput> checked(std::unique_ptr<TraceInput> input, const std::string& name, bool inflated)
{
    std::string head = readHead(*input, 4096);
    if (const char* kind = notJsonLines(head)) {
        if (inflated)
            throw InputError(
                say(QT_TRANSLATE_NOOP("TraceInput",
                        "%1: inflated from gzip, it looks like %2, not JSON Lines (one JSON object per line)"),
                    { name, MessageArg({ say(kind) }, "") }));
        throw InputError(say(
            QT_TRANSLATE_NOOP("TraceInput", "%1: looks like %2, not JSON Lines (one JSON object per line) nor gzip"),
            { name, MessageArg({ say(kind) }, "") }));
    }
    return std::make_unique<HeadInput>(std::move(input), std::move(head));
}

} // namespace

bool isGzip(std::string_view bytes)
{
    return startsWith(bytes, "\x1F\x8B");
}

const char* notJsonLines(std::string_view head)
{
    using namespace std::string_view_literals;
    if (startsWith(head, "PK\x03\x04"sv) || startsWith(head, "PK\x05\x06"sv))
        return QT_TRANSLATE_NOOP("TraceInput", "a zip archive");
    if (startsWith(head, "\x28\xB5\x2F\xFD"sv))
        return QT_TRANSLATE_NOOP("TraceInput", "zstd-compressed data");
    if (startsWith(head, "BZh"sv))
        return QT_TRANSLATE_NOOP("TraceInput", "bzip2-compressed data");
    if (startsWith(head,
            "\xFD"
            "7zXZ\x00"sv))
        return QT_TRANSLATE_NOOP("TraceInput", "xz-compressed data");
    if (startsWith(head, "7z\xBC\xAF\x27\x1C"sv))
        return QT_TRANSLATE_NOOP("TraceInput", "a 7-Zip archive");
    if (head.size() > 262 && head.substr(257, 5) == "ustar")
        return QT_TRANSLATE_NOOP("TraceInput", "a tar archive");
    if (startsWith(head, "PAR1"sv))
        return QT_TRANSLATE_NOOP("TraceInput", "a Parquet file");
    if (head.find('\0') != std::string_view::npos)
        return QT_TRANSLATE_NOOP("TraceInput", "binary data");
    std::size_t i = startsWith(head, "\xEF\xBB\xBF"sv) ? 3 : 0;
    while (i < head.size() && (head[i] == ' ' || head[i] == '\t' || head[i] == '\r' || head[i] == '\n'))
        ++i;
    if (i == head.size() || head[i] == '{')
        return nullptr;
    if (head[i] == '[')
        return QT_TRANSLATE_NOOP("TraceInput", "a JSON array");
    const std::string_view first = head.substr(i, head.find('\n', i) - i);
    if (first.find(',') != std::string_view::npos || first.find('\t') != std::string_view::npos)
        return QT_TRANSLATE_NOOP("TraceInput", "a table (CSV or TSV)");
    return QT_TRANSLATE_NOOP("TraceInput", "text that does not start with '{'");
}

std::unique_ptr<TraceInput> TraceInput::openFile(const std::string& path, std::uint64_t size)
{
    (void)size;
    std::FILE* file = std::fopen(path.c_str(), "rb");
    if (!file)
        throw InputError({ .code = InputErrorCode::CannotOpen, .where = path });
    std::unique_ptr<TraceInput> raw = std::make_unique<FileInput>(file, path);
    std::string magic = readHead(*raw, 2);
    const bool gzip = isGzip(magic);
    raw = std::make_unique<HeadInput>(std::move(raw), std::move(magic));
    if (gzip)
        return checked(std::make_unique<GzipInput>(std::move(raw), path), path, true);
    return checked(std::move(raw), path, false);
}

std::unique_ptr<TraceInput> TraceInput::gzipText(std::string bytes, const std::string& name)
{
    return std::make_unique<GzipInput>(std::make_unique<MemoryInput>(std::move(bytes)), name);
}

} // namespace kvtiers::trace
