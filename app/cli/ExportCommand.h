#pragma once
// ExportCommand: `kvtiers export`, the charts and tables of the GUI written headless
// (no display: Qt's offscreen platform), through the same ChartExporter as the GUI's
// File > Export. Parses like the other commands (CommandLineParsing.h): --preset NAME or
// card ids, the eval overrides, --chart tiers|sweep|compare|fleet, --out FILE, --width,
// --height, --scale; compare takes 2–4 --preset or --comparison NAME; fleet takes the
// `kvtiers fleet` options (--mix, --rate or --tokens-per-day, --ttft, --tpot, --units);
// outlook takes --outlook ID|FILE|SAVED, --view index|bytes|decomposition|tornado and, for
// the tornado, --tier hbm|dram|ssd.

#include "core/cards/OutlookCard.h"

#include <ostream>
#include <string>
#include <vector>

namespace kvtiers::cli {

/// Runs `export` (args[0] == "export"). Creates a QApplication on the offscreen platform
/// if none exists. Returns 0 ok, 1 when the file could not be written, 2 on bad usage
/// (one line on `err` naming the problem).
int runExportCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

/// A built-in outlook id, an outlook file, or the name of a saved outlook (kvtiers preset):
/// what `kvtiers outlook --outlook` and `kvtiers export --chart outlook --outlook` read
/// (defined with the outlook command).
OutlookCard resolveOutlookOrPreset(const std::string& arg);

} // namespace kvtiers::cli
