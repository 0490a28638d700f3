#include "core/report/SweepReport.h"

#include "core/io/Csv.h"

#include <sstream>

namespace kvtiers {

std::string sweepCsv(const SweepResult& sweep)
{
    std::ostringstream out;
    out << sweepAxisName(sweep.axis)
        << ",hbm_used_bytes,dram_used_bytes,ssd_used_bytes,overflow_bytes,max_concurrency,tokens_per_second\n";
    for (const auto& pt : sweep.points)
        out << csvNumber(pt.x) << "," << csvNumber(pt.tiers.hbm.used()) << "," << csvNumber(pt.tiers.dram.used()) << ","
            << csvNumber(pt.tiers.ssd.used()) << "," << csvNumber(pt.overflowBytes) << ","
            << csvNumber(pt.maxConcurrency) << "," << csvNumber(pt.tokensPerSecond) << "\n";
    return out.str();
}

} // namespace kvtiers
