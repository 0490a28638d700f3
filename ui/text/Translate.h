#pragma once
// Translate: a core Message (core/io/Message.h) in the UI language. The core writes each
// sentence once, as an English template marked with QT_TRANSLATE_NOOP and its figures
// already formatted; this looks the template up (QCoreApplication::translate) and puts
// in the same figures, so English reads exactly as the CLI prints it.

#include "core/io/Message.h"

#include <QString>

#include <string>

namespace kvtiers::ui {

/// The message in the UI language (its English where no translation is loaded).
QString translated(const Message& message);

/// One text the core marked with QT_TRANSLATE_NOOP(context, source), in the UI language:
/// the lookup the core's table texts take (TextLookup, core/analysis/Outlook.h), so a
/// chart, a table and a sentence all word the core's texts the same way.
std::string translatedText(const char* context, const char* source);

/// `first` and `second` as two sentences of one line: a full stop ends `first` unless it
/// already ends with one (or with ! ? …), so an error and what follows it do not run on.
QString joinSentences(const QString& first, const QString& second);

} // namespace kvtiers::ui
