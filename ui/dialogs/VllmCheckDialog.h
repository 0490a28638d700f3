#pragma once
// VllmCheckDialog: kvtiers' prediction of vLLM's KV cache next to vLLM's own figures.
// The user pastes a vLLM startup log and confirms the setup (model, KV format,
// TP, block size, context, and where KV memory comes from: the log's "Available KV cache
// memory" line, or gpu_memory_utilization × HBM − weights), prefilled from the current
// scenario. Compare fills in what a newly pasted log states (model, TP, block size, KV
// dtype, max_model_len: vllmSetupFromLog) and says which values came from the log, which
// replaced the scenario's and which the user set against the log (vllmSetupNotes). The dialog shows both "GPU KV cache
// size" and "Maximum concurrency" figures, their difference, the line vLLM itself would print for the setup (its
// chunked-prefill budget for sliding windows, at the max_num_batched_tokens given) beside kvtiers' steady state with
// the core's sentence on why they differ, and the core's explanation and notes (compareWithVllm, core/VllmCheck.h), all
// translated from the core's messages.

#include "core/catalog/CardCatalog.h"
#include "core/io/Units.h"
#include "core/model/VllmCheck.h"
#include "core/model/VllmComparison.h"
#include "core/model/VllmLogSetup.h"
#include "core/scenario/Scenario.h"

#include <QDialog>

#include <map>
#include <optional>
#include <string>
#include <vector>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QRadioButton;
class QSpinBox;

namespace kvtiers::ui {

class VllmCheckDialog : public QDialog {
    Q_OBJECT
public:
    /// `catalog` must outlive the dialog.
    explicit VllmCheckDialog(const CardCatalog& catalog, QWidget* parent = nullptr);

    /// Prefills model, KV format, TP, block size, context, utilisation and hardware.
    void setScenario(const Scenario& scenario);
    /// Adds a model (e.g. one just imported from a config.json) and selects it.
    void addModel(const ModelCard& model);
    void setLogText(const QString& text);
    /// The units memory figures are shown in (View > Units); binary, as vLLM logs GiB, by default.
    void setUnits(ByteUnits units) { m_units = units; }

    /// Runs the comparison on the pasted log. False (and a message) on bad input.
    bool compare();
    const std::optional<VllmComparison>& comparison() const { return m_comparison; }
    /// What the last comparison took from the log and where its setup differs from it.
    const std::vector<VllmSetupNote>& setupNotes() const { return m_setupNotes; }
    QString errorMessage() const { return m_error; }

private:
    // The constructor's parts: the setup form, the log, the figures side by side.
    QGroupBox* buildSetup();
    void addMemoryRows(QFormLayout* form, QGroupBox* setupBox);
    QGroupBox* buildLog();
    QGroupBox* buildResults();
    void showComparison();
    void showError(const QString& message);
    void updateMemoryControls();
    /// The setup the form shows (TP, block size, KV format, context, model).
    VllmSetupValues formValues() const;
    /// Puts what a log states into the form, once per pasted log.
    void fillFromLog(const VllmLog& log);
    void showSetupNotes();

    const CardCatalog& m_catalog;
    std::map<std::string, ModelCard> m_models;
    std::map<std::string, HardwareCard> m_hardware;

    QComboBox* m_modelCombo = nullptr;
    QLineEdit* m_kvEdit = nullptr;
    QSpinBox* m_tpSpin = nullptr;
    QSpinBox* m_blockSpin = nullptr;
    QLineEdit* m_contextEdit = nullptr;
    QRadioButton* m_memoryFromLog = nullptr;
    QRadioButton* m_memoryFromHardware = nullptr;
    QComboBox* m_hardwareCombo = nullptr;
    QDoubleSpinBox* m_utilSpin = nullptr;
    QSpinBox* m_batchedSpin = nullptr;
    QCheckBox* m_asyncCheck = nullptr;
    QPlainTextEdit* m_logEdit = nullptr;
    QPushButton* m_compareButton = nullptr;
    QLabel* m_errorLabel = nullptr;
    QLabel* m_kvtiersTokens = nullptr;
    QLabel* m_vllmTokens = nullptr;
    QLabel* m_tokensDiff = nullptr;
    QLabel* m_kvtiersConcurrency = nullptr;
    QLabel* m_vllmConcurrency = nullptr;
    QLabel* m_concurrencyDiff = nullptr;
    QLabel* m_kvtiersMemory = nullptr;
    QLabel* m_vllmMemory = nullptr;
    QLabel* m_memoryDiff = nullptr;
    QLabel* m_vllmPredicted = nullptr;
    QLabel* m_kvtiersSteady = nullptr;
    QLabel* m_budgetWhy = nullptr;
    QLabel* m_explanation = nullptr;
    QLabel* m_setupLabel = nullptr;

    std::optional<VllmComparison> m_comparison;
    std::vector<VllmSetupNote> m_setupNotes;
    VllmSetupValues m_scenarioValues; ///< what setScenario gave; empty without a scenario
    QString m_filledFrom;             ///< the log text the form was last filled from
    QString m_error;
    ByteUnits m_units = ByteUnits::Binary;
};

} // namespace kvtiers::ui
