// LoadView's layout row: the replicas colocated, or split into P prefill and D decode
// replicas of the scenario's deployment (docs/trace.md, "Disaggregated prefill and
// decode"), with where the first token comes from, how much of the KV transfer overlaps
// the prefill and where the DRAM/SSD prefix cache lives. Each is an option of the replay
// table (core/replay/ReplayOptions.h), its range and choices the command line's.
#include "ui/trace/LoadView.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>

#include <algorithm>

namespace kvtiers::ui {

namespace {

namespace key = replay::replay_keys;

/// Where a choice is unset, the replay's own default (Replay.h: ReplayOptions).
int firstTokenIndex(const replay::ReplayOptions& o)
{
    return static_cast<int>(o.firstTokenAt.value_or(replay::FirstTokenAt::Decode));
}

int cacheAtIndex(const replay::ReplayOptions& o)
{
    return static_cast<int>(o.cacheAt.value_or(replay::PrefixCacheAt::Prefill));
}

} // namespace

void LoadView::wordLayoutControls()
{
    const auto& labels = m_labels;
    labels.at("layout")->setText(tr("Layo&ut:"));
    m_layoutCombo->setItemText(0, tr("Colocated"));
    m_layoutCombo->setItemText(1, tr("Prefill + decode"));
    m_layoutCombo->setToolTip(tr("Colocated: every replica prefills and decodes. Prefill + decode: P replicas "
                                 "only prefill and D only decode, each the scenario's TP GPUs, and every "
                                 "request's KV crosses the scale-out network between them"));
    labels.at("prefill")->setText(tr("Pref&ill:"));
    labels.at("decode")->setText(tr("&Decode:"));
    labels.at("firstToken")->setText(tr("First to&ken:"));
    labels.at("overlap")->setText(tr("Over&lap:"));
    labels.at("cacheAt")->setText(tr("Cac&he at:"));
    QComboBox* first = m_choices.at(key::kFirstToken);
    first->setItemText(static_cast<int>(replay::FirstTokenAt::Prefill), tr("prefill", "first token from"));
    first->setItemText(static_cast<int>(replay::FirstTokenAt::Decode), tr("decode", "first token from"));
    QComboBox* cache = m_choices.at(key::kCacheAt);
    cache->setItemText(static_cast<int>(replay::PrefixCacheAt::Prefill), tr("prefill", "cache at"));
    cache->setItemText(static_cast<int>(replay::PrefixCacheAt::Decode), tr("decode", "cache at"));
    cache->setItemText(static_cast<int>(replay::PrefixCacheAt::Shared), tr("shared", "cache at"));
    for (const auto& [optionKey, combo] : m_choices)
        combo->setToolTip(QCoreApplication::translate("Option", replay::replayOption(optionKey).help));
    m_fields.at(key::kTransferOverlap)->setPlaceholderText(QStringLiteral("0"));
}

void LoadView::chooseLayout(int index)
{
    replay::ReplayInput next = m_doc->inputs();
    if (index == 0) {
        next.options.prefillReplicas.reset();
        next.options.decodeReplicas.reset();
    } else if (!next.options.disaggregated()) {
        // The same GPUs split in two, as far as they go: a one-replica scenario gets a
        // second replica, since a split needs one of each.
        const int replicas = next.options.replicas.value_or(m_doc->scenarioReplicas().value_or(2));
        const int prefill = std::max(1, replicas / 2);
        next.options.prefillReplicas = prefill;
        next.options.decodeReplicas = std::max(1, replicas - prefill);
        next.options.replicas.reset(); // the two pools replace it
    }
    edit(next, key::kPrefillReplicas, tr("Change Layout"));
    showInputs();
}

void LoadView::showLayout()
{
    const replay::ReplayOptions& o = m_doc->inputs().options;
    const QSignalBlocker layoutBlock(m_layoutCombo);
    m_layoutCombo->setCurrentIndex(o.disaggregated() ? 1 : 0);
    QComboBox* first = m_choices.at(key::kFirstToken);
    const QSignalBlocker firstBlock(first);
    first->setCurrentIndex(firstTokenIndex(o));
    QComboBox* cache = m_choices.at(key::kCacheAt);
    const QSignalBlocker cacheBlock(cache);
    cache->setCurrentIndex(cacheAtIndex(o));
}

void LoadView::enableLayoutControls()
{
    // Only what applies is shown: the row then fits a laptop's width in Korean too.
    const bool split = m_doc->inputs().options.disaggregated();
    for (const char* optionKey : { key::kPrefillReplicas, key::kDecodeReplicas, key::kTransferOverlap })
        m_fields.at(optionKey)->setVisible(split);
    for (const auto& [optionKey, combo] : m_choices)
        combo->setVisible(split);
    for (const char* label : { "prefill", "decode", "overlap", "firstToken", "cacheAt" })
        m_labels.at(label)->setVisible(split);
    // The two pools replace the replica count.
    m_fields.at(key::kReplicas)->setVisible(!split);
    m_labels.at("replicas")->setVisible(!split);
}

void LoadView::setSplit(int prefill, int decode)
{
    m_layoutCombo->setCurrentIndex(1);
    emit m_layoutCombo->activated(1);
    typeInto(key::kPrefillReplicas, QString::number(prefill));
    typeInto(key::kDecodeReplicas, QString::number(decode));
}

void LoadView::setColocated()
{
    m_layoutCombo->setCurrentIndex(0);
    emit m_layoutCombo->activated(0);
}

QLabel* LoadView::addLabel(const std::string& name, QWidget* buddy)
{
    auto* label = new QLabel(this);
    label->setBuddy(buddy);
    m_labels[name] = label;
    return label;
}

QComboBox* LoadView::addChoice(const char* optionKey)
{
    auto* combo = new QComboBox(this);
    combo->setObjectName(QStringLiteral("loadChoice_%1").arg(QLatin1String(optionKey)));
    // One item per choice, in the table's order (its enum's): worded in wordControls.
    const OptionSpec& option = replay::replayOption(optionKey);
    for (const QString& name : QString::fromLatin1(option.choices).split(u'|'))
        combo->addItem(QString(), name);
    m_choices[optionKey] = combo;
    connect(combo, &QComboBox::activated, this,
        [this, optionKey, combo] { commit(optionKey, combo->currentData().toString()); });
    return combo;
}

QHBoxLayout* LoadView::buildLayoutRow(QLineEdit* replicas)
{
    auto* row = new QHBoxLayout;
    m_layoutCombo = new QComboBox(this);
    m_layoutCombo->setObjectName(QStringLiteral("loadLayout"));
    m_layoutCombo->addItems({ QString(), QString() });
    connect(m_layoutCombo, &QComboBox::activated, this, &LoadView::chooseLayout);
    QLineEdit* prefill = addField(key::kPrefillReplicas, 45);
    QLineEdit* decode = addField(key::kDecodeReplicas, 45);
    QComboBox* firstToken = addChoice(key::kFirstToken);
    QLineEdit* overlap = addField(key::kTransferOverlap, 45);
    QComboBox* cacheAt = addChoice(key::kCacheAt);
    for (QWidget* w : std::initializer_list<QWidget*> { addLabel("layout", m_layoutCombo), m_layoutCombo,
             addLabel("replicas", replicas), replicas, addLabel("prefill", prefill), prefill,
             addLabel("decode", decode), decode, addLabel("firstToken", firstToken), firstToken,
             addLabel("overlap", overlap), overlap, addLabel("cacheAt", cacheAt), cacheAt })
        row->addWidget(w);
    row->addStretch(1);
    return row;
}

} // namespace kvtiers::ui
