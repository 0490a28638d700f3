#pragma once
// InputFile: what every reader of a user's file checks first, so a card, a preset, a
// config.json and a trace all refuse a missing file, a directory, a device or a pipe
// with the same words.

#include <cstdint>
#include <string>

namespace kvtiers {

/// The size of a regular file at `path`. Throws InputError naming the path: no such file,
/// a directory, not a regular file, or a size that cannot be read.
std::uintmax_t regularFileSize(const std::string& path);

} // namespace kvtiers
