#pragma once
// PresetMessages: the preset store's outcomes in the UI language. PresetStore words its
// failures and skipped files in English for the CLI (Status::error, PresetProblem::
// reason); the GUI words the same structured facts (PresetErrorDetail) through tr(), so
// in English it shows exactly the CLI's text and in Korean the same names, files and
// figures in Korean. An InputError the store carries (a file that cannot be read, parsed
// or validated) is worded by Messages::inputErrorText; anything without a structured
// form falls back to the English text.

#include "core/cards/PresetStore.h"

#include <QCoreApplication>
#include <QString>

namespace kvtiers::ui {

class PresetMessages {
    Q_DECLARE_TR_FUNCTIONS(PresetMessages)
public:
    /// A failed operation in the UI language (empty for success).
    static QString statusText(const Status& status);
    /// Why a preset file was skipped, in the UI language.
    static QString problemText(const PresetProblem& problem);
    /// The structured form worded in the UI language; empty if the code is None or a
    /// carried InputError has no structured form.
    static QString detailText(const PresetErrorDetail& detail);
};

} // namespace kvtiers::ui
