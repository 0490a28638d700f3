#pragma once
// Source: where a card's figures come from. Every card carries at least one.

#include "core/io/Json.h"

#include <string>
#include <vector>

namespace kvtiers {

struct Source {
    std::string title;
    std::string url;
    std::string note;
    std::string publisher = {}; ///< who published it (optional): "Google, via Business Insider"
    std::string date = {};      ///< when, as the source dates itself (optional): "2026-05", "2025-10"
};

/// Reads the card's "sources" array (at least one entry with title and url).
std::vector<Source> readSources(const JsonObject& card);
Json sourcesToJson(const std::vector<Source>& sources);

} // namespace kvtiers
