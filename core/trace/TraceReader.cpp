#include "core/trace/TraceReader.h"

#include "core/io/InputError.h"
#include "core/io/InputFile.h"
#include "core/io/Json.h"
#include "core/trace/TraceInput.h"

#include <QtGlobal>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>

namespace kvtiers::trace {

namespace {

constexpr std::size_t kChunkBytes = 1 << 20;
/// A line longer than this is refused rather than buffered without bound.
constexpr std::size_t kMaxLineBytes = 256u << 20;
/// Token counts above this are not a real request (and would overflow the sums).
constexpr double kMaxTokens = 1e12;
/// Nesting accepted inside an unknown field's value, as the card reader allows.
constexpr int kMaxNesting = 64;

// Field bits, for "missing" and "given twice".
enum Field : unsigned {
    FTimestamp = 1u << 0,
    FInput = 1u << 1,
    FOutput = 1u << 2,
    FHashIds = 1u << 3,
    FChatId = 1u << 4,
    FParentChatId = 1u << 5,
    FType = 1u << 6,
    FTurn = 1u << 7,
};

// Every sentence is a template (core/io/Message.h): the CLI prints its English, the GUI
// translates it. A line's error is "<file>:<line>: " ("field \"<name>\": ") and a problem.
constexpr MessageContext say { "Messages" };
constexpr MessageContext sayInput { "TraceInput" }; ///< sentences added with gzip input

std::string quoteText(std::string_view s)
{
    return "\"" + std::string(s) + "\"";
}

/// A JSON type's name (typeOf) as a part of a sentence.
MessageArg found(const char* type)
{
    return MessageArg({ say(type) }, "");
}

/// Throws the reader's error for line `line` of `name`, naming the field when there is one.
[[noreturn]] void throwAt(const std::string& name, std::uint64_t line, const std::string& field, Message problem)
{
    MessageArg inner(std::vector<Message> { std::move(problem) }, "");
    if (field.empty())
        throw InputError(
            say(QT_TRANSLATE_NOOP("Messages", "%1:%2: %3"), { name, std::to_string(line), std::move(inner) }));
    throw InputError(say(QT_TRANSLATE_NOOP("Messages", "%1:%2: field %3: %4"),
        { name, std::to_string(line), quoteText(field), std::move(inner) }));
}

struct Number {
    bool integer = false; ///< no fraction, no exponent
    bool negative = false;
    bool fits = true; ///< integer magnitude fits in 64 bits
    std::uint64_t magnitude = 0;
    double value = 0;
};

/// The JSON scanner of one line. Knows the grammar, not the schema.
class LineScanner {
public:
    LineScanner(std::string_view line, const std::string& name, std::uint64_t lineNo)
        : m_begin(line.data())
        , m_p(line.data())
        , m_end(line.data() + line.size())
        , m_name(name)
        , m_lineNo(lineNo)
    {
    }

    const char* m_begin;
    const char* m_p;
    const char* m_end;

    std::size_t column() const { return static_cast<std::size_t>(m_p - m_begin) + 1; }
    void ws()
    {
        while (m_p < m_end && (*m_p == ' ' || *m_p == '\t' || *m_p == '\r' || *m_p == '\n'))
            ++m_p;
    }
    bool peek(char c)
    {
        ws();
        return m_p < m_end && *m_p == c;
    }
    bool atEnd()
    {
        ws();
        return m_p >= m_end;
    }
    [[noreturn]] void fail(const std::string& field, Message problem) const
    {
        throwAt(m_name, m_lineNo, field, std::move(problem));
    }
    /// `what` is a template with no figures, or a message.
    [[noreturn]] void syntax(const char* what) const { syntax(say(what)); }
    [[noreturn]] void syntax(Message what) const
    {
        fail({},
            say(QT_TRANSLATE_NOOP("Messages", "not valid JSON at column %1: %2"),
                { std::to_string(column()), MessageArg({ std::move(what) }, "") }));
    }

