// Fuzzes the trace reader (both formats, detected and given) and the one-pass analysis
// behind it: any input is either analysed or refused with an InputError, and an analysed
// trace's curve is a share in [0, 1] that never falls as capacity grows. The same input is
// also read gzip-compressed (whole, it must give the same analysis; cut short, an
// InputError), and as raw bytes that may themselves start with gzip's magic.
#include "core/trace/TraceAnalysis.h"
#include "core/trace/TraceInput.h"
#include "tests/fuzz/FuzzSupport.h"

#include <cstdlib>
#include <optional>
#include <zlib.h>

using namespace kvtiers;
using namespace kvtiers::trace;

namespace {

std::string gzip(const std::string& text)
{
    z_stream z {};
    if (deflateInit2(&z, 1, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        std::abort();
    std::string out(deflateBound(&z, static_cast<uLong>(text.size())) + 64, '\0');
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
    z.avail_in = static_cast<uInt>(text.size());
    z.next_out = reinterpret_cast<Bytef*>(out.data());
    z.avail_out = static_cast<uInt>(out.size());
    if (deflate(&z, Z_FINISH) != Z_STREAM_END)
        std::abort();
    out.resize(z.total_out);
    deflateEnd(&z);
    return out;
}

/// The analysis of `bytes`, or nothing when refused; aborts on any broken promise.
std::optional<TraceAnalysis> check(const std::string& bytes, TraceFormat f, size_t size)
{
    try {
        auto reader = TraceReader::fromText(bytes, "trace.jsonl", f);
        TraceOptions o;
        o.tierBlocks = { 2, 3, 5 };
        o.routing = size % 2 ? TraceRouting::PrefixAware : TraceRouting::RoundRobin;
        o.caches = 1 + static_cast<int>(size % 3);
        TraceAnalysis a = analyzeTrace(*reader, o);
        double previous = 0;
        for (double c : { 0.0, 1.0, 2.0, 5.0, 10.0, 100.0, 1e6 }) {
            const double h = a.hitRatio(c);
            if (!(h >= previous && h <= 1.0) || !(a.tokenHitRatio(c) >= 0 && a.tokenHitRatio(c) <= 1.0))
                std::abort();
            previous = h;
        }
        const double served = a.tiers.tokens.hbm + a.tiers.tokens.dram + a.tiers.tokens.ssd + a.tiers.missTokens;
        if (std::fabs(served - a.promptTokens) > 1e-6 * (1 + a.promptTokens))
            std::abort();
        (void)a.reuseGapCdf();
        return a;
    } catch (const InputError&) {
        return std::nullopt;
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string text(fuzz::text(data, size));
    for (const TraceFormat f : { TraceFormat::Auto, TraceFormat::Bailian }) {
        const auto plain = check(text, f, size);
        if (isGzip(text))
            continue; // the raw bytes were read as gzip already
        const std::string packed = gzip(text);
        const auto inflated = check(packed, f, size);
        if (plain.has_value() != inflated.has_value()
            || (plain
                && (plain->blockReferences != inflated->blockReferences || plain->prefixCum != inflated->prefixCum)))
            std::abort();
        (void)check(packed.substr(0, size % packed.size()), f, size); // cut short: refused, never a crash
    }
    return 0;
}
