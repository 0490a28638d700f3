#include "ui/fleet/FleetResultsPanel.h"

#include "ui/common/DisplayOptions.h"
#include "ui/fleet/FleetDocument.h"
#include "ui/text/UnitsText.h"

#include <QButtonGroup>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QRadioButton>
#include <QVBoxLayout>

namespace kvtiers::ui {

namespace {

/// The tier as the panel's heads name it: the SSD tier by its drives.
const char* tierHead(Tier tier)
{
    switch (tier) {
    case Tier::Hbm:
        return QT_TRANSLATE_NOOP("kvtiers::ui::FleetResultsPanel", "HBM");
    case Tier::Dram:
        return QT_TRANSLATE_NOOP("kvtiers::ui::FleetResultsPanel", "DRAM");
    case Tier::Ssd:
        break;
    }
    return QT_TRANSLATE_NOOP("kvtiers::ui::FleetResultsPanel", "NVMe");
}

/// "Hbm", "Dram", "Nvme": a tier in a label's object name ("perServerNvme").
QString tierObjectName(Tier tier)
{
    return tier == Tier::Hbm ? QStringLiteral("Hbm")
        : tier == Tier::Dram ? QStringLiteral("Dram")
                             : QStringLiteral("Nvme");
}

} // namespace

FleetResultsPanel::FleetResultsPanel(FleetDocument* document, QWidget* parent)
    : QGroupBox(parent)
    , m_document(document)
{
    m_texts([this] { setTitle(tr("What the fleet needs")); });
    auto* layout = new QVBoxLayout(this);
    // Selectable, wrapped lines in their own colour, hidden while empty.
    auto messageLabel = [this](const QString& name, const QString& style) {
        auto* label = new QLabel(this);
        label->setObjectName(name);
        label->setWordWrap(true);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
        label->setStyleSheet(style);
        label->setVisible(false);
        return label;
    };
    m_errorLabel = messageLabel(QStringLiteral("fleetError"), QStringLiteral("color: #c00000; font-weight: bold;"));
    layout->addWidget(m_errorLabel);
    layout->addLayout(buildGrid());
    m_warningLabel = messageLabel(QStringLiteral("fleetWarnings"), QStringLiteral("color: #b35900;"));
    layout->addWidget(m_warningLabel);
    layout->addStretch(1);
    m_exportStatus = new QLabel(this);
    m_exportStatus->setObjectName(QStringLiteral("fleetExportStatus"));
    m_exportStatus->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_exportStatus->setWordWrap(true);
    layout->addWidget(m_exportStatus);
    // The units and Export sit in the results' bottom row: no extra row taken from the chart.
    layout->addLayout(buildBottomRow());
    setDisplayOptions(nullptr);
    connect(m_document, &FleetDocument::evaluated, this, &FleetResultsPanel::showSizing);
    connect(m_document, &FleetDocument::errorChanged, this, &FleetResultsPanel::showSizing);
}

QLabel* FleetResultsPanel::textLabel(const char* text)
{
    auto* l = new QLabel(this);
    m_texts([l, text] { l->setText(tr(text)); });
    return l;
}

QLabel* FleetResultsPanel::boldLabel(const char* text)
{
    QLabel* l = textLabel(text);
    QFont f = l->font();
    f.setBold(true);
    l->setFont(f);
    return l;
}

QGridLayout* FleetResultsPanel::buildGrid()
{
    auto* grid = new QGridLayout;
    auto valueLabel = [this](const QString& name) {
        auto* l = new QLabel(this);
        l->setObjectName(name);
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
        l->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
        return l;
    };
    grid->addWidget(boldLabel(QT_TR_NOOP("GPUs")), 0, 0);
    m_gpusLabel = valueLabel(QStringLiteral("fleetGpus"));
    grid->addWidget(m_gpusLabel, 0, 1);
    grid->addWidget(boldLabel(QT_TR_NOOP("Servers")), 0, 2);
    m_serversLabel = valueLabel(QStringLiteral("fleetServers"));
    grid->addWidget(m_serversLabel, 0, 3);
    QLabel* installed = boldLabel(QT_TR_NOOP("HBM installed"));
    m_texts([installed] { installed->setToolTip(tr("GPUs × HBM per GPU: what is bought, beside what is demanded.")); });
    grid->addWidget(installed, 1, 0);
    m_hbmInstalledLabel = valueLabel(QStringLiteral("fleetHbmInstalled"));
    grid->addWidget(m_hbmInstalledLabel, 1, 1);

    QLabel* demandHead = boldLabel(QT_TR_NOOP("Demand"));
    m_texts([demandHead] {
        demandHead->setToolTip(tr("HBM: weights, active sequences and overflow (not prefixes cached in spare HBM). "
                                  "DRAM and NVMe: bytes used."));
    });
    grid->addWidget(demandHead, 2, 0);
    int column = 1;
    for (Tier t : kTiers) {
        QLabel* head = boldLabel(tierHead(t));
        head->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
        grid->addWidget(head, 2, column++);
    }
    int row = 3;
    for (ScopeRow* scope : { &m_scopes[0], &m_scopes[1], &m_scopes[2], &m_poolScopes[0], &m_poolScopes[1] }) {
        scope->headLabel = textLabel(scope->head);
        grid->addWidget(scope->headLabel, row, 0);
        column = 1;
        for (Tier t : kTiers) {
            scope->labels[t] = valueLabel(QString::fromLatin1(scope->namePrefix) + tierObjectName(t));
            grid->addWidget(scope->labels[t], row, column++);
        }
        ++row;
    }
    grid->setColumnStretch(4, 1);
    grid->setHorizontalSpacing(12);
    return grid;
}

QHBoxLayout* FleetResultsPanel::buildBottomRow()
{
    auto* row = new QHBoxLayout;
    m_binaryButton = new QRadioButton(this);
    m_binaryButton->setObjectName(QStringLiteral("fleetBinaryUnits"));
    m_decimalButton = new QRadioButton(this);
    m_decimalButton->setObjectName(QStringLiteral("fleetDecimalUnits"));
    m_exportButton = new QPushButton(this);
    m_exportButton->setObjectName(QStringLiteral("fleetExportButton"));
    m_texts([this] {
        m_binaryButton->setText(tr("GiB"));
        m_binaryButton->setToolTip(tr("Binary bytes (1 GiB = 1024³ bytes)."));
        m_decimalButton->setText(tr("GB"));
        m_decimalButton->setToolTip(tr("Decimal bytes, as memory is sold."));
        m_exportButton->setText(tr("E&xport…"));
        m_exportButton->setToolTip(tr("The chart as PNG, SVG or PDF, or the fleet as CSV or JSON"));
    });
    m_binaryButton->setChecked(true);
    auto* group = new QButtonGroup(this);
    group->addButton(m_binaryButton);
    group->addButton(m_decimalButton);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(m_binaryButton);
    row->addWidget(m_decimalButton);
    row->addStretch(1);
    row->addWidget(m_exportButton);
    connect(m_exportButton, &QPushButton::clicked, this, &FleetResultsPanel::exportRequested);
    connect(m_decimalButton, &QRadioButton::toggled, this,
        [this](bool decimal) { m_display->setUnits(decimal ? ByteUnits::Decimal : ByteUnits::Binary); });
    return row;
}

void FleetResultsPanel::setDisplayOptions(DisplayOptions* options)
{
    m_display = DisplayOptions::swap(m_display, options, this);
    connect(m_display, &DisplayOptions::unitsChanged, this, &FleetResultsPanel::showUnits);
    showUnits();
}

void FleetResultsPanel::setExportStatus(const QString& text)
{
    m_exportStatus->setText(text);
}

void FleetResultsPanel::showUnits()
{
    {
        const QSignalBlocker b1(m_decimalButton), b2(m_binaryButton);
        (m_display->units() == ByteUnits::Decimal ? m_decimalButton : m_binaryButton)->setChecked(true);
    }
    showSizing(); // the last sizing, re-worded: nothing is sized again
}

void FleetResultsPanel::showSizing()
{
    const FleetResult* f = m_document->sizing();
    const QString& error = m_document->errorMessage();
    m_errorLabel->setVisible(!error.isEmpty());
    m_errorLabel->setText(error);
    m_exportButton->setEnabled(f != nullptr);
    const QString none = QStringLiteral("–");
    const bool pools = f && f->layout;
    // Split, a server of the whole fleet is no one server: the DRAM and NVMe sit on the pool
    // the layout puts them on. Each pool's servers stand in place of the fleet's average.
    auto showRow = [](ScopeRow& scope, bool shown) {
        scope.headLabel->setVisible(shown);
        for (Tier t : kTiers)
            scope.labels[t]->setVisible(shown);
    };
    showRow(m_scopes[1], !pools);
    for (ScopeRow& scope : m_poolScopes)
        showRow(scope, pools);
    showWarnings(f ? f->warnings : std::vector<FleetPoolWarning> {});
    if (!f) {
        for (QLabel* l : { m_gpusLabel, m_serversLabel, m_hbmInstalledLabel })
            l->setText(none);
        for (ScopeRow& scope : m_scopes)
            for (Tier t : kTiers)
                scope.labels[t]->setText(none);
        return;
    }
    const ByteUnits units = m_display->units();
    m_gpusLabel->setText(countText(f->gpus));
    m_serversLabel->setText(pools ? tr("%1 prefill + %2 decode × %3 GPUs")
                                        .arg(countText(f->prefillServers), countText(f->decodeServers))
                                        .arg(f->gpusPerServer)
                                  : tr("%1 × %2 GPUs").arg(countText(f->servers)).arg(f->gpusPerServer));
    if (pools) {
        const PerTier<double> perPool[2] = { f->perPrefillServer(), f->perDecodeServer() };
        for (size_t s = 0; s < std::size(m_poolScopes); ++s)
            for (Tier t : kTiers)
                m_poolScopes[s].labels[t]->setText(bytesText(perPool[s][t], units));
    }
    m_hbmInstalledLabel->setText(bytesText(f->hbmInstalledBytes, units));
    const PerTier<double> values[3] = { f->bytes, f->perServer(), f->perGpu() };
    for (size_t s = 0; s < std::size(m_scopes); ++s)
        for (Tier t : kTiers)
            m_scopes[s].labels[t]->setText(bytesText(values[s][t], units));
}

void FleetResultsPanel::showWarnings(const std::vector<FleetPoolWarning>& warnings)
{
    const ByteUnits units = m_display->units();
    QStringList lines;
    for (const FleetPoolWarning& w : warnings)
        lines << tr("%1: %2 demand %3 per server, more than the %4 one installs")
                     .arg(w.decodePool ? tr("Decode servers") : tr("Prefill servers"), tr(tierHead(w.tier)),
                         bytesText(w.perServerBytes, units), bytesText(w.installedBytes, units));
    m_warningLabel->setText(lines.join(u'\n'));
    m_warningLabel->setVisible(!lines.isEmpty());
}

void FleetResultsPanel::changeEvent(QEvent* event)
{
    QGroupBox::changeEvent(event);
    if (event->type() == QEvent::LanguageChange) {
        m_texts.retranslate();
        showSizing();
    }
}

} // namespace kvtiers::ui
