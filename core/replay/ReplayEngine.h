#pragma once
// ReplayEngine: the state of a replay's discrete-event loop (its requests, replicas and
// events) and the Engine that runs it. Internal to core/replay: runReplay (Replay.h) is its
// one door. The loop, admission, the cache lookup and steps are in ReplayEngine.cpp;
// disaggregated prefill's hand-off to decode in ReplayHandoff.cpp; the requests' window
// (read ahead, arrived, finished, let go), what each request leaves behind (its latency,
// token intervals and costs) and the summary in ReplayRecords.cpp.

#include "core/model/ComputeModel.h"
#include "core/model/Disaggregation.h"
#include "core/model/KvSizing.h"
#include "core/replay/Replay.h"
#include "core/replay/ReplayCache.h"
#include "core/replay/ReplayChecks.h"
#include "core/replay/Router.h"

#include <queue>

#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <set>
#include <utility>
#include <vector>

namespace kvtiers::replay::engine {

/// A request's state while it is replayed.
struct Job {
    double arrival = 0;
    double scheduled = -1;
    double firstToken = -1;
    double done = -1;
    std::uint64_t prefillFrom = 0; ///< tokens already cached (hits)
    std::uint64_t prefillTo = 0;   ///< tokens to have computed (the prompt; at least one computed)
    std::uint64_t prefillDone = 0; ///< computed so far (from prefillFrom)
    std::uint32_t hbmHits = 0;     ///< leading blocks pinned in HBM at scheduling
    std::uint64_t needBlocks = 0;  ///< KV blocks reserved: prompt + output
    std::uint64_t generated = 0;   ///< output tokens so far
    double restoreUntil = 0;       ///< prefill may start then
    PerSource<std::uint64_t> tokens {};
    int replica = -1;
    PrefillCost cost;      ///< its prefill's cost (docs/trace.md, "Restore against compute")
    double lastToken = -1; ///< its latest output token
    // Disaggregated prefill and decode.
    double prefillStart = -1;        ///< its first chunk's step start (a layer-wise transfer streams from it)
    double prefillEnd = -1;          ///< its prefill's end on the prefill replica
    std::uint64_t heldAtPrefill = 0; ///< KV blocks the prefill replica holds until they are sent
    int decodeReplica = -1;          ///< where it decodes (chosen by load when its prefill ends)
    bool atDecode = false;           ///< handed to its decode replica
    double transferEnd = -1;         ///< its KV at the decode replica
};

/// One replica's state.
struct Replica {
    int server = 0;
    BlockLru hbm;
    std::deque<std::uint32_t> queue;    ///< its own queue (dispatching routers)
    std::vector<std::uint32_t> running; ///< admitted and not finished, in admission order
    /// The running step: each job with its tokens (a prefill chunk, or 1 for a decode).
    std::vector<std::pair<std::uint32_t, std::uint64_t>> chunks;
    std::uint64_t decodes = 0; ///< decode tokens in the running step
    std::uint64_t step = 0;    ///< steps ended (the ending step's number in endStep)
    double stepStart = 0;      ///< the running step's start
    /// Each step's gap (its end − its start), steps stepGapsFrom.. while a request decoding
    /// here may still read them: a request that decodes step after step has these gaps.
    std::vector<double> stepGaps;
    std::uint64_t stepGapsFrom = 1;
    std::size_t stepGapsKept = 0; ///< its length when last cut (stepGapsEnd)
    std::uint64_t reserved = 0;
    std::uint64_t seqs = 0;
    double decodeContext = 0;   ///< tokens held by the sequences decoding in the running step
    double outstandingWork = 0; ///< prompt tokens sent here, neither computed nor cached yet
    double linkFree = 0, linkBusy = 0;
    double idleSince = 0;             ///< when its last step ended (while idle)
    double stepSeconds = 0;           ///< the running step's
    std::vector<double> chunkCompute; ///< each chunk's compute seconds in the running step (0 for a decode)
    double stepCompute = 0;           ///< the running step's compute seconds, prefill and decode
    double stepStall = 0;             ///< the running step's restore stalls (serial restores and per-request costs)
    double busySeconds = 0;           ///< steps run, summed
    std::uint64_t admitted = 0;       ///< requests scheduled here
    bool busy = false;
    bool decodePool = false;         ///< disaggregated: a decode replica
    double nicFree = 0, nicBusy = 0; ///< disaggregated prefill: its scale-out NICs, sending KV
};

enum class EventKind {
    StepEnd,      ///< `replica`'s step ends
    RestoreDone,  ///< `request`'s restore to `replica` ends: its prefill may start
    TransferDone, ///< `request`'s KV reached decode replica `replica` (disaggregated)
};

struct Event {
    double time;
    std::uint64_t seq; ///< order of scheduling: ties at one time go first come, first served
    EventKind kind;
    int replica;
    std::uint32_t request; ///< RestoreDone's request (StepEnd: none)
    bool operator>(const Event& o) const { return time != o.time ? time > o.time : seq > o.seq; }
};
inline constexpr std::uint32_t kNoRequest = 0xffffffffu;

class Engine : public RouterReads {
public:
    Engine(ReplaySource& source, const Scenario& s, const EvalResult& r, const ReplayOptions& o, Router& router)
        : m_src(source)
        , m_s(s)
        , m_r(r)
        , m_o(o)
        , m_router(router)
        , m_kv(s.model, s.kvFormat(), s.tp(), s.workload.blockSize, s.workload.allocation, s.dcp())
        , m_cm(s, m_kv)
    {
        if (!readNext()) // the block size is known from the first request
            noRequests(m_src.name());
        setup();
    }
    ReplayResult run(const ReplayControl& control);

