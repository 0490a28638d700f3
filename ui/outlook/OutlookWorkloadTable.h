#pragma once
// OutlookWorkloadTable: one workload's drivers, year by year (a Workloads page of the Outlook
// tab's drivers): its share of requests; its demand (requests a day, sessions a day and
// requests per session: in a year driven by demand what sets the shares and the tokens, in
// a year driven by tokens "—"; shown where any year of the outlook is driven by demand,
// and the share, an output there, left to the Traffic page where every year is); context,
// output tokens, prefix-cache hit rate, KV format, model card and TTFT and TPOT targets
// with their percentiles, each as the year sizes it (outlookWorkloadDrivers). A value the
// outlook sets for that year is bold, its tooltip naming the card's source; the others say
// whose they are (the workload card's own, the model card's default, the year's default
// target). Every driver cell is edited in place: typed ("64K", "70 %", "5 s (p90)",
// "291.1 mn"), or picked (the model from the catalog's model cards, the KV format from the
// knob table's formats); each edit is one undo step of the document, checked by the core,
// and a refused one is said in message() (OutlookYearTable).

#include "core/analysis/OutlookDrivers.h"
#include "ui/outlook/OutlookYearTable.h"

#include <QList>
#include <QPair>

#include <optional>
#include <string>

namespace kvtiers::ui {

class OutlookWorkloadTable : public OutlookYearTable {
    Q_OBJECT
public:
    explicit OutlookWorkloadTable(OutlookDocument* document, QWidget* parent = nullptr);

    /// Columns: year, share of requests, one per OutlookDemandField, then one per
    /// OutlookWorkloadField, each in its order.
    enum Column { YearColumn = 0, ShareColumn = 1, FirstDemandColumn = 2, FirstFieldColumn = 5 };
    static int columnOf(OutlookWorkloadField field) { return FirstFieldColumn + static_cast<int>(field); }
    static int columnOf(OutlookDemandField field) { return FirstDemandColumn + static_cast<int>(field); }

    /// Shows `workload`'s drivers (an id of the card's mix).
    void setWorkload(const std::string& workload);
    const std::string& workload() const { return m_workload; }

    /// A driver as the cell shows it: "48K tokens", "94.2 %", "bf16", "5 s (p90)".
    static QString tokensCellText(double tokens);
    static QString targetText(double seconds, double percentile);
    /// Requests or sessions a day as a cell shows them, to four significant digits: "44.86 mn",
    /// "8.321 bn", "950,000" below a million; requests per session as a number ("33").
    static QString countCellText(double count);
    /// Reads a count as typed: a plain number ("4.486e7", "44,860,000") or one with a scale,
    /// as countCellText writes it ("44.86 mn"), in words ("25 billion") or a letter ("8.3B").
    static std::optional<double> parseCount(const QString& text);
    /// The picks a Model or KV format cell offers: (text shown, value), the value a model id
    /// or a format's name.
    QList<QPair<QString, QString>> modelChoices() const;
    static QList<QPair<QString, QString>> kvChoices();

    void fill() override;

private:
    void fillRow(int row, const OutlookYear& year, const OutlookWorkloadDrivers& d);
    void fillDemand(int row, const OutlookYear& year, const OutlookWorkloadDrivers& d);
    /// The Model column: the model's name, and its DP × EP layout where it is served so.
    QString modelText(const OutlookWorkloadDrivers& d) const;
    QString originTip(const OutlookYear& year, const OutlookWorkloadDrivers& d, OutlookWorkloadField field) const;
    void cellEdited(QTableWidgetItem* item);

    std::string m_workload;
};

} // namespace kvtiers::ui
