#include "Messages.h"

#include "ResultJson.h"
#include "UnitsText.h"

namespace kvtiers::ui {

// Every source string here is the core's English sentence with its figures as %N, so the
// untranslated UI shows byte for byte what the CLI prints (tst_gui_messages checks it).
// Figures come formatted by the core's formatters (UnitsText.h), as the CLI formats them.

QString Messages::kvDerivationText(const KvDerivation& d)
{
    // Mirrors kvPerTokenDerivation() (core/Derivation.cpp); only the words are translated.
    QStringList terms;
    for (const KvDerivationTerm& t : d.terms) {
        terms << (t.kind == LayerKind::Sliding ? tr("%1 (first %2 tokens)").arg(qs(t.arithmetic), tokensText(t.window))
                                               : qs(t.arithmetic));
    }
    QString total
        = terms.join(QStringLiteral(" + ")) + QStringLiteral(" = ") + countText(d.bytesPerToken) + QStringLiteral(" B");
    if (d.bytesPerToken >= 1024)
        total += QStringLiteral(" = ") + bytesText(d.bytesPerToken);
    QString out = tr("%1 per token").arg(total);
    for (const KvStateTerm& s : d.stateTerms)
        out = tr("%1 + %2 × %3 per sequence").arg(out, QString::number(s.layers), bytesText(s.bytesPerLayer));
    return out;
}

QStringList Messages::warningTexts(const Scenario& scenario, const EvalResult& result)
{
    // Mirrors warningMessages() (core/ResultJson.cpp), note by note.
    QStringList out;
    for (const WarningNote& n : warningNotes(scenario, result)) {
        switch (n.flag) {
        case WarnContextBeyondModel:
            out << tr("context %1 exceeds %2's maximum of %3 tokens")
                       .arg(tokensText(n.value), qs(n.model), tokensText(n.limit));
            break;
        case WarnNoKvBudget:
            out << tr("weights and runtime reserve leave no HBM for KV cache");
            break;
        case WarnWeightsSpill:
            out << tr("weights do not fit in HBM: %1 of %2 stay in HBM, the rest streams every step")
                       .arg(bytesText(n.value), bytesText(n.limit));
            break;
        case WarnHotSetOverflows:
            out << tr("the hot set of %1 sequences does not fit in HBM: at most %2 fit; the excess is shown as "
                      "overflow")
                       .arg(countText(n.value), countText(n.limit));
            break;
        case WarnOverflow:
            out << tr("%1 fit in no tier (HBM, DRAM and SSD are full)").arg(bytesText(n.value));
            break;
        case WarnReuseLost:
            out << tr("reuse achieved %1 of the %2 requested: the retained pool does not fit")
                       .arg(percentText(n.value), percentText(n.limit));
            break;
        case WarnSharingClamped:
            out << tr("sharing %1 exceeds concurrency; using %2").arg(countText(n.value), countText(n.limit));
            break;
        case WarnNone:
            break;
        }
    }
    return out;
}

QString Messages::inputErrorText(const InputError& error)
{
    const QString text = inputErrorText(error.detail());
    return text.isEmpty() ? qs(error.what()) : text;
}

QString Messages::inputErrorText(const InputErrorDetail& d)
{
    // Mirrors the throw sites: core/Scenario.cpp, core/ScenarioSpec.cpp, core/Json.cpp and
    // core/PresetStore.cpp (the code's documentation in core/InputError.h says which
    // fields each one fills).
    const QString where = qs(d.where);
    const QString value = qs(d.value);
    const QString min = qs(d.min);
    const QString max = qs(d.max);
    const QString detail = qs(d.detail);
    const bool hasPosition = d.line > 0 && d.column > 0;
    const QString line = QString::number(d.line);
    const QString column = QString::number(d.column);
    switch (d.code) {
    case InputErrorCode::Uncoded:
        return {};

    // Scenario validation: the option is part of the sentence, so Korean can name the knob in words.
    case InputErrorCode::TpOutOfRange:
        return tr("tp: %1 is out of range [%2, %3]").arg(value, min, max);
    case InputErrorCode::TpDoesNotFitServer:
        return tr("tp: %1 does not fit a server of %2 GPUs (use a divisor or a multiple of %2)").arg(value, max);
    case InputErrorCode::TpDoesNotDivideKvHeads:
        return tr("tp: %1 does not divide the %2 KV heads of %3 (nor do they divide it; vLLM requires one or the "
                  "other)")
            .arg(value, max, detail);
    case InputErrorCode::ContextOutOfRange:
        return tr("context: must be between 1 and 1e12 tokens");
    case InputErrorCode::ConcurrencyOutOfRange:
        return tr("concurrency: must be between 1 and 1e12 sequences");
    case InputErrorCode::OutputTokensNotBelowContext:
        return tr("output-tokens: %1 must be less than the context (%2 tokens): the prompt would be empty")
            .arg(value, max);
    case InputErrorCode::ReuseOutOfRange:
        return tr("reuse: must lie between 0 and 1");
    case InputErrorCode::OffloadRateOutOfRange:
        return tr("offload-rate: must lie between 0 and 1");
    case InputErrorCode::SharingBelowOne:
        return tr("sharing: must be at least 1 (1 = no sharing)");
    case InputErrorCode::GpuUtilizationOutOfRange:
        return tr("gpu-util: must be more than 0 and at most 1");
    case InputErrorCode::BlockSizeOutOfRange:
        return tr("block-size: must be between %1 and %2 tokens").arg(min, max);
    case InputErrorCode::ReuseDistanceOutOfRange:
        return tr("reuse-distance: must be between 0 and 1e9 seconds");
    case InputErrorCode::ServersOutOfRange:
        return tr("servers: must be between 1 and 1e9");
    case InputErrorCode::KvBitsOutOfRange:
        return tr("kv-dtype: bits per element must be more than 0 and at most 64");
    case InputErrorCode::NoModel:
        return tr("model: none given (use --model ID|FILE, or a --workload that names its model)");

    // Files.
    case InputErrorCode::NoSuchFile:
        return tr("%1: no such file").arg(where);
    case InputErrorCode::IsDirectory:
        return tr("%1: is a directory, not a file").arg(where);
    case InputErrorCode::NotRegularFile:
        return tr("%1: is not a regular file (a device or a pipe?)").arg(where);
    case InputErrorCode::CannotReadSize:
        return tr("%1: cannot read its size: %2").arg(where, detail);
    case InputErrorCode::FileTooLarge:
        return tr("%1: is %2 MiB; files over %3 MiB are refused").arg(where, value, max);
    case InputErrorCode::CannotOpen:
        return tr("%1: cannot be opened for reading").arg(where);
    case InputErrorCode::CannotReadWhole:
        return tr("%1: could not be read whole").arg(where);

    // JSON text.
    case InputErrorCode::FileEmpty:
        return tr("%1: the file is empty").arg(where);
    case InputErrorCode::JsonNestingTooDeep:
        return tr("%1: nesting deeper than %2 levels").arg(where, max);
    case InputErrorCode::JsonDuplicateKey:
        return tr("%1: duplicate key \"%2\"").arg(where, value);
    case InputErrorCode::JsonNumberTooLarge:
        return detail.isEmpty() ? tr("%1: a number is too large to represent").arg(where)
                                : tr("%1: a number is too large to represent: %2").arg(where, detail);
    case InputErrorCode::JsonTruncated:
        // The parser's own words (the part after the position) stay as it wrote them.
        return hasPosition ? tr("%1: the file ends too early (truncated JSON?): parse error at line %2, column %3: %4")
                                 .arg(where, line, column, detail)
                           : tr("%1: the file ends too early (truncated JSON?): %2").arg(where, detail);
    case InputErrorCode::JsonSyntax:
        return hasPosition
            ? tr("%1: not valid JSON: parse error at line %2, column %3: %4").arg(where, line, column, detail)
            : tr("%1: not valid JSON: %2").arg(where, detail);

    // Typed fields.
    case InputErrorCode::ExpectedObject:
        return tr("%1: expected a JSON object, found %2").arg(where, detail);
    case InputErrorCode::MustBeObject:
        return tr("%1: must be an object").arg(where);
    case InputErrorCode::MissingField:
        return tr("%1: missing (required)").arg(where);
    case InputErrorCode::WrongType:
        if (d.value == "string")
            return tr("%1: must be a string, found %2").arg(where, detail);
        if (d.value == "number")
            return tr("%1: must be a number, found %2").arg(where, detail);
        if (d.value == "boolean")
            return tr("%1: must be true or false, found %2").arg(where, detail);
        if (d.value == "object")
            return tr("%1: must be an object, found %2").arg(where, detail);
        if (d.value == "array")
            return tr("%1: must be an array, found %2").arg(where, detail);
        return {};
    case InputErrorCode::NotFinite:
        return tr("%1: must be finite").arg(where);
    case InputErrorCode::OutOfRange:
        return tr("%1: %2 is out of range [%3, %4]").arg(where, value, min, max);
    case InputErrorCode::NotWholeNumber:
        return tr("%1: must be a whole number, found %2").arg(where, value);
    case InputErrorCode::UnknownKey:
        return tr("%1: unknown key \"%2\" (known keys: %3)").arg(where, value, detail);

    // Preset files.
    case InputErrorCode::NotAPreset:
        return tr("%1: is \"%2\", not a kvtiers preset").arg(where, value);
    case InputErrorCode::NewerPresetSchema:
        return tr("%1: %2 was written by a newer kvtiers (this one reads %3); the file is left untouched")
            .arg(where, value, max);

    // Typed values.
    case InputErrorCode::NotANumber:
        return tr("%1: %2 is not a number").arg(where, value);
    case InputErrorCode::ValueNotWhole:
        return tr("%1: %2 must be a whole number").arg(where, value);
    case InputErrorCode::ValueOutOfRange:
        if (d.detail == "tokens")
            return tr("%1: %2 is out of range [%3, %4] tokens").arg(where, value, min, max);
        if (d.detail == "bytes")
            return tr("%1: %2 is out of range [%3, %4] bytes").arg(where, value, min, max);
        return tr("%1: %2 is out of range [%3, %4]").arg(where, value, min, max);
    case InputErrorCode::NotATokenCount:
        return tr("%1: %2 is not a token count (write 131072, 128k or 1M)").arg(where, value);
    case InputErrorCode::NotWholeTokens:
        return tr("%1: %2 is not a whole number of tokens").arg(where, value);
    case InputErrorCode::NotAShare:
        return tr("%1: %2 is not a share (write 0.5 or 50%)").arg(where, value);
    case InputErrorCode::ShareOutOfRange:
        return tr("%1: %2 must lie between 0 and 1 (0% and 100%)").arg(where, value);
    case InputErrorCode::NotASize:
        return tr("%1: %2 is not a size (write 2TiB, 512GiB, 141GB or bytes)").arg(where, value);

        // Cards and config.json import.
        // [cards wording end]

        // vLLM startup log and setups.
        // [vllm wording end]

    case InputErrorCode::EndOfCodes_:
        break;
    }
    return {};
}

} // namespace kvtiers::ui
