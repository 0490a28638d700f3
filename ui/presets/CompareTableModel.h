#pragma once
// CompareTableModel: the key figures of a comparison (ScenarioComparison::figures: KV
// bytes per token, per request, hot set, max concurrency, per-tier bytes, TTFT,
// tokens/s), one row per figure. Columns: the figure, then per scenario its value and,
// for every scenario after the first, its absolute and relative difference from the
// first (the baseline).

#include "core/analysis/ScenarioComparison.h"
#include "core/io/Units.h"

#include <QAbstractTableModel>

namespace kvtiers::ui {

class CompareTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { FigureColumn = 0, FirstScenarioColumn = 1 };
    /// What a column after FigureColumn shows.
    enum class CellKind { Value, Absolute, Relative };
    enum Role { RawValueRole = Qt::UserRole + 1, FigureKeyRole };

    explicit CompareTableModel(QObject* parent = nullptr);

    void setComparison(const ScenarioComparison& comparison);
    void clear();

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// The column of scenario `scenario`'s cell of `kind` (Absolute/Relative: scenario >= 1); -1 if none.
    int column(int scenario, CellKind kind) const;
    /// The row of the figure with key `key` (e.g. "kv_bytes_per_token"); -1 if none.
    int row(const std::string& key) const;

    /// A figure's name in the UI language (the Figure column); in English the core's label.
    static QString figureName(const ComparedFigure& figure);
    /// A figure's value as people read it ("25.3 KiB", "1.2 s", "93.3%"), bytes in `units`.
    static QString valueText(FigureUnit unit, double value, ByteUnits units);
    /// A signed difference: "+1.5 GiB", "−365 KiB"; "−93.3%".
    static QString absoluteText(FigureUnit unit, double delta, ByteUnits units);

    /// The units byte figures are shown in (the comparison is kept, only re-worded).
    void setUnits(ByteUnits units);
    static QString relativeText(double relative);

private:
    /// valueText() with `sign` ("", "+" or "−") on the number, wherever the unit goes.
    static QString signedValueText(FigureUnit unit, double value, const QString& sign, ByteUnits units);
    bool locate(int column, int* scenario, CellKind* kind) const;

    ScenarioComparison m_comparison;
    ByteUnits m_units = ByteUnits::Binary;
};

} // namespace kvtiers::ui
