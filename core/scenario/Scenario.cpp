#include "core/scenario/Scenario.h"

#include "core/io/InputError.h"
#include "core/io/Units.h"
#include "core/scenario/Knobs.h"

#include <algorithm>
#include <numeric>
#include <string>

namespace kvtiers {

namespace {

/// Throws "option: problem", said by its code (InputError.h).
[[noreturn]] void reject(InputErrorDetail detail)
{
    throw InputError(std::move(detail));
}

/// What a problem with the knob is said against: its CLI flag without the dashes ("tp",
/// "output-tokens", "kv-dtype").
const char* flagWord(KnobId id)
{
    return knob(id).flag + 2;
}

/// Decode context parallel stripes what the TP group copies, over GPUs of that group: it must
/// divide TP and the copies, and a DP attention rank has no copies to stripe.
void validateDcp(const Scenario& s)
{
    const int dcp = s.dcp();
    if (dcp == 1)
        return;
    const std::string dcpText = std::to_string(dcp);
    if (s.expertParallel())
        reject({ .code = InputErrorCode::DcpWithExpertParallel, .where = flagWord(KnobId::Dcp), .value = dcpText });
    if (dcp < 1 || s.tp() % dcp != 0)
        reject({ .code = InputErrorCode::DcpDoesNotDivideTp,
            .where = flagWord(KnobId::Dcp),
            .value = dcpText,
            .max = std::to_string(s.tp()) });
    if (const int copies = s.kvCopies(); copies % dcp != 0)
        reject({ .code = InputErrorCode::DcpBeyondKvCopies,
            .where = flagWord(KnobId::Dcp),
            .value = dcpText,
            .max = std::to_string(copies),
            .detail = s.model.id });
}

} // namespace

int Scenario::defaultTp() const
{
    constexpr int kMaxDefaultTp = 8;
    for (int tp = std::min(kMaxDefaultTp, std::max(1, hardware.gpusPerServer)); tp > 1; --tp) {
        if (hardware.gpusPerServer % tp != 0)
            continue;
        bool headsAllow = true;
        for (const auto& g : model.groups)
            if ((g.kind == LayerKind::Full || g.kind == LayerKind::Sliding || g.kind == LayerKind::Chunked)
                && g.numKvHeads % tp != 0 && tp % g.numKvHeads != 0)
                headsAllow = false;
        if (headsAllow)
            return tp;
    }
    return 1;
}

int Scenario::kvCopies() const
{
    const int t = tp();
    int copies = 1;
    for (const auto& g : model.groups) {
        if (g.kind == LayerKind::Mla)
            copies = std::max(copies, t);
        else if (g.holdsTokens() && g.numKvHeads > 0 && g.numKvHeads < t)
            copies = std::max(copies, static_cast<int>(t / g.numKvHeads));
    }
    return copies;
}

int Scenario::dcp() const
{
    if (workload.dcp != 0)
        return workload.dcp;
    return expertParallel() ? 1 : kvCopies();
}

double Scenario::activationBits() const
{
    if (workload.activationBits)
        return *workload.activationBits;
    const double w = weightBits();
    return w >= 8 ? w : 16.0;
}

double Scenario::linearBits() const
{
    return std::max(weightBits(), activationBits());
}

double Scenario::attentionBits() const
{
    if (workload.attentionBits)
        return *workload.attentionBits;
    return kvFormat().bits == 8 && hasFp8Attention(hardware.architecture) ? 8.0 : 16.0;
}

double Scenario::tokensPerDecodeStep() const
{
    double tokens = 1, term = 1;
    for (int i = 0; i < workload.specTokens; ++i)
        tokens += term *= workload.specAcceptance;
    return tokens;
}

Deployment Scenario::deployment() const
{
    Deployment d;
    d.tp = tp();
    d.gpusPerNode = hardware.gpusPerServer;
    d.redundantExperts = workload.redundantExperts;
    const auto layOut = [&](int nodes) {
        d.nodes = nodes;
        const long long gpus = static_cast<long long>(nodes) * d.gpusPerNode;
        d.dp = workload.dp > 0 ? workload.dp : static_cast<int>(std::max(1LL, gpus / std::max(1, d.tp)));
        d.ep = workload.ep;
        if (d.ep <= 0) {
            // The most GPUs that divide both the unit and the experts: their greatest common divisor.
            const long long experts = model.moe.routedExperts + d.redundantExperts;
            d.ep = experts > 0 ? static_cast<int>(std::gcd(gpus, experts)) : 1;
        }
    };
    if (workload.nodes > 0) {
        layOut(workload.nodes);
    } else if (workload.dp > 0) {
        // A given DP sets the unit: the servers its tp × dp GPUs need (part of one at least).
        const long long gpus = static_cast<long long>(std::max(1, d.tp)) * workload.dp;
        layOut(static_cast<int>(std::min<long long>(kMaxAutoNodes, (gpus + d.gpusPerNode - 1) / d.gpusPerNode)));
    } else {
        // The fewest servers on which each GPU's weights leave room for KV (kMaxWeightsShareOfHbm).
        const double usable = workload.gpuMemoryUtilization * hardware.hbmBytes - workload.runtimeReserveBytes;
        for (int n = 1; n <= kMaxAutoNodes; ++n) {
            layOut(n);
            if (epWeightsPerGpu(model, d).total() <= kMaxWeightsShareOfHbm * usable)
                break;
        }
    }
    d.overlap = workload.epOverlap;
    d.matmulBits = linearBits();
    const bool fp8 = d.matmulBits <= 8;
    // DeepEP dispatches FP8 with one FP32 scale per 128 channels and combines in BF16.
    constexpr double kScaleChannels = 128, kScaleBytes = 4;
    d.dispatchBytesPerElement = fp8 ? 1 : 2;
    d.dispatchScaleBytesPerToken = fp8 ? static_cast<double>(model.hiddenSize) / kScaleChannels * kScaleBytes : 0;
    d.combineBytesPerElement = 2;
    d.kvBytesPerElement = kvFormat().bits / 8.0;
    d.speculative.draftTokens = workload.specTokens;
    d.speculative.acceptedPerStep = tokensPerDecodeStep();
    d.speculative.source = "the scenario's spec_acceptance";
    return d;
}

namespace {
/// No card's limit is below 128K tokens: the article runs DeepSeek LLM 67B (a 4K window) at
/// 128K to set MHA against MLA, a built-in preset that must stay valid.
constexpr double kContextLimitFloor = 131072;
/// 16× the card's window, where that is above the floor.
bool limitIsTheCards(const ModelCard& model)
{
    return model.maxContext > 0 && kContextOverModelMax * static_cast<double>(model.maxContext) >= kContextLimitFloor;
}
} // namespace

double contextLimit(const ModelCard& model)
{
    if (model.maxContext <= 0)
        return limits::kMaxContext;
    return std::min(limits::kMaxContext,
        std::max(kContextLimitFloor, kContextOverModelMax * static_cast<double>(model.maxContext)));
}

void validateScenario(const Scenario& s)
{
    const auto& w = s.workload;
    const int tp = s.tp();
    const int gpus = s.hardware.gpusPerServer;
    const std::string tpText = std::to_string(tp);
    if (tp < 1 || tp > limits::kMaxTp)
        reject({ .code = InputErrorCode::TpOutOfRange,
            .where = flagWord(KnobId::Tp),
            .value = tpText,
            .min = "1",
            .max = std::to_string(limits::kMaxTp) });
    if (gpus % tp != 0 && tp % gpus != 0)
        reject({ .code = InputErrorCode::TpDoesNotFitServer,
            .where = flagWord(KnobId::Tp),
            .value = tpText,
            .max = std::to_string(gpus) });
    for (size_t i = 0; i < s.model.groups.size(); ++i) {
        const auto& g = s.model.groups[i];
        if (g.kind != LayerKind::Full && g.kind != LayerKind::Sliding && g.kind != LayerKind::Chunked)
            continue;
        if (g.numKvHeads % tp != 0 && tp % g.numKvHeads != 0)
            reject({ .code = InputErrorCode::TpDoesNotDivideKvHeads,
                .where = flagWord(KnobId::Tp),
                .value = tpText,
                .max = std::to_string(g.numKvHeads),
                .detail = s.model.id });
    }
    if (const double most = contextLimit(s.model); !(w.context >= 1 && w.context <= most))
        reject({ .code = InputErrorCode::ContextOutOfRange,
            .where = flagWord(KnobId::Context),
            .value = formatCount(w.context),
            .max = formatCount(most),
            .detail = limitIsTheCards(s.model) ? s.model.name : std::string() });
    if (!(w.concurrency >= 1 && w.concurrency <= limits::kMaxConcurrency))
        reject({ .code = InputErrorCode::ConcurrencyOutOfRange,
            .where = flagWord(KnobId::Concurrency),
            .max = formatCount(limits::kMaxConcurrency) });
    if (!(w.outputTokens >= 0 && w.outputTokens < w.context))
        reject({ .code = InputErrorCode::OutputTokensNotBelowContext,
            .where = flagWord(KnobId::OutputTokens),
            .value = formatNumber(w.outputTokens),
            .max = formatNumber(w.context) });
    if (!(w.reuseRate >= 0 && w.reuseRate <= 1))
        reject({ .code = InputErrorCode::ReuseOutOfRange, .where = flagWord(KnobId::ReuseRate) });
    if (!(w.offloadRate >= 0 && w.offloadRate <= 1))
        reject({ .code = InputErrorCode::OffloadRateOutOfRange, .where = flagWord(KnobId::OffloadRate) });
    if (!(w.sharing >= 1))
        reject({ .code = InputErrorCode::SharingBelowOne, .where = flagWord(KnobId::Sharing) });
    if (!(w.gpuMemoryUtilization > 0 && w.gpuMemoryUtilization <= 1))
        reject({ .code = InputErrorCode::GpuUtilizationOutOfRange, .where = flagWord(KnobId::GpuMemoryUtilization) });
    if (w.blockSize < 1 || w.blockSize > limits::kMaxBlock)
        reject({ .code = InputErrorCode::BlockSizeOutOfRange,
            .where = flagWord(KnobId::BlockSize),
            .min = "1",
            .max = std::to_string(limits::kMaxBlock) });
    if (!(w.reuseDistanceSeconds >= 0 && w.reuseDistanceSeconds <= limits::kMaxSeconds))
        reject({ .code = InputErrorCode::ReuseDistanceOutOfRange, .where = flagWord(KnobId::ReuseDistance) });
    if (!(w.servers >= 1 && w.servers <= limits::kMaxServers))
        reject({ .code = InputErrorCode::ServersOutOfRange, .where = flagWord(KnobId::Servers) });
    if (s.expertParallel())
        requireValidDeployment(s.deployment(), s.model, "deployment");
    validateDcp(s);
    const KvFormat kv = s.kvFormat();
    if (!(kv.bits > 0 && kv.bits <= kMaxKvBits)
        || !(kv.scaleBits >= 0 && kv.scaleBits <= knob(KnobId::KvScaleBits).max))
        reject({ .code = InputErrorCode::KvBitsOutOfRange, .where = flagWord(KnobId::KvBits) });
}

} // namespace kvtiers
