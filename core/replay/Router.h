#pragma once
// Router: where a replay (Replay.h) sends each request, one class per routing policy. The
// engine asks the router, on each arrival, for the queue the request joins (a replica's
// own, or the central queue every replica takes from), asks which queue each replica
// serves, and tells it of each request's prefill progress on a replica. A router reads the
// replay's state through RouterReads: per replica, its outstanding work and the leading
// blocks of a request its HBM holds, and the same for the DRAM/SSD cache behind it (its
// server's, or the one pool) — what a router that weighs cache hits against load needs.
//
// The policies of `kvtiers replay --routing` are the ones here (makeRouter); a test may
// pass a router of its own to runReplay.

#include "core/replay/Replay.h"

#include <cstdint>
#include <memory>
#include <random>
#include <unordered_map>

namespace kvtiers::replay {

/// What a router may read of the replay while it routes: the state as the arrival finds it.
class RouterReads {
public:
    virtual ~RouterReads() = default;
    virtual int replicas() const = 0;
    /// Prompt tokens sent to `replica` (queued there or admitted) and neither computed yet
    /// nor found in a cache.
    virtual double outstandingWork(int replica) const = 0;
    /// The leading blocks of request `request`'s prompt that `replica`'s HBM holds now.
    virtual std::uint32_t cachedPrefixBlocks(int replica, std::uint32_t request) const = 0;
    /// The leading blocks of its prompt that the DRAM or SSD cache behind `replica` holds
    /// (its server's; the one pool with Global routing).
    virtual std::uint32_t pooledPrefixBlocks(int replica, std::uint32_t request) const = 0;
    /// Request `request` as the trace states it (only while it is replayed: from its arrival
    /// to its last token), its prefix keys and the trace's block size.
    virtual const ReplayTrace::Request& request(std::uint32_t request) const = 0;
    virtual std::uint64_t prefixKey(std::uint32_t request, std::uint32_t block) const = 0;
    virtual int blockTokens() const = 0;
    /// Seconds `replica` takes to prefill prompt tokens [from, to) alone (its FLOPs).
    virtual double prefillSeconds(double from, double to) const = 0;
    /// Seconds to restore `tokens` of KV over a replica's GPU–host link.
    virtual double restoreSeconds(double tokens) const = 0;
};

class Router {
public:
    /// The queue of arrivals that any idle replica takes from.
    static constexpr int kCentralQueue = -1;

    virtual ~Router() = default;
    /// On arrival: the replica whose own queue request `request` joins, or kCentralQueue.
    virtual int arrive(std::uint32_t request, const RouterReads& reads) = 0;
    /// The queue `replica` takes new requests from: its own (its index) or kCentralQueue.
    virtual int queueOf(int replica) const = 0;
    /// `tokens` more of request `request`'s prompt are done on `replica` (computed, or found
    /// cached when it was scheduled).
    virtual void prefillProgress(int replica, std::uint32_t request, std::uint64_t tokens)
    {
        (void)replica, (void)request, (void)tokens;
    }
    /// True when DRAM and SSD are one pool shared by every server.
    virtual bool pooled() const { return false; }
};

/// One central FCFS queue: a replica pulls the next request when it has room.
class CentralRouter : public Router {
public:
    int arrive(std::uint32_t, const RouterReads&) override { return kCentralQueue; }
    int queueOf(int) const override { return kCentralQueue; }
};

/// A central queue with one DRAM/SSD pool for all servers (Mooncake's store).
class GlobalRouter : public CentralRouter {
public:
    bool pooled() const override { return true; }
};

/// Dispatch on arrival: each replica serves its own queue.
class DispatchRouter : public Router {
public:
    explicit DispatchRouter(std::uint64_t seed)
        : m_seed(seed)
    {
    }
    int queueOf(int replica) const override { return replica; }

protected:
    /// Where a seeded scan of the replicas starts.
    int start(int replicas) const { return static_cast<int>(m_seed % static_cast<std::uint64_t>(replicas)); }
    /// The replica with the least outstanding work, the first in a scan from start() on a tie.
    int leastLoaded(const RouterReads& reads) const;

private:
    std::uint64_t m_seed;
};

/// Request j to replica (j + seed) mod R.
class RoundRobinRouter : public DispatchRouter {
public:
    using DispatchRouter::DispatchRouter;
    int arrive(std::uint32_t request, const RouterReads& reads) override;

private:
    std::uint64_t m_next = 0;
};

/// To the replica with the least outstanding work.
class LeastLoadedRouter : public DispatchRouter {
public:
    using DispatchRouter::DispatchRouter;
    int arrive(std::uint32_t request, const RouterReads& reads) override;
};

/// To the replica that was sent the longest prefix of the request, while the prefill its
/// match saves outweighs the extra work queued there; else the least loaded.
class PrefixAwareRouter : public DispatchRouter {
public:
    using DispatchRouter::DispatchRouter;
    int arrive(std::uint32_t request, const RouterReads& reads) override;

private:
    std::unordered_map<std::uint64_t, int> m_sentTo; ///< a prefix key's last replica
};

/// To a replica drawn uniformly at random (seeded: the same seed, the same draws).
class RandomRouter : public DispatchRouter {
public:
    explicit RandomRouter(std::uint64_t seed);
    int arrive(std::uint32_t request, const RouterReads& reads) override;

private:
    std::mt19937_64 m_rng;
};

/// To the replica where the request's first token is estimated to come soonest, as
/// Mooncake's conductor places a prefill (Qin et al., FAST'25, §6, Algorithm 1): that
/// replica's queued prefill, plus prefilling the tokens no cache there holds, plus restoring
/// the blocks its DRAM/SSD holds beyond what its HBM does. A replica whose queued prefill
/// exceeds the least-loaded one's by more than `balanceSeconds` is passed over (load
/// balancing, which the estimate alone would not do where the hot prefixes are few).
class CacheAwareRouter : public DispatchRouter {
public:
    CacheAwareRouter(std::uint64_t seed, double balanceSeconds);
    int arrive(std::uint32_t request, const RouterReads& reads) override;

private:
    double m_balance;
};

/// The cache-aware router's load-balancing threshold when none is given: seconds of queued
/// prefill (ReplayOptions::balanceSeconds).
inline constexpr double kDefaultBalanceSeconds = 1.0;

/// The router of a routing policy.
std::unique_ptr<Router> makeRouter(ReplayRouting routing, std::uint64_t seed);
/// The router of a replay's options (its policy, seed and threshold).
std::unique_ptr<Router> makeRouter(const ReplayOptions& options);

} // namespace kvtiers::replay
