#include "core/io/InputError.h"

#include <QtGlobal>

namespace kvtiers {

// Every sentence an InputError says, once: the English the CLI prints is the template
// with the detail's figures put in; the GUI translates the same template (context
// "Messages") and puts in the same figures.

namespace {
constexpr MessageContext say { "Messages" };
} // namespace

Message inputErrorMessage(const InputErrorDetail& d)
{
    // The code's documentation in InputError.h says which fields each one fills.
    const std::string& where = d.where;
    const std::string& value = d.value;
    const std::string& min = d.min;
    const std::string& max = d.max;
    const std::string& detail = d.detail;
    // "fleet" opens the fleet's sentences as a word of the UI language.
    const MessageArg fleet({ say(QT_TRANSLATE_NOOP("Messages", "fleet")) }, "");
    const bool hasPosition = d.line > 0 && d.column > 0;
    const std::string line = std::to_string(d.line);
    const std::string column = std::to_string(d.column);
    switch (d.code) {
    case InputErrorCode::Uncoded:
        return d.detail.empty() ? Message {} : verbatim(d.detail); // a part with no code: its English

    // Scenario validation: the option is part of the sentence, so Korean can name the knob in words.
    case InputErrorCode::TpOutOfRange:
        return say(QT_TRANSLATE_NOOP("Messages", "tp: %1 is out of range [%2, %3]"), { value, min, max });
    case InputErrorCode::TpDoesNotFitServer:
        return say(QT_TRANSLATE_NOOP(
                       "Messages", "tp: %1 does not fit a server of %2 GPUs (use a divisor or a multiple of %2)"),
            { value, max });
    case InputErrorCode::TpDoesNotDivideKvHeads:
        return say(QT_TRANSLATE_NOOP("Messages",
                       "tp: %1 does not divide the %2 KV heads of %3 (nor do they divide it; vLLM requires one or the "
                       "other)"),
            { value, max, detail });
    case InputErrorCode::ContextOutOfRange:
        return say(QT_TRANSLATE_NOOP("Messages", "context: must be between 1 and 1e12 tokens"));
    case InputErrorCode::ConcurrencyOutOfRange:
        return say(QT_TRANSLATE_NOOP("Messages", "concurrency: must be between 1 and 1e12 sequences"));
    case InputErrorCode::OutputTokensNotBelowContext:
        return say(QT_TRANSLATE_NOOP("Messages",
                       "output-tokens: %1 must be less than the context (%2 tokens): the prompt would be empty"),
            { value, max });
    case InputErrorCode::ReuseOutOfRange:
        return say(QT_TRANSLATE_NOOP("Messages", "reuse: must lie between 0 and 1"));
    case InputErrorCode::OffloadRateOutOfRange:
        return say(QT_TRANSLATE_NOOP("Messages", "offload-rate: must lie between 0 and 1"));
    case InputErrorCode::SharingBelowOne:
        return say(QT_TRANSLATE_NOOP("Messages", "sharing: must be at least 1 (1 = no sharing)"));
    case InputErrorCode::GpuUtilizationOutOfRange:
        return say(QT_TRANSLATE_NOOP("Messages", "gpu-util: must be more than 0 and at most 1"));
    case InputErrorCode::BlockSizeOutOfRange:
        return say(QT_TRANSLATE_NOOP("Messages", "block-size: must be between %1 and %2 tokens"), { min, max });
    case InputErrorCode::ReuseDistanceOutOfRange:
        return say(QT_TRANSLATE_NOOP("Messages", "reuse-distance: must be between 0 and 1e9 seconds"));
    case InputErrorCode::ServersOutOfRange:
        return say(QT_TRANSLATE_NOOP("Messages", "servers: must be between 1 and 1e9"));
    case InputErrorCode::KvBitsOutOfRange:
        return say(QT_TRANSLATE_NOOP("Messages", "kv-dtype: bits per element must be more than 0 and at most 64"));
    case InputErrorCode::NoModel:
        return say(QT_TRANSLATE_NOOP(
            "Messages", "model: none given (use --model ID|FILE, or a --workload that names its model)"));

    // Files.
    case InputErrorCode::NoSuchFile:
        return say(QT_TRANSLATE_NOOP("Messages", "%1: no such file"), { where });
    case InputErrorCode::IsDirectory:
        return say(QT_TRANSLATE_NOOP("Messages", "%1: is a directory, not a file"), { where });
    case InputErrorCode::NotRegularFile:
        return say(QT_TRANSLATE_NOOP("Messages", "%1: is not a regular file (a device or a pipe?)"), { where });
    case InputErrorCode::CannotReadSize:
        return say(QT_TRANSLATE_NOOP("Messages", "%1: cannot read its size: %2"), { where, detail });
    case InputErrorCode::FileTooLarge:
        return say(
            QT_TRANSLATE_NOOP("Messages", "%1: is %2 MiB; files over %3 MiB are refused"), { where, value, max });
    case InputErrorCode::CannotOpen:
        return say(QT_TRANSLATE_NOOP("Messages", "%1: cannot be opened for reading"), { where });
    case InputErrorCode::CannotReadWhole:
        return say(QT_TRANSLATE_NOOP("Messages", "%1: could not be read whole"), { where });

    // JSON text.
    case InputErrorCode::FileEmpty:
        return say(QT_TRANSLATE_NOOP("Messages", "%1: the file is empty"), { where });
    case InputErrorCode::JsonNestingTooDeep:
        return say(QT_TRANSLATE_NOOP("Messages", "%1: nesting deeper than %2 levels"), { where, max });
    case InputErrorCode::JsonDuplicateKey:
        return say(QT_TRANSLATE_NOOP("Messages", "%1: duplicate key \"%2\""), { where, value });
    case InputErrorCode::JsonNumberTooLarge:
        return detail.empty()
            ? say(QT_TRANSLATE_NOOP("Messages", "%1: a number is too large to represent"), { where })
            : say(QT_TRANSLATE_NOOP("Messages", "%1: a number is too large to represent: %2"), { where, detail });
    case InputErrorCode::JsonTruncated:
        // The parser's own words (the part after the position) stay as it wrote them.
        return hasPosition
            ? say(QT_TRANSLATE_NOOP("Messages",
                      "%1: the file ends too early (truncated JSON?): parse error at line %2, column %3: %4"),
                { where, line, column, detail })
            : say(
                QT_TRANSLATE_NOOP("Messages", "%1: the file ends too early (truncated JSON?): %2"), { where, detail });
    case InputErrorCode::JsonSyntax:
        return hasPosition
            ? say(QT_TRANSLATE_NOOP("Messages", "%1: not valid JSON: parse error at line %2, column %3: %4"),
                { where, line, column, detail })
            : say(QT_TRANSLATE_NOOP("Messages", "%1: not valid JSON: %2"), { where, detail });

    // Typed fields.
    case InputErrorCode::ExpectedObject:
        return say(QT_TRANSLATE_NOOP("Messages", "%1: expected a JSON object, found %2"), { where, detail });
    case InputErrorCode::MustBeObject:
        return say(QT_TRANSLATE_NOOP("Messages", "%1: must be an object"), { where });
    case InputErrorCode::MissingField:
        return say(QT_TRANSLATE_NOOP("Messages", "%1: missing (required)"), { where });
    case InputErrorCode::WrongType:
        if (d.value == "string")
            return say(QT_TRANSLATE_NOOP("Messages", "%1: must be a string, found %2"), { where, detail });
        if (d.value == "number")
            return say(QT_TRANSLATE_NOOP("Messages", "%1: must be a number, found %2"), { where, detail });
        if (d.value == "boolean")
            return say(QT_TRANSLATE_NOOP("Messages", "%1: must be true or false, found %2"), { where, detail });
        if (d.value == "object")
            return say(QT_TRANSLATE_NOOP("Messages", "%1: must be an object, found %2"), { where, detail });
        if (d.value == "array")
            return say(QT_TRANSLATE_NOOP("Messages", "%1: must be an array, found %2"), { where, detail });
        return {};
    case InputErrorCode::NotFinite:
        return say(QT_TRANSLATE_NOOP("Messages", "%1: must be finite"), { where });
    case InputErrorCode::OutOfRange:
        return say(QT_TRANSLATE_NOOP("Messages", "%1: %2 is out of range [%3, %4]"), { where, value, min, max });
    case InputErrorCode::NotWholeNumber:
        return say(QT_TRANSLATE_NOOP("Messages", "%1: must be a whole number, found %2"), { where, value });
    case InputErrorCode::UnknownKey:
        return say(QT_TRANSLATE_NOOP("Messages", "%1: unknown key \"%2\" (known keys: %3)"), { where, value, detail });

    // Preset files.
    case InputErrorCode::NotAPreset:
        return say(QT_TRANSLATE_NOOP("Messages", "%1: is \"%2\", not a kvtiers preset"), { where, value });
    case InputErrorCode::NewerPresetSchema:
        return say(QT_TRANSLATE_NOOP("Messages",
                       "%1: %2 was written by a newer kvtiers (this one reads %3); the file is left untouched"),
            { where, value, max });

    // Typed values.
    case InputErrorCode::NotANumber:
        return say(QT_TRANSLATE_NOOP("Messages", "%1: %2 is not a number"), { where, value });
    case InputErrorCode::ValueNotWhole:
        return say(QT_TRANSLATE_NOOP("Messages", "%1: %2 must be a whole number"), { where, value });
    case InputErrorCode::ValueOutOfRange:
        if (d.detail == "tokens")
            return say(
                QT_TRANSLATE_NOOP("Messages", "%1: %2 is out of range [%3, %4] tokens"), { where, value, min, max });
        if (d.detail == "sequences")
            return say(
                QT_TRANSLATE_NOOP("Messages", "%1: %2 is out of range [%3, %4] sequences"), { where, value, min, max });
        if (d.detail == "bytes")
            return say(
                QT_TRANSLATE_NOOP("Messages", "%1: %2 is out of range [%3, %4] bytes"), { where, value, min, max });
        return say(QT_TRANSLATE_NOOP("Messages", "%1: %2 is out of range [%3, %4]"), { where, value, min, max });
    case InputErrorCode::NotATokenCount:
        if (d.detail == "sequences")
            return say(QT_TRANSLATE_NOOP("Messages", "%1: %2 is not a number of sequences (write 10, 64 or 1k)"),
                { where, value });
        return say(
            QT_TRANSLATE_NOOP("Messages", "%1: %2 is not a token count (write 131072, 128k or 1M)"), { where, value });
    case InputErrorCode::NotWholeTokens:
        if (d.detail == "sequences")
            return say(QT_TRANSLATE_NOOP("Messages", "%1: %2 is not a whole number of sequences"), { where, value });
        return say(QT_TRANSLATE_NOOP("Messages", "%1: %2 is not a whole number of tokens"), { where, value });
    case InputErrorCode::NotAShare:
        return say(QT_TRANSLATE_NOOP("Messages", "%1: %2 is not a share (write 0.5 or 50%)"), { where, value });
    case InputErrorCode::ShareOutOfRange:
        return say(QT_TRANSLATE_NOOP("Messages", "%1: %2 must lie between 0 and 1 (0% and 100%)"), { where, value });
    case InputErrorCode::NotASize:
        return say(QT_TRANSLATE_NOOP("Messages", "%1: %2 is not a size (write 2TiB, 512GiB, 141GB or bytes)"),
            { where, value });

        // Cards and config.json import.
    case InputErrorCode::UnknownLayerKind:
        return say(
            QT_TRANSLATE_NOOP("Messages", "%1: unknown layer kind \"%2\" (use full, sliding, chunked, mla or state)"),
            { where, value });
    case InputErrorCode::FewerQueryHeadsThanKvHeads:
        return say(
            QT_TRANSLATE_NOOP("Messages", "%1: has fewer query heads (%2) than KV heads (%3)"), { where, value, max });
    case InputErrorCode::ParamsActiveAboveTotal:
        return say(QT_TRANSLATE_NOOP("Messages", "%1: is larger than params_total"), { where });
    case InputErrorCode::NoLayerGroups:
        return say(QT_TRANSLATE_NOOP("Messages", "%1: must list at least one layer group"), { where });
    case InputErrorCode::TooManyLayerGroups:
        return say(QT_TRANSLATE_NOOP("Messages", "%1: has more than %2 groups"), { where, max });
    case InputErrorCode::NoAttentionLayers:
        return say(QT_TRANSLATE_NOOP(
                       "Messages", "%1: has no attention layers (a model of only state layers holds no KV per token)"),
            { where });
    case InputErrorCode::TooManyLayers:
        return say(QT_TRANSLATE_NOOP("Messages", "%1: adds up to more than %2 layers"), { where, max });
    case InputErrorCode::NoSources:
        return say(QT_TRANSLATE_NOOP("Messages", "%1: must name at least one source"), { where });
    case InputErrorCode::CurveNotIncreasing:
        return say(QT_TRANSLATE_NOOP("Messages", "%1: curve points must be in increasing transfer size"), { where });
    case InputErrorCode::GapSecondsOutOfRange:
        return say(QT_TRANSLATE_NOOP("Messages", "%1: seconds must be above 0 and at most 1e9"), { where });
    case InputErrorCode::GapShareOutOfRange:
        return say(QT_TRANSLATE_NOOP("Messages", "%1: the cumulative share must lie between 0 and 1"), { where });
    case InputErrorCode::SharesDoNotAddUp:
        return say(QT_TRANSLATE_NOOP("Messages", "%1: shares must add up to 1 (they add up to %2)"), { where, value });
    case InputErrorCode::KvDtypeAndBits:
        return say(QT_TRANSLATE_NOOP("Messages", "%1: give kv_dtype or kv_bits, not both"), { where });
    case InputErrorCode::KvScaleBitsAlone:
        return say(QT_TRANSLATE_NOOP("Messages", "%1: needs kv_dtype or kv_bits beside it"), { where });
    case InputErrorCode::UnknownAllocation:
        return say(
            QT_TRANSLATE_NOOP("Messages", "%1: unknown policy \"%2\" (use paged or contiguous)"), { where, value });
    case InputErrorCode::ServersNotWhole:
        return say(QT_TRANSLATE_NOOP("Messages", "%1: must be a whole number"), { where });
    case InputErrorCode::UnknownCardId:
        // The kind of card starts the sentence: a word to translate, not a path.
        if (d.where == "model")
            return say(
                QT_TRANSLATE_NOOP("Messages", "model: unknown id \"%1\" (known: %2; or give a path to a .json card)"),
                { value, detail });
        if (d.where == "hardware")
            return say(QT_TRANSLATE_NOOP(
                           "Messages", "hardware: unknown id \"%1\" (known: %2; or give a path to a .json card)"),
                { value, detail });
        if (d.where == "workload")
            return say(QT_TRANSLATE_NOOP(
                           "Messages", "workload: unknown id \"%1\" (known: %2; or give a path to a .json card)"),
                { value, detail });
        return say(QT_TRANSLATE_NOOP("Messages", "%1: unknown id \"%2\" (known: %3; or give a path to a .json card)"),
            { where, value, detail });
    case InputErrorCode::UnknownKvDtype:
        return say(
            QT_TRANSLATE_NOOP("Messages",
                "%1: unknown KV dtype \"%2\" (use fp32, bf16, fp16, fp8, int8, int4, or a bit width such as 6bit)"),
            { where, value });
    case InputErrorCode::KvBitsImpossible:
        return say(QT_TRANSLATE_NOOP(
                       "Messages", "%1: a KV element of %2 bits is impossible (use more than 0 and at most 64 bits)"),
            { where, value });
    case InputErrorCode::HfConfigNotObject:
        return say(QT_TRANSLATE_NOOP("Messages", "%1: a config.json must be a JSON object"), { where });
    case InputErrorCode::HfConfigCannotImport: {
        // The missing fields in one phrase, then each problem in its own words (see InputError.h).
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
        return say(QT_TRANSLATE_NOOP("Messages", "%1: cannot import this config.json: %2"),
            { where, MessageArg(std::move(pieces), "; ") });
    }
    case InputErrorCode::HfNotWholeNumber:
        return say(QT_TRANSLATE_NOOP("Messages", "%1: must be a whole number, not %2"), { where, value });
    case InputErrorCode::HfWholeNumberOutOfRange:
        return say(QT_TRANSLATE_NOOP("Messages", "%1: must be a whole number from %2 to %3, not %4"),
            { where, min, max, value });
    case InputErrorCode::HfNotTrueOrFalse:
        return say(QT_TRANSLATE_NOOP("Messages", "%1: must be true or false, not %2"), { where, value });
    case InputErrorCode::HfKvHeadsAboveHeads:
        return say(QT_TRANSLATE_NOOP("Messages", "%1: is larger than num_attention_heads (%2)"), { where, max });
    case InputErrorCode::HfHeadDimNotDivisible:
        return say(QT_TRANSLATE_NOOP("Messages",
                       "%1: is missing and hidden_size %2 is not a multiple of num_attention_heads %3: give head_dim"),
            { where, value, max });
    case InputErrorCode::HfLayerTypesNotList:
        return say(QT_TRANSLATE_NOOP("Messages", "%1: must be a list of layer kinds"), { where });
    case InputErrorCode::HfLayerTypesCount:
        return say(
            QT_TRANSLATE_NOOP("Messages", "%1: lists %2 layers but num_hidden_layers is %3"), { where, value, max });
    case InputErrorCode::HfUnknownLayerType:
        return say(QT_TRANSLATE_NOOP("Messages",
                       "%1: entry %2 is %3 (known: full_attention, sliding_attention, chunked_attention, "
                       "linear_attention, mamba)"),
            { where, detail, value });
        // [cards wording end]

        // vLLM startup log and setups.
    case InputErrorCode::VllmLogUnreadable:
        // value: what could not be read; the line is quoted as the log has it.
        if (d.value == "the token count")
            return say(
                QT_TRANSLATE_NOOP("Messages", "%1:%2: cannot read the token count in \"%3\""), { where, line, detail });
        if (d.value == "the tokens per request")
            return say(QT_TRANSLATE_NOOP("Messages", "%1:%2: cannot read the tokens per request in \"%3\""),
                { where, line, detail });
        if (d.value == "the concurrency")
            return say(
                QT_TRANSLATE_NOOP("Messages", "%1:%2: cannot read the concurrency in \"%3\""), { where, line, detail });
        if (d.value == "the memory size")
            return say(
                QT_TRANSLATE_NOOP("Messages", "%1:%2: cannot read the memory size in \"%3\""), { where, line, detail });
        if (d.value == "the memory unit")
            return say(
                QT_TRANSLATE_NOOP("Messages", "%1:%2: cannot read the memory unit in \"%3\""), { where, line, detail });
        if (d.value == "the block count")
            return say(
                QT_TRANSLATE_NOOP("Messages", "%1:%2: cannot read the block count in \"%3\""), { where, line, detail });
        return {};
    case InputErrorCode::VllmLogNoKvLine:
        return say(
            QT_TRANSLATE_NOOP("Messages",
                "%1: found no \"GPU KV cache size: N tokens\" nor \"Maximum concurrency for N tokens per request: "
                "X\" line (paste vLLM's startup log, from the engine's start to \"init engine\")"),
            { where });
    case InputErrorCode::VllmTpBelowOne:
        return say(QT_TRANSLATE_NOOP("Messages", "%1: --tp must be at least 1"), { where });
    case InputErrorCode::VllmBlockSizeBelowOne:
        return say(QT_TRANSLATE_NOOP("Messages", "%1: --block-size must be at least 1"), { where });
    case InputErrorCode::VllmNoKvMemory:
        return say(QT_TRANSLATE_NOOP("Messages",
                       "%1: no memory left for the KV cache (%2 per GPU): the weights and reserve take all of "
                       "gpu_memory_utilization × HBM"),
            { where, value });
        // [vllm wording end]

        // Fleet sizing. "fleet" opens the sentence as a word of the UI language.
    case InputErrorCode::FleetMixEmpty:
        return say(
            QT_TRANSLATE_NOOP("Messages", "%1: the traffic mix is empty (add at least one workload)"), { fleet });
    case InputErrorCode::FleetMixTooLarge:
        return say(QT_TRANSLATE_NOOP("Messages", "%1: at most %2 workloads in a mix"), { fleet, max });
    case InputErrorCode::FleetTargetsNotPositive:
        return say(QT_TRANSLATE_NOOP("Messages", "%1: latency targets must be positive seconds"), { fleet });
    case InputErrorCode::FleetShareInvalid:
        return say(QT_TRANSLATE_NOOP("Messages", "%1: %2: share must be a non-negative number"), { fleet, value });
    case InputErrorCode::FleetSharesZero:
        return say(QT_TRANSLATE_NOOP("Messages", "%1: the shares of the mix add up to 0"), { fleet });
    case InputErrorCode::FleetEntryInvalid: {
        // The workload's own error, worded in turn; without a code the whole stays English.
        const Message inner = d.parts.size() == 1 ? inputErrorMessage(d.parts.front()) : verbatim(d.detail);
        return say(QT_TRANSLATE_NOOP("Messages", "%1: %2: %3"), { fleet, value, MessageArg({ inner }, "") });
    }
    case InputErrorCode::FleetServersDiffer:
        return say(QT_TRANSLATE_NOOP("Messages",
                       "%1: the mix must share one server profile: %2 runs on %3, %4 on %5 (give --hardware for all)"),
            { fleet, value, min, max, detail });
    case InputErrorCode::FleetTrafficTwice:
        return say(
            QT_TRANSLATE_NOOP("Messages", "%1: give the traffic as requests/s or as tokens/day, not both"), { fleet });
    case InputErrorCode::FleetTrafficInvalid:
        return say(QT_TRANSLATE_NOOP("Messages",
                       "%1: the traffic must be a positive rate (requests/s or tokens/day), at most 1e15 requests/s"),
            { fleet });
    case InputErrorCode::FleetTpotUnreachable:
        return say(QT_TRANSLATE_NOOP(
                       "Messages", "%1: %2: even one sequence per replica misses the %3 time-per-output-token target"),
            { fleet, value, max });
    case InputErrorCode::FleetTtftAboveTarget:
        return say(
            QT_TRANSLATE_NOOP("Messages", "%1: %2: time to first token is %3 on an idle replica, above the %4 target"),
            { fleet, value, min, max });

    case InputErrorCode::EndOfCodes_:
        break;
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
    return inputErrorMessage(detail(), what());
}

Message inputErrorMessage(const InputErrorDetail& detail, const std::string& fallback)
{
    Message m = inputErrorMessage(detail);
    return m.empty() ? verbatim(fallback) : m;
}

} // namespace kvtiers
