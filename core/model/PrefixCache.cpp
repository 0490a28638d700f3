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

namespace {

/// The T ≥ t0 at which rate × (m(T) − m(t0)) = capacity, at most the horizon, and the
/// bytes held between t0 and T: exactly the capacity when it binds (no bisection residue).
struct Cut {
    double t;
    double bytes;
};
Cut characteristicTime(const ReuseGaps& gaps, double rate, double t0, double capacity)
{
    const double horizon = std::max(t0, gaps.horizon());
    if (!(rate > 0) || !(capacity > 0))
        return { t0, 0 };
    const double base = gaps.residency(t0);
    auto occupancy = [&](double t) { return rate * (gaps.residency(t) - base); };
    const double all = occupancy(horizon);
    if (all <= capacity)
        return { horizon, all };
    const double t
        = lastNonNegative([&](double t) { return capacity - occupancy(t); }, t0, horizon, capacity, capacity - all);
    return { t, capacity };
}

} // namespace

PrefixCacheResult lruPrefixCache(
    const ReuseGaps& gaps, double lambda, double b, double o, bool inclusive, const std::array<double, 3>& room)
{
    PrefixCacheResult r;
    if (gaps.none() || !(lambda > 0) || !(b > 0))
        return r;
    const double all = lambda * b;    // bytes per second of prefix residency, every prefix
    const double offloaded = o * all; // the share copied below HBM
    auto m = [&](double t) { return gaps.residency(t); };
    r.demandBytes = all * m(gaps.horizon());

    const Cut h = characteristicTime(gaps, all, 0, room[0]);
    const double tH = h.t;
    r.bytes[0] = h.bytes;
    double tD = tH, tS = tH, top = tH;
    if (inclusive) {
        // Write-through: DRAM holds the offloaded share from the moment it is made.
        const Cut d = characteristicTime(gaps, offloaded, 0, room[1]);
        tD = d.t;
        r.inclusiveCopies = std::min(d.bytes, offloaded * m(std::min(tH, tD)));
        r.bytes[1] = d.bytes - r.inclusiveCopies;
        top = std::max(tH, tD);
        const Cut c = characteristicTime(gaps, offloaded, top, room[2]);
        tS = c.t;
        r.bytes[2] = c.bytes;
        r.hits[1] = o * std::max(0.0, gaps.cdf(tD) - gaps.cdf(tH));
    } else {
        const Cut d = characteristicTime(gaps, offloaded, tH, room[1]);
        tD = d.t;
        r.bytes[1] = d.bytes;
        top = tD;
        const Cut c = characteristicTime(gaps, offloaded, tD, room[2]);
        tS = c.t;
        r.bytes[2] = c.bytes;
        r.hits[1] = o * (gaps.cdf(tD) - gaps.cdf(tH));
    }
    r.hits[0] = gaps.cdf(tH);
    r.hits[2] = o * (gaps.cdf(tS) - gaps.cdf(top));
    r.characteristicSeconds = { tH, tD, tS };
    return r;
}

} // namespace kvtiers
