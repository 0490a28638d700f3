#pragma once
// TierTableExport: File → "Export tier table (CSV)…". The core's tier table
// (tierTableCsv: placed bytes, capacity, utilisation and restore against recompute per
// tier, one replica) under lines naming the version, the model and hardware, and the
// scenario as a preset would store it, so the table says what it shows. Written through
// ChartExporter::writeFile (QSaveFile): an existing file is replaced whole or not at all.

#include "core/catalog/ScenarioSpec.h"
#include "core/model/Evaluation.h"
#include "core/scenario/Scenario.h"

#include <QByteArray>
#include <QString>

namespace kvtiers::ui {

/// The file's bytes.
QByteArray tierTableCsvBytes(const ScenarioSpec& spec, const Scenario& scenario, const EvalResult& result);

/// Writes it; returns an empty string on success, else a message naming the file.
QString exportTierTableCsv(
    const QString& path, const ScenarioSpec& spec, const Scenario& scenario, const EvalResult& result);

} // namespace kvtiers::ui
