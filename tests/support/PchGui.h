// PchCore.h's headers, Qt Widgets and QCustomPlot, parsed once for every GUI test
// (tests/CMakeLists.txt).
#include "tests/support/PchCore.h"

#include <QtWidgets>
#include <qcustomplot.h>
