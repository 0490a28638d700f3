#include "ui/outlook/OutlookSourcesPanel.h"

#include "core/report/OutlookReport.h"
#include "ui/outlook/OutlookDocument.h"

#include <QDesktopServices>
#include <QEvent>
#include <QHeaderView>
#include <QUrl>

namespace kvtiers::ui {

namespace {

QString qs(const std::string& s)
{
    return QString::fromStdString(s);
}

/// "publisher, date", either left out where the card does not give it.
QString byline(const OutlookSource& s)
{
    QStringList parts;
    if (!s.publisher.empty())
        parts << qs(s.publisher);
    if (!s.date.empty())
        parts << qs(s.date);
    return parts.join(QStringLiteral(", "));
}

} // namespace

OutlookSourcesPanel::OutlookSourcesPanel(OutlookDocument* document, QWidget* parent)
    : QTableWidget(parent)
    , m_document(document)
{
    setObjectName(QStringLiteral("outlookSources"));
    verticalHeader()->setVisible(false);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setWordWrap(true);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    horizontalHeader()->setStretchLastSection(true);
    connect(this, &QTableWidget::cellActivated, this, &OutlookSourcesPanel::openLink);
    connect(this, &QTableWidget::cellClicked, this, [this](int row, int column) {
        if (column == LinkColumn)
            openLink(row, column);
    });
    connect(m_document, &DocumentBase::inputChanged, this, &OutlookSourcesPanel::fill);
    fill();
}

QString OutlookSourcesPanel::sourceTip(const OutlookCard& card, const OutlookYear& year, const std::string& figure)
{
    const std::optional<int> index = outlookFigureSource(year, figure);
    if (!index || *index < 0 || size_t(*index) >= card.sources.size())
        return tr("No source: an assumption of this outlook");
    const OutlookSource& s = card.sources[size_t(*index)];
    const QString by = byline(s);
    const QString text = by.isEmpty() ? qs(s.title) : tr("%1 (%2)").arg(qs(s.title), by);
    return isAssumption(s) ? tr("Source [%1], an assumption: %2").arg(*index).arg(text)
                           : tr("Source [%1]: %2").arg(*index).arg(text);
}

void OutlookSourcesPanel::fill()
{
    const OutlookCard& card = m_document->card();
    const auto uses = outlookSourceUses(card);
    clear();
    setColumnCount(UsesColumn + 1);
    setRowCount(static_cast<int>(card.sources.size()));
    setHorizontalHeaderLabels({ tr("#"), tr("Source"), tr("Publisher or author"), tr("Date"), tr("Link"),
        tr("Figure taken"), tr("Cited for") });
    for (int r = 0; r < rowCount(); ++r) {
        const OutlookSource& s = card.sources[size_t(r)];
        const QString title = isAssumption(s) ? tr("%1 (an assumption)").arg(qs(s.title)) : qs(s.title);
        const QString cells[] = { QString::number(r), title, qs(s.publisher), qs(s.date), qs(s.url), qs(s.note),
            qs(outlookSourceUsesText(uses[size_t(r)])) };
        for (int c = 0; c <= UsesColumn; ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            item->setToolTip(cells[c]);
            if (c == LinkColumn && !s.url.empty())
                item->setForeground(palette().link());
            setItem(r, c, item);
        }
    }
    setColumnWidth(NumberColumn, 32);
    setColumnWidth(TitleColumn, 320);
    setColumnWidth(PublisherColumn, 180);
    setColumnWidth(DateColumn, 90);
    setColumnWidth(LinkColumn, 200);
    setColumnWidth(FigureColumn, 320);
}

void OutlookSourcesPanel::openLink(int row, int column)
{
    if (column != LinkColumn)
        return;
    const QTableWidgetItem* cell = item(row, column);
    if (cell && cell->text().startsWith(QStringLiteral("http")))
        QDesktopServices::openUrl(QUrl(cell->text()));
}

void OutlookSourcesPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        fill();
    QTableWidget::changeEvent(event);
}

} // namespace kvtiers::ui
