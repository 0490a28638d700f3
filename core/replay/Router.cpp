#include "core/replay/Router.h"

#include <algorithm>

namespace kvtiers::replay {

int DispatchRouter::leastLoaded(const RouterReads& reads) const
{
    const int n = reads.replicas();
    const int first = start(n);
    int least = first;
    for (int k = 0; k < n; ++k) {
        const int replica = (first + k) % n;
        if (reads.outstandingWork(replica) < reads.outstandingWork(least))
            least = replica;
    }
    return least;
}

int RoundRobinRouter::arrive(std::uint32_t, const RouterReads& reads)
{
    const auto n = static_cast<std::uint64_t>(reads.replicas());
    return static_cast<int>((m_next++ + static_cast<std::uint64_t>(start(reads.replicas()))) % n);
}

int LeastLoadedRouter::arrive(std::uint32_t, const RouterReads& reads)
{
    return leastLoaded(reads);
}

int PrefixAwareRouter::arrive(std::uint32_t request, const RouterReads& reads)
{
    const int least = leastLoaded(reads);
    // The replica that was sent the longest prefix, while the prefill it saves there (its
    // matched tokens) outweighs the extra prefill queued ahead of it; else the least loaded.
    const ReplayTrace& t = reads.trace();
    const ReplayTrace::Request& q = t.requests[request];
    const auto key = [&](std::uint32_t i) { return t.keys[q.firstKey + i]; };
    int chosen = least;
    for (std::uint32_t i = q.keyCount; i-- > 0;)
        if (auto it = m_sentTo.find(key(i)); it != m_sentTo.end()) {
            const double saved = static_cast<double>(i + 1) * std::max(1, t.blockTokens);
            if (reads.outstandingWork(it->second) - reads.outstandingWork(least) <= saved)
                chosen = it->second;
            break;
        }
    for (std::uint32_t i = 0; i < q.keyCount; ++i)
        m_sentTo[key(i)] = chosen;
    return chosen;
}

std::unique_ptr<Router> makeRouter(ReplayRouting routing, std::uint64_t seed)
{
    switch (routing) {
    case ReplayRouting::Central:
        break;
    case ReplayRouting::Global:
        return std::make_unique<GlobalRouter>();
    case ReplayRouting::LeastLoaded:
        return std::make_unique<LeastLoadedRouter>(seed);
    case ReplayRouting::RoundRobin:
        return std::make_unique<RoundRobinRouter>(seed);
    case ReplayRouting::PrefixAware:
        return std::make_unique<PrefixAwareRouter>(seed);
    }
    return std::make_unique<CentralRouter>();
}

} // namespace kvtiers::replay
