// Fuzzes the trace reader (both formats, detected and given) and the one-pass analysis
// behind it: any input is either analysed or refused with an InputError, and an analysed
// trace's curve is a share in [0, 1] that never falls as capacity grows.
#include "core/trace/TraceAnalysis.h"
#include "tests/fuzz/FuzzSupport.h"

#include <cstdlib>

using namespace kvtiers;
using namespace kvtiers::trace;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string text(fuzz::text(data, size));
    for (const TraceFormat f : { TraceFormat::Auto, TraceFormat::Bailian }) {
        try {
            auto reader = TraceReader::fromText(text, "trace.jsonl", f);
            TraceOptions o;
            o.tierBlocks = { 2, 3, 5 };
            o.routing = size % 2 ? TraceRouting::PrefixAware : TraceRouting::RoundRobin;
            o.caches = 1 + static_cast<int>(size % 3);
            const TraceAnalysis a = analyzeTrace(*reader, o);
            double previous = 0;
            for (double c : { 0.0, 1.0, 2.0, 5.0, 10.0, 100.0, 1e6 }) {
                const double h = a.hitRatio(c);
                if (!(h >= previous && h <= 1.0) || !(a.tokenHitRatio(c) >= 0 && a.tokenHitRatio(c) <= 1.0))
                    std::abort();
                previous = h;
            }
            const double served = a.tiers.tokens[0] + a.tiers.tokens[1] + a.tiers.tokens[2] + a.tiers.missTokens;
            if (std::fabs(served - a.promptTokens) > 1e-6 * (1 + a.promptTokens))
                std::abort();
            (void)a.reuseGapCdf();
        } catch (const InputError&) {
        }
    }
    return 0;
}
