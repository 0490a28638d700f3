// The headers nearly every test includes, parsed once for all of them (a precompiled
// header, tests/CMakeLists.txt): Qt Test with Qt Core, the JSON library behind core/io/Json,
// and the standard library's containers. Half of a test's compile time was these headers.
// Nothing here is used unless a file includes it itself: this only saves parsing.
#include "core/io/Json.h"

#include <QtTest>

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>
