#pragma once
// OutlookSupplyPanel: the Outlook tab's Supply page. One row per year and tier: the fleet's
// installed bytes (a stock), the year's shipments (max(0, B − B before) + B before ÷ L, "—"
// in the first year), the industry's bit supply (the card's, else the built-in series; an
// assumed figure marked), and need and shipments as shares of that supply, under the caveat
// that they count inference serving only. A toggle shows the amounts in bytes or gigabits.

#include <QWidget>

class QComboBox;
class QLabel;
class QTableWidget;

namespace kvtiers::ui {

class OutlookDocument;

class OutlookSupplyPanel : public QWidget {
    Q_OBJECT
public:
    explicit OutlookSupplyPanel(OutlookDocument* document, QWidget* parent = nullptr);

    enum Column {
        YearColumn = 0,
        TierColumn,
        InstalledColumn,
        ShippedColumn,
        SupplyColumn,
        NeedShareColumn,
        ShippedShareColumn
    };

    QTableWidget* table() const { return m_table; }
    QComboBox* unitToggle() const { return m_unit; }
    /// Whether the amounts are in gigabits (else decimal bytes).
    bool gigabits() const;
    /// Fills the rows from the document's result.
    void fill();

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();

    OutlookDocument* m_document;
    QLabel* m_caveat = nullptr;
    QLabel* m_unitLabel = nullptr;
    QComboBox* m_unit = nullptr;
    QLabel* m_warnings = nullptr;
    QTableWidget* m_table = nullptr;
};

} // namespace kvtiers::ui
