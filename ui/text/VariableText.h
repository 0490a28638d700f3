#pragma once
// VariableText: the GUI's names for the sensitivity variables of core/Sensitivity.h (the
// knob table's tornado labels, translated in context "Knob"), and their values as people
// say them ("128K", "8 bit", "50%", "2 TiB").

#include "core/analysis/Sensitivity.h"
#include "core/io/Units.h"

#include <QString>

namespace kvtiers::ui {

QString variableName(Variable v);
/// Sizes (DRAM, NVMe per server) in `units`.
QString variableValueText(Variable v, double value, ByteUnits units);

} // namespace kvtiers::ui
