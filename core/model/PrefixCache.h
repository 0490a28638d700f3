#pragma once
// PrefixCache: the hit rate a real LRU prefix cache gets, not a perfect one (docs/model.md §4.4).
//
// Every reference of a block keeps it in an LRU cache until the next reference or until
// a characteristic time T has passed without one (Che's approximation), so the occupancy is
// the sum over references of min(gap to the next reference, T). A share of the references
// is used again after a gap G drawn from the workload's gap distribution F (exponential with
// mean D, the reuse distance, or a table measured from a trace); the rest are a block's last
// reference and stay T:
//
//   occupancy(T) = λ (b_next E[min(G, T)] + b_last T)      (bytes per GPU, λ requests/s)
//   hit share    = F(T)                                      (of the reusable, cacheable tokens)
//
// In steady state every reuse has exactly one earlier reference, so the bytes referenced
// again later equal the bytes that are reuses: b_next = b, the reusable prefix. What else a
// request stores depends on the cache's admission (CacheAdmission):
//  - all (vLLM's prefix cache and offloading connector, LMCache, Mooncake Store): every
//    whole block of the prompt is stored, so b_last = stored prompt − b;
//  - seen-twice: a block is stored only at its second sighting (a ghost entry, a key and a
//    time, records the first, and takes no KV bytes). A block reused k times on average is
//    then stored at its k reuses, b_next = b (1 − 1/k), b_last = b / k, and only the reuses
//    after the first can hit: hit share (1 − 1/k) F(T). It applies below HBM: the engine's
//    own HBM prefix cache keeps every block.
// With exponential gaps and each block used exactly twice (b_last = b), a cache the size of
// the mean Little's-law pool λ D b gets F(T) = 1 − W(1) ≈ 43% of the hits (W: Lambert's omega).
// (H. Che, Y. Tung, Z. Wang, "Hierarchical Web caching systems: modeling, design and
// experimental results", IEEE JSAC 20(7), 2002; C. Fricker, P. Robert, J. Roberts, "A
// versatile and accurate approximation for LRU cache performance", ITC 24, 2012.)
//
// Tiers form one exclusive LRU stack cut at cumulative capacities (HBM, then DRAM, then
// SSD): HBM holds the first T_H of every reference's residency, the lower tiers the part of
// the offloaded share o between T_H and T_D (DRAM) and T_D and T_S (SSD). Inclusive
// tiers: DRAM keeps the offloaded share from the moment it is made. The cache wants no
// more than the horizon at which F reaches 99% of its final value (a measured table:
// where it reaches that value): beyond it an LRU only keeps prefixes nobody uses again.

#include "core/cards/Tier.h"
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

/// What one request's references put into a cache, bytes per GPU.
struct CacheStreams {
    double nextBytes = 0; ///< referenced again later, after a gap G ~ F
    double lastBytes = 0; ///< referenced for the last time: kept T, then evicted
    /// Hits are this share of the reuses whose gap is within reach (seen-twice: 1 − 1/k).
    double hitFactor = 1;
    /// Seconds × bytes one request occupies in a cache keeping blocks for t.
    double occupancy(const ReuseGaps& gaps, double t) const;
};

/// What a cache under `admission` is offered per request: `reusableBytes` of the prompt are
/// reuses (the cacheable prefix), `storedBytes` is the whole blocks of the prompt (≥ the
/// reusable part), and a reused block is reused `reusesPerBlock` times on average (≥ 1).
CacheStreams admittedStreams(CacheAdmission admission, double reusableBytes, double storedBytes, double reusesPerBlock);

/// Where an LRU prefix cache keeps prefixes and which tier its hits come from.
struct PrefixCacheResult {
    PerTier<double> bytes;                 ///< retained bytes per GPU in each tier (exclusive parts)
    double inclusiveCopies = 0;            ///< DRAM copies of HBM-resident prefixes (inclusive tiers)
    PerTier<double> hits;                  ///< share of reusable tokens hit from each tier
    PerTier<double> characteristicSeconds; ///< T at the bottom of each tier
    double demandBytes = 0;                ///< per GPU: what the cache would hold at the horizon
    /// Bytes per GPU per second written to the SSD tier: every block stored below HBM
    /// that misses (write-through, inclusive tiers), or DRAM's evictions (exclusive).
    double ssdWriteBytesPerSecond = 0;
    double hitShare() const { return hits.hbm + hits.dram + hits.ssd; }
};

/// The cache over the room left in each tier (bytes per GPU), requests arriving at
/// `requestRate` with what HBM admits (`hbm`) and what the tiers below admit (`lower`, of
/// which a share `offloadRate` is copied below HBM).
PrefixCacheResult lruPrefixCache(const ReuseGaps& gaps, double requestRate, const CacheStreams& hbm,
    const CacheStreams& lower, double offloadRate, bool inclusive, const PerTier<double>& room);

} // namespace kvtiers
