// Trace input: a gzip-compressed trace (told by its magic bytes, whatever its name) reads
// exactly as the plain one, member after member; a gzip file cut short or corrupt is an
// error naming the file; a file that is neither JSON Lines nor gzip is refused saying what
// it looks like; the parser running ahead on its own thread keeps the order of requests and
// of errors; and the replay without parsing (analyzeRequests) equals the one with it. The
// engine's parts for speed: the key table numbers keys in the order first seen however it
// grows or is sized ahead, a BigArray keeps its values and zero-fills what it adds (small,
// and past 2 MiB where it is mapped), and the parser's fast path for ids of up to 19 digits
// agrees with the checked one at the edge of 64 bits.

#include "core/trace/BigArray.h"
#include "core/trace/KeyIndex.h"
#include "core/trace/TraceAnalysis.h"
#include "core/trace/TraceInput.h"
#include "core/trace/TraceReader.h"
#include "tests/support/TestSupport.h"

#include <QtTest>

#include <fstream>
#include <sstream>
#include <zlib.h>

using namespace kvtiers;
using namespace kvtiers::trace;

namespace {

std::string shippedTrace()
{
    const QString env = qEnvironmentVariable("KVTIERS_SOURCE_DIR");
    const QString root
        = env.isEmpty() ? QFileInfo(QStringLiteral(__FILE__)).absolutePath() + QStringLiteral("/../..") : env;
    return QString(root + QStringLiteral("/tests/data/traces/mooncake-conversation.jsonl")).toStdString();
}

std::string readAll(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

/// One gzip member of `text`, written with zlib's deflate (RFC 1952 framing).
std::string gzip(const std::string& text)
{
    z_stream z {};
    if (deflateInit2(&z, 6, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        return {};
    std::string out(deflateBound(&z, static_cast<uLong>(text.size())) + 64, '\0');
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
    z.avail_in = static_cast<uInt>(text.size());
    z.next_out = reinterpret_cast<Bytef*>(out.data());
    z.avail_out = static_cast<uInt>(out.size());
    deflate(&z, Z_FINISH);
    out.resize(z.total_out);
    deflateEnd(&z);
    return out;
}

std::string writeFile(const QTemporaryDir& dir, const char* name, const std::string& bytes)
{
    const std::string path = QString(dir.path() + QLatin1Char('/') + QLatin1String(name)).toStdString();
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
}

TraceAnalysis analyzeFile(const std::string& path)
{
    auto reader = TraceReader::open(path);
    TraceOptions o;
    o.tierBlocks = { 3000, 12000, 40000 };
    return analyzeTrace(*reader, o);
}

/// Everything the outputs show, equal.
void checkSame(const TraceAnalysis& a, const TraceAnalysis& b)
{
    QCOMPARE(a.requests, b.requests);
    QCOMPARE(a.blockReferences, b.blockReferences);
    QCOMPARE(a.uniqueBlocks, b.uniqueBlocks);
    QCOMPARE(a.promptTokens, b.promptTokens);
    QCOMPARE(a.durationSeconds(), b.durationSeconds());
    QCOMPARE(a.prefixCum, b.prefixCum);
    QCOMPARE(a.prefixTokensCum, b.prefixTokensCum);
    QCOMPARE(a.gapCounts, b.gapCounts);
    for (Tier t : kTiers)
        QCOMPARE(a.tiers.tokens[t], b.tiers.tokens[t]);
    QCOMPARE(a.tiers.missTokens, b.tiers.missTokens);
}

} // namespace

class TestTraceInput : public QObject {
    Q_OBJECT

private slots:
    void gzipReadsAsPlain()
    {
        const std::string text = readAll(shippedTrace());
        const TraceAnalysis plain = analyzeFile(shippedTrace());
        QCOMPARE(plain.requests, std::uint64_t(12031)); // docs/trace.md: the shipped trace
        QTemporaryDir dir;
        // The name says nothing: gzip is told by its magic bytes.
        const std::string packed = gzip(text);
        QVERIFY(packed.size() < text.size() / 3);
        checkSame(analyzeFile(writeFile(dir, "trace.jsonl", packed)), plain);
        // Two members one after the other, as `cat a.gz b.gz` makes: one text.
        const std::size_t half = text.find('\n', text.size() / 2) + 1;
        checkSame(analyzeFile(writeFile(dir, "two.gz", gzip(text.substr(0, half)) + gzip(text.substr(half)))), plain);
        // In memory too (fromText), and progress counts the compressed bytes up to the end.
        auto reader = TraceReader::fromText(packed, "mem.gz");
        std::uint64_t last = 0, total = 0;
        bool ordered = true;
        const TraceAnalysis mem = analyzeTrace(*reader, {}, [&](std::uint64_t done, std::uint64_t all) {
            ordered = ordered && done >= last && done <= all;
            last = done;
            total = all;
            return true;
        });
        QVERIFY(ordered);
        QCOMPARE(total, static_cast<std::uint64_t>(packed.size()));
        QCOMPARE(last, total);
        QCOMPARE(mem.hitRatioInfinite(), plain.hitRatioInfinite());
    }

    void gzipCutShortIsAnErrorNamingTheFile()
    {
        const std::string packed = gzip(readAll(shippedTrace()));
        QTemporaryDir dir;
        for (const std::size_t keep : { std::size_t { 2 }, std::size_t { 10 }, packed.size() / 2, packed.size() - 1 }) {
            const std::string path = writeFile(dir, "cut.jsonl.gz", packed.substr(0, keep));
            const QString msg = test::inputErrorOf([&] { analyzeFile(path); });
            QVERIFY2(msg.startsWith(QString::fromStdString(path)), qPrintable(msg));
            QVERIFY2(msg.contains(QStringLiteral("ends early")), qPrintable(QString::number(keep) + u' ' + msg));
        }
        // A flipped byte inside the deflate data: corrupt (or, if the damage still inflates,
        // a line that is not JSON or a bad CRC), never a crash.
        std::string bad = packed;
        bad[bad.size() / 2] = static_cast<char>(bad[bad.size() / 2] ^ 0x5A);
        const std::string path = writeFile(dir, "bad.gz", bad);
        const QString msg = test::inputErrorOf([&] { analyzeFile(path); });
        QVERIFY2(msg.startsWith(QString::fromStdString(path)), qPrintable(msg));
    }

    void notJsonLinesSaysWhatItLooksLike_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("kind");
        QTest::newRow("zip") << QByteArray("PK\x03\x04\x14\x00\x00\x00", 8) << QStringLiteral("a zip archive");
        QTest::newRow("zstd") << QByteArray("\x28\xB5\x2F\xFD\x00", 5) << QStringLiteral("zstd-compressed data");
        QTest::newRow("xz") << QByteArray("\xFD"
                                          "7zXZ\x00\x00",
            7) << QStringLiteral("xz-compressed data");
        QTest::newRow("bzip2") << QByteArray("BZh91AY&SY") << QStringLiteral("bzip2-compressed data");
        QTest::newRow("binary") << QByteArray("\x7F"
                                              "ELF\x02\x01\x01\x00\x00",
            9) << QStringLiteral("binary data");
        QTest::newRow("json array") << QByteArray("[{\"timestamp\": 0}]\n") << QStringLiteral("a JSON array");
        QTest::newRow("csv") << QByteArray("timestamp,input_length\n0,5\n") << QStringLiteral("a table (CSV or TSV)");
        QTest::newRow("text") << QByteArray("hello\n") << QStringLiteral("text that does not start with '{'");
    }

    void notJsonLinesSaysWhatItLooksLike()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, kind);
        QTemporaryDir dir;
        const std::string raw(bytes.constData(), static_cast<std::size_t>(bytes.size()));
        const std::string path = writeFile(dir, "trace.jsonl", raw);
        const QString msg = test::inputErrorOf([&] { analyzeFile(path); });
        QVERIFY2(
            msg.startsWith(QString::fromStdString(path) + QStringLiteral(": looks like ") + kind), qPrintable(msg));
        QVERIFY2(msg.contains(QStringLiteral("not JSON Lines")), qPrintable(msg));
        // The same inside gzip: inflated, then checked.
        const std::string packed = writeFile(dir, "trace.gz", gzip(raw));
        const QString inner = test::inputErrorOf([&] { analyzeFile(packed); });
        QVERIFY2(inner.contains(QStringLiteral("inflated from gzip, it looks like ") + kind), qPrintable(inner));
        // A trace with a blank first line and a BOM is still JSON Lines.
        QCOMPARE(notJsonLines("\xEF\xBB\xBF\n  {\"timestamp\": 0}"), nullptr);
        QCOMPARE(notJsonLines(""), nullptr);
    }

