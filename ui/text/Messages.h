#pragma once
// Messages: the core's English sentences worded in the UI language. The core words its
// results for the CLI (kvPerTokenDerivation, warningMessages, InputError::what()); the GUI
// words the same structured facts (KvDerivation, WarningNote, InputErrorDetail) through
// tr(), so in English it shows exactly the CLI's text and in Korean the same facts and
// figures in Korean. Anything without a structured form falls back to the English text.

#include "core/model/Derivation.h"
#include "core/model/Evaluation.h"
#include "core/io/InputError.h"
#include "core/scenario/Scenario.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace kvtiers::ui {

class Messages {
    Q_DECLARE_TR_FUNCTIONS(Messages)
public:
    /// The per-token formula after "KV per token = ": kvPerTokenDerivation() in the UI language.
    static QString kvDerivationText(const KvDerivation& derivation);
    /// One sentence per warning of the result, as warningMessages() lists them.
    static QStringList warningTexts(const Scenario& scenario, const EvalResult& result);
    /// The error in the UI language when it has a structured form, else its English what().
    static QString inputErrorText(const InputError& error);
    /// The structured form worded in the UI language; empty if the code is Uncoded (or
    /// the detail lacks what the code needs).
    static QString inputErrorText(const InputErrorDetail& detail);
    /// The structured form worded in the UI language, else `english` (the message the
    /// core kept beside it, e.g. FleetSensitivityBar::lowError).
    static QString inputErrorText(const InputErrorDetail& detail, const std::string& english);
};

} // namespace kvtiers::ui
