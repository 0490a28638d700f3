#include "core/io/Options.h"

#include "core/io/Units.h"

#include <cmath>
#include <cstdlib>

namespace kvtiers {

namespace {

/// The names of a Choice option, split at '|'.
std::vector<std::string_view> choiceNames(const OptionSpec& o)
{
    std::vector<std::string_view> names;
    std::string_view rest = o.choices ? o.choices : "";
    while (!rest.empty()) {
        const size_t bar = rest.find('|');
        names.push_back(rest.substr(0, bar));
        if (bar == std::string_view::npos)
            break;
        rest.remove_prefix(bar + 1);
    }
    return names;
}

std::string quoted(std::string_view text)
{
    return "\"" + std::string(text) + "\"";
}

/// A percentile as typed: "99", "99.9", "p99" or "mean"; kMeanPercentile (0) is the mean.
/// The same rule as core/cards/LatencyTargets (validPercentile), which this layer cannot
/// include: 1 ≤ p < 100.
double readPercentile(std::string_view text, const std::string& where)
{
    if (text == "mean")
        return 0;
    std::string number(text);
    if (!number.empty() && (number[0] == 'p' || number[0] == 'P'))
        number.erase(0, 1);
    char* end = nullptr;
    const double p = number.empty() ? NAN : std::strtod(number.c_str(), &end);
    if (number.empty() || end != number.c_str() + number.size() || !(p >= 1 && p < 100))
        throw InputError({ .code = InputErrorCode::PercentileOutOfRange, .where = where, .value = quoted(text) });
    return p;
}

} // namespace

std::string optionChoiceName(const OptionSpec& o, int index)
{
    const auto names = choiceNames(o);
    return index >= 0 && index < static_cast<int>(names.size()) ? std::string(names[index]) : std::string();
}

int optionChoiceIndex(const OptionSpec& o, std::string_view name)
{
    const auto names = choiceNames(o);
    for (size_t i = 0; i < names.size(); ++i)
        if (names[i] == name)
            return static_cast<int>(i);
    throw InputError(
        { .code = InputErrorCode::UnknownChoice, .where = o.key, .value = quoted(name), .detail = o.choices });
}

double readOptionValue(const OptionSpec& o, std::string_view text)
{
    switch (o.kind) {
    case OptionKind::Count:
        return parseNumberOption(text, o.key, o.min, o.max, true);
    case OptionKind::Number:
        return parseNumberOption(text, o.key, o.min, o.max, false);
    case OptionKind::Tokens:
        return parseTokenCount(text, o.key, o.min, o.max);
    case OptionKind::Share: {
        const double v = parseFraction(text, o.key);
        checkOptionValue(o, v);
        return v;
    }
    case OptionKind::Percentile:
        return readPercentile(text, o.key);
    case OptionKind::Choice:
        return optionChoiceIndex(o, text);
    case OptionKind::Switch:
        return 1;
    case OptionKind::Custom:
        break;
    }
    throw InputError(std::string(o.key) + ": a custom option is read by its own parser");
}

void checkOptionValue(const OptionSpec& o, double v)
{
    const auto outOfRange = [&] {
        throw InputError({ .code = InputErrorCode::ValueOutOfRange,
            .where = o.key,
            .value = formatSignificant(v, 6),
            .min = formatSignificant(o.min, 6),
            .max = formatSignificant(o.max, 6),
            .detail = o.kind == OptionKind::Tokens ? "tokens" : "" });
    };
    switch (o.kind) {
    case OptionKind::Count:
    case OptionKind::Tokens:
        if (std::isfinite(v) && v != std::floor(v))
            throw InputError(
                { .code = InputErrorCode::ValueNotWhole, .where = o.key, .value = formatSignificant(v, 10) });
        [[fallthrough]];
    case OptionKind::Number:
    case OptionKind::Share:
        if (!(v >= o.min && v <= o.max))
            outOfRange();
        return;
    case OptionKind::Percentile:
        if (!(v == 0 || (v >= 1 && v < 100)))
            throw InputError(
                { .code = InputErrorCode::PercentileOutOfRange, .where = o.key, .value = formatSignificant(v, 6) });
        return;
    case OptionKind::Choice:
        if (optionChoiceName(o, static_cast<int>(v)).empty())
            outOfRange();
        return;
    case OptionKind::Switch:
    case OptionKind::Custom:
        return;
    }
}

InputError rewordOptionKeys(
    const InputError& error, std::string (*wording)(std::string_view key, const void* context), const void* context)
{
    InputErrorDetail d = error.detail();
    if (d.code == InputErrorCode::Uncoded)
        return error;
    bool changed = false;
    if (std::string w = wording(d.where, context); !w.empty()) {
        d.where = std::move(w);
        changed = true;
    }
    if (d.code == InputErrorCode::OptionsConflict || d.code == InputErrorCode::OptionNeeds)
        if (std::string w = wording(d.value, context); !w.empty()) {
            d.value = std::move(w);
            changed = true;
        }
    return changed ? InputError(std::move(d)) : error;
}

} // namespace kvtiers
