#pragma once
// Options: the option table of one input type (a fleet, a replay, a trace analysis, a
// sensitivity run, an outlook's drivers), shaped like the knob table (core/scenario/Knobs.h).
// An entry gives the option's key (what results echo and coded errors name), its CLI flag,
// the kind of value it takes, its range and unit, its translatable help, and its binding to
// the input's field; its default is that field's value in a default-built input. From the
// table alone:
//  - the CLI builds the command's option list, its synopsis and `--help`, and parses
//    (app/cli/OptionParsing.h); an error names the key, which the CLI words as the flag;
//  - the core validates an input once (validateOptions), whoever built it;
//  - the GUI takes its ranges and defaults from it, and shows the translated message.
//
// Texts are marked QT_TRANSLATE_NOOP("Option", ...): the GUI shows them through
// QCoreApplication::translate("Option", text), the CLI prints the English source.

#include "core/io/InputError.h"

#include <QtGlobal> // QT_TRANSLATE_NOOP: lupdate finds the help texts in the tables

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>

namespace kvtiers {

/// What an option's value is, which decides how a typed value is read.
enum class OptionKind {
    Count,      ///< a whole number in [min, max]
    Number,     ///< a finite number in [min, max]
    Tokens,     ///< whole tokens: "512", "128k", "1M", in [min, max]
    Share,      ///< "0.5" or "50%", in [min, max] ⊆ [0, 1]
    Percentile, ///< 99, 99.9, "p99" or "mean" (LatencyTargets.h's unit; min/max unused)
    Choice,     ///< one of `choices` ('|'-separated), held as its index
    Switch,     ///< on when given; takes no value
    Custom,     ///< read by the entry's own `parse` (a list, a file name)
};

/// An option's binding to its field in `Input`. `get` and `set` carry the value as a
/// number (a choice's index, a switch's 0 or 1); `get` gives nullopt for a field left
/// unset (an optional). A Custom option has `parse` instead of `set`.
template <typename Input> struct OptionField {
    std::optional<double> (*get)(const Input&) = nullptr;
    void (*set)(Input&, double) = nullptr;
    /// Custom: reads the text into the input; throws InputError whose `where` is `key`.
    void (*parse)(Input&, std::string_view text, const std::string& key) = nullptr;
};

/// The parts of an entry that do not depend on the input type.
struct OptionSpec {
    const char* key;  ///< "traffic_scale": results echo it, coded errors name it
    const char* flag; ///< "--traffic-scale": the one place a flag is spelled
    OptionKind kind;
    double min = 0; ///< inclusive range in `unit` (Count, Number, Tokens, Share)
    double max = 0;
    const char* unit = "";           ///< "s", "requests/s", "blocks", "" (a count or share)
    const char* valueName = nullptr; ///< the help's placeholder: "K", "N"; nullptr for a switch
    const char* help = nullptr;      ///< translatable, one line: "gaps between arrivals divided by K"
    const char* choices = nullptr;   ///< Choice: the names, '|'-separated, in the field's enum order
};

/// A field as a table carries it: a number (an enum as its index, a switch as 0 or 1),
/// nullopt when unset.
template <typename T> std::optional<double> optionNumber(const T& value)
{
    if constexpr (std::is_enum_v<T>)
        return static_cast<double>(static_cast<int>(value));
    else
        return static_cast<double>(value);
}
template <typename T> std::optional<double> optionNumber(const std::optional<T>& value)
{
    return value ? optionNumber(*value) : std::nullopt;
}
/// A table's number written into a field (an enum from its index).
template <typename T> void optionAssign(T& field, double value)
{
    if constexpr (std::is_enum_v<T>)
        field = static_cast<T>(static_cast<int>(value));
    else
        field = static_cast<T>(value);
}
template <typename T> void optionAssign(std::optional<T>& field, double value)
{
    T v {};
    optionAssign(v, value);
    field = v;
}

template <typename Input> struct Option : OptionSpec {
    OptionField<Input> field {};
};

/// The option with `key` (or `flag`) in a table, or nullptr.
template <typename Input>
const Option<Input>* findOption(std::span<const Option<Input>> table, std::string_view keyOrFlag)
{
    for (const Option<Input>& o : table)
        if (keyOrFlag == o.key || (o.flag && keyOrFlag == o.flag))
            return &o;
    return nullptr;
}

/// The option's default: its field in a default-built input (nullopt when unset there).
template <typename Input> std::optional<double> optionDefault(const Option<Input>& o)
{
    return o.field.get ? o.field.get(Input {}) : std::nullopt;
}

/// The choice's name at `index` ("central"), or "" out of range.
std::string optionChoiceName(const OptionSpec& o, int index);
/// The index of `name` among the option's choices; throws InputError (UnknownChoice) naming
/// the key, the name given and the choices.
int optionChoiceIndex(const OptionSpec& o, std::string_view name);

/// Reads `text` the option's way (Count, Number, Tokens, Share, Percentile, Choice, Switch)
/// and checks it against the range. Throws a coded InputError whose `where` is the key.
double readOptionValue(const OptionSpec& o, std::string_view text);
/// Checks a value held (from a GUI or a caller) against the option's range and kind.
/// Throws a coded InputError whose `where` is the key.
void checkOptionValue(const OptionSpec& o, double value);

/// Sets the option in `input` from typed text. Throws InputError naming the key.
template <typename Input> void setOption(const Option<Input>& o, Input& input, std::string_view text)
{
    if (o.kind == OptionKind::Custom)
        o.field.parse(input, text, o.key);
    else
        o.field.set(input, readOptionValue(o, text));
}

/// Checks every bound field of `input` against its option's range: the one check, for an
/// input from the CLI, a GUI or a file alike. Throws InputError naming the key.
template <typename Input> void validateOptions(std::span<const Option<Input>> table, const Input& input)
{
    for (const Option<Input>& o : table)
        if (o.kind != OptionKind::Custom && o.field.get)
            if (const auto v = o.field.get(input))
                checkOptionValue(o, *v);
}

/// The error with every option key it quotes (its `where`, and the other option of an
/// OptionsConflict or OptionNeeds) replaced by `wording(key)` where that is not empty: how
/// the CLI words a core error in flags, and the GUI in its field labels.
InputError rewordOptionKeys(
    const InputError& error, std::string (*wording)(std::string_view key, const void* context), const void* context);

/// The flag of `key` in `table`, or "" (rewordOptionKeys' wording for the CLI).
template <typename Input> std::string optionFlagOf(std::span<const Option<Input>> table, std::string_view key)
{
    const Option<Input>* o = findOption(table, key);
    return o && o->flag && key == o->key ? std::string(o->flag) : std::string();
}

/// Field bindings, as the knob table's (core/scenario/KnobFields.h).
namespace option_fields {

template <auto Member> struct MemberTraits;
template <typename Input, typename T, T Input::*Member> struct MemberTraits<Member> {
    using InputType = Input;
    using Type = T;
};

/// A plain number field (double, int, an unsigned count, an enum held as its index).
template <auto Member> auto number()
{
    using Input = typename MemberTraits<Member>::InputType;
    using T = typename MemberTraits<Member>::Type;
    OptionField<Input> f;
    f.get = [](const Input& in) { return std::optional<double>(static_cast<double>(in.*Member)); };
    f.set = [](Input& in, double v) { in.*Member = static_cast<T>(v); };
    return f;
}

/// A std::optional number field: unset is nullopt.
template <auto Member> auto optional()
{
    using Input = typename MemberTraits<Member>::InputType;
    using T = typename MemberTraits<Member>::Type::value_type;
    OptionField<Input> f;
    f.get = [](const Input& in) {
        return in.*Member ? std::optional<double>(static_cast<double>(*(in.*Member))) : std::nullopt;
    };
    f.set = [](Input& in, double v) { in.*Member = static_cast<T>(v); };
    return f;
}

/// A bool field set by a switch.
template <auto Member> auto flag()
{
    using Input = typename MemberTraits<Member>::InputType;
    OptionField<Input> f;
    f.get = [](const Input& in) { return std::optional<double>(in.*Member ? 1.0 : 0.0); };
    f.set = [](Input& in, double v) { in.*Member = v != 0; };
    return f;
}

} // namespace option_fields

} // namespace kvtiers
