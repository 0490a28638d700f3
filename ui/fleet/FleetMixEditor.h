#pragma once
// FleetMixEditor: the Fleet tab's traffic mix, drawn from its document: a workload picker
// with Add and Remove, over the mix table (FleetMixModel) whose shares edit in place. An
// add, a removal or a share typed is an edit of the document (one undo step); the table
// follows the document's mix (an undo, a restored session) and shows its last sizing.

#include "ui/common/Retranslator.h"

#include <QWidget>

class QComboBox;
class QPushButton;
class QTableView;

namespace kvtiers::ui {

class FleetDocument;
class FleetMixModel;

class FleetMixEditor : public QWidget {
    Q_OBJECT
public:
    FleetMixEditor(FleetDocument* document, QWidget* parent = nullptr);

    FleetMixModel* model() const { return m_model; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void buildPicker();
    void buildTable();
    /// Sets the table's height to its rows (two to four), so none hides and none is blank.
    void fitTable();
    /// The model's rows after a user's edit, as the document's next input.
    void editMix();
    /// The document's mix and sizing into the table.
    void showMix();
    void showSizing();
    void addSelectedWorkload();
    void removeSelectedRow();

    FleetDocument* m_document;
    FleetMixModel* m_model = nullptr;
    QTableView* m_table = nullptr;
    QComboBox* m_workloadCombo = nullptr;
    QPushButton* m_addButton = nullptr;
    QPushButton* m_removeButton = nullptr;
    Retranslator m_texts; ///< the editor's tr() texts, set again on a language change
};

} // namespace kvtiers::ui
