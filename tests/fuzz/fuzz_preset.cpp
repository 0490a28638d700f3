// Fuzzes preset files: strict JSON, the preset schema, then resolving and evaluating the
// scenario it names (ids only: a preset naming a file path is not followed).
#include "core/catalog/PresetStore.h"
#include "tests/fuzz/FuzzSupport.h"

using namespace kvtiers;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    try {
        const Preset p = PresetStore::fromJson(parseStrictJson(fuzz::text(data, size), "fuzz.json"), "fuzz.json");
        (void)PresetStore::fromJson(PresetStore::toJson(p), "roundtrip");
        for (const std::string* id : { &p.spec.model, &p.spec.hardware, &p.spec.workload })
            if (id->find('/') != std::string::npos || id->ends_with(".json"))
                return 0; // would read a file named by the input
        const ResolvedScenario rs = resolveScenario(CardCatalog::builtin(), p.spec);
        fuzz::evaluateQuietly(rs.scenario);
    } catch (const InputError&) {
    }
    return 0;
}
