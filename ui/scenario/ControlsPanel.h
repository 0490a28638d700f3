#pragma once
// ControlsPanel: everything a user turns. Searchable pickers for the workload, model and
// hardware cards; sliders with typed fields for context, concurrency and reuse; the KV
// format; and a collapsible "Advanced" section with the remaining workload and hardware
// knobs. Each control edits one override key of the ScenarioController's spec and shows
// the resolved scenario's value, so a workload card's values appear in the controls.

#include "core/catalog/CardCatalog.h"
#include "ui/common/Retranslator.h"

#include <QWidget>

#include <string>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QSpinBox;
class QToolButton;

namespace kvtiers::ui {

class ScenarioController;
class SliderField;

class DisplayOptions;

class ControlsPanel : public QWidget {
    Q_OBJECT
public:
    explicit ControlsPanel(ScenarioController* controller, QWidget* parent = nullptr);

    bool advancedExpanded() const;
    /// Wide enough for the advanced section even while it is collapsed, so expanding it
    /// never clips the panel.
    QSize minimumSizeHint() const override;
    void setAdvancedExpanded(bool expanded);
    /// The units the DRAM and NVMe size fields show (followed as they change, from the
    /// scenario already evaluated); until set, a private default (binary).
    void setDisplayOptions(DisplayOptions* options);

signals:
    /// A typed value was refused; the message says why (for the status bar).
    void inputRejected(const QString& message);
    /// A typed value was accepted; the message says what it was taken as (status bar).
    void inputTaken(const QString& message);
    void advancedExpandedChanged(bool expanded);

protected:
    void changeEvent(QEvent* event) override;

private:
    /// Sets every label, tooltip and item text again in the current language.
    void retranslateUi();
    QWidget* buildPickers();
    QWidget* buildMainKnobs();
    QWidget* buildAdvanced();
    void refreshPickers();
    /// Selects the card `ref` (an id or a card file) in a picker, adding an item for a card
    /// file that is not listed yet; a ref that names no readable card leaves it blank.
    void showCard(QComboBox* combo, CardKind kind, const std::string& ref);
    void refreshFromScenario();
    void applyKvChoice();
    void setByteOverride(QLineEdit* edit, const std::string& key, const QString& what);

    ScenarioController* m_controller;
    DisplayOptions* m_display = nullptr;
    QComboBox* m_workloadCombo = nullptr;
    QComboBox* m_modelCombo = nullptr;
    QComboBox* m_hardwareCombo = nullptr;
    SliderField* m_context = nullptr;
    SliderField* m_concurrency = nullptr;
    SliderField* m_reuse = nullptr;
    QComboBox* m_kvDtypeCombo = nullptr;
    QDoubleSpinBox* m_kvBitsSpin = nullptr;
    QToolButton* m_advancedToggle = nullptr;
    QWidget* m_advancedPanel = nullptr;
    QSpinBox* m_tpSpin = nullptr;
    QSpinBox* m_blockSizeSpin = nullptr;
    QComboBox* m_weightBitsCombo = nullptr;
    QComboBox* m_allocationCombo = nullptr;
    QComboBox* m_restorePathCombo = nullptr;
    QDoubleSpinBox* m_sharingSpin = nullptr;
    QDoubleSpinBox* m_reuseDistanceSpin = nullptr;
    QDoubleSpinBox* m_requestRateSpin = nullptr;
    QDoubleSpinBox* m_offloadRateSpin = nullptr;
    QDoubleSpinBox* m_gpuUtilSpin = nullptr;
    QSpinBox* m_outputTokensSpin = nullptr;
    QSpinBox* m_gpusPerServerSpin = nullptr;
    QLineEdit* m_dramPerServerEdit = nullptr;
    QLineEdit* m_nvmePerServerEdit = nullptr;
    QCheckBox* m_inclusiveCheck = nullptr;
    QCheckBox* m_streamingCheck = nullptr;
    Retranslator m_texts; ///< the panel's tr() texts (labels, tooltips, items)
};

} // namespace kvtiers::ui
