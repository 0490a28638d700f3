#pragma once
// CardPicker: the Scenario box's model and hardware pickers list their cards in groups,
// models by family (Llama, Qwen, DeepSeek, ...) and accelerators by vendor (AMD, NVIDIA),
// each group under a bold header row that cannot be chosen. Items keep the card's name as
// their text and its id as their data, so findData(id) and findText(name) work as before,
// and typing part of a name completes over the cards only, never a header.

#include <QString>

#include <functional>
#include <string>
#include <vector>

class QComboBox;
class QWidget;

namespace kvtiers::ui {

struct PickerEntry {
    QString group; ///< the header the card sits under
    QString name;  ///< the item's text
    QString id;    ///< the item's data: the card id or file
};

/// An editable picker: typing any part of a card's name or id ("70b", "h200", "mla")
/// completes to the cards that contain it.
QComboBox* makeCardPicker(const QString& objectName, QWidget* parent);

/// Typing in `combo` ends on a card or is reverted, so the picker never shows a card other
/// than the one in use. When the typing is committed (Enter, focus leaving), the typed text
/// picks the card whose name or id it is (any case), else the only card whose name or id
/// contains it; otherwise the picker shows the card in use again and `report` gets the
/// reason ("matches 4 cards", "no card matches"). A card picked or text left unchanged
/// reports an empty message.
void settleTypedPick(QComboBox* combo, std::function<void(const QString& message)> report);

/// The card id or file of row `index`.
std::string pickerId(const QComboBox* combo, int index);

/// Selects the row whose id is `id` (none when no row has it) without signals, showing a
/// long name from its beginning.
void selectPickerId(QComboBox* combo, const std::string& id);

/// Lists a card file (an imported config.json, a preset's card file) under its card's
/// `name`, with `ref` as its id and tooltip, after one `header` row for all card files
/// (none if empty).
void addCardFileItem(QComboBox* combo, const QString& name, const QString& ref, const QString& header);

/// Renames the current row to `name` if it is a card file's (the same file read again
/// may carry another name).
void renameCardFileItem(QComboBox* combo, const QString& name);

/// Replaces the combo's items with `entries` grouped by their group, groups in
/// alphabetical order and cards in the given order, each group under a header row. Signals are blocked while it fills.
void fillGroupedPicker(QComboBox* combo, const std::vector<PickerEntry>& entries);

/// Adds one header row at the end (for cards added later, such as imported files).
void addPickerHeader(QComboBox* combo, const QString& text);

/// Whether row `index` is a header rather than a card.
bool isPickerHeader(const QComboBox* combo, int index);

/// How a family id reads in a group header: the spelling the family's own card names use
/// ("deepseek" in "DeepSeek-V3" → "DeepSeek", "glm" → "GLM"), else the id as given.
QString familyLabel(const QString& family, const std::vector<QString>& names);

/// The vendor a hardware card's name starts with ("NVIDIA H200 SXM ..." → "NVIDIA").
QString vendorLabel(const QString& name);

} // namespace kvtiers::ui
