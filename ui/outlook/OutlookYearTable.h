#pragma once
// OutlookYearTable: what the Outlook tab's tables of drivers share, one row per year of the
// card: titles that wrap between words (a word too wide for its column elided, the whole
// title in the tooltip), columns that share the width and never scroll sideways, a height
// that is its rows' (every year shown), and an edit's outcome said in the status bar: a
// refused value's reason, naming the year, and the cell showing the value in force again
// (the table is filled anew), or, after a valid edit, the stale reason cleared.

#include <QStringList>
#include <QTableWidget>

namespace kvtiers::ui {

class OutlookDocument;

class OutlookYearTable : public QTableWidget {
    Q_OBJECT
public:
    explicit OutlookYearTable(OutlookDocument* document, QWidget* parent = nullptr);

    /// Fills the table from the document's card (a new card, an edit, an undo).
    virtual void fill() = 0;
    /// Whether the document's result is of the card shown: evaluated since the card last changed.
    bool resultIsCurrent() const { return m_resultCurrent; }

signals:
    /// A line for the status bar: why a value typed was refused (empty: the reason is stale).
    void message(const QString& text);

protected:
    void changeEvent(QEvent* event) override;
    /// Heads the columns: `titles` shown (wrapped, a word too wide elided), `tips` on hover.
    void setTitles(const QStringList& titles, const QStringList& tips);
    /// After a fill: every cell right-aligned, rows as tall as their text, the table as tall as its rows.
    void finishFill();
    /// The outcome of an edit of year `row`: an error is said, naming the year, and the
    /// value in force shown again; success clears an earlier error.
    void report(int row, const QString& error);
    /// The year of `row` ("2027"), as a message names it.
    QString yearOf(int row) const;
    /// Puts the year of `row` in the first column, a cell that is read, not edited.
    void setYearItem(int row);
    /// After the document has evaluated the card shown (a result, or an error): what the
    /// table shows of the evaluation is shown anew.
    virtual void resultEvaluated() { }

    OutlookDocument* m_document;
    bool m_filling = false; ///< cells are being set by fill(): not edits

private:
    void fitHeaderTitles();
    void fitHeight();

    QStringList m_headerTitles;   ///< each column's whole title
    bool m_showsError = false;    ///< the last edit's error is in the status bar
    bool m_resultCurrent = false; ///< the document's result is of the card shown
};

} // namespace kvtiers::ui
