#include "ui/outlook/OutlookSupplyPanel.h"

#include "core/io/Units.h"
#include "ui/outlook/OutlookDocument.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

namespace kvtiers::ui {

namespace {

QString qs(const std::string& s)
{
    return QString::fromStdString(s);
}

} // namespace

OutlookSupplyPanel::OutlookSupplyPanel(OutlookDocument* document, QWidget* parent)
    : QWidget(parent)
    , m_document(document)
{
    setObjectName(QStringLiteral("outlookSupply"));
    auto* layout = new QVBoxLayout(this);
    auto* row = new QHBoxLayout;
    m_caveat = new QLabel(this);
    m_caveat->setObjectName(QStringLiteral("outlookSupplyCaveat"));
    m_caveat->setWordWrap(true);
    m_unitLabel = new QLabel(this);
    m_unit = new QComboBox(this);
    m_unit->setObjectName(QStringLiteral("outlookSupplyUnit"));
    m_unit->addItems({ QString(), QString() });
    m_unitLabel->setBuddy(m_unit);
    row->addWidget(m_caveat, 1);
    row->addWidget(m_unitLabel);
    row->addWidget(m_unit);
    m_warnings = new QLabel(this);
    m_warnings->setObjectName(QStringLiteral("outlookSupplyWarnings"));
    m_warnings->setWordWrap(true);
    m_table = new QTableWidget(this);
    m_table->setObjectName(QStringLiteral("outlookSupplyTable"));
    m_table->verticalHeader()->setVisible(false);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setStretchLastSection(true);
    layout->addLayout(row);
    layout->addWidget(m_warnings);
    layout->addWidget(m_table, 1);
    connect(m_unit, &QComboBox::currentIndexChanged, this, &OutlookSupplyPanel::fill);
    connect(m_document, &DocumentBase::resultChanged, this, &OutlookSupplyPanel::fill);
    retranslate();
}

bool OutlookSupplyPanel::gigabits() const
{
    return m_unit->currentIndex() == 1;
}

void OutlookSupplyPanel::retranslate()
{
    m_caveat->setText(tr("Installed: the fleet's bytes B, a stock. Shipped: max(0, B − B the year before) + B the "
                         "year before ÷ L, L the service life. Supply: the industry's bits that year (the card's, "
                         "else the built-in series; * an assumption past the last published year). Shares: "
                         "inference serving only; training, idle and non-AI demand excluded."));
    m_unitLabel->setText(tr("&Amounts in:"));
    m_unit->setItemText(0, tr("Bytes"));
    m_unit->setItemText(1, tr("Gigabits (Gb)"));
    fill();
}

void OutlookSupplyPanel::fill()
{
    m_table->clear();
    m_table->setColumnCount(ShippedShareColumn + 1);
    m_table->setHorizontalHeaderLabels({ tr("Year"), tr("Tier"), tr("Installed"), tr("Shipped"), tr("Supply"),
        tr("Need ÷ supply"), tr("Shipped ÷ supply") });
    if (!m_document->hasResult()) {
        m_table->setRowCount(0);
        m_warnings->clear();
        return;
    }
    const OutlookResult& r = m_document->result().result;
    const bool gb = gigabits();
    const auto amount = [&](double bytes) {
        if (!std::isfinite(bytes))
            return QStringLiteral("-");
        return gb ? tr("%1 Gb").arg(QString::number(bytesToGigabits(bytes), 'g', 4))
                  : qs(formatBytes(bytes, ByteUnits::Decimal));
    };
    const auto share = [](double v) { return std::isfinite(v) ? qs(outlookPercentText(v)) : QStringLiteral("-"); };
    const QString tierNames[] = { tr("HBM"), tr("DRAM"), tr("NAND") };
    m_table->setRowCount(static_cast<int>(r.years.size() * 3));
    int row = 0;
    for (const OutlookYearResult& y : r.years)
        for (Tier t : kTiers) {
            const OutlookYearSupply& s = y.supply;
            QString supply = amount(s.supply[t]);
            if (s.origin[t] == SupplyOrigin::BuiltinAssumption)
                supply += QStringLiteral("*");
            else if (s.origin[t] == SupplyOrigin::Card)
                supply = tr("%1 (the card's)").arg(supply);
            const QString cells[] = { QString::number(y.year), tierNames[static_cast<int>(t)], amount(s.installed[t]),
                s.shipments ? amount((*s.shipments)[t]) : QStringLiteral("—"), supply, share(s.needShare[t]),
                share(s.shipmentShare[t]) };
            for (int c = 0; c <= ShippedShareColumn; ++c) {
                auto* item = new QTableWidgetItem(cells[c]);
                if (c >= InstalledColumn)
                    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
                m_table->setItem(row, c, item);
            }
            ++row;
        }
    m_table->resizeColumnsToContents();
    QStringList warnings;
    for (const std::string& w : r.warnings)
        warnings << qs(w);
    m_warnings->setText(warnings.isEmpty() ? QString() : tr("Warning: %1").arg(warnings.join(QStringLiteral("\n"))));
    m_warnings->setVisible(!warnings.isEmpty());
}

void OutlookSupplyPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

} // namespace kvtiers::ui
