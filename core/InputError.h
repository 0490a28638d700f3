#pragma once
// InputError: the one exception type the core throws for bad input (cards, option
// values, scenarios). Its message names the file or option, the field and the problem,
// in words a user can act on. Callers at the edges (CLI, GUI) catch it and show it.
//
// The messages a GUI user can reach (scenario validation, reading and parsing files,
// typed JSON fields, preset schema) also carry a structured form, InputErrorDetail: a
// code and the figures the message quotes, so a front end can word the same message in
// another language. The English message stays the reference: the CLI prints it, and a
// front end falls back to it for any error without a code.

#include <memory>
#include <stdexcept>
#include <string>

namespace kvtiers {

/// What went wrong, for messages a front end translates. Each code lists the
/// InputErrorDetail fields its message quotes; `where` is always what the English
/// message starts with (an option, a file, or a JSON path such as "overrides.context").
enum class InputErrorCode {
    Uncoded, ///< no structured form: show what()

    // Scenario validation (validateScenario, resolveScenario). `where` is the CLI option.
    TpOutOfRange, ///< value = TP, min, max
    TpDoesNotFitServer, ///< value = TP, max = GPUs per server
    TpDoesNotDivideKvHeads, ///< value = TP, max = KV heads, detail = model id
    ContextOutOfRange, ///< (bounds are fixed: 1 to 1e12 tokens)
    ConcurrencyOutOfRange, ///< (1 to 1e12 sequences)
    OutputTokensNotBelowContext, ///< value = output tokens, max = context
    ReuseOutOfRange, ///< (0 to 1)
    OffloadRateOutOfRange, ///< (0 to 1)
    SharingBelowOne, ///<
    GpuUtilizationOutOfRange, ///< (more than 0, at most 1)
    BlockSizeOutOfRange, ///< max = largest block size
    ReuseDistanceOutOfRange, ///< (0 to 1e9 seconds)
    ServersOutOfRange, ///< (1 to 1e9)
    KvBitsOutOfRange, ///< (more than 0, at most 64)
    NoModel, ///< no model named, nor a workload naming one

    // Files (readInputFile). `where` is the path.
    NoSuchFile,
    IsDirectory,
    NotRegularFile,
    CannotReadSize, ///< detail = the system's reason
    FileTooLarge, ///< value = size in MiB, max = limit in MiB
    CannotOpen,
    CannotReadWhole,

    // JSON text (parseStrictJson). `where` is the file (origin).
    FileEmpty,
    JsonNestingTooDeep, ///< max = deepest nesting accepted
    JsonDuplicateKey, ///< value = the key
    JsonNumberTooLarge, ///< detail = the parser's words (may be empty)
    JsonTruncated, ///< line, column and detail (the parser's words) when known, else detail = its whole message
    JsonSyntax, ///< as JsonTruncated

    // Typed JSON fields (JsonObject, ScenarioSpec). `where` is the object or the field's path.
    ExpectedObject, ///< detail = JSON type found
    MustBeObject, ///< (an overrides value that is not an object)
    MissingField,
    WrongType, ///< value = expected JSON type ("string", "number", "boolean", "object", "array"), detail = type found
    NotFinite,
    OutOfRange, ///< value, min, max
    NotWholeNumber, ///< value
    UnknownKey, ///< value = the key, detail = the known keys, comma-separated

    // Preset files (PresetStore). `where` is the field's path.
    NotAPreset, ///< value = the schema found
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
    // [cards codes end]

    // vLLM startup log (parseVllmLog) and vLLM setups (predictVllm).
    // [vllm codes end]

    EndOfCodes_ ///< not a code: marks the end (keep last)
};

/// The last code (tests check that every code has its wording).
inline constexpr InputErrorCode kLastInputErrorCode
    = static_cast<InputErrorCode>(static_cast<int>(InputErrorCode::EndOfCodes_) - 1);

/// The structured form of an InputError; strings are quoted as the English message quotes them.
struct InputErrorDetail {
    InputErrorCode code = InputErrorCode::Uncoded;
    std::string where {}; ///< the option, file or JSON path the message starts with
    std::string value {}; ///< the value (or key) given
    std::string min {}; ///< lower bound
    std::string max {}; ///< upper bound, or the figure the value conflicts with
    std::string detail {}; ///< anything else quoted verbatim (parser words, a type, a list, an id)
    int line = 0; ///< JSON syntax errors: 1-based line, 0 if unknown
    int column = 0; ///< JSON syntax errors: column, 0 if unknown
};

class InputError : public std::runtime_error {
public:
    explicit InputError(const std::string& message)
        : std::runtime_error(message)
    {
    }
    /// A message with its structured form (see InputErrorCode).
    InputError(const std::string& message, InputErrorDetail detail)
        : std::runtime_error(message)
        , m_detail(std::make_shared<const InputErrorDetail>(std::move(detail)))
    {
    }

    /// The structured form; code Uncoded when the thrower gave none.
    const InputErrorDetail& detail() const noexcept
    {
        static const InputErrorDetail uncoded;
        return m_detail ? *m_detail : uncoded;
    }

private:
    // Shared so that copying the exception (as throw and catch may) never throws.
    std::shared_ptr<const InputErrorDetail> m_detail;
};

} // namespace kvtiers