    void parsingAheadKeepsOrderAndErrors()
    {
        // Many batches of the parsing thread; a bad line far in must still be named by its
        // number, after the requests before it, and the replay without parsing must match.
        const std::string text = readAll(shippedTrace());
        std::vector<TraceRequest> requests;
        {
            auto reader = TraceReader::fromText(text, "t.jsonl");
            TraceRequest r;
            while (reader->next(r))
                requests.push_back(r);
        }
        TraceOptions o;
        o.tierBlocks = { 3000, 12000, 40000 };
        const TraceAnalysis plain = analyzeFile(shippedTrace());
        checkSame(analyzeRequests(requests, o, TraceFormat::Mooncake, 512, "t.jsonl"), plain);
        std::size_t at = 0;
        for (int line = 1; line < 9000; ++line)
            at = text.find('\n', at) + 1;
        const std::string broken = text.substr(0, at) + "{\"timestamp\": 1e20}\n" + text.substr(at);
        const QString msg = test::inputErrorOf([&] {
            auto reader = TraceReader::fromText(broken, "t.jsonl");
            analyzeTrace(*reader, o);
        });
        QVERIFY2(msg.startsWith(QStringLiteral("t.jsonl:9000: field \"timestamp\"")), qPrintable(msg));
        // A cancel from the progress callback stops the parsing thread too.
        auto reader = TraceReader::fromText(text, "t.jsonl");
        bool cancelled = false;
        try {
            analyzeTrace(*reader, o, [](std::uint64_t, std::uint64_t) { return false; });
        } catch (const TraceCancelled&) {
            cancelled = true;
        }
        QVERIFY(cancelled);
    }

