#include "ui/fleet/FleetMixModel.h"

#include "ui/charts/ByteTicker.h"
#include "ui/text/CardText.h"
#include "ui/text/UnitsText.h"

#include <cmath>

namespace kvtiers::ui {

FleetMixModel::FleetMixModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void FleetMixModel::setRows(std::vector<Row> rows)
{
    beginResetModel();
    m_rows = std::move(rows);
    m_result.reset();
    endResetModel();
}

void FleetMixModel::addRow(const std::string& workload, double share)
{
    const int row = static_cast<int>(m_rows.size());
    beginInsertRows({}, row, row);
    m_rows.push_back({ workload, share });
    m_result.reset(); // entries no longer line up with rows until the next sizing
    endInsertRows();
    emit mixChanged();
}

void FleetMixModel::removeRow(int row)
{
    if (row < 0 || row >= rowCount())
        return;
    beginRemoveRows({}, row, row);
    m_rows.erase(m_rows.begin() + row);
    m_result.reset();
    endRemoveRows();
    emit mixChanged();
}

void FleetMixModel::setResult(const FleetResult* result)
{
    m_result.reset();
    if (result)
        m_result = *result;
    if (m_result && m_result->entries.size() != m_rows.size())
        m_result.reset();
    if (!m_rows.empty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

void FleetMixModel::setUnits(ByteUnits units)
{
    if (units == m_units)
        return;
    m_units = units;
    if (!m_rows.empty())
        emit dataChanged(index(0, KvPerTokenColumn), index(rowCount() - 1, ColumnCount - 1));
}

int FleetMixModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int FleetMixModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

namespace {

/// The tier of a demand column (HbmColumn, DramColumn, NvmeColumn).
Tier columnTier(int column)
{
    return column == FleetMixModel::HbmColumn ? Tier::Hbm
        : column == FleetMixModel::DramColumn ? Tier::Dram
                                              : Tier::Ssd;
}

/// A load column's figure (FleetMixModel::UtilizationColumn and after).
double loadValue(const LoadFigures& load, int column)
{
    if (column == FleetMixModel::UtilizationColumn)
        return load.utilization;
    return column == FleetMixModel::WaitP99Column ? load.queueWait.p99 : load.ttft.p99;
}

} // namespace

QVariant FleetMixModel::workloadText(const Row& row, int role) const
{
    // The card name's head (the column is narrow); the whole name and the id in the
    // tooltip. A workload the catalog does not hold shows its id.
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    const WorkloadCard* card = nullptr;
    if (m_catalog)
        if (const auto it = m_catalog->workloads().find(row.workload); it != m_catalog->workloads().end())
            card = &it->second;
    if (!card)
        return qs(row.workload);
    return role == Qt::DisplayRole ? cardShortText(card->name)
                                   : tr("%1 (card %2)").arg(cardText(card->name), qs(row.workload));
}

QVariant FleetMixModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const Row& row = m_rows[static_cast<size_t>(index.row())];
    const FleetEntryResult* entry = m_result ? &m_result->entries[static_cast<size_t>(index.row())] : nullptr;
    const int col = index.column();

    if (role == Qt::TextAlignmentRole)
        return col == WorkloadColumn || col == ModelColumn ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                                           : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::EditRole && col == ShareColumn)
        return row.share;
    if (role == Qt::ToolTipRole && col == ShareColumn)
        return tr("Relative share of requests; shares are normalised over the mix.");

    if (col == ReplicasColumn && entry && entry->pools && (role == Qt::DisplayRole || role == Qt::ToolTipRole)) {
        // Split: the two pools' counts, whose sum ValueRole gives.
        const QString prefill = countText(entry->pools->prefillReplicas);
        const QString decode = countText(entry->pools->decodeReplicas);
        return role == Qt::DisplayRole ? tr("%1 + %2").arg(prefill, decode)
                                       : tr("%1 prefill + %2 decode replicas").arg(prefill, decode);
    }
    double value = 0;
    bool bytes = false;
    switch (col) {
    case WorkloadColumn:
        return workloadText(row, role);
    case ShareColumn:
        if (role == ValueRole)
            return row.share;
        if (role != Qt::DisplayRole)
            return {};
        return entry ? tr("%1 (%2)").arg(significantText(row.share, 4), percentText(entry->share))
                     : significantText(row.share, 4);
    case ModelColumn:
        // The model's name, as the pickers show it; its id in the tooltip.
        if (!entry || (role != Qt::DisplayRole && role != Qt::ToolTipRole))
            return {};
        return qs(role == Qt::ToolTipRole || entry->scenario.model.name.empty() ? entry->scenario.model.id
                                                                                : entry->scenario.model.name);
    case KvPerTokenColumn:
        value = entry ? entry->kvBytesPerToken : 0;
        bytes = true;
        break;
    case ConcurrencyColumn:
        value = entry ? entry->concurrencyPerReplica : 0;
        break;
    case ReplicasColumn:
        value = entry ? entry->replicas : 0;
        break;
    case GpusColumn:
        value = entry ? entry->gpus : 0;
        break;
    case HbmColumn:
    case DramColumn:
    case NvmeColumn:
        value = entry ? entry->bytes[columnTier(col)] : 0;
        bytes = true;
        break;
    case UtilizationColumn:
    case WaitP99Column:
    case TtftP99Column:
        value = entry ? loadValue(entry->load, col) : 0;
        break;
    default:
        return {};
    }
    if (!entry)
        return role == Qt::DisplayRole ? QVariant(QStringLiteral("–")) : QVariant();
    if (role == ValueRole)
        return value;
    if (role != Qt::DisplayRole)
        return {};
    if (col == UtilizationColumn)
        return percentText(value);
    if (col == WaitP99Column || col == TtftP99Column)
        return latencyText(value);
    return bytes ? bytesText(value, m_units) : countText(value);
}

bool FleetMixModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (!index.isValid() || role != Qt::EditRole || index.column() != ShareColumn)
        return false;
    bool ok = false;
    const double share = value.toDouble(&ok);
    if (!ok || !(share >= 0) || !std::isfinite(share))
        return false;
    m_rows[static_cast<size_t>(index.row())].share = share;
    emit dataChanged(index, index);
    emit mixChanged();
    return true;
}

