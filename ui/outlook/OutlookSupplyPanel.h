#pragma once
// OutlookSupplyPanel: the Outlook tab's Supply page. One row per year and tier: the bytes the
// working set needs, what the fleet's systems provision (a stock) and their ratio, the year's
// shipments (max(0, B − B before) + B before ÷ L, "—"
// in the first year), the industry's bit supply (the card's, else the built-in series; an
// assumed figure marked), and need and shipments as shares of that supply, under the caveat
// that they count inference serving only. A toggle shows the amounts in bytes or gigabits;
// another shows HBM by memory generation instead (GPUs, provisioned, needed and shipped per
// generation, shipments as a share of the year's HBM supply).

#include <QWidget>

#include <span>
#include <string>

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
        NeededColumn,
        InstalledColumn, ///< provisioned: what the profiles' systems ship
        ProvisionedRatioColumn,
        ShippedColumn,
        SupplyColumn,
        NeedShareColumn,
        ShippedShareColumn
    };

    QTableWidget* table() const { return m_table; }
    QComboBox* unitToggle() const { return m_unit; }
    /// 0: per tier; 1: HBM by memory generation.
    QComboBox* viewToggle() const { return m_view; }
    /// The generation view's columns.
    enum GenerationColumn {
        GenYearColumn = 0,
        GenerationColumn,
        GenGpusColumn,
        GenInstalledColumn,
        GenNeededColumn,
        GenShippedColumn,
        GenShippedShareColumn
    };
    /// Whether the amounts are in gigabits (else decimal bytes).
    bool gigabits() const;
    /// Fills the rows from the document's result.
    void fill();

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void fillTiers();
    void fillGenerations();
    /// Bytes in the unit the toggle asks for; "-" where not finite.
    QString amount(double bytes) const;
    /// A system card's name, or its id where the catalog has none.
    QString systemName(const std::string& id) const;
    /// One row of cells, those from column `firstNumber` on right-aligned (figures).
    void setRow(int row, std::span<const QString> cells, int firstNumber);

    OutlookDocument* m_document;
    QLabel* m_caveat = nullptr;
    QLabel* m_unitLabel = nullptr;
    QComboBox* m_unit = nullptr;
    QLabel* m_viewLabel = nullptr;
    QComboBox* m_view = nullptr;
    QLabel* m_warnings = nullptr;
    QTableWidget* m_table = nullptr;
};

} // namespace kvtiers::ui
