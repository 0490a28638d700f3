#pragma once
// The JSON cards under models/, compiled into the library by CMake (see
// core/CMakeLists.txt), so the CLI and the GUI need no data files at run time.

#include <span>
#include <string_view>

namespace kvtiers {

struct EmbeddedCard {
    std::string_view
        kind; ///< "models", "hardware", "workloads", "presets", "restore-paths", "outlooks", "supply" or "systems"
    std::string_view file; ///< file name, for messages
    std::string_view text;
};

std::span<const EmbeddedCard> builtinCardFiles();

} // namespace kvtiers
