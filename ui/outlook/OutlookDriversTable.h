#pragma once
// OutlookDriversTable: the Outlook tab's editable table of the years' traffic, a view of an
// OutlookDocument (the drivers' Traffic page; OutlookWorkloadTable and OutlookHardwareTable
// give the rest). One row per year: tokens per day in SI units, the year's default TTFT and
// TPOT targets in seconds, and each workload's share of requests in % (headed by the
// workload's short name, its whole name in the tooltip). What is typed goes to the
// document's editDriver(), which checks it against the year's option table; a value
// refused is said in message(), naming the year, and the cell shows the value in force
// again. A year driven by demand shows its tokens per day as the document's result sized
// them (an output, read-only, like its shares; "—" until the card shown is sized); its
// workloads' requests and sessions a day are edited on their Workloads pages. Where a year
// gives the industry's bit supply, its year cell's tooltip gives each tier's share of it. The titles wrap between
// words, never scroll sideways, and the table is as tall as its rows (OutlookYearTable).

#include "ui/outlook/OutlookYearTable.h"

#include <optional>
#include <string>
#include <vector>

namespace kvtiers::ui {

class OutlookDriversTable : public OutlookYearTable {
    Q_OBJECT
public:
    explicit OutlookDriversTable(OutlookDocument* document, QWidget* parent = nullptr);

    /// Columns: year, tokens per day, TTFT, TPOT, then one share per workload.
    enum Column { YearColumn = 0, TokensColumn = 1, TtftColumn = 2, TpotColumn = 3, FirstShareColumn = 4 };
    /// The workloads whose shares the table shows, in column order.
    const std::vector<std::string>& shareWorkloads() const { return m_workloads; }
    /// Edits the driver in a cell (row = year index); empty on success, else why not.
    QString editCell(int row, int column, double value);

    /// Tokens per day as the table shows them, in SI units ("210 T/day" for 2.1e14).
    static QString tokensText(double tokensPerDay);
    /// Reads tokens per day as typed: a plain number ("2.1e14") or one with an SI unit, with
    /// or without "/day" ("210 T", "210T/day", "1.5 P/day").
    static std::optional<double> parseTokens(const QString& text);
    /// A number as typed, times 10^`power` (its scale, read off the text before): commas
    /// that group thousands ("2,100") dropped, read exactly as "<number>e<power>", else in
    /// the user's locale ("2,5").
    static std::optional<double> parseScaled(QString number, int power);
    /// A share as the table shows it ("45 %" for 0.45), and as typed: a number of percent,
    /// with or without "%" ("45", "45 %", "12.5%").
    static QString shareText(double share);
    static std::optional<double> parseShare(const QString& text);

    /// The tooltip of a figure that follows from a year's demand (its tokens, a share):
    /// what drives the year, then `sourceTip`.
    static QString demandTip(int year, const QString& sourceTip);

    void fill() override;

protected:
    void resultEvaluated() override;

private:
    /// Year `row`'s tokens per day as the document's result sized them, if it sized the card shown.
    std::optional<double> sizedTokens(int row) const;
    void showDemandTokens();
    void showSupplyShares();
    void cellEdited(QTableWidgetItem* item);

    std::vector<std::string> m_workloads;
};

} // namespace kvtiers::ui
