// Headers most of kvtiers_ui includes, parsed once for the library (a precompiled header,
// ui/CMakeLists.txt): Qt Widgets and CorePch.h's. QCustomPlot is not here: only ui/charts and
// ui/export include it. It saves parsing only: every file still includes what it uses.
#include "cmake/pch/CorePch.h"

#include <QtWidgets>
