#include "ui/outlook/OutlookHardwareTable.h"

#include "core/analysis/OutlookDrivers.h"
#include "ui/outlook/OutlookDocument.h"
#include "ui/outlook/OutlookDriversTable.h"
#include "ui/outlook/OutlookSourcesPanel.h"
#include "ui/text/CardText.h"

#include <QHeaderView>
#include <QScopedValueRollback>

namespace kvtiers::ui {

OutlookHardwareTable::OutlookHardwareTable(OutlookDocument* document, QWidget* parent)
    : OutlookYearTable(document, parent)
{
    setObjectName(QStringLiteral("outlookHardwareDrivers"));
    setWordWrap(false);
    connect(this, &QTableWidget::itemChanged, this, &OutlookHardwareTable::cellEdited);
    fill();
}

void OutlookHardwareTable::fill()
{
    const QScopedValueRollback<bool> filling(m_filling, true);
    const OutlookCard& card = m_document->card();
    m_hardware = outlookHardwareIds(card);
    clear();
    setRowCount(static_cast<int>(card.years.size()));
    setColumnCount(FirstHardwareColumn + static_cast<int>(m_hardware.size()));
    horizontalHeader()->setSectionResizeMode(YearColumn, QHeaderView::ResizeToContents);
    QStringList titles { tr("Year") }, tips { tr("Year") };
    const auto& cards = m_document->catalog().hardware();
    for (const std::string& id : m_hardware) {
        titles << tr("%1 share").arg(m_document->hardwareName(id));
        const auto found = cards.find(id);
        tips << tr("Share of traffic served on %1")
                    .arg(found == cards.end() ? QString::fromStdString(id) : cardText(found->second.name));
    }
    setTitles(titles, tips);
    for (int r = 0; r < rowCount(); ++r) {
        const OutlookYear& y = card.years[size_t(r)];
        setYearItem(r);
        for (size_t h = 0; h < m_hardware.size(); ++h) {
            auto* cell = new QTableWidgetItem(OutlookDriversTable::shareText(outlookHardwareShare(y, m_hardware[h])));
            cell->setToolTip(OutlookSourcesPanel::sourceTip(card, y, "hardware"));
            setItem(r, FirstHardwareColumn + static_cast<int>(h), cell);
        }
    }
    finishFill();
}

void OutlookHardwareTable::cellEdited(QTableWidgetItem* item)
{
    if (m_filling || !item || item->column() < FirstHardwareColumn)
        return;
    const size_t h = size_t(item->column() - FirstHardwareColumn);
    if (h >= m_hardware.size())
        return;
    const std::optional<double> share = OutlookDriversTable::parseShare(item->text());
    // The edit fills the table anew: `item` is gone once it is made.
    const int row = item->row();
    const QString error = share
        ? m_document->editHardwareShare(row, m_hardware[h], *share)
        : tr("%1: not a number: %2")
              .arg(OutlookDocument::tr("share of %1").arg(m_document->hardwareName(m_hardware[h])), item->text());
    report(row, error);
}

} // namespace kvtiers::ui
