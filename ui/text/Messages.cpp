#include "ui/text/Messages.h"

#include "core/io/ResultJson.h"
#include "ui/text/UnitsText.h"

#include <QLocale>
#include <cmath>

namespace kvtiers::ui {

// Every source string here is the core's English sentence with its figures as %N, so the
// untranslated UI shows byte for byte what the CLI prints (tst_gui_messages checks it).
// Figures come formatted by the core's formatters (UnitsText.h), as the CLI formats them.

QString Messages::kvDerivationText(const KvDerivation& d)
{
    // Mirrors kvPerTokenDerivation() (core/Derivation.cpp); only the words are translated.
    QStringList terms;
    for (const KvDerivationTerm& t : d.terms) {
        if (t.kind == LayerKind::Sliding)
            terms << tr("%1 (first %2 tokens)").arg(qs(t.arithmetic), tokensText(t.window));
        else if (t.kind == LayerKind::Chunked)
            terms << tr("%1 (chunks of %2 tokens)").arg(qs(t.arithmetic), tokensText(t.window));
        else
            terms << qs(t.arithmetic);
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
        case WarnRateAboveCapacity:
            out << tr("request rate %1 req/s is above the %2 req/s one replica can serve (prefill, restore and "
                      "decode share per request)")
                       .arg(QLocale().toString(n.value, 'g', 3), QLocale().toString(n.limit, 'g', 3));
        case WarnReplicaSpansServers:
            out << tr("TP %1 is more than the GPUs per server (%2): one replica spans %3 servers, and its "
                      "tensor-parallel traffic crosses the network between them")
                       .arg(countText(n.value), countText(n.limit), countText(std::ceil(n.value / n.limit)));
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

QString Messages::inputErrorText(const InputErrorDetail& detail, const std::string& english)
{
    const QString text = inputErrorText(detail);
    return text.isEmpty() ? qs(english) : text;
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
    const QString fleet = tr("fleet");
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
        if (d.detail == "sequences")
            return tr("%1: %2 is out of range [%3, %4] sequences").arg(where, value, min, max);
        if (d.detail == "bytes")
            return tr("%1: %2 is out of range [%3, %4] bytes").arg(where, value, min, max);
        return tr("%1: %2 is out of range [%3, %4]").arg(where, value, min, max);
    case InputErrorCode::NotATokenCount:
        if (d.detail == "sequences")
            return tr("%1: %2 is not a number of sequences (write 10, 64 or 1k)").arg(where, value);
        return tr("%1: %2 is not a token count (write 131072, 128k or 1M)").arg(where, value);
    case InputErrorCode::NotWholeTokens:
        if (d.detail == "sequences")
            return tr("%1: %2 is not a whole number of sequences").arg(where, value);
        return tr("%1: %2 is not a whole number of tokens").arg(where, value);
    case InputErrorCode::NotAShare:
        return tr("%1: %2 is not a share (write 0.5 or 50%)").arg(where, value);
    case InputErrorCode::ShareOutOfRange:
        return tr("%1: %2 must lie between 0 and 1 (0% and 100%)").arg(where, value);
    case InputErrorCode::NotASize:
        return tr("%1: %2 is not a size (write 2TiB, 512GiB, 141GB or bytes)").arg(where, value);

        // Cards and config.json import.
    case InputErrorCode::UnknownLayerKind:
        return tr("%1: unknown layer kind \"%2\" (use full, sliding, chunked, mla or state)").arg(where, value);
    case InputErrorCode::FewerQueryHeadsThanKvHeads:
        return tr("%1: has fewer query heads (%2) than KV heads (%3)").arg(where, value, max);
    case InputErrorCode::ParamsActiveAboveTotal:
        return tr("%1: is larger than params_total").arg(where);
    case InputErrorCode::NoLayerGroups:
        return tr("%1: must list at least one layer group").arg(where);
    case InputErrorCode::TooManyLayerGroups:
        return tr("%1: has more than %2 groups").arg(where, max);
    case InputErrorCode::NoAttentionLayers:
        return tr("%1: has no attention layers (a model of only state layers holds no KV per token)").arg(where);
    case InputErrorCode::TooManyLayers:
        return tr("%1: adds up to more than %2 layers").arg(where, max);
    case InputErrorCode::NoSources:
        return tr("%1: must name at least one source").arg(where);
    case InputErrorCode::CurveNotIncreasing:
        return tr("%1: curve points must be in increasing transfer size").arg(where);
    case InputErrorCode::SharesDoNotAddUp:
        return tr("%1: shares must add up to 1 (they add up to %2)").arg(where, value);
    case InputErrorCode::KvDtypeAndBits:
        return tr("%1: give kv_dtype or kv_bits, not both").arg(where);
    case InputErrorCode::KvScaleBitsAlone:
        return tr("%1: needs kv_dtype or kv_bits beside it").arg(where);
    case InputErrorCode::UnknownAllocation:
        return tr("%1: unknown policy \"%2\" (use paged or contiguous)").arg(where, value);
    case InputErrorCode::ServersNotWhole:
        return tr("%1: must be a whole number").arg(where);
    case InputErrorCode::UnknownCardId:
        // The kind of card starts the sentence: a word to translate, not a path.
        if (d.where == "model")
            return tr("model: unknown id \"%1\" (known: %2; or give a path to a .json card)").arg(value, detail);
        if (d.where == "hardware")
            return tr("hardware: unknown id \"%1\" (known: %2; or give a path to a .json card)").arg(value, detail);
        if (d.where == "workload")
            return tr("workload: unknown id \"%1\" (known: %2; or give a path to a .json card)").arg(value, detail);
        return {};
    case InputErrorCode::UnknownKvDtype:
        return tr("%1: unknown KV dtype \"%2\" (use fp32, bf16, fp16, fp8, int8, int4, or a bit width such as 6bit)")
            .arg(where, value);
    case InputErrorCode::KvBitsImpossible:
        return tr("%1: a KV element of %2 bits is impossible (use more than 0 and at most 64 bits)").arg(where, value);
    case InputErrorCode::HfConfigNotObject:
        return tr("%1: a config.json must be a JSON object").arg(where);
    case InputErrorCode::HfConfigCannotImport: {
        // The missing fields in one phrase, then each problem in its own words (see InputError.h).
        QStringList missing;
        QStringList pieces;
        for (const InputErrorDetail& part : d.parts) {
            if (part.code == InputErrorCode::MissingField)
                missing << qs(part.where);
        }
        if (!missing.isEmpty())
            pieces << tr("missing %1").arg(missing.join(QStringLiteral(", ")));
        for (const InputErrorDetail& part : d.parts) {
            if (part.code == InputErrorCode::MissingField)
                continue;
            const QString text = inputErrorText(part);
            if (text.isEmpty())
                return {}; // a part without wording: the whole message in English
            pieces << text;
        }
        if (pieces.isEmpty())
            return {};
        return tr("%1: cannot import this config.json: %2").arg(where, pieces.join(QStringLiteral("; ")));
    }
    case InputErrorCode::HfNotWholeNumber:
        return tr("%1: must be a whole number, not %2").arg(where, value);
    case InputErrorCode::HfWholeNumberOutOfRange:
        return tr("%1: must be a whole number from %2 to %3, not %4").arg(where, min, max, value);
    case InputErrorCode::HfNotTrueOrFalse:
        return tr("%1: must be true or false, not %2").arg(where, value);
    case InputErrorCode::HfKvHeadsAboveHeads:
        return tr("%1: is larger than num_attention_heads (%2)").arg(where, max);
    case InputErrorCode::HfHeadDimNotDivisible:
        return tr("%1: is missing and hidden_size %2 is not a multiple of num_attention_heads %3: give head_dim")
            .arg(where, value, max);
    case InputErrorCode::HfLayerTypesNotList:
        return tr("%1: must be a list of layer kinds").arg(where);
    case InputErrorCode::HfLayerTypesCount:
        return tr("%1: lists %2 layers but num_hidden_layers is %3").arg(where, value, max);
    case InputErrorCode::HfUnknownLayerType:
        return tr("%1: entry %2 is %3 (known: full_attention, sliding_attention, chunked_attention, "
                  "linear_attention, mamba)")
            .arg(where, detail, value);
        // [cards wording end]

        // vLLM startup log and setups.
    case InputErrorCode::VllmLogUnreadable:
        // value: what could not be read; the line is quoted as the log has it.
        if (d.value == "the token count")
            return tr("%1:%2: cannot read the token count in \"%3\"").arg(where, line, detail);
        if (d.value == "the tokens per request")
            return tr("%1:%2: cannot read the tokens per request in \"%3\"").arg(where, line, detail);
        if (d.value == "the concurrency")
            return tr("%1:%2: cannot read the concurrency in \"%3\"").arg(where, line, detail);
        if (d.value == "the memory size")
            return tr("%1:%2: cannot read the memory size in \"%3\"").arg(where, line, detail);
        if (d.value == "the memory unit")
            return tr("%1:%2: cannot read the memory unit in \"%3\"").arg(where, line, detail);
        if (d.value == "the block count")
            return tr("%1:%2: cannot read the block count in \"%3\"").arg(where, line, detail);
        return {};
    case InputErrorCode::VllmLogNoKvLine:
        return tr("%1: found no \"GPU KV cache size: N tokens\" nor \"Maximum concurrency for N tokens per request: "
                  "X\" line (paste vLLM's startup log, from the engine's start to \"init engine\")")
            .arg(where);
    case InputErrorCode::VllmTpBelowOne:
        return tr("%1: --tp must be at least 1").arg(where);
    case InputErrorCode::VllmBlockSizeBelowOne:
        return tr("%1: --block-size must be at least 1").arg(where);
    case InputErrorCode::VllmNoKvMemory:
        return tr("%1: no memory left for the KV cache (%2 per GPU): the weights and reserve take all of "
                  "gpu_memory_utilization × HBM")
            .arg(where, value);
        // [vllm wording end]

        // Fleet sizing. "fleet" opens the sentence as a word of the UI language.
    case InputErrorCode::FleetMixEmpty:
        return tr("%1: the traffic mix is empty (add at least one workload)").arg(fleet);
    case InputErrorCode::FleetMixTooLarge:
        return tr("%1: at most %2 workloads in a mix").arg(fleet, max);
    case InputErrorCode::FleetTargetsNotPositive:
        return tr("%1: latency targets must be positive seconds").arg(fleet);
    case InputErrorCode::FleetShareInvalid:
        return tr("%1: %2: share must be a non-negative number").arg(fleet, value);
    case InputErrorCode::FleetSharesZero:
        return tr("%1: the shares of the mix add up to 0").arg(fleet);
    case InputErrorCode::FleetEntryInvalid: {
        // The workload's own error, worded in turn; without a code the whole stays English.
        const QString inner = d.parts.size() == 1 ? inputErrorText(d.parts.front()) : QString();
        return inner.isEmpty() ? QString() : tr("%1: %2: %3").arg(fleet, value, inner);
    }
    case InputErrorCode::FleetServersDiffer:
        return tr("%1: the mix must share one server profile: %2 runs on %3, %4 on %5 (give --hardware for all)")
            .arg(fleet, value, min, max, detail);
    case InputErrorCode::FleetTrafficTwice:
        return tr("%1: give the traffic as requests/s or as tokens/day, not both").arg(fleet);
    case InputErrorCode::FleetTrafficInvalid:
        return tr("%1: the traffic must be a positive rate (requests/s or tokens/day), at most 1e15 requests/s")
            .arg(fleet);
    case InputErrorCode::FleetTpotUnreachable:
        return tr("%1: %2: even one sequence per replica misses the %3 time-per-output-token target")
            .arg(fleet, value, max);
    case InputErrorCode::FleetTtftAboveTarget:
        return tr("%1: %2: time to first token is %3 on an idle replica, above the %4 target")
            .arg(fleet, value, min, max);

    case InputErrorCode::EndOfCodes_:
        break;
    }
    return {};
}

} // namespace kvtiers::ui
