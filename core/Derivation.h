#pragma once
// Derivation: the KV-per-token formula with a scenario's numbers substituted
// ("2 × 80 × 8 × 128 × 2 B = 327,680 B = 320 KiB per token"), so the arithmetic behind
// every headline figure is shown, never hidden. Used by the CLI summary and the GUI.

#include "KvFormat.h"
#include "ModelCard.h"

#include <string>

namespace kvtiers {

/// The per-token formula, one term per layer group, with the total. Multiplication is
/// written "×" (UTF-8). State layers add "+ L × S B per sequence".
std::string kvPerTokenDerivation(const ModelCard& model, const KvFormat& format);

} // namespace kvtiers
