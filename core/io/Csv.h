#pragma once
// Csv: the fields of the CSV tables the core writes (sweep, compare, fleet, sensitivity),
// so every table quotes and numbers its fields the same way.

#include <string>
#include <string_view>

namespace kvtiers {

/// One text field (RFC 4180): quoted when it holds a comma, a quote or a line break, with
/// quotes doubled. Text a spreadsheet would run as a formula (a field starting with =, +,
/// -, @, a tab or a carriage return) is written with a leading apostrophe first, as OWASP
/// advises against CSV injection: labels and preset names are user text, and these tables
/// are made to be opened in spreadsheets.
std::string csvText(std::string_view text);

/// A figure as the JSON output writes it: exact integers for whole numbers (bytes,
/// replicas, GPUs), the shortest round-tripping form otherwise; an empty field when it is
/// not finite (a figure that does not exist).
std::string csvNumber(double value);

} // namespace kvtiers