    void keyIndexNumbersInFirstSeenOrder()
    {
        // Keys spread over all 64 bits, with the ends (the first and the last home, where a
        // probe wraps) among them; each is interned twice, the second time after growth or a
        // reserve, and must keep its number.
        std::vector<std::uint64_t> keys { 0, ~std::uint64_t { 0 }, ~std::uint64_t { 0 } - 1, 1 };
        for (std::uint64_t i = 0; keys.size() < 100000; ++i)
            keys.push_back(chainKey(0, i));
        for (const bool reserveAhead : { false, true }) {
            KeyIndex index;
            if (reserveAhead)
                index.reserve(30000); // less than all: it must still grow past it
            for (std::size_t i = 0; i < keys.size(); ++i)
                QCOMPARE(index.intern(keys[i]), static_cast<std::uint32_t>(i));
            QCOMPARE(index.size(), static_cast<std::uint32_t>(keys.size()));
            QVERIFY(index.capacity() * 3 / 4 >= keys.size());
            index.reserve(400000);
            QVERIFY(index.capacity() * 3 / 4 >= 400000u);
            for (std::size_t i = keys.size(); i-- > 0;)
                QCOMPARE(index.intern(keys[i]), static_cast<std::uint32_t>(i));
            QCOMPARE(index.intern(12345), static_cast<std::uint32_t>(keys.size())); // a new key: the next number
        }
        // Sized ahead, the table is 2/3 full for the keys asked for, no more: 18 bytes per
        // distinct block (12-byte entries), not up to 32 as doubling past a power of two.
        KeyIndex sized;
        sized.reserve(1000000);
        QVERIFY(sized.capacity() >= 1500000 && sized.capacity() <= 1500004);
    }

