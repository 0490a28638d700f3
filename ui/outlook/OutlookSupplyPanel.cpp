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
    m_viewLabel = new QLabel(this);
    m_view = new QComboBox(this);
    m_view->setObjectName(QStringLiteral("outlookSupplyView"));
    m_view->addItems({ QString(), QString() });
    m_viewLabel->setBuddy(m_view);
    auto* toggles = new QVBoxLayout;
    auto* viewRow = new QHBoxLayout;
    viewRow->addWidget(m_viewLabel);
    viewRow->addWidget(m_view);
    auto* unitRow = new QHBoxLayout;
    unitRow->addWidget(m_unitLabel);
    unitRow->addWidget(m_unit);
    toggles->addLayout(viewRow);
    toggles->addLayout(unitRow);
    row->addWidget(m_caveat, 1);
    row->addLayout(toggles);
    m_warnings = new QLabel(this);
    m_warnings->setObjectName(QStringLiteral("outlookSupplyWarnings"));
    m_warnings->setWordWrap(true);
    m_table = new QTableWidget(this);
    m_table->setObjectName(QStringLiteral("outlookSupplyTable"));
    m_table->verticalHeader()->setVisible(false);
    // Rows as tall as one line of text: fifteen rows (five years, three tiers) fit at 720 px.
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setStretchLastSection(true);
    layout->addLayout(row);
    layout->addWidget(m_warnings);
    layout->addWidget(m_table, 1);
    connect(m_unit, &QComboBox::currentIndexChanged, this, &OutlookSupplyPanel::fill);
    connect(m_view, &QComboBox::currentIndexChanged, this, &OutlookSupplyPanel::fill);
    connect(m_document, &DocumentBase::resultChanged, this, &OutlookSupplyPanel::fill);
    retranslate();
}

bool OutlookSupplyPanel::gigabits() const
{
    return m_unit->currentIndex() == 1;
}

void OutlookSupplyPanel::retranslate()
{
    m_caveat->setText(tr("Needed: the working set. Provisioned: what the fleet's systems are bought with (each "
                         "hardware profile's system: HBM, host DRAM, NVMe and any context-memory flash), the stock "
                         "B. Shipped: max(0, B − B the year before) + B the year before ÷ L, L the service life. "
                         "Supply: the industry's bits that year (the card's, else the built-in series; * an "
                         "assumption past the last published year). Shares: inference serving only; training, idle "
                         "and non-AI demand excluded."));
    m_unitLabel->setText(tr("&Amounts in:"));
    m_unit->setItemText(0, tr("Bytes"));
    m_unit->setItemText(1, tr("Gigabits (Gb)"));
    m_viewLabel->setText(tr("&Show:"));
    m_view->setItemText(0, tr("Each tier"));
    m_view->setItemText(1, tr("HBM by generation"));
    fill();
}

void OutlookSupplyPanel::fill()
{
    m_table->clear();
    if (m_view->currentIndex() == 1)
        fillGenerations();
    else
        fillTiers();
    m_table->resizeColumnsToContents();
    QStringList warnings;
    if (m_document->hasResult())
        for (const std::string& w : m_document->result().result.warnings)
            warnings << qs(w);
    m_warnings->setText(warnings.isEmpty() ? QString() : tr("Warning: %1").arg(warnings.join(QStringLiteral("\n"))));
    m_warnings->setVisible(!warnings.isEmpty());
}

void OutlookSupplyPanel::setRow(int row, std::span<const QString> cells, int firstNumber)
{
    for (int c = 0; c < static_cast<int>(cells.size()); ++c) {
        auto* item = new QTableWidgetItem(cells[static_cast<size_t>(c)]);
        if (c >= firstNumber)
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        m_table->setItem(row, c, item);
    }
}

QString OutlookSupplyPanel::systemName(const std::string& id) const
{
    const auto& systems = m_document->catalog().systems();
    const auto it = systems.find(id);
    return it == systems.end() ? qs(id) : qs(it->second.name);
}

