#pragma once
// OutlookWorkloadTable: one workload's drivers, year by year (a Workloads page of the Outlook
// tab's drivers): its share of requests, context, output tokens, prefix-cache hit rate, KV
// format, model card and TTFT and TPOT targets with their percentiles, each as the year
// sizes it (outlookWorkloadDrivers). A value the outlook sets for that year is bold, its
// tooltip naming the card's source; the others say whose they are (the workload card's
// own, the model card's default, the year's default target). Every driver cell is edited in
// place: typed ("64K", "70 %", "5 s (p90)"), or picked (the model from the catalog's model
// cards, the KV format from the knob table's formats); each edit is one undo step of the
// document, checked by the core, and a refused one is said in message() (OutlookYearTable).

#include "core/analysis/OutlookDrivers.h"
#include "ui/outlook/OutlookYearTable.h"

#include <QList>
#include <QPair>

#include <string>

namespace kvtiers::ui {

class OutlookWorkloadTable : public OutlookYearTable {
    Q_OBJECT
public:
    explicit OutlookWorkloadTable(OutlookDocument* document, QWidget* parent = nullptr);

    /// Columns: year, share of requests, then one per OutlookWorkloadField in its order.
    enum Column { YearColumn = 0, ShareColumn = 1, FirstFieldColumn = 2 };
    static int columnOf(OutlookWorkloadField field) { return FirstFieldColumn + static_cast<int>(field); }

    /// Shows `workload`'s drivers (an id of the card's mix).
    void setWorkload(const std::string& workload);
    const std::string& workload() const { return m_workload; }

    /// A driver as the cell shows it: "48K tokens", "94.2 %", "bf16", "5 s (p90)".
    static QString tokensCellText(double tokens);
    static QString targetText(double seconds, double percentile);
    /// The picks a Model or KV format cell offers: (text shown, value), the value a model id
    /// or a format's name.
    QList<QPair<QString, QString>> modelChoices() const;
    static QList<QPair<QString, QString>> kvChoices();

    void fill() override;

private:
    void fillRow(int row, const OutlookYear& year, const OutlookWorkloadDrivers& d);
    QString originTip(const OutlookYear& year, const OutlookWorkloadDrivers& d, OutlookWorkloadField field) const;
    void cellEdited(QTableWidgetItem* item);

    std::string m_workload;
};

} // namespace kvtiers::ui
