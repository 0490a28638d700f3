#pragma once
// TierTableModel: the article's tier table (HBM / server DRAM / eSSD: what lives there,
// when demand for it grows, its limit) in the article's words, beside live columns from
// the evaluation: bytes placed, capacity, utilisation, and restore versus recompute time.
// The rows whose condition the scenario meets are flagged (ConditionMetRole) and drawn
// highlighted; hovering a cell says why, after the cell's text in full (a long sentence
// may be elided in a narrow table). Bytes follow DisplayOptions (units and scope).
// Korean originals (article.ko.txt) sit beside each tr() as translator comments.

#include "core/model/Evaluation.h"
#include "core/scenario/Scenario.h"
#include "ui/common/Tier.h"
#include "ui/common/TierScope.h"

#include <QAbstractTableModel>

namespace kvtiers::ui {

class DisplayOptions;

class TierTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        TierColumn = 0,
        LivesThereColumn,
        DemandGrowsColumn,
        LimitColumn,
        PlacedColumn,
        CapacityColumn,
        UtilisationColumn,
        RestoreColumn,
        ColumnCount
    };
    enum Role {
        ConditionMetRole = Qt::UserRole + 1, ///< bool: the row's condition is met (row highlighted)
        BytesRole,                           ///< double: placed / capacity bytes (their columns only)
    };

    explicit TierTableModel(QObject* parent = nullptr);

    void setResult(const Scenario& scenario, const EvalResult& result);
    void setScope(TierScope scope);
    /// Bytes in these options' units, per their scope (followed as they change); until
    /// set, a private default (binary, per replica).
    void setDisplayOptions(DisplayOptions* options);

    /// Whether the scenario meets the condition of this tier's row (see conditionText).
    bool conditionMet(Tier tier) const;
    /// Why the row is (or is not) highlighted, in words.
    QString conditionText(Tier tier) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QString articleText(Tier tier, Column column) const;
    QString restoreText(Tier tier) const;
    double scaled(double replicaBytes) const;

    Scenario m_scenario;
    EvalResult m_result;
    bool m_hasResult = false;
    TierScope m_scope = TierScope::PerReplica;
    DisplayOptions* m_display = nullptr;
};

} // namespace kvtiers::ui