Qt::ItemFlags FleetMixModel::flags(const QModelIndex& index) const
{
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (index.isValid() && index.column() == ShareColumn)
        f |= Qt::ItemIsEditable;
    return f;
}

QVariant FleetMixModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case KvPerTokenColumn:
            return tr("KV-cache bytes per token of the workload's model, in its KV format (the article's "
                      "bytes-per-token view).");
        case ConcurrencyColumn:
            return tr(
                "Active sequences per replica: the most that meet the time-per-output-token target and fit in HBM.");
        case HbmColumn:
            return tr("HBM this workload's replicas need: weights, active sequences and overflow.");
        case UtilizationColumn:
            return tr("Utilisation of the workload's replicas under Poisson arrivals, behind one central FCFS queue.");
        case WaitP99Column:
            return tr("Queue wait at the 99th percentile (zero where fewer than 1% of requests wait).");
        case TtftP99Column:
            return tr("Time to first token at the 99th percentile: queue wait plus the request's own prefill and "
                      "restore.");
        default:
            return {};
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case WorkloadColumn:
        return tr("Workload");
    case ShareColumn:
        return tr("Share");
    case ModelColumn:
        return tr("Model");
    case KvPerTokenColumn:
        return tr("KV per\ntoken"); // two lines: the table fits a laptop's width
    case ConcurrencyColumn:
        return tr("Seqs per\nreplica");
    case ReplicasColumn:
        return tr("Replicas");
    case GpusColumn:
        return tr("GPUs");
    case HbmColumn:
        return tr("HBM");
    case DramColumn:
        return tr("DRAM");
    case NvmeColumn:
        return tr("NVMe");
    case UtilizationColumn:
        return tr("Utilisation");
    case WaitP99Column:
        return tr("p99 wait");
    case TtftP99Column:
        return tr("p99 TTFT");
    }
    return {};
}

} // namespace kvtiers::ui
