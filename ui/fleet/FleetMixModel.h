#pragma once
// FleetMixModel: the traffic mix of the fleet view as a table. Each row is one workload
// card and its share of requests (editable); once the fleet is sized, the row also shows
// what the core computed for it: model, KV bytes per token, sequences per replica,
// replicas, GPUs and its HBM / DRAM / NVMe demand (core/Fleet.h), then its load: utilisation,
// p99 queue wait and p99 TTFT.

#include "core/analysis/Fleet.h"
#include "core/io/Units.h"
#include "ui/fleet/FleetDocument.h"

#include <QAbstractTableModel>

#include <optional>
#include <string>
#include <vector>

namespace kvtiers::ui {

class FleetMixModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        WorkloadColumn = 0,
        ShareColumn,
        ModelColumn,
        KvPerTokenColumn,
        ConcurrencyColumn,
        ReplicasColumn,
        GpusColumn,
        HbmColumn,
        DramColumn,
        NvmeColumn,
        UtilizationColumn, ///< λ·E[S]/c of its replicas' central queue (core/analysis/FleetLoad.h)
        WaitP99Column,     ///< the 99th-percentile queue wait
        TtftP99Column,     ///< the 99th-percentile time to first token, wait included
        ColumnCount
    };
    enum Role {
        ValueRole = Qt::UserRole + 1, ///< double: the raw number behind a cell (bytes, share, count)
    };

    using Row = FleetMixRow;

    explicit FleetMixModel(QObject* parent = nullptr);
    /// Where the Workload column finds each row's card name (its id without one).
    void setCatalog(const CardCatalog* catalog) { m_catalog = catalog; }

    const std::vector<Row>& rows() const { return m_rows; }
    /// Shows `rows` (the document's mix): a reset, no mixChanged().
    void setRows(std::vector<Row> rows);
    // The user's edits: each emits mixChanged().
    void addRow(const std::string& workload, double share);
    void removeRow(int row);

    /// The sized fleet (entries in row order), or nullptr when sizing failed.
    void setResult(const FleetResult* result);
    void setUnits(ByteUnits units);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

signals:
    /// The user added or removed a row or changed a share (not setRows(), not the result).
    void mixChanged();

private:
    /// The Workload column: the card's name, its id where the catalog holds no such card.
    QVariant workloadText(const Row& row, int role) const;

    std::vector<Row> m_rows;
    std::optional<FleetResult> m_result;
    ByteUnits m_units = ByteUnits::Binary;
    const CardCatalog* m_catalog = nullptr;
};

} // namespace kvtiers::ui
