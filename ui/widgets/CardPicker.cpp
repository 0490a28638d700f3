#include "ui/widgets/CardPicker.h"

#include <QComboBox>
#include <QCompleter>
#include <QCoreApplication>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>

#include <algorithm>
#include <memory>
#include <vector>

namespace kvtiers::ui {

namespace {

constexpr int kHeaderRole = Qt::UserRole + 7;
/// Marks a row added for a card file (not one of the catalog's cards).
constexpr int kCardFileRole = Qt::UserRole + 1;
/// The combo's property holding the row of the card in use (never a header's).
const char* const kCardRowProperty = "cardPickerRow";

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

/// Ends the typing in `combo` on a card or reverts it (settleTypedPick).
void settleTyping(QComboBox* combo, const std::function<void(const QString&)>& report)
{
    QLineEdit* edit = combo->lineEdit();
    const QString raw = edit->text();
    const QString typed = raw.trimmed();
    int current = combo->currentIndex();
    if (current >= 0 && isPickerHeader(combo, current)) {
        // A family's name typed in full: QComboBox itself made its header row current.
        const QVariant card = combo->property(kCardRowProperty);
        const QSignalBlocker block(combo);
        combo->setCurrentIndex(card.isValid() ? card.toInt() : -1);
        current = combo->currentIndex();
    }
    const QString shown = current >= 0 ? combo->itemText(current) : QString();
    if (raw == shown) {
        edit->setText(shown); // a header made current showed its own text
        return;
    }
    std::vector<int> exact, containing;
    for (int row = 0; row < combo->count() && !typed.isEmpty(); ++row) {
        if (isPickerHeader(combo, row))
            continue;
        const QString name = combo->itemText(row);
        const QString id = combo->itemData(row).toString();
        if (name.compare(typed, Qt::CaseInsensitive) == 0 || id.compare(typed, Qt::CaseInsensitive) == 0)
            exact.push_back(row);
        else if (name.contains(typed, Qt::CaseInsensitive) || id.contains(typed, Qt::CaseInsensitive))
            containing.push_back(row);
    }
    const int pick = exact.size() == 1            ? exact.front()
        : exact.empty() && containing.size() == 1 ? containing.front()
                                                  : -1;
    if (pick >= 0) {
        combo->setCurrentIndex(pick); // the picker's own signal: the card is used
        edit->setText(combo->itemText(pick));
        edit->setCursorPosition(0);
        report(QString());
        return;
    }
    edit->setText(shown);
    edit->setCursorPosition(0);
    if (typed.isEmpty())
        return;
    const int matches = static_cast<int>(exact.size() + containing.size());
    const QString inUse = shown.isEmpty() ? QCoreApplication::translate("CardPicker", "none") : shown;
    report(matches == 0
            ? QCoreApplication::translate("CardPicker", "No card matches “%1”: still using %2.").arg(typed, inUse)
            : QCoreApplication::translate(
                "CardPicker", "“%1” matches %n cards: pick one from the list. Still using %2.", nullptr, matches)
                  .arg(typed, inUse));
}

} // namespace

void settleTypedPick(QComboBox* combo, std::function<void(const QString& message)> report)
{
    auto shared = std::make_shared<std::function<void(const QString&)>>(std::move(report));
    combo->setProperty(kCardRowProperty, combo->currentIndex());
    QObject::connect(combo, &QComboBox::currentIndexChanged, combo, [combo](int row) {
        if (row >= 0 && !isPickerHeader(combo, row))
            combo->setProperty(kCardRowProperty, row);
    });
    QObject::connect(combo->lineEdit(), &QLineEdit::editingFinished, combo, [combo, shared] {
        // After the completer: an item chosen from its popup is picked before this runs.
        QMetaObject::invokeMethod(
            combo, [combo, shared] { settleTyping(combo, *shared); }, Qt::QueuedConnection);
    });
}

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
    combo->setProperty(kCardRowProperty, combo->currentIndex());
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
