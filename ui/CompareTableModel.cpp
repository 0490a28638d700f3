#include "CompareTableModel.h"

#include "UnitsText.h"

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

QString CompareTableModel::valueText(FigureUnit unit, double value)
{
    if (!std::isfinite(value))
        return QStringLiteral("—");
    switch (unit) {
    case FigureUnit::Bytes:
        return bytesText(value);
    case FigureUnit::Count:
        return countText(value);
    case FigureUnit::Seconds:
        return secondsText(value);
    case FigureUnit::TokensPerSecond:
        return tr("%1 tok/s").arg(significantText(value, 4));
    case FigureUnit::Share:
        return percentText(value);
    }
    return {};
}

QString CompareTableModel::absoluteText(FigureUnit unit, double delta)
{
    if (!std::isfinite(delta))
        return QStringLiteral("—");
    if (delta == 0)
        return QStringLiteral("0");
    return (delta < 0 ? QString(kMinus) : QStringLiteral("+")) + valueText(unit, std::fabs(delta));
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
            return qs(f.label);
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
        return kind == CellKind::Value   ? valueText(f.unit, raw)
            : kind == CellKind::Absolute ? absoluteText(f.unit, raw)
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
