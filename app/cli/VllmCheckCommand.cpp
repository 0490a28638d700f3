// `kvtiers vllm-check`: vLLM's KV block math, and its startup log next to it.
#include "app/cli/CommandLineParsing.h"
#include "app/cli/Commands.h"
#include "core/analysis/ScenarioComparison.h"
#include "core/cards/KvFormat.h"
#include "core/catalog/CardCatalog.h"
#include "core/io/InputError.h"
#include "core/io/Units.h"
#include "core/model/VllmCheck.h"
#include "core/model/VllmComparison.h"
#include "core/model/VllmLogSetup.h"
#include "core/replay/ReplayOptions.h"
#include "core/report/ResultJson.h"
#include "core/scenario/Knobs.h"

#include <algorithm>
#include <iomanip>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace kvtiers::cli {

namespace {

/// vLLM's chunked-prefill token budget, one flag with the replay's engine option of the
/// same name.
const std::string& batchedTokensFlag()
{
    static const std::string flag = optionFlagOf(replay::replayOptionTable(), replay::replay_keys::kMaxBatchedTokens);
    return flag;
}

// ---- vllm-check: vLLM's allocator math, and its startup log next to it.
Json vllmPredictionJson(const VllmPrediction& p)
{
    Json kinds = Json::array();
    for (const auto& k : p.kinds) {
        Json j = { { "kind", k.kind }, { "layers", k.layers }, { knobKey(KnobId::BlockSize), k.blockSize },
            { "page_bytes", bytesToJson(k.pageBytes) }, { "groups", k.groups },
            { "blocks_per_request", bytesToJson(k.blocksPerRequest) } };
        if (k.realPageBytes != k.pageBytes)
            j["unpadded_page_bytes"] = bytesToJson(k.realPageBytes);
        if (k.kind == "sliding")
            j["window"] = bytesToJson(k.window);
        kinds.push_back(std::move(j));
    }
    Json notes = Json::array();
    for (const auto& n : p.notes)
        notes.push_back(vllmNoteText(n));
    return { { knobKey(KnobId::Context), bytesToJson(p.context) }, { "kv_memory_bytes", bytesToJson(p.kvMemoryBytes) },
        { "layer_kinds", kinds }, { "hybrid", p.hybrid }, { "layers_per_group", p.groupSize },
        { "kv_cache_groups", p.kvCacheGroups }, { "padding_layers", p.paddingLayers },
        { "bytes_per_block", bytesToJson(p.bytesPerBlock) }, { "num_blocks", bytesToJson(p.numBlocks) },
        { "gpu_kv_cache_tokens", bytesToJson(p.tokens) }, { "blocks_per_request", bytesToJson(p.blocksPerRequest) },
        { "max_concurrency", numberToJson(p.maxConcurrency) }, { "notes", notes } };
}

/// vllm-check's inputs: vLLM's settings, each read through its knob from the overrides (a
/// knob not given keeps VllmSetup's default, vLLM's, or the model card's), and the log.
struct VllmInputs {
    VllmSetup setup;
    double weightBits = 0;
    double gpuMemoryUtilization = vllm_defaults::kGpuMemoryUtilization;
    double reserveBytes = 0;
    std::string batchedSource = "given";
    std::optional<VllmLog> log;
    std::vector<VllmSetupNote> setupNotes; ///< what came from the log, and where it differs
};

/// The knobs vllm-check reads; any other override does not apply.
constexpr KnobId kVllmKnobs[] = { KnobId::KvBits, KnobId::KvScaleBits, KnobId::Tp, KnobId::BlockSize, KnobId::Context,
    KnobId::GpuMemoryUtilization, KnobId::RuntimeReserve, KnobId::WeightBits };

void rejectOtherOverrides(const Json& overrides)
{
    for (const auto& [key, value] : overrides.items()) {
        const Knob* k = findKnob(key);
        if (!k || std::find(std::begin(kVllmKnobs), std::end(kVllmKnobs), k->id) == std::end(kVllmKnobs))
            throw InputError(inFlagTerms("overrides." + key) + ": does not apply to vllm-check");
    }
}

/// The setup the flags give, before the log is read (empty values: not given).
VllmSetupValues givenSetup(const Parsed& p, const std::optional<ModelCard>& flagModel)
{
    const JsonObject o(p.spec.overrides, "overrides");
    auto given = [&](KnobId id) { return readKnobNumber(o, knob(id)); };
    VllmSetupValues v;
    if (flagModel)
        v.modelId = flagModel->id;
    v.tp = static_cast<int>(given(KnobId::Tp).value_or(0));
    v.blockSize = static_cast<int>(given(KnobId::BlockSize).value_or(0));
    if (const auto bits = given(KnobId::KvBits))
        v.kv = KvFormat { *bits, given(KnobId::KvScaleBits).value_or(0) };
    v.context = given(KnobId::Context).value_or(0);
    return v;
}

/// The model the check uses: the log's when it names a card, else --model's.
ModelCard chooseModel(
    const std::optional<ModelCard>& flagModel, const VllmSetupValues& used, const std::optional<VllmLog>& log)
{
    if (flagModel && flagModel->id == used.modelId)
        return *flagModel;
    if (const auto it = cardCatalog().models().find(used.modelId); it != cardCatalog().models().end())
        return it->second;
    if (flagModel)
        return *flagModel;
    if (log && log->model)
        throw InputError("vllm-check: the log runs \"" + log->model->text + "\" (line "
            + std::to_string(log->model->line)
            + "), which matches no model card; give --model ID|FILE (a model id, a card file or its config.json)");
    throw InputError("vllm-check: --model ID|FILE is required (a model id, a card file or a Hugging Face "
                     "config.json), unless --log names a model kvtiers has a card for");
}

VllmInputs vllmInputs(const Parsed& p, const ModelCard& model, const VllmSetupValues& used)
{
    const JsonObject o(p.spec.overrides, "overrides");
    auto given = [&](KnobId id) { return readKnobNumber(o, knob(id)); };
    VllmInputs in;
    VllmSetup& setup = in.setup;
    setup.kv = used.kv && used.modelId == model.id ? *used.kv
                                                   : KvFormat { given(KnobId::KvBits).value_or(model.defaultKvBits),
                                                         given(KnobId::KvScaleBits).value_or(setup.kv.scaleBits) };
    if (used.tp > 0)
        setup.tp = used.tp;
    if (used.blockSize > 0)
        setup.blockSize = used.blockSize;
    setup.context = used.context;
    in.weightBits = given(KnobId::WeightBits).value_or(model.weightBits);
    in.gpuMemoryUtilization = given(KnobId::GpuMemoryUtilization).value_or(in.gpuMemoryUtilization);
    in.reserveBytes = given(KnobId::RuntimeReserve).value_or(in.reserveBytes);

    if (auto it = p.own.find(batchedTokensFlag()); it != p.own.end())
        setup.maxNumBatchedTokens = parseNumberOption(it->second, batchedTokensFlag(), 1, 1e9, true);
    setup.asyncScheduling = p.own.contains("--async-scheduling");
    return in;
}

/// Sets the memory the KV cache gets (--kv-memory, else from --hardware, else the log's
/// "Available KV cache memory") and vLLM's batched-token budget; returns where the memory
/// figure came from. `hbm` is set when the hardware gives it.
std::string kvMemory(const Parsed& p, const ModelCard& model, VllmInputs& in, std::optional<VllmHbmContext>& hbm)
{
    VllmSetup& setup = in.setup;
    std::string memorySource;
    const auto kvMem = p.own.find("--kv-memory");
    if (kvMem != p.own.end()) {
        if (!p.spec.hardware.empty())
            throw InputError("--kv-memory: give either --kv-memory or --hardware, not both");
        for (KnobId id : { KnobId::GpuMemoryUtilization, KnobId::RuntimeReserve })
            if (p.spec.overrides.contains(knobKey(id)))
                throw InputError(inFlagTerms(std::string("overrides.") + knobKey(id))
                    + ": only with --hardware (--kv-memory is already what is left for KV)");
        setup.kvMemoryBytes = parseByteSize(kvMem->second, "--kv-memory");
        memorySource = "given";
    } else if (!p.spec.hardware.empty()) {
        const HardwareCard hw = cardCatalog().resolveHardware(p.spec.hardware);
        const double u = in.gpuMemoryUtilization;
        const double reserve = in.reserveBytes;
        setup.kvMemoryBytes = vllmKvMemory(model, hw, u, setup.tp, reserve, in.weightBits);
        const double weightsPerGpu = model.paramsTotal * in.weightBits / 8.0 / setup.tp;
        hbm = VllmHbmContext { hw.hbmBytes, weightsPerGpu, reserve, u };
        if (!(setup.maxNumBatchedTokens > 0)) {
            setup.maxNumBatchedTokens = defaultMaxNumBatchedTokens(&hw);
            in.batchedSource = "vllm serve's default for " + hw.id;
        }
        memorySource = formatSignificant(u, 3) + " x " + formatBytes(hw.hbmBytes) + " HBM (" + hw.id + ") - "
            + formatBytes(weightsPerGpu) + " weights per GPU"
            + (reserve > 0 ? " - " + formatBytes(reserve) + " reserve" : "");
    } else if (in.log && in.log->availableKvBytes) {
        setup.kvMemoryBytes = *in.log->availableKvBytes;
        memorySource = "vLLM's \"Available KV cache memory\" line";
    } else {
        throw InputError(
            "vllm-check: say how much memory the KV cache gets: --kv-memory SIZE (per GPU), or --hardware ID "
            "[--gpu-util U] [--reserve SIZE]");
    }

    if (!(setup.maxNumBatchedTokens > 0)) {
        setup.maxNumBatchedTokens = defaultMaxNumBatchedTokens(nullptr);
        in.batchedSource = "vllm serve's default for a GPU of 70 GiB or more";
    }
    return memorySource;
}

/// vLLM's own figures from the log, and how they compare.
void addLogJson(Json& j, const VllmLog& log, const VllmComparison& cmp)
{
    Json v = Json::object();
    if (log.kvCacheTokens)
        v["gpu_kv_cache_tokens"] = bytesToJson(*log.kvCacheTokens);
    if (log.concurrency) {
        v["max_concurrency"] = numberToJson(*log.concurrency);
        v["concurrency_context"] = bytesToJson(*log.concurrencyTokens);
    }
    if (log.availableKvBytes)
        v["available_kv_memory_bytes"] = bytesToJson(*log.availableKvBytes);
    if (log.gpuBlocks)
        v["num_gpu_blocks"] = bytesToJson(*log.gpuBlocks);
    j["vllm"] = v;
    Json c = { { "agrees", cmp.agrees },
        { "token_form", cmp.newerTokenForm ? "max_concurrency_x_max_model_len" : "blocks_x_block_size" },
        { "explanation", cmp.explanation } };
    auto opt = [&](const char* key, const std::optional<double>& x) { c[key] = x ? numberToJson(*x) : Json(nullptr); };
    opt("tokens_diff_percent", cmp.tokensDiffPercent);
    opt("concurrency_diff_percent", cmp.concurrencyDiffPercent);
    opt("implied_kv_memory_bytes", cmp.impliedKvMemoryBytes);
    opt("kv_memory_gap_bytes", cmp.kvMemoryGapBytes);
    opt("implied_gpu_memory_utilization", cmp.impliedGpuUtilization);
    opt("vllm_kv_memory_bytes", cmp.vllmKvMemoryBytes);
    opt("kv_memory_diff_bytes", cmp.kvMemoryDiffBytes);
    c["vllm_kv_memory_implied"] = cmp.vllmKvMemoryImplied;
    c["setup_differs"] = cmp.setupDiffers;
    j["comparison"] = c;
}

Json vllmCheckJson(const ModelCard& model, const VllmInputs& in, const std::string& memorySource,
    const VllmPrediction& pred, const std::optional<VllmComparison>& cmp)
{
    const VllmSetup& setup = in.setup;
    Json j = { { "model", model.id }, { knobKey(KnobId::KvBits), numberToJson(setup.kv.bits) },
        { knobKey(KnobId::KvScaleBits), numberToJson(setup.kv.scaleBits) }, { knobKey(KnobId::Tp), setup.tp },
        { knobKey(KnobId::BlockSize), setup.blockSize }, { "kv_memory_source", memorySource },
        { "kvtiers", vllmPredictionJson(pred) },
        { "vllm_predicted",
            { { "max_concurrency", numberToJson(pred.vllmMaxConcurrency) },
                { "blocks_per_request", bytesToJson(pred.vllmBlocksPerRequest) },
                { "gpu_kv_cache_tokens", bytesToJson(pred.tokens) },
                { "gpu_kv_cache_capacity_tokens", bytesToJson(pred.capacityTokens) },
                { "max_num_batched_tokens", bytesToJson(pred.maxNumBatchedTokens) },
                { "max_num_batched_tokens_source", in.batchedSource }, { "async_scheduling", pred.asyncScheduling },
                { "in_flight_tokens", bytesToJson(pred.inFlightTokens) }, { "why", vllmBudgetMessage(pred).english() },
                { "vllm_version", kVllmVersion } } } };
    if (cmp) {
        addLogJson(j, *in.log, *cmp);
        Json setupNotes = Json::array();
        for (const VllmSetupNote& n : in.setupNotes)
            setupNotes.push_back({ { "warning", vllmSetupWarns(n) }, { "text", vllmSetupText(n) } });
        j["setup_from_log"] = setupNotes;
    }
    return j;
}

/// The prediction as text: the setup, the pages, the blocks and what vLLM would print.
void printPrediction(std::ostream& out, const ModelCard& model, const VllmInputs& in, const std::string& memorySource,
    const VllmPrediction& pred)
{
    out << "vLLM check: " << model.name << "\n";
    out << "Setup              KV " << in.setup.kv.name() << ", TP " << in.setup.tp << ", block " << in.setup.blockSize
        << " tokens, " << formatCount(pred.context) << " tokens per request\n";
    out << "KV memory          " << formatBytes(pred.kvMemoryBytes) << " per GPU (" << memorySource << ")\n";
    for (const auto& k : pred.kinds) {
        out << "Pages, " << std::left << std::setw(12) << k.kind << formatCount(static_cast<double>(k.layers))
            << " layers, " << formatCount(k.pageBytes)
            << (k.kind == "state" ? std::string(" B per state page")
                                  : " B per block of " + std::to_string(k.blockSize) + " tokens");
        if (k.realPageBytes != k.pageBytes)
            out << " (padded from " << formatCount(k.realPageBytes) << " B)";
        if (k.kind == "sliding")
            out << ", window " << formatCount(k.window);
        out << "; " << formatCount(k.blocksPerRequest) << " blocks per request" << (pred.hybrid ? " per group" : "")
            << "\n";
    }
    if (pred.hybrid)
        out << "Groups             " << pred.kvCacheGroups << " KV-cache groups of " << pred.groupSize << " layers"
            << (pred.paddingLayers > 0 ? " (" + std::to_string(pred.paddingLayers) + " padding)" : std::string())
            << "\n";
    out << "Blocks             " << formatCount(pred.numBlocks) << " = floor(" << formatCount(pred.kvMemoryBytes)
        << " B / " << formatCount(pred.bytesPerBlock) << " B per block)\n";
    out << "kvtiers            GPU KV cache size: " << formatCount(pred.tokens) << " tokens\n";
    out << "                   " << vllmConcurrencyLine(pred.context, pred.maxConcurrency) << "  ("
        << formatCount(pred.numBlocks) << " blocks / " << formatCount(pred.blocksPerRequest) << " per request)\n";
    // With async scheduling the budget is newer vLLM's, so the line names no version.
    const std::string printsLabel
        = pred.asyncScheduling ? "vLLM prints" : "vLLM " + std::string(kVllmVersion) + " prints";
    out << std::left << std::setw(19) << printsLabel << vllmConcurrencyLine(pred.context, pred.vllmMaxConcurrency)
        << "  (" << formatCount(pred.numBlocks) << " blocks / " << formatCount(pred.vllmBlocksPerRequest)
        << " per request; max_num_batched_tokens " << formatCount(pred.maxNumBatchedTokens) << ", " << in.batchedSource
        << (pred.asyncScheduling ? "; async scheduling: " + formatCount(pred.inFlightTokens) + " tokens in flight"
                                 : std::string())
        << ")\n";
    out << std::left << std::setw(19) << "Newer vLLM prints"
        << "GPU KV cache size: " << formatCount(pred.capacityTokens) << " tokens, "
        << vllmConcurrencyLine(pred.context, pred.vllmMaxConcurrency)
        << "  (int(concurrency x max_model_len), the concurrency unrounded)\n";
    if (pred.vllmBlocksPerRequest != pred.blocksPerRequest)
        out << "  why they differ: " << vllmBudgetMessage(pred).english() << "\n";
    for (const auto& n : pred.notes)
        out << "  note: " << vllmNoteText(n) << "\n";
}

/// The log's own figures as text, and how far they are from the prediction.
void printLogComparison(std::ostream& out, const VllmLog& log, const VllmComparison& cmp)
{
    out << "vLLM's log         ";
    bool first = true;
    auto line = [&](const std::string& text) {
        out << (first ? "" : "                   ") << text << "\n";
        first = false;
    };
    if (log.availableKvBytes)
        line("Available KV cache memory: " + formatBytes(*log.availableKvBytes) + " (line "
            + std::to_string(log.availableLine) + ")");
    if (log.kvCacheTokens)
        line("GPU KV cache size: " + formatCount(*log.kvCacheTokens) + " tokens (line "
            + std::to_string(log.kvCacheLine) + ")");
    if (log.gpuBlocks)
        line("# GPU blocks: " + formatCount(*log.gpuBlocks) + " (line " + std::to_string(log.gpuBlocksLine) + ")"
            + (cmp.vllmTokensFromBlocks && cmp.vllmTokens ? ": " + formatCount(*cmp.vllmTokens) + " tokens"
                                                          : std::string()));
    if (log.concurrency)
        line(vllmConcurrencyLine(*log.concurrencyTokens, *log.concurrency) + " (line "
            + std::to_string(log.concurrencyLine) + ")");
    out << "Difference         ";
    std::vector<std::string> parts;
    auto signedPct = [](double v) { return (v > 0 ? "+" : "") + formatSignificant(v, 3) + "%"; };
    if (cmp.tokensDiffPercent)
        parts.push_back("tokens " + signedPct(*cmp.tokensDiffPercent));
    if (cmp.concurrencyDiffPercent)
        parts.push_back("concurrency " + signedPct(*cmp.concurrencyDiffPercent));
    if (cmp.kvMemoryDiffBytes && cmp.vllmKvMemoryBytes)
        parts.push_back("KV memory per GPU " + formatBytes(*cmp.vllmKvMemoryBytes)
            + (cmp.vllmKvMemoryImplied ? " (implied by its tokens)" : "") + " - "
            + formatBytes(cmp.predicted.kvMemoryBytes) + " = " + formatBytes(*cmp.kvMemoryDiffBytes));
    for (size_t i = 0; i < parts.size(); ++i)
        out << (i ? ", " : "") << parts[i];
    out << " (vLLM relative to kvtiers)\n";
    out << "Explanation        " << cmp.explanation << "\n";
}

int cmdVllmCheck(const Command& command, const std::vector<std::string>& args, std::ostream& out)
{
    const Parsed p = parseArgs(args, 1, command.options, command.switches);
    checkOutputFlags(p, "vllm-check", false);
    if (!p.positional.empty())
        throw InputError("vllm-check: unexpected argument \"" + p.positional[0] + "\"");
    if (!p.spec.workload.empty() || !p.presets.empty())
        throw InputError("vllm-check: --workload and --preset do not apply; give the model and vLLM's settings");
    rejectOtherOverrides(p.spec.overrides);
    std::optional<VllmLog> log;
    if (auto it = p.own.find("--log"); it != p.own.end())
        log = parseVllmLog(readInputFile(it->second), it->second);
    std::optional<ModelCard> flagModel;
    if (!p.spec.model.empty())
        flagModel = cardCatalog().resolveModel(p.spec.model);
    // The log states what vLLM ran (model, TP, block size, KV dtype, max_model_len): the
    // check uses it, and says where it differs from the flags.
    const VllmSetupValues flags = givenSetup(p, flagModel);
    const VllmSetupValues used = log ? vllmSetupFromLog(*log, cardCatalog().models(), flags) : flags;
    const ModelCard model = chooseModel(flagModel, used, log);
    VllmInputs in = vllmInputs(p, model, used);
    in.log = log;
    if (log) {
        VllmSetupValues usedFinal = used;
        usedFinal.modelId = model.id;
        usedFinal.kv = in.setup.kv;
        in.setupNotes = vllmSetupNotes(*log, cardCatalog().models(), flags, usedFinal);
    }
    std::optional<VllmHbmContext> hbm;
    const std::string memorySource = kvMemory(p, model, in, hbm);

    std::optional<VllmComparison> cmp;
    if (in.log)
        cmp = compareWithVllm(model, in.setup, *in.log, hbm);
    const VllmPrediction pred = cmp ? cmp->predicted : predictVllm(model, in.setup);

    if (p.json) {
        out << vllmCheckJson(model, in, memorySource, pred, cmp).dump(2) << "\n";
        return kExitOk;
    }
    for (const VllmSetupNote& n : in.setupNotes)
        out << (vllmSetupWarns(n) ? "warning: " : "") << vllmSetupText(n) << "\n";
    printPrediction(out, model, in, memorySource, pred);
    if (cmp)
        printLogComparison(out, *in.log, *cmp);
    return kExitOk;
}

} // namespace

const Command kVllmCheckCommand = { "vllm-check",
    "  kvtiers vllm-check [--model ID|FILE] [--kv-dtype D] [--tp N] [--block-size N] [--context N]\n"
    "                 [--kv-memory SIZE | --hardware ID|FILE [--gpu-util U] [--reserve SIZE]]\n"
    "                 ["
        + batchedTokensFlag() + R"( N] [--async-scheduling] [--log FILE] [--json]
                 vLLM's KV block math (blocks, "GPU KV cache size", "Maximum concurrency");
                 with --log, vLLM's own figures from a pasted startup log next to it, at
                 the model, TP, block size, KV dtype and max_model_len the log states;
                 --async-scheduling: newer vLLM's budget of two batches in flight
)",
    { "--kv-memory", "--log", batchedTokensFlag() }, cmdVllmCheck, { "--async-scheduling" } };

} // namespace kvtiers::cli