    void bigArrayKeepsValuesAndZeroFills()
    {
        BigArray<std::uint32_t> a(1000);
        for (std::uint32_t i = 0; i < 1000; ++i)
            QCOMPARE(a[i], 0u);
        for (std::uint32_t i = 0; i < 1000; ++i)
            a[i] = i + 1;
        a.resize(3u << 20); // 12 MiB: mapped from here on
        for (std::uint32_t i = 0; i < 1000; ++i)
            QCOMPARE(a[i], i + 1);
        QCOMPARE(a[1000], 0u);
        QCOMPARE(a[(3u << 20) - 1], 0u);
        a[(3u << 20) - 1] = 7;
        a.resize(5u << 20); // grown in place or moved: the values go along
        QCOMPARE(a[999], 1000u);
        QCOMPARE(a[(3u << 20) - 1], 7u);
        QCOMPARE(a[(5u << 20) - 1], 0u);
        a.resize(2000); // shrunk, then grown again: what comes back is zero
        a.resize(4u << 20);
        QCOMPARE(a[999], 1000u);
        QCOMPARE(a[1000], 0u);
        QCOMPARE(a[(3u << 20) - 1], 0u); // was 7 before the shrink
        BigArray<std::uint32_t> b = std::move(a);
        QCOMPARE(b.size(), std::size_t { 4u << 20 });
        QCOMPARE(a.size(), std::size_t { 0 });
        QCOMPARE(b[0], 1u);
        b.zero();
        QCOMPARE(b[0], 0u);
    }

    void idsAtTheEdgeOf64Bits()
    {
        // Up to 19 digits are read without a check per digit; the 20th is checked. The
        // largest id, one more, and 19 nines (below 2^64) and 20 nines (above it).
        const auto read = [](const std::string& id) {
            auto reader = TraceReader::fromText(
                "{\"timestamp\": 0, \"input_length\": 600, \"output_length\": 1, \"hash_ids\": [" + id + "]}\n",
                "t.jsonl");
            TraceRequest r;
            reader->next(r);
            return r.blockKeys.at(0);
        };
        QCOMPARE(read("18446744073709551615"), chainKey(0, ~std::uint64_t { 0 }));
        QCOMPARE(read("9999999999999999999"), chainKey(0, 9999999999999999999ull));
        QCOMPARE(read("1234567890123456789"), chainKey(0, 1234567890123456789ull));
        QCOMPARE(read("0"), chainKey(0, 0));
        QCOMPARE(read(" \t7 , 8 "), chainKey(0, 7)); // blanks around the fast path
        for (const std::string id : { "18446744073709551616", "99999999999999999999", "184467440737095516150" }) {
            const QString msg = test::inputErrorOf([&] { read(id); });
            QVERIFY2(msg.contains(QStringLiteral("does not fit in 64 bits")), qPrintable(msg));
        }
        // What the fast path leaves to the full one gets the full one's messages.
        const std::pair<const char*, const char*> refused[] = {
            { "1, 2.5", "element 1 must be a whole number" },
            { "1, 1e3", "element 1 must be a whole number" },
            { "1, 2E0", "element 1 must be a whole number" },
            { "01", "expected ',' or ']' in hash_ids" },
            { "3, -0", "element 1 is negative" },
            { "1, \"2\"", "element 1 must be a whole number, found a string" },
        };
        for (const auto& [ids, needle] : refused) {
            const QString msg = test::inputErrorOf([&] { read(ids); });
            QVERIFY2(msg.contains(QString::fromUtf8(needle)), qPrintable(msg));
        }
    }
};

QTEST_GUILESS_MAIN(TestTraceInput)
#include "tst_trace_input.moc"
