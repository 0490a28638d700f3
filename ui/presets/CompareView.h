#pragma once
// CompareView: pick 2–4 presets (or one of the built-in comparisons, the article's
// pairs) and see them side by side: a CompareChart on one shared byte scale and a table
// of the key figures with absolute and relative differences from the first pick.
// The order of picking is the order of columns; the first pick is the baseline.

#include "core/analysis/ScenarioComparison.h"
#include "core/catalog/CardCatalog.h"
#include "core/catalog/PresetStore.h"
#include "ui/common/Retranslator.h"
#include "ui/export/ChartExporter.h"

#include <QDialog>
#include <QStringList>

#include <optional>

class QComboBox;
class QLabel;
class QListWidget;
class QListWidgetItem;
class QTableView;

namespace kvtiers::ui {

class CompareChart;
class CompareTableModel;
class DisplayOptions;

class CompareView : public QDialog {
    Q_OBJECT
public:
    CompareView(const PresetStore* store, const CardCatalog* catalog, QWidget* parent = nullptr);

    /// Re-reads the preset names from the store (keeps picks that still exist).
    void refresh();
    /// Redraws the chart and table from the comparison already computed, keeping the picks
    /// (after the display units change: View > Units).
    void redisplay();
    /// The options whose units the table shows, followed as they change (re-worded, not
    /// re-evaluated); until set, a private default (binary).
    void setDisplayOptions(DisplayOptions* options);
    /// Picks these presets, in this order (2–4 to compare).
    void setPicked(const QStringList& names);
    /// Picks a built-in comparison by name; false if there is none.
    bool selectComparison(const QString& name);
    QStringList picked() const { return m_picked; }

    /// The comparison shown, if 2–4 presets are picked and they all evaluate.
    const std::optional<ScenarioComparison>& comparison() const { return m_comparison; }
    QString comparisonTitle() const;
    CompareTableModel* tableModel() const { return m_model; }
    CompareChart* chart() const { return m_chart; }

    void setExportOptions(const ExportOptions& options) { m_exportOptions = options; }
    /// Asks for a file (FileDialog) and exports the comparison: png/svg/pdf chart or csv table.
    void exportComparison();

signals:
    void message(const QString& text);

protected:
    void changeEvent(QEvent* event) override;

private:
    /// Sets every tr() text again and lists and compares the ticked presets again.
    void retranslateUi();
    void onItemChanged(QListWidgetItem* item);
    void recompute();

    const PresetStore* m_store;
    const CardCatalog* m_catalog;
    QComboBox* m_comparisonCombo = nullptr;
    QListWidget* m_list = nullptr;
    QLabel* m_status = nullptr;
    CompareChart* m_chart = nullptr;
    CompareTableModel* m_model = nullptr;
    QTableView* m_table = nullptr;
    QStringList m_picked;
    QString m_comparisonName;
    std::optional<ScenarioComparison> m_comparison;
    ExportOptions m_exportOptions;
    bool m_updating = false;
    Retranslator m_texts; ///< the window's tr() texts, set again on a language change
    DisplayOptions* m_display = nullptr;
};

} // namespace kvtiers::ui
