#include "core/replay/Router.h"

#include <algorithm>
#include <limits>

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
    const ReplayTrace::Request& q = reads.request(request);
    const auto key = [&](std::uint32_t i) { return reads.prefixKey(request, i); };
    int chosen = least;
    for (std::uint32_t i = q.keyCount; i-- > 0;)
        if (auto it = m_sentTo.find(key(i)); it != m_sentTo.end()) {
            const double saved = static_cast<double>(i + 1) * std::max(1, reads.blockTokens());
            if (reads.outstandingWork(it->second) - reads.outstandingWork(least) <= saved)
                chosen = it->second;
            break;
        }
    for (std::uint32_t i = 0; i < q.keyCount; ++i)
        m_sentTo[key(i)] = chosen;
    return chosen;
}

RandomRouter::RandomRouter(std::uint64_t seed)
    : DispatchRouter(seed)
    , m_rng(seed)
{
}

int RandomRouter::arrive(std::uint32_t, const RouterReads& reads)
{
    // A draw of the generator itself, not a distribution's: the same on every standard library.
    return static_cast<int>(m_rng() % static_cast<std::uint64_t>(reads.replicas()));
}

CacheAwareRouter::CacheAwareRouter(std::uint64_t seed, double balanceSeconds)
    : DispatchRouter(seed)
    , m_balance(balanceSeconds)
{
}

int CacheAwareRouter::arrive(std::uint32_t request, const RouterReads& reads)
{
    const ReplayTrace::Request& q = reads.request(request);
    const double bt = std::max(1, reads.blockTokens());
    const double prompt = static_cast<double>(std::max<std::uint64_t>(q.inputTokens, 1));
    const int n = reads.replicas();
    const int first = start(n);
    // Queued prefill as seconds: outstanding tokens at the rate of a budget-sized chunk from
    // the start of a prompt (the queue's own prompts are not known to be cached).
    const double perToken = reads.prefillSeconds(0, prompt) / prompt;
    double leastQueue = std::numeric_limits<double>::infinity();
    for (int r = 0; r < n; ++r)
        leastQueue = std::min(leastQueue, reads.outstandingWork(r) * perToken);
    int best = first;
    double bestTtft = std::numeric_limits<double>::infinity();
    for (int k = 0; k < n; ++k) {
        const int r = (first + k) % n;
        const double queue = reads.outstandingWork(r) * perToken;
        if (queue - leastQueue > m_balance)
            continue;
        const double hbm = std::min(prompt - 1, reads.cachedPrefixBlocks(r, request) * bt);
        const double below = std::min(prompt - 1, reads.pooledPrefixBlocks(r, request) * bt);
        const double cached = std::max(hbm, below);
        const double restored = std::max(0.0, below - hbm);
        const double ttft = queue + reads.prefillSeconds(cached, prompt) + reads.restoreSeconds(restored);
        if (ttft < bestTtft) {
            bestTtft = ttft;
            best = r;
        }
    }
    return best;
}

std::unique_ptr<Router> makeRouter(const ReplayOptions& options)
{
    if (options.routing == ReplayRouting::CacheAware)
        return std::make_unique<CacheAwareRouter>(
            options.seed, options.balanceSeconds.value_or(kDefaultBalanceSeconds));
    return makeRouter(options.routing, options.seed);
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
    case ReplayRouting::Random:
        return std::make_unique<RandomRouter>(seed);
    case ReplayRouting::CacheAware:
        return std::make_unique<CacheAwareRouter>(seed, kDefaultBalanceSeconds);
    }
    return std::make_unique<CentralRouter>();
}

} // namespace kvtiers::replay
