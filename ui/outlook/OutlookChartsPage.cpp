#include "ui/outlook/OutlookChartsPage.h"

#include "ui/charts/OutlookChart.h"
#include "ui/charts/OutlookWaterfallChart.h"
#include "ui/outlook/OutlookDocument.h"
#include "ui/outlook/OutlookWorkloadsPage.h"
#include "ui/text/Translate.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include <algorithm>

namespace kvtiers::ui {

OutlookChartsPage::OutlookChartsPage(OutlookDocument* document, QWidget* parent)
    : QTabWidget(parent)
    , m_document(document)
{
    setObjectName(QStringLiteral("outlookCharts"));
    setDocumentMode(true);
    m_indexChart = new OutlookChart(OutlookChart::Mode::Index, this);
    m_bytesChart = new OutlookChart(OutlookChart::Mode::Bytes, this);
    // The tornado's page: the tier it is for, then the chart.
    auto* tornadoPage = new QWidget(this);
    m_tierLabel = new QLabel(tornadoPage);
    m_tierPicker = new QComboBox(tornadoPage);
    m_tierPicker->setObjectName(QStringLiteral("outlookTornadoTier"));
    for ([[maybe_unused]] Tier t : kTiers)
        m_tierPicker->addItem(QString());
    m_tierLabel->setBuddy(m_tierPicker);
    m_tornadoChart = new OutlookTornadoChart(tornadoPage);
    auto* tierRow = new QHBoxLayout;
    tierRow->addWidget(m_tierLabel);
    tierRow->addWidget(m_tierPicker);
    tierRow->addStretch(1);
    auto* pageLayout = new QVBoxLayout(tornadoPage);
    pageLayout->setContentsMargins(0, 4, 0, 0);
    pageLayout->addLayout(tierRow);
    pageLayout->addWidget(m_tornadoChart, 1);
    addTab(m_indexChart, QString());
    addTab(m_bytesChart, QString());
    addTab(tornadoPage, QString());
    // The decomposition's page: the thesis in one sentence, then the waterfall.
    auto* growthPage = new QWidget(this);
    m_thesis = new QLabel(growthPage);
    m_thesis->setObjectName(QStringLiteral("outlookThesis"));
    m_thesis->setWordWrap(true);
    m_waterfallChart = new OutlookWaterfallChart(growthPage);
    auto* growthLayout = new QVBoxLayout(growthPage);
    growthLayout->setContentsMargins(0, 4, 0, 0);
    growthLayout->addWidget(m_thesis);
    growthLayout->addWidget(m_waterfallChart, 1);
    addTab(growthPage, QString());
    m_workloadsPage = new OutlookWorkloadsPage(m_document, this);
    addTab(m_workloadsPage, QString());
    retranslateUi();
    connect(m_document->decomposition(), &DocumentBase::resultChanged, this, &OutlookChartsPage::showDecomposition);
    connect(m_document->decomposition(), &DocumentBase::errorChanged, this, &OutlookChartsPage::showDecomposition);
    connect(m_tierPicker, &QComboBox::currentIndexChanged, this, &OutlookChartsPage::showTornado);
    connect(m_document, &DocumentBase::resultChanged, this, &OutlookChartsPage::showResult);
    showResult();
}

void OutlookChartsPage::retranslateUi()
{
    setTabText(0, tr("Growth index"));
    setTabText(1, tr("Bytes per year"));
    setTabText(2, tr("What moves each tier"));
    setTabText(3, tr("What made it grow"));
    setTabText(4, tr("Per workload"));
    showDecomposition();
    m_tierLabel->setText(tr("&Tier:"));
    m_tierPicker->setItemText(0, tr("HBM"));
    m_tierPicker->setItemText(1, tr("DRAM"));
    m_tierPicker->setItemText(2, tr("SSD"));
}

void OutlookChartsPage::showResult()
{
    if (!m_document->hasResult())
        return;
    m_indexChart->setResult(m_document->result().result);
    m_bytesChart->setResult(m_document->result().result);
    showTornado();
}

void OutlookChartsPage::showTornado()
{
    const Tier tier = kTiers[static_cast<size_t>(std::max(0, m_tierPicker->currentIndex()))];
    m_document->setExportTier(tier); // File → Export writes the tornado shown
    if (m_document->hasResult())
        m_tornadoChart->setTornado(m_document->result().tornado, tier);
}

void OutlookChartsPage::showDecomposition()
{
    const OutlookDecompositionDocument* d = m_document->decomposition();
    if (!d->errorMessage().isEmpty()) {
        m_thesis->setText(tr("The growth cannot be split: %1").arg(d->errorMessage()));
        return;
    }
    if (!d->hasResult() || d->result().coalitions == 0) {
        m_thesis->setText(tr("Splitting the growth by driver…"));
        return;
    }
    m_thesis->setText(QString::fromStdString(outlookThesis(d->result(), &translatedText)));
    m_waterfallChart->setDecomposition(d->result());
}

void OutlookChartsPage::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QTabWidget::changeEvent(event);
}

} // namespace kvtiers::ui
