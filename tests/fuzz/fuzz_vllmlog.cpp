// Fuzzes the reader of pasted vLLM startup logs, and the comparison with kvtiers' own math.
#include "core/model/VllmCheck.h"
#include "tests/fuzz/FuzzSupport.h"

using namespace kvtiers;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    try {
        const VllmLog log = parseVllmLog(fuzz::text(data, size), "vllm.log");
        const ModelCard& m = CardCatalog::builtin().models().at("llama-3.1-8b");
        VllmSetup setup;
        setup.kvMemoryBytes = 40e9;
        const VllmHbmContext hbm { 80e9, 16e9, 1e9, 0.9 };
        (void)compareWithVllm(m, setup, log, hbm);
        (void)compareWithVllm(m, setup, log);
    } catch (const InputError&) {
    }
    return 0;
}
