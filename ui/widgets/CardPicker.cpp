#include "ui/widgets/CardPicker.h"

#include <QComboBox>
#include <QCompleter>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>

#include <algorithm>

namespace kvtiers::ui {

namespace {

constexpr int kHeaderRole = Qt::UserRole + 7;
/// Marks a row added for a card file (not one of the catalog's cards).
constexpr int kCardFileRole = Qt::UserRole + 1;

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

QComboBox* makeCardPicker(const QString& objectName, QWidget* parent)
{
    auto* combo = new QComboBox(parent);
    combo->setObjectName(objectName);
    combo->setEditable(true);
    combo->setInsertPolicy(QComboBox::NoInsert);
    combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    combo->setMinimumContentsLength(16);
    combo->completer()->setFilterMode(Qt::MatchContains);
    combo->completer()->setCompletionMode(QCompleter::PopupCompletion);
    combo->completer()->setCaseSensitivity(Qt::CaseInsensitive);
    return combo;
}

std::string pickerId(const QComboBox* combo, int index)
{
    return combo->itemData(index).toString().toStdString();
}

void selectPickerId(QComboBox* combo, const std::string& id)
{
    const QSignalBlocker block(combo);
    combo->setCurrentIndex(combo->findData(QString::fromStdString(id)));
    if (combo->lineEdit())
        combo->lineEdit()->setCursorPosition(0);
}

void addCardFileItem(QComboBox* combo, const QString& name, const QString& ref, const QString& header)
{
    const QSignalBlocker block(combo);
    bool listed = false;
    for (int i = 0; i < combo->count() && !listed; ++i)
        listed = combo->itemData(i, kCardFileRole).toBool();
    if (!listed && !header.isEmpty())
        addPickerHeader(combo, header);
    combo->addItem(name, ref);
    combo->setItemData(combo->count() - 1, ref, Qt::ToolTipRole);
    combo->setItemData(combo->count() - 1, true, kCardFileRole);
}

void renameCardFileItem(QComboBox* combo, const QString& name)
{
    const int index = combo->currentIndex();
    if (index >= 0 && combo->itemData(index, kCardFileRole).toBool() && combo->itemText(index) != name) {
        const QSignalBlocker block(combo);
        combo->setItemText(index, name);
    }
}

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
