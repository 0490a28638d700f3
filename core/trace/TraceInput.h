#pragma once
// TraceInput: the bytes of a trace, from a file or from memory, plain or gzip-compressed.
// gzip is told by its magic bytes (1F 8B), not by the file's name, and read through zlib's
// inflate, member after member as gzip(1) does. A file that is neither JSON Lines nor gzip
// is refused at once with a sentence saying what it looks like (a zip archive, binary data,
// a JSON array, ...). A gzip stream cut short or corrupt is an InputError naming the file.

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace kvtiers::trace {

class TraceInput {
public:
    virtual ~TraceInput() = default;
    /// Up to `n` bytes of the trace's text into `into`; 0 at its end. Throws InputError.
    virtual std::size_t read(char* into, std::size_t n) = 0;
    /// Bytes of the file (compressed, for gzip) consumed so far, for progress.
    virtual std::uint64_t position() const = 0;
    /// True when the text is inflated from gzip.
    virtual bool compressed() const { return false; }

    /// Opens the file at `path` (its size in bytes is `size`): plain, or gzip by its magic
    /// bytes. Throws InputError when it cannot be read or is neither JSON Lines nor gzip.
    static std::unique_ptr<TraceInput> openFile(const std::string& path, std::uint64_t size);
    /// gzip-compressed bytes already in memory (tests, fuzzing); `name` for messages.
    static std::unique_ptr<TraceInput> gzipText(std::string bytes, const std::string& name);
};

/// True when `bytes` start with gzip's magic bytes.
bool isGzip(std::string_view bytes);

/// What the start of a file looks like when it cannot be JSON Lines: a translatable noun
/// phrase ("a zip archive", "binary data", "a JSON array", ...), or null when it may be
/// JSON Lines (its first character past a BOM and blanks is '{', or it is blank).
const char* notJsonLines(std::string_view head);

} // namespace kvtiers::trace
