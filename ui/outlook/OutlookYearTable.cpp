#include "ui/outlook/OutlookYearTable.h"

#include "ui/outlook/OutlookDocument.h"
#include "ui/widgets/WrappingHeaderView.h"

#include <QEvent>
#include <QHeaderView>
#include <QStyle>

namespace kvtiers::ui {

OutlookYearTable::OutlookYearTable(OutlookDocument* document, QWidget* parent)
    : QTableWidget(parent)
    , m_document(document)
{
    verticalHeader()->setVisible(false);
    // Columns share the width and their titles wrap onto more lines (the whole title in the
    // tooltip), so the table never scrolls sideways; its height is its rows' (finishFill).
    auto* header = new WrappingHeaderView(this);
    setHorizontalHeader(header);
    header->setSectionResizeMode(QHeaderView::Stretch);
    header->setMinimumSectionSize(40);
    // A narrower column wraps its title onto more lines: the header and the table grow to it.
    connect(header, &QHeaderView::sectionResized, this, [this] {
        QMetaObject::invokeMethod(this, "updateGeometries", Qt::QueuedConnection);
        QMetaObject::invokeMethod(
            this,
            [this] {
                fitHeaderTitles();
                fitHeight();
            },
            Qt::QueuedConnection);
    });
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    // A result is the card's once it is evaluated: until then, one of the card before.
    m_resultCurrent = m_document->hasResult();
    connect(m_document, &DocumentBase::inputChanged, this, [this] {
        m_resultCurrent = false;
        fill();
    });
    connect(m_document, &DocumentBase::evaluated, this, [this] {
        m_resultCurrent = true;
        resultEvaluated();
    });
}

void OutlookYearTable::setTitles(const QStringList& titles, const QStringList& tips)
{
    setHorizontalHeaderLabels(titles);
    m_headerTitles = titles;
    for (int c = 0; c < columnCount() && c < tips.size(); ++c)
        horizontalHeaderItem(c)->setToolTip(tips.at(c));
}

void OutlookYearTable::finishFill()
{
    for (int r = 0; r < rowCount(); ++r)
        for (int c = 0; c < columnCount(); ++c)
            if (QTableWidgetItem* cell = item(r, c))
                cell->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    resizeRowsToContents();
    fitHeaderTitles();
    fitHeight();
}

void OutlookYearTable::fitHeaderTitles()
{
    // Titles wrap between words; a single word wider than its column (a long workload name
    // in a narrow window) is elided, and the tooltip keeps the whole title.
    QHeaderView* header = horizontalHeader();
    const int margin = header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header);
    const QFontMetrics metrics = header->fontMetrics();
    for (int c = 0; c < columnCount() && c < m_headerTitles.size(); ++c) {
        const int room = header->sectionSize(c) - 2 * margin;
        QStringList words = m_headerTitles.at(c).split(u' ');
        for (QString& word : words)
            if (metrics.horizontalAdvance(word) > room)
                word = metrics.elidedText(word, Qt::ElideRight, room);
        const QString title = words.join(u' ');
        if (QTableWidgetItem* item = horizontalHeaderItem(c); item && item->text() != title)
            item->setText(title);
    }
}

void OutlookYearTable::fitHeight()
{
    int height = horizontalHeader()->sizeHint().height() + 2 * frameWidth();
    for (int r = 0; r < rowCount(); ++r)
        height += rowHeight(r);
    setFixedHeight(height);
}

QString OutlookYearTable::yearOf(int row) const
{
    const auto& years = m_document->card().years;
    return row >= 0 && row < static_cast<int>(years.size()) ? QString::number(years[size_t(row)].year) : QString();
}

void OutlookYearTable::setYearItem(int row)
{
    auto* year = new QTableWidgetItem(yearOf(row));
    year->setFlags(year->flags() & ~Qt::ItemIsEditable);
    setItem(row, 0, year);
}

void OutlookYearTable::report(int row, const QString& error)
{
    if (!error.isEmpty()) {
        emit message(tr("Outlook %1: %2").arg(yearOf(row), error));
        m_showsError = true;
        fill(); // shows the value in force again
    } else if (m_showsError) {
        // A valid edit clears the error an earlier one left in the status bar.
        m_showsError = false;
        emit message(QString());
    }
}

void OutlookYearTable::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        fill();
    QTableWidget::changeEvent(event);
}

} // namespace kvtiers::ui
