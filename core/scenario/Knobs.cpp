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

// The allocation choices as the controls list them, in `choices` order.
constexpr const char* kAllocationItems[]
    = { QT_TRANSLATE_NOOP("Knob", "paged (vLLM)"), QT_TRANSLATE_NOOP("Knob", "contiguous (reserve max context)") };
constexpr const char* kAdmissionItems[] = { QT_TRANSLATE_NOOP("Knob", "all (every whole block)"),
    QT_TRANSLATE_NOOP("Knob", "seen-twice (from the second sighting)") };
// Seconds read " s" in every language, as every time the core formats does ("9.42 s"): a
// suffix left out of the translation.
constexpr const char* kSeconds = " s";

// The cache admission choice: read, written and echoed by name.
KnobField admissionField()
{
    KnobField f;
    f.read = [](const JsonObject& o, const Knob& k, KnobTarget& t) {
        if (auto v = o.optionalString(k.key)) {
            if (*v == cacheAdmissionName(CacheAdmission::All))
                t.params.cacheAdmission = CacheAdmission::All;
            else if (*v == cacheAdmissionName(CacheAdmission::SeenTwice))
                t.params.cacheAdmission = CacheAdmission::SeenTwice;
            else
                o.fail(k.key, "unknown admission \"" + *v + "\" (use all or seen-twice)");
        }
    };
    f.write = [](const WorkloadParams& p) { return Json(cacheAdmissionName(p.cacheAdmission)); };
    f.echo = [](const Scenario& s, const Knob&) { return Json(cacheAdmissionName(s.workload.cacheAdmission)); };
    return f;
}

