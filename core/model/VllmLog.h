#pragma once
// VllmLog: the KV lines of a pasted vLLM startup log (VllmCheck.h compares them with
// vLLM's block math).

#include <optional>
#include <string>
#include <string_view>

namespace kvtiers {

/// vLLM's own name for its block size (a log's setting, not kvtiers' knob key).
inline constexpr const char* kVllmBlockSizeSetting = "block_size";

/// A setting the log states, as it writes it, and its 1-based line.
struct VllmLogSetting {
    std::string text;  ///< "Qwen/Qwen2.5-72B-Instruct", "4", "auto"
    double number = 0; ///< the figure, for the numeric settings
    int line = 0;
};

/// The KV lines of a vLLM startup log, and the setup it states.
struct VllmLog {
    std::optional<double> kvCacheTokens;     ///< "GPU KV cache size: 131,072 tokens"
    std::optional<double> concurrencyTokens; ///< "Maximum concurrency for 131,072 tokens per request"
    std::optional<double> concurrency;       ///< ...": 1.00x"
    std::optional<double> availableKvBytes;  ///< "Available KV cache memory: 40.00 GiB"
    std::optional<double> gpuBlocks;         ///< vLLM v0: "# GPU blocks: 8192"
    int kvCacheLine = 0, concurrencyLine = 0, availableLine = 0, gpuBlocksLine = 0; ///< 1-based
    // The setup vLLM ran, where the log states it: vLLM 0.11's "non-default args: {'model':
    // …, 'tensor_parallel_size': 4, …}", the engine's "Initializing a V1 LLM engine (…) with
    // config: model='…', max_seq_len=…, tensor_parallel_size=…, kv_cache_dtype=…", older
    // "args: Namespace(…, block_size=16, …)" and "Using max model len N". The last wins.
    std::optional<VllmLogSetting> model;        ///< the Hugging Face id or local path vLLM loaded
    std::optional<VllmLogSetting> tp;           ///< tensor_parallel_size
    std::optional<VllmLogSetting> blockSize;    ///< block_size
    std::optional<VllmLogSetting> kvCacheDtype; ///< kv_cache_dtype ("auto": the model's dtype)
    std::optional<VllmLogSetting> maxModelLen;  ///< max_model_len (max_seq_len on the engine line)
};

/// Reads the KV lines of a pasted log; log prefixes ("INFO 11-29 12:00:00
/// [kv_cache_utils.py:1234]", "(EngineCore_0 pid=1)"), thousands separators and missing
/// lines are tolerated; the last occurrence wins. Throws InputError naming the line
/// ("vllm.log:12: ...") when a KV line cannot be read (code VllmLogUnreadable), or when
/// the text has no KV line (VllmLogNoKvLine). A setting it cannot read (a TP that is not a
/// whole number from 1 to 65,536) is VllmLogUnreadable with the setting's name as value.
VllmLog parseVllmLog(std::string_view text, const std::string& origin);

} // namespace kvtiers
