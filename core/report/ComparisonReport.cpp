#include "core/report/ComparisonReport.h"

#include "core/io/Csv.h"
#include "core/io/Json.h"

#include <cmath>
#include <sstream>

namespace kvtiers {

namespace {

const char* unitName(FigureUnit u)
{
    switch (u) {
    case FigureUnit::Bytes:
        return "bytes";
    case FigureUnit::Count:
        return "sequences";
    case FigureUnit::Seconds:
        return "seconds";
    case FigureUnit::TokensPerSecond:
        return "tokens/s";
    case FigureUnit::Share:
        return "share";
    }
    return "";
}

} // namespace

std::string comparisonCsv(const ScenarioComparison& c)
{
    std::ostringstream out;
    out << "figure,unit";
    for (const auto& l : c.labels)
        out << "," << csvText(l);
    for (size_t i = 1; i < c.labels.size(); ++i)
        out << "," << csvText("relative: " + c.labels[i]);
    out << "\n";
    for (const auto& f : c.figures) {
        out << f.key << "," << unitName(f.unit);
        for (double v : f.values)
            // Bytes and counts are whole: written as integers ("20", not "20.0").
            out << ","
                << (f.unit == FigureUnit::Bytes || f.unit == FigureUnit::Count ? bytesToJson(v).dump()
                                                                               : numberToJson(v).dump());
        for (size_t i = 1; i < f.relative.size(); ++i)
            out << "," << (std::isfinite(f.relative[i]) ? numberToJson(f.relative[i]).dump() : std::string());
        out << "\n";
    }
    return out.str();
}

} // namespace kvtiers
