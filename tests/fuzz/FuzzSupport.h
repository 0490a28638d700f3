#pragma once
// Shared by the fuzz targets: what a target may throw (InputError: the input was refused,
// which is the right answer to garbage) and a scenario check for cards that did parse.
// Anything else (another exception, a crash, an ASan/UBSan report) is a finding.

#include "core/catalog/CardCatalog.h"
#include "core/io/InputError.h"
#include "core/model/Evaluation.h"
#include "core/report/ResultJson.h"

#include <cmath>
#include <cstdlib>
#include <string_view>

namespace kvtiers::fuzz {

inline std::string_view text(const uint8_t* data, size_t size)
{
    return { reinterpret_cast<const char*>(data), size };
}

/// A figure that is neither finite nor null in the JSON output is a finding.
inline void checkFinite(const Json& j)
{
    if (j.is_number_float() && !std::isfinite(j.get<double>()))
        std::abort();
    if (j.is_structured())
        for (const auto& v : j)
            checkFinite(v);
}

/// Evaluates a scenario; an InputError (an invalid combination) is fine.
inline void evaluateQuietly(const Scenario& s)
{
    try {
        const EvalResult r = evaluate(s);
        checkFinite(resultToJson(s, r));
    } catch (const InputError&) {
    }
}

} // namespace kvtiers::fuzz
