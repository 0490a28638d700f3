#pragma once
// CardText: a card's own words (a workload's name, an outlook's title; any card text a user
// reads) in the UI language. Cards are JSON that lupdate cannot read, so the built-in
// cards' text is listed once in CardText.cpp, marked QT_TRANSLATE_NOOP in the context
// "Cards", and its Korean sits in the .ts like every other string; tst_gui_i18n fails when
// a built-in card's text is missing from the list. A user's own card, or text not listed,
// shows as written.

#include <QString>
#include <QStringList>

#include <string>

namespace kvtiers::ui {

/// `english` (a card's text as its JSON gives it) in the UI language.
QString cardText(const std::string& english);
/// A card name's head, where a table column has no room for the whole: the text before
/// its first ": " ("Multi-turn chat" of "Multi-turn chat: Llama 3.1 8B on one H100, …"),
/// in the UI language; the whole name when it has no such head.
QString cardShortText(const std::string& english);
/// Every card text CardText.cpp lists, in English (for the test that keeps it complete).
QStringList listedCardTexts();

} // namespace kvtiers::ui
