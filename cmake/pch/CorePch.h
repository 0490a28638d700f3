// Headers most of kvtiers_core includes, parsed once for the library (a precompiled header,
// core/CMakeLists.txt): the JSON library behind core/io/Json and the standard containers.
// It saves parsing only: every file still includes what it uses.
#include "core/io/Json.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>
