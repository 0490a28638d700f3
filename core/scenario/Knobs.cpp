#include "core/scenario/Knobs.h"

#include "core/cards/KvFormat.h"
#include "core/io/InputError.h"
#include "core/io/Units.h"
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

// The ranges are the model's limits (Workload.h) and the widest values that still mean
// something; a value outside is refused with its range, never clamped.
const std::array kKnobs = {
    Knob { Context, "context", Tokens, 1, limits::kMaxContext, Workload, "tokens",
        QT_TRANSLATE_NOOP("Knob", "context per sequence"), "--context", "N",
        "tokens of KV per sequence: 131072, 128k, 1M (k = 1024)" },
    Knob { Concurrency, "concurrency", Count, 1, limits::kMaxConcurrency, Workload, "sequences",
        QT_TRANSLATE_NOOP("Knob", "concurrent sequences per replica"), "--concurrency", "N",
        "active sequences per replica" },
    Knob { OutputTokens, "output_tokens", Tokens, 0, limits::kMaxContext, Workload, "tokens",
        QT_TRANSLATE_NOOP("Knob", "output tokens"), "--output-tokens", "N",
        "generated tokens per request (prompt = context - output)" },
    Knob { KvBits, "kv_bits", Format, 0.5, 64, Workload, "bits", QT_TRANSLATE_NOOP("Knob", "KV cache format"),
        "--kv-dtype", "D", "fp32|bf16|fp16|fp8|int8|int4|<N>bit (e.g. 6bit)" },
    Knob { KvDtype, "kv_dtype", Text, 0, 0, Workload, "", QT_TRANSLATE_NOOP("Knob", "KV cache format"), nullptr,
        nullptr, nullptr },
    Knob { KvScaleBits, "kv_scale_bits", Number, 0, 64, Workload, "bits", QT_TRANSLATE_NOOP("Knob", "KV scale bits"),
        "--kv-scale-bits", "B", "scale overhead per element, bits (e.g. 0.25)" },
    Knob { WeightBits, "weight_bits", Format, 1, 64, Workload, "bits", QT_TRANSLATE_NOOP("Knob", "weight bits"),
        "--weight-bits", "B", "bits per weight (16, 8, 4)" },
    Knob { ReuseRate, "reuse_rate", Fraction, 0, 1, Workload, "", QT_TRANSLATE_NOOP("Knob", "reuse rate"), "--reuse",
        "R", "prefix hit rate: 0.5 or 50%" },
    Knob { Sharing, "sharing", Number, 1, limits::kMaxConcurrency, Workload, "sequences",
        QT_TRANSLATE_NOOP("Knob", "prefix sharing"), "--sharing", "S",
        "active sequences sharing one cached prefix (1 = none)" },
    Knob { ReuseDistance, "reuse_distance_s", Number, 0, limits::kMaxSeconds, Workload, "s",
        QT_TRANSLATE_NOOP("Knob", "reuse distance"), "--reuse-distance", "S",
        "seconds a reusable prefix waits for its next hit" },
    Knob { RequestRate, "request_rate_per_s", Number, 0, limits::kMaxRequestRate, Workload, "req/s",
        QT_TRANSLATE_NOOP("Knob", "request rate (λ)"), "--request-rate", "R",
        "requests/s per replica for the retained pool (default:\n"
        "served sequences / request duration)" },
    Knob { ReuseGapCdf, "reuse_gap_cdf", Table, 0, limits::kMaxSeconds, Workload, "s",
        QT_TRANSLATE_NOOP("Knob", "reuse gap distribution"), nullptr, nullptr, nullptr },
    Knob { OffloadRate, "offload_rate", Fraction, 0, 1, Workload, "", QT_TRANSLATE_NOOP("Knob", "offload rate"),
        "--offload-rate", "R", "share of evicted reusable blocks copied to DRAM/SSD" },
    Knob { Tp, "tp", Count, 1, limits::kMaxTp, Workload, "GPUs", QT_TRANSLATE_NOOP("Knob", "tensor parallel (TP)"),
        "--tp", "N", "tensor-parallel degree (a replica is N GPUs)" },
    Knob { BlockSize, "block_size", Count, 1, limits::kMaxBlock, Workload, "tokens",
        QT_TRANSLATE_NOOP("Knob", "KV block size"), "--block-size", "N", "KV page size, tokens" },
    Knob { Allocation, "allocation", Choice, 0, 0, Workload, "", QT_TRANSLATE_NOOP("Knob", "allocation"),
        "--allocation", "A", "paged|contiguous", "paged|contiguous" },
    Knob { GpuMemoryUtilization, "gpu_memory_utilization", Fraction, 0.01, 1, Workload, "",
        QT_TRANSLATE_NOOP("Knob", "GPU memory utilisation"), "--gpu-util", "U",
        "share of HBM the engine may use (vLLM gpu_memory_utilization)" },
    Knob { RuntimeReserve, "runtime_reserve_bytes", Bytes, 0, 1e18, Workload, "B",
        QT_TRANSLATE_NOOP("Knob", "runtime reserve"), "--reserve", "SIZE", "per-GPU runtime reserve: 4GiB, 2e9" },
    Knob { Streaming, "streaming", Flag, 0, 1, Workload, "", QT_TRANSLATE_NOOP("Knob", "streaming (FlexGen)"),
        "--streaming", nullptr, "FlexGen-style: what does not fit in HBM streams every step" },
    Knob { WeightsPlacement, "weights_placement", Shares, 0, 1, Workload, "",
        QT_TRANSLATE_NOOP("Knob", "weights placement"), nullptr, nullptr, nullptr },
    Knob { KvPlacement, "kv_placement", Shares, 0, 1, Workload, "", QT_TRANSLATE_NOOP("Knob", "KV placement"), nullptr,
        nullptr, nullptr },
    Knob { InclusiveTiers, "inclusive_tiers", Flag, 0, 1, Workload, "", QT_TRANSLATE_NOOP("Knob", "inclusive tiers"),
        "--inclusive", nullptr, "DRAM keeps copies of HBM-resident prefixes" },
    Knob { RestorePath, "restore_path", Text, 0, 0, Workload, "", QT_TRANSLATE_NOOP("Knob", "restore path"),
        "--restore-path", "ID|FILE",
        "how KV moves back into HBM: vllm-offload (default), lmcache,\n"
        "trtllm, mooncake, per-block-copy, or a restore-path card file" },
    Knob { GpusPerServer, "gpus_per_server", Count, 1, 1024, Hardware, "GPUs",
        QT_TRANSLATE_NOOP("Knob", "GPUs per server"), "--gpus", "N", "GPUs per server" },
    Knob { HostDram, "host_dram_bytes", Bytes, 0, 1e18, Hardware, "B", QT_TRANSLATE_NOOP("Knob", "DRAM per server"),
        "--dram-per-server", "SIZE", "host DRAM per server, e.g. 2TiB" },
    Knob { Nvme, "nvme_bytes", Bytes, 0, 1e18, Hardware, "B", QT_TRANSLATE_NOOP("Knob", "NVMe per server"),
        "--nvme-per-server", "SIZE", "local NVMe per server, e.g. 30.72TB" },
    Knob { Servers, "servers", Count, 1, limits::kMaxServers, Workload, "servers", QT_TRANSLATE_NOOP("Knob", "servers"),
        "--servers", "N", "servers in the fleet" },
};

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
    return kKnobs;
}

const Knob* findKnob(std::string_view key)
{
    const auto it = std::find_if(kKnobs.begin(), kKnobs.end(), [&](const Knob& k) { return key == k.key; });
    return it == kKnobs.end() ? nullptr : &*it;
}

const Knob* findKnobByFlag(std::string_view flag)
{
    const auto it = std::find_if(kKnobs.begin(), kKnobs.end(), [&](const Knob& k) { return k.flag && flag == k.flag; });
    return it == kKnobs.end() ? nullptr : &*it;
}

const Knob& knob(KnobId id)
{
    const auto it = std::find_if(kKnobs.begin(), kKnobs.end(), [&](const Knob& k) { return k.id == id; });
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

std::string knobHelp()
{
    constexpr size_t kColumn = 22;
    std::string out;
    for (const Knob& k : kKnobs) {
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
