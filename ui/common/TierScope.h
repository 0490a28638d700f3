#pragma once
// TierScope: which hardware unit the tier charts and table count bytes for. The core
// reports tiers for one replica (TP GPUs with their share of a server); per GPU divides by
// TP, per server multiplies the per-GPU figure by GPUs per server (Evaluation.h, "Scope").

#include "core/model/Evaluation.h"
#include "core/scenario/Scenario.h"

#include <QCoreApplication>
#include <QString>

namespace kvtiers::ui {

enum class TierScope { PerGpu = 0, PerReplica = 1, PerServer = 2 };

/// Factor turning the core's per-replica bytes into bytes per `scope`.
inline double tierScopeFactor(TierScope scope, const Scenario& scenario, const EvalResult& result)
{
    switch (scope) {
    case TierScope::PerGpu:
        return 1.0 / result.tp;
    case TierScope::PerServer:
        return static_cast<double>(scenario.hardware.gpusPerServer) / result.tp;
    case TierScope::PerReplica:
        break;
    }
    return 1.0;
}

inline QString tierScopeName(TierScope scope)
{
    switch (scope) {
    case TierScope::PerGpu:
        return QCoreApplication::translate("TierScope", "per GPU");
    case TierScope::PerServer:
        return QCoreApplication::translate("TierScope", "per server");
    case TierScope::PerReplica:
        break;
    }
    return QCoreApplication::translate("TierScope", "per replica");
}

} // namespace kvtiers::ui
