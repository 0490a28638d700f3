#pragma once
// PrefixCache: the hit rate a real LRU prefix cache gets, not a perfect one (docs/model.md §4.4).
//
// Each request stores a reusable prefix of b bytes (per GPU) at rate λ; the prefix is used
// again after a gap G drawn from the workload's gap distribution F (exponential with mean
// D, the reuse distance, or a table measured from a trace). Che's approximation: an LRU
// cache of capacity K keeps a block for a characteristic time T after its last use, where
// the expected occupancy equals K, and a reuse hits when G ≤ T:
//
//   occupancy(T) = λ b m(T),   m(T) = E[min(G, T)] + T       (kept until used, then T more;
//                                                             a miss is stored again for T)
//   hit share    = F(T)                                       (of the reusable, cacheable tokens)
//
// With exponential gaps, m(T) = D (1 − e^{−T/D}) + T; a cache the size of the mean
// Little's-law pool λ D b gets F(T) = 1 − W(1) ≈ 43% of the hits (W: Lambert's omega).
// (H. Che, Y. Tung, Z. Wang, "Hierarchical Web caching systems: modeling, design and
// experimental results", IEEE JSAC 20(7), 2002; C. Fricker, P. Robert, J. Roberts, "A
// versatile and accurate approximation for LRU cache performance", ITC 24, 2012.)
//
// Tiers form one exclusive LRU stack cut at cumulative capacities (HBM, then DRAM, then
// SSD): HBM holds the first T_H of every prefix's residency, the lower tiers the part of
// the offloaded share o between T_H and T_D (DRAM) and T_D and T_S (SSD). Inclusive
// tiers: DRAM keeps the offloaded share from the moment it is made. The cache wants no
// more than the horizon at which F reaches 99% of its final value (a measured table:
// where it reaches that value): beyond it an LRU only keeps prefixes nobody uses again.

#include "core/scenario/Workload.h"

#include <array>
#include <vector>

namespace kvtiers {

/// The workload's reuse-gap distribution.
class ReuseGaps {
public:
    explicit ReuseGaps(const WorkloadParams& workload);

    /// No prefix is kept for any time (reuse distance 0 and no table): no hits, no pool.
    bool none() const { return m_none; }
    /// F(t): share of reuses whose gap is at most t seconds (0 for t ≤ 0).
    double cdf(double t) const;
    /// m(t) = E[min(G, t)] + t: seconds one prefix occupies a cache keeping blocks for t.
    double residency(double t) const;
    /// The characteristic time past which a longer one buys (almost) no hits.
    double horizon() const { return m_horizon; }
    /// The mean gap E[G] over reused prefixes (the table's, or D).
    double meanGap() const { return m_mean; }

private:
    bool m_none = true;
    double m_meanExp = 0;           ///< exponential mean D (empty table)
    std::vector<GapPoint> m_table;  ///< with an implicit (0, 0) first row
    std::vector<double> m_integral; ///< ∫0^{t_i} (1 − F) at each row
    double m_horizon = 0;
    double m_mean = 0;
};

/// Where an LRU prefix cache keeps prefixes and which tier its hits come from.
struct PrefixCacheResult {
    std::array<double, 3> bytes { 0, 0, 0 }; ///< retained bytes per GPU in HBM, DRAM, SSD (exclusive parts)
    double inclusiveCopies = 0;              ///< DRAM copies of HBM-resident prefixes (inclusive tiers)
    std::array<double, 3> hits { 0, 0, 0 };  ///< share of reusable tokens hit from HBM, DRAM, SSD
    std::array<double, 3> characteristicSeconds { 0, 0, 0 }; ///< T at the bottom of HBM, DRAM, SSD
    double demandBytes = 0;                                  ///< per GPU: what the cache would hold at the horizon
    double hitShare() const { return hits[0] + hits[1] + hits[2]; }
};

/// The cache over the room left in each tier (bytes per GPU), prefixes of `prefixBytes`
/// per GPU arriving at `requestRate`, a share `offloadRate` of them copied below HBM.
PrefixCacheResult lruPrefixCache(const ReuseGaps& gaps, double requestRate, double prefixBytes, double offloadRate,
    bool inclusive, const std::array<double, 3>& room);

} // namespace kvtiers
