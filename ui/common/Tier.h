#pragma once
// Tier: the GUI's names for the core's three memory tiers (kvtiers::Tier, ComputeModel.h:
// HBM, server DRAM, eSSD, as in the article's table), and the segments a tier's bytes are
// split into (Evaluation.h's TierUse).

#include "core/model/ComputeModel.h"
#include "core/model/Evaluation.h"

#include <QCoreApplication>
#include <QString>

namespace kvtiers::ui {

using kvtiers::Tier; // Hbm = 0, Dram = 1, Ssd = 2
inline constexpr int kTierCount = 3;

/// Segments of one tier's stacked bar, bottom to top. Free is capacity not used.
enum class Segment { Weights = 0, HotKv, SharedPrefixes, Fragmentation, Retained, InclusiveCopies, Free };
inline constexpr int kSegmentCount = 7;

inline const TierUse& tierUse(const EvalResult& result, Tier tier)
{
    return result.tiers[tier];
}

/// The bytes of one segment in a tier, one replica (straight from TierUse).
inline double segmentBytes(const TierUse& use, Segment segment)
{
    switch (segment) {
    case Segment::Weights:
        return use.weights;
    case Segment::HotKv:
        return use.hotKv;
    case Segment::SharedPrefixes:
        return use.sharedPrefixes;
    case Segment::Fragmentation:
        return use.fragmentation;
    case Segment::Retained:
        return use.retained;
    case Segment::InclusiveCopies:
        return use.inclusiveCopies;
    case Segment::Free:
        return use.free();
    }
    return 0;
}

inline QString tierName(Tier tier)
{
    switch (tier) {
    case Tier::Dram:
        return QCoreApplication::translate("Tier", "Server DRAM");
    case Tier::Ssd:
        return QCoreApplication::translate("Tier", "eSSD");
    case Tier::Hbm:
        break;
    }
    return QCoreApplication::translate("Tier", "HBM");
}

inline QString segmentName(Segment segment)
{
    switch (segment) {
    case Segment::Weights:
        return QCoreApplication::translate("Tier", "weights");
    case Segment::HotKv:
        return QCoreApplication::translate("Tier", "hot KV");
    case Segment::SharedPrefixes:
        return QCoreApplication::translate("Tier", "shared prefixes");
    case Segment::Fragmentation:
        return QCoreApplication::translate("Tier", "fragmentation");
    case Segment::Retained:
        return QCoreApplication::translate("Tier", "retained reuse pool");
    case Segment::InclusiveCopies:
        return QCoreApplication::translate("Tier", "inclusive copies");
    case Segment::Free:
        return QCoreApplication::translate("Tier", "free");
    }
    return {};
}

/// Short names for text inside bars.
inline QString segmentShortName(Segment segment)
{
    switch (segment) {
    case Segment::HotKv:
        return QCoreApplication::translate("Tier", "hot KV", "short, inside a bar");
    case Segment::SharedPrefixes:
        return QCoreApplication::translate("Tier", "shared");
    case Segment::Fragmentation:
        return QCoreApplication::translate("Tier", "frag.");
    case Segment::Retained:
        return QCoreApplication::translate("Tier", "reuse pool");
    case Segment::InclusiveCopies:
        return QCoreApplication::translate("Tier", "copies");
    default:
        break;
    }
    return segmentName(segment);
}

inline QString segmentDescription(Segment segment)
{
    switch (segment) {
    case Segment::Weights:
        return QCoreApplication::translate("Tier", "Model weights placed in this tier.");
    case Segment::HotKv:
        return QCoreApplication::translate("Tier", "KV cache of the active sequences (their unique part).");
    case Segment::SharedPrefixes:
        return QCoreApplication::translate("Tier", "Prefixes shared by several active sequences, held once.");
    case Segment::Fragmentation:
        return QCoreApplication::translate(
            "Tier", "Allocated but holding no token: block rounding, or contiguous max-context reservation.");
    case Segment::Retained:
        return QCoreApplication::translate(
            "Tier", "Prefixes of finished requests kept for their next hit (Little's law: rate × distance × prefix).");
    case Segment::InclusiveCopies:
        return QCoreApplication::translate("Tier", "DRAM copies of prefixes also resident in HBM (inclusive tiers).");
    case Segment::Free:
        return QCoreApplication::translate("Tier", "Usable capacity left over.");
    }
    return {};
}

} // namespace kvtiers::ui
