#pragma once
// Csv: the fields of the CSV tables the core writes (sweep, compare, fleet, sensitivity),
// so every table quotes and numbers its fields the same way.

#include <string>
#include <string_view>
#include <vector>

namespace kvtiers {

/// One text field (RFC 4180): quoted when it holds a comma, a quote or a line break, with
/// quotes doubled. Text a spreadsheet would run as a formula (a field starting with =, +,
/// -, @, a tab or a carriage return) is written with a leading apostrophe first, as OWASP
/// advises against CSV injection: labels and preset names are user text, and these tables
/// are made to be opened in spreadsheets.
std::string csvText(std::string_view text);

/// A figure for a spreadsheet: whole numbers (bytes, replicas, GPUs) and anything of a
/// million or more (byte and token counts, whose fractions are model noise) as integers,
/// others to twelve significant digits, so 0.37499999999999994 reads 0.375; an empty
/// field when it is not finite (a figure that does not exist).
std::string csvNumber(double value);

/// Lines that say what a table shows (the command, the model and hardware), each written
/// "# line": spreadsheets show them as a first row, and pandas skips them with
/// comment='#'.
std::string csvPreamble(const std::vector<std::string>& lines);

} // namespace kvtiers