    // What the router reads.
    int replicas() const override { return m_c.prefillReplicas > 0 ? m_c.prefillReplicas : m_c.replicas; }
    double outstandingWork(int replica) const override { return m_rep[replica].outstandingWork; }
    std::uint32_t cachedPrefixBlocks(int replica, std::uint32_t j) const override;
    std::uint32_t pooledPrefixBlocks(int replica, std::uint32_t j) const override;
    const ReplayTrace::Request& request(std::uint32_t j) const override { return live(j).q; }
    std::uint64_t prefixKey(std::uint32_t j, std::uint32_t i) const override { return key(j, i); }
    int blockTokens() const override { return m_blockTokens; }
    double prefillSeconds(double from, double to) const override { return m_cm.marginalRecomputeSeconds(from, to); }
    double restoreSeconds(double tokens) const override
    {
        return tokens > 0 ? lowerRestoreSeconds(tokens, 0) + m_cm.restoreFixedSeconds() : 0.0;
    }

private:
    void setup();
    /// Queues a request (central) or sends it to a replica's queue.
    void arrive(std::uint32_t j);
    /// Every idle replica starts a step, the one idle longest first (then the lowest index):
    /// after all arrivals at one time are queued, so requests on one timestamp are scheduled
    /// together, in file order.
    void startIdle(double now);
    /// Whether replica `ri`, building a step, takes the central queue's head: when no other
    /// replica that could admit it has less outstanding work (so a burst is spread, one
    /// request to each idle replica, the rest to whichever reaches a step boundary least loaded).
    bool takesCentralHead(int ri, std::uint32_t head) const;
    /// Whether replica `ri` has a sequence slot and KV room for request j.
    bool canAdmit(int ri, std::uint32_t j) const;
    /// The KV blocks request j holds on replica `ri`: its prompt and output, or on a
    /// disaggregated prefill replica its prompt alone.
    std::uint64_t needBlocks(std::uint32_t j, int ri) const;
    /// Seconds the GPU link (or, where the disaggregated prefix cache is remote, the
    /// scale-out network) takes to bring `dram` and `ssd` tokens of KV to a prefill GPU.
    double lowerRestoreSeconds(double dram, double ssd) const;
    bool remoteCache() const { return m_c.prefillReplicas > 0 && m_cacheAt != PrefixCacheAt::Prefill; }
    /// The queue replica `ri` takes new requests from: a decode replica its own, else the router's.
    int queueIndex(int ri) const { return m_rep[ri].decodePool ? ri : m_router.queueOf(ri); }
    /// Whether request j's next token is a decode on its replica (its first token
    /// emitted, or, disaggregated, it moved to its decode replica).
    bool decoding(const Job& job) const { return job.atDecode || job.firstToken >= 0; }
    /// Disaggregated: request j's prefill ended on replica `ri`; it goes to a decode replica.
    void handToDecode(int ri, std::uint32_t j, double now);
    /// Disaggregated: decode replica `ri` admitted request j; its KV is sent.
    void startTransfer(int ri, std::uint32_t j, double now);
    void transferDone(int ri, std::uint32_t j, double now);
    /// Writes request j's blocks into the DRAM/SSD caches behind replica `ri` (write-through).
    void writeThrough(int ri, std::uint32_t j);
    /// Replica `rep`'s step ends at `now`: its gap joins its history, and the step's runs begin.
    void stepGapsBegin(Replica& rep, double now);
    /// The step's tokens at its own gap join its runs; history no running request reads goes.
    void stepGapsEnd(Replica& rep);
    /// `n` more token intervals of `gap` in the ending step.
    void addGaps(double gap, std::uint64_t n);
    /// m_gaps sorted and packed into a block of m_gapBlocks.
    void sealGaps();
    void startStep(int ri, double now);
    std::deque<std::uint32_t>& queueOf(int ri);
    bool admit(int ri, std::uint32_t j, double now);
    void lookup(int ri, std::uint32_t j);
    /// The tier below HBM whose cache holds `key` for replica `ri`, if any.
    std::optional<Tier> lowerTierOf(int ri, std::uint64_t key) const;
    void restore(int ri, std::uint32_t j, double now);
    void endStep(int ri, double now);
    /// `tokens` more of request j's prompt are done on replica ri.
    void progress(int ri, std::uint32_t j, std::uint64_t tokens);
    /// The first token; true when that was the request's last.
    bool prefillDone(int ri, std::uint32_t j, double now);
    void finish(int ri, std::uint32_t j, double now);
    void settleHbm(int ri);
    /// The running step's seconds; fills rep's per-chunk compute and stall.
    double stepSeconds(Replica& rep) const;
    void summarizeCosts(ReplayResult& out) const;
    BlockLru& lower(Tier tier, int ri) { return tier == Tier::Dram ? m_dram[cacheOf(ri)] : m_ssd[cacheOf(ri)]; }
    const BlockLru& lower(Tier tier, int ri) const
    {
        return tier == Tier::Dram ? m_dram[cacheOf(ri)] : m_ssd[cacheOf(ri)];
    }
    int cacheOf(int ri) const { return m_c.pooled || remoteCache() ? 0 : m_rep[ri].server; }
    /// A request from its arrival until it and every request before it are done.
    struct Live {
        ReplayTrace::Request q;
        std::vector<std::uint64_t> keys; ///< its prefix keys (freed when it finishes)
        /// Its token intervals so far, as runs: each a token at `step` of the replica it
        /// decodes on with gap `first`, then `tokens` − 1 at the steps after, each gap that step's.
        struct GapRun {
            double first = 0;
            std::uint64_t step = 0, tokens = 0;
        };
        std::vector<GapRun> gapRuns; ///< the runs before `run`, none while it decodes every step
        GapRun run;                  ///< its latest (no tokens: none yet)
        Job job;
    };
    /// Request `l`'s next output token at `now`, the end of replica `rep`'s step: its gap is
    /// kept. Decoding step after step, its run of the replica's step gaps goes on.
    void tokenAt(Live& l, const Replica& rep, double now)
    {
        if (l.job.lastToken == rep.stepStart && l.run.tokens > 0 && l.run.step + l.run.tokens == rep.step) {
            ++m_stepRegular;
            ++l.run.tokens;
            l.job.lastToken = now;
        } else {
            newGapRun(l, rep, now);
        }
    }
    /// tokenAt's token that starts a run: after a step without a token, or its first gap.
    void newGapRun(Live& l, const Replica& rep, double now);
    Live& live(std::uint32_t j) { return m_live[j & m_liveMask]; }
    const Live& live(std::uint32_t j) const { return m_live[j & m_liveMask]; }
    const ReplayTrace::Request& req(std::uint32_t j) const { return live(j).q; }
    Job& jobOf(std::uint32_t j) { return live(j).job; }
    const Job& jobOf(std::uint32_t j) const { return live(j).job; }
    std::uint64_t key(std::uint32_t j, std::uint32_t i) const { return live(j).keys[i]; }
    /// Request j's output tokens: the options' override, else the trace's.
    std::uint64_t outputs(std::uint32_t j) const
    {
        return m_o.outputTokens ? static_cast<std::uint64_t>(*m_o.outputTokens) : req(j).outputTokens;
    }
    void summarizeIntervals(ReplayResult& out);
    void summarizeDisaggregation(ReplayResult& out) const;
    /// Reads the source's next request into m_next; false at its end.
    bool readNext();
    /// The next request arrives: it joins the live window and a queue.
    void arriveNext();
    /// A finished request's figures kept for the summary.
    void record(std::uint32_t j);
    /// Lets go of the finished requests at the head of the window.
    void retire();
    void push(double time, EventKind kind, int replica, std::uint32_t request = kNoRequest)
    {
        m_events.push(Event { time, m_seq++, kind, replica, request });
    }
    ReplayResult summarize();
    void summarizeLinks(ReplayResult& out) const;

