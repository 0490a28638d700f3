#include "core/model/PrefixCache.h"

#include "core/model/Solve.h"

#include <algorithm>
#include <cmath>

namespace kvtiers {

namespace {
/// Share of the final hit rate at which the cache stops wanting more room.
constexpr double kHorizonShare = 0.99;
} // namespace

ReuseGaps::ReuseGaps(const WorkloadParams& w)
{
    if (!w.reuseGapCdf.empty()) {
        m_none = false;
        m_table.push_back({ 0, 0 });
        for (const auto& p : w.reuseGapCdf)
            if (p.seconds > 0)
                m_table.push_back(p);
        m_integral.assign(m_table.size(), 0);
        for (size_t i = 1; i < m_table.size(); ++i) {
            const auto& a = m_table[i - 1];
            const auto& b = m_table[i];
            m_integral[i] = m_integral[i - 1] + (b.seconds - a.seconds) * (1 - 0.5 * (a.share + b.share));
        }
        const double last = m_table.back().share;
        m_none = !(last > 0);
        // The first row reaching 99% of the final share (linear between rows).
        for (size_t i = 1; i < m_table.size(); ++i) {
            if (m_table[i].share >= kHorizonShare * last) {
                const auto& a = m_table[i - 1];
                const auto& b = m_table[i];
                const double t = b.share > a.share ? (kHorizonShare * last - a.share) / (b.share - a.share) : 1.0;
                m_horizon = a.seconds + std::clamp(t, 0.0, 1.0) * (b.seconds - a.seconds);
                break;
            }
        }
        // Mean gap of the reused prefixes: ∫ (F_last − F) / F_last.
        if (last > 0) {
            double area = 0;
            for (size_t i = 1; i < m_table.size(); ++i)
                area += (m_table[i].seconds - m_table[i - 1].seconds)
                    * (last - 0.5 * (m_table[i].share + m_table[i - 1].share));
            m_mean = area / last;
        }
        return;
    }
    m_meanExp = w.reuseDistanceSeconds;
    m_none = !(m_meanExp > 0);
    m_mean = m_meanExp;
    // F(T) = 1 − e^{−T/D} reaches 99% at T = D ln 100.
    m_horizon = m_none ? 0 : m_meanExp * std::log(1.0 / (1.0 - kHorizonShare));
}

double ReuseGaps::cdf(double t) const
{
    if (m_none || !(t > 0))
        return 0;
    if (m_table.empty())
        return -std::expm1(-t / m_meanExp);
    if (t >= m_table.back().seconds)
        return m_table.back().share;
    const auto hi = std::upper_bound(
        m_table.begin(), m_table.end(), t, [](double x, const GapPoint& p) { return x < p.seconds; });
    const auto lo = hi - 1;
    return lo->share + (t - lo->seconds) / (hi->seconds - lo->seconds) * (hi->share - lo->share);
}

double ReuseGaps::residency(double t) const
{
    if (m_none || !(t > 0))
        return 0;
    if (m_table.empty())
        return -m_meanExp * std::expm1(-t / m_meanExp) + t; // E[min(G, t)] + t
    // E[min(G, t)] = ∫0^t (1 − F(u)) du, F linear between rows, flat after the last.
    const auto hi = std::upper_bound(
        m_table.begin(), m_table.end(), t, [](double x, const GapPoint& p) { return x < p.seconds; });
    const size_t i = static_cast<size_t>(hi - m_table.begin()) - 1;
    const double f = cdf(t);
    const double integral = m_integral[i] + (t - m_table[i].seconds) * (1 - 0.5 * (m_table[i].share + f));
    return integral + t;
}

double CacheStreams::occupancy(const ReuseGaps& gaps, double t) const
{
    if (!(t > 0))
        return 0;
    const double m = gaps.residency(t); // E[min(G, t)] + t
    return nextBytes * (m - t) + lastBytes * t;
}

CacheStreams admittedStreams(CacheAdmission admission, double reusable, double stored, double reusesPerBlock)
{
    reusable = std::max(0.0, reusable);
    stored = std::max(stored, reusable);
    if (admission == CacheAdmission::SeenTwice) {
        // Stored at the second sighting: a reused block's k reuses are stored, and its
        // first reuse found nothing (the first sighting left only a ghost key).
        const double k = std::max(1.0, reusesPerBlock);
        return { reusable * (1 - 1 / k), reusable / k, 1 - 1 / k };
    }
    return { reusable, stored - reusable, 1 };
}

namespace {

/// The T ≥ t0 at which rate × (occupancy(T) − occupancy(t0)) = capacity, at most the
/// horizon, and the bytes held between t0 and T: exactly the capacity when it binds (no
/// bisection residue).
struct Cut {
    double t;
    double bytes;
};
Cut characteristicTime(const ReuseGaps& gaps, const CacheStreams& streams, double rate, double t0, double capacity)
{
    const double horizon = std::max(t0, gaps.horizon());
    if (!(rate > 0) || !(capacity > 0))
        return { t0, 0 };
    const double base = streams.occupancy(gaps, t0);
    auto occupancy = [&](double t) { return rate * (streams.occupancy(gaps, t) - base); };
    const double all = occupancy(horizon);
    if (all <= capacity)
        return { horizon, all };
    const double t
        = lastNonNegative([&](double t) { return capacity - occupancy(t); }, t0, horizon, capacity, capacity - all);
    return { t, capacity };
}

} // namespace

PrefixCacheResult lruPrefixCache(const ReuseGaps& gaps, double lambda, const CacheStreams& hbm,
    const CacheStreams& lower, double o, bool inclusive, const PerTier<double>& room)
{
    PrefixCacheResult r;
    // Nothing reusable: no hit for any capacity, so the cache wants no room (an engine may
    // still store blocks, but no tier is sized for them).
    if (gaps.none() || !(lambda > 0) || !(hbm.nextBytes > 0))
        return r;
    const double down = o * lambda; // requests/s whose blocks are copied below HBM
    r.demandBytes = lambda * hbm.occupancy(gaps, gaps.horizon());

    const Cut h = characteristicTime(gaps, hbm, lambda, 0, room.hbm);
    const double tH = h.t;
    r.bytes.hbm = h.bytes;
    double tD = tH, tS = tH, top = tH;
    if (inclusive) {
        // Write-through: DRAM holds the offloaded share from the moment it is made.
        const Cut d = characteristicTime(gaps, lower, down, 0, room.dram);
        tD = d.t;
        r.inclusiveCopies = std::min(d.bytes, down * lower.occupancy(gaps, std::min(tH, tD)));
        r.bytes.dram = d.bytes - r.inclusiveCopies;
        top = std::max(tH, tD);
        const Cut c = characteristicTime(gaps, lower, down, top, room.ssd);
        tS = c.t;
        r.bytes.ssd = c.bytes;
        r.hits.dram = o * lower.hitFactor * std::max(0.0, gaps.cdf(tD) - gaps.cdf(tH));
    } else {
        const Cut d = characteristicTime(gaps, lower, down, tH, room.dram);
        tD = d.t;
        r.bytes.dram = d.bytes;
        top = tD;
        const Cut c = characteristicTime(gaps, lower, down, tD, room.ssd);
        tS = c.t;
        r.bytes.ssd = c.bytes;
        r.hits.dram = o * lower.hitFactor * (gaps.cdf(tD) - gaps.cdf(tH));
    }
    r.hits.hbm = hbm.hitFactor * gaps.cdf(tH);
    r.hits.ssd = o * lower.hitFactor * (gaps.cdf(tS) - gaps.cdf(top));
    r.characteristicSeconds = { tH, tD, tS };
    if (room.ssd > 0 && inclusive) {
        // Write-through: every block stored below HBM goes to the SSD too, except those a
        // request found cached (they are not written again).
        const double hitBytes = hbm.nextBytes * r.hitShare();
        r.ssdWriteBytesPerSecond = down * std::max(0.0, lower.nextBytes + lower.lastBytes - hitBytes);
    } else if (tS > tD) {
        // Exclusive demotion: a reference's block moves from DRAM to the SSD when no reuse
        // comes within T_D: the last references, and the reuses with a longer gap.
        r.ssdWriteBytesPerSecond = down * (lower.nextBytes * (1 - gaps.cdf(tD)) + lower.lastBytes);
    }
    return r;
}

} // namespace kvtiers
