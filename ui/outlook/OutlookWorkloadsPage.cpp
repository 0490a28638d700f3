#include "ui/outlook/OutlookWorkloadsPage.h"

#include "ui/outlook/OutlookDocument.h"
#include "ui/text/Translate.h"
#include "ui/text/UnitsText.h"
#include "ui/widgets/WrappingHeaderView.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QScopedValueRollback>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace kvtiers::ui {

namespace {

QTableWidgetItem* cell(const QString& text, bool number)
{
    auto* item = new QTableWidgetItem(text);
    item->setFlags(item->flags() & ~Qt::ItemIsEditable);
    if (number)
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

} // namespace

OutlookWorkloadsPage::OutlookWorkloadsPage(OutlookDocument* document, QWidget* parent)
    : QWidget(parent)
    , m_document(document)
{
    setObjectName(QStringLiteral("outlookWorkloads"));
    m_yearLabel = new QLabel(this);
    m_yearPicker = new QComboBox(this);
    m_yearPicker->setObjectName(QStringLiteral("outlookWorkloadsYear"));
    m_yearLabel->setBuddy(m_yearPicker);
    m_note = new QLabel(this);
    m_note->setWordWrap(true);
    m_reading = new QLabel(this);
    m_reading->setObjectName(QStringLiteral("outlookWorkloadsReading"));
    m_reading->setWordWrap(true);
    m_table = new QTableWidget(0, SsdColumn + 1, this);
    m_table->setObjectName(QStringLiteral("outlookWorkloadsTable"));
    m_table->verticalHeader()->hide();
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    // Figures whole in columns as wide as them; the titles wrap over the rest.
    auto* header = new WrappingHeaderView(m_table);
    m_table->setHorizontalHeader(header);
    header->setSectionResizeMode(QHeaderView::Stretch);
    for (int c : { int(NameColumn), int(RequestsColumn), int(TokensColumn) })
        header->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    auto* yearRow = new QHBoxLayout;
    yearRow->addWidget(m_yearLabel);
    yearRow->addWidget(m_yearPicker);
    yearRow->addWidget(m_note, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->addLayout(yearRow);
    layout->addWidget(m_table);
    layout->addWidget(m_reading);
    layout->addStretch(1);
    retranslateUi();
    connect(m_yearPicker, &QComboBox::currentIndexChanged, this, &OutlookWorkloadsPage::fillTable);
    connect(m_document, &DocumentBase::resultChanged, this, &OutlookWorkloadsPage::showResult);
    showResult();
}

void OutlookWorkloadsPage::retranslateUi()
{
    m_yearLabel->setText(tr("&Year:"));
    m_note->setText(tr("Tokens a day: requests × context (prompt and output). Intensity: each tier's needed bytes "
                       "per million tokens a day."));
    m_table->setHorizontalHeaderLabels({ tr("Workload"), tr("Share of requests"), tr("Requests/day"), tr("Tokens/day"),
        tr("HBM per million tokens/day"), tr("DRAM per million tokens/day"), tr("SSD per million tokens/day") });
    fillTable();
}

void OutlookWorkloadsPage::showResult()
{
    if (!m_document->hasResult())
        return;
    const auto& years = m_document->result().result.years;
    const QString shown = m_yearPicker->currentText();
    QStringList items;
    for (const OutlookYearResult& y : years)
        items << QString::number(y.year);
    {
        const QSignalBlocker blocker(m_yearPicker);
        m_yearPicker->clear();
        m_yearPicker->addItems(items);
        // The year shown stays shown where the outlook still has it; else its last year.
        const int at = items.indexOf(shown);
        m_yearPicker->setCurrentIndex(at >= 0 ? at : int(items.size()) - 1);
    }
    fillTable();
}

void OutlookWorkloadsPage::fillTable()
{
    if (!m_document->hasResult())
        return;
    const auto& years = m_document->result().result.years;
    const int at = m_yearPicker->currentIndex();
    if (at < 0 || at >= int(years.size())) {
        m_table->setRowCount(0);
        return;
    }
    const OutlookYearResult& y = years[size_t(at)];
    m_table->setRowCount(int(y.workloads.size()) + 1);
    const auto row = [&](int r, const QString& name, const QString& tip, double share, double requests, double tokens,
                         const OutlookTiers& intensity, bool whole) {
        QTableWidgetItem* items[] = { cell(name, false), cell(qs(outlookPercentText(share)), true),
            cell(countText(std::round(requests)), true), cell(qs(outlookTokensText(tokens, &translatedText)), true),
            nullptr, nullptr, nullptr };
        for (Tier t : kTiers)
            items[HbmColumn + int(t)]
                = cell(std::isfinite(intensity[t]) ? bytesText(intensity[t], ByteUnits::Decimal) : tr("—"), true);
        for (int c = 0; c <= SsdColumn; ++c) {
            if (whole) {
                QFont f = items[c]->font();
                f.setBold(true);
                items[c]->setFont(f);
            }
            m_table->setItem(r, c, items[c]);
        }
        items[NameColumn]->setToolTip(tip);
    };
    for (size_t i = 0; i < y.workloads.size(); ++i) {
        const OutlookWorkloadYear& w = y.workloads[i];
        row(int(i), m_document->workloadName(w.workload), m_document->workloadFullName(w.workload), w.share,
            w.requestsPerDay, w.tokensPerDay, w.intensity, false);
    }
    row(int(y.workloads.size()), tr("All workloads"), tr("The year's whole: every workload together"), 1,
        y.requestsPerSecond * 86400.0, y.tokensPerDay, y.intensity, true);
    fitTableHeight();
    // The reading in one sentence: per tier, the workload that needs the most of it per token.
    QStringList most;
    for (Tier t : kTiers) {
        const OutlookWorkloadYear* top = nullptr;
        for (const OutlookWorkloadYear& w : y.workloads)
            if (std::isfinite(w.intensity[t]) && w.intensity[t] > 0 && (!top || w.intensity[t] > top->intensity[t]))
                top = &w;
        if (!top)
            continue;
        most << tr("%1 needs the most %2 (%3)")
                    .arg(m_document->workloadName(top->workload), qs(tierLabel(t)),
                        bytesText(top->intensity[t], ByteUnits::Decimal));
    }
    m_reading->setText(
        most.isEmpty() ? QString() : tr("Per million tokens a day in %1: %2.").arg(y.year).arg(most.join(tr("; "))));
}

void OutlookWorkloadsPage::fitTableHeight()
{
    // As tall as its rows and its (wrapped) header, the sentence right under it.
    m_table->resizeRowsToContents();
    int height = m_table->horizontalHeader()->sizeHint().height() + 2 * m_table->frameWidth();
    for (int r = 0; r < m_table->rowCount(); ++r)
        height += m_table->rowHeight(r);
    // At most that: on a short screen the table scrolls its own rows rather than make the tab scroll.
    m_table->setMaximumHeight(height);
    m_table->setMinimumHeight(std::min(height, 72));
}

void OutlookWorkloadsPage::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    fitTableHeight(); // the titles wrap anew at the new widths
}

void OutlookWorkloadsPage::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}

} // namespace kvtiers::ui
