#include "ui/presets/CompareTableModel.h"

#include "ui/text/UnitsText.h"

#include <cmath>

namespace kvtiers::ui {

namespace {
const QChar kMinus(0x2212);

QString letter(int index)
{
    return QString(QChar(u'A' + static_cast<char16_t>(index)));
}
} // namespace

CompareTableModel::CompareTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void CompareTableModel::setComparison(const ScenarioComparison& comparison)
{
    beginResetModel();
    m_comparison = comparison;
    endResetModel();
}

void CompareTableModel::setUnits(ByteUnits units)
{
    if (units == m_units)
        return;
    m_units = units;
    if (rowCount() > 0)
        emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1), { Qt::DisplayRole });
}

void CompareTableModel::clear()
{
    beginResetModel();
    m_comparison = {};
    endResetModel();
}

int CompareTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_comparison.figures.size());
}

int CompareTableModel::columnCount(const QModelIndex& parent) const
{
    if (parent.isValid() || m_comparison.results.empty())
        return 0;
    const int n = static_cast<int>(m_comparison.results.size());
    return 1 + n + 2 * (n - 1);
}

bool CompareTableModel::locate(int column, int* scenario, CellKind* kind) const
{
    // Layout: Figure | A | B | B − A | B vs A | C | C − A | C vs A | ...
    if (column < FirstScenarioColumn || column >= columnCount())
        return false;
    const int c = column - FirstScenarioColumn;
    if (c == 0) {
        *scenario = 0;
        *kind = CellKind::Value;
        return true;
    }
    *scenario = 1 + (c - 1) / 3;
    *kind = static_cast<CellKind>((c - 1) % 3);
    return true;
}

int CompareTableModel::column(int scenario, CellKind kind) const
{
    const int n = static_cast<int>(m_comparison.results.size());
    if (scenario < 0 || scenario >= n || (scenario == 0 && kind != CellKind::Value))
        return -1;
    if (scenario == 0)
        return FirstScenarioColumn;
    return FirstScenarioColumn + 1 + (scenario - 1) * 3 + static_cast<int>(kind);
}

int CompareTableModel::row(const std::string& key) const
{
    for (size_t i = 0; i < m_comparison.figures.size(); ++i)
        if (m_comparison.figures[i].key == key)
            return static_cast<int>(i);
    return -1;
}

QString CompareTableModel::figureName(const ComparedFigure& figure)
{
    // Worded by the figure's stable key. Each English source is the core's label
    // (ScenarioComparison.cpp, figureDefs), which the CLI and the CSV print: in English the
    // table reads as they do.
    const std::string& key = figure.key;
    if (key == "kv_bytes_per_token")
        return tr("KV bytes per token");
    if (key == "kv_bytes_per_request")
        return tr("KV bytes per request");
    if (key == "hot_set_bytes")
        return tr("Hot set");
    if (key == "max_concurrency")
        return tr("Max concurrency");
    if (key == "hbm_used_bytes")
        return tr("HBM used (replica)");
    if (key == "dram_used_bytes")
        return tr("DRAM used (replica)");
    if (key == "ssd_used_bytes")
        return tr("SSD used (replica)");
    if (key == "overflow_bytes")
        return tr("Overflow");
    if (key == "achieved_reuse_rate")
        return tr("Achieved reuse");
    if (key == "ttft_no_reuse_seconds")
        return tr("TTFT without reuse");
    if (key == "ttft_with_reuse_seconds")
        return tr("TTFT with reuse");
    if (key == "tokens_per_second")
        return tr("Tokens/s (replica)");
    return qs(figure.label); // a figure the UI does not know yet: the core's words
}

QString CompareTableModel::valueText(FigureUnit unit, double value, ByteUnits units)
{
    return signedValueText(unit, value, {}, units);
}

QString CompareTableModel::signedValueText(FigureUnit unit, double value, const QString& sign, ByteUnits units)
{
    if (!std::isfinite(value))
        return QStringLiteral("—");
    switch (unit) {
    case FigureUnit::Bytes:
        return sign + bytesText(value, units);
    case FigureUnit::Count: // the core's unit for counts: sequences (max concurrency)
        return tr("%1 sequences").arg(sign + countText(value));
    case FigureUnit::Seconds:
        return sign + latencyText(value);
    case FigureUnit::TokensPerSecond:
        // The sign goes on the number: a translation may put the unit first.
        return tr("%1 tok/s").arg(sign + significantText(value, 4));
    case FigureUnit::Share:
        return sign + percentText(value);
    }
    return {};
}

QString CompareTableModel::absoluteText(FigureUnit unit, double delta, ByteUnits units)
{
    if (!std::isfinite(delta))
        return QStringLiteral("—");
    if (delta == 0)
        return QStringLiteral("0");
    return signedValueText(unit, std::fabs(delta), delta < 0 ? QString(kMinus) : QStringLiteral("+"), units);
}

QString CompareTableModel::relativeText(double relative)
{
    if (!std::isfinite(relative))
        return QStringLiteral("—");
    if (relative == 0)
        return QStringLiteral("0%");
    return (relative < 0 ? QString(kMinus) : QStringLiteral("+")) + percentText(std::fabs(relative));
}

QVariant CompareTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const ComparedFigure& f = m_comparison.figures[static_cast<size_t>(index.row())];
    if (index.column() == FigureColumn) {
        if (role == Qt::DisplayRole || role == Qt::ToolTipRole)
            return figureName(f);
        if (role == FigureKeyRole)
            return qs(f.key);
        return {};
    }
    int scenario = 0;
    CellKind kind {};
    if (!locate(index.column(), &scenario, &kind))
        return {};
    const auto i = static_cast<size_t>(scenario);
    const double raw = kind == CellKind::Value ? f.values[i]
        : kind == CellKind::Absolute           ? f.absolute[i]
                                               : f.relative[i];
    switch (role) {
    case Qt::DisplayRole:
        return kind == CellKind::Value   ? valueText(f.unit, raw, m_units)
            : kind == CellKind::Absolute ? absoluteText(f.unit, raw, m_units)
                                         : relativeText(raw);
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
    case RawValueRole:
        return raw;
    case FigureKeyRole:
        return qs(f.key);
    case Qt::ToolTipRole:
        if (kind == CellKind::Value && f.unit == FigureUnit::Bytes && std::isfinite(raw))
            return tr("%1 B").arg(countText(raw));
        return {};
    default:
        return {};
    }
}

QVariant CompareTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || (role != Qt::DisplayRole && role != Qt::ToolTipRole))
        return {};
    if (section == FigureColumn)
        return tr("Figure");
    int scenario = 0;
    CellKind kind {};
    if (!locate(section, &scenario, &kind))
        return {};
    const QString name = qs(m_comparison.labels[static_cast<size_t>(scenario)]);
    if (role == Qt::ToolTipRole)
        return name;
    switch (kind) {
    case CellKind::Value:
        return QStringLiteral("%1: %2").arg(letter(scenario), name);
    case CellKind::Absolute:
        return tr("%1 %2 A").arg(letter(scenario), QString(kMinus));
    case CellKind::Relative:
        return tr("%1 vs A").arg(letter(scenario));
    }
    return {};
}

} // namespace kvtiers::ui
