#pragma once
// ControlsPanel: everything a user turns. Searchable pickers for the workload, model and
// hardware cards; then one control per knob that has a GUI hint in the knob table
// (core/scenario/Knobs.h), in the Workload box or the collapsible "Advanced" section,
// in the table's rows. The entry gives the control its kind, range, form label, tooltip
// and widget names (a stem and the kind: contextSlider and contextEdit, tpSpin,
// dramPerServerEdit, allocationCombo, inclusiveCheck); the undo text names the knob's
// label. The panel adds only what a few controls have of their own: the KV format's
// custom bits, the weights' checkpoint item, the restore paths and the derived request
// rate. Each control edits one override key of the ScenarioController's spec and shows
// the resolved scenario's value, so a workload card's values appear in the controls, as
// they are even beyond a slider's range (SliderField).

#include "core/catalog/CardCatalog.h"
#include "core/scenario/Knobs.h"
#include "ui/common/Retranslator.h"

#include <QWidget>

#include <functional>
#include <string>
#include <vector>

class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLineEdit;
class QToolButton;

namespace kvtiers::ui {

class ScenarioController;
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
    /// The controls of the knobs in `section`, one form row each, in the table's rows.
    void addKnobRows(QFormLayout* form, KnobSection section);
    /// The knob's control (the row's field), by its kind or its own builder below.
    QWidget* buildControl(const Knob& knob, QWidget* parent);
    QWidget* buildSlider(const Knob& knob, QWidget* parent);
    QWidget* buildWholeSpin(const Knob& knob, QWidget* parent);
    QWidget* buildPercentSpin(const Knob& knob, QWidget* parent);
    QWidget* buildNumberSpin(const Knob& knob, QWidget* parent);
    /// A Field's spin box over the knob's range, shown from the scenario; not connected.
    QDoubleSpinBox* makeNumberSpin(const Knob& knob, QWidget* parent);
    QWidget* buildBytesEdit(const Knob& knob, QWidget* parent);
    QWidget* buildChoice(const Knob& knob, QWidget* parent);
    QWidget* buildToggle(const Knob& knob, QWidget* parent);
    QWidget* buildKvFormat(const Knob& knob, QWidget* parent);
    QWidget* buildWeights(const Knob& knob, QWidget* parent);
    /// Attention's or the activations' format: 16, 8 or 4 bits (and the value in effect).
    QWidget* buildPrecision(const Knob& knob, QWidget* parent);
    QWidget* buildRestorePath(const Knob& knob, QWidget* parent);
    /// A bits picker's items worded from their data ("16-bit", "8-bit (checkpoint)"), in the
    /// UI language: once built, and again at each language change.
    static void wordBits(QComboBox* combo);
    static constexpr int kCheckpointRole = Qt::UserRole + 1; ///< bool: the checkpoint's own format
    QWidget* buildRequestRate(const Knob& knob, QWidget* parent);
    /// The knob's tooltip on `widget`, worded again at each language change.
    void setTip(QWidget* widget, const Knob& knob);
    /// Shows the knob's value in effect in a spin box (times `scale`; its minimum when the
    /// scenario leaves the knob unset), unless the user is typing in it.
    template <typename Spin> void showInSpin(Spin* spin, const Knob& knob, double scale = 1);
    void refreshPickers();
    /// Selects the card `ref` (an id or a card file) in a picker, adding an item for a card
    /// file that is not listed yet; a ref that names no readable card leaves it blank.
    void showCard(QComboBox* combo, CardKind kind, const std::string& ref);
    void refreshFromScenario();
    void showKvFormat(const Scenario& scenario);
    void applyKvChoice();
    /// Sets a size typed in `edit`; false (the field marked, the message sent) if it does not read.
    /// Takes a size (or a rate) typed into `edit` as knob `k`'s override; false if refused.
    bool setByteOverride(QLineEdit* edit, const Knob& k);
    /// Reports a typed entry: `rejected` (not empty) marks `field` and goes to the status
    /// bar; an accepted one clears the field's mark and a status message about bad input.
    void reportInput(QWidget* field, const QString& rejected, const QString& taken = {});

    ScenarioController* m_controller;
    DisplayOptions* m_display = nullptr;
    QComboBox* m_workloadCombo = nullptr;
    QComboBox* m_modelCombo = nullptr;
    QComboBox* m_hardwareCombo = nullptr;
    QComboBox* m_kvDtypeCombo = nullptr;
    QDoubleSpinBox* m_kvBitsSpin = nullptr;
    QToolButton* m_advancedToggle = nullptr;
    QWidget* m_advancedPanel = nullptr;
    /// Each knob control's way of showing the scenario, in the order they were built.
    std::vector<std::function<void(const Scenario&)>> m_shows;
    Retranslator m_texts;           ///< the panel's tr() texts (labels, tooltips, items)
    bool m_inputErrorShown = false; ///< the last message sent was about bad input
};

} // namespace kvtiers::ui
