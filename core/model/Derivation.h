#pragma once
// Derivation: the KV-per-token formula with a scenario's numbers substituted
// ("2 × 80 × 8 × 128 × 2 B = 327,680 B = 320 KiB per token"), so the arithmetic behind
// every headline figure is shown, never hidden. Used by the CLI summary and the GUI.
//
// deriveKvPerToken() gives the structured form (terms and totals, no words);
// kvPerTokenMessage() words it once, as translatable templates: the CLI prints its
// English (kvPerTokenDerivation), the GUI translates it.

#include "core/cards/KvFormat.h"
#include "core/cards/ModelCard.h"
#include "core/io/Message.h"

#include <cstdint>
#include <string>
#include <vector>

namespace kvtiers {

/// One attention layer group's term (full, sliding or MLA), bytes per token.
struct KvDerivationTerm {
    LayerKind kind = LayerKind::Full;
    std::int64_t layers = 0;
    /// The term's product, numbers and symbols only ("2 × 80 × 8 × 128 × 2 B",
    /// "61 × (512 + 64) × 2 B"); "×" is UTF-8.
    std::string arithmetic;
    double window = 0;        ///< sliding layers: the tokens the window keeps ("first N tokens")
    double bytesPerToken = 0; ///< layers × elements per token × bytes per element
};

/// One state layer group (Mamba, linear attention): a fixed size per sequence.
struct KvStateTerm {
    std::int64_t layers = 0;
    double bytesPerLayer = 0; ///< state bytes per sequence per layer
};

/// The per-token formula of a model in a KV format (docs/model.md §2).
struct KvDerivation {
    std::vector<KvDerivationTerm> terms; ///< in layer-group order
    std::vector<KvStateTerm> stateTerms; ///< in layer-group order
    double bytesPerToken = 0;            ///< sum of the terms
};

KvDerivation deriveKvPerToken(const ModelCard& model, const KvFormat& format);

/// The formula in English, one term per layer group, with the total: "terms = N B
/// [= size] per token", then " + L × S per sequence" for each state layer group.
Message kvPerTokenMessage(const KvDerivation& derivation);
/// kvPerTokenMessage in English.
std::string kvPerTokenDerivation(const KvDerivation& derivation);
std::string kvPerTokenDerivation(const ModelCard& model, const KvFormat& format);

} // namespace kvtiers
