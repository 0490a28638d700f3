#include "core/report/ResultCsv.h"

#include "core/io/Csv.h"

#include <cmath>
#include <limits>
#include <sstream>

namespace kvtiers {

std::string tierTableCsv(const EvalResult& r)
{
    std::ostringstream out;
    out << "tier,used_bytes,capacity_bytes,utilisation,weights_bytes,hot_kv_bytes,shared_prefix_bytes,"
           "fragmentation_bytes,retained_bytes,inclusive_copy_bytes,restore_seconds,recompute_seconds,"
           "restore_beats_recompute,write_bytes_per_s,link_utilization\n";
    const double nan = std::numeric_limits<double>::quiet_NaN();
    // The SSD tier's writes (one replica's share of the server's) and the link a tier's
    // restores load: the GPU's host link for DRAM, the server's NVMe for SSD.
    const double ssdWrites = r.replicasPerServer > 0 ? r.ssdWriteBytesPerSecond / r.replicasPerServer : nan;
    auto loadColumns = [&](double writes, double utilization) {
        out << ',' << (std::isfinite(writes) ? csvNumber(writes) : std::string()) << ','
            << (std::isfinite(utilization) ? csvNumber(utilization) : std::string());
    };
    auto row = [&](const char* name, const TierUse& use, double restoreSeconds, double writes, double utilization) {
        out << name << ',' << csvNumber(use.used()) << ',' << csvNumber(use.capacity) << ','
            << csvNumber(use.capacity > 0 ? use.used() / use.capacity : nan) << ',' << csvNumber(use.weights) << ','
            << csvNumber(use.hotKv) << ',' << csvNumber(use.sharedPrefixes) << ',' << csvNumber(use.fragmentation)
            << ',' << csvNumber(use.retained) << ',' << csvNumber(use.inclusiveCopies) << ','
            << csvNumber(restoreSeconds) << ',';
        if (std::isfinite(restoreSeconds)) // HBM holds its KV in place: nothing to restore
            out << csvNumber(r.recomputeSeconds) << ',' << (restoreSeconds < r.recomputeSeconds ? "yes" : "no");
        else
            out << ',';
        loadColumns(writes, utilization);
        out << '\n';
    };
    row("hbm", r.tiers.hbm, nan, nan, nan);
    row("dram", r.tiers.dram, r.restoreSecondsDram, nan, r.links.gpuLink.utilization);
    row("ssd", r.tiers.ssd, r.restoreSecondsSsd, ssdWrites, r.links.nvme.utilization);
    out << "overflow," << csvNumber(r.overflowBytes) << ",,,,,,,,,,,,,\n";
    return out.str();
}

} // namespace kvtiers
