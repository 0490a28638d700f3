#pragma once
// SensitivityView: the Sensitivity tab, a view of its document (SensitivityDocument):
// what moves memory demand most, for one scenario or for the fleet of the Fleet tab. A
// tornado of each variable's effect on one tier's demand over a range the user sets
// (default ±50%; the KV format moves one step): per server for a scenario; fleet-wide, or
// in GPUs, for a fleet, with the mix re-sized at each end (ends it cannot be sized for are
// named). Beside it a curve of all three tiers as one chosen variable sweeps with the rest
// held, the current value marked. Each control shows the document's input and sets it;
// both charts export through the document as PNG, SVG, PDF or CSV.

#include "core/analysis/Fleet.h"
#include "core/analysis/Sensitivity.h"
#include "core/catalog/CardCatalog.h"
#include "core/scenario/Scenario.h"
#include "ui/common/Retranslator.h"
#include "ui/export/ChartExporter.h"
#include "ui/sensitivity/SensitivityDocument.h"

#include <QWidget>

#include <vector>

class QComboBox;
class QLabel;
class QPushButton;
class QRadioButton;
class QSpinBox;

class QHBoxLayout;
class QVBoxLayout;

namespace kvtiers::ui {

class CurveChart;
class DisplayOptions;
class TornadoChart;

class SensitivityView : public QWidget {
    Q_OBJECT
public:
    using Scope = SensitivityScope;

    /// `document` must outlive the view.
    explicit SensitivityView(SensitivityDocument* document, QWidget* parent = nullptr);

    SensitivityDocument* document() const { return m_document; }

    // The document's input (no undo step: the tab analyses, it edits nothing).
    void setScenario(const Scenario& scenario) { m_document->setScenario(scenario); }
    void setFleetInput(const CardCatalog& catalog, const FleetInput& input)
    {
        m_document->setFleetInput(catalog, input);
    }
    void setScope(Scope scope) { m_document->setScope(scope); }
    Scope scope() const { return m_document->input().scope; }
    void setTier(TornadoMeasure measure) { m_document->setMeasure(measure); }
    void setTier(Tier tier) { setTier(tornadoMeasure(tier)); }
    void setRange(double relativeRange) { m_document->setRange(relativeRange); }
    void setCurveVariable(Variable variable) { m_document->setCurveVariable(variable); }
    /// The options whose units the view shows and its radio buttons set (MainWindow's,
    /// app-wide); until set, a private default (binary). A change re-words, never recomputes.
    void setDisplayOptions(DisplayOptions* options);
    /// Size and scale of exported PNG/SVG/PDF charts.
    void setExportOptions(const ExportOptions& options) { m_document->setExportOptions(options); }

    // The analysis shown (none while it fails, or before there is anything to analyse).
    const SensitivityResult* result() const;
    const std::vector<CurvePoint>& curve() const;
    const FleetSensitivityResult* fleetResult() const;
    const std::vector<FleetCurvePoint>& fleetCurve() const;
    /// Analyses now if an update is pending (tests).
    void flush() { m_document->flush(); }

    TornadoChart* tornado() const { return m_tornado; }
    CurveChart* curveChart() const { return m_curveChart; }

public slots:
    /// Ask for a file (FileDialog) and export; failures are reported (MessageBox).
    void exportTornado();
    void exportCurve();

signals:
    /// After the charts show an analysis (or its error).
    void updated();
    /// After a successful export.
    void exported(const QString& path);

protected:
    void changeEvent(QEvent* event) override;

private:
    void buildPickers(QHBoxLayout* tornadoRow, QHBoxLayout* curveRow);
    void buildUnitsAndExport(QHBoxLayout* tornadoRow, QHBoxLayout* curveRow);
    void buildResults(QVBoxLayout* layout);
    void connectControls();
    /// The document's input in the controls, the tornado drawn in its measure.
    void showInputs();
    /// The document's analysis (or error) in the labels and charts.
    void showAnalysis();
    void showScenario(const SensitivityOutcome& a);
    void showFleet(const SensitivityOutcome& a);
    /// The names of every move the fleet cannot be sized for, with the core's reason.
    QStringList fleetNotes(const SensitivityOutcome& a) const;
    void showUnits();
    void redrawTornado();
    void showError(const QString& message);
    void report(const QString& title, const QString& path, const QString& error);

    SensitivityDocument* m_document;
    QComboBox* m_scopeCombo = nullptr;
    QComboBox* m_tierCombo = nullptr;
    QSpinBox* m_rangeSpin = nullptr;
    QComboBox* m_variableCombo = nullptr;
    QRadioButton* m_decimalButton = nullptr;
    QRadioButton* m_binaryButton = nullptr;
    QPushButton* m_exportButton = nullptr;
    QLabel* m_baseLabel = nullptr;
    QLabel* m_errorLabel = nullptr;
    QLabel* m_notesLabel = nullptr;
    TornadoChart* m_tornado = nullptr;
    CurveChart* m_curveChart = nullptr;
    DisplayOptions* m_display = nullptr;
    Retranslator m_texts; ///< the view's tr() texts, set again on a language change
};

} // namespace kvtiers::ui
