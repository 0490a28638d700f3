#pragma once
// OutlookWorkloadsPage: the Outlook's per-workload page, a view of an OutlookDocument's last
// result. For the year picked: each workload's share of requests, requests and tokens a day
// (requests × its context, prompt and output, as the fleet converts tokens), and each tier's
// needed bytes per million tokens a day, its intensity: which work is memory-hungry per
// token, and in which tier. The last row is the year's whole. Bytes in decimal units, as
// memory is sold; tokens in words ("210 trillion/day"), never an SI prefix that reads as bytes.

#include <QWidget>

class QComboBox;
class QLabel;
class QTableWidget;

namespace kvtiers::ui {

class OutlookDocument;

class OutlookWorkloadsPage : public QWidget {
    Q_OBJECT
public:
    explicit OutlookWorkloadsPage(OutlookDocument* document, QWidget* parent = nullptr);

    /// Columns after the workload's name.
    enum Column { NameColumn = 0, ShareColumn, RequestsColumn, TokensColumn, HbmColumn, DramColumn, SsdColumn };
    QComboBox* yearPicker() const { return m_yearPicker; }
    QTableWidget* table() const { return m_table; }
    /// Per tier, the workload needing the most of it per token in the year shown.
    QLabel* reading() const { return m_reading; }

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void retranslateUi();
    void showResult();
    void fillTable();
    void fitTableHeight();

    OutlookDocument* m_document;
    QLabel* m_yearLabel = nullptr;
    QLabel* m_note = nullptr;
    QLabel* m_reading = nullptr;
    QComboBox* m_yearPicker = nullptr;
    QTableWidget* m_table = nullptr;
};

} // namespace kvtiers::ui
