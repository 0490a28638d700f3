#include "Derivation.h"

#include "Json.h"
#include "Units.h"

namespace kvtiers {

std::string kvPerTokenDerivation(const ModelCard& model, const KvFormat& format)
{
    const double e = format.bytesPerElement();
    const std::string eText = formatSignificant(e, 6) + " B";
    std::string terms;
    std::string stateTerms;
    double total = 0;
    int tokenGroups = 0;
    for (const auto& g : model.groups) {
        std::string term;
        const std::string L = std::to_string(g.layers);
        switch (g.kind) {
        case LayerKind::Full:
        case LayerKind::Sliding:
            if (g.kHeadDim == g.vHeadDim)
                term = "2 × " + L + " × " + std::to_string(g.numKvHeads) + " × " + std::to_string(g.kHeadDim) + " × " + eText;
            else
                term = L + " × " + std::to_string(g.numKvHeads) + " × (" + std::to_string(g.kHeadDim) + " + "
                    + std::to_string(g.vHeadDim) + ") × " + eText;
            if (g.kind == LayerKind::Sliding)
                term += " (first " + formatTokens(static_cast<double>(g.window)) + " tokens)";
            break;
        case LayerKind::Mla:
            term = L + " × (" + std::to_string(g.kvLoraRank) + " + " + std::to_string(g.qkRopeHeadDim) + ") × " + eText;
            break;
        case LayerKind::State:
            stateTerms += " + " + L + " × " + formatBytes(g.stateBytes) + " per sequence";
            continue;
        }
        total += static_cast<double>(g.layers) * g.elementsPerToken() * e;
        terms += (terms.empty() ? "" : " + ") + term;
        ++tokenGroups;
    }
    std::string out = terms + " = " + formatCount(total) + " B";
    if (total >= 1024)
        out += " = " + formatBytes(total);
    out += " per token";
    return out + stateTerms;
}

} // namespace kvtiers
