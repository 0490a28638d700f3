// `kvtiers compare`: 2-4 presets side by side, with differences from the first.
#include "app/cli/CommandLineParsing.h"
#include "app/cli/Commands.h"
#include "core/analysis/ScenarioComparison.h"
#include "core/catalog/PresetStore.h"
#include "core/io/InputError.h"
#include "core/io/Units.h"
#include "core/report/ComparisonReport.h"
#include "core/report/ResultJson.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <string>
#include <vector>

namespace kvtiers::cli {

namespace {

std::string figureText(const ComparedFigure& f, double v)
{
    switch (f.unit) {
    case FigureUnit::Bytes:
        return formatBytes(v);
    case FigureUnit::Count:
        return formatCount(v);
    case FigureUnit::Seconds:
        return formatLatency(v);
    case FigureUnit::TokensPerSecond:
        return formatSignificant(v, 4) + " tok/s";
    case FigureUnit::Share:
        return percent(v);
    }
    return {};
}

int cmdCompare(const Command& command, const std::vector<std::string>& args, std::ostream& out)
{
    const Parsed p = parseArgs(args, 1, command.options);
    checkOutputFlags(p, "compare", true);
    if (!p.positional.empty())
        throw InputError("compare: unexpected argument \"" + p.positional[0] + "\"");
    const PresetStore store;
    std::vector<std::string> names = p.presets;
    if (auto it = p.own.find("--comparison"); it != p.own.end()) {
        const auto& cs = store.comparisons();
        const auto c = std::find_if(cs.begin(), cs.end(), [&](const Comparison& x) { return x.name == it->second; });
        if (c == cs.end())
            throw InputError("--comparison: no comparison called \"" + it->second + "\"");
        names.insert(names.end(), c->presetNames.begin(), c->presetNames.end());
    }
    if (names.size() < 2 || names.size() > 4)
        throw InputError("compare: give 2 to 4 --preset NAME (or --comparison NAME)");
    std::vector<Scenario> scenarios;
    for (const auto& n : names)
        scenarios.push_back(resolve(withPreset(store, n, p.spec)).scenario);
    const ScenarioComparison c = compareScenarios(names, scenarios);
    if (p.csv) {
        out << comparisonCsv(c);
        return kExitOk;
    }
    if (p.json) {
        Json figures = Json::array();
        for (const auto& f : c.figures) {
            Json vals = Json::array(), rel = Json::array();
            for (size_t i = 0; i < f.values.size(); ++i) {
                vals.push_back(f.unit == FigureUnit::Bytes ? bytesToJson(f.values[i]) : numberToJson(f.values[i]));
                rel.push_back(numberToJson(f.relative[i]));
            }
            figures.push_back({ { "key", f.key }, { "values", vals }, { "relative", rel } });
        }
        out << Json { { "scenarios", names }, { "figures", figures } }.dump(2) << "\n";
        return kExitOk;
    }
    out << std::left << std::setw(24) << "";
    for (const auto& n : names)
        out << std::setw(28) << n.substr(0, 27);
    out << "\n";
    for (const auto& f : c.figures) {
        out << std::setw(24) << f.label;
        for (size_t i = 0; i < f.values.size(); ++i) {
            std::string cell = figureText(f, f.values[i]);
            if (i > 0 && std::isfinite(f.relative[i]))
                cell += " (" + std::string(f.relative[i] >= 0 ? "+" : "") + formatSignificant(f.relative[i] * 100, 3)
                    + "%)";
            out << std::setw(28) << cell;
        }
        out << "\n";
    }
    return kExitOk;
}

} // namespace

const Command kCompareCommand = { "compare",
    R"(  kvtiers compare --preset A --preset B [...up to 4] | --comparison NAME  [--json|--csv]
)",
    { "--comparison" }, cmdCompare };

} // namespace kvtiers::cli
