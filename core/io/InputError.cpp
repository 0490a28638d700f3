#include "core/io/InputError.h"

#include <QtGlobal>

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

namespace kvtiers {

// Every sentence an InputError says, once: the English the CLI prints is the template
// with the detail's figures put in; the GUI translates the same template (context
// "Messages") and puts in the same figures.

namespace {

constexpr MessageContext say { "Messages" };

/// What a template puts in for %1, %2, ...: the detail's fields (InputError.h says which
/// ones each code fills).
enum class Arg : std::uint8_t {
    None, ///< no more arguments
    Where,
    Value,
    Min,
    Max,
    Detail,
    Line,     ///< the 1-based line, in figures
    Column,   ///< the column, in figures
    Fleet,    ///< the word "fleet", opening a fleet's sentence as a word of the UI language
    Problems, ///< HfConfigCannotImport: its missing fields in one phrase, then each problem's own message
    Inner,    ///< FleetEntryInvalid: the workload's own error (English as it is when it has no code)
    Parser,   ///< the JSON parser's words (detail), in templates where their form is known
};

/// Which of a code's rows words the message: the first whose test holds.
enum class When : std::uint8_t {
    Always,
    ValueIs,     ///< value == text
    DetailIs,    ///< detail == text
    WhereIs,     ///< where == text
    HasPosition, ///< line and column are known
};

struct Template {
    InputErrorCode code;
    const char* source;
    std::array<Arg, 5> args;
    When when = When::Always;
    const char* text = "";
};

using A = Arg;
using C = InputErrorCode;

// One row per code (several where the wording depends on a figure; none for Uncoded, a
// part's English as it is), in the order of InputErrorCode.
constexpr Template kTemplates[] = {
    // Scenario validation: the option is part of the sentence, so Korean can name the knob in words.
    { C::TpOutOfRange, QT_TRANSLATE_NOOP("Messages", "tp: %1 is out of range [%2, %3]"), { A::Value, A::Min, A::Max } },
    { C::TpDoesNotFitServer,
        QT_TRANSLATE_NOOP("Messages", "tp: %1 does not fit a server of %2 GPUs (use a divisor or a multiple of %2)"),
        { A::Value, A::Max } },
    { C::TpDoesNotDivideKvHeads,
        QT_TRANSLATE_NOOP("Messages",
            "tp: %1 does not divide the %2 KV heads of %3 (nor do they divide it; vLLM requires one or the "
            "other)"),
        { A::Value, A::Max, A::Detail } },
    { C::DcpDoesNotDivideTp,
        QT_TRANSLATE_NOOP("Messages", "dcp: %1 does not divide tp %2 (DCP stripes the KV over GPUs of the TP group)"),
        { A::Value, A::Max } },
    { C::DcpBeyondKvCopies,
        QT_TRANSLATE_NOOP("Messages",
            "dcp: %1 is more than the %2 copies of its KV that the TP group keeps for %3 (DCP only removes copies)"),
        { A::Value, A::Max, A::Detail } },
    { C::DcpWithExpertParallel,
        QT_TRANSLATE_NOOP("Messages",
            "dcp: %1 with DP attention or expert parallelism is not modelled (an attention rank keeps its own "
            "KV; use dcp 1)"),
        { A::Value } },
    { C::ContextOutOfRange, QT_TRANSLATE_NOOP("Messages", "context: %1 tokens is not between 1 and %2 tokens"),
        { A::Value, A::Max }, When::DetailIs, "" },
    { C::ContextOutOfRange,
        QT_TRANSLATE_NOOP(
            "Messages", "context: %1 tokens is not between 1 and %2 tokens (16 times the longest context of %3)"),
        { A::Value, A::Max, A::Detail } },
    { C::ConcurrencyOutOfRange, QT_TRANSLATE_NOOP("Messages", "concurrency: must be between 1 and %1 sequences"),
        { A::Max } },
    { C::OutputTokensNotBelowContext,
        QT_TRANSLATE_NOOP(
            "Messages", "output-tokens: %1 must be less than the context (%2 tokens): the prompt would be empty"),
        { A::Value, A::Max } },
    { C::ReuseOutOfRange, QT_TRANSLATE_NOOP("Messages", "reuse: must lie between 0 and 1"), {} },
    { C::OffloadRateOutOfRange, QT_TRANSLATE_NOOP("Messages", "offload-rate: must lie between 0 and 1"), {} },
    { C::SharingBelowOne, QT_TRANSLATE_NOOP("Messages", "sharing: must be at least 1 (1 = no sharing)"), {} },
    { C::GpuUtilizationOutOfRange, QT_TRANSLATE_NOOP("Messages", "gpu-util: must be more than 0 and at most 1"), {} },
    { C::BlockSizeOutOfRange, QT_TRANSLATE_NOOP("Messages", "block-size: must be between %1 and %2 tokens"),
        { A::Min, A::Max } },
    { C::ReuseDistanceOutOfRange, QT_TRANSLATE_NOOP("Messages", "reuse-distance: must be between 0 and 1e9 seconds"),
        {} },
    { C::ServersOutOfRange, QT_TRANSLATE_NOOP("Messages", "servers: must be between 1 and 1e9"), {} },
    { C::KvBitsOutOfRange,
        QT_TRANSLATE_NOOP("Messages", "kv-dtype: bits per element must be more than 0 and at most 64"), {} },
    { C::NoModel,
        QT_TRANSLATE_NOOP("Messages", "model: none given (use --model ID|FILE, or a --workload that names its model)"),
        {} },

    // Files.
    { C::NoSuchFile, QT_TRANSLATE_NOOP("Messages", "%1: no such file"), { A::Where } },
    { C::IsDirectory, QT_TRANSLATE_NOOP("Messages", "%1: is a directory, not a file"), { A::Where } },
    { C::NotRegularFile, QT_TRANSLATE_NOOP("Messages", "%1: is not a regular file (a device or a pipe?)"),
        { A::Where } },
    { C::CannotReadSize, QT_TRANSLATE_NOOP("Messages", "%1: cannot read its size: %2"), { A::Where, A::Detail } },
    { C::FileTooLarge, QT_TRANSLATE_NOOP("Messages", "%1: is %2 MiB; files over %3 MiB are refused"),
        { A::Where, A::Value, A::Max } },
    { C::CannotOpen, QT_TRANSLATE_NOOP("Messages", "%1: cannot be opened for reading"), { A::Where } },
    { C::CannotReadWhole, QT_TRANSLATE_NOOP("Messages", "%1: could not be read whole"), { A::Where } },

    // JSON text. The parser's own words (the part after the position) stay as it wrote them.
    { C::FileEmpty, QT_TRANSLATE_NOOP("Messages", "%1: the file is empty"), { A::Where } },
    { C::JsonNestingTooDeep, QT_TRANSLATE_NOOP("Messages", "%1: nesting deeper than %2 levels"), { A::Where, A::Max } },
    { C::JsonDuplicateKey, QT_TRANSLATE_NOOP("Messages", "%1: duplicate key \"%2\""), { A::Where, A::Value } },
    { C::JsonNumberTooLarge, QT_TRANSLATE_NOOP("Messages", "%1: a number is too large to represent"), { A::Where },
        When::DetailIs, "" },
    { C::JsonNumberTooLarge, QT_TRANSLATE_NOOP("Messages", "%1: a number is too large to represent: %2"),
        { A::Where, A::Detail } },
    { C::JsonTruncated,
        QT_TRANSLATE_NOOP(
            "Messages", "%1: the file ends too early (truncated JSON?): parse error at line %2, column %3: %4"),
        { A::Where, A::Line, A::Column, A::Parser }, When::HasPosition },
    { C::JsonTruncated, QT_TRANSLATE_NOOP("Messages", "%1: the file ends too early (truncated JSON?): %2"),
        { A::Where, A::Parser } },
    { C::JsonSyntax, QT_TRANSLATE_NOOP("Messages", "%1: not valid JSON: parse error at line %2, column %3: %4"),
        { A::Where, A::Line, A::Column, A::Parser }, When::HasPosition },
    { C::JsonSyntax, QT_TRANSLATE_NOOP("Messages", "%1: not valid JSON: %2"), { A::Where, A::Parser } },

    // Typed fields.
    { C::ExpectedObject, QT_TRANSLATE_NOOP("Messages", "%1: expected a JSON object, found %2"),
        { A::Where, A::Detail } },
    { C::MustBeObject, QT_TRANSLATE_NOOP("Messages", "%1: must be an object"), { A::Where } },
    { C::MissingField, QT_TRANSLATE_NOOP("Messages", "%1: missing (required)"), { A::Where } },
    { C::WrongType, QT_TRANSLATE_NOOP("Messages", "%1: must be a string, found %2"), { A::Where, A::Detail },
        When::ValueIs, "string" },
    { C::WrongType, QT_TRANSLATE_NOOP("Messages", "%1: must be a number, found %2"), { A::Where, A::Detail },
        When::ValueIs, "number" },
    { C::WrongType, QT_TRANSLATE_NOOP("Messages", "%1: must be true or false, found %2"), { A::Where, A::Detail },
        When::ValueIs, "boolean" },
    { C::WrongType, QT_TRANSLATE_NOOP("Messages", "%1: must be an object, found %2"), { A::Where, A::Detail },
        When::ValueIs, "object" },
    { C::WrongType, QT_TRANSLATE_NOOP("Messages", "%1: must be an array, found %2"), { A::Where, A::Detail },
        When::ValueIs, "array" },
    { C::NotFinite, QT_TRANSLATE_NOOP("Messages", "%1: must be finite"), { A::Where } },
    { C::OutOfRange, QT_TRANSLATE_NOOP("Messages", "%1: %2 is out of range [%3, %4]"),
        { A::Where, A::Value, A::Min, A::Max } },
    { C::NotWholeNumber, QT_TRANSLATE_NOOP("Messages", "%1: must be a whole number, found %2"),
        { A::Where, A::Value } },
    { C::UnknownKey, QT_TRANSLATE_NOOP("Messages", "%1: unknown key \"%2\" (known keys: %3)"),
        { A::Where, A::Value, A::Detail } },

    // Preset files.
    { C::NotAPreset, QT_TRANSLATE_NOOP("Messages", "%1: is \"%2\", not a kvtiers preset"), { A::Where, A::Value } },
    { C::NewerPresetSchema,
        QT_TRANSLATE_NOOP(
            "Messages", "%1: %2 was written by a newer kvtiers (this one reads %3); the file is left untouched"),
        { A::Where, A::Value, A::Max } },

    // Typed values.
    { C::NotANumber, QT_TRANSLATE_NOOP("Messages", "%1: %2 is not a number"), { A::Where, A::Value } },
    { C::ValueNotWhole, QT_TRANSLATE_NOOP("Messages", "%1: %2 must be a whole number"), { A::Where, A::Value } },
    { C::ValueOutOfRange, QT_TRANSLATE_NOOP("Messages", "%1: %2 is not between %3 and %4 tokens"),
        { A::Where, A::Value, A::Min, A::Max }, When::DetailIs, "tokens" },
    { C::ValueOutOfRange, QT_TRANSLATE_NOOP("Messages", "%1: %2 is not between %3 and %4 sequences"),
        { A::Where, A::Value, A::Min, A::Max }, When::DetailIs, "sequences" },
    { C::ValueOutOfRange, QT_TRANSLATE_NOOP("Messages", "%1: %2 is not between %3 and %4 bytes"),
        { A::Where, A::Value, A::Min, A::Max }, When::DetailIs, "bytes" },
    { C::ValueOutOfRange, QT_TRANSLATE_NOOP("Messages", "%1: %2 is not between %3 and %4"),
        { A::Where, A::Value, A::Min, A::Max } },
    { C::NotATokenCount, QT_TRANSLATE_NOOP("Messages", "%1: %2 is not a number of sequences (write 10, 64 or 1k)"),
        { A::Where, A::Value }, When::DetailIs, "sequences" },
    { C::NotATokenCount, QT_TRANSLATE_NOOP("Messages", "%1: %2 is not a token count (write 131072, 128k or 1M)"),
        { A::Where, A::Value } },
    { C::NotWholeTokens, QT_TRANSLATE_NOOP("Messages", "%1: %2 is not a whole number of sequences"),
        { A::Where, A::Value }, When::DetailIs, "sequences" },
    { C::NotWholeTokens, QT_TRANSLATE_NOOP("Messages", "%1: %2 is not a whole number of tokens"),
        { A::Where, A::Value } },
    { C::NotAShare, QT_TRANSLATE_NOOP("Messages", "%1: %2 is not a share (write 0.5 or 50%)"), { A::Where, A::Value } },
    { C::ShareOutOfRange, QT_TRANSLATE_NOOP("Messages", "%1: %2 must lie between 0 and 1 (0% and 100%)"),
        { A::Where, A::Value } },
    { C::NotASize, QT_TRANSLATE_NOOP("Messages", "%1: %2 is not a size (write 2TiB, 512GiB, 141GB or bytes)"),
        { A::Where, A::Value } },

    // Cards and config.json import.
    { C::UnknownLayerKind,
        QT_TRANSLATE_NOOP("Messages", "%1: unknown layer kind \"%2\" (use full, sliding, chunked, mla or state)"),
        { A::Where, A::Value } },
    { C::FewerQueryHeadsThanKvHeads, QT_TRANSLATE_NOOP("Messages", "%1: has fewer query heads (%2) than KV heads (%3)"),
        { A::Where, A::Value, A::Max } },
    { C::ParamsActiveAboveTotal, QT_TRANSLATE_NOOP("Messages", "%1: is larger than params_total"), { A::Where } },
    { C::NoLayerGroups, QT_TRANSLATE_NOOP("Messages", "%1: must list at least one layer group"), { A::Where } },
    { C::TooManyLayerGroups, QT_TRANSLATE_NOOP("Messages", "%1: has more than %2 groups"), { A::Where, A::Max } },
    { C::NoAttentionLayers,
        QT_TRANSLATE_NOOP(
            "Messages", "%1: has no attention layers (a model of only state layers holds no KV per token)"),
        { A::Where } },
    { C::TooManyLayers, QT_TRANSLATE_NOOP("Messages", "%1: adds up to more than %2 layers"), { A::Where, A::Max } },
    { C::NoSources, QT_TRANSLATE_NOOP("Messages", "%1: must name at least one source"), { A::Where } },
    { C::CurveNotIncreasing, QT_TRANSLATE_NOOP("Messages", "%1: curve points must be in increasing transfer size"),
        { A::Where } },
    { C::GapSecondsOutOfRange, QT_TRANSLATE_NOOP("Messages", "%1: seconds must be above 0 and at most 1e9"),
        { A::Where } },
    { C::GapShareOutOfRange, QT_TRANSLATE_NOOP("Messages", "%1: the cumulative share must lie between 0 and 1"),
        { A::Where } },
    { C::SharesDoNotAddUp, QT_TRANSLATE_NOOP("Messages", "%1: shares must add up to 1 (they add up to %2)"),
        { A::Where, A::Value } },
    { C::KvDtypeAndBits, QT_TRANSLATE_NOOP("Messages", "%1: give kv_dtype or kv_bits, not both"), { A::Where } },
    { C::KvScaleBitsAlone, QT_TRANSLATE_NOOP("Messages", "%1: needs kv_dtype or kv_bits beside it"), { A::Where } },
    { C::UnknownAllocation, QT_TRANSLATE_NOOP("Messages", "%1: unknown policy \"%2\" (use paged or contiguous)"),
        { A::Where, A::Value } },
    { C::ServersNotWhole, QT_TRANSLATE_NOOP("Messages", "%1: must be a whole number"), { A::Where } },
    // The kind of card starts the sentence: a word to translate, not a path.
    { C::UnknownCardId,
        QT_TRANSLATE_NOOP("Messages", "model: unknown id \"%1\" (known: %2; or give a path to a .json card)"),
        { A::Value, A::Detail }, When::WhereIs, "model" },
    { C::UnknownCardId,
        QT_TRANSLATE_NOOP("Messages", "hardware: unknown id \"%1\" (known: %2; or give a path to a .json card)"),
        { A::Value, A::Detail }, When::WhereIs, "hardware" },
    { C::UnknownCardId,
        QT_TRANSLATE_NOOP("Messages", "workload: unknown id \"%1\" (known: %2; or give a path to a .json card)"),
        { A::Value, A::Detail }, When::WhereIs, "workload" },
    { C::UnknownCardId,
        QT_TRANSLATE_NOOP("Messages", "%1: unknown id \"%2\" (known: %3; or give a path to a .json card)"),
        { A::Where, A::Value, A::Detail } },
    { C::UnknownKvDtype,
        QT_TRANSLATE_NOOP("Messages",
            "%1: unknown KV dtype \"%2\" (use fp32, bf16, fp16, fp8, int8, int4, or a bit width such as 6bit)"),
        { A::Where, A::Value } },
    { C::KvBitsImpossible,
        QT_TRANSLATE_NOOP(
            "Messages", "%1: a KV element of %2 bits is impossible (use more than 0 and at most 64 bits)"),
        { A::Where, A::Value } },
    { C::HfConfigNotObject, QT_TRANSLATE_NOOP("Messages", "%1: a config.json must be a JSON object"), { A::Where } },
    { C::HfConfigCannotImport, QT_TRANSLATE_NOOP("Messages", "%1: cannot import this config.json: %2"),
        { A::Where, A::Problems } },
    { C::HfNotWholeNumber, QT_TRANSLATE_NOOP("Messages", "%1: must be a whole number, not %2"),
        { A::Where, A::Value } },
    { C::HfWholeNumberOutOfRange, QT_TRANSLATE_NOOP("Messages", "%1: must be a whole number from %2 to %3, not %4"),
        { A::Where, A::Min, A::Max, A::Value } },
    { C::HfNotTrueOrFalse, QT_TRANSLATE_NOOP("Messages", "%1: must be true or false, not %2"), { A::Where, A::Value } },
    { C::HfKvHeadsAboveHeads, QT_TRANSLATE_NOOP("Messages", "%1: is larger than num_attention_heads (%2)"),
        { A::Where, A::Max } },
    { C::HfHeadDimNotDivisible,
        QT_TRANSLATE_NOOP(
            "Messages", "%1: is missing and hidden_size %2 is not a multiple of num_attention_heads %3: give head_dim"),
        { A::Where, A::Value, A::Max } },
    { C::HfLayerTypesNotList, QT_TRANSLATE_NOOP("Messages", "%1: must be a list of layer kinds"), { A::Where } },
    { C::HfLayerTypesCount, QT_TRANSLATE_NOOP("Messages", "%1: lists %2 layers but num_hidden_layers is %3"),
        { A::Where, A::Value, A::Max } },
    { C::HfUnknownLayerType,
        QT_TRANSLATE_NOOP("Messages",
            "%1: entry %2 is %3 (known: full_attention, sliding_attention, chunked_attention, "
            "linear_attention, mamba)"),
        { A::Where, A::Detail, A::Value } },

    // vLLM startup log and setups. value: what could not be read; the line is quoted as the log has it.
    { C::VllmLogUnreadable, QT_TRANSLATE_NOOP("Messages", "%1:%2: cannot read the token count in \"%3\""),
        { A::Where, A::Line, A::Detail }, When::ValueIs, "the token count" },
    { C::VllmLogUnreadable, QT_TRANSLATE_NOOP("Messages", "%1:%2: cannot read the tokens per request in \"%3\""),
        { A::Where, A::Line, A::Detail }, When::ValueIs, "the tokens per request" },
    { C::VllmLogUnreadable, QT_TRANSLATE_NOOP("Messages", "%1:%2: cannot read the concurrency in \"%3\""),
        { A::Where, A::Line, A::Detail }, When::ValueIs, "the concurrency" },
    { C::VllmLogUnreadable, QT_TRANSLATE_NOOP("Messages", "%1:%2: cannot read the memory size in \"%3\""),
        { A::Where, A::Line, A::Detail }, When::ValueIs, "the memory size" },
    { C::VllmLogUnreadable, QT_TRANSLATE_NOOP("Messages", "%1:%2: cannot read the memory unit in \"%3\""),
        { A::Where, A::Line, A::Detail }, When::ValueIs, "the memory unit" },
    { C::VllmLogUnreadable, QT_TRANSLATE_NOOP("Messages", "%1:%2: cannot read the block count in \"%3\""),
        { A::Where, A::Line, A::Detail }, When::ValueIs, "the block count" },
    // Any other value names the vLLM setting that could not be read ("tensor_parallel_size").
    { C::VllmLogUnreadable, QT_TRANSLATE_NOOP("Messages", "%1:%2: cannot read vLLM's setting %3 in \"%4\""),
        { A::Where, A::Line, A::Value, A::Detail } },
    { C::VllmLogNoKvLine,
        QT_TRANSLATE_NOOP("Messages",
            "%1: found no \"GPU KV cache size: N tokens\" nor \"Maximum concurrency for N tokens per request: "
            "X\" line (paste vLLM's startup log, from the engine's start to \"init engine\")"),
        { A::Where } },
    { C::VllmTpBelowOne, QT_TRANSLATE_NOOP("Messages", "%1: --tp must be at least 1"), { A::Where } },
    { C::VllmBlockSizeBelowOne, QT_TRANSLATE_NOOP("Messages", "%1: --block-size must be at least 1"), { A::Where } },
    { C::VllmNoKvMemory,
        QT_TRANSLATE_NOOP("Messages",
            "%1: no memory left for the KV cache (%2 per GPU): the weights and reserve take all of "
            "gpu_memory_utilization × HBM"),
        { A::Where, A::Value } },

    // Fleet sizing. "fleet" opens the sentence as a word of the UI language.
    { C::FleetMixEmpty, QT_TRANSLATE_NOOP("Messages", "%1: the traffic mix is empty (add at least one workload)"),
        { A::Fleet } },
    { C::FleetMixTooLarge, QT_TRANSLATE_NOOP("Messages", "%1: at most %2 workloads in a mix"), { A::Fleet, A::Max } },
    { C::FleetTargetsNotPositive, QT_TRANSLATE_NOOP("Messages", "%1: latency targets must be positive seconds"),
        { A::Fleet } },
    { C::FleetShareInvalid, QT_TRANSLATE_NOOP("Messages", "%1: %2: share must be a non-negative number"),
        { A::Fleet, A::Value } },
    { C::FleetSharesZero, QT_TRANSLATE_NOOP("Messages", "%1: the shares of the mix add up to 0"), { A::Fleet } },
    { C::FleetEntryInvalid, QT_TRANSLATE_NOOP("Messages", "%1: %2: %3"), { A::Fleet, A::Value, A::Inner } },
    { C::FleetServersDiffer,
        QT_TRANSLATE_NOOP(
            "Messages", "%1: the mix must share one server profile: %2 runs on %3, %4 on %5 (give --hardware for all)"),
        { A::Fleet, A::Value, A::Min, A::Max, A::Detail } },
    { C::FleetTrafficTwice,
        QT_TRANSLATE_NOOP("Messages", "%1: give the traffic as requests/s or as tokens/day, not both"), { A::Fleet } },
    { C::FleetTrafficInvalid,
        QT_TRANSLATE_NOOP(
            "Messages", "%1: the traffic must be a positive rate (requests/s or tokens/day), at most 1e15 requests/s"),
        { A::Fleet } },
    { C::FleetTpotUnreachable,
        QT_TRANSLATE_NOOP(
            "Messages", "%1: %2: even one sequence per replica misses the %3 time-per-output-token target"),
        { A::Fleet, A::Value, A::Max } },
    { C::FleetTtftAboveTarget,
        QT_TRANSLATE_NOOP("Messages", "%1: %2: time to first token is %3 on an idle replica, above the %4 target"),
        { A::Fleet, A::Value, A::Min, A::Max } },
    { C::PercentileOutOfRange,
        QT_TRANSLATE_NOOP(
            "Messages", "%1: %2 is not a percentile: write one from 0 to 100 (99 for p99, at least 1), or \"mean\""),
        { A::Where, A::Value } },
    { C::UnknownChoice, QT_TRANSLATE_NOOP("Messages", "%1: unknown value %2 (use %3)"),
        { A::Where, A::Value, A::Detail } },
    { C::OptionsConflict, QT_TRANSLATE_NOOP("Messages", "%1: give it or %2, not both"), { A::Where, A::Value } },
    { C::OptionNeeds, QT_TRANSLATE_NOOP("Messages", "%1: give %2 with it"), { A::Where, A::Value } },
};

bool applies(const Template& t, const InputErrorDetail& d)
{
    switch (t.when) {
    case When::Always:
        return true;
    case When::ValueIs:
        return d.value == t.text;
    case When::DetailIs:
        return d.detail == t.text;
    case When::WhereIs:
        return d.where == t.text;
    case When::HasPosition:
        return d.line > 0 && d.column > 0;
    }
    return false;
}

/// HfConfigCannotImport's parts: the missing fields in one phrase, then each problem in
/// its own words (see InputError.h).
MessageArg problems(const InputErrorDetail& d)
{
    std::string missing;
    std::vector<Message> pieces;
    for (const InputErrorDetail& part : d.parts) {
        if (part.code == InputErrorCode::MissingField)
            missing += (missing.empty() ? "" : ", ") + part.where;
    }
    if (!missing.empty())
        pieces.push_back(say(QT_TRANSLATE_NOOP("Messages", "missing %1"), { missing }));
    for (const InputErrorDetail& part : d.parts) {
        if (part.code != InputErrorCode::MissingField)
            pieces.push_back(inputErrorMessage(part));
    }
    return MessageArg(std::move(pieces), "; ");
}

/// One of the parser's fixed phrases (a JSON construct or token), translatable; others as given.
Message parserPhrase(const std::string& text)
{
    static constexpr const char* kPhrases[] = {
        QT_TRANSLATE_NOOP("Messages", "value"),
        QT_TRANSLATE_NOOP("Messages", "object"),
        QT_TRANSLATE_NOOP("Messages", "object key"),
        QT_TRANSLATE_NOOP("Messages", "object separator"),
        QT_TRANSLATE_NOOP("Messages", "array"),
        QT_TRANSLATE_NOOP("Messages", "end of input"),
        QT_TRANSLATE_NOOP("Messages", "string literal"),
        QT_TRANSLATE_NOOP("Messages", "number literal"),
        QT_TRANSLATE_NOOP("Messages", "true literal"),
        QT_TRANSLATE_NOOP("Messages", "false literal"),
        QT_TRANSLATE_NOOP("Messages", "null literal"),
        QT_TRANSLATE_NOOP("Messages", "'[', '{', or a literal"),
        QT_TRANSLATE_NOOP("Messages", "unknown token"),
        QT_TRANSLATE_NOOP("Messages", "invalid literal"),
        QT_TRANSLATE_NOOP("Messages", "invalid number"),
        QT_TRANSLATE_NOOP("Messages", "invalid string"),
    };
    for (const char* phrase : kPhrases) {
        if (text == phrase)
            return say(phrase);
    }
    return verbatim(text);
}

/// One "; "-separated piece of the parser's words, in a template where its form is known.
Message parserPiece(const std::string& piece)
{
    static constexpr std::string_view kWhile = "syntax error while parsing ";
    if (piece.starts_with(kWhile)) {
        const auto dash = piece.find(" - ", kWhile.size());
        if (dash != std::string::npos)
            return say(QT_TRANSLATE_NOOP("Messages", "syntax error while parsing %1 - %2"),
                { MessageArg({ parserPhrase(piece.substr(kWhile.size(), dash - kWhile.size())) }, ""),
                    MessageArg({ parserPiece(piece.substr(dash + 3)) }, "") });
    }
    struct Lead {
        std::string_view text;
        const char* source;
    };
    static constexpr Lead kLeads[] = {
        { "unexpected ", QT_TRANSLATE_NOOP("Messages", "unexpected %1") },
        { "expected ", QT_TRANSLATE_NOOP("Messages", "expected %1") },
        { "last read: ", QT_TRANSLATE_NOOP("Messages", "last read: %1") },
    };
    for (const Lead& lead : kLeads) {
        if (piece.starts_with(lead.text) && piece.size() > lead.text.size())
            return say(lead.source, { MessageArg({ parserPhrase(piece.substr(lead.text.size())) }, "") });
    }
    return parserPhrase(piece);
}

/// nlohmann's words for a syntax error ("syntax error while parsing object - unexpected end
/// of input; expected string literal") as templates the GUI translates; the English is the
/// words as given, byte for byte.
MessageArg parserWords(const std::string& words)
{
    std::vector<Message> pieces;
    std::size_t from = 0;
    for (;;) {
        const auto at = words.find("; ", from);
        pieces.push_back(parserPiece(words.substr(from, at == std::string::npos ? std::string::npos : at - from)));
        if (at == std::string::npos)
            break;
        from = at + 2;
    }
    return MessageArg(std::move(pieces), "; ");
}

MessageArg argument(Arg a, const InputErrorDetail& d)
{
    switch (a) {
    case Arg::Where:
        return d.where;
    case Arg::Value:
        return d.value;
    case Arg::Min:
        return d.min;
    case Arg::Max:
        return d.max;
    case Arg::Detail:
        return d.detail;
    case Arg::Parser:
        return parserWords(d.detail);
    case Arg::Line:
        return std::to_string(d.line);
    case Arg::Column:
        return std::to_string(d.column);
    case Arg::Fleet:
        return MessageArg({ say(QT_TRANSLATE_NOOP("Messages", "fleet")) }, "");
    case Arg::Problems:
        return problems(d);
    case Arg::Inner: {
        // The workload's own error, worded in turn; without a code the whole stays English.
        const Message inner = d.parts.size() == 1 ? inputErrorMessage(d.parts.front()) : verbatim(d.detail);
        return MessageArg({ inner }, "");
    }
    case Arg::None:
        break;
    }
    return std::string();
}

} // namespace

Message inputErrorMessage(const InputErrorDetail& d)
{
    if (d.code == InputErrorCode::Uncoded)
        return d.detail.empty() ? Message {} : verbatim(d.detail); // a part with no code: its English
    for (const Template& t : kTemplates) {
        if (t.code != d.code || !applies(t, d))
            continue;
        std::vector<MessageArg> args;
        for (const Arg a : t.args) {
            if (a == Arg::None)
                break;
            args.push_back(argument(a, d));
        }
        return say(t.source, std::move(args));
    }
    return {};
}

std::string InputError::englishOf(const InputErrorDetail& detail)
{
    const Message m = inputErrorMessage(detail);
    // A detail its code cannot word (a thrower's mistake) still names where it went wrong.
    return m.empty() ? detail.where + ": invalid input" : m.english();
}

Message InputError::message() const
{
    if (m_message)
        return *m_message;
    return inputErrorMessage(detail(), what());
}

Message inputErrorMessage(const InputErrorDetail& detail, const std::string& fallback)
{
    Message m = inputErrorMessage(detail);
    return m.empty() ? verbatim(fallback) : m;
}

} // namespace kvtiers
