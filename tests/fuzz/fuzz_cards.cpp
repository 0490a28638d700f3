// Fuzzes the card parsers (model, hardware, workload: strict JSON, then the fields), and
// evaluates what parses against built-in cards, so odd but valid cards reach the model.
#include "tests/fuzz/FuzzSupport.h"

using namespace kvtiers;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const auto input = fuzz::text(data, size);
    const CardCatalog& cat = CardCatalog::builtin();
    try {
        const ModelCard m = loadModelCard(input, "fuzz.json");
        (void)parseModelCard(m.toJson(), "roundtrip"); // what we write we can read
        Scenario s;
        s.model = m;
        s.hardware = cat.hardware().at("h200-sxm");
        s.workload.context = static_cast<double>(std::min<std::int64_t>(m.maxContext, 1 << 20));
        s.workload.tp = 1;
        fuzz::evaluateQuietly(s);
    } catch (const InputError&) {
    }
    try {
        const HardwareCard h = loadHardwareCard(input, "fuzz.json");
        (void)parseHardwareCard(h.toJson(), "roundtrip");
        Scenario s;
        s.model = cat.models().at("llama-3.1-8b");
        s.hardware = h;
        s.workload.tp = 1;
        fuzz::evaluateQuietly(s);
    } catch (const InputError&) {
    }
    try {
        const WorkloadCard w = loadWorkloadCard(input, "fuzz.json");
        Scenario s;
        s.model = cat.models().at("llama-3.1-8b");
        s.hardware = cat.hardware().at("h200-sxm");
        s.workload = w.params;
        fuzz::evaluateQuietly(s);
    } catch (const InputError&) {
    }
    return 0;
}
