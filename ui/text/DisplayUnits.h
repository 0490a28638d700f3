#pragma once
// DisplayUnits: the process-wide choice of byte units the GUI shows, decimal (GB, TB: as
// memory and drives are sold) or binary (GiB, TiB: as allocators count and as the article
// states its figures). bytesText(bytes) (UnitsText.h) and byteTicker() (ByteTicker.h)
// follow it, so every view formats bytes in one place (HOUSE.md rule 7). MainWindow sets
// it from View > Units and persists it (Settings); the CLI never reads it (--units there).
// Not thread-safe by design: it is GUI-thread state, like the widgets that read it.

#include "core/io/Units.h"

namespace kvtiers::ui {

/// The units the GUI shows bytes in; Binary until setDisplayUnits() is called.
ByteUnits displayUnits();
/// Sets the units. Views pick it up when they next refresh: MainWindow asks them to.
void setDisplayUnits(ByteUnits units);

} // namespace kvtiers::ui