    ReplaySource& m_src;
    const Scenario& m_s;
    const EvalResult& m_r;
    ReplayOptions m_o;
    Router& m_router;
    KvSizing m_kv;
    ComputeModel m_cm;
    ReplayCapacities m_c;
    TierMode m_mode = TierMode::WriteThrough;
    double m_budget = 8192, m_maxSeqs = 256;
    std::vector<Replica> m_rep;
    std::set<std::pair<double, int>> m_idle; ///< replicas with no step running: (idle since, index)
    std::vector<BlockLru> m_dram, m_ssd;
    std::vector<double> m_nvmeFree, m_nvmeBusy;
    /// Requests m_liveBase.. in a ring: request j at j & m_liveMask (its size less one, a
    /// power of two), twice as large when full.
    std::vector<Live> m_live;
    std::uint64_t m_liveMask = 0;
    std::uint64_t m_liveBase = 0; ///< the oldest request not let go
    std::uint64_t m_arrived = 0;  ///< requests arrived so far (the next one's index)
    Live m_next;                  ///< the next request, read ahead
    bool m_haveNext = false;
    int m_blockTokens = 0;
    double m_requestSteps = 0; ///< work read so far (checkReplayTrace's bound)
    // Figures of finished requests, for the summary.
    std::vector<double> m_ttft, m_tpot, m_wait, m_requestTbt;
    /// Token intervals, run-length coded: (gap, how many), appended a step at a time, and
    /// sorted and packed into m_gapBlocks (sealGaps) every kGapBlockRuns or so.
    std::vector<std::pair<double, std::uint64_t>> m_gaps;
    /// Sorted and packed runs (sealGaps), and the scratch it sorts and packs them in.
    std::vector<std::vector<std::uint8_t>> m_gapBlocks;
    std::vector<std::pair<double, std::uint64_t>> m_sortSpare;
    std::unique_ptr<std::uint8_t[]> m_packSpare;
    std::size_t m_packSpareBytes = 0;
    std::uint64_t m_gapCount = 0;              ///< token intervals so far
    std::size_t m_stepRunsFrom = 0;            ///< m_gaps' runs from here are the ending step's
    std::uint64_t m_stepRegular = 0;           ///< the ending step's tokens whose gap is the step's
    std::vector<double> m_requestGaps;         ///< a finishing request's gaps (record)
    std::vector<double> m_transfers;           ///< each disaggregated request's transfer seconds
    std::vector<std::vector<double>> m_byBand; ///< TTFTs by prompt band (promptBand)
    PerSource<double> m_tokens {};
    PrefillCost m_prefillCost {}; ///< every finished request's, summed
    std::uint64_t m_met = 0;
    std::vector<ReplayRecord> m_records; ///< when keepRequests, in the order they finished
    std::deque<std::uint32_t> m_central;
    std::priority_queue<Event, std::vector<Event>, std::greater<>> m_events;
    std::uint64_t m_seq = 0;
    std::vector<std::uint64_t> m_evicted;
    // Step-time constants.
    double m_memFixed = 0, m_memPerToken = 0, m_decodeFlopSeconds = 0, m_arFixed = 0, m_arPerToken = 0;
    double m_dcpFixed = 0, m_dcpPerToken = 0; ///< decode context parallel's exchange, decodes only
    double m_nvmeBandwidth = 0;
    double m_lastDone = 0;
    // Disaggregated prefill and decode.
    FirstTokenAt m_firstAt = FirstTokenAt::Decode;
    PrefixCacheAt m_cacheAt = PrefixCacheAt::Prefill;
    double m_overlap = 0;
    /// The scale-out network's prices, as the fleet's and the evaluation's (split only).
    std::optional<NetworkPricing> m_net;
    double m_transferBytes = 0; ///< per GPU, summed over requests
};

} // namespace kvtiers::replay::engine
