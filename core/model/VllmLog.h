#pragma once
// VllmLog: the KV lines of a pasted vLLM startup log (VllmCheck.h compares them with
// vLLM's block math).

#include <optional>
#include <string>
#include <string_view>

namespace kvtiers {

/// The KV lines of a vLLM startup log.
struct VllmLog {
    std::optional<double> kvCacheTokens;     ///< "GPU KV cache size: 131,072 tokens"
    std::optional<double> concurrencyTokens; ///< "Maximum concurrency for 131,072 tokens per request"
    std::optional<double> concurrency;       ///< ...": 1.00x"
    std::optional<double> availableKvBytes;  ///< "Available KV cache memory: 40.00 GiB"
    std::optional<double> gpuBlocks;         ///< vLLM v0: "# GPU blocks: 8192"
    int kvCacheLine = 0, concurrencyLine = 0, availableLine = 0, gpuBlocksLine = 0; ///< 1-based
};

/// Reads the KV lines of a pasted log; log prefixes ("INFO 11-29 12:00:00
/// [kv_cache_utils.py:1234]", "(EngineCore_0 pid=1)"), thousands separators and missing
/// lines are tolerated; the last occurrence wins. Throws InputError naming the line
/// ("vllm.log:12: ...") when a KV line cannot be read (code VllmLogUnreadable), or when
/// the text has no KV line (VllmLogNoKvLine).
VllmLog parseVllmLog(std::string_view text, const std::string& origin);

} // namespace kvtiers
