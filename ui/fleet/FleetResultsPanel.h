#pragma once
// FleetResultsPanel: what the fleet needs, drawn from the Fleet tab's document: GPUs,
// servers and the HBM installed; each tier's demand fleet-wide, per server and per GPU;
// a fleet split into prefill and decode pools shows each pool's demand per server of that
// pool in place of the per-server average (the DRAM/SSD prefix cache sits on the servers the
// layout puts it on); the document's error when
// its input cannot be sized; and the bottom row with the units
// (the app's one setting, DisplayOptions) and Export. A change of units words the last
// sizing again; nothing is sized again.

#include "core/analysis/Fleet.h"
#include "core/cards/Tier.h"
#include "ui/common/Retranslator.h"

#include <QGroupBox>

#include <vector>

class QGridLayout;
class QHBoxLayout;
class QLabel;
class QPushButton;
class QRadioButton;

namespace kvtiers::ui {

class DisplayOptions;
class FleetDocument;

class FleetResultsPanel : public QGroupBox {
    Q_OBJECT
public:
    FleetResultsPanel(FleetDocument* document, QWidget* parent = nullptr);

    /// The options whose units the panel shows and its radio buttons set.
    void setDisplayOptions(DisplayOptions* options);
    /// The last export's words, under the figures.
    void setExportStatus(const QString& text);
    /// Shows the document's sizing (or its error) in the display's units.
    void showSizing();

signals:
    void exportRequested();

protected:
    void changeEvent(QEvent* event) override;

private:
    /// The demand labels of one scope (fleet-wide, per server, per GPU), by tier.
    struct ScopeRow {
        const char* head;       ///< marked with QT_TR_NOOP
        const char* namePrefix; ///< "fleet", "perServer", "perGpu": the labels' object names
        PerTier<QLabel*> labels {};
        QLabel* headLabel = nullptr;
    };

    QGridLayout* buildGrid();
    QHBoxLayout* buildBottomRow();
    /// A label worded from `text` (marked QT_TR_NOOP), again at each language change.
    QLabel* textLabel(const char* text);
    QLabel* boldLabel(const char* text);
    void showUnits();
    /// The sizing's warnings (FleetPoolWarning), one line each; hidden when there are none.
    void showWarnings(const std::vector<FleetPoolWarning>& warnings);

    FleetDocument* m_document;
    DisplayOptions* m_display = nullptr;
    QLabel* m_errorLabel = nullptr;
    QLabel* m_warningLabel = nullptr; ///< a pool's DRAM or NVMe per server above what a server installs
    QLabel* m_gpusLabel = nullptr;
    QLabel* m_serversLabel = nullptr;
    QLabel* m_hbmInstalledLabel = nullptr;
    ScopeRow m_scopes[3] = { { QT_TR_NOOP("Fleet-wide"), "fleet" }, { QT_TR_NOOP("Per server"), "perServer" },
        { QT_TR_NOOP("Per GPU"), "perGpu" } };
    /// Shown only for a split fleet.
    ScopeRow m_poolScopes[2] = { { QT_TR_NOOP("Per prefill server"), "perPrefillServer" },
        { QT_TR_NOOP("Per decode server"), "perDecodeServer" } };
    QLabel* m_exportStatus = nullptr;
    QRadioButton* m_binaryButton = nullptr;
    QRadioButton* m_decimalButton = nullptr;
    QPushButton* m_exportButton = nullptr;
    Retranslator m_texts; ///< the panel's tr() texts, set again on a language change
};

} // namespace kvtiers::ui
