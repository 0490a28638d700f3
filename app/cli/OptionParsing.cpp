#include "app/cli/OptionParsing.h"

#include "core/io/Units.h"

#include <algorithm>
#include <sstream>

namespace kvtiers::cli {

namespace {

/// How a value reads in a synopsis: its placeholder, or a choice's names.
std::string valueWord(const OptionSpec& o)
{
    if (o.kind == OptionKind::Choice && o.choices)
        return o.choices;
    return o.valueName ? o.valueName : "X";
}

/// A default as the help states it, in the option's unit.
std::string defaultText(const OptionSpec& o, double value)
{
    switch (o.kind) {
    case OptionKind::Choice:
        return optionChoiceName(o, static_cast<int>(value));
    case OptionKind::Percentile:
        return value == 0 ? std::string("mean") : formatSignificant(value, 6);
    case OptionKind::Share:
        return formatSignificant(value * 100, 6) + "%";
    case OptionKind::Tokens:
    case OptionKind::Count:
        return formatCount(value);
    default:
        break;
    }
    std::string text = formatSignificant(value, 6);
    if (o.unit && *o.unit)
        text += std::string(" ") + o.unit;
    return text;
}

std::string flagOf(std::string_view key, const void* context)
{
    for (const OptionSpec* o : *static_cast<const std::vector<const OptionSpec*>*>(context))
        if (key == o->key && o->flag)
            return o->flag;
    return {};
}

} // namespace

std::vector<std::string> optionFlags(const std::vector<const OptionSpec*>& specs, bool switches)
{
    std::vector<std::string> flags;
    for (const OptionSpec* o : specs)
        if ((o->kind == OptionKind::Switch) == switches)
            flags.emplace_back(o->flag);
    return flags;
}

std::string optionSynopsis(const std::vector<const OptionSpec*>& specs, size_t indent, size_t width)
{
    std::string text, line;
    for (const OptionSpec* o : specs) {
        std::string item = "[" + std::string(o->flag);
        if (o->kind != OptionKind::Switch)
            item += " " + valueWord(*o);
        item += "]";
        if (!line.empty() && indent + line.size() + 1 + item.size() > width) {
            text += line + "\n" + std::string(indent, ' ');
            line.clear();
        }
        line += (line.empty() ? "" : " ") + item;
    }
    return text + line;
}

std::string optionHelp(const std::vector<const OptionSpec*>& specs, const std::vector<std::optional<double>>& defaults)
{
    // The help starts in one column for every option; a head wider than it (a choice's long
    // list) puts its help on the next line. Help wraps at kHelpWidth, indented to the column.
    constexpr size_t kMostColumn = 28, kHelpWidth = 100;
    std::vector<std::string> heads;
    size_t column = 0;
    for (const OptionSpec* o : specs) {
        std::string head = "  " + std::string(o->flag);
        if (o->kind != OptionKind::Switch)
            head += " " + valueWord(*o);
        if (head.size() + 2 <= kMostColumn)
            column = std::max(column, head.size() + 2);
        heads.push_back(std::move(head));
    }
    std::string text;
    for (size_t i = 0; i < specs.size(); ++i) {
        std::string help = specs[i]->help ? specs[i]->help : "";
        if (i < defaults.size() && defaults[i])
            help += " (default " + defaultText(*specs[i], *defaults[i]) + ")";
        std::string line = heads[i];
        if (line.size() + 2 > column) {
            text += line + "\n";
            line.clear();
        }
        line.resize(column, ' ');
        size_t atColumn = 0; // words on this line after the column
        std::istringstream words(help);
        for (std::string word; words >> word;) {
            if (atColumn > 0 && line.size() + 1 + word.size() > kHelpWidth) {
                text += line + "\n";
                line.assign(column, ' ');
                atColumn = 0;
            }
            line += (atColumn++ > 0 ? " " : "") + word;
        }
        text += line + "\n";
    }
    return text;
}

InputError inFlagTerms(const InputError& error, const std::vector<const OptionSpec*>& specs)
{
    return rewordOptionKeys(error, &flagOf, &specs);
}

} // namespace kvtiers::cli
