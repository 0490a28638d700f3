#include "core/scenario/Knobs.h"

#include "core/cards/KvFormat.h"
#include "core/io/InputError.h"
#include "core/io/Units.h"
#include "core/scenario/KnobFields.h"
#include "core/scenario/Workload.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <sstream>

namespace kvtiers {

namespace {

using enum KnobId;
using enum KnobValue;
using enum KnobScope;
using enum KnobSweep;

// The ranges are the model's limits (Workload.h) and the widest values that still mean
// something; a value outside is refused with its range, never clamped. The order is
// `--help`'s, the order cards are read in, and the tornado's order among equal effects.
// clang-format off
std::span<const Knob> knobTable()
{
    namespace f = knob_fields;
    static const std::array table = {
        Knob{.id = Context, .key = "context", .value = Tokens, .min = 1, .max = limits::kMaxContext, .scope = Workload,
             .unit = "tokens", .label = QT_TRANSLATE_NOOP("Knob", "context per sequence"), .flag = "--context",
             .valueName = "N", .help = "tokens of KV per sequence: 131072, 128k, 1M (k = 1024)",
             .field = f::context(), .gui = {KnobControl::LogSlider, 1024, 2097152},
             .sensitivity = {Relative, 0, nullptr, QT_TRANSLATE_NOOP("Knob", "Average input context")}},
        Knob{.id = Concurrency, .key = "concurrency", .value = Count, .min = 1, .max = limits::kMaxConcurrency,
             .scope = Workload, .unit = "sequences",
             .label = QT_TRANSLATE_NOOP("Knob", "concurrent sequences per replica"),
             .flag = "--concurrency", .valueName = "N", .help = "active sequences per replica",
             .field = f::bind<&WorkloadParams::concurrency>(), .gui = {KnobControl::LogSlider, 1, 16384},
             .sensitivity = {Relative, 0, nullptr, QT_TRANSLATE_NOOP("Knob", "Active sequences per replica")}},
        Knob{.id = OutputTokens, .key = "output_tokens", .value = Tokens, .min = 0, .max = limits::kMaxContext,
             .scope = Workload, .unit = "tokens", .label = QT_TRANSLATE_NOOP("Knob", "output tokens"),
             .flag = "--output-tokens", .valueName = "N",
             .help = "generated tokens per request (prompt = context - output)",
             .field = f::bind<&WorkloadParams::outputTokens>(), .gui = {KnobControl::SpinBox, 0, 1 << 30}},
        Knob{.id = KvBits, .key = "kv_bits", .value = Format, .min = 0.5, .max = kMaxKvBits, .scope = Workload,
             .unit = "bits", .label = QT_TRANSLATE_NOOP("Knob", "KV cache format"), .flag = "--kv-dtype",
             .valueName = "D", .help = "fp32|bf16|fp16|fp8|int8|int4|<N>bit (e.g. 6bit)", .field = f::kvBits(),
             .gui = {KnobControl::Combo, 0.5, kMaxKvBits},
             .sensitivity = {Ladder, 0, nullptr, QT_TRANSLATE_NOOP("Knob", "KV bytes per token (format)")}},
        Knob{.id = KvDtype, .key = "kv_dtype", .value = Text, .min = 0, .max = 0, .scope = Workload, .unit = "",
             .label = QT_TRANSLATE_NOOP("Knob", "KV cache format"), .flag = nullptr, .valueName = nullptr,
             .help = nullptr, .field = f::kvDtype()},
        Knob{.id = KvScaleBits, .key = "kv_scale_bits", .value = Number, .min = 0, .max = 64, .scope = Workload,
             .unit = "bits", .label = QT_TRANSLATE_NOOP("Knob", "KV scale bits"), .flag = "--kv-scale-bits",
             .valueName = "B", .help = "scale overhead per element, bits (e.g. 0.25)", .field = f::kvScaleBits()},
        Knob{.id = WeightBits, .key = "weight_bits", .value = Format, .min = 1, .max = 64, .scope = Workload,
             .unit = "bits", .label = QT_TRANSLATE_NOOP("Knob", "weight bits"), .flag = "--weight-bits",
             .valueName = "B", .help = "bits per weight (16, 8, 4)",
             .field = f::bindResolved<&WorkloadParams::weightBits, &Scenario::weightBits>(),
             .gui = {KnobControl::Combo, 1, 64}},
        Knob{.id = AttentionBits, .key = "attention_bits", .value = Format, .min = 1, .max = 64,
             .scope = Workload, .unit = "bits", .label = QT_TRANSLATE_NOOP("Knob", "attention precision"),
             .flag = "--attention-dtype", .valueName = "D",
             .help = "attention's operand format: fp8, bf16, ... (default: the weights')",
             .field = f::bindResolved<&WorkloadParams::attentionBits, &Scenario::attentionBits>(),
             .gui = {KnobControl::Combo, 1, 64}},
        Knob{.id = ReuseRate, .key = "reuse_rate", .value = Fraction, .min = 0, .max = 1, .scope = Workload,
             .unit = "", .label = QT_TRANSLATE_NOOP("Knob", "reuse rate"), .flag = "--reuse", .valueName = "R",
             .help = "prefix hit rate: 0.5 or 50%", .field = f::bind<&WorkloadParams::reuseRate>(),
             .gui = {KnobControl::Slider, 0, 1},
             .sensitivity = {Relative, 0, nullptr, QT_TRANSLATE_NOOP("Knob", "Prefix-cache hit rate")}},
        Knob{.id = Sharing, .key = "sharing", .value = Number, .min = 1, .max = limits::kMaxConcurrency,
             .scope = Workload, .unit = "sequences", .label = QT_TRANSLATE_NOOP("Knob", "prefix sharing"),
             .flag = "--sharing", .valueName = "S", .help = "active sequences sharing one cached prefix (1 = none)",
             .field = f::bind<&WorkloadParams::sharing>(), .gui = {KnobControl::Field, 1, 1e6}},
        Knob{.id = ReuseDistance, .key = "reuse_distance_s", .value = Number, .min = 0, .max = limits::kMaxSeconds,
             .scope = Workload, .unit = "s", .label = QT_TRANSLATE_NOOP("Knob", "reuse distance"),
             .flag = "--reuse-distance", .valueName = "S", .help = "seconds a reusable prefix waits for its next hit",
             .field = f::bind<&WorkloadParams::reuseDistanceSeconds>(), .gui = {KnobControl::Field, 0, 1e7}},
        Knob{.id = RequestRate, .key = "request_rate_per_s", .value = Number, .min = 0,
             .max = limits::kMaxRequestRate, .scope = Workload, .unit = "req/s",
             .label = QT_TRANSLATE_NOOP("Knob", "request rate (λ)"), .flag = "--request-rate", .valueName = "R",
             .help = "requests/s per replica for the retained pool (default:\n"
                     "served sequences / request duration)",
             .field = f::bind<&WorkloadParams::requestRate>(false), .gui = {KnobControl::Field, 0, 1e6}},
        Knob{.id = ReuseGapCdf, .key = "reuse_gap_cdf", .value = Table, .min = 0, .max = limits::kMaxSeconds,
             .scope = Workload, .unit = "s", .label = QT_TRANSLATE_NOOP("Knob", "reuse gap distribution"),
             .flag = nullptr, .valueName = nullptr, .help = nullptr, .field = f::reuseGapCdf(),
             .echoKey = "reuse_gaps"},
        Knob{.id = OffloadRate, .key = "offload_rate", .value = Fraction, .min = 0, .max = 1, .scope = Workload,
             .unit = "", .label = QT_TRANSLATE_NOOP("Knob", "offload rate"), .flag = "--offload-rate",
             .valueName = "R", .help = "share of evicted reusable blocks copied to DRAM/SSD",
             .field = f::bind<&WorkloadParams::offloadRate>(), .gui = {KnobControl::Field, 0, 1},
             .sensitivity = {Relative, 0, nullptr, QT_TRANSLATE_NOOP("Knob", "HBM→host offload rate")}},
        Knob{.id = Tp, .key = "tp", .value = Count, .min = 1, .max = limits::kMaxTp, .scope = Workload,
             .unit = "GPUs", .label = QT_TRANSLATE_NOOP("Knob", "tensor parallel (TP)"), .flag = "--tp",
             .valueName = "N", .help = "tensor-parallel degree (a replica is N GPUs)",
             .field = f::bindResolved<&WorkloadParams::tp, &Scenario::tp>(),
             .gui = {KnobControl::SpinBox, 1, 1024}},
        Knob{.id = BlockSize, .key = "block_size", .value = Count, .min = 1, .max = limits::kMaxBlock,
             .scope = Workload, .unit = "tokens", .label = QT_TRANSLATE_NOOP("Knob", "KV block size"),
             .flag = "--block-size", .valueName = "N", .help = "KV page size, tokens",
             .field = f::bind<&WorkloadParams::blockSize>(), .gui = {KnobControl::SpinBox, 1, limits::kMaxBlock}},
        Knob{.id = Allocation, .key = "allocation", .value = Choice, .min = 0, .max = 0, .scope = Workload,
             .unit = "", .label = QT_TRANSLATE_NOOP("Knob", "allocation"), .flag = "--allocation", .valueName = "A",
             .help = "paged|contiguous", .choices = "paged|contiguous", .field = f::allocation(),
             .gui = {KnobControl::Combo, 0, 0}},
        Knob{.id = GpuMemoryUtilization, .key = "gpu_memory_utilization", .value = Fraction, .min = 0.01, .max = 1,
             .scope = Workload, .unit = "", .label = QT_TRANSLATE_NOOP("Knob", "GPU memory utilisation"),
             .flag = "--gpu-util", .valueName = "U",
             .help = "share of HBM the engine may use (vLLM gpu_memory_utilization)",
             .field = f::bind<&WorkloadParams::gpuMemoryUtilization>(), .gui = {KnobControl::Field, 0.01, 1}},
        Knob{.id = RuntimeReserve, .key = "runtime_reserve_bytes", .value = Bytes, .min = 0, .max = 1e18,
             .scope = Workload, .unit = "B", .label = QT_TRANSLATE_NOOP("Knob", "runtime reserve"),
             .flag = "--reserve", .valueName = "SIZE", .help = "per-GPU runtime reserve: 4GiB, 2e9",
             .field = f::bind<&WorkloadParams::runtimeReserveBytes>()},
        Knob{.id = Streaming, .key = "streaming", .value = Flag, .min = 0, .max = 1, .scope = Workload, .unit = "",
             .label = QT_TRANSLATE_NOOP("Knob", "streaming (FlexGen)"), .flag = "--streaming", .valueName = nullptr,
             .help = "FlexGen-style: what does not fit in HBM streams every step",
             .field = f::bind<&WorkloadParams::streaming>(), .gui = {KnobControl::Toggle, 0, 1}},
        Knob{.id = WeightsPlacement, .key = "weights_placement", .value = Shares, .min = 0, .max = 1,
             .scope = Workload, .unit = "", .label = QT_TRANSLATE_NOOP("Knob", "weights placement"), .flag = nullptr,
             .valueName = nullptr, .help = nullptr, .field = f::weightsPlacement()},
        Knob{.id = KvPlacement, .key = "kv_placement", .value = Shares, .min = 0, .max = 1, .scope = Workload,
             .unit = "", .label = QT_TRANSLATE_NOOP("Knob", "KV placement"), .flag = nullptr, .valueName = nullptr,
             .help = nullptr, .field = f::kvPlacement()},
        Knob{.id = InclusiveTiers, .key = "inclusive_tiers", .value = Flag, .min = 0, .max = 1, .scope = Workload,
             .unit = "", .label = QT_TRANSLATE_NOOP("Knob", "inclusive tiers"), .flag = "--inclusive",
             .valueName = nullptr, .help = "DRAM keeps copies of HBM-resident prefixes",
             .field = f::bind<&WorkloadParams::inclusiveTiers>(), .gui = {KnobControl::Toggle, 0, 1}},
        Knob{.id = RestorePath, .key = "restore_path", .value = Text, .min = 0, .max = 0, .scope = Workload,
             .unit = "", .label = QT_TRANSLATE_NOOP("Knob", "restore path"), .flag = "--restore-path",
             .valueName = "ID|FILE",
             .help = "how KV moves back into HBM: vllm-offload (default), lmcache,\n"
                     "trtllm, mooncake, per-block-copy, or a restore-path card file",
             .field = f::restorePath(), .gui = {KnobControl::Combo, 0, 0}},
        Knob{.id = GpusPerServer, .key = "gpus_per_server", .value = Count, .min = 1, .max = 1024, .scope = Hardware,
             .unit = "GPUs", .label = QT_TRANSLATE_NOOP("Knob", "GPUs per server"), .flag = "--gpus",
             .valueName = "N", .help = "GPUs per server", .field = f::bind<&HardwareCard::gpusPerServer>(),
             .gui = {KnobControl::SpinBox, 1, 1024}},
        Knob{.id = HostDram, .key = "host_dram_bytes", .value = Bytes, .min = 0, .max = 1e18, .scope = Hardware,
             .unit = "B", .label = QT_TRANSLATE_NOOP("Knob", "DRAM per server"), .flag = "--dram-per-server",
             .valueName = "SIZE", .help = "host DRAM per server, e.g. 2TiB",
             .field = f::bind<&HardwareCard::hostDramBytes>(), .gui = {KnobControl::Bytes, 0, 1e18},
             .sensitivity = {Relative, 0, "dram_per_server", QT_TRANSLATE_NOOP("Knob", "DRAM per server")},
             .echoKey = "host_dram_bytes_per_server"},
        Knob{.id = Nvme, .key = "nvme_bytes", .value = Bytes, .min = 0, .max = 1e18, .scope = Hardware, .unit = "B",
             .label = QT_TRANSLATE_NOOP("Knob", "NVMe per server"), .flag = "--nvme-per-server", .valueName = "SIZE",
             .help = "local NVMe per server, e.g. 30.72TB", .field = f::bind<&HardwareCard::nvmeBytes>(),
             .gui = {KnobControl::Bytes, 0, 1e18},
             .sensitivity = {Relative, 0, "nvme_per_server", QT_TRANSLATE_NOOP("Knob", "NVMe per server")},
             .echoKey = "nvme_bytes_per_server"},
        Knob{.id = Servers, .key = "servers", .value = Count, .min = 1, .max = limits::kMaxServers, .scope = Workload,
             .unit = "servers", .label = QT_TRANSLATE_NOOP("Knob", "servers"), .flag = "--servers", .valueName = "N",
             .help = "servers in the fleet", .field = f::servers()},
        // A fleet's total traffic: sized by the fleet, not a scenario's field; the fleet
        // tornado moves it.
        Knob{.id = Traffic, .key = "traffic", .value = Number, .min = 0, .max = 1e18, .scope = Fleet,
             .unit = "req/s", .label = QT_TRANSLATE_NOOP("Knob", "total traffic"), .flag = nullptr,
             .valueName = nullptr, .help = nullptr,
             .sensitivity = {Relative, 0, nullptr, QT_TRANSLATE_NOOP("Knob", "Total traffic (requests/s)")}},
    };
    return table;
}
// clang-format on

std::string quoted(const std::string& text)
{
    return "\"" + text + "\"";
}

Json wholeNumber(double v)
{
    return static_cast<std::int64_t>(v);
}

} // namespace

std::span<const Knob> knobs()
{
    return knobTable();
}

const Knob* findKnob(std::string_view key)
{
    const auto it = std::find_if(knobs().begin(), knobs().end(), [&](const Knob& k) { return key == k.key; });
    return it == knobs().end() ? nullptr : &*it;
}

const Knob* findKnobByFlag(std::string_view flag)
{
    const auto it
        = std::find_if(knobs().begin(), knobs().end(), [&](const Knob& k) { return k.flag && flag == k.flag; });
    return it == knobs().end() ? nullptr : &*it;
}

const Knob& knob(KnobId id)
{
    const auto it = std::find_if(knobs().begin(), knobs().end(), [&](const Knob& k) { return k.id == id; });
    return *it; // every id has an entry (tst_knobs checks)
}

Json parseKnobValue(const Knob& k, const std::string& text, const std::string& where)
{
    switch (k.value) {
    case Tokens:
        return wholeNumber(parseTokenCount(text, where, k.min, k.max));
    case Count:
        return wholeNumber(parseNumberOption(text, where, k.min, k.max, true));
    case Number:
        return Json(parseNumberOption(text, where, k.min, k.max, false));
    case Fraction: {
        const double f = parseFraction(text, where);
        if (f < k.min)
            throw InputError(where + ": " + quoted(text) + " leaves the engine no HBM (use " + formatNumber(k.min)
                + " to " + formatNumber(k.max) + ")");
        return Json(f);
    }
    case Bytes:
        return Json(parseByteSize(text, where));
    case Format:
        return Json(parseKvDtype(text, where).bits);
    case Choice: {
        const std::string choices = k.choices;
        std::stringstream all(choices);
        for (std::string c; std::getline(all, c, '|');)
            if (c == text)
                return Json(text);
        throw InputError({ .code = InputErrorCode::UnknownAllocation, .where = where, .value = text });
    }
    case Flag:
        return Json(true);
    case Text:
        return Json(text);
    case Shares:
    case Table:
        break;
    }
    throw InputError(where + ": cannot be typed; give it in a card or preset file");
}

std::optional<double> readKnobNumber(const JsonObject& object, const Knob& k)
{
    if (k.value == Count || k.value == Tokens) {
        const auto v
            = object.optionalInteger(k.key, static_cast<std::int64_t>(k.min), static_cast<std::int64_t>(k.max));
        return v ? std::optional<double>(static_cast<double>(*v)) : std::nullopt;
    }
    return object.optionalNumber(k.key, k.min, k.max);
}

std::optional<double> knobDefault(const Knob& k)
{
    if (k.scope != KnobScope::Workload || !k.field.write)
        return std::nullopt;
    const Json v = k.field.write(WorkloadParams {});
    return v.is_number() ? std::optional<double>(v.get<double>()) : std::nullopt;
}

void readKnobs(const JsonObject& object, KnobTarget& target)
{
    for (const Knob& k : knobs()) {
        const bool wanted = k.scope == KnobScope::Workload || (k.scope == KnobScope::Hardware && target.hardware);
        if (wanted && k.field.read)
            k.field.read(object, k, target);
    }
}

Json writeKnobs(const WorkloadParams& params)
{
    Json out = Json::object();
    for (const Knob& k : knobs()) {
        if (k.scope != KnobScope::Workload || !k.field.write)
            continue;
        if (Json v = k.field.write(params); !v.is_null())
            out[k.key] = std::move(v);
    }
    return out;
}

Json echoKnobs(const Scenario& scenario)
{
    Json out = Json::object();
    for (const Knob& k : knobs())
        if (k.field.echo)
            out[k.outputKey()] = k.field.echo(scenario, k);
    return out;
}

std::string knobHelp()
{
    constexpr size_t kColumn = 22;
    std::string out;
    for (const Knob& k : knobs()) {
        if (!k.flag)
            continue;
        std::string lead = std::string("  ") + k.flag + (k.valueName ? std::string(" ") + k.valueName : std::string());
        lead.resize(std::max(lead.size() + 1, kColumn + 2), ' ');
        std::string help = k.help;
        for (size_t pos = 0; (pos = help.find('\n', pos)) != std::string::npos; pos += kColumn + 3)
            help.replace(pos, 1, "\n" + std::string(kColumn + 2, ' '));
        out += lead + help + "\n";
    }
    return out;
}

} // namespace kvtiers
