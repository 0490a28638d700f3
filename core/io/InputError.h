#pragma once
// InputError: the one exception type the core throws for bad input (cards, option
// values, scenarios). Its message names the file or option, the field and the problem,
// in words a user can act on. Callers at the edges (CLI, GUI) catch it and show it.
//
// The messages a GUI user can reach carry a structured form, InputErrorDetail: a code and
// the figures the message quotes. An error thrown with a detail has no English of its
// own: its text is the code's one template (inputErrorMessage, InputError.cpp) with the
// figures put in, which the CLI prints as what() and the GUI translates (message()).

#include "core/io/Message.h"

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace kvtiers {

/// What went wrong, for messages a front end translates. Each code lists the
/// InputErrorDetail fields its message quotes; `where` is always what the English
/// message starts with (an option, a file, or a JSON path such as "overrides.context").
enum class InputErrorCode {
    Uncoded, ///< no structured form: show what() (as a part: detail = its English)

    // Scenario validation (validateScenario, resolveScenario). `where` is the CLI option.
    TpOutOfRange,                ///< value = TP, min, max
    TpDoesNotFitServer,          ///< value = TP, max = GPUs per server
    TpDoesNotDivideKvHeads,      ///< value = TP, max = KV heads, detail = model id
    DcpDoesNotDivideTp,          ///< value = DCP, max = TP
    DcpBeyondKvCopies,           ///< value = DCP, max = copies the TP group keeps, detail = model id
    DcpWithExpertParallel,       ///< value = DCP
    ContextOutOfRange,           ///< value, max = contextLimit, detail = the model's name (empty: no card max)
    ConcurrencyOutOfRange,       ///< max = limits::kMaxConcurrency
    OutputTokensNotBelowContext, ///< value = output tokens, max = context
    ReuseOutOfRange,             ///< (0 to 1)
    OffloadRateOutOfRange,       ///< (0 to 1)
    SharingBelowOne,             ///<
    GpuUtilizationOutOfRange,    ///< (more than 0, at most 1)
    BlockSizeOutOfRange,         ///< max = largest block size
    ReuseDistanceOutOfRange,     ///< (0 to 1e9 seconds)
    ServersOutOfRange,           ///< (1 to 1e9)
    KvBitsOutOfRange,            ///< (more than 0, at most 64)
    NoModel,                     ///< no model named, nor a workload naming one

    // Files (readInputFile). `where` is the path.
    NoSuchFile,
    IsDirectory,
    NotRegularFile,
    CannotReadSize, ///< detail = the system's reason
    FileTooLarge,   ///< value = size in MiB, max = limit in MiB
    CannotOpen,
    CannotReadWhole,

    // JSON text (parseStrictJson). `where` is the file (origin).
    FileEmpty,
    JsonNestingTooDeep, ///< max = deepest nesting accepted
    JsonDuplicateKey,   ///< value = the key
    JsonNumberTooLarge, ///< detail = the parser's words (may be empty)
    JsonTruncated,      ///< line, column and detail (the parser's words) when known, else detail = its whole message
    JsonSyntax,         ///< as JsonTruncated

    // Typed JSON fields (JsonObject, ScenarioSpec). `where` is the object or the field's path.
    ExpectedObject, ///< detail = JSON type found
    MustBeObject,   ///< (an overrides value that is not an object)
    MissingField,
    WrongType, ///< value = expected JSON type ("string", "number", "boolean", "object", "array"), detail = type found
    NotFinite,
    OutOfRange,     ///< value, min, max
    NotWholeNumber, ///< value
    UnknownKey,     ///< value = the key, detail = the known keys, comma-separated

    // Preset files (PresetStore). `where` is the field's path.
    NotAPreset,        ///< value = the schema found
    NewerPresetSchema, ///< value = the file's schema version, max = the version this build reads

    // Typed values (core/Units: CLI options and the GUI's text fields). `where` is the
    // option or field; value = the text as typed, in quotes.
    NotANumber,
    ValueNotWhole,
    ValueOutOfRange, ///< value, min, max, detail = the unit after the range ("", "tokens" or "bytes")
    NotATokenCount,
    NotWholeTokens,
    NotAShare,
    ShareOutOfRange,
    NotASize,

    // Cards (ModelCard, HardwareCard, Workload, CardCatalog, KvFormat) and config.json import (HfConfig).
    // `where` is the field's path ("llama.json.layer_groups[0].kind") unless said otherwise.
    UnknownLayerKind,           ///< value = the kind given
    FewerQueryHeadsThanKvHeads, ///< value = query heads, max = KV heads
    ParamsActiveAboveTotal,     ///<
    NoLayerGroups,              ///<
    TooManyLayerGroups,         ///< max = most groups accepted
    NoAttentionLayers,          ///< (also a part of HfConfigCannotImport, `where` = its layer_types path)
    TooManyLayers,              ///< max = most layers accepted
    NoSources,                  ///<
    CurveNotIncreasing,         ///<
    GapSecondsOutOfRange,       ///< a reuse-gap row's seconds: value, min, max
    GapShareOutOfRange,         ///< a reuse-gap row's cumulative share: value, min, max
    SharesDoNotAddUp,           ///< `where` = the placement object; value = their sum
    KvDtypeAndBits,             ///<
    KvScaleBitsAlone,           ///<
    UnknownAllocation,          ///< value = the policy given
    ServersNotWhole,            ///<
    UnknownCardId,     ///< `where` = "model", "hardware" or "workload"; value = the id, detail = the known ids,
                       ///< comma-separated
    UnknownKvDtype,    ///< `where` = the option or field; value = the text given
    KvBitsImpossible,  ///< `where` = the option or field; value = the text given
    HfConfigNotObject, ///< `where` = the config's origin (a file name or "pasted text")
    /// `where` = the config's origin; `parts` = what is wrong, in the message's order: first
    /// every missing field (code MissingField, `where` = its path), then every problem (the
    /// Hf* codes below and NoAttentionLayers, `where` = the field's path). The message is
    /// "<origin>: cannot import this config.json: " and then, joined by "; ", "missing " with
    /// the missing paths joined by ", " (if any) and each problem's own message.
    HfConfigCannotImport,
    HfNotWholeNumber,        ///< part only; value = the JSON as given
    HfWholeNumberOutOfRange, ///< part only; value = the JSON as given, min, max
    HfNotTrueOrFalse,        ///< part only; value = the JSON as given
    HfKvHeadsAboveHeads,     ///< part only; max = query heads
    HfHeadDimNotDivisible,   ///< part only; value = hidden_size, max = query heads
    HfLayerTypesNotList,     ///< part only
    HfLayerTypesCount,       ///< part only; value = layers listed, max = num_hidden_layers
    HfUnknownLayerType,      ///< part only; value = the entry as given (JSON), detail = its index
    // [cards codes end]

    // vLLM startup log (parseVllmLog) and vLLM setups (predictVllm).
    VllmLogUnreadable,     ///< where = the log's name, line = its 1-based line, value = what could not be read
                           ///< ("the token count", "the tokens per request", "the concurrency", "the memory
                           ///< size", "the memory unit" or "the block count"), detail = the line as quoted
    VllmLogNoKvLine,       ///< where = the log's name
    VllmTpBelowOne,        ///< where = "vllm-check"
    VllmBlockSizeBelowOne, ///< where = "vllm-check"
    VllmNoKvMemory,        ///< where = "vllm-check", value = the KV memory per GPU as formatted ("-12.3 GiB")
    // [vllm codes end]

    // Fleet sizing (sizeFleet). `where` is "fleet"; value = the workload's label where one is named.
    FleetMixEmpty,           ///<
    FleetMixTooLarge,        ///< max = most workloads in a mix
    FleetTargetsNotPositive, ///<
    FleetShareInvalid,       ///< value = label
    FleetSharesZero,         ///<
    FleetEntryInvalid,  ///< value = label; parts = the workload's own error (code Uncoded with detail = its English if
                        ///< it had none)
    FleetServersDiffer, ///< value = first label, min = its hardware id, max = the other label, detail = its hardware id
    FleetTrafficTwice,  ///<
    FleetTrafficInvalid,  ///<
    FleetTpotUnreachable, ///< value = label, max = the TPOT target as formatted ("50 ms")
    FleetTtftAboveTarget, ///< value = label, min = TTFT on an idle replica, max = the target (both formatted)

    // Latency targets (LatencyTargets). `where` is the option or field; value = the text as given.
    PercentileOutOfRange, ///<

    // Option tables (core/io/Options.h). `where` is the option's key, which the CLI words as
    // its flag and the GUI as its field's label.
    UnknownChoice,   ///< value = the name given (quoted), detail = the choices, '|'-separated
    OptionsConflict, ///< value = the other option's key
    OptionNeeds,     ///< value = the option it needs given with it

    EndOfCodes_ ///< not a code: marks the end (keep last)
};

/// The last code (tests check that every code has its wording).
inline constexpr InputErrorCode kLastInputErrorCode
    = static_cast<InputErrorCode>(static_cast<int>(InputErrorCode::EndOfCodes_) - 1);

/// The structured form of an InputError; strings are quoted as the English message quotes them.
/// An error that lists several problems (HfConfigCannotImport) carries one detail per
/// problem in `parts`, each worded like a message of its own ("path: problem"); a front
/// end words the parts and joins them as the code's documentation says. Every other
/// error leaves `parts` empty.
struct InputErrorDetail {
    InputErrorCode code = InputErrorCode::Uncoded;
    std::string where {};                   ///< the option, file or JSON path the message starts with
    std::string value {};                   ///< the value (or key) given
    std::string min {};                     ///< lower bound
    std::string max {};                     ///< upper bound, or the figure the value conflicts with
    std::string detail {};                  ///< anything else quoted verbatim (parser words, a type, a list, an id)
    int line = 0;                           ///< JSON syntax errors: 1-based line, 0 if unknown
    int column = 0;                         ///< JSON syntax errors: column, 0 if unknown
    std::vector<InputErrorDetail> parts {}; ///< the sub-problems of a multi-problem error, in the message's order
};

class InputError : public std::runtime_error {
public:
    /// A message with no structured form: shown as it is, in English.
    explicit InputError(const std::string& message)
        : std::runtime_error(message)
    {
    }
    /// A coded error: its text is the code's template with the detail's figures.
    explicit InputError(InputErrorDetail detail)
        : std::runtime_error(englishOf(detail))
        , m_detail(std::make_shared<const InputErrorDetail>(std::move(detail)))
    {
    }

    /// A sentence of its own, built from templates (a reader's message whose problem is a
    /// message in turn): its English is what(), and message() gives it to translate. Code Uncoded.
    explicit InputError(Message message)
        : std::runtime_error(message.english())
        , m_message(std::make_shared<const Message>(std::move(message)))
    {
    }

    /// The structured form; code Uncoded when the thrower gave none.
    const InputErrorDetail& detail() const noexcept
    {
        static const InputErrorDetail uncoded;
        return m_detail ? *m_detail : uncoded;
    }
    /// The message to show: the code's template, or what() as it is for an uncoded error.
    Message message() const;

private:
    static std::string englishOf(const InputErrorDetail& detail);
    // Shared so that copying the exception (as throw and catch may) never throws.
    std::shared_ptr<const InputErrorDetail> m_detail;
    std::shared_ptr<const Message> m_message;
};

/// The code's sentence with the detail's figures; empty for Uncoded (unless the detail
/// is a part carrying its English in `detail`) and for a detail lacking what its code needs.
Message inputErrorMessage(const InputErrorDetail& detail);
/// As above, but `fallback` as it is when the detail has no sentence (an error kept as
/// code and English side by side, e.g. FleetSensitivityBar::lowError).
Message inputErrorMessage(const InputErrorDetail& detail, const std::string& fallback);

} // namespace kvtiers