    void number(Number& n);
    bool plainId(std::uint64_t& id);
    std::string_view string();
    void skipValue(int depth);
    void skipContainer(char open, int depth);
    const char* typeOf();
    bool isNumberStart();
    double wholeNumber(const char* field, double lo, double hi);

private:
    const std::string& m_name;
    std::uint64_t m_lineNo;
};

/// Skips the digits at `p`.
const char* digits(const char* p, const char* end)
{
    while (p < end && *p >= '0' && *p <= '9')
        ++p;
    return p;
}

/// A JSON number at the cursor (the grammar of RFC 8259, checked strictly).
void LineScanner::number(Number& n)
{
    const char* start = m_p;
    const char* p = m_p;
    if (p < m_end && *p == '-') {
        n.negative = true;
        ++p;
    }
    if (p >= m_end || *p < '0' || *p > '9')
        syntax(QT_TRANSLATE_NOOP("Messages", "expected a value"));
    if (*p == '0') {
        ++p;
    } else {
        // Up to 19 digits cannot overflow 64 bits: no check per digit for those.
        const char* fast = p + std::min<std::ptrdiff_t>(19, m_end - p);
        while (p < fast && *p >= '0' && *p <= '9')
            n.magnitude = n.magnitude * 10 + static_cast<std::uint64_t>(*p++ - '0');
        while (p < m_end && *p >= '0' && *p <= '9') {
            const std::uint64_t d = static_cast<std::uint64_t>(*p - '0');
            if (n.magnitude > (UINT64_MAX - d) / 10)
                n.fits = false;
            else
                n.magnitude = n.magnitude * 10 + d;
            ++p;
        }
    }
    n.integer = true;
    if (p < m_end && *p == '.') {
        n.integer = false;
        ++p;
        if (p >= m_end || *p < '0' || *p > '9')
            syntax(QT_TRANSLATE_NOOP("Messages", "a digit must follow the decimal point"));
        p = digits(p, m_end);
    }
    if (p < m_end && (*p == 'e' || *p == 'E')) {
        n.integer = false;
        ++p;
        if (p < m_end && (*p == '+' || *p == '-'))
            ++p;
        if (p >= m_end || *p < '0' || *p > '9')
            syntax(QT_TRANSLATE_NOOP("Messages", "a digit must follow the exponent"));
        p = digits(p, m_end);
    }
    if (n.integer && n.fits) {
        n.value = n.negative ? -static_cast<double>(n.magnitude) : static_cast<double>(n.magnitude);
    } else {
        const auto res = std::from_chars(start, p, n.value);
        if (res.ec == std::errc::result_out_of_range || !std::isfinite(n.value))
            n.value = n.negative ? -HUGE_VAL : HUGE_VAL;
    }
    m_p = p;
}

/// The common shape of a block id, read fast: past blanks, a run of digits without sign,
/// fraction or exponent, at most 19 of them (so it fits in 64 bits) and no leading zero.
/// False, the cursor past the blanks only, for anything else: the caller reads it as any
/// number, with its checks and messages.
bool LineScanner::plainId(std::uint64_t& id)
{
    ws();
    const char* p = m_p;
    if (p >= m_end || *p < '0' || *p > '9')
        return false;
    std::uint64_t v = 0;
    if (*p == '0') {
        ++p;
    } else {
        const char* stop = p + std::min<std::ptrdiff_t>(19, m_end - p);
        while (p < stop && *p >= '0' && *p <= '9')
            v = v * 10 + static_cast<std::uint64_t>(*p++ - '0');
    }
    if (p < m_end && ((*p >= '0' && *p <= '9') || *p == '.' || *p == 'e' || *p == 'E'))
        return false;
    id = v;
    m_p = p;
    return true;
}

/// A string at the cursor; returns its raw text (escapes kept) and checks the grammar.
std::string_view LineScanner::string()
{
    if (m_p >= m_end || *m_p != '"')
        syntax(QT_TRANSLATE_NOOP("Messages", "expected a string"));
    const char* start = ++m_p;
    while (m_p < m_end && *m_p != '"') {
        const unsigned char c = static_cast<unsigned char>(*m_p);
        if (c < 0x20)
            syntax(QT_TRANSLATE_NOOP("Messages", "a control character inside a string"));
        if (c == '\\') {
            ++m_p;
            if (m_p >= m_end)
                break;
            if (!std::strchr("\"\\/bfnrtu", *m_p))
                syntax(QT_TRANSLATE_NOOP("Messages", "an unknown escape in a string"));
        }
        ++m_p;
    }
    if (m_p >= m_end)
        syntax(QT_TRANSLATE_NOOP("Messages", "a string is not closed"));
    const std::string_view text(start, static_cast<std::size_t>(m_p - start));
    ++m_p;
    return text;
}

/// Any value, skipped (fields this reader does not use).
void LineScanner::skipValue(int depth)
{
    ws();
    if (m_p >= m_end)
        syntax(QT_TRANSLATE_NOOP("Messages", "expected a value"));
    const char c = *m_p;
    if (c == '"') {
        string();
    } else if (c == '{' || c == '[') {
        skipContainer(c, depth);
    } else if (c == '-' || (c >= '0' && c <= '9')) {
        Number n;
        number(n);
    } else {
        for (const char* lit : { "true", "false", "null" }) {
            const std::size_t len = std::strlen(lit);
            if (static_cast<std::size_t>(m_end - m_p) >= len && std::memcmp(m_p, lit, len) == 0) {
                m_p += len;
                return;
            }
        }
        syntax(QT_TRANSLATE_NOOP("Messages", "expected a value"));
    }
}

/// An object or array at the cursor (`open` is its bracket), skipped with what it holds.
void LineScanner::skipContainer(char open, int depth)
{
    if (depth >= kMaxNesting)
        syntax(say(QT_TRANSLATE_NOOP("Messages", "nesting deeper than %1"), { std::to_string(kMaxNesting) }));
    const char close = open == '{' ? '}' : ']';
    ++m_p;
    if (peek(close)) {
        ++m_p;
        return;
    }
    for (;;) {
        if (open == '{') {
            ws();
            string();
            if (!peek(':'))
                syntax(QT_TRANSLATE_NOOP("Messages", "expected ':' after a key"));
            ++m_p;
        }
        skipValue(depth + 1);
        if (peek(',')) {
            ++m_p;
            continue;
        }
        if (peek(close)) {
            ++m_p;
            return;
        }
        syntax(say(QT_TRANSLATE_NOOP("Messages", "expected ',' or '%1'"), { std::string(1, close) }));
    }
}

const char* LineScanner::typeOf()
{
    ws();
    const char c = m_p < m_end ? *m_p : '\0';
    return m_p >= m_end        ? QT_TRANSLATE_NOOP("Messages", "nothing")
        : c == '"'             ? QT_TRANSLATE_NOOP("Messages", "a string")
        : c == '{'             ? QT_TRANSLATE_NOOP("Messages", "an object")
        : c == '['             ? QT_TRANSLATE_NOOP("Messages", "an array")
        : c == 't' || c == 'f' ? QT_TRANSLATE_NOOP("Messages", "a boolean")
        : c == 'n'             ? QT_TRANSLATE_NOOP("Messages", "null")
                               : QT_TRANSLATE_NOOP("Messages", "something else");
}

bool LineScanner::isNumberStart()
{
    ws();
    return m_p < m_end && (*m_p == '-' || (*m_p >= '0' && *m_p <= '9'));
}

/// A whole number within [lo, hi] for a field.
double LineScanner::wholeNumber(const char* field, double lo, double hi)
{
    if (!isNumberStart()) {
        const char* t = typeOf();
        skipValue(0);
        fail(field, say(QT_TRANSLATE_NOOP("Messages", "must be a number, found %1"), { found(t) }));
    }
    Number n;
    number(n);
    if (!std::isfinite(n.value) || n.value < lo || n.value > hi)
        fail(field,
            say(QT_TRANSLATE_NOOP("Messages", "out of range (must be %1 to %2)"),
                { formatNumber(lo), formatNumber(hi) }));
    if (n.value != std::floor(n.value))
        fail(field, say(QT_TRANSLATE_NOOP("Messages", "must be a whole number")));
    return n.value;
}

// ---- the fields of a request

double readTimestamp(LineScanner& s)
{
    if (!s.isNumberStart()) {
        const char* t = s.typeOf();
        s.fail("timestamp", say(QT_TRANSLATE_NOOP("Messages", "must be a number, found %1"), { found(t) }));
    }
    Number n;
    s.number(n);
    if (!std::isfinite(n.value) || std::fabs(n.value) > 1e15)
        s.fail("timestamp", say(QT_TRANSLATE_NOOP("Messages", "out of range")));
    return n.value;
}

void readOtherId(LineScanner& s, std::vector<std::uint64_t>& ids);

/// hash_ids: an array of whole numbers from 0 to 2^64 - 1. A negative id is refused: taken
/// as two's complement, -1 and 18446744073709551615 would be one block.
void readHashIds(LineScanner& s, std::vector<std::uint64_t>& ids)
{
    if (!s.peek('[')) {
        const char* t = s.typeOf();
        s.fail("hash_ids", say(QT_TRANSLATE_NOOP("Messages", "must be an array of block ids, found %1"), { found(t) }));
    }
    ++s.m_p;
    if (s.peek(']')) {
        ++s.m_p;
        return;
    }
    for (;;) {
        std::uint64_t id = 0;
        if (s.plainId(id)) {
            ids.push_back(id);
        } else {
            readOtherId(s, ids);
        }
        if (s.peek(',')) {
            ++s.m_p;
            continue;
        }
        if (s.peek(']')) {
            ++s.m_p;
            break;
        }
        s.syntax(QT_TRANSLATE_NOOP("Messages", "expected ',' or ']' in hash_ids"));
    }
}

/// An element of hash_ids that is not a plain run of digits: read as any number, and
/// refused as the element it is when it is not a block id.
void readOtherId(LineScanner& s, std::vector<std::uint64_t>& ids)
{
    if (!s.isNumberStart()) {
        const char* t = s.typeOf();
        s.fail("hash_ids",
            say(QT_TRANSLATE_NOOP("Messages", "element %1 must be a whole number, found %2"),
                { std::to_string(ids.size()), found(t) }));
    }
    Number n;
    s.number(n);
    if (!n.integer)
        s.fail("hash_ids",
            say(QT_TRANSLATE_NOOP("Messages", "element %1 must be a whole number"), { std::to_string(ids.size()) }));
    if (n.negative)
        s.fail("hash_ids",
            sayInput(QT_TRANSLATE_NOOP("TraceInput", "element %1 is negative; block ids are 0 to 18446744073709551615"),
                { std::to_string(ids.size()) }));
    if (!n.fits)
        s.fail("hash_ids",
            say(QT_TRANSLATE_NOOP("Messages", "element %1 does not fit in 64 bits"), { std::to_string(ids.size()) }));
    ids.push_back(n.magnitude);
}

/// Bailian's chat_id or parent_chat_id: a whole number in 64 bits, or an opaque string.
void readChatId(LineScanner& s, const std::string& field, std::int64_t& id)
{
    if (s.peek('"')) {
        s.string(); // an opaque id: identity is not needed for the cache
        return;
    }
    if (!s.isNumberStart()) {
        const char* t = s.typeOf();
        s.fail(field, say(QT_TRANSLATE_NOOP("Messages", "must be a number or a string, found %1"), { found(t) }));
    }
    Number n;
    s.number(n);
    if (!n.integer || !n.fits || n.magnitude > static_cast<std::uint64_t>(INT64_MAX))
        s.fail(field, say(QT_TRANSLATE_NOOP("Messages", "must be a whole number in 64 bits")));
    id = n.negative ? -static_cast<std::int64_t>(n.magnitude) : static_cast<std::int64_t>(n.magnitude);
}

/// What one line has read so far.
struct LineFields {
    unsigned seen = 0; ///< Field bits
    double timestamp = 0;
};

/// Reads the value of `key` at the cursor into `request` (raw block ids into `ids`);
/// returns the field's bit, 0 for a field this reader skips.
unsigned readField(LineScanner& s, std::string_view key, bool bailian, TraceRequest& request, LineFields& fields,
    std::vector<std::uint64_t>& ids)
{
    if (key == "timestamp") {
        fields.timestamp = readTimestamp(s);
        return FTimestamp;
    }
    if (key == "input_length") {
        request.inputTokens = static_cast<std::uint64_t>(s.wholeNumber("input_length", 0, kMaxTokens));
        return FInput;
    }
    if (key == "output_length") {
        request.outputTokens = static_cast<std::uint64_t>(s.wholeNumber("output_length", 0, kMaxTokens));
        return FOutput;
    }
    if (key == "hash_ids") {
        readHashIds(s, ids);
        return FHashIds;
    }
    if (bailian && (key == "chat_id" || key == "parent_chat_id")) {
        const bool chat = key == "chat_id";
        readChatId(s, std::string(key), chat ? request.chatId : request.parentChatId);
        return chat ? FChatId : FParentChatId;
    }
    if (bailian && key == "type") {
        if (!s.peek('"')) {
            const char* t = s.typeOf();
            s.fail("type", say(QT_TRANSLATE_NOOP("Messages", "must be a string, found %1"), { found(t) }));
        }
        s.string();
        return FType;
    }
    if (bailian && key == "turn") {
        s.wholeNumber("turn", 0, 1e12);
        return FTurn;
    }
    s.skipValue(0); // a field this analysis does not need
    return 0;
}

/// The line's object, field by field; fails on a field given twice or on text after it.
void readObject(
    LineScanner& s, bool bailian, TraceRequest& request, LineFields& fields, std::vector<std::uint64_t>& ids)
{
    s.ws();
    if (s.m_p >= s.m_end || *s.m_p != '{')
        s.syntax(say(QT_TRANSLATE_NOOP("Messages", "expected a JSON object, found %1"), { found(s.typeOf()) }));
    ++s.m_p;
    if (s.peek('}')) {
        ++s.m_p;
    } else {
        for (;;) {
            s.ws();
            const std::string_view key = s.string();
            if (!s.peek(':'))
                s.syntax(QT_TRANSLATE_NOOP("Messages", "expected ':' after a key"));
            ++s.m_p;
            s.ws();
            if (const unsigned bit = readField(s, key, bailian, request, fields, ids)) {
                if (fields.seen & bit)
                    s.fail(std::string(key), say(QT_TRANSLATE_NOOP("Messages", "given twice")));
                fields.seen |= bit;
            }
            if (s.peek(',')) {
                ++s.m_p;
                continue;
            }
            if (s.peek('}')) {
                ++s.m_p;
                break;
            }
            s.syntax(QT_TRANSLATE_NOOP("Messages", "expected ',' or '}'"));
        }
    }
    if (!s.atEnd())
        s.syntax(QT_TRANSLATE_NOOP("Messages", "unexpected text after the object"));
}

void checkRequired(const LineScanner& s, unsigned seen, bool bailian)
{
    struct Required {
        unsigned bit;
        const char* field;
    };
    for (const Required r : { Required { FTimestamp, "timestamp" }, Required { FInput, "input_length" },
             Required { FOutput, "output_length" }, Required { FHashIds, "hash_ids" },
             Required { FChatId, "chat_id" } }) {
        if (r.bit == FChatId && !bailian)
            continue;
        if (!(seen & r.bit))
            s.fail(r.field, say(QT_TRANSLATE_NOOP("Messages", "missing")));
    }
}

} // namespace

TraceReader::TraceReader(std::string name, TraceFormat format, int blockTokens)
    : m_name(std::move(name))
    , m_format(format)
    , m_blockTokens(blockTokens > 0 ? blockTokens : defaultBlockTokens(format))
    , m_blockTokensGiven(blockTokens > 0)
{
}

TraceReader::~TraceReader() = default;

std::uint64_t TraceReader::bytesRead() const
{
    return m_input && m_input->compressed() ? std::min(m_input->position(), m_total) : m_consumed;
}

std::unique_ptr<TraceReader> TraceReader::open(const std::string& path, TraceFormat format, int blockTokens)
{
    const auto size = regularFileSize(path);
    std::unique_ptr<TraceReader> r(new TraceReader(path, format, blockTokens));
    r->m_input = TraceInput::openFile(path, size);
    r->m_total = size;
    r->m_buffer.resize(kChunkBytes);
    return r;
}

std::unique_ptr<TraceReader> TraceReader::fromText(
    std::string text, const std::string& name, TraceFormat format, int blockTokens)
{
    std::unique_ptr<TraceReader> r(new TraceReader(name, format, blockTokens));
    r->m_total = text.size();
    if (isGzip(text)) {
        r->m_input = TraceInput::gzipText(std::move(text), name);
        r->m_buffer.resize(kChunkBytes);
        return r;
    }
    r->m_buffer.assign(text.begin(), text.end());
    r->m_end = r->m_buffer.size();
    r->m_eof = true;
    return r;
}

void TraceReader::fail(const std::string& field, Message problem) const
{
    throwAt(m_name, m_line, field, std::move(problem));
}

bool TraceReader::nextLine(std::string_view& line)
{
    for (;;) {
        const char* base = m_buffer.data();
        if (m_begin < m_end) {
            const void* nl = std::memchr(base + m_begin, '\n', m_end - m_begin);
            if (nl) {
                const std::size_t at = static_cast<const char*>(nl) - base;
                line = std::string_view(base + m_begin, at - m_begin);
                m_consumed += at + 1 - m_begin;
                m_begin = at + 1;
                return true;
            }
        }
        if (m_eof) {
            if (m_begin >= m_end)
                return false;
            line = std::string_view(base + m_begin, m_end - m_begin); // a last line without '\n'
            m_consumed += m_end - m_begin;
            m_begin = m_end;
            return true;
        }
        // Keep the unfinished line, read more behind it (growing the buffer for long lines).
        const std::size_t rest = m_end - m_begin;
        if (m_begin > 0) {
            std::memmove(m_buffer.data(), m_buffer.data() + m_begin, rest);
            m_begin = 0;
            m_end = rest;
        }
        if (m_end == m_buffer.size()) {
            if (m_buffer.size() >= kMaxLineBytes) {
                ++m_line;
                fail({},
                    say(QT_TRANSLATE_NOOP("Messages", "line is longer than %1 MiB; refused"),
                        { std::to_string(kMaxLineBytes >> 20) }));
            }
            m_buffer.resize(m_buffer.size() * 2);
        }
        const std::size_t got = m_input->read(m_buffer.data() + m_end, m_buffer.size() - m_end);
        if (got == 0)
            m_eof = true;
        m_end += got;
    }
}

bool TraceReader::next(TraceRequest& request)
{
    std::string_view line;
    while (nextLine(line)) {
        ++m_line;
        if (m_line == 1 && line.starts_with("\xEF\xBB\xBF"))
            line.remove_prefix(3);
        std::size_t i = 0;
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r'))
            ++i;
        if (i == line.size())
            continue; // blank lines separate nothing; skip them
        parseLine(line, request);
        return true;
    }
    return false;
}

void TraceReader::parseLine(std::string_view line, TraceRequest& request)
{
    if (m_format == TraceFormat::Auto) {
        // The format shows in the first request: only Bailian's lines carry a chat_id.
        m_format = line.find("\"chat_id\"") != std::string_view::npos ? TraceFormat::Bailian : TraceFormat::Mooncake;
        if (!m_blockTokensGiven)
            m_blockTokens = defaultBlockTokens(m_format);
    }
    const bool bailian = m_format == TraceFormat::Bailian;

    std::vector<std::uint64_t> keys = std::move(request.blockKeys); // keep its capacity
    request = TraceRequest {};
    request.blockKeys = std::move(keys);
    request.blockKeys.clear();
    request.line = m_line;
    m_ids.clear();

    LineScanner s(line, m_name, m_line);
    LineFields fields;
    readObject(s, bailian, request, fields, m_ids);
    checkRequired(s, fields.seen, bailian);

    request.timeSeconds = bailian ? fields.timestamp : fields.timestamp / 1000.0; // Mooncake: milliseconds
    if (m_lastTimeLine > 0 && request.timeSeconds < m_lastTime)
        fail("timestamp",
            say(QT_TRANSLATE_NOOP("Messages", "earlier than line %1's: requests must be in arrival order"),
                { std::to_string(m_lastTimeLine) }));
    m_lastTime = request.timeSeconds;
    m_lastTimeLine = m_line;
    chainBlocks(request);
}

void TraceReader::chainBlocks(TraceRequest& request) const
{
    // Each id names a block of `blockTokens` tokens of the prompt. More ids than blocks, or
    // fewer than its full blocks (only the last, partly filled one may go unnamed), means the
    // ids do not describe this prompt at this block size.
    const std::uint64_t b = static_cast<std::uint64_t>(m_blockTokens);
    const std::uint64_t maxBlocks = (request.inputTokens + b - 1) / b;
    const std::uint64_t fullBlocks = request.inputTokens / b; // (a replay would take unnamed blocks as never cached)
    if (m_ids.size() > maxBlocks || m_ids.size() < fullBlocks)
        fail("hash_ids",
            say(QT_TRANSLATE_NOOP("Messages",
                    "%1 block ids for input_length %2 (%3 to %4 at %5 tokens per block; is that the trace's block "
                    "size?)"),
                { std::to_string(m_ids.size()), std::to_string(request.inputTokens), std::to_string(fullBlocks),
                    std::to_string(maxBlocks), std::to_string(m_blockTokens) }));
    std::uint64_t parent = 0;
    request.blockKeys.reserve(m_ids.size());
    for (const std::uint64_t id : m_ids) {
        parent = chainKey(parent, id);
        request.blockKeys.push_back(parent);
    }
}

} // namespace kvtiers::trace
