// FleetView's layout rows: each workload's replicas colocated, or split into a prefill pool
// and a decode pool (FleetPools.h), with where the first token comes from, how much of the
// KV transfer overlaps the prefill and where the DRAM/SSD prefix cache lives. The choices'
// order is their enums' (the fleet option table's words), their help the table's.
#include "core/analysis/FleetOptions.h"
#include "ui/fleet/FleetView.h"
#include "ui/widgets/PercentInput.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>

namespace kvtiers::ui {

namespace {

QString optionHelp(const char* key)
{
    return QCoreApplication::translate("Option", fleetOption(key).help);
}

QComboBox* choiceCombo(QWidget* parent, const QString& name, int items)
{
    auto* combo = new QComboBox(parent);
    combo->setObjectName(name);
    for (int i = 0; i < items; ++i)
        combo->addItem(QString(), i);
    return combo;
}

} // namespace

void FleetView::buildLayoutRows(QFormLayout* form, QWidget* parent)
{
    m_form = form;
    m_layoutCombo = choiceCombo(parent, QStringLiteral("fleetLayout"), 2);
    m_firstTokenCombo = choiceCombo(parent, QStringLiteral("fleetFirstToken"), 2);
    m_cacheAtCombo = choiceCombo(parent, QStringLiteral("fleetCacheAt"), 3);
    m_overlapSpin = new FigureSpinBox(parent);
    m_overlapSpin->setObjectName(QStringLiteral("fleetTransferOverlap"));
    const Option<FleetInput>& overlap = fleetOption(fleet_keys::kTransferOverlap);
    m_overlapSpin->setRange(overlap.min * 100, overlap.max * 100); // a share, shown in percent
    m_overlapSpin->setDecimals(0);
    m_overlapSpin->setSingleStep(10);
    m_overlapSpin->setSuffix(QStringLiteral(" %"));
    m_texts([this] {
        m_layoutCombo->setItemText(0, tr("Colocated"));
        m_layoutCombo->setItemText(1, tr("Prefill + decode pools"));
        m_layoutCombo->setToolTip(optionHelp(fleet_keys::kLayout));
        m_firstTokenCombo->setItemText(static_cast<int>(FirstTokenAt::Prefill), tr("prefill", "first token from"));
        m_firstTokenCombo->setItemText(static_cast<int>(FirstTokenAt::Decode), tr("decode", "first token from"));
        m_firstTokenCombo->setToolTip(optionHelp(fleet_keys::kFirstToken));
        m_overlapSpin->setToolTip(optionHelp(fleet_keys::kTransferOverlap));
        m_cacheAtCombo->setItemText(static_cast<int>(PrefixCacheAt::Prefill), tr("prefill servers", "cache at"));
        m_cacheAtCombo->setItemText(static_cast<int>(PrefixCacheAt::Decode), tr("decode servers", "cache at"));
        m_cacheAtCombo->setItemText(static_cast<int>(PrefixCacheAt::Shared), tr("shared pool", "cache at"));
        m_cacheAtCombo->setToolTip(optionHelp(fleet_keys::kCacheAt));
    });
    // Two rows, so the column keeps its height on a 720-pixel screen: the layout with where
    // the first token comes from, then the overlap with where the cache lives.
    auto inlineLabel = [this, parent](const char* text, QWidget* buddy) {
        auto* label = new QLabel(parent);
        label->setBuddy(buddy);
        m_texts([label, text] { label->setText(tr(text)); });
        return label;
    };
    m_firstTokenLabel = inlineLabel(QT_TR_NOOP("first to&ken:"), m_firstTokenCombo);
    m_cacheAtLabel = inlineLabel(QT_TR_NOOP("&cache on:"), m_cacheAtCombo);
    auto* layoutRow = new QHBoxLayout;
    layoutRow->addWidget(m_layoutCombo, 1);
    layoutRow->addWidget(m_firstTokenLabel);
    layoutRow->addWidget(m_firstTokenCombo);
    m_texts.formRow<FleetView>(form, QT_TR_NOOP("La&yout:"), layoutRow);
    static_cast<QLabel*>(form->labelForField(layoutRow))->setBuddy(m_layoutCombo);
    m_handoffRow = new QHBoxLayout;
    m_handoffRow->addWidget(m_overlapSpin);
    m_handoffRow->addWidget(m_cacheAtLabel);
    m_handoffRow->addWidget(m_cacheAtCombo, 1);
    m_texts.formRow<FleetView>(form, QT_TR_NOOP("Transfer o&verlap:"), m_handoffRow);
    static_cast<QLabel*>(form->labelForField(m_handoffRow))->setBuddy(m_overlapSpin);
}

void FleetView::connectLayoutControls()
{
    connect(m_layoutCombo, &QComboBox::currentIndexChanged, this,
        [this](int index) { edit([index](Inputs& in) { in.disaggregated = index == 1; }); });
    connect(m_firstTokenCombo, &QComboBox::currentIndexChanged, this,
        [this](int index) { edit([index](Inputs& in) { in.layout.firstToken = static_cast<FirstTokenAt>(index); }); });
    connect(m_overlapSpin, &QDoubleSpinBox::valueChanged, this,
        [this](double percent) { edit([percent](Inputs& in) { in.layout.transferOverlap = percent / 100; }); });
    connect(m_cacheAtCombo, &QComboBox::currentIndexChanged, this,
        [this](int index) { edit([index](Inputs& in) { in.layout.cacheAt = static_cast<PrefixCacheAt>(index); }); });
}

void FleetView::showLayout()
{
    const Inputs& in = m_document->input();
    auto choose = [](QComboBox* combo, int index) {
        if (combo->currentIndex() != index) {
            const QSignalBlocker blocker(combo);
            combo->setCurrentIndex(index);
        }
    };
    choose(m_layoutCombo, in.disaggregated ? 1 : 0);
    choose(m_firstTokenCombo, static_cast<int>(in.layout.firstToken));
    choose(m_cacheAtCombo, static_cast<int>(in.layout.cacheAt));
    if (m_overlapSpin->value() != in.layout.transferOverlap * 100) {
        const QSignalBlocker blocker(m_overlapSpin);
        m_overlapSpin->setValue(in.layout.transferOverlap * 100);
    }
    // Only what applies is shown: the column keeps its height for the results when colocated.
    m_firstTokenLabel->setVisible(in.disaggregated);
    m_firstTokenCombo->setVisible(in.disaggregated);
    m_form->setRowVisible(m_handoffRow, in.disaggregated);
}

} // namespace kvtiers::ui
