// Fuzzes the Hugging Face config.json importer, and evaluates and vLLM-checks what imports.
#include "core/cards/HfConfig.h"
#include "core/model/VllmCheck.h"
#include "core/model/VllmComparison.h"
#include "core/model/VllmLogSetup.h"
#include "tests/fuzz/FuzzSupport.h"

using namespace kvtiers;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    Json config;
    try {
        config = parseStrictJson(fuzz::text(data, size), "config.json");
    } catch (const InputError&) {
        return 0;
    }
    (void)looksLikeHfConfig(config);
    (void)missingHfFields(config);
    // What a front end asks and says: the nesting key and the KV-head default, in words.
    const HfImportReport report = inspectHfConfig(config);
    (void)hfKvHeadsMessage(report).english();
    (void)hfNestedMessage(report).english();
    try {
        const ModelCard m = importHfConfig(config, "config.json");
        Scenario s;
        s.model = m;
        s.hardware = CardCatalog::builtin().hardware().at("h200-sxm");
        s.workload.context = static_cast<double>(std::min<std::int64_t>(m.maxContext, 1 << 20));
        s.workload.tp = 1;
        fuzz::evaluateQuietly(s);
        VllmSetup setup;
        setup.kvMemoryBytes = 40e9;
        setup.context = s.workload.context;
        (void)predictVllm(m, setup);
    } catch (const InputError&) {
    }
    return 0;
}
