#pragma once
// Scenario: one model on one hardware profile under one workload: everything the
// evaluator needs. Cards are copied in, so a scenario can be edited (the GUI's advanced
// knobs override GPUs, DRAM and NVMe per server) without touching the catalog.

#include "core/cards/HardwareCard.h"
#include "core/cards/ModelCard.h"
#include "core/cards/RestorePath.h"
#include "core/scenario/Workload.h"

namespace kvtiers {

struct Scenario {
    ModelCard model;
    HardwareCard hardware;
    WorkloadParams workload;
    /// How KV moves back into HBM (workload.restorePath resolved; the default otherwise).
    RestorePath restorePath = builtinRestorePath(kDefaultRestorePath);

    /// Tensor-parallel degree: the workload's, else defaultTp().
    int tp() const { return workload.tp.value_or(defaultTp()); }
    /// The TP a scenario gets unless one is given: the largest degree of at most 8 (one
    /// NVLink/PCIe node, as engines deploy tensor parallelism; a 72-GPU NVL72 rack runs
    /// several TP 8 replicas, not one TP 72) that divides the server's GPUs and that the
    /// KV heads allow (vLLM needs heads % TP == 0 or TP % heads == 0). 1 always fits.
    int defaultTp() const;
    /// The KV format: the workload's, else the model's default.
    KvFormat kvFormat() const { return workload.kv.value_or(KvFormat { model.defaultKvBits, 0 }); }
    double weightBits() const { return workload.weightBits.value_or(model.weightBits); }
    /// The precision attention computes in: the workload's, else the weights' (one rate for
    /// the whole prefill, as engines without FP8 attention kernels run it).
    double attentionBits() const { return workload.attentionBits.value_or(weightBits()); }
};

/// Checks what the cards cannot check alone: TP against GPUs per server and KV heads,
/// output tokens against context. Throws InputError naming the knob and the conflict.
void validateScenario(const Scenario& scenario);

} // namespace kvtiers
