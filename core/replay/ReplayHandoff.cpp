// ReplayHandoff: disaggregated prefill and decode in the replay: a request's hand-off from
// its prefill replica to a decode replica and the KV transfer between them (docs/trace.md,
// "Disaggregated prefill and decode").
#include "core/replay/ReplayEngine.h"

#include <algorithm>

namespace kvtiers::replay::engine {

void Engine::handToDecode(int ri, std::uint32_t j, double now)
{
    Job& job = jobOf(j);
    job.atDecode = true;
    job.prefillEnd = now;
    job.heldAtPrefill = job.needBlocks;
    --m_rep[ri].seqs; // its slot is free; its KV stays until it is sent
    // To the decode replica with the fewest sequences running and waiting, then the least KV
    // held (the lowest index on a tie): a decode pool is balanced by load, not by prefix.
    int best = m_c.prefillReplicas;
    for (int d = best + 1; d < m_c.replicas; ++d) {
        const Replica& c = m_rep[d];
        const Replica& b = m_rep[best];
        const std::uint64_t load = c.seqs + c.queue.size(), bestLoad = b.seqs + b.queue.size();
        if (load < bestLoad || (load == bestLoad && c.reserved < b.reserved))
            best = d;
    }
    job.decodeReplica = best;
    m_rep[best].queue.push_back(j);
    if (!m_rep[best].busy)
        startStep(best, now);
}

void Engine::startTransfer(int ri, std::uint32_t j, double now)
{
    Job& job = jobOf(j);
    Replica& src = m_rep[job.replica];
    // Each GPU sends its share of the prompt's KV over its own NIC (the pools run one TP).
    // The share `overlap` streams layer by layer from the prefill's start, into the decode
    // side's receive buffers; what is left goes when the decode replica has admitted it,
    // after the transfers queued before it on the prefill replica's NICs.
    // The hand-off priced as the fleet's pools price it (NetworkPricing); the NIC's queue is the replay's own.
    const KvHandoff h = m_net->handoff(static_cast<double>(req(j).inputTokens));
    const double whole = h.seconds;
    const double sent = std::min(m_overlap * whole, std::max(0.0, now - job.prefillStart));
    const double start = std::max(now, src.nicFree);
    src.nicFree = start + (whole - sent);
    src.nicBusy += whole;
    m_transferBytes += h.bytesPerGpu;
    job.transferEnd = src.nicFree + h.latencySeconds;
    job.restoreUntil = job.transferEnd;
    push(job.transferEnd, EventKind::TransferDone, ri, j);
}

void Engine::transferDone(int ri, std::uint32_t j, double now)
{
    Job& job = jobOf(j);
    const int pi = job.replica;
    Replica& src = m_rep[pi];
    // The prefill replica lets go of its copy: its blocks join that replica's HBM cache.
    const ReplayTrace::Request& q = req(j);
    for (std::uint32_t i = q.keyCount; i-- > 0;)
        src.hbm.unpin(key(j, i));
    src.reserved -= job.heldAtPrefill;
    job.heldAtPrefill = 0;
    if (!m_o.capacityBlocks.hbm)
        src.hbm.setCapacity(std::max(0.0, m_c.hbmKvBlocks - static_cast<double>(src.reserved)));
    settleHbm(pi);
    if (m_mode == TierMode::WriteThrough && m_cacheAt == PrefixCacheAt::Decode)
        writeThrough(ri, j);
    m_transfers.push_back(now - job.prefillEnd);
    if (!m_rep[ri].busy)
        startStep(ri, now);
}

} // namespace kvtiers::replay::engine
