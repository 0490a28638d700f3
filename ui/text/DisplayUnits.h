#pragma once
// DisplayUnits: DEPRECATED process-wide copy of the byte units, kept only for the charts
// and exporters (ui/charts, ui/export), which read it until they take the units through a
// setUnits() of their own. Everything else takes the units from DisplayOptions
// (ui/app/DisplayOptions.h), which alone writes this copy. Do not add readers.

#include "core/io/Units.h"

namespace kvtiers::ui {

/// Deprecated: DisplayOptions::units(). Binary until DisplayOptions sets it.
ByteUnits displayUnits();
/// Deprecated: called by DisplayOptions only (and tests of the charts that read it).
void setDisplayUnits(ByteUnits units);

} // namespace kvtiers::ui