// Reuses per reused block: unset, the fewest the reuse rate allows, echoed as used.
KnobField reusesPerBlockField()
{
    KnobField f = knob_fields::bind<&WorkloadParams::reusesPerBlock>();
    f.value = [](const Scenario& s) { return std::optional<double>(reusesPerBlockInEffect(s.workload)); };
    f.echo = [](const Scenario& s, const Knob&) { return Json(reusesPerBlockInEffect(s.workload)); };
    return f;
}

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
             .tip = QT_TRANSLATE_NOOP("Knob", "Context: tokens of KV each active sequence holds (prompt + output). "
                                              "The article's \"128K-context request\" is 131,072 tokens. Type 128k, "
                                              "1M or 131072."),
             .field = f::context(),
             .gui = {.control = KnobControl::LogSlider, .min = 1024, .max = 2097152,
                     .section = KnobSection::Workload, .row = 0, .name = "context",
                     .label = QT_TRANSLATE_NOOP("Knob", "&Context per sequence (tokens):"),
                     .what = QT_TRANSLATE_NOOP("Knob", "context"), .steps = 100, .ticks = "4K|32K|128K|1M"},
             .sensitivity = {Relative, 0, nullptr, QT_TRANSLATE_NOOP("Knob", "Average input context")}},
        Knob{.id = Concurrency, .key = "concurrency", .value = Count, .min = 1, .max = limits::kMaxConcurrency,
             .scope = Workload, .unit = "sequences",
             .label = QT_TRANSLATE_NOOP("Knob", "concurrent sequences per replica"),
             .flag = "--concurrency", .valueName = "N", .help = "active sequences per replica",
             .tip = QT_TRANSLATE_NOOP("Knob", "Concurrency: sequences decoding at once on one replica (TP GPUs). The "
                                              "article keeps ten 128K requests at once."),
             .field = f::bind<&WorkloadParams::concurrency>(),
             .gui = {.control = KnobControl::LogSlider, .min = 1, .max = 16384,
                     .section = KnobSection::Workload, .row = 1, .name = "concurrency",
                     .label = QT_TRANSLATE_NOOP("Knob", "Co&ncurrent sequences per replica:"),
                     .what = QT_TRANSLATE_NOOP("Knob", "concurrency"), .steps = 50, .ticks = "1|8|64|512|4096"},
             .sensitivity = {Relative, 0, nullptr, QT_TRANSLATE_NOOP("Knob", "Active sequences per replica")}},
        Knob{.id = OutputTokens, .key = "output_tokens", .value = Tokens, .min = 0, .max = limits::kMaxContext,
             .scope = Workload, .unit = "tokens", .label = QT_TRANSLATE_NOOP("Knob", "output tokens"),
             .flag = "--output-tokens", .valueName = "N",
             .help = "generated tokens per request (prompt = context - output)",
             .tip = QT_TRANSLATE_NOOP("Knob", "Tokens generated per request; the prompt is context − output."),
             .field = f::bind<&WorkloadParams::outputTokens>(),
             .gui = {.control = KnobControl::SpinBox, .min = 0, .max = 1 << 30, .row = 10, .name = "outputTokens",
                     .label = QT_TRANSLATE_NOOP("Knob", "O&utput tokens:")}},
        Knob{.id = KvBits, .key = "kv_bits", .value = Format, .min = 0.5, .max = kMaxKvBits, .scope = Workload,
             .unit = "bits", .label = QT_TRANSLATE_NOOP("Knob", "KV cache format"), .flag = "--kv-dtype",
             .valueName = "D", .help = "fp32|bf16|fp16|fp8|int8|int4|<N>bit (e.g. 6bit)",
             .tip = QT_TRANSLATE_NOOP("Knob", "KV cache element format: bytes per element in the formula. FP16/BF16 = "
                                              "2 B; FP8/INT8 halve the KV bytes, INT4 quarters them."),
             .field = f::kvBits(),
             .gui = {.control = KnobControl::Combo, .min = 0.5, .max = kMaxKvBits,
                     .section = KnobSection::Workload, .row = 2, .name = "kvDtype",
                     .label = QT_TRANSLATE_NOOP("Knob", "&KV cache format:")},
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
             .tip = QT_TRANSLATE_NOOP("Knob", "Bits per weight: sets the weights' share of HBM, and 8- and 4-bit "
                                              "weights run at the GPU's FP8 or FP4 FLOP/s where it has them. The "
                                              "model card's own checkpoint format is marked."),
             .field = f::bindResolved<&WorkloadParams::weightBits, &Scenario::weightBits>(),
             .gui = {.control = KnobControl::Combo, .min = 1, .max = 64, .row = 0, .name = "weightBits",
                     .label = QT_TRANSLATE_NOOP("Knob", "&Weights:")}},
        // A format combo of its own (ControlsPanel::buildPrecision): 16, 8 and 4 bits and
        // the value in effect.
        Knob{.id = AttentionBits, .key = "attention_bits", .value = Format, .min = 1, .max = 64,
             .scope = Workload, .unit = "bits", .label = QT_TRANSLATE_NOOP("Knob", "attention precision"),
             .flag = "--attention-dtype", .valueName = "D",
             .help = "attention's operand format: fp8, bf16, ... (default: fp8 with an\n"
                     "fp8 KV cache on Hopper or Blackwell, else bf16)",
             .tip = QT_TRANSLATE_NOOP("Knob", "Operand format of attention's matrix products (prefill and "
                                              "recompute time). Unset: FP8 with an FP8 KV cache on Hopper or "
                                              "Blackwell, else BF16."),
             .field = f::bindResolved<&WorkloadParams::attentionBits, &Scenario::attentionBits>(),
             .gui = {.control = KnobControl::Combo, .min = 1, .max = 64, .row = 0, .name = "attentionBits",
                     .label = QT_TRANSLATE_NOOP("Knob", "Attention precision:")}},
        // The linear layers run at the wider of weight and activation precision: W8A8 at
        // FP8, W4A16 and FP8 weight-only at BF16, W4A8 at FP8.
        Knob{.id = ActivationBits, .key = "activation_bits", .value = Format, .min = 1, .max = 64,
             .scope = Workload, .unit = "bits", .label = QT_TRANSLATE_NOOP("Knob", "activation precision"),
             .flag = "--activation-dtype", .valueName = "D",
             .help = "linear layers' activation format: fp8 (W8A8, W4A8), bf16\n"
                     "(weight-only); default: the weights' from 8 bits up, else bf16",
             .tip = QT_TRANSLATE_NOOP("Knob", "Activation format of the linear layers, which run at the wider of "
                                              "it and the weights' (W8A8 at FP8, W4A16 at BF16). Unset: the weights' "
                                              "from 8 bits up, else BF16."),
             .field = f::bindResolved<&WorkloadParams::activationBits, &Scenario::activationBits>(),
             .gui = {.control = KnobControl::Combo, .min = 1, .max = 64, .row = 0, .name = "activationBits",
                     .label = QT_TRANSLATE_NOOP("Knob", "Activation precision:")}},
        Knob{.id = ReuseRate, .key = "reuse_rate", .value = Fraction, .min = 0, .max = 1, .scope = Workload,
             .unit = "", .label = QT_TRANSLATE_NOOP("Knob", "reuse rate"), .flag = "--reuse", .valueName = "R",
             .help = "prefix hit rate: 0.5 or 50%",
             .tip = QT_TRANSLATE_NOOP("Knob", "Prefix cache hit rate: the share of prompt tokens served from cache "
                                              "instead of recomputed. High reuse is what makes DRAM a warm cache (the "
                                              "article). Keeping prefixes needs a reuse distance and an offload rate "
                                              "(Advanced)."),
             .field = f::bind<&WorkloadParams::reuseRate>(),
             .gui = {.control = KnobControl::Slider, .min = 0, .max = 1,
                     .section = KnobSection::Workload, .row = 3, .name = "reuse",
                     .label = QT_TRANSLATE_NOOP("Knob", "&Reuse rate (prefix hits):"), .steps = 100,
                     .ticks = "0%|50%|100%"},
             .sensitivity = {Absolute, 0.5, nullptr, QT_TRANSLATE_NOOP("Knob", "Prefix-cache hit rate")}},
        Knob{.id = Sharing, .key = "sharing", .value = Number, .min = 1, .max = limits::kMaxConcurrency,
             .scope = Workload, .unit = "sequences", .label = QT_TRANSLATE_NOOP("Knob", "prefix sharing"),
             .flag = "--sharing", .valueName = "S", .help = "active sequences sharing one cached prefix (1 = none)",
             .tip = QT_TRANSLATE_NOOP("Knob", "Active sequences sharing one cached prefix (a system prompt, a "
                                              "document): the shared part is held once. 1 = no sharing."),
             .field = f::bind<&WorkloadParams::sharing>(),
             .gui = {.control = KnobControl::Field, .min = 1, .max = 1e6, .row = 5, .name = "sharing",
                     .label = QT_TRANSLATE_NOOP("Knob", "Prefix &sharing:"), .decimals = 1}},
        Knob{.id = ReuseDistance, .key = "reuse_distance_s", .value = Number, .min = 0, .max = limits::kMaxSeconds,
             .scope = Workload, .unit = "s", .label = QT_TRANSLATE_NOOP("Knob", "reuse distance"),
             .flag = "--reuse-distance", .valueName = "S", .help = "seconds a reusable prefix waits for its next hit",
             .tip = QT_TRANSLATE_NOOP("Knob", "Seconds a reusable prefix must be kept until its next hit. By Little's "
                                              "law the retained pool is request rate × distance × prefix bytes."),
             .field = f::bind<&WorkloadParams::reuseDistanceSeconds>(),
             .gui = {.control = KnobControl::Field, .min = 0, .max = 1e7, .row = 6, .name = "reuseDistance",
                     .label = QT_TRANSLATE_NOOP("Knob", "Reuse &distance:"), .decimals = 1, .suffix = kSeconds}},
        Knob{.id = RequestRate, .key = "request_rate_per_s", .value = Number, .min = 0,
             .max = limits::kMaxRequestRate, .scope = Workload, .unit = "req/s",
             .label = QT_TRANSLATE_NOOP("Knob", "request rate (λ)"), .flag = "--request-rate", .valueName = "R",
             .help = "requests/s per replica for the retained pool (default:\n"
                     "served sequences / request duration)",
             .tip = QT_TRANSLATE_NOOP("Knob", "Requests per second arriving at one replica: λ of the retained reuse "
                                              "pool (λ × reuse distance × prefix bytes). \"derived\" uses served "
                                              "sequences ÷ request duration, so a faster replica also brings more "
                                              "traffic."),
             .field = f::bind<&WorkloadParams::requestRate>(false),
             .gui = {.control = KnobControl::Field, .min = 0, .max = 1e6, .row = 7, .name = "requestRate",
                     .label = QT_TRANSLATE_NOOP("Knob", "Re&quest rate (λ):"), .decimals = 3,
                     .suffix = QT_TRANSLATE_NOOP("Knob", " req/s")}},
        Knob{.id = ReuseGapCdf, .key = "reuse_gap_cdf", .value = Table, .min = 0, .max = limits::kMaxSeconds,
             .scope = Workload, .unit = "s", .label = QT_TRANSLATE_NOOP("Knob", "reuse gap distribution"),
             .flag = nullptr, .valueName = nullptr, .help = nullptr, .field = f::reuseGapCdf(),
             .echoKey = "reuse_gaps"},
        Knob{.id = OffloadRate, .key = "offload_rate", .value = Fraction, .min = 0, .max = 1, .scope = Workload,
             .unit = "", .label = QT_TRANSLATE_NOOP("Knob", "offload rate"), .flag = "--offload-rate",
             .valueName = "R", .help = "share of evicted reusable blocks copied to DRAM/SSD",
             .tip = QT_TRANSLATE_NOOP("Knob", "Share of evicted reusable KV blocks copied from HBM to host DRAM/SSD "
                                              "instead of dropped (the article's HBM→host offload rate). Type 30, 30% "
                                              "or 0.3."),
             .field = f::bind<&WorkloadParams::offloadRate>(),
             .gui = {.control = KnobControl::Field, .min = 0, .max = 1, .row = 8, .name = "offloadRate",
                     .label = QT_TRANSLATE_NOOP("Knob", "&Offload rate:")},
             .sensitivity = {Absolute, 0.5, nullptr, QT_TRANSLATE_NOOP("Knob", "HBM→host offload rate")}},
        Knob{.id = Tp, .key = "tp", .value = Count, .min = 1, .max = limits::kMaxTp, .scope = Workload,
             .unit = "GPUs", .label = QT_TRANSLATE_NOOP("Knob", "tensor parallel (TP)"), .flag = "--tp",
             .valueName = "N", .help = "tensor-parallel degree (a replica is N GPUs)",
             .tip = QT_TRANSLATE_NOOP("Knob", "GPUs that together hold one copy of the model (a replica). Must divide "
                                              "the KV heads and fit in a server."),
             .field = f::bindResolved<&WorkloadParams::tp, &Scenario::tp>(),
             .gui = {.control = KnobControl::SpinBox, .min = 1, .max = 1024, .row = 1, .name = "tp",
                     .label = QT_TRANSLATE_NOOP("Knob", "&Tensor parallel (TP):")}},
        Knob{.id = Dcp, .key = "dcp", .value = Count, .min = 0, .max = limits::kMaxTp, .scope = Workload,
             .unit = "GPUs", .label = QT_TRANSLATE_NOOP("Knob", "decode context parallel (DCP)"), .flag = "--dcp",
             .valueName = "N",
             .help = "stripe a KV the TP group copies (MLA latent) by token over N of its GPUs; 1: off; 0: all copies",
             .tip = QT_TRANSLATE_NOOP("Knob", "Decode context parallel (vLLM, SGLang): a KV every TP GPU would hold "
                                              "whole (MLA's latent, or GQA with fewer KV heads than TP) is striped "
                                              "by token over N GPUs of the TP group, so each holds and reads 1/N of "
                                              "it; each decode step gathers queries and merges partial outputs. "
                                              "Must divide TP. 1: off; 0: as many as TP keeps copies."),
             .field = f::bind<&WorkloadParams::dcp>(), // row 1: beside TP, whose copies it removes
             .gui = {.control = KnobControl::SpinBox, .min = 0, .max = 1024, .row = 1, .name = "dcp",
                     .label = QT_TRANSLATE_NOOP("Knob", "Conte&xt parallel (DCP):")}},
        Knob{.id = Dp, .key = "dp", .value = Count, .min = 0, .max = 1 << 20, .scope = Workload, .unit = "ranks",
             .label = QT_TRANSLATE_NOOP("Knob", "data-parallel attention (DP)"), .flag = "--dp", .valueName = "N",
             .help = "attention data-parallel ranks of TP GPUs each (DP attention); TP x DP = the unit's GPUs; 0: all",
             .tip = QT_TRANSLATE_NOOP("Knob", "Attention ranks of TP GPUs each. Each rank keeps only its own "
                                              "sequences and their KV, so an MLA latent is not replicated. TP × DP "
                                              "must make the unit's GPUs (nodes × GPUs per server). 1: no DP "
                                              "attention; 0: every GPU of the unit."),
             .field = f::bind<&WorkloadParams::dp>(),
             .gui = {.control = KnobControl::SpinBox, .min = 0, .max = 4096, .row = 18, .name = "dp",
                     .label = QT_TRANSLATE_NOOP("Knob", "Data-parallel &attention (DP):")}},
        Knob{.id = Ep, .key = "ep", .value = Count, .min = 0, .max = 1 << 20, .scope = Workload, .unit = "GPUs",
             .label = QT_TRANSLATE_NOOP("Knob", "expert parallel (EP)"), .flag = "--ep", .valueName = "N",
             .help = "GPUs the routed experts are spread over (expert parallel); 1: none; 0: the most that divide them",
             .tip = QT_TRANSLATE_NOOP("Knob", "GPUs the routed experts of a mixture-of-experts model are spread "
                                              "over. Each GPU holds (routed + redundant) ÷ EP experts per layer and "
                                              "the replicated parts; tokens travel to their experts and back. 0: the "
                                              "most of the unit's GPUs that divide the experts."),
             .field = f::bind<&WorkloadParams::ep>(),
             .gui = {.control = KnobControl::SpinBox, .min = 0, .max = 4096, .row = 19, .name = "ep",
                     .label = QT_TRANSLATE_NOOP("Knob", "&Expert parallel (EP):")}},
        Knob{.id = Nodes, .key = "nodes", .value = Count, .min = 0, .max = 1 << 20, .scope = Workload,
             .unit = "", .label = QT_TRANSLATE_NOOP("Knob", "servers per unit"), .flag = "--nodes",
             .valueName = "N", .help = "servers one expert-parallel unit spans; 0: the fewest whose weights leave HBM for KV",
             .tip = QT_TRANSLATE_NOOP("Knob", "Servers one expert-parallel unit spans: the exchange crosses the "
                                              "scale-out network between them. 0: the fewest on which each GPU's "
                                              "weights take at most 85% of its usable HBM."),
             .field = f::bind<&WorkloadParams::nodes>(),
             .gui = {.control = KnobControl::SpinBox, .min = 0, .max = 1024, .row = 20, .name = "nodes",
                     .label = QT_TRANSLATE_NOOP("Knob", "Servers &per unit:")}},
        Knob{.id = RedundantExperts, .key = "redundant_experts", .value = Count, .min = 0, .max = 1 << 20,
             .scope = Workload, .unit = "experts", .label = QT_TRANSLATE_NOOP("Knob", "redundant experts"),
             .flag = "--redundant-experts", .valueName = "N",
             .help = "extra copies of routed experts per MoE layer (EPLB)",
             .field = f::bind<&WorkloadParams::redundantExperts>()},
        Knob{.id = EpOverlap, .key = "ep_overlap", .value = Fraction, .min = 0, .max = 1, .scope = Workload,
             .unit = "", .label = QT_TRANSLATE_NOOP("Knob", "exchange overlap"), .flag = "--ep-overlap",
             .valueName = "F",
             .help = "share of the shorter of compute and expert exchange that two micro-batches hide",
             .field = f::bind<&WorkloadParams::epOverlap>()},
        Knob{.id = SpecTokens, .key = "spec_tokens", .value = Count, .min = 0, .max = 64, .scope = Workload,
             .unit = "tokens", .label = QT_TRANSLATE_NOOP("Knob", "draft tokens"), .flag = "--spec-tokens",
             .valueName = "N", .help = "speculative draft tokens per decode step (multi-token prediction or a draft model)",
             .tip = QT_TRANSLATE_NOOP("Knob", "Draft tokens each sequence proposes per decode step (DeepSeek's "
                                              "multi-token prediction: 1). The step verifies them all."),
             .field = f::bind<&WorkloadParams::specTokens>(),
             .gui = {.control = KnobControl::SpinBox, .min = 0, .max = 64, .row = 21, .name = "specTokens",
                     .label = QT_TRANSLATE_NOOP("Knob", "Speculati&ve draft tokens:")}},
        Knob{.id = SpecAcceptance, .key = "spec_acceptance", .value = Fraction, .min = 0, .max = 1,
             .scope = Workload, .unit = "", .label = QT_TRANSLATE_NOOP("Knob", "draft acceptance"),
             .flag = "--spec-acceptance", .valueName = "A",
             .help = "chance a draft token is accepted (each step emits 1 + A + ... + A^N tokens)",
             .tip = QT_TRANSLATE_NOOP("Knob", "Chance each draft token is accepted once the one before it was: a "
                                              "step emits 1 + A + A² + … tokens. DeepSeek reports 85–90% for its "
                                              "second token. Type 85, 85% or 0.85."),
             .field = f::bind<&WorkloadParams::specAcceptance>(),
             .gui = {.control = KnobControl::Field, .min = 0, .max = 1, .row = 22, .name = "specAcceptance",
                     .label = QT_TRANSLATE_NOOP("Knob", "Dra&ft acceptance:")}},
        Knob{.id = BlockSize, .key = "block_size", .value = Count, .min = 1, .max = limits::kMaxBlock,
             .scope = Workload, .unit = "tokens", .label = QT_TRANSLATE_NOOP("Knob", "KV block size"),
             .flag = "--block-size", .valueName = "N", .help = "KV page size, tokens",
             .tip = QT_TRANSLATE_NOOP("Knob", "PagedAttention page size. Sequences round up to whole blocks "
                                              "(fragmentation); small blocks also make DRAM/SSD restores slower "
                                              "(small transfers)."),
             .field = f::bind<&WorkloadParams::blockSize>(),
             .gui = {.control = KnobControl::SpinBox, .min = 1, .max = limits::kMaxBlock, .row = 2, .name = "blockSize",
                     .label = QT_TRANSLATE_NOOP("Knob", "KV &block size (tokens):")}},
        Knob{.id = Allocation, .key = "allocation", .value = Choice, .min = 0, .max = 0, .scope = Workload,
             .unit = "", .label = QT_TRANSLATE_NOOP("Knob", "allocation"), .flag = "--allocation", .valueName = "A",
             .help = "paged|contiguous",
             .tip = QT_TRANSLATE_NOOP("Knob", "Paged: allocate blocks as tokens arrive. Contiguous: every sequence "
                                              "reserves the model's maximum context up front (pre-PagedAttention "
                                              "systems)."),
             .choices = "paged|contiguous", .field = f::allocation(),
             .gui = {.control = KnobControl::Combo, .row = 3, .name = "allocation",
                     .label = QT_TRANSLATE_NOOP("Knob", "A&llocation:"), .items = kAllocationItems}},
        Knob{.id = GpuMemoryUtilization, .key = "gpu_memory_utilization", .value = Fraction, .min = 0.01, .max = 1,
             .scope = Workload, .unit = "", .label = QT_TRANSLATE_NOOP("Knob", "GPU memory utilisation"),
             .flag = "--gpu-util", .valueName = "U",
             .help = "share of HBM the engine may use (vLLM gpu_memory_utilization)",
             .tip = QT_TRANSLATE_NOOP("Knob", "Share of HBM the engine may use (vLLM gpu_memory_utilization, default "
                                              "90%). Type 90, 90% or 0.9."),
             .field = f::bind<&WorkloadParams::gpuMemoryUtilization>(),
             .gui = {.control = KnobControl::Field, .min = 0.01, .max = 1, .row = 9, .name = "gpuUtil",
                     .label = QT_TRANSLATE_NOOP("Knob", "GPU memory &utilisation:")}},
        Knob{.id = RuntimeReserve, .key = "runtime_reserve_bytes", .value = Bytes, .min = 0, .max = 1e18,
             .scope = Workload, .unit = "B", .label = QT_TRANSLATE_NOOP("Knob", "runtime reserve"),
             .flag = "--reserve", .valueName = "SIZE", .help = "per-GPU runtime reserve: 4GiB, 2e9",
             .field = f::bind<&WorkloadParams::runtimeReserveBytes>()},
        Knob{.id = Streaming, .key = "streaming", .value = Flag, .min = 0, .max = 1, .scope = Workload, .unit = "",
             .label = QT_TRANSLATE_NOOP("Knob", "streaming (FlexGen)"), .flag = "--streaming", .valueName = nullptr,
             .help = "FlexGen-style: what does not fit in HBM streams every step",
             .tip = QT_TRANSLATE_NOOP("Knob", "What does not fit in HBM streams from DRAM/SSD on every decode step, "
                                              "as FlexGen does: it fits, but at about a token per second."),
             .field = f::bind<&WorkloadParams::streaming>(),
             .gui = {.control = KnobControl::Toggle, .min = 0, .max = 1, .row = 15, .name = "streaming",
                     .label = QT_TRANSLATE_NOOP("Knob", "&Streaming (FlexGen)")}},
        Knob{.id = WeightsPlacement, .key = "weights_placement", .value = Shares, .min = 0, .max = 1,
             .scope = Workload, .unit = "", .label = QT_TRANSLATE_NOOP("Knob", "weights placement"), .flag = nullptr,
             .valueName = nullptr, .help = nullptr, .field = f::weightsPlacement()},
        Knob{.id = KvPlacement, .key = "kv_placement", .value = Shares, .min = 0, .max = 1, .scope = Workload,
             .unit = "", .label = QT_TRANSLATE_NOOP("Knob", "KV placement"), .flag = nullptr, .valueName = nullptr,
             .help = nullptr, .field = f::kvPlacement()},
        Knob{.id = InclusiveTiers, .key = "inclusive_tiers", .value = Flag, .min = 0, .max = 1, .scope = Workload,
             .unit = "", .label = QT_TRANSLATE_NOOP("Knob", "inclusive tiers"), .flag = "--inclusive",
             .valueName = nullptr, .help = "DRAM keeps copies of HBM-resident prefixes",
             .tip = QT_TRANSLATE_NOOP("Knob", "DRAM also keeps copies of prefixes resident in HBM (inclusive), "
                                              "instead of holding only what HBM evicted (exclusive)."),
             .field = f::bind<&WorkloadParams::inclusiveTiers>(),
             .gui = {.control = KnobControl::Toggle, .min = 0, .max = 1, .row = 14, .name = "inclusive",
                     .label = QT_TRANSLATE_NOOP("Knob", "&Inclusive tiers")}},
        Knob{.id = Admission, .key = "cache_admission", .value = Choice, .min = 0, .max = 0, .scope = Workload,
             .unit = "", .label = QT_TRANSLATE_NOOP("Knob", "cache admission"), .flag = "--cache-admission",
             .valueName = "A", .help = "all|seen-twice: which prompt blocks the prefix cache stores",
             .tip = QT_TRANSLATE_NOOP("Knob", "All: every whole block of the prompt is stored, as vLLM's offloading "
                                              "connector, LMCache and Mooncake Store do, so blocks never reused take "
                                              "room too. Seen-twice: below HBM a block is stored at its second "
                                              "sighting only; its first reuse misses."),
             .choices = "all|seen-twice", .field = admissionField(),
             .gui = {.control = KnobControl::Combo, .row = 8, .name = "cacheAdmission",
                     .label = QT_TRANSLATE_NOOP("Knob", "Cache admission:"), .items = kAdmissionItems}},
        Knob{.id = ReusesPerBlock, .key = "reuses_per_block", .value = Number, .min = 1, .max = 1e6,
             .scope = Workload, .unit = "", .label = QT_TRANSLATE_NOOP("Knob", "reuses per reused block"),
             .flag = "--reuses-per-block", .valueName = "K",
             .help = "mean reuses of a reused block (seen-twice admission misses\n"
                     "the first); default max(1, reuse / (1 - reuse))",
             .tip = QT_TRANSLATE_NOOP("Knob", "How many times a reused block is reused on average. Seen-twice "
                                              "admission misses the first of them."),
             .field = reusesPerBlockField(),
             .gui = {.control = KnobControl::Field, .min = 1, .max = 1e6, .row = 8, .name = "reusesPerBlock",
                     .label = QT_TRANSLATE_NOOP("Knob", "Reuses per reused block:"), .decimals = 2}},
        Knob{.id = RestorePath, .key = "restore_path", .value = Text, .min = 0, .max = 0, .scope = Workload,
             .unit = "", .label = QT_TRANSLATE_NOOP("Knob", "restore path"), .flag = "--restore-path",
             .valueName = "ID|FILE",
             .help = "how KV moves back into HBM: vllm-offload (default), lmcache,\n"
                     "trtllm, mooncake, per-block-copy, or a restore-path card file",
             .tip = QT_TRANSLATE_NOOP("Knob", "How the engine moves KV back from DRAM or SSD into HBM: what one copy "
                                              "holds sets how much of the link it uses (vllm-offload: one copy per "
                                              "block across all layers; per-block-copy: one copy per block and "
                                              "layer)."),
             .field = f::restorePath(),
             .gui = {.control = KnobControl::Combo, .row = 4, .name = "restorePath",
                     .label = QT_TRANSLATE_NOOP("Knob", "Restore pat&h:")}},
        Knob{.id = GpusPerServer, .key = "gpus_per_server", .value = Count, .min = 1, .max = 1024, .scope = Hardware,
             .unit = "GPUs", .label = QT_TRANSLATE_NOOP("Knob", "GPUs per server"), .flag = "--gpus",
             .valueName = "N", .help = "GPUs per server",
             .tip = QT_TRANSLATE_NOOP("Knob", "GPUs sharing one server's DRAM and NVMe."),
             .field = f::bind<&HardwareCard::gpusPerServer>(),
             .gui = {.control = KnobControl::SpinBox, .min = 1, .max = 1024, .row = 11, .name = "gpusPerServer",
                     .label = QT_TRANSLATE_NOOP("Knob", "&GPUs per server:")}},
        Knob{.id = HostDram, .key = "host_dram_bytes", .value = Bytes, .min = 0, .max = 1e18, .scope = Hardware,
             .unit = "B", .label = QT_TRANSLATE_NOOP("Knob", "DRAM per server"), .flag = "--dram-per-server",
             .valueName = "SIZE", .help = "host DRAM per server, e.g. 2TiB",
             .tip = QT_TRANSLATE_NOOP("Knob", "Host DRAM installed per server, e.g. 2TB or 1.5TiB. A share of it (the "
                                              "card's usable fraction) can hold offloaded KV."),
             .field = f::bind<&HardwareCard::hostDramBytes>(),
             .gui = {.control = KnobControl::Bytes, .min = 0, .max = 1e18, .row = 12, .name = "dramPerServer",
                     .label = QT_TRANSLATE_NOOP("Knob", "&DRAM per server:")},
             .sensitivity = {Relative, 0, "dram_per_server", QT_TRANSLATE_NOOP("Knob", "DRAM per server")},
             .echoKey = "host_dram_bytes_per_server"},
        Knob{.id = Nvme, .key = "nvme_bytes", .value = Bytes, .min = 0, .max = 1e18, .scope = Hardware, .unit = "B",
             .label = QT_TRANSLATE_NOOP("Knob", "NVMe per server"), .flag = "--nvme-per-server", .valueName = "SIZE",
             .help = "local NVMe per server, e.g. 30.72TB",
             .tip = QT_TRANSLATE_NOOP("Knob", "Local NVMe per server, e.g. 30.72TB: the cold tier for retained "
                                              "prefixes."),
             .field = f::bind<&HardwareCard::nvmeBytes>(),
             .gui = {.control = KnobControl::Bytes, .min = 0, .max = 1e18, .row = 13, .name = "nvmePerServer",
                     .label = QT_TRANSLATE_NOOP("Knob", "&NVMe per server:")},
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
        Knob{.id = PrefillMfu, .key = "prefill_mfu", .value = Fraction, .min = 0.01, .max = 1, .scope = Hardware,
             .unit = "", .label = QT_TRANSLATE_NOOP("Knob", "prefill MFU"), .flag = "--prefill-mfu", .valueName = "F",
             .help = "share of the GPU's dense FLOP/s a prefill reaches (the card's prefill_mfu)",
             .tip = QT_TRANSLATE_NOOP("Knob", "Share of the GPU's dense FLOP/s a prefill reaches, counting the "
                                              "transformer blocks' matrices, one LM-head row and causal attention. "
                                              "The Hopper cards take 0.576, measured on an H200."),
             .field = f::bind<&HardwareCard::prefillMfu>(),
             .gui = {.control = KnobControl::Field, .min = 0.01, .max = 1, .row = 16, .name = "prefillMfu",
                     .label = QT_TRANSLATE_NOOP("Knob", "Prefill &MFU:")}},
        Knob{.id = HostLinkBandwidth, .key = "host_link_bytes_per_s", .value = Bytes, .min = 1e6, .max = 1e15,
             .scope = Hardware, .unit = "B/s", .label = QT_TRANSLATE_NOOP("Knob", "host link bandwidth"),
             .flag = "--host-link-bandwidth", .valueName = "B/S",
             .help = "GPU-host link bandwidth for large copies, e.g. 55GB/s or 5.5e10 (scales the card's curve)",
             .tip = QT_TRANSLATE_NOOP("Knob", "The GPU-host link's bandwidth for large copies, in bytes per second: "
                                              "the card's measured curve is scaled to it, keeping its shape against "
                                              "copy size."),
             .field = f::hostLinkBandwidth(),
             .gui = {.control = KnobControl::Bytes, .min = 1e6, .max = 1e15, .row = 17, .name = "hostLink",
                     .label = QT_TRANSLATE_NOOP("Knob", "Host lin&k bandwidth:")}},
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
        if (f < k.min && k.id == KnobId::GpuMemoryUtilization)
            throw InputError(where + ": " + quoted(text) + " leaves the engine no HBM (use " + formatNumber(k.min)
                + " to " + formatNumber(k.max) + ")");
        if (f < k.min || f > k.max)
            throw InputError({ .code = InputErrorCode::ValueOutOfRange,
                .where = where,
                .value = quoted(text),
                .min = formatNumber(k.min),
                .max = formatNumber(k.max) });
        return Json(f);
    }
    case Bytes: {
        // A rate ("55GB/s") is a size per second: the "/s" is read and dropped.
        std::string_view size = text;
        const std::string per = k.perSecond();
        if (!per.empty() && size.ends_with(per))
            size.remove_suffix(per.size());
        const double bytes = parseByteSize(size, where);
        if (bytes < k.min || bytes > k.max) {
            throw InputError({ .code = InputErrorCode::ValueOutOfRange,
                .where = where,
                .value = quoted(text),
                .min = formatBytes(k.min, ByteUnits::Decimal, 3) + per,
                .max = formatBytes(k.max, ByteUnits::Decimal, 3) + per });
        }
        return Json(bytes);
    }
    case Format:
        return Json(parseKvDtype(text, where).bits);
    case Choice: {
        const std::string choices = k.choices;
        std::stringstream all(choices);
        for (std::string c; std::getline(all, c, '|');)
            if (c == text)
                return Json(text);
        if (k.id != KnobId::Allocation)
            throw InputError(where + ": unknown value " + quoted(text) + " (use " + choices + ")");
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
