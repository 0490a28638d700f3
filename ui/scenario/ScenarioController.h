#pragma once
// ScenarioController: the GUI's one piece of state. It holds the scenario as the user
// states it (a ScenarioSpec: card ids + overrides), resolves and evaluates it through the
// core, and tells the views. Edits go through a QUndoStack; consecutive edits of the same
// knob (a slider drag) merge into one undo step. Evaluation is batched by a zero-delay
// single-shot timer, so while a slider is dragged only the newest value is computed
// ("latest wins", never a queued backlog).

#include "core/analysis/Sweep.h"
#include "core/catalog/CardCatalog.h"
#include "core/catalog/ScenarioSpec.h"
#include "core/io/InputError.h"
#include "core/model/Evaluation.h"

#include <QObject>
#include <QString>
#include <QTimer>

#include <optional>

class QUndoStack;

namespace kvtiers::ui {

class ScenarioController : public QObject {
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

    const ScenarioSpec& spec() const { return m_spec; }
    /// The last scenario that resolved and evaluated (valid once hasResult()).
    bool hasResult() const { return m_hasResult; }
    const Scenario& scenario() const { return m_scenario; }
    const EvalResult& result() const { return m_result; }
    const SweepResult& sweepResult() const { return m_sweep; }
    /// The workload card the scenario came from ("" if none).
    const std::string& workloadId() const { return m_workloadId; }
    /// The core's message when the current spec is invalid; empty when it evaluates.
    const QString& errorMessage() const { return m_error; }
    /// Evaluations done so far (each one resolve + evaluate, and a sweep unless reused).
    int evaluationCount() const { return m_evaluations; }
    /// Sweeps computed so far: an evaluation reuses the last sweep when only the swept
    /// knob changed (a slider step along the sweep's axis), since every point sets it anew.
    int sweepCount() const { return m_sweeps; }

    SweepAxis sweepAxis() const { return m_sweepAxis; }
    void setSweepAxis(SweepAxis axis);
    /// The sweep holds λ at the scenario's (holdRequestRate) instead of deriving it per point.
    void setSweepHoldsRate(bool hold);
    /// The sweep covers the core's defaultSweepRange() in this many points.
    static constexpr int kSweepPoints = kvtiers::kSweepPoints;

    QUndoStack* undoStack() const { return m_undoStack; }

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
    /// Replaces the spec as one undo step.
    void editSpec(const ScenarioSpec& spec, const QString& undoText, const std::string& mergeKey = {});

    /// Replaces the spec without an undo step (startup, and the undo commands themselves).
    void applySpec(const ScenarioSpec& spec);
    /// Evaluates now if an evaluation is pending (tests, shutdown).
    void flush();
    /// Evaluates the current spec again (on the next event-loop turn, no undo step) and so
    /// re-emits resultChanged() or errorChanged(): for views whose formatting changed, e.g.
    /// the display units (View > Units). The spec, undo history and sweep axis are kept.
    void refresh();
    /// Words the current error message again from the error kept (its sizes in the display
    /// units now in force), emitting errorChanged() if the words changed. No evaluation.
    void rewordError();

    static ScenarioSpec articleSpec();
    /// An override key's name in the UI language, as its control labels it ("reuse rate"
    /// for reuse_rate): the undo texts' words. An unknown key is returned as it is.
    static QString overrideName(const std::string& key);
    /// A card's display name ("Llama 3.1 8B") for an id or card file; empty if there is no
    /// such card or the file cannot be read.
    QString cardName(CardKind kind, const std::string& idOrFile) const;

signals:
    /// The spec changed (immediately; evaluation follows on the next event-loop turn).
    void specChanged();
    /// A new result (and sweep) is available.
    void resultChanged();
    /// The error message changed; empty when the scenario evaluates again.
    void errorChanged(const QString& message);
    /// Emitted after every evaluation attempt, successful or not.
    void evaluated();

private:
    /// What a sweep depends on besides its axis's own value. Equal keys give equal sweeps:
    /// every point sets the swept knob, and the cards are the catalog's (a card file could
    /// change on disk, so a scenario naming one has no key and is swept every time).
    struct SweepKey {
        ScenarioSpec spec;       ///< without the swept knob's override
        WorkloadParams workload; ///< the sweep's base, with the swept knob zeroed
        SweepAxis axis = SweepAxis::Context;
        int catalogGeneration = 0;
        bool operator==(const SweepKey&) const = default;
    };
    std::optional<SweepKey> sweepKey(const Scenario& base) const;
    void evaluateNow();
    /// cardName(), or the id itself when that is empty (undo texts).
    QString cardNameOrId(CardKind kind, const std::string& idOrFile) const;

    std::vector<InputError> m_catalogProblems;
    CardCatalog m_catalog;
    ScenarioSpec m_spec;
    Scenario m_scenario;
    EvalResult m_result;
    SweepResult m_sweep;
    std::string m_workloadId;
    bool m_hasResult = false;
    QString m_error;
    std::optional<InputError> m_inputError; ///< behind m_error, for rewordError()
    int m_evaluations = 0;
    int m_sweeps = 0;
    int m_catalogGeneration = 0;        ///< bumped when a card is added: resolved cards may differ
    std::optional<SweepKey> m_sweepKey; ///< m_sweep's, when it may be reused
    SweepAxis m_sweepAxis = SweepAxis::Context;
    bool m_sweepHoldsRate = false;
    QTimer m_timer;
    QUndoStack* m_undoStack = nullptr;
};

} // namespace kvtiers::ui
