#include "ui/fleet/FleetMixEditor.h"

#include "ui/fleet/FleetDocument.h"
#include "ui/fleet/FleetMixModel.h"
#include "ui/text/CardText.h"
#include "ui/text/UnitsText.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace kvtiers::ui {

FleetMixEditor::FleetMixEditor(FleetDocument* document, QWidget* parent)
    : QWidget(parent)
    , m_document(document)
{
    // No frame: the picker row says what the table is, and the page keeps the height.
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    buildPicker();
    buildTable();
    showMix();
    showSizing();
    connect(m_model, &FleetMixModel::mixChanged, this, &FleetMixEditor::editMix);
    connect(m_document, &FleetDocument::inputChanged, this, &FleetMixEditor::showMix);
    connect(m_document, &FleetDocument::evaluated, this, &FleetMixEditor::showSizing);
}

void FleetMixEditor::buildPicker()
{
    auto* pickRow = new QHBoxLayout;
    m_workloadCombo = new QComboBox(this);
    m_workloadCombo->setObjectName(QStringLiteral("fleetWorkloadPicker"));
    for (const auto& [id, card] : m_document->catalog().workloads())
        m_workloadCombo->addItem(QString(), qs(id));
    // Workload names run to a hundred characters: the picker keeps a fixed width and elides,
    // so the longest card never widens the tab past a laptop screen (full name in the list).
    m_workloadCombo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_workloadCombo->setMinimumContentsLength(32);
    m_addButton = new QPushButton(this);
    m_addButton->setObjectName(QStringLiteral("fleetAddWorkload"));
    m_removeButton = new QPushButton(this);
    m_removeButton->setObjectName(QStringLiteral("fleetRemoveWorkload"));
    auto* pickLabel = new QLabel(this);
    m_texts([this, pickLabel] {
        m_addButton->setText(tr("&Add workload"));
        m_removeButton->setText(tr("&Remove selected"));
        pickLabel->setText(tr("&Workload:"));
        const auto& workloads = m_document->catalog().workloads();
        for (int i = 0; i < m_workloadCombo->count(); ++i) {
            const std::string id = m_workloadCombo->itemData(i).toString().toStdString();
            m_workloadCombo->setItemText(i, cardText(workloads.at(id).name));
            m_workloadCombo->setItemData(i, tr("Workload card %1").arg(qs(id)), Qt::ToolTipRole);
        }
    });
    pickLabel->setBuddy(m_workloadCombo);
    pickRow->addWidget(pickLabel);
    pickRow->addWidget(m_workloadCombo, 1);
    pickRow->addWidget(m_addButton);
    pickRow->addWidget(m_removeButton);
    static_cast<QVBoxLayout*>(layout())->addLayout(pickRow);
    connect(m_addButton, &QPushButton::clicked, this, &FleetMixEditor::addSelectedWorkload);
    connect(m_removeButton, &QPushButton::clicked, this, &FleetMixEditor::removeSelectedRow);
}

void FleetMixEditor::buildTable()
{
    m_model = new FleetMixModel(this);
    m_model->setCatalog(&m_document->catalog());
    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("fleetMixTable"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->setVisible(false);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(false);
    // The two name columns share what the figures leave and elide; their tooltips carry
    // the whole name. Sized to their text, long card names pushed the figures off the
    // panel and the table scrolled sideways at 1280 pixels.
    for (const int col : { FleetMixModel::WorkloadColumn, FleetMixModel::ModelColumn })
        m_table->horizontalHeader()->setSectionResizeMode(col, QHeaderView::Stretch);
    m_table->setTextElideMode(Qt::ElideRight);
    m_table->setEditTriggers(
        QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed | QAbstractItemView::AnyKeyPressed);
    m_texts([this] { m_table->setToolTip(tr("Double-click a share to edit it.")); });
    layout()->addWidget(m_table);
    connect(m_model, &QAbstractItemModel::modelReset, this, &FleetMixEditor::fitTable);
    connect(m_model, &QAbstractItemModel::rowsInserted, this, &FleetMixEditor::fitTable);
    connect(m_model, &QAbstractItemModel::rowsRemoved, this, &FleetMixEditor::fitTable);
    fitTable();
}

void FleetMixEditor::fitTable()
{
    // As tall as its rows (at least two, at most four before it scrolls): no blank rows
    // taken from the chart.
    constexpr int kMinRows = 2;
    constexpr int kMaxRows = 4;
    const int rows = std::clamp(m_model->rowCount(), kMinRows, kMaxRows);
    const int height = m_table->horizontalHeader()->sizeHint().height()
        + rows * m_table->verticalHeader()->defaultSectionSize() + 2 * m_table->frameWidth();
    m_table->setFixedHeight(height);
}

void FleetMixEditor::editMix()
{
    FleetInputs next = m_document->input();
    next.mix = m_model->rows();
    m_document->change(next);
}

void FleetMixEditor::showMix()
{
    // Only a mix that differs is set: the table keeps its selection after the user's edit.
    if (m_document->input().mix != m_model->rows())
        m_model->setRows(m_document->input().mix);
}

void FleetMixEditor::showSizing()
{
    m_model->setResult(m_document->sizing());
}

void FleetMixEditor::addSelectedWorkload()
{
    const QString id = m_workloadCombo->currentData().toString();
    if (!id.isEmpty())
        m_model->addRow(id.toStdString(), 1.0);
}

void FleetMixEditor::removeSelectedRow()
{
    const QModelIndex current = m_table->currentIndex();
    m_model->removeRow(current.isValid() ? current.row() : m_model->rowCount() - 1);
}

void FleetMixEditor::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange) {
        m_texts.retranslate();
        announceRetranslated(m_model);
    }
}

} // namespace kvtiers::ui
