// Fuzzes the reader of pasted vLLM startup logs, the setup it states (model, TP, block
// size, KV dtype, max_model_len) and the comparison with kvtiers' own math.
#include "core/model/VllmCheck.h"
#include "core/model/VllmComparison.h"
#include "core/model/VllmLogSetup.h"
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
        // The setup the log states: matched to a card, put into a setup, and its notes worded.
        const auto& models = CardCatalog::builtin().models();
        const VllmSetupValues given {
            .modelId = m.id, .tp = 8, .blockSize = 16, .kv = KvFormat { 16, 0 }, .context = 8192
        };
        const VllmSetupValues used = vllmSetupFromLog(log, models, given);
        for (const VllmSetupNote& n : vllmSetupNotes(log, models, given, used))
            (void)vllmSetupText(n);
        if (log.model)
            (void)matchVllmModel(log.model->text, models);
        if (const auto it = models.find(used.modelId); it != models.end() && used.tp > 0 && used.blockSize > 0) {
            VllmSetup fromLog = setup;
            fromLog.tp = used.tp;
            fromLog.blockSize = used.blockSize;
            fromLog.context = std::min(used.context, 1e7);
            (void)compareWithVllm(it->second, fromLog, log);
        }
    } catch (const InputError&) {
    }
    return 0;
}
