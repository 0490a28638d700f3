#include "ui/scenario/CardPicker.h"

#include <QComboBox>
#include <QCompleter>
#include <QSignalBlocker>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>

#include <algorithm>

namespace kvtiers::ui {

namespace {

constexpr int kHeaderRole = Qt::UserRole + 7;

/// The completer's rows: the combo's items without the headers.
class CardsOnly : public QSortFilterProxyModel {
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;

protected:
    bool filterAcceptsRow(int row, const QModelIndex& parent) const override
    {
        return !sourceModel()->index(row, 0, parent).data(kHeaderRole).toBool();
    }
};

void completeOverCardsOnly(QComboBox* combo)
{
    QCompleter* completer = combo->completer();
    if (!completer || dynamic_cast<CardsOnly*>(completer->model()))
        return;
    auto* proxy = new CardsOnly(completer);
    proxy->setSourceModel(combo->model());
    completer->setModel(proxy);
}

} // namespace

void addPickerHeader(QComboBox* combo, const QString& text)
{
    const QSignalBlocker block(combo);
    combo->addItem(text);
    const int row = combo->count() - 1;
    if (auto* model = qobject_cast<QStandardItemModel*>(combo->model())) {
        QStandardItem* item = model->item(row);
        item->setFlags(Qt::NoItemFlags);
        QFont font = item->font();
        font.setBold(true);
        item->setFont(font);
        item->setData(true, kHeaderRole);
    }
    completeOverCardsOnly(combo);
}

bool isPickerHeader(const QComboBox* combo, int index)
{
    return combo->itemData(index, kHeaderRole).toBool();
}

void fillGroupedPicker(QComboBox* combo, const std::vector<PickerEntry>& entries)
{
    const QSignalBlocker block(combo);
    combo->clear();
    std::vector<QString> groups;
    for (const PickerEntry& e : entries)
        if (std::find(groups.begin(), groups.end(), e.group) == groups.end())
            groups.push_back(e.group);
    std::sort(groups.begin(), groups.end(),
        [](const QString& a, const QString& b) { return QString::compare(a, b, Qt::CaseInsensitive) < 0; });
    for (const QString& group : groups) {
        addPickerHeader(combo, group);
        for (const PickerEntry& e : entries)
            if (e.group == group)
                combo->addItem(e.name, e.id);
    }
    completeOverCardsOnly(combo);
}

QString familyLabel(const QString& family, const std::vector<QString>& names)
{
    for (const QString& name : names) {
        const int at = name.indexOf(family, 0, Qt::CaseInsensitive);
        if (at >= 0)
            return name.mid(at, family.size());
    }
    return family;
}

QString vendorLabel(const QString& name)
{
    return name.section(QLatin1Char(' '), 0, 0);
}

} // namespace kvtiers::ui
