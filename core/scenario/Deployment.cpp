#include "core/scenario/Deployment.h"

#include "core/io/InputError.h"
#include "core/scenario/Knobs.h"

#include <cmath>

namespace kvtiers {

double routedExpertParams(const ModelCard& model)
{
    return 3.0 * static_cast<double>(model.hiddenSize) * static_cast<double>(model.moe.expertIntermediate);
}

double moeLayers(const ModelCard& model)
{
    return model.moe.present() ? static_cast<double>(model.totalLayers() - model.moe.denseLayers) : 0.0;
}

double denseFfnParams(const ModelCard& model)
{
    if (model.moe.present())
        return 0;
    return 3.0 * static_cast<double>(model.hiddenSize) * static_cast<double>(model.intermediateSize)
        * static_cast<double>(model.totalLayers());
}

double replicatedParams(const ModelCard& model)
{
    return model.paramsTotal
        - static_cast<double>(model.moe.routedExperts) * routedExpertParams(model) * moeLayers(model)
        - denseFfnParams(model);
}

EpWeights epWeightsPerGpu(const ModelCard& model, const Deployment& d)
{
    const double bytes = model.weightBits / 8.0;
    EpWeights w;
    const long long physical = model.moe.routedExperts + d.redundantExperts;
    w.expertsPerGpu = static_cast<int>((physical + d.ep - 1) / d.ep);
    w.expertBytes = w.expertsPerGpu * routedExpertParams(model) * bytes * moeLayers(model);
    w.ffnBytes = denseFfnParams(model) * bytes / (static_cast<double>(d.tp) * d.dp);
    w.replicatedBytes = replicatedParams(model) * bytes / d.tp;
    return w;
}

namespace {

std::string num(double v)
{
    if (v == std::floor(v) && std::fabs(v) < 1e15)
        return std::to_string(static_cast<long long>(v));
    std::string s = std::to_string(v);
    s.erase(s.find_last_not_of('0') + 1);
    return s.back() == '.' ? s.substr(0, s.size() - 1) : s;
}

void checkRange(std::vector<std::string>& out, const char* field, double v, double lo, double hi)
{
    if (!(v >= lo && v <= hi))
        out.push_back(std::string(field) + ": " + num(v) + " is not between " + num(lo) + " and " + num(hi));
}

/// The parallel layout: every count positive, attention ranks covering the GPUs, experts
/// dividing over the EP ranks.
void layoutProblems(std::vector<std::string>& out, const Deployment& d, const ModelCard& model)
{
    // TP is the scenario knob of that name: its key from the knob table.
    checkRange(out, knob(KnobId::Tp).key, d.tp, 1, 1024);
    checkRange(out, "dp", d.dp, 1, 1 << 20);
    checkRange(out, "ep", d.ep, 1, 1 << 20);
    checkRange(out, "nodes", d.nodes, 1, 1 << 20);
    checkRange(out, "gpus_per_node", d.gpusPerNode, 1, 1024);
    checkRange(out, "redundant_experts", d.redundantExperts, 0, 1 << 20);
    if (!out.empty())
        return;
    // The unit fills its servers, or (like a TP 8 replica on a 72-GPU rack) shares one
    // server with other units.
    const long long servers = static_cast<long long>(d.nodes) * d.gpusPerNode;
    const long long gpus = static_cast<long long>(d.tp) * d.dp;
    const bool part = d.nodes == 1 && gpus < servers && servers % gpus == 0;
    if (gpus != servers && !part)
        out.push_back("dp: " + num(d.dp) + " attention ranks of tp " + num(d.tp) + " GPUs do not make the "
            + num(static_cast<double>(servers)) + " GPUs of " + num(d.nodes) + " nodes x " + num(d.gpusPerNode)
            + (d.nodes == 1 ? " or divide them" : ""));
    if (d.ep > gpus || gpus % d.ep != 0)
        out.push_back("ep: " + num(d.ep) + " does not divide the " + num(static_cast<double>(gpus)) + " GPUs");
    if (!model.moe.present() && d.dp > 1 && denseFfnParams(model) <= 0)
        out.push_back("dp: " + num(d.dp)
            + " attention ranks of a dense model shard its FFN over the unit's GPUs, which needs the card " + model.id
            + "'s hidden_size and intermediate_size (config.json)");
    if (d.ep == 1 && d.redundantExperts == 0)
        return;
    if (!model.moe.present()) {
        out.push_back(
            "ep: " + num(d.ep) + " needs the model's routed experts (the card " + model.id + " has no \"moe\" object)");
        return;
    }
    const long long physical = model.moe.routedExperts + d.redundantExperts;
    if (physical % d.ep != 0)
        out.push_back("ep: " + num(d.ep) + " does not divide the " + num(static_cast<double>(model.moe.routedExperts))
            + " routed + " + num(d.redundantExperts) + " redundant experts");
}

} // namespace

std::vector<std::string> deploymentProblems(const Deployment& d, const ModelCard& model)
{
    std::vector<std::string> out;
    layoutProblems(out, d, model);
    checkRange(out, "overlap", d.overlap, 0, 1);
    checkRange(out, "dispatch_bytes", d.dispatchBytesPerElement, 0.125, 4);
    checkRange(out, "dispatch_scale_bytes", d.dispatchScaleBytesPerToken, 0, 1e6);
    checkRange(out, "combine_bytes", d.combineBytesPerElement, 0.125, 4);
    checkRange(out, "matmul_bits", d.matmulBits, 1, 32);
    checkRange(out, "kv_bytes", d.kvBytesPerElement, 0.0625, 8);
    const SpeculativeDecoding& s = d.speculative;
    checkRange(out, "spec_tokens", s.draftTokens, 0, 64);
    if (s.draftTokens >= 0)
        checkRange(out, "spec_accepted", s.acceptedPerStep, 1, s.tokensPerStep());
    if (s.draftTokens > 0 && s.source.empty())
        out.push_back("spec_source: a speculative acceptance figure needs its source");
    return out;
}

void requireValidDeployment(const Deployment& d, const ModelCard& model, const std::string& origin)
{
    const auto problems = deploymentProblems(d, model);
    if (problems.empty())
        return;
    std::string msg = origin + ": ";
    for (size_t i = 0; i < problems.size(); ++i)
        msg += (i ? "; " : "") + problems[i];
    throw InputError(msg);
}

} // namespace kvtiers
