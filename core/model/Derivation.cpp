#include "core/model/Derivation.h"

#include "core/io/Json.h"
#include "core/io/Units.h"

#include <QtGlobal>

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

namespace {
constexpr MessageContext say { "Messages" };
} // namespace

Message kvPerTokenMessage(const KvDerivation& d)
{
    std::vector<Message> terms;
    for (const auto& t : d.terms) {
        if (t.kind == LayerKind::Sliding)
            terms.push_back(
                say(QT_TRANSLATE_NOOP("Messages", "%1 (first %2 tokens)"), { t.arithmetic, formatTokens(t.window) }));
        else if (t.kind == LayerKind::Chunked)
            terms.push_back(say(
                QT_TRANSLATE_NOOP("Messages", "%1 (chunks of %2 tokens)"), { t.arithmetic, formatTokens(t.window) }));
        else
            terms.push_back(verbatim(t.arithmetic));
    }
    // The arithmetic and its totals are figures and symbols: no words to translate.
    MessageArg sum(std::move(terms), " + ");
    const Message total = d.bytesPerToken >= 1024
        ? Message { nullptr, "%1 = %2 B = %3", { sum, formatCount(d.bytesPerToken), formatBytes(d.bytesPerToken) } }
        : Message { nullptr, "%1 = %2 B", { sum, formatCount(d.bytesPerToken) } };
    Message out = say(QT_TRANSLATE_NOOP("Messages", "%1 per token"), { MessageArg({ total }, "") });
    for (const auto& s : d.stateTerms)
        out = say(QT_TRANSLATE_NOOP("Messages", "%1 + %2 × %3 per sequence"),
            { MessageArg({ out }, ""), std::to_string(s.layers), formatBytes(s.bytesPerLayer) });
    return out;
}

std::string kvPerTokenDerivation(const KvDerivation& d)
{
    return kvPerTokenMessage(d).english();
}

std::string kvPerTokenDerivation(const ModelCard& model, const KvFormat& format)
{
    return kvPerTokenDerivation(deriveKvPerToken(model, format));
}

} // namespace kvtiers
