#pragma once
// ScenarioController: the Scenario tab's document (ui/common/Document.h), whose scenario the
// other tabs follow. Its input is the scenario as the user states it (a ScenarioSpec: card
// ids + overrides); an evaluation resolves it against the catalog, evaluates it and sweeps
// it. Consecutive edits of the same knob (a slider drag) merge into one undo step, and only
// the newest value is computed ("latest wins", never a queued backlog).

#include "core/analysis/Sweep.h"
#include "core/catalog/CardCatalog.h"
#include "core/catalog/ScenarioSpec.h"
#include "core/io/InputError.h"
#include "core/model/Evaluation.h"
#include "ui/common/Document.h"

#include <QString>

#include <optional>

namespace kvtiers::ui {

/// What one evaluation of a scenario gives the views.
struct ScenarioOutcome {
    Scenario scenario;
    EvalResult result;
    SweepResult sweep;
    std::string workloadId; ///< the workload card the scenario came from ("" if none)
    /// What the sweep depends on besides its axis's own value. Equal keys give equal sweeps:
    /// every point sets the swept knob, and the cards are the catalog's (a card file could
    /// change on disk, so a scenario naming one has no key and is swept every time).
    struct SweepKey {
        ScenarioSpec spec;       ///< without the swept knob's override
        WorkloadParams workload; ///< the sweep's base, with the swept knob zeroed
        SweepAxis axis = SweepAxis::Context;
        int catalogGeneration = 0;
        bool operator==(const SweepKey&) const = default;
    };
    std::optional<SweepKey> sweepKey; ///< the sweep's, when it may be reused
};

class ScenarioController : public Document<ScenarioSpec, ScenarioOutcome> {
    Q_OBJECT
public:
    explicit ScenarioController(QObject* parent = nullptr);

    /// The built-in cards, those installed beside the binary and the user's own
    /// (CardCatalog::withInstalledAndUserCards), read once at construction.
    const CardCatalog& catalog() const;
    /// Card files skipped at start-up, each error naming its file.
    const std::vector<InputError>& catalogProblems() const { return m_catalogProblems; }
    /// Adds a card saved to the user's card folder (an imported model), or replaces the
    /// one with its id, so pickers list it from now on. Throws InputError if unreadable.
    void addUserCard(CardKind kind, const std::string& text, const std::string& origin);

    /// The scenario as the user states it (card ids + overrides): the document's input.
    const ScenarioSpec& spec() const { return input(); }
    /// The last scenario that resolved and evaluated (valid once hasResult()).
    const Scenario& scenario() const { return Document::result().scenario; }
    const EvalResult& result() const { return Document::result().result; }
    const SweepResult& sweepResult() const { return Document::result().sweep; }
    /// The workload card the scenario came from ("" if none).
    const std::string& workloadId() const;
    /// Sweeps computed so far: an evaluation reuses the last sweep when only the swept
    /// knob changed (a slider step along the sweep's axis), since every point sets it anew.
    int sweepCount() const { return m_sweeps; }

    SweepAxis sweepAxis() const { return m_sweepAxis; }
    void setSweepAxis(SweepAxis axis);
    /// The sweep holds λ at the scenario's (holdRequestRate) instead of deriving it per point.
    void setSweepHoldsRate(bool hold);
    /// The sweep covers the core's defaultSweepRange() in this many points.
    static constexpr int kSweepPoints = kvtiers::kSweepPoints;

    // Edits (each pushes an undo step).
    /// Sets one override key (a key of overrideKeys()); `removeKeys` are dropped first
    /// (e.g. kv_bits when kv_dtype is set: the core accepts only one of them).
    void setOverride(const std::string& key, const Json& value, const std::vector<std::string>& removeKeys = {});
    /// Loads a workload card: its model, hardware and knobs; clears overrides.
    void selectWorkload(const std::string& id);
    void selectModel(const std::string& id);
    void selectHardware(const std::string& id);
    /// The article's scenario (workload "article").
    void resetToArticle();

    static ScenarioSpec articleSpec();
    /// An override key's name in the UI language, as its control labels it ("reuse rate"
    /// for reuse_rate): the undo texts' words. An unknown key is returned as it is.
    static QString overrideName(const std::string& key);
    /// A card's display name ("Llama 3.1 8B") for an id or card file; empty if there is no
    /// such card or the file cannot be read.
    QString cardName(CardKind kind, const std::string& idOrFile) const;

protected:
    ScenarioOutcome compute(const ScenarioSpec& spec, const ComputeControl& control) override;

private:
    std::optional<ScenarioOutcome::SweepKey> sweepKey(const ScenarioSpec& spec, const Scenario& base) const;
    /// cardName(), or the id itself when that is empty (undo texts).
    QString cardNameOrId(CardKind kind, const std::string& idOrFile) const;

    std::vector<InputError> m_catalogProblems;
    CardCatalog m_catalog;
    int m_sweeps = 0;
    int m_catalogGeneration = 0; ///< bumped when a card is added: resolved cards may differ
    SweepAxis m_sweepAxis = SweepAxis::Context;
    bool m_sweepHoldsRate = false;
};

} // namespace kvtiers::ui