QString OutlookSupplyPanel::amount(double bytes) const
{
    if (!std::isfinite(bytes))
        return QStringLiteral("-");
    return gigabits() ? tr("%1 Gb").arg(QString::number(bytesToGigabits(bytes), 'g', 4))
                      : qs(formatBytes(bytes, ByteUnits::Decimal));
}

void OutlookSupplyPanel::fillGenerations()
{
    m_table->setColumnCount(GenShippedShareColumn + 1);
    m_table->setHorizontalHeaderLabels({ tr("Year"), tr("Generation"), tr("GPUs"), tr("Provisioned"), tr("Needed"),
        tr("Shipped"), tr("Shipped ÷ HBM supply") });
    if (!m_document->hasResult()) {
        m_table->setRowCount(0);
        return;
    }
    const OutlookResult& r = m_document->result().result;
    int rows = 0;
    for (const OutlookYearResult& y : r.years)
        rows += static_cast<int>(y.generations.size());
    m_table->setRowCount(rows);
    int row = 0;
    for (const OutlookYearResult& y : r.years)
        for (const OutlookGenerationShare& g : y.generations) {
            const double supply = y.supply.supply.hbm;
            const QString generation = g.generation == kUnstatedGeneration ? tr("unstated") : qs(g.generation);
            const QString cells[]
                = { QString::number(y.year), generation, qs(formatCount(g.gpus)), amount(g.hbmInstalledBytes),
                      amount(g.hbmBytes), g.shipments ? amount(*g.shipments) : QStringLiteral("—"),
                      g.shipments && std::isfinite(supply) && supply > 0 ? qs(outlookPercentText(*g.shipments / supply))
                                                                         : QStringLiteral("-") };
            setRow(row++, cells, GenGpusColumn);
        }
}

void OutlookSupplyPanel::fillTiers()
{
    m_table->setColumnCount(ShippedShareColumn + 1);
    m_table->setHorizontalHeaderLabels({ tr("Year"), tr("Tier"), tr("Needed"), tr("Provisioned"),
        tr("Provisioned ÷ needed"), tr("Shipped"), tr("Supply"), tr("Need ÷ supply"), tr("Shipped ÷ supply") });
    if (!m_document->hasResult()) {
        m_table->setRowCount(0);
        return;
    }
    const OutlookResult& r = m_document->result().result;
    const auto share = [](double v) { return std::isfinite(v) ? qs(outlookPercentText(v)) : QStringLiteral("-"); };
    const auto times = [this](double v) {
        return std::isfinite(v) ? tr("%1×").arg(qs(formatSignificant(v, 3))) : QStringLiteral("-");
    };
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
            const OutlookTiers needed { y.hbmBytes, y.dramBytes, y.ssdBytes };
            const QString cells[]
                = { QString::number(y.year), tierNames[static_cast<int>(t)], amount(needed[t]), amount(s.installed[t]),
                      times(y.provisionedOverNeeded[t]), s.shipments ? amount((*s.shipments)[t]) : QStringLiteral("—"),
                      supply, share(s.needShare[t]), share(s.shipmentShare[t]) };
            setRow(row++, cells, NeededColumn);
        }
    if (!r.years.empty()) {
        // Which system each profile provisions, in the last year, as a tooltip on the header.
        QStringList systems;
        for (const OutlookProvision& p : r.years.back().provisions)
            systems << tr("%1: %2").arg(
                qs(p.hardware), p.system.empty() ? tr("its hardware card's server") : systemName(p.system));
        m_table->horizontalHeaderItem(InstalledColumn)
            ->setToolTip(tr("Each hardware profile's servers × what its system ships per GPU.\n%1")
                             .arg(systems.join(QStringLiteral("\n"))));
    }
}

void OutlookSupplyPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

} // namespace kvtiers::ui
