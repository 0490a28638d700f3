#pragma once
// OutlookSourcesPanel: the Outlook tab's sources, one row per source of the card as edited,
// numbered from 0 as the card's years cite them: the title, who published it and when, the
// link (opens in the browser), the figure taken from it and the year figures that cite it.
// An assumption (a title starting "Assumption:") says so in its row. sourceTip() is the one
// wording a driver cell's tooltip uses for the figure it shows.

#include <QTableWidget>

#include <string>

namespace kvtiers {
struct OutlookCard;
struct OutlookYear;
} // namespace kvtiers

namespace kvtiers::ui {

class OutlookDocument;

class OutlookSourcesPanel : public QTableWidget {
    Q_OBJECT
public:
    explicit OutlookSourcesPanel(OutlookDocument* document, QWidget* parent = nullptr);

    enum Column { NumberColumn = 0, TitleColumn, PublisherColumn, DateColumn, LinkColumn, FigureColumn, UsesColumn };

    /// The tooltip of a year's driver cell: "Source [0]: title (publisher, date)", or that
    /// the figure is an assumption, the card's own (cited or not).
    static QString sourceTip(const OutlookCard& card, const OutlookYear& year, const std::string& figure);

    /// Fills the rows from the document's card.
    void fill();

protected:
    void changeEvent(QEvent* event) override;

private:
    void openLink(int row, int column);

    OutlookDocument* m_document;
};

} // namespace kvtiers::ui
