#pragma once
// OutlookHardwareTable: the hardware mix, year by year (the Hardware page of the Outlook
// tab's drivers): one column per hardware profile any year names (headed by the card's
// short name, its whole name in the tooltip), each cell the profile's share of the year's
// traffic in %. A share typed is one undo step of the document (editHardwareShare): the
// year's other profiles give or take the difference in proportion to their shares, as the
// workload mix's do, so the year still sums to 100 %; a refused one is said in message().

#include "ui/outlook/OutlookYearTable.h"

#include <string>
#include <vector>

namespace kvtiers::ui {

class OutlookHardwareTable : public OutlookYearTable {
    Q_OBJECT
public:
    explicit OutlookHardwareTable(OutlookDocument* document, QWidget* parent = nullptr);

    enum Column { YearColumn = 0, FirstHardwareColumn = 1 };
    /// The hardware ids the columns show, in order.
    const std::vector<std::string>& hardwareIds() const { return m_hardware; }

    void fill() override;

private:
    void cellEdited(QTableWidgetItem* item);

    std::vector<std::string> m_hardware;
};

} // namespace kvtiers::ui
