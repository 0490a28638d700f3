#include "ui/outlook/OutlookView.h"

#include "ui/dialogs/FileDialog.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSignalBlocker>
#include <QTabBar>
#include <QVBoxLayout>

#include <algorithm>

namespace kvtiers::ui {

namespace {

QString qs(const std::string& s)
{
    return QString::fromStdString(s);
}

/// The picker's data for a saved outlook: "preset:" and its name (a built-in's is its id).
const QString kPresetPrefix = QStringLiteral("preset:");

/// The UI's language as outlook cards key their translations ("ko"; "en" otherwise).
std::string uiLanguage()
{
    return QLocale().language() == QLocale::Korean ? "ko" : "en";
}

} // namespace

OutlookView::OutlookView(const CardCatalog& catalog, QWidget* parent)
    : QWidget(parent)
    , m_document(new OutlookDocument(catalog, this))
{
    setObjectName(QStringLiteral("outlookView"));
    // Sizing an outlook's fleets year by year, with its tornado, takes most of a second:
    // not at the window's start, but when the tab is first shown (or File → Export asks).
    m_document->deferUntilNeeded();
    m_table = new OutlookDriversTable(m_document, this);
    m_workloadTable = new OutlookWorkloadTable(m_document, this);
    m_hardwareTable = new OutlookHardwareTable(m_document, this);
    m_charts = new OutlookChartsPage(m_document, this);
    m_sources = new OutlookSourcesPanel(m_document, m_charts);
    m_charts->addTab(m_sources, QString());
    m_supply = new OutlookSupplyPanel(m_document, m_charts);
    m_charts->addTab(m_supply, QString());
    // The drivers across the top (one row per year, every row shown), one chart at a time under
    // them, each at the tab's full width so its title, legend and labels are read whole.
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(buildHeader());
    layout->addWidget(buildDrivers());
    layout->addWidget(m_charts, 1);
    for (OutlookYearTable* table : { static_cast<OutlookYearTable*>(m_table),
             static_cast<OutlookYearTable*>(m_workloadTable), static_cast<OutlookYearTable*>(m_hardwareTable) })
        connect(table, &OutlookYearTable::message, this, &OutlookView::message);
    connect(m_document, &DocumentBase::inputChanged, this, &OutlookView::fillDriverPages);
    connect(m_document, &DocumentBase::inputChanged, this, &OutlookView::showStatus);
    connect(m_document, &DocumentBase::evaluated, this, &OutlookView::showStatus);
    if (const int at = m_picker->findData(qs(m_document->card().id)); at >= 0)
        m_picker->setCurrentIndex(at);
    showStatus();
}

QWidget* OutlookView::buildHeader()
{
    auto* header = new QWidget(this);
    auto* row = new QHBoxLayout(header);
    row->setContentsMargins(0, 0, 0, 0);
    auto* pickLabel = new QLabel(header);
    m_picker = new QComboBox(header);
    m_picker->setObjectName(QStringLiteral("outlookPicker"));
    fillPicker();
    pickLabel->setBuddy(m_picker);
    m_status = new QLabel(header);
    m_status->setObjectName(QStringLiteral("outlookStatus"));
    m_status->setWordWrap(true);
    m_export = new QPushButton(header);
    m_export->setObjectName(QStringLiteral("outlookExport"));
    m_savePreset = new QPushButton(header);
    m_savePreset->setObjectName(QStringLiteral("outlookSavePreset"));
    row->addWidget(pickLabel);
    row->addWidget(m_picker);
    row->addWidget(m_status, 1);
    row->addWidget(m_savePreset);
    row->addWidget(m_export);
    m_texts([=, this] {
        pickLabel->setText(tr("O&utlook:"));
        fillPicker(); // the cards' names in the UI language, the saved ones, "Open file…"
        m_picker->setToolTip(tr("A built-in outlook, or an outlook card file"));
        m_charts->setTabText(m_charts->indexOf(m_sources), tr("Sources"));
        m_charts->setTabText(m_charts->indexOf(m_supply), tr("Supply"));
        m_export->setText(tr("E&xport…"));
        m_export->setToolTip(tr("The thesis chart as PNG, SVG or PDF; the years as CSV; the outlook as a card (JSON)"));
        m_savePreset->setText(tr("Save as pre&set…"));
        m_savePreset->setToolTip(tr("Saves the outlook as edited under a name; the picker lists it"));
    });
    connect(m_picker, &QComboBox::activated, this, &OutlookView::pickChanged);
    connect(m_savePreset, &QPushButton::clicked, this, &OutlookView::saveWithDialog);
    connect(m_export, &QPushButton::clicked, this, &OutlookView::exportWithDialog);
    return header;
}

QWidget* OutlookView::buildDrivers()
{
    // One page of drivers at a time, so every year's row of each is shown without scrolling.
    auto* box = new QWidget(this);
    auto* column = new QVBoxLayout(box);
    column->setContentsMargins(0, 0, 0, 0);
    column->setSpacing(0);
    m_driverPages = new QTabBar(box);
    m_driverPages->setObjectName(QStringLiteral("outlookDriverPages"));
    m_driverPages->setDocumentMode(true);
    m_driverPages->setExpanding(false);
    m_driverPages->setDrawBase(false);
    // A long workload name is elided (fillDriverPages), so every page's tab is in view on a
    // 1280-pixel screen; a narrower window scrolls the tabs, never the page.
    m_driverPages->setElideMode(Qt::ElideNone);
    m_driverPages->setUsesScrollButtons(true);
    // The pages one above the other, all but the one shown hidden: the area is as tall as
    // the page shown (a stacked widget would be as tall as the tallest).
    column->addWidget(m_driverPages);
    for (QWidget* page : { static_cast<QWidget*>(m_table), static_cast<QWidget*>(m_workloadTable),
             static_cast<QWidget*>(m_hardwareTable) })
        column->addWidget(page);
    m_texts([this] { fillDriverPages(); });
    connect(m_driverPages, &QTabBar::currentChanged, this, &OutlookView::driverPageChanged);
    return box;
}

void OutlookView::fillDriverPages()
{
    // Traffic, then each workload of the mix by its card's short name, then Hardware; the
    // page shown stays shown where it still exists.
    const int current = m_driverPages->currentIndex();
    const std::string shown = current > 0 && size_t(current) <= m_pageWorkloads.size()
        ? m_pageWorkloads[size_t(current - 1)]
        : std::string();
    const bool hardware = current > 0 && size_t(current) == m_pageWorkloads.size() + 1;
    const QSignalBlocker block(m_driverPages);
    while (m_driverPages->count() > 0)
        m_driverPages->removeTab(0);
    m_pageWorkloads = m_document->shareWorkloads();
    m_driverPages->addTab(tr("Traffic"));
    m_driverPages->setTabToolTip(0,
        tr("Tokens per day, the year's default targets and each workload's share of "
           "requests"));
    for (const std::string& w : m_pageWorkloads) {
        // As wide as about 16 characters at most ("Code completion…"), so Traffic and
        // Hardware keep their whole names beside five workloads on a 1280-pixel screen.
        const QFontMetrics metrics = m_driverPages->fontMetrics();
        const int at = m_driverPages->addTab(
            metrics.elidedText(m_document->workloadName(w), Qt::ElideRight, 16 * metrics.averageCharWidth()));
        m_driverPages->setTabToolTip(at,
            tr("%1 by year: context, output, prefix reuse, KV format, model and targets (bold: set by this outlook)")
                .arg(m_document->workloadName(w)));
    }
    const int hardwareTab = m_driverPages->addTab(tr("Hardware"));
    m_driverPages->setTabToolTip(hardwareTab, tr("Each hardware profile's share of the year's traffic"));
    const auto found = std::find(m_pageWorkloads.begin(), m_pageWorkloads.end(), shown);
    const int page = hardware            ? hardwareTab
        : found != m_pageWorkloads.end() ? 1 + static_cast<int>(found - m_pageWorkloads.begin())
                                         : 0;
    m_driverPages->setCurrentIndex(page);
    driverPageChanged(page);
}

void OutlookView::driverPageChanged(int index)
{
    const bool workload = index > 0 && size_t(index) <= m_pageWorkloads.size();
    if (workload && m_workloadTable->workload() != m_pageWorkloads[size_t(index - 1)])
        m_workloadTable->setWorkload(m_pageWorkloads[size_t(index - 1)]);
    QWidget* shown = workload ? static_cast<QWidget*>(m_workloadTable)
        : index > 0           ? static_cast<QWidget*>(m_hardwareTable)
                              : static_cast<QWidget*>(m_table);
    for (QWidget* page : { static_cast<QWidget*>(m_table), static_cast<QWidget*>(m_workloadTable),
             static_cast<QWidget*>(m_hardwareTable) })
        page->setVisible(page == shown);
}

bool OutlookView::showWorkloadDrivers(const std::string& workload)
{
    const auto found = std::find(m_pageWorkloads.begin(), m_pageWorkloads.end(), workload);
    if (found == m_pageWorkloads.end())
        return false;
    m_driverPages->setCurrentIndex(1 + static_cast<int>(found - m_pageWorkloads.begin()));
    return true;
}

void OutlookView::showHardwareDrivers()
{
    m_driverPages->setCurrentIndex(m_driverPages->count() - 1);
}

void OutlookView::fillPicker()
{
    const QString current = m_picker->currentData().toString();
    const QSignalBlocker block(m_picker);
    m_picker->clear();
    for (const auto& [id, card] : m_document->catalog().outlooks()) { // its name's head shown, its id the data
        const QString name = qs(card.name.empty() ? id : card.nameIn(uiLanguage()));
        m_picker->addItem(name.section(QStringLiteral(": "), 0, 0), qs(id));
        m_picker->setItemData(
            m_picker->count() - 1, QString(name + u'\n' + tr("Outlook card %1").arg(qs(id))), Qt::ToolTipRole);
    }
    for (const QString& name : m_document->presetNames())
        m_picker->addItem(tr("Saved: %1").arg(name), QString(kPresetPrefix + name));
    m_picker->addItem(tr("Open file…"), QString());
    if (const int at = m_picker->findData(current); at >= 0 && !current.isEmpty())
        m_picker->setCurrentIndex(at);
}

bool OutlookView::showOutlook(const std::string& id)
{
    if (!m_document->showOutlook(id))
        return false;
    if (const int index = m_picker->findData(qs(id)); index >= 0)
        m_picker->setCurrentIndex(index);
    return true;
}

QString OutlookView::openFile(const QString& path)
{
    return m_document->openFile(path);
}

void OutlookView::pickPreset(const QString& name)
{
    fillPicker();
    m_picker->setCurrentIndex(m_picker->findData(QString(kPresetPrefix + name)));
}

QString OutlookView::saveAsPreset(const QString& name)
{
    const QString error = m_document->saveAsPreset(name);
    if (error.isEmpty())
        pickPreset(name);
    return error;
}

QString OutlookView::showPreset(const QString& name)
{
    const QString error = m_document->showPreset(name);
    if (error.isEmpty())
        pickPreset(name);
    return error;
}

void OutlookView::saveWithDialog()
{
    bool ok = false;
    const QString name = QInputDialog::getText(this, tr("Save the outlook as a preset"), tr("Name:"), QLineEdit::Normal,
        qs(m_document->card().nameIn(uiLanguage())), &ok);
    if (!ok)
        return;
    const QString error = saveAsPreset(name);
    emit message(error.isEmpty() ? tr("Outlook: saved as \"%1\"").arg(name) : tr("Outlook: %1").arg(error));
}

void OutlookView::pickChanged(int index)
{
    const QString id = m_picker->itemData(index).toString();
    if (id.startsWith(kPresetPrefix)) {
        const QString error = showPreset(id.mid(kPresetPrefix.size()));
        if (!error.isEmpty())
            emit message(tr("Outlook: %1").arg(error));
        return;
    }
    if (!id.isEmpty()) {
        showOutlook(id.toStdString());
        return;
    }
    const QString path
        = FileDialog::getOpenFileName(this, tr("Open an outlook"), tr("Outlook cards (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    const QString error = openFile(path);
    emit message(error.isEmpty() ? tr("Outlook: read %1").arg(path) : error);
}

void OutlookView::exportWithDialog()
{
    m_document->flush();
    const QString path = FileDialog::getSaveFileName(this, tr("Export the outlook"), qs(m_document->card().id) + ".png",
        tr("PNG image (*.png);;SVG image (*.svg);;PDF (*.pdf);;CSV (*.csv);;Outlook card (*.json)"));
    if (path.isEmpty())
        return;
    const QString error = m_document->exportTo(path);
    emit message(error.isEmpty() ? tr("Outlook: wrote %1").arg(path) : error);
}

void OutlookView::showStatus()
{
    const OutlookCard& card = m_document->card();
    if (!m_document->errorMessage().isEmpty())
        m_status->setText(tr("Cannot size this outlook: %1").arg(m_document->errorMessage()));
    else
        m_status->setText(tr("%1: a scenario, not a forecast.").arg(qs(card.nameIn(uiLanguage()))));
    m_status->setToolTip(qs(card.notesIn(uiLanguage())));
}

void OutlookView::showEvent(QShowEvent* event)
{
    m_document->needed();
    QWidget::showEvent(event);
}

void OutlookView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        m_texts.retranslate();
        m_document->rewordError();
        showStatus();
    }
    QWidget::changeEvent(event);
}

} // namespace kvtiers::ui
