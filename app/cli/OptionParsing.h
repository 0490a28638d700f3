#pragma once
// OptionParsing: a command's options read from the core's option tables (core/io/Options.h).
// From a table the command gets its option list for parseArgs, its synopsis, the option
// lines of its `--help`, and the parsing of what was typed; a core error that names an
// option's key is worded with its flag. No flag is spelled here or in the command: only in
// the table.

#include "app/cli/CommandLineParsing.h"
#include "core/io/Options.h"

#include <span>
#include <string>
#include <vector>

namespace kvtiers::cli {

/// The table's entries, as the CLI lists them.
template <typename Input> std::vector<const OptionSpec*> optionSpecs(std::span<const Option<Input>> table)
{
    std::vector<const OptionSpec*> specs;
    for (const Option<Input>& o : table)
        if (o.flag)
            specs.push_back(&o);
    return specs;
}

/// The flags that take a value (`switches` false) or none (true), for parseArgs.
std::vector<std::string> optionFlags(const std::vector<const OptionSpec*>& specs, bool switches);

/// "[--traffic-scale K] [--routing central|least-loaded]", wrapped before `width` columns,
/// each line after the first indented by `indent` spaces.
std::string optionSynopsis(const std::vector<const OptionSpec*>& specs, size_t indent, size_t width = 100);

/// One line per option: "  --traffic-scale K        gaps between arrivals divided by K
/// (default 1)"; `defaults` gives each spec's default as the table holds it (nullopt: none).
std::string optionHelp(const std::vector<const OptionSpec*>& specs, const std::vector<std::optional<double>>& defaults);

/// optionHelp with the defaults of a default-built `Input`.
template <typename Input> std::string optionHelp(std::span<const Option<Input>> table)
{
    std::vector<const OptionSpec*> specs;
    std::vector<std::optional<double>> defaults;
    for (const Option<Input>& o : table)
        if (o.flag) {
            specs.push_back(&o);
            defaults.push_back(o.kind == OptionKind::Switch ? std::nullopt : optionDefault(o));
        }
    return optionHelp(specs, defaults);
}

/// A core error that names an option's key (its `where`, or the other option of a
/// conflict) with the flag in its place.
InputError inFlagTerms(const InputError& error, const std::vector<const OptionSpec*>& specs);

/// Sets every option of `table` given in `parsed.own` (switches: given at all) in
/// `input`, in table order, then validates the input once (validateOptions). Throws
/// InputError in flag terms.
template <typename Input> void readOptions(const Parsed& parsed, std::span<const Option<Input>> table, Input& input)
{
    try {
        for (const Option<Input>& o : table) {
            if (!o.flag)
                continue;
            const auto it = parsed.own.find(o.flag);
            if (it != parsed.own.end())
                setOption(o, input, it->second);
        }
        validateOptions(table, input);
    } catch (const InputError& e) {
        throw inFlagTerms(e, optionSpecs(table));
    }
}

} // namespace kvtiers::cli
