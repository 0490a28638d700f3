#pragma once
// Translate: a core Message (core/io/Message.h) in the UI language. The core writes each
// sentence once, as an English template marked with QT_TRANSLATE_NOOP and its figures
// already formatted; this looks the template up (QCoreApplication::translate) and puts
// in the same figures, so English reads exactly as the CLI prints it.

#include "core/io/Message.h"

#include <QString>

namespace kvtiers::ui {

/// The message in the UI language (its English where no translation is loaded).
QString translated(const Message& message);

/// `first` and `second` as two sentences of one line: a full stop ends `first` unless it
/// already ends with one (or with ! ? …), so an error and what follows it do not run on.
QString joinSentences(const QString& first, const QString& second);

} // namespace kvtiers::ui
