#include "ui/text/DisplayUnits.h"

namespace kvtiers::ui {

namespace {
ByteUnits g_displayUnits = ByteUnits::Binary; // the article's numbers are binary (320 KiB, 40 GiB)
} // namespace

ByteUnits displayUnits()
{
    return g_displayUnits;
}

void setDisplayUnits(ByteUnits units)
{
    g_displayUnits = units;
}

} // namespace kvtiers::ui
