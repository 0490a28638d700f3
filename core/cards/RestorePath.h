#pragma once
// RestorePath: how an engine moves KV between host memory (or its store) and HBM, as a
// data card beside the hardware cards (models/restore-paths/*.json). The same link
// restores a 128K-token Llama-70B prompt in 3.4 s or in 0.12 s depending on what one
// copy moves: one block of one layer per cudaMemcpyAsync (8 KiB at TP 8) sits on the
// link's latency-bound slope, a block contiguous across all layers (vLLM 0.12+, 0.5–2 MB)
// sits near its plateau.
//
//   copy bytes   s = tokens × (one layer | all layers) × ranks × KV bytes per token per
//                    layer per GPU                       (tokens: the card's, or the block)
//   link at s    B_link(s)   the hardware card's size curve (HardwareCard.h LinkModel)
//   path         B(s) = 1 / (1 / min(share × plateau, B_link(s), cap) + latency / s)
//
// `share` is the share of the link's plateau the engine reaches on large copies,
// `latency` its own per-copy overhead beyond what the link curve already charges (a
// kernel launch, a lookup, an RDMA work request), `cap` a bound outside the link (the
// RDMA NICs of a disaggregated store). Restoring T tokens is KV(T) / B(s) plus the link's
// one fixed latency; the SSD tier reads in large I/Os and is bound by min(NVMe share per
// GPU, B(s)). `overlap` says how much of a load hides behind the forward pass (0 serial,
// 1 hidden) and `per_request_s` what one restoring request adds to its step (a lookup and a
// synchronisation), each from the engine's code (docs/model.md §5).

#include "core/cards/HardwareCard.h"
#include "core/cards/Source.h"
#include "core/io/Json.h"

#include <optional>
#include <string>
#include <vector>

namespace kvtiers {

/// How a server's lower tiers hold the prefix cache HBM evicts from: write-through (every
/// block computed is written to DRAM and to SSD, each an LRU of its own) or exclusive (a
/// block lives in one tier: HBM's evictions move down to DRAM, DRAM's to SSD, and a hit
/// below HBM moves the block up).
enum class TierMode { WriteThrough, Exclusive };
/// "write-through" or "exclusive".
const char* tierModeName(TierMode mode);

struct RestorePath {
    std::string id;
    std::string name;
    std::string notes;
    std::vector<Source> sources;
    /// Tokens one copy moves; unset: the workload's block size.
    std::optional<double> copyTokens;
    bool copyAllLayers = false;    ///< true: one copy holds a block of every layer
    double copyRanks = 1;          ///< TP ranks' shares in one copy (1: each GPU copies its own)
    double plateauShare = 1;       ///< share of the link's plateau reached on large copies, (0, 1]
    double copyLatencySeconds = 0; ///< per-copy overhead beyond the link curve
    double capBytesPerSecond = 0;  ///< per GPU; 0: none
    /// How much of a load the engine hides behind the replica's forward passes (the card's
    /// "overlap"): 0, the step that needs the blocks waits for their copy (serial within the
    /// step); 1, the copy runs beside other requests' steps and only the request that needs
    /// it waits. A card that does not say is serial.
    double overlap = 0;
    /// What one restoring request costs the replica's step beyond the copy (the card's
    /// "per_request_s"): one lookup of the blocks and one synchronisation with the copy.
    double perRequestSeconds = 0;
    /// How the engine keeps blocks below HBM (the card's "tier_mode": {"mode", "sources"});
    /// a card that does not say is exclusive, LRU demotion being the plain hierarchy.
    TierMode tierMode = TierMode::Exclusive;
    std::vector<Source> tierModeSources; ///< where the mode comes from (empty when not said)

    /// Bytes one copy moves, given the block size and the KV bytes per token on one GPU of
    /// one attention layer and of all of them.
    double copyBytes(int blockSize, double gpuBytesPerTokenOneLayer, double gpuBytesPerTokenAllLayers) const;
    /// Effective restore bandwidth per GPU over `link` at that copy size.
    double bandwidth(const LinkModel& link, double copyBytes) const;

    Json toJson() const;
};

RestorePath parseRestorePath(const Json& json, const std::string& origin);

/// The built-in restore-path cards, compiled in from models/restore-paths/, by id.
const std::vector<RestorePath>& builtinRestorePaths();
/// A built-in card by id; throws InputError (UnknownCardId, where "restore_path") listing the ids.
const RestorePath& builtinRestorePath(const std::string& id);
/// What a current engine does: vLLM's OffloadingConnector (0.12+).
inline constexpr const char* kDefaultRestorePath = "vllm-offload";

} // namespace kvtiers
