#include "core/model/Derivation.h"

#include "core/io/Json.h"
#include "core/io/Units.h"

namespace kvtiers {

KvDerivation deriveKvPerToken(const ModelCard& model, const KvFormat& format)
{
    const double e = format.bytesPerElement();
    const std::string eText = formatSignificant(e, 6) + " B";
    KvDerivation out;
    for (const auto& g : model.groups) {
        KvDerivationTerm term;
        term.kind = g.kind;
        term.layers = g.layers;
        const std::string L = std::to_string(g.layers);
        switch (g.kind) {
        case LayerKind::Full:
        case LayerKind::Sliding:
        case LayerKind::Chunked:
            if (g.kHeadDim == g.vHeadDim)
                term.arithmetic = "2 × " + L + " × " + std::to_string(g.numKvHeads) + " × " + std::to_string(g.kHeadDim)
                    + " × " + eText;
            else
                term.arithmetic = L + " × " + std::to_string(g.numKvHeads) + " × (" + std::to_string(g.kHeadDim) + " + "
                    + std::to_string(g.vHeadDim) + ") × " + eText;
            if (g.heldTokenLimit() > 0)
                term.window = static_cast<double>(g.heldTokenLimit());
            break;
        case LayerKind::Mla:
            term.arithmetic
                = L + " × (" + std::to_string(g.kvLoraRank) + " + " + std::to_string(g.qkRopeHeadDim) + ") × " + eText;
            break;
        case LayerKind::State:
            out.stateTerms.push_back({ g.layers, g.stateBytes });
            continue;
        }
        term.bytesPerToken = static_cast<double>(g.layers) * g.elementsPerToken() * e;
        out.bytesPerToken += term.bytesPerToken;
        out.terms.push_back(std::move(term));
    }
    return out;
}

std::string kvPerTokenDerivation(const KvDerivation& d)
{
    std::string out;
    for (const auto& t : d.terms) {
        out += (out.empty() ? "" : " + ") + t.arithmetic;
        if (t.kind == LayerKind::Sliding)
            out += " (first " + formatTokens(t.window) + " tokens)";
        else if (t.kind == LayerKind::Chunked)
            out += " (chunks of " + formatTokens(t.window) + " tokens)";
    }
    out += " = " + formatCount(d.bytesPerToken) + " B";
    if (d.bytesPerToken >= 1024)
        out += " = " + formatBytes(d.bytesPerToken);
    out += " per token";
    for (const auto& s : d.stateTerms)
        out += " + " + std::to_string(s.layers) + " × " + formatBytes(s.bytesPerLayer) + " per sequence";
    return out;
}

std::string kvPerTokenDerivation(const ModelCard& model, const KvFormat& format)
{
    return kvPerTokenDerivation(deriveKvPerToken(model, format));
}

} // namespace kvtiers
