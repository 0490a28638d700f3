#pragma once
// CardCatalog: the model, hardware and workload cards a user can pick by id: the
// built-in ones (compiled in from models/) plus any the user adds. Resolves
// "ID or FILE" arguments and turns a workload card into a whole Scenario.

#include "core/cards/HardwareCard.h"
#include "core/cards/ModelCard.h"
#include "core/cards/OutlookCard.h"
#include "core/cards/RestorePath.h"
#include "core/cards/SystemCard.h"
#include "core/io/InputError.h"
#include "core/scenario/Scenario.h"
#include "core/scenario/Workload.h"

#include <map>
#include <string>
#include <vector>

namespace kvtiers {

enum class CardKind { Model, Hardware, Workload, Outlook, System };

class CardCatalog {
public:
    /// The cards compiled into the binary from models/.
    static const CardCatalog& builtin();

    /// Adds a card from JSON text; `origin` names it in messages. Throws InputError; a
    /// card whose id is already present replaces it (user cards override built-ins).
    void addCard(CardKind kind, std::string_view text, const std::string& origin);

    /// Adds the cards of a folder laid out as models/ is: *.json in its models/, hardware/
    /// workloads/, outlooks/ and systems/ subfolders; *.json directly in it are model cards (the GUI saves
    /// imported config.json models there). A missing folder adds nothing; a card that
    /// cannot be read is skipped and its error, naming the file, kept in `problems`.
    void addFolder(const std::string& folder, std::vector<InputError>& problems);

    /// The cards a user sees: the built-in ones, then those installed beside the binary
    /// (<prefix>/share/kvtiers/models, for cards a packager or admin adds or corrects),
    /// then the user's own (userCardDirectory()), each overriding the one before by id.
    static CardCatalog withInstalledAndUserCards(std::vector<InputError>& problems);
    /// `<prefix>/share/kvtiers/models` for the running binary in `<prefix>/bin`.
    static std::string installedCardDirectory();
    /// The user's cards: $KVTIERS_DATA_DIR/cards, else ~/.local/share/kvtiers/cards.
    static std::string userCardDirectory();

    const std::map<std::string, ModelCard>& models() const { return m_models; }
    const std::map<std::string, HardwareCard>& hardware() const { return m_hardware; }
    const std::map<std::string, WorkloadCard>& workloads() const { return m_workloads; }
    /// Restore paths (models/restore-paths/): how an engine moves KV back into HBM.
    const std::map<std::string, RestorePath>& restorePaths() const { return m_restorePaths; }
    /// Outlooks (models/outlooks/): years of traffic, sized by computeOutlook (Outlook.h).
    const std::map<std::string, OutlookCard>& outlooks() const { return m_outlooks; }
    /// Systems (models/systems/): shipped SKUs and what they provision per GPU, which an
    /// outlook's hardware profiles name (SystemCard.h).
    const std::map<std::string, SystemCard>& systems() const { return m_systems; }

    /// By id, or by path to a JSON file if the argument names an existing file or ends
    /// in ".json". Throws InputError listing the known ids.
    ModelCard resolveModel(const std::string& idOrFile) const;
    HardwareCard resolveHardware(const std::string& idOrFile) const;
    WorkloadCard resolveWorkload(const std::string& idOrFile) const;
    RestorePath resolveRestorePath(const std::string& idOrFile) const;
    OutlookCard resolveOutlook(const std::string& idOrFile) const;

    /// Default hardware when none is given: one 8-GPU H200 SXM server at TP 8.
    static constexpr const char* kDefaultHardware = "h200-sxm";

private:
    std::map<std::string, ModelCard> m_models;
    std::map<std::string, HardwareCard> m_hardware;
    std::map<std::string, WorkloadCard> m_workloads;
    std::map<std::string, RestorePath> m_restorePaths;
    std::map<std::string, OutlookCard> m_outlooks;
    std::map<std::string, SystemCard> m_systems;
};

/// Parses a card of a given kind from text (strict JSON).
ModelCard loadModelCard(std::string_view text, const std::string& origin);
HardwareCard loadHardwareCard(std::string_view text, const std::string& origin);
WorkloadCard loadWorkloadCard(std::string_view text, const std::string& origin);

/// A catalog map's ids, comma-separated, for a message's "(known: ...)".
template <typename Map> std::string knownIds(const Map& map)
{
    std::string known;
    for (const auto& [k, v] : map)
        known += (known.empty() ? "" : ", ") + k;
    return known;
}

} // namespace kvtiers
