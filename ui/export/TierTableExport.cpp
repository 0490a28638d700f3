#include "ui/export/TierTableExport.h"

#include "core/io/Csv.h"
#include "core/report/ResultCsv.h"
#include "ui/export/ChartExporter.h"

namespace kvtiers::ui {

QByteArray tierTableCsvBytes(const ScenarioSpec& spec, const Scenario& scenario, const EvalResult& result)
{
    const std::string preamble = csvPreamble({
        std::string("kvtiers ") + KVTIERS_VERSION + ": tier table, one replica (" + std::to_string(scenario.tp())
            + " GPUs)",
        scenario.model.name + " on " + scenario.hardware.name,
        "scenario: " + spec.toJson().dump(),
    });
    return QByteArray::fromStdString(preamble + tierTableCsv(result));
}

QString exportTierTableCsv(
    const QString& path, const ScenarioSpec& spec, const Scenario& scenario, const EvalResult& result)
{
    return ChartExporter::writeFile(path, tierTableCsvBytes(spec, scenario, result));
}

} // namespace kvtiers::ui
